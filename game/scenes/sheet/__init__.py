"""The Adventure Sheet: the hero's scores, backpack, calendar, paragraph, creatures, notes, journal and tools.

Parts: ``scene`` (the screen: clicks become rules actions), ``view`` (what it
shows, from the state and the book), ``paint`` (its painters), ``controls``
(its widgets, built from the book, calling the scene's intents), ``layout``
(its regions for a page size), ``questions`` (the forms and dialogs it opens),
``tools`` (the Tools tab) and ``heal`` (a heal that would gain nothing asks first).
"""

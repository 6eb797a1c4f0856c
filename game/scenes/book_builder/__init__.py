"""The book builder ("Nouveau livre…" on the shelf, issue 26 item 1): a book file made from a form, without JSON.

Parts: ``scene`` (the form's intents: a row added or removed, a choice turned, save, leave), ``view`` (what
the page says: the problems in words, the banner of a book shown read-only), ``controls`` (the form's rows
of fields in a scrolling pane, the preview's tabs, save and leave), ``layout`` (the form beside the preview
and the problems), ``paint`` (the page, the sections' headings, the preview and the problems), ``preview``
(the book's own creation screen and sheet, drawn small beside the form). The form model itself, what the
player typed → the book's JSON and back, is headless: game.books.builder.
"""

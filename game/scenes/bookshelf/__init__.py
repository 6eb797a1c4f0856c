"""The bookshelf (title screen): start a book, continue, open or manage saved adventures.

Every book in books/ is offered; a broken book file is listed with its error
and the others still work. Saved adventures show book, hero, paragraph and
date; one that cannot be read shows why, and its backups can be opened.

Parts: ``scene`` (BookshelfScene: the intents, the saved adventures listed, the
page of books shown), ``view`` (ShelfView: the cards, the broken files, the last
adventure, the message; the shelf's order and a save's one-line description),
``paint`` (the panels, the cards, the message), ``controls`` (the cards'
buttons, the list and its buttons, the bottom row), ``layout`` (ShelfRegions
and the page of cards for a page size), ``importer`` (ImportScene: an adventure
or a book from a path typed in).
"""

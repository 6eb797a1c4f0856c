"""The book's own texts written into a sheet, shown in the language of the moment.

A hero's starting equipment is copied into the sheet as plain text in the
language the adventure began in. When the player switches language, an item
that is one of the book's texts (its equipment, a ready hero's kit) is shown
in the new language; whatever the player wrote stays as written.
"""

from __future__ import annotations

from typing import Any


def _book_items(book: Any) -> dict[str, Any]:
    texts = list(getattr(book, "equipment", []) or [])
    for hero in getattr(book, "ready_heroes", []) or []:
        texts.extend(getattr(hero, "equipment", []) or [])
    known: dict[str, Any] = {}
    for text in texts:
        for written in (getattr(text, "fr", None), getattr(text, "en", None)):
            if written:
                known.setdefault(written, text)
    return known


def item_texts(book: Any, items: list[str], language: str) -> list[str]:
    """Every item of a sheet's equipment, for the screen (book texts in ``language``)."""
    known = _book_items(book)
    return [known[item].get(language) if item in known else item for item in items]

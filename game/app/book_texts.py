"""The book's own texts written into a sheet, shown in the language of the moment.

A threshold of the book reads as the player would write it ("FEAR ≥ 9").
A hero's starting equipment is copied into the sheet as plain text in the
language the adventure began in. When the player switches language, an item
that is one of the book's texts (its equipment, a ready hero's kit) is shown
in the new language; whatever the player wrote stays as written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.books.models import AnyBook

if TYPE_CHECKING:
    from game.books.ff_mechanics import Threshold
    from game.books.fighting_fantasy import FightingFantasyBook
    from game.rules.ff.state import Hero


def _book_items(book: AnyBook) -> dict[str, Any]:
    texts = list(getattr(book, "equipment", []) or [])
    for hero in getattr(book, "ready_heroes", []) or []:
        texts.extend(getattr(hero, "equipment", []) or [])
    known: dict[str, Any] = {}
    for text in texts:
        for written in (getattr(text, "fr", None), getattr(text, "en", None)):
            if written:
                known.setdefault(written, text)
    return known


def item_texts(book: AnyBook, items: list[str], language: str) -> list[str]:
    """Every item of a sheet's equipment, for the screen (book texts in ``language``)."""
    known = _book_items(book)
    return [known[item].get(language) if item in known else item for item in items]


def target_name(book: FightingFantasyBook, target: str, language: str) -> str:
    """What a target of the book language names, in the player's words: a score's, a counter's, a track's name."""
    prefix, _, name = target.partition(".")
    try:
        if not name:
            return book.stat(target).name.get(language)
        if prefix == "counters":
            return book.counter(name).name.get(language)
        if prefix == "tracks":
            return book.track(name).name.get(language)
        return book.flag(name).name.get(language)
    except KeyError:
        return target


def amount_text(amount: int | str) -> str:
    """An amount as the player reads it: a number, dice (2d6), or the book's expression as written."""
    return str(amount)


def ending_texts(book: FightingFantasyBook, language: str, hero: Hero) -> list[tuple[str, str]]:
    """Each of the book's endings as (outcome, words): a threshold as "FEAR ≥ 9", any other by its message."""
    found: list[tuple[str, str]] = []
    thresholds = list(book.thresholds)
    for index, ending in enumerate(book.rules.endings):
        if index < len(thresholds):
            found.append((ending.outcome, threshold_text(book, thresholds[index], language, hero)))
        else:
            found.append((ending.outcome, ending.message.get(language)))
    return found


def threshold_text(book: FightingFantasyBook, threshold: Threshold, language: str, hero: Hero) -> str:
    """A threshold as the player reads it: "FEAR ≥ 9", "STAMINA ≤ 0" (the sheet's Tools tab, the death page)."""
    name = book.stat(threshold.stat).name.get(language)
    sign = "≤" if threshold.at_most is not None else "≥"
    return f"{name} {sign} {threshold.limit(hero.initial[threshold.stat])}"

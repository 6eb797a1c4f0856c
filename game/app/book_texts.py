"""The book's own texts written into a sheet, shown in the language of the moment.

A threshold of the book reads as the player would write it ("FEAR ≥ 9").
A hero's starting equipment is copied into the sheet as plain text in the
language the adventure began in. When the player switches language, an item
that is one of the book's texts (its equipment, a ready hero's kit) is shown
in the new language; whatever the player wrote stays as written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.books.expr.syntax import ExprError, tokens

if TYPE_CHECKING:  # types only: the start draws the shelf without building the book models (test_shelf_index)
    from game.books.ff_mechanics import Threshold
    from game.books.fighting_fantasy import FightingFantasyBook
    from game.books.models import AnyBook
    from game.rules.ff.state import Hero


def _book_items(book: AnyBook) -> dict[str, Any]:
    texts = list(getattr(book, "equipment", []) or [])
    for item_list in getattr(book, "lists", []) or []:  # what every hero starts a list with (the Axe, the Map)
        texts.extend(item_list.start)
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


def amount_text(book: FightingFantasyBook, amount: int | str, language: str) -> str:
    """An amount as the player reads it: a number, dice (2d6), or the book's expression with the book's names."""
    return formula_text(book, amount, language) if isinstance(amount, str) else str(amount)


def formula_text(book: FightingFantasyBook, text: str, language: str) -> str:
    """An expression of the book with its names in the player's words: ``counters.warriors * 2`` → "Guerriers * 2".

    Names the book does not name (``enemy.skill``, ``fight.round``) and text that is not an expression (dice) stay
    as written.
    """
    try:
        found = tokens(text)
    except ExprError:
        return text
    spans: list[tuple[int, int, str]] = []
    i = 0
    while i < len(found):
        if found[i].kind != "ident" or (i + 1 < len(found) and found[i + 1].text == "("):
            i += 1
            continue
        start, end = i, i + 1
        while end + 1 < len(found) and found[end].text == "." and found[end + 1].kind == "ident":
            end += 2
        dotted = "".join(token.text for token in found[start:end])
        named = target_name(book, dotted, language)
        if named != dotted:
            spans.append((found[start].position, found[end - 1].position + len(found[end - 1].text), named))
        i = end
    for begin, finish, named in reversed(spans):
        text = text[:begin] + named + text[finish:]
    return text


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


ENDING_GROUPS = (("death", ("death", "defeat", "victory")), ("warning", ("warning",)))


def ending_groups(book: FightingFantasyBook, language: str, hero: Hero) -> list[tuple[str, list[tuple[int, str]]]]:
    """The endings as the sheet's Tools tab lists them: the ones that end the adventure, then the warnings;
    each group ("death", "warning") with its endings' (index, words), an empty group left out."""
    texts = ending_texts(book, language, hero)
    groups = []
    for kind, outcomes in ENDING_GROUPS:
        found = [(index, text) for index, (outcome, text) in enumerate(texts) if outcome in outcomes]
        if found:
            groups.append((kind, found))
    return groups


def threshold_text(book: FightingFantasyBook, threshold: Threshold, language: str, hero: Hero) -> str:
    """A threshold as the player reads it: "FEAR ≥ 9", "STAMINA ≤ 0" (the sheet's Tools tab, the death page)."""
    name = book.stat(threshold.stat).name.get(language)
    sign = "≤" if threshold.at_most is not None else "≥"
    return f"{name} {sign} {threshold.limit(hero.initial[threshold.stat])}"

"""The item lists of the Adventure Sheet: the equipment every book has, then each list the book declares.

The backpack panel shows one list at a time (‹ › turn to the one before or
after): its name, how many it holds and its limit now ("Sac à Dos · 3 / 8",
the Meals among the 8), its items, and the field, Add, Remove and Rename that
act on it. Nothing here names a book: the lists, their names and their limits
are the book's data, the limits are the rules' (pure: no pygame here).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.app.book_texts import item_texts
from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.ff.context import list_limit
from game.rules.ff.state import SheetState
from game.ui.context import UIContext


@dataclass(frozen=True)
class ItemsShown:
    """The list the backpack panel shows: its name, its count against its limit, its items in the player's language."""

    list_id: str | None  # None: the equipment
    name: str
    count: str  # "3 / 8" (a limit), "3" (none)
    items: tuple[str, ...]

    @property
    def heading(self) -> str:
        """ "Sac à Dos · 3 / 8" over the items."""
        return f"{self.name} · {self.count}"


def list_ids(book: FightingFantasyBook) -> tuple[str | None, ...]:
    """The lists the panel turns through: the equipment (None), then the book's lists in the book's order."""
    return (None, *(item_list.id for item_list in book.lists))


def turned(book: FightingFantasyBook, list_id: str | None, step: int) -> str | None:
    """The list ``step`` places after ``list_id`` (before, for a negative step), round the end to the start."""
    ids = list_ids(book)
    at = ids.index(list_id) if list_id in ids else 0
    return ids[(at + step) % len(ids)]


def list_name(ui: UIContext, book: FightingFantasyBook, list_id: str | None) -> str:
    """The list's name in the book ("Sac à Dos"), or the equipment's."""
    if list_id is None:
        return ui.t("sheet.equipment")
    return book.item_list(list_id).name.get(ui.catalogue.language)


def held(state: SheetState, list_id: str | None) -> list[str]:
    """The items written in the list now (as the rules keep them)."""
    return list(state.equipment) if list_id is None else list(state.lists.get(list_id, []))


def item_shown(ui: UIContext, book: FightingFantasyBook, state: SheetState, list_id: str | None, index: int) -> str:
    """The name of item ``index`` of ``list_id`` as the panel shows it (a book's item in the language of the moment)."""
    return item_texts(book, [held(state, list_id)[index]], ui.catalogue.language)[0]


def items_shown(ui: UIContext, book: FightingFantasyBook, state: SheetState, list_id: str | None) -> ItemsShown:
    """What the panel shows of ``list_id``: the book's texts among the items in the language of the moment."""
    items = held(state, list_id)
    limit = None if list_id is None else list_limit(book, list_id, state)  # the Backpack's room beside the Meals
    count = f"{len(items)} / {limit}" if limit is not None else str(len(items))
    texts = item_texts(book, items, ui.catalogue.language)
    return ItemsShown(list_id, list_name(ui, book, list_id), count, tuple(texts))


def turned_words(ui: UIContext, shown: ItemsShown) -> str:
    """What a screen reader hears on turning to a list: its name, its count and what it holds."""
    items = ", ".join(shown.items) or ui.t("list.empty")
    return ui.t("sheet.list_turned", list=shown.name, count=shown.count, items=items)

"""Log entries in words: "Tenter sa Chance — dés 3·4 — Chanceux".

The sheet's journal and the combat log both list the session's entries; this
turns one entry (an action, the dice it drew, its outcome) into a line of the
player's language, with stat and counter ids shown by the book's names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.app.book_texts import item_texts
from game.rules.session import Entry, entries_kept
from game.ui.context import UIContext

if TYPE_CHECKING:  # the book models are imported when a book is opened, not by the shelf (issue 28: start-up)
    from game.books.models import AnyBook


def _localized(ui: UIContext, book: AnyBook | None, action: dict[str, Any]) -> dict[str, Any]:
    language = ui.catalogue.language
    params = dict(action)
    if "stat" in params and book is not None and hasattr(book, "stat"):
        try:
            params["stat"] = book.stat(params["stat"]).name.get(language)
        except KeyError:
            pass
    if "name" in params and action.get("do") in ("counter", "set_counter") and book is not None and hasattr(book, "counter"):
        try:
            params["name"] = book.counter(params["name"]).name.get(language)
        except KeyError:
            pass
    potions = getattr(book, "potions", None)
    if action.get("do") == "potion" and potions is not None:
        effect = potions.kinds.get(params.get("kind", ""))
        if effect is not None:
            params["kind"] = effect.name.get(language)
    if action.get("do") == "cast" and book is not None and hasattr(book, "spell"):
        spell = book.spell(str(params.get("spell", "")))
        if spell is not None:
            params["spell"] = spell.name.get(language)
    if action.get("do") == "choose" and book is not None and hasattr(book, "step"):
        step = book.step(str(params.get("step", "")))
        if step is not None:
            picks = params.get("picks") or []
            counts = picks if isinstance(picks, dict) else dict.fromkeys(picks, 1)
            names = {option.id: option.name.get(language) for option in step.options}
            params["step"] = step.name.get(language)
            params["picks"] = ", ".join(names.get(o, o) + (f" × {n}" if n > 1 else "") for o, n in counts.items() if n)
    if action.get("do") == "fight":
        params["enemies"] = ", ".join(f"{e['name']} ({e['skill']}/{e['stamina']})" for e in action.get("enemies", []))
    if action.get("do") in ITEM_ACTIONS:
        params.update(_item_words(ui, book, action))
    for key in ("by",):
        if isinstance(params.get(key), int):
            params[key] = f"{params[key]:+d}"
    if "initial" in params and action.get("do") == "set_score":
        params["which"] = ui.t("journal.initial") if params["initial"] else ui.t("journal.current")
    return params


ITEM_ACTIONS = ("add_item", "remove_item", "rename_item")


def _item_words(ui: UIContext, book: AnyBook | None, action: dict[str, Any]) -> dict[str, Any]:
    """Where an item action wrote (the equipment, or the book's list by its name) and the item's number, from 1."""
    where = ui.t("sheet.equipment")
    list_id = action.get("list")
    if isinstance(list_id, str) and book is not None and hasattr(book, "item_list"):
        try:
            where = book.item_list(list_id).name.get(ui.catalogue.language)
        except KeyError:
            where = list_id
    index = action.get("index")
    return {"where": where, "number": index + 1 if isinstance(index, int) else "?"}


def _item_before(entry: Entry, before: Any) -> str | None:
    """The name of the item a remove or rename was about, read on the state it was played on (None: unknown)."""
    action = entry.action
    if before is None or action.get("do") not in ("remove_item", "rename_item"):
        return None
    list_id, index = action.get("list"), action.get("index")
    items = getattr(before, "equipment", None) if list_id is None else getattr(before, "lists", {}).get(list_id)
    return str(items[index]) if isinstance(items, list) and isinstance(index, int) and 0 <= index < len(items) else None


class JournalLines:
    """The journal's lines, newest first, each entry described once (issue 28: a click on a sheet of
    10 000 entries described them all again): the lines of the entries still standing are kept."""

    def __init__(self) -> None:
        self._entries: list[Entry] = []
        self._lines: list[str] = []  # oldest first, one per entry of ``_entries``
        self._made_for: tuple[object, str, object] | None = None

    def newest_first(self, ui: UIContext, book: AnyBook | None, session: Any) -> list[str]:
        """The line of each of the session's entries, newest first (made again for another language or book).

        Each new entry is described with the state it was played on (its creature's name), read in one
        pass over the states from the first new entry.
        """
        entries: Sequence[Entry] = session.entries
        made_for = (ui.catalogue, ui.catalogue.language, book)
        if self._made_for is None or any(a is not b for a, b in zip(self._made_for, made_for)):
            self._made_for, self._entries, self._lines = made_for, [], []
        kept = entries_kept(self._entries, entries)
        del self._entries[kept:], self._lines[kept:]
        # The states are walked from the first new entry whose line reads the state it was played on only: a walk
        # over 10 000 states is a replay (the first frame of a save opened from its snapshot).
        first = next((i for i in range(kept, len(entries)) if _reads_before(ui, entries[i])), len(entries))
        states = session.states_from(first) if first < len(entries) else iter(())
        for index in range(kept, len(entries)):
            self._entries.append(entries[index])
            self._lines.append(describe_entry(ui, book, entries[index], next(states) if index >= first else None))
        return self._lines[::-1]


def _reads_before(ui: UIContext, entry: Entry) -> bool:
    """Whether :func:`describe_entry` reads the state ``entry`` was played on (an item named, a creature named)."""
    if entry.action.get("do") in ("remove_item", "rename_item"):
        return True
    return bool(entry.outcome) and ui.catalogue.has(f"outcome.{entry.outcome}_named")


def describe_entry(ui: UIContext, book: AnyBook | None, entry: Entry, before: Any = None) -> str:
    """One line for the journal: the action, its dice and its outcome (``before``: the state it was played
    on, whose fight names the creature: "vous blessez Aile Noire", issue 30 item 9)."""
    do = entry.action.get("do", "?")
    key = f"action.{do}"
    params = _localized(ui, book, entry.action)
    item = _item_before(entry, before)
    if item is not None:  # a removed or renamed item named as it was (a book's item in the player's language)
        shown = item_texts(book, [item], ui.catalogue.language)[0] if book is not None else item
        key, params["item"] = f"{key}_named", shown
    text = ui.t(key, **params) if ui.catalogue.has(key) else do
    if entry.dice:
        text += " — " + ui.t("journal.dice", dice="·".join(str(d) for d in entry.dice))
    if entry.outcome:
        text += " — " + _outcome(ui, entry, before)
    if entry.reroll:
        text += " — " + ui.t("play.reroll_mark", n=entry.reroll)
    return text


def _outcome(ui: UIContext, entry: Entry, before: Any) -> str:
    """An entry's outcome in words, naming the creature (and the ally) when the state before it says who."""
    key = f"outcome.{entry.outcome}"
    names = _fighters(entry, before)
    if names is not None and ui.catalogue.has(f"{key}_named"):
        return ui.t(f"{key}_named", name=names[0], ally=names[1])
    return ui.t(key) if ui.catalogue.has(key) else str(entry.outcome)


def _fighters(entry: Entry, before: Any) -> tuple[str, str] | None:
    """The creature the entry's blow was about and the ally's name ("" without one), or None outside a fight."""
    fight = getattr(before, "fight", None)
    if fight is None or not fight.enemies:
        return None
    do, target = entry.action.get("do"), entry.action.get("target")
    if do in ("luck", "no_luck") and fight.pending:
        target = fight.pending[0].creature
    index = target if isinstance(target, int) and 0 <= target < len(fight.enemies) else fight.front()
    if index is None:
        return None
    return fight.enemies[index].name, fight.ally.name if fight.ally is not None else ""


def play_badge(ui: UIContext, session: Any) -> str:
    """How the adventure is played, for the sheet and exports: "Partie intègre", "Marque-page · 2 relances"."""
    text = ui.t(f"play.mode_{session.play}")
    rerolls = session.rerolls  # counted over every entry: once
    if rerolls:
        text += " · " + ui.t("play.rerolls", n=rerolls)
    return text


def undo_state(ui: UIContext, adventure: Any, nothing_key: str) -> tuple[bool, Any]:
    """(enabled, reason) for an undo button: honest play names the roll that stands."""
    refused = adventure.session.undo_refusal()
    if refused is None:
        return True, None
    if refused.code == "nothing_to_undo":
        return False, ui.tr(nothing_key)
    from game.app.refusals import describe_refusal

    return False, describe_refusal(ui.catalogue, refused, adventure.book)


def describe_change(ui: UIContext, book: AnyBook | None, change: Any) -> str:
    """ "ENDURANCE 17 → 20", "ENDURANCE de départ 20 → 21", "Orc : ENDURANCE 6 → 4" (a timeline Change)."""
    language = ui.catalogue.language
    if change.kind in ("stat", "initial"):
        name = _name(book, "stat", change.ident, language)
        key = "play.change_initial" if change.kind == "initial" else "play.change"
        return ui.t(key, name=name, before=change.before, after=change.after)
    if change.kind == "counter":
        return ui.t("play.change", name=_name(book, "counter", change.ident, language), before=change.before, after=change.after)
    return ui.t(
        "play.change_fighter",
        who=change.ident,
        name=_name(book, "stat", change.stat, language),
        before=change.before,
        after=change.after,
    )


def describe_changes(ui: UIContext, book: AnyBook | None, changes: Any) -> str:
    """Every change of an entry on one line, or "" when nothing changed."""
    return " · ".join(describe_change(ui, book, c) for c in changes)


def describe_gain(ui: UIContext, book: AnyBook | None, changes: Any) -> str:
    """A heal's message: "+3 ENDURANCE (17 → 20)" and any initial score it raised ("CHANCE de départ 10 → 11"),
    or that nothing was gained."""
    language = ui.catalogue.language
    gains = [
        ui.t("play.gain", gain=f"{c.gain:+d}", name=_name(book, "stat", c.ident, language), before=c.before, after=c.after)
        if c.kind == "stat"
        else describe_change(ui, book, c)
        for c in changes
        if c.kind in ("stat", "initial")
    ]
    return ", ".join(gains) if gains else ui.t("play.no_gain")


def _name(book: AnyBook | None, kind: str, ident: str, language: str) -> str:
    finder = getattr(book, kind, None)
    try:
        return finder(ident).name.get(language) if finder else ident
    except KeyError:
        return ident

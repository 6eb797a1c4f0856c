"""Log entries in words: "Tenter sa Chance — dés 3·4 — Chanceux".

The sheet's journal and the combat log both list the session's entries; this
turns one entry (an action, the dice it drew, its outcome) into a line of the
player's language, with stat and counter ids shown by the book's names.
"""

from __future__ import annotations

from typing import Any

from game.rules.session import Entry
from game.ui.context import UIContext


def _localized(ui: UIContext, book: Any, action: dict[str, Any]) -> dict[str, Any]:
    language = ui.catalogue.language
    params = dict(action)
    if "stat" in params and hasattr(book, "stat"):
        try:
            params["stat"] = book.stat(params["stat"]).name.get(language)
        except KeyError:
            pass
    if "name" in params and action.get("do") in ("counter", "set_counter") and hasattr(book, "counter"):
        try:
            params["name"] = book.counter(params["name"]).name.get(language)
        except KeyError:
            pass
    if action.get("do") == "potion" and getattr(book, "potions", None) is not None:
        effect = book.potions.kinds.get(params.get("kind", ""))
        if effect is not None:
            params["kind"] = effect.name.get(language)
    if action.get("do") == "fight":
        params["enemies"] = ", ".join(f"{e['name']} ({e['skill']}/{e['stamina']})" for e in action.get("enemies", []))
    for key in ("by",):
        if isinstance(params.get(key), int):
            params[key] = f"{params[key]:+d}"
    if "initial" in params and action.get("do") == "set_score":
        params["which"] = ui.t("journal.initial") if params["initial"] else ui.t("journal.current")
    return params


def describe_entry(ui: UIContext, book: Any, entry: Entry) -> str:
    """One line for the journal: the action, its dice and its outcome."""
    do = entry.action.get("do", "?")
    key = f"action.{do}"
    text = ui.t(key, **_localized(ui, book, entry.action)) if ui.catalogue.has(key) else do
    if entry.dice:
        text += " — " + ui.t("journal.dice", dice="·".join(str(d) for d in entry.dice))
    if entry.outcome:
        outcome_key = f"outcome.{entry.outcome}"
        text += " — " + (ui.t(outcome_key) if ui.catalogue.has(outcome_key) else entry.outcome)
    return text

"""The rules' view of the table as the screen reads it: JSON-like data, and the questions asked of it.

``Session.view`` gives the table as plain nested data (the rules cases' paths: ``party``,
``party_order``, ``clock``, ``timers``, ``journal``, ``result``…); every part of the screen
reads it through these names, so what a part needs from the rules is said in one place.
"""

from __future__ import annotations

from typing import Any

from game.books.rolenplay import RolenplayBook

Json = dict[str, Any]  # Any: the rules' view of the table is JSON-like data (game.rules.rnp.view)


def living(rules: Json) -> list[str]:
    """The names of the party's living members, in the party's order."""
    return [name for name in rules["party_order"] if rules["party"][name]["alive"]]


def breaths(rules: Json) -> list[Json]:
    """The held breaths (timers of the ``breath`` kind)."""
    return [timer for timer in rules["timers"] if timer["kind"] == "breath"]


def left_behind(rules: Json) -> list[str]:
    """Who stayed behind on a leg and has not rejoined."""
    return [name for name in rules["party_order"] if rules["party"][name]["left_at_s"] is not None]


def hidden(rules: Json) -> list[str]:
    """Who is hidden now."""
    return [name for name in rules["party_order"] if rules["party"][name]["hidden"]]


def last_saves(rules: Json) -> Json | None:
    """The journal entry of the last leg that had forced-march saves (they are kept in the journal)."""
    for entry in reversed(rules["journal"]):
        if entry["do"] == "travel_party" and entry["data"].get("saves"):
            saves: Json = entry
            return saves
    return None


def last_result(rules: Json, do: str) -> Json | None:
    """The last action's result when it was a ``do`` (the last fall, the last hiding attempt), else None."""
    result = rules["result"]
    found: Json | None = result if result and result.get("do") == do else None
    return found


def round_number(book: RolenplayBook, rules: Json) -> int | None:
    """The round under way since the clock last switched to rounds (the journal time of that switch)."""
    clock = rules["clock"]
    if clock["scale"] != "round":
        return None
    start = 0.0
    for entry in reversed(rules["journal"]):
        if entry["do"] == "set_scale" and entry["data"].get("scale") == "round":
            start = entry["at_s"]
            break
    return int((clock["elapsed_s"] - start) // book.scale("round").seconds) + 1

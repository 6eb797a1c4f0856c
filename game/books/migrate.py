"""Book files of an earlier format brought to the current one (format 1 → 2), as plain JSON data.

A format-1 file (every book shipped before the book language, and any file in
a player's books folder) is rewritten here, in memory, into format 2; the file
itself is never changed. What changed:

- effects: ``change`` and ``counter`` are both ``add`` to a target named as in
  expressions (``stamina``, ``counters.gold``); ``restore`` and
  ``raise_initial`` name their score with ``to``;
- the amount ``"half_initial"`` is an expression: ``initial.<score> / 2`` for a
  score, ``enemy.initial_stamina / 2`` for a creature's damage;
- a combat profile's ``stamina`` (the score wounds take) is ``wounds``.

Format 1 was read leniently (``"3"`` for 3); a migrated file still is, a format-2
file is read strictly (``"no"`` is not false).
"""

from __future__ import annotations

from typing import Any

CURRENT = 2


def book_format(data: object) -> object:
    """The format a book's data says it has (a file without ``format`` is format 1)."""
    return data.get("format", 1) if isinstance(data, dict) else None


def migrate_book(data: Any) -> Any:
    """Format-1 data as format 2 (a new object); data of any other format or shape is returned as it is."""
    if not isinstance(data, dict) or data.get("kind", "fighting_fantasy") != "fighting_fantasy" or book_format(data) != 1:
        return data
    book = dict(data, format=CURRENT)
    steps = []
    for step in _items(book.get("creation")):
        step = dict(step)
        step["options"] = [_with_effects(option, "grants") for option in _items(step.get("options"))]
        steps.append(step)
    if "creation" in book:
        book["creation"] = steps
    if "spells" in book:
        book["spells"] = [_with_effects(spell, "effects") for spell in _items(book["spells"])]
    if isinstance(book.get("combat"), dict):
        book["combat"] = _profile(book["combat"])
    if isinstance(book.get("combat_profiles"), dict):
        book["combat_profiles"] = {key: _profile(value) for key, value in book["combat_profiles"].items()}
    return book


def _items(value: Any) -> list[Any]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _with_effects(holder: dict[str, Any], key: str) -> dict[str, Any]:
    if not isinstance(holder.get(key), list):
        return holder
    return dict(holder, **{key: [_effect(e) for e in holder[key]]})


def _effect(effect: Any) -> Any:
    if not isinstance(effect, dict):
        return effect
    kind = effect.get("effect")
    new = dict(effect)
    if kind == "change" and "stat" in new:
        new = {"effect": "add", "to": new.pop("stat"), **{k: v for k, v in new.items() if k != "effect"}}
        if new.get("by") == "half_initial":
            new["by"] = f"initial.{new['to']} / 2"
    elif kind == "counter" and "counter" in new:
        new = {"effect": "add", "to": f"counters.{new.pop('counter')}", **{k: v for k, v in new.items() if k != "effect"}}
    elif kind in ("restore", "raise_initial") and "stat" in new:
        new["to"] = new.pop("stat")
    elif kind == "damage" and new.get("by") == "half_initial":
        new["by"] = "enemy.initial_stamina / 2"
    return new


def _profile(profile: Any) -> Any:
    if not isinstance(profile, dict) or "stamina" not in profile:
        return profile
    new = {k: v for k, v in profile.items() if k != "stamina"}
    new["wounds"] = profile["stamina"]
    return new

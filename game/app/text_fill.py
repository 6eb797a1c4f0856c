"""``--smoke --text FILE``: every screen sample with its player-written texts replaced by one line.

Names, notes, items, creature names and day names reach a screen two ways:
through rules actions (the sample adventures apply ``name_hero``, ``fight``…)
and through text widgets (fields, notes areas). ``hostile_actions`` swaps the
text in the first while the samples are built; ``fill_widgets`` the second.
When the rules refuse a swapped action (a name too long, an empty one), the
sample's own action is applied instead, so the screen is still built.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pydantic import BaseModel

from game.rules.errors import Refused
from game.rules.session import Session
from game.safe_file import read_bytes
from game.safe_json import MAX_FILE_BYTES

# Which fields of which actions are free text a player typed.
TEXT_FIELDS: dict[str, tuple[str, ...]] = {
    "name_hero": ("name",),
    "notes": ("text",),
    "add_item": ("text",),
    "rename_item": ("text",),
    "add_creature": ("name", "notes"),
    "edit_creature": ("name", "notes"),
    "rename_day": ("name",),
    "add_character": ("name",),
}


def swapped(action: Any, text: str) -> Any:
    """A copy of ``action`` with its player-written texts replaced by ``text`` (None: nothing to swap)."""
    if not isinstance(action, dict):
        return None
    do = action.get("do")
    result = copy.deepcopy(action)
    changed = False
    for field in TEXT_FIELDS.get(str(do), ()):
        if isinstance(result.get(field), str):
            result[field] = text
            changed = True
    if do == "fight":
        for who in [*result.get("enemies", []), result.get("ally")]:
            if isinstance(who, dict) and isinstance(who.get("name"), str):
                who["name"] = text
                changed = True
    return result if changed else None


@contextmanager
def hostile_actions(text: str) -> Iterator[None]:
    """While open, every session applies its actions with ``text`` in their text fields when the rules allow it."""
    original = Session.apply
    renamed: dict[str, str] = {}  # a party member added under ``text`` is then called so by later actions

    def apply(self: Session[Any, Any], action: Any, dice: Any = None) -> Any:
        if isinstance(action, BaseModel):  # screens and samples build typed actions: swap in their JSON form
            action = action.model_dump(mode="json")
        action = _renaming(action, renamed)
        replacement = swapped(action, text)
        if replacement is not None:
            try:
                entry = original(self, replacement, dice)
            except Refused:
                pass
            else:
                if action.get("do") == "add_character":
                    renamed[action["name"]] = text.strip()  # the rules keep names trimmed
                return entry
        return original(self, action, dice)

    Session.apply = apply  # type: ignore[method-assign]  # a test fixture swaps the method for the run
    try:
        yield
    finally:
        Session.apply = original  # type: ignore[method-assign]  # and puts it back


def _renaming(value: Any, renamed: dict[str, str]) -> Any:
    if isinstance(value, str):
        return renamed.get(value, value)
    if isinstance(value, dict):
        return {key: _renaming(item, renamed) for key, item in value.items()}
    if isinstance(value, list):
        return [_renaming(item, renamed) for item in value]
    return value


def fill_widgets(scenes: Any, text: str) -> int:
    """Put ``text`` in every non-numeric text field and notes area of ``scenes``; returns how many."""
    from game.ui.notes import NotesArea
    from game.ui.text_field import TextField

    filled = 0
    for scene in scenes:
        group = getattr(scene, "group", None)
        for widget in getattr(group, "widgets", ()):
            if isinstance(widget, TextField) and not widget.numeric or isinstance(widget, NotesArea):
                widget.text = text
                filled += 1
    return filled


def read_lines(path: Any) -> list[str]:
    """The lines of a text file of test strings (UTF-8, surrogate escapes kept), blank lines included once."""
    raw = read_bytes(path, MAX_FILE_BYTES).decode("utf-8", errors="surrogateescape")  # the one checked reader
    return raw.split("\n")

"""Keyboard shortcuts for the frequent actions, remappable in the settings.

A shortcut is one key pressed without Ctrl or Alt, named as pygame names it
("r", "f2", "page down"). The defaults below can be changed in the settings
(stored as ``{"action": "key name"}`` in ``Settings.shortcuts``); giving an
action a key another action had swaps the two, so no key ever does two things.
Shortcuts never fire while a text field has the focus: there the letters type.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.context import UIContext
    from game.ui.group import WidgetGroup
    from game.ui.widget import Widget

# action id → default key name. The i18n key of each action's name is "access.action_<id>".
DEFAULT_SHORTCUTS: dict[str, str] = {
    "round": "r",  # combat: next round (attack / close in)
    "shoot": "t",  # combat: shoot an arrow (tirer)
    "test_luck": "l",  # sheet and combat: test your Luck
    "accept": "a",  # combat: accept the wound / the hit without Luck
    "test_skill": "k",  # sheet: test your Skill
    "eat": "m",  # sheet: eat a meal
    "herb": "h",  # sheet: use a herb
    "potion": "p",  # sheet: drink a potion
    "tick_day": "j",  # sheet: tick a day (jour)
    "next_paragraph": "n",  # sheet: type the next paragraph; reader: go on
    "repeat": "f4",  # everywhere: say the last announcement again (F2 is the game master's players' view)
    "where": "f3",  # everywhere: say where the focus is and what the screen shows
}

#: Which screens use which shortcuts (the F1 help lists these per topic).
TOPIC_SHORTCUTS: dict[str, tuple[str, ...]] = {
    "sheet": ("test_luck", "test_skill", "eat", "herb", "potion", "tick_day", "next_paragraph"),
    "combat": ("round", "shoot", "test_luck", "accept"),
    "reader": ("next_paragraph",),
    "rnp": (),
}
GLOBAL_SHORTCUTS = ("repeat", "where")

#: Keys no shortcut may take: they move the focus, activate, go back or are the app's own.
RESERVED_KEYS = frozenset(
    {
        "tab",
        "return",
        "enter",
        "space",
        "escape",
        "up",
        "down",
        "left",
        "right",
        "f1",
        "f11",
        "backspace",
        "delete",
        "home",
        "end",
        "page up",
        "page down",
    }
)


def key_code(name: str) -> int | None:
    """pygame's key code for ``name`` ("r", "f2"), or None when pygame does not know it."""
    try:
        return pygame.key.key_code(name)
    except (ValueError, pygame.error):
        return None


def key_label(name: str) -> str:
    """How a key is shown in the help and the settings: "R", "F2", "Page Down"."""
    return name.upper() if len(name) <= 3 else name.title()


class Keymap:
    """The shortcuts in force: the defaults with the player's changes."""

    def __init__(self, overrides: Mapping[str, str] | None = None) -> None:
        self.bindings: dict[str, str] = dict(DEFAULT_SHORTCUTS)
        for action, key in (overrides or {}).items():
            if action in self.bindings and self.acceptable(key):
                self.bind(action, key)
        self._codes = {action: key_code(name) for action, name in self.bindings.items()}

    @staticmethod
    def acceptable(key: str) -> bool:
        """Whether ``key`` may be a shortcut (pygame knows it and it is not reserved)."""
        return key not in RESERVED_KEYS and key_code(key) is not None

    def bind(self, action: str, key: str) -> str | None:
        """Give ``action`` the key ``key``; the action that had it gets ``action``'s old key (returned)."""
        if action not in self.bindings:
            raise KeyError(action)
        if not self.acceptable(key):
            raise ValueError(f"{key!r} cannot be a shortcut")
        previous = self.bindings[action]
        other = next((a for a, k in self.bindings.items() if k == key and a != action), None)
        if other is not None:
            self.bindings[other] = previous
        self.bindings[action] = key
        self._codes = {a: key_code(name) for a, name in self.bindings.items()}
        return other

    def changes(self) -> dict[str, str]:
        """The bindings that differ from the defaults (what the settings store)."""
        return {a: k for a, k in self.bindings.items() if DEFAULT_SHORTCUTS[a] != k}

    def action_for(self, event: pygame.event.Event) -> str | None:
        """The action a KEYDOWN asks for, or None (modifier keys other than Shift never match)."""
        if event.type != pygame.KEYDOWN or getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_GUI):
            return None
        return next((a for a, code in self._codes.items() if code == event.key), None)

    def label(self, action: str) -> str:
        """The key of ``action`` as shown to the player."""
        return key_label(self.bindings[action])


def shortcut_action(keymap: Keymap, group: WidgetGroup, event: pygame.event.Event) -> str | None:
    """The shortcut ``event`` asks for on a screen, or None (always None while a text field is being typed in)."""
    focused = group.focus.focused
    if focused is not None and focused.takes_text:
        return None
    return keymap.action_for(event)


def press(ui: UIContext, widget: Widget | None, action: str) -> None:
    """Do what a shortcut's button does; a hidden or disabled one says why instead (the refusal, aloud)."""
    if widget is None or not widget.visible:
        ui.say(ui.t("access.not_now", action=ui.t(f"access.action_{action}")))
    elif not widget.enabled:
        reason = ui.text(widget.disabled_reason) if widget.disabled_reason is not None else ""
        ui.say(reason or ui.t("access.not_now", action=ui.t(f"access.action_{action}")))
    else:
        widget.activate()

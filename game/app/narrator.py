"""What a screen-reader user hears as screens come and go, and the two keys every screen shares.

The narrator sits beside the scene stack (the main loop calls it): when the top
scene changes it says what the new screen is and what it shows (each screen's own
words, ``Scene.spoken_summary()``: the app layer names no screen), and it answers the global
shortcuts: "repeat" (F4) says the last announcement again, "where" (F3) says the
screen and the focused control again.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

import pygame

from game.app.scene import Scene, SceneStack
from game.ui.context import UIContext
from game.ui.keymap import Keymap


def focused_widget(scene: Scene | None) -> object | None:
    """The widget holding the keyboard focus on ``scene`` (screens keep their widgets in ``group``)."""
    group = getattr(scene, "group", None)
    focus = getattr(group, "focus", None)
    return getattr(focus, "focused", None)


class Narrator:
    """Announces each newly arrived screen; F4 repeats, F3 says where you are."""

    def __init__(self, ui: UIContext, keymap: Callable[[], Keymap]) -> None:
        self.ui = ui
        self.keymap = keymap
        self._top: Scene | None = None
        self._seen: weakref.WeakSet[Scene] = weakref.WeakSet()  # screens already announced

    def filter_event(self, event: pygame.event.Event, stack: SceneStack) -> pygame.event.Event | None:
        """Take the global speech keys; pass everything else on."""
        action = self.keymap().action_for(event)
        if action == "repeat":
            self.ui.speech.repeat()
            return None
        if action == "where":
            self.ui.say(self.where(stack.top))
            return None
        return event

    def where(self, scene: Scene | None) -> str:
        """The screen's summary, then the focused control; before the first Tab (nothing focused yet), the
        control the first Tab goes to, so that F3 always says where the keyboard is."""
        if scene is None:
            return ""
        parts = [scene.spoken_summary()]
        widget = focused_widget(scene)
        if widget is not None:
            parts.append(self.ui.t("access.focus_on", control=widget.spoken()))  # type: ignore[attr-defined]  # the focused widget is a Widget; the ring types it loosely
        else:
            focus = getattr(getattr(scene, "group", None), "focus", None)
            start = focus.start() if focus is not None else None
            if start is not None:
                parts.append(self.ui.t("access.focus_starts", control=start.spoken()))
        return " ".join(part for part in parts if part)

    def notice(self, stack: SceneStack) -> None:
        """Call after the stack changed: a new screen is described (cutting what was being said);
        coming back to one already described (a dialog closed) only says the focused control, after the rest."""
        top = stack.top
        if top is self._top:
            return
        self._top = top
        if top is None:
            return
        if top in self._seen:
            widget = focused_widget(top)
            if widget is not None:
                self.ui.say(self.ui.t("access.focus_on", control=widget.spoken()), interrupt=False, kind="focus")  # type: ignore[attr-defined]  # the focused widget is a Widget; the ring types it loosely
            return
        self._seen.add(top)
        self.ui.say(top.spoken_summary())

"""The one base of every scene driven by a group of widgets, and the shape of a full screen built on it.

:class:`WidgetScene` is what full screens, adventure screens (``game.app.adventure_scene.AdventureScene``)
and overlays (``game.app.modal.ModalScene``) share: the ui, one ``WidgetGroup`` (``self.group``), ``update``
running the widgets, animation while a widget animates, and ``draw_page`` for the parchment a full screen
sits on with its title. How events are routed differs by kind and is each kind's own ``process_event``:

- :class:`WidgetScreen`, a full screen: F1 opens ``open_help`` (with ``help_on_f1``) before any widget sees
  it, then the widgets, then Escape calls ``escape`` (default: ``close``, leave the stack);
- ``AdventureScene``: each screen routes its own keys (shortcuts, undo, F1 on its ``help_topic``);
- ``ModalScene``: modal; Escape first (``dismiss``), then ``handle``, then the widgets; nothing passes down.

It lives here, not in game.scenes, because a base is not a screen (every screen is routed and pictured).
"""

from __future__ import annotations

import pygame

from game.app.scene import Scene
from game.ui.context import UIContext
from game.ui.draw import draw_page
from game.ui.group import WidgetGroup


class WidgetScene(Scene):
    """A scene whose controls are the widgets of one group."""

    def __init__(self, ui: UIContext) -> None:
        super().__init__()
        self.ui = ui
        self.group = WidgetGroup(ui)  # a fluid scene builds a new group each time it re-lays out

    def update(self, dt: float) -> None:
        self.group.update(dt)

    @property
    def wants_animation(self) -> bool:
        return self.group.wants_animation

    def animated_area(self) -> list[pygame.Rect] | None:
        """Where the widgets' animation draws (``WidgetGroup.animated_area``)."""
        return self.group.animated_area()

    def draw_page(
        self,
        surface: pygame.Surface,
        title: str | None = None,
        at: tuple[int, int] = (0, 0),
        *,
        room: int | None = None,
        size: str = "heading",
        anchor: str = "midleft",
    ) -> None:
        """The parchment of the page and, when given, ``title`` at ``at`` in the theme's ``size``, fitted to
        ``room`` pixels (``game.ui.draw.draw_page``, which painters call with the ui's palette)."""
        page = getattr(self, "page", surface.get_size())
        draw_page(surface, self.ui.palette, page, title, at, self.ui.theme.text_size(size), room=room, anchor=anchor)


class WidgetScreen(WidgetScene):
    """Base of full screens whose controls are widgets of one group."""

    #: F1 opens :meth:`open_help` (a screen with a help page sets it).
    help_on_f1: bool = False

    def close(self) -> None:
        """Leave the stack: the screen below comes back."""
        if self.stack is not None:
            self.stack.pop(self)

    def escape(self) -> None:
        """Escape that no widget took: leave (a screen may go elsewhere, the creation screen to the shelf)."""
        self.close()

    def open_help(self) -> None:
        """F1, when ``help_on_f1``: this screen's help page."""

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.help_on_f1 and event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.open_help()
            return None
        if self.group.process_event(event):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.escape()
            return None
        return event

"""The shape every modal overlay shares: a veil over the screen, a framed panel, its own widgets.

Dialogs, forms, dice entry, the crash report and the import box all work the
same way: they sit on top (transparent, so the screen shows through the veil),
keep every event to themselves (modal), let a window close pass through, and
close on Escape. Subclasses give ``panel_size`` and ``dismiss`` and draw their
content after ``draw_frame``.

An overlay is laid out for the page it is shown on, like any fluid screen
(``game.app.fluid``): ``panel_rect`` centres the panel the overlay asks for
(``panel_size``) on the page and shrinks it to fit (``game.ui.modal.fit_panel``), and ``place_widgets``
puts the widgets inside that panel. A subclass builds its state in ``__init__`` and
ends with ``self.layout(self.page)``; the loop lays it out again whenever the
page changes (window resize, interface size).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.app.fluid import FluidLayout
from game.app.widget_screen import WidgetScene
from game.ui.context import UIContext
from game.ui.draw import blit_text, draw_panel, draw_veil
from game.ui.modal import MIN_ROOM, fit_panel, restore_widget_states, widget_states
from game.ui.theme import LOGICAL_SIZE


class ModalScene(FluidLayout, WidgetScene):
    """Base of modal overlays."""

    transparent = True
    #: The part of the page the window shows when the interface size magnifies it (set by the loop), else None.
    seen: tuple[int, int] | None = None

    def __init__(self, ui: UIContext) -> None:
        WidgetScene.__init__(self, ui)
        self.page = LOGICAL_SIZE

    def place_widgets(self) -> None:
        """Add every widget to ``self.group``, placed inside ``self.panel_rect()``."""
        raise NotImplementedError

    def keep_view(self) -> Any:
        """A re-layout keeps what was typed, and each list's selected row and scroll."""
        return widget_states(self.group.widgets)

    def restore_view(self, kept: Any) -> None:
        restore_widget_states(self.group.widgets, kept)

    def panel_size(self) -> tuple[int, int]:
        """The panel the overlay would like (it may get less on a small page: ``panel_rect``)."""
        raise NotImplementedError

    def room(self) -> tuple[int, int]:
        """The most a panel may take: the page or, on a magnified page, the part the window shows (at least
        MIN_ROOM), so that the whole overlay is seen at once and the magnifier need not pan inside it."""
        if self.seen is None:
            return self.page
        return (
            min(self.page[0], max(self.seen[0], MIN_ROOM[0])),
            min(self.page[1], max(self.seen[1], MIN_ROOM[1])),
        )

    def fit(self, size: tuple[int, int]) -> pygame.Rect:
        """A panel of ``size`` centred on the page, shrunk to the room (see ``room``)."""
        return fit_panel(size, self.page, self.room())

    def panel_rect(self) -> pygame.Rect:
        """Where the panel sits on the page (logical coordinates): centred, never beyond the room it has."""
        return self.fit(self.panel_size())

    def dismiss(self) -> None:
        """Escape: close without an answer (default: just leave the stack)."""
        if self.stack is not None:
            self.stack.pop(self)

    def handle(self, event: pygame.event.Event) -> bool:
        """A hook for events the widgets don't take (True when used)."""
        return False

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.QUIT:
            return event
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.dismiss()
            return None
        if not self.handle(event):
            self.group.process_event(event)
        return None  # modal: nothing reaches the screen below

    def draw_frame(
        self, surface: pygame.Surface, title: str | None = None, *, title_x: int | None = None, centred: bool = False
    ) -> pygame.Rect:
        """The veil, the panel and its title; returns the panel's rect."""
        p = self.ui.palette
        draw_veil(surface, p)
        panel = self.panel_rect()
        draw_panel(surface, panel, p, fill_alpha=250)
        if title:
            size = self.ui.theme.text_size("heading")
            if centred:
                blit_text(surface, title, (panel.centerx, panel.y + 34), "title", size, p.rubric, "center")
            else:
                blit_text(
                    surface, title, (title_x if title_x is not None else panel.x + 30, panel.y + 22), "title", size, p.rubric
                )
        return panel

"""The shape every modal overlay shares: a veil over the screen, a framed panel, its own widgets.

Dialogs, forms, dice entry, the crash report and the import box all work the
same way: they sit on top (transparent, so the screen shows through the veil),
keep every event to themselves (modal), let a window close pass through, and
close on Escape. Subclasses give ``panel_size`` and ``dismiss`` and draw their
content after ``draw_frame``.

An overlay is laid out for the page it is shown on, like any fluid screen
(``game.app.fluid``): ``panel_rect`` centres the panel the overlay asks for
(``panel_size``) on the page and shrinks it to fit, and ``place_widgets`` puts
the widgets inside that panel. A subclass builds its state in ``__init__`` and
ends with ``self.layout(self.page)``; the loop lays it out again whenever the
page changes (window resize, interface size).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.app.fluid import FluidLayout
from game.app.scene import Scene
from game.ui.context import UIContext
from game.ui.draw import blit_text, draw_panel, draw_veil
from game.ui.group import WidgetGroup
from game.ui.scroll_list import ScrollList
from game.ui.text_field import TextField
from game.ui.theme import LOGICAL_SIZE
from game.ui.widget import Widget

MARGIN = 16  # the least room left between a panel and the edge of the page
MIN_ROOM = (960, 540)  # a panel may always take this much (less only on a smaller page)


def fit_panel(
    size: tuple[int, int], page: tuple[int, int], room: tuple[int, int] | None = None, margin: int = MARGIN
) -> pygame.Rect:
    """A panel of ``size`` centred on ``page``, shrunk where ``room`` (default: the page), less ``margin`` all
    round, is smaller."""
    room = page if room is None else room
    width = max(1, min(int(size[0]), room[0] - 2 * margin))
    height = max(1, min(int(size[1]), room[1] - 2 * margin))
    rect = pygame.Rect(0, 0, width, height)
    rect.center = (page[0] // 2, page[1] // 2)
    return rect


def widget_states(widgets: list[Widget]) -> list[tuple[type, Any]]:
    """What the player put in each widget: typed text, a list's selected row and scroll (see ``restore_widget_states``)."""
    states: list[tuple[type, Any]] = []
    for widget in widgets:
        state: Any = None
        if isinstance(widget, TextField):
            state = widget.text
        elif isinstance(widget, ScrollList):
            state = (widget.selected, widget.scroll_y)
        states.append((type(widget), state))
    return states


def restore_widget_states(widgets: list[Widget], states: list[tuple[type, Any]]) -> None:
    """Put ``widget_states`` back into rebuilt widgets, matched by their order (and kind)."""
    for widget, (kind, state) in zip(widgets, states):
        if type(widget) is not kind or state is None:
            continue
        if isinstance(widget, TextField):
            widget.text = state
        elif isinstance(widget, ScrollList):
            widget.selected = state[0] if state[0] is not None and state[0] < len(widget.items) else None
            widget.scroll_to(state[1])


class ModalScene(FluidLayout, Scene):
    """Base of modal overlays."""

    transparent = True
    #: The part of the page the window shows when the interface size magnifies it (set by the loop), else None.
    seen: tuple[int, int] | None = None

    def __init__(self, ui: UIContext) -> None:
        Scene.__init__(self)
        self.ui = ui
        self.group = WidgetGroup(ui)
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

    def update(self, dt: float) -> None:
        self.group.update(dt)

    @property
    def wants_animation(self) -> bool:
        return self.group.wants_animation

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

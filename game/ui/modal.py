"""What a modal overlay is made of, below the app: its panel's place on the page and its widgets' state.

``fit_panel`` centres a panel of the size an overlay asks for on the page and
shrinks it to the room it has; ``widget_states`` / ``restore_widget_states`` keep
what the player typed and each list's selection across a re-layout. The overlay
itself is a scene, so it lives in the app layer: ``game.app.modal.ModalScene``.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.scroll_list import ScrollList
from game.ui.text_field import TextField
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

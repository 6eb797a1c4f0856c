"""Modal dialog: a message and a row of buttons over a veiled screen.

A Dialog is a ModalScene: push it on the SceneStack and the screen
below stays visible but receives no input (only QUIT passes through). Picking
a button, or Escape (the cancel value), pops it and calls ``on_result(value)``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import pygame

from game.i18n.catalogue import TextSource
from game.ui import fonts
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.draw import blit_text, draw_panel, draw_veil, wrap_words
from game.ui.modal import ModalScene

PAD = 28
BUTTON_H = 46
BUTTON_GAP = 14


class Dialog(ModalScene):
    """A modal question; ``buttons`` are (label, value) pairs, left to right."""

    def __init__(
        self,
        ui: UIContext,
        message: TextSource,
        buttons: Sequence[tuple[TextSource, object]] | None = None,
        *,
        title: TextSource | None = None,
        on_result: Callable[[object], None] | None = None,
        cancel_value: object = None,
        default_index: int | None = None,
        width: int = 600,
    ) -> None:
        """``default_index`` is the button focused at first (default: the last one)."""
        super().__init__(ui)
        self.message = message
        self.title = title
        self.on_result = on_result
        self.cancel_value = cancel_value
        self.width = width
        self.result: object = None
        specs = list(buttons) if buttons else [(ui.tr("common.ok"), True)]
        self.buttons: list[Button] = []
        for index, (label, value) in enumerate(specs):
            primary = index == len(specs) - 1
            button = Button(
                ui, (0, 0, 10, BUTTON_H), label, style="primary" if primary else "normal", on_click=partial(self.close, value)
            )
            self.buttons.append(button)
            self.group.add(button)
        self.default_index = len(specs) - 1 if default_index is None else default_index

    # -- layout ------------------------------------------------------------------

    def _lines(self) -> list[str]:
        return wrap_words(self.ui.text(self.message), "body", self.ui.theme.text_size("body"), self.width - 2 * PAD)

    def panel_rect(self, surface_size: tuple[int, int] = (1280, 720)) -> pygame.Rect:
        """Where the dialog sits (centred)."""
        body = self.ui.theme.text_size("body")
        height = PAD + len(self._lines()) * fonts.line_height("body", body) + BUTTON_H + 2 * PAD
        if self.title is not None:
            height += fonts.line_height("title", self.ui.theme.text_size("heading")) + 8
        rect = pygame.Rect(0, 0, self.width, height)
        rect.center = (surface_size[0] // 2, surface_size[1] // 2)
        return rect

    def _layout(self) -> None:
        panel = self.panel_rect()
        size = self.ui.theme.text_size("button")
        widths = [max(130, fonts.text_width(self.ui.text(b.label), "bold", size) + 40) for b in self.buttons]
        x = panel.right - PAD - sum(widths) - BUTTON_GAP * (len(widths) - 1)
        for button, width in zip(self.buttons, widths):
            button.rect = pygame.Rect(x, panel.bottom - PAD - BUTTON_H, width, BUTTON_H)
            x += width + BUTTON_GAP

    # -- lifecycle -------------------------------------------------------------------

    def on_enter(self) -> None:
        self._layout()
        if self.buttons:
            self.group.focus.focus(self.buttons[self.default_index])
            # Keyboard users see at once which answer Enter gives.
            self.group.focus.visible = True

    def close(self, value: object) -> None:
        """Close with ``value`` (once) and report it."""
        if not self.leave_once():
            return
        self.result = value
        if self.on_result is not None:
            self.on_result(value)

    # -- frame ------------------------------------------------------------------------

    def dismiss(self) -> None:
        """Escape: close with the cancel value."""
        self.close(self.cancel_value)

    def handle(self, event: pygame.event.Event) -> bool:
        self._layout()  # labels may have changed language; the widgets then take the event
        return False

    def draw(self, surface: pygame.Surface) -> None:
        p = self.ui.palette
        draw_veil(surface, p)
        panel = self.panel_rect(surface.get_size())
        draw_panel(surface, panel, p, fill_alpha=255)
        y = panel.top + PAD
        if self.title is not None:
            heading = self.ui.theme.text_size("heading")
            blit_text(surface, self.ui.text(self.title), (panel.left + PAD, y), "title", heading, p.rubric)
            y += fonts.line_height("title", heading) + 8
        body = self.ui.theme.text_size("body")
        for line in self._lines():
            blit_text(surface, line, (panel.left + PAD, y), "body", body, p.ink)
            y += fonts.line_height("body", body)
        self.group.draw(surface)

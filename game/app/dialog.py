"""Modal dialog: a message and a row of buttons over a veiled screen.

A Dialog is a transparent modal overlay (``game.app.modal``): push it on the
SceneStack and the screen below stays visible but receives no input (only QUIT
passes through). Picking a button, or Escape (the cancel value), pops it and
calls ``on_result(value)``. Like every overlay it is laid out for the page: on
a narrow page the message wraps tighter and buttons that do not fit one row go
on two.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import pygame

from game.app.modal import ModalScene
from game.i18n.catalogue import TextSource
from game.ui import fonts
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.draw import blit_text, draw_panel, draw_veil
from game.ui.speech import join
from game.ui.text_fit import fit_lines

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
        self.specs = list(buttons) if buttons else [(ui.tr("common.ok"), True)]
        self.default_index = len(self.specs) - 1 if default_index is None else default_index
        self.buttons: list[Button] = []
        self._placed_for: tuple[list[int], pygame.Rect] = ([], pygame.Rect(0, 0, 0, 0))
        self.layout(self.page)

    # -- layout ------------------------------------------------------------------

    def _inner_width(self) -> int:
        return self.fit((self.width, 1)).width - 2 * PAD

    def _button_widths(self) -> list[int]:
        size = self.ui.theme.text_size("button")
        inner = self._inner_width()
        return [min(inner, max(130, fonts.text_width(self.ui.text(label), "bold", size) + 40)) for label, _ in self.specs]

    def _button_rows(self) -> list[list[int]]:
        """Button indices per row: as many as fit the panel's width on each."""
        rows: list[list[int]] = [[]]
        used = 0
        for index, width in enumerate(self._button_widths()):
            if rows[-1] and used + BUTTON_GAP + width > self._inner_width():
                rows.append([])
                used = 0
            used += width + (BUTTON_GAP if rows[-1] else 0)
            rows[-1].append(index)
        return rows

    def _buttons_height(self) -> int:
        rows = len(self._button_rows())
        return rows * BUTTON_H + (rows - 1) * BUTTON_GAP

    def _title_height(self) -> int:
        return 0 if self.title is None else fonts.line_height("title", self.ui.theme.text_size("heading")) + 8

    def _lines(self, room: int | None = None) -> list[str]:
        """The message wrapped to the panel; with ``room`` (pixels), cut with "…" to what fits in it."""
        body = self.ui.theme.text_size("body")
        text, width = self.ui.text(self.message), self._inner_width()
        if room is None:
            return fit_lines(text, "body", body, width, 10_000)[0]
        return fit_lines(text, "body", body, width, max(1, room // fonts.line_height("body", body)))[0]

    def panel_size(self) -> tuple[int, int]:
        body = self.ui.theme.text_size("body")
        lines = len(self._lines())
        return self.width, PAD + self._title_height() + lines * fonts.line_height("body", body) + self._buttons_height() + 2 * PAD

    def place_widgets(self) -> None:
        panel = self.panel_rect()
        widths = self._button_widths()
        self._placed_for = (widths, pygame.Rect(panel))
        self.buttons = []
        rects: dict[int, pygame.Rect] = {}
        y = panel.bottom - PAD - self._buttons_height()
        for row in self._button_rows():
            x = panel.right - PAD - sum(widths[i] for i in row) - BUTTON_GAP * (len(row) - 1)
            for index in row:
                rects[index] = pygame.Rect(x, y, widths[index], BUTTON_H)
                x += widths[index] + BUTTON_GAP
            y += BUTTON_H + BUTTON_GAP
        for index, (label, value) in enumerate(self.specs):
            primary = index == len(self.specs) - 1
            button = Button(
                self.ui, rects[index], label, style="primary" if primary else "normal", on_click=partial(self.close, value)
            )
            self.buttons.append(self.group.add(button))

    # -- lifecycle -------------------------------------------------------------------

    def on_enter(self) -> None:
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

    def dismiss(self) -> None:
        """Escape answers the cancel value."""
        self.close(self.cancel_value)

    # -- frame ------------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if (self._button_widths(), self.panel_rect()) != self._placed_for:
            self.layout(self.page)  # the texts changed language: the buttons and the panel change size
        return super().process_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        p = self.ui.palette
        draw_veil(surface, p)
        panel = self.panel_rect()
        draw_panel(surface, panel, p, fill_alpha=255)
        y = panel.top + PAD
        if self.title is not None:
            heading = self.ui.theme.text_size("heading")
            blit_text(surface, self.ui.text(self.title), (panel.left + PAD, y), "title", heading, p.rubric)
            y += self._title_height()
        body = self.ui.theme.text_size("body")
        room = panel.bottom - PAD - self._buttons_height() - PAD - y
        for line in self._lines(room):
            blit_text(surface, line, (panel.left + PAD, y), "body", body, p.ink)
            y += fonts.line_height("body", body)
        self.group.draw(surface)

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: the title, the message and the choices."""
        ui = self.ui
        buttons = ", ".join(ui.text(b.label) for b in self.buttons)
        return join(
            ui.text(self.title) if self.title is not None else "", ui.text(self.message), ui.t("access.choices", choices=buttons)
        )

"""The dialog shown after an unexpected error: the sheet is saved; copy the report, carry on."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app.modal import ModalScene
from game.app.navigator import Screen
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.draw import blit_text
from game.ui.layout import Column
from game.ui.speech import join
from game.ui.text_fit import wrap_words

PANEL = (760, 330)
PAD = 30  # the words and the buttons, in from the panel's sides
BUTTONS_FOOT, BUTTON_H = 70, 46  # the buttons' top above the panel's foot, their height
COPY_W, CONTINUE_W, CONTINUE_RIGHT = 260, 200, 230  # Continue's left is CONTINUE_RIGHT in from the panel's right
MESSAGE_TOP, MESSAGE_LINE = 80, 30
LAST_DROP, LAST_LINE, LAST_LINES = 8, 24, 2  # the report's last line, under the message
COPIED_AT = (310, 47)  # "copied": in from the panel's left, its middle above the foot


class CrashReportScene(ModalScene):
    """Modal: what happened (in words), "copy the report" and "continue"."""

    screen = Screen.CRASH_REPORT

    def __init__(self, ui: UIContext, report: str, on_close: Callable[[], None] | None = None) -> None:
        super().__init__(ui)
        self.report = report
        self.on_close = on_close
        self.copied = False
        self.layout(self.page)

    def panel_size(self) -> tuple[int, int]:
        return PANEL

    def place_widgets(self) -> None:
        ui, panel = self.ui, self.panel_rect()
        self.copy_button = self.group.add(
            Button(ui, (panel.x + PAD, panel.bottom - BUTTONS_FOOT, COPY_W, BUTTON_H), ui.tr("crash.copy"), on_click=self.copy)
        )
        self.continue_button = self.group.add(
            Button(
                ui,
                (panel.right - CONTINUE_RIGHT, panel.bottom - BUTTONS_FOOT, CONTINUE_W, BUTTON_H),
                ui.tr("crash.continue"),
                style="primary",
                on_click=self.close,
            )
        )

    def on_enter(self) -> None:
        self.group.focus.focus(self.continue_button)

    def copy(self) -> None:
        self.ui.clipboard.put(self.report)
        self.copied = True

    def close(self) -> None:
        if self.stack is not None:
            self.stack.pop(self)
        if self.on_close is not None:
            self.on_close()

    def dismiss(self) -> None:
        self.close()

    def draw(self, surface: pygame.Surface) -> None:
        p = self.ui.palette
        panel = self.draw_frame(surface, self.ui.t("crash.title"))
        body = self.ui.theme.text_size("body")
        column = Column((panel.x + PAD, panel.y + MESSAGE_TOP, panel.width - 2 * PAD, panel.height))
        for line in wrap_words(self.ui.t("crash.message"), "body", body, panel.width - 2 * PAD):
            blit_text(surface, line, column.row(MESSAGE_LINE).topleft, "body", body, p.ink)
        last = self.report.strip().splitlines()[-1] if self.report.strip() else ""
        column.skip(LAST_DROP)
        for line in wrap_words(last, "italic", self.ui.theme.text_size("small"), panel.width - 2 * PAD)[:LAST_LINES]:
            blit_text(surface, line, column.row(LAST_LINE, gap=0).topleft, "italic", self.ui.theme.text_size("small"), p.ink_soft)
        if self.copied:
            blit_text(
                surface,
                self.ui.t("crash.copied"),
                (panel.x + COPIED_AT[0], panel.bottom - COPIED_AT[1]),
                "italic",
                self.ui.theme.text_size("small"),
                p.good,
                "midleft",
            )
        self.group.draw(surface)

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: the crash report."""
        return join(self.ui.t("access.screen_crash"))

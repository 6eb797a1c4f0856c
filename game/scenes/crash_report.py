"""The dialog shown after an unexpected error: the sheet is saved; copy the report, carry on."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app.modal import ModalScene
from game.app.navigator import Screen
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.draw import blit_text
from game.ui.speech import join
from game.ui.text_fit import wrap_words


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
        return 760, 330

    def place_widgets(self) -> None:
        ui, panel = self.ui, self.panel_rect()
        self.copy_button = self.group.add(
            Button(ui, (panel.x + 30, panel.bottom - 70, 260, 46), ui.tr("crash.copy"), on_click=self.copy)
        )
        self.continue_button = self.group.add(
            Button(
                ui, (panel.right - 230, panel.bottom - 70, 200, 46), ui.tr("crash.continue"), style="primary", on_click=self.close
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
        y = panel.y + 80
        for line in wrap_words(self.ui.t("crash.message"), "body", body, panel.width - 60):
            blit_text(surface, line, (panel.x + 30, y), "body", body, p.ink)
            y += 30
        last = self.report.strip().splitlines()[-1] if self.report.strip() else ""
        for line in wrap_words(last, "italic", self.ui.theme.text_size("small"), panel.width - 60)[:2]:
            blit_text(surface, line, (panel.x + 30, y + 8), "italic", self.ui.theme.text_size("small"), p.ink_soft)
            y += 24
        if self.copied:
            blit_text(
                surface,
                self.ui.t("crash.copied"),
                (panel.x + 310, panel.bottom - 47),
                "italic",
                self.ui.theme.text_size("small"),
                p.good,
                "midleft",
            )
        self.group.draw(surface)

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: the crash report."""
        return join(self.ui.t("access.screen_crash"))

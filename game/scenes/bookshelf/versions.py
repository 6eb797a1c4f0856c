"""The shelf's "open which version?" overlay: every good version of an adventure, newest first, one to open.

Shown when the save itself will not do (it does not read, or does not replay)
or made a screen fail: the rows are the versions that read and replay (the
save itself first when it is one of them), each with when it was written,
how many actions it holds and its last action. "Open" (or a double click, or
Enter) opens the row chosen; Escape or Cancel leaves the choice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.app.modal import ModalScene
from game.i18n.catalogue import TextSource
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.draw import blit_text
from game.ui.scroll_list import ScrollList
from game.ui.text_fit import wrap_words

PANEL = (900, 470)
PAD = 30
ROW = 48
BUTTON = (150, 46)
INTRO_Y = 70
LIST_Y = 124


class VersionsScene(ModalScene):
    """Pick one of ``choices`` (its text, the version number it opens); ``on_choose(number)`` opens it."""

    def __init__(
        self,
        ui: UIContext,
        title: TextSource,
        intro: TextSource,
        choices: Sequence[tuple[str, int]],
        on_choose: Callable[[int], object],
    ) -> None:
        super().__init__(ui)
        self.title = title
        self.intro = intro
        self.choices = list(choices)
        self.on_choose = on_choose
        self.layout(self.page)

    def panel_size(self) -> tuple[int, int]:
        return PANEL

    def place_widgets(self) -> None:
        panel = self.panel_rect()
        width, height = BUTTON
        buttons_y = panel.bottom - 20 - height
        self.rows = self.group.add(
            ScrollList(
                self.ui,
                (panel.x + PAD, panel.y + LIST_Y, panel.width - 2 * PAD, buttons_y - 14 - (panel.y + LIST_Y)),
                [text for text, _number in self.choices],
                row_height=ROW,
                on_select=lambda _index: self._follow(),
                on_activate=lambda _index: self.choose(),
                empty=self.ui.tr("shelf.no_good_version"),
                spoken_name=self.title,
            )
        )
        self.cancel_button = self.group.add(
            Button(
                self.ui,
                (panel.right - PAD - 2 * width - 14, buttons_y, width, height),
                self.ui.tr("common.cancel"),
                on_click=self.dismiss,
            )
        )
        self.open_button = self.group.add(
            Button(
                self.ui,
                (panel.right - PAD - width, buttons_y, width, height),
                self.ui.tr("shelf.open"),
                style="primary",
                on_click=self.choose,
            )
        )
        if self.rows.selected is None and self.choices:
            self.rows.selected = 0  # the newest good version, ready to open
        self._follow()

    def on_enter(self) -> None:
        self.group.focus.focus(self.rows)

    def _follow(self) -> None:
        self.open_button.set_enabled(self.rows.selected is not None, self.ui.tr("shelf.select_first"))

    def choose(self) -> None:
        """Open the version of the selected row (once: a double click and Enter do not open it twice)."""
        index = self.rows.selected
        if index is None or not self.leave_once():
            return
        self.on_choose(self.choices[index][1])

    def draw(self, surface: pygame.Surface) -> None:
        panel = self.draw_frame(surface, self.ui.text(self.title))
        small = self.ui.theme.text_size("small")
        for number, line in enumerate(wrap_words(self.ui.text(self.intro), "italic", small, panel.width - 2 * PAD)[:2]):
            blit_text(surface, line, (panel.x + PAD, panel.y + INTRO_Y + number * 22), "italic", small, self.ui.palette.ink_soft)
        self.group.draw(surface)

"""F1: the rules of this book for this screen, with this book's numbers (game.app.rules_help).

A modal page in two columns over the screen that asked; "Mouse and keys"
opens the shortcuts help (game.scenes.help) for the same screen. Escape, F1
or the close button leaves.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.app.navigator import Screen
from game.app.rules_help import rules_help
from game.app.services import Services
from game.app.showcase import sample_adventure, showcase
from game.ui import fonts
from game.ui.button import Button
from game.ui.draw import blit_text, draw_rule, wrap_words
from game.ui.modal import ModalScene

PANEL = pygame.Rect(40, 24, 1200, 672)
PAD = 36
GAP = 40
TOP = 92
BOTTOM = 70


class RulesHelpScene(ModalScene):
    """The book's rules for the screen ``topic`` (creation, sheet, combat)."""

    def __init__(self, services: Services, book: Any, topic: str) -> None:
        super().__init__(services.ui)
        self.services = services
        self.book = book
        self.topic = topic  # not ``screen``: that is the navigator's Screen of a scene
        ui = self.ui
        self.shortcuts_button = self.group.add(
            Button(ui, (PANEL.x + PAD, PANEL.bottom - 60, 260, 44), ui.tr("rules_help.shortcuts"), on_click=self.open_shortcuts)
        )
        self.close_button = self.group.add(
            Button(
                ui,
                (PANEL.right - PAD - 150, PANEL.bottom - 60, 150, 44),
                ui.tr("play.close"),
                style="primary",
                on_click=self.dismiss,
            )
        )

    def panel_rect(self) -> pygame.Rect:
        return PANEL

    def sections(self) -> list[tuple[str, list[str]]]:
        return rules_help(self.ui, self.book, self.topic)

    def open_shortcuts(self) -> None:
        if self.stack is not None:
            self.services.navigator.open(self, Screen.HELP, self.topic)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.dismiss()
            return True
        return False

    def text_size(self) -> int:
        """Body size when everything fits in two columns, else the small size."""
        for role in ("body", "small"):
            size = self.ui.theme.text_size(role)
            if self._fits(size):
                return size
        return self.ui.theme.text_size("small")

    def _column_width(self) -> int:
        return (PANEL.width - 2 * PAD - GAP) // 2

    def _blocks(self, size: int) -> list[tuple[str, list[str]]]:
        width = self._column_width()
        return [
            (heading, [line for text in lines for line in wrap_words("• " + text, "body", size, width)])
            for heading, lines in self.sections()
        ]

    def _fits(self, size: int) -> bool:
        height = PANEL.height - TOP - BOTTOM
        line_h, head_h = fonts.line_height("body", size), fonts.line_height("title", size) + 6
        columns, used = 1, 0
        for _heading, lines in self._blocks(size):
            block = head_h + len(lines) * line_h + 10
            if used + block > height:
                columns, used = columns + 1, 0
            used += block
        return columns <= 2

    def draw(self, surface: pygame.Surface) -> None:
        ui, p = self.ui, self.ui.palette
        screen = ui.t(f"rules_help.screen_{self.topic}") if ui.catalogue.has(f"rules_help.screen_{self.topic}") else self.topic
        panel = self.draw_frame(surface, ui.t("rules_help.title", screen=screen), centred=True)
        draw_rule(surface, panel.x + 300, panel.right - 300, panel.y + 66, p.ink_soft)
        size = self.text_size()
        line_h, head_h = fonts.line_height("body", size), fonts.line_height("title", size) + 6
        blocks = self._blocks(size)
        if not blocks:
            blit_text(surface, ui.t("rules_help.none"), panel.center, "italic", size, p.ink_faint, "center")
        x, y, column = panel.x + PAD, panel.y + TOP, 0
        bottom = panel.bottom - BOTTOM
        for heading, lines in blocks:
            block = head_h + len(lines) * line_h + 10
            if y + block > bottom and column == 0:
                x, y, column = x + self._column_width() + GAP, panel.y + TOP, 1
            blit_text(surface, heading, (x, y), "title", size, p.rubric)
            y += head_h
            for line in lines:
                if y + line_h > bottom:
                    break
                blit_text(surface, line, (x, y), "body", size, p.ink)
                y += line_h
            y += 10
        blit_text(
            surface,
            ui.t("rules_help.close_hint"),
            (panel.centerx, panel.bottom - 38),
            "italic",
            ui.theme.text_size("small"),
            p.ink_soft,
            "center",
        )
        self.group.draw(surface)


@showcase("rules-help-combat")
def _showcase_rules_combat(services: Services) -> list[Any]:
    adventure = sample_adventure(services)
    return [services.navigator.build(Screen.SHEET, adventure), RulesHelpScene(services, adventure.book, "combat")]


@showcase("rules-help-sheet")
def _showcase_rules_sheet(services: Services) -> list[Any]:
    adventure = sample_adventure(services, "DF64")
    return [services.navigator.build(Screen.SHEET, adventure), RulesHelpScene(services, adventure.book, "sheet")]


@showcase("rules-help-creation")
def _showcase_rules_creation(services: Services) -> list[Any]:
    book = services.shelf.books["DF64"]
    return [services.navigator.build(Screen.CREATION, book), RulesHelpScene(services, book, "creation")]

"""F1: the rules of this book for this screen, with this book's numbers (game.app.rules_help).

A modal page in two columns over the screen that asked; "Mouse and keys"
opens the shortcuts help (game.scenes.help) for the same screen. Escape, F1
or the close button leaves.
"""

from __future__ import annotations

from itertools import combinations, pairwise

import pygame

from game.app.modal import ModalScene
from game.app.navigator import Screen
from game.app.rules_help import rules_help
from game.app.services import Services
from game.books.fighting_fantasy import FightingFantasyBook
from game.ui import fonts
from game.ui.button import Button
from game.ui.draw import blit_text, draw_rule
from game.ui.reading import ReadingPane, in_view
from game.ui.speech import join
from game.ui.text_fit import fit_line, wrap_words

PAD = 36
GAP = 40
TOP = 92
BOTTOM = 70
MIN_HEIGHT = 420  # a book with few rules still gets a panel of some presence
SCROLLBAR_ROOM = 14  # right of the columns, for the scrollbar when the rules scroll
WIDTH = (1200, 1500)  # the panel: at least, at most
PAGE_ROOM = 80  # the page's width the panel leaves
THREE_COLUMNS_FROM = 1400  # a content this wide reads in three columns
HEADING_GAP, SECTION_GAP = 6, 10  # under a section's heading; after its last line
BUTTONS_FOOT, BUTTON_H = 60, 44  # the buttons' top above the panel's foot; their height
SHORTCUTS_W, CLOSE_W = 260, 150
HINT_GAP = 12  # the close hint between the two buttons
TITLE_RULE, TITLE_RULE_INSET = 66, 300


class RulesHelpScene(ModalScene):
    """The book's rules for ``topic`` (creation, sheet, combat), in columns that scroll when long."""

    def __init__(self, services: Services, book: FightingFantasyBook, topic: str) -> None:
        super().__init__(services.ui)
        self.services = services
        self.book = book
        self.topic = topic  # not ``screen``: that is the navigator's Screen of a scene
        self._wrapped: dict[tuple[int, int, str], list[tuple[str, list[str]]]] = {}
        self.layout(self.page)

    def panel_size(self) -> tuple[int, int]:
        """As tall as the rules need at the body size (the page may shrink it: then smaller text, then scrolling);
        wider on a bigger page, where a third column shortens it."""
        body = self.ui.theme.text_size("body")
        return self.panel_size_width(), max(MIN_HEIGHT, TOP + self._content_height(body) + BOTTOM)

    def place_widgets(self) -> None:
        ui, panel = self.ui, self.panel_rect()
        size = self.text_size()
        self.pane = self.group.add(ReadingPane(ui, self._content_rect(), self._content_height(size), self._paint_rules))
        self.shortcuts_button = self.group.add(
            Button(
                ui,
                (panel.x + PAD, panel.bottom - BUTTONS_FOOT, SHORTCUTS_W, BUTTON_H),
                ui.tr("rules_help.shortcuts"),
                on_click=self.open_shortcuts,
            )
        )
        self.close_button = self.group.add(
            Button(
                ui,
                (panel.right - PAD - CLOSE_W, panel.bottom - BUTTONS_FOOT, CLOSE_W, BUTTON_H),
                ui.tr("play.close"),
                style="primary",
                on_click=self.dismiss,
            )
        )

    def keep_view(self) -> int:
        return self.pane.offset

    def restore_view(self, kept: int) -> None:
        self.pane.scroll_to(kept)

    def sections(self) -> list[tuple[str, list[str]]]:
        return rules_help(self.ui, self.book, self.topic)

    def open_shortcuts(self) -> None:
        if self.stack is not None:
            self.services.navigator.open(self, Screen.HELP, self.topic)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.dismiss()
            return True
        return self.pane.scroll_key(event)

    # -- layout: blocks (a heading and its lines) flowed into columns ------------------------------------
    def _content_rect(self) -> pygame.Rect:
        panel = self.panel_rect()
        return pygame.Rect(panel.x + PAD, panel.y + TOP, panel.width - 2 * PAD, panel.height - TOP - BOTTOM)

    def _content_width(self) -> int:
        return self.fit((self.panel_size_width(), 1)).width - 2 * PAD

    def panel_size_width(self) -> int:
        least, most = WIDTH
        return max(least, min(most, self.room()[0] - PAGE_ROOM))

    def columns(self) -> int:
        """Two columns; three where they would be too wide to read easily."""
        return 3 if self._content_width() >= THREE_COLUMNS_FROM else 2

    def _column_width(self) -> int:
        columns = self.columns()
        return (self._content_width() - SCROLLBAR_ROOM - GAP * (columns - 1)) // columns

    def _blocks(self, size: int) -> list[tuple[str, list[str]]]:
        """Each section's heading and its lines wrapped to a column (kept: drawing asks for them often)."""
        width = self._column_width()
        key = (size, width, self.ui.catalogue.language)
        if key not in self._wrapped:
            self._wrapped[key] = [
                (heading, [line for text in lines for line in wrap_words("• " + text, "body", size, width)])
                for heading, lines in self.sections()
            ]
        return self._wrapped[key]

    def _flow(self, size: int) -> list[list[tuple[str, list[str]]]]:
        """The blocks in reading order, cut into columns so that the tallest column is as short as can be."""
        line_h, head_h = fonts.line_height("body", size), fonts.line_height("title", size) + HEADING_GAP
        blocks = self._blocks(size)
        heights = [head_h + len(lines) * line_h + SECTION_GAP for _heading, lines in blocks]
        columns = min(self.columns(), max(1, len(blocks)))
        best: tuple[int, tuple[int, ...]] | None = None
        for cuts in combinations(range(1, len(blocks)), columns - 1):
            edges = (0, *cuts, len(blocks))
            tallest = max(sum(heights[a:b]) for a, b in pairwise(edges))
            if best is None or tallest < best[0]:
                best = (tallest, edges)
        edges = best[1] if best is not None else (0, len(blocks))
        return [blocks[a:b] for a, b in pairwise(edges)]

    def _content_height(self, size: int) -> int:
        line_h, head_h = fonts.line_height("body", size), fonts.line_height("title", size) + HEADING_GAP
        heights = (sum(head_h + len(lines) * line_h + SECTION_GAP for _h, lines in column) for column in self._flow(size))
        return max(heights, default=0)

    def _fits(self, size: int) -> bool:
        return self._content_height(size) <= self._content_rect().height

    def text_size(self) -> int:
        """Body size when everything fits without scrolling, else the small size (which scrolls if it must)."""
        for role in ("body", "small"):
            size = self.ui.theme.text_size(role)
            if self._fits(size):
                return size
        return self.ui.theme.text_size("small")

    # -- drawing --------------------------------------------------------------------------------------
    def _paint_rules(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The columns, from the top of the (scrolled) content; only the lines in view."""
        p, size = self.ui.palette, self.text_size()
        line_h, head_h = fonts.line_height("body", size), fonts.line_height("title", size) + HEADING_GAP
        for index, column in enumerate(self._flow(size)):
            x, y = rect.x + index * (self._column_width() + GAP), rect.y
            for heading, lines in column:
                if in_view(surface, y, head_h):
                    blit_text(surface, heading, (x, y), "title", size, p.rubric)
                y += head_h
                for line in lines:
                    if in_view(surface, y, line_h):
                        blit_text(surface, line, (x, y), "body", size, p.ink)
                    y += line_h
                y += SECTION_GAP

    def draw(self, surface: pygame.Surface) -> None:
        ui, p = self.ui, self.ui.palette
        topic = self.topic
        screen = ui.t(f"rules_help.screen_{topic}") if ui.catalogue.has(f"rules_help.screen_{topic}") else topic
        panel = self.draw_frame(surface, ui.t("rules_help.title", screen=screen), centred=True)
        draw_rule(surface, panel.x + TITLE_RULE_INSET, panel.right - TITLE_RULE_INSET, panel.y + TITLE_RULE, p.ink_soft)
        if not self.sections():
            size = self.text_size()
            blit_text(surface, ui.t("rules_help.none"), panel.center, "italic", size, p.ink_faint, "center")
        hint_box = pygame.Rect(
            self.shortcuts_button.rect.right + HINT_GAP,
            panel.bottom - BUTTONS_FOOT,
            self.close_button.rect.left - HINT_GAP - self.shortcuts_button.rect.right - HINT_GAP,
            BUTTON_H,
        )
        small = ui.theme.text_size("small")
        hint, hint_size = fit_line(ui.t("rules_help.close_hint"), "italic", small, hint_box.width)
        blit_text(
            surface, hint, hint_box.center, "italic", hint_size, p.ink_soft, "center", box=hint_box, owner="rules help hint"
        )
        self.group.draw(surface)

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: every section's title and lines, then the keys."""
        parts = []
        for title, lines in self.sections():
            parts.append(title)
            parts.extend(lines)
        return join(*parts, self.ui.t("access.rules_help_keys"))

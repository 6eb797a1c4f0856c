"""The Adventure Sheet as a one-page picture to share, in the book's look.

Scores (current / initial), counters, equipment, the paragraph and the road
taken, creature boxes, notes, and how the adventure is played. Drawn on an
off-screen surface from the state and the book data, so any book's scores and
counters appear; saved as a PNG by the share screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.journal import play_badge
from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.ff.ruleset import calendar_view
from game.ui import fonts
from game.ui.context import UIContext
from game.ui.draw import blit_text, draw_panel, draw_rule, paint_parchment
from game.ui.layout import Column
from game.ui.text_fit import ellipsize, wrap_words

if TYPE_CHECKING:
    from game.app.adventure import FFAdventure
    from game.rules.ff.state import SheetState
    from game.ui.draw import Colour

CARD_SIZE = (900, 1272)  # an A4 page's proportions
PAD = 34  # the card's margin
PANELS_TOP = 184  # the scores and the paragraph, under the header
LEFT_WIDTH = 420  # the left column: the scores, then the backpack
BAG_HEIGHT = 440  # the backpack and the creatures beside it
COLUMN_GAP = 20  # between the two columns
ROW_GAP = 18  # between a row of panels and the next
INSET = 20  # a panel's text from its left edge
HEADING_TOP = 14  # a panel's heading from its top
FIRST_LINE = 56  # a list's first line under its heading
SCORE_ROW = 46
BOX_ROW = 44  # a creature box's row
MORE_LINE = 24  # the room the "and N more" line takes under the boxes
NAME_GAP = 12  # between a creature's name and its scores
FOOTER_RISE = 30  # the footer's middle, above the card's foot
TITLE_TOP, SUBTITLE_TOP, RULE_TOP, RULE_INSET = 30, 86, 118, 200  # the header, down the card
NAME_TOP, BADGE_TOP = 136, 146  # the hero's name (left) and how the adventure is played (right)
SCORES_CHROME = 70  # the scores panel: its heading and foot, above and below the rows
CURRENT_X, INITIAL_X = 270, 360  # the current and initial scores' middles, in from the panel's left
SCORE_HEADINGS_TOP, FIRST_SCORE = 22, 62  # the columns' headings and the first score's middle, from the panel's top
PARAGRAPH_MIDDLE, PARAGRAPH_SIZE = 86, 54  # the paragraph's number
DAY_RISE = 30  # the day ticked last, above the panel's foot
ROAD_SHOWN, ROAD_TOP, ROAD_LINE = 12, 130, 22  # the last paragraphs of the road: how many, its first line, a line
ROAD_LINES, DATED_ROAD_LINES = 3, 2  # the day's line takes the third
COUNTER_ROW, COUNTER_VALUE_X = 34, 40  # a counter's row; its value's middle in from the panel's right
EQUIPMENT_GAP, EQUIPMENT_HEADING, ITEM_ROW = 6, 30, 26  # above the equipment's heading, its row, an item's row
LAST_ITEM_RISE = 30  # an item whose row starts below the panel's foot less this is "…"
ITEM_INSET, ITEM_ROOM = 24, 50  # an item's text in from the left; the panel's width less this
BOX_INSET, BOX_HEIGHT, BOX_RISE, BOX_RADIUS = 16, 40, 4, 4  # a creature box's frame, around its row
BOX_TEXT, BOX_MIDDLE = 26, 16  # a box's name and scores in from its sides; their middle down its row
BOX_ROOM = 52  # a box's name: the panel's width less this, less its scores
NO_CREATURES_TOP = 120
NOTES_FOOT, NOTES_FIRST, NOTES_LAST = 60, 54, 12  # the notes panel above the card's foot; its first line; its foot


def render_sheet_card(ui: UIContext, adventure: FFAdventure) -> pygame.Surface:
    """The sheet of ``adventure`` as a surface of CARD_SIZE."""
    surface = pygame.Surface(CARD_SIZE)
    paint_parchment(surface, ui.palette)
    card = _Card(surface, ui, adventure.book, adventure.state)
    card.header(play_badge(ui, adventure.session))
    scores = card.scores()
    card.paragraph(scores)
    bag = card.backpack(scores.bottom + ROW_GAP)
    card.creatures(bag)
    card.notes(bag)
    footer = ui.t("play.card_footer", entries=adventure.session.length)
    blit_text(
        surface, footer, (CARD_SIZE[0] // 2, CARD_SIZE[1] - FOOTER_RISE), "italic", card.small, ui.palette.ink_soft, "center"
    )
    return surface


class _Card:
    """The card's panels, drawn one after the other on ``surface`` from the book and the state."""

    def __init__(self, surface: pygame.Surface, ui: UIContext, book: FightingFantasyBook, state: SheetState) -> None:
        self.surface, self.ui, self.book, self.state = surface, ui, book, state
        self.language = ui.catalogue.language
        theme = ui.theme
        self.heading, self.body, self.small = theme.text_size("heading"), theme.text_size("body"), theme.text_size("small")

    def text(self, text: str, at: tuple[int, int], style: str, size: int, colour: Colour, anchor: str = "topleft") -> None:
        blit_text(self.surface, text, at, style, size, colour, anchor)

    def header(self, badge: str) -> None:
        """The book's title, the card's subtitle, the hero's name and how the adventure is played."""
        p, width = self.ui.palette, CARD_SIZE[0]
        label = self.book.label(self.language)
        title = (f"{label} · " if label else "") + self.book.title.get(self.language)
        self.text(title, (width // 2, TITLE_TOP), "title", self.ui.theme.text_size("title"), p.rubric, "midtop")
        self.text(self.ui.t("play.card_subtitle"), (width // 2, SUBTITLE_TOP), "italic", self.small, p.ink_soft, "midtop")
        draw_rule(self.surface, RULE_INSET, width - RULE_INSET, RULE_TOP, p.ink_soft)
        hero = self.state.hero
        name = (hero.name if hero is not None else "") or self.ui.t("sheet.nameless")
        self.text(name, (PAD, NAME_TOP), "title", self.heading, p.ink)
        self.text(badge, (width - PAD, BADGE_TOP), "italic", self.small, p.ink_soft, "topright")

    def scores(self) -> pygame.Rect:
        """Every score, current and initial; the panel's rect."""
        p, t, hero = self.ui.palette, self.ui.t, self.state.hero
        scores = pygame.Rect(PAD, PANELS_TOP, LEFT_WIDTH, SCORES_CHROME + SCORE_ROW * len(self.book.stats))
        draw_panel(self.surface, scores, p)
        current_x, initial_x, headings_y = scores.x + CURRENT_X, scores.x + INITIAL_X, scores.y + SCORE_HEADINGS_TOP
        self.text(t("sheet.heading_current"), (current_x, headings_y), "italic", self.small, p.ink_soft, "center")
        self.text(t("sheet.heading_initial"), (initial_x, headings_y), "italic", self.small, p.ink_soft, "center")
        for index, stat in enumerate(self.book.stats):
            y = scores.y + FIRST_SCORE + index * SCORE_ROW
            self.text(stat.name.get(self.language), (scores.x + INSET, y), "title", self.body, p.ink, "midleft")
            if hero is not None:
                current = str(hero.scores.get(stat.id, "—"))
                self.text(current, (current_x, y), "bold", self.heading, p.ink, "center")
                initial = str(hero.initial.get(stat.id, "—")) if stat.capped_at_initial else "—"
                self.text(initial, (initial_x, y), "body", self.body, p.ink_soft, "center")
        return scores

    def paragraph(self, scores: pygame.Rect) -> None:
        """The paragraph, the day ticked last and the road taken, right of the scores."""
        p, t, state, small = self.ui.palette, self.ui.t, self.state, self.small
        para = pygame.Rect(scores.right + COLUMN_GAP, PANELS_TOP, CARD_SIZE[0] - scores.right - COLUMN_GAP - PAD, scores.height)
        draw_panel(self.surface, para, p)
        self.text(t("sheet.paragraph"), (para.x + INSET, para.y + HEADING_TOP), "title", self.body, p.ink)
        current = f"§ {state.paragraph}" if state.paragraph else "§ —"
        self.text(current, (para.centerx, para.y + PARAGRAPH_MIDDLE), "bold", PARAGRAPH_SIZE, p.rubric, "center")
        calendar = calendar_view(self.book, state, self.language) if self.book.calendar is not None else None
        dated = calendar is not None and calendar["today"] is not None
        if calendar is not None and dated:  # R-TIME-1: the day ticked last
            short = t("sheet.calendar_short", ticked=calendar["ticked"], weeks=calendar["weeks"])
            day = t("sheet.today", day=calendar["today"]) + " · " + short
            self.text(day, (para.x + INSET, para.bottom - DAY_RISE), "italic", small, p.ink_soft)
        road = list(state.paragraph_history)[-ROAD_SHOWN:]
        if road:
            trail = " → ".join(str(n) for n in road)
            room = DATED_ROAD_LINES if dated else ROAD_LINES
            column = Column((para.x + INSET, para.y + ROAD_TOP, para.width - 2 * INSET, para.height))
            for line in wrap_words(trail, "body", small, para.width - 2 * INSET)[-room:]:
                self.text(line, column.row(ROAD_LINE).topleft, "body", small, p.ink_soft)

    def backpack(self, top: int) -> pygame.Rect:
        """The counters, then the equipment (as many items as fit); the panel's rect."""
        p, state, small = self.ui.palette, self.state, self.small
        bag = pygame.Rect(PAD, top, LEFT_WIDTH, BAG_HEIGHT)
        draw_panel(self.surface, bag, p)
        self.text(self.ui.t("sheet.backpack"), (bag.x + INSET, bag.y + HEADING_TOP), "title", self.body, p.ink)
        column = Column((bag.x, bag.y + FIRST_LINE, bag.width, bag.height - FIRST_LINE))
        for counter in self.book.counters:
            y = column.row(COUNTER_ROW).y  # the row's top is the line's middle
            self.text(counter.name.get(self.language), (bag.x + INSET, y), "body", self.body, p.ink, "midleft")
            value = str(state.counters.get(counter.id, 0))
            self.text(value, (bag.right - COUNTER_VALUE_X, y), "bold", self.body, p.ink, "center")
        heading = column.row(EQUIPMENT_HEADING, gap=EQUIPMENT_GAP)
        self.text(self.ui.t("sheet.equipment"), (bag.x + INSET, heading.y), "title", small, p.ink_soft)
        for item in state.equipment:
            row = column.row(ITEM_ROW)
            if row.y > bag.bottom - LAST_ITEM_RISE:
                self.text("…", (bag.x + INSET, row.y), "body", small, p.ink_soft)
                break
            self.text(
                wrap_words(item, "body", small, bag.width - ITEM_ROOM)[0], (bag.x + ITEM_INSET, row.y), "body", small, p.ink
            )
        return bag

    def creatures(self, bag: pygame.Rect) -> None:
        """The creature boxes (as many as fit, then how many more), right of the backpack; a long name is
        shortened with "…" before its scores."""
        p, t, small = self.ui.palette, self.ui.t, self.small
        boxes = pygame.Rect(bag.right + COLUMN_GAP, bag.y, CARD_SIZE[0] - bag.right - COLUMN_GAP - PAD, BAG_HEIGHT)
        draw_panel(self.surface, boxes, p)
        self.text(t("play.card_creatures"), (boxes.x + INSET, boxes.y + HEADING_TOP), "title", self.body, p.ink)
        skill, stamina = _short(self.book, "skill", self.language), _short(self.book, "stamina", self.language)
        y = boxes.y + FIRST_LINE
        creature_boxes = list(self.state.creature_boxes)
        rows = (boxes.bottom - MORE_LINE - y) // BOX_ROW  # the boxes that fit above the "and N more" line
        for box in creature_boxes[:rows]:
            frame = (boxes.x + BOX_INSET, y - BOX_RISE, boxes.width - 2 * BOX_INSET, BOX_HEIGHT)
            pygame.draw.rect(self.surface, p.ink_faint, frame, 1, border_radius=BOX_RADIUS)
            alive = box.stamina > 0
            label = box.name if alive else t("play.card_defeated", name=box.name)
            scores = f"{skill} {box.skill} · {stamina} {box.stamina}"
            room = boxes.width - BOX_ROOM - fonts.font("body", small).size(scores)[0] - NAME_GAP  # a long name stops short
            shown = ellipsize(label, "body", small, room)
            self.text(shown, (boxes.x + BOX_TEXT, y + BOX_MIDDLE), "body", small, p.ink if alive else p.ink_soft, "midleft")
            self.text(scores, (boxes.right - BOX_TEXT, y + BOX_MIDDLE), "body", small, p.ink, "midright")
            y += BOX_ROW
        if len(creature_boxes) > rows:
            self.text(t("play.and_more", n=len(creature_boxes) - rows), (boxes.x + BOX_TEXT, y), "italic", small, p.ink_soft)
        if not creature_boxes:
            self.text(
                t("sheet.no_creatures"), (boxes.centerx, boxes.y + NO_CREATURES_TOP), "italic", small, p.ink_faint, "center"
            )

    def notes(self, bag: pygame.Rect) -> None:
        """The notes, as many lines as the panel holds, under the backpack and the creatures."""
        p, small = self.ui.palette, self.small
        notes = pygame.Rect(PAD, bag.bottom + ROW_GAP, CARD_SIZE[0] - 2 * PAD, CARD_SIZE[1] - bag.bottom - ROW_GAP - NOTES_FOOT)
        draw_panel(self.surface, notes, p)
        self.text(self.ui.t("sheet.tab_notes"), (notes.x + INSET, notes.y + HEADING_TOP), "title", self.body, p.ink)
        line_h = fonts.line_height("italic", small)
        column = Column.inside(notes, (INSET, NOTES_FIRST), bottom=NOTES_LAST)
        for line in wrap_words(self.state.notes or "", "italic", small, notes.width - 2 * INSET):
            if not column.fits(line_h):
                break
            self.text(line, column.row(line_h).topleft, "italic", small, p.ink)


def _short(book: FightingFantasyBook, stat: str, language: str) -> str:
    try:
        definition = book.stat(stat)
    except KeyError:
        return stat
    return (definition.short or definition.name).get(language)

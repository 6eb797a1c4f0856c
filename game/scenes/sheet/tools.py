"""The sheet's "Tools" tab: what a book adds beyond SKILL, STAMINA and LUCK.

Every row comes from the book data (issue 12, "the screens follow the data"):
the spells and abilities the hero may cast, the scores the book makes
testable, the dice tray, the crew rolled at creation and the book's death
conditions and warnings. The tab's controls only call the sheet's intents
(``cast_spell``, ``test_stat``, ``roll_dice``); the rules decide and refuse.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Protocol

import pygame

from game.books.fighting_fantasy import FightingFantasyBook
from game.scenes.sheet.layout import END_LINE, LAST_ROLL, TRAY, ToolsRegions, condition_lines, testable_stats
from game.scenes.sheet.view import Condition, ToolsLines
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.draw import blit_text
from game.ui.scroll_list import ScrollList
from game.ui.text_fit import fit_line, wrap_words
from game.ui.widget import Widget

LINE = END_LINE  # a line of the crew or of the end conditions


class ToolsIntents(Protocol):
    """What the Tools tab's controls ask of the sheet."""

    def selection_changed(self) -> None: ...

    def cast_spell(self) -> None: ...

    def test_stat(self, stat: str) -> None: ...

    def roll_dice(self, dice: str) -> None: ...

    def tick_track(self, track: str) -> None: ...


@dataclass
class ToolsControls:
    """The tab's widgets: the spells and Cast (for a book with spells), a test per testable score, the tray."""

    spells: ScrollList | None
    cast_button: Button | None
    test_buttons: dict[str, Button]
    tray_buttons: dict[str, Button]
    track_buttons: dict[str, Button]  # a track of the book moves on by one (a day of the LOG)

    @property
    def widgets(self) -> list[Widget]:
        """Every widget of the tab, in reading order."""
        found: list[Widget] = [w for w in (self.spells, self.cast_button) if w is not None]
        return found + [*self.test_buttons.values(), *self.track_buttons.values(), *self.tray_buttons.values()]


def build_tools(ui: UIContext, regions: ToolsRegions, book: FightingFantasyBook, intents: ToolsIntents) -> ToolsControls:
    """The tab's widgets for ``book``, placed in ``regions``."""
    spells = cast = None
    if regions.spells is not None and regions.cast is not None:
        spells = ScrollList(
            ui,
            regions.spells,
            row_height=regions.spell_row,
            spoken_name=ui.tr("powers.spells"),  # a compact tab has no heading over the list
            on_select=lambda i: intents.selection_changed(),
            on_activate=lambda i: intents.cast_spell(),
        )
        cast = Button(ui, regions.cast, ui.tr("powers.cast"), style="primary", on_click=intents.cast_spell)
    testable = testable_stats(book)
    tests = {
        stat: Button(ui, rect, ui.tr("powers.test", stat=book.stat(stat).name), on_click=partial(intents.test_stat, stat))
        for stat, rect in zip(testable, regions.tests)
    }
    tracks = {
        track.id: Button(
            ui,
            rect,
            ui.tr("powers.tick", track=track.name, unit=track.unit),
            on_click=partial(intents.tick_track, track.id),
            tooltip=ui.tr("powers.tick_tip", track=track.name, unit=track.unit),
        )
        for track, rect in zip(book.tracks, regions.tests[len(testable) :])
    }
    tray = {
        dice: Button(ui, rect, dice, on_click=partial(intents.roll_dice, dice), tooltip=ui.tr("powers.tray_tip", dice=dice))
        for dice, rect in zip(TRAY, regions.tray)
    }
    return ToolsControls(spells, cast, tests, tray, tracks)


def paint_tools(surface: pygame.Surface, lines: ToolsLines, regions: ToolsRegions, ui: UIContext) -> None:
    """Headings, the selected spell's description, the last roll, the crew and the end conditions."""
    p, area = ui.palette, regions.area
    body, small = ui.theme.text_size("body"), ui.theme.text_size("small")
    if lines.spells:
        if regions.headings:
            blit_text(surface, ui.t("powers.spells"), (area.x, area.y), "title", body, p.ink_soft)
        if lines.description is not None:
            for index, line in enumerate(wrap_words(lines.description, "italic", small, area.width)[:2]):
                blit_text(surface, line, (area.x, regions.description_y + index * LINE), "italic", small, p.ink_soft)
        elif not lines.spell_selected:
            blit_text(surface, ui.t("powers.pick_a_spell"), (area.x, regions.description_y), "italic", small, p.ink_faint)
    if lines.tests is not None:
        blit_text(surface, lines.tests, (area.x, regions.tests_heading_y), "title", body, p.ink_soft)
    if regions.headings:
        blit_text(surface, ui.t("powers.tray"), (area.x, regions.tray_heading_y), "title", body, p.ink_soft)
    else:  # left of the dice
        room = pygame.Rect(area.x, regions.tray[0].y, regions.tray[0].x - area.x - 4, regions.tray[0].height)
        heading, size = fit_line(ui.t("powers.tray"), "title", body, room.width, min_size=small - 2)
        blit_text(surface, heading, room.midleft, "title", size, p.ink_soft, "midleft", box=room, owner="tray heading")
    y = regions.after_tray_y
    if lines.last_roll is not None:
        shown, size = fit_line(lines.last_roll, "body", small, area.width)
        blit_text(surface, shown, (area.x, y), "body", size, p.ink)
        y += LAST_ROLL
    conditions = sum(_condition_height(condition, area, ui) for condition in lines.conditions)
    y = _crew(surface, ui.t("powers.crew"), lines.crew, area, y + 4, area.bottom - conditions - 4, ui)
    y = _crew(surface, ui.t("powers.records"), lines.records, area, y + 4, area.bottom - conditions - 4, ui)
    _conditions(surface, lines, area, y + 4, ui)


def _crew(
    surface: pygame.Surface, heading: str, crew: tuple[str, ...], area: pygame.Rect, y: int, bottom: int, ui: UIContext
) -> int:
    """One line per crew member above ``bottom`` (set smaller, then shortened); "… and N more" when they do not all fit."""
    if not crew or y + 30 + LINE > bottom:  # nothing to say, or no room for a line: the end conditions come first
        return y
    p, small = ui.palette, ui.theme.text_size("small")
    blit_text(surface, heading, (area.x, y), "title", ui.theme.text_size("body"), p.ink_soft)
    y += 30
    for index, member in enumerate(crew):
        left = len(crew) - index
        if left > 1 and y + 2 * LINE > bottom:  # room for this line and the "more" line, or say how many are left
            blit_text(surface, ui.t("play.and_more", n=left), (area.x, y), "italic", small, p.ink_soft)
            return y + LINE
        line, size = fit_line(member, "body", small, area.width)
        room = pygame.Rect(area.x, y, area.width, LINE)
        blit_text(surface, line, room.topleft, "body", size, p.ink, box=room, owner="crew member")
        y += LINE
    return y


def _conditions(surface: pygame.Surface, lines: ToolsLines, area: pygame.Rect, y: int, ui: UIContext) -> None:
    """R-DEATH-1 as data: the book's death conditions and warnings; one that holds now is in red."""
    p, small = ui.palette, ui.theme.text_size("small")
    for condition in lines.conditions:
        if y + _condition_height(condition, area, ui) > area.bottom + 4:
            continue  # not all of it fits: none of it rather than half the conditions
        blit_text(surface, condition.label, (area.x, y), "italic", small, p.ink_soft)
        y += LINE
        for (_, holds), said in zip(condition.lines, _said(condition, ui)):
            style, colour = ("bold", p.bad) if holds else ("body", p.ink)
            for shown in condition_lines(said, small, area.width, style):  # a long ending wraps, then ends in "…"
                blit_text(surface, shown, (area.x + 12, y), style, small, colour)
                y += LINE


def _said(condition: Condition, ui: UIContext) -> list[str]:
    """Each of a group's conditions as written: a bullet, and a mark on one that holds now."""
    return [f"• {text}{ui.t('powers.holds') if holds else ''}" for text, holds in condition.lines]


def _condition_height(condition: Condition, area: pygame.Rect, ui: UIContext) -> int:
    """A group's height: its heading, then each condition's lines."""
    small = ui.theme.text_size("small")
    faces = ["bold" if holds else "body" for _, holds in condition.lines]
    wrapped = sum(len(condition_lines(said, small, area.width, face)) for said, face in zip(_said(condition, ui), faces))
    return LINE * (1 + wrapped)

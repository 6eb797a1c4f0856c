"""Where everything of the Adventure Sheet goes on a page of any size (read by its controls and its painters).

Three columns share the width (hero and paragraph, backpack, the side tabs), each
never narrower than it needs. The panels are laid out by what each holds
(issue 30 item 12): the hero panel needs room for the book's scores and its two
tests, the backpack for its counters; on a short page the paragraph panel goes
under the column that has the room for it (the hero's, else the backpack's),
and the two tests stand side by side before a score is scrolled away. Rows the
book adds (scores, counters, spells) that still outnumber their panel scroll by
whole rows: no half row peeks at a pane's edge.
What of the book shapes the page (how many scores, counters, days, tabs, spells)
is its :class:`SheetShape`; the controls are placed and the painters draw from
the same :class:`SheetRegions`, so a label always sits beside its control.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.app.book_texts import ending_groups
from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.ff.state import Hero
from game.ui import fonts
from game.ui.context import UIContext
from game.ui.layout import fill, fixed, split
from game.ui.text_fit import fit_lines

CALENDAR_HEIGHT = 72
COMPACT_CALENDAR = 56  # a compact page's calendar line: the day and its count beside Tick a day
NARROW_TICK = 132  # Tick a day in a narrow backpack, leaving the day's name whole beside it
STAT_ROW = 54
COMPACT_STAT_ROW = 48  # a compact page's score rows: a four-score book keeps its four scores at 960×540
STATS_TOP = 76  # below the hero's name and the column headings
COMPACT_STATS_TOP = 72
COUNTER_ROW = 54
COMPACT_COUNTER_ROW = 42  # a compact page: DF49's four counters, FF1's five, stay in view at 960×540
NARROW_COUNTER = 108  # a narrow backpack's counter (its buttons a little smaller): its name keeps the room left of it
USE_ICON = 40  # a narrow backpack's use button (eat, drink…): the counter's icon, left of its name
NARROW_HERO = 380  # a hero panel narrower than this sets its counters, initial values and pencils closer
WEAPON_ROW = 34  # the lost-weapon toggle, the last row of the scores
EQUIPMENT_ROW = 32
EQUIPMENT_MIN = 3 * EQUIPMENT_ROW  # the equipment list never shrinks below three rows: the counters scroll first
ITEM_BUTTON, NARROW_ITEM_BUTTON = 56, 38  # add, remove, rename beside the item's field (which keeps its hint whole)
LIST_TURN = (36, 30)  # ‹ and › at the right of the list's heading: the equipment, then each list of the book
SHORT_EQUIPMENT_MIN = 2 * EQUIPMENT_ROW  # on a short page, two (it scrolls): the counters and their buttons come first
SHORT_CONTENT = 560  # a page whose panels are shorter than this is short (1024×640, 960×540)
ICONS = {"arrow": "arrow", "herb": "herbs", "potion": "potion", "provisions": "provisions", "gold": "gold"}
TAB_ORDER = ("creatures", "calendar", "notes", "journal", "tools")
HISTORY_CHIPS = 8
CHIPS_A_ROW = 4
TOP = 70  # below the title and the top buttons
MESSAGE_BAND = 36  # the status line at the bottom
PARAGRAPH_HEIGHT = 164
COMPACT_PARAGRAPH_HEIGHT = 96  # no heading (the § says it): the field and Go, one row of history chips
NARROW_BELOW = 380  # a backpack narrower than this: each counter's use button is its icon, the calendar line says less
COMPACT_BELOW = (1024, 640)  # a page narrower or shorter than this (200 % on a 1080p screen) is laid out compact
GAP = 8  # between two buttons of a row
MARGIN = 16  # the page's edges, a panel's inside
TOP_BUTTONS = (("undo", 118), ("redo", 118), ("fight", 130), ("shelf", 118), ("settings", 118), ("help", 96))
BUTTON_H = 44
TAB_FONT = ("bold", 17)  # a tab's label as it is drawn when selected: the widest it gets
TAB_PAD = 16
SMALL_TABS = (("bold", 15), 14, 6)  # the font, padding and gap of tabs set a little smaller to stand on one row
TAB_PITCH = 52  # from one row of tabs to the next
TRAY = ("1d6", "2d6", "3d6")
TOOL_BUTTON_H = 40
SPELL_ROW = 34  # a spell in the Tools tab's list
PANEL_GAP = 10  # between two panels of a column
TESTS_STACKED = 104  # the two tests, one under the other, and the panel's foot
COMPACT_TESTS_STACKED = 96
TESTS_PAIRED = 58  # the two tests side by side
COMPACT_TESTS_PAIRED = 54
PAIRED_TEST_H = 44


@dataclass(frozen=True)
class SheetShape:
    """What of the book shapes the sheet: how many rows each panel holds, which tabs, how wide their labels."""

    stats: int
    counters: int
    days: int  # the calendar's days (0: the book has no calendar)
    reader: bool  # the book carries its text: the top bar opens the reader
    tabs: tuple[str, ...]
    tab_widths: tuple[int, ...]  # each tab's label at its widest, plus its padding
    spells: int
    tests: int  # the Tools tab's book buttons: the scores it tests (besides SKILL and LUCK), the tracks it ticks
    lists: int = 0  # the book's item lists besides the equipment (‹ › over the equipment choose one)
    ends: tuple[tuple[str, ...], ...] = ()  # the Tools tab's end conditions: each group's (under its heading)
    small: int = 18  # the size the end conditions are written at
    small_tab_widths: tuple[int, ...] = ()  # each tab's label set smaller (SMALL_TABS), plus its padding


def testable_stats(book: FightingFantasyBook) -> list[str]:
    """The scores the book makes testable besides SKILL and LUCK (which the hero panel tests)."""
    return [stat.id for stat in book.stats if stat.id not in ("skill", "luck") and stat.test is not None]


def sheet_shape(book: FightingFantasyBook, ui: UIContext, hero: Hero) -> SheetShape:
    """The shape of ``book``'s sheet, its tabs and end conditions measured in the language of the moment."""
    language = ui.catalogue.language
    ends = tuple(tuple(text for _, text in found) for _, found in ending_groups(book, language, hero))
    tabs = tuple(tab for tab in TAB_ORDER if tab != "calendar" or book.calendar)
    widths = tuple(fonts.text_width(ui.t(f"sheet.tab_{tab}"), *TAB_FONT) + TAB_PAD for tab in tabs)
    small = tuple(fonts.text_width(ui.t(f"sheet.tab_{tab}"), *SMALL_TABS[0]) + SMALL_TABS[1] for tab in tabs)
    days = len(book.calendar.days) if book.calendar else 0
    return SheetShape(
        len(book.stats),
        len(book.counters),
        days,
        bool(book.sections),
        tabs,
        widths,
        len(book.spells),
        len(testable_stats(book)) + len(book.tracks),  # a test per testable score, then a tick per track
        len(book.lists),
        ends=ends,
        small=ui.theme.text_size("small"),
        small_tab_widths=small,
    )


@dataclass(frozen=True)
class HeroRegions:
    """The hero panel: the name and Rename, the scrolling scores, the two tests at its foot."""

    panel: pygame.Rect
    rename: pygame.Rect
    pane: pygame.Rect  # the scores (and the lost-weapon toggle), scrolling when the book has many
    weapon: pygame.Rect  # as if the pane were not scrolled
    luck: pygame.Rect
    skill: pygame.Rect
    counter_width: int  # narrower in a narrow panel, leaving room for the names
    stat_column: int  # the x of the score counters (the "current" column)
    initial_x: int  # the centre of the "initial" column (right of the counters, left of the erasers)
    paired: bool = False  # the two tests side by side (a short page), with their short names
    row_height: int = STAT_ROW  # a score's row (closer on a compact page)
    eraser: tuple[int, int] = (56, 42)  # each pencil's distance from the panel's right edge, and its side

    @property
    def name_room(self) -> int:
        """How wide a score's name may be, left of its counter."""
        return self.stat_column - self.pane.x - 24

    def stat_row(self, index: int) -> pygame.Rect:
        """Score ``index``'s row as if the pane were not scrolled."""
        return pygame.Rect(self.pane.x, self.pane.y + index * self.row_height, self.pane.width, self.row_height)

    def counter_in(self, row: pygame.Rect) -> pygame.Rect:
        """A score's counter in its row, wherever the pane has scrolled it."""
        return pygame.Rect(self.stat_column, row.y + (row.height - 46) // 2, self.counter_width, 46)

    def eraser_in(self, row: pygame.Rect) -> pygame.Rect:
        """A score's eraser button in its row."""
        inset, side = self.eraser
        return pygame.Rect(self.panel.right - inset, row.centery - side // 2, side, side)


def score_rows(stats: int, compact: bool) -> list[int]:
    """The heights of the hero pane's rows: each score, then the lost-weapon toggle."""
    return [COMPACT_STAT_ROW if compact else STAT_ROW] * stats + [WEAPON_ROW]


def whole_rows(rows: list[int], room: int) -> int:
    """The height of the rows from the first that fit in ``room`` (at least the first): a pane that shows no half row."""
    height = 0
    for row in rows:
        if height + row > room and height:
            break
        height += row
    return height


def tests_height(compact: bool, paired: bool) -> int:
    """The foot of the hero panel that holds its two tests (side by side, or one under the other)."""
    if paired:
        return COMPACT_TESTS_PAIRED if compact else TESTS_PAIRED
    return COMPACT_TESTS_STACKED if compact else TESTS_STACKED


def hero_need(stats: int, compact: bool, paired: bool) -> int:
    """The hero panel's height that shows every score, the lost-weapon toggle and the two tests."""
    return (COMPACT_STATS_TOP if compact else STATS_TOP) + sum(score_rows(stats, compact)) + 8 + tests_height(compact, paired)


def _hero(panel: pygame.Rect, compact: bool, stats: int, paired: bool = False) -> HeroRegions:
    pane_top = panel.y + (COMPACT_STATS_TOP if compact else STATS_TOP)
    tests_top = panel.bottom - tests_height(compact, paired)
    if paired:  # side by side: a short page keeps its scores in view
        tests = pygame.Rect(panel.x + 20, tests_top, panel.width - 40, PAIRED_TEST_H)
        luck, skill = split(tests, [fill(1), fill(1)], gap=GAP)
    else:  # one under the other (a little shorter on a compact page)
        test_height = 40 if compact else 44
        tests = pygame.Rect(panel.x + 20, tests_top, panel.width - 40, 2 * test_height + 6)
        luck, skill = split(tests, [fixed(test_height), fixed(test_height)], gap=6, vertical=True)
    rows = score_rows(stats, compact)
    # A narrow panel (960 and 1024 wide) sets its columns closer, so "ENDURANCE" is whole left of its counter.
    narrow = panel.width < NARROW_HERO
    counter_width = 108 if narrow else 140
    return HeroRegions(
        panel=panel,
        rename=pygame.Rect(panel.right - 124, panel.y + 12, 108, 36),
        pane=pygame.Rect(panel.x, pane_top, panel.width - 4, whole_rows(rows, tests_top - 8 - pane_top)),
        weapon=pygame.Rect(panel.x + 20, pane_top + sum(rows[:-1]) + 2, panel.width - 48, 30),
        luck=luck,
        skill=skill,
        counter_width=counter_width,
        stat_column=panel.right - (94 if narrow else 102 if compact else 120) - counter_width,
        initial_x=panel.right - (74 if narrow else 78 if compact else 87),
        paired=paired,
        row_height=rows[0],
        eraser=(52, 38) if narrow else (56, 42),
    )


@dataclass(frozen=True)
class ParagraphRegions:
    """The paragraph panel: the field and Go, the chips of the paragraphs visited last."""

    panel: pygame.Rect
    field: pygame.Rect
    go: pygame.Rect
    chips: tuple[pygame.Rect, ...]
    no_history: tuple[int, int]  # where "the paragraphs visited will show here" sits while there are none
    number: pygame.Rect  # where the current paragraph (§ 12) is drawn, right of Go
    heading: bool  # the panel's heading (a compact panel has none: its § says it)


def _paragraph(panel: pygame.Rect, compact: bool) -> ParagraphRegions:
    # The field and Go (150 and 110 wide, narrower in a narrow panel), under the heading or, compact, in its place.
    room = min(270, panel.width - 110) if compact else min(270, panel.width - 40)  # compact: the § keeps 60 beside
    row = pygame.Rect(panel.x + 20, panel.y + (10 if compact else 58), room, 42)
    field, _, go = split(row, [fill(1, 80), fixed(10), fixed(max(70, min(110, row.width - 160)))])
    chips = HISTORY_CHIPS // 2 if compact else HISTORY_CHIPS
    width = min(84, (panel.width - 40 - (CHIPS_A_ROW - 1) * GAP) // CHIPS_A_ROW)  # four chips a row, inside the panel
    top = row.bottom + (8 if compact else 6)
    return ParagraphRegions(
        panel=panel,
        field=field,
        go=go,
        chips=tuple(
            pygame.Rect(panel.x + 20 + (i % CHIPS_A_ROW) * (width + GAP), top + (i // CHIPS_A_ROW) * 28, width, 24)
            for i in range(chips)
        ),
        no_history=(panel.x + 20, top + (2 if compact else 20)),
        number=pygame.Rect(go.right + 10, row.y, panel.right - 20 - go.right - 10, row.height)
        if compact
        else pygame.Rect(panel.centerx, panel.y + 10, panel.width // 2 - 20, 48),
        heading=not compact,
    )


@dataclass(frozen=True)
class BackpackRegions:
    """The backpack: the scrolling counters, the equipment and its field, the calendar line at the foot."""

    panel: pygame.Rect
    pane: pygame.Rect
    row_height: int
    narrow: bool  # a narrow backpack: each use button is the counter's icon, the calendar line says less
    equipment: pygame.Rect
    item_field: pygame.Rect
    add_item: pygame.Rect
    remove_item: pygame.Rect
    rename_item: pygame.Rect
    lists: tuple[pygame.Rect, pygame.Rect] | None  # ‹ and › either side of the list's heading (a book with lists)
    calendar: pygame.Rect | None  # the calendar line, for a book with a calendar
    tick: pygame.Rect | None

    def counter_row(self, index: int) -> pygame.Rect:
        """Counter ``index``'s row as if the pane were not scrolled."""
        return pygame.Rect(self.pane.x, self.pane.y + index * self.row_height, self.pane.width, self.row_height)

    def counter_in(self, row: pygame.Rect) -> pygame.Rect:
        """A counter in its row (at the row's end in a narrow backpack), wherever the pane has scrolled it."""
        if self.narrow:
            height = min(44, self.row_height - 2)
            return pygame.Rect(self.panel.right - 14 - NARROW_COUNTER, row.y + (row.height - height) // 2, NARROW_COUNTER, height)
        return pygame.Rect(self.panel.right - 96 - 126, row.y, 126, 44)

    def use_in(self, row: pygame.Rect) -> pygame.Rect:
        """A counter's use button (eat, drink…): at the end of its row, or in a narrow backpack its icon."""
        counter = self.counter_in(row)
        if self.narrow:
            return pygame.Rect(row.x + 12, counter.centery - USE_ICON // 2, USE_ICON, USE_ICON)
        return pygame.Rect(self.panel.right - 86, counter.y, 72, 44)

    def name_room(self, row: pygame.Rect) -> pygame.Rect:
        """Where a counter's name goes: between its icon and its counter."""
        counter = self.counter_in(row)
        return pygame.Rect(row.x + 58, row.y, counter.x - row.x - 64, row.height)


@dataclass(frozen=True)
class _BackpackSizes:
    """The backpack's fixed parts, closer on a compact page."""

    top: int  # from the panel's top to the counters (under the heading)
    heading: int  # the equipment's heading, above the list
    item_row: int  # the item field and its buttons, with the panel's foot
    calendar: int  # the calendar line
    calendar_gap: int


def _backpack_sizes(compact: bool) -> _BackpackSizes:
    if compact:
        return _BackpackSizes(48, 34, 56, COMPACT_CALENDAR, 6)
    return _BackpackSizes(60, 36, 64, CALENDAR_HEIGHT, 10)


def counter_row_height(width: int, compact: bool) -> int:
    """A counter's row: closer on a compact page whose backpack is narrow."""
    return COMPACT_COUNTER_ROW if compact and width < NARROW_BELOW else COUNTER_ROW


def backpack_need(shape: SheetShape, width: int, equipment: int, compact: bool) -> int:
    """The backpack's height that shows every counter and ``equipment`` of the equipment list."""
    sizes = _backpack_sizes(compact)
    calendar = sizes.calendar + sizes.calendar_gap if shape.days else 0
    return sizes.top + shape.counters * counter_row_height(width, compact) + sizes.heading + equipment + sizes.item_row + calendar


def _backpack(panel: pygame.Rect, shape: SheetShape, equipment_min: int, compact: bool) -> BackpackRegions:
    narrow = panel.width < NARROW_BELOW
    sizes = _backpack_sizes(compact)
    row_height = counter_row_height(panel.width, compact)
    pane_top = panel.y + sizes.top
    calendar = pygame.Rect(panel.x, panel.bottom - sizes.calendar, panel.width, sizes.calendar) if shape.days else None
    bottom = panel.bottom - (sizes.calendar + sizes.calendar_gap if calendar else 0) - sizes.item_row
    room = max(row_height, bottom - sizes.heading - equipment_min - pane_top)
    if shape.counters * row_height > room:  # the counters scroll: show whole rows, the equipment takes the rest
        room = max(row_height, room // row_height * row_height)
    pane = pygame.Rect(panel.x, pane_top, panel.width - 4, min(room, shape.counters * row_height))
    top = pane.bottom + sizes.heading
    row = pygame.Rect(panel.x + 16, bottom + (6 if compact else 10), panel.width - 32, 42)
    button = ITEM_BUTTON if row.width >= 320 else NARROW_ITEM_BUTTON  # the field keeps room for a name
    field, add, remove, rename = split(row, [fill(1), fixed(button), fixed(button), fixed(button)], gap=6)
    turn = (top - 34, LIST_TURN[0], LIST_TURN[1])
    lists = (pygame.Rect(row.right - 2 * LIST_TURN[0] - 6, *turn), pygame.Rect(row.right - LIST_TURN[0], *turn))
    tick = None
    if calendar is not None:
        width = NARROW_TICK if narrow else 160
        tick = pygame.Rect(calendar.right - 16 - width, calendar.y + (7 if compact else 14), width, BUTTON_H)
    return BackpackRegions(
        panel=panel,
        pane=pane,
        row_height=row_height,
        narrow=narrow,
        equipment=pygame.Rect(panel.x + 16, top, panel.width - 32, max(equipment_min, bottom - top)),
        item_field=field,
        add_item=add,
        remove_item=remove,
        rename_item=rename,
        lists=lists if shape.lists else None,
        calendar=calendar,
        tick=tick,
    )


@dataclass(frozen=True)
class ToolsRegions:
    """The Tools tab: the spells and Cast, the tests, the dice tray, then the last roll, the crew and the ends."""

    area: pygame.Rect
    spells: pygame.Rect | None
    cast: pygame.Rect | None
    description_y: int  # the selected spell's description, above Cast
    tests: tuple[pygame.Rect, ...]
    tests_heading_y: int
    tray: tuple[pygame.Rect, ...]
    tray_heading_y: int
    after_tray_y: int  # the last roll, the crew and the end conditions start here
    spell_row: int = SPELL_ROW
    headings: bool = True  # a compact tab: no heading over the spells, the tray's heading left of its dice


COMPACT_SPELL_ROW = 30
LAST_ROLL = 28  # the last roll's line under the tray
END_LINE = 22  # a line of the end conditions (or of the crew)
DESCRIPTION = 48  # the selected spell's description: two lines above Cast
TRAY_LABEL = 56  # a compact tab's "Dice", left of the tray


END_LINES = 2  # an end condition wraps to this many lines at most (then "…")


def condition_lines(text: str, size: int, width: int, face: str = "body") -> list[str]:
    """An end condition ("• STAMINA ≤ 0", or a book's sentence) wrapped to the Tools tab's ``width``."""
    return fit_lines(text, face, size, width - 12, END_LINES)[0]


def ends_height(ends: tuple[tuple[str, ...], ...], size: int, width: int) -> int:
    """The height the end conditions take: each group's heading, then its conditions' lines."""
    lines = sum(1 + sum(len(condition_lines(f"• {text}", size, width)) for text in group) for group in ends)
    return lines * END_LINE


def _tools(area: pygame.Rect, shape: SheetShape, compact: bool) -> ToolsRegions:
    """The tab laid out by what it holds (issue 30 item 13): the tests, the tray, the last roll and every end
    condition keep their room, and the spells take the rest by whole rows; a compact tab drops its headings' lines."""
    spells, tests = shape.spells, shape.tests
    test_rows = (tests + 1) // 2
    tests_height = 30 + test_rows * (TOOL_BUTTON_H + GAP) + 6 if tests else 0
    tray_height = (0 if compact else 30) + TOOL_BUTTON_H + 8
    row = COMPACT_SPELL_ROW if compact else SPELL_ROW
    y = area.y
    spell_list = cast = None
    if spells:
        heading = 0 if compact else 32
        room = area.height - heading - DESCRIPTION - TOOL_BUTTON_H - 14 - tests_height - tray_height
        rows = max(1, min(spells, (room - LAST_ROLL - ends_height(shape.ends, shape.small, area.width) - 4) // row))
        y += heading
        spell_list = pygame.Rect(area.x, y, area.width, rows * row)
        y += rows * row + DESCRIPTION
        cast = pygame.Rect(area.x, y, area.width, TOOL_BUTTON_H)
        y += TOOL_BUTTON_H + 14
    test_rects: list[pygame.Rect] = []
    if tests:
        y += 30
        half = (area.width - GAP) // 2
        for index in range(tests):
            x = area.x + (index % 2) * (half + GAP)
            test_rects.append(pygame.Rect(x, y + (index // 2) * (TOOL_BUTTON_H + GAP), half, TOOL_BUTTON_H))
        y += test_rows * (TOOL_BUTTON_H + GAP) + 6
    tray_heading_y = y
    y += 0 if compact else 30
    label = TRAY_LABEL if compact else 0
    width = (area.width - label - GAP * (len(TRAY) - 1)) // len(TRAY)
    return ToolsRegions(
        area=area,
        spells=spell_list,
        cast=cast,
        description_y=cast.y - DESCRIPTION if cast else 0,
        tests=tuple(test_rects),
        tests_heading_y=tray_heading_y - test_rows * (TOOL_BUTTON_H + GAP) - 36 if tests else 0,
        tray=tuple(pygame.Rect(area.x + label + i * (width + GAP), y, width, TOOL_BUTTON_H) for i in range(len(TRAY))),
        tray_heading_y=tray_heading_y,
        after_tray_y=y + TOOL_BUTTON_H + 8,
        spell_row=row,
        headings=not compact,
    )


@dataclass(frozen=True)
class SideRegions:
    """The side column: its tabs (one or two rows), and under them the panel each tab fills."""

    tabs: dict[str, pygame.Rect]
    panel: pygame.Rect  # below the tabs
    inner: pygame.Rect  # inside the panel's margins
    creature_list: pygame.Rect
    creature_buttons: tuple[pygame.Rect, ...]  # add, edit, remove
    creature_fight: pygame.Rect
    week_pitch: int  # from one day of the calendar tab to the next
    days: tuple[pygame.Rect, ...]  # each day's Rename button (a pencil)
    day_boxes: tuple[pygame.Rect, ...]  # each day's box (a click on the next one ticks it)
    journal: pygame.Rect
    journal_links: pygame.Rect  # the timeline, chronicles and share buttons under the journal
    tools: ToolsRegions


def week_pitch(inner: pygame.Rect, days: int) -> int:
    """The height of a day's row in the calendar tab: 56, closer on a short page so the week and its summary fit."""
    return max(28, min(56, (inner.height - 40 - 28) // max(1, days)))


def _tab_rows(column: pygame.Rect, shape: SheetShape) -> tuple[dict[str, pygame.Rect], int]:
    """Each tab's button (on two rows when one is too narrow for them) and the y under the last row."""
    tabs, needs, gap = shape.tabs, shape.tab_widths, GAP
    half = (len(tabs) + 1) // 2
    rows = [tabs]
    if sum(needs) + gap * (len(needs) - 1) > column.width:
        small, small_gap = shape.small_tab_widths, SMALL_TABS[2]
        if small and sum(small) + small_gap * (len(small) - 1) <= column.width:  # one row, set a little smaller
            needs, gap = small, small_gap
        else:
            rows = [tabs[:half], tabs[half:]]
    rects: dict[str, pygame.Rect] = {}
    y = column.y
    for row in rows:
        # Each tab as wide as its label in bold (the selected look) plus an even share of what is left.
        row_needs = [needs[tabs.index(tab)] for tab in row]
        spare = max(0, column.width - gap * (len(row) - 1) - sum(row_needs)) // len(row)
        x = column.x
        for tab, need in zip(row, row_needs):
            rects[tab] = pygame.Rect(x, y, need + spare, BUTTON_H)
            x += need + spare + gap
        y += TAB_PITCH
    return rects, y


def _side(column: pygame.Rect, shape: SheetShape, compact: bool) -> SideRegions:
    tabs, y = _tab_rows(column, shape)
    panel = pygame.Rect(column.x, y, column.width, column.bottom - y)
    inner = panel.inflate(-2 * MARGIN, -2 * MARGIN)
    buttons = inner.bottom - 108
    third = (inner.width - 2 * GAP) // 3
    pitch = week_pitch(inner, shape.days)
    day_side = min(44, pitch - 4)  # each day's pencil (Rename): square, leaving the day's name the row
    box_side = min(36, pitch - 8)
    box_top = (min(44, pitch - 4) - box_side) // 2
    return SideRegions(
        tabs=tabs,
        panel=panel,
        inner=inner,
        creature_list=pygame.Rect(inner.x, inner.y + 4, inner.width, inner.height - 210),
        creature_buttons=tuple(pygame.Rect(inner.x + i * (third + GAP), buttons, third, 46) for i in range(3)),
        creature_fight=pygame.Rect(inner.x, buttons + 56, inner.width, 46),
        week_pitch=pitch,
        days=tuple(
            pygame.Rect(inner.right - day_side, inner.y + 40 + index * pitch, day_side, day_side) for index in range(shape.days)
        ),
        day_boxes=tuple(
            pygame.Rect(inner.x, inner.y + 40 + index * pitch + box_top, box_side, box_side) for index in range(shape.days)
        ),
        journal=pygame.Rect(inner.x, inner.y, inner.width, inner.height - 112),
        journal_links=pygame.Rect(inner.x, inner.bottom - 104, inner.width, 104),
        tools=_tools(inner, shape, compact),
    )


@dataclass(frozen=True)
class SheetRegions:
    """The sheet's panels and every control's place for one page size and one book's shape."""

    page: tuple[int, int]
    top: dict[str, pygame.Rect]  # the top bar's buttons by name (and "read" for a book with its text)
    hero: HeroRegions
    paragraph: ParagraphRegions
    backpack: BackpackRegions
    side_column: pygame.Rect  # the tabs and the side panel
    side: SideRegions

    @property
    def compact(self) -> bool:
        """Whether the page is smaller than 1024×640: narrower score columns, one row of history chips."""
        return self.page[0] < COMPACT_BELOW[0] or self.page[1] < COMPACT_BELOW[1]

    @property
    def title_room(self) -> int:
        """How wide the book's title may be, left of the top bar's buttons."""
        return min(rect.x for rect in self.top.values()) - 28

    @property
    def message_centre(self) -> tuple[int, int]:
        """Where the status line is centred."""
        return self.page[0] // 2, self.page[1] - MESSAGE_BAND // 2 + 1


def _top_bar(width: int, reader: bool) -> dict[str, pygame.Rect]:
    total = sum(size for _, size in TOP_BUTTONS) + GAP * (len(TOP_BUTTONS) - 1)
    row = pygame.Rect(width - MARGIN - total, 12, total, BUTTON_H)
    rects = dict(zip((name for name, _ in TOP_BUTTONS), split(row, [fixed(size) for _, size in TOP_BUTTONS], gap=GAP)))
    if reader:  # a book with its text (the demo): open it in the reader
        rects["read"] = pygame.Rect(rects["undo"].x - 126, 12, 118, BUTTON_H)
    return rects


@dataclass(frozen=True)
class _Columns:
    """The first two columns' panels, laid out by what each holds."""

    hero: pygame.Rect
    paragraph: pygame.Rect
    backpack: pygame.Rect
    paired: bool  # the hero's two tests side by side
    equipment: int  # the least height of the equipment list


def _columns(hero_col: pygame.Rect, pack_col: pygame.Rect, shape: SheetShape, compact: bool) -> _Columns:
    """The paragraph goes under the hero while the hero's scores and tests fit above it; else under the
    backpack when the backpack's counters leave it the room; else the tests stand side by side, and
    only then are scores scrolled away (by whole rows)."""
    below = (COMPACT_PARAGRAPH_HEIGHT if compact else PARAGRAPH_HEIGHT) + PANEL_GAP
    equipment = SHORT_EQUIPMENT_MIN if hero_col.height < SHORT_CONTENT else EQUIPMENT_MIN
    stacked = hero_need(shape.stats, compact, paired=False)
    parts = [fill(1), fixed(below - PANEL_GAP)]
    if stacked + below > hero_col.height and backpack_need(shape, pack_col.width, equipment, compact) + below <= pack_col.height:
        pack, paragraph = split(pack_col, parts, gap=PANEL_GAP, vertical=True)
        return _Columns(hero_col, paragraph, pack, stacked > hero_col.height, equipment)
    hero, paragraph = split(hero_col, parts, gap=PANEL_GAP, vertical=True)
    return _Columns(hero, paragraph, pack_col, stacked + below > hero_col.height, equipment)


def sheet_regions(size: tuple[int, int], shape: SheetShape) -> SheetRegions:
    """Where everything of a sheet of ``shape`` goes on a page of ``size`` logical pixels."""
    width, height = size
    bottom = height - MESSAGE_BAND
    narrow = width < COMPACT_BELOW[0]  # 960 wide: the three columns give up some of their minimum
    compact = narrow or height < COMPACT_BELOW[1]
    minimums = (336, 270, 290) if narrow else (360, 290, 310)
    parts = [fill(share, least) for share, least in zip((400, 400, 416), minimums)]
    hero_col, pack_col, side_col = split(pygame.Rect(MARGIN, TOP, width - 2 * MARGIN, bottom - TOP), parts, gap=MARGIN)
    columns = _columns(hero_col, pack_col, shape, compact)
    return SheetRegions(
        page=size,
        top=_top_bar(width, shape.reader),
        hero=_hero(columns.hero, compact, shape.stats, columns.paired),
        paragraph=_paragraph(columns.paragraph, compact),
        backpack=_backpack(columns.backpack, shape, columns.equipment, compact),
        side_column=side_col,
        side=_side(side_col, shape, compact),
    )

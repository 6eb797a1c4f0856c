"""The clock panel of the Rôle'n Play table: time, daylight, scales, jumps, rests, the clock setter, the journal.

Every change is an action sent through the table (``advance``, ``advance_to``,
``short_rest``, ``long_rest``, ``set_time_of_day``, ``set_scale``); the journal is
the rules' journal written as sentences.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Literal, Protocol

import pygame

from game.books.rolenplay import RolenplayBook
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.session import ActionLike, make_action
from game.scenes.rnp_table.data import Json, round_number
from game.scenes.rnp_table.layout import CAPTION, GAP, ROW, side_by_side
from game.scenes.rnp_table.panel import Kit, Panel, Table
from game.scenes.rnp_table.pen import Pen
from game.scenes.rnp_table.timers import ordered
from game.scenes.rnp_table.words import (
    clock_time,
    duration,
    journal_line,
    lang,
    name_of,
    num,
    parse_duration,
    timer_label,
    timer_status,
)
from game.ui import fonts
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.draw import blit_text
from game.ui.layout import fill, fixed, grid, split
from game.ui.scrollbar import Scrollbar
from game.ui.text_field import TextField
from game.ui.text_fit import wrap_words
from game.ui.widget import Widget

MARKS: tuple[Literal["dawn", "noon", "dusk", "midnight"], ...] = ("dawn", "noon", "dusk", "midnight")
CONTROLS = 676  # the width of the two columns of controls; the journal takes the rest, or goes below
LEFT_COLUMN, COLUMN_GAP = 360, 20  # time passing on the left, the jumps, rests and setter on the right
JOURNAL_LEAST, JOURNAL_GAP = 300, 24  # the journal beside the controls: at least this wide, this far from them
JOURNAL_BELOW = 500  # where the journal starts when it goes below the controls
JOURNAL_CAPTION = 30  # the journal's caption above it
JOURNAL_BELOW_HEIGHT = 320  # what the journal below the controls adds to the panel
# The left column, from the top of the content: the header, then the scales, time passing and the timers.
HEADER_DAY_DY, HEADER_DY = -4, 6  # the day (title face) and the time beside it
TIME_X, ROUND_X = 150, 280
DAYLIGHT_DY = 50  # the daylight line, then the time elapsed under it
SMALL_LINE = 24
SCALES_TOP = 120
SCALE_BUTTON, SCALE_GAP, SCALE_CAPTION = 86, 5, 22
STEP_DY = 100  # the step button, under the scales
TYPED_DY = 152  # the typed duration's caption, its field and button under it
AMOUNT_W = 130
TIMERS_DY = 232  # the timers in force, under the typed duration
TIMER_LINE, TIMERS_LEAST = 22, 4  # a line each; at least this many shown
TIMERS_ROOM = 40  # left above the journal below them
# The right column: the jumps to a time of day, the rests, the clock setter.
MARK_W, MARK_GAP, MARKS_DY = 144, 8, 24
RESTS_DY, REST_DY = 168, (190, 242)  # the rests' caption; the short and long rests side by side, then the night in camp
SETTER_DY = 314  # the setter's caption; its fields under it (day, hour, minute) then its button
SETTER_FIELDS = (70, 60, 60)
SETTER_GAP = 8
# The journal list.
JOURNAL_BAR = 14  # the scrollbar's room at the right
JOURNAL_PAD = 4
JOURNAL_TEXT = 8  # the text's indent
JOURNAL_ENTRY_GAP = 5
JOURNAL_WRAP = 30  # the text's room is the list's width less this
JOURNAL_WHEEL = 3  # lines a wheel notch scrolls
JOURNAL_RULE = (4, 20, 3)  # the rule between entries: in from the left, in from the right, above the entry
JOURNAL_FIRST = 10  # no rule above an entry this near the top


class JournalList(Widget):
    """The journal, oldest first, wrapped; the wheel or the bar scrolls it; it opens on the newest lines."""

    focusable = False

    def __init__(self, ui: UIContext, rect: pygame.Rect, lines: list[str], offset: int | None) -> None:
        super().__init__(ui, rect)
        size = ui.theme.text_size("small")
        self.line_h = fonts.line_height("body", size) + 2
        self.entry_gap = JOURNAL_ENTRY_GAP
        width = self.rect.width - JOURNAL_WRAP
        self.rows: list[tuple[str, bool]] = []  # (text, first line of an entry)
        for line in lines:
            for i, part in enumerate(wrap_words(line, "body", size, width)):
                self.rows.append((part if i == 0 else "    " + part, i == 0))
        self.content = len(self.rows) * self.line_h + len(lines) * self.entry_gap + 2 * JOURNAL_PAD
        self.bar = Scrollbar(ui, pygame.Rect(self.bar_at(), (10, self.rect.height - 2 * JOURNAL_PAD)))
        bottom = max(0, self.content - self.rect.height)
        self.offset = bottom if offset is None else max(0, min(bottom, offset))
        self.at_bottom = self.offset == bottom

    def bar_at(self) -> tuple[int, int]:
        """Where the scrollbar goes (the panel may have scrolled the list)."""
        return self.rect.right - JOURNAL_BAR, self.rect.top + JOURNAL_PAD

    def scroll(self, offset: int) -> None:
        bottom = max(0, self.content - self.rect.height)
        self.offset = max(0, min(bottom, offset))
        self.at_bottom = self.offset == bottom

    def process_event(self, event: pygame.event.Event) -> bool:
        super().process_event(event)
        self.bar.rect.topleft = self.bar_at()
        self.bar.set_extent(self.content, self.rect.height, self.offset)
        if self.bar.process_event(event):
            self.scroll(self.bar.offset)
            return True
        if event.type == pygame.MOUSEWHEEL and self.contains(getattr(event, "pos", (-1, -1))):
            self.scroll(self.offset - event.y * JOURNAL_WHEEL * self.line_h)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        p = self.ui.palette
        clip = surface.get_clip()
        shown = self.rect.clip(clip)
        if not shown.height:  # scrolled out of its panel's view
            return
        surface.set_clip(shown)
        size = self.ui.theme.text_size("small")
        left = self.rect.left + JOURNAL_TEXT
        y = self.rect.top + JOURNAL_PAD - self.offset
        if not self.rows:
            blit_text(surface, self.ui.t("rnp.journal_empty"), (left, y), "italic", size, p.ink_faint)
        for text, first in self.rows:
            if first:
                y += self.entry_gap
            if y + self.line_h >= shown.top and y <= shown.bottom:
                if first and y > self.rect.top + JOURNAL_FIRST:
                    inset_left, inset_right, above = JOURNAL_RULE
                    start, end = (self.rect.left + inset_left, y - above), (self.rect.right - inset_right, y - above)
                    pygame.draw.line(surface, p.parchment_dark, start, end)
                blit_text(surface, text, (left, y), "body", size, p.ink)
            y += self.line_h
        surface.set_clip(clip)
        self.bar.rect.topleft = self.bar_at()
        self.bar.draw_for(surface, self.content, self.rect.height, self.offset)


def daylight_text(ui: UIContext, book: RolenplayBook, rules: Json) -> str:
    """ "Aube · lumière faible" — or the game master's light when it overrides the clock's."""
    period = next(p for p in book.time.daylight if p.id == rules["daylight"]).name.get(lang(ui))
    light = name_of(ui, book.light_def, rules["light"])
    if rules["light_override"]:
        return ui.t("rnp.daylight_override", period=period, light=light)
    return ui.t("rnp.daylight_now", period=period, light=light)


@dataclass(frozen=True)
class ClockView:
    """What the clock tab shows: the clock, the round under way, the daylight, the timers, the journal."""

    book: RolenplayBook
    clock: Json
    round: int | None
    daylight: str
    timers: tuple[Json, ...]
    journal: tuple[str, ...]  # its entries as sentences
    journal_offset: int | None  # where the journal was scrolled to (None: at its newest line)
    night_s: float = 0.0  # how long a night in camp lasts from now: to the next dawn, never under a long rest


@dataclass(frozen=True)
class ClockRegions:
    """Two columns of controls (time passing; jumps, rests and the setter), and the journal beside or below."""

    area: pygame.Rect
    left: pygame.Rect  # the left column, from the top of the content
    right: pygame.Rect
    scales: int  # the scales' caption
    step: pygame.Rect
    amount: pygame.Rect
    advance: pygame.Rect
    marks: tuple[pygame.Rect, ...]
    rests: tuple[pygame.Rect, pygame.Rect, pygame.Rect]  # short, long, a night in camp (to dawn)
    setter: tuple[pygame.Rect, ...]  # day, hour, minute, then the button
    journal: pygame.Rect
    timers_bottom: int  # the timers' lines stop above this

    def scale_button(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.left.left + index * (SCALE_BUTTON + SCALE_GAP), self.scales + SCALE_CAPTION, SCALE_BUTTON, ROW)

    @property
    def timers(self) -> int:
        """The timers' caption."""
        return self.scales + TIMERS_DY


def clock_regions(area: pygame.Rect) -> ClockRegions:
    """The clock tab laid out in ``area``: the journal right of the controls on a wide panel, else below them."""
    left, right = split(pygame.Rect(area.topleft, (CONTROLS, area.height)), [fixed(LEFT_COLUMN), fill()], gap=COLUMN_GAP)
    scales = area.top + SCALES_TOP
    amount, advance = split(
        pygame.Rect(left.left, scales + TYPED_DY + CAPTION + 2, LEFT_COLUMN, ROW), [fixed(AMOUNT_W), fill()], gap=GAP
    )
    marks = grid(
        pygame.Rect(right.left, area.top + MARKS_DY, right.width, 2 * ROW + MARK_GAP), len(MARKS), (MARK_W, ROW), gap=MARK_GAP
    )
    short, long = split(pygame.Rect(right.left, area.top + REST_DY[0], right.width, ROW), [fill(), fill()], gap=SETTER_GAP)
    night = pygame.Rect(right.left, area.top + REST_DY[1], right.width, ROW)
    setter_row = pygame.Rect(right.left, area.top + SETTER_DY + CAPTION + 2, right.width, ROW)
    setter = split(setter_row, [*(fixed(w) for w in SETTER_FIELDS), fill()], gap=SETTER_GAP)
    columns = side_by_side(area, CONTROLS, JOURNAL_LEAST, gap=JOURNAL_GAP)
    if columns is not None:
        journal = pygame.Rect(columns[1].left, area.top + JOURNAL_CAPTION, columns[1].width, area.height - JOURNAL_CAPTION)
        timers_bottom = area.bottom
    else:
        below = area.top + JOURNAL_BELOW + JOURNAL_CAPTION
        journal = pygame.Rect(area.left, below, area.width, area.bottom - below)
        timers_bottom = journal.top - TIMERS_ROOM
    return ClockRegions(
        area=area,
        left=left,
        right=right,
        scales=scales,
        step=pygame.Rect(left.left, scales + STEP_DY, LEFT_COLUMN, ROW),
        amount=amount,
        advance=advance,
        marks=tuple(marks),
        rests=(short, long, night),
        setter=tuple(setter),
        journal=journal,
        timers_bottom=timers_bottom,
    )


class ClockIntents(Protocol):
    """What the clock tab's controls do."""

    def act(self, action: ActionLike) -> object: ...

    def advance(self) -> None: ...

    def set_time(self) -> None: ...


@dataclass(frozen=True)
class ClockControls:
    """The clock tab's widgets (the scales, jumps and rests are named after what they do)."""

    amount: TextField
    advance: Button
    set_time: Button
    journal: JournalList


def build_clock_controls(kit: Kit, regions: ClockRegions, view: ClockView, intents: ClockIntents) -> ClockControls:
    """The scales, a step, a typed duration, the jumps, the rests, the setter, and the journal."""
    ui, book, language = kit.ui, view.book, kit.ui.catalogue.language
    scale = view.clock["scale"]
    for index, s in enumerate(book.time.scales):
        set_scale = make_action(a.SetScale, scale=s.id)  # a book's scale the rules do not know is refused
        tip = s.use.get(language)
        kit.action_button(
            f"scale:{s.id}",
            regions.scale_button(index),
            s.name.get(language),
            set_scale,
            chosen=s.id == scale,
            tooltip=tip,
            group=ui.tr("rnp.time_scale"),
        )
    unit = book.scale(scale).name.get(language).lower()
    step = partial(intents.act, a.Advance(amount=1))
    kit.button("step", regions.step, ui.tr("rnp.advance_one", unit=unit), step, style="primary")
    amount = kit.field("amount", regions.amount, "", placeholder=ui.tr("rnp.duration_tip"), max_length=10)
    advance = kit.button("advance", regions.advance, ui.tr("rnp.advance_by"), intents.advance)
    for mark, rect in zip(MARKS, regions.marks):
        kit.button(f"to:{mark}", rect, ui.tr(f"rnp.to_{mark}"), partial(intents.act, a.AdvanceTo(to=mark)))
    hour_s, now = book.scale("hour").seconds, view.clock["elapsed_s"]
    rests = (
        ("short_rest", "rnp.short_rest", a.ShortRest(), book.rest.short_rest_hours * hour_s),
        ("rest", "rnp.long_rest", a.LongRest(), book.rest.long_rest_hours * hour_s),
        ("camp_night", "rnp.camp_night", a.LongRest(until_dawn=True), view.night_s),
    )
    for (name, key, rest, seconds), rect in zip(rests, regions.rests):
        # Each rest says when it ends (a long rest begun at 18:00 ends at 02:00; the night in camp at dawn).
        ends = clock_time(ui, book, now + seconds)
        ends_tip = ui.tr("rnp.rest_ends", time=ends, duration=duration(ui, seconds))
        kit.action_button(name, rect, ui.tr(key, duration=duration(ui, seconds), time=ends), rest, tooltip=ends_tip)
    day, hour, minute, button = regions.setter
    for name, rect, placeholder, max_length in (
        ("set_day", day, str(view.clock["day"]), 4),
        ("set_hour", hour, "hh", 2),
        ("set_minute", minute, "mm", 2),
    ):
        kit.field(name, rect, placeholder=placeholder, max_length=max_length, spoken_name=ui.tr(f"access.rnp_{name}"))
    set_time = kit.button("set_time", button, ui.tr("rnp.set_time"), intents.set_time)
    journal = kit.add("journal", JournalList(ui, regions.journal, list(view.journal), view.journal_offset))
    return ClockControls(amount, advance, set_time, journal)


def paint_clock(surface: pygame.Surface, view: ClockView, regions: ClockRegions, ui: UIContext) -> None:
    """The clock's header, the captions, the timers in force and the journal's caption."""
    pen, p, book, language = Pen(surface, ui), ui.palette, view.book, ui.catalogue.language
    area, clock = regions.area, view.clock
    pen.text(
        ui.t("rnp.day", day=clock["day"]), (area.left, area.top + HEADER_DAY_DY), face="title", role="title", colour=p.rubric
    )
    time = ui.t("rnp.time_of_day", hour=f"{clock['hour']:02d}", minute=f"{clock['minute']:02d}")
    if clock["second"]:
        time += " " + ui.t("rnp.unit_s", n=num(ui, clock["second"], 0))
    pen.text(time, (area.left + TIME_X, area.top + HEADER_DY), face="bold", role="heading")
    if view.round is not None:
        pen.text(
            ui.t("rnp.round", n=view.round),
            (area.left + ROUND_X, area.top + HEADER_DY),
            face="title",
            role="heading",
            colour=p.rubric,
        )
    line_y = area.top + DAYLIGHT_DY
    pen.text(view.daylight, (area.left, line_y), role="small")
    elapsed = ui.t("rnp.elapsed", duration=duration(ui, clock["elapsed_s"]))
    pen.text(elapsed, (area.left, line_y + SMALL_LINE), face="italic", role="small", colour=p.ink_soft)
    scale = book.scale(clock["scale"]).name.get(language)
    pen.label(ui.t("rnp.scale_now", scale=scale), (area.left, regions.scales))
    pen.label(ui.t("rnp.advance_typed", unit=scale.lower()), (area.left, regions.scales + TYPED_DY))
    paint_timers_in_force(pen, view, regions)
    right = regions.right.left
    pen.label(ui.t("rnp.jump_to"), (right, area.top))
    pen.label(ui.t("rnp.rests"), (right, area.top + RESTS_DY))
    pen.label(ui.t("rnp.set_time_caption"), (right, area.top + SETTER_DY))
    pen.label(ui.t("rnp.journal"), (regions.journal.left, regions.journal.top - JOURNAL_CAPTION))


def paint_timers_in_force(pen: Pen, view: ClockView, regions: ClockRegions) -> None:
    """The timers in force under the typed duration: as many as the room holds (a tall page lists more; all
    are on the Timers tab)."""
    ui, p, left = pen.ui, pen.ui.palette, regions.area.left
    y = regions.timers
    pen.label(ui.t("rnp.timers_now"), (left, y))
    if not view.timers:
        pen.text(ui.t("rnp.none"), (left, y + TIMER_LINE), face="italic", role="small", colour=p.ink_faint)
    for timer in view.timers[: max(TIMERS_LEAST, (regions.timers_bottom - y) // TIMER_LINE - 1)]:
        y += TIMER_LINE
        text, warn = timer_status(ui, timer)
        label = timer_label(ui, timer) + (f" ({timer['character']})" if timer["character"] else "")
        line = f"{label} : {text}" if ui.catalogue.language == "fr" else f"{label}: {text}"
        pen.text(line, (left, y), role="small", colour=p.bad if warn else p.ink)


class ClockPanel(Panel):
    """The time and daylight, the scale, time passing (a step, a typed duration, a jump to dawn, noon, dusk or
    midnight, a short or long rest), the clock setter, the timers in force, and the journal."""

    def __init__(self, table: Table, rect: pygame.Rect) -> None:
        super().__init__(table, rect)
        self.texts.update(set_day="", set_hour="", set_minute="")
        self.controls: ClockControls | None = None

    @property
    def journal(self) -> JournalList | None:
        return self.controls.journal if self.controls is not None else None

    def shown(self) -> ClockView:
        rules, ui, book = self.rules, self.ui, self.book
        journal = self.journal
        return ClockView(
            book=book,
            clock=rules["clock"],
            round=round_number(book, rules),
            daylight=daylight_text(ui, book, rules),
            timers=ordered(rules["timers"], self.table.shared.timer_order),
            journal=tuple(journal_line(ui, book, entry) for entry in rules["journal"]),
            journal_offset=journal.offset if journal is not None and not journal.at_bottom else None,
            night_s=self.night_seconds(),
        )

    def night_seconds(self) -> float:
        """A night in camp from now (R-RNP-TIME-1, the rules' ``until_dawn``): the dry run's length, else a long rest's."""
        run = self.preview(a.LongRest(until_dawn=True))
        if run is not None and run.refused is None and run.result is not None:
            return float(run.result["seconds"])
        return self.book.rest.long_rest_hours * self.book.scale("hour").seconds

    def regions(self) -> ClockRegions:
        return clock_regions(self.inner())

    def build(self) -> None:
        self.controls = build_clock_controls(self.kit, self.regions(), self.shown(), self)

    def draw_content(self, surface: pygame.Surface) -> None:
        paint_clock(surface, self.shown(), self.regions(), self.ui)

    def content_height(self, width: int) -> int:
        wide = width >= CONTROLS + JOURNAL_GAP + JOURNAL_LEAST
        return JOURNAL_BELOW - JOURNAL_CAPTION if wide else JOURNAL_BELOW + JOURNAL_BELOW_HEIGHT

    # -- intents ----------------------------------------------------------------------------------
    def advance_action(self) -> a.Advance | Refused | None:
        """A plain number counts in the current scale; "1h30", "2 j", "45 min", "3 r" give their own units."""
        amount = self.number("amount")
        if amount is not None:
            return make_action(a.Advance, amount=amount)
        seconds = parse_duration(self.book, self.texts.get("amount", ""))
        if seconds is None:
            return None
        return make_action(a.Advance, amount=seconds / self.book.scale("minute").seconds, scale="minute")

    def advance(self) -> None:
        action = self.advance_action()
        if action is not None:
            self.table.act(action)

    def time_action(self) -> a.SetTimeOfDay | Refused | None:
        hour = self.number("set_hour")
        minute = self.number("set_minute") if self.texts.get("set_minute", "").strip() else 0
        day = self.number("set_day") if self.texts.get("set_day", "").strip() else None
        if hour is None or minute is None or any(v is not None and not float(v).is_integer() for v in (hour, minute, day)):
            return None
        return make_action(a.SetTimeOfDay, hour=int(hour), minute=int(minute), day=None if day is None else int(day))

    def set_time(self) -> None:
        action = self.time_action()
        if action is None:
            self.table.show(self.ui.t("rnp.type_time"), bad=True)
            return
        if self.table.act(action) is not None:
            self.texts.update(set_day="", set_hour="", set_minute="")
            self.table.rebuild()

    def soft_update(self) -> None:
        if self.controls is not None:
            self.enable_for(self.controls.advance, self.advance_action())
            self.enable_for(self.controls.set_time, self.time_action(), "rnp.type_time")

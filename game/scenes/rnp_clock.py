"""The clock panel of the Rôle'n Play table: time, daylight, scales, jumps, rests, the clock setter, the journal.

Every change is an action sent through the table scene (``advance``, ``advance_to``,
``short_rest``, ``long_rest``, ``set_time_of_day``, ``set_scale``); the journal is
the rules' journal written as sentences.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Literal

import pygame

from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.session import make_action
from game.scenes.rnp_format import duration, journal_line, lang, name_of, num, parse_duration
from game.scenes.rnp_layout import side_by_side
from game.scenes.rnp_panel import ROW, Panel
from game.scenes.rnp_timers import timer_label, timer_status
from game.ui import fonts
from game.ui.draw import blit_text, wrap_words
from game.ui.scrollbar import Scrollbar
from game.ui.widget import Widget

if TYPE_CHECKING:
    from game.scenes.rnp_table import RnpTableScene


class JournalList(Widget):
    """The journal, oldest first, wrapped; the wheel or the bar scrolls it; it opens on the newest lines."""

    focusable = False

    def __init__(self, ui: Any, rect: Any, lines: list[str], offset: int | None) -> None:
        super().__init__(ui, rect)
        size = ui.theme.text_size("small")
        self.line_h = fonts.line_height("body", size) + 2
        self.entry_gap = 5
        width = self.rect.width - 30
        self.rows: list[tuple[str, bool]] = []  # (text, first line of an entry)
        for line in lines:
            for i, part in enumerate(wrap_words(line, "body", size, width)):
                self.rows.append((part if i == 0 else "    " + part, i == 0))
        self.content = len(self.rows) * self.line_h + len(lines) * self.entry_gap + 8
        self.bar = Scrollbar(ui, pygame.Rect(self.rect.right - 14, self.rect.top + 4, 10, self.rect.height - 8))
        bottom = max(0, self.content - self.rect.height)
        self.offset = bottom if offset is None else max(0, min(bottom, offset))
        self.at_bottom = self.offset == bottom

    def scroll(self, offset: int) -> None:
        bottom = max(0, self.content - self.rect.height)
        self.offset = max(0, min(bottom, offset))
        self.at_bottom = self.offset == bottom

    def process_event(self, event: pygame.event.Event) -> bool:
        super().process_event(event)
        self.bar.rect.topleft = (self.rect.right - 14, self.rect.top + 4)  # the panel may have scrolled it
        self.bar.set_extent(self.content, self.rect.height, self.offset)
        if self.bar.process_event(event):
            self.scroll(self.bar.offset)
            return True
        if event.type == pygame.MOUSEWHEEL and self.contains(getattr(event, "pos", (-1, -1))):
            self.scroll(self.offset - event.y * 3 * self.line_h)
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
        y = self.rect.top + 4 - self.offset
        if not self.rows:
            blit_text(surface, self.ui.t("rnp.journal_empty"), (self.rect.left + 8, y), "italic", size, p.ink_faint)
        for text, first in self.rows:
            if first:
                y += self.entry_gap
            if y + self.line_h >= shown.top and y <= shown.bottom:
                if first and y > self.rect.top + 10:
                    pygame.draw.line(surface, p.parchment_dark, (self.rect.left + 4, y - 3), (self.rect.right - 20, y - 3))
                blit_text(surface, text, (self.rect.left + 8, y), "body", size, p.ink)
            y += self.line_h
        surface.set_clip(clip)
        self.bar.rect.topleft = (self.rect.right - 14, self.rect.top + 4)
        self.bar.draw_for(surface, self.content, self.rect.height, self.offset)


class ClockPanel(Panel):
    """The time and daylight, the scale, time passing (a step, a typed duration, a jump to dawn, noon, dusk or
    midnight, a short or long rest), the clock setter, the timers in force, and the journal."""

    MARKS: tuple[Literal["dawn", "noon", "dusk", "midnight"], ...] = ("dawn", "noon", "dusk", "midnight")
    CONTROLS = 676  # the width of the two columns of controls; the journal takes the rest, or goes below
    JOURNAL_BELOW = 500  # where the journal starts when it goes below the controls

    def __init__(self, table: RnpTableScene, rect: pygame.Rect) -> None:
        super().__init__(table, rect)
        self.journal_offset: int | None = None
        self.journal: JournalList | None = None
        self.texts.update(set_day="", set_hour="", set_minute="")

    def build(self) -> None:
        ui, area, book = self.ui, self.inner(), self.book
        clock = self.view["clock"]
        scale = clock["scale"]
        y = area.top + 120
        x = area.left
        for s in book.time.scales:
            self.action_button(
                f"scale:{s.id}",
                (x, y + 22, 86, ROW),
                s.name.get(self.language),
                make_action(a.SetScale, scale=s.id),  # a book's scale the rules do not know is refused
                chosen=s.id == scale,
                tooltip=s.use.get(self.language),
            )
            x += 91
        unit = book.scale(scale).name.get(self.language).lower()
        self.button(
            "step",
            (area.left, y + 100, 360, ROW),
            ui.tr("rnp.advance_one", unit=unit),
            lambda: self.table.act(a.Advance(amount=1)),
            style="primary",
        )
        self.field("amount", (area.left, y + 174, 130, ROW), "", placeholder=ui.tr("rnp.duration_tip"), max_length=10)
        self.button("advance", (area.left + 140, y + 174, 220, ROW), ui.tr("rnp.advance_by"), self.advance)
        # jumps, rests and the clock setter
        cx = area.left + 380
        half = 144
        for i, mark in enumerate(self.MARKS):
            to = a.AdvanceTo(to=mark)
            self.button(
                f"to:{mark}",
                (cx + (i % 2) * (half + 8), area.top + 24 + (i // 2) * (ROW + 8), half, ROW),
                ui.tr(f"rnp.to_{mark}"),
                partial(self.table.act, to),
            )
        hour_s = book.scale("hour").seconds
        for name, key, rest, hours, top in (
            ("short_rest", "rnp.short_rest", a.ShortRest(), book.rest.short_rest_hours, 190),
            ("rest", "rnp.long_rest", a.LongRest(), book.rest.long_rest_hours, 242),
        ):
            self.action_button(name, (cx, area.top + top, 296, ROW), ui.tr(key, duration=duration(ui, hours * hour_s)), rest)
        for name, dx, width, placeholder, max_length in (
            ("set_day", 0, 70, str(clock["day"]), 4),
            ("set_hour", 78, 60, "hh", 2),
            ("set_minute", 146, 60, "mm", 2),
        ):
            rect = (cx + dx, area.top + 336, width, ROW)
            self.field(name, rect, placeholder=placeholder, max_length=max_length, spoken_name=ui.tr(f"access.rnp_{name}"))
        self.button("set_time", (cx + 214, area.top + 336, 82, ROW), ui.tr("rnp.set_time"), self.set_time)
        journal_rect = self.journal_rect()
        if self.journal is not None and not self.journal.at_bottom:
            self.journal_offset = self.journal.offset
        else:
            self.journal_offset = None
        lines = [journal_line(ui, book, entry) for entry in self.view["journal"]]
        self.journal = self.add("journal", JournalList(ui, journal_rect, lines, self.journal_offset))  # type: ignore[assignment]  # the panel keeps the journal list under its own type

    def content_height(self, width: int) -> int:
        return self.JOURNAL_BELOW - 30 if width >= self.CONTROLS + 24 + 300 else self.JOURNAL_BELOW + 320

    def journal_rect(self) -> pygame.Rect:
        """Right of the controls on a wide panel, else below them (under its caption)."""
        area = self.inner()
        columns = side_by_side(area, self.CONTROLS, 300, gap=24)
        if columns is not None:
            return pygame.Rect(columns[1].left, area.top + 30, columns[1].width, area.height - 30)
        return pygame.Rect(area.left, area.top + self.JOURNAL_BELOW + 30, area.width, area.height - self.JOURNAL_BELOW - 30)

    def advance_action(self) -> a.Advance | Refused | None:
        """A plain number counts in the current scale; "1h30", "2 j", "45 min", "3 r" give their own units."""
        text = self.texts.get("amount", "")
        amount = self.number("amount")
        if amount is not None:
            return make_action(a.Advance, amount=amount)
        seconds = parse_duration(self.book, text)
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
        self.enable_for("advance", self.advance_action())
        self.enable_for("set_time", self.time_action(), "rnp.type_time")

    def draw_content(self, surface: pygame.Surface) -> None:
        ui, p, area, book = self.ui, self.ui.palette, self.inner(), self.book
        clock = self.view["clock"]
        self.text(
            surface, ui.t("rnp.day", day=clock["day"]), (area.left, area.top - 4), face="title", role="title", colour=p.rubric
        )
        time = ui.t("rnp.time_of_day", hour=f"{clock['hour']:02d}", minute=f"{clock['minute']:02d}")
        if clock["second"]:
            time += " " + ui.t("rnp.unit_s", n=num(ui, clock["second"], 0))
        self.text(surface, time, (area.left + 150, area.top + 6), face="bold", role="heading")
        rnd = self.table.round_number()
        line_y = area.top + 50
        if rnd is not None:
            self.text(
                surface, ui.t("rnp.round", n=rnd), (area.left + 280, area.top + 6), face="title", role="heading", colour=p.rubric
            )
        self.text(surface, daylight_text(ui, book, self.view), (area.left, line_y), role="small")
        self.text(
            surface,
            ui.t("rnp.elapsed", duration=duration(ui, clock["elapsed_s"])),
            (area.left, line_y + 24),
            face="italic",
            role="small",
            colour=p.ink_soft,
        )
        y = area.top + 120
        self.label(surface, ui.t("rnp.scale_now", scale=book.scale(clock["scale"]).name.get(self.language)), (area.left, y))
        self.label(
            surface,
            ui.t("rnp.advance_typed", unit=book.scale(clock["scale"]).name.get(self.language).lower()),
            (area.left, y + 152),
        )
        # the timers in force, under the typed duration
        ty = y + 232
        self.label(surface, ui.t("rnp.timers_now"), (area.left, ty))
        timers = self.view["timers"]
        if not timers:
            self.text(surface, ui.t("rnp.none"), (area.left, ty + 22), face="italic", role="small", colour=p.ink_faint)
        bottom = self.journal_rect().top - 40 if self.journal_rect().left == area.left else area.bottom
        for timer in timers[: max(4, (bottom - ty) // 22 - 1)]:  # a tall page lists more (all are on the Timers tab)
            ty += 22
            text, warn = timer_status(ui, timer)
            label = timer_label(ui, timer) + (f" ({timer['character']})" if timer["character"] else "")
            self.text(
                surface,
                f"{label} : {text}" if self.language == "fr" else f"{label}: {text}",
                (area.left, ty),
                role="small",
                colour=p.bad if warn else p.ink,
            )
        cx = area.left + 380
        self.label(surface, ui.t("rnp.jump_to"), (cx, area.top))
        self.label(surface, ui.t("rnp.rests"), (cx, area.top + 168))
        self.label(surface, ui.t("rnp.set_time_caption"), (cx, area.top + 314))
        journal = self.journal_rect()
        self.label(surface, ui.t("rnp.journal"), (journal.left, journal.top - 30))


def daylight_text(ui: Any, book: Any, view: dict[str, Any]) -> str:
    """ "Aube · lumière faible" — or the game master's light when it overrides the clock's."""
    period = next(p for p in book.time.daylight if p.id == view["daylight"]).name.get(lang(ui))
    light = name_of(ui, book.light_def, view["light"])
    if view["light_override"]:
        return ui.t("rnp.daylight_override", period=period, light=light)
    return ui.t("rnp.daylight_now", period=period, light=light)

"""The clock (time, scale, journal) and the travel planner of the Rôle'n Play table.

The planner turns the game master's choices into a ``travel_party`` action and
shows, while it is edited, what the rules would make of it (a dry run: distance,
time, the forced-march saves to come, the pace's effects). "Set off" applies
it; the Constitution saves of a forced march show in the dice overlay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.app.rolling import Presentation
from game.rules.rnp.preview import Preview, forced_march_schedule, preview
from game.rules.session import Entry
from game.app.rolling import DiceGroup
from game.rules.errors import Refused
from game.scenes.rnp_format import (
    clock_time, distance, duration, gains, journal_line, lang, mode_name, name_of, num, parse_duration, signed,
)
from game.scenes.rnp_panel import ROW, Panel
from game.scenes.rnp_timers import timer_label, timer_status
from game.ui import fonts
from game.ui.draw import blit_text, wrap_words
from game.ui.scrollbar import Scrollbar
from game.ui.widget import Widget

if TYPE_CHECKING:
    from game.scenes.rnp_table import RnpTableScene

MAX_OVERLAY_DICE = 9


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
        surface.set_clip(self.rect.clip(clip))
        size = self.ui.theme.text_size("small")
        y = self.rect.top + 4 - self.offset
        if not self.rows:
            blit_text(surface, self.ui.t("rnp.journal_empty"), (self.rect.left + 8, y), "italic", size, p.ink_faint)
        for text, first in self.rows:
            if first:
                y += self.entry_gap
            if y + self.line_h >= self.rect.top and y <= self.rect.bottom:
                if first and y > self.rect.top + 10:
                    pygame.draw.line(surface, p.parchment_dark, (self.rect.left + 4, y - 3), (self.rect.right - 20, y - 3))
                blit_text(surface, text, (self.rect.left + 8, y), "body", size, p.ink)
            y += self.line_h
        surface.set_clip(clip)
        self.bar.draw_for(surface, self.content, self.rect.height, self.offset)


class ClockPanel(Panel):
    """The time and daylight, the scale, time passing (a step, a typed duration, a jump to dawn, noon, dusk or
    midnight, a short or long rest), the clock setter, the timers in force, and the journal."""

    MARKS = ("dawn", "noon", "dusk", "midnight")

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
            action = {"do": "set_scale", "scale": s.id}
            self.button(f"scale:{s.id}", (x, y + 22, 86, ROW), s.name.get(self.language), lambda a=action: self.table.act(a),
                        refused=self.table.refusal(action), chosen=s.id == scale, tooltip=s.use.get(self.language))
            x += 91
        unit = book.scale(scale).name.get(self.language).lower()
        self.button("step", (area.left, y + 100, 360, ROW), ui.tr("rnp.advance_one", unit=unit),
                    lambda: self.table.act({"do": "advance", "amount": 1}), style="primary")
        self.field("amount", (area.left, y + 174, 130, ROW), "", placeholder=ui.tr("rnp.duration_tip"), max_length=10)
        self.button("advance", (area.left + 140, y + 174, 220, ROW), ui.tr("rnp.advance_by"), self.advance)
        # jumps, rests and the clock setter
        cx = area.left + 380
        half = 144
        for i, mark in enumerate(self.MARKS):
            action = {"do": "advance_to", "to": mark}
            self.button(f"to:{mark}", (cx + (i % 2) * (half + 8), area.top + 24 + (i // 2) * (ROW + 8), half, ROW),
                        ui.tr(f"rnp.to_{mark}"), lambda a=action: self.table.act(a))
        short, rest = {"do": "short_rest"}, {"do": "long_rest"}
        hour_s = book.scale("hour").seconds
        self.button("short_rest", (cx, area.top + 190, 296, ROW),
                    ui.tr("rnp.short_rest", duration=duration(ui, book.rest.short_rest_hours * hour_s)),
                    lambda: self.table.act(short), refused=self.table.refusal(short))
        self.button("rest", (cx, area.top + 242, 296, ROW),
                    ui.tr("rnp.long_rest", duration=duration(ui, book.rest.long_rest_hours * hour_s)),
                    lambda: self.table.act(rest), refused=self.table.refusal(rest))
        self.field("set_day", (cx, area.top + 336, 70, ROW), placeholder=str(clock["day"]), max_length=4)
        self.field("set_hour", (cx + 78, area.top + 336, 60, ROW), placeholder="hh", max_length=2)
        self.field("set_minute", (cx + 146, area.top + 336, 60, ROW), placeholder="mm", max_length=2)
        self.button("set_time", (cx + 214, area.top + 336, 82, ROW), ui.tr("rnp.set_time"), self.set_time)
        journal_rect = pygame.Rect(area.left + 700, area.top + 30, area.width - 700, area.height - 30)
        if self.journal is not None and not self.journal.at_bottom:
            self.journal_offset = self.journal.offset
        else:
            self.journal_offset = None
        lines = [journal_line(ui, book, entry) for entry in self.view["journal"]]
        self.journal = self.add("journal", JournalList(ui, journal_rect, lines, self.journal_offset))  # type: ignore[assignment]

    def advance_action(self) -> dict[str, Any] | None:
        """A plain number counts in the current scale; "1h30", "2 j", "45 min", "3 r" give their own units."""
        text = self.texts.get("amount", "")
        amount = self.number("amount")
        if amount is not None:
            return {"do": "advance", "amount": amount}
        seconds = parse_duration(self.book, text)
        return None if seconds is None else {"do": "advance", "amount": seconds / self.book.scale("minute").seconds,
                                             "scale": "minute"}

    def advance(self) -> None:
        action = self.advance_action()
        if action is not None:
            self.table.act(action)

    def time_action(self) -> dict[str, Any] | None:
        hour = self.number("set_hour")
        minute = self.number("set_minute") if self.texts.get("set_minute", "").strip() else 0
        day = self.number("set_day") if self.texts.get("set_day", "").strip() else None
        if hour is None or minute is None or any(v is not None and not float(v).is_integer() for v in (hour, minute, day)):
            return None
        action: dict[str, Any] = {"do": "set_time_of_day", "hour": int(hour), "minute": int(minute)}
        if day is not None:
            action["day"] = int(day)
        return action

    def set_time(self) -> None:
        action = self.time_action()
        if action is None:
            self.table.show(self.ui.t("rnp.type_time"), bad=True)
            return
        if not isinstance(self.table.act(action), Refused):
            self.texts.update(set_day="", set_hour="", set_minute="")
            self.table.rebuild()

    def soft_update(self) -> None:
        for name, action, empty in (("advance", self.advance_action(), "rnp.type_amount"),
                                    ("set_time", self.time_action(), "rnp.type_time")):
            button = self.named.get(name)
            if button is None:
                continue
            if action is None:
                button.set_enabled(False, self.ui.tr(empty))
                continue
            refused = self.table.refusal(action)
            button.set_enabled(refused is None, self.table.refusal_text(refused) if refused else None)

    def draw_content(self, surface: pygame.Surface) -> None:
        ui, p, area, book = self.ui, self.ui.palette, self.inner(), self.book
        clock = self.view["clock"]
        self.text(surface, ui.t("rnp.day", day=clock["day"]), (area.left, area.top - 4), face="title", role="title",
                  colour=p.rubric)
        time = ui.t("rnp.time_of_day", hour=f"{clock['hour']:02d}", minute=f"{clock['minute']:02d}")
        if clock["second"]:
            time += " " + ui.t("rnp.unit_s", n=num(ui, clock["second"], 0))
        self.text(surface, time, (area.left + 150, area.top + 6), face="bold", role="heading")
        rnd = self.table.round_number()
        line_y = area.top + 50
        if rnd is not None:
            self.text(surface, ui.t("rnp.round", n=rnd), (area.left + 280, area.top + 6), face="title", role="heading",
                      colour=p.rubric)
        self.text(surface, daylight_text(ui, book, self.view), (area.left, line_y), role="small")
        self.text(surface, ui.t("rnp.elapsed", duration=duration(ui, clock["elapsed_s"])), (area.left, line_y + 24),
                  face="italic", role="small", colour=p.ink_soft)
        y = area.top + 120
        self.label(surface, ui.t("rnp.scale_now", scale=book.scale(clock["scale"]).name.get(self.language)), (area.left, y))
        self.label(surface, ui.t("rnp.advance_typed", unit=book.scale(clock["scale"]).name.get(self.language).lower()),
                   (area.left, y + 152))
        # the timers in force, under the typed duration
        ty = y + 232
        self.label(surface, ui.t("rnp.timers_now"), (area.left, ty))
        timers = self.view["timers"]
        if not timers:
            self.text(surface, ui.t("rnp.none"), (area.left, ty + 22), face="italic", role="small", colour=p.ink_faint)
        for timer in timers[:4]:
            ty += 22
            text, warn = timer_status(ui, timer)
            label = timer_label(ui, timer) + (f" ({timer['character']})" if timer["character"] else "")
            self.text(surface, f"{label} : {text}" if self.language == "fr" else f"{label}: {text}",
                      (area.left, ty), role="small", colour=p.bad if warn else p.ink)
        cx = area.left + 380
        self.label(surface, ui.t("rnp.jump_to"), (cx, area.top))
        self.label(surface, ui.t("rnp.rests"), (cx, area.top + 168))
        self.label(surface, ui.t("rnp.set_time_caption"), (cx, area.top + 314))
        self.label(surface, ui.t("rnp.journal"), (area.left + 700, area.top))


def daylight_text(ui: Any, book: Any, view: dict[str, Any]) -> str:
    """"Aube · lumière faible" — or the game master's light when it overrides the clock's."""
    period = next(p for p in book.time.daylight if p.id == view["daylight"]).name.get(lang(ui))
    light = name_of(ui, book.light_def, view["light"])
    if view["light_override"]:
        return ui.t("rnp.daylight_override", period=period, light=light)
    return ui.t("rnp.daylight_now", period=period, light=light)


# -- travel ------------------------------------------------------------------------------------------------
UNITS = ("distance", "minutes", "hours", "days")


class TravelPanel(Panel):
    """Plan a leg; the preview follows each change; "Set off" applies it to the party."""

    def __init__(self, table: RnpTableScene, rect: pygame.Rect) -> None:
        super().__init__(table, rect)
        self.plan: dict[str, Any] = {"mode": "foot", "pace": "normal", "terrain": "normal", "unit": "days",
                                     "supplies": True, "camp": True}
        self.left_out: set[str] = set()
        self.texts.update(amount="1", extra="0", kmh="", boat_hours="")
        self.current: Preview | None = None

    def pick(self, key: str, value: str) -> None:
        self.plan[key] = value
        self.table.rebuild()

    def set_flag(self, key: str, value: bool) -> None:
        self.plan[key] = value
        self.table.rebuild()

    def flip(self, name: str) -> None:
        self.left_out.symmetric_difference_update({name})
        self.table.rebuild()

    def build(self) -> None:
        ui, area, book, plan = self.ui, self.inner(), self.book, self.plan
        x, y = area.left, area.top
        self.choices("mode", x, y + 20, [(m, ui.tr(f"rnp.mode_{m}")) for m in ("foot", "gallop", "cart", "boat")],
                     plan["mode"], lambda v: self.pick("mode", v))
        if plan["mode"] in ("foot", "cart"):
            self.choices("pace", x, y + 88, [(pc.id, pc.name.get(self.language)) for pc in book.travel.paces],
                         plan["pace"], lambda v: self.pick("pace", v), width=110)
        if plan["mode"] != "boat":
            self.choices("terrain", x, y + 156, [(tr.id, tr.name.get(self.language)) for tr in book.travel.terrains],
                         plan["terrain"], lambda v: self.pick("terrain", v), width=130)
        self.choices("unit", x, y + 224, [(u, ui.tr(f"rnp.unit_{u}")) for u in UNITS], plan["unit"],
                     lambda v: self.pick("unit", v))
        self.field("amount", (x, y + 292, 130, ROW), placeholder="0", max_length=8)
        if plan["unit"] == "days" and plan["mode"] in ("foot", "cart"):
            self.field("extra", (x + 200, y + 292, 100, ROW), placeholder="0", max_length=2)
        if plan["mode"] == "boat":
            self.field("kmh", (x + 200, y + 292, 100, ROW), placeholder="km/h", max_length=5)
            self.field("boat_hours", (x + 340, y + 292, 100, ROW), placeholder=str(int(book.travel.vehicles.boat_hours_per_day)),
                       max_length=4)
        bx = x
        for name in self.living():
            width = max(90, fonts.text_width(name, "bold", ui.theme.text_size("button")) + 30)
            self.button(f"who:{name}", (bx, y + 382, width, ROW), name, lambda n=name: self.flip(n),
                        style="normal" if name in self.left_out else "primary",
                        tooltip=ui.tr("rnp.traveller_tip"))
            bx += width + 6
        if plan["unit"] == "days":
            self.toggle("supplies", (x, y + 440, 230, 36), ui.tr("rnp.travel_supplies"), plan["supplies"],
                        lambda v: self.set_flag("supplies", v))
            self.toggle("camp", (x + 250, y + 440, 250, 36), ui.tr("rnp.travel_camp"), plan["camp"],
                        lambda v: self.set_flag("camp", v))
        self.button("go", (x, area.bottom - ROW, 260, ROW), ui.tr("rnp.set_off"), self.go, style="primary")
        saves = self.button("saves", (x + 270, area.bottom - ROW, 250, ROW), ui.tr("rnp.all_saves"), self.show_saves)
        if last_saves(self.view) is None:
            saves.set_enabled(False, ui.tr("rnp.no_saves_yet"))
        behind = [n for n in self.view["party_order"] if self.view["party"][n]["left_at_s"] is not None]
        rx = area.left + 560
        for name in behind[:3]:
            label = ui.tr("rnp.rejoin", name=name)
            width = fonts.text_width(ui.text(label), "bold", ui.theme.text_size("button")) + 28
            self.button(f"rejoin:{name}", (rx, area.bottom - ROW, width, ROW), label,
                        lambda n=name: self.table.act({"do": "rejoin", "character": n}))
            rx += width + 6

    def action(self) -> dict[str, Any] | None:
        """The ``travel_party`` action the planner describes (None while the amount is not a number)."""
        plan = self.plan
        amount = self.number("amount")
        if amount is None:
            return None
        action: dict[str, Any] = {"do": "travel_party", "mode": plan["mode"]}
        if plan["mode"] in ("foot", "cart"):
            action["pace"] = plan["pace"]
        if plan["mode"] != "boat":
            action["terrain"] = plan["terrain"]
        if plan["unit"] == "distance":
            action["distance_m"] = amount * 1000
        else:
            action[plan["unit"]] = amount
        if plan["unit"] == "days" and plan["mode"] in ("foot", "cart"):
            extra = self.number("extra")
            if extra:
                action["extra_hours"] = extra
        if plan["mode"] == "boat":
            kmh, hours = self.number("kmh"), self.number("boat_hours")
            if kmh is not None:
                action["boat_kmh"] = kmh
            if hours is not None:
                action["boat_hours_per_day"] = hours
        if self.left_out:
            action["who"] = [n for n in self.living() if n not in self.left_out]
        if plan["unit"] == "days":
            action.update(supplies=plan["supplies"], camp=plan["camp"],
                          hot=bool(getattr(self.table.panels.get("food"), "hot", False)))
        return action

    def soft_update(self) -> None:
        action = self.action()
        self.current = None if action is None else preview(self.book, self.table.adventure.state, action, self.language)
        go = self.named.get("go")
        if go is None:
            return
        if action is None:
            go.set_enabled(False, self.ui.tr("rnp.type_amount"))
        elif self.current is not None and self.current.refused is not None:
            go.set_enabled(False, self.table.refusal_text(self.current.refused))
        else:
            go.set_enabled(True)

    def go(self) -> None:
        action = self.action()
        if action is None:
            return

        def after(result: Entry | Refused) -> None:
            if isinstance(result, Refused):
                return
            self.texts["extra"] = "0"  # a forced march is chosen again for each leg
            self.table.rebuild()
            if (self.table.adventure.state.result or {}).get("saves"):
                self.show_saves()

        self.table.roll(action, lambda entry: present_travel(self.table, entry), after)

    def show_saves(self) -> None:
        """Every save of the last forced march, passed ones too, with its day, hour and DC."""
        from game.scenes.rnp_saves import SavesScene

        entry = last_saves(self.view)
        if entry is not None and self.table.stack is not None:
            self.table.stack.push(SavesScene(self.table, entry))

    # -- drawing ---------------------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        ui, p, area, book, plan = self.ui, self.ui.palette, self.inner(), self.book, self.plan
        x, y = area.left, area.top
        self.label(surface, ui.t("rnp.travel_mode"), (x, y))
        if plan["mode"] in ("foot", "cart"):
            self.label(surface, ui.t("rnp.travel_pace"), (x, y + 68))
        if plan["mode"] != "boat":
            self.label(surface, ui.t("rnp.travel_terrain"), (x, y + 136))
        self.label(surface, ui.t("rnp.travel_length"), (x, y + 204))
        self.label(surface, ui.t(f"rnp.amount_{plan['unit']}"), (x, y + 272))
        if plan["unit"] == "days" and plan["mode"] in ("foot", "cart"):
            self.label(surface, ui.t("rnp.extra_hours"), (x + 200, y + 272))
        if plan["mode"] == "boat":
            self.label(surface, ui.t("rnp.boat_kmh"), (x + 200, y + 272))
            self.label(surface, ui.t("rnp.boat_hours"), (x + 340, y + 272))
        self.label(surface, ui.t("rnp.travellers"), (x, y + 360))
        if not self.living():
            self.text(surface, ui.t("rnp.nobody_travels"), (x, y + 388), face="italic", role="small", colour=p.ink_faint)
        self.draw_preview(surface, pygame.Rect(area.left + 560, area.top, area.width - 560, area.height))

    def draw_preview(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        ui, p, book = self.ui, self.ui.palette, self.book
        pygame.draw.line(surface, p.ink_faint, (rect.left - 20, rect.top), (rect.left - 20, rect.bottom))
        x, y, width = rect.left, rect.top, rect.width
        small = self.line_height("small")
        last = self.view["mode"]
        if last:
            how = mode_name(ui, last)
            if self.view["pace"]:
                how += ", " + ui.t("rnp.pace_word", pace=name_of(ui, book.pace, self.view["pace"]).lower())
            self.text(surface, ui.t("rnp.last_leg", how=how), (x, y), face="italic", role="small", colour=p.ink_soft)
        y += small + 6
        self.text(surface, ui.t("rnp.preview"), (x, y), face="title", role="heading", colour=p.rubric)
        y += self.line_height("heading", "title") + 4
        current = self.current
        if current is None:
            self.paragraph(surface, ui.t("rnp.type_amount"), x, y, width, face="italic", colour=p.ink_soft)
            return
        if current.refused is not None:
            self.paragraph(surface, self.table.refusal_text(current.refused), x, y, width, face="italic", colour=p.bad)
            return
        result = current.result or {}
        y = self.bold_line(surface, ui.t("rnp.preview_distance", distance=distance(ui, result.get("distance_m"))), x, y)
        y = self.bold_line(surface, ui.t("rnp.preview_time", duration=duration(ui, result.get("seconds"))), x, y)
        arrival = self.view["clock"]["elapsed_s"] + (result.get("seconds") or 0)
        self.text(surface, ui.t("rnp.arrival", time=clock_time(ui, book, arrival)), (x, y), role="small", colour=p.ink_soft)
        y += small
        if "days" in result and "hours" in result:
            self.text(surface, ui.t("rnp.preview_split", days=result["days"], hours=num(ui, result["hours"], 1)), (x, y),
                      role="small", colour=p.ink_soft)
            y += small
        schedule = forced_march_schedule(result)
        if schedule:
            y += 6
            y = self.paragraph(surface, ui.t("rnp.forced_march", n=len(schedule)), x, y, width, face="italic",
                               role="small", colour=p.rubric, max_lines=2)
            by_hour: dict[tuple[int, int], list[dict[str, Any]]] = {}
            for save in schedule:
                by_hour.setdefault((save["day"], save["hour"]), []).append(save)
            shown = list(by_hour.items())
            first_day = self.view["clock"]["day"]
            for (day, hour), saves in shown[:6]:
                who = ", ".join(f"{s['who']} {signed(s['modifier'])}" + (" " + ui.t("rnp.disadvantage_tag") if s["disadvantage"] else "")
                                for s in saves)
                line = ui.t("rnp.save_line", day=first_day + day - 1, hour=num(ui, book.travel.march_hours_per_day + hour),
                            dc=saves[0]["dc"], who=who)
                y = self.paragraph(surface, line, x, y, width, role="small", max_lines=2)
            if len(shown) > 6:
                self.text(surface, ui.t("rnp.more_saves", n=len(shown) - 6), (x, y), face="italic", role="small", colour=p.ink_soft)
                y += small
        y += 8
        pace = result.get("pace")
        if self.plan["mode"] == "boat":
            y = self.paragraph(surface, book.travel.vehicles.boat_note.get(self.language), x, y, width, face="italic",
                               role="small", colour=p.ink_soft, max_lines=4)
        elif pace:
            effect = book.pace(pace).effect
            title = ui.t("rnp.pace_effect", pace=name_of(ui, book.pace, pace))
            text = effect.get(self.language) if effect else ui.t("rnp.pace_no_effect")
            y = self.paragraph(surface, f"{title} {text}", x, y, width, role="small", max_lines=3)
        view = current.view or {}
        changes = []
        for name in view.get("party_order", []):
            member, before = view["party"][name], self.view["party"].get(name)
            if before and member["passive_perception"] != before["passive_perception"]:
                changes.append(f"{name} {before['passive_perception']} → {member['passive_perception']}")
        if changes:
            y = self.paragraph(surface, ui.t("rnp.pp_changes", changes=", ".join(changes)), x, y, width, role="small",
                               colour=p.ink_soft, max_lines=2)
        if view.get("pace_effects", {}).get("stealth"):
            self.paragraph(surface, ui.t("rnp.stealth_ok"), x, y, width, role="small", colour=p.good, max_lines=2)


def last_saves(view: dict[str, Any]) -> dict[str, Any] | None:
    """The journal entry of the last leg that had forced-march saves (they are kept in the journal)."""
    for entry in reversed(view["journal"]):
        if entry["do"] == "travel_party" and entry["data"].get("saves"):
            return entry
    return None


def present_travel(table: RnpTableScene, entry: Entry) -> Presentation:
    """The dice overlay of a leg: each traveller's Constitution saves, and who tires."""
    ui = table.ui
    result = table.adventure.state.result or {}
    saves = result.get("saves") or []
    by_who: dict[str, list[dict[str, Any]]] = {}
    for save in saves:
        by_who.setdefault(save["who"], []).append(save)
    picked = {who: list(ss) for who, ss in by_who.items()}
    if len(saves) > MAX_OVERLAY_DICE:  # too many to show: the failed ones matter
        picked = {who: [s for s in ss if not s["success"]] for who, ss in by_who.items()}
    while sum(len(v) for v in picked.values()) > MAX_OVERLAY_DICE:
        longest = max(picked, key=lambda k: len(picked[k]))
        picked[longest].pop()
    groups = []
    for who, shown in picked.items():
        if not shown:
            continue
        done = by_who[who]
        ok = sum(1 for s in done if s["success"])
        groups.append(DiceGroup(ui.t("rnp.save_of", who=who), tuple(s["roll"] for s in shown), 20,
                                ui.t("rnp.saves_detail", ok=ok, n=len(done))))
    gained = gains(ui, result.get("exhaustion"))
    verdict = gained or ui.t("rnp.nobody_tires")
    return ui.t("rnp.forced_march_title"), groups, verdict, "bad" if gained else "good"


__all__ = ["ClockPanel", "TravelPanel", "present_travel", "clock_time"]

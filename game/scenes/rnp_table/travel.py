"""The travel planner of the Rôle'n Play table.

The planner turns the game master's choices into a ``travel_party`` action and
shows, while it is edited, what the rules would make of it (a dry run: distance,
time, the forced-march saves to come, the pace's effects). "Set off" applies
it; the Constitution saves of a forced march show in the dice overlay, then every
save of the leg in the saves window.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Protocol

import pygame

from game.app.rolling import DiceGroup, Presentation
from game.books.rolenplay import RolenplayBook
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.rnp.preview import Preview, forced_march_schedule
from game.rules.session import ActionLike, Entry, make_action
from game.scenes.rnp_table.data import Json, last_saves, left_behind
from game.scenes.rnp_table.layout import CAPTION, GAP, ROW, SIDE_GAP, side_by_side
from game.scenes.rnp_table.panel import CHOICE_GAP, D20, Kit, Panel, Table, fit_width
from game.scenes.rnp_table.pen import Pen
from game.scenes.rnp_table.words import clock_time, distance, duration, gains, mode_name, name_of, num, signed
from game.ui import fonts
from game.ui.button import Button
from game.ui.context import UIContext

MAX_OVERLAY_DICE = 9
MODES = ("foot", "ride", "gallop", "cart", "boat")  # ride: a day on horseback at the pace table (R-RNP-MOUNT-1)
UNITS = ("distance", "minutes", "hours", "days")
FORM, PREVIEW = 540, 320  # the planner's column and the preview's narrowest
GO_BELOW = 490  # on a narrow panel: "Set off" under the form, the preview under it
PREVIEW_HEIGHT = 460
ROWS = 5  # mode, pace, terrain, length's unit, amount: a caption over each
TRAVEL_LINE = 68  # the planner's rows are closer than other panels'
PACE_W, TERRAIN_W = 110, 130
AMOUNT_W, SIDE_FIELD_W, EXTRA_X, BOAT_HOURS_X = 130, 100, 200, 340
GALLOP_X = 400  # a ride's gallop hours, after the forced march's (its caption is longer than a boat's)
TRAVELLERS_DY, TRAVELLERS_CAPTION = 360, 22  # the travellers' caption, their buttons this far under it
TRAVELLER_LEAST, TRAVELLER_PADDING = 90, 30
NOBODY_DY = 28
TOGGLES_DY, TOGGLE_H = 440, 36
TOGGLE_W, CAMP_X, CAMP_W = 230, 250, 250
GO_W, SAVES_W = 260, 250
RELAY_W = 300  # the relay mounts' toggle, right of a gallop's amount
REJOIN_SHOWN = 3
SCHEDULE_HOURS = 6  # forced-march hours listed in the preview (the rest counted)


def travel_rows(top: int) -> tuple[int, ...]:
    """The captions of the planner's rows (each row's controls are a caption's height lower)."""
    return tuple(top + i * TRAVEL_LINE for i in range(ROWS))


@dataclass(frozen=True)
class TravelView:
    """What the travel tab shows: the plan, who travels, who is behind, and the rules' dry run of the leg."""

    book: RolenplayBook
    plan: Json  # mode, pace, terrain, unit, supplies, camp
    travellers: tuple[tuple[str, bool], ...]  # the living, and whether each goes
    behind: tuple[str, ...]  # who is left behind (rejoin buttons for the first few)
    has_saves: bool  # a leg of the journal had forced-march saves
    current: Preview | None
    refusal: str | None
    rules: Json  # the table now (the last leg, the clock, the party's passive Perception)

    @property
    def walks(self) -> bool:
        """A leg with a pace (on foot, riding or by cart)."""
        return self.plan["mode"] in ("foot", "ride", "cart")

    @property
    def gallop(self) -> bool:
        return self.plan["mode"] == "gallop"

    @property
    def rides_days(self) -> bool:
        """A ride by days: each day may gallop up to the gallop's hour."""
        return self.plan["mode"] == "ride" and self.by_days

    @property
    def by_days(self) -> bool:
        return self.plan["unit"] == "days"

    @property
    def boat(self) -> bool:
        return self.plan["mode"] == "boat"


@dataclass(frozen=True)
class TravelRegions:
    area: pygame.Rect
    rows: tuple[int, ...]
    go_y: int
    rejoin: tuple[int, int]
    preview: pygame.Rect
    beside: bool
    shift: int = 0  # how much lower the toggles and "Set off" are: the travellers' extra lines

    def control(self, row: int) -> int:
        return self.rows[row] + CAPTION

    @property
    def form_right(self) -> int:
        """Where the planner's rows end: before the preview beside them, else at the panel's right."""
        return self.preview.left - SIDE_GAP // 2 if self.beside else self.area.right


def travel_regions(area: pygame.Rect, traveller_lines: int = 1) -> TravelRegions:
    """Where "Set off" goes, the rejoin buttons and the preview: right of the planner on a wide panel, else one
    under the other; the toggles and "Set off" go lower by the travellers' lines past the first."""
    shift = (max(1, traveller_lines) - 1) * (ROW + CHOICE_GAP)
    columns = side_by_side(area, FORM, PREVIEW)
    go = area.top + GO_BELOW + shift  # under the planner, not at the foot of a tall page
    if columns is not None:
        return TravelRegions(area, travel_rows(area.top), go, (columns[1].left, go), columns[1], True, shift)
    below = go + 2 * ROW + SIDE_GAP
    preview = pygame.Rect(area.left, below, area.width, area.bottom - below)
    return TravelRegions(area, travel_rows(area.top), go, (area.left, go + ROW + GAP), preview, False, shift)


def traveller_lines(ui: UIContext, names: list[str], room: int) -> list[list[tuple[str, int]]]:
    """The travellers' buttons (name, width) in lines of ``room`` (a big party wraps instead of running off the
    panel; a name wider than the room is cut to it)."""
    size = ui.theme.text_size("button")
    lines: list[list[tuple[str, int]]] = [[]]
    used = 0
    for name in names:
        width = min(room, max(TRAVELLER_LEAST, fonts.text_width(name, "bold", size) + TRAVELLER_PADDING))
        if lines[-1] and used + width > room:
            lines.append([])
            used = 0
        lines[-1].append((name, width))
        used += width + CHOICE_GAP
    return lines


class TravelIntents(Protocol):
    def pick(self, key: str, value: str) -> None: ...

    def set_flag(self, key: str, value: bool) -> None: ...

    def flip(self, name: str) -> None: ...

    def go(self) -> None: ...

    def show_saves(self) -> None: ...

    def act(self, action: ActionLike) -> object: ...


@dataclass(frozen=True)
class TravelControls:
    go: Button


def build_travel_controls(kit: Kit, regions: TravelRegions, view: TravelView, intents: TravelIntents) -> TravelControls:
    """The planner (mode, pace, terrain, unit, amounts), who travels, supplies and camp, then "Set off", the saves
    window and the rejoin buttons."""
    ui, area, book, plan = kit.ui, regions.area, view.book, view.plan
    x, language = area.left, ui.catalogue.language
    modes = [(m, ui.tr(f"rnp.mode_{m}")) for m in MODES]
    mode = ui.tr("rnp.travel_mode")
    kit.choices(
        "mode", x, regions.control(0), modes, plan["mode"], partial(intents.pick, "mode"), group=mode, right=regions.form_right
    )
    if view.walks:
        paces = [(pc.id, pc.name.get(language)) for pc in book.travel.paces]
        pace = ui.tr("rnp.travel_pace")
        kit.choices("pace", x, regions.control(1), paces, plan["pace"], partial(intents.pick, "pace"), group=pace, width=PACE_W)
    if not view.boat:
        terrains = [(tr.id, tr.name.get(language)) for tr in book.travel.terrains]
        kit.choices(
            "terrain",
            x,
            regions.control(2),
            terrains,
            plan["terrain"],
            partial(intents.pick, "terrain"),
            group=ui.tr("rnp.travel_terrain"),
            width=TERRAIN_W,
        )
    units = [(u, ui.tr(f"rnp.unit_{u}")) for u in UNITS]
    kit.choices(
        "unit", x, regions.control(3), units, plan["unit"], partial(intents.pick, "unit"), group=ui.tr("rnp.travel_length")
    )
    amount_fields(kit, regions, view, intents)
    traveller_controls(kit, regions, view, intents)
    go = kit.button("go", (x, regions.go_y, GO_W, ROW), ui.tr("rnp.set_off"), intents.go, style="primary")
    saves = kit.button("saves", (x + GO_W + GAP, regions.go_y, SAVES_W, ROW), ui.tr("rnp.all_saves"), intents.show_saves)
    if not view.has_saves:
        saves.set_enabled(False, ui.tr("rnp.no_saves_yet"))
    rx, ry = regions.rejoin
    for name in view.behind[:REJOIN_SHOWN]:
        label = ui.tr("rnp.rejoin", name=name)
        width = fit_width(ui, ui.text(label))
        kit.button(f"rejoin:{name}", (rx, ry, width, ROW), label, partial(intents.act, a.Rejoin(character=name)))
        rx += width + CHOICE_GAP
    return TravelControls(go)


def amount_caption(ui: UIContext, view: TravelView) -> str:
    """The amount's caption, with the most the mode allows in hours or minutes: a march day's 8 h, or a gallop's
    hour without relay mounts (issue 31 item 10: the gallop said "8 h max" where 1 h is allowed)."""
    unit, book = view.plan["unit"], view.book
    if unit not in ("hours", "minutes"):
        return ui.t(f"rnp.amount_{unit}")
    minute_s, hour_s = book.scale("minute").seconds, book.scale("hour").seconds
    gallop_s = book.travel.gallop.max_minutes * minute_s
    most_s: float = gallop_s if view.gallop and not view.plan["relay"] else book.travel.march_hours_per_day * hour_s
    most = most_s / (hour_s if unit == "hours" else minute_s)
    return ui.t(f"rnp.amount_{unit}", n=int(most) if float(most).is_integer() else round(most, 2))


def gallop_caption(ui: UIContext, book: RolenplayBook) -> str:
    """A ride's gallop hours a day, with the gallop's most (book data: 60 minutes)."""
    hours = book.travel.gallop.max_minutes * book.scale("minute").seconds / book.scale("hour").seconds
    return ui.t("rnp.gallop_hours", n=int(hours) if float(hours).is_integer() else round(hours, 2))


def amount_fields(kit: Kit, regions: TravelRegions, view: TravelView, intents: TravelIntents) -> None:
    """How far or how long; a forced march's extra hours (days on foot or by cart); a boat's speed and hours;
    a ride's gallop hours a day; a gallop's relay mounts."""
    ui, x, y = kit.ui, regions.area.left, regions.control(4)
    kit.field("amount", (x, y, AMOUNT_W, ROW), placeholder="0", max_length=8, spoken_name=amount_caption(ui, view))
    if view.gallop:
        rect = (x + EXTRA_X, y + (ROW - TOGGLE_H) // 2, RELAY_W, TOGGLE_H)
        kit.toggle("relay", rect, ui.tr("rnp.relay"), view.plan["relay"], partial(intents.set_flag, "relay"))
    if view.by_days and view.walks:
        kit.field(
            "extra", (x + EXTRA_X, y, SIDE_FIELD_W, ROW), placeholder="0", max_length=2, spoken_name=ui.tr("rnp.extra_hours")
        )
    if view.boat:
        kit.field("kmh", (x + EXTRA_X, y, SIDE_FIELD_W, ROW), placeholder="km/h", max_length=5, spoken_name=ui.tr("rnp.boat_kmh"))
        hours = str(int(view.book.travel.vehicles.boat_hours_per_day))
        rect = (x + BOAT_HOURS_X, y, SIDE_FIELD_W, ROW)
        kit.field("boat_hours", rect, placeholder=hours, max_length=4, spoken_name=ui.tr("rnp.boat_hours"))
    if view.rides_days:  # right of the forced march's hours: after them in the Tab order
        rect = (x + GALLOP_X, y, SIDE_FIELD_W, ROW)
        kit.field("gallop_hours", rect, placeholder="0", max_length=4, spoken_name=gallop_caption(ui, view.book))


def traveller_controls(kit: Kit, regions: TravelRegions, view: TravelView, intents: TravelIntents) -> None:
    """Who travels (a click leaves one behind), and for a leg in days: supplies from the packs, camp at night."""
    ui, area = kit.ui, regions.area
    y = area.top + TRAVELLERS_DY + TRAVELLERS_CAPTION
    goes = dict(view.travellers)
    for line in traveller_lines(ui, list(goes), regions.form_right - area.left):
        x = area.left
        for name, width in line:
            tip, group = ui.tr("rnp.traveller_tip"), ui.tr("rnp.travellers_group")  # each one goes or stays: said
            flip = partial(intents.flip, name)
            kit.button(f"who:{name}", (x, y, width, ROW), name, flip, chosen=goes[name], tooltip=tip, group=group, middle=True)
            x += width + CHOICE_GAP
        y += ROW + CHOICE_GAP
    if view.by_days:
        plan, y, x = view.plan, area.top + TOGGLES_DY + regions.shift, area.left
        kit.toggle(
            "supplies",
            (x, y, TOGGLE_W, TOGGLE_H),
            ui.tr("rnp.travel_supplies"),
            plan["supplies"],
            partial(intents.set_flag, "supplies"),
        )
        kit.toggle(
            "camp", (x + CAMP_X, y, CAMP_W, TOGGLE_H), ui.tr("rnp.travel_camp"), plan["camp"], partial(intents.set_flag, "camp")
        )


def paint_travel(surface: pygame.Surface, view: TravelView, regions: TravelRegions, ui: UIContext) -> None:
    """The planner's captions, then the preview."""
    pen, x, rows = Pen(surface, ui), regions.area.left, regions.rows
    pen.label(ui.t("rnp.travel_mode"), (x, rows[0]))
    if view.walks:
        pen.label(ui.t("rnp.travel_pace"), (x, rows[1]))
    if not view.boat:
        pen.label(ui.t("rnp.travel_terrain"), (x, rows[2]))
    pen.label(ui.t("rnp.travel_length"), (x, rows[3]))
    pen.label(amount_caption(ui, view), (x, rows[4]))
    if view.by_days and view.walks:
        pen.label(ui.t("rnp.extra_hours"), (x + EXTRA_X, rows[4]))
    if view.rides_days:
        pen.label(gallop_caption(ui, view.book), (x + GALLOP_X, rows[4]))
    if view.boat:
        pen.label(ui.t("rnp.boat_kmh"), (x + EXTRA_X, rows[4]))
        pen.label(ui.t("rnp.boat_hours"), (x + BOAT_HOURS_X, rows[4]))
    travellers = regions.area.top + TRAVELLERS_DY
    pen.label(ui.t("rnp.travellers"), (x, travellers))
    if not view.travellers:
        pen.text(
            ui.t("rnp.nobody_travels"), (x, travellers + NOBODY_DY), face="italic", role="small", colour=ui.palette.ink_faint
        )
    paint_preview(pen, view, regions.preview, regions.beside)


def paint_preview(pen: Pen, view: TravelView, rect: pygame.Rect, beside: bool) -> None:
    """The last leg, then the dry run of this one: distance, time, arrival, the forced march's saves, the pace's
    effects, who sees less or more, whether one may sneak."""
    ui, p, book, rules = pen.ui, pen.ui.palette, view.book, view.rules
    pen.column_rule(rect, beside)
    x, y, width = rect.left, rect.top, rect.width
    if rules["mode"]:
        how = mode_name(ui, rules["mode"])
        if rules["pace"]:
            how += ", " + ui.t("rnp.pace_word", pace=name_of(ui, book.pace, rules["pace"]).lower())
        pen.text(ui.t("rnp.last_leg", how=how), (x, y), face="italic", role="small", colour=p.ink_soft)
    y += pen.line_height("small") + 6
    pen.heading(ui.t("rnp.preview"), (x, y))
    y = pen.under_heading(y)
    current = view.current
    if current is None:
        pen.soft(ui.t("rnp.type_amount"), x, y, width)
        return
    if view.refusal is not None:
        pen.soft(view.refusal, x, y, width, colour=p.bad)
        return
    result = current.result or {}
    y = paint_figures(pen, view, result, x, y)
    if "fresh_mounts" in result:  # R-RNP-MOUNT-1 (revised): each gallop hour a fresh mount
        mounts, changes = ui.t("rnp.relay_mounts", n=result["fresh_mounts"]), ui.t("rnp.relay_changes", n=result["relays"])
        relays = ui.t("rnp.relay_counts", mounts=mounts, changes=changes)
        y = pen.paragraph(relays, x, y, width, role="small", max_lines=2)
    y = paint_schedule(pen, view, result, x, y, width) + 8
    y = paint_pace(pen, view, result, x, y, width)
    paint_changes(pen, view, current.view or {}, x, y, width)


def paint_figures(pen: Pen, view: TravelView, result: Json, x: int, y: int) -> int:
    """Distance, time, the time of arrival, and a leg in days and hours; returns the y below them."""
    ui, p = pen.ui, pen.ui.palette
    y = pen.bold_line(ui.t("rnp.preview_distance", distance=distance(ui, result.get("distance_m"))), x, y)
    y = pen.bold_line(ui.t("rnp.preview_time", duration=duration(ui, result.get("seconds"))), x, y)
    arrival = view.rules["clock"]["elapsed_s"] + (result.get("seconds") or 0)
    pen.text(ui.t("rnp.arrival", time=clock_time(ui, view.book, arrival)), (x, y), role="small", colour=p.ink_soft)
    y += pen.line_height("small")
    if "days" in result and "hours" in result:
        split = ui.t("rnp.preview_split", days=result["days"], hours=num(ui, result["hours"], 1))
        pen.text(split, (x, y), role="small", colour=p.ink_soft)
        y += pen.line_height("small")
    return y


def paint_schedule(pen: Pen, view: TravelView, result: Json, x: int, y: int, width: int) -> int:
    """The forced march's saves to come, an hour a line (who, with what modifier, at what DC)."""
    schedule = forced_march_schedule(result)
    if not schedule:
        return y
    ui, p, book = pen.ui, pen.ui.palette, view.book
    y += 6
    head = ui.t("rnp.forced_march", n=len(schedule))
    y = pen.paragraph(head, x, y, width, face="italic", role="small", colour=p.rubric, max_lines=2)
    by_hour: dict[tuple[int, int], list[Json]] = {}
    for save in schedule:
        by_hour.setdefault((save["day"], save["hour"]), []).append(save)
    shown = list(by_hour.items())
    first_day = view.rules["clock"]["day"]
    for (day, hour), saves in shown[:SCHEDULE_HOURS]:
        who = ", ".join(
            f"{s['who']} {signed(s['modifier'])}" + (" " + ui.t("rnp.disadvantage_tag") if s["disadvantage"] else "")
            for s in saves
        )
        at = num(ui, book.travel.march_hours_per_day + hour)
        line = ui.t("rnp.save_line", day=first_day + day - 1, hour=at, dc=saves[0]["dc"], who=who)
        y = pen.paragraph(line, x, y, width, role="small", max_lines=2)
    if len(shown) > SCHEDULE_HOURS:
        more = ui.t("rnp.more_saves", n=len(shown) - SCHEDULE_HOURS)
        pen.text(more, (x, y), face="italic", role="small", colour=p.ink_soft)
        y += pen.line_height("small")
    return y


def paint_pace(pen: Pen, view: TravelView, result: Json, x: int, y: int, width: int) -> int:
    """The boat's note, or the pace's effect (what a fast pace costs, a slow one allows)."""
    ui, book, language = pen.ui, view.book, pen.ui.catalogue.language
    pace = result.get("pace")
    if view.boat:
        note = book.travel.vehicles.boat_note.get(language)
        return pen.paragraph(note, x, y, width, face="italic", role="small", colour=ui.palette.ink_soft, max_lines=4)
    if pace:
        effect = book.pace(pace).effect
        title = ui.t("rnp.pace_effect", pace=name_of(ui, book.pace, pace))
        text = effect.get(language) if effect else ui.t("rnp.pace_no_effect")
        return pen.paragraph(f"{title} {text}", x, y, width, role="small", max_lines=3)
    return y


def paint_changes(pen: Pen, view: TravelView, after: Json, x: int, y: int, width: int) -> None:
    """Whose passive Perception the leg changes, and whether the pace lets the party sneak."""
    ui, p = pen.ui, pen.ui.palette
    changes = []
    for name in after.get("party_order", []):
        member, before = after["party"][name], view.rules["party"].get(name)
        if before and member["passive_perception"] != before["passive_perception"]:
            changes.append(f"{name} {before['passive_perception']} → {member['passive_perception']}")
    if changes:
        text = ui.t("rnp.pp_changes", changes=", ".join(changes))
        y = pen.paragraph(text, x, y, width, role="small", colour=p.ink_soft, max_lines=2)
    if after.get("pace_effects", {}).get("stealth"):
        pen.paragraph(ui.t("rnp.stealth_ok"), x, y, width, role="small", colour=p.good, max_lines=2)


def present_travel(ui: UIContext, result: Json) -> Presentation:
    """The dice overlay of a leg: each traveller's Constitution saves (the failed ones first when there are too
    many to show), and who tires."""
    saves = result.get("saves") or []
    by_who: dict[str, list[Json]] = {}
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
        groups.append(save_group(ui, who, shown))
    gained = gains(ui, result.get("exhaustion"))
    return ui.t("rnp.forced_march_title"), groups, gained or ui.t("rnp.nobody_tires"), "bad" if gained else "good"


def save_group(ui: UIContext, who: str, saves: list[Json]) -> DiceGroup:
    """One traveller's forced-march saves (R-RNP-MARCH-1): the d20s kept, "d20 +2" with the Constitution save's
    bonus, and each total against its DC ("14 ≥ DD 11 · 11 < DD 12"), not the bare dice."""
    label = ui.t("rnp.save_bonus_of", who=who, bonus=signed(saves[0]["modifier"]))
    if any(s.get("disadvantage") for s in saves):
        label += " " + ui.t("rnp.disadvantage_tag")
    verdicts = ["pass" if s["success"] else "fail" for s in saves]
    detail = " · ".join(ui.t(f"rnp.save_vs_dc_{v}", total=s["total"], dc=s["dc"]) for s, v in zip(saves, verdicts))
    return DiceGroup(label, tuple(s["roll"] for s in saves), D20, detail)


class TravelPanel(Panel):
    """Plan a leg; the preview follows each change; "Set off" applies it to the party."""

    def __init__(self, table: Table, rect: pygame.Rect) -> None:
        super().__init__(table, rect)
        self.plan: Json = {
            "mode": "foot",
            "pace": "normal",
            "terrain": "normal",
            "unit": "days",
            "supplies": True,
            "camp": True,
            "relay": False,  # a gallop with fresh mounts along the way, where the game master allows it
        }
        self.left_out: set[str] = set()
        self.texts.update(amount="1", extra="0", kmh="", boat_hours="", gallop_hours="")
        self.current: Preview | None = None
        self.controls: TravelControls | None = None

    def shown(self) -> TravelView:
        rules, current = self.rules, self.current
        return TravelView(
            book=self.book,
            plan=dict(self.plan),
            travellers=tuple((name, name not in self.left_out) for name in self.living()),
            behind=tuple(left_behind(rules)),
            has_saves=last_saves(rules) is not None,
            current=current,
            refusal=self.refusal_text(current.refused if current else None),
            rules=rules,
        )

    def regions(self) -> TravelRegions:
        area = self.inner()
        room = travel_regions(area).form_right - area.left
        return travel_regions(area, len(traveller_lines(self.ui, self.living(), room)))

    def build(self) -> None:
        self.controls = build_travel_controls(self.kit, self.regions(), self.shown(), self)

    def draw_content(self, surface: pygame.Surface) -> None:
        paint_travel(surface, self.shown(), self.regions(), self.ui)

    def content_height(self, width: int) -> int:
        beside = width >= FORM + SIDE_GAP + PREVIEW
        room = width if not beside else FORM  # the planner's column, near enough for counting the lines
        shift = (len(traveller_lines(self.ui, self.living(), room)) - 1) * (ROW + CHOICE_GAP)
        return shift + (GO_BELOW + ROW if beside else GO_BELOW + 2 * ROW + SIDE_GAP + PREVIEW_HEIGHT)

    # -- the action ----------------------------------------------------------------------------------
    def action(self) -> a.TravelParty | Refused | None:
        """The ``travel_party`` action the planner describes (None while the amount is not a number; the
        refusal when what is typed makes no action)."""
        plan = self.plan
        amount = self.number("amount")
        if amount is None:
            return None
        fields: Json = {"mode": plan["mode"]}
        if plan["mode"] in ("foot", "ride", "cart"):
            fields["pace"] = plan["pace"]
        if plan["mode"] != "boat":
            fields["terrain"] = plan["terrain"]
        if plan["unit"] == "distance":
            fields["distance_m"] = amount * 1000
        else:
            fields[plan["unit"]] = amount
        fields.update(self.extra_fields())
        if self.left_out:
            fields["who"] = [n for n in self.living() if n not in self.left_out]
        if plan["unit"] == "days":
            fields.update(supplies=plan["supplies"], camp=plan["camp"], hot=self.table.shared.hot)
        return make_action(a.TravelParty, **fields)

    def extra_fields(self) -> Json:
        """A forced march's extra hours (days on foot or by cart), a boat's speed and hours a day, as typed."""
        plan, fields = self.plan, {}
        if plan["unit"] == "days" and plan["mode"] in ("foot", "ride", "cart"):
            extra = self.number("extra")
            if extra:
                fields["extra_hours"] = extra
        if plan["unit"] == "days" and plan["mode"] == "ride":
            gallop = self.number("gallop_hours")
            if gallop:
                fields["gallop_hours"] = gallop
        if plan["mode"] == "gallop" and plan["relay"]:
            fields["relay"] = True
        if plan["mode"] == "boat":
            kmh, hours = self.number("kmh"), self.number("boat_hours")
            if kmh is not None:
                fields["boat_kmh"] = kmh
            if hours is not None:
                fields["boat_hours_per_day"] = hours
        return fields

    def soft_update(self) -> None:
        self.current = self.preview(self.action())
        self.enable_from(self.controls.go if self.controls else None, self.current)

    # -- intents ----------------------------------------------------------------------------------
    def pick(self, key: str, value: str) -> None:
        self.plan[key] = value
        self.table.rebuild()

    def set_flag(self, key: str, value: bool) -> None:
        self.plan[key] = value
        self.table.rebuild()

    def flip(self, name: str) -> None:
        self.left_out.symmetric_difference_update({name})
        self.table.rebuild()

    def go(self) -> None:
        action = self.action()
        if action is None:
            return

        def after(result: Entry | Refused) -> None:
            if isinstance(result, Refused):
                return
            self.texts["extra"] = "0"  # a forced march is chosen again for each leg
            self.table.rebuild()
            if (self.table.state.result or {}).get("saves"):
                self.show_saves()

        self.table.roll(action, partial(present_travel, self.ui), after)

    def show_saves(self) -> None:
        """Every save of the last forced march, passed ones too, with its day, hour and DC."""
        entry = last_saves(self.rules)
        if entry is not None:
            self.table.open_saves(entry)

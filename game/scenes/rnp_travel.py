"""The travel planner of the Rôle'n Play table.

The planner turns the game master's choices into a ``travel_party`` action and
shows, while it is edited, what the rules would make of it (a dry run: distance,
time, the forced-march saves to come, the pace's effects). "Set off" applies
it; the Constitution saves of a forced march show in the dice overlay.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.app.rolling import DiceGroup, Presentation
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.rnp.preview import Preview, forced_march_schedule
from game.rules.session import Entry, make_action
from game.scenes.rnp_format import clock_time, distance, duration, gains, mode_name, name_of, num, signed
from game.scenes.rnp_layout import side_by_side
from game.scenes.rnp_panel import ROW, Panel, shrink_row
from game.ui import fonts

if TYPE_CHECKING:
    from game.scenes.rnp_table import RnpTableScene

MAX_OVERLAY_DICE = 9


# -- travel ------------------------------------------------------------------------------------------------
UNITS = ("distance", "minutes", "hours", "days")
FORM, PREVIEW = 540, 320  # the planner's column and the preview's narrowest
GO_BELOW = 490  # on a narrow panel: "Set off" under the form, the preview under it
PREVIEW_HEIGHT = 460


class TravelPanel(Panel):
    """Plan a leg; the preview follows each change; "Set off" applies it to the party."""

    def __init__(self, table: RnpTableScene, rect: pygame.Rect) -> None:
        super().__init__(table, rect)
        self.plan: dict[str, Any] = {
            "mode": "foot",
            "pace": "normal",
            "terrain": "normal",
            "unit": "days",
            "supplies": True,
            "camp": True,
        }
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

    def content_height(self, width: int) -> int:
        return GO_BELOW + ROW if width >= FORM + 40 + PREVIEW else GO_BELOW + 2 * ROW + 40 + PREVIEW_HEIGHT

    def parts(self) -> tuple[int, int, int, pygame.Rect]:
        """Where "Set off" goes (its y), the rejoin buttons (x, y) and the preview: right of the planner on a
        wide panel, else one under the other."""
        area = self.inner()
        columns = side_by_side(area, FORM, PREVIEW)
        if columns is not None:
            go = area.top + GO_BELOW  # under the planner, not at the foot of a tall page
            return go, columns[1].left, go, columns[1]
        go = area.top + GO_BELOW
        preview = pygame.Rect(area.left, go + 2 * ROW + 40, area.width, area.bottom - go - 2 * ROW - 40)
        return go, area.left, go + ROW + 10, preview

    def build(self) -> None:
        ui, area, book, plan = self.ui, self.inner(), self.book, self.plan
        go_y, rx, ry, _ = self.parts()
        x, y = area.left, area.top
        self.choices(
            "mode",
            x,
            y + 20,
            [(m, ui.tr(f"rnp.mode_{m}")) for m in ("foot", "gallop", "cart", "boat")],
            plan["mode"],
            lambda v: self.pick("mode", v),
        )
        if plan["mode"] in ("foot", "cart"):
            self.choices(
                "pace",
                x,
                y + 88,
                [(pc.id, pc.name.get(self.language)) for pc in book.travel.paces],
                plan["pace"],
                lambda v: self.pick("pace", v),
                width=110,
            )
        if plan["mode"] != "boat":
            self.choices(
                "terrain",
                x,
                y + 156,
                [(tr.id, tr.name.get(self.language)) for tr in book.travel.terrains],
                plan["terrain"],
                lambda v: self.pick("terrain", v),
                width=130,
            )
        self.choices(
            "unit", x, y + 224, [(u, ui.tr(f"rnp.unit_{u}")) for u in UNITS], plan["unit"], lambda v: self.pick("unit", v)
        )
        self.field(
            "amount", (x, y + 292, 130, ROW), placeholder="0", max_length=8, spoken_name=ui.tr(f"rnp.amount_{plan['unit']}")
        )
        if plan["unit"] == "days" and plan["mode"] in ("foot", "cart"):
            self.field("extra", (x + 200, y + 292, 100, ROW), placeholder="0", max_length=2, spoken_name=ui.tr("rnp.extra_hours"))
        if plan["mode"] == "boat":
            self.field("kmh", (x + 200, y + 292, 100, ROW), placeholder="km/h", max_length=5, spoken_name=ui.tr("rnp.boat_kmh"))
            self.field(
                "boat_hours",
                (x + 340, y + 292, 100, ROW),
                placeholder=str(int(book.travel.vehicles.boat_hours_per_day)),
                max_length=4,
                spoken_name=ui.tr("rnp.boat_hours"),
            )
        bx, living = x, self.living()
        natural = [max(90, fonts.text_width(name, "bold", ui.theme.text_size("button")) + 30) for name in living]
        for name, width in zip(living, shrink_row(natural, area.right - x)):
            self.button(
                f"who:{name}",
                (bx, y + 382, width, ROW),
                name,
                partial(self.flip, name),
                style="normal" if name in self.left_out else "primary",
                tooltip=ui.tr("rnp.traveller_tip"),
            )
            bx += width + 6
        if plan["unit"] == "days":
            self.toggle(
                "supplies",
                (x, y + 440, 230, 36),
                ui.tr("rnp.travel_supplies"),
                plan["supplies"],
                lambda v: self.set_flag("supplies", v),
            )
            self.toggle(
                "camp", (x + 250, y + 440, 250, 36), ui.tr("rnp.travel_camp"), plan["camp"], lambda v: self.set_flag("camp", v)
            )
        self.button("go", (x, go_y, 260, ROW), ui.tr("rnp.set_off"), self.go, style="primary")
        saves = self.button("saves", (x + 270, go_y, 250, ROW), ui.tr("rnp.all_saves"), self.show_saves)
        if last_saves(self.view) is None:
            saves.set_enabled(False, ui.tr("rnp.no_saves_yet"))
        behind = [n for n in self.view["party_order"] if self.view["party"][n]["left_at_s"] is not None]
        for name in behind[:3]:
            label = ui.tr("rnp.rejoin", name=name)
            width = fonts.text_width(ui.text(label), "bold", ui.theme.text_size("button")) + 28
            self.button(
                f"rejoin:{name}",
                (rx, ry, width, ROW),
                label,
                partial(self.table.act, a.Rejoin(character=name)),
            )
            rx += width + 6

    def action(self) -> a.TravelParty | Refused | None:
        """The ``travel_party`` action the planner describes (None while the amount is not a number; the
        refusal when what is typed makes no action)."""
        plan = self.plan
        amount = self.number("amount")
        if amount is None:
            return None
        fields: dict[str, Any] = {"mode": plan["mode"]}
        if plan["mode"] in ("foot", "cart"):
            fields["pace"] = plan["pace"]
        if plan["mode"] != "boat":
            fields["terrain"] = plan["terrain"]
        if plan["unit"] == "distance":
            fields["distance_m"] = amount * 1000
        else:
            fields[plan["unit"]] = amount
        if plan["unit"] == "days" and plan["mode"] in ("foot", "cart"):
            extra = self.number("extra")
            if extra:
                fields["extra_hours"] = extra
        if plan["mode"] == "boat":
            kmh, hours = self.number("kmh"), self.number("boat_hours")
            if kmh is not None:
                fields["boat_kmh"] = kmh
            if hours is not None:
                fields["boat_hours_per_day"] = hours
        if self.left_out:
            fields["who"] = [n for n in self.living() if n not in self.left_out]
        if plan["unit"] == "days":
            fields.update(
                supplies=plan["supplies"], camp=plan["camp"], hot=bool(getattr(self.table.panels.get("food"), "hot", False))
            )
        return make_action(a.TravelParty, **fields)

    def soft_update(self) -> None:
        self.current = self.preview(self.action())
        self.enable_from("go", self.current)

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
        ui, p, area, plan = self.ui, self.ui.palette, self.inner(), self.plan
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
        self.draw_preview(surface, self.parts()[3])

    def draw_preview(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        ui, p, book = self.ui, self.ui.palette, self.book
        if rect.left > self.inner().left:
            pygame.draw.line(surface, p.ink_faint, (rect.left - 20, rect.top), (rect.left - 20, rect.bottom))
        else:  # under the planner
            pygame.draw.line(surface, p.ink_faint, (rect.left, rect.top - 14), (rect.right, rect.top - 14))
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
            self.text(
                surface,
                ui.t("rnp.preview_split", days=result["days"], hours=num(ui, result["hours"], 1)),
                (x, y),
                role="small",
                colour=p.ink_soft,
            )
            y += small
        schedule = forced_march_schedule(result)
        if schedule:
            y += 6
            y = self.paragraph(
                surface,
                ui.t("rnp.forced_march", n=len(schedule)),
                x,
                y,
                width,
                face="italic",
                role="small",
                colour=p.rubric,
                max_lines=2,
            )
            by_hour: dict[tuple[int, int], list[dict[str, Any]]] = {}
            for save in schedule:
                by_hour.setdefault((save["day"], save["hour"]), []).append(save)
            shown = list(by_hour.items())
            first_day = self.view["clock"]["day"]
            for (day, hour), saves in shown[:6]:
                who = ", ".join(
                    f"{s['who']} {signed(s['modifier'])}" + (" " + ui.t("rnp.disadvantage_tag") if s["disadvantage"] else "")
                    for s in saves
                )
                line = ui.t(
                    "rnp.save_line",
                    day=first_day + day - 1,
                    hour=num(ui, book.travel.march_hours_per_day + hour),
                    dc=saves[0]["dc"],
                    who=who,
                )
                y = self.paragraph(surface, line, x, y, width, role="small", max_lines=2)
            if len(shown) > 6:
                self.text(
                    surface, ui.t("rnp.more_saves", n=len(shown) - 6), (x, y), face="italic", role="small", colour=p.ink_soft
                )
                y += small
        y += 8
        pace = result.get("pace")
        if self.plan["mode"] == "boat":
            y = self.paragraph(
                surface,
                book.travel.vehicles.boat_note.get(self.language),
                x,
                y,
                width,
                face="italic",
                role="small",
                colour=p.ink_soft,
                max_lines=4,
            )
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
            y = self.paragraph(
                surface,
                ui.t("rnp.pp_changes", changes=", ".join(changes)),
                x,
                y,
                width,
                role="small",
                colour=p.ink_soft,
                max_lines=2,
            )
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
        groups.append(
            DiceGroup(
                ui.t("rnp.save_of", who=who), tuple(s["roll"] for s in shown), 20, ui.t("rnp.saves_detail", ok=ok, n=len(done))
            )
        )
    gained = gains(ui, result.get("exhaustion"))
    verdict = gained or ui.t("rnp.nobody_tires")
    return ui.t("rnp.forced_march_title"), groups, verdict, "bad" if gained else "good"


__all__ = ["TravelPanel", "present_travel", "clock_time"]

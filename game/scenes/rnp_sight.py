"""The light and hiding panels of the Rôle'n Play table (R-RNP-LIGHT-1, R-RNP-HIDE-1).

What a character sees is a dry run of the rules (``game.rules.rnp.preview``);
hiding and revealing go through the table scene to the rules.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.app.rolling import DiceGroup, Presentation
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.rnp.preview import preview
from game.rules.session import Entry, make_action
from game.scenes.rnp_format import name_of, signed
from game.scenes.rnp_layout import side_by_side
from game.scenes.rnp_panel import OTHER, ROW, Panel, WhoChooser, draw_mark, fit_width, shrink_row

if TYPE_CHECKING:
    from game.scenes.rnp_table import RnpTableScene

# -- light and visibility -----------------------------------------------------------------------------------------
AUTO = "__clock__"
SIGHT_TOP, SIGHT_ROW = 200, 78  # what each character sees, one row each, below the choices and the examples
HIDE_FORM, CHECKLIST = 600, 300  # the hiding controls and the checklist beside them (or below, from HIDE_BELOW)
HIDE_BELOW = 480


class LightPanel(Panel):
    """The light in force (outdoors the clock's daylight, or the game master's, saved with the table: R-RNP-LIGHT-1),
    the obscurement, and what each character sees."""

    def __init__(self, table: RnpTableScene, rect: pygame.Rect) -> None:
        super().__init__(table, rect)
        self.obscurement = "none"
        self.texts["distance"] = ""
        self.distance_y = 0  # where build put the distance field (beside the light row, or the veils' row)

    @property
    def light(self) -> str:
        return self.view["light"]

    def set(self, attr: str, value: str) -> None:
        setattr(self, attr, value)
        self.table.panels["hide"].obscurement = self.obscurement  # type: ignore[attr-defined]  # the hiding panel is a known class
        self.table.rebuild()

    def set_light(self, value: str) -> None:
        self.table.act(make_action(a.SetLight, light=None if value == AUTO else value))

    def build(self) -> None:
        area, book, ui = self.inner(), self.book, self.ui
        override = self.view["light_override"]
        period = next(p for p in book.time.daylight if p.id == self.view["daylight"]).name.get(self.language)
        options = [(AUTO, ui.tr("rnp.light_auto", period=period))] + [(lt.id, lt.name.get(self.language)) for lt in book.light]
        veils = [(o.id, o.name.get(self.language)) for o in book.obscurement]
        # The distance field sits at the right of the light row; when the light row needs that room (a narrow
        # page) and the obscurement row has it, the field goes down there, else the light row narrows.
        light_row = sum(self.choice_widths(options)) + 6 * len(options)
        veil_row = sum(self.choice_widths(veils)) + 6 * len(veils)
        self.distance_y = area.top + 20
        if light_row > area.width - 130 and veil_row <= area.width - 130:
            self.distance_y = area.top + 94
        light_end = area.right - 130 if self.distance_y == area.top + 20 else area.right
        self.choices("light", area.left, area.top + 20, options, override or AUTO, self.set_light, right=light_end)
        self.choices("obscurement", area.left, area.top + 94, veils, self.obscurement, lambda v: self.set("obscurement", v))
        self.field(
            "distance",
            (area.right - 120, self.distance_y, 120, ROW),
            placeholder="—",
            max_length=6,
            spoken_name=self.ui.tr("rnp.distance_opt"),
        )

    def content_height(self, width: int) -> int:
        return SIGHT_TOP + 10 + SIGHT_ROW * len(self.table.view["party_order"])

    def sight(self, name: str) -> Any:
        action = make_action(
            a.Visibility, light=self.light, obscurement=self.obscurement, character=name, distance_m=self.number("distance")
        )
        return preview(self.book, self.table.adventure.state, action, self.language)

    def draw_content(self, surface: pygame.Surface) -> None:
        ui, p, area, book, language = self.ui, self.ui.palette, self.inner(), self.book, self.language
        self.label(surface, ui.t("rnp.light"), (area.left, area.top))
        self.label(surface, ui.t("rnp.obscurement"), (area.left, area.top + 74))
        self.label(surface, ui.t("rnp.distance_opt"), (area.right - 120, self.distance_y - 20))
        y = area.top + 150
        examples = (
            f"{book.light_def(self.light).examples.get(language)} {book.obscurement_def(self.obscurement).examples.get(language)}"
        )
        y = (
            self.paragraph(
                surface, examples, area.left, y, area.width, face="italic", role="small", colour=p.ink_soft, max_lines=2
            )
            + 10
        )
        names = self.view["party_order"]
        if not names:
            self.paragraph(surface, ui.t("rnp.party_empty"), area.left, y, area.width, face="italic", colour=p.ink_soft)
        for name in names:
            current = self.sight(name)
            pygame.draw.line(surface, p.ink_faint, (area.left, y - 4), (area.right, y - 4))
            self.text(surface, name, (area.left, y + 4), face="title", role="heading", width=170)
            if current.refused is not None:
                self.paragraph(
                    surface, self.table.refusal_text(current.refused), area.left + 180, y + 8, area.width - 180, colour=p.bad
                )
                y += 74
                continue
            r = current.result
            vis = book.visibility_def(r["visibility"])
            head = ui.t("rnp.visibility_is", name=vis.name.get(language))
            extras = []
            if r.get("sense"):
                extras.append(book.sense(r["sense"]).name.get(language).lower())
            if not r.get("colours", True):
                extras.append(ui.t("rnp.greys"))
            if extras:
                head += f" ({', '.join(extras)})"
            colour = {"normal": p.good, "reduced": p.ink, "none": p.bad}.get(r["visibility"], p.ink)
            below = self.bold_line(surface, head, area.left + 180, y + 4, colour=colour)
            self.paragraph(
                surface,
                vis.text.get(language),
                area.left + 180,
                below,
                area.width - 180,
                role="small",
                colour=p.ink_soft,
                max_lines=2,
            )
            y += 78


# -- hiding --------------------------------------------------------------------------------------------------------
WATCH_CYCLE = {"off": "passive", "passive": "active", "active": "off"}
CREATURES = ("c1", "c2")


class HidePanel(WhoChooser, Panel):
    def __init__(self, table: RnpTableScene, rect: pygame.Rect) -> None:
        super().__init__(table, rect)
        self.condition = "cover"
        self.gm_leave = False
        self.travelling = False
        self.obscurement = "none"
        self.watch: dict[str, str] = {"c1": "passive", "c2": "off"}  # party names and creature slots → off/passive/active
        self.texts.update({"dex": "14", "c1_name": "", "c1_pp": "12", "c2_name": "", "c2_pp": "10"})
        self.reason_index = 0
        self.dex_x = 0  # where the typed Dexterity goes, after the row of who hides

    @property
    def light(self) -> str:
        """The light in force on the table (R-RNP-LIGHT-1: the clock's daylight or the game master's)."""
        return self.view["light"]

    def set(self, attr: str, value: Any) -> None:
        setattr(self, attr, value)
        self.table.rebuild()

    def cycle(self, key: str) -> None:
        self.watch[key] = WATCH_CYCLE[self.watch.get(key, "off")]
        self.table.rebuild()

    def content_height(self, width: int) -> int:
        return HIDE_BELOW + ROW if width >= HIDE_FORM + 40 + CHECKLIST else HIDE_BELOW + ROW + 40 + 420

    def parts(self) -> tuple[int, int, pygame.Rect]:
        """Where the hide button goes (its y), the reveal buttons' x, and the checklist: right of the controls
        on a wide panel, else below them."""
        area = self.inner()
        columns = side_by_side(area, HIDE_FORM, CHECKLIST)
        if columns is not None:
            return area.top + HIDE_BELOW, columns[1].left, columns[1]
        y = area.top + HIDE_BELOW
        return y, area.left + 250, pygame.Rect(area.left, y + ROW + 40, area.width, area.bottom - y - ROW - 40)

    def build(self) -> None:
        ui, area, book, lang = self.ui, self.inner(), self.book, self.language
        x, y = area.left, area.top
        columns = side_by_side(area, HIDE_FORM, CHECKLIST)
        right = columns[0].right if columns is not None else area.right  # the rows end before the checklist beside them
        self.dex_x = self.who_choices(x, y + 20, other=True, right=right - 90) + 10  # the score follows the row
        if self.who == OTHER:
            self.field("dex", (self.dex_x, y + 20, 70, ROW), max_length=2, spoken_name=self.ui.tr("rnp.dex_score"))
        conditions = [(c.id, c.name.get(lang)) for c in book.hiding.conditions]
        for i, (cid, label) in enumerate(conditions):
            self.choices(
                f"cond{i}",
                x + (i % 2) * 296,
                y + 94 + (i // 2) * 50,
                [(cid, label)],
                self.condition,
                lambda v: self.set("condition", v),
                width=290,
            )
        if book.condition(self.condition).needs_gm_leave:
            self.choices(
                "gm",
                x,
                y + 218,
                [("yes", ui.tr("rnp.gm_leave"))],
                "yes" if self.gm_leave else None,
                lambda v: self.set("gm_leave", not self.gm_leave),
                width=290,
            )
        travel_x = x + 296 if book.condition(self.condition).needs_gm_leave else x
        self.choices(
            "travel",
            travel_x,
            y + 218,
            [("yes", ui.tr("rnp.travelling"))],
            "yes" if self.travelling else None,
            lambda v: self.set("travelling", not self.travelling),
            width=290,
        )
        bx = x
        watchers = [n for n in self.view["party_order"] if n != self.who]
        labels = [n if self.watch.get(n, "off") != "active" else ui.t("rnp.active_watcher", name=n) for n in watchers]
        widths = shrink_row([max(90, fit_width(ui, label)) for label in labels], right - x)
        for name, label, width in zip(watchers, labels, widths):
            mode = self.watch.get(name, "off")
            self.button(
                f"watch:{name}",
                (bx, y + 292, width, ROW),
                label,
                partial(self.cycle, name),
                style="normal" if mode == "off" else "primary",
                tooltip=ui.tr("rnp.watch_tip"),
            )
            bx += width + 6
        for i, slot in enumerate(CREATURES):
            cy = y + 366 + i * 52
            self.field(f"{slot}_name", (x, cy, 220, ROW), placeholder=ui.tr("rnp.creature", n=i + 1), max_length=20)
            self.field(f"{slot}_pp", (x + 230, cy, 70, ROW), max_length=2, spoken_name=self.ui.tr("rnp.creature_caption"))
            mode = self.watch.get(slot, "off")
            self.button(
                f"watch:{slot}",
                (x + 310, cy, 200, ROW),
                ui.tr(f"rnp.watch_{mode}"),
                partial(self.cycle, slot),
                style="normal" if mode == "off" else "primary",
                tooltip=ui.tr("rnp.watch_tip"),
            )
        hide_y, right, _ = self.parts()
        self.button("hide", (x, hide_y, 240, ROW), ui.tr("rnp.hide_do"), self.hide, style="primary")
        hidden = [n for n in self.view["party_order"] if self.view["party"][n]["hidden"]]
        reasons = book.hiding.reveal_reasons
        if hidden:
            self.button(
                "reason",
                (right, hide_y, area.right - right - 178, ROW),
                reasons[self.reason_index % len(reasons)].name.get(lang),
                self.next_reason,
                tooltip=ui.tr("rnp.reason_tip"),
            )
            self.button(
                "reveal",
                (area.right - 170, hide_y, 170, ROW),
                ui.tr("rnp.reveal_who", name=hidden[0]),
                lambda: self.reveal(hidden[0]),
            )

    def next_reason(self) -> None:
        self.reason_index += 1
        self.table.rebuild()

    def reveal(self, name: str) -> None:
        reasons = self.book.hiding.reveal_reasons
        self.table.act(a.Reveal(character=name, reason=reasons[self.reason_index % len(reasons)].id))

    def watchers(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for name in self.view["party_order"]:
            mode = self.watch.get(name, "off")
            if name != self.who and mode != "off":
                out.append({"character": name, "active": mode == "active"})
        for i, slot in enumerate(CREATURES):
            mode = self.watch.get(slot, "off")
            if mode == "off":
                continue
            watcher: dict[str, Any] = {
                "name": self.texts.get(f"{slot}_name", "").strip() or self.ui.t("rnp.creature", n=i + 1),
                "active": mode == "active",
            }
            pp = self.number(f"{slot}_pp")
            if pp is not None and float(pp).is_integer():
                watcher["passive_perception"] = int(pp)
            out.append(watcher)
        return out

    def fields(self) -> dict[str, Any] | None:
        """The hide's fields as the game master set them, or None while nobody (or no typed Dexterity) is chosen."""
        if self.who is None:
            return None
        fields: dict[str, Any] = {
            "condition": self.condition,
            "gm_leave": self.gm_leave,
            "light": self.light,
            "obscurement": self.obscurement,
            "travelling": self.travelling,
            "watchers": self.watchers(),
        }
        if self.who == OTHER:
            dex = self.number("dex")
            if dex is None or not float(dex).is_integer():
                return None
            fields["dex"] = int(dex)
        else:
            fields["character"] = self.who
        return fields

    def action(self, **override: Any) -> a.Hide | Refused | None:
        """The hide action (``override``: fields changed for one check of the list), or why what is typed makes none."""
        fields = self.fields()
        return None if fields is None else make_action(a.Hide, **{**fields, **override})

    def checklist(self) -> list[tuple[str, bool | None, str | None]]:
        """(item, met?, why not): each precondition asked of the rules on its own."""
        ui, book, lang = self.ui, self.book, self.language
        fields = self.fields()
        if fields is None or not fields["watchers"]:
            return []
        state = self.table.adventure.state
        items: list[tuple[str, bool | None, str | None]] = []
        condition = book.condition(self.condition)
        unseen = preview(book, state, self.action(travelling=False), lang).refused
        code = unseen.code if unseen else None
        if condition.needs_gm_leave:
            items.append((ui.t("rnp.check_gm"), code != "gm_leave", None))
        if self.condition == "darkness":
            items.append(
                (
                    ui.t("rnp.check_zone"),
                    code != "zone_visible",
                    self.table.refusal_text(unseen) if unseen is not None and code == "zone_visible" else None,
                )
            )
        for watcher in fields["watchers"]:
            label = watcher.get("character") or watcher.get("name")
            alone = preview(book, state, self.action(travelling=False, gm_leave=True, watchers=[watcher]), lang).refused
            if alone is not None and alone.code == "zone_visible":
                items.append((ui.t("rnp.check_unseen", name=label), None, None))
            elif alone is not None and alone.code == "watcher_sees":
                items.append((ui.t("rnp.check_unseen", name=label), False, self.table.refusal_text(alone)))
            elif alone is not None and alone.code not in ("gm_leave",):
                items.append((ui.t("rnp.check_watcher", name=label), False, self.table.refusal_text(alone)))
            else:
                items.append((ui.t("rnp.check_unseen", name=label), True, None))
        if self.travelling:
            pace = preview(book, state, self.action(condition="cover", gm_leave=False), lang).refused
            bad = pace is not None and pace.code in ("travel_pace", "boat_no_stealth")
            items.append((ui.t("rnp.check_pace"), not bad, self.table.refusal_text(pace) if bad and pace else None))
        return items

    def soft_update(self) -> None:
        self.enable_for("hide", self.action())

    def hide(self) -> None:
        action = self.action()
        if action:
            self.table.roll(action, lambda entry: present_hide(self.table, entry))

    def draw_content(self, surface: pygame.Surface) -> None:
        ui, p, area, book = self.ui, self.ui.palette, self.inner(), self.book
        x, y = area.left, area.top
        self.label(surface, ui.t("rnp.who_hides"), (x, y))
        if self.who == OTHER:
            self.label(surface, ui.t("rnp.dex_score"), (self.dex_x, y))
        self.label(surface, ui.t("rnp.unseen_by"), (x, y + 74))
        self.label(
            surface,
            ui.t(
                "rnp.zone_is",
                light=name_of(ui, book.light_def, self.light),
                obscurement=name_of(ui, book.obscurement_def, self.obscurement),
            ),
            (x, y + 198),
        )
        self.label(surface, ui.t("rnp.watchers"), (x, y + 272))
        self.label(surface, ui.t("rnp.creature_caption"), (x + 230, y + 346))
        hide_y, _, right = self.parts()
        if right.left > area.left:
            pygame.draw.line(surface, p.ink_faint, (right.left - 20, right.top), (right.left - 20, right.bottom))
        else:
            pygame.draw.line(surface, p.ink_faint, (right.left, right.top - 14), (right.right, right.top - 14))
        self.text(surface, ui.t("rnp.checklist"), (right.left, right.top), face="title", role="heading", colour=p.rubric)
        ry = right.top + self.line_height("heading", "title")
        items = self.checklist()
        if not items:
            ry = self.paragraph(
                surface, ui.t("rnp.need_watchers"), right.left, ry, right.width, face="italic", role="small", colour=p.ink_soft
            )
        for text, met, why in items:
            draw_mark(surface, (right.left + 10, ry + 11), met, p)
            ry = self.paragraph(surface, text, right.left + 28, ry + 2, right.width - 28, role="small", max_lines=2) + 4
            if why:
                ry = self.paragraph(
                    surface, why, right.left + 26, ry, right.width - 26, face="italic", role="small", colour=p.bad, max_lines=3
                )
        result = self.view["result"]
        ry += 10
        if result and result.get("do") == "hide":
            who = result.get("character") or ui.t("rnp.someone_else")
            ry = self.bold_line(surface, ui.t("rnp.stealth_total", who=who, dc=result["stealth"]), right.left, ry)
            for watcher in result["watchers"]:
                how = ui.t("rnp.active_check") if watcher["active"] else ui.t("rnp.passive_short")
                key = "rnp.watcher_spots" if watcher["spots"] else "rnp.watcher_misses"
                ry = self.paragraph(
                    surface,
                    ui.t(key, name=watcher["name"], how=how, value=watcher["value"]),
                    right.left,
                    ry,
                    right.width,
                    role="small",
                    colour=p.bad if watcher["spots"] else p.good,
                    max_lines=2,
                )
        hidden = [n for n in self.view["party_order"] if self.view["party"][n]["hidden"]]
        if hidden:
            text = ", ".join(ui.t("rnp.hidden_dc_of", name=n, dc=self.view["party"][n]["stealth_dc"]) for n in hidden)
            self.paragraph(
                surface,
                text,
                right.left,
                (hide_y if right.left > area.left else right.bottom) - 8 - 2 * self.line_height("small"),
                right.width,
                role="small",
                colour=p.ink_soft,
                max_lines=2,
            )


def present_hide(table: RnpTableScene, entry: Entry) -> Presentation:
    ui = table.ui
    result = table.adventure.state.result or {}
    roll = result.get("roll") or {}
    who = result.get("character") or ui.t("rnp.someone_else")
    groups = [
        DiceGroup(
            ui.t("rnp.stealth_of", who=who),
            tuple(roll.get("dice", ())),
            20,
            f"{roll.get('roll')} {signed(roll.get('modifier', 0))} = {roll.get('total')}",
        )
    ]
    for watcher in result.get("watchers", []):
        if watcher.get("active") and watcher.get("roll") and len(groups) < 4:
            w = watcher["roll"]
            groups.append(
                DiceGroup(
                    ui.t("rnp.perception_of", who=watcher["name"]),
                    tuple(w["dice"]),
                    20,
                    f"{w['roll']} {signed(w['modifier'])} = {w['total']}",
                )
            )
    if result.get("hidden"):
        verdict, tone = ui.t("rnp.hidden_verdict", who=who, dc=result.get("stealth")), "good"
    else:
        verdict, tone = ui.t("rnp.spotted_verdict", who=who, by=", ".join(result.get("spotted_by", []))), "bad"
    return ui.t("rnp.hide_title"), groups, verdict, tone

"""The food and water panel of the Rôle'n Play table (R-RNP-FOOD-1, R-RNP-WATER-1).

What changes the table or rolls goes through the table scene to the rules.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Literal

import pygame

from game.app.rolling import DiceGroup, Presentation
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.session import Entry, make_action
from game.scenes.rnp_format import gains, num, signed
from game.scenes.rnp_panel import ROW, Panel, fit
from game.ui import fonts

if TYPE_CHECKING:
    from game.scenes.rnp_table import RnpTableScene

RATIONS: tuple[Literal["full", "half", "none"], ...] = ("full", "half", "none")


# -- food and water ---------------------------------------------------------------------------------------------
class FoodPanel(Panel):
    """Per character: the pack (rations, water, the daily ration), a day's eating and drinking by hand; for
    everyone: a day from the packs in one click (``supply_day``) or the day's water settled."""

    WIDE = 1000  # narrower, each character's row puts the pack and the day's buttons on lines of their own

    def __init__(self, table: RnpTableScene, rect: pygame.Rect) -> None:
        super().__init__(table, rect)
        self.hot = False

    def rows(self, width: int) -> tuple[int, int]:
        """Where the list starts (below the weather and the buttons for all) and each character's height."""
        return (86, 104) if width >= self.WIDE else (140, 160)

    def row_parts(self, y: int) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
        """Where a character's row at ``y`` puts its pack controls, its day's buttons and its fasting lines."""
        left = self.inner().left
        if self.inner().width >= self.WIDE:
            return (left + 420, y), (left + 290, y + 48), (left, y + 46)
        return (left, y + 52), (left, y + 100), (left + 200, y + 4)

    def content_height(self, width: int) -> int:
        top, row = self.rows(width)
        return top + row * len(self.living()) + 3 * self.line_height("small")

    def set_hot(self, value: str) -> None:
        self.hot = value == "hot"
        self.table.rebuild()

    def build(self) -> None:
        ui, area, book = self.ui, self.inner(), self.book
        self.choices(
            "weather",
            area.left,
            area.top + 20,
            [
                ("mild", ui.tr("rnp.weather_mild", l=num(ui, book.water.litres_per_day))),
                ("hot", ui.tr("rnp.weather_hot", l=num(ui, book.water.hot_litres_per_day))),
            ],
            "hot" if self.hot else "mild",
            self.set_hot,
        )
        living = self.living()
        nobody = None if living else Refused("nobody", "nobody")
        top, row_h = self.rows(area.width)
        bx, by = (area.right - 660, area.top + 20) if area.width >= self.WIDE else (area.left, area.top + 74)
        self.button(
            "supply_all",
            (bx, by, 324, ROW),
            ui.tr("rnp.supply_all"),
            self.supply_all,
            style="primary",
            refused=nobody,
            tooltip=ui.tr("rnp.supply_all_tip"),
        )
        self.button(
            "settle_all",
            (bx + 334, by, 326, ROW),
            ui.tr("rnp.settle_all"),
            lambda: self.settle(list(self.living())),
            refused=nobody,
        )
        y = area.top + top
        for name in living:
            member = self.view["party"][name]
            (x, py), (bx, dy), _ = self.row_parts(y)
            # the pack: rations and litres carried, the ration eaten each day
            self.field(
                f"rations:{name}",
                (x, py, 64, 36),
                num(self.ui, member["rations"]),
                max_length=5,
                spoken_name=self.ui.tr("access.rnp_rations", name=name),
            )
            self.field(
                f"water:{name}",
                (x + 150, py, 64, 36),
                num(self.ui, member["water_l"]),
                max_length=5,
                spoken_name=self.ui.tr("access.rnp_water", name=name),
            )
            self.button(f"pack:{name}", (x + 240, py, 110, 36), ui.tr("rnp.pack_set"), partial(self.set_pack, name))
            other: Literal["half", "full"] = "half" if member["ration"] == "full" else "full"
            self.button(
                f"ration:{name}",
                (x + 360, py, min(260, area.right - x - 360), 36),
                ui.tr(f"rnp.pack_ration_{member['ration']}"),
                partial(self.table.act, a.SetSupplies(character=name, ration=other)),
                tooltip=ui.tr("rnp.pack_ration_tip"),
            )
            # a day by hand
            for ration in RATIONS:
                action = a.EatDay(character=name, ration=ration)
                self.button(
                    f"eat:{name}:{ration}",
                    (bx, dy, 96, 40),
                    ui.tr(f"rnp.eat_{ration}"),
                    partial(self.table.act, action),
                    tooltip=ui.tr("rnp.eat_tip"),
                )
                bx += 102
            self.field(
                f"litres:{name}",
                (bx + 10, dy, 70, 40),
                "1",
                max_length=4,
                spoken_name=self.ui.tr("access.rnp_drink", name=name),
            )
            self.button(f"drink:{name}", (bx + 86, dy, 100, 40), ui.tr("rnp.drink"), partial(self.drink, name))
            self.button(
                f"day:{name}",
                (bx + 196, dy, min(260, area.right - bx - 196), 40),
                ui.tr("rnp.end_of_day"),
                partial(self.settle, [name]),
            )
            y += row_h

    def set_pack(self, name: str) -> None:
        rations, water = self.number(f"rations:{name}"), self.number(f"water:{name}")
        if rations is None or water is None:
            self.table.show(self.ui.t("rnp.type_amount"), bad=True)
            return
        self.table.act(make_action(a.SetSupplies, character=name, rations=rations, water_l=water))

    def drink(self, name: str) -> None:
        litres = self.number(f"litres:{name}")
        if litres is None:
            self.table.show(self.ui.t("rnp.type_amount"), bad=True)
            return
        self.table.act(make_action(a.Drink, character=name, litres=litres))

    def refresh_packs(self) -> None:
        """After the packs changed, the fields show what they hold now."""
        for name in self.living():
            member = self.view["party"][name]
            self.texts[f"rations:{name}"] = num(self.ui, member["rations"])
            self.texts[f"water:{name}"] = num(self.ui, member["water_l"])
        self.table.rebuild()

    def supply_all(self) -> None:
        """Everyone eats their ration and drinks the day's need from their pack (half-water saves in the overlay)."""

        def after(result: Entry | Refused) -> None:
            if isinstance(result, Entry):
                self.refresh_packs()

        self.table.roll(a.SupplyDay(hot=self.hot), lambda entry: present_supplies(self.table, entry), after)

    def settle(self, names: list[str]) -> None:
        """Settle the day's water for each in turn (a save for half water shows in the dice overlay)."""
        if not names:
            return
        first, rest = names[0], names[1:]
        action = a.DrinkDay(character=first, hot=self.hot)

        def after(result: Entry | Refused) -> None:
            if isinstance(result, Entry):
                self.settle(rest)

        self.table.roll(action, lambda entry: present_water(self.table, entry), after)

    def draw_content(self, surface: pygame.Surface) -> None:
        ui, p, area, book = self.ui, self.ui.palette, self.inner(), self.book
        self.label(surface, ui.t("rnp.weather"), (area.left, area.top))
        top, row_h = self.rows(area.width)
        y = area.top + top
        living = self.living()
        if not living:
            y = self.paragraph(surface, ui.t("rnp.party_empty"), area.left, y, area.width, face="italic", colour=p.ink_soft)
        need = book.water.hot_litres_per_day if self.hot else book.water.litres_per_day
        small = self.line_height("small")
        for name in living:
            member = self.view["party"][name]
            (x, py), _, (tx, ty) = self.row_parts(y)
            pygame.draw.line(surface, p.ink_faint, (area.left, y - 8), (area.right, y - 8))
            fasting = ui.t("rnp.fasting", days=num(ui, member["fasting_days"]), safe=member["safe_fasting_days"])
            water = ui.t("rnp.water_of", litres=num(ui, member["water_today_l"]), need=num(ui, need))
            # The name (and its exhaustion) end before what is beside them: the fasting lines, else the packs.
            # Fasting lines beside the name move right to make room for it, as far as they still fit.
            beside = tx if tx > area.left else x
            if ty < y + 40:
                size = ui.theme.text_size("small")
                beside = max(beside, area.right - max(fonts.text_width(t, "body", size) for t in (fasting, water)) - 8)
            room = beside - area.left - 12
            exhaustion = ui.t("rnp.exhaustion", level=member["exhaustion"], max=book.exhaustion.maximum)
            if member["exhaustion"]:
                room -= fonts.text_width(exhaustion, "title", ui.theme.text_size("small")) + 14
            shown = fit(name, "title", ui.theme.text_size("heading"), room)
            title = self.text(surface, shown, (area.left, y), face="title", role="heading")
            end = title.right
            if member["exhaustion"]:
                tag = self.text(
                    surface,
                    exhaustion,
                    (title.right + 14, title.centery),
                    face="title",
                    role="small",
                    colour=p.bad,
                    anchor="midleft",
                )
                end = tag.right
            if ty < y + 40:  # the fasting lines beside the name: after it (and its exhaustion)
                tx = max(tx, end + 16)
            self.text(surface, ui.t("rnp.pack_rations"), (x + 70, py + 18), role="small", anchor="midleft")
            self.text(surface, ui.t("rnp.pack_litres"), (x + 220, py + 18), role="small", anchor="midleft")
            self.text(surface, fasting, (tx, ty), role="small")
            self.text(surface, water, (tx, ty + small), role="small")
            y += row_h
        self.paragraph(
            surface,
            ui.t("rnp.food_rules", grams=num(ui, book.food.grams_per_day))
            + " "
            + book.exhaustion.recovery_blocked.get(self.language),
            area.left,
            y + 6,
            area.width,
            face="italic",
            role="small",
            colour=p.ink_soft,
            max_lines=2,
        )


def present_supplies(table: RnpTableScene, entry: Entry) -> Presentation:
    """The overlay of a day from the packs: the half-water saves rolled, and who tires."""
    ui = table.ui
    days = (table.adventure.state.result or {}).get("days") or {}
    groups = [
        DiceGroup(
            ui.t("rnp.save_dc_of", who=who, dc=d["save"]["dc"]),
            tuple(d["save"]["dice"]),
            20,
            f"{d['save']['roll']} {signed(d['save']['modifier'])} = {d['save']['total']}",
        )
        for who, d in days.items()
        if d.get("save")
    ]
    gained = gains(ui, {who: d.get("exhaustion", 0) for who, d in days.items()})
    return ui.t("rnp.supply_title"), groups, gained or ui.t("rnp.supply_fine"), "bad" if gained else "good"


def present_water(table: RnpTableScene, entry: Entry) -> Presentation:
    ui = table.ui
    result = table.adventure.state.result or {}
    save = result.get("save")
    who = result.get("character", "")
    status = ui.t(f"rnp.water_{result.get('status', 'enough')}")
    groups = []
    if save:
        groups.append(
            DiceGroup(
                ui.t("rnp.save_dc_of", who=who, dc=save["dc"]),
                tuple(save["dice"]),
                20,
                f"{save['roll']} {signed(save['modifier'])} = {save['total']}",
            )
        )
    gained = gains(ui, {who: result.get("exhaustion", 0)})
    verdict = f"{who} : {status}" if ui.catalogue.language == "fr" else f"{who}: {status}"
    if gained:
        verdict += " — " + gained
    return ui.t("rnp.water_title"), groups, verdict, "bad" if gained else "good"

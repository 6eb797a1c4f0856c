"""The food and water panel of the Rôle'n Play table (R-RNP-FOOD-1, R-RNP-WATER-1).

What changes the table or rolls goes through the table scene to the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.rolling import Presentation
from game.rules.errors import Refused
from game.rules.session import Entry
from game.app.rolling import DiceGroup
from game.scenes.rnp_format import gains, num, signed
from game.scenes.rnp_panel import ROW, Panel

if TYPE_CHECKING:
    from game.scenes.rnp_table import RnpTableScene

# -- food and water ---------------------------------------------------------------------------------------------
class FoodPanel(Panel):
    ROW_H = 96

    def __init__(self, table: RnpTableScene, rect: pygame.Rect) -> None:
        super().__init__(table, rect)
        self.hot = False

    def set_hot(self, value: str) -> None:
        self.hot = value == "hot"
        self.table.rebuild()

    def build(self) -> None:
        ui, area, book = self.ui, self.inner(), self.book
        self.choices("weather", area.left, area.top + 20,
                     [("mild", ui.tr("rnp.weather_mild", l=num(ui, book.water.litres_per_day))),
                      ("hot", ui.tr("rnp.weather_hot", l=num(ui, book.water.hot_litres_per_day)))],
                     "hot" if self.hot else "mild", self.set_hot)
        living = self.living()
        settle_all = bool(living)
        self.button("settle_all", (area.right - 330, area.top + 20, 330, ROW), ui.tr("rnp.settle_all"),
                    lambda: self.settle(list(self.living())),
                    refused=None if settle_all else Refused("nobody", "nobody"))
        y = area.top + 90
        for name in living[:4]:
            x = area.left + 290
            for ration in ("full", "half", "none"):
                action = {"do": "eat_day", "character": name, "ration": ration}
                self.button(f"eat:{name}:{ration}", (x, y + 36, 96, ROW), ui.tr(f"rnp.eat_{ration}"),
                            lambda a=action: self.table.act(a), tooltip=ui.tr("rnp.eat_tip"))
                x += 102
            self.field(f"litres:{name}", (x + 10, y + 36, 70, ROW), "1", max_length=4)
            self.button(f"drink:{name}", (x + 86, y + 36, 100, ROW), ui.tr("rnp.drink"), lambda n=name: self.drink(n))
            self.button(f"day:{name}", (x + 196, y + 36, area.right - x - 196, ROW), ui.tr("rnp.end_of_day"),
                        lambda n=name: self.settle([n]))
            y += self.ROW_H

    def drink(self, name: str) -> None:
        litres = self.number(f"litres:{name}")
        if litres is None:
            self.table.show(self.ui.t("rnp.type_amount"), bad=True)
            return
        self.table.act({"do": "drink", "character": name, "litres": litres})

    def settle(self, names: list[str]) -> None:
        """Settle the day's water for each in turn (a save for half water shows in the dice overlay)."""
        if not names:
            return
        first, rest = names[0], names[1:]
        action = {"do": "drink_day", "character": first, "hot": self.hot}

        def after(result: Entry | Refused) -> None:
            if isinstance(result, Entry):
                self.settle(rest)

        self.table.roll(action, lambda entry: present_water(self.table, entry), after)

    def draw_content(self, surface: pygame.Surface) -> None:
        ui, p, area, book = self.ui, self.ui.palette, self.inner(), self.book
        self.label(surface, ui.t("rnp.weather"), (area.left, area.top))
        y = area.top + 90
        living = self.living()
        if not living:
            self.paragraph(surface, ui.t("rnp.party_empty"), area.left, y, area.width, face="italic", colour=p.ink_soft)
        need = book.water.hot_litres_per_day if self.hot else book.water.litres_per_day
        small = self.line_height("small")
        for name in living[:4]:
            member = self.view["party"][name]
            pygame.draw.line(surface, p.ink_faint, (area.left, y - 6), (area.right, y - 6))
            self.text(surface, name, (area.left, y), face="title", role="heading")
            self.label(surface, ui.t("rnp.eat_caption"), (area.left + 290, y + 12))
            self.label(surface, ui.t("rnp.litres"), (area.left + 606, y + 12))
            self.text(surface, ui.t("rnp.fasting", days=num(ui, member["fasting_days"]), safe=member["safe_fasting_days"]),
                      (area.left, y + 36), role="small")
            water = ui.t("rnp.water_of", litres=num(ui, member["water_today_l"]), need=num(ui, need))
            box = self.text(surface, water, (area.left, y + 36 + small), role="small")
            if member["exhaustion"]:
                self.text(surface, " · " + ui.t("rnp.exhaustion_short", level=member["exhaustion"]), (box.right, box.top),
                          role="small", colour=p.bad)
            y += self.ROW_H
        if len(living) > 4:
            self.text(surface, ui.t("rnp.more_characters", n=len(living) - 4), (area.left, y), face="italic", role="small",
                      colour=p.ink_soft)
            y += small
        self.paragraph(surface, ui.t("rnp.food_rules", grams=num(ui, book.food.grams_per_day)) + " "
                       + book.exhaustion.recovery_blocked.get(self.language), area.left, max(y + 8, area.bottom - 3 * small),
                       area.width, face="italic", role="small", colour=p.ink_soft, max_lines=3)


def present_water(table: RnpTableScene, entry: Entry) -> Presentation:
    ui = table.ui
    result = table.adventure.state.result or {}
    save = result.get("save")
    who = result.get("character", "")
    status = ui.t(f"rnp.water_{result.get('status', 'enough')}")
    groups = []
    if save:
        groups.append(DiceGroup(ui.t("rnp.save_dc_of", who=who, dc=save["dc"]), tuple(save["dice"]), 20,
                                f"{save['roll']} {signed(save['modifier'])} = {save['total']}"))
    gained = gains(ui, {who: result.get("exhaustion", 0)})
    verdict = f"{who} : {status}" if ui.catalogue.language == "fr" else f"{who}: {status}"
    if gained:
        verdict += " — " + gained
    return ui.t("rnp.water_title"), groups, verdict, "bad" if gained else "good"

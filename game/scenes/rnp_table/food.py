"""The food and water panel of the Rôle'n Play table (R-RNP-FOOD-1, R-RNP-WATER-1).

Per character: what the pack holds now (painted, never a field that could go stale), the
daily ration chosen, a load added to the pack (an action: "+2 rations"), and a day's eating and
drinking by hand; for everyone: a day from the packs in one click (``supply_day``) or
the day's water settled. What changes the table or rolls goes through the table to the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Literal, Protocol

import pygame

from game.app.rolling import DiceGroup, Presentation
from game.books.rolenplay import RolenplayBook
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.session import ActionLike, Entry, make_action
from game.scenes.rnp_table.data import Json
from game.scenes.rnp_table.layout import CAPTION, GAP, ROW
from game.scenes.rnp_table.panel import CHOICE_GAP, D20, Kit, Panel
from game.scenes.rnp_table.pen import Pen, line_height
from game.scenes.rnp_table.words import amount, gains, num, signed
from game.ui import fonts
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.text_fit import ellipsize_middle

RATIONS: tuple[Literal["full", "half", "none"], ...] = ("full", "half", "none")
WIDE = 1000  # narrower, each character's row puts the pack and the day's buttons on lines of their own
# The list of characters: where it starts (below the weather and the buttons for all) and each row's height.
ROWS = {True: (86, 148), False: (140, 204)}  # by whether the panel is wide
ALL_W = (324, 326)  # a day from the packs, the day's water settled, for everyone
ALL_RIGHT = 660  # on a wide panel they end at the right, this wide with their gap
ALL_BELOW = 74  # on a narrow one they go under the weather
# A character's row, from its top: the pack (its stock and the daily ration), the day's buttons, the load
# and the fasting lines, wide and narrow.
PARTS = {True: ((290, 0), (290, 48), (290, 96), (0, 46)), False: ((0, 52), (0, 100), (0, 148), (200, 4))}
PACK_H, DAY_H = 36, 40
PACK_FIELD_W = 64
# The load, from its x: its caption, the rations to add, their label, the litres, theirs, the button.
LOAD = (0, 150, 220, 300, 370, 400)
LOAD_W = 170
DAILY = ("full", "half")  # the daily ration's choices
STOCK_LEAST = 250  # the stock painted at the start of the pack's line keeps this much before the choices
EAT_W, EAT_STEP = 96, 102
LITRES_W, DRINK_W, END_W = 70, 100, 260
DRINK_DX, END_DX = 86, 196  # after the eat buttons: the litres field, then drink, then the end of the day
ROW_RULE = 8  # the rule above each character's row
NAME_GAP, TAG_GAP, LINES_GAP = 12, 14, 16  # the name's room; its exhaustion after it; the fasting lines after that
FASTING_ROOM = 8  # fasting lines beside the name keep this far from the right edge
BESIDE_BELOW = 40  # fasting lines less than this below the row's top are beside the name
RULES_LINES = 2


@dataclass(frozen=True)
class MemberRow:
    """Where one character's row puts its parts."""

    top: int
    pack: tuple[int, int]
    day: tuple[int, int]
    load: tuple[int, int]
    fasting: tuple[int, int]


@dataclass(frozen=True)
class FoodRegions:
    area: pygame.Rect
    wide: bool
    all_buttons: tuple[int, int]  # where "everyone" buttons start

    def row(self, index: int) -> MemberRow:
        top, height = ROWS[self.wide]
        y = self.area.top + top + index * height
        left = self.area.left
        pack, day, load, fasting = ((left + dx, y + dy) for dx, dy in PARTS[self.wide])
        return MemberRow(y, pack, day, load, fasting)

    def below(self, count: int) -> int:
        """The y below ``count`` rows (the book's rules are written there)."""
        top, height = ROWS[self.wide]
        return self.area.top + top + count * height


def food_regions(area: pygame.Rect) -> FoodRegions:
    wide = area.width >= WIDE
    start = (area.right - ALL_RIGHT, area.top + CAPTION) if wide else (area.left, area.top + ALL_BELOW)
    return FoodRegions(area, wide, start)


@dataclass(frozen=True)
class FoodView:
    """What the food and water tab shows: the weather, and each living character's pack and day."""

    book: RolenplayBook
    hot: bool
    members: tuple[tuple[str, Json], ...]  # (name, the rules' view of them), the living, in the party's order


class FoodIntents(Protocol):
    def set_hot(self, value: str) -> None: ...

    def supply_all(self) -> None: ...

    def settle(self, names: list[str]) -> None: ...

    def load(self, name: str) -> None: ...

    def set_ration(self, name: str, ration: str) -> None: ...

    def drink(self, name: str) -> None: ...

    def act(self, action: ActionLike) -> object: ...


@dataclass(frozen=True)
class FoodControls:
    supply_all: Button
    settle_all: Button


def build_food_controls(kit: Kit, regions: FoodRegions, view: FoodView, intents: FoodIntents) -> FoodControls:
    """The weather, a day for everyone, then each character's pack and day by hand."""
    ui, book, area = kit.ui, view.book, regions.area
    weather = [
        ("mild", ui.tr("rnp.weather_mild", l=num(ui, book.water.litres_per_day))),
        ("hot", ui.tr("rnp.weather_hot", l=num(ui, book.water.hot_litres_per_day))),
    ]
    kit.choices(
        "weather",
        area.left,
        area.top + CAPTION,
        weather,
        "hot" if view.hot else "mild",
        intents.set_hot,
        group=ui.tr("rnp.weather"),
    )
    nobody = None if view.members else Refused("nobody", "nobody")
    (x, y), (supply_w, settle_w) = regions.all_buttons, ALL_W
    supply = (x, y, supply_w, ROW)
    supply_all = kit.button(
        "supply_all",
        supply,
        ui.tr("rnp.supply_all"),
        intents.supply_all,
        style="primary",
        refused=nobody,
        tooltip=ui.tr("rnp.supply_all_tip"),
    )
    everyone = [name for name, _ in view.members]
    settle_all = kit.button(
        "settle_all",
        (x + supply_w + GAP, y, settle_w, ROW),
        ui.tr("rnp.settle_all"),
        partial(intents.settle, everyone),
        refused=nobody,
    )
    for index, (name, member) in enumerate(view.members):
        row = regions.row(index)
        pack_controls(kit, area, row.pack, name, member, intents)
        day_controls(kit, area, row.day, name, intents)
        load_controls(kit, area, row.load, name, intents)
    return FoodControls(supply_all, settle_all)


def pack_controls(kit: Kit, area: pygame.Rect, at: tuple[int, int], name: str, member: Json, intents: FoodIntents) -> None:
    """The ration eaten each day: two choices, the chosen one filled, at the right of the pack's line (the
    stock is painted before them)."""
    options = [(ration, kit.ui.tr(f"rnp.daily_{ration}")) for ration in DAILY]
    x = area.right - sum(w + CHOICE_GAP for w in kit.choice_widths(options)) + CHOICE_GAP
    pick = partial(intents.set_ration, name)
    group = kit.ui.tr("rnp.daily_ration_of", name=name)
    kit.choices(f"ration:{name}", max(x, at[0] + STOCK_LEAST), at[1], options, member["ration"], pick, group=group)


def load_controls(kit: Kit, area: pygame.Rect, at: tuple[int, int], name: str, intents: FoodIntents) -> None:
    """The load: rations and litres to add to the pack (a negative amount takes some out), one button."""
    ui, (x, y) = kit.ui, at
    _, rations, _, water, _, button = (x + dx for dx in LOAD)
    spoken = ui.tr("access.rnp_rations", name=name)
    kit.field(f"rations:{name}", (rations, y, PACK_FIELD_W, PACK_H), placeholder="0", max_length=6, spoken_name=spoken)
    spoken = ui.tr("access.rnp_water", name=name)
    kit.field(f"water:{name}", (water, y, PACK_FIELD_W, PACK_H), placeholder="0", max_length=6, spoken_name=spoken)
    rect = (button, y, min(LOAD_W, area.right - button), PACK_H)
    kit.button(f"pack:{name}", rect, ui.tr("rnp.pack_set"), partial(intents.load, name), tooltip=ui.tr("rnp.pack_set_tip"))


def day_controls(kit: Kit, area: pygame.Rect, at: tuple[int, int], name: str, intents: FoodIntents) -> None:
    """A day by hand: a full, half or no ration eaten, litres drunk, the day's water settled."""
    ui, (x, y) = kit.ui, at
    for ration in RATIONS:
        eat = partial(intents.act, a.EatDay(character=name, ration=ration))
        kit.button(f"eat:{name}:{ration}", (x, y, EAT_W, DAY_H), ui.tr(f"rnp.eat_{ration}"), eat, tooltip=ui.tr("rnp.eat_tip"))
        x += EAT_STEP
    spoken = ui.tr("access.rnp_drink", name=name)
    kit.field(f"litres:{name}", (x + GAP, y, LITRES_W, DAY_H), "1", max_length=4, spoken_name=spoken)
    kit.button(f"drink:{name}", (x + DRINK_DX, y, DRINK_W, DAY_H), ui.tr("rnp.drink"), partial(intents.drink, name))
    end = (x + END_DX, y, min(END_W, area.right - x - END_DX), DAY_H)
    kit.button(f"day:{name}", end, ui.tr("rnp.end_of_day"), partial(intents.settle, [name]))


def paint_food(surface: pygame.Surface, view: FoodView, regions: FoodRegions, ui: UIContext) -> None:
    """The weather's caption, each character's row, and the book's rules under them."""
    pen, p, book, area = Pen(surface, ui), ui.palette, view.book, regions.area
    pen.label(ui.t("rnp.weather"), area.topleft)
    y = regions.below(0)
    if not view.members:
        y = pen.soft(ui.t("rnp.party_empty"), area.left, y, area.width)
    need = book.water.hot_litres_per_day if view.hot else book.water.litres_per_day
    for index, (name, member) in enumerate(view.members):
        paint_member(pen, view, regions.area, regions.row(index), name, member, need)
        y = regions.below(index + 1)
    rules = ui.t("rnp.food_rules", grams=num(ui, book.food.grams_per_day))
    blocked = book.exhaustion.recovery_blocked.get(ui.catalogue.language)
    pen.paragraph(
        f"{rules} {blocked}", area.left, y + 6, area.width, face="italic", role="small", colour=p.ink_soft, max_lines=RULES_LINES
    )


def paint_member(pen: Pen, view: FoodView, area: pygame.Rect, row: MemberRow, name: str, member: Json, need: float) -> None:
    """One character's row: the name and its exhaustion, the pack's captions, the fasting and water lines."""
    ui, p = pen.ui, pen.ui.palette
    (x, py), (tx, ty) = row.pack, row.fasting
    pen.divider((area.left, row.top - ROW_RULE), (area.right, row.top - ROW_RULE))
    fasting = ui.t("rnp.fasting", days=num(ui, member["fasting_days"]), safe=member["safe_fasting_days"])
    water = ui.t("rnp.water_of", litres=num(ui, member["water_today_l"]), need=num(ui, need))
    # The name (and its exhaustion) end before what is beside them: the fasting lines, else the packs.
    # Fasting lines beside the name move right to make room for it, as far as they still fit.
    beside = ty < row.top + BESIDE_BELOW
    room_end = tx if tx > area.left else x
    if beside:
        size = ui.theme.text_size("small")
        room_end = max(room_end, area.right - max(fonts.text_width(t, "body", size) for t in (fasting, water)) - FASTING_ROOM)
    room = room_end - area.left - NAME_GAP
    exhaustion = ui.t("rnp.exhaustion", level=member["exhaustion"], max=view.book.exhaustion.maximum)
    if member["exhaustion"]:
        room -= fonts.text_width(exhaustion, "title", ui.theme.text_size("small")) + TAG_GAP
    shown = ellipsize_middle(name, "title", ui.theme.text_size("heading"), room)  # twenty alike stay told apart
    title = pen.text(shown, (area.left, row.top), face="title", role="heading")
    end = title.right
    if member["exhaustion"]:
        at = (title.right + TAG_GAP, title.centery)
        end = pen.text(exhaustion, at, face="title", role="small", colour=p.bad, anchor="midleft").right
    if beside:  # the fasting lines beside the name: after it (and its exhaustion)
        tx = max(tx, end + LINES_GAP)
    stock = ui.t("rnp.pack", rations=amount(member["rations"]), water=amount(member["water_l"]))
    pen.text(stock, (x, py + ROW // 2), face="bold", role="body", anchor="midleft")
    lx, ly = row.load
    load_middle = ly + PACK_H // 2
    caption, _, rations, _, litres, _ = (lx + dx for dx in LOAD)
    pen.text(ui.t("rnp.pack_add"), (caption, load_middle), face="italic", role="small", anchor="midleft")
    pen.text(ui.t("rnp.pack_rations"), (rations, load_middle), role="small", anchor="midleft")
    pen.text(ui.t("rnp.pack_litres"), (litres, load_middle), role="small", anchor="midleft")
    pen.text(fasting, (tx, ty), role="small")
    pen.text(water, (tx, ty + pen.line_height("small")), role="small")


def present_supplies(ui: UIContext, result: Json) -> Presentation:
    """The overlay of a day from the packs: the half-water saves rolled, and who tires."""
    days = result.get("days") or {}
    groups = [
        DiceGroup(
            ui.t("rnp.save_dc_of", who=who, dc=d["save"]["dc"]),
            tuple(d["save"]["dice"]),
            D20,
            f"{d['save']['roll']} {signed(d['save']['modifier'])} = {d['save']['total']}",
        )
        for who, d in days.items()
        if d.get("save")
    ]
    gained = gains(ui, {who: d.get("exhaustion", 0) for who, d in days.items()})
    return ui.t("rnp.supply_title"), groups, gained or ui.t("rnp.supply_fine"), "bad" if gained else "good"


def present_water(ui: UIContext, result: Json) -> Presentation:
    """The overlay of one character's day of water: the save for half water, and whether they tire."""
    save = result.get("save")
    who = result.get("character", "")
    status = ui.t(f"rnp.water_{result.get('status', 'enough')}")
    groups = []
    if save:
        detail = f"{save['roll']} {signed(save['modifier'])} = {save['total']}"
        groups.append(DiceGroup(ui.t("rnp.save_dc_of", who=who, dc=save["dc"]), tuple(save["dice"]), D20, detail))
    gained = gains(ui, {who: result.get("exhaustion", 0)})
    verdict = f"{who} : {status}" if ui.catalogue.language == "fr" else f"{who}: {status}"
    if gained:
        verdict += " — " + gained
    return ui.t("rnp.water_title"), groups, verdict, "bad" if gained else "good"


class FoodPanel(Panel):
    """Per character: the pack (rations, water, the daily ration), a day's eating and drinking by hand; for
    everyone: a day from the packs in one click (``supply_day``) or the day's water settled."""

    def shown(self) -> FoodView:
        party = self.rules["party"]
        return FoodView(self.book, self.table.shared.hot, tuple((name, party[name]) for name in self.living()))

    def regions(self) -> FoodRegions:
        return food_regions(self.inner())

    controls: FoodControls | None = None

    def build(self) -> None:
        self.controls = build_food_controls(self.kit, self.regions(), self.shown(), self)

    def draw_content(self, surface: pygame.Surface) -> None:
        paint_food(surface, self.shown(), self.regions(), self.ui)

    def content_height(self, width: int) -> int:
        top, row = ROWS[width >= WIDE]
        return top + row * len(self.living()) + 3 * line_height(self.ui, "small")

    # -- intents ----------------------------------------------------------------------------------
    def set_hot(self, value: str) -> None:
        self.table.shared.hot = value == "hot"
        self.table.rebuild()

    def load(self, name: str) -> None:
        """Add what is typed to what the pack holds now (an empty field adds nothing); the fields empty after."""
        fields = (f"rations:{name}", f"water:{name}")
        typed = [self.texts.get(f, "").strip() for f in fields]
        added = [self.number(f) if text else 0.0 for f, text in zip(fields, typed)]
        if not any(typed) or None in added:
            self.table.show(self.ui.t("rnp.type_amount"), bad=True)
            return
        member = self.rules["party"][name]
        rations, water = member["rations"] + (added[0] or 0), member["water_l"] + (added[1] or 0)
        if self.table.act(make_action(a.SetSupplies, character=name, rations=rations, water_l=water)) is not None:
            for f in fields:
                self.texts[f] = ""
            self.table.rebuild()

    def set_ration(self, name: str, ration: str) -> None:
        if ration != self.rules["party"][name]["ration"]:
            self.table.act(make_action(a.SetSupplies, character=name, ration=ration))

    def drink(self, name: str) -> None:
        litres = self.number(f"litres:{name}")
        if litres is None:
            self.table.show(self.ui.t("rnp.type_amount"), bad=True)
            return
        self.table.act(make_action(a.Drink, character=name, litres=litres))

    def supply_all(self) -> None:
        """Everyone eats their ration and drinks the day's need from their pack (half-water saves in the overlay)."""

        def after(result: Entry | Refused) -> None:
            if isinstance(result, Entry):
                self.table.rebuild()  # the stock painted is what the packs hold now

        self.table.roll(a.SupplyDay(hot=self.table.shared.hot), partial(present_supplies, self.ui), after)

    def settle(self, names: list[str]) -> None:
        """Settle the day's water for each in turn (a save for half water shows in the dice overlay)."""
        if not names:
            return
        first, rest = names[0], names[1:]

        def after(result: Entry | Refused) -> None:
            if isinstance(result, Entry):
                self.settle(rest)

        self.table.roll(a.DrinkDay(character=first, hot=self.table.shared.hot), partial(present_water, self.ui), after)

"""The calculator panels of the Rôle'n Play table: jump, fall, breath, food and water, light, hiding.

Each builds an action from the game master's choices; figures that change
nothing (a jump's length, what a character sees) are dry runs of the rules
(``game.rules.rnp.preview``); what changes the table or rolls goes through the
table scene to ``adventure.act`` / ``roll_action``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.app.rolling import Presentation
from game.rules.errors import Refused
from game.rules.rnp.preview import preview
from game.rules.session import Entry
from game.scenes.dice_roll import DiceGroup
from game.scenes.rnp_format import distance, duration, gains, name_of, num, signed
from game.scenes.rnp_panel import ROW, Panel, draw_mark
from game.ui import fonts
from game.ui.draw import draw_die

if TYPE_CHECKING:
    from game.scenes.rnp_table import RnpTableScene

OTHER = "__other__"
MAX_FALL_DICE_SHOWN = 8


def _fit(ui: Any, label: str, role: str = "button") -> int:
    return fonts.text_width(label, "bold", ui.theme.text_size(role)) + 28


class _WhoMixin:
    """A chooser of the living party members (plus, optionally, someone outside the party)."""

    who: str | None = None

    def who_choices(self: Any, x: int, y: int, *, other: bool = False) -> None:
        living = self.living()
        if self.who not in living and self.who != OTHER:
            self.who = living[0] if living else (OTHER if other else None)
        options = [(n, n) for n in living]
        if other:
            options.append((OTHER, self.ui.tr("rnp.someone_else")))
        self.choices("who", x, y, options, self.who, self.pick_who)

    def pick_who(self: Any, name: str) -> None:
        self.who = name
        self.table.rebuild()


# -- jump and special movement -----------------------------------------------------------------------------
class JumpPanel(_WhoMixin, Panel):
    def __init__(self, table: RnpTableScene, rect: pygame.Rect) -> None:
        super().__init__(table, rect)
        self.kind, self.run_up, self.landing = "long", True, "normal"
        self.move_kind, self.move_terrain = "climb", "normal"
        self.texts.update(strength="10", height="", metres="10")
        self.jump_preview: Any = None
        self.move_preview: Any = None

    def set(self, attr: str, value: Any) -> None:
        setattr(self, attr, value)
        self.table.rebuild()

    def build(self) -> None:
        ui, area, book = self.ui, self.inner(), self.book
        x, y = area.left, area.top
        self.who_choices(x, y + 20, other=True)
        if self.who == OTHER:
            self.field("strength", (x, y + 94, 90, ROW), max_length=2)
        self.choices("kind", x + (110 if self.who == OTHER else 0), y + 94,
                     [("long", ui.tr("rnp.jump_long")), ("high", ui.tr("rnp.jump_high"))], self.kind,
                     lambda v: self.set("kind", v))
        self.choices("run", x, y + 168, [("yes", ui.tr("rnp.run_up", m=num(ui, book.jumps.run_up_m))),
                                         ("no", ui.tr("rnp.no_run_up"))],
                     "yes" if self.run_up else "no", lambda v: self.set("run_up", v == "yes"))
        self.choices("landing", x, y + 242, [("normal", ui.tr("rnp.landing_normal")), ("difficult", ui.tr("rnp.landing_difficult"))],
                     self.landing, lambda v: self.set("landing", v))
        if self.kind == "high":
            self.field("height", (x + 420, y + 242, 90, ROW), placeholder="1,8", max_length=5)
        self.button("jump", (x, y + 306, 220, ROW), ui.tr("rnp.jump_do"), self.do_jump, style="primary")
        # climbing, swimming, crawling
        y2 = y + 390
        self.choices("move", x, y2 + 20, [(k.id, k.name.get(self.language)) for k in book.special_moves.kinds],
                     self.move_kind, lambda v: self.set("move_kind", v), width=112)
        self.choices("move_terrain", x + 364, y2 + 20, [(t.id, t.name.get(self.language)) for t in book.travel.terrains],
                     self.move_terrain, lambda v: self.set("move_terrain", v), width=112)
        self.field("metres", (x, y2 + 96, 100, ROW), max_length=6)
        self.button("move_do", (x + 110, y2 + 96, 200, ROW), ui.tr("rnp.move_do"), self.do_move)

    def strength(self) -> int | None:
        if self.who == OTHER or self.who is None:
            value = self.number("strength")
            return int(value) if value is not None and float(value).is_integer() else None
        return self.view["party"][self.who]["scores"][self.book.jumps.ability]

    def jump_action(self) -> dict[str, Any] | None:
        strength = self.strength()
        if strength is None:
            return None
        action: dict[str, Any] = {"do": "jump", "kind": self.kind, "strength": strength, "run_up": self.run_up,
                                  "landing": self.landing}
        height = self.number("height")
        if self.kind == "high" and height is not None:
            action["height_m"] = height
        return action

    def move_action(self) -> dict[str, Any] | None:
        metres = self.number("metres")
        return None if metres is None else {"do": "move", "kind": self.move_kind, "metres": metres, "terrain": self.move_terrain}

    def soft_update(self) -> None:
        state, language = self.table.adventure.state, self.language
        jump, move = self.jump_action(), self.move_action()
        self.jump_preview = preview(self.book, state, jump, language) if jump else None
        self.move_preview = preview(self.book, state, move, language) if move else None
        for name, current in (("jump", self.jump_preview), ("move_do", self.move_preview)):
            button = self.named.get(name)
            if button is None:
                continue
            if current is None:
                button.set_enabled(False, self.ui.tr("rnp.type_amount"))
            elif current.refused is not None:
                button.set_enabled(False, self.table.refusal_text(current.refused))
            else:
                button.set_enabled(True)

    def do_jump(self) -> None:
        action = self.jump_action()
        if action:
            who = self.who if self.who not in (None, OTHER) else self.ui.t("rnp.someone_else")
            self.table.act(action, self.ui.t("rnp.jump_noted", who=who, text=self.jump_summary(self.jump_preview)))

    def do_move(self) -> None:
        action = self.move_action()
        if action:
            self.table.act(action, self.ui.t("rnp.move_noted", text=self.move_summary(self.move_preview)))

    def jump_summary(self, current: Any) -> str:
        if current is None or current.result is None:
            return ""
        r = current.result
        if r["kind"] == "long":
            return self.ui.t("rnp.jump_long_result", m=num(self.ui, r["distance_m"]))
        return self.ui.t("rnp.jump_high_result", m=num(self.ui, r["jump_m"]))

    def move_summary(self, current: Any) -> str:
        if current is None or current.result is None:
            return ""
        r = current.result
        return self.ui.t("rnp.move_result", m=num(self.ui, r["metres"]), cost=num(self.ui, r["cost_m"]), per=r["per_metre"])

    def draw_content(self, surface: pygame.Surface) -> None:
        ui, p, area, book = self.ui, self.ui.palette, self.inner(), self.book
        x, y = area.left, area.top
        self.label(surface, ui.t("rnp.who_jumps"), (x, y))
        if self.who == OTHER:
            self.label(surface, ui.t("rnp.strength_score"), (x, y + 74))
        elif self.who:
            score = self.view["party"][self.who]["scores"][book.jumps.ability]
            self.label(surface, ui.t("rnp.strength_of", who=self.who, score=score), (x, y + 74))
        self.label(surface, ui.t("rnp.run_up_caption"), (x, y + 148))
        self.label(surface, ui.t("rnp.landing"), (x, y + 222))
        if self.kind == "high":
            self.label(surface, ui.t("rnp.reach_height"), (x + 420, y + 222))
        pygame.draw.line(surface, p.ink_faint, (x, y + 372), (x + 600, y + 372))
        self.label(surface, ui.t("rnp.special_moves"), (x, y + 390))
        self.label(surface, ui.t("rnp.metres"), (x, y + 466))
        right = pygame.Rect(area.left + 640, area.top, area.width - 640, area.height)
        pygame.draw.line(surface, p.ink_faint, (right.left - 20, right.top), (right.left - 20, right.bottom))
        self.text(surface, ui.t("rnp.jump_title"), (right.left, right.top), face="title", role="heading", colour=p.rubric)
        ry = right.top + self.line_height("heading", "title") + 4
        current = self.jump_preview
        if current is None:
            ry = self.paragraph(surface, ui.t("rnp.type_amount"), right.left, ry, right.width, face="italic", colour=p.ink_soft)
        elif current.refused is not None:
            ry = self.paragraph(surface, self.table.refusal_text(current.refused), right.left, ry, right.width, face="italic",
                                colour=p.bad)
        else:
            r = current.result
            ry = self.bold_line(surface, self.jump_summary(current), right.left, ry)
            if r.get("reach_m") is not None:
                self.text(surface, ui.t("rnp.reach_result", m=num(ui, r["reach_m"])), (right.left, ry))
                ry += self.line_height()
            self.text(surface, ui.t("rnp.movement_used", m=num(ui, r["movement_m"])), (right.left, ry), role="small")
            ry += self.line_height("small")
            if r.get("obstacle_max_m") is not None:
                self.text(surface, ui.t("rnp.obstacle", m=num(ui, r["obstacle_max_m"])), (right.left, ry), role="small")
                ry += self.line_height("small")
            if r.get("landing_check"):
                self.text(surface, ui.t("rnp.landing_check"), (right.left, ry), role="small", colour=p.bad)
                ry += self.line_height("small")
            ry = self.paragraph(surface, book.jumps.notes.get(self.language), right.left, ry + 6, right.width,
                                face="italic", role="small", colour=p.ink_soft, max_lines=6)
        ry = max(ry + 10, area.top + 390)
        self.text(surface, ui.t("rnp.move_title"), (right.left, ry), face="title", role="heading", colour=p.rubric)
        ry += self.line_height("heading", "title") + 4
        current = self.move_preview
        if current is not None and current.refused is None:
            ry = self.paragraph(surface, self.move_summary(current), right.left, ry, right.width, face="bold")
        elif current is not None:
            ry = self.paragraph(surface, self.table.refusal_text(current.refused), right.left, ry, right.width,
                                face="italic", colour=p.bad)
        self.paragraph(surface, book.special_moves.check.get(self.language), right.left, ry + 4, right.width,
                       face="italic", role="small", colour=p.ink_soft, max_lines=4)


# -- fall ----------------------------------------------------------------------------------------------------
class FallPanel(_WhoMixin, Panel):
    def __init__(self, table: RnpTableScene, rect: pygame.Rect) -> None:
        super().__init__(table, rect)
        self.texts["metres"] = "6"
        self.current: Any = None

    def build(self) -> None:
        ui, area = self.ui, self.inner()
        self.who_choices(area.left, area.top + 20, other=True)
        self.field("metres", (area.left, area.top + 94, 120, ROW), max_length=6)
        self.button("fall", (area.left + 130, area.top + 94, 220, ROW), ui.tr("rnp.fall_do"), self.fall, style="primary")

    def action(self) -> dict[str, Any] | None:
        metres = self.number("metres")
        if metres is None:
            return None
        action: dict[str, Any] = {"do": "fall", "metres": metres}
        if self.who not in (None, OTHER):
            action["character"] = self.who
        return action

    def soft_update(self) -> None:
        action = self.action()
        self.current = preview(self.book, self.table.adventure.state, action, self.language) if action else None
        button = self.named.get("fall")
        if button is None:
            return
        if self.current is None:
            button.set_enabled(False, self.ui.tr("rnp.type_amount"))
        elif self.current.refused is not None:
            button.set_enabled(False, self.table.refusal_text(self.current.refused))
        else:
            button.set_enabled(True)

    def fall(self) -> None:
        action = self.action()
        if action:
            self.table.roll(action, lambda entry: present_fall(self.table, entry))

    def draw_content(self, surface: pygame.Surface) -> None:
        ui, p, area, book = self.ui, self.ui.palette, self.inner(), self.book
        self.label(surface, ui.t("rnp.who_falls"), (area.left, area.top))
        self.label(surface, ui.t("rnp.fall_height"), (area.left, area.top + 74))
        y = area.top + 160
        current = self.current
        if current is not None and current.refused is None:
            self.text(surface, ui.t("rnp.fall_dice", n=current.result["dice"], max=current.result["dice"] * book.falls.die),
                      (area.left, y), face="bold")
        elif current is not None:
            self.paragraph(surface, self.table.refusal_text(current.refused), area.left, y, 600, face="italic", colour=p.bad)
        result = self.view["result"]
        if not result or result.get("do") != "fall":
            return
        y += 60
        who = result.get("character") or ui.t("rnp.someone_else")
        self.text(surface, ui.t("rnp.last_fall", who=who, m=num(ui, result["metres"])), (area.left, y), face="title",
                  role="heading", colour=p.rubric)
        y += 50
        faces = result["rolls"]
        per_row = 10
        for i, face in enumerate(faces):
            draw_die(surface, (area.left + 30 + (i % per_row) * 62, y + 30 + (i // per_row) * 64), 50, face, p)
        y += 70 * max(1, math.ceil(len(faces) / per_row)) if faces else 10
        damage = ui.t("rnp.fall_damage", n=result["damage"], kind=book.falls.damage_type.get(self.language))
        y = self.bold_line(surface, damage, area.left, y, role="heading")
        self.text(surface, ui.t("rnp.prone") if result["prone"] else ui.t("rnp.not_prone"), (area.left, y),
                  colour=p.bad if result["prone"] else p.good)


def present_fall(table: RnpTableScene, entry: Entry) -> Presentation:
    ui, book = table.ui, table.book
    result = table.adventure.state.result or {}
    faces = tuple(result.get("rolls") or ())
    total = result.get("damage", 0)
    shown = faces[:MAX_FALL_DICE_SHOWN]
    detail = ui.t("rnp.fall_total", n=total) if len(shown) == len(faces) else ui.t("rnp.fall_more", more=len(faces) - len(shown), n=total)
    who = result.get("character") or ui.t("rnp.someone_else")
    groups = [DiceGroup(ui.t("rnp.fall_of", who=who, m=num(ui, result.get("metres"))), shown, 6, detail)] if faces else []
    verdict = ui.t("rnp.fall_damage", n=total, kind=book.falls.damage_type.get(ui.catalogue.language))
    if result.get("prone"):
        verdict += " — " + ui.t("rnp.prone")
    return ui.t("rnp.fall_title"), groups, verdict, "bad" if total else "good"


# -- breath ---------------------------------------------------------------------------------------------------
class BreathPanel(_WhoMixin, Panel):
    """Hold one's breath: the rules give the time; the countdown follows the game clock."""

    def __init__(self, table: RnpTableScene, rect: pygame.Rect) -> None:
        super().__init__(table, rect)
        self.holds: dict[str, dict[str, float]] = {}  # who → start (clock s), seconds, total_seconds

    def build(self) -> None:
        ui, area = self.ui, self.inner()
        self.who_choices(area.left, area.top + 20)
        action = self.action()
        self.button("hold", (area.left, area.top + 94, 300, ROW), ui.tr("rnp.hold_breath"), self.hold, style="primary",
                    refused=self.table.refusal(action) if action else Refused("nobody", "nobody"))
        step = {"do": "advance", "amount": 1, "scale": "round"}
        self.button("round", (area.left, area.top + 170, 200, ROW), ui.tr("rnp.plus_round"), lambda: self.table.act(step))
        scale = {"do": "set_scale", "scale": "round"}
        self.button("to_rounds", (area.left + 210, area.top + 170, 300, ROW), ui.tr("rnp.to_rounds"),
                    lambda: self.table.act(scale), refused=self.table.refusal(scale))
        y = area.top + 260
        for name in list(self.holds):
            self.button(f"breathe:{name}", (area.right - 200, y, 200, ROW), ui.tr("rnp.breathes"),
                        lambda n=name: self.release(n))
            y += 84

    def action(self) -> dict[str, Any] | None:
        return None if self.who is None else {"do": "hold_breath", "character": self.who}

    def hold(self) -> None:
        action = self.action()
        if action is None:
            return
        start = self.view["clock"]["elapsed_s"]
        result = self.table.act(action, self.ui.t("rnp.holding", who=self.who))
        if isinstance(result, Entry):
            r = self.table.adventure.state.result or {}
            self.holds[self.who] = {"start": start, "seconds": r["seconds"], "total": r["total_seconds"]}  # type: ignore[index]
            self.table.rebuild()

    def release(self, name: str) -> None:
        self.holds.pop(name, None)
        self.table.rebuild()

    def draw_content(self, surface: pygame.Surface) -> None:
        ui, p, area, book = self.ui, self.ui.palette, self.inner(), self.book
        self.label(surface, ui.t("rnp.who_holds"), (area.left, area.top))
        action = self.action()
        if action:
            current = preview(book, self.table.adventure.state, action, self.language)
            if current.refused is None:
                r = current.result
                self.text(surface, ui.t("rnp.breath_figures", breath=duration(ui, r["seconds"]), rounds=r["rounds_after"]),
                          (area.left + 320, area.top + 94 + ROW // 2), role="small", anchor="midleft")
        self.label(surface, ui.t("rnp.breath_clock"), (area.left, area.top + 150))
        clock = self.view["clock"]["elapsed_s"]
        round_s = book.scale("round").seconds
        y = area.top + 260
        if not self.holds:
            self.paragraph(surface, ui.t("rnp.no_hold"), area.left, y, 700, face="italic", colour=p.ink_soft)
        for name, hold in list(self.holds.items()):
            spent = clock - hold["start"]
            self.text(surface, name, (area.left, y), face="title", role="heading")
            if spent < 0:
                text, colour = ui.t("rnp.hold_undone"), p.ink_soft
            elif spent < hold["seconds"]:
                left = hold["seconds"] - spent
                text, colour = ui.t("rnp.breath_left", rounds=math.ceil(left / round_s), time=duration(ui, left)), p.ink
            elif spent < hold["total"]:
                left = hold["total"] - spent
                text, colour = ui.t("rnp.suffocating", rounds=math.ceil(left / round_s)), p.bad
            else:
                text, colour = book.breath.after.get(self.language), p.bad
            self.paragraph(surface, text, area.left + 160, y + 4, area.width - 400, colour=colour, max_lines=2)
            bar = pygame.Rect(area.left + 160, y + 50, area.width - 400, 12)
            pygame.draw.rect(surface, p.parchment_dark, bar, border_radius=6)
            if spent >= 0 and hold["total"] > 0:
                breath = max(0.0, min(1.0, 1 - spent / hold["total"]))
                cut = hold["seconds"] / hold["total"]
                fill = bar.copy()
                fill.width = round(bar.width * breath)
                pygame.draw.rect(surface, p.good if breath > 1 - cut else p.bad, fill, border_radius=6)
                mark = bar.left + round(bar.width * (1 - cut))
                pygame.draw.line(surface, p.ink, (mark, bar.top - 3), (mark, bar.bottom + 3), 2)
            y += 84


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


# -- light and visibility -----------------------------------------------------------------------------------------
class LightPanel(Panel):
    def __init__(self, table: RnpTableScene, rect: pygame.Rect) -> None:
        super().__init__(table, rect)
        self.light, self.obscurement = "bright", "none"
        self.texts["distance"] = ""

    def set(self, attr: str, value: str) -> None:
        setattr(self, attr, value)
        self.table.panels["hide"].light = self.light  # type: ignore[attr-defined]
        self.table.panels["hide"].obscurement = self.obscurement  # type: ignore[attr-defined]
        self.table.rebuild()

    def build(self) -> None:
        area, book = self.inner(), self.book
        self.choices("light", area.left, area.top + 20, [(lt.id, lt.name.get(self.language)) for lt in book.light],
                     self.light, lambda v: self.set("light", v))
        self.choices("obscurement", area.left, area.top + 94, [(o.id, o.name.get(self.language)) for o in book.obscurement],
                     self.obscurement, lambda v: self.set("obscurement", v))
        self.field("distance", (area.right - 120, area.top + 20, 120, ROW), placeholder="—", max_length=6)

    def sight(self, name: str) -> Any:
        action: dict[str, Any] = {"do": "visibility", "light": self.light, "obscurement": self.obscurement, "character": name}
        metres = self.number("distance")
        if metres is not None:
            action["distance_m"] = metres
        return preview(self.book, self.table.adventure.state, action, self.language)

    def draw_content(self, surface: pygame.Surface) -> None:
        ui, p, area, book, language = self.ui, self.ui.palette, self.inner(), self.book, self.language
        self.label(surface, ui.t("rnp.light"), (area.left, area.top))
        self.label(surface, ui.t("rnp.obscurement"), (area.left, area.top + 74))
        self.label(surface, ui.t("rnp.distance_opt"), (area.right - 120, area.top))
        y = area.top + 150
        examples = f"{book.light_def(self.light).examples.get(language)} {book.obscurement_def(self.obscurement).examples.get(language)}"
        y = self.paragraph(surface, examples, area.left, y, area.width, face="italic", role="small", colour=p.ink_soft,
                           max_lines=2) + 10
        names = self.view["party_order"]
        if not names:
            self.paragraph(surface, ui.t("rnp.party_empty"), area.left, y, area.width, face="italic", colour=p.ink_soft)
        for name in names[:5]:
            current = self.sight(name)
            pygame.draw.line(surface, p.ink_faint, (area.left, y - 4), (area.right, y - 4))
            self.text(surface, name, (area.left, y + 4), face="title", role="heading")
            if current.refused is not None:
                self.paragraph(surface, self.table.refusal_text(current.refused), area.left + 180, y + 8, area.width - 180,
                               colour=p.bad)
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
            self.paragraph(surface, vis.text.get(language), area.left + 180, below, area.width - 180,
                           role="small", colour=p.ink_soft, max_lines=2)
            y += 78


# -- hiding --------------------------------------------------------------------------------------------------------
WATCH_CYCLE = {"off": "passive", "passive": "active", "active": "off"}
CREATURES = ("c1", "c2")


class HidePanel(_WhoMixin, Panel):
    def __init__(self, table: RnpTableScene, rect: pygame.Rect) -> None:
        super().__init__(table, rect)
        self.condition = "cover"
        self.gm_leave = False
        self.travelling = False
        self.light, self.obscurement = "bright", "none"
        self.watch: dict[str, str] = {"c1": "passive", "c2": "off"}  # party names and creature slots → off/passive/active
        self.texts.update({"dex": "14", "c1_name": "", "c1_pp": "12", "c2_name": "", "c2_pp": "10"})
        self.reason_index = 0

    def set(self, attr: str, value: Any) -> None:
        setattr(self, attr, value)
        self.table.rebuild()

    def cycle(self, key: str) -> None:
        self.watch[key] = WATCH_CYCLE[self.watch.get(key, "off")]
        self.table.rebuild()

    def build(self) -> None:
        ui, area, book, lang = self.ui, self.inner(), self.book, self.language
        x, y = area.left, area.top
        self.who_choices(x, y + 20, other=True)
        if self.who == OTHER:
            self.field("dex", (x + 460, y + 20, 70, ROW), max_length=2)
        conditions = [(c.id, c.name.get(lang)) for c in book.hiding.conditions]
        for i, (cid, label) in enumerate(conditions):
            self.choices(f"cond{i}", x + (i % 2) * 296, y + 94 + (i // 2) * 50, [(cid, label)], self.condition,
                         lambda v: self.set("condition", v), width=290)
        if book.condition(self.condition).needs_gm_leave:
            self.choices("gm", x, y + 218, [("yes", ui.tr("rnp.gm_leave"))], "yes" if self.gm_leave else None,
                         lambda v: self.set("gm_leave", not self.gm_leave), width=290)
        travel_x = x + 296 if book.condition(self.condition).needs_gm_leave else x
        self.choices("travel", travel_x, y + 218, [("yes", ui.tr("rnp.travelling"))], "yes" if self.travelling else None,
                     lambda v: self.set("travelling", not self.travelling), width=290)
        bx = x
        for name in self.view["party_order"]:
            if name == self.who:
                continue
            mode = self.watch.get(name, "off")
            label = name if mode != "active" else ui.t("rnp.active_watcher", name=name)
            width = max(90, _fit(ui, label))
            self.button(f"watch:{name}", (bx, y + 292, width, ROW), label, lambda n=name: self.cycle(n),
                        style="normal" if mode == "off" else "primary", tooltip=ui.tr("rnp.watch_tip"))
            bx += width + 6
        for i, slot in enumerate(CREATURES):
            cy = y + 366 + i * 52
            self.field(f"{slot}_name", (x, cy, 220, ROW), placeholder=ui.tr("rnp.creature", n=i + 1), max_length=20)
            self.field(f"{slot}_pp", (x + 230, cy, 70, ROW), max_length=2)
            mode = self.watch.get(slot, "off")
            self.button(f"watch:{slot}", (x + 310, cy, 200, ROW), ui.tr(f"rnp.watch_{mode}"), lambda s=slot: self.cycle(s),
                        style="normal" if mode == "off" else "primary", tooltip=ui.tr("rnp.watch_tip"))
        self.button("hide", (x, area.bottom - ROW, 240, ROW), ui.tr("rnp.hide_do"), self.hide, style="primary")
        hidden = [n for n in self.view["party_order"] if self.view["party"][n]["hidden"]]
        reasons = book.hiding.reveal_reasons
        if hidden:
            right = area.left + 620
            self.button("reason", (right, area.bottom - ROW, area.right - right - 178, ROW),
                        reasons[self.reason_index % len(reasons)].name.get(lang), self.next_reason,
                        tooltip=ui.tr("rnp.reason_tip"))
            self.button("reveal", (area.right - 170, area.bottom - ROW, 170, ROW), ui.tr("rnp.reveal_who", name=hidden[0]),
                        lambda: self.reveal(hidden[0]))

    def next_reason(self) -> None:
        self.reason_index += 1
        self.table.rebuild()

    def reveal(self, name: str) -> None:
        reasons = self.book.hiding.reveal_reasons
        self.table.act({"do": "reveal", "character": name, "reason": reasons[self.reason_index % len(reasons)].id})

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
            watcher: dict[str, Any] = {"name": self.texts.get(f"{slot}_name", "").strip() or self.ui.t("rnp.creature", n=i + 1),
                                       "active": mode == "active"}
            pp = self.number(f"{slot}_pp")
            if pp is not None and float(pp).is_integer():
                watcher["passive_perception"] = int(pp)
            out.append(watcher)
        return out

    def action(self, **override: Any) -> dict[str, Any] | None:
        if self.who is None:
            return None
        action: dict[str, Any] = {"do": "hide", "condition": self.condition, "gm_leave": self.gm_leave,
                                  "light": self.light, "obscurement": self.obscurement, "travelling": self.travelling,
                                  "watchers": self.watchers()}
        if self.who == OTHER:
            dex = self.number("dex")
            if dex is None or not float(dex).is_integer():
                return None
            action["dex"] = int(dex)
        else:
            action["character"] = self.who
        action.update(override)
        return action

    def checklist(self) -> list[tuple[str, bool | None, str | None]]:
        """(item, met?, why not): each precondition asked of the rules on its own."""
        ui, book, lang = self.ui, self.book, self.language
        action = self.action()
        if action is None or not action["watchers"]:
            return []
        state = self.table.adventure.state
        items: list[tuple[str, bool | None, str | None]] = []
        condition = book.condition(self.condition)
        unseen = preview(book, state, {**action, "travelling": False}, lang).refused
        code = unseen.code if unseen else None
        if condition.needs_gm_leave:
            items.append((ui.t("rnp.check_gm"), code != "gm_leave", None))
        if self.condition == "darkness":
            items.append((ui.t("rnp.check_zone"), code != "zone_visible",
                          self.table.refusal_text(unseen) if code == "zone_visible" else None))
        for watcher in action["watchers"]:
            label = watcher.get("character") or watcher.get("name")
            alone = preview(book, state, {**action, "travelling": False, "gm_leave": True, "watchers": [watcher]}, lang).refused
            if alone is not None and alone.code == "zone_visible":
                items.append((ui.t("rnp.check_unseen", name=label), None, None))
            elif alone is not None and alone.code == "watcher_sees":
                items.append((ui.t("rnp.check_unseen", name=label), False, self.table.refusal_text(alone)))
            elif alone is not None and alone.code not in ("gm_leave",):
                items.append((ui.t("rnp.check_watcher", name=label), False, self.table.refusal_text(alone)))
            else:
                items.append((ui.t("rnp.check_unseen", name=label), True, None))
        if self.travelling:
            pace = preview(book, state, {**action, "condition": "cover", "gm_leave": False}, lang).refused
            bad = pace is not None and pace.code in ("travel_pace", "boat_no_stealth")
            items.append((ui.t("rnp.check_pace"), not bad, self.table.refusal_text(pace) if bad and pace else None))
        return items

    def soft_update(self) -> None:
        button = self.named.get("hide")
        if button is None:
            return
        action = self.action()
        if action is None:
            button.set_enabled(False, self.ui.tr("rnp.type_amount"))
            return
        refused = self.table.refusal(action)
        button.set_enabled(refused is None, self.table.refusal_text(refused) if refused else None)

    def hide(self) -> None:
        action = self.action()
        if action:
            self.table.roll(action, lambda entry: present_hide(self.table, entry))

    def draw_content(self, surface: pygame.Surface) -> None:
        ui, p, area, book, lang = self.ui, self.ui.palette, self.inner(), self.book, self.language
        x, y = area.left, area.top
        self.label(surface, ui.t("rnp.who_hides"), (x, y))
        if self.who == OTHER:
            self.label(surface, ui.t("rnp.dex_score"), (x + 460, y))
        self.label(surface, ui.t("rnp.unseen_by"), (x, y + 74))
        self.label(surface, ui.t("rnp.zone_is", light=name_of(ui, book.light_def, self.light),
                                 obscurement=name_of(ui, book.obscurement_def, self.obscurement)), (x, y + 198))
        self.label(surface, ui.t("rnp.watchers"), (x, y + 272))
        self.label(surface, ui.t("rnp.creature_caption"), (x + 230, y + 346))
        right = pygame.Rect(area.left + 620, area.top, area.width - 620, area.height)
        pygame.draw.line(surface, p.ink_faint, (right.left - 20, right.top), (right.left - 20, right.bottom))
        self.text(surface, ui.t("rnp.checklist"), (right.left, right.top), face="title", role="heading", colour=p.rubric)
        ry = right.top + self.line_height("heading", "title")
        items = self.checklist()
        if not items:
            ry = self.paragraph(surface, ui.t("rnp.need_watchers"), right.left, ry, right.width, face="italic",
                                role="small", colour=p.ink_soft)
        for text, met, why in items:
            draw_mark(surface, (right.left + 10, ry + 11), met, p)
            ry = self.paragraph(surface, text, right.left + 28, ry + 2, right.width - 28, role="small", max_lines=2) + 4
            if why:
                ry = self.paragraph(surface, why, right.left + 26, ry, right.width - 26, face="italic", role="small",
                                    colour=p.bad, max_lines=3)
        result = self.view["result"]
        ry += 10
        if result and result.get("do") == "hide":
            who = result.get("character") or ui.t("rnp.someone_else")
            ry = self.bold_line(surface, ui.t("rnp.stealth_total", who=who, dc=result["stealth"]), right.left, ry)
            for watcher in result["watchers"]:
                how = ui.t("rnp.active_check") if watcher["active"] else ui.t("rnp.passive_short")
                key = "rnp.watcher_spots" if watcher["spots"] else "rnp.watcher_misses"
                ry = self.paragraph(surface, ui.t(key, name=watcher["name"], how=how, value=watcher["value"]), right.left,
                                    ry, right.width, role="small", colour=p.bad if watcher["spots"] else p.good, max_lines=2)
        hidden = [n for n in self.view["party_order"] if self.view["party"][n]["hidden"]]
        if hidden:
            text = ", ".join(ui.t("rnp.hidden_dc_of", name=n, dc=self.view["party"][n]["stealth_dc"]) for n in hidden)
            self.paragraph(surface, text, right.left, area.bottom - ROW - 8 - 2 * self.line_height("small"), right.width,
                           role="small", colour=p.ink_soft, max_lines=2)


def present_hide(table: RnpTableScene, entry: Entry) -> Presentation:
    ui = table.ui
    result = table.adventure.state.result or {}
    roll = result.get("roll") or {}
    who = result.get("character") or ui.t("rnp.someone_else")
    groups = [DiceGroup(ui.t("rnp.stealth_of", who=who), tuple(roll.get("dice", ())), 20,
                        f"{roll.get('roll')} {signed(roll.get('modifier', 0))} = {roll.get('total')}")]
    for watcher in result.get("watchers", []):
        if watcher.get("active") and watcher.get("roll") and len(groups) < 4:
            w = watcher["roll"]
            groups.append(DiceGroup(ui.t("rnp.perception_of", who=watcher["name"]), tuple(w["dice"]), 20,
                                    f"{w['roll']} {signed(w['modifier'])} = {w['total']}"))
    if result.get("hidden"):
        verdict, tone = ui.t("rnp.hidden_verdict", who=who, dc=result.get("stealth")), "good"
    else:
        verdict, tone = ui.t("rnp.spotted_verdict", who=who, by=", ".join(result.get("spotted_by", []))), "bad"
    return ui.t("rnp.hide_title"), groups, verdict, tone


__all__ = ["JumpPanel", "FallPanel", "BreathPanel", "FoodPanel", "LightPanel", "HidePanel", "distance"]

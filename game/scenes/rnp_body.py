"""The body calculators of the Rôle'n Play table: jump and special movement, fall, breath.

Each builds an action from the game master's choices; figures that change
nothing are dry runs of the rules (``game.rules.rnp.preview``); what changes
the table or rolls goes through the table scene to ``adventure.act`` / ``roll_action``.
"""

from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.app.rolling import DiceGroup, Presentation
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.rnp.preview import preview
from game.rules.session import Entry, make_action
from game.scenes.rnp_format import duration, num
from game.scenes.rnp_layout import side_by_side
from game.scenes.rnp_panel import OTHER, ROW, Panel, WhoChooser
from game.scenes.rnp_timers import draw_bar, timer_status
from game.ui.draw import draw_die

MAX_FALL_DICE_SHOWN = 8
JUMP_FORM, JUMP_PREVIEW = 600, 300  # the jump's controls and the figures beside them (or below, from JUMP_BELOW)
JUMP_BELOW = 540
BREATH_TOP, BREATH_ROW = 260, 84  # the breaths held, one row each

if TYPE_CHECKING:
    from game.scenes.rnp_table import RnpTableScene


# -- jump and special movement -----------------------------------------------------------------------------
class JumpPanel(WhoChooser, Panel):
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

    def content_height(self, width: int) -> int:
        return JUMP_BELOW if width >= JUMP_FORM + 40 + JUMP_PREVIEW else JUMP_BELOW + 540

    def figures(self) -> tuple[pygame.Rect, bool]:
        """Where the figures go, and whether beside the controls (else below them)."""
        area = self.inner()
        columns = side_by_side(area, JUMP_FORM, JUMP_PREVIEW)
        if columns is not None:
            return columns[1], True
        return pygame.Rect(area.left, area.top + JUMP_BELOW, area.width, area.height - JUMP_BELOW), False

    def build(self) -> None:
        ui, area, book = self.ui, self.inner(), self.book
        x, y = area.left, area.top
        columns = side_by_side(area, JUMP_FORM, JUMP_PREVIEW)  # the row ends before the figures beside it
        self.who_choices(x, y + 20, other=True, right=columns[0].right if columns is not None else None)
        if self.who == OTHER:
            self.field("strength", (x, y + 94, 90, ROW), max_length=2, spoken_name=ui.tr("rnp.strength_score"))
        self.choices(
            "kind",
            x + (110 if self.who == OTHER else 0),
            y + 94,
            [("long", ui.tr("rnp.jump_long")), ("high", ui.tr("rnp.jump_high"))],
            self.kind,
            lambda v: self.set("kind", v),
        )
        self.choices(
            "run",
            x,
            y + 168,
            [("yes", ui.tr("rnp.run_up", m=num(ui, book.jumps.run_up_m))), ("no", ui.tr("rnp.no_run_up"))],
            "yes" if self.run_up else "no",
            lambda v: self.set("run_up", v == "yes"),
        )
        self.choices(
            "landing",
            x,
            y + 242,
            [("normal", ui.tr("rnp.landing_normal")), ("difficult", ui.tr("rnp.landing_difficult"))],
            self.landing,
            lambda v: self.set("landing", v),
        )
        if self.kind == "high":
            self.field(
                "height", (x + 420, y + 242, 90, ROW), placeholder="1,8", max_length=5, spoken_name=ui.tr("rnp.reach_height")
            )
        self.button("jump", (x, y + 306, 220, ROW), ui.tr("rnp.jump_do"), self.do_jump, style="primary")
        # climbing, swimming, crawling
        y2 = y + 390
        self.choices(
            "move",
            x,
            y2 + 20,
            [(k.id, k.name.get(self.language)) for k in book.special_moves.kinds],
            self.move_kind,
            lambda v: self.set("move_kind", v),
            width=112,
        )
        self.choices(
            "move_terrain",
            x + 364,
            y2 + 20,
            [(t.id, t.name.get(self.language)) for t in book.travel.terrains],
            self.move_terrain,
            lambda v: self.set("move_terrain", v),
            width=112,
        )
        self.field("metres", (x, y2 + 96, 100, ROW), max_length=6, spoken_name=ui.tr("rnp.metres"))
        self.button("move_do", (x + 110, y2 + 96, 200, ROW), ui.tr("rnp.move_do"), self.do_move)

    def strength(self) -> int | None:
        if self.who == OTHER or self.who is None:
            value = self.number("strength")
            return int(value) if value is not None and float(value).is_integer() else None
        return self.view["party"][self.who]["scores"][self.book.jumps.ability]

    def jump_action(self) -> a.Jump | Refused | None:
        strength = self.strength()
        if strength is None:
            return None
        height = self.number("height") if self.kind == "high" else None
        return make_action(a.Jump, kind=self.kind, strength=strength, run_up=self.run_up, landing=self.landing, height_m=height)

    def move_action(self) -> a.SpecialMove | Refused | None:
        metres = self.number("metres")
        if metres is None:
            return None
        return make_action(a.SpecialMove, kind=self.move_kind, metres=metres, terrain=self.move_terrain)

    def soft_update(self) -> None:
        self.jump_preview = self.preview(self.jump_action())
        self.move_preview = self.preview(self.move_action())
        self.enable_from("jump", self.jump_preview)
        self.enable_from("move_do", self.move_preview)

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
        right, beside = self.figures()
        if beside:
            pygame.draw.line(surface, p.ink_faint, (right.left - 20, right.top), (right.left - 20, right.bottom))
        else:
            pygame.draw.line(surface, p.ink_faint, (right.left, right.top - 14), (right.right, right.top - 14))
        self.text(surface, ui.t("rnp.jump_title"), (right.left, right.top), face="title", role="heading", colour=p.rubric)
        ry = right.top + self.line_height("heading", "title") + 4
        current = self.jump_preview
        if current is None:
            ry = self.paragraph(surface, ui.t("rnp.type_amount"), right.left, ry, right.width, face="italic", colour=p.ink_soft)
        elif current.refused is not None:
            ry = self.paragraph(
                surface, self.table.refusal_text(current.refused), right.left, ry, right.width, face="italic", colour=p.bad
            )
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
            ry = self.note(surface, book.jumps.notes.get(self.language), right.left, ry + 6, right.width, max_lines=6)
        ry = max(ry + 10, area.top + 390) if beside else ry + 10
        self.text(surface, ui.t("rnp.move_title"), (right.left, ry), face="title", role="heading", colour=p.rubric)
        ry += self.line_height("heading", "title") + 4
        current = self.move_preview
        if current is not None and current.refused is None:
            ry = self.paragraph(surface, self.move_summary(current), right.left, ry, right.width, face="bold")
        elif current is not None:
            ry = self.paragraph(
                surface, self.table.refusal_text(current.refused), right.left, ry, right.width, face="italic", colour=p.bad
            )
        self.note(surface, book.special_moves.check.get(self.language), right.left, ry + 4, right.width, max_lines=4)


# -- fall ----------------------------------------------------------------------------------------------------
class FallPanel(WhoChooser, Panel):
    def __init__(self, table: RnpTableScene, rect: pygame.Rect) -> None:
        super().__init__(table, rect)
        self.texts["metres"] = "6"
        self.current: Any = None

    def content_height(self, width: int) -> int:
        result = self.table.view["result"]
        if not result or result.get("do") != "fall":
            return 0
        return 270 + 70 * max(1, math.ceil(len(result["rolls"]) / 10)) + 80  # the last fall's dice, ten a row

    def build(self) -> None:
        ui, area = self.ui, self.inner()
        self.who_choices(area.left, area.top + 20, other=True)
        self.field("metres", (area.left, area.top + 94, 120, ROW), max_length=6, spoken_name=self.ui.tr("rnp.fall_height"))
        self.button("fall", (area.left + 130, area.top + 94, 220, ROW), ui.tr("rnp.fall_do"), self.fall, style="primary")

    def action(self) -> a.Fall | Refused | None:
        metres = self.number("metres")
        if metres is None:
            return None
        return make_action(a.Fall, metres=metres, character=None if self.who in (None, OTHER) else self.who)

    def soft_update(self) -> None:
        self.current = self.preview(self.action())
        self.enable_from("fall", self.current)

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
            dice = current.result["dice"]
            text = (
                ui.t("rnp.fall_dice", n=dice, max=dice * book.falls.die)
                if dice
                else ui.t("rnp.fall_no_dice", m=num(ui, book.falls.metres_per_die))
            )
            self.text(surface, text, (area.left, y), face="bold")
        elif current is not None:
            self.paragraph(surface, self.table.refusal_text(current.refused), area.left, y, 600, face="italic", colour=p.bad)
        result = self.view["result"]
        if not result or result.get("do") != "fall":
            return
        y += 60
        who = result.get("character") or ui.t("rnp.someone_else")
        self.text(
            surface,
            ui.t("rnp.last_fall", who=who, m=num(ui, result["metres"])),
            (area.left, y),
            face="title",
            role="heading",
            colour=p.rubric,
        )
        y += 50
        faces = result["rolls"]
        per_row = 10
        for i, face in enumerate(faces):
            draw_die(surface, (area.left + 30 + (i % per_row) * 62, y + 30 + (i // per_row) * 64), 50, face, p)
        y += 70 * max(1, math.ceil(len(faces) / per_row)) if faces else 10
        damage = ui.t("rnp.fall_damage", n=result["damage"], kind=book.falls.damage_type.get(self.language))
        y = self.bold_line(surface, damage, area.left, y, role="heading")
        self.text(
            surface,
            ui.t("rnp.prone") if result["prone"] else ui.t("rnp.not_prone"),
            (area.left, y),
            colour=p.bad if result["prone"] else p.good,
        )


def present_fall(table: RnpTableScene, entry: Entry) -> Presentation:
    ui, book = table.ui, table.book
    result = table.adventure.state.result or {}
    faces = tuple(result.get("rolls") or ())
    total = result.get("damage", 0)
    shown = faces[:MAX_FALL_DICE_SHOWN]
    detail = (
        ui.t("rnp.fall_total", n=total)
        if len(shown) == len(faces)
        else ui.t("rnp.fall_more", more=len(faces) - len(shown), n=total)
    )
    who = result.get("character") or ui.t("rnp.someone_else")
    groups = [DiceGroup(ui.t("rnp.fall_of", who=who, m=num(ui, result.get("metres"))), shown, 6, detail)] if faces else []
    verdict = ui.t("rnp.fall_damage", n=total, kind=book.falls.damage_type.get(ui.catalogue.language))
    if result.get("prone"):
        verdict += " — " + ui.t("rnp.prone")
    return ui.t("rnp.fall_title"), groups, verdict, "bad" if total else "good"


# -- breath ---------------------------------------------------------------------------------------------------
class BreathPanel(WhoChooser, Panel):
    """Hold one's breath: the rules give the time and keep the countdown (a saved breath timer)."""

    def breaths(self) -> list[dict[str, Any]]:
        return [t for t in self.view["timers"] if t["kind"] == "breath"]

    def content_height(self, width: int) -> int:
        return BREATH_TOP + BREATH_ROW * sum(1 for t in self.table.view["timers"] if t["kind"] == "breath")

    def build(self) -> None:
        ui, area = self.ui, self.inner()
        self.who_choices(area.left, area.top + 20)
        action = self.action()
        self.button(
            "hold",
            (area.left, area.top + 94, 300, ROW),
            ui.tr("rnp.hold_breath"),
            self.hold,
            style="primary",
            refused=self.table.refusal(action) if action else Refused("nobody", "nobody"),
        )
        step = a.Advance(amount=1, scale="round")
        self.button("round", (area.left, area.top + 170, 200, ROW), ui.tr("rnp.plus_round"), lambda: self.table.act(step))
        scale = a.SetScale(scale="round")
        self.action_button("to_rounds", (area.left + 210, area.top + 170, 300, ROW), ui.tr("rnp.to_rounds"), scale)
        y = area.top + BREATH_TOP
        for timer in self.breaths():
            self.button(
                f"breathe:{timer['character']}",
                (area.right - 200, y, 200, ROW),
                ui.tr("rnp.breathes"),
                partial(self.table.act, a.RemoveTimer(id=timer["id"])),
            )
            y += BREATH_ROW

    def action(self) -> a.HoldBreath | None:
        return None if self.who is None else a.HoldBreath(character=self.who, timer=True)

    def hold(self) -> None:
        action = self.action()
        if action is not None:
            self.table.act(action, self.ui.t("rnp.holding", who=self.who))

    def draw_content(self, surface: pygame.Surface) -> None:
        ui, p, area, book = self.ui, self.ui.palette, self.inner(), self.book
        self.label(surface, ui.t("rnp.who_holds"), (area.left, area.top))
        action = self.action()
        if action:
            current = preview(book, self.table.adventure.state, action, self.language)
            if current.refused is None:
                r = current.result
                assert r is not None  # a preview that is not refused carries its result
                self.text(
                    surface,
                    ui.t("rnp.breath_figures", breath=duration(ui, r["seconds"]), rounds=r["rounds_after"]),
                    (area.left + 320, area.top + 94 + ROW // 2),
                    role="small",
                    anchor="midleft",
                )
        self.label(surface, ui.t("rnp.breath_clock"), (area.left, area.top + 150))
        y = area.top + BREATH_TOP
        breaths = self.breaths()
        if not breaths:
            self.paragraph(surface, ui.t("rnp.no_hold"), area.left, y, 700, face="italic", colour=p.ink_soft)
        for timer in breaths:
            self.text(surface, timer["character"] or "", (area.left, y), face="title", role="heading", width=150)
            text, warn = timer_status(ui, timer)
            if timer.get("phase") == "out":
                text = book.breath.after.get(self.language)
            self.paragraph(surface, text, area.left + 160, y + 4, area.width - 400, colour=p.bad if warn else p.ink, max_lines=2)
            draw_bar(surface, pygame.Rect(area.left + 160, y + 50, area.width - 400, 12), timer, p)
            y += BREATH_ROW

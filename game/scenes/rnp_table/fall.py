"""The fall panel of the Rôle'n Play table: who falls, from how high, and the last fall's dice.

The dice to roll are a dry run of the rules (``game.rules.rnp.preview``); "Fall" rolls
through the table (physical dice if set, the dice overlay), the damage is the rules'.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial
from typing import Protocol

import pygame

from game.app.rolling import DiceGroup, Presentation
from game.books.rolenplay import RolenplayBook
from game.i18n.catalogue import TextSource
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.rnp.preview import Preview
from game.rules.session import make_action
from game.scenes.rnp_table.data import Json, last_result
from game.scenes.rnp_table.layout import CAPTION, GAP, LINE, ROW
from game.scenes.rnp_table.panel import D6, OTHER, Kit, Table, WhoPanel
from game.scenes.rnp_table.pen import Pen
from game.scenes.rnp_table.words import num
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.draw import draw_die

MAX_FALL_DICE_SHOWN = 8  # in the dice overlay
METRES_W, FALL_W = 120, 220
PREVIEW_DY, PREVIEW_W = 160, 600  # the dice the fall will roll, under the controls
LAST_DY, LAST_HEADING = 60, 50  # the last fall, under them: its heading, then its dice
DIE, DIE_STEP, DIE_ROW, DIE_INSET, PER_ROW = 50, (62, 64), 70, 30, 10  # the last fall's dice, ten a row
NO_DICE = 10
LAST_FALL_ROOM = 270 + 80  # what the last fall adds to the panel besides its rows of dice


def present_fall(ui: UIContext, book: RolenplayBook, result: Json) -> Presentation:
    """The dice overlay of a fall: the dice (at most eight shown, the rest counted) and the damage."""
    faces = tuple(result.get("rolls") or ())
    total = result.get("damage", 0)
    shown = faces[:MAX_FALL_DICE_SHOWN]
    detail = (
        ui.t("rnp.fall_total", n=total)
        if len(shown) == len(faces)
        else ui.t("rnp.fall_more", more=len(faces) - len(shown), n=total)
    )
    who = result.get("character") or ui.t("rnp.someone_else")
    groups = [DiceGroup(ui.t("rnp.fall_of", who=who, m=num(ui, result.get("metres"))), shown, D6, detail)] if faces else []
    verdict = ui.t("rnp.fall_damage", n=total, kind=book.falls.damage_type.get(ui.catalogue.language))
    if result.get("prone"):
        verdict += " — " + ui.t("rnp.prone")
    return ui.t("rnp.fall_title"), groups, verdict, "bad" if total else "good"


def dice_rows(faces: int) -> int:
    """How many rows the last fall's dice take (at least one)."""
    return max(1, math.ceil(faces / PER_ROW))


@dataclass(frozen=True)
class FallView:
    """What the fall tab shows: who falls, the dry run of the fall, and the last fall's result."""

    book: RolenplayBook
    who: str | None
    who_options: tuple[tuple[str, TextSource], ...]
    current: Preview | None
    refusal: str | None
    last: Json | None  # the last fall (the rules' result) while it is the last action


class FallIntents(Protocol):
    def pick_who(self, name: str) -> None: ...

    def fall(self) -> None: ...


@dataclass(frozen=True)
class FallControls:
    fall: Button


def build_fall_controls(kit: Kit, area: pygame.Rect, view: FallView, intents: FallIntents) -> FallControls:
    """Who falls, the height, the fall button."""
    ui, y = kit.ui, area.top + LINE + CAPTION
    kit.who_row(area.left, area.top + CAPTION, view.who_options, view.who, intents.pick_who, ui.tr("rnp.who_falls"))
    kit.field("metres", (area.left, y, METRES_W, ROW), max_length=6, spoken_name=ui.tr("rnp.fall_height"))
    fall = kit.button("fall", (area.left + METRES_W + GAP, y, FALL_W, ROW), ui.tr("rnp.fall_do"), intents.fall, style="primary")
    return FallControls(fall)


def paint_fall(surface: pygame.Surface, view: FallView, area: pygame.Rect, ui: UIContext) -> None:
    """The captions, the dice the fall will roll, and the last fall: its dice, its damage, whether prone."""
    pen, p, book = Pen(surface, ui), ui.palette, view.book
    pen.label(ui.t("rnp.who_falls"), area.topleft)
    pen.label(ui.t("rnp.fall_height"), (area.left, area.top + LINE))
    y = area.top + PREVIEW_DY
    current = view.current
    if current is not None and current.result is not None and current.refused is None:
        dice = current.result["dice"]
        per_die = num(ui, book.falls.metres_per_die)
        text = ui.t("rnp.fall_dice", n=dice, max=dice * book.falls.die) if dice else ui.t("rnp.fall_no_dice", m=per_die)
        pen.text(text, (area.left, y), face="bold")
    elif current is not None:
        pen.soft(view.refusal or "", area.left, y, PREVIEW_W, colour=p.bad)
    if view.last is not None:
        paint_last_fall(surface, pen, view, area.left, y + LAST_DY)


def paint_last_fall(surface: pygame.Surface, pen: Pen, view: FallView, x: int, y: int) -> None:
    """The last fall: who, from how high, its dice ten a row, the damage, and whether it left them prone."""
    ui, p, result = pen.ui, pen.ui.palette, view.last or {}
    who = result.get("character") or ui.t("rnp.someone_else")
    pen.heading(ui.t("rnp.last_fall", who=who, m=num(ui, result["metres"])), (x, y))
    y += LAST_HEADING
    faces = result["rolls"]
    step_x, step_y = DIE_STEP
    for i, face in enumerate(faces):
        draw_die(surface, (x + DIE_INSET + (i % PER_ROW) * step_x, y + DIE_INSET + (i // PER_ROW) * step_y), DIE, face, p)
    y += DIE_ROW * dice_rows(len(faces)) if faces else NO_DICE
    kind = view.book.falls.damage_type.get(ui.catalogue.language)
    y = pen.bold_line(ui.t("rnp.fall_damage", n=result["damage"], kind=kind), x, y, role="heading")
    prone = result["prone"]
    pen.text(ui.t("rnp.prone") if prone else ui.t("rnp.not_prone"), (x, y), colour=p.bad if prone else p.good)


class FallPanel(WhoPanel):
    """Who falls and from how high; the rules roll the damage."""

    other = True

    def __init__(self, table: Table, rect: pygame.Rect) -> None:
        super().__init__(table, rect)
        self.texts["metres"] = "6"
        self.current: Preview | None = None
        self.controls: FallControls | None = None

    def shown(self) -> FallView:
        who = self.settle_who()
        current = self.current
        return FallView(
            book=self.book,
            who=who,
            who_options=self.who_options(),
            current=current,
            refusal=self.refusal_text(current.refused if current else None),
            last=last_result(self.rules, "fall"),
        )

    def build(self) -> None:
        self.controls = build_fall_controls(self.kit, self.inner(), self.shown(), self)

    def draw_content(self, surface: pygame.Surface) -> None:
        paint_fall(surface, self.shown(), self.inner(), self.ui)

    def content_height(self, width: int) -> int:
        last = last_result(self.rules, "fall")
        return 0 if last is None else LAST_FALL_ROOM + DIE_ROW * dice_rows(len(last["rolls"]))

    # -- intents ----------------------------------------------------------------------------------
    def action(self) -> a.Fall | Refused | None:
        metres = self.number("metres")
        if metres is None:
            return None
        return make_action(a.Fall, metres=metres, character=None if self.who in (None, OTHER) else self.who)

    def soft_update(self) -> None:
        self.current = self.preview(self.action())
        self.enable_from(self.controls.fall if self.controls else None, self.current)

    def fall(self) -> None:
        action = self.action()
        if action:
            self.table.roll(action, partial(present_fall, self.ui, self.book))

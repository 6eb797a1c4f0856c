"""The breath panel of the Rôle'n Play table: hold one's breath; the rules give the time and keep the countdown.

A held breath is a saved timer of the ``breath`` kind (it shows on the Timers tab and
in the players' view too); the rounds pass with the clock, or a round at a time here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Protocol

import pygame

from game.books.rolenplay import RolenplayBook
from game.i18n.catalogue import TextSource
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.session import ActionLike
from game.scenes.rnp_table.data import Json, breaths
from game.scenes.rnp_table.layout import CAPTION, GAP, LINE, ROW
from game.scenes.rnp_table.panel import Kit, WhoPanel
from game.scenes.rnp_table.pen import Pen
from game.scenes.rnp_table.timers import draw_bar
from game.scenes.rnp_table.words import duration, timer_status
from game.ui.button import Button
from game.ui.context import UIContext

BREATH_TOP, BREATH_ROW = 260, 84  # the breaths held, one row each
HOLD_W, FIGURES_X = 300, 320  # the hold button, and the figures right of it
CLOCK_DY = 150  # the round's caption; its buttons under it
ROUND_W, TO_ROUNDS_W = 200, 300
BREATHES_W = 200  # "breathes again", right of each breath
NAME_W, TEXT_X, TEXT_DY, BAR_DY, BAR_H = 150, 160, 4, 50, 12  # a breath's row: the name, its status, its bar
TEXT_ROOM = 400  # the status and the bar leave this much of the width to the name and the button
NO_HOLD_W = 700
STATUS_LINES = 2


@dataclass(frozen=True)
class BreathView:
    """What the breath tab shows: who holds their breath, what the rules give them, every breath held."""

    book: RolenplayBook
    who: str | None
    who_options: tuple[tuple[str, TextSource], ...]
    figures: Json | None  # the dry run's result for who is chosen (None: nobody, or refused)
    refused: Refused | None  # why holding one's breath is refused now (nobody chosen, one already held…)
    breaths: tuple[Json, ...]


class BreathIntents(Protocol):
    def pick_who(self, name: str) -> None: ...

    def hold(self) -> None: ...

    def act(self, action: ActionLike) -> object: ...


@dataclass(frozen=True)
class BreathControls:
    hold: Button
    breathes: dict[str, Button]  # by who holds their breath


def build_breath_controls(kit: Kit, area: pygame.Rect, view: BreathView, intents: BreathIntents) -> BreathControls:
    """Who holds their breath, the hold button (disabled with the rules' reason), a round or the rounds scale,
    and each breath's "breathes again"."""
    ui = kit.ui
    kit.who_row(area.left, area.top + CAPTION, view.who_options, view.who, intents.pick_who, ui.tr("rnp.who_holds"))
    hold = (area.left, area.top + LINE + CAPTION, HOLD_W, ROW)
    held = kit.button("hold", hold, ui.tr("rnp.hold_breath"), intents.hold, style="primary", refused=view.refused)
    y = area.top + CLOCK_DY + CAPTION
    step = a.Advance(amount=1, scale="round")
    kit.button("round", (area.left, y, ROUND_W, ROW), ui.tr("rnp.plus_round"), partial(intents.act, step))
    to_rounds = (area.left + ROUND_W + GAP, y, TO_ROUNDS_W, ROW)
    kit.action_button("to_rounds", to_rounds, ui.tr("rnp.to_rounds"), a.SetScale(scale="round"))
    y, breathes = area.top + BREATH_TOP, {}
    for timer in view.breaths:
        stop = partial(intents.act, a.RemoveTimer(id=timer["id"]))
        rect = (area.right - BREATHES_W, y, BREATHES_W, ROW)
        breathes[timer["character"]] = kit.button(f"breathe:{timer['character']}", rect, ui.tr("rnp.breathes"), stop)
        y += BREATH_ROW
    return BreathControls(held, breathes)


def paint_breath(surface: pygame.Surface, view: BreathView, area: pygame.Rect, ui: UIContext) -> None:
    """The captions, what the rules give who is chosen, and every breath held: its name, its state, its bar."""
    pen, p = Pen(surface, ui), ui.palette
    pen.label(ui.t("rnp.who_holds"), area.topleft)
    if view.figures is not None:
        figures = ui.t("rnp.breath_figures", breath=duration(ui, view.figures["seconds"]), rounds=view.figures["rounds_after"])
        pen.text(figures, (area.left + FIGURES_X, area.top + LINE + CAPTION + ROW // 2), role="small", anchor="midleft")
    pen.label(ui.t("rnp.breath_clock"), (area.left, area.top + CLOCK_DY))
    y = area.top + BREATH_TOP
    if not view.breaths:
        pen.soft(ui.t("rnp.no_hold"), area.left, y, NO_HOLD_W)
    for timer in view.breaths:
        pen.text(timer["character"] or "", (area.left, y), face="title", role="heading", width=NAME_W)
        text, warn = timer_status(ui, timer)
        if timer.get("phase") == "out":
            text = view.book.breath.after.get(ui.catalogue.language)
        width = area.width - TEXT_ROOM
        pen.paragraph(text, area.left + TEXT_X, y + TEXT_DY, width, colour=p.bad if warn else p.ink, max_lines=STATUS_LINES)
        draw_bar(surface, pygame.Rect(area.left + TEXT_X, y + BAR_DY, width, BAR_H), timer, p)
        y += BREATH_ROW


class BreathPanel(WhoPanel):
    """Hold one's breath: the rules give the time and keep the countdown (a saved breath timer)."""

    controls: BreathControls | None = None

    def shown(self) -> BreathView:
        who = self.settle_who()
        action = self.action()
        current = self.preview(action) if action else None
        figures = current.result if current is not None and current.refused is None else None
        refused = self.table.refusal(action) if action else Refused("nobody", "nobody")
        return BreathView(self.book, who, self.who_options(), figures, refused, tuple(breaths(self.rules)))

    def build(self) -> None:
        self.controls = build_breath_controls(self.kit, self.inner(), self.shown(), self)

    def draw_content(self, surface: pygame.Surface) -> None:
        paint_breath(surface, self.shown(), self.inner(), self.ui)

    def content_height(self, width: int) -> int:
        return BREATH_TOP + BREATH_ROW * len(breaths(self.rules))

    # -- intents ----------------------------------------------------------------------------------
    def action(self) -> a.HoldBreath | None:
        return None if self.who is None else a.HoldBreath(character=self.who, timer=True)

    def hold(self) -> None:
        action = self.action()
        if action is not None:
            self.table.act(action, self.ui.t("rnp.holding", who=self.who))

"""The jump panel of the Rôle'n Play table: a long or high jump, and special movement (climb, swim, crawl).

Each builds an action from the game master's choices; the figures beside them are
dry runs of the rules (``game.rules.rnp.preview``); "Jump" and "Move" note the
result in the journal through the table.
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
from game.rules.rnp.preview import Preview
from game.rules.session import make_action
from game.scenes.rnp_table.layout import CAPTION, GAP, LINE, ROW, SIDE_GAP, side_by_side
from game.scenes.rnp_table.panel import OTHER, Kit, Table, WhoPanel
from game.scenes.rnp_table.pen import Pen
from game.scenes.rnp_table.words import num
from game.ui.button import Button
from game.ui.context import UIContext

JUMP_FORM, JUMP_PREVIEW = 600, 300  # the controls and the figures beside them (or below, from JUMP_BELOW)
JUMP_BELOW = 540
FIGURES_BELOW = 540  # what the figures below the controls add to the panel
STRENGTH_W, HEIGHT_W, METRES_W = 90, 90, 100
STRENGTH_ROOM = 110  # the kind of jump moves right of a typed Strength
HEIGHT_X = 420  # the height to reach, right of the landing
JUMP_DY, JUMP_W = 306, 220  # the jump button, under the landing
MOVES_RULE, MOVES_DY = 372, 390  # the rule above special movement, and its caption
MOVE_CHOICE_W, TERRAIN_X = 112, 364
MOVE_DY, MOVE_W = 96, 200  # the metres and the move button, under the special movement's caption
FIGURES_GAP = 10  # between the jump's figures and the movement's
NOTE_DY = 6
JUMP_NOTE_LINES, MOVE_NOTE_LINES = 6, 4


def jump_summary(ui: UIContext, current: Preview | None) -> str:
    """The jump in a sentence ("" while there is none)."""
    if current is None or current.result is None:
        return ""
    r = current.result
    if r["kind"] == "long":
        return ui.t("rnp.jump_long_result", m=num(ui, r["distance_m"]))
    return ui.t("rnp.jump_high_result", m=num(ui, r["jump_m"]))


def move_summary(ui: UIContext, current: Preview | None) -> str:
    """The special movement in a sentence ("" while there is none)."""
    if current is None or current.result is None:
        return ""
    r = current.result
    return ui.t("rnp.move_result", m=num(ui, r["metres"]), cost=num(ui, r["cost_m"]), per=r["per_metre"])


@dataclass(frozen=True)
class JumpView:
    """What the jump tab shows: who jumps and how, and the rules' dry runs of the jump and the movement."""

    book: RolenplayBook
    who: str | None
    who_options: tuple[tuple[str, TextSource], ...]
    strength: int | None  # the score of the one who jumps (None: typed, someone outside the party)
    kind: str
    run_up: bool
    landing: str
    move_kind: str
    move_terrain: str
    jump: Preview | None
    jump_refusal: str | None
    move: Preview | None
    move_refusal: str | None

    @property
    def typed(self) -> bool:
        """Whether the Strength is typed (someone outside the party jumps)."""
        return self.who == OTHER


@dataclass(frozen=True)
class JumpRegions:
    """The controls in rows (a caption over each), special movement under them, the figures beside or below."""

    area: pygame.Rect
    rows: tuple[int, ...]  # each row's caption (its controls are a caption's height lower)
    who_right: int | None  # the row of who jumps ends before the figures beside it
    jump: pygame.Rect
    moves: int  # special movement's caption
    figures: pygame.Rect
    beside: bool  # the figures are beside the controls (else below them)

    def control(self, row: int) -> int:
        return self.rows[row] + CAPTION


def jump_regions(area: pygame.Rect) -> JumpRegions:
    """The jump tab in ``area``: the figures right of the controls on a wide panel, else below them."""
    columns = side_by_side(area, JUMP_FORM, JUMP_PREVIEW)
    if columns is not None:
        figures, beside = columns[1], True
    else:
        figures, beside = pygame.Rect(area.left, area.top + JUMP_BELOW, area.width, area.height - JUMP_BELOW), False
    return JumpRegions(
        area=area,
        rows=tuple(area.top + i * LINE for i in range(4)),
        who_right=columns[0].right if columns is not None else None,
        jump=pygame.Rect(area.left, area.top + JUMP_DY, JUMP_W, ROW),
        moves=area.top + MOVES_DY,
        figures=figures,
        beside=beside,
    )


class JumpIntents(Protocol):
    """What the jump tab's controls do."""

    def pick_who(self, name: str) -> None: ...

    def set(self, attr: str, value: object) -> None: ...

    def do_jump(self) -> None: ...

    def do_move(self) -> None: ...


@dataclass(frozen=True)
class JumpControls:
    jump: Button
    move: Button


def build_jump_controls(kit: Kit, regions: JumpRegions, view: JumpView, intents: JumpIntents) -> JumpControls:
    """Who jumps, the kind of jump, the run-up, the landing (and the height to reach), then special movement."""
    ui, book, x = kit.ui, view.book, regions.area.left
    who = ui.tr("rnp.who_jumps")
    kit.who_row(x, regions.control(0), view.who_options, view.who, intents.pick_who, who, right=regions.who_right)
    if view.typed:
        kit.field("strength", (x, regions.control(1), STRENGTH_W, ROW), max_length=2, spoken_name=ui.tr("rnp.strength_score"))
    kinds = [("long", ui.tr("rnp.jump_long")), ("high", ui.tr("rnp.jump_high"))]
    kit.choices(
        "kind",
        x + (STRENGTH_ROOM if view.typed else 0),
        regions.control(1),
        kinds,
        view.kind,
        lambda v: intents.set("kind", v),
        group=ui.tr("rnp.jump_kind"),
    )
    runs = [("yes", ui.tr("rnp.run_up", m=num(ui, book.jumps.run_up_m))), ("no", ui.tr("rnp.no_run_up"))]
    run_up = lambda v: intents.set("run_up", v == "yes")  # noqa: E731
    kit.choices("run", x, regions.control(2), runs, "yes" if view.run_up else "no", run_up, group=ui.tr("rnp.run_up_caption"))
    landings = [("normal", ui.tr("rnp.landing_normal")), ("difficult", ui.tr("rnp.landing_difficult"))]
    landing = lambda v: intents.set("landing", v)  # noqa: E731
    kit.choices("landing", x, regions.control(3), landings, view.landing, landing, group=ui.tr("rnp.landing"))
    if view.kind == "high":
        rect = (x + HEIGHT_X, regions.control(3), HEIGHT_W, ROW)
        kit.field("height", rect, placeholder="1,8", max_length=5, spoken_name=ui.tr("rnp.reach_height"))
    jump = kit.button("jump", regions.jump, ui.tr("rnp.jump_do"), intents.do_jump, style="primary")
    language = ui.catalogue.language
    moves = [(k.id, k.name.get(language)) for k in book.special_moves.kinds]
    terrains = [(t.id, t.name.get(language)) for t in book.travel.terrains]
    y = regions.moves + CAPTION
    move_kind = partial(intents.set, "move_kind")
    kit.choices("move", x, y, moves, view.move_kind, move_kind, group=ui.tr("rnp.special_moves"), width=MOVE_CHOICE_W)
    kit.choices(
        "move_terrain",
        x + TERRAIN_X,
        y,
        terrains,
        view.move_terrain,
        lambda v: intents.set("move_terrain", v),
        group=ui.tr("rnp.travel_terrain"),
        width=MOVE_CHOICE_W,
    )
    y = regions.moves + MOVE_DY
    kit.field("metres", (x, y, METRES_W, ROW), max_length=6, spoken_name=ui.tr("rnp.metres"))
    move = kit.button("move_do", (x + METRES_W + GAP, y, MOVE_W, ROW), ui.tr("rnp.move_do"), intents.do_move)
    return JumpControls(jump, move)


def paint_jump(surface: pygame.Surface, view: JumpView, regions: JumpRegions, ui: UIContext) -> None:
    """The captions of the controls, then the figures: the jump's, then the movement's."""
    pen, x = Pen(surface, ui), regions.area.left
    pen.label(ui.t("rnp.who_jumps"), (x, regions.rows[0]))
    if view.typed:
        pen.label(ui.t("rnp.strength_score"), (x, regions.rows[1]))
    elif view.who:
        pen.label(ui.t("rnp.strength_of", who=view.who, score=view.strength), (x, regions.rows[1]))
    pen.label(ui.t("rnp.run_up_caption"), (x, regions.rows[2]))
    pen.label(ui.t("rnp.landing"), (x, regions.rows[3]))
    if view.kind == "high":
        pen.label(ui.t("rnp.reach_height"), (x + HEIGHT_X, regions.rows[3]))
    rule = regions.area.top + MOVES_RULE
    pen.divider((x, rule), (x + JUMP_FORM, rule))
    pen.label(ui.t("rnp.special_moves"), (x, regions.moves))
    pen.label(ui.t("rnp.metres"), (x, regions.moves + MOVE_DY - CAPTION))
    pen.column_rule(regions.figures, regions.beside)
    y = paint_jump_figures(pen, view, regions.figures)
    y = max(y + FIGURES_GAP, regions.moves) if regions.beside else y + FIGURES_GAP
    paint_move_figures(pen, view, regions.figures, y)


def paint_jump_figures(pen: Pen, view: JumpView, column: pygame.Rect) -> int:
    """The jump's figures (distance or height, movement used, what to check); returns the y below them."""
    ui, p, x, width = pen.ui, pen.ui.palette, column.left, column.width
    pen.heading(ui.t("rnp.jump_title"), column.topleft)
    y = pen.under_heading(column.top)
    current = view.jump
    if current is None:
        return pen.soft(ui.t("rnp.type_amount"), x, y, width)
    if view.jump_refusal is not None or current.result is None:
        return pen.soft(view.jump_refusal or "", x, y, width, colour=p.bad)
    r = current.result
    y = pen.bold_line(jump_summary(ui, current), x, y)
    if r.get("reach_m") is not None:
        pen.text(ui.t("rnp.reach_result", m=num(ui, r["reach_m"])), (x, y))
        y += pen.line_height()
    small = pen.line_height("small")
    pen.text(ui.t("rnp.movement_used", m=num(ui, r["movement_m"])), (x, y), role="small")
    y += small
    if r.get("obstacle_max_m") is not None:
        pen.text(ui.t("rnp.obstacle", m=num(ui, r["obstacle_max_m"])), (x, y), role="small")
        y += small
    if r.get("landing_check"):
        pen.text(ui.t("rnp.landing_check"), (x, y), role="small", colour=p.bad)
        y += small
    return pen.note(view.book.jumps.notes.get(ui.catalogue.language), x, y + NOTE_DY, width, max_lines=JUMP_NOTE_LINES)


def paint_move_figures(pen: Pen, view: JumpView, column: pygame.Rect, y: int) -> None:
    """The special movement's cost, and the book's word on the check it may need."""
    ui, x, width = pen.ui, column.left, column.width
    pen.heading(ui.t("rnp.move_title"), (x, y))
    y = pen.under_heading(y)
    current = view.move
    if current is not None and current.refused is None:
        y = pen.paragraph(move_summary(ui, current), x, y, width, face="bold")
    elif current is not None:
        y = pen.soft(view.move_refusal or "", x, y, width, colour=ui.palette.bad)
    pen.note(view.book.special_moves.check.get(ui.catalogue.language), x, y + 4, width, max_lines=MOVE_NOTE_LINES)


class JumpPanel(WhoPanel):
    """Who jumps, how, and what the rules make of it; special movement and its cost."""

    other = True

    def __init__(self, table: Table, rect: pygame.Rect) -> None:
        super().__init__(table, rect)
        self.kind, self.run_up, self.landing = "long", True, "normal"
        self.move_kind, self.move_terrain = "climb", "normal"
        self.texts.update(strength="10", height="", metres="10")
        self.jump_preview: Preview | None = None
        self.move_preview: Preview | None = None
        self.controls: JumpControls | None = None

    def shown(self) -> JumpView:
        who = self.settle_who()
        jump, move = self.jump_preview, self.move_preview
        return JumpView(
            book=self.book,
            who=who,
            who_options=self.who_options(),
            strength=None if who in (None, OTHER) else self.rules["party"][who]["scores"][self.book.jumps.ability],
            kind=self.kind,
            run_up=self.run_up,
            landing=self.landing,
            move_kind=self.move_kind,
            move_terrain=self.move_terrain,
            jump=jump,
            jump_refusal=self.refusal_text(jump.refused if jump else None),
            move=move,
            move_refusal=self.refusal_text(move.refused if move else None),
        )

    def regions(self) -> JumpRegions:
        return jump_regions(self.inner())

    def who_room(self) -> int:
        """The who row ends before the figures beside the controls."""
        inner = self.inner()
        return (self.regions().who_right or inner.right) - inner.left

    def build(self) -> None:
        self.controls = build_jump_controls(self.kit, self.regions(), self.shown(), self)

    def draw_content(self, surface: pygame.Surface) -> None:
        paint_jump(surface, self.shown(), self.regions(), self.ui)

    def content_height(self, width: int) -> int:
        return JUMP_BELOW if width >= JUMP_FORM + SIDE_GAP + JUMP_PREVIEW else JUMP_BELOW + FIGURES_BELOW

    # -- intents ----------------------------------------------------------------------------------
    def set(self, attr: str, value: object) -> None:
        setattr(self, attr, value)
        self.table.rebuild()

    def strength(self) -> int | None:
        if self.who == OTHER or self.who is None:
            return self.whole("strength")
        score: int = self.rules["party"][self.who]["scores"][self.book.jumps.ability]
        return score

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
        if self.controls is not None:
            self.enable_from(self.controls.jump, self.jump_preview)
            self.enable_from(self.controls.move, self.move_preview)

    def do_jump(self) -> None:
        action = self.jump_action()
        if action:
            self.table.act(action, self.ui.t("rnp.jump_noted", who=self.someone(), text=jump_summary(self.ui, self.jump_preview)))

    def do_move(self) -> None:
        action = self.move_action()
        if action:
            self.table.act(action, self.ui.t("rnp.move_noted", text=move_summary(self.ui, self.move_preview)))

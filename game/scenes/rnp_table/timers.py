"""The timers panel of the Rôle'n Play table: countdowns the game master sets, saved with the table.

A timer belongs to the party or to one character ("torch lit", "since the last long
rest"); held breaths are timers too (started on the Breath panel). The rules' view
says how much time is left and whether it ran out; this panel only shows it and
sends ``add_timer`` / ``restart_timer`` / ``remove_timer``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Protocol

import pygame

from game.i18n.catalogue import TextSource
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.session import ActionLike, make_action
from game.scenes.rnp_table.data import Json
from game.scenes.rnp_table.layout import CAPTION, GAP, LINE, ROW
from game.scenes.rnp_table.panel import CHOICE_GAP, CHOICE_LEAST, Kit, Panel, Table, fit, fit_width
from game.scenes.rnp_table.pen import Pen
from game.scenes.rnp_table.words import timer_label, timer_status
from game.ui import fonts
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.layout import fill, fixed, split
from game.ui.text_field import TextField
from game.ui.theme import Palette

PARTY = "__party__"
SCALES = ("minute", "hour", "day")
LABEL_W, AMOUNT_W, ADD_W = 260, 80, 220  # the timer's name and length fields, the start button
TIMER_ROW = 62  # one timer of the list
LIST_TOP = 2 * LINE + CAPTION + ROW + 24  # the timers' list, below the form and its order; it grows the panel
ORDERS = ("started", "soonest")  # the list as started, or what runs out first (issue 31 item 12)
BUTTON_W = 160  # restart and remove, right of each timer's bar, on a wide panel
BUTTON_LEAST, BUTTON_PADDING = 110, 30  # on a narrow panel: as wide as their labels, at least this
BUTTON_H, BUTTON_DY = 40, 8  # their height, below the row's top
NARROW = 900  # a panel narrower than this gives the buttons their labels' width and the names the rest
STATUS_DY, BAR_DY, BAR_H = 4, 36, 10  # where a timer's status and bar sit in its row
NAME_GAP = 16  # between a timer's name and its status
LIST_RULE = 16  # the rule above the list


def ordered(timers: list[Json], order: str) -> tuple[Json, ...]:
    """The timers and breaths in one list: as started, or by what runs out first ("soonest": the time left,
    those run out first; a breath's time left runs to its last round without air)."""
    if order != "soonest":
        return tuple(timers)
    return tuple(sorted(timers, key=lambda t: (not (t["expired"] or t.get("phase") in ("suffocating", "out")), t["left_s"])))


def draw_bar(surface: pygame.Surface, rect: pygame.Rect, timer: Json, palette: Palette) -> None:
    """What is left of a timer as a bar (a breath marks where the held breath ends)."""
    pygame.draw.rect(surface, palette.parchment_dark, rect, border_radius=rect.height // 2)
    total = timer["duration_s"]
    if total <= 0 or timer["spent_s"] < 0:
        return
    left = max(0.0, min(1.0, timer["left_s"] / total))
    fill_rect = rect.copy()
    fill_rect.width = round(rect.width * left)
    warn = timer["expired"] or timer.get("phase") in ("suffocating", "out")
    if fill_rect.width:
        pygame.draw.rect(surface, palette.bad if warn else palette.good, fill_rect, border_radius=rect.height // 2)
    if timer.get("hold_s"):
        mark = rect.left + round(rect.width * (1 - timer["hold_s"] / total))
        pygame.draw.line(surface, palette.ink, (mark, rect.top - 3), (mark, rect.bottom + 3), 2)


@dataclass(frozen=True)
class TimersView:
    """What the timers tab shows: the form's choices and every timer in force."""

    scale: str
    owner: str
    scales: tuple[tuple[str, str], ...]  # (scale, its name)
    owners: tuple[str, ...]  # the characters whose buttons fit the owner's row
    timers: tuple[Json, ...]
    order: str = "started"


@dataclass(frozen=True)
class TimerRow:
    """One timer's line of the list."""

    top: int
    status: tuple[int, int]  # its status, right-aligned at this point
    bar: pygame.Rect
    restart: pygame.Rect
    remove: pygame.Rect


@dataclass(frozen=True)
class TimersRegions:
    """The form (a caption over each row) and the list below it."""

    area: pygame.Rect
    new_caption: tuple[int, int]
    label: pygame.Rect
    amount: pygame.Rect
    scales: tuple[int, int]
    owner_caption: tuple[int, int]
    owners: tuple[int, int]
    add: pygame.Rect
    list_top: int
    button_width: int
    order: tuple[int, int] = (0, 0)  # the order's caption

    def row(self, index: int) -> TimerRow:
        """The list's ``index``-th timer."""
        area, width = self.area, self.button_width
        top = self.list_top + index * TIMER_ROW
        bar = area.width - 2 * width - 3 * GAP
        return TimerRow(
            top,
            (area.left + bar, top + STATUS_DY),
            pygame.Rect(area.left, top + BAR_DY, bar, BAR_H),
            pygame.Rect(area.right - 2 * width - GAP, top + BUTTON_DY, width, BUTTON_H),
            pygame.Rect(area.right - width, top + BUTTON_DY, width, BUTTON_H),
        )


def timers_regions(area: pygame.Rect, ui: UIContext) -> TimersRegions:
    """The timers tab laid out in ``area`` (the restart and remove buttons as wide as their labels need on
    a narrow panel, both alike so that they line up)."""
    form = pygame.Rect(area.left, area.top + CAPTION, area.width, ROW)
    label, amount, scales = split(form, [fixed(LABEL_W), fixed(AMOUNT_W), fill()], gap=GAP)
    owners_y = area.top + LINE + CAPTION
    width = BUTTON_W
    if area.width < NARROW:
        size = ui.theme.text_size("button")
        labels = (ui.t("rnp.timer_restart"), ui.t("rnp.timer_remove"))
        width = min(BUTTON_W, max(BUTTON_LEAST, *(fonts.text_width(text, "body", size) + BUTTON_PADDING for text in labels)))
    return TimersRegions(
        area=area,
        new_caption=area.topleft,
        label=label,
        amount=amount,
        scales=scales.topleft,
        owner_caption=(area.left, area.top + LINE),
        owners=(area.left, owners_y),
        add=pygame.Rect(area.right - ADD_W, owners_y, ADD_W, ROW),
        list_top=area.top + LIST_TOP,
        button_width=width,
        order=(area.left, area.top + 2 * LINE),
    )


class TimersIntents(Protocol):
    """What the timers tab's controls do."""

    def pick_scale(self, scale: str) -> None: ...

    def pick_owner(self, owner: str) -> None: ...

    def add_timer(self) -> None: ...

    def set_order(self, order: str) -> None: ...

    def act(self, action: ActionLike) -> object: ...


@dataclass(frozen=True)
class TimersControls:
    """The timers tab's widgets (each timer's restart and remove buttons are named after it)."""

    label: TextField
    amount: TextField
    add: Button


def build_timers_controls(kit: Kit, regions: TimersRegions, view: TimersView, intents: TimersIntents) -> TimersControls:
    """The form (name, length, scale, owner, start) and each timer's restart and remove buttons."""
    ui = kit.ui
    label = kit.field("label", regions.label, placeholder=ui.tr("rnp.timer_label_tip"), max_length=30)
    amount = kit.field("amount", regions.amount, placeholder="1", max_length=5, spoken_name=ui.tr("rnp.timer_for"))
    kit.choices("scale", *regions.scales, view.scales, view.scale, intents.pick_scale, group=ui.tr("rnp.timer_unit"))
    owners: list[tuple[str, TextSource]] = [(PARTY, ui.tr("rnp.timer_party")), *((name, name) for name in view.owners)]
    kit.choices("owner", *regions.owners, owners, view.owner, intents.pick_owner, group=ui.tr("rnp.timer_owner"))
    add = kit.button("add", regions.add, ui.tr("rnp.timer_add"), intents.add_timer, style="primary")
    orders = [(order, ui.tr(f"rnp.timer_order_{order}")) for order in ORDERS]
    order = ui.tr("rnp.timer_order")
    kit.choices("order", regions.order[0], regions.order[1] + CAPTION, orders, view.order, intents.set_order, group=order)
    for index, timer in enumerate(view.timers):
        row = regions.row(index)
        restart, remove = a.RestartTimer(id=timer["id"]), a.RemoveTimer(id=timer["id"])
        kit.button(f"restart:{timer['id']}", row.restart, ui.tr("rnp.timer_restart"), partial(intents.act, restart))
        kit.button(f"remove:{timer['id']}", row.remove, ui.tr("rnp.timer_remove"), partial(intents.act, remove), style="danger")
    return TimersControls(label, amount, add)


def paint_timers(surface: pygame.Surface, view: TimersView, regions: TimersRegions, ui: UIContext) -> None:
    """The form's captions and every timer: its name and owner, what is left, and its bar."""
    pen, p, area = Pen(surface, ui), ui.palette, regions.area
    pen.label(ui.t("rnp.timer_new"), regions.new_caption)
    pen.label(ui.t("rnp.timer_for"), regions.owner_caption)
    pen.label(ui.t("rnp.timer_order"), regions.order)
    top = regions.list_top
    pen.divider((area.left, top - LIST_RULE), (area.right, top - LIST_RULE))
    if not view.timers:
        pen.soft(ui.t("rnp.no_timers"), area.left, top, area.width)
    for index, timer in enumerate(view.timers):
        row = regions.row(index)
        owner = timer["character"] or ui.t("rnp.timer_party")
        text, warn = timer_status(ui, timer)
        status = pen.text(text, row.status, role="small", colour=p.bad if warn else p.ink, anchor="topright")
        name = fit(f"{timer_label(ui, timer)} — {owner}", "bold", ui.theme.text_size("body"), status.left - area.left - NAME_GAP)
        pen.text(name, (area.left, row.top), face="bold")
        draw_bar(surface, row.bar, timer, p)


class TimersPanel(Panel):
    """Add a countdown; every timer with what is left, restart and remove."""

    def __init__(self, table: Table, rect: pygame.Rect) -> None:
        super().__init__(table, rect)
        self.scale = "hour"
        self.owner = PARTY
        self.texts.update(label="", amount="1")
        self.controls: TimersControls | None = None

    def shown(self) -> TimersView:
        if self.owner != PARTY and self.owner not in self.living():
            self.owner = PARTY
        return TimersView(
            scale=self.scale,
            owner=self.owner,
            scales=tuple((s, self.book.scale(s).name.get(self.language)) for s in SCALES),
            owners=tuple(self.owners()),
            timers=ordered(self.rules["timers"], self.table.shared.timer_order),
            order=self.table.shared.timer_order,
        )

    def regions(self) -> TimersRegions:
        return timers_regions(self.inner(), self.ui)

    def build(self) -> None:
        self.controls = build_timers_controls(self.kit, self.regions(), self.shown(), self)

    def draw_content(self, surface: pygame.Surface) -> None:
        paint_timers(surface, self.shown(), self.regions(), self.ui)

    def content_height(self, width: int) -> int:
        return LIST_TOP + TIMER_ROW * len(self.rules["timers"]) + GAP

    def owners(self) -> list[str]:
        """The living characters whose buttons fit before "Start the timer" (the chosen one always among them)."""
        ui = self.ui
        room = self.inner().width - ADD_W - 2 * GAP - fit_width(ui, ui.t("rnp.timer_party")) - CHOICE_GAP
        shown: list[str] = []
        for name in self.living():
            room -= max(CHOICE_LEAST, fit_width(ui, name)) + CHOICE_GAP
            if room < 0 and name != self.owner:
                continue
            shown.append(name)
        return shown

    # -- intents ----------------------------------------------------------------------------------
    def pick_scale(self, scale: str) -> None:
        self.scale = scale
        self.table.rebuild()

    def set_order(self, order: str) -> None:
        self.table.shared.timer_order = order
        self.table.rebuild()

    def pick_owner(self, owner: str) -> None:
        self.owner = owner
        self.table.rebuild()

    def action(self) -> a.AddTimer | Refused | None:
        amount = self.number("amount")
        if amount is None:
            return None
        return make_action(
            a.AddTimer,
            label=self.texts.get("label", ""),
            amount=amount,
            scale=self.scale,
            character=None if self.owner == PARTY else self.owner,
        )

    def add_timer(self) -> None:
        action = self.action()
        if action is None:
            self.table.show(self.ui.t("rnp.type_amount"), bad=True)
            return
        if self.table.act(action) is not None:  # accepted: the form is ready for the next one
            self.texts["label"] = ""
            self.table.rebuild()

    def soft_update(self) -> None:
        self.enable_for(self.controls.add if self.controls else None, self.action())

"""The timers panel of the Rôle'n Play table: countdowns the game master sets, saved with the table.

A timer belongs to the party or to one character ("torch lit", "since the last long
rest"); held breaths are timers too (started on the Breath panel). The rules' view
says how much time is left and whether it ran out; this panel only shows it and
sends ``add_timer`` / ``restart_timer`` / ``remove_timer``.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.session import make_action
from game.scenes.rnp_format import duration
from game.scenes.rnp_panel import ROW, Panel, fit
from game.ui import fonts

if TYPE_CHECKING:
    from game.scenes.rnp_table import RnpTableScene

PARTY = "__party__"
SCALES = ("minute", "hour", "day")
ROW_H = 62
LIST_TOP = 190  # the timers' list, below the form; it grows the panel, which scrolls
BUTTON_W = 160  # restart and remove, right of each timer's bar, on a wide panel
NARROW = 900  # a panel narrower than this gives the buttons their labels' width and the names the rest


def timer_status(ui: Any, timer: dict[str, Any]) -> tuple[str, bool]:
    """What a timer says now and whether it is a warning (run out, or a breath gone)."""
    if timer["kind"] == "breath":
        phase = timer.get("phase")
        if phase == "holding":
            return ui.t("rnp.breath_left", rounds=int(timer["rounds_left"]), time=duration(ui, timer["breath_left_s"])), False
        if phase == "suffocating":
            return ui.t("rnp.suffocating", rounds=int(timer["rounds_left"])), True
        return ui.t("rnp.breath_out"), True
    if timer["spent_s"] < 0:
        return ui.t("rnp.hold_undone"), False
    if timer["expired"]:
        return ui.t("rnp.timer_out"), True
    return ui.t("rnp.timer_left", time=duration(ui, timer["left_s"])), False


def timer_label(ui: Any, timer: dict[str, Any]) -> str:
    """A timer's name; a held breath is "Breath"."""
    return ui.t("rnp.tab_breath") if timer["kind"] == "breath" else timer["label"]


def draw_bar(surface: pygame.Surface, rect: pygame.Rect, timer: dict[str, Any], palette: Any) -> None:
    """What is left of a timer as a bar (a breath marks where the held breath ends)."""
    pygame.draw.rect(surface, palette.parchment_dark, rect, border_radius=rect.height // 2)
    total = timer["duration_s"]
    if total <= 0 or timer["spent_s"] < 0:
        return
    left = max(0.0, min(1.0, timer["left_s"] / total))
    fill = rect.copy()
    fill.width = round(rect.width * left)
    warn = timer["expired"] or timer.get("phase") in ("suffocating", "out")
    if fill.width:
        pygame.draw.rect(surface, palette.bad if warn else palette.good, fill, border_radius=rect.height // 2)
    if timer.get("hold_s"):
        mark = rect.left + round(rect.width * (1 - timer["hold_s"] / total))
        pygame.draw.line(surface, palette.ink, (mark, rect.top - 3), (mark, rect.bottom + 3), 2)


class TimersPanel(Panel):
    """Add a countdown; every timer with what is left, restart and remove."""

    def __init__(self, table: RnpTableScene, rect: pygame.Rect) -> None:
        super().__init__(table, rect)
        self.scale = "hour"
        self.owner = PARTY
        self.texts.update(label="", amount="1")

    def pick_scale(self, scale: str) -> None:
        self.scale = scale
        self.table.rebuild()

    def pick_owner(self, owner: str) -> None:
        self.owner = owner
        self.table.rebuild()

    def build(self) -> None:
        ui, area = self.ui, self.inner()
        self.field("label", (area.left, area.top + 20, 260, ROW), placeholder=ui.tr("rnp.timer_label_tip"), max_length=30)
        self.field(
            "amount",
            (area.left + 270, area.top + 20, 80, ROW),
            placeholder="1",
            max_length=5,
            spoken_name=self.ui.tr("rnp.timer_for"),
        )
        self.choices(
            "scale",
            area.left + 360,
            area.top + 20,
            [(s, self.book.scale(s).name.get(self.language)) for s in SCALES],
            self.scale,
            self.pick_scale,
        )
        living = self.living()
        if self.owner != PARTY and self.owner not in living:
            self.owner = PARTY
        self.choices(
            "owner",
            area.left,
            area.top + 94,
            [(PARTY, ui.tr("rnp.timer_party"))] + [(n, n) for n in self.owners()],
            self.owner,
            self.pick_owner,
        )
        self.button("add", (area.right - 220, area.top + 94, 220, ROW), ui.tr("rnp.timer_add"), self.add_timer, style="primary")
        y, width = area.top + LIST_TOP, self.button_width()
        for timer in self.view["timers"]:
            self.button(
                f"restart:{timer['id']}",
                (area.right - 2 * width - 10, y + 8, width, 40),
                ui.tr("rnp.timer_restart"),
                partial(self.table.act, a.RestartTimer(id=timer["id"])),
            )
            self.button(
                f"remove:{timer['id']}",
                (area.right - width, y + 8, width, 40),
                ui.tr("rnp.timer_remove"),
                partial(self.table.act, a.RemoveTimer(id=timer["id"])),
                style="danger",
            )
            y += ROW_H

    def button_width(self) -> int:
        """The width of each timer's restart and remove buttons (both alike, so they line up)."""
        if self.inner().width >= NARROW:
            return BUTTON_W
        size = self.ui.theme.text_size("button")
        labels = (self.ui.t("rnp.timer_restart"), self.ui.t("rnp.timer_remove"))
        return min(BUTTON_W, max(110, *(fonts.text_width(label, "body", size) + 30 for label in labels)))

    def content_height(self, width: int) -> int:
        return LIST_TOP + ROW_H * len(self.table.view["timers"]) + 10

    def owners(self) -> list[str]:
        """The living characters whose buttons fit before "Start the timer" (the chosen one always among them)."""
        area, size = self.inner(), self.ui.theme.text_size("button")
        room = area.width - 240 - (fonts.text_width(self.ui.t("rnp.timer_party"), "bold", size) + 34)
        shown: list[str] = []
        for name in self.living():
            room -= max(70, fonts.text_width(name, "bold", size) + 28) + 6
            if room < 0 and name != self.owner:
                continue
            shown.append(name)
        return shown

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
        result = self.table.act(action)
        if result is not None:  # accepted: the form is ready for the next one
            self.texts["label"] = ""
            self.table.rebuild()

    def soft_update(self) -> None:
        self.enable_for("add", self.action())

    def draw_content(self, surface: pygame.Surface) -> None:
        ui, p, area = self.ui, self.ui.palette, self.inner()
        self.label(surface, ui.t("rnp.timer_new"), (area.left, area.top))
        self.label(surface, ui.t("rnp.timer_for"), (area.left, area.top + 74))
        y = area.top + LIST_TOP
        timers = self.view["timers"]
        bar = area.width - 2 * self.button_width() - 30
        pygame.draw.line(surface, p.ink_faint, (area.left, y - 16), (area.right, y - 16))
        if not timers:
            self.paragraph(surface, ui.t("rnp.no_timers"), area.left, y, area.width, face="italic", colour=p.ink_soft)
        for timer in timers:
            owner = timer["character"] or ui.t("rnp.timer_party")
            text, warn = timer_status(ui, timer)
            status = self.text(
                surface, text, (area.left + bar, y + 4), role="small", colour=p.bad if warn else p.ink, anchor="topright"
            )
            room = status.left - area.left - 16
            self.text(
                surface,
                fit(f"{timer_label(ui, timer)} — {owner}", "bold", ui.theme.text_size("body"), room),
                (area.left, y),
                face="bold",
            )
            draw_bar(surface, pygame.Rect(area.left, y + 36, bar, 10), timer, p)
            y += ROW_H

"""What the Rôle'n Play table shows around its open tab, as one frozen value (checked by mypy --strict).

Built by :func:`view_of` from the rules' view of the table (``Session.view``), the
book and the scene's own state (the open tab, the status line, what can be undone);
the painters of ``paint.py`` and the controls of ``controls.py`` read it, never the
scene. The open tab's own view is its panel's (``<tab>.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.books.rolenplay import RolenplayBook
from game.scenes.rnp_table.data import Json, round_number
from game.scenes.rnp_table.words import clock_time, scale_name, timer_label
from game.ui.context import UIContext

#: The timer phases that count as run out besides an expired countdown: a breath gone.
BREATH_OUT = ("suffocating", "out")


@dataclass(frozen=True)
class RnpTableView:
    """The title band (the clock's summary and the timers run out), the tabs, the status line."""

    tab: str
    tabs: tuple[str, ...]
    summary: str  # the time, the scale and the round under way
    warning: str  # the timers run out ("" when none has)
    status: str | None
    status_bad: bool
    can_undo: bool
    can_redo: bool


def clock_summary(ui: UIContext, book: RolenplayBook, rules: Json) -> str:
    """ "J2 14:05 · heures · round 3": the clock, its scale, and the round under way when it counts rounds."""
    clock = rules["clock"]
    summary = ui.t("rnp.clock_summary", time=clock_time(ui, book, clock["elapsed_s"]), scale=scale_name(ui, book, clock["scale"]))
    rnd = round_number(book, rules)
    if rnd is not None:
        summary += " · " + ui.t("rnp.round", n=rnd)
    return summary


def timers_out(ui: UIContext, rules: Json) -> str:
    """The timers that ran out (and the breaths gone), with whose they are; "" when none did."""
    out = [
        timer_label(ui, t) + (f" ({t['character']})" if t["character"] else "")
        for t in rules["timers"]
        if t["expired"] or t.get("phase") in BREATH_OUT
    ]
    return ui.t("rnp.timers_out", names=", ".join(out)) if out else ""


def view_of(
    ui: UIContext,
    book: RolenplayBook,
    rules: Json,
    *,
    tab: str,
    tabs: tuple[str, ...],
    status: str | None,
    status_bad: bool,
    can_undo: bool,
    can_redo: bool,
) -> RnpTableView:
    """The table's view from the rules' view ``rules`` and the scene's state."""
    return RnpTableView(
        tab=tab,
        tabs=tabs,
        summary=clock_summary(ui, book, rules),
        warning=timers_out(ui, rules),
        status=status,
        status_bad=status_bad,
        can_undo=can_undo,
        can_redo=can_redo,
    )

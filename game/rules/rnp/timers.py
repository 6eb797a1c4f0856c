"""Countdowns the game master sets (a torch, "since the last long rest") and held breaths (R-RNP-AIR-1).

A timer is saved with the table: its start on the game clock and its length. It runs
out when the clock passes its end; the view says how much is left and whether it has.
"""

from __future__ import annotations

from typing import Any

from game.books.rolenplay import RolenplayBook
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.rnp.context import Context, not_negative, tidy_view
from game.rules.rnp.state import TableState, Timer

# How many timers a table keeps: a screen limit, not a rule.
MAX_TIMERS = 20


def _timer(ctx: Context, timer_id: int) -> Timer:
    for timer in ctx.state.timers:
        if timer.id == timer_id:
            return timer
    raise Refused("unknown_timer", f"there is no timer {timer_id}", id=timer_id)


def start_timer(
    ctx: Context, label: str, seconds: float, character: str | None, kind: str = "timer", hold_s: float | None = None
) -> Timer:
    """A new countdown from the clock's time now; a character's breath replaces their previous one."""
    if kind == "breath":
        ctx.state.timers = [t for t in ctx.state.timers if not (t.kind == "breath" and t.character == character)]
    if len(ctx.state.timers) >= MAX_TIMERS:
        raise Refused("too_many_timers", f"a table keeps {MAX_TIMERS} timers at most", maximum=MAX_TIMERS)
    timer = Timer(
        id=ctx.state.next_timer,
        label=label,
        character=character,
        start_s=ctx.state.clock.elapsed_s,
        duration_s=seconds,
        kind=kind,
        hold_s=hold_s,
    )
    ctx.state.next_timer += 1
    ctx.state.timers.append(timer)
    return timer


def add_timer(ctx: Context, action: a.AddTimer) -> None:
    """A countdown of ``amount`` steps of ``scale``, for the party or one character."""
    label = action.label.strip()
    if not label:
        raise Refused("bad_label", "a timer needs a name")
    who = None if action.character is None else ctx.character(action.character).name
    seconds = not_negative(action.amount, "the timer's length") * ctx.book.scale(action.scale).seconds
    if seconds <= 0:
        raise Refused("timer_zero", "a timer needs a length above zero")
    timer = start_timer(ctx, label, seconds, who)
    ctx.set_result("add_timer", id=timer.id, label=label, seconds=seconds, character=who)
    ctx.log("add_timer", [who] if who else [], label=label, seconds=seconds)


def remove_timer(ctx: Context, action: a.RemoveTimer) -> None:
    timer = _timer(ctx, action.id)
    ctx.state.timers.remove(timer)
    ctx.set_result("remove_timer", id=timer.id, label=timer.label)
    ctx.log("remove_timer", [timer.character] if timer.character else [], label=timer.label)


def restart_timer(ctx: Context, action: a.RestartTimer) -> None:
    timer = _timer(ctx, action.id)
    timer.start_s = ctx.state.clock.elapsed_s
    timer.dropped = False  # a breath started again is a new breath
    ctx.set_result("restart_timer", id=timer.id, label=timer.label)
    ctx.log("restart_timer", [timer.character] if timer.character else [], label=timer.label)


def timer_view(book: RolenplayBook, timer: Timer, now: float) -> dict[str, Any]:
    """How long a timer has run and has left; a breath's phase: ``holding``, ``suffocating``, ``out``."""
    spent = now - timer.start_s
    left = max(0.0, timer.duration_s - spent)
    view: dict[str, Any] = {
        **timer.model_dump(),
        "spent_s": spent,
        "left_s": left,
        "expired": spent >= timer.duration_s,
        "rounds_left": -(-left // book.scale("round").seconds),
    }
    if timer.kind == "breath" and timer.hold_s is not None:
        view["phase"] = "holding" if spent < timer.hold_s else "suffocating" if spent < timer.duration_s else "out"
        view["breath_left_s"] = max(0.0, timer.hold_s - spent)
    return tidy_view(view)


def timers_view(book: RolenplayBook, state: TableState) -> list[dict[str, Any]]:
    now = state.clock.elapsed_s
    return [timer_view(book, t, now) for t in state.timers]


# -- a breath belongs to its character (R-RNP-AIR-1) -------------------------------------------------------
def cannot_breathe(state: TableState) -> set[str]:
    """The characters holding their breath or out of air: a breath countdown runs for them until they
    breathe again (the game master removes it)."""
    return {t.character for t in state.timers if t.kind == "breath" and t.character is not None}


def refuse_if_breathless(state: TableState, name: str) -> None:
    """R-RNP-AIR-1: no hit point is regained while the character cannot breathe."""
    if name in cannot_breathe(state):
        raise Refused(
            "cannot_breathe",
            f"{name} cannot breathe: no hit point can be regained until they breathe again",
            name=name,
        )


def settle_breaths(ctx: Context) -> list[str]:
    """R-RNP-AIR-1: at the start of the round after the rounds of survival, a breathless character drops
    to 0 hit points and is dying. Run after every action (any of them may move the clock past a
    breath's end); each breath drops its character once. Returns who dropped now."""
    now = ctx.state.clock.elapsed_s
    dropped = []
    for timer in ctx.state.timers:
        if timer.kind != "breath" or timer.dropped or now - timer.start_s < timer.duration_s:
            continue
        timer.dropped = True
        member = next((m for m in ctx.state.party if m.name == timer.character), None)
        if member is None:
            continue
        member.hp = 0
        member.hp_temp = 0
        dropped.append(member.name)
        ctx.log("out_of_air", [member.name], at_s=timer.start_s + timer.duration_s)
    if dropped and ctx.state.result is not None:
        ctx.state.result = {**ctx.state.result, "out_of_air": dropped}
    return dropped


def follow_rename(state: TableState, old: str, new: str) -> None:
    """A character's timers keep following them under the new name (a breath's label is its name)."""
    for timer in state.timers:
        if timer.character == old:
            timer.character = new
            if timer.kind == "breath" and timer.label == old:
                timer.label = new


def drop_character_timers(state: TableState, name: str) -> list[int]:
    """A character who leaves the table takes their timers (their breath too); returns the ids removed."""
    gone = [t.id for t in state.timers if t.character == name]
    state.timers = [t for t in state.timers if t.character != name]
    return gone

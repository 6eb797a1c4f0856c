"""The clock: four time scales, time passing, the scale in use (R-RNP-TIME-1)."""

from __future__ import annotations

from typing import Any

from game.books.rolenplay import RolenplayBook
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.rnp.context import Context, not_negative, tidy
from game.rules.rnp.state import Clock


def advance(ctx: Context, action: a.Advance) -> None:
    """Time passes: ``amount`` steps of ``scale`` (the current scale when omitted)."""
    scale = action.scale or ctx.state.clock.scale
    amount = not_negative(action.amount, "the time that passes")
    seconds = amount * ctx.book.scale(scale).seconds
    ctx.set_result("advance", amount=amount, scale=scale, seconds=seconds)
    ctx.log("advance", amount=amount, scale=scale, seconds=seconds)
    ctx.state.clock.elapsed_s += seconds


def set_scale(ctx: Context, action: a.SetScale) -> None:
    """The game master switches scale at will (R-RNP-TIME-1)."""
    before = ctx.state.clock.scale
    if before == action.scale:
        raise Refused("same_scale", f"the clock already counts in {action.scale}s", scale=action.scale)
    ctx.state.clock.scale = action.scale
    ctx.set_result("set_scale", scale=action.scale, before=before)
    ctx.log("set_scale", scale=action.scale, before=before)


def set_clock(ctx: Context, action: a.SetClock) -> None:
    """The eraser for the clock: elapsed seconds since the start of the game."""
    elapsed = not_negative(action.elapsed_s, "elapsed time")
    before = ctx.state.clock.elapsed_s
    ctx.state.clock.elapsed_s = elapsed
    ctx.set_result("set_clock", elapsed_s=elapsed, before=before)
    ctx.log("set_clock", elapsed_s=elapsed, before=before)


def clock_view(book: RolenplayBook, clock: Clock) -> dict[str, Any]:
    """Elapsed time split into day (from 1), hour, minute, second, and counted in each scale."""
    day_s = book.scale("day").seconds
    hour_s = book.scale("hour").seconds
    minute_s = book.scale("minute").seconds
    elapsed = clock.elapsed_s
    into_day = elapsed % day_s
    view: dict[str, Any] = {
        "elapsed_s": elapsed,
        "scale": clock.scale,
        "day": int(elapsed // day_s) + 1,
        "hour": int(into_day // hour_s),
        "minute": int(into_day % hour_s // minute_s),
        "second": into_day % minute_s,
    }
    view["in_scales"] = {s.id: elapsed / s.seconds for s in book.time.scales}
    return tidy(view)

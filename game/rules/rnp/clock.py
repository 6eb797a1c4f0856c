"""The clock: four time scales, time passing, the scale in use (R-RNP-TIME-1)."""

from __future__ import annotations

from typing import Any

from game.books.rolenplay import DaylightPeriod, MarkId, RolenplayBook
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.rnp.context import Context, not_negative, tidy_view
from game.rules.rnp.state import Clock, TableState


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
    return tidy_view(view)


# -- the game master's table: jumps, the clock setter, daylight ------------------------------------------
def seconds_to(book: RolenplayBook, now: float, mark: MarkId) -> float:
    """Seconds from ``now`` to the next dawn, noon, dusk or midnight (book hours); never zero."""
    day_s = book.scale("day").seconds
    at = book.time.marks[mark] * book.scale("hour").seconds
    into_day = now % day_s
    return at - into_day if at > into_day else day_s - into_day + at


def advance_to(ctx: Context, action: a.AdvanceTo) -> None:
    """Time passes to the next dawn, noon, dusk or midnight (book hours); never zero: at 06:00 sharp,
    "to dawn" is tomorrow's."""
    now = ctx.state.clock.elapsed_s
    seconds = seconds_to(ctx.book, now, action.to)
    ctx.set_result("advance_to", to=action.to, seconds=seconds)
    ctx.log("advance_to", to=action.to, seconds=seconds)
    ctx.state.clock.elapsed_s = now + seconds


def set_time_of_day(ctx: Context, action: a.SetTimeOfDay) -> None:
    """The clock setter: ``hour``:``minute`` of ``day`` (from 1; today when omitted)."""
    book = ctx.book
    hours_a_day = book.scale("day").seconds // book.scale("hour").seconds
    minutes_an_hour = book.scale("hour").seconds // book.scale("minute").seconds
    if not 0 <= action.hour < hours_a_day or not 0 <= action.minute < minutes_an_hour:
        raise Refused(
            "time_of_day",
            f"a time of day is 00:00 to {hours_a_day - 1}:{minutes_an_hour - 1}",
            hours=hours_a_day - 1,
            minutes=minutes_an_hour - 1,
        )
    day_s = book.scale("day").seconds
    before = ctx.state.clock.elapsed_s
    day = int(before // day_s) + 1 if action.day is None else action.day
    if day < 1:
        raise Refused("day_from_one", "days are counted from 1")
    elapsed = (day - 1) * day_s + action.hour * book.scale("hour").seconds + action.minute * book.scale("minute").seconds
    ctx.state.clock.elapsed_s = elapsed
    ctx.set_result("set_time_of_day", elapsed_s=elapsed, before=before)
    ctx.log("set_clock", elapsed_s=elapsed, before=before)


def daylight(book: RolenplayBook, elapsed_s: float) -> DaylightPeriod:
    """R-RNP-LIGHT-1: the period of the day outdoors at this time (day bright, dawn and dusk dim, night dark)."""
    hour = elapsed_s % book.scale("day").seconds / book.scale("hour").seconds
    current = book.time.daylight[-1]  # before the first period starts, the last one (night) goes on
    for period in book.time.daylight:
        if period.from_hour <= hour:
            current = period
    return current


def outdoor_light(book: RolenplayBook, state: TableState) -> str:
    """R-RNP-LIGHT-1 (revised): outdoors by the clock: day bright, dawn and dusk dim; at night the moon
    the game master set: a particularly bright full moon dim light, any other darkness (book data)."""
    period = daylight(book, state.clock.elapsed_s)
    return book.time.moon_phase(state.moon).night_light if period.moonlit else period.light


def light_now(book: RolenplayBook, state: TableState) -> str:
    """The light the calculators use: the game master's, or outdoors the clock's (and the moon's)."""
    return state.light_override or outdoor_light(book, state)


def set_moon(ctx: Context, action: a.SetMoon) -> None:
    """The game master sets the moon's phase (R-RNP-LIGHT-1): it lights the night outdoors."""
    phases = [p.id for p in ctx.book.time.moon]
    if action.phase not in phases:
        raise Refused("unknown_moon", f"'{action.phase}' is not a phase of the moon here ({', '.join(phases)})", phases=phases)
    before = ctx.book.time.moon_phase(ctx.state.moon).id
    ctx.state.moon = action.phase
    ctx.set_result("set_moon", phase=action.phase, before=before, light=light_now(ctx.book, ctx.state))
    ctx.log("set_moon", phase=action.phase, before=before)


def set_light(ctx: Context, action: a.SetLight) -> None:
    """The game master sets the light (indoors, underground, a torch) or gives it back to the clock."""
    before = ctx.state.light_override
    ctx.state.light_override = action.light
    ctx.set_result("set_light", light=action.light, before=before)
    ctx.log("set_light", light=action.light, before=before)

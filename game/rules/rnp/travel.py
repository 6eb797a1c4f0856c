"""Travel: paces, terrain, forced march, mounts and vehicles.

R-RNP-PACE-1 (pace table, 8-hour march day), R-RNP-PACE-2 (difficult terrain),
R-RNP-MARCH-1 (forced march and its CON saves), R-RNP-MOUNT-1 (gallop, cart, boat).
Each column of the pace table is used as printed (the day column is not 8 × the
hour column: slow 27 km a day but 3 km an hour).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from game.books.rolenplay import RolenplayBook
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.rnp.abilities import check_score, modifier, saving_throw, test_roll
from game.rules.rnp.context import Context, not_negative, whole
from game.rules.rnp.exhaustion import gain, has_effect, is_dead, rest_effects
from game.rules.rnp.state import Character, PaceName
from game.rules.rnp.supplies import pack_day
from game.rules.rnp.sustenance import water_need
from game.rules.rnp.timers import cannot_breathe

# Nights worked out one by one on a leg with packs or camps: a sheet limit (ten years), not a rule.
MAX_NIGHTS = 3660
EPSILON = 1e-9  # float guard: 2.0000000001 gallop hours are 2


@dataclass
class Leg:
    """A leg worked out: its length, its time, and the forced-march hours marched each day."""

    distance_m: float
    seconds: float
    days: int = 0
    extra_hours: int = 0
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Speed:
    """Metres per minute, per hour and per march day, after the terrain factor."""

    per_minute: float
    per_hour: float
    per_day: float


def one_duration(**given: float | None) -> tuple[str, float]:
    """Exactly one of the durations (or distance) must be given; returns which and its value."""
    named = [(name, value) for name, value in given.items() if value is not None]
    if len(named) != 1:
        choices = ", ".join(given)
        raise Refused("one_duration", f"give exactly one of {choices}", choices=list(given))
    name, value = named[0]
    return name, not_negative(value, name)


def terrain_factor(book: RolenplayBook, terrain: str) -> float:
    """R-RNP-PACE-2: difficult terrain halves the distance (book data)."""
    return book.terrain(terrain).distance_factor


def walking_speed(book: RolenplayBook, pace: str, terrain: str) -> Speed:
    """R-RNP-PACE-1 / R-RNP-PACE-2: the pace table's three columns, on this terrain."""
    row = book.pace(pace)
    factor = terrain_factor(book, terrain)
    return Speed(row.per_minute_m * factor, row.per_hour_m * factor, row.per_day_m * factor)


def gallop_speed(book: RolenplayBook, terrain: str) -> Speed:
    """R-RNP-MOUNT-1: twice the fast pace's hour (book data); no day column, a gallop lasts an hour at most.

    Decision (revised): the text's "12 km in an hour" wins over the table's minute column, so a
    minute of gallop is the hour's distance spread evenly (200 m): 60 minutes and 1 hour agree.
    """
    gallop = book.travel.gallop
    per_hour = walking_speed(book, gallop.of_pace, terrain).per_hour * gallop.factor
    minutes_per_hour = book.scale("hour").seconds / book.scale("minute").seconds
    return Speed(per_hour / minutes_per_hour, per_hour, 0)


def check_gallop(book: RolenplayBook, scale: str, amount: float, relay: bool = False) -> None:
    """R-RNP-MOUNT-1: a gallop lasts one hour at most, never a whole day, and says why when longer. With
    relay mounts (revised: "en changeant de monture régulièrement", where the game master allows it) a
    party gallops for up to a march day (8 h) at a time, or whole days of it."""
    if relay:
        if scale != "day":
            check_march_hours(book, amount * book.scale(scale).seconds / book.scale("hour").seconds)
        return
    limit = book.travel.gallop.max_minutes
    minutes = amount * book.scale(scale).seconds / book.scale("minute").seconds if scale != "day" else math.inf
    if minutes > limit:
        raise Refused(
            "gallop_too_long",
            f"a mount gallops for {limit} minutes at most; longer needs a fresh mount each hour (relay mounts,"
            " where the game master allows it)",
            minutes=limit,
        )


def gallop_hours_begun(book: RolenplayBook, leg: Leg) -> int:
    """R-RNP-MOUNT-1 (revised): each gallop hour needs a fresh mount: the hours a rider gallops, every hour
    begun counted (a relay day is a march day of gallop: 8)."""
    if leg.days:
        return leg.days * math.ceil(book.travel.march_hours_per_day - EPSILON)
    return math.ceil(leg.seconds / book.scale("hour").seconds - EPSILON)


def relay_counts(book: RolenplayBook, leg: Leg, riders: int) -> dict[str, int]:
    """The fresh mounts a relay leg needs (one per rider per gallop hour; the first hour's is the mount
    each sets out on, or, on a later day, one rested overnight) and the changes of mount a rider makes."""
    hours = gallop_hours_begun(book, leg)
    days = max(1, leg.days)
    return {"fresh_mounts": hours * riders, "relays": max(0, hours - days)}


def check_march_hours(book: RolenplayBook, hours: float) -> None:
    """R-RNP-MARCH-1: more than a march day (8 h) is a forced march, given as days + extra_hours."""
    day = book.travel.march_hours_per_day
    if hours > day:
        raise Refused("hours_over_day", f"at most {day:g} hours; longer is a forced march: give days and extra_hours", hours=day)


def check_march_minutes(book: RolenplayBook, minutes: float) -> None:
    """R-RNP-MARCH-1 decision: minutes cannot escape the 8-hour march day and its saves (480 minutes at most)."""
    limit = book.travel.march_hours_per_day * book.scale("hour").seconds / book.scale("minute").seconds
    if minutes > limit:
        raise Refused(
            "minutes_over_day",
            f"at most {limit:g} minutes of march at a time; longer is a forced march: give days and extra_hours",
            minutes=limit,
            hours=book.travel.march_hours_per_day,
        )


def forced_hours(book: RolenplayBook, extra: float, scale: str, amount: float) -> int:
    """R-RNP-MARCH-1: forced-march hours follow a full day of march (at least one day), and are whole
    (a save ends each)."""
    if extra and (scale != "days" or amount < 1):
        raise Refused(
            "extra_without_days",
            "extra_hours (a forced march) follow a full day of march: give at least 1 day and the extra hours",
        )
    hours = whole(extra, "extra_hours")
    # Decision (R-RNP-MARCH-1): a day has 24 hours, so a forced march adds at most 24 - 8 = 16 to the march day
    # (the text sets no limit; 23 extra hours made 31-hour days).
    most = int(book.scale("day").seconds // book.scale("hour").seconds - book.travel.march_hours_per_day)
    if hours > most:
        raise Refused("extra_over_day", f"a day has room for {most} hours of forced march at most (got {hours})", hours=most)
    return hours


def timed_leg(book: RolenplayBook, speed: Speed, scale: str, amount: float, extra: int) -> Leg:
    """Distance and time of a leg given as minutes, hours or days (+ forced hours each day)."""
    if scale == "minutes":
        return Leg(speed.per_minute * amount, amount * book.scale("minute").seconds)
    if scale == "hours":
        return Leg(speed.per_hour * amount, amount * book.scale("hour").seconds)
    days = whole(amount, "days")
    distance = days * (speed.per_day + extra * speed.per_hour)
    return Leg(distance, days * book.scale("day").seconds, days=days, extra_hours=extra)


def forced_march_saves(book: RolenplayBook, leg: Leg, roll: Callable[[int], dict[str, Any] | None]) -> list[dict[str, Any]]:
    """R-RNP-MARCH-1: at the end of each hour past the march day, a save at DC 10 + hours past 8.

    Decision: with several days, each day is marched 8 h + ``extra_hours`` and the DC
    starts again from 10 + 1 each day. ``roll(dc)`` rolls one save (None: nothing to roll).
    """
    march = book.travel.forced_march
    saves = []
    for day in range(1, leg.days + 1):
        for hour in range(1, leg.extra_hours + 1):
            result = roll(march.dc_base + march.dc_per_hour * hour)
            if result is not None:
                saves.append({"day": day, "hour": hour, **result})
    return saves


# -- the calculator of CASES.md --------------------------------------------------------------------
def travel(ctx: Context, action: a.Travel) -> None:
    """``travel``: distance of a leg; with ``con`` the forced-march saves are rolled (d20 + CON mod)."""
    book = ctx.book
    scale, amount = one_duration(minutes=action.minutes, hours=action.hours, days=action.days)
    extra = forced_hours(book, not_negative(action.extra_hours, "extra_hours"), scale, amount)
    if scale == "hours":
        check_march_hours(book, amount)
    if scale == "minutes" and action.pace != "gallop":
        check_march_minutes(book, amount)
    if action.relay and action.pace != "gallop":
        raise Refused("relay_gallop_only", "relay mounts are for a gallop")
    if action.pace == "gallop":
        if extra:
            raise Refused("extra_without_days", "a gallop has no forced march")
        check_gallop(book, scale.rstrip("s"), amount, action.relay)
        speed = gallop_speed(book, action.terrain)
        if action.relay:
            speed = Speed(speed.per_minute, speed.per_hour, speed.per_hour * book.travel.march_hours_per_day)
    else:
        speed = walking_speed(book, action.pace, action.terrain)
    con = None if action.con is None else check_score(book, action.con, "Constitution")
    leg = timed_leg(book, speed, scale, amount, extra)
    exhaustion: int | None = None
    saves: list[dict[str, Any]] = []
    if con is not None:
        march = book.travel.forced_march
        bonus = modifier(book, con)
        gained = 0

        def roll(dc: int) -> dict[str, Any] | None:
            nonlocal gained
            if gained >= book.exhaustion.maximum:
                return None  # the traveller is dead: no more saves
            result = test_roll(ctx, bonus, dc)
            if not result["success"]:
                gained = min(book.exhaustion.maximum, gained + march.levels_on_failure)
            return result

        saves = forced_march_saves(book, leg, roll)
        exhaustion = gained
    ctx.set_result(
        "travel",
        distance_m=leg.distance_m,
        seconds=leg.seconds,
        exhaustion=exhaustion,
        saves=saves,
        pace=action.pace,
        terrain=action.terrain,
        **(relay_counts(book, leg, 1) if action.relay else {}),
    )


# -- the party on the road ---------------------------------------------------------------------------
def party_leg(ctx: Context, action: a.TravelParty, pace: str) -> tuple[Leg, str | None]:
    """Work out a party leg by mode at ``pace``; returns it and the pace whose effects the party now has."""
    book = ctx.book
    scale, amount = one_duration(distance_m=action.distance_m, minutes=action.minutes, hours=action.hours, days=action.days)
    extra = not_negative(action.extra_hours, "extra_hours")
    if action.mode != "boat" and (action.boat_kmh is not None or action.boat_hours_per_day is not None):
        raise Refused("boat_only", "boat_kmh and boat_hours_per_day are for boats")
    if action.mode == "boat":
        return boat_leg(ctx, action, scale, amount, extra), None
    if action.relay and action.mode != "gallop":
        raise Refused("relay_gallop_only", "relay mounts are for a gallop")
    if action.gallop_hours and (action.mode != "ride" or scale != "days"):
        raise Refused("gallop_hours_ride_days", "gallop_hours are the gallop of each day of a ride: give mode ride and days")
    if action.mode == "gallop":
        return gallop_leg(book, action, scale, amount, extra), book.travel.gallop.of_pace
    if action.mode == "cart" and pace != book.travel.vehicles.cart_pace:
        raise Refused(
            "cart_pace", f"carts travel at the {book.travel.vehicles.cart_pace} pace", pace=book.travel.vehicles.cart_pace
        )
    speed = walking_speed(book, pace, action.terrain)
    if scale == "distance_m":
        if extra:
            raise Refused("extra_with_distance", "a forced march is given as days + extra_hours, not a distance")
        return distance_leg(book, speed, amount), pace
    extra_hours = forced_hours(book, extra, scale, amount)
    if scale == "hours":
        check_march_hours(book, amount)
    if scale == "minutes":
        check_march_minutes(book, amount)
    leg = timed_leg(book, speed, scale, amount, extra_hours)
    if action.gallop_hours:
        return ride_gallop(book, action, leg, speed), book.travel.gallop.of_pace
    return leg, pace


def gallop_leg(book: RolenplayBook, action: a.TravelParty, scale: str, amount: float, extra: float) -> Leg:
    """R-RNP-MOUNT-1: a gallop at twice the fast pace, an hour at most; with ``relay`` (fresh mounts) up to
    a march day, or days of it (8 gallop hours a day). No forced march either way."""
    if extra:
        raise Refused("extra_without_days", "a gallop has no forced march")
    speed = gallop_speed(book, action.terrain)
    if action.relay:
        speed = Speed(speed.per_minute, speed.per_hour, speed.per_hour * book.travel.march_hours_per_day)
    if scale == "distance_m":
        hours = amount / speed.per_hour if speed.per_hour else math.inf
        check_gallop(book, "hour", hours, action.relay)
        return Leg(amount, hours * book.scale("hour").seconds)
    check_gallop(book, scale.rstrip("s"), amount, action.relay)
    return timed_leg(book, speed, scale, amount, 0)


def ride_gallop(book: RolenplayBook, action: a.TravelParty, leg: Leg, speed: Speed) -> Leg:
    """Decision: a day's ride may gallop up to the gallop's hour (``gallop_hours``): those hours of the
    day's march cover the gallop's distance instead of the pace's hour (R-RNP-MOUNT-1)."""
    hours = not_negative(action.gallop_hours, "gallop_hours")
    limit_h = book.travel.gallop.max_minutes * book.scale("minute").seconds / book.scale("hour").seconds
    if hours > limit_h:
        raise Refused(
            "gallop_too_long",
            f"a mount gallops for {book.travel.gallop.max_minutes} minutes at most",
            minutes=book.travel.gallop.max_minutes,
        )
    per_day = speed.per_day + hours * (gallop_speed(book, action.terrain).per_hour - speed.per_hour)
    return Leg(leg.days * (per_day + leg.extra_hours * speed.per_hour), leg.seconds, leg.days, leg.extra_hours, leg.detail)


def distance_leg(book: RolenplayBook, speed: Speed, metres: float) -> Leg:
    """Decision: a distance takes whole march days (day column), then hours (hour column) for the rest;
    a rest needing more than a march day counts as one more day."""
    if speed.per_day <= 0 or speed.per_hour <= 0:
        raise Refused("no_speed", "this pace covers no distance")
    days = int(metres // speed.per_day)
    hours = (metres - days * speed.per_day) / speed.per_hour
    if hours > book.travel.march_hours_per_day:
        days, hours = days + 1, 0.0
    seconds = days * book.scale("day").seconds + hours * book.scale("hour").seconds
    return Leg(metres, seconds, detail={"days": days, "hours": hours})


def boat_leg(ctx: Context, action: a.TravelParty, scale: str, amount: float, extra: float) -> Leg:
    """R-RNP-MOUNT-1: a boat goes at its own speed, some hours a day (8 by default, up to 24)."""
    book = ctx.book
    vehicles = book.travel.vehicles
    if action.boat_kmh is None:
        raise Refused("boat_speed", "give the boat's speed (boat_kmh)")
    if extra:
        raise Refused("boat_forced_march", "a boat has no forced march: give its sailing hours per day")
    if action.terrain != "normal":
        raise Refused("boat_terrain", "difficult terrain is for land travel; a boat goes at its own speed")
    kmh = not_negative(action.boat_kmh, "boat_kmh")
    per_day_hours = vehicles.boat_hours_per_day if action.boat_hours_per_day is None else action.boat_hours_per_day
    if not 0 < per_day_hours <= vehicles.boat_hours_per_day_max:
        raise Refused(
            "boat_hours",
            f"a boat sails from more than 0 to {vehicles.boat_hours_per_day_max:g} hours a day",
            maximum=vehicles.boat_hours_per_day_max,
        )
    per_hour = kmh * 1000  # km → m: a unit, not a rule
    hour_s = book.scale("hour").seconds
    if scale == "distance_m":
        if per_hour <= 0:
            raise Refused("no_speed", "a boat at 0 km/h covers no distance")
        days = int(amount // (per_hour * per_day_hours))
        hours = (amount - days * per_hour * per_day_hours) / per_hour
        return Leg(amount, days * book.scale("day").seconds + hours * hour_s, detail={"days": days, "hours": hours})
    if scale == "minutes":
        if amount * book.scale("minute").seconds > per_day_hours * hour_s:
            raise Refused("boat_hours_over_day", f"this boat sails {per_day_hours:g} hours a day: give days", hours=per_day_hours)
        return Leg(per_hour * amount * book.scale("minute").seconds / hour_s, amount * book.scale("minute").seconds)
    if scale == "hours":
        if amount > per_day_hours:
            raise Refused("boat_hours_over_day", f"this boat sails {per_day_hours:g} hours a day: give days", hours=per_day_hours)
        return Leg(per_hour * amount, amount * hour_s)
    days = whole(amount, "days")
    return Leg(per_hour * per_day_hours * days, days * book.scale("day").seconds, days=days)


def travellers(ctx: Context, action: a.TravelParty) -> list[Character]:
    """The characters on this leg (all living by default); someone at speed 0 cannot walk."""
    book = ctx.book
    members = ctx.members(action.who, "nobody travels")
    if action.mode == "foot":  # a rider, like a cart's passenger, is carried
        for member in members:
            if has_effect(book, member.exhaustion, "speed_zero"):
                raise Refused(
                    "cannot_walk",
                    f"{member.name} cannot walk (speed 0 from exhaustion): carry them by cart or boat, or leave them out of who",
                    name=member.name,
                )
    return members


def leg_pace(ctx: Context, action: a.TravelParty, members: list[Character]) -> tuple[str, list[str]]:
    """On foot the party goes no faster than its slowest member (``max_pace``); returns the pace and who set
    it. Carried (a cart, a boat, a mount), nobody slows it."""
    order = [p.id for p in ctx.book.travel.paces]
    pace = action.pace
    if action.mode != "foot":
        return pace, []
    slowest = min((m.max_pace for m in members if m.max_pace is not None), key=order.index, default=None)
    if slowest is None or order.index(slowest) >= order.index(pace):
        return pace, []
    return slowest, [m.name for m in members if m.max_pace == slowest]


def travel_party(ctx: Context, action: a.TravelParty) -> None:
    """A leg applied to the party: forced-march saves per traveller, exhaustion, clock, journal.

    Saves are drawn day by day, hour by hour, then traveller by traveller in party
    order (R-RNP-MARCH-1); a failure counts at once, so a level-3 traveller rolls the
    next saves with disadvantage and a dead one stops rolling. With ``supplies`` each
    day then feeds and waters the travellers from their packs (water saves in party
    order); with ``camp`` each day ends with the night's long rest (inside its 24 h).
    Living members not on the leg are left behind where the clock finds them.
    """
    book = ctx.book
    members = travellers(ctx, action)
    pace_wanted, slowed_by = leg_pace(ctx, action, members)
    leg, pace = party_leg(ctx, action, pace_wanted)
    if leg.seconds <= 0:  # Decision: "En route !" with 0 h or 0 km is a slip, not a journey for the journal
        raise Refused("empty_leg", "a leg of no length goes nowhere: give a distance or a time above 0")
    need = water_need(book, action.hot, action.hot_need_l)
    if (action.supplies or action.camp) and leg.days > MAX_NIGHTS:
        raise Refused(
            "too_many_nights",
            f"meals and camps are worked out night by night for {MAX_NIGHTS} days at most: give a shorter leg",
            maximum=MAX_NIGHTS,
        )
    ability = book.travel.forced_march.ability
    gained = {m.name: 0 for m in members}
    saves: list[dict[str, Any]] = []
    days: list[dict[str, Any]] = []
    for day in range(1, leg.days + 1):
        for hour in range(1, leg.extra_hours + 1):
            dc = book.travel.forced_march.dc_base + book.travel.forced_march.dc_per_hour * hour
            for member in members:
                if is_dead(book, member):
                    continue
                result = saving_throw(ctx, member, ability, dc)
                if not result["success"]:
                    gained[member.name] += gain(book, member, book.travel.forced_march.levels_on_failure, "march")
                saves.append({"day": day, "hour": hour, **result})
        if action.supplies or action.camp:
            days.append(night(ctx, action, members, gained, need))
    on_the_road(ctx, members)
    ctx.state.pace = cast(PaceName | None, pace)  # a pace of the book's table (party_leg checked it)
    ctx.state.mode = action.mode
    # A leg of days with camp ends in camp: the pace's effects (fast: −5 passive Perception) end with it.
    ctx.state.resting = action.camp and leg.days > 0
    names = [m.name for m in members]
    relay = relay_counts(book, leg, len(members)) if action.relay else {}
    ctx.set_result(
        "travel_party",
        distance_m=leg.distance_m,
        seconds=leg.seconds,
        exhaustion=gained,
        saves=saves,
        mode=action.mode,
        pace=pace,
        terrain=action.terrain,
        travellers=names,
        slowed_by=slowed_by,
        **relay,
        # A leg given as a distance has no nights (leg.days is 0): its days are the split in days and hours.
        **({"days": days} | leg.detail),
    )
    ctx.log(
        "travel_party",
        names,
        distance_m=leg.distance_m,
        seconds=leg.seconds,
        mode=action.mode,
        pace=pace,
        terrain=action.terrain,
        exhaustion=gained,
        camp=action.camp,
        supplies=action.supplies,
        saves=[{k: save[k] for k in ("day", "hour", "who", "roll", "total", "dc", "success")} for save in saves],
    )
    ctx.state.clock.elapsed_s += leg.seconds


def night(ctx: Context, action: a.TravelParty, members: list[Character], gained: dict[str, int], need: float) -> dict[str, Any]:
    """The end of a travel day: meals and ``need`` litres of water from the packs (``supplies``), then the
    long rest (``camp``)."""
    living = [m for m in members if not is_dead(ctx.book, m)]
    packs: dict[str, Any] = {}
    if action.supplies:
        for member in living:
            packs[member.name] = pack_day(ctx, member, need)
            gained[member.name] += packs[member.name]["exhaustion"]
        living = [m for m in living if not is_dead(ctx.book, m)]
    rest: dict[str, Any] = {}
    if action.camp and living:
        recovered, blocked = rest_effects(ctx.book, living, cannot_breathe(ctx.state))
        rest = {"recovered": recovered, "blocked": blocked}
    return {"packs": packs, "rest": rest}


def on_the_road(ctx: Context, members: list[Character]) -> None:
    """Travellers are with the party; living members not on the leg stay where they are, on the clock."""
    names = {m.name for m in members}
    for member in ctx.state.party:
        if member.name in names:
            member.left_at_s = None
        elif member.left_at_s is None and not is_dead(ctx.book, member):
            member.left_at_s = ctx.state.clock.elapsed_s

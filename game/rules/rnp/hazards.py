"""Falls (R-RNP-FALL-1) and holding one's breath (R-RNP-AIR-1)."""

from __future__ import annotations

import math

from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.rnp.abilities import check_score, modifier
from game.rules.rnp.context import Context, not_negative
from game.rules.rnp.health import take_damage
from game.rules.rnp.timers import start_timer

# Float guard for "per full 3 m": 9.000000001 m and 8.999999999 m both mean 9 m.
EPSILON = 1e-9


def fall_dice(ctx: Context, metres: float) -> int:
    """R-RNP-FALL-1: one die per full 3 m, at most 20 (book data)."""
    rules = ctx.book.falls
    return min(rules.max_dice, math.floor(metres / rules.metres_per_die + EPSILON))


def fall(ctx: Context, action: a.Fall) -> str | None:
    """R-RNP-FALL-1: roll the d6s; the faller ends prone unless it avoided all the damage (revised: under
    3 m, or the damage reduced to 0 by ``reduce_by``, it stays standing)."""
    metres = not_negative(action.metres, "metres")
    reduce_by = int(not_negative(action.reduce_by, "reduce_by"))
    who = [ctx.character(action.character).name] if action.character else []
    count = fall_dice(ctx, metres)
    faces = ctx.dice.roll_many(count, ctx.book.falls.die)
    rolled = sum(faces)
    damage = max(0, rolled - reduce_by)
    hp = None
    if action.character and ctx.character(action.character).hp_max:
        member = ctx.character(action.character)
        take_damage(ctx.book, member, damage)  # the damage lands on the sheet's hit points
        hp = member.hp
    ctx.set_result(
        "fall",
        metres=metres,
        dice=count,
        rolls=faces,
        rolled=rolled,
        reduced_by=min(rolled, reduce_by),
        damage=damage,
        prone=damage > 0,
        character=action.character,
        hp=hp,
    )
    ctx.log("fall", who, metres=metres, damage=damage, rolls=faces)
    return None


def hold_breath(ctx: Context, action: a.HoldBreath) -> None:
    """R-RNP-AIR-1: 1 + CON mod minutes (at least 30 s); then CON mod rounds (at least 1), then 0 HP."""
    rules = ctx.book.breath
    if (action.con is None) == (action.character is None):
        raise Refused("con_or_character", "give either con (a score) or a party character")
    if action.character is not None:
        con = ctx.living(action.character).scores[rules.ability]
    else:
        con = check_score(ctx.book, action.con, "Constitution")
    mod = modifier(ctx.book, con)
    minute = ctx.book.scale("minute").seconds
    seconds = max(rules.minimum_seconds, (rules.base_minutes + mod) * minute)
    rounds = max(rules.rounds_minimum, mod)
    round_s = ctx.book.scale("round").seconds
    total = seconds + rounds * round_s
    if action.timer:
        if action.character is None:
            raise Refused("timer_needs_character", "a breath countdown is for a party character")
        start_timer(ctx, action.character, total, action.character, kind="breath", hold_s=seconds)
        ctx.log("hold_breath", [action.character], seconds=seconds, rounds=rounds)
    ctx.set_result("hold_breath", seconds=seconds, rounds_after=rounds, total_seconds=total, character=action.character)

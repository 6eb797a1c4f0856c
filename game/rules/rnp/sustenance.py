"""Food (R-RNP-FOOD-1) and water (R-RNP-WATER-1), as calculators and per party member."""

from __future__ import annotations

import math
from typing import Any

from game.books.rolenplay import RolenplayBook
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.rnp.abilities import check_score, modifier, saving_throw, test_roll
from game.rules.rnp.context import Context, not_negative, whole_or_half
from game.rules.rnp.exhaustion import gain
from game.rules.rnp.state import Character

EPSILON = 1e-9  # float guard when counting whole days past the safe ones


# -- food ---------------------------------------------------------------------------------------------
def safe_fasting_days(book: RolenplayBook, con: int) -> int:
    """R-RNP-FOOD-1: 3 + CON modifier days without harm, at least 1 (book data)."""
    return max(book.food.fasting_minimum_days, book.food.fasting_base_days + modifier(book, con))


def hunger_levels(book: RolenplayBook, con: int, fasting_days: float) -> int:
    """R-RNP-FOOD-1: one level for each full day of fasting past the safe days."""
    past = fasting_days - safe_fasting_days(book, con)
    return max(0, math.floor(past + EPSILON)) * book.food.levels_per_day


def fast(ctx: Context, action: a.Fast) -> None:
    """``fast``: levels from days without food, half-ration days counting half (R-RNP-FOOD-1)."""
    book = ctx.book
    con = check_score(book, action.con, "Constitution")
    days = whole_or_half(action.days_without_food, "days_without_food")
    halves = whole_or_half(action.half_ration_days, "half_ration_days")
    total = days + halves * book.food.half_ration_fasting_days
    ctx.set_result(
        "fast",
        fasting_days=total,
        safe_days=safe_fasting_days(book, con),
        exhaustion=min(book.exhaustion.maximum, hunger_levels(book, con, total)),
    )


def ration_of(book: RolenplayBook, action: a.EatDay) -> str:
    """The day's ration from ``ration`` or ``grams`` (decision: under half a ration counts as none)."""
    if (action.ration is None) == (action.grams is None):
        raise Refused("ration_or_grams", "give either ration (full, half, none) or the grams eaten")
    if action.ration is not None:
        return action.ration
    grams = not_negative(action.grams, "grams")
    if grams >= book.food.grams_per_day:
        return "full"
    return "half" if grams >= book.food.grams_per_day * book.food.half_ration_share else "none"


def apply_ration(book: RolenplayBook, member: Character, ration: str) -> int:
    """A day's eating: a full day resets the fast; half a ration adds half a day; returns the levels gained."""
    con = member.scores[book.food.ability]
    before = member.fasting_days
    if ration == "full":
        after = 0.0
    else:
        after = before + (book.food.half_ration_fasting_days if ration == "half" else 1)
    levels = max(0, hunger_levels(book, con, after) - hunger_levels(book, con, before))
    member.fasting_days = after
    return gain(book, member, levels, "hunger")


def eat_day(ctx: Context, action: a.EatDay) -> None:
    """One day of eating for a party member: a full day resets the fast; half a ration adds half a day."""
    book = ctx.book
    member = ctx.living(action.character)
    ration = ration_of(book, action)
    con = member.scores[book.food.ability]
    gained = apply_ration(book, member, ration)
    after = member.fasting_days
    ctx.set_result(
        "eat_day",
        character=member.name,
        ration=ration,
        fasting_days=after,
        safe_days=safe_fasting_days(book, con),
        exhaustion=gained,
        level=member.exhaustion,
    )
    ctx.log("eat_day", [member.name], ration=ration, fasting_days=after, exhaustion=gained)


def set_fasting(ctx: Context, action: a.SetFasting) -> None:
    """The eraser for the fasting count."""
    member = ctx.character(action.character)
    before = member.fasting_days
    member.fasting_days = whole_or_half(action.days, "days")
    ctx.set_result("set_fasting", character=member.name, before=before, fasting_days=member.fasting_days)
    ctx.log("set_fasting", [member.name], before=before, fasting_days=member.fasting_days)


# -- water ---------------------------------------------------------------------------------------------
def water_need(book: RolenplayBook, hot: bool, hot_need_l: float | None = None) -> float:
    """R-RNP-WATER-1: 3 L a day; "up to 6 L" in hot weather (revised): the game master's ``hot_need_l``
    from 3 to 6 L (book data), 6 when not given."""
    rules = book.water
    if not hot:
        if hot_need_l is not None:
            raise Refused("hot_need_without_hot", "hot_need_l is the need in hot weather: give hot too")
        return rules.litres_per_day
    if hot_need_l is None:
        return rules.hot_litres_per_day
    if not rules.hot_litres_min <= hot_need_l <= rules.hot_litres_per_day:
        raise Refused(
            "hot_need_range",
            f"in hot weather a character needs {rules.hot_litres_min:g} to {rules.hot_litres_per_day:g} L a day",
            minimum=rules.hot_litres_min,
            maximum=rules.hot_litres_per_day,
        )
    return hot_need_l


def water_status(book: RolenplayBook, litres: float, need: float) -> str:
    """enough / half / none of the day's ``need`` (decision: under half the need counts as none)."""
    if litres >= need:
        return "enough"
    return "half" if litres >= need * book.water.half_share else "none"


def thirst_levels(book: RolenplayBook, status: str, save: dict[str, Any] | None, exhausted: bool) -> int:
    """R-RNP-WATER-1: none → 1 level; half → 1 level on a failed DC 15 CON save; +1 if already exhausted."""
    rules = book.water
    if status == "enough" or (status == "half" and save is not None and save["success"]):
        return 0
    return rules.levels + (rules.extra_if_exhausted if exhausted else 0)


def thirst(ctx: Context, action: a.Thirst) -> None:
    """``thirst``: a day's water for a traveller of CON ``con``; a half ration draws a d20."""
    book = ctx.book
    con = check_score(book, action.con, "Constitution")
    litres = not_negative(action.litres, "litres")
    need = water_need(book, action.hot, action.hot_need_l)
    status = water_status(book, litres, need)
    save = test_roll(ctx, modifier(book, con), book.water.save_dc) if status == "half" else None
    ctx.set_result(
        "thirst",
        need_l=need,
        litres=litres,
        status=status,
        save=save,
        exhaustion=thirst_levels(book, status, save, action.exhausted),
    )


def drink(ctx: Context, action: a.Drink) -> None:
    """Water drunk now, added to today's total for drink_day."""
    member = ctx.living(action.character)
    member.water_today_l += not_negative(action.litres, "litres")
    ctx.set_result("drink", character=member.name, litres=action.litres, water_today_l=member.water_today_l)
    ctx.log("drink", [member.name], litres=action.litres)


def settle_water(ctx: Context, member: Character, litres: float, need: float) -> tuple[str, dict[str, Any] | None, int]:
    """R-RNP-WATER-1 for one day of ``need`` litres: the status, the CON save if half (rolled), the levels
    gained (thirst's); a new day's total."""
    book = ctx.book
    status = water_status(book, litres, need)
    save = saving_throw(ctx, member, book.water.ability, book.water.save_dc) if status == "half" else None
    gained = gain(book, member, thirst_levels(book, status, save, member.exhaustion > 0), "thirst")
    member.dehydrated = status != "enough"
    member.water_today_l = 0
    return status, save, gained


def drink_day(ctx: Context, action: a.DrinkDay) -> str | None:
    """Settle a party member's water for the day (R-RNP-WATER-1): save if half, levels, new day's total 0.

    The save is the member's CON save (proficiency if proficient; disadvantage from
    exhaustion level 3, book data)."""
    book = ctx.book
    member = ctx.living(action.character)
    litres = member.water_today_l if action.litres is None else not_negative(action.litres, "litres")
    need = water_need(book, action.hot, action.hot_need_l)
    status, save, gained = settle_water(ctx, member, litres, need)
    ctx.set_result(
        "drink_day",
        character=member.name,
        need_l=need,
        litres=litres,
        status=status,
        save=save,
        exhaustion=gained,
        level=member.exhaustion,
    )
    ctx.log("drink_day", [member.name], litres=litres, status=status, exhaustion=gained)
    if save is not None:
        return "success" if save["success"] else "failure"
    return None

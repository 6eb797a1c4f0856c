"""Rations and water carried by each character, eaten and drunk a day at a time.

R-RNP-FOOD-1 and R-RNP-WATER-1 applied from what the packs hold rather than typed in:
a day takes the character's ration (full or half, in days of food: 1 = the book's
daily grams) from their rations, and the day's water need (minus what was already
drunk today) from their water; what is missing counts as not eaten or not drunk.
"""

from __future__ import annotations

from typing import Any

from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.rnp.context import Context, not_negative, tidy_view
from game.rules.rnp.state import Character
from game.rules.rnp.sustenance import apply_ration, settle_water, water_need

# Pack limits of the sheet, not rules.
MAX_RATIONS = 1000
MAX_WATER_L = 1000


def set_supplies(ctx: Context, action: a.SetSupplies) -> None:
    """What a character carries (the eraser) and the ration they eat each day."""
    member = ctx.character(action.character)
    if action.rations is not None:
        rations = not_negative(action.rations, "rations")
        if rations > MAX_RATIONS:
            raise Refused("supplies_range", f"at most {MAX_RATIONS} rations", maximum=MAX_RATIONS)
        member.rations = rations
    if action.water_l is not None:
        water = not_negative(action.water_l, "water_l")
        if water > MAX_WATER_L:
            raise Refused("supplies_range", f"at most {MAX_WATER_L} litres", maximum=MAX_WATER_L)
        member.water_l = water
    if action.ration is not None:
        member.ration = action.ration
    ctx.set_result("set_supplies", character=member.name, rations=member.rations, water_l=member.water_l, ration=member.ration)
    ctx.log("set_supplies", [member.name], rations=member.rations, water_l=member.water_l, ration=member.ration)


def pack_day(ctx: Context, member: Character, need: float) -> dict[str, Any]:
    """One day from the pack: eat the ration if carried (half when only half is left), drink up to the
    need, then the day's food and water rules (the water save rolls here)."""
    book = ctx.book
    wanted = 1.0 if member.ration == "full" else book.food.half_ration_fasting_days
    eaten = min(wanted, member.rations)
    half = book.food.half_ration_fasting_days
    ration = "full" if eaten >= 1 else "half" if eaten >= half else "none"
    eaten = {"full": 1.0, "half": half, "none": 0.0}[ration]
    member.rations -= eaten
    hunger = apply_ration(book, member, ration)
    drunk = min(member.water_l, max(0.0, need - member.water_today_l))
    member.water_l -= drunk
    litres = member.water_today_l + drunk
    status, save, thirst = settle_water(ctx, member, litres, need)
    return tidy_view(
        {
            "ration": ration,
            "eaten": eaten,
            "drunk_l": drunk,
            "litres": litres,
            "water": status,
            "save": save,
            "exhaustion": hunger + thirst,
            "rations_left": member.rations,
            "water_left_l": member.water_l,
        }
    )


def supply_day(ctx: Context, action: a.SupplyDay) -> None:
    """Everyone (or ``who``) eats and drinks a day from their packs, in party order."""
    members = ctx.members(action.who, "nobody to feed")
    need = water_need(ctx.book, action.hot, action.hot_need_l)
    days = {m.name: pack_day(ctx, m, need) for m in members}
    ctx.set_result("supply_day", days=days, hot=action.hot, need_l=need)
    ctx.log("supply_day", list(days), days={n: {k: d[k] for k in ("ration", "water", "exhaustion")} for n, d in days.items()})

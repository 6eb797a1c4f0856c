"""Special movement: jumps (R-RNP-JUMP-1) and climbing, swimming, crawling (R-RNP-MOVE-1)."""

from __future__ import annotations

from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.rnp.abilities import check_score, modifier
from game.rules.rnp.context import Context, not_negative


def jump(ctx: Context, action: a.Jump) -> None:
    """R-RNP-JUMP-1: long 0.3 m × STR score; high 1 m + 0.3 m × STR mod, never below 0; both halved
    without a 3 m run-up. Reaching up adds half the jumper's height, after the halving."""
    rules = ctx.book.jumps
    strength = check_score(ctx.book, action.strength, "Strength")
    factor = 1 if action.run_up else rules.no_run_up_factor
    if action.kind == "long":
        if action.height_m is not None:
            raise Refused("reach_high_only", "height_m (reaching up) is for a high jump")
        distance = rules.long_m_per_str_score * strength * factor
        ctx.set_result(
            "jump",
            kind="long",
            distance_m=distance,
            movement_m=distance,
            run_up=action.run_up,
            run_up_m=rules.run_up_m,
            obstacle_max_m=distance * rules.obstacle_height_factor,
            landing_check=action.landing == "difficult",
        )
        return
    height = (rules.high_base_m + rules.high_m_per_str_mod * modifier(ctx.book, strength)) * factor
    height = max(rules.high_minimum_m, height)  # "never below 0" applies to the halved height too
    values = {"jump_m": height, "movement_m": height, "height_m": height}
    if action.height_m is not None:
        tall = not_negative(action.height_m, "height_m")
        values["reach_m"] = values["height_m"] = height + tall * rules.reach_height_factor
    ctx.set_result(
        "jump", kind="high", run_up=action.run_up, run_up_m=rules.run_up_m, landing_check=action.landing == "difficult", **values
    )


def special_move(ctx: Context, action: a.SpecialMove) -> None:
    """R-RNP-MOVE-1: each metre climbed, swum or crawled costs 1 extra metre, +1 in difficult terrain."""
    rules = ctx.book.special_moves
    metres = not_negative(action.metres, "metres")
    per_metre = 1 + rules.extra_m_per_m + (rules.difficult_extra_m_per_m if action.terrain == "difficult" else 0)
    ctx.set_result(
        "move", kind=action.kind, metres=metres, terrain=action.terrain, per_metre=per_metre, cost_m=metres * per_metre
    )

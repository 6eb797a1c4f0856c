"""Special movement: jumps (R-RNP-JUMP-1) and climbing, swimming, crawling (R-RNP-MOVE-1)."""

from __future__ import annotations

from typing import Any

from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.rnp.abilities import ability_check, check_score, modifier, test_roll
from game.rules.rnp.context import Context, not_negative, tidy
from game.rules.rnp.state import Character

EPSILON = 1e-9  # float guard: an obstacle of exactly a quarter of the jump is cleared


def jumper(ctx: Context, action: a.Jump) -> tuple[Character | None, int, int | None]:
    """The party member jumping (alive) or none; the Strength score; the Dexterity score if known."""
    if (action.strength is None) == (action.character is None):
        raise Refused("strength_or_character", "give either strength (a score) or a party character")
    if action.character is not None:
        if action.dex is not None:
            raise Refused("dex_on_sheet", "a party member's Dexterity is on the sheet")
        member = ctx.living(action.character)
        return member, member.scores[ctx.book.jumps.ability], member.scores[ctx.book.skill(ctx.book.jumps.landing_skill).ability]
    strength = check_score(ctx.book, action.strength, "Strength")
    dex = None if action.dex is None else check_score(ctx.book, action.dex, "Dexterity")
    return None, strength, dex


def skill_check(ctx: Context, member: Character | None, skill: str, score: int, dc: int) -> dict[str, Any]:
    """A jumper's check: a party member's (proficiency, exhaustion) or d20 + the score's modifier."""
    if member is not None:
        return ability_check(ctx, member, skill, dc)
    return test_roll(ctx, modifier(ctx.book, score), dc)


def obstacle(ctx: Context, action: a.Jump, member: Character | None, strength: int, clears_m: float) -> dict[str, Any]:
    """R-RNP-JUMP-1 (revised): an obstacle at most a quarter of the jump's length high ("dont la hauteur
    maximale est égale au quart de la longueur du saut"); a higher one is refused, naming the most. The
    game master may ask a Strength (Athletics) check: on a failure the jumper hits the obstacle."""
    if action.obstacle_m is None:
        if action.athletics_dc is not None:
            raise Refused(
                "athletics_without_obstacle", "the Strength (Athletics) check is for clearing an obstacle: give obstacle_m"
            )
        return {}
    height = not_negative(action.obstacle_m, "obstacle_m")
    if height > clears_m + EPSILON:
        raise Refused(
            "obstacle_too_high",
            f"this jump clears an obstacle of {tidy(clears_m)} m at most (a quarter of its length)",
            maximum=tidy(clears_m),
        )
    values: dict[str, Any] = {"obstacle_m": height, "hits_obstacle": False}
    if action.athletics_dc is not None:
        check = skill_check(ctx, member, ctx.book.jumps.obstacle_skill, strength, action.athletics_dc)
        values.update(athletics=check, hits_obstacle=not check["success"])
    return values


def landing(ctx: Context, action: a.Jump, member: Character | None, dex: int | None) -> dict[str, Any]:
    """R-RNP-JUMP-1 (revised): landing in difficult terrain needs a Dexterity (Acrobatics) check (DC the
    game master's, 10 by default) to land on one's feet, else prone. Rolled when the jumper's Dexterity
    is known; otherwise the check is only reported (``prone`` null)."""
    rules = ctx.book.jumps
    if action.landing != "difficult":
        if action.landing_dc is not None:
            raise Refused("landing_dc_difficult", "the landing check is for difficult terrain")
        return {"landing_check": False, "prone": False}
    dc = rules.landing_dc if action.landing_dc is None else action.landing_dc
    if dex is None:
        return {"landing_check": True, "landing_dc": dc, "prone": None}
    check = skill_check(ctx, member, rules.landing_skill, dex, dc)
    return {"landing_check": True, "landing_dc": dc, "acrobatics": check, "prone": not check["success"]}


def jump(ctx: Context, action: a.Jump) -> None:
    """R-RNP-JUMP-1: long 0.3 m × STR score; high 1 m + 0.3 m × STR mod, never below 0; both halved
    without a 3 m run-up. Reaching up adds half the jumper's height, after the halving. Dice: the
    obstacle's Athletics check, then the landing's Acrobatics check (none when the jumper hit the obstacle)."""
    rules = ctx.book.jumps
    member, strength, dex = jumper(ctx, action)
    factor = 1 if action.run_up else rules.no_run_up_factor
    common = {"run_up": action.run_up, "run_up_m": rules.run_up_m, "character": action.character}
    if action.kind == "long":
        if action.height_m is not None:
            raise Refused("reach_high_only", "height_m (reaching up) is for a high jump")
        distance = rules.long_m_per_str_score * strength * factor
        clears = distance * rules.obstacle_height_factor
        values: dict[str, Any] = {"distance_m": distance, "movement_m": distance, "obstacle_max_m": clears}
        values |= obstacle(ctx, action, member, strength, clears)
    else:
        if action.obstacle_m is not None or action.athletics_dc is not None:
            raise Refused("obstacle_long_only", "an obstacle is cleared by a long jump")
        height = (rules.high_base_m + rules.high_m_per_str_mod * modifier(ctx.book, strength)) * factor
        height = max(rules.high_minimum_m, height)  # "never below 0" applies to the halved height too
        values = {"jump_m": height, "movement_m": height, "height_m": height}
        if action.height_m is not None:
            tall = not_negative(action.height_m, "height_m")
            values["reach_m"] = values["height_m"] = height + tall * rules.reach_height_factor
    if values.get("hits_obstacle"):
        values |= {"landing_check": action.landing == "difficult", "prone": None}
    else:
        values |= landing(ctx, action, member, dex)
    ctx.set_result("jump", kind=action.kind, **common, **values)
    if member is not None:
        ctx.log("jump", [member.name], kind=action.kind, hits_obstacle=values.get("hits_obstacle"), prone=values["prone"])


def special_move(ctx: Context, action: a.SpecialMove) -> None:
    """R-RNP-MOVE-1: each metre climbed, swum or crawled costs 1 extra metre, +1 in difficult terrain."""
    rules = ctx.book.special_moves
    metres = not_negative(action.metres, "metres")
    per_metre = 1 + rules.extra_m_per_m + (rules.difficult_extra_m_per_m if action.terrain == "difficult" else 0)
    ctx.set_result(
        "move", kind=action.kind, metres=metres, terrain=action.terrain, per_metre=per_metre, cost_m=metres * per_metre
    )

"""Exhaustion levels and the long rest (R-RNP-ABILITY-1; recovery per R-RNP-FOOD-1 / R-RNP-WATER-1)."""

from __future__ import annotations

from game.books.rolenplay import RolenplayBook
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.rnp.context import Context
from game.rules.rnp.state import Character


def effects(book: RolenplayBook, level: int) -> list[str]:
    """Every effect of ``level``: levels are cumulative (level 3 also has the effects of 1 and 2)."""
    return [effect for lv in book.exhaustion.levels if lv.level <= level for effect in lv.effects]


def has_effect(book: RolenplayBook, level: int, effect: str) -> bool:
    return effect in effects(book, level)


def is_dead(book: RolenplayBook, member: Character) -> bool:
    return has_effect(book, member.exhaustion, "death")


def hp_maximum(book: RolenplayBook, member: Character) -> int:
    """The hit point maximum in force: halved (rounded down) from the exhaustion level that says so."""
    return member.hp_max // 2 if has_effect(book, member.exhaustion, "hp_max_halved") else member.hp_max


def clamp_hp(book: RolenplayBook, member: Character) -> None:
    """Current hit points never above the maximum in force (exhaustion 4 lowers it)."""
    member.hp = max(0, min(member.hp, hp_maximum(book, member)))


def gain(book: RolenplayBook, member: Character, levels: int) -> int:
    """Add exhaustion levels, never past the last (death); returns the levels actually gained."""
    before = member.exhaustion
    member.exhaustion = min(book.exhaustion.maximum, before + max(0, levels))
    clamp_hp(book, member)
    return member.exhaustion - before


def set_exhaustion(ctx: Context, action: a.SetExhaustion) -> None:
    """The eraser: write the level directly (0 to the book's last level)."""
    member = ctx.character(action.character)
    top = ctx.book.exhaustion.maximum
    if not 0 <= action.level <= top:
        raise Refused("exhaustion_range", f"exhaustion is from 0 to {top} (got {action.level})", maximum=top)
    before = member.exhaustion
    member.exhaustion = action.level
    clamp_hp(ctx.book, member)
    ctx.set_result("set_exhaustion", character=member.name, before=before, exhaustion=action.level)
    ctx.log("set_exhaustion", [member.name], before=before, level=action.level)


def recovery_blocked(member: Character) -> str | None:
    """Why a character cannot recover now: still starving or dehydrated (R-RNP-FOOD-1 / R-RNP-WATER-1)."""
    if member.fasting_days > 0:
        return "starving"
    if member.dehydrated:
        return "dehydrated"
    return None


def rest_effects(book: RolenplayBook, members: list[Character]) -> tuple[dict[str, int], dict[str, str]]:
    """Decision: what a long rest does to each resting character: one level less (book data) unless
    starving or dehydrated; every lost hit point back and temporary ones gone (book data, 5e).
    Returns the levels recovered and why recovery was blocked, by name."""
    recovered: dict[str, int] = {}
    blocked: dict[str, str] = {}
    for member in members:
        reason = recovery_blocked(member)
        before = member.exhaustion
        if reason is not None and member.exhaustion > 0:
            blocked[member.name] = reason
        else:
            member.exhaustion = max(0, before - book.rest.levels_removed)
        recovered[member.name] = before - member.exhaustion
        if book.rest.restores_hit_points and member.hp_max:
            member.hp = hp_maximum(book, member)
            member.hp_temp = 0
    return recovered, blocked


def resting(ctx: Context, who: list[str] | None) -> list[Character]:
    """The characters who rest: ``who``, or every living one."""
    return ctx.members(who, "nobody to rest: add a character first")


def long_rest(ctx: Context, action: a.LongRest) -> None:
    """Decision: a long rest (book: 8 h) has :func:`rest_effects`; the clock moves on by its length."""
    members = resting(ctx, action.who)
    names = [m.name for m in members]
    recovered, blocked = rest_effects(ctx.book, members)
    seconds = ctx.book.rest.long_rest_hours * ctx.book.scale("hour").seconds
    ctx.set_result("long_rest", recovered=recovered, blocked=blocked, seconds=seconds)
    ctx.log("long_rest", names, recovered=recovered, blocked=blocked, seconds=seconds)
    ctx.state.clock.elapsed_s += seconds  # logged at the start of the rest, then time passes


def short_rest(ctx: Context, action: a.ShortRest) -> None:
    """Decision: a short rest is an hour (book data) that passes; the hit dice it spends belong to
    the "La santé" chapter, not this one, so it changes no score here."""
    names = [m.name for m in resting(ctx, action.who)]
    seconds = ctx.book.rest.short_rest_hours * ctx.book.scale("hour").seconds
    ctx.set_result("short_rest", seconds=seconds, who=names)
    ctx.log("short_rest", names, seconds=seconds)
    ctx.state.clock.elapsed_s += seconds

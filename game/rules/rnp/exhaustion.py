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


def gain(book: RolenplayBook, member: Character, levels: int) -> int:
    """Add exhaustion levels, never past the last (death); returns the levels actually gained."""
    before = member.exhaustion
    member.exhaustion = min(book.exhaustion.maximum, before + max(0, levels))
    return member.exhaustion - before


def set_exhaustion(ctx: Context, action: a.SetExhaustion) -> None:
    """The eraser: write the level directly (0 to the book's last level)."""
    member = ctx.character(action.character)
    top = ctx.book.exhaustion.maximum
    if not 0 <= action.level <= top:
        raise Refused("exhaustion_range", f"exhaustion is from 0 to {top} (got {action.level})", maximum=top)
    before = member.exhaustion
    member.exhaustion = action.level
    ctx.set_result("set_exhaustion", character=member.name, before=before, exhaustion=action.level)
    ctx.log("set_exhaustion", [member.name], before=before, level=action.level)


def recovery_blocked(member: Character) -> str | None:
    """Why a character cannot recover now: still starving or dehydrated (R-RNP-FOOD-1 / R-RNP-WATER-1)."""
    if member.fasting_days > 0:
        return "starving"
    if member.dehydrated:
        return "dehydrated"
    return None


def long_rest(ctx: Context, action: a.LongRest) -> None:
    """Decision: a long rest (book: 8 h) removes one level (book data) from each resting character
    who is neither starving nor dehydrated; the clock moves on by the rest's length."""
    names = action.who if action.who is not None else [m.name for m in ctx.state.party if not is_dead(ctx.book, m)]
    if not names:
        raise Refused("nobody", "nobody to rest: add a character first")
    members = [ctx.living(name) for name in names]
    recovered: dict[str, int] = {}
    blocked: dict[str, str] = {}
    for member in members:
        reason = recovery_blocked(member)
        if reason is not None and member.exhaustion > 0:
            blocked[member.name] = reason
            recovered[member.name] = 0
            continue
        before = member.exhaustion
        member.exhaustion = max(0, before - ctx.book.rest.levels_removed)
        recovered[member.name] = before - member.exhaustion
    seconds = ctx.book.rest.long_rest_hours * ctx.book.scale("hour").seconds
    ctx.set_result("long_rest", recovered=recovered, blocked=blocked, seconds=seconds)
    ctx.log("long_rest", names, recovered=recovered, blocked=blocked, seconds=seconds)
    ctx.state.clock.elapsed_s += seconds  # logged at the start of the rest, then time passes

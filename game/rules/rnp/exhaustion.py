"""Exhaustion levels and the long rest (R-RNP-ABILITY-1; recovery per R-RNP-FOOD-1 / R-RNP-WATER-1)."""

from __future__ import annotations

from game.books.rolenplay import RolenplayBook
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.rnp.clock import seconds_to
from game.rules.rnp.context import Context
from game.rules.rnp.state import EXHAUSTION_CAUSES, Character, ExhaustionCause
from game.rules.rnp.timers import cannot_breathe

# R-RNP-FOOD-1 / R-RNP-WATER-1: "ces niveaux d'épuisement" are the ones hunger and thirst gave.
DEPRIVATION: tuple[ExhaustionCause, ...] = ("hunger", "thirst")
# Decision: what a long rest (or the eraser lowering the level) takes away first. A rest frees the
# hunger and thirst levels first when it may (a new day short of food or water would lock them again);
# the eraser takes the levels of no known cause first, then the march's, then thirst's and hunger's.
REST_ORDER: tuple[ExhaustionCause, ...] = ("hunger", "thirst", "march", "other")
ERASER_ORDER: tuple[ExhaustionCause, ...] = ("other", "march", "thirst", "hunger")


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


def causes(member: Character) -> dict[ExhaustionCause, int]:
    """The character's levels by cause, every cause named (levels of no recorded cause count as "other")."""
    known = {cause: member.exhaustion_causes.get(cause, 0) for cause in EXHAUSTION_CAUSES}
    known["other"] += max(0, member.exhaustion - sum(known.values()))
    return known


def _write_causes(member: Character, levels: dict[ExhaustionCause, int]) -> None:
    member.exhaustion_causes = {cause: count for cause, count in levels.items() if count > 0}
    member.exhaustion = sum(levels.values())


def gain(book: RolenplayBook, member: Character, levels: int, cause: ExhaustionCause) -> int:
    """Add exhaustion levels of one cause, never past the last (death); returns the levels actually gained."""
    by_cause = causes(member)
    gained = max(0, min(book.exhaustion.maximum, member.exhaustion + max(0, levels)) - member.exhaustion)
    by_cause[cause] += gained
    _write_causes(member, by_cause)
    clamp_hp(book, member)
    return gained


def take_away(member: Character, levels: int, order: tuple[ExhaustionCause, ...]) -> int:
    """Remove up to ``levels`` levels, from the causes in ``order`` only and in that order; returns how many."""
    by_cause = causes(member)
    removed = 0
    for cause in order:
        taken = min(by_cause[cause], levels - removed)
        by_cause[cause] -= taken
        removed += taken
    _write_causes(member, by_cause)
    return removed


def set_exhaustion(ctx: Context, action: a.SetExhaustion) -> None:
    """The eraser: write the level directly (0 to the book's last level)."""
    member = ctx.character(action.character)
    top = ctx.book.exhaustion.maximum
    if not 0 <= action.level <= top:
        raise Refused("exhaustion_range", f"exhaustion is from 0 to {top} (got {action.level})", maximum=top)
    before = member.exhaustion
    if action.level < before:
        take_away(member, before - action.level, ERASER_ORDER)
    else:
        by_cause = causes(member)
        by_cause["other"] += action.level - before
        _write_causes(member, by_cause)
    clamp_hp(ctx.book, member)
    ctx.set_result("set_exhaustion", character=member.name, before=before, exhaustion=action.level)
    ctx.log("set_exhaustion", [member.name], before=before, level=action.level)


def recovery_blocked(member: Character) -> str | None:
    """Why a character's hunger and thirst levels cannot be recovered now: still starving or dehydrated
    (R-RNP-FOOD-1 / R-RNP-WATER-1). Levels of other causes recover all the same."""
    if member.fasting_days > 0:
        return "starving"
    if member.dehydrated:
        return "dehydrated"
    return None


def blocked_levels(member: Character) -> int:
    """The levels a rest cannot take away now: hunger's and thirst's, while starving or dehydrated."""
    if recovery_blocked(member) is None:
        return 0
    by_cause = causes(member)
    return sum(by_cause[cause] for cause in DEPRIVATION)


def rest_effects(
    book: RolenplayBook, members: list[Character], cannot_breathe: set[str] | frozenset[str] = frozenset()
) -> tuple[dict[str, int], dict[str, str]]:
    """Decision: what a long rest does to each resting character: one level less (book data), never one
    of hunger's or thirst's while starving or dehydrated (R-RNP-FOOD-1 / R-RNP-WATER-1, revised: the
    others recover); every lost hit point back and temporary ones gone (book data, 5e), except for a
    character who cannot breathe (R-RNP-AIR-1: no hit point regained). Returns the levels recovered
    and, for those whose hunger or thirst levels stay, why, by name."""
    recovered: dict[str, int] = {}
    blocked: dict[str, str] = {}
    for member in members:
        reason = recovery_blocked(member)
        order = REST_ORDER if reason is None else tuple(c for c in REST_ORDER if c not in DEPRIVATION)
        recovered[member.name] = take_away(member, book.rest.levels_removed, order)
        if reason is not None and blocked_levels(member):
            blocked[member.name] = reason
        if book.rest.restores_hit_points and member.hp_max and member.name not in cannot_breathe:
            member.hp = hp_maximum(book, member)
            member.hp_temp = 0
    return recovered, blocked


def resting(ctx: Context, who: list[str] | None) -> list[Character]:
    """The characters who rest: ``who``, or every living one."""
    return ctx.members(who, "nobody to rest")


def long_rest(ctx: Context, action: a.LongRest) -> None:
    """Decision: a long rest (book: 8 h) has :func:`rest_effects`; the clock moves on by its length. A night
    in camp (``until_dawn``) lasts to the next dawn, or the rest's 8 h when dawn is nearer (a long rest is
    never cut short); the result says when it ends."""
    members = resting(ctx, action.who)
    names = [m.name for m in members]
    recovered, blocked = rest_effects(ctx.book, members, cannot_breathe(ctx.state))
    now = ctx.state.clock.elapsed_s
    seconds = ctx.book.rest.long_rest_hours * ctx.book.scale("hour").seconds
    if action.until_dawn:
        seconds = max(seconds, seconds_to(ctx.book, now, "dawn"))
    ctx.set_result("long_rest", recovered=recovered, blocked=blocked, seconds=seconds, ends_at_s=now + seconds)
    ctx.log("long_rest", names, recovered=recovered, blocked=blocked, seconds=seconds, until_dawn=action.until_dawn)
    ctx.state.clock.elapsed_s += seconds
    ctx.state.resting = True  # logged at the start of the rest, then time passes


def short_rest(ctx: Context, action: a.ShortRest) -> None:
    """Decision: a short rest is an hour (book data) that passes; the hit dice it spends belong to
    the "La santé" chapter, not this one, so it changes no score here."""
    names = [m.name for m in resting(ctx, action.who)]
    seconds = ctx.book.rest.short_rest_hours * ctx.book.scale("hour").seconds
    ctx.set_result("short_rest", seconds=seconds, who=names)
    ctx.log("short_rest", names, seconds=seconds)
    ctx.state.clock.elapsed_s += seconds
    ctx.state.resting = True

"""Ability scores, modifiers, saves, checks and passive Perception (R-RNP-ABILITY-1)."""

from __future__ import annotations

from typing import Any

from game.books.rolenplay import RolenplayBook
from game.rules.errors import Refused
from game.rules.rnp.context import Context
from game.rules.rnp.exhaustion import has_effect
from game.rules.rnp.state import Character


def check_score(book: RolenplayBook, score: int | None, what: str) -> int:
    """An ability score within the book's range (1..30), or a refusal."""
    rules = book.abilities
    if score is None:
        raise Refused("missing_score", f"give the {what} score", what=what)
    if not rules.score_min <= score <= rules.score_max:
        raise Refused(
            "score_range",
            f"{what} score must be from {rules.score_min} to {rules.score_max} (got {score})",
            what=what,
            minimum=rules.score_min,
            maximum=rules.score_max,
            value=score,
        )
    return score


def modifier(book: RolenplayBook, score: int) -> int:
    """R-RNP-ABILITY-1 decision: floor((score − 10) / 2); Python's // floors below zero too (8 → −1)."""
    rules = book.abilities
    return (score - rules.modifier_base) // rules.modifier_divisor


def ability_modifier(book: RolenplayBook, member: Character, ability: str) -> int:
    return modifier(book, member.scores[ability])


def save_bonus(book: RolenplayBook, member: Character, ability: str) -> int:
    """A saving throw's bonus: the modifier, plus proficiency when proficient in that save."""
    return ability_modifier(book, member, ability) + (member.proficiency if ability in member.saves else 0)


def skill_bonus(book: RolenplayBook, member: Character, skill: str) -> int:
    """An ability check's bonus with a skill: the ability modifier, plus proficiency if proficient."""
    ability = book.skill(skill).ability
    return ability_modifier(book, member, ability) + (member.proficiency if skill in member.skills else 0)


def passive_perception(book: RolenplayBook, member: Character, pace: str | None = None) -> int:
    """10 + WIS (Perception) bonus, or the value written on the sheet; the pace's penalty (fast: −5, R-RNP-PACE-1)."""
    if member.passive_perception is not None:
        value = member.passive_perception
    else:
        value = book.abilities.passive_base + skill_bonus(book, member, book.hiding.perception_skill)
    return value + (book.pace(pace).passive_perception if pace else 0)


def roll_d20(ctx: Context, disadvantage: bool = False) -> tuple[int, list[int]]:
    """One d20 (two, keeping the lower, with disadvantage): the kept face and every face drawn."""
    faces = ctx.dice.roll_many(2 if disadvantage else 1, ctx.book.abilities.check_die)
    return min(faces), faces


def test_roll(ctx: Context, bonus: int, dc: int | None, disadvantage: bool = False) -> dict[str, Any]:
    """R-RNP-ABILITY-1: d20 + bonus; success when the total reaches the DC (when there is one)."""
    kept, faces = roll_d20(ctx, disadvantage)
    total = kept + bonus
    roll: dict[str, Any] = {"dice": faces, "roll": kept, "modifier": bonus, "total": total, "disadvantage": disadvantage}
    if dc is not None:
        roll.update(dc=dc, success=total >= dc)
    return roll


def saving_throw(ctx: Context, member: Character, ability: str, dc: int) -> dict[str, Any]:
    """A party member's save: exhaustion level 3 gives disadvantage on saving throws (book data)."""
    disadvantage = has_effect(ctx.book, member.exhaustion, "attack_save_disadvantage")
    return {"who": member.name, **test_roll(ctx, save_bonus(ctx.book, member, ability), dc, disadvantage)}


def ability_check(ctx: Context, member: Character, skill: str, dc: int | None = None) -> dict[str, Any]:
    """A party member's check: exhaustion level 1 gives disadvantage on ability checks (book data)."""
    disadvantage = has_effect(ctx.book, member.exhaustion, "check_disadvantage")
    return {"who": member.name, **test_roll(ctx, skill_bonus(ctx.book, member, skill), dc, disadvantage)}

"""Cross-checks of a Fighting Fantasy book that need the whole book: every id it names exists.

Each problem is reported at the JSON path of the offending value itself
(``$.creation[0].options[2].grants[0].counter``), and every problem is
reported, not only the first, so an author fixes a file in one pass.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from pydantic_core import InitErrorDetails, PydanticCustomError, ValidationError

from game.books.ff_mechanics import (
    AllyEffect,
    AttackModifierEffect,
    ChangeEffect,
    CounterEffect,
    DamageEffect,
    FleeEffect,
    RaiseInitialEffect,
    RestoreEffect,
)

if TYPE_CHECKING:  # pragma: no cover
    from game.books.fighting_fantasy import FightingFantasyBook

Loc = tuple[Any, ...]
CORE_STATS = ("skill", "stamina", "luck")


def _error(loc: Loc, value: Any, message: str) -> InitErrorDetails:
    return InitErrorDetails(type=PydanticCustomError("book", message), loc=loc, input=value)


def check_references(book: FightingFantasyBook) -> None:
    """Raise one ValidationError listing every reference of ``book`` that does not resolve."""
    errors = list(_problems(book))
    if errors:
        raise ValidationError.from_exception_data("FightingFantasyBook", errors)


def _duplicates(ids: list[str], loc: str) -> Iterable[InitErrorDetails]:
    seen: set[str] = set()
    for index, item in enumerate(ids):
        if item in seen:
            yield _error((loc, index, "id"), item, f"the id '{item}' is used twice")
        seen.add(item)


def _problems(book: FightingFantasyBook) -> Iterable[InitErrorDetails]:
    stats = [s.id for s in book.stats]
    counters = [c.id for c in book.counters]
    for needed in CORE_STATS:
        if needed not in stats:
            yield _error(("stats",), stats, f"the stats must include '{needed}' (the core rules use it)")
    yield from _duplicates(stats, "stats")
    yield from _duplicates(counters, "counters")
    yield from _duplicates([s.id for s in book.creation], "creation")
    yield from _duplicates([s.id for s in book.spells], "spells")

    def stat(loc: Loc, value: str) -> Iterable[InitErrorDetails]:
        if value not in stats:
            yield _error(loc, value, f"'{value}' is not one of the stats {stats}")

    def counter(loc: Loc, value: str) -> Iterable[InitErrorDetails]:
        if value not in counters:
            yield _error(loc, value, f"'{value}' is not one of the counters {counters}")

    for index, definition in enumerate(book.stats):
        if definition.roll is not None and definition.cap is not None and definition.roll.minimum > definition.cap:
            yield _error(("stats", index, "cap"), definition.cap, f"is below the lowest roll {definition.roll.minimum}")
    for where in ("meal", "herb", "archery"):
        section = getattr(book, where)
        if section is not None:
            yield from counter((where, "counter"), section.counter)
    if book.potions is not None:
        if book.potions.counter is not None:
            yield from counter(("potions", "counter"), book.potions.counter)
        for kind, potion in book.potions.kinds.items():
            yield from stat(("potions", "kinds", kind, "restores"), potion.restores)
            if potion.counter is not None:
                yield from counter(("potions", "kinds", kind, "counter"), potion.counter)
            elif book.potions.counter is None:
                yield _error(
                    ("potions", "kinds", kind), kind, "give this kind a 'counter' (its doses) or the potions a shared 'counter'"
                )
    for profile_id, rules in [("combat", book.combat)] + [(f"combat_profiles.{k}", v) for k, v in book.combat_profiles.items()]:
        loc: Loc = tuple(profile_id.split("."))
        yield from stat((*loc, "attack"), rules.attack)
        yield from stat((*loc, "stamina"), rules.stamina)
    for index, threshold in enumerate(book.thresholds):
        yield from stat(("thresholds", index, "stat"), threshold.stat)
    for s_index, step in enumerate(book.creation):
        if isinstance(step.count, str):
            yield from stat(("creation", s_index, "count"), step.count)
        for o_index, option in enumerate(step.options):
            for e_index, effect in enumerate(option.grants):
                loc = ("creation", s_index, "options", o_index, "grants", e_index)
                if isinstance(effect, (AttackModifierEffect, AllyEffect, FleeEffect, DamageEffect)):
                    yield _error((*loc, "effect"), effect.effect, "a creation choice cannot grant a fight effect")
                yield from _effect_refs(loc, effect, stat, counter)
    for s_index, spell in enumerate(book.spells):
        if spell.counter is not None:
            yield from counter(("spells", s_index, "counter"), spell.counter)
        if spell.requires is not None:
            yield from counter(("spells", s_index, "requires"), spell.requires)
        for cost_stat in spell.cost:
            yield from stat(("spells", s_index, "cost", cost_stat), cost_stat)
        for e_index, effect in enumerate(spell.effects):
            yield from _effect_refs(("spells", s_index, "effects", e_index), effect, stat, counter)
    for c_index, member in enumerate(book.crew):
        for score in member.scores:
            yield from stat(("crew", c_index, "scores", score), score)
    for h_index, hero in enumerate(book.ready_heroes):
        for definition in book.stats:
            if definition.roll is not None and definition.id not in hero.scores:
                yield _error(
                    ("ready_heroes", h_index, "scores"),
                    definition.id,
                    f"ready hero '{hero.name}' has no score for '{definition.id}'",
                )
        for stat_id in hero.scores:
            yield from stat(("ready_heroes", h_index, "scores", stat_id), stat_id)


def _effect_refs(loc: Loc, effect: Any, stat: Any, counter: Any) -> Iterable[InitErrorDetails]:
    if isinstance(effect, (ChangeEffect, RaiseInitialEffect, RestoreEffect)):
        yield from stat((*loc, "stat"), effect.stat)
    if isinstance(effect, CounterEffect):
        yield from counter((*loc, "counter"), effect.counter)

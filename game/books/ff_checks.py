"""Cross-checks of a Fighting Fantasy book that need the whole book: every id it names exists.

Each problem is reported at the JSON path of the offending value itself
(``$.creation[0].options[2].grants[0].counter``), and every problem is
reported, not only the first, so an author fixes a file in one pass.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from pydantic_core import InitErrorDetails, ValidationError

from game.books.common import refusal
from game.books.ff_compile import check_expressions, is_dice, target_kind, written_thresholds
from game.books.ff_mechanics import (
    AddEffect,
    AllyEffect,
    AttackModifierEffect,
    DamageEffect,
    FleeEffect,
    ItemEffect,
    RaiseInitialEffect,
    RestoreEffect,
    SetEffect,
)

if TYPE_CHECKING:  # pragma: no cover
    from game.books.common import Amount
    from game.books.ff_rules import BookRules
    from game.books.fighting_fantasy import FightingFantasyBook

Loc = tuple[Any, ...]
REQUIRED_STATS = ("stamina",)
#: Words that begin the language's own names (``counters.gold``, ``fight.round``…) or are its keywords: not a score's id.
RESERVED_IDS = frozenset(
    {"initial", "counters", "flags", "tracks", "items", "choices", "crew", "calendar", "paragraph", "section", "fight",
     "enemy", "roll", "attack", "wound", "protection", "true", "false", "null", "in", "min", "max", "abs", "clamp"}
)  # fmt: skip


def _error(loc: Loc, value: Any, code: str, **params: str | int) -> InitErrorDetails:
    """A problem at ``loc`` by its reason code (``reasons.<code>``) and parameters."""
    return InitErrorDetails(type=refusal(code, **params), loc=loc, input=value)


def check_references(book: FightingFantasyBook) -> None:
    """Raise one ValidationError listing every reference of ``book`` that does not resolve and every expression error.

    Passing, the book's compiled rules are kept on it (``book.rules``): the expressions are read once.
    """
    rules, errors = book_problems(book)
    if errors:
        raise ValidationError.from_exception_data("FightingFantasyBook", errors)
    book._rules = rules


def book_problems(book: FightingFantasyBook) -> tuple[BookRules, list[InitErrorDetails]]:
    """Every problem of the whole book (references, expressions) without raising, and its compiled rules."""
    errors = list(_problems(book))
    rules, problems = check_expressions(book)
    skip = set(_default_attack_without_skill(book))
    errors.extend(_error(loc, text, code, **params) for loc, text, (code, params) in problems if loc not in skip)
    errors.extend(_error(loc, "skill", "no_skill_attack") for loc in skip)
    return rules, errors


def required_stats_problems(stat_ids: list[str]) -> Iterable[InitErrorDetails]:
    """The scores every book must have (STAMINA), checked from the ids alone (the stats may have other errors)."""
    for needed in REQUIRED_STATS:
        if needed not in stat_ids:
            yield _error(("stats",), stat_ids, "stat_required", id=needed, name=needed.upper())


def _default_attack_without_skill(book: FightingFantasyBook) -> Iterable[Loc]:
    if book.has_stat("skill"):
        return
    for loc, rules in [(("combat",), book.combat)] + [(("combat_profiles", k), v) for k, v in book.combat_profiles.items()]:
        if rules.attack == "skill":
            yield (*loc, "attack")


def _duplicates(ids: list[str], loc: str) -> Iterable[InitErrorDetails]:
    seen: set[str] = set()
    for index, item in enumerate(ids):
        if item in seen:
            yield _error((loc, index, "id"), item, "id_twice", id=item)
        seen.add(item)


def _problems(book: FightingFantasyBook) -> Iterable[InitErrorDetails]:
    stats = [s.id for s in book.stats]
    counters = [c.id for c in book.counters]
    for needed in REQUIRED_STATS:
        if needed not in stats:
            yield _error(("stats",), stats, "stat_required", id=needed, name=needed.upper())
    for index, stat_id in enumerate(stats):
        if stat_id in RESERVED_IDS:
            yield _error(("stats", index, "id"), stat_id, "reserved_id", id=stat_id)
    yield from _duplicates(stats, "stats")
    yield from _duplicates(counters, "counters")
    yield from _duplicates([s.id for s in book.creation], "creation")
    yield from _duplicates([s.id for s in book.spells], "spells")
    yield from _duplicates([f.id for f in book.flags], "flags")
    yield from _duplicates([t.id for t in book.tracks], "tracks")
    yield from _duplicates([x.id for x in book.lists], "lists")
    yield from _duplicates([x.id for x in book.shops], "shops")
    if any(x.id == "equipment" for x in book.lists):
        yield _error(("lists",), "equipment", "equipment_list")
    yield from _sugar_problems(book, stats, counters)
    yield from _profile_problems(book)
    yield from _creation_problems(book)
    for s_index, spell in enumerate(book.spells):
        if spell.counter is not None:
            yield from _counter(book, ("spells", s_index, "counter"), spell.counter)
        if spell.requires is not None:
            yield from _counter(book, ("spells", s_index, "requires"), spell.requires)
        for target, amount in spell.cost.items():
            yield from _payable(book, ("spells", s_index, "cost", target), target, amount)
        for e_index, effect in enumerate(spell.effects):
            yield from _effect_refs(book, ("spells", s_index, "effects", e_index), effect)
    for t_index, trigger in enumerate(book.triggers):
        if trigger.track is not None:
            yield from _known(book, ("triggers", t_index, "track"), f"tracks.{trigger.track}", "track")
        for e_index, effect in enumerate(trigger.effects):
            yield from _effect_refs(book, ("triggers", t_index, "effects", e_index), effect)
    yield from _shop_problems(book)
    for c_index, member in enumerate(book.crew):
        for score in member.scores:
            yield from _stat(book, ("crew", c_index, "scores", score), score)
    for h_index, hero in enumerate(book.ready_heroes):
        for definition in book.stats:
            if definition.roll is not None and definition.id not in hero.scores:
                yield _error(
                    ("ready_heroes", h_index, "scores"), definition.id, "ready_hero_no_score", hero=hero.name, id=definition.id
                )
        for stat_id in hero.scores:
            yield from _stat(book, ("ready_heroes", h_index, "scores", stat_id), stat_id)


def _stat(book: FightingFantasyBook, loc: Loc, value: str, computed: bool = True) -> Iterable[InitErrorDetails]:
    stats = [s.id for s in book.stats if computed or not s.computed]
    if value not in stats:
        if any(s.id == value for s in book.stats):
            yield _error(loc, value, "computed_score", id=value)
        else:
            yield _error(loc, value, "unknown_stat", id=value, known=", ".join(stats))


def _counter(book: FightingFantasyBook, loc: Loc, value: str) -> Iterable[InitErrorDetails]:
    counters = [c.id for c in book.counters]
    if value not in counters:
        yield _error(loc, value, "unknown_counter", id=value, known=", ".join(counters))


def _known(book: FightingFantasyBook, loc: Loc, target: str, *kinds: str) -> Iterable[InitErrorDetails]:
    """A target naming one of ``kinds`` (score, counter, flag, track); a score must not be computed."""
    kind = target_kind(book, target)
    if kind is None or kind not in kinds:
        yield _error(loc, target, "unknown_target", target=target, kind="+".join(kinds))
    elif kind == "score":
        yield from _stat(book, loc, target, computed=False)


def _payable(book: FightingFantasyBook, loc: Loc, target: str, amount: Amount) -> Iterable[InitErrorDetails]:
    yield from _known(book, loc, target, "score", "counter")
    yield from _not_negative(loc, amount)


def _not_negative(loc: Loc, amount: Amount) -> Iterable[InitErrorDetails]:
    """A cost or a price is paid, never received: a number below 0 or dice taken away ("-1d6") is a mistake."""
    if (isinstance(amount, int) and amount < 0) or (isinstance(amount, str) and is_dice(amount) and amount.startswith("-")):
        yield _error(loc, amount, "paid_not_negative")


def _sugar_problems(book: FightingFantasyBook, stats: list[str], counters: list[str]) -> Iterable[InitErrorDetails]:
    for index, definition in enumerate(book.stats):
        cap = definition.cap
        if definition.roll is not None and isinstance(cap, int) and definition.roll.minimum > cap:
            yield _error(("stats", index, "cap"), cap, "cap_below_roll", minimum=definition.roll.minimum)
    for where in ("meal", "herb", "archery"):
        section = getattr(book, where)
        if section is not None:
            yield from _counter(book, (where, "counter"), section.counter)
    if book.archery is not None and not book.has_stat("skill"):
        yield _error(("archery",), "archery", "archery_no_skill")
    if book.potions is not None:
        if book.potions.counter is not None:
            yield from _counter(book, ("potions", "counter"), book.potions.counter)
        for kind, potion in book.potions.kinds.items():
            yield from _stat(book, ("potions", "kinds", kind, "restores"), potion.restores, computed=False)
            if potion.counter is not None:
                yield from _counter(book, ("potions", "kinds", kind, "counter"), potion.counter)
            elif book.potions.counter is None:
                yield _error(("potions", "kinds", kind), kind, "potion_needs_counter")
    for index, threshold in enumerate(written_thresholds(book)):
        yield from _stat(book, ("thresholds", index, "stat"), threshold.stat)


def _profile_problems(book: FightingFantasyBook) -> Iterable[InitErrorDetails]:
    for loc, rules in [(("combat",), book.combat)] + [(("combat_profiles", k), v) for k, v in book.combat_profiles.items()]:
        if loc != ("combat",) or "combat" in book.model_fields_set:  # the default fight's STAMINA: said once, as required
            yield from _known(book, (*loc, "wounds"), rules.wounds, "score", "counter")
        if "luck_allowed" in rules.model_fields_set and rules.luck_allowed and not book.has_stat("luck"):
            yield _error((*loc, "luck_allowed"), True, "luck_without_luck")
        if rules.round_cost is not None:
            for target, amount in rules.round_cost.cost.items():
                yield from _payable(book, (*loc, "round_cost", "cost", target), target, amount)
        yield from _duplicates([o.id for o in rules.options], ".".join(str(p) for p in loc) + ".options")
        if rules.table is not None:
            for part in sorted(TABLE_IGNORES & rules.model_fields_set):
                yield _error((*loc, part), getattr(rules, part), "table_ignores")


#: Parts of a profile a round read on a table never uses (game.rules.ff.combat._table_round: the cell gives
#: both losses at once): written beside a `table`, they would be silently ignored, so they are refused.
TABLE_IGNORES = frozenset(
    {"attack_dice", "hero_hits", "enemy_hits", "kills_if", "double_kills", "hit_damage", "wound_damage", "hit_luck",
     "wound_luck", "protection", "round_cost"}
)  # fmt: skip


def _creation_problems(book: FightingFantasyBook) -> Iterable[InitErrorDetails]:
    for s_index, step in enumerate(book.creation):
        if isinstance(step.count, str):
            yield from _stat(book, ("creation", s_index, "count"), step.count, computed=False)
        for o_index, option in enumerate(step.options):
            for e_index, effect in enumerate(option.grants):
                loc = ("creation", s_index, "options", o_index, "grants", e_index)
                if isinstance(effect, (AttackModifierEffect, AllyEffect, FleeEffect, DamageEffect)):
                    yield _error((*loc, "effect"), effect.effect, "creation_fight_effect")
                yield from _effect_refs(book, loc, effect)


def _shop_problems(book: FightingFantasyBook) -> Iterable[InitErrorDetails]:
    for s_index, shop in enumerate(book.shops):
        yield from _known(book, ("shops", s_index, "currency"), shop.currency, "counter")
        yield from _duplicates([i.id for i in shop.items], f"shops.{s_index}.items")
        for i_index, item in enumerate(shop.items):
            at = ("shops", s_index, "items", i_index)
            yield from _not_negative((*at, "price"), item.price)
            if item.sell_price is not None:
                yield from _not_negative((*at, "sell_price"), item.sell_price)
            if item.in_list is not None:
                yield from _list(book, (*at, "list"), item.in_list)
            for e_index, effect in enumerate(item.effects):
                yield from _effect_refs(book, (*at, "effects", e_index), effect)


def _list(book: FightingFantasyBook, loc: Loc, list_id: str) -> Iterable[InitErrorDetails]:
    lists = [x.id for x in book.lists]
    if list_id not in lists:
        yield _error(loc, list_id, "unknown_list", id=list_id, known=", ".join(lists))


def _effect_refs(book: FightingFantasyBook, loc: Loc, effect: Any) -> Iterable[InitErrorDetails]:
    """The names an effect changes exist and may be changed that way (a flag is set, a score added to…)."""
    if isinstance(effect, AddEffect):
        yield from _known(book, (*loc, "to"), effect.to, "score", "counter", "track")
    elif isinstance(effect, SetEffect):
        kind = target_kind(book, effect.to)
        yield from _known(book, (*loc, "to"), effect.to, "score", "counter", "track", "flag")
        if kind == "flag" and not isinstance(effect.value, bool):
            yield _error((*loc, "value"), effect.value, "flag_set_bool")
        elif kind not in (None, "flag") and isinstance(effect.value, bool):
            yield _error((*loc, "value"), effect.value, "set_not_bool")
    elif isinstance(effect, (RestoreEffect, RaiseInitialEffect)):
        yield from _known(book, (*loc, "to"), effect.to, "score")
    elif isinstance(effect, ItemEffect) and effect.in_list is not None:
        yield from _list(book, (*loc, "list"), effect.in_list)

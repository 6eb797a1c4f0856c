"""A Fighting Fantasy book compiled once at load: its names, every expression checked, the sugar expanded.

This is the one place where the book's conveniences become the generic
vocabulary the rules play (docs/BOOKS.md):

- ``thresholds`` become endings (``fear >= initial.fear - 2`` → warning);
- ``meal``, ``herb``, each potion kind and each spell become a :class:`Use`
  (checks with their refusal, costs, effects): one code path in the rules pays
  and applies them all;
- ``double_kills`` becomes ``kills_if: roll.double``; a profile's defaults
  (who hits, Luck allowed when the book has LUCK) are filled in.

:func:`book_expressions` lists every expression of a book with its JSON path,
the type its place needs and where it is evaluated; :func:`check_expressions`
compiles them all and reports every error in one pass (each at its path, with
the character inside the expression). The compiled programs are kept, so at
play an expression is never read twice.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, Literal

from game.books.common import DICE_PATTERN, Amount, Condition, LocalText
from game.books.expr import ExprError, NameInfo, Names, Type
from game.books.ff_combat import CombatRules
from game.books.ff_mechanics import (
    AddEffect,
    DamageEffect,
    Effect,
    RaiseInitialEffect,
    RestoreEffect,
    SetEffect,
    Spell,
    Threshold,
)
from game.books.ff_rules import BookRules, Check, Cost, Profile, Use

if TYPE_CHECKING:  # pragma: no cover
    from game.books.fighting_fantasy import FightingFantasyBook, Healing, PotionEffect

Loc = tuple[Any, ...]
DICE = re.compile(DICE_PATTERN)
ROUND = "round"
CONTEXTS = {ROUND: "a combat round's rules (hits, damage, protection, wound triggers)"}
ROUND_NAMES = {
    "roll.hero": (Type.INT, "the hero's attack dice"),
    "roll.enemy": (Type.INT, "the creature's attack dice"),
    "roll.double": (Type.BOOL, "the hero's attack dice all show the same face"),
    "attack.hero": (Type.INT, "the hero's Attack Strength"),
    "attack.enemy": (Type.INT, "the creature's Attack Strength"),
    "wound.damage": (Type.INT, "the wound being settled"),
    "protection.roll": (Type.INT, "the protection roll"),
}
FIGHT_NAMES = {
    "fight.active": (Type.BOOL, "a fight is in progress"),
    "fight.round": (Type.INT, "Attack Rounds fought in this fight"),
    "fight.profile": (Type.STRING, "the kind of fight ('' for the book's own)"),
    "fight.enemies_left": (Type.INT, "creatures still standing"),
    "enemy.skill": (Type.INT, "the attacked creature's SKILL"),
    "enemy.stamina": (Type.INT, "the attacked creature's STAMINA"),
    "enemy.initial_stamina": (Type.INT, "the attacked creature's STAMINA at the start"),
}


def written_thresholds(book: FightingFantasyBook) -> list[Threshold]:
    """The thresholds the file lists (none when it leaves them out: the app's STAMINA 0 is not the author's to fix)."""
    return book.thresholds if "thresholds" in book.model_fields_set else []


def is_dice(amount: Amount) -> bool:
    """Whether an amount is dice (``"2d6+1"``) rather than a number or an expression."""
    return isinstance(amount, str) and DICE.match(amount) is not None


def book_names(book: FightingFantasyBook) -> Names:
    """Every name the book's expressions may read, with its type (docs/BOOKS.md, "Names")."""
    known: dict[str, NameInfo] = {}
    for stat in book.stats:
        known[stat.id] = NameInfo(Type.INT, f"{stat.name.en} (current)")
        if not stat.computed:
            known[f"initial.{stat.id}"] = NameInfo(Type.INT, f"{stat.name.en} (initial)")
    for counter in book.counters:
        known[f"counters.{counter.id}"] = NameInfo(Type.INT, counter.name.en)
    for flag in book.flags:
        known[f"flags.{flag.id}"] = NameInfo(Type.BOOL, flag.name.en)
    for track in book.tracks:
        known[f"tracks.{track.id}"] = NameInfo(Type.INT, track.name.en)
    known["items.equipment"] = NameInfo(Type.INT, "items in the equipment")
    for item_list in book.lists:
        known[f"items.{item_list.id}"] = NameInfo(Type.INT, f"items in {item_list.name.en}")
    for step in book.creation:
        for option in step.options:
            known[f"choices.{step.id}.{option.id}"] = NameInfo(Type.INT, f"times {option.name.en} was picked")
    for member in book.crew:
        for score in member.scores:
            known[f"crew.{member.id}.{score}"] = NameInfo(Type.INT, f"{member.name.en}'s {score}")
    if book.calendar is not None:
        known["calendar.days"] = NameInfo(Type.INT, "days ticked")
    known["paragraph"] = NameInfo(Type.INT, "the paragraph tracker (0 before the first)")
    known["section.fought"] = NameInfo(Type.BOOL, "a fight was started since the tracker last moved")
    for name, (kind, about) in FIGHT_NAMES.items():
        known[name] = NameInfo(kind, about)
    for profile in [book.combat, *book.combat_profiles.values()]:
        for fight_option in profile.options:
            known[f"fight.options.{fight_option.id}"] = NameInfo(Type.BOOL, fight_option.name.en)
    for name, (kind, about) in ROUND_NAMES.items():
        known[name] = NameInfo(kind, about, context=ROUND)
    return Names(known, CONTEXTS)


# -- the generic forms the rules play ---------------------------------------------------------------------------


def book_rule(condition: Condition) -> Check:
    """A book's own condition: refused with the book's words."""
    why = {"fr": condition.why_not.fr, "en": condition.why_not.en}
    return Check(condition.test, "book_rule", condition.why_not.en, {"why": why})


def spell_use(spell: Spell) -> Use:
    """A spell (or ability) as a use: timing, the counter it needs or spends, its costs, its conditions (R-CAST-1..4)."""
    name, p = spell.name.en, {"spell": spell.id}
    checks: list[Check] = []
    if spell.needs_fight:
        checks.append(Check("fight.active", "spell_needs_fight", f"{name} can only be cast during a fight", p))
    if spell.when == "outside_fight":
        checks.append(Check("!fight.active", "spell_not_in_fight", f"{name} cannot be cast during a fight", p))
    if spell.requires is not None:
        checks.append(
            Check(
                f"counters.{spell.requires} > 0",
                "spell_unavailable",
                f"{name} cannot be cast by this hero",
                {**p, "counter": spell.requires},
            )
        )
    checks.extend(book_rule(c) for c in spell.conditions)
    costs: list[Cost] = []
    if spell.counter is not None:
        costs.append(
            Cost(f"counters.{spell.counter}", 1, "spell_spent", f"no {name} left to cast", {**p, "counter": spell.counter})
        )
    for target, amount in spell.cost.items():
        stat = target.split(".")[-1]
        costs.append(Cost(target, amount, "spell_cost", f"{name} costs {amount} {stat}", {**p, "stat": stat, "cost": amount}))
    return Use(f"spell:{spell.id}", spell.name, tuple(checks), tuple(costs), tuple(spell.effects))


def healing_use(key: str, healing: Healing, name: LocalText, in_fight_code: str, fires: str | None) -> Use:
    """A meal, an herb or a med-kit: one of a counter for STAMINA, capped (R-FOOD-1, R-HERB-1)."""
    checks = () if healing.in_fight else (Check("!fight.active", in_fight_code, f"no {key} during a fight"),)
    cost = Cost(f"counters.{healing.counter}", 1, "none_left", f"no {healing.counter} left", {"counter": healing.counter})
    return Use(key, name, checks, (cost,), (AddEffect(effect="add", to="stamina", by=healing.stamina),), fires)


def potion_use(kind: str, potion: PotionEffect, counter: str, in_fight: bool) -> Use:
    """R-POTION-1: one dose; the initial score rises first (Fortune: +1), then the score goes back to it."""
    checks = () if in_fight else (Check("!fight.active", "potion_in_fight", "no potion during a fight"),)
    cost = Cost(f"counters.{counter}", 1, "none_left", f"no {potion.name.en} left", {"counter": counter})
    effects: list[Effect] = []
    if potion.raise_initial:
        effects.append(RaiseInitialEffect(effect="raise_initial", to=potion.restores, by=potion.raise_initial))
    effects.append(RestoreEffect(effect="restore", to=potion.restores))
    return Use(f"potion:{kind}", potion.name, checks, (cost,), tuple(effects))


def profile_of(book: FightingFantasyBook, profile_id: str | None, rules: CombatRules) -> Profile:
    """A profile with its defaults: who hits, a killing rule (``double_kills``), Luck allowed (the book has LUCK)."""
    kills_if = "roll.double" if rules.double_kills else rules.kills_if
    return Profile(
        id=profile_id,
        rules=rules,
        hero_hits=rules.hero_hits or "attack.hero > attack.enemy",
        enemy_hits=rules.enemy_hits or "attack.enemy > attack.hero",
        kills_if=kills_if,
        luck_allowed=rules.luck_allowed and book.has_stat("luck"),
    )


def compile_book(book: FightingFantasyBook) -> BookRules:
    """The book's rules; every expression compiled (an error here is a bug: ``check_expressions`` ran at load)."""
    rules = _expand(book)
    for _loc, text, want, context in book_expressions(book):
        try:
            rules.program(text, want, context)
        except ExprError:
            continue  # the book failed validation already; a model built without it compiles what it can
    return rules


def _expand(book: FightingFantasyBook) -> BookRules:
    uses: dict[str, Use] = {}
    if book.meal is not None:
        uses["meal"] = healing_use("meal", book.meal, LocalText(fr="Repas", en="Meal"), "meals_in_fight", "meal")
    if book.herb is not None:
        uses["herb"] = healing_use("herb", book.herb, LocalText(fr="Herbe", en="Herb"), "herbs_in_fight", None)
    if book.potions is not None:
        for kind, potion in book.potions.kinds.items():
            counter = potion.counter or book.potions.counter
            if counter is not None:
                uses[f"potion:{kind}"] = potion_use(kind, potion, counter, book.potions.in_fight)
    for spell in book.spells:
        uses[f"spell:{spell.id}"] = spell_use(spell)
    profiles: dict[str | None, Profile] = {None: profile_of(book, None, book.combat)}
    profiles.update({key: profile_of(book, key, rules) for key, rules in book.combat_profiles.items()})
    endings = [t.as_ending() for t in book.thresholds] + list(book.endings)
    computed = {s.id: s.value for s in book.stats if s.value is not None}
    return BookRules(book_names(book), endings, uses, profiles, computed, list(book.triggers))


# -- every expression of a book, and the one-pass check -------------------------------------------------------

Expressions = Iterator[tuple[Loc, str, Type, str | None]]


def _amount(loc: Loc, amount: Amount | bool | None, context: str | None = None) -> Expressions:
    if isinstance(amount, str) and not is_dice(amount):
        yield loc, amount, Type.INT, context


def _conditions(loc: Loc, conditions: Iterable[Condition], context: str | None = None) -> Expressions:
    for index, condition in enumerate(conditions):
        yield (*loc, index, "if"), condition.test, Type.BOOL, context


def _effects(loc: Loc, effects: Iterable[Effect], context: str | None = None) -> Expressions:
    for index, effect in enumerate(effects):
        at = (*loc, index)
        if isinstance(effect, (AddEffect, RaiseInitialEffect, DamageEffect)):
            yield from _amount((*at, "by"), effect.by, context)
        elif isinstance(effect, SetEffect):
            yield from _amount((*at, "value"), effect.value, context)


def _profile(loc: Loc, rules: CombatRules) -> Expressions:
    yield (*loc, "attack"), rules.attack, Type.INT, None
    yield (*loc, "enemy_attack"), rules.enemy_attack, Type.INT, None
    for name in ("hero_hits", "enemy_hits", "kills_if"):
        text = getattr(rules, name)
        if text is not None:
            yield (*loc, name), text, Type.BOOL, ROUND
    yield from _amount((*loc, "hit_damage"), rules.hit_damage, ROUND)
    yield from _amount((*loc, "wound_damage"), rules.wound_damage, ROUND)
    if rules.protection is not None:
        if rules.protection.cancels_if is not None:
            yield (*loc, "protection", "cancels_if"), rules.protection.cancels_if, Type.BOOL, ROUND
        yield from _amount((*loc, "protection", "reduces_by"), rules.protection.reduces_by, ROUND)
    if rules.round_cost is not None:
        for target, amount in rules.round_cost.cost.items():
            yield from _amount((*loc, "round_cost", "cost", target), amount)
    if rules.table is not None:
        yield (*loc, "table", "index"), rules.table.index, Type.INT, None
    yield from _conditions((*loc, "conditions"), rules.conditions)


def book_expressions(book: FightingFantasyBook) -> Expressions:
    """Every expression of ``book``: (JSON path, text, the type its place needs, its context)."""
    for index, stat in enumerate(book.stats):
        if stat.value is not None:
            yield ("stats", index, "value"), stat.value, Type.INT, None
        if isinstance(stat.cap, str):
            yield ("stats", index, "cap"), stat.cap, Type.INT, None
    for index, counter in enumerate(book.counters):
        if isinstance(counter.maximum, str):
            yield ("counters", index, "maximum"), counter.maximum, Type.INT, None
    for index, item_list in enumerate(book.lists):
        if isinstance(item_list.limit, str):
            yield ("lists", index, "limit"), item_list.limit, Type.INT, None
    for s_index, step in enumerate(book.creation):
        at: Loc = ("creation", s_index)
        yield from _conditions((*at, "conditions"), step.conditions)
        for o_index, option in enumerate(step.options):
            yield from _conditions((*at, "options", o_index, "conditions"), option.conditions)
            yield from _effects((*at, "options", o_index, "grants"), option.grants)
    for index, spell in enumerate(book.spells):
        for target, amount in spell.cost.items():
            yield from _amount(("spells", index, "cost", target), amount)
        yield from _conditions(("spells", index, "conditions"), spell.conditions)
        yield from _effects(("spells", index, "effects"), spell.effects)
    yield from _profile(("combat",), book.combat)
    for key, rules in book.combat_profiles.items():
        yield from _profile(("combat_profiles", key), rules)
    for index, threshold in enumerate(written_thresholds(book)):
        yield ("thresholds", index), threshold.as_ending().test, Type.BOOL, None
    for index, ending in enumerate(book.endings):
        yield ("endings", index, "if"), ending.test, Type.BOOL, None
    for index, trigger in enumerate(book.triggers):
        context = ROUND if trigger.on in ("round", "wound", "wounded") else None
        if trigger.test is not None:
            yield ("triggers", index, "if"), trigger.test, Type.BOOL, context
        yield from _effects(("triggers", index, "effects"), trigger.effects, context)
    for s_index, shop in enumerate(book.shops):
        yield from _conditions(("shops", s_index, "conditions"), shop.conditions)
        for i_index, item in enumerate(shop.items):
            at = ("shops", s_index, "items", i_index)
            yield from _amount((*at, "price"), item.price)
            yield from _amount((*at, "sell_price"), item.sell_price)
            yield from _conditions((*at, "conditions"), item.conditions)
            yield from _effects((*at, "effects"), item.effects)


ExpressionError = tuple[Loc, str, tuple[str, dict[str, Any]]]  # path, the expression, the reason (code, parameters)


def check_expressions(book: FightingFantasyBook) -> tuple[BookRules, list[ExpressionError]]:
    """Compile every expression of ``book``: its rules, and each problem (syntax, name, type, a circle of computed scores)."""
    rules = _expand(book)
    problems: list[ExpressionError] = []
    computed_reads: dict[str, tuple[Loc, frozenset[str]]] = {}
    for loc, text, want, context in book_expressions(book):
        try:
            program = rules.program(text, want, context)
        except ExprError as error:
            problems.append((loc, text, error.problem(text)))
            continue
        if loc[0] == "stats" and loc[-1] == "value":
            computed_reads[book.stats[loc[1]].id] = (loc, program.reads)
    problems.extend(_cycles(computed_reads))
    return rules, problems


def _cycles(reads: dict[str, tuple[Loc, frozenset[str]]]) -> list[ExpressionError]:
    """Computed scores that depend on themselves, through one another (reported once per circle)."""
    problems: list[ExpressionError] = []
    reported: set[frozenset[str]] = set()
    for start in reads:
        path = [start]
        seen = {start: 0}
        stack: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(reads[start][1] & reads.keys())))]
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                path.pop()
                seen.pop(node, None)
                continue
            if child in seen:
                circle = path[seen[child] :] + [child]
                key = frozenset(circle)
                if key not in reported:
                    reported.add(key)
                    loc, _ = reads[circle[0]]
                    problems.append((loc, "", ("computed_circle", {"circle": " → ".join(circle)})))
                continue
            seen[child] = len(path)
            path.append(child)
            stack.append((child, iter(sorted(reads[child][1] & reads.keys()))))
    return problems


Kind = Literal["score", "counter", "flag", "track"]


def target_kind(book: FightingFantasyBook, target: str) -> Kind | None:
    """What a target names (a score, a counter, a flag, a track), or None when the book has no such thing."""
    prefix, _, name = target.partition(".")
    if not name:
        return "score" if book.has_stat(prefix) else None
    if prefix == "counters":
        return "counter" if any(c.id == name for c in book.counters) else None
    if prefix == "flags":
        return "flag" if any(f.id == name for f in book.flags) else None
    if prefix == "tracks":
        return "track" if any(t.id == name for t in book.tracks) else None
    return None

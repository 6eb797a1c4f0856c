"""One exchange of an Attack Round under a combat profile, as a pure function of its dice — and its law.

The rules play a round by drawing the dice and calling :func:`decide`,
:func:`damage_values` and :func:`protect` on them; the odds enumerate every
face of the same dice through the same functions (:func:`exchange_law`), so the
figure the board shows is the law of the fight played, whatever the profile
says (hits on a condition, a kill on a double, damage on dice or from an
expression, a protection roll, a table). The seam with game.rules.odds is
described in /work/notes/lang.md §3 and docs/ODDS.md.

Names read by the profile come from a *base* scope (the sheet, or for the odds
a plain mapping of :func:`law_reads` to values); the round's own names
(``roll.hero``, ``attack.enemy``…) are laid over it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import TYPE_CHECKING, Literal

from game.books.common import Amount
from game.books.expr import Type, Value
from game.books.ff_compile import ROUND, is_dice
from game.books.ff_rules import Profile

if TYPE_CHECKING:  # pragma: no cover
    from game.books.expr import Scope
    from game.books.fighting_fantasy import FightingFantasyBook

KILL = -1  # a loss that takes everything (the table's "K", a killing blow)


class Layered:
    """The round's names over a base scope."""

    __slots__ = ("round", "base")

    def __init__(self, round: Mapping[str, Value], base: Scope) -> None:
        self.round = round
        self.base = base

    def __getitem__(self, name: str) -> Value:
        found = self.round.get(name)
        return found if found is not None else self.base[name]


def integer(book: FightingFantasyBook, text: str, scope: Scope, context: str | None = None) -> int:
    """One of the profile's number expressions (EvalError when play cannot give it: the rules refuse)."""
    return book.rules.program(text, Type.INT, context).integer(scope)


def truth(book: FightingFantasyBook, text: str, scope: Scope, context: str | None = None) -> bool:
    """One of the profile's conditions (EvalError when play cannot give it: the rules refuse)."""
    return book.rules.program(text, Type.BOOL, context).truth(scope)


def attack_strengths(book: FightingFantasyBook, profile: Profile, scope: Scope) -> tuple[int, int]:
    """The bonuses the hero's side and the creature add to their attack dice (before the fight's modifiers)."""
    return integer(book, profile.rules.attack, scope), integer(book, profile.rules.enemy_attack, scope)


def round_names(
    hero_faces: tuple[int, ...], enemy_faces: tuple[int, ...], hero_attack: int, enemy_attack: int
) -> dict[str, Value]:
    """The round's names once the attack dice are known."""
    return {
        "roll.hero": sum(hero_faces),
        "roll.enemy": sum(enemy_faces),
        "roll.double": len(hero_faces) > 1 and len(set(hero_faces)) == 1,
        "attack.hero": sum(hero_faces) + hero_attack,
        "attack.enemy": sum(enemy_faces) + enemy_attack,
    }


@dataclass(frozen=True)
class Decision:
    """Who lands a blow in one exchange: the hero (``kills``: outright), the creature, both, or neither."""

    hero_hits: bool
    enemy_hits: bool
    kills: bool


def decide(book: FightingFantasyBook, profile: Profile, scope: Scope, attacked: bool = True) -> Decision:
    """The exchange's outcome from the round's names in ``scope``; ``attacked``: the hero attacks this creature."""
    kills = attacked and profile.kills_if is not None and truth(book, profile.kills_if, scope, ROUND)
    hero_hits = kills or truth(book, profile.hero_hits, scope, ROUND)
    enemy_hits = not kills and truth(book, profile.enemy_hits, scope, ROUND)
    return Decision(hero_hits, enemy_hits, kills)


def amount_values(book: FightingFantasyBook, amount: Amount, scope: Scope) -> Iterator[tuple[float, int]]:
    """Each value an amount can take in a round, with its probability (dice are enumerated)."""
    if isinstance(amount, int):
        yield 1.0, amount
    elif is_dice(amount):
        yield from dice_law(amount)
    else:
        yield 1.0, integer(book, amount, scope, ROUND)


@lru_cache(maxsize=64)
def _dice_law(text: str) -> tuple[tuple[float, int], ...]:
    sign = -1 if text.startswith("-") else 1
    body = text.lstrip("-")
    count_text, _, rest = body.partition("d")
    plus = 0
    for mark in "+-":
        if mark in rest:
            rest, _, tail = rest.partition(mark)
            plus = int(tail) if mark == "+" else -int(tail)
    count, sides = int(count_text), int(rest)
    totals: dict[int, int] = {}
    for faces in product(range(1, sides + 1), repeat=count):
        value = sign * (sum(faces) + plus)
        totals[value] = totals.get(value, 0) + 1
    every = sides**count
    return tuple((n / every, value) for value, n in sorted(totals.items()))


def dice_law(text: str) -> tuple[tuple[float, int], ...]:
    """The law of a dice amount (``"2d6+1"``): (probability, value) pairs."""
    return _dice_law(text)


def protect(book: FightingFantasyBook, profile: Profile, damage: int, roll: int, scope: Scope) -> Iterator[tuple[float, int]]:
    """The wound left after the protection roll ``roll`` (0: cancelled), with its probability: a reduction on
    dice (``"reduces_by": "1d3"``) is rolled after the roll, as ``combat._protected`` does."""
    protection = profile.rules.protection
    if protection is None:
        yield 1.0, damage
        return
    layered = Layered({"protection.roll": roll, "wound.damage": damage}, scope)
    if protection.cancels_if is not None and truth(book, protection.cancels_if, layered, ROUND):
        yield 1.0, 0
        return
    if protection.reduces_by is None:
        yield 1.0, damage
        return
    for p, reduction in amount_values(book, protection.reduces_by, layered):
        yield p, max(0, damage - reduction)


# -- the law of one exchange, for the odds -------------------------------------------------------------------------

Side = Literal["hero", "creature"]


@dataclass(frozen=True)
class Wound:
    """One wound an exchange leaves: to whom, how much (KILL: all of it), and after a Luck test (None: Luck cannot change it)."""

    side: Side
    damage: int
    lucky: int | None = None
    unlucky: int | None = None


@dataclass(frozen=True)
class Outcome:
    """One way an exchange can end, with its probability; ``wounds`` in the order the rules settle them."""

    probability: float
    wounds: tuple[Wound, ...]


def law_reads(book: FightingFantasyBook, profile_id: str | None) -> frozenset[str]:
    """Every name the exchange's law depends on (besides the round's own dice): the odds' cache key."""
    profile = book.rules.profile(profile_id)
    rules = profile.rules
    texts: list[tuple[str, Type, str | None]] = [(rules.attack, Type.INT, None), (rules.enemy_attack, Type.INT, None)]
    texts += [(t, Type.BOOL, ROUND) for t in (profile.hero_hits, profile.enemy_hits, profile.kills_if) if t is not None]
    for amount in (rules.hit_damage, rules.wound_damage):
        if isinstance(amount, str) and not is_dice(amount):
            texts.append((amount, Type.INT, ROUND))
    if rules.protection is not None:
        if rules.protection.cancels_if is not None:
            texts.append((rules.protection.cancels_if, Type.BOOL, ROUND))
        reduces = rules.protection.reduces_by
        if isinstance(reduces, str) and not is_dice(reduces):
            texts.append((reduces, Type.INT, ROUND))
    if rules.table is not None:
        texts.append((rules.table.index, Type.INT, None))
    reads: set[str] = set()
    for text, want, context in texts:
        reads |= book.rules.program(text, want, context).reads
    return frozenset(name for name in reads if not name.startswith(("roll.", "attack.", "wound.", "protection.")))


def luck_shift(base: Amount, lucky: int, unlucky: int, damage: int) -> tuple[int, int]:
    """The damage after a Luck test: the Luck table's "in all" figures, moved by the damage's own difference.

    A damage that is not a plain number (dice, an expression) moves by the table's difference with the
    standard 2 (R-COMBAT-3: a Lucky blow does 2 more, an Unlucky wound 1 more).
    """
    reference = base if isinstance(base, int) else 2
    return max(0, damage + lucky - reference), max(0, damage + unlucky - reference)


def exchange_law(
    book: FightingFantasyBook, profile_id: str | None, values: Mapping[str, Value], modifier: int = 0
) -> tuple[Outcome, ...]:
    """Every outcome of one exchange (the hero against the creature attacked), with its probability.

    ``values``: the value of each name of :func:`law_reads` (a mapping); ``modifier``: added to the hero's
    Attack Strength (spells, a lost weapon). Luck stakes are given where the profile allows Luck.
    Table resolution: each row of the table is an outcome (both sides' losses).
    """
    profile = book.rules.profile(profile_id)
    rules = profile.rules
    if rules.table is not None:
        return _table_law(book, profile, values, modifier)
    hero_attack, enemy_attack = attack_strengths(book, profile, _Values(values))
    faces = range(1, 7)
    outcomes: dict[tuple[Wound, ...], float] = {}
    each = 1.0 / 6 ** (2 * rules.attack_dice)
    for enemy_faces in product(faces, repeat=rules.attack_dice):
        for hero_faces in product(faces, repeat=rules.attack_dice):
            names = round_names(hero_faces, enemy_faces, hero_attack + modifier, enemy_attack)
            scope = Layered(names, _Values(values))
            decision = decide(book, profile, scope)
            for p, wounds in _wounds(book, profile, decision, scope):
                outcomes[wounds] = outcomes.get(wounds, 0.0) + each * p
    return tuple(Outcome(p, wounds) for wounds, p in outcomes.items())


def _wounds(
    book: FightingFantasyBook, profile: Profile, decision: Decision, scope: Scope
) -> Iterator[tuple[float, tuple[Wound, ...]]]:
    rules = profile.rules
    luck = profile.luck_allowed
    hits: list[tuple[float, Wound | None]] = [(1.0, None)]
    if decision.kills:
        hits = [(1.0, Wound("creature", KILL))]
    elif decision.hero_hits:
        hits = []
        for p, rolled in amount_values(book, rules.hit_damage, scope):
            damage = max(0, rolled)  # as the rules write it (combat._exchange): a blow never heals
            lucky = luck_shift(rules.hit_damage, rules.hit_luck.lucky, rules.hit_luck.unlucky, damage) if luck else (None, None)
            hits.append((p, Wound("creature", damage, *lucky)))
    blows: list[tuple[float, Wound | None]] = [(1.0, None)]
    if decision.enemy_hits:
        blows = []
        for p, rolled in amount_values(book, rules.wound_damage, scope):
            for q, left in _protected(book, profile, max(0, rolled), scope):
                if left == 0 and rules.protection is not None:
                    blows.append((p * q, None))
                    continue
                lucky = (
                    luck_shift(rules.wound_damage, rules.wound_luck.lucky, rules.wound_luck.unlucky, left)
                    if luck
                    else (None, None)
                )
                blows.append((p * q, Wound("hero", left, *lucky)))
    for p, hit in hits:
        for q, blow in blows:
            yield p * q, tuple(w for w in (hit, blow) if w is not None)


def _protected(book: FightingFantasyBook, profile: Profile, damage: int, scope: Scope) -> Iterator[tuple[float, int]]:
    protection = profile.rules.protection
    if protection is None:
        yield 1.0, damage
        return
    roll = protection.roll
    every = roll.sides**roll.dice
    for faces in product(range(1, roll.sides + 1), repeat=roll.dice):
        for p, left in protect(book, profile, damage, roll.total(list(faces)), scope):
            yield p / every, left


def _table_law(book: FightingFantasyBook, profile: Profile, values: Mapping[str, Value], modifier: int) -> tuple[Outcome, ...]:
    table = profile.rules.table
    assert table is not None
    index = integer(book, table.index, _Values(values)) + modifier
    column = table.column(index)
    every = table.roll.sides**table.roll.dice
    counts: dict[tuple[Wound, ...], int] = {}
    for faces in product(range(1, table.roll.sides + 1), repeat=table.roll.dice):
        enemy_loss, hero_loss = table.rows[table.roll.total(list(faces)) - table.roll.minimum][column]
        sides: tuple[tuple[Side, int | str], ...] = (("creature", enemy_loss), ("hero", hero_loss))
        wounds = tuple(Wound(side, KILL if loss == "K" else int(loss)) for side, loss in sides if loss == "K" or int(loss) > 0)
        counts[wounds] = counts.get(wounds, 0) + 1
    return tuple(Outcome(n / every, wounds) for wounds, n in counts.items())


class _Values:
    """A mapping of values as a scope (the odds give the values of :func:`law_reads`)."""

    __slots__ = ("values",)

    def __init__(self, values: Mapping[str, Value]) -> None:
        self.values = values

    def __getitem__(self, name: str) -> Value:
        return self.values[name]

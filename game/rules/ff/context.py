"""What every Fighting Fantasy rule handler works with, and the guards they share."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.books.common import Amount
from game.books.expr import EvalError, ExprError, Program, Type, Value
from game.books.ff_combat import CombatRules
from game.books.ff_compile import is_dice
from game.books.ff_mechanics import ENDING_OUTCOMES
from game.books.ff_rules import Check, Cost, Profile
from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.dice import Transaction
from game.rules.errors import Refused
from game.rules.ff.scope import Reader, SheetScope, reader
from game.rules.ff.state import Fight, Hero, SheetState

DICE = re.compile(r"^(-?)([0-9]+)d([0-9]+)([+-][0-9]+)?$")


@dataclass
class Context:
    """The book, a private copy of the state to change, and the dice of this action."""

    book: FightingFantasyBook
    state: SheetState
    dice: Transaction
    firing: bool = False  # the book's triggers are being applied (they never fire others)

    def hero(self) -> Hero:
        """The hero, or a refusal when none has been created yet."""
        if self.state.hero is None:
            raise Refused("no_hero", "create a hero first")
        return self.state.hero

    def living_hero(self) -> Hero:
        """The hero, refusing when dead (R-DEATH-1) or when one of the book's endings closed the adventure."""
        hero = self.hero()
        if not hero.alive:
            raise Refused("hero_dead", "the hero is dead")
        ended = self.state.ended
        if ended is not None:
            ending = self.book.rules.endings[ended]
            words = {"fr": ending.message.fr, "en": ending.message.en}
            raise Refused("adventure_over", f"the adventure is over: {ending.message.en}", why=words, outcome=ending.outcome)
        return hero

    def active_fight(self) -> Fight:
        """The fight in progress, or a refusal."""
        fight = self.state.fight
        if fight is None or not fight.active:
            raise Refused("no_fight", "there is no fight in progress")
        return fight

    def in_fight(self) -> bool:
        return self.state.fight is not None and self.state.fight.active

    @property
    def language(self) -> str:
        """The sheet's language ("fr" or "en")."""
        return self.state.language

    def rules(self) -> CombatRules:
        """The combat rules in force: the current fight's profile, else the book's default."""
        return self.profile().rules

    def profile(self) -> Profile:
        """The profile in force (its defaults filled in): the current fight's, else the book's own."""
        fight = self.state.fight
        return self.book.rules.profile(fight.profile if fight is not None else None)

    def scope(self, round: Mapping[str, Value] | None = None, target: int | None = None) -> SheetScope:
        """The names of the book's expressions, read from this state (and the round's dice, in a round)."""
        return SheetScope(self.book, self.state, round, target)

    def evaluate(self, text: str, want: Type, scope: SheetScope | None = None, context: str | None = None) -> Value:
        """The value of one of the book's expressions now; a value play cannot give refuses the action."""
        try:
            program = self.book.rules.program(text, want, context)
        except ExprError as error:  # pragma: no cover - every expression of the book was checked at load
            raise Refused("rule_unworkable", f"the book's rule {text!r} cannot be read: {error}", rule=text) from None
        return self.run(program, scope)

    def run(self, program: Program, scope: SheetScope | None = None) -> Value:
        """The value of one of the book's programs now (in ``scope``, else the sheet's own); a value play cannot
        give refuses the action."""
        try:
            return program.run(scope if scope is not None else self.scope())
        except EvalError as error:
            text = program.text
            raise Refused(
                "rule_unworkable", f"the book's rule {text!r} cannot be worked out now: {error.message}", rule=text
            ) from None

    def holds(self, text: str, scope: SheetScope | None = None, context: str | None = None) -> bool:
        """Whether one of the book's conditions holds now."""
        return self.evaluate(text, Type.BOOL, scope, context) is True

    def integer(self, text: str, scope: SheetScope | None = None, context: str | None = None) -> int:
        """The value of one of the book's number expressions now."""
        value = self.evaluate(text, Type.INT, scope, context)
        assert type(value) is int, text  # the type was checked at load
        return value

    def number(self, amount: Amount, scope: SheetScope | None = None, context: str | None = None, what: str = "effect") -> int:
        """A number of points: as given, rolled dice ("-1d6+1", through this action's dice) or an expression's value."""
        if isinstance(amount, int):
            return amount
        if is_dice(amount):
            match = DICE.match(amount)
            assert match is not None  # is_dice checked the pattern
            sign, count, sides, plus = match.groups()
            total = sum(self.roll(int(count), int(sides), what=what)) + int(plus or 0)
            return -total if sign else total
        return self.integer(amount, scope, context)

    def check(self, checks: Iterable[Check], scope: SheetScope | None = None) -> None:
        """Refuse with the first check that does not hold (the book's words, or the rules' own refusal)."""
        for check in checks:
            if not self.holds(check.test, scope):
                raise refusal(check.code, check.message, check.params)

    def paid(self, amount: Amount, what: str) -> int:
        """A cost or a price worked out now; refused when it works out below 0 (paid, never received)."""
        value = self.number(amount, what=what)
        if value < 0:
            raise Refused("rule_unworkable", f"the {what} {amount!r} works out below 0 ({value})", rule=str(amount))
        return value

    def _payable(self, amounts: list[tuple[Cost, int]]) -> None:
        for cost, amount in amounts:
            have = read_target(self, cost.target)
            if have < amount:
                params = dict(cost.params, cost=amount, have=have)  # a cost rolled or worked out: say how much
                raise refusal(cost.code, cost.message, params)

    def pay(self, costs: Iterable[Cost]) -> None:
        """Pay each cost from its score or counter, or refuse (nothing paid) when one cannot be paid."""
        hero = self.hero()
        costs = list(costs)
        # What is known without dice is checked first: a cost that cannot be paid draws no die.
        known = [(cost, self.paid(cost.amount, "cost")) for cost in costs if not is_dice(cost.amount)]
        self._payable(known)
        rolled = [(cost, self.paid(cost.amount, "cost")) for cost in costs if is_dice(cost.amount)]
        self._payable(rolled)
        amounts = [(cost, amount) for cost, amount in known + rolled]
        for cost, amount in amounts:
            prefix, _, name = cost.target.partition(".")
            if prefix == "counters":
                self.state.counters[name] -= amount
            else:
                hero.scores[cost.target] = max(self.book.stat(cost.target).floor, hero.scores[cost.target] - amount)

    def roll(self, count: int, sides: int = 6, who: str = "", what: str = "", zero_based: bool = False) -> list[int]:
        """Roll ``count`` dice through this action's transaction: ``who`` rolls them for ``what`` (DieUse);
        ``zero_based``: each is read from 0 (a random number), which physical entry must know."""
        return self.dice.roll_many(count, sides, who, what, zero_based)


def refusal(code: str, message: str, params: Mapping[str, Any]) -> Refused:
    """The refusal of a check or a cost the book's data made: its own words (``book_rule``), or the code its
    sugar keeps (a spell's, a meal's, a potion's) — each written out so the catalogue has its text."""
    p = params
    makers: dict[str, Callable[[], Refused]] = {
        "book_rule": lambda: Refused("book_rule", message, why=p["why"]),
        "cost_unpaid": lambda: Refused("cost_unpaid", message, what=p["what"], cost=p["cost"], have=p["have"]),
        "spell_needs_fight": lambda: Refused("spell_needs_fight", message, spell=p["spell"]),
        "spell_not_in_fight": lambda: Refused("spell_not_in_fight", message, spell=p["spell"]),
        "spell_unavailable": lambda: Refused("spell_unavailable", message, spell=p["spell"], counter=p["counter"]),
        "spell_spent": lambda: Refused("spell_spent", message, spell=p["spell"], counter=p["counter"]),
        "spell_cost": lambda: Refused("spell_cost", message, spell=p["spell"], stat=p["stat"], cost=p["cost"]),
        "meals_in_fight": lambda: Refused("meals_in_fight", message),
        "herbs_in_fight": lambda: Refused("herbs_in_fight", message),
        "potion_in_fight": lambda: Refused("potion_in_fight", message),
        "none_left": lambda: Refused("none_left", message, counter=p["counter"]),
    }
    return makers[code]()


def read_target(ctx: Context, target: str) -> int:
    """The number a target names now (a score, a counter, a track)."""
    value = reader(ctx.book, target)(ctx.book, None, ctx.state)
    assert type(value) is int, target  # a score, a counter or a track
    return value


def _limit(book: FightingFantasyBook, state: SheetState, limit: int | str | None) -> int | None:
    """A cap or maximum: a number, or an expression worked out now (a value play cannot give: no limit)."""
    if limit is None or isinstance(limit, int):
        return limit
    try:
        return book.rules.program(limit, Type.INT).integer(SheetScope(book, state))
    except EvalError:
        return None


def clamp_score(book: FightingFantasyBook, hero: Hero, stat: str, value: int, state: SheetState | None = None) -> int:
    """R-CAP-1 / R-CAP-2: no score above its initial value (when capped) or its cap, nor below its floor."""
    definition = book.stat(stat)
    if definition.capped_at_initial:
        value = min(value, hero.initial[stat])
    cap = definition.cap if isinstance(definition.cap, int) or state is None else _limit(book, state, definition.cap)
    if isinstance(cap, int):
        value = min(value, cap)
    return max(value, definition.floor)


def _holding(
    book: FightingFantasyBook, state: SheetState, outcomes: tuple[str, ...], scope: SheetScope | None = None
) -> list[int]:
    """The indices of the book's endings of these outcomes that hold now (one that cannot be worked out does not)."""
    rules = book.rules
    scope = scope if scope is not None else SheetScope(book, state)
    found = []
    for index, (ending, program) in enumerate(zip(rules.endings, rules.ending_programs)):
        if ending.outcome not in outcomes:
            continue
        try:
            if program.truth(scope):
                found.append(index)
        except EvalError:
            continue
    return found


@dataclass
class _Endings:
    """What the endings that close an adventure read, and what they gave on the values seen lately (issue 28).

    Kept with the book's rules (``BookRules.ending_reads``), so it goes with its book: a global cache of the
    books played last kept up to 8 books (and the book builder's preview makes one at every change)."""

    readers: tuple[Reader, ...]  # how each name their conditions read is read
    # the values read (in ``readers``' order) -> (died_of, ended) they gave: a condition reads nothing else
    given: dict[tuple[Value, ...], tuple[int | None, int | None]] = field(default_factory=dict)


_GIVEN_KEPT = 4096  # values remembered per book: a long adventure sees few (a score's values, a paragraph…)


def _endings_of(book: FightingFantasyBook) -> _Endings:
    rules = book.rules
    found = rules.ending_reads
    if found is None:
        programs = [p for e, p in zip(rules.endings, rules.ending_programs) if e.outcome in ENDING_OUTCOMES]
        reads = sorted({name for program in programs for name in program.reads})
        found = rules.ending_reads = _Endings(tuple(reader(book, name) for name in reads))
    return found  # type: ignore[no-any-return]  # only ever set here, to an _Endings


def update_death(book: FightingFantasyBook, state: SheetState) -> None:
    """R-DEATH-1: the hero is dead while one of the book's death endings holds; remember which (its index).

    A defeat or a victory that holds closes the adventure (``state.ended``), the hero alive.

    An action asks after each change that may kill (a wound, a paragraph's trigger) and once more at its end.
    The endings' conditions read only their names and do nothing else (game.books.expr), so what they give
    is remembered by the values of those names: on values seen before (the same STAMINA, the same §), on any
    state, they are not worked out again.
    """
    hero = state.hero
    if hero is None:
        return
    endings = _endings_of(book)
    values = _values(book, state, endings.readers)
    found = None if values is None else endings.given.get(values)
    if found is None:
        holding = _holding(book, state, ENDING_OUTCOMES)
        outcomes = book.rules.endings
        died_of = next((i for i in holding if outcomes[i].outcome == "death"), None)
        found = (died_of, None if died_of is not None else next(iter(holding), None))
        if values is not None:
            if len(endings.given) >= _GIVEN_KEPT:
                endings.given.clear()
            endings.given[values] = found
    died_of, ended = found
    if hero.died_of != died_of:
        hero.died_of = died_of
    if state.ended != ended:
        state.ended = ended


def _values(book: FightingFantasyBook, state: SheetState, readers: tuple[Reader, ...]) -> tuple[Value, ...] | None:
    """The values the ``readers`` read on the sheet as it is (None when one has no value now)."""
    try:
        return tuple([read(book, None, state) for read in readers])
    except EvalError:
        return None


def holding(book: FightingFantasyBook, state: SheetState) -> list[int]:
    """The indices of every ending of the book (death, defeat, victory, warning) that holds now (the sheet shows them)."""
    return _holding(book, state, ("death", "defeat", "victory", "warning"))


def warnings(book: FightingFantasyBook, state: SheetState) -> list[int]:
    """The indices of the book's warnings that hold now (the sheet shows them)."""
    return _holding(book, state, ("warning",))


def known_stat(book: FightingFantasyBook, stat: str) -> str:
    """The stat id of a score the player may change, or a refusal naming the book's stats (a computed one is read-only)."""
    ids = [s.id for s in book.stats]
    if stat not in ids:
        raise Refused("unknown_stat", f"'{stat}' is not a score of this book ({', '.join(ids)})", stat=stat)
    if book.stat(stat).computed:
        raise Refused("computed_score", f"{book.stat(stat).name.en} is worked out from other scores: change those", stat=stat)
    return stat


def known_counter(book: FightingFantasyBook, name: str) -> str:
    """The counter id, or a refusal naming the book's counters."""
    ids = [c.id for c in book.counters]
    if name not in ids:
        raise Refused("unknown_counter", f"'{name}' is not a counter of this book ({', '.join(ids) or 'none'})", counter=name)
    return name


def counter_maximum(book: FightingFantasyBook, name: str, state: SheetState | None = None) -> int | None:
    """How many of a counter the hero may hold now (an expression is worked out on ``state``; None: no limit)."""
    maximum = book.counter(name).maximum
    if maximum is None or isinstance(maximum, int):
        return maximum
    return None if state is None else _limit(book, state, maximum)


def list_limit(book: FightingFantasyBook, list_id: str, state: SheetState | None = None) -> int | None:
    """How many items one of the book's lists holds at most now (an expression is worked out on ``state``)."""
    limit = book.item_list(list_id).limit
    if limit is None or isinstance(limit, int):
        return limit
    return None if state is None else _limit(book, state, limit)


def clamp_counter(book: FightingFantasyBook, name: str, value: int, state: SheetState | None = None) -> int:
    """A counter stays between 0 and its maximum (an expression is worked out on ``state``)."""
    limit = counter_maximum(book, name, state)
    if isinstance(limit, int):
        value = min(value, limit)
    return max(value, 0)

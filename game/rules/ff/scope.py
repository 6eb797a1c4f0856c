"""The values a book's expressions read, taken from the sheet as it is (docs/BOOKS.md, "Names").

A :class:`SheetScope` answers ``scope["counters.gold"]`` from the state without
copying it: each name is looked up when a program reads it, a computed score is
worked out once per scope (so a chain of computed scores costs its length, never
more), and a name with no value now (the enemy outside a fight, a round's dice
outside a round) raises ``EvalError("unavailable")``: the rules refuse the action.

Each name is read by a :func:`reader` made once per book. A reader needs no scope
for most names (a score, a counter, the paragraph): the endings and a target's
value are read from the sheet straight, without making one (issue 28: a long
adventure asks after its endings twice an action). A reader is given the book it
reads rather than holding it: the book holds its readers (``book.rules.readers``),
so a reader holding the book would make a cycle only the garbage collector frees,
and the book builder's live preview makes a book at every change.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from game.books.expr import EvalError, Type, Value

if TYPE_CHECKING:  # pragma: no cover
    from game.books.fighting_fantasy import FightingFantasyBook
    from game.rules.ff.state import Combatant, SheetState


def unavailable(name: str, why: str) -> EvalError:
    return EvalError("unavailable", f"{name} has no value {why}")


# How a name is read: ``reader(book, scope, state)``. With a scope, a computed score is worked out once in it and
# the enemy is its target; with None, the name is read from the sheet as it is (a scope of ``book`` made when one
# is needed).
Reader = Callable[["FightingFantasyBook", "SheetScope | None", "SheetState"], Value]


def reader(book: FightingFantasyBook, name: str) -> Reader:
    """How ``name`` is read on ``book``: made on its first read and kept with the book's rules, so a long
    adventure (which reads the same few names hundreds of thousands of times) takes each name apart once, and
    a score is known to be computed or held once."""
    readers = book.rules.readers
    found = readers.get(name)
    if found is None:
        found = readers[name] = _made_reader(book, name)
    return found


def _made_reader(book: FightingFantasyBook, name: str) -> Reader:
    root, _, rest = name.partition(".")
    if not rest:
        return _score_reader(book, name)
    if root == "initial":
        return lambda book, scope, state: _hero_value(state, name, rest, initial=True)
    if root == "counters":
        return lambda book, scope, state: state.counters.get(rest, 0)
    if root == "flags":
        return lambda book, scope, state: rest in state.flags
    if root == "tracks":
        start = book.track(rest).start
        return lambda book, scope, state: state.tracks.get(rest, start)
    if root == "items":
        if rest == "equipment":
            return lambda book, scope, state: len(state.equipment)
        return lambda book, scope, state: len(state.lists.get(rest, []))
    if root == "choices":
        step, _, option = rest.partition(".")
        return lambda book, scope, state: state.choices.get(step, {}).get(option, 0)
    if root == "crew":
        return lambda book, scope, state: _crew(state, name, rest)
    if root == "calendar":
        return lambda book, scope, state: state.calendar.ticked
    if root == "section":
        return lambda book, scope, state: state.section_fought
    if root == "fight":
        return _fight_reader(rest)
    if root == "enemy":
        return lambda book, scope, state: _enemy((scope if scope is not None else SheetScope(book, state)).enemy(), rest)
    why = "outside a combat round" if root in ("roll", "attack", "wound", "protection") else "here"

    def refused(book: FightingFantasyBook, scope: SheetScope | None, state: SheetState) -> Value:
        raise unavailable(name, why)

    return refused


def _score_reader(book: FightingFantasyBook, name: str) -> Reader:
    """A score: held by the hero, or computed (worked out once per scope: a chain costs its length)."""
    if name == "paragraph":
        return lambda book, scope, state: state.paragraph or 0
    computed = book.rules.computed.get(name)
    if computed is None:

        def held(book: FightingFantasyBook, scope: SheetScope | None, state: SheetState) -> Value:
            hero = state.hero
            if hero is not None:
                found = hero.scores.get(name)
                if found is not None:
                    return found
            return _hero_value(state, name, name, initial=False)

        return held
    run = book.rules.program(computed, Type.INT).run

    def worked_out(book: FightingFantasyBook, scope: SheetScope | None, state: SheetState) -> Value:
        if scope is None:
            scope = SheetScope(book, state)
        working = scope.working
        if name in working:  # pragma: no cover - the book's check refuses a circle at load
            raise EvalError("overflow", f"{name} depends on itself")
        working.add(name)
        try:
            return run(scope)
        finally:
            working.discard(name)

    return worked_out


def _fight_reader(rest: str) -> Reader:
    """``fight.*``: the fight in progress (outside one: not active, no profile, 0)."""
    if rest != "round":
        return lambda book, scope, state: _fight(state, rest)

    def rounds(
        book: FightingFantasyBook, scope: SheetScope | None, state: SheetState
    ) -> Value:  # read by a trigger on every round
        fight = state.fight
        return fight.stats.rounds if fight is not None and fight.active else 0

    return rounds


def _hero_value(state: SheetState, name: str, stat: str, initial: bool) -> int:
    hero = state.hero
    if hero is None:
        raise unavailable(name, "before the hero is created")
    scores = hero.initial if initial else hero.scores
    if stat not in scores:
        raise unavailable(name, "for this hero")
    return scores[stat]


def _crew(state: SheetState, name: str, rest: str) -> Value:
    member, _, score = rest.partition(".")
    crew = state.crew
    if member not in crew:
        raise unavailable(name, "before the crew is rolled")
    return crew[member].get(score, 0)


def _fight(state: SheetState, rest: str) -> Value:
    fight = state.fight
    active = fight is not None and fight.active
    if rest == "active":
        return active
    if rest.startswith("options."):
        return active and fight is not None and rest[8:] in fight.options
    if rest == "profile":
        return fight.profile or "" if fight is not None and active else ""
    if fight is None or not active:
        return 0
    return fight.stats.rounds if rest == "round" else len(fight.living())


def _enemy(creature: Combatant, rest: str) -> Value:
    if rest == "skill":
        return creature.skill
    return creature.stamina if rest == "stamina" else creature.initial_stamina


class SheetScope(dict[str, Value]):
    """The names of ``book`` read from ``state``; ``round`` holds the dice of the round being resolved.

    A dict of the values read so far (the round's names from the start): a program's name (an itemgetter)
    finds a value read before in C, and only a name not read yet comes to :meth:`__missing__`.
    """

    __slots__ = ("book", "state", "target", "working", "readers")

    def __init__(
        self,
        book: FightingFantasyBook,
        state: SheetState,
        round: Mapping[str, Value] | None = None,
        target: int | None = None,
    ) -> None:
        if round:
            super().__init__(round)
        self.book = book
        self.state = state
        self.target = target  # the creature attacked (None: the one in front)
        self.working: set[str] = set()
        self.readers = book.rules.readers

    def __missing__(self, name: str) -> Value:
        read = self.readers.get(name) or reader(self.book, name)
        value = self[name] = read(self.book, self, self.state)
        return value

    def __bool__(self) -> bool:
        return True  # a scope is never "empty" (``scope or …`` must not drop one that has read nothing yet)

    def enemy(self) -> Combatant:
        fight = self.state.fight
        if fight is None or not fight.active:
            raise unavailable("enemy", "outside a fight")
        index = self.target if self.target is not None else fight.front()
        if index is None:
            raise unavailable("enemy", "once every creature is down")
        return fight.enemies[index]

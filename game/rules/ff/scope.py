"""The values a book's expressions read, taken from the sheet as it is (docs/BOOKS.md, "Names").

A :class:`SheetScope` answers ``scope["counters.gold"]`` from the state without
copying it: each name is looked up when a program reads it, a computed score is
worked out once per scope (so a chain of computed scores costs its length, never
more), and a name with no value now (the enemy outside a fight, a round's dice
outside a round) raises ``EvalError("unavailable")``: the rules refuse the action.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING

from game.books.expr import EvalError, Type, Value

if TYPE_CHECKING:  # pragma: no cover
    from game.books.fighting_fantasy import FightingFantasyBook
    from game.rules.ff.state import Combatant, SheetState


def unavailable(name: str, why: str) -> EvalError:
    return EvalError("unavailable", f"{name} has no value {why}")


Reader = Callable[["SheetScope"], Value]


@lru_cache(maxsize=4096)
def reader(name: str) -> Reader:
    """How a scope reads ``name``: its parts are taken apart once per name, not on every read (a long
    adventure reads the same few names hundreds of thousands of times)."""
    root, _, rest = name.partition(".")
    if not rest:
        if name == "paragraph":
            return lambda scope: scope.state.paragraph or 0
        return lambda scope: scope._score(name)
    if root == "initial":
        return lambda scope: scope._hero_value(name, rest, initial=True)
    if root == "counters":
        return lambda scope: scope.state.counters.get(rest, 0)
    if root == "flags":
        return lambda scope: rest in scope.state.flags
    if root == "tracks":
        return lambda scope: scope.state.tracks.get(rest, scope.book.track(rest).start)
    if root == "items":
        if rest == "equipment":
            return lambda scope: len(scope.state.equipment)
        return lambda scope: len(scope.state.lists.get(rest, []))
    if root == "choices":
        step, _, option = rest.partition(".")
        return lambda scope: scope.state.choices.get(step, {}).get(option, 0)
    if root == "crew":
        return lambda scope: scope._crew(name, rest)
    if root == "calendar":
        return lambda scope: scope.state.calendar.ticked
    if root == "section":
        return lambda scope: scope.state.section_fought
    if root == "fight":
        return lambda scope: scope._fight(name, rest)
    if root == "enemy":
        return lambda scope: scope._enemy(name, rest)
    why = "outside a combat round" if root in ("roll", "attack", "wound", "protection") else "here"

    def refused(scope: SheetScope) -> Value:
        raise unavailable(name, why)

    return refused


class SheetScope:
    """The names of ``book`` read from ``state``; ``round`` holds the dice of the round being resolved."""

    __slots__ = ("book", "state", "round", "target", "cache", "working")

    def __init__(
        self,
        book: FightingFantasyBook,
        state: SheetState,
        round: Mapping[str, Value] | None = None,
        target: int | None = None,
    ) -> None:
        self.book = book
        self.state = state
        self.round = round or {}
        self.target = target  # the creature attacked (None: the one in front)
        self.cache: dict[str, Value] = {}
        self.working: set[str] = set()

    def __getitem__(self, name: str) -> Value:
        found = self.cache.get(name)
        if found is not None:
            return found
        if name in self.round:
            return self.round[name]
        value = reader(name)(self)
        self.cache[name] = value
        return value

    def _crew(self, name: str, rest: str) -> Value:
        member, _, score = rest.partition(".")
        crew = self.state.crew
        if member not in crew:
            raise unavailable(name, "before the crew is rolled")
        return crew[member].get(score, 0)

    def _score(self, name: str) -> Value:
        rules = self.book.rules
        computed = rules.computed.get(name)
        if computed is None:
            hero = self.state.hero
            if hero is not None:
                found = hero.scores.get(name)
                if found is not None:
                    return found
            return self._hero_value(name, name, initial=False)
        if name in self.working:  # pragma: no cover - the book's check refuses a circle at load
            raise EvalError("overflow", f"{name} depends on itself")
        self.working.add(name)
        try:
            return rules.program(computed, Type.INT).evaluate(self)
        finally:
            self.working.discard(name)

    def _hero_value(self, name: str, stat: str, initial: bool) -> int:
        hero = self.state.hero
        if hero is None:
            raise unavailable(name, "before the hero is created")
        scores = hero.initial if initial else hero.scores
        if stat not in scores:
            raise unavailable(name, "for this hero")
        return scores[stat]

    def _fight(self, name: str, rest: str) -> Value:
        fight = self.state.fight
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

    def enemy(self) -> Combatant:
        fight = self.state.fight
        if fight is None or not fight.active:
            raise unavailable("enemy", "outside a fight")
        index = self.target if self.target is not None else fight.front()
        if index is None:
            raise unavailable("enemy", "once every creature is down")
        return fight.enemies[index]

    def _enemy(self, name: str, rest: str) -> Value:
        creature = self.enemy()
        if rest == "skill":
            return creature.skill
        return creature.stamina if rest == "stamina" else creature.initial_stamina

"""The values a book's expressions read, taken from the sheet as it is (docs/BOOKS.md, "Names").

A :class:`SheetScope` answers ``scope["counters.gold"]`` from the state without
copying it: each name is looked up when a program reads it, a computed score is
worked out once per scope (so a chain of computed scores costs its length, never
more), and a name with no value now (the enemy outside a fight, a round's dice
outside a round) raises ``EvalError("unavailable")``: the rules refuse the action.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from game.books.expr import EvalError, Type, Value

if TYPE_CHECKING:  # pragma: no cover
    from game.books.fighting_fantasy import FightingFantasyBook
    from game.rules.ff.state import Combatant, SheetState


def unavailable(name: str, why: str) -> EvalError:
    return EvalError("unavailable", f"{name} has no value {why}")


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
        value = self._resolve(name)
        self.cache[name] = value
        return value

    def _resolve(self, name: str) -> Value:
        root, _, rest = name.partition(".")
        state = self.state
        if not rest:
            return self._score(name)
        if root == "initial":
            return self._hero_value(name, rest, initial=True)
        if root == "counters":
            return state.counters.get(rest, 0)
        if root == "flags":
            return rest in state.flags
        if root == "tracks":
            return state.tracks.get(rest, self.book.track(rest).start)
        if root == "items":
            return len(state.equipment) if rest == "equipment" else len(state.lists.get(rest, []))
        if root == "choices":
            step, _, option = rest.partition(".")
            return state.choices.get(step, {}).get(option, 0)
        if root == "crew":
            member, _, score = rest.partition(".")
            if member not in state.crew:
                raise unavailable(name, "before the crew is rolled")
            return state.crew[member].get(score, 0)
        if root == "calendar":
            return state.calendar.ticked
        if root == "section":
            return state.section_fought
        if root == "fight":
            return self._fight(name, rest)
        if root == "enemy":
            return self._enemy(name, rest)
        raise unavailable(name, "outside a combat round" if root in ("roll", "attack", "wound", "protection") else "here")

    def _score(self, name: str) -> Value:
        if name == "paragraph":
            return self.state.paragraph or 0
        computed = self.book.rules.computed.get(name)
        if computed is None:
            return self._hero_value(name, name, initial=False)
        if name in self.working:  # pragma: no cover - the book's check refuses a circle at load
            raise EvalError("overflow", f"{name} depends on itself")
        self.working.add(name)
        try:
            return self.book.rules.program(computed, Type.INT).evaluate(self)
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

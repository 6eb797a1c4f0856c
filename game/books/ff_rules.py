"""What the rules read of a Fighting Fantasy book, in the generic forms (made by game.books.ff_compile).

A :class:`Use` is anything the hero does that checks conditions, pays costs
and applies effects (a spell, a meal, an herb, a potion); a :class:`Profile`
is a kind of fight with its defaults filled in; :class:`BookRules` holds them
with the book's names and every expression compiled once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.books.common import Amount, LocalText
from game.books.expr import Names, Program, Type, Value, compile_expression
from game.books.ff_combat import CombatRules
from game.books.ff_mechanics import Effect, Ending, Trigger


@dataclass(frozen=True)
class Check:
    """A condition of a use and the refusal when it does not hold (``code``: the catalogue's ``refused.<code>``)."""

    test: str
    code: str
    message: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Cost:
    """Something a use pays (a score, a counter), and the refusal when it cannot be paid."""

    target: str
    amount: Amount
    code: str
    message: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Use:
    """One thing the hero does that checks conditions, pays and applies effects: a spell, a meal, a potion, a purchase."""

    key: str
    name: LocalText
    checks: tuple[Check, ...]
    costs: tuple[Cost, ...]
    effects: tuple[Effect, ...]
    fires: str | None = None  # the trigger event it fires once done ("meal")


@dataclass(frozen=True)
class Profile:
    """A kind of fight with every default filled in (``double_kills`` expanded)."""

    id: str | None
    rules: CombatRules
    hero_hits: str
    enemy_hits: str
    kills_if: str | None
    luck_allowed: bool


Fired = tuple[Trigger, "Program | None"]  # a trigger and its condition's program


@dataclass
class BookRules:
    """What the rules read of a book: names, compiled programs, endings, uses and profiles, all made once."""

    names: Names
    endings: list[Ending]
    uses: dict[str, Use]
    profiles: dict[str | None, Profile]
    computed: dict[str, str]  # computed score -> its expression
    triggers: list[Trigger] = field(default_factory=list)
    programs: dict[tuple[str, Type | None, str | None], Program] = field(default_factory=dict)
    # how the rules read each name on this book, made on its first read (game.rules.ff.scope.reader)
    # (given the book: a reader holding it would make a cycle book -> rules -> reader -> book)
    readers: dict[str, Callable[[Any, Any, Any], Value]] = field(default_factory=dict, repr=False)
    fired: dict[tuple[str, str | None], tuple[Fired, ...]] = field(default_factory=dict, repr=False)
    compiled_endings: list[Program] | None = field(default=None, repr=False)
    # what the endings read and gave lately (game.rules.ff.context._Endings), made at the first ending asked after
    ending_reads: Any = field(default=None, repr=False)

    @property
    def ending_programs(self) -> list[Program]:
        """Each ending's condition, compiled (in the order of ``endings``)."""
        if self.compiled_endings is None:
            self.compiled_endings = [self.program(e.test, Type.BOOL) for e in self.endings]
        return self.compiled_endings

    def program(self, text: str, want: Type | None = None, context: str | None = None) -> Program:
        """The compiled program of ``text`` (compiled now if the book did not hold it: the rules' own defaults)."""
        key = (text, want, context)
        found = self.programs.get(key)
        if found is None:
            found = compile_expression(text, self.names, want, context)
            self.programs[key] = found
        return found

    def fired_by(self, event: str, track: str | None, context: str | None) -> tuple[Fired, ...]:
        """The triggers on ``event`` (and ``track``), in the book's order, each with its condition's program
        (compiled for ``context``; None: it has none). Sorted out once per event: the rounds and paragraphs of
        a long adventure ask hundreds of times each."""
        key = (event, track)
        found = self.fired.get(key)
        if found is None:
            found = self.fired[key] = tuple(
                (t, None if t.test is None else self.program(t.test, Type.BOOL, context))
                for t in self.triggers
                if t.on == event and t.track == track
            )
        return found

    def profile(self, profile_id: str | None) -> Profile:
        """A profile by id (None: the book's own ``combat``); KeyError if unknown."""
        return self.profiles[profile_id]

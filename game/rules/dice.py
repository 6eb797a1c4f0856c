"""Dice sources: where every random number of the rules comes from.

The rules never call ``random`` themselves; a session is given a dice source,
so every outcome can be replayed (scripted dice) or reproduced (a seed).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol


class DiceError(Exception):
    """A scripted dice source cannot give the value the rules asked for (``sides``: the die asked for)."""

    def __init__(self, message: str, sides: int | None = None) -> None:
        super().__init__(message)
        self.sides = sides


class DiceSource(Protocol):
    """Anything that can roll one die with ``sides`` faces (1..sides)."""

    def roll(self, sides: int) -> int: ...


class RandomDice:
    """Seeded pseudo-random dice: the normal source of the app."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**63)
        self._random = random.Random(self.seed)

    def roll(self, sides: int) -> int:
        return self._random.randint(1, sides)


class ScriptedDice:
    """Dice given in advance, in draw order.

    Used by the rules cases, by redo and replay (the recorded dice), and by
    "physical dice" where the player types what real dice showed. A value out
    of the die's range, or running out, raises :class:`DiceError`.
    """

    def __init__(self, values: Iterable[int] = (), then: DiceSource | None = None) -> None:
        """``then``: where dice come from once the given values are used up (none: an error)."""
        self._values = list(values)
        self._next = 0
        self._then = then

    def roll(self, sides: int) -> int:
        if self._next >= len(self._values) and self._then is not None:
            return self._then.roll(sides)
        if self._next >= len(self._values):
            raise DiceError(f"ran out of dice: the rules asked for a d{sides} after {self._next} values", sides)
        value = self._values[self._next]
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= sides:
            raise DiceError(f"dice value {value!r} (position {self._next}) is not a d{sides} result")
        self._next += 1
        return value

    def extend(self, values: Iterable[int]) -> None:
        """Add values at the end (physical dice typed one action at a time)."""
        self._values.extend(values)

    @property
    def remaining(self) -> list[int]:
        """The values not drawn yet."""
        return self._values[self._next :]


class FixedDice:
    """Always the same face (capped to the die): for dry runs that only ask "would this be refused?"."""

    def __init__(self, face: int = 1) -> None:
        self.face = face

    def roll(self, sides: int) -> int:
        return min(self.face, sides)


@dataclass(frozen=True)
class DieUse:
    """One die an action draws: its faces, whose it is and what for (the rules say; screens only show it).

    ``who``: "hero", "ally", "creature:<index>", or "" when it belongs to nobody
    in particular (a table roll); ``what``: "attack", "luck", "skill", "shot",
    "test", "roll"… or "" when the rules do not say.
    """

    sides: int
    who: str = ""
    what: str = ""
    zero_based: bool = False  # read from 0: a d10 is a random number 0-9 (its face 10 reads 0)


class Transaction:
    """Wraps a source for one action: records what it draws, and can put the draws back.

    Rules check legality before rolling, but a refusal is never allowed to eat
    dice: if an action is refused the draws are returned to the front, so the
    next action sees exactly the values it would have seen.
    """

    def __init__(self, source: DiceSource, pushed_back: list[tuple[int, int]]) -> None:
        self._source = source
        self._pushed_back = pushed_back  # shared (sides, value) buffer owned by the session
        self.drawn: list[int] = []
        self.uses: list[DieUse] = []  # what each drawn die was, in draw order

    def roll(self, sides: int, who: str = "", what: str = "", zero_based: bool = False) -> int:
        """One die of ``sides`` faces, rolled by ``who`` for ``what`` (see :class:`DieUse`)."""
        if self._pushed_back and self._pushed_back[0][1] <= sides:
            value = self._pushed_back.pop(0)[1]
        else:
            value = self._source.roll(sides)
        self.drawn.append(value)
        self.uses.append(DieUse(sides, who, what, zero_based))
        return value

    def roll_many(self, count: int, sides: int = 6, who: str = "", what: str = "", zero_based: bool = False) -> list[int]:
        """Roll ``count`` dice of ``sides`` faces, in order, all rolled by ``who`` for ``what``."""
        return [self.roll(sides, who, what, zero_based) for _ in range(count)]

    def give_back(self) -> None:
        """Return every draw of this transaction to the front of the buffer, in order."""
        self._pushed_back[:0] = [(use.sides, value) for use, value in zip(self.uses, self.drawn)]
        self.drawn = []
        self.uses = []


def roll_total(dice: DiceSource, count: int, sides: int = 6) -> tuple[list[int], int]:
    """Roll ``count`` d``sides`` and return the faces and their sum."""
    faces = [dice.roll(sides) for _ in range(count)]
    return faces, sum(faces)


def check_faces(values: Sequence[int], sides: int) -> str | None:
    """Why typed physical dice are impossible (None when they are fine)."""
    for value in values:
        if not 1 <= value <= sides:
            return f"{value} is not a d{sides} result"
    return None

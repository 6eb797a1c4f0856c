"""The immutable records of the odds: compared, hashed and shown by their fields.

``CombatNumbers``, ``Budget``, ``FightOdds`` and ``LuckAdvice`` are ``__slots__``
classes on this base rather than frozen dataclasses: the one-fight command
(issue 28, a cold process) would otherwise spend more on importing
``dataclasses`` (which imports ``inspect``, ``ast``, ``dis`` and ``tokenize``) and
generating their methods than on rating the fight.  What they need of a
dataclass is here, written once: equality and a hash on the fields' values (a
``CombatNumbers`` keys the odds' caches), a repr, no assignment after
``__init__``, a copy with some fields changed, the fields as a dict, pickling.

A subclass lists its fields in ``__slots__``, annotates them for the type
checker, and its ``__init__`` takes them in that order and hands them to
``_set``.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (issue 28: the cold command)
if TYPE_CHECKING:
    from typing import Any, Self

__all__ = ["Record"]


class Record:
    """An immutable value: its ``__slots__`` are its fields, set once by ``__init__``."""

    __slots__: tuple[str, ...] = ()

    def _set(self, *values: object) -> None:
        """Set the fields, in ``__slots__`` order: ``__init__`` only (assignment is refused afterwards)."""
        if len(values) != len(self.__slots__):
            raise TypeError(f"{type(self).__name__} has {len(self.__slots__)} fields, got {len(values)} values")
        for name, value in zip(self.__slots__, values):
            object.__setattr__(self, name, value)

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def as_dict(self) -> dict[str, object]:
        """The fields and their values, in order (what ``dataclasses.asdict`` gives for flat fields)."""
        return {name: getattr(self, name) for name in self.__slots__}

    def replace(self, **changes: Any) -> Self:  # noqa: ANN401 - any field's value
        """A copy with ``changes`` (field names) applied, checked by ``__init__`` as a new record is."""
        return type(self)(**{**self.as_dict(), **changes})

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record) or type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot delete field {name!r}")

    def __reduce__(self) -> tuple[type[Self], tuple[object, ...]]:
        # copy and pickle rebuild through __init__: the default would set the slots one by one, which is refused.
        return type(self), self._values()

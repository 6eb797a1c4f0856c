"""A state's copy to change: what may change is copied, what cannot is shared (issue 28).

The session applies each action to a private copy of the state, so every
state it keeps stays as it was (undo, redo, checkpoints). A deep copy made
every action pay for the whole state, its histories included: replaying
10 000 actions was quadratic. :func:`fork` copies by the models' field types
instead, built once per model class:

- shared as they are: numbers, strings, booleans, ``None``, tuples (the
  append-only histories: ``paragraph_history``, the table's ``journal``) and
  frozen models (a record made once: the journal's entries);
- copied: lists and dicts (one level, or each element when it is itself
  mutable), and every other model, field by field.

So an action pays for the parts of the state that may change in place (the
scores, the fight), never for its history. The rules keep their purity: they
change the copy in place and never a shared part (a tuple is replaced by a
longer one, a frozen model by a new one). ``Any`` (the Rôle'n Play result's
free-form data) falls back to a deep copy.
"""

from __future__ import annotations

import copy
import types
import typing
from collections.abc import Callable
from enum import Enum
from typing import Any, TypeVar

from pydantic import BaseModel

ModelT = TypeVar("ModelT", bound=BaseModel)
Copier = Callable[[Any], Any]

_ATOMS = (int, float, str, bool, bytes, type(None))
_set = object.__setattr__
_forks: dict[type[BaseModel], Copier] = {}


def fork(model: ModelT) -> ModelT:
    """A copy of ``model`` to change in place: its mutable parts copied, its immutable parts shared."""
    forked: ModelT = _fork_of(type(model))(model)
    return forked


def _fork_of(cls: type[BaseModel]) -> Copier:
    found = _forks.get(cls)
    if found is None:
        found = _forks[cls] = _build(cls)
    return found


def _build(cls: type[BaseModel]) -> Copier:
    """The copier of one model class: its dict copied, then each mutable field copied by its type."""
    config = cls.model_config
    if config.get("frozen") or config.get("extra") != "forbid" or cls.__private_attributes__:
        raise TypeError(f"{cls.__name__}: a state model to fork is mutable, forbids extra fields and has no private ones")
    plan: list[tuple[str, Copier]] = []
    for name, info in cls.model_fields.items():
        copier = _copier(info.annotation)
        if copier is not None:
            plan.append((name, copier))
    new = cls.__new__

    def fork_model(model: Any) -> Any:
        fields = model.__dict__.copy()
        for name, copier in plan:
            value = fields[name]
            if value is not None:
                fields[name] = copier(value)
        forked = new(cls)
        _set(forked, "__dict__", fields)
        _set(forked, "__pydantic_fields_set__", model.__pydantic_fields_set__.copy())
        _set(forked, "__pydantic_extra__", None)  # extra="forbid" and no private attributes in the states
        _set(forked, "__pydantic_private__", None)
        return forked

    return fork_model


def _copier(annotation: Any) -> Copier | None:
    """How to copy a value of this type so that changing the copy leaves the original alone (None: share it)."""
    if _immutable(annotation):
        return None
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        kinds = [arg for arg in args if arg is not type(None)]  # None is never copied (fork_model skips it)
        if len(kinds) == 1:
            return _copier(kinds[0])
        return copy.deepcopy  # a value of one of several kinds, some mutable (none in the states yet)
    if origin is list:
        return _list_copier(_copier(args[0]) if args else copy.deepcopy)
    if origin is dict:
        return _dict_copier(_copier(args[1]) if len(args) == 2 else copy.deepcopy)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _fork_any
    return copy.deepcopy  # Any, or a type this module does not know: copied whole, as before


def _fork_any(model: Any) -> Any:
    return _fork_of(type(model))(model)


def _list_copier(inner: Copier | None) -> Copier:
    if inner is None:
        return list.copy
    return lambda value: [inner(item) for item in value]


def _dict_copier(inner: Copier | None) -> Copier:
    if inner is None:
        return dict.copy
    return lambda value: {key: inner(item) for key, item in value.items()}


def _immutable(annotation: Any) -> bool:
    """Whether a value of this type can be shared: an atom, a Literal, an enum, a tuple or a frozen model."""
    if annotation in _ATOMS:
        return True
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return True
    if origin in (typing.Union, types.UnionType):
        return all(_immutable(arg) for arg in typing.get_args(annotation))
    if origin is tuple:
        return True  # an append-only history: replaced by a longer tuple, never changed in place
    if isinstance(annotation, type):
        if issubclass(annotation, Enum):
            return True
        if issubclass(annotation, BaseModel):
            return bool(annotation.model_config.get("frozen"))
    return False

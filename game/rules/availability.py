"""What can be done now, and why not: the answer to "which controls are usable" without made-up data.

Each ruleset lists its kinds of action (the members of its discriminated
union). For each kind, the ruleset's guards that need no parameters run on
the current state (no hero yet, a wound waiting, no fight in progress…); a
kind with no required parameter (test your Luck, eat, tick a day) is moreover
tried whole on a copy, so its answer is exact. A kind that needs data (which
creature, how much) answers "possible given fit data"; the screen then checks
the concrete action with ``Session.refusal``. Pure: no dice are drawn.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterable
from typing import Any, Union, get_args, get_origin

from pydantic import BaseModel

from game.rules.errors import Refused


def action_kinds(union: Any) -> list[type[BaseModel]]:
    """The action models of a ruleset's ``Annotated[Union[...], Field(discriminator="do")]``."""
    inner = get_args(union)[0] if get_args(union) else union
    if get_origin(inner) in (Union, types.UnionType):
        return list(get_args(inner))
    return [inner]


def kind_of(model: type[BaseModel]) -> str:
    """The ``do`` of an action model (its discriminator value)."""
    return str(get_args(model.model_fields["do"].annotation)[0])


def needs_nothing(model: type[BaseModel]) -> bool:
    """True when the action takes no parameter (every field but ``do`` has a default)."""
    return all(not field.is_required() for name, field in model.model_fields.items() if name != "do")


def availability(
    kinds: Iterable[type[BaseModel]], guard: Callable[[type[BaseModel]], None], try_whole: Callable[[BaseModel], None]
) -> dict[str, Refused | None]:
    """Each kind's refusal now (None when allowed): ``guard`` raises the kind-level refusal,
    ``try_whole`` applies a parameterless action to a copy of the state (raising Refused)."""
    answers: dict[str, Refused | None] = {}
    for model in kinds:
        kind = kind_of(model)
        try:
            guard(model)
            if needs_nothing(model):
                try_whole(model(do=kind))
        except Refused as refused:
            answers[kind] = refused
        else:
            answers[kind] = None
    return answers

"""Each field's rules written once: the plain reading and the pydantic model are both made from them.

A file the app wrote (the settings, a save's head) is read at start-up without pydantic, whose import and
first model cost about 100 ms (issue 28): a value of its field's own type within its bounds is kept as it is
(:meth:`Rule.plain`). Any other value goes to the field's pydantic model, which coerces it or refuses it with
the field and the reason. The two must agree, so the bounds, choices and patterns are declared once, as a
:class:`Rule` in the metadata of a dataclass field (:func:`ruled`); the model's side (:func:`annotation`,
:func:`model_field`) reads the same Rule, and imports pydantic only when it is called, from a model module.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from functools import cache
from typing import Any


@dataclass(frozen=True)
class Rule:
    """What a field's value is when it needs no judging: its type, its choices or bounds, its form."""

    kind: type
    choices: tuple[str, ...] = ()
    low: float | None = None
    high: float | None = None
    max_length: int | None = None  # of a text, or of a list
    item_max_length: int | None = None  # of each text of a list (each key and value of a dict)
    pattern: str | None = None  # the whole text matches it
    folder: bool = False  # a folder's path (each text of a list): never holds a NUL
    nullable: bool = False  # None (JSON null) is a value too

    def plain(self, value: object) -> tuple[bool, object]:
        """(True, the value to keep) when ``value`` is plainly valid; (False, None) when the model must judge it."""
        kind = type(value)
        if value is None and self.nullable:
            return True, None
        if self.kind is float:
            if kind not in (int, float):
                return False, None
            try:
                number = float(value)  # type: ignore[arg-type]  # an int or a float, as the model makes it
            except OverflowError:  # an int past any float: the model says why
                return False, None
            return math.isfinite(number) and self._within(number), number
        if kind is not self.kind:
            return False, None
        if kind is str:
            text: str = value  # type: ignore[assignment]  # a str, by its type
            ok = (not self.choices or text in self.choices) and (self.max_length is None or len(text) <= self.max_length)
            ok = ok and not (self.folder and "\x00" in text)
            return ok and _utf8(text) and (self.pattern is None or re.fullmatch(self.pattern, text) is not None), value
        if kind is int:
            return self._within(value), value  # type: ignore[arg-type]  # an int, by its type
        if kind is dict:
            items: dict[object, object] = value  # type: ignore[assignment]  # a dict, by its type
            return all(self._item(k) and self._item(v) for k, v in items.items()), dict(items)
        if kind is list:
            texts: list[object] = value  # type: ignore[assignment]  # a list, by its type
            return all(self._item(t) for t in texts) and (self.max_length is None or len(texts) <= self.max_length), list(texts)
        return kind is bool, value

    def _item(self, value: object) -> bool:
        """A text of a list or a dict, within ``item_max_length``, that UTF-8 can hold."""
        return (
            type(value) is str
            and not (self.folder and "\x00" in value)
            and _utf8(value)
            and (self.item_max_length is None or len(value) <= self.item_max_length)
        )

    def _within(self, number: float) -> bool:
        return (self.low is None or number >= self.low) and (self.high is None or number <= self.high)


def _utf8(text: str) -> bool:
    """True when ``text`` can be written as UTF-8: a lone surrogate (a folder name that is not UTF-8, as the system
    hands it over: "caf\\udce9") cannot, so the model refuses it, and the file could never be saved."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def ruled(default: Any = MISSING, **rule: Any) -> Any:  # Any: the field's own type, for its readers
    """A dataclass field carrying its Rule (``kind`` taken from ``default`` when not given); no default: required."""
    kind = rule.pop("kind", None) or type(default)
    metadata = {"rule": Rule(kind, **rule)}
    if isinstance(default, (dict, list)):
        return field(default_factory=type(default), metadata=metadata)
    return field(default=default, metadata=metadata)


def rules_of(cls: type) -> dict[str, Rule]:
    """The Rule of each field of dataclass ``cls`` that has one, in the fields' order."""
    return {f.name: f.metadata["rule"] for f in fields(cls) if "rule" in f.metadata}


def required_of(cls: type) -> frozenset[str]:
    """The fields of dataclass ``cls`` that have no default."""
    return frozenset(f.name for f in fields(cls) if f.default is MISSING and f.default_factory is MISSING)


def plain_values(rules: dict[str, Rule], data: dict[str, Any], required: frozenset[str] = frozenset()) -> dict[str, Any] | None:
    """The values of ``data`` for ``rules`` when every one is plainly valid and none ``required`` is missing (other
    keys ignored), else None: the model must judge them."""
    values: dict[str, Any] = {}
    for name, rule in rules.items():
        if name in data:
            ok, values[name] = rule.plain(data[name])
            if not ok:
                return None
        elif name in required:
            return None
    return values


# The model's side: called from the model modules only (they import pydantic; the plain reading never calls these).


def constraints(rule: Rule) -> dict[str, Any]:
    """``rule``'s bounds and form as pydantic's Field constraints (those it has)."""
    found = {"ge": rule.low, "le": rule.high, "max_length": rule.max_length, "pattern": rule.pattern}
    return {name: value for name, value in found.items() if value is not None}


def annotation(rule: Rule) -> Any:
    """The pydantic type of a value following ``rule``: its choices as a Literal, its bounds and form as constraints."""
    from typing import Annotated, Literal

    from pydantic import AfterValidator, BeforeValidator, Field

    def text(limits: dict[str, Any]) -> Any:
        # A constrained text: pydantic checks it as UTF-8 (a lone surrogate refused, "string_unicode"), a bare
        # ``str`` not: a text of a list or a dict always has its length limit.
        folder = (AfterValidator(_folder),) if rule.folder else ()
        return Annotated[(str, Field(**limits), *folder)] if limits or folder else str

    if rule.choices:
        found: Any = Literal[rule.choices]
    elif rule.kind is str:
        found = text(constraints(rule))
    elif rule.kind in (dict, list):
        item = text({"max_length": rule.item_max_length} if rule.item_max_length is not None else {})
        limit: dict[str, Any] = {"max_length": rule.max_length} if rule.max_length is not None else {}
        found = dict[item, item] if rule.kind is dict else Annotated[list[item], Field(**limit)]  # type: ignore[valid-type]  # a type made from a Rule
    elif rule.kind in (int, float):
        # pydantic's lax mode takes true as 1: a file's true is not a number (a scale of true is not 100 %).
        found = Annotated[
            (rule.kind, BeforeValidator(_not_bool("int_type" if rule.kind is int else "float_type")), Field(**constraints(rule)))
        ]
    else:
        found = Annotated[rule.kind, Field(**constraints(rule))] if constraints(rule) else rule.kind
    return found | None if rule.nullable else found


def model_field(cls: type, name: str) -> tuple[Any, Any]:
    """The pydantic field of dataclass ``cls``'s field ``name`` for ``pydantic.create_model``: its type
    (:func:`annotation`) and its default."""
    from pydantic import Field

    (found,) = [f for f in fields(cls) if f.name == name]
    rule = found.metadata["rule"]
    if found.default_factory is not MISSING:
        return annotation(rule), Field(default_factory=found.default_factory)
    return annotation(rule), (... if found.default is MISSING else found.default)


@cache
def model_of(cls: type, name: str, **config: Any) -> Any:  # Any: a pydantic model class, made here
    """The pydantic model of dataclass ``cls``'s ruled fields (each :func:`model_field`), with ``config``
    (``extra``, ``frozen``…); made once."""
    from pydantic import ConfigDict, create_model

    made = {field_name: model_field(cls, field_name) for field_name in rules_of(cls)}
    doc = f"The rules of {cls.__name__}'s fields as a pydantic model (game.value_rules)."
    settings = ConfigDict(**config)  # type: ignore[typeddict-item]  # keywords of a ConfigDict, as given
    return create_model(name, __config__=settings, __doc__=doc, **made)  # type: ignore[call-overload]  # fields from a dict


def constrained(cls: type, name: str, **given: Any) -> Any:  # Any: what a model's field is given, for its readers
    """The pydantic ``Field`` of a model's field declared by dataclass ``cls``'s field ``name``: its default (or
    ``given``'s) and its Rule's constraints; the model's annotation gives its type (checked by mypy)."""
    from pydantic import Field

    (found,) = [f for f in fields(cls) if f.name == name]
    default = {} if found.default is MISSING or "default_factory" in given else {"default": found.default}
    return Field(**{**default, **given, **constraints(found.metadata["rule"])})


def _not_bool(code: str) -> Callable[[object], object]:
    """A check of a number's value as given: true or false is refused as not a number (``code``: int_type,
    float_type)."""
    from pydantic_core import PydanticCustomError

    from game.safe_json import english_reason

    def check(value: object) -> object:
        if isinstance(value, bool):
            raise PydanticCustomError(code, english_reason(code, {}), {})
        return value

    return check


def _folder(text: str) -> str:
    """A folder's path: no system's folder can be named with a NUL (the file browser, the exports would fail)."""
    from pydantic_core import PydanticCustomError

    from game.safe_json import english_reason

    if "\x00" in text:
        raise PydanticCustomError("path_nul", english_reason("path_nul", {}), {})
    return text

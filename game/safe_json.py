"""Reading JSON the app did not write itself (books, saves, imports) within firm limits.

Every problem becomes an :class:`InputError` naming the file, the JSON path
and the reason; nothing in the file is ever executed. Limits are documented in
docs/LIMITS.md.
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Self

from game import safe_file

if TYPE_CHECKING:
    from game.i18n.catalogue import Catalogue

MAX_FILE_BYTES = 2 * 1024 * 1024  # a book, a case, an imported file (saves have their own, see storage.saves)
MAX_NESTING = 32  # lists and objects inside one another
MAX_STRING_CHARS = 20_000  # one string (keys too): notes hold up to 10 000, book texts 4 000
MAX_INTEGER = 2**53 - 1  # |n|: what every JSON reader holds exactly; the models bound far lower


@dataclass(frozen=True)
class InputError(Exception):
    """A file that cannot be used: which file, where in it, and why."""

    file: str
    path: str
    reason: str  # in English: the logs and the tools; the screens say it by ``code`` (or ``cause``) in the player's words
    cause: OSError | None = field(default=None, kw_only=True, compare=False)  # the system's refusal, when one
    code: str = field(default="", kw_only=True, compare=False)  # the catalogue's ``reasons.<code>``; "" for none
    params: tuple[tuple[str, object], ...] = field(default=(), kw_only=True, compare=False)  # what its words name

    def __str__(self) -> str:
        return f"{self.file}: {self.path}: {self.reason}"

    @classmethod
    def coded(cls, file: str, path: str, code: str, /, **params: object) -> Self:
        """An error said by its reason code (words ``reasons.<code>`` in the catalogue, fr and en) and parameters;
        its ``reason`` is the English words, for the logs and the tools."""
        return cls(file, path, english_reason(code, params), code=code, params=tuple(params.items()))

    @classmethod
    def coded_refusal(cls, file: str, path: str, code: str, cause: OSError, /, **params: object) -> Self:
        """A coded error about the system's refusal ``cause``: its words' ``{why}`` is the refusal in the player's
        words on a screen (``os_error_words``), the system's English in ``reason``."""
        english = english_reason(code, {**params, "why": cause.strerror or str(cause)})
        return cls(file, path, english, cause=cause, code=code, params=tuple(params.items()))


SHOWN_CHARS = 120  # a text of the file named in a reason (a 20 000-character kind is not said whole)

#: Parameters of a reason whose value is itself a word, by where its words are: ``kind`` → ``reasons.word.<value>``
#: ("a whole number"), ``file_kind`` → ``files.kind.<value>`` (what is at a path: "a directory").
WORD_PARAMS = {name: "reasons.word." for name in ("kind", "want", "found", "left", "right", "where")} | {
    "file_kind": "files.kind."
}


def reason_words(t: Callable[..., str], code: str, params: Mapping[str, object]) -> str:
    """A reason's words through ``t`` (a catalogue's ``t``): ``reasons.<code>``, word parameters said too."""
    shown: dict[str, object] = {}
    for name, value in params.items():
        if isinstance(value, Mapping) and "code" in value:  # a reason inside a reason (an expression's, in a book's)
            inner = value.get("params")
            shown[name] = reason_words(t, str(value["code"]), inner if isinstance(inner, Mapping) else {})
        elif isinstance(value, Mapping) and "refused" in value:  # the rules' refusal (a log entry that does not replay)
            shown[name] = refusal_words(t, value)
        elif name == "do":  # an action, as the journal names it
            shown[name] = action_words(t, str(value))
        elif name in WORD_PARAMS:
            shown[name] = t(f"{WORD_PARAMS[name]}{value}")
        else:  # a file's own text (an id, a kind, an expression) said at most SHOWN_CHARS long
            shown[name] = value[: SHOWN_CHARS - 1] + "…" if isinstance(value, str) and len(value) > SHOWN_CHARS else value
    return t(f"reasons.{code}", **shown)


def refusal_words(t: Callable[..., str], refusal: Mapping[str, object]) -> str:
    """The rules' refusal said by its code (``refused.<code>``, the sheet's words) with its params; lists are
    joined. A code with no words keeps the rules' English message inside ``refused.unknown``."""
    inner = refusal.get("params")
    params = {
        name: ", ".join(map(str, value)) if isinstance(value, (list, tuple)) else value
        for name, value in (inner.items() if isinstance(inner, Mapping) else ())
    }
    words = t(f"refused.{refusal['refused']}", **params)
    words = t("refused.unknown", message=refusal.get("message", "")) if words.startswith("⟦") else words
    return words.rstrip(".")  # a sentence of the sheet, said inside another


def action_words(t: Callable[..., str], do: str) -> str:
    """An action's ``do`` as the journal names it ("Création du héros aux dés"); one whose name needs the
    action's own values is said by its id."""
    words = t(f"action.{do}")
    return do if not do or words.startswith("⟦") or "{" in words else words


@cache
def _english() -> Catalogue:
    from game.i18n.catalogue import Catalogue

    return Catalogue("en")


def english_reason(code: str, params: Mapping[str, object]) -> str:
    """A reason in English (the logs', the tools' and the ``reason`` of an error)."""
    return reason_words(_english().t, code, params)


def json_path(location: tuple) -> str:
    """A pydantic error location as a JSON path: ("stats", 0, "roll") -> "$.stats[0].roll"."""
    text = "$"
    for part in location:
        if isinstance(part, int):
            text += f"[{part}]"
        elif text == "$" and part in ("fighting_fantasy", "rolenplay"):
            continue  # a union's tag, not a key of the file
        elif part.startswith("function-") or part.endswith("]"):
            continue
        else:
            text += f".{part}"
    return text


def place_in_file(path: str) -> str | None:
    """Where in a file an error is, for a reader: None for the whole file (``$``), else the path without its
    ``$.`` ("stats[0].roll.dice")."""
    if path in ("", "$"):
        return None
    return path.removeprefix("$.").removeprefix("$")


def in_words(error: InputError) -> str:
    """An error as an author reads it (tools): the file, where in it ("at stats[0].roll.dice", nothing for the
    whole file), and why."""
    place = place_in_file(error.path)
    return f"{error.file}: {error.reason}" if place is None else f"{error.file}: at {place}: {error.reason}"


#: Pydantic's error types said the same way as another (same words, same parameters).
SAME_AS = {
    "int_parsing": "int_type", "int_from_float": "int_type", "bool_parsing": "bool_type", "float_parsing": "float_type",
    "model_type": "dict_type", "model_attributes_type": "dict_type", "string_sub_type": "string_type",
    "literal_error": "literal_error", "enum": "literal_error",
}  # fmt: skip
_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'")


def validation_reason(detail: Mapping[str, object]) -> Problem:
    """A pydantic error (one of ``ValidationError.errors()``) as a reason code and its parameters.

    A validator's own refusal (``PydanticCustomError(code, …)``) is its code; pydantic's types are their own
    codes (``reasons.missing``, ``reasons.int_type``…); a type the catalogue has no words for is said by
    ``reasons.other`` with pydantic's English beside it.
    """
    kind = str(detail["type"])
    context = dict(detail.get("ctx") or {})  # type: ignore[call-overload]  # pydantic's ctx is a dict
    kind = SAME_AS.get(kind, kind)
    if kind == "literal_error":
        return kind, {"choices": ", ".join(repr(v) for v in _QUOTED.findall(str(context.get("expected", ""))))}
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        context = {name: str(value).strip("'") for name, value in context.items()}
        if "expected_tags" in context:
            context["expected_tags"] = ", ".join(_QUOTED.findall("'" + context["expected_tags"] + "'"))
        return kind, context
    if kind in known_reasons():
        return kind, {name: value for name, value in context.items() if isinstance(value, (str, int, float, dict))}
    message = str(detail.get("msg", ""))
    return "other", {"words": re.sub(r"^(Value error|Assertion failed), ", "", message)}


@cache
def known_reasons() -> frozenset[str]:
    """Every reason code the catalogue has words for (``reasons.<code>``, words of parameters left out)."""
    return frozenset(key for key in _english().keys_under("reasons.") if not key.startswith("word."))


def nesting_depth(value: object, limit: int = MAX_NESTING) -> int:
    """How deeply lists and objects nest (stops counting past ``limit``)."""
    depth = 0
    frontier = [value]
    while frontier and depth <= limit:
        children: list[object] = []
        for item in frontier:
            if isinstance(item, dict):
                children.extend(item.values())
            elif isinstance(item, list):
                children.extend(item)
        if not children:
            break
        depth += 1
        frontier = children
    return depth


Problem = tuple[str, dict[str, object]]  # a reason code and its parameters


class _Refused:
    """Stands in for a value the parser met but must not keep (its path is found afterwards)."""

    __slots__ = ("problem",)

    def __init__(self, code: str, **params: object) -> None:
        self.problem: Problem = (code, params)


def _huge(text: str) -> _Refused:
    if len(text) <= 24:
        return _Refused("json_number_too_big", number=text, limit=MAX_INTEGER)
    return _Refused("json_number_too_big_long", start=text[:12], digits=len(text), limit=MAX_INTEGER)


def _parse_int(text: str) -> int | _Refused:
    # Checked before int(): Python refuses > 4300 digits with a bare ValueError, and huge ints cost time.
    if len(text.lstrip("-")) > len(str(MAX_INTEGER)) or abs(int(text)) > MAX_INTEGER:
        return _huge(text)
    return int(text)


def _parse_float(text: str) -> float | _Refused:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")) or abs(value) > MAX_INTEGER:
        return _huge(text)
    return value


def _parse_constant(text: str) -> _Refused:
    return _Refused("json_not_a_number", text=text)


def _string_problem(text: str, key: bool = False, escaped: bool = False) -> Problem | None:
    """Why a text of the file cannot be kept (too long, a lone surrogate), or None. ``escaped``: the file's bytes
    that are not UTF-8 were read as U+DC80–U+DCFF (read_text_file(escaped=True)), so such a character is one."""
    if len(text) > MAX_STRING_CHARS:
        return ("json_key_too_long" if key else "json_text_too_long"), {"length": len(text), "limit": MAX_STRING_CHARS}
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as problem:
            code = ord(text[problem.start])
            if escaped and 0xDC80 <= code <= 0xDCFF:
                return "json_not_utf8_text", {"byte": f"0x{code - 0xDC00:02x}", "position": problem.start}
            char = f"\\u{code:04x}"
            return ("json_key_surrogate" if key else "json_surrogate"), {"char": char, "position": problem.start}
    return None


Location = tuple[str | int, ...]  # where a value is: its keys (shown at most 40 characters long) and indices


def _shown_key(key: str) -> str:
    return key if len(key) <= 40 else key[:40] + "…"


def path_of(location: Location) -> str:
    """A location as a JSON path: ("shortcuts", "a b", 0) -> "$.shortcuts['a b'][0]" (a key no identifier, quoted)."""
    text = "$"
    for part in location:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if part.isidentifier() else f"[{part!r}]"
    return text


def _beyond(data: object, escaped: bool = False) -> tuple[Location, Problem] | None:
    """The first value of parsed JSON beyond the limits, as (its location, (reason code, parameters))."""
    stack: list[tuple[object, Location, int]] = [(data, (), 0)]
    while stack:
        value, location, depth = stack.pop()
        if isinstance(value, _Refused):
            return location, value.problem
        if isinstance(value, str):
            problem = _string_problem(value, escaped=escaped)
            if problem:
                return location, problem
        elif isinstance(value, (dict, list)):
            if depth >= MAX_NESTING:
                return location, ("json_too_deep", {"limit": MAX_NESTING})
            if isinstance(value, dict):
                if isinstance(value, _Twice):
                    return (*location, _shown_key(value.twice[0])), ("json_key_twice", {})
                for key, item in value.items():
                    child = (*location, _shown_key(key))
                    problem = _string_problem(key, key=True, escaped=escaped)
                    if problem:
                        return child, problem
                    stack.append((item, child, depth + 1))
            else:
                stack.extend((item, (*location, index), depth + 1) for index, item in enumerate(value))
    return None


def limit_problem(data: object) -> tuple[str, Problem] | None:
    """The first value of parsed JSON beyond the limits, as (JSON path, (reason code, parameters)); None when all fit."""
    found = _beyond(data)
    return None if found is None else (path_of(found[0]), found[1])


class _Twice(dict[str, object]):
    """An object of the file holding a key more than once, with different values: which it means is unknown."""

    __slots__ = ("twice",)

    def __init__(self, members: dict[str, object], twice: list[str]) -> None:
        super().__init__(members)
        self.twice = twice


def _members(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """An object of the file as a dict; a key written twice with different values makes it a :class:`_Twice`."""
    members = dict(pairs)
    if len(members) == len(pairs):
        return members
    seen: dict[str, object] = {}
    twice: list[str] = []
    for key, value in pairs:
        if key in seen and not _same_json(seen[key], value) and key not in twice:
            twice.append(key)
        seen[key] = value
    return _Twice(members, twice) if twice else members


def _same_json(one: object, other: object) -> bool:
    """True when two parsed JSON values are the same value: Python's ``==`` holds ``true`` equal to ``1`` (and
    ``false`` to ``0``), which a file means as different values. An object holding a key twice itself is the same as
    nothing: which of its values is meant is unknown, so the key holding it is twice too (else the other, clean
    value silently won and the inner duplicate was never said). Two values refused alike (NaN and NaN) are the
    same: their reason is said, not "twice". Walked with a stack, not by recursion: two frames a level ran out of
    Python's stack at 400 levels, and the whole file was refused where the nesting costs its own setting only."""
    pairs: list[tuple[object, object]] = [(one, other)]
    while pairs:
        first, second = pairs.pop()
        if isinstance(first, _Twice) or isinstance(second, _Twice):
            return False
        if isinstance(first, bool) or isinstance(second, bool):
            same = type(first) is type(second) and first == second
        elif isinstance(first, _Refused) or isinstance(second, _Refused):
            same = isinstance(first, _Refused) and isinstance(second, _Refused) and first.problem == second.problem
        elif isinstance(first, list) and isinstance(second, list):
            same = len(first) == len(second)
            pairs.extend(zip(first, second))
        elif isinstance(first, dict) and isinstance(second, dict):
            same = first.keys() == second.keys()
            pairs.extend((first[key], second[key]) for key in first if key in second)
        else:
            same = first == second
        if not same:
            return False
    return True


def _syntax_error(name: str, text: str, problem: json.JSONDecodeError, error: type[InputError]) -> InputError:
    mistake = "empty" if not text.strip() else JSON_MISTAKES.get(problem.msg)
    code = f"json_{mistake}" if mistake else "json_broken"
    return error.coded(name, "$", code, line=problem.lineno, column=problem.colno)


def parse_json_text(name: str, text: str, error: type[InputError] = InputError) -> object:
    """Parse JSON text within the nesting, string and number limits, or raise ``error``.

    A byte order mark before the text (Windows' Notepad writes one) is not part of the JSON: it is skipped."""
    text = text.removeprefix("\ufeff")
    try:
        data = json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except json.JSONDecodeError as problem:
        raise _syntax_error(name, text, problem, error) from None
    except RecursionError:
        raise error.coded(name, "$", "json_too_deep", limit=MAX_NESTING) from None
    beyond = limit_problem(data)
    if beyond:
        path, (code, params) = beyond
        raise error.coded(name, path, code, **params)
    return data


def read_json_members(
    path: Path, error: type[InputError] = InputError, max_bytes: int = MAX_FILE_BYTES, folder: Path | None = None
) -> tuple[dict[str, object], list[tuple[Location, InputError]]]:
    """Read a file holding one JSON object member by member: (its members within the limits, and where each other
    member is refused and why). A file the player edits by hand (the settings) loses only what cannot be read.

    Refused alone, its member left out: a number JSON cannot hold (NaN, Infinity, beyond ±MAX_INTEGER), a lone
    surrogate (``"\\ud800"``), a byte that is not UTF-8 inside a text, a key written twice with different values
    (which one is meant is unknown), a text too long, nesting too deep — each anywhere inside the member's value.
    What is not a JSON object at all (not UTF-8 outside a text, broken JSON, an array, empty) raises ``error`` for
    the whole file, as :func:`read_json_file` does."""
    return json_members(path.name, read_text_file(path, error, max_bytes, folder, escaped=True), error)


def json_members(
    name: str, whole: str, error: type[InputError] = InputError
) -> tuple[dict[str, object], list[tuple[Location, InputError]]]:
    """:func:`read_json_members` of the text ``whole`` of file ``name``, read with read_text_file(escaped=True):
    for a caller that keeps the text it judged (the settings: which file a save then keeps aside)."""
    text = whole.removeprefix("\ufeff")
    escaped = not text.isascii() and _ESCAPED.search(text) is not None
    try:
        data = json.loads(
            text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant, object_pairs_hook=_members
        )
    except (json.JSONDecodeError, RecursionError) as mistake:
        byte = _ESCAPED.search(text) if escaped else None
        if byte is not None:  # a byte that is not UTF-8 outside a text: the file is not JSON text at all
            before = whole[: len(whole) - len(text) + byte.start()]  # the byte's offset in the file, a BOM counted
            raise error.coded(name, "$", "not_utf8", byte=len(before.encode("utf-8", "surrogateescape"))) from None
        if isinstance(mistake, RecursionError):
            raise error.coded(name, "$", "json_too_deep", limit=MAX_NESTING) from None
        raise _syntax_error(name, text, mistake, error) from None
    if not isinstance(data, dict):
        raise error.coded(name, "$", "dict_type")
    refused: list[tuple[Location, InputError]] = []
    twice = data.twice if isinstance(data, _Twice) else []
    for key in list(data):
        shown = _shown_key(key)
        problem: Problem | None = ("json_key_twice", {}) if key in twice else _string_problem(key, True, escaped)
        found = ((), problem) if problem else _beyond(data[key], escaped)
        if found is not None:
            location: Location = (shown, *found[0])
            code, params = found[1]
            refused.append((location, error.coded(name, path_of(location), code, **params)))
            del data[key]
    return dict(data), refused


_ESCAPED = re.compile("[\udc80-\udcff]")  # a byte that was not UTF-8, read by read_text_file(escaped=True)


#: What Python's JSON reader says (``JSONDecodeError.msg``) → the reason's code ``json_<code>``.
JSON_MISTAKES = {
    "Expecting value": "value",
    "Expecting property name enclosed in double quotes": "key",
    "Expecting ':' delimiter": "colon",
    "Expecting ',' delimiter": "comma",
    "Unterminated string starting at": "string",
    "Invalid control character at": "control",
    "Invalid \\escape": "escape",
    "Invalid \\uXXXX escape": "escape",
    "Extra data": "extra",
    "Illegal trailing comma before end of object": "trailing_comma",
    "Illegal trailing comma before end of array": "trailing_comma",
}

_DECODER = json.JSONDecoder(parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
_SPACE = re.compile(r"[ \t\n\r]*")


def _skip_space(text: str, at: int) -> int:
    match = _SPACE.match(text, at)
    return match.end() if match else at


def parse_json_head(text: str, stop: str) -> dict[str, object] | None:
    """The members of the JSON object ``text`` opens that come before its key ``stop``, or None.

    What follows ``stop`` is not parsed (a save's log: the shelf lists a save from its head). ``text`` may be
    a file's first bytes only. None when the members before ``stop`` are not all there and clean: the text
    ends first, the object ends without ``stop``, the JSON is broken or a value is beyond the limits of
    :func:`parse_json_text` — the caller then parses the whole file, which says what is wrong.
    """
    members = _head_members(text, stop)
    return members if members is not None and limit_problem(members) is None else None


def _head_members(text: str, stop: str) -> dict[str, object] | None:
    """:func:`parse_json_head`'s members, their values not yet checked against the limits."""
    try:
        at = _skip_space(text, 0)
        if not text.startswith("{", at):
            return None
        members: dict[str, object] = {}
        at += 1
        while True:
            key, at = _DECODER.raw_decode(text, _skip_space(text, at))
            at = _skip_space(text, at)
            if not isinstance(key, str) or not text.startswith(":", at):
                return None
            if key == stop:
                return members
            members[key], at = _DECODER.raw_decode(text, _skip_space(text, at + 1))
            at = _skip_space(text, at)
            if not text.startswith(",", at):
                return None
            at += 1
    except (json.JSONDecodeError, RecursionError):
        return None


def not_utf8_in_head(text: str, stops: tuple[str, ...]) -> tuple[str, Problem] | None:
    """Where a byte that is not UTF-8 lies in a text of the head ``text`` opens (its members before the first of
    ``stops`` found), as (JSON path, (reason code, parameters)); None when it lies elsewhere or the head cannot be
    read. ``text``: read with read_text_file(escaped=True); a key holding the byte is named through :func:`printable`."""
    for stop in stops:
        members = _head_members(text, stop)
        if members is not None:
            break
    else:
        return None
    found = _beyond(members, escaped=True)
    if found is None or found[1][0] != "json_not_utf8_text":
        return None
    return printable(path_of(found[0])), found[1]


def printable(text: str) -> str:
    """``text`` with each character no file can hold (a surrogate) as its escape: a place in a file, as said."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def read_text_file(
    path: Path,
    error: type[InputError] = InputError,
    max_bytes: int = MAX_FILE_BYTES,
    folder: Path | None = None,
    first: int | None = None,
    escaped: bool = False,
) -> str:
    """Read a UTF-8 file within ``max_bytes``, or raise ``error`` naming what is wrong.

    The file is checked before it is opened (game.safe_file: a regular file, under the limit, not a link
    out of ``folder``): a FIFO, a device or a directory is refused with the path and the reason.
    ``first``: only the text of the first ``first`` bytes (a character they cut in two is left out).
    ``escaped``: a byte that is not UTF-8 is read as U+DC80–U+DCFF ("surrogateescape") instead of refused, for
    the caller to refuse where it stands (:func:`read_json_members`: in one member).
    """
    name = path.name
    try:
        raw = safe_file.read_bytes(path, max_bytes, folder, first)
    except safe_file.FileRefused as refused:
        raise error(str(path), "$", refused.reason, cause=refused) from None
    except OSError as problem:
        raise error(name, "$", f"cannot be read ({problem.strerror or problem})", cause=problem) from None
    try:
        whole = first is None or len(raw) < first
        return codecs.getincrementaldecoder("utf-8")("surrogateescape" if escaped else "strict").decode(raw, final=whole)
    except UnicodeDecodeError as problem:
        raise error.coded(name, "$", "not_utf8", byte=problem.start) from None


def read_json_file(
    path: Path, error: type[InputError] = InputError, max_bytes: int = MAX_FILE_BYTES, folder: Path | None = None
) -> object:
    """Read a JSON file within the size (``max_bytes``) and other limits, or raise ``error`` naming what is wrong."""
    return parse_json_text(path.name, read_text_file(path, error, max_bytes, folder), error)

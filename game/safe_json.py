"""Reading JSON the app did not write itself (books, saves, imports) within firm limits.

Every problem becomes an :class:`InputError` naming the file, the JSON path
and the reason; nothing in the file is ever executed. Limits are documented in
docs/LIMITS.md.
"""

from __future__ import annotations

import codecs
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from game import safe_file

MAX_FILE_BYTES = 2 * 1024 * 1024  # a book, a case, an imported file (saves have their own, see storage.saves)
MAX_NESTING = 32  # lists and objects inside one another
MAX_STRING_CHARS = 20_000  # one string (keys too): notes hold up to 10 000, book texts 4 000
MAX_INTEGER = 2**53 - 1  # |n|: what every JSON reader holds exactly; the models bound far lower


@dataclass(frozen=True)
class InputError(Exception):
    """A file that cannot be used: which file, where in it, and why."""

    file: str
    path: str
    reason: str  # in English: the logs and the tools; the screens say ``cause`` in the player's words when set
    cause: OSError | None = field(default=None, kw_only=True, compare=False)  # the system's refusal, when one

    def __str__(self) -> str:
        return f"{self.file}: {self.path}: {self.reason}"


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


class _Refused:
    """Stands in for a value the parser met but must not keep (its path is found afterwards)."""

    __slots__ = ("reason",)

    def __init__(self, reason: str) -> None:
        self.reason = reason


def _parse_int(text: str) -> int | _Refused:
    # Checked before int(): Python refuses > 4300 digits with a bare ValueError, and huge ints cost time.
    if len(text.lstrip("-")) > len(str(MAX_INTEGER)) or abs(int(text)) > MAX_INTEGER:
        shown = text if len(text) <= 24 else f"{text[:12]}…({len(text)} digits)"
        return _Refused(f"holds the number {shown}, beyond the limit of ±{MAX_INTEGER}")
    return int(text)


def _parse_float(text: str) -> float | _Refused:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")) or abs(value) > MAX_INTEGER:
        shown = text if len(text) <= 24 else f"{text[:12]}…"
        return _Refused(f"holds the number {shown}, beyond the limit of ±{MAX_INTEGER}")
    return value


def _parse_constant(text: str) -> _Refused:
    return _Refused(f"holds {text}, which is not a JSON number")


def _string_problem(text: str) -> str | None:
    if len(text) > MAX_STRING_CHARS:
        return f"is a text of {len(text)} characters, more than the limit of {MAX_STRING_CHARS}"
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as problem:
            return f"holds an invalid character (a lone surrogate \\u{ord(text[problem.start]):04x}) at position {problem.start}"
    return None


def _key_path(path: str, key: str) -> str:
    shown = key if len(key) <= 40 else key[:40] + "…"
    return f"{path}.{shown}" if shown.isidentifier() else f"{path}[{shown!r}]"


def limit_problem(data: object) -> tuple[str, str] | None:
    """The first value of parsed JSON beyond the limits, as (JSON path, reason); None when all fit."""
    stack: list[tuple[object, str, int]] = [(data, "$", 0)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, _Refused):
            return path, value.reason
        if isinstance(value, str):
            problem = _string_problem(value)
            if problem:
                return path, problem
        elif isinstance(value, (dict, list)):
            if depth >= MAX_NESTING:
                return path, f"nests deeper than the limit of {MAX_NESTING}"
            if isinstance(value, dict):
                for key, item in value.items():
                    child = _key_path(path, key)
                    problem = _string_problem(key)
                    if problem:
                        return child, "the key " + problem.removeprefix("is ")
                    stack.append((item, child, depth + 1))
            else:
                stack.extend((item, f"{path}[{index}]", depth + 1) for index, item in enumerate(value))
    return None


def parse_json_text(name: str, text: str, error: type[InputError] = InputError) -> object:
    """Parse JSON text within the nesting, string and number limits, or raise ``error``."""
    try:
        data = json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except json.JSONDecodeError as problem:
        raise error(name, "$", f"is not valid JSON: {problem.msg} at line {problem.lineno} column {problem.colno}") from None
    except RecursionError:
        raise error(name, "$", f"nests deeper than the limit of {MAX_NESTING}") from None
    beyond = limit_problem(data)
    if beyond:
        raise error(name, *beyond)
    return data


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
                return members if limit_problem(members) is None else None
            members[key], at = _DECODER.raw_decode(text, _skip_space(text, at + 1))
            at = _skip_space(text, at)
            if not text.startswith(",", at):
                return None
            at += 1
    except (json.JSONDecodeError, RecursionError):
        return None


def read_text_file(
    path: Path,
    error: type[InputError] = InputError,
    max_bytes: int = MAX_FILE_BYTES,
    folder: Path | None = None,
    first: int | None = None,
) -> str:
    """Read a UTF-8 file within ``max_bytes``, or raise ``error`` naming what is wrong.

    The file is checked before it is opened (game.safe_file: a regular file, under the limit, not a link
    out of ``folder``): a FIFO, a device or a directory is refused with the path and the reason.
    ``first``: only the text of the first ``first`` bytes (a character they cut in two is left out).
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
        return codecs.getincrementaldecoder("utf-8")().decode(raw, final=whole)
    except UnicodeDecodeError as problem:
        raise error(name, "$", f"is not UTF-8 text (byte {problem.start})") from None


def read_json_file(
    path: Path, error: type[InputError] = InputError, max_bytes: int = MAX_FILE_BYTES, folder: Path | None = None
) -> object:
    """Read a JSON file within the size (``max_bytes``) and other limits, or raise ``error`` naming what is wrong."""
    return parse_json_text(path.name, read_text_file(path, error, max_bytes, folder), error)

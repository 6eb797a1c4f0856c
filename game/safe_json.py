"""Reading JSON the app did not write itself (books, saves, imports) within firm limits.

Every problem becomes an :class:`InputError` naming the file, the JSON path
and the reason; nothing in the file is ever executed. Limits are documented in
docs/LIMITS.md.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_NESTING = 32


@dataclass(frozen=True)
class InputError(Exception):
    """A file that cannot be used: which file, where in it, and why."""

    file: str
    path: str
    reason: str

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


def nesting_depth(value: object, limit: int = MAX_NESTING) -> int:
    """How deeply lists and objects nest (stops counting past ``limit``)."""
    depth = 0
    frontier = [value]
    while frontier and depth <= limit:
        children = []
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


def parse_json_text(name: str, text: str, error: type[InputError] = InputError) -> object:
    """Parse JSON text within the nesting limit, or raise ``error``."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as problem:
        raise error(name, "$", f"is not valid JSON: {problem.msg} at line {problem.lineno} column {problem.colno}") from None
    except RecursionError:
        raise error(name, "$", f"nests deeper than the limit of {MAX_NESTING}") from None
    if nesting_depth(data) > MAX_NESTING:
        raise error(name, "$", f"nests deeper than the limit of {MAX_NESTING}")
    return data


def read_json_file(path: Path, error: type[InputError] = InputError) -> object:
    """Read a JSON file within the size and nesting limits, or raise ``error`` naming what is wrong."""
    name = path.name
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise error(name, "$", f"is {size} bytes, more than the limit of {MAX_FILE_BYTES}")
        raw = path.read_bytes()
    except OSError as problem:
        raise error(name, "$", f"cannot be read ({problem.strerror or problem})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as problem:
        raise error(name, "$", f"is not UTF-8 text (byte {problem.start})") from None
    return parse_json_text(name, text, error)

"""Loading books/*.json: every error names the file, the JSON path and the reason."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from pydantic import ValidationError

from game.books.models import BOOK_ADAPTER, Book

# Limits for any JSON file the app reads (books and saves); documented in docs/LIMITS.md.
MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_NESTING = 32


@dataclass(frozen=True)
class BookError(Exception):
    """A book file that cannot be used: which file, where in it, and why."""

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
        elif part in ("fighting_fantasy", "rolenplay") and text == "$":
            continue  # the union's tag, not a real key
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


def read_json_file(path: Path) -> object:
    """Read a JSON file within the limits, or raise BookError naming what is wrong."""
    name = path.name
    try:
        size = path.stat().st_size
    except OSError as error:
        raise BookError(name, "$", f"cannot be read ({error.strerror})") from None
    if size > MAX_FILE_BYTES:
        raise BookError(name, "$", f"is {size} bytes, more than the limit of {MAX_FILE_BYTES}")
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8")
    except OSError as error:
        raise BookError(name, "$", f"cannot be read ({error.strerror})") from None
    except UnicodeDecodeError as error:
        raise BookError(name, "$", f"is not UTF-8 text (byte {error.start})") from None
    return parse_json_text(name, text)


def parse_json_text(name: str, text: str) -> object:
    """Parse JSON text within the nesting limit, or raise BookError."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise BookError(name, "$", f"is not valid JSON: {error.msg} at line {error.lineno} column {error.colno}") from None
    except RecursionError:
        raise BookError(name, "$", f"nests deeper than the limit of {MAX_NESTING}") from None
    if nesting_depth(data) > MAX_NESTING:
        raise BookError(name, "$", f"nests deeper than the limit of {MAX_NESTING}")
    return data


def validate_book(name: str, data: object) -> Book:
    """Validate parsed JSON as a book; the first error is raised as BookError."""
    try:
        return BOOK_ADAPTER.validate_python(data)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        reason = first["msg"]
        if first["type"] == "missing":
            reason = "this field is required"
        elif first["type"] == "extra_forbidden":
            reason = "this field is not part of a book (a typo?)"
        more = error.error_count() - 1
        if more:
            reason += f" (and {more} more error{'s' if more > 1 else ''})"
        raise BookError(name, json_path(first["loc"]), reason) from None


def load_book(path: Path) -> Book:
    """Load and validate one book file; its ``id`` must match the file name."""
    book = validate_book(path.name, read_json_file(path))
    if book.id != path.stem:
        raise BookError(path.name, "$.id", f"is '{book.id}' but the file is named '{path.name}'")
    return book


def bundled_books_dir() -> Path:
    """The books/ folder shipped with the package (works installed and frozen)."""
    return Path(str(files("game.bundled.books")))


@dataclass
class Shelf:
    """Every book found in a folder, and the files that could not be loaded."""

    books: dict[str, Book]
    errors: list[BookError]


def load_shelf(folder: Path | None = None) -> Shelf:
    """Load every ``*.json`` book of ``folder`` (the bundled books by default).

    A broken file is listed in ``errors``; the other books still load.
    """
    folder = folder or bundled_books_dir()
    books: dict[str, Book] = {}
    errors: list[BookError] = []
    for path in sorted(folder.glob("*.json")):
        if path.name.endswith(".schema.json"):
            continue
        try:
            book = load_book(path)
        except BookError as error:
            errors.append(error)
            continue
        books[book.id] = book
    return Shelf(books, errors)


def load_book_by_id(book_id: str, folder: Path | None = None) -> Book:
    """Load the book ``<id>.json`` from ``folder`` (the bundled books by default)."""
    folder = folder or bundled_books_dir()
    return load_book(folder / f"{book_id}.json")

"""Loading books/*.json: every error names the file, the JSON path and the reason."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from game import bundled, safe_json
from game.books.models import BOOK_ADAPTER, Book
from game.safe_json import InputError, json_path


@dataclass(frozen=True)
class BookError(InputError):
    """A book file that cannot be used: which file, where in it, and why (the first error; ``others`` the rest)."""

    others: tuple[InputError, ...] = ()

    def every(self) -> list[InputError]:
        """Every error of the file, the first one included."""
        return [InputError(self.file, self.path, self.reason), *self.others]

    def __str__(self) -> str:
        more = len(self.others)
        tail = f" (and {more} more error{'s' if more > 1 else ''})" if more else ""
        return f"{self.file}: {self.path}: {self.reason}{tail}"


def read_json_file(path: Path) -> object:
    """Read a book (or case) file within the limits of game.safe_json, or raise BookError."""
    return safe_json.read_json_file(path, BookError)


JARGON = re.compile(r"^(Value error|Assertion failed), ")


PLAIN = {
    "greater_than_equal": "must be at least {ge}",
    "less_than_equal": "must be at most {le}",
    "greater_than": "must be more than {gt}",
    "less_than": "must be less than {lt}",
    "int_parsing": "must be a whole number",
    "int_type": "must be a whole number",
    "int_from_float": "must be a whole number",
    "bool_parsing": "must be true or false",
    "bool_type": "must be true or false",
    "string_type": "must be a text in quotes",
    "string_pattern_mismatch": "does not have the expected form ({pattern})",
    "too_short": "needs at least {min_length} item(s)",
    "too_long": "has too many items (at most {max_length})",
    "string_too_short": "must not be empty",
    "string_too_long": "is too long (at most {max_length} characters)",
    "list_type": "must be a list [ … ]",
    "dict_type": "must be an object {{ … }}",
    "model_type": "must be an object {{ … }}",
    "model_attributes_type": "must be an object {{ … }}",
}
"""Pydantic error types in an author's words (the JSON path says where)."""


def plain_reason(error: ErrorDetails) -> str:
    """A pydantic error in an author's words: no library jargon, what is wrong and what is expected."""
    kind, message = error["type"], error["msg"]
    if kind == "missing":
        return "this field is required"
    if kind == "extra_forbidden":
        return "this field is not part of a book (a typo?)"
    if kind == "literal_error":
        return f"must be {message.removeprefix('Input should be ')}"
    context = error.get("ctx") or {}
    if kind in PLAIN:
        return PLAIN[kind].format(**context)
    if kind == "union_tag_invalid":
        if "expected tags" in message:
            return f"is not one of the kinds allowed: {message.split('expected tags:')[-1].strip()}"
        return message
    return JARGON.sub("", message)


def _errors_of(name: str, error: ValidationError) -> list[InputError]:
    """Every error of a failed validation, each at its own JSON path, in an author's words."""
    found: list[InputError] = []
    for detail in error.errors(include_url=False):
        item = InputError(name, json_path(detail["loc"]), plain_reason(detail))
        if item not in found:  # a union reports the same place once per member
            found.append(item)
    return found


def validate_book(name: str, data: object) -> Book:
    """Validate parsed JSON as a book; raises BookError carrying every error found."""
    try:
        return BOOK_ADAPTER.validate_python(data)
    except ValidationError as error:
        first, *others = _errors_of(name, error)
        raise BookError(first.file, first.path, first.reason, tuple(others)) from None


def load_book(path: Path) -> Book:
    """Load and validate one book file; its ``id`` must match the file name."""
    book = validate_book(path.name, read_json_file(path))
    if book.id != path.stem:
        raise BookError(path.name, "$.id", f"is '{book.id}' but the file is named '{path.name}'")
    return book


def bundled_books_dir() -> Path:
    """The books/ folder shipped with the package (works installed and frozen)."""
    return Path(str(bundled.data("books")))


@dataclass
class Shelf:
    """Every book found, the files that could not be loaded, and which books are the player's own."""

    books: dict[str, Book]
    errors: list[BookError]
    own: set[str] = field(default_factory=set)  # ids of books read from the player's books folder


MAX_BOOKS = 200  # per folder: each book costs ~3 ms at start-up (docs/LIMITS.md)


def _load_folder(folder: Path, shelf: Shelf, own: bool) -> None:
    if not folder.is_dir():
        return
    paths = [p for p in sorted(folder.glob("*.json")) if not p.name.endswith(".schema.json")]
    if len(paths) > MAX_BOOKS:
        shelf.errors.append(BookError(folder.name, "$", f"holds {len(paths)} books, more than the limit of {MAX_BOOKS}; "
                                                        f"the first {MAX_BOOKS} are loaded"))
        paths = paths[:MAX_BOOKS]
    for path in paths:
        try:
            book = load_book(path)
        except BookError as error:
            shelf.errors.append(error)
            continue
        shelf.books[book.id] = book
        if own:
            shelf.own.add(book.id)


def load_shelf(folder: Path | None = None, own_folder: Path | None = None) -> Shelf:
    """Load every ``*.json`` book of ``folder`` (the bundled books by default), then the player's ``own_folder``.

    A broken file is listed in ``errors`` with every error it has; the other
    books still load. A book of the player's folder with the id of a bundled
    one replaces it (a corrected edition), and is marked in ``own``.
    """
    shelf = Shelf({}, [])
    _load_folder(folder or bundled_books_dir(), shelf, own=False)
    if own_folder is not None:
        _load_folder(own_folder, shelf, own=True)
    return shelf


def load_book_by_id(book_id: str, folder: Path | None = None) -> Book:
    """Load the book ``<id>.json`` from ``folder`` (the bundled books by default)."""
    folder = folder or bundled_books_dir()
    return load_book(folder / f"{book_id}.json")

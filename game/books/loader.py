"""Loading books/*.json: every error names the file, the JSON path and the reason."""

from __future__ import annotations

import re
from dataclasses import dataclass
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


def plain_reason(error: ErrorDetails) -> str:
    """A pydantic error in an author's words: no library jargon, what is wrong and what is expected."""
    kind, message = error["type"], error["msg"]
    if kind == "missing":
        return "this field is required"
    if kind == "extra_forbidden":
        return "this field is not part of a book (a typo?)"
    if kind == "literal_error":
        return f"must be {message.removeprefix('Input should be ')}"
    if kind == "union_tag_invalid":
        return f"is not one of the kinds allowed: {message.split('expected tags:')[-1].strip()}" if "expected tags" in message else message
    return JARGON.sub("", message)


def book_errors(name: str, data: object) -> list[InputError]:
    """Every error of parsed JSON as a book (empty when it is a valid book), each at its own JSON path."""
    try:
        BOOK_ADAPTER.validate_python(data)
    except ValidationError as error:
        found: list[InputError] = []
        for detail in error.errors(include_url=False):
            item = InputError(name, json_path(detail["loc"]), plain_reason(detail))
            if item not in found:  # a union reports the same place once per member
                found.append(item)
        return found
    return []


def validate_book(name: str, data: object) -> Book:
    """Validate parsed JSON as a book; raises BookError carrying every error found."""
    try:
        return BOOK_ADAPTER.validate_python(data)
    except ValidationError:
        errors = book_errors(name, data)
        first = errors[0]
        raise BookError(first.file, first.path, first.reason, tuple(errors[1:])) from None


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

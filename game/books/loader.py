"""Loading books/*.json: every error names the file, the JSON path and the reason."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from game import bundled, safe_json
from game.books.models import BOOK_ADAPTER, Book
from game.safe_json import InputError, json_path



class BookError(InputError):
    """A book file that cannot be used: which file, where in it, and why."""


def read_json_file(path: Path) -> object:
    """Read a book (or case) file within the limits of game.safe_json, or raise BookError."""
    return safe_json.read_json_file(path, BookError)


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

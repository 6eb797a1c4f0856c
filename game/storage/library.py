"""The player's own books: a books folder in the user data folder, importing a book file into it, taking one off.

An imported file is read within the limits of game.safe_json, validated as a
book (every error is reported, each at its JSON path), then copied unchanged
and atomically to ``<user data>/books/<id>.json``. The bookshelf reads that
folder after the bundled books (game.books.loader.load_shelf); the frozen
executable uses the same user data folder, so it reads it too.

A book whose id is already on the shelf (a bundled book, or one of the
player's) is never replaced without being asked (issue 23 row 14): the import
raises :class:`BookTaken` and the shelf asks. A book taken off the shelf is
moved to ``books/removed/``, never deleted: its adventures stay, and say that
their book is missing.
"""

from __future__ import annotations

import errno
import json
import time
from collections.abc import Collection
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import safe_file
from game.atomic import atomic_write_text, fsync_directory, replace
from game.books.loader import BookError, validate_book
from game.safe_json import parse_json_text, read_text_file

if TYPE_CHECKING:
    from game.books.models import Book

REMOVED = "removed"  # the books taken off the shelf, inside the books folder (the shelf reads no sub-folder)


def own_books_dir(data_dir: Path) -> Path:
    """Where the player's books live, inside the user data folder."""
    return data_dir / "books"


class BookTaken(Exception):
    """The book checked has the id of a book already on the shelf: replacing it must be asked first."""

    def __init__(self, book: Book, own: bool) -> None:
        super().__init__(book.id)
        self.book = book
        self.own = own  # True: it would replace one of the player's books; False: a bundled book


def import_book(source: Path, folder: Path, *, replace_taken: bool = False, bundled: Collection[str] = ()) -> tuple[Book, bool]:
    """Validate ``source`` as a book and copy it into ``folder`` as ``<id>.json``.

    Returns the book and whether it replaced a book (one of ``folder``'s, or a ``bundled`` id it now shadows).
    Raises BookTaken when it would and ``replace_taken`` is not set; BookError (with every error of the
    file) when it is not a valid book, OSError when it cannot be read or written.
    """
    text = read_text_file(source, BookError)  # read once: the text checked is the text copied
    book = _book_of(source, text)
    target = folder / f"{book.id}.json"
    own = safe_file.entry_kind(target) is not None
    replaced = own or book.id in bundled
    if replaced and not replace_taken:
        raise BookTaken(book, own)
    folder.mkdir(parents=True, exist_ok=True)
    atomic_write_text(target, text)
    return book, replaced


def save_book(
    data: dict[str, Any], folder: Path, *, replace_taken: bool = False, bundled: Collection[str] = ()
) -> tuple[Book, Path]:
    """Write a book made in the app (the book builder) into ``folder`` as ``<id>.json``, once it is validated.

    The same rules as an import: BookTaken when the id is that of a book of ``folder`` or of a ``bundled`` one and
    ``replace_taken`` is not set (nothing is ever replaced without asking); BookError when it is not a valid book;
    OSError when it cannot be written (a read-only folder), nothing written then. Returns the book and its file.
    """
    name = f"{data.get('id')}.json"
    book = validate_book(name, data)
    if safe_file.entry_kind(folder) is not None and not folder.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "the books folder is a file, not a folder", str(folder))
    target = folder / f"{book.id}.json"
    own = safe_file.entry_kind(target) is not None
    if (own or book.id in bundled) and not replace_taken:
        raise BookTaken(book, own)
    folder.mkdir(parents=True, exist_ok=True)
    atomic_write_text(target, json.dumps(data, ensure_ascii=False, indent=2) + "\n")
    return book, target


def check_book(source: Path) -> Book:
    """The book in ``source``, read and validated as an import would (nothing copied); raises BookError or OSError."""
    return _book_of(source, read_text_file(source, BookError))


def _book_of(source: Path, text: str) -> Book:
    return validate_book(source.name, parse_json_text(source.name, text, BookError))


def remove_book(folder: Path, book_id: str) -> Path:
    """Take the player's book ``book_id`` off the shelf: its file moves to ``folder/removed/`` (named with the time,
    so an earlier removal is kept too). Returns where it went; OSError when it cannot be moved."""
    source = folder / f"{book_id}.json"
    if safe_file.entry_kind(source) is None:
        raise FileNotFoundError(f"{source.name}: the file is no longer in the books folder")
    kept = folder / REMOVED
    kept.mkdir(exist_ok=True)
    target = kept / f"{book_id}-{time.strftime('%Y%m%d-%H%M%S')}.json"
    serial = 1
    while safe_file.entry_kind(target) is not None:
        serial += 1
        target = kept / f"{book_id}-{time.strftime('%Y%m%d-%H%M%S')}-{serial}.json"
    replace(source, target)
    fsync_directory(folder)
    return target


__all__ = ["BookError", "BookTaken", "check_book", "import_book", "own_books_dir", "remove_book", "save_book"]

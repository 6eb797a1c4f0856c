"""The player's own books: a books folder in the user data folder, and importing a book file into it.

An imported file is read within the limits of game.safe_json, validated as a
book (every error is reported, each at its JSON path), then copied unchanged
and atomically to ``<user data>/books/<id>.json``. The bookshelf reads that
folder after the bundled books (game.books.loader.load_shelf); the frozen
executable uses the same user data folder, so it reads it too.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.atomic import atomic_write_text
from game.books.loader import BookError, validate_book
from game.safe_json import parse_json_text, read_text_file

if TYPE_CHECKING:
    from game.books.models import Book


def own_books_dir(data_dir: Path) -> Path:
    """Where the player's books live, inside the user data folder."""
    return data_dir / "books"


def import_book(source: Path, folder: Path) -> tuple[Book, bool]:
    """Validate ``source`` as a book and copy it into ``folder`` as ``<id>.json``.

    Returns the book and whether it replaced a file already there. Raises
    BookError (with every error of the file) when it is not a valid book,
    OSError when it cannot be read or written.
    """
    text = read_text_file(source, BookError)  # read once: the text checked is the text copied
    book = validate_book(source.name, parse_json_text(source.name, text, BookError))
    target = folder / f"{book.id}.json"
    replaced = target.exists()
    folder.mkdir(parents=True, exist_ok=True)
    atomic_write_text(target, text)
    return book, replaced


__all__ = ["BookError", "import_book", "own_books_dir"]

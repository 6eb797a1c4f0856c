"""Check book files: python tools/validate_books.py [FOLDER or FILE …]

Prints OK for each valid book, and for each broken file every error it has
(all of them, in one pass), one per line: the file, where in it ("at
stats[0].roll.dice", nothing when it is the whole file) and the reason in
plain words. Exits 1 if any book is broken or a path given holds no book.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game import safe_file
from game.books.loader import BookError, Shelf, bundled_books_dir, load_book, load_shelf
from game.safe_json import in_words


def plural(count: int, one: str, other: str) -> str:
    """``count`` with its noun: "1 error", "2 errors"."""
    return f"{count} {one if count == 1 else other}"


def check(path: Path) -> tuple[list[str], list[BookError], int]:
    """The OK lines, the broken files and how many books ``path`` (a folder or one file) holds."""
    kind = safe_file.entry_kind(path)
    if kind is None:
        return [], [BookError(str(path), "$", "the file or folder does not exist")], 1
    if path.is_dir():
        shelf = load_shelf(path)
    else:
        shelf = Shelf({}, [])
        try:
            book = load_book(path)
        except BookError as error:
            shelf.errors.append(error)
        else:
            shelf.books[book.id] = book
    ok = [f"OK    {book_id}.json  {book.title.fr} / {book.title.en}" for book_id, book in sorted(shelf.books.items())]
    return ok, list(shelf.errors), len(shelf.books) + len(shelf.errors)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, help="folders or book files (default: the shipped books)")
    paths = parser.parse_args(argv).paths or [bundled_books_dir()]
    valid, broken, errors, empty = 0, 0, 0, False
    for path in paths:
        ok, failed, found = check(path)
        for line in ok:
            print(line)
        for error in failed:
            for each in error.every():
                print(f"ERROR {in_words(each)}")
        if not found:
            print(f"ERROR {path}: no book file (*.json) in this folder")
            empty = True
        valid += len(ok)
        broken += len(failed)
        errors += sum(len(e.every()) for e in failed)
    books, files = plural(valid, "valid book", "valid books"), plural(broken, "broken file", "broken files")
    print(f"{books}, {files} ({plural(errors, 'error', 'errors')})")
    return 1 if broken or empty else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

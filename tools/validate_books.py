"""Check every book file: python tools/validate_books.py [FOLDER]

Prints OK for each valid book, and for each broken file every error it has,
one per line: the file, the JSON path of the field itself, and the reason in
plain words. Exits 1 if any book is broken.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.books.loader import bundled_books_dir, load_shelf


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, help="a folder of book files (default: the shipped books)")
    folder = parser.parse_args(argv).folder or bundled_books_dir()
    shelf = load_shelf(folder)
    for book_id, book in sorted(shelf.books.items()):
        print(f"OK    {book_id}.json  {book.title.fr} / {book.title.en}")
    for error in shelf.errors:
        for each in error.every():
            print(f"ERROR {each}")
    if not shelf.books and not shelf.errors:
        print(f"ERROR no book files in {folder}")
        return 1
    errors = sum(len(e.every()) for e in shelf.errors)
    print(f"{len(shelf.books)} valid, {len(shelf.errors)} broken ({errors} error{'s' if errors != 1 else ''})")
    return 1 if shelf.errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Check book files: python tools/validate_books.py [--language fr|en] [FOLDER or FILE …]

Prints OK for each valid book, and for each broken file every error it has
(all of them, in one pass), one per line: the file, where in it ("at
stats[0].roll.dice", nothing when it is the whole file) and the reason in
plain words, in the language chosen (``--language``; by default the
environment's, LC_ALL / LC_MESSAGES / LANG, when it is French, else English),
with the catalogue's words and plural forms. Exits 1 if any book is broken or
a path given holds no book.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from game import safe_file
from game.books.loader import BookError, Shelf, bundled_books_dir, load_book, load_shelf
from game.i18n.catalogue import LANGUAGES, Catalogue
from game.ui.file_words import input_error_words


def environment_language() -> str:
    """The language of the environment's locale when the app has it ("fr_FR.UTF-8" → "fr"), else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            language = value.split("_")[0].split(".")[0].lower()
            return language if language in LANGUAGES else "en"
    return "en"


def check(path: Path) -> tuple[list[tuple[str, str, str]], list[BookError], int]:
    """The valid books (file, French and English titles), the broken files and how many books ``path`` holds."""
    kind = safe_file.entry_kind(path)
    if kind is None:
        return [], [BookError.coded(str(path), "$", "path_missing")], 1
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
    ok = [(f"{book_id}.json", book.title.fr, book.title.en) for book_id, book in sorted(shelf.books.items())]
    return ok, list(shelf.errors), len(shelf.books) + len(shelf.errors)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, help="folders or book files (default: the shipped books)")
    parser.add_argument("--language", choices=LANGUAGES, default=None, help="the language of the messages")
    args = parser.parse_args(argv)
    words = Catalogue(args.language or environment_language())
    valid, broken, errors, empty = 0, 0, 0, False
    for path in args.paths or [bundled_books_dir()]:
        ok, failed, found = check(path)
        for file, french, english in ok:
            print(words.t("author.tool_ok", file=file, fr=french, en=english))
        for error in failed:
            for each in error.every():
                print(words.t("author.tool_error", file=each.file, reason=input_error_words(words, each)))
        if not found:
            print(words.t("author.tool_error", file=str(path), reason=words.t("author.tool_empty")))
            empty = True
        valid += len(ok)
        broken += len(failed)
        errors += sum(len(e.every()) for e in failed)
    counts = {
        "books": words.t("author.tool_books", count=valid),
        "files": words.t("author.tool_files", count=broken),
        "errors": words.t("author.tool_errors", count=errors),
    }
    print(words.t("author.tool_summary", **counts))
    return 1 if broken or empty else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Rewrite book files of an earlier format in the current one (format 1 → 2), in place.

    python tools/migrate_books.py FOLDER_OR_FILE [...]     # rewrites each older book, prints what it did
    python tools/migrate_books.py --check books/           # exit 1 if a file is not in the current format

The app reads a format-1 file as it is (game.books.migrate, in memory); this
tool is for authors who want their file in the current format: the same
migration, then the file is validated and written back (JSON, one-space
indent, as the shipped books). A file that does not validate is left alone.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.books.loader import BookError, read_json_file, validate_book  # noqa: E402
from game.books.migrate import CURRENT, book_format, migrate_book  # noqa: E402


def book_files(paths: list[Path]) -> list[Path]:
    found: list[Path] = []
    for path in paths:
        found += sorted(p for p in path.glob("*.json") if not p.name.endswith(".schema.json")) if path.is_dir() else [path]
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--check", action="store_true", help="only say which files are not in the current format")
    args = parser.parse_args(argv)
    stale = 0
    for path in book_files(args.paths):
        try:
            data = read_json_file(path)
        except BookError as error:
            print(f"{path}: {error.reason}")
            stale += 1
            continue
        if not isinstance(data, dict) or data.get("kind") != "fighting_fantasy" or book_format(data) == CURRENT:
            continue
        stale += 1
        if args.check:
            print(f"{path}: format {book_format(data)}, not {CURRENT}")
            continue
        new = migrate_book(data)
        try:
            validate_book(path.name, new)
        except BookError as error:
            print(f"{path}: left as it is: {error}")
            continue
        path.write_text(json.dumps(new, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"{path}: format {book_format(data)} -> {CURRENT}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())

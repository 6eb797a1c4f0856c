"""Write the JSON Schema of a book file to books/book.schema.json.

Usage: python tools/write_schema.py [--check]
With --check, exit 1 (and say so) when the file on disk is not current.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from game.books.models import book_json_schema

SCHEMA_PATH = Path(__file__).resolve().parent.parent / "books" / "book.schema.json"


def schema_text() -> str:
    """The schema as it should be on disk (stable key order, trailing newline)."""
    return json.dumps(book_json_schema(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the file on disk is not current; write nothing")
    check = parser.parse_args(argv).check
    text = schema_text()
    if check:
        current = SCHEMA_PATH.read_text(encoding="utf-8") if SCHEMA_PATH.exists() else ""
        if current != text:
            print(f"{SCHEMA_PATH} is out of date: run python tools/write_schema.py")
            return 1
        print(f"{SCHEMA_PATH} is current")
        return 0
    SCHEMA_PATH.write_text(text, encoding="utf-8")
    print(f"wrote {SCHEMA_PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

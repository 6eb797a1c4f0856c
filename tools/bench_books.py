"""Book loading benchmark (issue 9): time to read and validate every book.

    /work/main/.venv/bin/python tools/bench_books.py [--repeats 21] [--shelf 200]

Figures: the bundled shelf (``load_shelf()``: read, limits, pydantic
validation of every book), median of ``--repeats`` in this process; each book
alone; the first load in a fresh interpreter (imports not counted); and a
shelf of ``--shelf`` books (copies of the bundled ones under new ids) to show
what the limit on the number of books costs (docs/LIMITS.md); and a book with
``--wrong`` wrong items, every error reported (issue 23 row 11).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game.books.loader import BookError, bundled_books_dir, load_book, load_shelf, validate_book

GOAL_MS = 100  # the bundled shelf, warm; a budget of our own so start-up stays short

FIRST = r"""
import time
from game.books.loader import load_shelf
started = time.perf_counter()
shelf = load_shelf()
print((time.perf_counter() - started) * 1000, len(shelf.books))
"""


def median_ms(action, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=21)
    parser.add_argument("--shelf", type=int, default=200, help="books on the large shelf")
    parser.add_argument("--wrong", type=int, default=10_000, help="wrong items in the broken book")
    args = parser.parse_args(argv)
    command = f"tools/bench_books.py --repeats {args.repeats} --shelf {args.shelf} --wrong {args.wrong}"
    print(f"bench_books: command: {sys.executable} {command}")
    folder = bundled_books_dir()
    books = load_shelf().books
    shelf_ms = median_ms(load_shelf, args.repeats)
    print(f"bundled shelf ({len(books)} books): {shelf_ms:.1f} ms (median of {args.repeats}, goal < {GOAL_MS} ms)")
    for book_id in sorted(books):
        path = folder / f"{book_id}.json"
        ms = median_ms(lambda: load_book(path), args.repeats)
        print(f"  {book_id:<10} {path.stat().st_size:>7} bytes {ms:6.2f} ms")
    firsts = []
    for _ in range(5):
        out = subprocess.run([sys.executable, "-c", FIRST], capture_output=True, text=True, check=True).stdout.split()
        firsts.append(float(out[0]))
    print(f"first load in a fresh interpreter (imports excluded): {statistics.median(firsts):.1f} ms (median of 5)")
    with tempfile.TemporaryDirectory(prefix="feuille-books-") as scratch:
        sources = [(book_id, json.loads((folder / f"{book_id}.json").read_text(encoding="utf-8"))) for book_id in books]
        for index in range(args.shelf):
            book_id, data = sources[index % len(sources)]
            data = dict(data, id=f"B{index:04d}")
            Path(scratch, f"B{index:04d}.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        big = load_shelf(Path(scratch))
        assert len(big.books) == args.shelf and not big.errors, big.errors[:3]
        big_ms = median_ms(lambda: load_shelf(Path(scratch)), max(3, args.repeats // 4))
    print(f"a shelf of {args.shelf} books: {big_ms:.0f} ms ({big_ms / args.shelf:.2f} ms a book)")
    wrong = wrong_items_book(args.wrong)
    started = time.perf_counter()
    try:
        validate_book("wrong.json", wrong)
    except BookError as error:
        count = len(error.every())
    wrong_s = time.perf_counter() - started
    print(f"a book with {args.wrong} wrong items: {count} errors reported in {wrong_s:.2f} s (issue 23 row 11: was 109 s)")
    return 0


def wrong_items_book(count: int) -> dict:
    """The demo book with ``count`` wrong choices (a label that is not a text), five to a section."""
    data = json.loads((bundled_books_dir() / "DEMO.json").read_text(encoding="utf-8"))
    bad = {"label": 1, "target": 1}
    text = {"fr": "x", "en": "x"}
    sections = range((count + 4) // 5)
    data["sections"] = [{"number": n + 1, "text": text, "choices": [bad] * min(5, count - 5 * n)} for n in sections]
    return data


if __name__ == "__main__":
    sys.exit(main())

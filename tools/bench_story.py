"""How long the story screens take on long adventures: timeline rows, Chroniques, the exports.

    python tools/bench_story.py [--entries 2000] [--saves 10]

Builds ``--saves`` adventures of ``--entries`` actions each (paragraphs,
Luck tests, STAMINA changes, gold) in a scratch folder, then times the
timeline's rows for one adventure, ``book_runs`` (which replays every save of
the book) and the Markdown journal. Prints seconds and per-entry figures; no
assertion: the numbers go to docs/PERFORMANCE.md by hand.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def build(services, entries: int, seed: int):
    from game.app.adventure import Adventure
    from game.rules.dice import RandomDice
    from game.rules.session import Session, Start

    book = services.shelf.books["DF31"]
    session = Session(book, RandomDice(seed), Start(hero={"skill": 12, "stamina": 24, "luck": 12}))
    for index in range(entries):
        kind = index % 4
        if kind == 0:
            session.apply({"do": "paragraph", "number": 1 + (index * 7 + seed) % 400})
        elif kind == 1:
            session.apply({"do": "counter", "name": "gold", "by": 1})
        elif kind == 2:
            session.apply({"do": "change", "stat": "stamina", "by": -1 if index % 8 == 2 else 1})
        else:
            session.apply({"do": "notes", "text": f"note {index}"})
    adventure = Adventure(session, services.saves, services.saves.new_id())
    adventure.save()
    return adventure


def timed(label: str, work, per: int) -> float:
    start = time.perf_counter()
    work()
    seconds = time.perf_counter() - start
    print(f"{label:<38} {seconds:8.3f} s   {1000 * seconds / max(1, per):7.3f} ms per entry")
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=2000)
    parser.add_argument("--saves", type=int, default=10)
    args = parser.parse_args()
    import pygame

    pygame.display.init()
    pygame.font.init()
    from game.app.chronicle import book_chronicle, book_runs, layout
    from game.app.export import journal_markdown
    from game.app.services import build_services
    from game.app.timeline import rows

    with tempfile.TemporaryDirectory() as scratch:
        services = build_services(config_dir=Path(scratch) / "c", data_dir=Path(scratch) / "d", seed=1)
        adventures = [build(services, args.entries, seed) for seed in range(args.saves)]
        one = adventures[0]
        print(f"{args.saves} saves of {args.entries} entries (DF31)")
        listed: list = []
        timed("timeline: list the rows", lambda: listed.extend(rows(one.session)), args.entries)
        timed("timeline: first screen (16 newest)", lambda: [r.changes for r in listed[-16:]], 16)
        timed("timeline: every row's changes", lambda: [r.changes for r in listed], args.entries)
        timed("journal Markdown (one adventure)", lambda: journal_markdown(services.ui, one), args.entries)
        found: list = []
        total = args.entries * args.saves
        timed(
            "Chroniques: book_runs, first look",
            lambda: found.extend(book_runs(services.saves, services.shelf.books, "DF31")[0]),
            total,
        )
        timed("Chroniques: book_runs, again (cache)", lambda: book_runs(services.saves, services.shelf.books, "DF31"), total)
        timed("Chroniques: book_chronicle", lambda: book_chronicle(found, 400), total)
        chronicle = book_chronicle(found, 400)
        timed(f"Chroniques: map layout ({len(chronicle.edges)} paths)", lambda: layout(chronicle), total)
    return 0


if __name__ == "__main__":
    sys.exit(main())

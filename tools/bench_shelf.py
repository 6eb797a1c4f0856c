"""The bookshelf with long saves (issue 28, row 3): 20 adventures of 10 000 actions each.

    flock /work/.bench.lock .venv/bin/python tools/bench_shelf.py [--saves 20] [--actions 9999] [--runs 5] [--json]

Writes ``--saves`` adventures of ``--actions`` actions (DF31: paragraphs, gold,
STAMINA; each a ~1.2 MB file) in a scratch folder, then times, ``--runs``
times with a new store each (what a new start of the app knows: nothing), the
shelf appearing: ``BookshelfScene`` made (its listing of the saves) and its
first frame drawn. Beside it, for the same folder with 2 short saves, and the
first selection of a long save (its whole file read and its log replayed: what
selecting it costs, once per file). Medians printed with the load average.
Goal: ≤ 0.5 s, the number of saves and their length barely mattering.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout this bench is in

from bench_common import Figure, load_text, long_session, print_json, wait_for_quiet  # noqa: E402

GOAL_SECONDS = 0.5


def write_saves(folder: Path, count: int, actions: int) -> None:
    """``count`` adventures of ``actions`` actions each, written by the app's store (then let go, as by a past run)."""
    from game.books.loader import load_book_by_id
    from game.storage import lock
    from game.storage.saves import SaveStore

    store = SaveStore(folder)
    session = long_session(load_book_by_id("DF31"), actions)
    for number in range(count):
        store.write(f"a{number:02d}", session)
    lock.release_all()


def shelf_seconds(root: Path, runs: int) -> tuple[float, float]:
    """Median seconds of the shelf appearing (a new store each run), and of the first selection of a save."""
    import pygame

    from game.app.display import Display
    from game.app.loop import FakeClock, MainLoop
    from game.app.scene import SceneStack
    from game.app.services import build_services
    from game.scenes.bookshelf.scene import BookshelfScene

    pygame.init()
    display = Display((1280, 720), fullscreen=False, title="bench")
    shown, selected = [], []
    for _ in range(runs):
        services = build_services(config_dir=root / "config", data_dir=root / "data", seed=1)
        started = time.perf_counter()
        stack = SceneStack()
        stack.push(BookshelfScene(services))
        stack.apply_pending()
        MainLoop(stack, display, clock=FakeClock()).run_frames(1)
        shown.append(time.perf_counter() - started)
        shelf = stack.top
        started = time.perf_counter()
        shelf.select_save(shelf.listing[0].id)
        selected.append(time.perf_counter() - started)
        if shelf.controls.open_button.label() != services.ui.t("shelf.open"):
            raise SystemExit(f"the save selected does not open: {shelf.message}")
    return statistics.median(shown), statistics.median(selected)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--saves", type=int, default=20)
    parser.add_argument("--actions", type=int, default=9_999)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--max-load", type=float, default=2.0, help="wait for the load to fall under this (0: do not)")
    parser.add_argument("--json", action="store_true", help="end with the figures as a JSON line (for bench_all)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-shelf-") as scratch:
        long_root, short_root = Path(scratch) / "long", Path(scratch) / "short"
        write_saves(long_root / "data" / "saves", args.saves, args.actions)
        write_saves(short_root / "data" / "saves", 2, 10)
        size = sum(path.stat().st_size for path in (long_root / "data" / "saves").glob("*.json"))
        wait_for_quiet(args.max_load)
        shelf_seconds(short_root, 1)  # fonts, the books' index, the first frame's caches: not the shelf's figure
        long_shown, long_selected = shelf_seconds(long_root, args.runs)
        short_shown, _ = shelf_seconds(short_root, args.runs)
    print(f"bench_shelf: the bookshelf appearing (listing + first frame), median of {args.runs}, {load_text()}")
    print(f"  {args.saves} saves of {args.actions} actions ({size / 2**20:.1f} MiB): {long_shown * 1000:.0f} ms")
    print(f"  2 saves of 10 actions:                 {short_shown * 1000:.0f} ms (×{long_shown / short_shown:.2f})")
    print(f"  selecting one long save (read + replay, once per file): {long_selected * 1000:.0f} ms")
    figure = Figure(
        row="bookshelf with 20 saves of 10 000 actions",
        value=f"{long_shown:.3f} s for {args.saves} × {args.actions} actions (2 short saves: {short_shown:.3f} s; "
        f"selecting a long one: {long_selected:.2f} s)",
        goal=f"≤ {GOAL_SECONDS} s; the number of saves and their length barely matter",
        met=long_shown <= GOAL_SECONDS and long_shown <= 2 * short_shown + 0.05,
    )
    if args.json:
        print_json([figure])
    return 0


if __name__ == "__main__":
    sys.exit(main())

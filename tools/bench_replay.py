"""Loading a save: 100, 1 000 and 10 000 actions (issue 28, row 1).

    flock /work/.bench.lock .venv/bin/python tools/bench_replay.py [--runs 5] [--deep] [--against CHECKOUT] [--json]

Two logs of DF31, each played once with seeded dice, saved by ``SaveStore.write`` (format 3: with the
snapshot of the state before the last 64–113 actions, game.storage.snapshot) and read back; then the
save is opened ``--runs`` times with ``saves.restore`` (what opening a save does once its file is read:
the snapshot's tag checked, the snapshot validated, the last actions replayed; the median is printed).
Beside it, the same logs replayed whole (``Session.from_log``: a save without a snapshot, or one whose
tag does not hold; also what the background check costs in all, spread over frames) and the reading
and checking of the file itself (``read_save_file``), which the row does not count:

- *paragraphs and scores*: a paragraph, then a STAMINA change, over and over
  (the issue's measure: the paragraph history grows to its 500);
- *an adventure*: paragraphs, gold, meals, Luck tests, fights to the end
  (``bench_replay_language.play_adventure``: most actions are fight rounds).

Goal: linear (10 000 actions take about 10 × what 1 000 take) and 10 000 in
≤ 0.2 s. ``--deep`` replays the same logs again with the state deep-copied
before each action (how the session copied before issue 28), in the same
run; ``--against`` replays them with another checkout's code in a subprocess.
The load average is printed with the figures; the bench waits (up to 10 min)
for it to fall under ``--max-load``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bench_common import Figure, load_text, print_json, wait_for_quiet
from bench_replay_language import play_adventure, replay_seconds

ROOT = Path(__file__).resolve().parent.parent
SIZES = (100, 1_000, 10_000)
GOAL_SECONDS = 0.2
LINEAR = 12.0  # 10 000 actions may take at most this many times 1 000 (10 is exactly linear)


def paragraphs_and_scores(book: Any, actions: int, seed: int) -> dict[str, Any]:
    """The issue's log: a paragraph, a STAMINA change, a paragraph… (every action accepted)."""
    from game.rules.dice import RandomDice
    from game.rules.session import Session, Start

    session = Session(book, RandomDice(seed), Start(hero={"skill": 10, "stamina": 20, "luck": 9}))
    for index in range(actions):
        session.apply(
            {"do": "paragraph", "number": index % 400 + 1}
            if index % 2
            else {"do": "change", "stat": "stamina", "by": -1 if index % 4 else 1}
        )
    return session.to_log()


def open_seconds(book: Any, log: dict[str, Any], runs: int) -> tuple[float, float]:
    """The median time of ``runs`` openings of ``log`` saved by the app (saves.restore of its parsed file:
    from its snapshot), and of reading and checking its file (read_save_file)."""
    from game.rules.session import Session
    from game.storage.save_file import read_save_file
    from game.storage.saves import SaveStore, restore

    with tempfile.TemporaryDirectory() as folder:
        store = SaveStore(Path(folder))
        store.write("bench", Session.from_log(book, log))
        reads, opens = [], []
        for _ in range(runs):
            started = time.perf_counter()
            save = read_save_file(store.path("bench"))
            reads.append(time.perf_counter() - started)
            started = time.perf_counter()
            restore(save, {book.id: book}, "bench.json")
            opens.append(time.perf_counter() - started)
    return statistics.median(opens), statistics.median(reads)


LOGS: dict[str, Callable[[Any, int, int], dict[str, Any]]] = {
    "paragraphs and scores": paragraphs_and_scores,
    "an adventure": play_adventure,
}


@contextmanager
def deep_copying() -> Iterator[None]:
    """The session as it copied before issue 28: the whole state, deep, before every action (a replay too:
    no state changed in place)."""
    import game.rules.session as session_module

    saved, kept_after = session_module.fork, session_module._kept_after
    session_module.fork = lambda state: state.model_copy(deep=True)
    session_module._kept_after = lambda index, total: True
    try:
        yield
    finally:
        session_module.fork, session_module._kept_after = saved, kept_after


AGAINST = r"""
import json, statistics, sys, time
sys.path.insert(0, sys.argv[1])
from game.books.loader import load_book_by_id
from game.rules.session import Session
book = load_book_by_id("DF31")
out = {}
for name, log in json.load(open(sys.argv[2])).items():
    times = []
    for _ in range(int(sys.argv[3])):
        started = time.perf_counter(); Session.from_log(book, log); times.append(time.perf_counter() - started)
    out[name] = statistics.median(times)
print(json.dumps(out))
"""


def against(checkout: Path, logs: dict[str, dict[str, Any]], runs: int) -> dict[str, float]:
    """The same logs replayed by another checkout's code (its own virtual environment if it has one)."""
    python = checkout / ".venv" / "bin" / "python"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "logs.json"
        path.write_text(json.dumps(logs), encoding="utf-8")
        done = subprocess.run(
            [str(python if python.exists() else sys.executable), "-c", AGAINST, str(checkout), str(path), str(runs)],
            capture_output=True,
            text=True,
            check=True,
        )
    seconds: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return seconds


def profile(book: Any, logs: dict[str, dict[str, Any]]) -> None:
    """Where a replay of 10 000 actions goes: cProfile by own time, the 20 first lines, for each log."""
    import cProfile
    import pstats

    from game.rules.session import Session

    for name in LOGS:
        profiler = cProfile.Profile()
        profiler.enable()
        Session.from_log(book, logs[f"{name}|{SIZES[-1]}"])
        profiler.disable()
        print(f"== {name}, {SIZES[-1]} actions ({load_text()})")
        pstats.Stats(profiler).sort_stats("tottime").print_stats(20)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--deep", action="store_true", help="also replay with the deep copy of before issue 28")
    parser.add_argument("--against", type=Path, help="another checkout: replay the same logs with its code too")
    parser.add_argument("--max-load", type=float, default=2.0, help="wait for the load to fall under this (0: do not)")
    parser.add_argument("--json", action="store_true", help="end with the figures as a JSON line (for bench_all)")
    parser.add_argument("--profile", action="store_true", help="print the cProfile of one replay of each 10 000-action log")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from game.books.loader import load_book_by_id

    book = load_book_by_id("DF31")
    logs = {f"{name}|{size}": make(book, size, args.seed) for name, make in LOGS.items() for size in SIZES}
    if args.profile:
        profile(book, logs)
        return 0
    wait_for_quiet(args.max_load)
    print(f"bench_replay: opening DF31 saves (saves.restore of a parsed file), median of {args.runs}, {load_text()}")
    figures = []
    for name in LOGS:
        opened = {size: open_seconds(book, logs[f"{name}|{size}"], args.runs) for size in SIZES}
        seconds = {size: opened[size][0] for size in SIZES}
        ratio = seconds[SIZES[-1]] / seconds[SIZES[-2]]
        shown = " / ".join(f"{seconds[size] * 1000:.1f} ms" for size in SIZES)
        each = seconds[SIZES[-1]] / SIZES[-1] * 1e6
        print(f"  {name:<22} {shown}   ({each:.1f} µs an action at 10 000; ×{ratio:.1f} from 1 000)")
        whole = {size: replay_seconds(book, logs[f"{name}|{size}"], args.runs) for size in SIZES}
        shown_whole = " / ".join(f"{whole[size] * 1000:.1f} ms" for size in SIZES)
        read = opened[SIZES[-1]][1]
        print(f"  {'  replayed whole':<22} {shown_whole}   (the file's read and check at 10 000: {read * 1000:.1f} ms)")
        met = seconds[SIZES[-1]] <= GOAL_SECONDS and ratio <= LINEAR
        figures.append(
            Figure(
                row=f"load (replay) a save of 100 / 1 000 / 10 000 actions ({name})",
                value=f"{shown} (×{ratio:.1f} from 1 000 to 10 000)",
                goal=f"linear; ≤ {GOAL_SECONDS} s at 10 000",
                met=met,
                detail=f"from its snapshot; replayed whole {shown_whole}; reading the file {read * 1000:.1f} ms more",
            )
        )
        if args.deep:
            with deep_copying():
                deep = {size: replay_seconds(book, logs[f"{name}|{size}"], max(1, args.runs // 2)) for size in SIZES}
            shown_deep = " / ".join(f"{deep[size] * 1000:.1f} ms" for size in SIZES)
            print(f"  {'  deep copy (before)':<22} {shown_deep}   (now ÷{deep[SIZES[-1]] / seconds[SIZES[-1]]:.1f} at 10 000)")
            figures[-1].detail += f"; deep copy, same run: {shown_deep}"
    if args.against is not None:
        old = against(args.against, logs, max(1, args.runs // 2))
        for name in LOGS:
            shown_old = " / ".join(f"{old[f'{name}|{size}'] * 1000:.1f} ms" for size in SIZES)
            print(f"  {name:<22} with {args.against}: {shown_old}")
    print(f"  at the end: {load_text()}")
    if args.json:
        print_json(figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())

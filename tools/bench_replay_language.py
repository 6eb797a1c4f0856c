"""What the book language costs a long adventure: replaying 10 000 actions with and without expressions.

    flock /work/.bench.lock python tools/bench_replay_language.py [--actions 10000] [--runs 5] [--against OLD_CHECKOUT] [--json]

The same seeded adventure (paragraphs, gold, STAMINA lost and healed, meals,
Luck tests, fights to the end) is played once on two books, then its log is
replayed ``--runs`` times (``Session.from_log``: what loading a save does) and
the median CPU time of this process is printed (wall time beside it):

- *plain*: DF31 as shipped (its conveniences only: the default STAMINA ending,
  the meal, ``attack: skill``);
- *language*: the same book with a computed score read by its fights
  (``attack: "skill + bonus"``), a maximum and a cap worked out from other
  scores, endings and a warning written as expressions, and triggers with
  conditions on every paragraph, round and meal. They are all evaluated and
  change nothing, so the very same log replays on both books to the same sheet.

Goal (issue 24): *language* at most 1.20 × *plain*. ``--against`` also replays
the plain log with another checkout (the app before the book language) in a
subprocess, so the language's own overhead on a plain book is printed too.
The load average is printed with the figures; the two replays alternate (one
of each, ``--runs`` times) so both see the same machine. ``--json`` ends with
the figure for ``tools/bench_all.py``.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GOAL = 1.20


def _language_variant(data: dict[str, Any]) -> dict[str, Any]:
    """DF31 with expressions everywhere a long adventure reads them."""
    data = json.loads(json.dumps(data))
    data["stats"].append({"id": "bonus", "name": {"fr": "BONUS", "en": "BONUS"}, "value": "counters.gold > 100000 ? 1 : 0"})
    data["stats"][2]["cap"] = "6 + initial.skill"
    data["counters"][0]["maximum"] = "100 + initial.luck * 10"
    data["combat"]["attack"] = "skill + bonus"
    data["thresholds"] = []
    data["endings"] = [
        {"id": "stamina", "if": "stamina <= 0", "outcome": "death", "message": {"fr": "Mort.", "en": "Dead."}},
        {"id": "weak", "if": "stamina < initial.stamina / 4", "outcome": "warning", "message": {"fr": "Faible.", "en": "Weak."}},
        {
            "id": "rich",
            "if": "counters.gold >= 500 && paragraph == 400",
            "outcome": "victory",
            "message": {"fr": "Riche.", "en": "Rich."},
        },
    ]
    data["triggers"] = [
        {
            "on": "paragraph",
            "if": "!section.fought && stamina < initial.stamina",
            "effects": [{"effect": "add", "to": "stamina", "by": 0}],
        },
        {"on": "round", "if": "fight.round > 50", "effects": [{"effect": "add", "to": "counters.gold", "by": 0}]},
        {"on": "meal", "if": "counters.provisions >= 0", "effects": [{"effect": "add", "to": "counters.gold", "by": 0}]},
    ]
    return data


def play_adventure(book: Any, actions: int, seed: int) -> dict[str, Any]:
    """The log of a seeded adventure of ``actions`` actions: paragraphs, gold, meals, Luck tests, fights to the end."""
    from game.rules.dice import RandomDice
    from game.rules.errors import Refused
    from game.rules.session import Session, Start

    session = Session(book, RandomDice(seed), Start(hero={"skill": 11, "stamina": 22, "luck": 10}))
    index = 0
    while len(session.entries) < actions:
        index += 1
        state = session.state
        fight = state.fight
        if fight is not None and fight.active:
            action: dict[str, Any] = (
                {"do": "luck" if fight.pending and index % 3 == 0 else "no_luck"} if fight.pending else {"do": "round"}
            )
        elif state.hero is not None and state.hero.scores["stamina"] < 8:
            action = {"do": "set_score", "stat": "stamina", "value": 22}
        else:
            kind = index % 8
            action = [
                {"do": "paragraph", "number": 1 + (index * 7) % 400},
                {"do": "counter", "name": "gold", "by": 1},
                {"do": "change", "stat": "stamina", "by": -1},
                {"do": "counter", "name": "provisions", "by": 1},
                {"do": "eat"},
                {"do": "test_luck"} if index % 16 == 5 else {"do": "notes", "text": f"n{index}"},
                {"do": "fight", "enemies": [{"name": "Orc", "skill": 6, "stamina": 5}]},
                {"do": "set_score", "stat": "luck", "value": 10},
            ][kind]
        try:
            session.apply(action)
        except Refused:
            continue
    return session.to_log()


def alternating(books: dict[str, Any], logs: dict[str, dict[str, Any]], runs: int) -> dict[str, tuple[float, float]]:
    """The median CPU and wall time of ``runs`` replays of each log on its book, one of each in turn (the same
    machine load). The ratio is read in CPU time of this process: on the shared 2-core machine, wall time also
    counts the time other processes held the core, which moved it more between two runs than the language's
    share. Each replay starts from a collected heap, so a full collection of the garbage left before it does
    not land in one replay and not the other."""
    from game.rules.session import Session

    cpu: dict[str, list[float]] = {name: [] for name in books}
    wall: dict[str, list[float]] = {name: [] for name in books}
    for _ in range(runs):
        for name, book in books.items():
            gc.collect()
            began, start = time.process_time(), time.perf_counter()
            Session.from_log(book, logs[name])
            cpu[name].append(time.process_time() - began)
            wall[name].append(time.perf_counter() - start)
    return {name: (statistics.median(cpu[name]), statistics.median(wall[name])) for name in books}


def replay_seconds(book: Any, log: dict[str, Any], runs: int) -> float:
    """The median time of ``runs`` replays of ``log`` (what opening the save does)."""
    from game.rules.session import Session

    times = []
    for _ in range(runs):
        start = time.perf_counter()
        Session.from_log(book, log)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


AGAINST = r"""
import json, statistics, sys, time
sys.path.insert(0, sys.argv[1])
from game.books.loader import load_book_by_id
from game.rules.session import Session
log = json.load(open(sys.argv[2]))
book = load_book_by_id("DF31")
times = []
for _ in range(int(sys.argv[3])):
    start = time.process_time(); Session.from_log(book, log); times.append(time.process_time() - start)
print(statistics.median(times))
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--against", type=Path, help="another checkout: replay the plain log with its code too")
    parser.add_argument("--max-load", type=float, default=0.0, help="wait for the load to fall under this first (0: do not)")
    parser.add_argument("--json", action="store_true", help="end with the figure as a JSON line (for bench_all)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tools"))
    from bench_common import Figure, print_json, wait_for_quiet

    wait_for_quiet(args.max_load)
    from game.books.loader import bundled_books_dir, read_json_file, validate_book

    data = read_json_file(bundled_books_dir() / "DF31.json")
    assert isinstance(data, dict)
    plain = validate_book("DF31.json", data)
    language = validate_book("DF31.json", _language_variant(data))
    load = os.getloadavg()
    print(f"bench_replay_language: {args.actions} actions, median of {args.runs} replays, load {load[0]:.2f} {load[1]:.2f}")
    logs = {name: play_adventure(book, args.actions, args.seed) for name, book in (("plain", plain), ("language", language))}
    measured = alternating({"plain": plain, "language": language}, logs, args.runs)
    seconds = {name: cpu for name, (cpu, _) in measured.items()}
    for name, (cpu, wall) in measured.items():
        print(f"  {name:<9} {cpu:7.3f} s CPU  {cpu / args.actions * 1e6:7.1f} µs per action  ({wall:.3f} s wall)")
    ratio = seconds["language"] / seconds["plain"]
    wall_ratio = measured["language"][1] / measured["plain"][1]
    print(f"  language / plain = {ratio:.3f} in CPU time  (goal ≤ {GOAL:.2f}: {'met' if ratio <= GOAL else 'NOT met'})")
    print(f"  language / plain = {wall_ratio:.3f} in wall time")
    if args.against is not None:
        path = ROOT / ".work" / "bench_replay_plain_log.json"
        path.parent.mkdir(exist_ok=True)
        old_log = {
            **logs["plain"],
            "entries": [
                dict(e, action={k: v for k, v in e["action"].items() if k not in ("list", "options", "escape_after")})
                for e in logs["plain"]["entries"]
            ],
        }
        path.write_text(json.dumps(old_log), encoding="utf-8")
        python = args.against / ".venv" / "bin" / "python"
        done = subprocess.run(
            [str(python if python.exists() else sys.executable), "-c", AGAINST, str(args.against), str(path), str(args.runs)],
            capture_output=True,
            text=True,
            check=True,
        )
        old = float(done.stdout.strip())
        print(f"  plain with {args.against}: {old:7.3f} s   (this version / that one = {seconds['plain'] / old:.3f})")
    end = os.getloadavg()
    print(f"load at the end {end[0]:.2f} {end[1]:.2f}")
    if args.json:
        print_json(
            [
                Figure(
                    row=f"a replay of {args.actions} actions with the book language, against the same without (issue 24)",
                    value=f"{ratio:.2f}× ({seconds['language'] * 1000:.0f} / {seconds['plain'] * 1000:.0f} ms CPU)"
                    f" (wall {wall_ratio:.2f}×)",
                    goal=f"≤ {GOAL:.2f}×",
                    met=ratio <= GOAL,
                )
            ]
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

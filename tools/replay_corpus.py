"""Every save replays to the same sheet: a corpus of action logs, recorded by one version, replayed by another.

    OLD/.venv/bin/python tools/replay_corpus.py --root OLD --write corpus.json [--walks 8 --actions 400]
    python tools/replay_corpus.py --check corpus.json

``--write`` (run with the version that wrote the saves: ``--root`` is its
checkout) plays the corpus and records each log with the sheet it ends on:

- every rules case (tests/cases, tests/data/*/cases with their books, the
  shared examples) — the log of what the case played, refused steps left out;
- the saves the tests keep (tests/data/saves_v1) and any ``--saves`` folder;
- seeded random walks through each shipped Fighting Fantasy book: a hero, then
  ``--actions`` actions drawn from what the sheet offers (paragraphs, scores,
  counters, meals, potions, Luck and Skill tests, fights to the end with Luck,
  escapes, spells, creation choices, days, items), so the logs hold what play
  produces, dice included.

``--check`` replays each recorded log with this version (``Session.from_log``,
the recorded dice) and compares the sheet with the recorded one, key by key
(keys this version added are not compared). It prints each difference and the
closing line ``N passed, N failed``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent


def _imports(root: Path) -> None:
    sys.path.insert(0, str(root))


def _case_logs(root: Path) -> list[tuple[str, str | None, dict[str, Any]]]:
    """(name, books folder, log) of every rules case, as the session logged it."""
    from game.books.loader import load_book_by_id, read_json_file
    from game.rules.cases import CaseFailure, case_files, run_step
    from game.rules.dice import ScriptedDice
    from game.rules.session import Session, Start

    folders: list[tuple[Path, Path | None]] = [(root / "tests" / "cases", None)]
    for data in sorted((root / "tests" / "data").glob("*/cases")):
        folders.append((data, data.parent / "books"))
    shared = root.parent.parent / "shared" / "cases"
    if (Path("/work/shared/cases")).is_dir():
        shared = Path("/work/shared/cases")
    if shared.is_dir():
        folders.append((shared, None))
    found = []
    for folder, books in folders:
        for path in case_files([folder]):
            case = read_json_file(path)
            if not isinstance(case, dict):
                continue
            in_folder = books is not None and (books / f"{case['book']}.json").is_file()
            book = load_book_by_id(case["book"], books if in_folder else None)
            try:
                session = Session(
                    book, ScriptedDice(case.get("dice", [])), Start(hero=case.get("hero"), play=case.get("play", "bookmark"))
                )
                for index, step in enumerate(case.get("steps", [])):
                    try:
                        run_step(session, index, {k: v for k, v in step.items() if k != "expect"})
                    except CaseFailure:
                        continue
            except Exception:  # a malformed case is not a save
                continue
            found.append((f"case {path.relative_to(folder.parent)}", str(books) if in_folder else None, session.to_log()))
    return found


def _save_logs(folders: list[Path]) -> list[tuple[str, str | None, dict[str, Any]]]:
    from game.storage.saves import read_save_file

    found = []
    for folder in folders:
        for path in sorted(folder.glob("*.json")):
            save = read_save_file(path)
            found.append((f"save {path.name}", None, save.log))
    return found


def _walk(book: Any, seed: int, actions: int) -> dict[str, Any]:
    """A seeded random play of ``book``: what a player could do, in any order the sheet allows."""
    from game.rules.dice import RandomDice
    from game.rules.errors import Refused
    from game.rules.session import Session, Start

    rng = random.Random(seed)
    session = Session(book, RandomDice(seed), Start(language=rng.choice(["fr", "en"])))
    session.apply({"do": "roll_hero"})
    stats = [s.id for s in book.stats]
    counters = [c.id for c in book.counters]

    def menu() -> dict[str, Any]:
        state = session.state
        fight = state.fight
        if fight is not None and fight.active:
            if fight.pending:
                return {"do": rng.choice(["luck", "no_luck"])}
            roll = rng.random()
            if roll < 0.05 and fight.escape_allowed:
                return {"do": "escape"}
            if roll < 0.1 and book.spells:
                return {"do": "cast", "spell": rng.choice(book.spells).id}
            return {"do": "round"}
        choices: list[dict[str, Any]] = [
            {"do": "paragraph", "number": rng.randint(1, book.section_count or 400)},
            {"do": "change", "stat": rng.choice(stats), "by": rng.randint(-3, 3)},
            {"do": "test_luck"},
            {"do": "test_skill"},
            {"do": "eat"},
            {"do": "herb"},
            {"do": "tick_day"},
            {"do": "add_item", "text": f"item {rng.randint(1, 99)}"},
            {"do": "roll", "dice": "2d6"},
            {"do": "raise_initial", "stat": rng.choice(stats), "by": rng.choice([-1, 1])},
            {"do": "set_score", "stat": rng.choice(stats), "value": rng.randint(0, 12)},
            {
                "do": "fight",
                "enemies": [
                    {"name": f"c{i}", "skill": rng.randint(4, 11), "stamina": rng.randint(2, 12)}
                    for i in range(rng.randint(1, 3))
                ],
                "mode": rng.choice(["one_after_another", "all_together"]),
                "escape": rng.random() < 0.3,
                "profile": rng.choice([None, *book.combat_profiles]),
            },
        ]
        if counters:
            choices.append({"do": "counter", "name": rng.choice(counters), "by": rng.randint(-2, 3)})
        if book.potions is not None:
            choices.append({"do": "potion", "kind": rng.choice(list(book.potions.kinds))})
        if book.spells:
            choices.append({"do": "cast", "spell": rng.choice(book.spells).id})
        for step in book.creation:
            if step.id not in state.choices:
                options = [o.id for o in step.options]
                wanted = step.count if isinstance(step.count, int) else rng.randint(1, 12)
                picks = (
                    [rng.choice(options) for _ in range(wanted)]
                    if step.repeats
                    else rng.sample(options, min(wanted, len(options)))
                )
                choices.append({"do": "choose", "step": step.id, "picks": picks})
        return rng.choice(choices)

    for _ in range(actions):
        if session.state.hero is not None and not session.state.hero.alive:
            if book.death.may_continue and rng.random() < 0.5:
                try:
                    session.apply({"do": "revive", "stamina": rng.randint(1, 20)})
                except Refused:
                    pass
                continue
            break
        try:
            session.apply(menu())
        except Refused:
            continue
        if rng.random() < 0.03 and session.can_undo:
            session.undo()
    return session.to_log()


def _walk_logs(walks: int, actions: int) -> list[tuple[str, str | None, dict[str, Any]]]:
    from game.books.loader import load_shelf

    shelf = load_shelf()
    found = []
    for book_id in sorted(shelf.books):
        book = shelf.books[book_id]
        if book.kind != "fighting_fantasy":
            continue
        for seed in range(walks):
            found.append((f"walk {book_id} seed {seed}", None, _walk(book, seed, actions)))
    return found


def _replay(name: str, books: str | None, log: dict[str, Any]) -> dict[str, Any]:
    from game.books.loader import load_book_by_id
    from game.rules.session import Session

    book = load_book_by_id(log["book"], Path(books) if books else None)
    session = Session.from_log(book, log)
    return session.view()


def _differences(old: Any, new: Any, path: str = "") -> list[str]:
    """Where ``new`` differs from ``old`` (keys only ``new`` has are not compared)."""
    if isinstance(old, dict) and isinstance(new, dict):
        found: list[str] = []
        for key, value in old.items():
            if key not in new:
                found.append(f"{path}.{key}: missing")
            else:
                found += _differences(value, new[key], f"{path}.{key}")
        return found
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        found = []
        for index, (a, b) in enumerate(zip(old, new)):
            found += _differences(a, b, f"{path}.{index}")
        return found
    return [] if old == new else [f"{path}: {json.dumps(old, ensure_ascii=False)} -> {json.dumps(new, ensure_ascii=False)}"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=HERE, help="the checkout whose code plays the corpus (--write)")
    parser.add_argument("--write", type=Path, help="play the corpus and record each log with its sheet")
    parser.add_argument("--check", type=Path, help="replay a recorded corpus and compare the sheets")
    parser.add_argument("--saves", type=Path, action="append", default=[], help="a folder of save files to add")
    parser.add_argument("--walks", type=int, default=8, help="random walks per book")
    parser.add_argument("--actions", type=int, default=400, help="actions per random walk")
    args = parser.parse_args(argv)
    _imports(args.root if args.write else HERE)
    if args.write:
        logs = _case_logs(args.root) + _save_logs([args.root / "tests" / "data" / "saves_v1", *args.saves])
        logs += _walk_logs(args.walks, args.actions)
        corpus = [{"name": n, "books": b, "log": log, "view": _replay(n, b, log)} for n, b, log in logs]
        args.write.write_text(json.dumps(corpus, ensure_ascii=False), encoding="utf-8")
        entries = sum(len(item["log"]["entries"]) for item in corpus)
        print(f"{len(corpus)} logs, {entries} actions recorded in {args.write}")
        return 0
    if args.check is None:
        parser.error("give --write or --check")
    corpus = json.loads(args.check.read_text(encoding="utf-8"))
    passed = failed = 0
    for item in corpus:
        try:
            view = _replay(item["name"], item["books"], item["log"])
        except Exception as error:  # noqa: BLE001 - a log that no longer replays is a failure to report, not a crash
            print(f"FAIL {item['name']}: does not replay: {error}")
            failed += 1
            continue
        wrong = _differences(item["view"], view)
        if wrong:
            failed += 1
            print(f"FAIL {item['name']}: " + "; ".join(wrong[:5]))
        else:
            passed += 1
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())

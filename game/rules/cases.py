"""The rules-case runner: ``python -m game.rules.cases PATH [PATH ...]``.

Plays each case (a JSON file, see ../shared/CASES.md and tests/cases/README.md)
through a session with scripted dice and checks what the sheet holds. Prints
``PASS name`` or ``FAIL name: reason`` per case, then ``N passed, N failed``;
exits 0 only when every case passed. A malformed case is a FAIL, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.books.loader import BookError, load_book_by_id, read_json_file
from game.rules.dice import DiceError, ScriptedDice
from game.rules.errors import Refused
from game.rules.session import BOOKMARK, PLAY_MODES, Session, Start

STEP_KEYS = {"expect", "refused", "comment"}
MISSING = object()


class CaseFailure(Exception):
    """Why a case failed (one line)."""


@dataclass(frozen=True)
class CaseResult:
    name: str
    passed: bool
    reason: str = ""

    def line(self) -> str:
        return f"PASS {self.name}" if self.passed else f"FAIL {self.name}: {self.reason}"


def case_files(paths: list[Path]) -> Iterator[Path]:
    """Every case file named, or found below a named folder, in a stable order."""
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.json") if p.is_file())
        else:
            yield path


def log_view(session: Session[Any, Any]) -> dict[str, Any]:
    """The ``log`` paths: how the adventure is played and what its action log holds."""
    return {
        "play": session.play,
        "length": session.length,
        "rerolls": session.rerolls,
        "can_undo": session.can_undo,
        "redo": len(session.to_log()["redo"]),
        "entries": [
            {"do": e.action.get("do"), "dice": list(e.dice), "outcome": e.outcome, "reroll": e.reroll} for e in session.entries
        ],
    }


def resolve(session: Session[Any, Any], path: str) -> Any:
    """The value at a dotted path (``fight.enemies.0.stamina``); MISSING when there is none."""
    parts = path.split(".")
    derived = getattr(session.rules, "derived", None)
    if parts[0] == "log":
        value: Any = log_view(session)
    elif parts[0] in getattr(session.rules, "derived_roots", ()) and derived is not None:
        value = derived(session.book, session.state, parts[0])
    else:
        value = session.view()
        value = value.get(parts[0], MISSING) if isinstance(value, dict) else MISSING
    for part in parts[1:]:
        if isinstance(value, dict):
            value = value.get(part, MISSING)
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return MISSING
        if value is MISSING:
            return MISSING
    return value


def matches(expected: Any, actual: Any) -> bool:
    """CASES.md matching: exact, objects by the keys they name, ``{"approx", "tol"}`` within tolerance."""
    if isinstance(expected, dict) and set(expected) == {"approx", "tol"}:
        return (
            isinstance(actual, (int, float))
            and not isinstance(actual, bool)
            and abs(actual - expected["approx"]) <= expected["tol"]
        )
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and matches(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(actual, list) and len(expected) == len(actual) and all(matches(e, x) for e, x in zip(expected, actual))
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual
    if isinstance(expected, (int, float)) and isinstance(actual, (int, float)):
        return expected == actual
    return bool(expected == actual)


def check(session: Session[Any, Any], expect: Any, where: str) -> None:
    if not isinstance(expect, dict):
        raise CaseFailure(f"{where}: 'expect' must be an object of path: value")
    for path, expected in expect.items():
        try:
            actual = resolve(session, path)
        except Refused as refused:
            raise CaseFailure(f"{where}: {path}: cannot be computed: {refused.message}") from None
        if actual is MISSING:
            raise CaseFailure(f"{where}: {path}: no such path (expected {json.dumps(expected, ensure_ascii=False)})")
        if not matches(expected, actual):
            raise CaseFailure(
                f"{where}: {path}: expected {json.dumps(expected, ensure_ascii=False)}, "
                f"got {json.dumps(actual, ensure_ascii=False, default=str)}"
            )


def run_step(session: Session[Any, Any], index: int, step: Any) -> None:
    if not isinstance(step, dict) or not isinstance(step.get("do"), str):
        raise CaseFailure(f"step {index + 1}: a step must be an object with a 'do' string")
    do = step["do"]
    where = f"step {index + 1} ({do})"
    want_refused = step.get("refused", False)
    if not isinstance(want_refused, bool):
        raise CaseFailure(f"{where}: 'refused' must be true or false")
    action = {k: v for k, v in step.items() if k not in STEP_KEYS}
    try:
        if do == "undo":
            session.undo()
        elif do == "undo_to":
            entry = step.get("entry")
            if not isinstance(entry, int) or isinstance(entry, bool):
                raise CaseFailure(f"{where}: 'entry' must be the index of a journal entry (-1: the start)")
            session.undo_to(entry)
        elif do == "redo":
            session.redo()
        else:
            session.apply(action)
    except Refused as refused:
        if not want_refused:
            raise CaseFailure(f"{where}: refused: {refused.message}") from None
    except DiceError as error:
        raise CaseFailure(f"{where}: {error}") from None
    else:
        if want_refused:
            raise CaseFailure(f"{where}: expected the rules to refuse it, but it was accepted")
    if "expect" in step:
        check(session, step["expect"], where)


def run_case(data: Any, books_dir: Path | None = None) -> None:
    """Play one case; raise CaseFailure with the reason when it fails."""
    if not isinstance(data, dict):
        raise CaseFailure("a case must be a JSON object")
    unknown = set(data) - {"name", "book", "hero", "dice", "steps", "expect", "comment", "rule", "play"}
    if unknown:
        raise CaseFailure(f"unknown case fields {sorted(unknown)}")
    if not isinstance(data.get("book"), str):
        raise CaseFailure("'book' must be a book id")
    try:
        # --books DIR: the book from that folder, else the bundled one of that id (a folder of one's own books
        # can hold cases for the shipped books too).
        in_folder = books_dir is not None and (books_dir / f"{data['book']}.json").is_file()
        book = load_book_by_id(data["book"], books_dir if in_folder else None)
    except BookError as error:
        raise CaseFailure(f"book {data['book']!r}: {error}") from None
    dice = data.get("dice", [])
    if not isinstance(dice, list) or not all(isinstance(d, int) and not isinstance(d, bool) for d in dice):
        raise CaseFailure("'dice' must be a list of whole numbers")
    hero = data.get("hero")
    if hero is not None and not _valid_hero(hero):
        raise CaseFailure("'hero' must be an object of stat: whole number, with an optional 'current' object of the same")
    steps = data.get("steps", [])
    if not isinstance(steps, list):
        raise CaseFailure("'steps' must be a list")
    play = data.get("play", BOOKMARK)
    if play not in PLAY_MODES:
        raise CaseFailure(f"'play' must be one of {', '.join(PLAY_MODES)}")
    source = ScriptedDice(dice)
    try:
        session: Session[Any, Any] = Session(book, source, Start(hero=hero, play=play))
    except (ValueError, KeyError) as error:
        raise CaseFailure(f"hero: {error}") from None
    for index, step in enumerate(steps):
        run_step(session, index, step)
    check(session, data.get("expect", {}), "end")
    if source.remaining:
        raise CaseFailure(f"{len(source.remaining)} dice left over: {source.remaining}")


def _scores(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(v, int) and not isinstance(v, bool) for v in value.values())


def _valid_hero(hero: Any) -> bool:
    """Stat: whole number, and optionally ``current``: {stat: whole number} (CASES.md)."""
    if not isinstance(hero, dict):
        return False
    return _scores({k: v for k, v in hero.items() if k != "current"}) and _scores(hero.get("current", {}))


def run_file(path: Path, books_dir: Path | None = None) -> CaseResult:
    """Run the case in ``path``; any problem becomes a FAIL with its reason."""
    name = path.stem
    try:
        data = read_json_file(path)
        if isinstance(data, dict) and isinstance(data.get("name"), str):
            name = data["name"]
        run_case(data, books_dir)
    except BookError as error:
        return CaseResult(name, False, f"{path.name}: {error.reason}")
    except CaseFailure as failure:
        return CaseResult(name, False, str(failure))
    except Exception as error:  # the contract: a FAIL with a reason, never a traceback
        return CaseResult(name, False, f"internal error {type(error).__name__}: {error}")
    return CaseResult(name, True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.rules.cases", description="Run rules cases.")
    parser.add_argument("paths", nargs="+", type=Path, help="case files or folders")
    parser.add_argument("--books", type=Path, default=None, help="folder of book files (default: the bundled books)")
    args = parser.parse_args(argv)
    passed = failed = 0
    for path in case_files(args.paths):
        result = run_file(path, args.books)
        print(result.line())
        passed += result.passed
        failed += not result.passed
    missing = [p for p in args.paths if not p.exists()]
    for path in missing:
        print(f"FAIL {path}: no such file or folder")
        failed += 1
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())

"""Long adventures on books written in the book language play as they did before its evaluation was made faster:
the log (every result and die) and the sheet after it, recorded as digests in
tests/data/language/golden_adventures.json (``python tests/test_language_replay_golden.py --write``).

The adventure is the one tools/bench_replay_language.py replays (paragraphs, gold, meals, Luck tests, fights to the
end), played on DF31 as shipped and on the benchmark's variant with expressions everywhere (a computed score in the
attack, a cap and a maximum worked out, endings and triggers as conditions).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from bench_replay_language import _language_variant, play_adventure  # noqa: E402

from game.books.loader import bundled_books_dir, read_json_file, validate_book  # noqa: E402
from game.rules.session import Session  # noqa: E402

RECORD = ROOT / "tests" / "data" / "language" / "golden_adventures.json"
ADVENTURES = [("DF31", 1), ("DF31", 2), ("language", 1), ("language", 2), ("language", 3)]
ACTIONS = 1200


def _book(name: str) -> Any:
    data = read_json_file(bundled_books_dir() / "DF31.json")
    return validate_book("DF31.json", data if name == "DF31" else _language_variant(data))


def digest(name: str, seed: int) -> dict[str, str]:
    """The digests of the adventure's log and of the sheet it ends on, played and then replayed from its log."""
    book = _book(name)
    log = play_adventure(book, ACTIONS, seed)
    replayed = Session.from_log(book, log)
    return {
        "log": hashlib.sha256(json.dumps(log, sort_keys=True).encode()).hexdigest(),
        "sheet": hashlib.sha256(replayed.state.model_dump_json().encode()).hexdigest(),
        "view": hashlib.sha256(json.dumps(replayed.view("en"), sort_keys=True, default=str).encode()).hexdigest(),
    }


@pytest.mark.parametrize("name, seed", ADVENTURES)
def test_an_adventure_plays_and_replays_as_recorded(name, seed):
    recorded = json.loads(RECORD.read_text(encoding="utf-8"))
    assert digest(name, seed) == recorded[f"{name}/{seed}"]


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/test_language_replay_golden.py --write  (records the code as it is)")
    found = {f"{name}/{seed}": digest(name, seed) for name, seed in ADVENTURES}
    RECORD.write_text(json.dumps(found, indent=1) + "\n", encoding="utf-8")
    print(f"{RECORD}: {len(found)} adventures")

"""The Rôle'n Play book: its numbers are data, and the rules read them from there."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.books.loader import load_book_by_id
from game.rules.dice import ScriptedDice
from game.rules.session import Session

RNP_DIR = Path(__file__).resolve().parent.parent / "game" / "rules" / "rnp"


@pytest.fixture(scope="module")
def rolenplay():
    return load_book_by_id("rolenplay")


def test_the_pace_table_matches_the_chapter(rolenplay):
    """R-RNP-PACE-1."""
    table = {p.id: (p.per_minute_m, p.per_hour_m, p.per_day_m) for p in rolenplay.travel.paces}
    assert table == {"slow": (60, 3000, 27000), "normal": (90, 4500, 36000), "fast": (120, 6000, 45000)}
    assert rolenplay.pace("slow").stealth and rolenplay.pace("fast").passive_perception == -5


def test_six_exhaustion_levels_in_both_languages(rolenplay):
    """R-RNP-ABILITY-1: the sixth level is death."""
    levels = rolenplay.exhaustion.levels
    assert len(levels) == 6 and levels[-1].effects == ["death"]
    assert levels[0].text.fr.startswith("Désavantage") and levels[0].text.en == "Disadvantage on ability checks"


def test_a_round_is_six_seconds(rolenplay):
    """R-RNP-TIME-1 decision."""
    assert rolenplay.scale("round").seconds == 6


def test_the_rules_follow_the_book_not_constants(rolenplay):
    """Change the book's numbers and the results follow: nothing is hard-coded."""
    travel = rolenplay.travel.model_copy(
        update={"paces": [p.model_copy(update={"per_hour_m": p.per_hour_m * 2}) for p in rolenplay.travel.paces]}
    )
    falls = rolenplay.falls.model_copy(update={"max_dice": 2})
    book = rolenplay.model_copy(update={"travel": travel, "falls": falls})
    session = Session(book, ScriptedDice([1, 1]))
    session.apply({"do": "travel", "pace": "normal", "hours": 1})
    assert session.view()["result"]["distance_m"] == 9000
    session.apply({"do": "fall", "metres": 30})
    assert session.view()["result"]["dice"] == 2


def test_the_rules_package_is_pure():
    """No pygame, no I/O, no clock, no randomness of their own in game.rules.rnp."""
    forbidden = {"pygame", "os", "time", "datetime", "random", "pathlib", "io", "json"}
    for path in RNP_DIR.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                names = {(node.module or "").split(".")[0]}
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "open":
                names = {"open"}
            else:
                continue
            assert not names & (forbidden | {"open"}), f"{path.name} uses {names & (forbidden | {'open'})}"

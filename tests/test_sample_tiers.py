"""The fast suite walks one sample of each kind of screen (tests/sample_tiers.py); the slow step walks the rest."""

from __future__ import annotations

import re
from pathlib import Path

from sample_tiers import FAST_SAMPLES, TIERS, family, in_tier, tiered

from game.app.showcase import load_all

NAMES = [name for name, _ in load_all()]


def test_every_fast_sample_is_a_sample_the_showcase_has():
    assert sorted(FAST_SAMPLES - set(NAMES)) == []


def test_every_kind_of_screen_has_a_sample_in_the_fast_suite():
    assert sorted({family(name) for name in NAMES} - {family(name) for name in FAST_SAMPLES}) == []


def test_a_book_screen_is_of_its_kind_whatever_the_book():
    assert [family(n) for n in ("book-FF2-sheet", "book-LW1-random-table", "book-builder-read-only", "rnp-travel-ride")] == [
        "book-sheet",
        "book-random-table",
        "book",
        "rnp",
    ]


def test_the_two_tiers_walk_every_sample_once():
    samples = load_all()
    walked = [name for tier in ("fast", "rest") for name, _ in in_tier(samples, tier)]
    assert sorted(walked) == sorted(NAMES)


def test_the_samples_outside_the_fast_suite_are_marked_slow_and_the_rest_tier_too():
    marked = {param.id: [mark.name for mark in param.marks] for param in tiered(load_all())}
    assert all(marks == ([] if name in FAST_SAMPLES else ["slow"]) for name, marks in marked.items())
    assert [[mark.name for mark in tier.marks] for tier in TIERS] == [[], ["slow"]]


def test_no_test_parametrizes_over_every_sample_without_the_tiers():
    """A new walk over the raw showcase would put every book's copy of every screen back into the fast suite."""
    raw = re.compile(r"parametrize\(.*SAMPLES, ids=")
    found = [p.name for p in Path(__file__).parent.glob("test_*.py") if raw.search(p.read_text(encoding="utf-8"))]
    assert found == []

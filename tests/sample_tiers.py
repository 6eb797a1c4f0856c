"""Which screen samples the fast suite walks; the slow step (`pytest -m slow`, CI's second step) walks the rest.

The walks over every screen sample (Tab order, layout, contrast, speech on arrival, text fit) cost most of
the README's test command (issue 28: 1185 s of CPU at 7630722, 60 % of it in these walks). The fast suite
walks one sample of each kind of screen — each family of samples, each kind of book screen on a Fighting
Fantasy book with spells (FF2) and on Lone Wolf (LW1), the Défis Fantastiques sheets, the overlays —
so a change that breaks a kind of screen fails in a minute; the other books' copies of the same screens,
which catch what one book's shape does to a screen, run in the slow step, so CI walks every sample.
tests/test_sample_tiers.py keeps this list true: every name exists and every family has a fast sample.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest

FAST_SAMPLES = frozenset(
    {
        "settings",
        "settings-access",
        "help-sheet",
        "rules-help-combat",
        "gallery",
        "kiosk-title",
        "timeline",
        "chronicles",
        "share",
        "book-builder",
        "book-builder-read-only",
        "book-FF2-creation",
        "book-FF2-sheet",
        "book-FF2-fight",
        "book-LW1-creation",
        "book-LW1-sheet",
        "book-LW1-fight",
        "book-LW1-sheet-lists",
        "book-LW1-random-table",
        "book-LW1-fight-even",
        "bookshelf",
        "bookshelf-broken-save",
        "combat-archery",
        "combat-pending-wound",
        "combat-all-together",
        "combat-setup",
        "creation-df31",
        "creation-df64-ready-heroes",
        "death-df64",
        "overlay-spells",
        "overlay-dice-entry",
        "overlay-import-book",
        "reader-start",
        "reader-fight",
        "rnp-party",
        "rnp-travel",
        "rnp-food",
        "rnp-form",
        "rnp-hiding",
        "sheet-df49",
        "sheet-df64-journal",
    }
)


def family(sample: str) -> str:
    """A sample's kind of screen: `book-FF2-sheet` → `book-sheet`, `rnp-travel-ride` → `rnp`, `overlay-potion` → `overlay`."""
    parts = sample.split("-")
    if parts[0] == "book" and len(parts) >= 3 and parts[1][:2].isalpha() and parts[1][2:].isdigit():
        return "-".join(["book", *parts[2:]])
    return parts[0]


def tiered(samples: Iterable[tuple[str, Any]]) -> list[Any]:
    """`(name, factory)` pairs as pytest params: the fast ones as they are, the others marked slow (ids: the names).

    ``Any``: a param is pytest's ParameterSet, and a factory is the showcase's SceneFactory, which tests do not type.
    """
    return [
        pytest.param(name, factory, id=name, marks=() if name in FAST_SAMPLES else pytest.mark.slow) for name, factory in samples
    ]


#: For a test that walks the samples itself: "fast" walks FAST_SAMPLES, "rest" (slow) the others.
TIERS = [pytest.param("fast", id="fast"), pytest.param("rest", id="rest", marks=pytest.mark.slow)]


def in_tier(samples: Sequence[tuple[str, Any]], tier: str) -> list[tuple[str, Any]]:
    """The samples a tier walks (see TIERS)."""
    return [(name, factory) for name, factory in samples if (name in FAST_SAMPLES) == (tier == "fast")]

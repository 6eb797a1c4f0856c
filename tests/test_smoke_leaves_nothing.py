"""Each screen the smoke draws leaves as the app's screens do: nothing it started outlives it.

A board's odds worker waited on its thread for ever after its sample was drawn: by the end of a
``--smoke --text`` run of the 38 hostile lines, hundreds of threads, each holding its board, its book and
its pictures (the slow step's hostile smoke ran past its 20 minutes on a loaded machine).
"""

from __future__ import annotations

import argparse
import threading

from ui_helpers import init_pygame

from game import __main__ as entry
from game.app.display import Display
from game.app.showcase import load_all


def odds_threads() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == "combat-odds" and thread.is_alive()]


def test_a_board_drawn_by_the_smoke_leaves_no_odds_worker_behind(tmp_path):
    init_pygame()
    before = set(odds_threads())
    factory = dict(load_all())["combat-archery"]
    display = Display((1280, 720), fullscreen=False)
    entry.render_entry(display, tmp_path / "combat-archery", "combat-archery", factory, argparse.Namespace())
    for thread in set(odds_threads()) - before:
        thread.join(5)  # close() wakes it; it ends at once
    assert set(odds_threads()) - before == set()

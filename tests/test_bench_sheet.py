"""tools/bench_sheet.py drives the real loop through a stub of Display.present: it must keep the stub's signature.

The slow step's bench_all run found it broken (053f535 gave ``present`` an area argument); this runs a
couple of clicks on a short journal, no figure checked (no timed assertion).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import bench_sheet  # noqa: E402


def test_bench_sheet_plays_a_click_through_the_real_loop_and_times_its_frame():
    times, entries = bench_sheet.clicks(20, 2, False)
    assert len(times["shown"]) == 2 and all(shown >= 0 for shown in times["shown"])
    assert entries >= 22

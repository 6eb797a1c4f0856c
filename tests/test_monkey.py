"""The monkey: thousands of random clicks, drags, keys, text and resizes on every screen, no crash."""

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_five_thousand_random_events_on_every_screen_cause_no_crash(tmp_path):
    seed = random.Random().randrange(2**32) if os.environ.get("MONKEY_RANDOM_SEED") else 20261129
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "monkey.py"), "--events", "5000", "--seed", str(seed)],
        capture_output=True,
        text=True,
        timeout=1200,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-3000:]
    assert "no crash, invariants held" in result.stdout

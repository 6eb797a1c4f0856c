"""The title page is the first thing the app does (issue 28, first frame ≤ 1.2× a bare pygame window).

Checked in a fresh interpreter, at the moment the title page is drawn: what is imported by then is what the
first frame costs. tools/bench_startup.py times the same moment.
"""

import json
import subprocess
import sys

PROBE = r"""
import json, os, sys
from game import __main__ as entry
from game.app import splash

draw = splash.draw_splash

def draw_then_report(display):
    draw(display)
    print(json.dumps(sorted(sys.modules)))
    sys.stdout.flush()
    os._exit(0)

splash.draw_splash = draw_then_report
entry.main(["--config-dir", sys.argv[1], "--data-dir", sys.argv[2]])
"""


def modules_at_the_title_page(tmp_path) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(tmp_path / "config"), str(tmp_path / "data")],
        capture_output=True,
        text=True,
        timeout=120,
        env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "HOME": str(tmp_path), "PATH": ""},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def test_the_title_page_is_drawn_before_the_models_the_loop_and_the_books_load(tmp_path):
    loaded = modules_at_the_title_page(tmp_path)
    assert "pygame" in loaded and "game.app.splash" in loaded
    for later in ("pydantic", "game.app.loop", "game.app.services", "game.books.loader", "numpy", "babel"):
        assert later not in loaded, f"{later} is imported before the title page is drawn"

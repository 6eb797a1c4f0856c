"""The bookshelf of a new player is drawn without the models (issue 28, start to bookshelf ready ≤ 2×).

Checked in a fresh interpreter, from the real entry point, when the shelf's first frame is shown: pydantic
(its import and first model cost about 100 ms), the rules' session and the save file's models are imported
when a save is listed, opened or written, not before; nor are the network's modules or logging.handlers (the
log file is the app's own, game.app.crash.LogFile). tools/bench_startup.py times the same start.
"""

import json
import os
import subprocess
import sys

import pytest

PROBE = r"""
import json, sys
from game import __main__ as entry
from game.app import loop

def one_frame_then_report(self):
    assert self.run_frames(1) == 1
    print(json.dumps(sorted(sys.modules)))

loop.MainLoop.run = one_frame_then_report
entry.main(["--config-dir", sys.argv[1], "--data-dir", sys.argv[2]])
"""


def modules_at_the_shelf(tmp_path) -> set[str]:
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "HOME": str(tmp_path), "PATH": ""}
    command = [sys.executable, "-c", PROBE, str(tmp_path / "config"), str(tmp_path / "data")]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


@pytest.fixture(scope="module")
def indexed(tmp_path_factory):
    """A new player's home after a first start, which validates every book to write the shelf's index."""
    home = tmp_path_factory.mktemp("start")
    modules_at_the_shelf(home)
    return home


@pytest.fixture(scope="module")
def loaded(indexed) -> set[str]:
    """The modules of a new player's start when the shelf's first frame is shown (its second start)."""
    return modules_at_the_shelf(indexed)


def test_a_new_players_shelf_is_drawn_without_pydantic_the_session_or_the_save_models(loaded):
    assert "game.scenes.bookshelf.scene" in loaded
    for later in ("pydantic", "pydantic_core", "game.rules.session", "game.storage.save_file", "game.books.models"):
        assert later not in loaded, f"{later} is imported before the shelf's first frame"


def test_a_new_players_shelf_is_drawn_without_the_network_modules_logging_handlers_or_datetime(loaded):
    # The lock's holder names the machine with os.uname() (socket only on Windows); the log is game.app.crash.LogFile (issue 28).
    assert "game.app.crash" in loaded
    for later in ("socket", "logging.handlers", "pickle", "queue", "selectors", "datetime", "game.ui.overflow"):
        assert later not in loaded, f"{later} is imported before the shelf's first frame"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_where_the_log_goes_does_not_stop_the_start(tmp_path, indexed):
    # RotatingFileHandler opened it to append and the start waited for ever; LogFile refuses it (tests/test_log_file.py).
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "books-index.json").write_bytes((indexed / "config" / "books-index.json").read_bytes())
    log = tmp_path / ".local" / "state" / "feuille-aventure" / "log" / "feuille.log"
    log.parent.mkdir(parents=True)
    os.mkfifo(log)
    assert "game.scenes.bookshelf.scene" in modules_at_the_shelf(tmp_path)  # its timeout fails a hang

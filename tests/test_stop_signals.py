"""Issue 23: SIGTERM and SIGINT end the app cleanly — save, then exit — in every state. Real processes.

Each test starts the real app (tests/app_process.py: ``game.__main__.main`` with
the state reached just before the main loop), sends the signal when the state
is reached, and requires the process to end within a few seconds with what it
held saved: on the shelf, on a sheet with notes being typed, with a dialog
open, in the middle of an import, in the kiosk's attract loop; and when the
main thread is stuck for good, the grace period still ends it.
"""

from __future__ import annotations

import json
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.books.loader import load_shelf
from game.rules.dice import RandomDice
from game.rules.session import Session
from game.storage.saves import SaveStore

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals sent to a child")
ROOT = Path(__file__).resolve().parent.parent
BOOKS = load_shelf().books
ENDS_WITHIN = 8  # seconds from the signal to the process gone (the grace period is 5)


class App:
    """The app in a child process, its output read line by line."""

    def __init__(self, tmp_path: Path, state: str | None, *options: str, env: dict[str, str] | None = None) -> None:
        self.config, self.data = tmp_path / "config", tmp_path / "data"
        command = [sys.executable, "-m", "game"] if state is None else [sys.executable, "tests/app_process.py", state]
        command += ["--config-dir", str(self.config), "--data-dir", str(self.data), *options]
        environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "HOME": str(tmp_path)}
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            env={**environment, **(env or {})},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.output: list[str] = []
        self.seen: dict[str, float] = {}  # when each line was first printed (time.monotonic)
        self.signalled = 0.0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.output.append(line)
            self.seen.setdefault(line.strip(), time.monotonic())
            self.lines.put(line.strip())

    def wait_for(self, start: str, timeout: float = 60) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                assert self.process.poll() is None, "".join(self.output)
                continue
            if line.startswith(start):
                return line
        self.process.kill()
        raise AssertionError(f"never printed {start!r}: {''.join(self.output)}")

    def stop(self, number: int = signal.SIGTERM) -> tuple[int, float]:
        """Send ``number``; the exit code and how long the process took to end."""
        sent = self.signalled = time.monotonic()
        self.process.send_signal(number)
        try:
            code = self.process.wait(timeout=ENDS_WITHIN + 10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise AssertionError(f"still running after the signal: {''.join(self.output)}") from None
        return code, time.monotonic() - sent


def saved_adventure(data: Path, actions: int = 3) -> Session:
    store = SaveStore(data / "saves")
    session = Session(BOOKS["DF49"], RandomDice(2))
    session.apply({"do": "roll_hero"})
    for number in range(1, actions + 1):
        session.apply({"do": "paragraph", "number": 1 + number % 399})
    store.write("a1", session)
    store.set_last("a1")
    store.keep_locks(set())  # written by "an earlier run": the app started next must be free to hold it
    return session


def no_temporary_left(data: Path) -> bool:
    return not [p for p in (data / "saves").iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_the_app_on_its_shelf_ends_at_once_on_a_stop_signal(tmp_path, number):
    app = App(tmp_path, None, "--speech-log", str(tmp_path / "said.txt"))
    deadline = time.monotonic() + 60
    while not ((tmp_path / "said.txt").exists() and (tmp_path / "said.txt").read_text()):  # the shelf was announced
        assert time.monotonic() < deadline and app.process.poll() is None, "".join(app.output)
        time.sleep(0.1)
    code, took = app.stop(number)
    assert code == 0 and took < ENDS_WITHIN, "".join(app.output)


def test_sigterm_on_a_sheet_saves_the_notes_being_typed_then_exits(tmp_path):
    saved_adventure(tmp_path / "data")
    app = App(tmp_path, "typing")
    app.wait_for("READY typing")
    code, took = app.stop()
    assert code == 0 and took < ENDS_WITHIN, "".join(app.output)
    _, session = SaveStore(tmp_path / "data" / "saves").load("a1", BOOKS)
    assert session.state.notes == "typed, not yet left"


def test_sigterm_with_a_dialog_open_ends_the_app_and_answers_nothing(tmp_path):
    saved_adventure(tmp_path / "data")
    app = App(tmp_path, "dialog")
    app.wait_for("READY dialog")
    code, took = app.stop()
    assert code == 0 and took < ENDS_WITHIN, "".join(app.output)
    assert [item.id for item in SaveStore(tmp_path / "data" / "saves").listing()] == ["a1"]  # not deleted


def test_sigterm_during_an_import_ends_the_app_once_the_import_is_done(tmp_path):
    long = saved_adventure(tmp_path / "source", actions=8000)
    exported = tmp_path / "long.json"
    exported.write_bytes((tmp_path / "source" / "saves" / "a1.json").read_bytes())
    app = App(tmp_path, "import", env={"IMPORT": str(exported)})
    app.wait_for("READY import")  # the import runs, held until the signal has come (tests/app_process.py)
    code, took = app.stop()
    assert code == 0 and took < ENDS_WITHIN, "".join(app.output)
    assert app.seen["IMPORTED ok"] > app.signalled  # the signal came while the import ran
    store = SaveStore(tmp_path / "data" / "saves")
    [item] = store.listing()
    assert item.save is not None and len(store.read(item.id).log["entries"]) == len(long.entries)
    assert no_temporary_left(tmp_path / "data")


def test_a_main_thread_stuck_for_good_still_ends_after_the_grace_period(tmp_path):
    app = App(tmp_path, "stuck")
    app.wait_for("READY stuck")
    code, took = app.stop()
    assert code == 128 + signal.SIGTERM and 4 < took < ENDS_WITHIN, "".join(app.output)


def test_a_second_signal_ends_a_stuck_app_at_once(tmp_path):
    app = App(tmp_path, "stuck")
    app.wait_for("READY stuck")
    app.process.send_signal(signal.SIGTERM)
    time.sleep(0.5)
    code, took = app.stop(signal.SIGINT)
    assert code == 128 + signal.SIGINT and took < 2


def test_sigterm_at_random_moments_of_the_kiosk_attract_loop_always_ends_it_with_its_saves_readable(tmp_path):
    rng = random.Random(23)
    for attempt in range(3):
        folder = tmp_path / str(attempt)
        (folder / "config").mkdir(parents=True)
        (folder / "config" / "settings.json").write_text(json.dumps({"demo_idle_seconds": 1}))
        app = App(folder, None, "--demo")
        time.sleep(rng.uniform(3, 8))  # the stand started, the autopilot plays (a sheet, a fight, dialogs…)
        assert app.process.poll() is None, "".join(app.output)
        code, took = app.stop()
        assert code == 0 and took < ENDS_WITHIN, "".join(app.output)
        store = SaveStore(folder / "data" / "demo-saves")
        assert all(item.error is None for item in store.listing())

"""game.app.memory: what start-up made is out of the cycle collector's reach (issue 28, frames and memory)."""

import gc
import weakref

import pytest

import game.__main__ as entry
from game.app.lifecycle import StopSignals
from game.app.memory import freeze_start_objects


class Node:
    def __init__(self) -> None:
        self.me = self  # a reference cycle: only the collector frees it


@pytest.fixture
def unfreeze_after():
    yield
    gc.unfreeze()  # the test process goes on collecting as before: what lives on frozen again, as conftest.py left it
    gc.collect()
    gc.freeze()


def test_objects_alive_when_frozen_are_out_of_the_collectors_walk(unfreeze_after):
    alive = Node()
    freeze_start_objects()
    assert gc.get_freeze_count() > 0
    assert not any(each is alive for each in gc.get_objects())


def test_a_cycle_made_after_the_freeze_is_still_collected(unfreeze_after):
    freeze_start_objects()
    later = Node()
    gone = weakref.ref(later)
    del later
    gc.collect()
    assert gone() is None


def test_the_app_freezes_its_start_before_the_first_frame(monkeypatch, tmp_path, unfreeze_after):
    seen = {}

    class Loop:
        def run(self) -> None:
            seen["frozen"] = gc.get_freeze_count()

    for name in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER"):
        monkeypatch.setenv(name, "dummy")
    monkeypatch.setenv("SDL_NO_SIGNAL_HANDLERS", "1")
    monkeypatch.setattr(StopSignals, "install", lambda _self: None)  # pytest keeps its own Ctrl+C
    monkeypatch.setattr(entry, "main_loop", lambda *_: Loop())
    gc.unfreeze()
    args = entry.parse_args(["--config-dir", str(tmp_path / "config"), "--data-dir", str(tmp_path / "data")])
    assert entry.run(args) == 0
    assert seen["frozen"] > 0


def test_the_apps_process_runs_without_sound_nor_openssl_as_the_executables_do(tmp_path):
    # Issue 28 (memory): pygame's mixer and OpenSSL's libcrypto are 6 MiB the app never uses; imported only when
    # present, they are left out at the process's start, and the screens draw and hash without them.
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from game.__main__ import main\n"
        "code = main(['--smoke', '--only', 'settings-access,bookshelf-versions'])\n"
        "import hashlib, pygame\n"
        "print(code, type(pygame.mixer).__name__, hashlib._hashlib, hashlib.sha256(b'').hexdigest()[:8])\n"
    )
    env = {"SDL_VIDEODRIVER": "dummy", "HOME": str(tmp_path), "PATH": ""}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=env)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert result.stdout.splitlines()[-1] == "0 MissingModule None e3b0c442"


def test_what_the_app_leaves_out_at_start_is_left_out_of_the_executables():
    from game.app.memory import IMPORTED_WHEN_PRESENT, NEVER_IMPORTED

    assert set(IMPORTED_WHEN_PRESENT) <= set(NEVER_IMPORTED)

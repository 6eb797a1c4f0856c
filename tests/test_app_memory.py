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

"""Issue 23, row 7: one writer per adventure — an OS-level lock, held by the window that has it open.

Two real processes on one adventure: the second cannot write it (its play is
never silently lost nor does it overwrite the first's), sees that it is open
elsewhere, may open it read-only or copy it; a lock left by a killed window
is taken over at once. Temporary names are unique to each process.
"""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.app.adventure import Adventure
from game.app.recovery import AdventureBusy, open_saved
from game.books.loader import load_shelf
from game.rules.dice import RandomDice
from game.rules.session import Session
from game.storage import lock
from game.storage.saves import SaveStore

BOOKS = load_shelf().books
HOLDER = """
import sys
from pathlib import Path
from game.storage.saves import SaveStore
store = SaveStore(Path(sys.argv[1]))
print("HELD" if store.lock("a1") else "BUSY", flush=True)
sys.stdin.read()
"""


def saved(root: Path) -> tuple[SaveStore, Session]:
    store = SaveStore(root)
    session = Session(BOOKS["DF49"], RandomDice(1))
    session.apply({"do": "roll_hero"})
    session.apply({"do": "paragraph", "number": 12})
    store.write("a1", session)
    lock.release_all()  # written by "another run of the app": nothing held now
    return store, session


class OtherWindow:
    """Another process holding adventure a1 of ``root``."""

    def __init__(self, root: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(root)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert self.process.stdout is not None
        self.said = self.process.stdout.readline().strip()

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL if hasattr(signal, "SIGKILL") else signal.SIGTERM)
        self.process.wait(timeout=30)


@pytest.fixture
def other(tmp_path):
    store, _ = saved(tmp_path / "saves")
    window = OtherWindow(store.root)
    yield window
    if window.process.poll() is None:
        window.kill()


def test_a_second_window_cannot_write_an_adventure_the_first_holds(tmp_path, other):
    assert other.said == "HELD"
    store = SaveStore(tmp_path / "saves")
    _, session = store.load("a1", BOOKS)
    before = store.path("a1").read_bytes()
    session.apply({"do": "paragraph", "number": 13})
    with pytest.raises(OSError) as raised:
        store.write("a1", session)
    assert raised.value.errno == errno.EBUSY and "open in another window" in raised.value.strerror
    assert store.path("a1").read_bytes() == before


def test_the_second_window_is_told_why_its_play_is_not_saved(tmp_path, other):
    store = SaveStore(tmp_path / "saves")
    _, session = store.load("a1", BOOKS)
    game = Adventure(session, store, "a1")
    game.act({"do": "paragraph", "number": 14})
    assert game.save_problem_kind == "busy" and "open in another window" in game.save_problem


def test_opening_an_adventure_held_elsewhere_says_so_and_offers_read_only(tmp_path, other):
    store = SaveStore(tmp_path / "saves")
    with pytest.raises(AdventureBusy):
        open_saved(store, BOOKS, "a1")
    game = open_saved(store, BOOKS, "a1", read_only=True)
    before = store.path("a1").read_bytes()
    refused = game.act({"do": "paragraph", "number": 15})
    assert getattr(refused, "code", None) == "read_only" and game.refusal({"do": "tick_day"}).code == "read_only"
    assert game.undo().code == "read_only"
    game.save()
    assert store.path("a1").read_bytes() == before and game.save_problem is None


def test_a_copy_of_an_adventure_held_elsewhere_is_a_new_adventure_this_window_holds(tmp_path, other):
    store = SaveStore(tmp_path / "saves")
    new_id = store.copy("a1")
    game = open_saved(store, BOOKS, new_id)
    game.act({"do": "paragraph", "number": 16})
    assert game.save_problem is None
    assert store.read(new_id).summary.paragraph == 16 and store.read("a1").summary.paragraph == 12


def test_an_adventure_held_elsewhere_cannot_be_deleted(tmp_path, other):
    store = SaveStore(tmp_path / "saves")
    with pytest.raises(OSError) as raised:
        store.delete("a1")
    assert raised.value.errno == errno.EBUSY and store.path("a1").exists()


def test_a_lock_left_by_a_killed_window_is_taken_over_at_once(tmp_path, other):
    store = SaveStore(tmp_path / "saves")
    assert not store.lock("a1")
    other.kill()
    assert store.lock("a1")
    game = open_saved(store, BOOKS, "a1")
    game.act({"do": "paragraph", "number": 17})
    assert game.save_problem is None and store.read("a1").summary.paragraph == 17


def test_a_window_that_closed_the_adventure_lets_the_other_have_it(tmp_path, other):
    other.close()
    store = SaveStore(tmp_path / "saves")
    assert store.lock("a1")
    again = OtherWindow(store.root)
    assert again.said == "BUSY"
    again.close()


def test_leaving_an_adventure_lets_its_lock_go(tmp_path):
    store, _ = saved(tmp_path / "saves")
    assert store.lock("a1") and lock.holds(store.lock_path("a1"))
    store.keep_locks(set())
    assert not lock.holds(store.lock_path("a1"))
    window = OtherWindow(store.root)
    assert window.said == "HELD"
    window.close()


def test_a_directory_at_the_lock_name_is_moved_aside(tmp_path):
    store, _ = saved(tmp_path / "saves")
    store.lock_path("a1").unlink()
    store.lock_path("a1").mkdir()
    assert store.lock("a1")
    assert (store.root / "a1.json.lock.stray").is_dir()


def test_two_processes_writing_one_adventure_never_interleave(tmp_path):
    """Row 7: two windows played one adventure and the last writer won; now the second is refused at once."""
    store, _ = saved(tmp_path / "saves")
    script = (
        "import sys; from pathlib import Path; from game.books.loader import load_shelf; "
        "from game.storage.saves import SaveStore; s = SaveStore(Path(sys.argv[1])); "
        "save, session = s.load('a1', load_shelf().books); ok = 0\n"
        "for n in range(1, 60):\n"
        "    session.apply({'do': 'paragraph', 'number': n})\n"
        "    try: s.write('a1', session); ok += 1\n"
        "    except OSError: pass\n"
        "print(ok)"
    )
    runs = [
        subprocess.Popen([sys.executable, "-c", script, str(store.root)], stdout=subprocess.PIPE, text=True) for _ in range(2)
    ]
    written = sorted(int(run.communicate(timeout=120)[0]) for run in runs)
    assert written[0] == 0 or written == [59, 59]  # one writer; the other only once the first was done
    assert not [p for p in os.listdir(store.root) if p.endswith(".tmp")]
    assert store.read("a1").summary.paragraph == 59


def test_the_lock_names_its_machine_without_platform_uname(tmp_path, monkeypatch):
    """platform.node() is platform.uname().node: on Windows that asks win32_ver, which Python 3.12+ asks WMI (seconds
    for a player without its permission, for ever when its service hangs) while an adventure opens."""
    import platform

    def uname():
        raise AssertionError("platform.uname() asked while a lock was taken")

    monkeypatch.setattr(platform, "uname", uname)
    monkeypatch.setattr(platform, "_uname_cache", None, raising=False)
    assert lock.acquire(tmp_path / "a1.json.lock")
    try:
        pid, machine = (tmp_path / "a1.json.lock").read_text(encoding="utf-8").split()[:2]
    finally:
        lock.release(tmp_path / "a1.json.lock")
    assert pid == str(os.getpid()) and machine == lock.machine_name()

"""Two windows saving over one broken settings file keep it aside once, and nothing else: only a file that is
broken when a save replaces it is kept (game.app.settings.SettingsStore.save, under the settings' lock), so the
second window's save does not keep the clean file the first one wrote as ``settings.broken2.json``, and a broken
file put there by hand after the window read its own is kept too: no broken file is ever lost.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.app.settings import Settings, SettingsStore

ROOT = Path(__file__).resolve().parent.parent
BROKEN = {
    "a refused value": b'{"language": "en", "ui_scale": NaN}',
    "broken JSON": b'{"language": "en" "ui_scale": 1}',
    "a byte that is not UTF-8": b'{"language": "en", "palette": "caf\xe9"}',
}
CHILD = """
import sys, time
from pathlib import Path
from game.app.settings import SettingsStore

folder, me = Path(sys.argv[1]), sys.argv[2]
store = SettingsStore(folder)
seen = store.load()
assert not seen.ok
(folder.parent / f"ready-{me}").touch()
while not (folder.parent / "go").exists():
    time.sleep(0.001)
store.save(seen.settings.model_copy(update={"fullscreen": me == "1"}))
"""
WAIT_SECONDS = 60  # a child's start, pydantic included, on a loaded machine


def kept(folder: Path) -> list[bytes]:
    return sorted(path.read_bytes() for path in folder.glob("settings.broken*.json"))


def two_windows(folder: Path, content: bytes) -> tuple[SettingsStore, SettingsStore]:
    first, second = SettingsStore(folder), SettingsStore(folder)
    first.path.write_bytes(content)
    assert not first.load().ok and not second.load().ok
    return first, second


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_the_second_window_to_save_keeps_no_copy_of_the_clean_file_the_first_wrote(tmp_path, case):
    first, second = two_windows(tmp_path, BROKEN[case])
    first.save(Settings(language="en"))
    second.save(Settings(language="fr", fullscreen=True))
    assert kept(tmp_path) == [BROKEN[case]]
    # the second window's save is in the file (its fullscreen: a change of its own; its language "fr" is the
    # first's "en" when "fr" is the default it read from the broken file, a setting it left as it was)
    assert json.loads(second.path.read_text(encoding="utf-8"))["fullscreen"] is True


def test_a_broken_file_written_by_hand_after_the_window_read_another_is_kept_by_its_save(tmp_path):
    first, second = two_windows(tmp_path, BROKEN["a refused value"])
    first.save(Settings())
    first.path.write_bytes(BROKEN["broken JSON"])  # the player's editor, between the two saves
    second.save(Settings())
    assert kept(tmp_path) == sorted([BROKEN["a refused value"], BROKEN["broken JSON"]])


def test_the_broken_file_a_window_read_is_kept_when_it_is_still_there(tmp_path):
    first, second = two_windows(tmp_path, BROKEN["a refused value"])
    second.save(Settings())
    assert kept(tmp_path) == [BROKEN["a refused value"]] and SettingsStore(tmp_path).load().ok


def test_a_copy_s_name_taken_in_the_instant_of_the_save_sends_the_broken_file_to_the_next(tmp_path, monkeypatch):
    store = SettingsStore(tmp_path)
    store.path.write_bytes(BROKEN["broken JSON"])
    store.load()
    link = os.link

    def taken_first(source, target):  # another program's copy lands at that name just before this one's
        if Path(target).name == "settings.broken.json" and not Path(target).exists():
            Path(target).write_bytes(BROKEN["a refused value"])
            raise FileExistsError(17, "File exists", str(target))
        return link(source, target)

    monkeypatch.setattr(os, "link", taken_first)
    store.save(Settings())
    assert (tmp_path / "settings.broken.json").read_bytes() == BROKEN["a refused value"]
    assert (tmp_path / "settings.broken2.json").read_bytes() == BROKEN["broken JSON"]


IN_THE_LOCK_S_WAY = {
    "a directory": lambda path: path.mkdir(),
    "a FIFO": lambda path: os.mkfifo(path) if hasattr(os, "mkfifo") else pytest.skip("no FIFO here"),
    "a link": lambda path: path.symlink_to(path.with_name("elsewhere")),
}


@pytest.mark.parametrize("case", sorted(IN_THE_LOCK_S_WAY))
def test_something_other_than_a_file_at_the_lock_s_name_does_not_stop_the_save(tmp_path, case):
    store = SettingsStore(tmp_path)
    IN_THE_LOCK_S_WAY[case](store.lock_path)
    store.path.write_bytes(BROKEN["broken JSON"])
    store.load()
    store.save(Settings(language="en"))
    assert kept(tmp_path) == [BROKEN["broken JSON"]] and SettingsStore(tmp_path).load().settings.language == "en"
    assert not (tmp_path / "elsewhere").exists()  # a link at the lock's name is not followed


@pytest.mark.skipif(sys.platform == "win32", reason="fcntl: the lock is tried the POSIX way")
def test_the_lock_is_let_go_of_when_a_save_fails(tmp_path, monkeypatch):
    import fcntl

    store = SettingsStore(tmp_path)
    store.path.write_bytes(BROKEN["broken JSON"])
    store.load()

    def no_room(source, target):
        raise OSError(28, "No space left on device", str(target))

    monkeypatch.setattr(os, "link", no_room)
    monkeypatch.setattr("game.app.settings.atomic_write_bytes", lambda path, data: no_room(path, path))
    with pytest.raises(OSError):
        store.save(Settings())
    with open(store.lock_path, "rb") as lock_file:
        fcntl.flock(lock_file, fcntl.LOCK_EX | fcntl.LOCK_NB)  # raises BlockingIOError while it is still held
    assert store.path.read_bytes() == BROKEN["broken JSON"]


def wait_for(paths: list[Path], children: list[subprocess.Popen]) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not all(path.exists() for path in paths):
        assert all(child.poll() is None for child in children), [child.communicate() for child in children]
        assert time.monotonic() < deadline, "the windows did not start"
        time.sleep(0.01)


def two_windows_at_once(folder: Path, child: str) -> None:
    """Run ``child`` (its arguments: the settings folder, "1" or "2") as two processes released at one instant,
    once both have started; each must end cleanly."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    children = [
        subprocess.Popen([sys.executable, "-c", child, str(folder), me], env=env, stderr=subprocess.PIPE, text=True)
        for me in ("1", "2")
    ]
    try:
        wait_for([folder.parent / "ready-1", folder.parent / "ready-2"], children)
        (folder.parent / "go").touch()
        errors = [child.communicate(timeout=WAIT_SECONDS)[1] for child in children]
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
                child.wait()
    assert [child.returncode for child in children] == [0, 0], errors


@pytest.mark.parametrize("round_", range(3))
def test_two_processes_saving_over_one_broken_file_at_once_keep_it_once_and_nothing_else(tmp_path, round_):
    folder = tmp_path / "config"
    folder.mkdir()
    content = BROKEN["a refused value"]
    (folder / "settings.json").write_bytes(content)
    two_windows_at_once(folder, CHILD)
    assert kept(folder) == [content]
    assert SettingsStore(folder).load().ok

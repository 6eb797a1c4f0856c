"""Two windows changing different settings keep both changes: each window holds every setting, so a save writes
what its window changed since it last read or wrote the file over what another window's save wrote meanwhile
(game.app.settings.SettingsStore.save). Without that, the second window to save wrote its old language back over
the first's new one. A window stopped while it holds the settings' lock delays a save a bounded time, never loses it.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from test_settings_two_windows import WAIT_SECONDS, two_windows_at_once, wait_for

from game.app.settings import Settings, SettingsStore
from game.storage import lock


def two_windows(folder: Path) -> tuple[SettingsStore, Settings, SettingsStore, Settings]:
    first, second = SettingsStore(folder), SettingsStore(folder)
    return first, first.load().settings, second, second.load().settings


def stored(folder: Path) -> Settings:
    result = SettingsStore(folder).load()
    assert result.ok, [str(problem) for problem in result.problems]
    return result.settings


def each_changes_one(folder: Path) -> tuple[SettingsStore, Settings]:
    """Two windows on ``folder``: the first saves English, then the second a scale of 1.5; the first window."""
    first, mine, second, theirs = two_windows(folder)
    mine.language = "en"
    first.save(mine)
    theirs.ui_scale = 1.5
    second.save(theirs)
    return first, mine


def test_two_windows_changing_different_settings_keep_both_changes(tmp_path):
    each_changes_one(tmp_path)
    assert (stored(tmp_path).language, stored(tmp_path).ui_scale) == ("en", 1.5)


def test_a_window_s_next_save_keeps_the_other_window_s_change_it_never_saw(tmp_path):
    first, mine = each_changes_one(tmp_path)
    mine.palette = "contrast"
    first.save(mine)  # its ui_scale is still the 1.0 it read: not a change of its own
    kept = stored(tmp_path)
    assert (kept.language, kept.ui_scale, kept.palette) == ("en", 1.5, "contrast")


def test_the_same_setting_changed_in_two_windows_is_the_last_save_s(tmp_path):
    first, mine, second, theirs = two_windows(tmp_path)
    mine.ui_scale = 1.25
    first.save(mine)
    theirs.ui_scale = 1.75
    second.save(theirs)
    assert stored(tmp_path).ui_scale == 1.75


def test_a_window_setting_back_what_another_changed_writes_its_own_value(tmp_path):
    first, mine, second, theirs = two_windows(tmp_path)
    mine.language = "en"
    first.save(mine)
    mine.language = "fr"  # set back to what the other window holds: still this window's change
    first.save(mine)
    theirs.fullscreen = True
    second.save(theirs)
    assert (stored(tmp_path).language, stored(tmp_path).fullscreen) == ("fr", True)


def test_many_saves_in_a_row_from_two_windows_lose_no_change(tmp_path):
    first, mine, second, theirs = two_windows(tmp_path)
    for step in range(20):
        if step % 2:
            mine.demo_idle_seconds = step
            first.save(mine)
        else:
            theirs.shortcuts = {"undo": f"k{step}"}
            second.save(theirs)
    kept = stored(tmp_path)
    assert (kept.demo_idle_seconds, kept.shortcuts) == (19, {"undo": "k18"})


def test_a_file_broken_by_hand_after_a_clean_load_is_kept_by_the_next_save(tmp_path):
    # Only a window that had found the file broken kept it: the player's edit, made while the window was open,
    # was overwritten by its next save and lost.
    store = SettingsStore(tmp_path)
    store.path.write_bytes(b'{"language": "en"}')
    settings = store.load().settings
    edited = b'{"language": "en", "palette": "night", "ui_scale": 1.5}'
    store.path.write_bytes(edited)
    settings.fullscreen = True
    store.save(settings)
    assert store.broken_copy_path.read_bytes() == edited
    kept = stored(tmp_path)  # the edit's fine setting kept, the window's change too, the refused one its default
    assert (kept.ui_scale, kept.fullscreen, kept.palette) == (1.5, True, "parchment")


def test_a_file_that_is_no_longer_json_after_a_clean_load_is_kept_by_the_next_save(tmp_path):
    store = SettingsStore(tmp_path)
    settings = store.load().settings
    store.path.write_bytes(b'{"language": "en",')
    settings.palette = "contrast"
    store.save(settings)
    assert store.broken_copy_path.read_bytes() == b'{"language": "en",'
    assert (stored(tmp_path).language, stored(tmp_path).palette) == ("fr", "contrast")


CHILD = """
import sys, time
from pathlib import Path
from game.app.settings import SettingsStore

folder, me = Path(sys.argv[1]), sys.argv[2]
store = SettingsStore(folder)
settings = store.load().settings
(folder.parent / f"ready-{me}").touch()
while not (folder.parent / "go").exists():
    time.sleep(0.001)
if me == "1":
    settings.language = "en"
else:
    settings.ui_scale = 1.5
store.save(settings)
"""


def test_two_processes_saving_different_settings_at_once_keep_both(tmp_path):
    folder = tmp_path / "config"
    folder.mkdir()
    two_windows_at_once(folder, CHILD)
    assert (stored(folder).language, stored(folder).ui_scale) == ("en", 1.5)


HOLDER = """
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)
fcntl.flock(fd, fcntl.LOCK_EX)
open(sys.argv[2], "w").close()
while True:
    time.sleep(1)
"""


def save_beside_a_stopped_holder(tmp_path: Path) -> tuple[SettingsStore, bool]:
    """Save while another process, stopped (SIGSTOP), holds the settings' lock; whether the save ended."""
    store = SettingsStore(tmp_path)
    store.save(Settings(palette="contrast"))
    ready = tmp_path / "holding"
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(store.lock_path), str(ready)])
    try:
        wait_for([ready], [holder])
        os.kill(holder.pid, signal.SIGSTOP)
        saving = threading.Thread(target=store.save, args=(Settings(palette="contrast", language="en"),), daemon=True)
        saving.start()
        saving.join(WAIT_SECONDS)
        return store, not saving.is_alive()
    finally:
        os.kill(holder.pid, signal.SIGCONT)
        holder.kill()
        holder.wait()


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="no SIGSTOP here")
def test_a_process_stopped_while_it_holds_the_settings_lock_delays_the_save_and_loses_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(lock, "WRITE_WAIT_SECONDS", 0.05)
    store, ended = save_beside_a_stopped_holder(tmp_path)
    assert ended
    assert json.loads(store.path.read_text(encoding="utf-8"))["language"] == "en"
    assert (stored(tmp_path).language, stored(tmp_path).palette) == ("en", "contrast")


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="no SIGSTOP here")
def test_a_process_stopped_while_it_holds_the_settings_lock_delays_the_save_by_the_real_wait_only(tmp_path):
    # The real WRITE_WAIT_SECONDS on the real clock (10 s): the save ends well within WAIT_SECONDS.
    store, ended = save_beside_a_stopped_holder(tmp_path)
    assert ended
    assert stored(tmp_path).language == "en"

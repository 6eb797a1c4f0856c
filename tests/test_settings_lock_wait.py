"""A settings save waits for another window's save a bounded time (game.storage.lock.held_for_a_write)."""

import fcntl
import json
import os
import threading

from game.app.settings import Settings, SettingsStore
from game.storage import lock


def test_a_settings_lock_held_by_a_window_that_stopped_does_not_freeze_the_save(tmp_path, monkeypatch):
    # Another window stopped (SIGSTOP, a debugger, a frozen network folder) while its save held the lock: the save
    # waited for ever on the screen's thread. It now waits as long as Windows' locking does, then writes unlocked.
    monkeypatch.setattr(lock, "WRITE_WAIT_SECONDS", 0.05)
    store = SettingsStore(tmp_path)
    held = os.open(store.lock_path, os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(held, fcntl.LOCK_EX)  # another open of the file: flock makes it wait as another process would
        saving = threading.Thread(target=store.save, args=(Settings(language="en"),), daemon=True)
        saving.start()
        saving.join(5)
        assert not saving.is_alive()
    finally:
        os.close(held)
    assert json.loads(store.path.read_text(encoding="utf-8"))["language"] == "en"


def test_a_settings_lock_let_go_of_soon_is_waited_for(tmp_path):
    store = SettingsStore(tmp_path)
    held = os.open(store.lock_path, os.O_RDWR | os.O_CREAT)
    fcntl.flock(held, fcntl.LOCK_EX)
    taken = []

    def write() -> None:
        with lock.held_for_a_write(store.lock_path) as locked:
            taken.append(locked)

    saving = threading.Thread(target=write, daemon=True)
    saving.start()
    saving.join(0.1)
    assert saving.is_alive()  # waiting, not going on unlocked at once
    os.close(held)
    saving.join(5)
    assert taken == [True]

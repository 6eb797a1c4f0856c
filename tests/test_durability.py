"""Durability of the saves: kills mid-write lose nothing, and the app never writes what it could not read back."""

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.app.adventure import Adventure
from game.atomic import backup_path
from game.books.loader import load_shelf
from game.rules.dice import RandomDice
from game.rules.session import Session
from game.storage import save_file, saves
from game.storage.saves import BACKUPS, SaveError, SaveStore

ROOT = Path(__file__).resolve().parent.parent
BOOKS = load_shelf().books


def adventure(tmp_path) -> Adventure:
    session = Session(BOOKS["DF49"], RandomDice(5))
    session.apply({"do": "roll_hero"})
    result = Adventure(session, SaveStore(tmp_path / "saves"), "a1")
    result.save()
    return result


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_sixty_random_kills_of_a_writer_lose_no_save():
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "kill_test.py"), "-n", "60", "--seed", "9"],
        capture_output=True,
        text=True,
        timeout=180,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(r"^kills: 60 ", result.stdout, re.M)
    assert "saves lost: 0 " in result.stdout and "'continue' lost: 0;" in result.stdout
    assert "reproduce: " in result.stdout and "--seed 9" in result.stdout


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_kills_with_odd_files_in_the_folder_and_failing_writes_lose_no_save():
    """Issue 23: a FIFO, /dev/zero, a sparse 100 GB save, stray directories, and one write in five failing."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "kill_test.py"), "-n", "60", "--seed", "9", "--odd", "--faults", "0.2"],
        capture_output=True,
        text=True,
        timeout=240,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "saves lost: 0 " in result.stdout and "backups repeating the version before 0" in result.stdout
    assert re.search(r"^writes failed by an injected fault: [1-9]", result.stdout, re.M)


def test_every_write_keeps_the_five_previous_saves_in_order(tmp_path):
    game = adventure(tmp_path)
    written = []
    for number in range(1, BACKUPS + 3):
        game.act({"do": "paragraph", "number": number})
        written.append(game.session.to_log())
    for index in range(1, BACKUPS + 1):
        assert game.store.read("a1", backup=index).log == written[-1 - index]
    assert not backup_path(game.store.path("a1"), BACKUPS + 1).exists()


def test_an_adventure_too_big_to_save_keeps_the_last_save_and_says_why(tmp_path, monkeypatch):
    game = adventure(tmp_path)
    before = game.store.path("a1").read_bytes()
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", len(before) + 100)
    game.act({"do": "notes", "text": "x" * 500})
    assert "more than the limit" in game.save_problem
    assert game.store.path("a1").read_bytes() == before and game.store.backups("a1") == []


def test_a_log_longer_than_the_limit_is_not_written(tmp_path, monkeypatch):
    game = adventure(tmp_path)
    monkeypatch.setattr(saves, "MAX_LOG_ENTRIES", 2)
    game.act({"do": "paragraph", "number": 3})
    game.act({"do": "paragraph", "number": 4})
    assert "more than a save can hold" in game.save_problem
    assert len(game.store.read("a1").log["entries"]) == 2


def test_a_save_with_more_actions_than_the_limit_is_refused_unreplayed(tmp_path, monkeypatch):
    game = adventure(tmp_path)
    game.act({"do": "paragraph", "number": 3})
    monkeypatch.setattr(save_file, "MAX_LOG_ENTRIES", 1)
    error = pytest.raises(SaveError, game.store.read, "a1").value
    assert error.path == "$.log.entries" and "more than the limit of 1" in error.reason


def test_temporaries_left_by_a_killed_write_are_removed_by_the_listing(tmp_path):
    game = adventure(tmp_path)
    root = game.store.root
    left = [root / ".a1.json.k1ll3d.tmp", root / "a1.json.bak1.tmp", root / ".last.txt.x.tmp"]
    fresh = root / ".a1.json.now.tmp"  # perhaps another window writing right now
    for path in left + [fresh]:
        path.write_text("{")
    old = time.time() - 3600
    for path in left:
        os.utime(path, (old, old))
    assert [item.id for item in game.store.listing()] == ["a1"]
    assert not any(path.exists() for path in left) and fresh.exists()


def test_a_save_that_links_outside_the_saves_folder_is_not_read(tmp_path):
    game = adventure(tmp_path)
    outside = tmp_path / "elsewhere.json"
    outside.write_text(game.store.path("a1").read_text())
    (game.store.root / "evil.json").symlink_to(outside)
    error = pytest.raises(SaveError, game.store.read, "evil").value
    assert (error.file, error.path) == (str(game.store.root / "evil.json"), "$")
    assert f"is a link to {outside}, outside its folder" in error.reason


def test_a_truncated_save_is_reported_and_its_backup_still_loads(tmp_path):
    game = adventure(tmp_path)
    game.act({"do": "paragraph", "number": 7})
    path = game.store.path("a1")
    path.write_bytes(path.read_bytes()[:100])
    [item] = game.store.listing()
    assert "not valid JSON" in item.error.reason
    _, session = game.store.load("a1", BOOKS, backup=1)
    assert session.view()["paragraph"] is None


def test_a_save_written_by_the_app_is_within_the_limits_it_reads_with(tmp_path):
    game = adventure(tmp_path)
    game.act({"do": "notes", "text": "é" * 10_000})
    data = json.loads(game.store.path("a1").read_text(encoding="utf-8"))
    assert data["log"]["entries"][-1]["action"]["text"] == "é" * 10_000 and game.save_problem is None


def test_a_party_whose_names_outgrow_the_summary_still_saves(tmp_path):
    session = Session(BOOKS["rolenplay"], RandomDice(1))
    for index in range(14):
        session.apply({"do": "add_character", "name": f"{index:02d}" + "n" * 78, "scores": {"con": 10}})
    game = Adventure(session, SaveStore(tmp_path), "party")
    game.save()
    assert game.save_problem is None and len(game.store.read("party").summary.hero) <= 200

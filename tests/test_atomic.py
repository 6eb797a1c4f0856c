"""Atomic writes and backup rotation."""

import os

import pytest

from game.storage import atomic
from game.storage.atomic import atomic_write_text, backup_path, rotate_backups


def test_atomic_write_creates_file_with_text(tmp_path):
    target = tmp_path / "save.json"
    atomic_write_text(target, "héros\n")
    assert target.read_text(encoding="utf-8") == "héros\n"


def test_atomic_write_replaces_existing_content(tmp_path):
    target = tmp_path / "save.json"
    target.write_text("old")
    atomic_write_text(target, "new")
    assert target.read_text() == "new"


def test_atomic_write_creates_missing_directory(tmp_path):
    target = tmp_path / "deep" / "dir" / "save.json"
    atomic_write_text(target, "x")
    assert target.read_text() == "x"


def test_failure_midway_leaves_old_file_intact_and_no_temp_file(tmp_path, monkeypatch):
    target = tmp_path / "save.json"
    target.write_text("precious")

    def broken_fsync(fd):
        raise OSError("disk full")

    monkeypatch.setattr(atomic.os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="disk full"):
        atomic_write_text(target, "half-written")
    assert target.read_text() == "precious"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json"]


def test_failure_during_replace_leaves_old_file_intact(tmp_path, monkeypatch):
    target = tmp_path / "save.json"
    target.write_text("precious")
    monkeypatch.setattr(atomic.os, "replace", lambda *a: (_ for _ in ()).throw(OSError("no")))
    with pytest.raises(OSError):
        atomic_write_text(target, "new")
    assert target.read_text() == "precious"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_rotate_backups_copies_current_file_to_bak1(tmp_path):
    target = tmp_path / "save.json"
    target.write_text("v1")
    rotate_backups(target)
    assert backup_path(target, 1).read_text() == "v1"
    assert target.read_text() == "v1"


def test_rotate_backups_keeps_only_the_newest(tmp_path):
    target = tmp_path / "save.json"
    for version in range(1, 9):
        target.write_text(f"v{version}")
        rotate_backups(target, keep=5)
    assert [backup_path(target, i).read_text() for i in range(1, 6)] == ["v8", "v7", "v6", "v5", "v4"]
    assert not backup_path(target, 6).exists()


def test_rotate_backups_without_file_does_nothing(tmp_path):
    rotate_backups(tmp_path / "absent.json")
    assert list(tmp_path.iterdir()) == []


def test_backup_names_follow_the_file_name(tmp_path):
    assert backup_path(tmp_path / "save.json", 3).name == "save.json.bak3"
    assert os.fspath(backup_path(tmp_path / "a", 1)).endswith("a.bak1")

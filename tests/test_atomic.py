"""Atomic writes: the old content or the new, never half; temporary names unique to the process and the call."""

import os

import pytest

from game import atomic
from game.atomic import atomic_write_text, backup_path, temporary_path


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


def test_two_temporary_names_for_one_file_never_collide(tmp_path):
    target = tmp_path / "save.json"
    names = {temporary_path(target).name for _ in range(200)}
    assert len(names) == 200 and all(name.startswith(f".save.json.{os.getpid()}.") for name in names)


def test_a_temporary_file_already_there_is_never_written_through(tmp_path, monkeypatch):
    target = tmp_path / "save.json"
    (tmp_path / "other").write_text("someone else's")
    taken = tmp_path / ".taken.tmp"
    taken.symlink_to(tmp_path / "other")
    monkeypatch.setattr(atomic, "temporary_path", lambda _target: taken)
    with pytest.raises(FileExistsError):
        atomic_write_text(target, "new")
    assert (tmp_path / "other").read_text() == "someone else's" and not target.exists()


def test_a_link_at_the_target_is_replaced_not_written_through(tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("keep me")
    target = tmp_path / "save.json"
    target.symlink_to(outside)
    atomic_write_text(target, "new")
    assert not target.is_symlink() and target.read_text() == "new" and outside.read_text() == "keep me"


def test_backup_names_follow_the_file_name(tmp_path):
    assert backup_path(tmp_path / "save.json", 3).name == "save.json.bak3"
    assert backup_path(tmp_path / "save.json", 0).name == "save.json.bak0"
    assert os.fspath(backup_path(tmp_path / "a", 1)).endswith("a.bak1")

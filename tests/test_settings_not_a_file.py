"""Something other than a file at the settings' name (a directory holding files, a link to /dev/zero or to a
directory) is said with the file and the reason at the load, never opened, and the save writes the settings
beside what it finds there: a directory is moved aside whole, a link replaced and its target left as it was
(game.app.settings.SettingsStore over game.safe_file and game.storage.versions.move_aside)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.app.settings import Settings, SettingsStore

POSIX = pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="/dev/zero is POSIX")


def a_directory(path: Path) -> str:
    path.mkdir()
    (path / "notes.txt").write_text("the player's", encoding="utf-8")
    return "is a directory"


def a_link_to_dev_zero(path: Path) -> str:
    path.symlink_to("/dev/zero")
    return "/dev/zero"


def a_link_to_a_directory(path: Path) -> str:
    (path.parent / "elsewhere").mkdir()
    (path.parent / "elsewhere" / "notes.txt").write_text("the player's", encoding="utf-8")
    path.symlink_to(path.parent / "elsewhere")
    return "is a directory"


CASES = {"a directory": a_directory, "a link to /dev/zero": a_link_to_dev_zero, "a link to a directory": a_link_to_a_directory}


@POSIX
@pytest.mark.parametrize("case", sorted(CASES))
def test_something_other_than_a_file_at_the_settings_name_is_said_and_the_save_loses_nothing(tmp_path, case):
    store = SettingsStore(tmp_path)
    words = CASES[case](store.path)
    result = store.load()
    assert [(problem.file, problem.field) for problem in result.problems] == [(store.path, None)]
    assert words in result.problems[0].reason and result.settings == Settings()
    store.save(result.settings.model_copy(update={"language": "en"}))
    assert json.loads(store.path.read_text(encoding="utf-8"))["language"] == "en"
    notes = sorted(path.read_text(encoding="utf-8") for path in tmp_path.rglob("notes.txt"))
    assert notes == ([] if case == "a link to /dev/zero" else ["the player's"])
    assert SettingsStore(tmp_path).load().ok

"""Issue 23: every file the app reads is checked before it is opened (game.safe_file).

A FIFO, a device, a directory named ``*.json``, a link out of its folder and a
file over the limit are refused at once with the path and the reason, by the
one helper every reader uses: the books folder, saves and backups, settings,
the book and run imports, ``--book``, the shelf's index, the chronicles.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import safe_file
from game.app.settings import SettingsStore
from game.books.loader import BookError, bundled_books_dir, load_book, load_shelf
from game.books.shelf_index import ShelfIndex
from game.safe_file import FileRefused, is_windows_device_name, read_bytes
from game.safe_json import InputError
from game.storage.chronicles import ChronicleStore, RecordCache
from game.storage.library import import_book
from game.storage.saves import SaveError, SaveStore

POSIX = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and /dev/zero are POSIX")
GIB = 1 << 30


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def sparse(path: Path, size: int = 100 * GIB) -> Path:
    with open(path, "wb") as handle:
        handle.truncate(size)
    return path


def quick(call, *args):
    """Run ``call``; it must raise and must not take long (a FIFO opened for reading would block for ever)."""
    started = time.monotonic()
    with pytest.raises((OSError, InputError)) as raised:
        call(*args)
    assert time.monotonic() - started < 2
    return raised.value


@POSIX
def test_a_fifo_is_refused_without_being_opened(tmp_path):
    error = quick(read_bytes, fifo(tmp_path / "x.json"), 1000)
    assert isinstance(error, FileRefused) and "named pipe (FIFO)" in error.reason
    assert str(tmp_path / "x.json") in str(error)


@POSIX
def test_a_link_to_a_device_is_refused(tmp_path):
    (tmp_path / "zero.json").symlink_to("/dev/zero")
    error = quick(read_bytes, tmp_path / "zero.json", 1000)
    assert "character device" in error.reason and "/dev/zero" in error.reason


def test_a_huge_sparse_file_is_refused_before_reading(tmp_path):
    error = quick(read_bytes, sparse(tmp_path / "huge.json"), 2_000_000)
    assert f"is {100 * GIB} bytes, more than the limit of 2000000" in error.reason


def test_a_directory_named_like_a_file_is_refused(tmp_path):
    (tmp_path / "book.json").mkdir()
    assert "is a directory" in quick(read_bytes, tmp_path / "book.json", 1000).reason


def test_a_link_leaving_its_folder_is_refused_and_one_inside_is_followed(tmp_path):
    folder = tmp_path / "books"
    folder.mkdir()
    (tmp_path / "outside.json").write_text("{}")
    (folder / "out.json").symlink_to(tmp_path / "outside.json")
    (folder / "real.json").write_text("[1]")
    (folder / "in.json").symlink_to(folder / "real.json")
    assert "outside its folder" in quick(read_bytes, folder / "out.json", 100, folder).reason
    assert read_bytes(folder / "in.json", 100, folder) == b"[1]"
    assert read_bytes(folder / "out.json", 100) == b"{}"  # a path the player typed may be a link


def test_a_link_loop_is_refused(tmp_path):
    (tmp_path / "a.json").symlink_to(tmp_path / "b.json")
    (tmp_path / "b.json").symlink_to(tmp_path / "a.json")
    assert "leads nowhere" in quick(read_bytes, tmp_path / "a.json", 100).reason


def test_a_file_exactly_at_the_limit_is_read(tmp_path):
    (tmp_path / "f").write_bytes(b"x" * 100)
    assert read_bytes(tmp_path / "f", 100) == b"x" * 100
    assert "more than the limit" in quick(read_bytes, tmp_path / "f", 99).reason


def test_windows_device_names_are_known_whatever_the_extension():
    assert all(is_windows_device_name(name) for name in ("CON", "nul.json", "Com1.json", "aux.tar.gz", "LPT9", "COM¹"))
    assert not any(is_windows_device_name(name) for name in ("CONTE.json", "com10.json", "DF49.json", "console"))


def test_on_windows_a_device_name_is_refused_before_anything_is_looked_at(tmp_path, monkeypatch):
    monkeypatch.setattr(safe_file.sys, "platform", "win32")
    assert "Windows device" in quick(read_bytes, tmp_path / "NUL.json", 100).reason


# -- every reader uses it -------------------------------------------------------------------------------


@POSIX
def test_a_fifo_in_the_books_folder_is_listed_as_an_error_and_the_other_books_load(tmp_path):
    folder = tmp_path / "books"
    folder.mkdir()
    fifo(folder / "DF99.json")
    (folder / "linked.json").symlink_to("/dev/zero")
    sparse(folder / "huge.json")
    (folder / "dir.json").mkdir()
    started = time.monotonic()
    shelf = load_shelf(bundled_books_dir(), folder, tmp_path / "index.json")
    assert time.monotonic() - started < 10
    reasons = {Path(error.file).name: error.reason for error in shelf.errors}
    assert "named pipe" in reasons["DF99.json"] and "/dev/zero" in reasons["linked.json"]
    assert "more than the limit" in reasons["huge.json"] and "directory" in reasons["dir.json"]
    assert "DF49" in shelf.cards
    again = load_shelf(bundled_books_dir(), folder, tmp_path / "index.json")  # from the index: the same errors
    assert {Path(error.file).name for error in again.errors} == set(reasons)


@POSIX
def test_a_fifo_as_the_shelf_index_is_a_cache_started_afresh(tmp_path):
    assert ShelfIndex(fifo(tmp_path / "books-index.json")).entries == {}


@POSIX
def test_a_fifo_as_settings_gives_the_defaults_and_says_why(tmp_path):
    fifo(tmp_path / "settings.json")
    result = SettingsStore(tmp_path).load()
    assert result.settings.language == "fr" and "named pipe" in result.problems[0].reason


@POSIX
def test_saving_settings_over_a_fifo_copies_nothing_and_does_not_block(tmp_path):
    store = SettingsStore(tmp_path)
    fifo(tmp_path / "settings.json")
    settings = store.load().settings
    store.save(settings)
    assert json.loads((tmp_path / "settings.json").read_text())["language"] == "fr"
    assert not (tmp_path / "settings.broken.json").exists()


@POSIX
def test_saves_that_are_a_fifo_a_device_a_directory_or_huge_are_listed_with_the_reason(tmp_path):
    store = SaveStore(tmp_path / "saves")
    store.root.mkdir()
    fifo(store.root / "fifo.json")
    (store.root / "zero.json").symlink_to("/dev/zero")
    (store.root / "dir.json").mkdir()
    sparse(store.root / "huge.json")
    fifo(store.root / "last.txt")
    items = {item.id: item for item in store.listing()}
    assert "named pipe" in items["fifo"].error.reason and "/dev/zero" in items["zero"].error.reason
    assert "directory" in items["dir"].error.reason and "more than the limit" in items["huge"].error.reason
    assert store.last() is None


@POSIX
def test_importing_a_fifo_a_device_or_a_huge_file_is_refused_at_once(tmp_path):
    store = SaveStore(tmp_path / "saves")
    for source in (fifo(tmp_path / "run.json"), Path("/dev/zero"), sparse(tmp_path / "big.json")):
        assert isinstance(quick(store.import_file, source, {}), SaveError)
        assert isinstance(quick(import_book, source, tmp_path / "books"), BookError)
    assert not (tmp_path / "books").exists() and store.listing() == []


@POSIX
def test_load_book_refuses_a_fifo(tmp_path):
    error = quick(load_book, fifo(tmp_path / "DF49.json"))
    assert isinstance(error, BookError) and "named pipe" in error.reason


@POSIX
def test_the_chronicles_and_their_cache_refuse_a_fifo(tmp_path):
    store = ChronicleStore(tmp_path)
    fifo(tmp_path / "DF49.json")
    fifo(tmp_path / "DF49.cache.json")
    runs, problems = store.runs("DF49")
    assert runs == {} and "named pipe" in problems[0].reason
    assert RecordCache(store, "DF49").entries == {}


@POSIX
def test_the_odds_book_option_refuses_a_fifo_at_once(tmp_path):
    path = fifo(tmp_path / "book.json")
    result = subprocess.run(
        [sys.executable, "-m", "game.rules.odds", "--book", str(path), "--hero", "10/20/9", "--creature", "8/10"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 2 and "named pipe (FIFO)" in result.stderr

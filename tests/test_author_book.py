"""``feuille --book FILE`` (issue 26 item 4): the app opens on that book's creation screen, shows it again when
the file changes, and shows every error of a broken version in the window until the file is fixed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from app_helpers import make_services

from game import __main__ as entry
from game.app.dialog import Dialog
from game.app.display import Display
from game.app.lifecycle import StopSignals
from game.app.scene import SceneStack
from game.books.loader import bundled_books_dir

BOOK = Path(__file__).parent / "data" / "author" / "AUTHOR1.json"


@pytest.fixture
def started(tmp_path):
    """The real start with ``--book`` on a copy of the test book: the loop, its stack, the file."""
    path = tmp_path / "AUTHOR1.json"
    shutil.copy(BOOK, path)
    services = make_services(tmp_path)
    args = entry.parse_args(["--book", str(path)])
    stack = SceneStack()
    loop = entry.main_loop(args, services, stack, Display((1280, 720), fullscreen=False, title="t"), StopSignals())
    loop.run_frames(2)
    return loop, stack, path, services


def rewrite(path, **changes):
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(changes)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def test_the_app_opens_on_the_books_creation_screen(started):
    loop, stack, _path, services = started
    assert type(stack.top).__name__ == "CreationScene" and stack.top.book.id == "AUTHOR1"
    assert "AUTHOR1" in services.shelf.books


def test_a_change_to_the_file_shows_the_new_version(started):
    loop, stack, path, _services = started
    rewrite(path, title={"fr": "Nouveau titre", "en": "New title"}, section_count=123)
    loop.run_frames(3, dt=0.25)
    assert type(stack.top).__name__ == "CreationScene" and stack.top.book.section_count == 123


def test_a_broken_version_shows_every_error_in_the_window_until_it_is_fixed(started):
    loop, stack, path, services = started
    rewrite(path, section_count="x", meal={"counter": "nope", "stamina": 4})
    loop.run_frames(3, dt=0.25)
    dialog = stack.top
    assert isinstance(dialog, Dialog) and "AUTHOR1.json" in dialog.title and "2" in dialog.title
    assert "section_count" in dialog.message and "meal.counter" in dialog.message and "$" not in dialog.message
    rewrite(path, section_count=400, meal={"counter": "provisions", "stamina": 4})
    loop.run_frames(3, dt=0.25)
    assert type(stack.top).__name__ == "CreationScene" and len(stack.scenes) == 1


def test_the_file_is_not_read_again_while_it_does_not_change(started):
    loop, _stack, _path, _services = started
    watcher = loop.supervisor
    before = watcher.loads
    loop.run_frames(8, dt=0.25)
    assert watcher.loads == before and 0 < watcher.wake_in() <= 0.5


def test_a_book_file_that_is_a_fifo_or_missing_says_so_and_the_app_runs(tmp_path):
    import os

    os.mkfifo(tmp_path / "PIPE.json")
    services = make_services(tmp_path)
    for name in ("PIPE.json", "MISSING.json"):
        stack = SceneStack()
        args = entry.parse_args(["--book", str(tmp_path / name)])
        loop = entry.main_loop(args, services, stack, Display((1280, 720), fullscreen=False, title="t"), StopSignals())
        loop.run_frames(2)
        assert isinstance(stack.top, Dialog) and name in stack.top.title
        assert type(stack.scenes[0]).__name__ == "BookshelfScene"


def test_a_rolenplay_book_opens_a_new_table_not_a_creation_screen(tmp_path):
    """breaker: `feuille --book books/rolenplay.json` crashed at once (the creation screen read the book's scores)."""
    path = tmp_path / "rolenplay.json"  # a book file is named by its id
    shutil.copy(bundled_books_dir() / "rolenplay.json", path)
    services = make_services(tmp_path)
    stack = SceneStack()
    args = entry.parse_args(["--book", str(path)])
    loop = entry.main_loop(args, services, stack, Display((1280, 720), fullscreen=False, title="t"), StopSignals())
    loop.run_frames(2)
    assert type(stack.top).__name__ == "RnpTableScene" and stack.top.adventure.book.kind == "rolenplay"


def test_the_option_is_listed_in_the_help():
    result = subprocess.run([sys.executable, "-m", "game", "--help"], capture_output=True, text=True, timeout=60)
    assert "--book FILE" in result.stdout


def test_screenshots_of_a_folder_of_books_picture_each_book_in_both_languages(tmp_path):
    (tmp_path / "books").mkdir()
    shutil.copy(BOOK, tmp_path / "books" / "AUTHOR1.json")
    (tmp_path / "books" / "Broken.json").write_text('{"kind": "fighting_fantasy", "id": "Broken"}', encoding="utf-8")
    command = [sys.executable, "-m", "game", "--screenshots", str(tmp_path / "shots"), "--books", str(tmp_path / "books")]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600, env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    for language in ("fr", "en"):
        for part in ("creation", "sheet-tools", "fight"):
            assert (tmp_path / "shots" / language / f"AUTHOR1-{part}.png").stat().st_size > 10_000
    assert "ERROR Broken.json: at title: this field is required" in result.stdout
    assert "6 screens rendered, 0 failed" in result.stdout

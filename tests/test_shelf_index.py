"""The shelf's index of the books: the shelf opens from it, and a book is validated only when it is opened."""

import json
import shutil
import sys

from game.books.loader import bundled_books_dir, load_shelf
from game.books.shelf_index import INDEX_FORMAT


def copy_books(tmp_path, ids=("DF31", "DEMO")):
    folder = tmp_path / "books"
    folder.mkdir()
    for book_id in ids:
        shutil.copy(bundled_books_dir() / f"{book_id}.json", folder / f"{book_id}.json")
    return folder


def test_a_second_start_lists_the_books_from_the_index_without_validating_them(tmp_path):
    folder, index = copy_books(tmp_path), tmp_path / "index.json"
    first = load_shelf(folder, index=index)
    assert set(first.cards) == {"DF31", "DEMO"} and index.exists()
    second = load_shelf(folder, index=index)
    assert set(second.cards) == {"DF31", "DEMO"} and second.books.loaded == {}
    assert second.cards["DF31"].label("fr") == first.books["DF31"].label("fr")
    assert second.cards["DEMO"].title.get("en") == first.books["DEMO"].title.get("en")
    assert second.books["DF31"].id == "DF31" and set(second.books.loaded) == {"DF31"}  # validated when opened


def test_the_card_carries_the_edition_hash_saves_compare_against(tmp_path):
    from game.books.edition import book_hash

    folder, index = copy_books(tmp_path), tmp_path / "index.json"
    load_shelf(folder, index=index)
    shelf = load_shelf(folder, index=index)
    assert shelf.cards["DF31"].book_hash == book_hash(shelf.books["DF31"])


def test_a_changed_file_is_indexed_again_and_a_broken_one_listed_with_its_errors(tmp_path):
    folder, index = copy_books(tmp_path), tmp_path / "index.json"
    load_shelf(folder, index=index)
    data = json.loads((folder / "DF31.json").read_text(encoding="utf-8"))
    data["stats"] = "nonsense"
    (folder / "DF31.json").write_text(json.dumps(data), encoding="utf-8")
    shelf = load_shelf(folder, index=index)
    assert "DF31" not in shelf.cards and shelf.errors and shelf.errors[0].file == "DF31.json"
    again = load_shelf(folder, index=index)  # the errors come from the index too
    assert [str(e) for e in again.errors] == [str(e) for e in shelf.errors]


def test_a_book_broken_after_it_was_indexed_is_refused_when_opened_and_listed(tmp_path):
    folder, index = copy_books(tmp_path), tmp_path / "index.json"
    load_shelf(folder, index=index)
    shelf = load_shelf(folder, index=index)
    path = folder / "DEMO.json"
    stat = path.stat()
    path.write_text("{", encoding="utf-8")
    import os

    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # same name, same time: only opening it tells
    assert shelf.books.get("DEMO") is None
    assert "DEMO" not in shelf.cards and shelf.errors[-1].file == "DEMO.json"


def test_an_unreadable_index_is_rebuilt(tmp_path):
    folder, index = copy_books(tmp_path), tmp_path / "index.json"
    index.write_text("not json", encoding="utf-8")
    assert set(load_shelf(folder, index=index).cards) == {"DF31", "DEMO"}
    assert json.loads(index.read_text(encoding="utf-8"))["format"] == INDEX_FORMAT


def test_listing_the_shelf_from_its_index_imports_no_book_model(tmp_path):
    import subprocess

    folder, index = copy_books(tmp_path), tmp_path / "index.json"
    load_shelf(folder, index=index)
    code = (
        "import sys; from game.books.loader import load_shelf; from pathlib import Path; "
        f"s = load_shelf(Path({str(folder)!r}), index=Path({str(index)!r})); "
        "print(len(s.cards), 'game.books.models' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["2", "False"]


def test_a_start_draws_the_shelf_without_importing_the_book_models_or_the_journal(tmp_path):
    """Issue 28 (start-up): the models cost ~0.3 s to build; the shelf draws from the books' index, and a
    type only the checker reads (journal's AnyBook) must not bring them in. Nor do the export, the journal's
    words and the books' expressions (~20 ms): they are imported when an export or a save's versions ask."""
    import subprocess

    heavy = ("game.books.models", "game.books.fighting_fantasy", "game.app.export", "game.app.journal", "game.books.expr")
    code = (
        "import sys\n"
        "from game import __main__ as entry\n"
        "from game.app import loop\n"
        f"HEAVY = {heavy!r}\n"
        "def run(self):\n"
        "    self.run_frames(1)\n"
        "    print('LOADED', [m for m in HEAVY if m in sys.modules])\n"
        "loop.MainLoop.run = run\n"
        f"entry.main(['--config-dir', {str(tmp_path / 'config')!r}, '--data-dir', {str(tmp_path / 'data')!r}])\n"
    )
    env = {**__import__("os").environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "HOME": str(tmp_path)}
    for _ in range(2):  # the first start writes the books' index (it validates every book); the second reads it
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert "LOADED []" in done.stdout, done.stdout + done.stderr[-2000:]


def test_an_index_of_the_format_before_series_names_is_rebuilt_with_them(tmp_path):
    folder, index = copy_books(tmp_path), tmp_path / "index.json"
    load_shelf(folder, index=index)
    data = json.loads(index.read_text(encoding="utf-8"))
    for entry in data["entries"].values():
        entry["card"]["series"].pop("name", None)  # what format 1 kept
    data["format"] = 1
    index.write_text(json.dumps(data), encoding="utf-8")
    cards = load_shelf(folder, index=index).cards
    assert cards["DF31"].series is not None and cards["DF31"].series.heading("en") == "Fighting Fantasy"


def test_a_book_read_again_is_freed_once_dropped_though_its_edition_hash_was_taken(tmp_path):
    """The hash's cache held every book it hashed: each reload of the shelf kept a whole set of books alive."""
    import gc
    import weakref

    from game.books.edition import book_hash

    book = load_shelf().books["DF49"]
    digest = book_hash(book)
    assert book_hash(book) == digest  # remembered while the book lives
    gone = weakref.ref(book)
    del book
    gc.collect()
    assert gone() is None
    assert book_hash(load_shelf().books["DF49"]) == digest  # the same edition read again hashes the same

"""A book seen before by its bytes is not validated again (issue 28, the one-file executable's start).

The one-file executable unpacks its books into a new folder at each start, so the shelf's index, keyed by
path and stamp, never matched: every start validated every book. A book whose bytes and name the index (or
the index the executable was built with, tools/build_exe.py) already holds is listed from it; the book is
validated in full when it is opened, as always.
"""

import shutil

import pytest

from game.books import loader
from game.books.loader import load_shelf, write_shipped_index


@pytest.fixture
def shipped(tmp_path, monkeypatch):
    path = tmp_path / "shipped" / "books-index.json"
    monkeypatch.setattr(loader, "shipped_index_path", lambda: path)
    loader._shipped.cache_clear()
    yield path
    loader._shipped.cache_clear()


def refuse_validating(monkeypatch):
    def validated(path, text):
        raise AssertionError(f"{path.name} was validated")

    monkeypatch.setattr(loader, "book_from_text", validated)


def test_the_shipped_index_holds_the_card_of_every_bundled_book(shipped):
    bundled = load_shelf().cards
    assert write_shipped_index() == len(bundled) > 20
    loader._shipped.cache_clear()
    assert {entry["card"]["id"] for entry in loader._shipped().entries.values()} == set(bundled)


def test_the_first_start_lists_the_books_from_the_shipped_index_without_validating_them(shipped, tmp_path, monkeypatch):
    write_shipped_index()
    expected = load_shelf().cards
    loader._shipped.cache_clear()
    refuse_validating(monkeypatch)
    shelf = load_shelf(index=tmp_path / "cache" / "books-index.json")
    assert shelf.cards == expected and not shelf.errors


def test_books_unpacked_into_a_new_folder_are_listed_from_the_index_by_their_bytes(shipped, tmp_path, monkeypatch):
    index = tmp_path / "cache" / "books-index.json"
    first = shutil.copytree(loader.bundled_books_dir(), tmp_path / "run1")
    expected = load_shelf(first, index=index).cards
    second = shutil.copytree(loader.bundled_books_dir(), tmp_path / "run2")  # another path, other stamps
    refuse_validating(monkeypatch)
    assert load_shelf(second, index=index).cards == expected


def test_a_book_whose_bytes_changed_is_validated_again(shipped, tmp_path, monkeypatch):
    index = tmp_path / "cache" / "books-index.json"
    first = shutil.copytree(loader.bundled_books_dir(), tmp_path / "run1")
    load_shelf(first, index=index)
    second = shutil.copytree(loader.bundled_books_dir(), tmp_path / "run2")
    book = second / "DF49.json"
    book.write_text(book.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    validated = []
    real = loader.book_from_text
    monkeypatch.setattr(loader, "book_from_text", lambda path, text: validated.append(path.name) or real(path, text))
    load_shelf(second, index=index)
    assert validated == ["DF49.json"]

"""The player's own books: the books folder in the user data folder, importing a book, broken books listed."""

from __future__ import annotations

import json

import app_helpers
import pygame
import pytest

from game.app.dialog import Dialog
from game.books.loader import BookError, bundled_books_dir, load_shelf
from game.scenes.bookshelf.importer import ImportScene
from game.scenes.bookshelf.scene import BookshelfScene
from game.storage.library import BookTaken, import_book, own_books_dir


def ff1_data(**changes):
    return app_helpers.book_data("FF1", **changes)


write = app_helpers.write_json


def test_import_copies_a_valid_book_named_by_its_id(tmp_path):
    source = write(tmp_path / "download (1).json", ff1_data(id="MY1"))
    book, replaced = import_book(source, tmp_path / "books")
    assert book.id == "MY1" and not replaced
    assert (tmp_path / "books" / "MY1.json").read_text(encoding="utf-8") == source.read_text(encoding="utf-8")
    with pytest.raises(BookTaken) as taken:  # issue 23 row 14: never replaced without asking
        import_book(source, tmp_path / "books")
    assert taken.value.own and taken.value.book.id == "MY1"
    assert import_book(source, tmp_path / "books", replace_taken=True)[1] is True


def test_an_import_with_a_bundled_id_is_taken_until_the_player_agrees(tmp_path):
    source = write(tmp_path / "df49.json", json.loads((bundled_books_dir() / "DF49.json").read_text(encoding="utf-8")))
    with pytest.raises(BookTaken) as taken:
        import_book(source, tmp_path / "books", bundled={"DF49", "FF1"})
    assert not taken.value.own and not (tmp_path / "books").exists()
    assert import_book(source, tmp_path / "books", replace_taken=True, bundled={"DF49"})[1] is True


@pytest.mark.parametrize("book_id", ["CON", "nul", "Aux", "COM1", "lpt9", "PRN"])
def test_a_windows_device_name_is_refused_as_a_book_id(tmp_path, book_id):
    # issue 23 row 15: on Windows, where the executable ships, books/CON.json is the console
    source = write(tmp_path / f"{book_id}.json", ff1_data(id=book_id))
    with pytest.raises(BookError) as raised:
        import_book(source, tmp_path / "books")
    assert any(e.path == "$.id" and "device" in e.reason for e in raised.value.every())
    assert not (tmp_path / "books").exists()


def test_an_id_that_only_starts_like_a_device_is_a_book(tmp_path):
    for book_id in ("CONAN", "COM10", "NUL_2", "aux-1"):
        assert import_book(write(tmp_path / f"{book_id}.json", ff1_data(id=book_id)), tmp_path / "books")[0].id == book_id


def test_import_refuses_a_broken_book_with_every_error_and_copies_nothing(tmp_path):
    data = ff1_data(id="MY1")
    data["stats"][0]["roll"]["dice"] = 0
    data["meal"]["counter"] = "rations"
    data["combat"] = {"hit_damgae": 3}
    source = write(tmp_path / "mine.json", data)
    with pytest.raises(BookError) as raised:
        import_book(source, tmp_path / "books")
    paths = [e.path for e in raised.value.every()]
    assert "$.stats[0].roll.dice" in paths and "$.combat.hit_damgae" in paths
    assert not (tmp_path / "books").exists()


def test_the_shelf_reads_the_players_folder_after_the_bundled_books(tmp_path):
    own = own_books_dir(tmp_path)
    own.mkdir()
    write(own / "MY1.json", ff1_data(id="MY1"))
    write(own / "FF1.json", ff1_data(section_count=401))  # a corrected edition replaces the bundled one
    write(own / "Broken.json", {"kind": "fighting_fantasy", "id": "Broken"})
    shelf = load_shelf(None, own)
    assert "MY1" in shelf.books and shelf.own == {"MY1", "FF1"}
    assert shelf.books["FF1"].section_count == 401 and "DF31" in shelf.books
    assert [e.file for e in shelf.errors] == ["Broken.json"]
    assert {e.path for e in shelf.errors[0].every()} == {"$.title", "$.stats"}


def test_the_import_button_puts_the_book_on_the_shelf(tmp_path):
    services = app_helpers.make_services(tmp_path)
    source = write(tmp_path / "mine.json", ff1_data(id="MY1", title={"fr": "Mon livre", "en": "My book"}))
    driver = app_helpers.Driver(BookshelfScene(services))
    driver.top.ask_import_book()
    driver.send()
    dialog = driver.top
    assert isinstance(dialog, ImportScene) and dialog.kind == "book"
    dialog.field.text = str(source)
    dialog.confirm()
    driver.send()
    shelf = driver.top
    assert isinstance(shelf, BookshelfScene) and "MY1" in services.shelf.books
    assert "MY1" in [book_id for _button, book_id in shelf.controls.book_buttons]
    assert "Mon livre" in shelf.message
    assert (tmp_path / "data" / "books" / "MY1.json").exists()


def test_a_broken_import_lists_its_errors_and_stays_open(tmp_path):
    services = app_helpers.make_services(tmp_path)
    data = ff1_data(id="MY1")
    data["creation"][0]["count"] = "mana"
    data["spells"] = [{"id": "x", "name": {"fr": "X", "en": "X"}, "counter": "nope"}]
    source = write(tmp_path / "mine.json", data)
    driver = app_helpers.Driver(BookshelfScene(services))
    driver.top.ask_import_book()
    driver.send()
    driver.top.field.text = str(source)
    driver.top.confirm()
    driver.send()
    assert isinstance(driver.top, ImportScene)
    assert any("creation[0].count" in line and "$" not in line for line in driver.top.errors)
    assert any("spells[0].counter" in line and "$" not in line for line in driver.top.errors)
    assert "MY1" not in services.shelf.books


def test_a_broken_book_on_the_shelf_shows_every_error(tmp_path):
    services = app_helpers.make_services(tmp_path)
    own = tmp_path / "data" / "books"
    own.mkdir(parents=True)
    data = ff1_data(id="Bad")
    data["stats"][0]["roll"]["dice"] = 0
    data["stats"][1]["roll"]["sides"] = 1
    write(own / "Bad.json", data)
    services.reload_books()
    driver = app_helpers.Driver(BookshelfScene(services))
    assert len(driver.top.controls.error_buttons) == 1
    driver.click(driver.top.controls.error_buttons[0])
    assert isinstance(driver.top, Dialog)
    text = driver.top.message if isinstance(driver.top.message, str) else ""
    assert "à stats[0].roll.dice : doit valoir au moins 1" in text and "à stats[1].roll.sides : doit valoir au moins 2" in text


def _changed_ff1(**changes):
    from game.books.loader import validate_book

    return validate_book("FF1.json", ff1_data(**changes))


def test_a_save_replays_on_a_corrected_edition_of_its_book(tmp_path):
    from game.rules.dice import ScriptedDice
    from game.rules.session import Session, Start
    from game.storage.saves import SaveStore, book_changed

    store = SaveStore(tmp_path / "saves")
    book = _changed_ff1()
    session = Session(book, ScriptedDice([]), Start(hero={"skill": 10, "stamina": 20, "luck": 9}))
    session.apply({"do": "choose", "step": "potion", "picks": ["luck"]})
    store.write("a1", session)
    edition = _changed_ff1(section_count=450)  # a number corrected: the log still replays
    save, replayed = store.load("a1", {"FF1": edition})
    assert book_changed(save, edition) and replayed.state.counters["potion_luck"] == 2


def test_a_save_whose_book_changed_says_which_action_no_longer_replays_and_why(tmp_path):
    from game.rules.dice import ScriptedDice
    from game.rules.session import Session, Start
    from game.storage.saves import SaveError, SaveStore

    store = SaveStore(tmp_path / "saves")
    session = Session(_changed_ff1(), ScriptedDice([]), Start(hero={"skill": 10, "stamina": 20, "luck": 9}))
    session.apply({"do": "choose", "step": "potion", "picks": ["luck"]})
    store.write("a1", session)
    data = ff1_data()
    data["creation"][0]["id"] = "flask"
    with pytest.raises(SaveError) as raised:
        store.load("a1", {"FF1": _changed_ff1(creation=data["creation"])})
    reason = raised.value.reason
    assert "action no. 1" in reason and "potion" in reason and "has changed" in reason, reason  # entries[0]


def test_the_shelf_turns_pages_to_show_every_book(tmp_path):
    services = app_helpers.make_services(tmp_path)
    driver = app_helpers.Driver(BookshelfScene(services))
    shelf = driver.top
    seen = set()
    for _page in range(shelf.r.cards.pages):
        seen |= {book_id for _button, book_id in shelf.controls.book_buttons}
        if shelf.r.cards.index < shelf.r.cards.pages - 1:
            driver.click(shelf.controls.next_page)
            shelf = driver.top
    assert seen == set(services.shelf.books) and shelf.r.cards.pages > 1
    shelf.show_book("FF1")
    assert "FF1" in [book_id for _button, book_id in shelf.controls.book_buttons]


def test_a_folder_with_too_many_books_loads_the_first_ones_and_says_so(tmp_path, monkeypatch):
    from game.books import loader

    monkeypatch.setattr(loader, "MAX_BOOKS", 2)
    for book_id in ("A1", "A2", "A3"):
        write(tmp_path / f"{book_id}.json", ff1_data(id=book_id))
    shelf = load_shelf(tmp_path)
    assert set(shelf.books) == {"A1", "A2"}
    assert shelf.errors[0].path == "$" and "more than the limit of 2" in shelf.errors[0].reason


def _wrong_choices_book(count):
    """The benchmark's broken book (tools/bench_books.py): ``count`` wrong choices, five to a section."""
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location("bench_books", Path(__file__).parents[1] / "tools" / "bench_books.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench.wrong_items_book(count)


def test_a_book_with_ten_thousand_wrong_items_reports_each_once_in_file_order(monkeypatch):
    # issue 23 row 11: the errors were de-duplicated with a list (10 000² comparisons, 109 s on the UI thread);
    # tools/bench_books.py measures the time, this counts the comparisons: at most one per error.
    from game.books.loader import validate_book
    from game.safe_json import InputError

    compared = []
    equal = InputError.__eq__
    monkeypatch.setattr(InputError, "__eq__", lambda self, other: compared.append(1) or equal(self, other))
    with pytest.raises(BookError) as raised:
        validate_book("wrong.json", _wrong_choices_book(10_000))
    found = raised.value.every()
    paths = [e.path for e in found if e.path.endswith(".label")]
    assert len(paths) == 10_000 and len(set(paths)) == 10_000
    assert paths[:6] == [f"$.sections[0].choices[{i}].label" for i in range(5)] + ["$.sections[1].choices[0].label"]
    assert len(compared) <= len(found)


def test_the_import_box_wraps_only_the_errors_it_shows(tmp_path, monkeypatch):
    from game.scenes.common.files import paint

    services = app_helpers.make_services(tmp_path)
    source = write(tmp_path / "wrong.json", dict(_wrong_choices_book(10_000), id="wrong"))
    driver = app_helpers.Driver(BookshelfScene(services))
    driver.top.ask_import_book()
    driver.send()
    driver.top.field.text = str(source)
    driver.top.confirm()
    wrapped = []
    real_wrap = paint.wrap_words
    monkeypatch.setattr(paint, "wrap_words", lambda text, *rest: wrapped.append(text) or real_wrap(text, *rest))
    drawn = []
    monkeypatch.setattr(paint, "blit_text", lambda surface, text, *rest, **options: drawn.append(text))
    driver.top.draw(pygame.Surface((1280, 720)))
    assert len(driver.top.errors) > 10_000 and len(wrapped) < 20
    shown = [line for line in drawn if "sections[" in line]
    more = services.ui.t("shelf.more_errors", count=len(driver.top.errors) - 1 - len(shown))
    assert drawn[-1] == more

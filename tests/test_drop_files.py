"""Dropping files on the window (issue 26 item 2): a book or an adventure is imported from any screen, a drop of
several files says how each went in one dialog, and odd files (FIFO, folder, link to a device, huge) are refused
at once; a drop while a dialog is open, or a bundled id, never loses or replaces anything silently."""

from __future__ import annotations

import json
import os

import pygame
import pytest
from app_helpers import Driver, make_adventure, make_services

from game.app.dialog import Dialog
from game.app.drops import MAX_DROPPED, DropImport
from game.books.loader import bundled_books_dir
from game.scenes.bookshelf.scene import BookshelfScene
from game.scenes.sheet.scene import SheetScene


def book_file(path, book_id="DROP1", source="FF1", **changes):
    data = json.loads((bundled_books_dir() / f"{source}.json").read_text(encoding="utf-8"))
    data.update(id=book_id, **changes)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def drop(driver, *paths, bracketed=True):
    events = [pygame.event.Event(pygame.DROPFILE, file=str(p)) for p in paths]
    if bracketed:
        events = [pygame.event.Event(pygame.DROPBEGIN), *events, pygame.event.Event(pygame.DROPCOMPLETE)]
    driver.send(*events)


@pytest.fixture
def services(tmp_path):
    return make_services(tmp_path)


def shelf_driver(services):
    driver = Driver(BookshelfScene(services))
    driver.loop.on_drop = DropImport(services)
    return driver


def summary(driver):
    dialog = driver.top
    assert isinstance(dialog, Dialog), dialog
    return dialog.message


def test_a_book_dropped_on_the_shelf_is_imported_and_its_card_shows_once_the_summary_closes(services, tmp_path):
    driver = shelf_driver(services)
    drop(driver, book_file(tmp_path / "mine.json"))
    assert "DROP1" in summary(driver) and (services.own_books / "DROP1.json").exists()
    driver.key(pygame.K_ESCAPE)
    shelf = driver.top
    assert isinstance(shelf, BookshelfScene)
    shelf.show_book("DROP1")
    assert "DROP1" in [book_id for _button, book_id in shelf.controls.book_buttons]


def test_an_adventure_dropped_on_the_sheet_is_imported_and_the_sheet_stays(services, tmp_path):
    played = make_adventure(services, "DF31")
    played.act({"do": "paragraph", "number": 12})
    exported = tmp_path / "run.json"
    services.saves.export(played.save_id, exported)
    sheet = SheetScene(services, make_adventure(services, "DF31"))
    driver = Driver(sheet)
    driver.loop.on_drop = DropImport(services)
    before = {item.id for item in services.saves.listing()}
    drop(driver, exported)
    assert services.ui.t("drop.adventure_imported", file="run.json", id="")[:10] in summary(driver)
    assert len({item.id for item in services.saves.listing()} - before) == 1
    driver.key(pygame.K_ESCAPE)
    assert driver.top is sheet


def test_two_files_dropped_at_once_are_both_said_in_one_dialog(services, tmp_path):
    driver = shelf_driver(services)
    (tmp_path / "bad.json").write_text('{"kind": "fighting_fantasy", "id": "BAD"}')
    drop(driver, book_file(tmp_path / "a.json", "TWO_A"), tmp_path / "bad.json")
    text = summary(driver)
    assert "TWO_A" in text and "bad.json" in text and len(text.split("\n")) == 2
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, BookshelfScene)  # one dialog, not one per file


def test_a_drop_while_a_dialog_is_open_imports_and_leaves_the_dialog_below(services, tmp_path):
    driver = shelf_driver(services)
    driver.top.books_menu()
    driver.send()
    menu = driver.top
    drop(driver, book_file(tmp_path / "x.json", "UNDER"))
    assert "UNDER" in summary(driver)
    driver.key(pygame.K_ESCAPE)
    assert driver.top is menu


def test_files_dropped_without_a_drop_begin_are_imported_too(services, tmp_path):
    driver = shelf_driver(services)
    drop(driver, book_file(tmp_path / "y.json", "OLD_SDL"), bracketed=False)
    assert "OLD_SDL" in summary(driver)


def test_odd_files_dropped_are_refused_at_once_each_with_why(services, tmp_path):
    driver = shelf_driver(services)
    os.mkfifo(tmp_path / "pipe.json")
    (tmp_path / "folder.json").mkdir()
    os.symlink("/dev/zero", tmp_path / "zero.json")
    with open(tmp_path / "huge.json", "wb") as huge:
        huge.truncate(100 << 30)
    names = ["pipe.json", "folder.json", "zero.json", "huge.json", "missing.json"]
    drop(driver, *(tmp_path / name for name in names))
    lines = summary(driver).split("\n")
    assert len(lines) == len(names)
    for name, line in zip(names, lines, strict=True):
        assert line.startswith(name), line
    assert not list(services.own_books.glob("*.json")) if services.own_books.exists() else True


def test_a_dropped_book_with_a_bundled_id_asks_first_and_replace_imports_it(services, tmp_path):
    driver = shelf_driver(services)
    bundled_title = services.shelf.cards["DF49"].title.get("fr")
    drop(driver, book_file(tmp_path / "df49.json", "DF49", source="DF49", title={"fr": "Autre", "en": "Other"}))
    question = driver.top
    assert isinstance(question, Dialog) and bundled_title in question.message and "DF49" in question.message
    assert not (services.own_books / "DF49.json").exists()
    driver.click(question.buttons[1])  # Replace
    assert "DF49" in summary(driver) and services.shelf.cards["DF49"].title.get("fr") == "Autre"


def test_a_drop_of_many_files_imports_the_first_ones_and_counts_the_rest(services, tmp_path):
    driver = shelf_driver(services)
    files = [book_file(tmp_path / f"m{i}.json", f"MANY{i}") for i in range(MAX_DROPPED + 3)]
    drop(driver, *files)
    text = summary(driver)
    assert len(text.split("\n")) == MAX_DROPPED + 1 and services.ui.t("drop.too_many", count=3, limit=MAX_DROPPED) in text


def test_a_locked_stand_imports_nothing_dropped(services, tmp_path):
    services.locked = True
    driver = shelf_driver(services)
    drop(driver, book_file(tmp_path / "z.json", "LOCKED"))
    assert summary(driver) == services.ui.t("shelf.no_import_in_demo") and "LOCKED" not in services.shelf.cards

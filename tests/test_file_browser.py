"""The file browser (issue 26 item 2): folders and .json files, places, a typed path, the keyboard; and what an
odd folder holds (FIFO, links, huge files, unreadable folders, any name) is listed without hanging or reading."""

from __future__ import annotations

import json
import os

import pygame
import pytest
from app_helpers import Driver, make_services

from game.books.loader import bundled_books_dir
from game.scenes.bookshelf.importer import ImportScene
from game.scenes.bookshelf.scene import BookshelfScene
from game.scenes.common.files import folder as folder_module
from game.scenes.common.files.folder import read_folder
from game.scenes.common.files.scene import FileBrowserScene


def book_file(path, book_id="MY1"):
    data = json.loads((bundled_books_dir() / "FF1.json").read_text(encoding="utf-8"))
    data.update(id=book_id)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.fixture
def odd_folder(tmp_path):
    where = tmp_path / "odd"
    (where / "sub").mkdir(parents=True)
    book_file(where / "good.json")
    os.mkfifo(where / "pipe.json")
    os.symlink(tmp_path / "nowhere", where / "broken.json")
    os.symlink(where / "sub", where / "linked-folder")
    with open(where / "huge.json", "wb") as huge:
        huge.truncate(100 << 30)  # sparse: 100 GB that take no room
    (where / ".hidden.json").write_text("{}")
    (where / "notes.txt").write_text("not listed")
    (where / "UPPER.JSON").write_text("{}")
    return where


def test_a_folder_lists_its_folders_first_then_its_json_files_each_with_why_it_cannot_be_chosen(odd_folder):
    listing = read_folder(odd_folder)
    rows = {e.name: (e.kind, e.refusal) for e in listing.entries}
    assert [e.name for e in listing.entries][:2] == ["linked-folder", "sub"]
    assert rows["good.json"] == ("file", None) and rows["UPPER.JSON"] == ("file", None)
    assert rows["pipe.json"] == ("other", "fifo") and rows["broken.json"] == ("other", "broken_link")
    assert rows["huge.json"] == ("other", "too_big") and "notes.txt" not in rows and listing.hidden == 1


def test_listing_never_opens_a_file(odd_folder, monkeypatch):
    opened = []
    real_open = os.open
    monkeypatch.setattr(os, "open", lambda path, *rest, **kw: opened.append(path) or real_open(path, *rest, **kw))
    read_folder(odd_folder)
    assert not [p for p in opened if str(p).endswith(".json")]


def test_a_name_that_is_not_utf8_or_very_long_is_listed_and_keeps_its_exact_path(tmp_path):
    raw = os.fsencode(tmp_path) + b"/caf\xe9-\xff.json"
    with open(raw, "wb") as f:
        f.write(b"{}")
    long_name = "é" * 122 + ".json"  # 249 bytes: near the 255 a name may have
    (tmp_path / long_name).write_text("{}")
    entries = read_folder(tmp_path).entries
    odd = next(e for e in entries if e.name.startswith("caf"))
    assert odd.name == "caf\ufffd-\ufffd.json" and os.fsencode(odd.path) == raw
    assert any(e.name == long_name for e in entries)


def test_a_folder_of_many_entries_lists_the_first_ones_and_counts_the_rest(tmp_path):
    for i in range(30):
        (tmp_path / f"{i:03d}.json").write_text("{}")
    listing = read_folder(tmp_path, limit=25)
    assert len(listing.entries) == 25 and listing.more == 5 and listing.entries[-1].name == "024.json"


def test_an_unreadable_folder_says_why_and_the_browser_stays_where_it_was(tmp_path, monkeypatch):
    services = make_services(tmp_path)
    box = open_box(services, tmp_path)
    locked = tmp_path / "locked"
    locked.mkdir()
    real = os.scandir

    def refuse(path="."):
        if str(path) == str(locked):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(folder_module.os, "scandir", refuse)
    assert not box.show(locked)
    assert box.folder == tmp_path and "accès refusé" in box.errors[0] and str(locked) in box.errors[0]


def open_box(services, where):
    driver = Driver(BookshelfScene(services))
    driver.top.ask_import_book()
    driver.send()
    box = driver.top
    assert isinstance(box, ImportScene) and isinstance(box, FileBrowserScene)
    box.show(where)
    box.driver = driver
    return box


def key(driver, code, mod=0):
    driver.key(code, mod=mod)


def test_the_keyboard_walks_into_a_folder_back_up_and_imports_a_book(tmp_path):
    services = make_services(tmp_path)
    start = tmp_path / "start"
    (start / "Livres").mkdir(parents=True)
    book_file(start / "Livres" / "mine.json")
    box = open_box(services, start)
    driver = box.driver
    box.group.focus.focus(box.controls.rows)
    key(driver, pygame.K_DOWN)  # the first row: the folder
    key(driver, pygame.K_RETURN)
    assert box.folder == start / "Livres" and [e.name for e in box.listing.entries] == ["mine.json"]
    key(driver, pygame.K_BACKSPACE)
    assert box.folder == start
    key(driver, pygame.K_RETURN)  # nothing selected: nothing happens
    key(driver, pygame.K_DOWN)
    key(driver, pygame.K_RETURN)
    key(driver, pygame.K_DOWN)
    assert box.field.text == str(start / "Livres" / "mine.json")
    key(driver, pygame.K_RETURN)
    assert driver.top is not box and "MY1" in services.shelf.cards
    assert services.settings.recent_places[0] == str(start / "Livres")


def test_alt_up_goes_to_the_parent_from_the_path_field_too(tmp_path):
    services = make_services(tmp_path)
    (tmp_path / "a").mkdir()
    box = open_box(services, tmp_path / "a")
    box.group.focus.focus(box.field)
    key(box.driver, pygame.K_UP, pygame.KMOD_ALT)
    assert box.folder == tmp_path


def test_a_typed_folder_is_shown_and_a_typed_file_is_imported(tmp_path):
    services = make_services(tmp_path)
    (tmp_path / "b").mkdir()
    book_file(tmp_path / "b" / "x.json", "TYPED")
    box = open_box(services, tmp_path)
    box.path_typed("b")  # relative to the folder shown
    assert box.folder == tmp_path / "b"
    box.path_typed(str(tmp_path / "b" / "x.json"))
    box.driver.send()
    assert "TYPED" in services.shelf.cards


def test_choosing_a_fifo_a_huge_file_or_a_broken_link_says_why_and_never_hangs(odd_folder, tmp_path):
    services = make_services(tmp_path)
    box = open_box(services, odd_folder)
    for name in ("pipe.json", "huge.json", "broken.json"):
        index = [e.name for e in box.listing.entries].index(name)
        box.controls.rows.select(index)
        assert box.errors and box.errors[0].startswith(services.ui.t("files.cannot_choose", why="")[:10])
        box.import_file(odd_folder / name)  # typed in: refused by the one checked reader, at once
        assert box.errors and box is box.driver.top
    assert not (services.own_books / "pipe.json").exists()


def test_a_second_click_on_the_selected_row_opens_it(tmp_path):
    services = make_services(tmp_path)
    (tmp_path / "c" / "d").mkdir(parents=True)
    box = open_box(services, tmp_path / "c")
    row = box.controls.rows.rect.x + 40, box.controls.rows.rect.y + 10
    box.driver.click(row)
    assert box.folder == tmp_path / "c" and box.controls.rows.selected == 0
    box.driver.click(row)
    assert box.folder == tmp_path / "c" / "d"


def test_the_recent_folder_is_offered_the_next_time(tmp_path):
    services = make_services(tmp_path)
    (tmp_path / "e").mkdir()
    book_file(tmp_path / "e" / "x.json", "RECENT")
    box = open_box(services, tmp_path / "e")
    box.import_file(tmp_path / "e" / "x.json")
    again = open_box(services, tmp_path)
    assert any(place.key == "recent" and place.path == tmp_path / "e" for place in again.places)
    reopened = ImportScene(services, lambda message, bad: None, kind="book")
    assert reopened.folder == tmp_path / "e"  # it opens where the last file was chosen


def test_a_folder_is_chosen_in_folder_mode(tmp_path):
    services = make_services(tmp_path)
    (tmp_path / "root" / "out").mkdir(parents=True)
    chosen = []
    browser = FileBrowserScene(
        services.ui, title="t", help_text="h", choose_label="c", start=tmp_path / "root", mode="folder", on_choose=chosen.append
    )
    browser.choose_pressed()  # nothing selected: the folder shown
    browser.controls.rows.select(0)
    browser.choose_pressed()
    assert chosen == [tmp_path / "root", tmp_path / "root" / "out"]


def test_the_screen_reader_hears_a_folder_as_a_folder_and_a_file_with_its_size(tmp_path):
    services = make_services(tmp_path)
    (tmp_path / "r" / "f").mkdir(parents=True)
    (tmp_path / "r" / "g.json").write_text("{}")
    box = open_box(services, tmp_path / "r")
    rows = box.controls.rows
    rows.select(0)
    assert services.ui.t("files.spoken_folder", name="f") in rows.spoken_value()
    rows.select(1)
    assert "g.json" in rows.spoken_value() and services.ui.t("files.size_b", n=2) in rows.spoken_value()
    assert str(tmp_path / "r") in box.spoken_summary()


def test_the_share_panel_chooses_where_exports_go_in_the_browser_and_keeps_it(tmp_path):
    from app_helpers import make_adventure

    from game.scenes.share import ShareScene

    services = make_services(tmp_path)
    (tmp_path / "mine" / "exports").mkdir(parents=True)
    adventure = make_adventure(services, "DF31")
    driver = Driver(ShareScene(services, adventure))
    share = driver.top
    driver.click(share.folder_button)
    browser = driver.top
    assert isinstance(browser, FileBrowserScene) and browser.mode == "folder"
    browser.show(tmp_path / "mine")
    browser.controls.rows.select(0)
    driver.click(browser.controls.choose)
    assert driver.top is share and str(tmp_path / "mine" / "exports") in share.result
    driver.click(share.buttons["markdown"])
    written = tmp_path / "mine" / "exports" / f"feuille-{adventure.save_id}-journal.md"
    assert written.exists() and str(written) in share.result
    assert services.settings_store.load().settings.export_folder == str(tmp_path / "mine" / "exports")

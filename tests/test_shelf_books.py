"""The shelf manages the player's books (issue 26 item 3, issue 23 rows 14-15): a bundled or existing book is
never replaced without asking which; an imported book is removed (its adventures stay and say their book is
missing) or replaced by a new version; the books folder opens in the file manager and is read again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from app_helpers import Driver, book_data, make_adventure, make_services
from app_helpers import write_json as write

from game.app import file_manager
from game.app.dialog import Dialog
from game.scenes.bookshelf.importer import ImportScene
from game.scenes.bookshelf.scene import BookshelfScene


def own_folder(services):
    services.own_books.mkdir(parents=True, exist_ok=True)
    return services.own_books


def choose(driver, value):
    """Click the button of the dialog on top whose value is ``value``."""
    dialog = driver.top
    assert isinstance(dialog, Dialog), dialog
    index = [v for _label, v in dialog.specs].index(value)
    driver.click(dialog.buttons[index])


def import_through_the_box(driver, source):
    driver.top.books_menu()
    driver.send()
    choose(driver, "import")
    box = driver.top
    assert isinstance(box, ImportScene)
    box.field.text = str(source)
    box.confirm()
    driver.send()
    return box


@pytest.fixture
def services(tmp_path):
    return make_services(tmp_path)


def test_importing_a_bundled_id_asks_naming_the_bundled_book_and_cancel_copies_nothing(services, tmp_path):
    driver = Driver(BookshelfScene(services))
    source = write(tmp_path / "mine.json", book_data("DF49", title={"fr": "Ma Créature", "en": "My Creature"}))
    box = import_through_the_box(driver, source)
    question = driver.top
    assert isinstance(question, Dialog)
    bundled_title = services.shelf.cards["DF49"].title.get("fr")
    assert "DF49" in question.message and bundled_title in question.message and "Ma Créature" in question.message
    choose(driver, False)
    assert driver.top is box and not (services.own_books / "DF49.json").exists()
    assert services.shelf.cards["DF49"].title.get("fr") == bundled_title


def test_importing_a_bundled_id_replaces_it_once_agreed_and_says_so(services, tmp_path):
    driver = Driver(BookshelfScene(services))
    import_through_the_box(driver, write(tmp_path / "mine.json", book_data("DF49", title={"fr": "Ma Créature", "en": "X"})))
    choose(driver, True)
    shelf = driver.top
    assert isinstance(shelf, BookshelfScene)
    assert services.shelf.cards["DF49"].title.get("fr") == "Ma Créature" and "DF49" in services.shelf.own
    assert shelf.message == services.ui.t("shelf.book_replaced_bundled", title="Ma Créature", id="DF49")


def test_importing_over_one_of_the_players_books_names_it(services, tmp_path):
    write(own_folder(services) / "MY1.json", book_data(id="MY1", title={"fr": "Première", "en": "First"}))
    services.reload_books()
    driver = Driver(BookshelfScene(services))
    import_through_the_box(driver, write(tmp_path / "new.json", book_data(id="MY1", title={"fr": "Seconde", "en": "Second"})))
    assert "Première" in driver.top.message and "Seconde" in driver.top.message
    assert driver.top.message == services.ui.t("shelf.replace_own", new="Seconde", old="Première", id="MY1")


def test_only_the_players_books_have_a_menu_and_it_comes_before_their_new_hero_button(services):
    write(own_folder(services) / "MY1.json", book_data(id="MY1"))
    services.reload_books()
    shelf = BookshelfScene(services)
    shelf.show_book("MY1")
    assert [book_id for _button, book_id in shelf.controls.menu_buttons] == ["MY1"]
    menu = shelf.controls.menu_buttons[0][0]
    hero = next(button for button, book_id in shelf.controls.book_buttons if book_id == "MY1")
    order = shelf.controls.widgets()
    assert order.index(menu) == order.index(hero) - 1
    assert menu.rect.right < hero.rect.x and "MY1" not in menu.spoken_label() and "Menu" in menu.spoken_label()


def test_removing_a_book_keeps_its_file_aside_and_its_adventure_says_the_book_is_missing(services):
    write(own_folder(services) / "MY1.json", book_data(id="MY1", title={"fr": "Le mien", "en": "Mine"}))
    services.reload_books()
    adventure = make_adventure(services, "MY1")
    driver = Driver(BookshelfScene(services))
    shelf = driver.top
    shelf.show_book("MY1")
    driver.click(shelf.controls.menu_buttons[0][0])
    assert driver.top.title == "Le mien" and "MY1.json" in driver.top.message
    choose(driver, "remove")
    assert "1 aventure" in driver.top.message or "aventure reste" in driver.top.message
    choose(driver, True)
    assert driver.top is shelf and "MY1" not in services.shelf.cards
    kept = list((services.own_books / "removed").glob("MY1-*.json"))
    assert len(kept) == 1 and json.loads(kept[0].read_text(encoding="utf-8"))["id"] == "MY1"
    line = next(item for item in services.saves.listing() if item.id == adventure.save_id)
    assert services.ui.t("shelf.book_missing", id="MY1") in shelf._describe(line)
    assert "removed" in shelf.message


def test_removing_a_book_that_shadowed_a_bundled_one_brings_the_bundled_one_back(services):
    bundled_title = services.shelf.cards["DF49"].title.get("fr")
    write(own_folder(services) / "DF49.json", book_data("DF49", title={"fr": "Corrigé", "en": "Fixed"}))
    services.reload_books()
    driver = Driver(BookshelfScene(services))
    driver.top.book_menu("DF49")
    driver.send()
    choose(driver, "remove")
    choose(driver, True)
    assert services.shelf.cards["DF49"].title.get("fr") == bundled_title and "DF49" not in services.shelf.own
    assert driver.top.message.startswith(services.ui.t("shelf.book_removed_bundled_back", title="Corrigé", folder="X")[:20])


def test_a_new_version_must_be_the_same_book_and_then_says_how_its_adventures_replay(services, tmp_path):
    write(own_folder(services) / "MY1.json", book_data(id="MY1"))
    services.reload_books()
    make_adventure(services, "MY1")
    driver = Driver(BookshelfScene(services))
    driver.top.book_menu("MY1")
    driver.send()
    choose(driver, "replace")
    box = driver.top
    assert isinstance(box, ImportScene) and box.book_id == "MY1" and "«" in box.heading()
    box.field.text = str(write(tmp_path / "other.json", book_data(id="OTHER")))
    box.confirm()
    assert driver.top is box and any("OTHER" in line and "MY1" in line for line in box.errors)
    box.field.text = str(write(tmp_path / "v2.json", book_data(id="MY1", section_count=450)))
    box.confirm()  # the player asked for a new version: nothing more is asked
    driver.send()
    shelf = driver.top
    assert isinstance(shelf, BookshelfScene) and services.shelf.books["MY1"].section_count == 450
    assert services.ui.t("shelf.replaced_replays", count=1) in shelf.message


def test_the_books_folder_is_read_again_without_a_restart(services):
    driver = Driver(BookshelfScene(services))
    write(own_folder(services) / "LATE.json", book_data(id="LATE"))
    write(services.own_books / "Broken.json", {"kind": "fighting_fantasy", "id": "Broken"})
    driver.top.books_menu()
    driver.send()
    choose(driver, "reload")
    assert "LATE" in services.shelf.cards and len(driver.top.controls.error_buttons) == 1
    assert driver.top.message_bad and services.ui.t("shelf.books_reloaded_broken", count=1) in driver.top.message


def test_the_books_folder_opens_in_the_file_manager_without_waiting(services, monkeypatch):
    started = []
    monkeypatch.setattr(file_manager.subprocess, "Popen", lambda command, **options: started.append((command, options)))
    monkeypatch.setattr(file_manager.sys, "platform", "linux")
    driver = Driver(BookshelfScene(services))
    driver.top.books_menu()
    driver.send()
    choose(driver, "folder")
    assert started == [(["xdg-open", str(services.own_books)], started[0][1])] and services.own_books.is_dir()
    assert started[0][1]["start_new_session"] and str(services.own_books) in driver.top.message


def test_a_system_without_a_file_manager_says_where_the_folder_is(services, monkeypatch):
    def missing(command, **options):
        raise FileNotFoundError(2, "No such file or directory", command[0])

    monkeypatch.setattr(file_manager.subprocess, "Popen", missing)
    monkeypatch.setattr(file_manager.sys, "platform", "linux")
    shelf = BookshelfScene(services)
    shelf.open_books_folder()
    assert shelf.message_bad and str(services.own_books) in shelf.message and "xdg-open n'existe pas" in shelf.message


def test_macos_opens_folders_with_open_and_linux_with_xdg_open():
    assert file_manager.opener_command(Path("/x"), "darwin") == ["open", "/x"]
    assert file_manager.opener_command(Path("/x"), "linux") == ["xdg-open", "/x"]


def test_a_book_of_ones_own_is_mon_livre_not_df_99_and_one_of_its_own_series_keeps_its_number(services):
    from game.scenes.bookshelf.view import card_view

    write(own_folder(services) / "MINE.json", book_data(id="MINE", series_number=99, title={"fr": "Ma tour", "en": "My tower"}))
    series = {"name": {"fr": "Les Brumes", "en": "The Mists"}, "short": {"fr": "BR", "en": "MI"}}
    write(services.own_books / "MIST2.json", book_data(id="MIST2", series=series, series_number=2))
    write(services.own_books / "DF49.json", book_data("DF49", title={"fr": "DF49 corrigé", "en": "DF49 fixed"}))
    services.reload_books()
    shelf = BookshelfScene(services)
    mine = shelf.my_books()
    assert mine == {"MINE"} and services.shelf.replaced == {"DF49"}
    cards = services.shelf.cards
    assert card_view(services.ui, cards["MINE"], True, mine).heading == "Mon livre · Ma tour"
    assert card_view(services.ui, cards["MIST2"], True, mine).heading.startswith("BR 2 · ")
    assert card_view(services.ui, cards["DF49"], True, mine).heading.startswith("DF 49 · ")
    order = [card.id for card in shelf.ordered_books()]
    assert order.index("MINE") > order.index("SOR1")  # with the unnumbered books, not between DF 64 and DF 100
    assert order.index("MIST2") < order.index("MINE")  # grouped under its own series, with the numbered ones
    services.ui.catalogue.set_language("en")
    assert card_view(services.ui, cards["MINE"], True, mine).heading == "My book · My tower"

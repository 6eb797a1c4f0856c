"""The bookshelf's overlays open through the navigator: deleting asks first, the import box, a book's errors."""

from __future__ import annotations

import pygame
from app_helpers import Driver, make_adventure, make_services

from game.app.dialog import Dialog
from game.app.navigator import Screen
from game.scenes.bookshelf.importer import ImportScene
from game.scenes.bookshelf.scene import BookshelfScene


def shelf_with_one_adventure(tmp_path):
    services = make_services(tmp_path)
    adventure = make_adventure(services, "DF31")
    driver = Driver(BookshelfScene(services))
    shelf = driver.top
    shelf.select_save(adventure.save_id)
    return services, driver, shelf, adventure


def test_delete_asks_first_and_cancel_keeps_the_adventure(tmp_path):
    services, driver, shelf, adventure = shelf_with_one_adventure(tmp_path)
    driver.click(shelf.controls.delete_button)
    assert isinstance(driver.top, Dialog)
    driver.key(pygame.K_ESCAPE)  # the dialog's cancel value: keep it
    assert driver.top is shelf
    assert [item.id for item in services.saves.listing()] == [adventure.save_id]


def test_delete_confirmed_removes_the_adventure_from_the_list(tmp_path):
    services, driver, shelf, adventure = shelf_with_one_adventure(tmp_path)
    driver.click(shelf.controls.delete_button)
    dialog = driver.top
    delete = next(b for b in dialog.buttons if services.ui.text(b.label) == services.ui.t("shelf.delete"))
    driver.click(delete)
    assert driver.top is shelf
    assert services.saves.listing() == [] and shelf.listing == []
    assert shelf.message == services.ui.t("shelf.deleted")
    assert not shelf.controls.delete_button.enabled  # nothing is selected any more


def test_the_import_buttons_open_the_import_box_for_an_adventure_or_a_book(tmp_path):
    services, driver, shelf, _adventure = shelf_with_one_adventure(tmp_path)
    driver.click(shelf.controls.import_button)
    assert isinstance(driver.top, ImportScene) and driver.top.kind == "save"
    driver.key(pygame.K_ESCAPE)
    driver.click(shelf.controls.books_button)  # "My books…": a new book, import one, open their folder, read it again
    driver.click(driver.top.buttons[1])
    assert isinstance(driver.top, ImportScene) and driver.top.kind == "book"


def test_the_navigator_builds_the_import_box_with_the_services(tmp_path):
    services = make_services(tmp_path)
    box = services.navigator.build(Screen.SHELF_IMPORT, on_done=lambda message, bad: None, kind="book")
    assert isinstance(box, ImportScene) and box.services is services and box.kind == "book"

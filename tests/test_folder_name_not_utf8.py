"""A folder whose name is not UTF-8 (b"caf\\xe9", Latin-1 on a Linux disk) can be browsed and used, and never
breaks the settings: its path cannot be written in the UTF-8 settings file, so it is not kept among the recent
places, and the share panel says it cannot keep it as the export folder instead of failing.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from app_helpers import Driver, make_adventure, make_services

from game.scenes.common.files.folder import shown_name
from game.scenes.common.files.places import remembered
from game.scenes.share import ShareScene


def latin1_folder(parent: Path) -> Path:
    folder = Path(os.fsdecode(os.path.join(os.fsencode(parent), b"caf\xe9")))
    folder.mkdir()
    return folder


def test_a_folder_the_settings_cannot_hold_is_not_remembered(tmp_path):
    odd = latin1_folder(tmp_path)
    assert remembered(["/a", "/b"], odd) == ["/a", "/b"]


def test_choosing_a_folder_whose_name_is_not_utf8_for_exports_says_it_cannot_be_kept(tmp_path):
    services = make_services(tmp_path)
    odd = latin1_folder(tmp_path)
    driver = Driver(ShareScene(services, make_adventure(services, "DF31")))
    share = driver.top
    driver.click(share.folder_button)
    browser = driver.top
    browser.show(odd.parent)
    browser.controls.rows.select(0)
    driver.click(browser.controls.choose)
    assert driver.top is share and share.bad
    assert share.result == services.ui.t("play.share_folder_not_kept", folder=shown_name(str(odd)))
    assert services.settings.export_folder == "" and services.settings.recent_places == []


def test_the_settings_are_still_saved_after_a_folder_whose_name_is_not_utf8_was_chosen(tmp_path):
    services = make_services(tmp_path)
    odd = latin1_folder(tmp_path)
    driver = Driver(ShareScene(services, make_adventure(services, "DF31")))
    driver.click(driver.top.folder_button)
    browser = driver.top
    browser.show(odd.parent)
    browser.controls.rows.select(0)
    driver.click(browser.controls.choose)
    services.settings.language = "en"
    services.save_settings()
    assert json.loads(services.settings_store.path.read_text(encoding="utf-8"))["language"] == "en"


def test_a_book_imported_from_a_folder_whose_name_is_not_utf8_is_on_the_shelf(tmp_path):
    from test_file_browser import book_file, open_box

    services = make_services(tmp_path)
    odd = latin1_folder(tmp_path)
    book_file(odd / "mine.json")
    box = open_box(services, odd)
    box.import_file(odd / "mine.json")
    box.driver.send()
    assert box.errors == [] and box.driver.top is not box and "MY1" in services.shelf.cards
    assert services.settings.recent_places == []

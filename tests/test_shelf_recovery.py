"""Issue 23 on the bookshelf: every good version offered, and a second window on one adventure.

Rows 8–10: a save whose first backup is broken too, a save that parses but
does not replay, a save whose screen failed — "Open…" offers the versions
that read and replay, newest first. Row 7: an adventure another window holds
is asked about — read-only, or a copy — never played in two windows at once;
tested in-process and with two real processes of the app.
"""

from __future__ import annotations

import json
import os
import signal
import sys

import pytest
from app_helpers import Driver, make_services
from test_stop_signals import App, saved_adventure

from game.app.dialog import Dialog
from game.atomic import backup_path
from game.books.loader import load_shelf
from game.rules.dice import RandomDice
from game.rules.session import Session
from game.scenes.bookshelf.scene import BookshelfScene
from game.scenes.bookshelf.versions import VersionsScene
from game.storage import lock
from game.storage.saves import BACKUPS, SaveStore

BOOKS = load_shelf().books


def with_history(services) -> str:
    """An adventure saved at paragraphs 1…7: the save at 7, its backups at 6, 5, 4, 3, 2."""
    session = Session(services.shelf.books["DF49"], RandomDice(2))
    session.apply({"do": "roll_hero"})
    for number in range(1, BACKUPS + 3):
        session.apply({"do": "paragraph", "number": number})
        services.saves.write("a1", session)
    lock.release_all()  # saved by an earlier run of the app
    return "a1"


def shelf_on(services, save_id: str) -> tuple[Driver, BookshelfScene]:
    driver = Driver(BookshelfScene(services))
    driver.top.select_save(save_id)
    return driver, driver.top


def choose(driver: Driver, row: int = 0) -> None:
    versions = driver.top
    versions.rows.select(row)
    driver.click(versions.open_button)


def test_with_the_save_and_its_first_backup_broken_the_four_good_versions_are_offered(tmp_path):
    services = make_services(tmp_path)
    save_id = with_history(services)
    services.saves.path(save_id).write_text("{")
    backup_path(services.saves.path(save_id), 1).write_text("")
    driver, shelf = shelf_on(services, save_id)
    assert services.ui.t("shelf.good_versions", count=4) in shelf.message
    assert shelf.controls.open_button.enabled and shelf.controls.open_button.label() == services.ui.t("shelf.open_choose")
    driver.click(shelf.controls.open_button)
    versions = driver.top
    assert isinstance(versions, VersionsScene) and [n for _t, n in versions.choices] == [2, 3, 4, 5]
    assert "Paragraph 5" in versions.choices[0][0] or "Paragraphe 5" in versions.choices[0][0]
    choose(driver)
    assert driver.top.adventure.state.paragraph == 5
    assert (services.saves.root / f"{save_id}.json.broken").read_text() == "{"  # kept, never a backup


def test_a_save_that_parses_but_does_not_replay_is_shown_broken_and_its_backups_offered(tmp_path):
    services = make_services(tmp_path)
    save_id = with_history(services)
    path = services.saves.path(save_id)
    data = json.loads(path.read_text())
    data["log"]["entries"][-1]["action"]["number"] = "seven"
    path.write_text(json.dumps(data))
    driver, shelf = shelf_on(services, save_id)
    assert shelf.message_bad and services.ui.t("shelf.good_versions", count=BACKUPS) in shelf.message
    assert not shelf.controls.export_button.enabled
    driver.click(shelf.controls.open_button)
    assert [n for _t, n in driver.top.choices] == [1, 2, 3, 4, 5]


def test_a_save_with_no_good_version_cannot_be_opened_and_says_so(tmp_path):
    services = make_services(tmp_path)
    save_id = with_history(services)
    for path in [services.saves.path(save_id), *services.saves.version_paths(save_id)]:
        path.write_text("garbage")
    _driver, shelf = shelf_on(services, save_id)
    assert not shelf.controls.open_button.enabled
    assert services.ui.t("shelf.no_good_version") in shelf.message


def test_a_good_save_opens_at_once(tmp_path):
    services = make_services(tmp_path)
    save_id = with_history(services)
    driver, shelf = shelf_on(services, save_id)
    assert shelf.controls.open_button.label() == services.ui.t("shelf.open")
    driver.click(shelf.controls.open_button)
    assert driver.top.adventure.state.paragraph == 7


class OtherWindow:
    """Another process holding the adventure (as a second window that has it open)."""

    def __init__(self, root) -> None:
        import subprocess

        code = "import sys; from game.storage.saves import SaveStore; s = SaveStore(sys.argv[1]); "
        code += "print(s.lock('a1'), flush=True); sys.stdin.read()"
        self.process = subprocess.Popen(
            [sys.executable, "-c", code, str(root)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert self.process.stdout.readline().strip() == "True"

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=30)


@pytest.fixture
def held(tmp_path):
    services = make_services(tmp_path)
    save_id = with_history(services)
    other = OtherWindow(services.saves.root)
    yield services, save_id
    other.close()


def answer(driver: Driver, label_key: str) -> None:
    dialog = driver.top
    assert isinstance(dialog, Dialog)
    driver.click(next(b for b in dialog.buttons if driver.top.ui.text(b.label) == driver.top.ui.t(label_key)))


def test_an_adventure_open_in_another_window_asks_and_opens_read_only(held):
    services, save_id = held
    driver, shelf = shelf_on(services, save_id)
    before = services.saves.path(save_id).read_bytes()
    driver.click(shelf.controls.open_button)
    assert isinstance(driver.top, Dialog) and services.ui.text(driver.top.title) == services.ui.t("shelf.busy_title")
    answer(driver, "shelf.read_only")
    sheet = driver.top
    assert sheet.adventure.read_only and sheet.message == sheet.refusal_text(sheet.adventure.refusal(None))
    assert sheet.adventure.act({"do": "paragraph", "number": 8}).code == "read_only"
    assert services.saves.path(save_id).read_bytes() == before


def test_an_adventure_open_in_another_window_can_be_copied_and_played(held):
    services, save_id = held
    driver, shelf = shelf_on(services, save_id)
    driver.click(shelf.controls.open_button)
    answer(driver, "shelf.make_copy")
    sheet = driver.top
    assert sheet.adventure.save_id != save_id and not sheet.adventure.read_only
    sheet.adventure.act({"do": "paragraph", "number": 9})
    assert sheet.adventure.save_problem is None
    assert services.saves.read(sheet.adventure.save_id).summary.paragraph == 9
    assert services.saves.read(save_id).summary.paragraph == 7


def test_an_adventure_open_in_another_window_is_not_deleted(held):
    services, save_id = held
    driver, shelf = shelf_on(services, save_id)
    driver.click(shelf.controls.delete_button)
    answer(driver, "shelf.delete")
    assert shelf.message == services.ui.t("shelf.delete_busy")
    assert [item.id for item in services.saves.listing()] == [save_id]


def test_something_moved_out_of_the_way_of_the_saves_is_said_on_the_shelf(tmp_path):
    services = make_services(tmp_path)
    save_id = with_history(services)
    slot = backup_path(services.saves.path(save_id), BACKUPS)
    os.unlink(slot)
    slot.mkdir()
    driver, shelf = shelf_on(services, save_id)
    driver.click(shelf.controls.open_button)
    driver.top.adventure.act({"do": "paragraph", "number": 10})  # the save moves the directory aside
    shelf.refresh()
    assert f"{slot.name} : était un dossier là où l'application garde un fichier" in shelf.message  # in French


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals sent to a child")
@pytest.mark.parametrize("choice", ["read", "copy"])
def test_two_real_windows_on_one_adventure_never_both_write_it(tmp_path, choice):
    """Row 7: two windows played one adventure and the last writer won: 300 actions of one were lost."""
    saved_adventure(tmp_path / "data")
    first = App(tmp_path, "playing")
    first.wait_for("READY playing")
    second = App(tmp_path, f"second-{choice}")
    asked = second.wait_for("ASKED")
    opened = second.wait_for("OPENED")
    second.wait_for("READY")
    assert asked == f"ASKED {load_ui_text('shelf.busy_title')}"
    store = SaveStore(tmp_path / "data" / "saves")
    if choice == "read":
        assert opened == "OPENED a1 read_only=True refused=read_only"
    else:
        copy_id = opened.split()[1]
        assert copy_id != "a1" and "read_only=False refused=None" in opened
    for window in (second, first):
        code, _took = window.stop(signal.SIGTERM)
        assert code == 0, "".join(window.output)
    assert store.read("a1").summary.paragraph == 99  # the first window's play, whole
    if choice == "copy":
        assert store.read(copy_id).summary.paragraph == 7  # the second window's, in its own adventure


def load_ui_text(key: str) -> str:
    from game.i18n.catalogue import Catalogue

    return Catalogue("fr").t(key)

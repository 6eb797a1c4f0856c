"""The shelf lists each save from its head (issue 28 item 2): the log is read and replayed on selection only.

A save's head (book, edition, times, summary) comes first in the file, the log
last: the listing reads the first bytes of each file, once per version of it
(by the file's stamp, change time included), and never trusts what it kept over
the file on disk. Selecting an adventure reads the whole file and replays it;
its line then shows the file as it is now. Hand-edited files of 10 000 actions
try to fool it: a summary that lies, a stamp put back, a file changed while the
shelf is open, a head arranged by hand, a log broken behind a good head.
"""

from __future__ import annotations

import json
import os
import time

import pytest
from app_helpers import Driver, make_services

from game.books.loader import load_shelf
from game.rules.dice import RandomDice
from game.rules.session import Session, Start
from game.scenes.bookshelf.scene import BookshelfScene
from game.storage import lock, save_file
from game.storage.save_file import file_digest, read_save_head
from game.storage.save_head import HEAD_BYTES
from game.storage.saves import SaveStore

BOOKS = load_shelf().books
LONG = 10_000


def long_session(actions: int = LONG - 1, hero: str = "Aldo") -> Session:
    """A hero, then ``actions`` paragraphs and STAMINA changes (a save as long as saves go)."""
    session = Session(BOOKS["DF49"], RandomDice(4), Start(hero={"skill": 10, "stamina": 20, "luck": 9}))
    session.apply({"do": "name_hero", "name": hero})
    for index in range(actions - 1):
        session.apply(
            {"do": "paragraph", "number": index % 400 + 1} if index % 2 else {"do": "change", "stat": "stamina", "by": 1}
        )
    return session


@pytest.fixture(scope="module")
def long_game() -> Session:
    return long_session()


def saved(store: SaveStore, session: Session, save_id: str = "a1") -> None:
    store.write(save_id, session)
    lock.release_all()  # written by an earlier run of the app


def edit(path, change) -> None:
    """Change a save file by hand (json in, json out, written as the app writes: head first, log last)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8")


def test_the_listing_reads_each_save_s_head_not_its_log(tmp_path, long_game, monkeypatch):
    store = SaveStore(tmp_path)
    saved(store, long_game)
    assert store.path("a1").stat().st_size > 10 * HEAD_BYTES  # a long save: its log is most of it
    monkeypatch.setattr(save_file, "parse_save", lambda *a: pytest.fail("the listing parsed a whole save"))
    [item] = SaveStore(tmp_path).listing()  # a new run of the app: nothing kept in memory
    assert item.error is None and item.save is not None and not hasattr(item.save, "log")
    assert item.save.summary.hero == "Aldo" and item.save.book == "DF49"


def test_a_second_listing_reads_no_file_that_did_not_change(tmp_path, long_game, monkeypatch):
    store = SaveStore(tmp_path)
    saved(store, long_game)
    first = store.listing()
    monkeypatch.setattr("game.storage.saves.read_save_head", lambda *a: pytest.fail("an unchanged file was read again"))
    assert store.listing() == first


def test_the_head_the_app_just_wrote_is_listed_without_reading_the_file(tmp_path, monkeypatch):
    store = SaveStore(tmp_path)
    session = long_session(30)
    store.write("a1", session)
    monkeypatch.setattr("game.storage.saves.read_save_head", lambda *a: pytest.fail("the save just written was read"))
    [item] = store.listing()
    assert item.save is not None and item.save.summary.hero == "Aldo"


def test_a_summary_that_lies_is_listed_until_the_adventure_is_selected_then_what_its_log_replays_to(tmp_path, long_game):
    store = SaveStore(tmp_path)
    saved(store, long_game)

    def lie(data):
        data["summary"] = {"hero": "Menteur", "paragraph": 999, "alive": False, "detail": "0"}

    edit(store.path("a1"), lie)
    [item] = store.listing()
    assert item.save is not None and item.save.summary.hero == "Menteur"  # the head is all the listing reads
    assert store.replay_problem("a1", 0, BOOKS) is None  # selected: read whole, replayed
    [item] = store.listing()
    assert item.save is not None and item.save.summary.hero == "Aldo" and item.save.summary.alive
    assert item.save.summary.paragraph == long_game.state.paragraph
    assert json.loads(store.path("a1").read_text())["summary"]["hero"] == "Menteur"  # the file is left as it is


def test_a_file_changed_behind_the_app_s_back_with_its_size_and_times_put_back_is_read_again(tmp_path):
    store = SaveStore(tmp_path)
    saved(store, long_session(40, hero="Aldo"))
    path = store.path("a1")
    [before] = store.listing()
    info = os.stat(path)
    time.sleep(0.05)  # the file system's clock moves on (its change time is coarse)
    path.write_text(path.read_text(encoding="utf-8").replace('"hero": "Aldo"', '"hero": "Bert"', 1), encoding="utf-8")
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))  # size and modification time as they were
    assert os.stat(path).st_size == info.st_size and os.stat(path).st_mtime_ns == info.st_mtime_ns
    [after] = store.listing()
    assert before.save is not None and before.save.summary.hero == "Aldo"
    assert after.save is not None and after.save.summary.hero == "Bert"


def test_a_head_arranged_by_hand_after_the_log_is_read_from_the_whole_file(tmp_path):
    store = SaveStore(tmp_path)
    saved(store, long_session(40))
    path = store.path("a1")
    data = json.loads(path.read_text(encoding="utf-8"))
    log = data.pop("log")
    path.write_text(json.dumps({"log": log, **data}), encoding="utf-8")  # the log first, the head after it
    [item] = store.listing()
    assert item.error is None and item.save is not None and item.save.summary.hero == "Aldo"


def test_a_head_too_long_for_the_first_bytes_is_read_from_the_whole_file_and_its_error_named(tmp_path):
    store = SaveStore(tmp_path)
    saved(store, long_session(40))
    edit(store.path("a1"), lambda data: data["summary"].update(hero="é" * 19_000, detail="é" * 19_000))
    assert store.path("a1").read_bytes().find(b'"log"') > HEAD_BYTES
    [item] = store.listing()
    assert item.save is None and item.error is not None
    assert (item.error.file, item.error.path) == ("a1.json", "$.summary.hero") and "1000" in item.error.reason


def test_a_broken_log_behind_a_good_head_is_said_when_the_adventure_is_selected(tmp_path, long_game):
    store = SaveStore(tmp_path)
    saved(store, long_game)
    path = store.path("a1")
    path.write_bytes(path.read_bytes()[: -len(b"]}}") - 5000])  # cut in the middle of the log
    [item] = store.listing()
    assert item.save is not None  # the listing reads the head only
    problem = store.replay_problem("a1", 0, BOOKS)
    assert problem is not None and problem.file == "a1.json" and "not valid JSON" in problem.reason


def test_a_newer_format_in_the_head_is_named_from_the_whole_file(tmp_path):
    store = SaveStore(tmp_path)
    saved(store, long_session(10))
    edit(store.path("a1"), lambda data: data.update(save_format=99))
    [item] = store.listing()
    assert item.save is None and item.error is not None and "newer version of the app" in item.error.reason


def test_the_autosave_hashes_the_text_it_wrote_and_a_same_play_rewritten_is_no_new_version(tmp_path, monkeypatch):
    store = SaveStore(tmp_path)
    session = long_session(40)
    monkeypatch.setattr(save_file, "version_digest", lambda *a: pytest.fail("the log was serialized again to be hashed"))
    store.write("a1", session)
    text = store.path("a1").read_text(encoding="utf-8")
    head = read_save_head(store.path("a1"))
    rewritten = text.replace(head.updated, "2030-01-01T00:00:00+00:00")
    rewritten = rewritten.replace(f'"app_version": "{head.app_version}"', '"app_version": "9"')
    assert rewritten != text and file_digest(head, rewritten) == file_digest(head, text)
    store._digests.clear()  # a new run of the app: the file on disk is hashed from its text
    time.sleep(1.1)  # another "updated" second
    store.write("a1", session)
    assert store.backups("a1") == []  # the same play: not a new version
    session.apply({"do": "paragraph", "number": 3})
    store.write("a1", session)
    assert store.backups("a1") == [1]


def test_the_shelf_lists_the_saves_once_per_visit(tmp_path, monkeypatch):
    services = make_services(tmp_path)
    saved(services.saves, long_session(10))
    calls = []
    real = services.saves.listing
    monkeypatch.setattr(services.saves, "listing", lambda: calls.append(1) or real())
    Driver(BookshelfScene(services))
    assert len(calls) == 1


def test_a_save_changed_while_the_shelf_is_open_is_shown_and_checked_as_it_is_when_selected(tmp_path, long_game):
    services = make_services(tmp_path)
    saved(services.saves, long_game)
    driver = Driver(BookshelfScene(services))
    shelf = driver.top
    assert "Aldo" in shelf.controls.saves_list.items[0]
    other = SaveStore(services.saves.root)  # another window plays on and saves the adventure as "Carla"
    other.write("a1", long_session(200, hero="Carla"))
    lock.release_all()
    shelf.select_save("a1")
    assert "Carla" in shelf.controls.saves_list.items[0] and "Aldo" not in shelf.controls.saves_list.items[0]
    assert shelf.controls.open_button.label() == services.ui.t("shelf.open")  # it reads and replays: open it
    path = services.saves.path("a1")
    path.write_bytes(path.read_bytes()[:-200])  # broken behind the shelf's back, its head intact
    shelf.controls.saves_list.select(None)
    shelf.select_save("a1")
    assert shelf.controls.open_button.label() == services.ui.t("shelf.open_choose")  # its backups are offered
    assert "a1.json" in (shelf.message or "")

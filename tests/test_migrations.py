"""Save formats: every earlier format migrates; a newer one is refused and left untouched; format 2 flags book editions."""

import json
import shutil
from pathlib import Path

import pytest

from game.books.edition import book_hash
from game.books.loader import bundled_books_dir, load_book, load_shelf
from game.rules.dice import RandomDice
from game.rules.session import Session
from game.storage import migrations
from game.storage.migrations import CURRENT, STEPS, migrate
from game.storage.save_file import SAVE_FORMAT, writer_version
from game.storage.saves import SaveError, SaveStore, book_changed

BOOKS = load_shelf().books
V1 = Path(__file__).parent / "data" / "saves_v1"
DF49_V1 = "v1-df49-fight-undo"
RNP_V1 = "v1-rolenplay-journey"


@pytest.fixture
def store(tmp_path):
    root = tmp_path / "saves"
    shutil.copytree(V1, root)
    return SaveStore(root)


def raw(store, save_id):
    return json.loads(store.path(save_id).read_text(encoding="utf-8"))


def test_the_fixtures_are_format_1():
    assert {json.loads(p.read_text())["save_format"] for p in V1.glob("*.json")} == {1}


def test_every_earlier_format_has_a_migration_step():
    assert sorted(STEPS) == list(range(1, CURRENT)) and SAVE_FORMAT == CURRENT == 3


def test_a_format_1_fight_save_replays_with_its_undo_history_and_redo(store):
    save, session = store.load(DF49_V1, BOOKS)
    assert (save.save_format, save.summary.hero, session.view()["paragraph"]) == (CURRENT, "Alwen", 42)
    assert [e.action["do"] for e in session.entries][-3:] == ["round", "notes", "tick_day"] and session.can_redo
    session.redo()
    assert session.view()["paragraph"] == 108


def test_a_format_1_rolenplay_save_replays_to_the_same_state_as_its_log(store):
    save, session = store.load(RNP_V1, BOOKS)
    assert session.state == Session.from_log(BOOKS["rolenplay"], raw(store, RNP_V1)["log"]).state
    assert [c.name for c in session.state.party] == ["Aria", "Bors"]


def test_reading_a_format_1_save_leaves_the_file_unchanged(store):
    before = store.path(DF49_V1).read_bytes()
    store.load(DF49_V1, BOOKS)
    store.listing()
    assert store.path(DF49_V1).read_bytes() == before


def test_a_migrated_format_1_save_records_nothing_it_does_not_know(store):
    save = store.read(DF49_V1)
    assert save.app_version is None and save.book_hash is None
    assert not book_changed(save, BOOKS["DF49"])


def test_the_next_write_is_the_current_format_and_the_format_1_file_becomes_backup_1(store):
    before = store.path(DF49_V1).read_bytes()
    save, session = store.load(DF49_V1, BOOKS)
    store.write(DF49_V1, session, save.created)
    assert raw(store, DF49_V1)["save_format"] == CURRENT and raw(store, DF49_V1)["created"] == save.created
    assert store.path(DF49_V1).with_name(f"{DF49_V1}.json.bak1").read_bytes() == before


def test_migrate_does_not_change_the_data_given():
    data = json.loads((V1 / f"{DF49_V1}.json").read_text())
    copy = json.loads(json.dumps(data))
    migrated = migrate(data)
    assert data == copy and migrated["save_format"] == CURRENT and migrated["log"] == data["log"]


def test_a_save_from_a_newer_app_is_refused_with_a_clear_message_and_left_untouched(store):
    data = raw(store, DF49_V1) | {"save_format": CURRENT + 1, "app_version": "9.0.0", "new_thing": [1]}
    store.path("future").write_text(json.dumps(data), encoding="utf-8")
    before = store.path("future").read_bytes()
    error = pytest.raises(SaveError, store.load, "future", BOOKS).value
    assert (error.file, error.path) == ("future.json", "$.save_format")
    assert "newer version" in error.reason and "9.0.0" in error.reason and "update" in error.reason
    assert {i.id: i.error.path for i in store.listing() if i.error} == {"future": "$.save_format"}
    assert store.path("future").read_bytes() == before


@pytest.mark.parametrize("value", [True, "2", 2.0, None, 0, -1])
def test_a_save_format_that_is_not_a_known_number_is_refused(store, value):
    store.path("odd").write_text(json.dumps(raw(store, DF49_V1) | {"save_format": value}), encoding="utf-8")
    assert pytest.raises(SaveError, store.read, "odd").value.path == "$.save_format"


def test_a_new_save_records_the_app_version_and_the_book_hash(tmp_path):
    store = SaveStore(tmp_path)
    session = Session(BOOKS["DF31"], RandomDice(1))
    store.write("n", session)
    data = raw(store, "n")
    assert (data["save_format"], data["app_version"], data["book_hash"]) == (CURRENT, writer_version(), book_hash(BOOKS["DF31"]))
    assert writer_version() and len(data["book_hash"]) == 64


def edition(tmp_path, change) -> object:
    """DF49 as another edition of its file (``change`` edits the parsed JSON), loaded from tmp_path."""
    data = json.loads((bundled_books_dir() / "DF49.json").read_text(encoding="utf-8"))
    change(data)
    folder = tmp_path / "books"
    folder.mkdir(exist_ok=True)
    (folder / "DF49.json").write_text(json.dumps(data, indent=4, sort_keys=True), encoding="utf-8")
    return load_book(folder / "DF49.json")


def test_reformatting_a_book_file_keeps_its_hash(tmp_path):
    assert book_hash(edition(tmp_path, lambda data: None)) == book_hash(BOOKS["DF49"])


def test_a_save_made_with_another_edition_of_the_book_is_flagged(tmp_path):
    store = SaveStore(tmp_path / "saves")
    session = Session(BOOKS["DF49"], RandomDice(2))
    session.apply({"do": "roll_hero"})
    store.write("a", session)
    other = edition(tmp_path, lambda data: data["counters"][1].update(start=25))
    save, _ = store.load("a", {"DF49": other})
    assert book_changed(save, other) and not book_changed(save, BOOKS["DF49"])


def test_a_replay_failure_after_the_book_changed_says_the_book_changed(tmp_path):
    store = SaveStore(tmp_path / "saves")
    session = Session(BOOKS["DF49"], RandomDice(2))
    session.apply({"do": "roll_hero"})
    session.apply({"do": "counter", "name": "herbs", "by": 1})
    session.apply({"do": "herb"})
    store.write("a", session)
    other = edition(tmp_path, lambda data: data.pop("herb"))
    error = pytest.raises(SaveError, store.load, "a", {"DF49": other}).value
    assert error.path == "$.log" and "action no. 3" in error.reason and "has changed since" in error.reason  # entries[2]


def test_importing_a_format_1_file_adds_it_in_the_current_format(store, tmp_path):
    outside = tmp_path / "from-a-friend.json"
    shutil.copy(store.path(RNP_V1), outside)
    new_id = store.import_file(outside, BOOKS)
    assert raw(store, new_id)["save_format"] == CURRENT and raw(store, new_id)["id"] == new_id


def test_a_step_that_skips_a_format_is_caught(monkeypatch):
    monkeypatch.setitem(STEPS, 1, lambda data: dict(data))
    with pytest.raises(migrations.MigrationError):
        migrate(json.loads((V1 / f"{DF49_V1}.json").read_text()))


V2 = Path(__file__).parent / "data" / "saves_v2"


@pytest.fixture
def store_v2(tmp_path):
    root = tmp_path / "saves_v2"
    shutil.copytree(V2, root)
    return SaveStore(root)


def test_the_v2_fixtures_are_format_2():
    assert {json.loads(p.read_text())["save_format"] for p in V2.glob("*.json")} == {2}


@pytest.mark.parametrize("save_id", ["v2-df49-fight-undo", "v2-rolenplay-journey", "v2-df31-long"])
def test_a_format_2_save_migrates_without_a_snapshot_and_replays_its_whole_log(store_v2, save_id):
    before = store_v2.path(save_id).read_bytes()
    save, session = store_v2.load(save_id, BOOKS)
    assert save.save_format == CURRENT and save.snapshot is None
    assert session.state == Session.from_log(BOOKS[save.book], raw(store_v2, save_id)["log"]).state
    assert store_v2.path(save_id).read_bytes() == before


def test_the_shelf_lists_a_format_2_save_from_its_head(store_v2):
    listed = {item.id: item for item in store_v2.listing()}
    assert listed["v2-df31-long"].error is None and listed["v2-df31-long"].save.summary.paragraph == 398


def test_a_migrated_format_2_save_keeps_its_redo(store_v2):
    _save, session = store_v2.load("v2-df31-long", BOOKS)
    assert session.can_redo and session.length == 399

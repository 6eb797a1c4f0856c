"""Saves: atomic, backed up, replayed exactly; a broken save is reported and left untouched."""

import json

import pytest

from game.books.loader import load_shelf
from game.rules.dice import RandomDice, ScriptedDice
from game.rules.session import Session, Start
from game.storage.saves import BACKUPS, SaveError, SaveStore

BOOKS = load_shelf().books


@pytest.fixture
def store(tmp_path):
    return SaveStore(tmp_path / "saves")


def played(book_id="DF49", seed=3):
    session = Session(BOOKS[book_id], RandomDice(seed))
    session.apply({"do": "roll_hero"})
    session.apply({"do": "name_hero", "name": "Alwen"})
    session.apply({"do": "paragraph", "number": 42})
    session.apply({"do": "test_luck"})
    return session


def test_a_saved_adventure_loads_to_the_same_state(store):
    session = played()
    store.write("a1", session)
    _, loaded = store.load("a1", BOOKS)
    assert loaded.state == session.state


def test_the_undo_history_survives_a_save(store):
    session = played()
    store.write("a1", session)
    _, loaded = store.load("a1", BOOKS)
    loaded.undo()
    session.undo()
    assert loaded.state == session.state


def test_each_write_keeps_the_previous_versions_as_backups(store):
    session = played()
    for _ in range(BACKUPS + 3):
        session.apply({"do": "counter", "name": "gold", "by": 1})
        store.write("a1", session)
    assert store.backups("a1") == list(range(1, BACKUPS + 1))
    assert store.read("a1", backup=1).log["entries"] == session.to_log()["entries"][:-1]


def test_the_listing_summarises_hero_and_paragraph(store):
    store.write("a1", played())
    [item] = store.listing()
    assert (item.save.book, item.save.summary.hero, item.save.summary.paragraph) == ("DF49", "Alwen", 42)


def test_a_broken_save_is_listed_with_its_reason_and_left_untouched(store):
    store.write("good", played())
    broken = store.root / "bad.json"
    broken.write_text('{"app": "feuille-aventure", "save_format": 1', encoding="utf-8")
    before = broken.read_bytes()
    listing = {item.id: item for item in store.listing()}
    assert listing["good"].save is not None
    assert "not valid JSON" in listing["bad"].error.reason
    assert broken.read_bytes() == before


def test_a_save_with_a_wrong_field_names_it(store):
    (store.root).mkdir(parents=True)
    (store.root / "x.json").write_text(
        json.dumps({"app": "feuille-aventure", "save_format": 1, "id": "x", "book": 3, "created": "", "updated": "", "log": {}})
    )
    with pytest.raises(SaveError) as error:
        store.read("x")
    assert (error.value.file, error.value.path) == ("x.json", "$.book")


def test_a_save_whose_log_does_not_replay_names_the_entry(store):
    session = played()
    store.write("a1", session)
    data = json.loads(store.path("a1").read_text())
    data["log"]["entries"][3]["dice"] = [9, 9]
    store.path("a1").write_text(json.dumps(data))
    with pytest.raises(SaveError) as error:
        store.load("a1", BOOKS)
    assert error.value.path == "$.log" and "action no. 4 (Test your Luck)" in error.value.reason  # entries[3]


def test_the_backup_loads_when_the_save_is_broken(store):
    session = played()
    store.write("a1", session)
    session.apply({"do": "tick_day"})
    store.write("a1", session)
    store.path("a1").write_text("garbage")
    _, loaded = store.load("a1", BOOKS, backup=1)
    assert loaded.state.calendar.ticked == 0


def test_a_save_for_a_missing_book_says_so(store):
    store.write("a1", played())
    with pytest.raises(SaveError, match="not on the shelf"):
        store.load("a1", {})


def test_export_then_import_makes_a_new_adventure_and_overwrites_nothing(store, tmp_path):
    store.write("a1", played())
    exported = tmp_path / "mine.json"
    store.export("a1", exported)
    new_id = store.import_file(exported, BOOKS)
    assert new_id != "a1" and {i.id for i in store.listing()} == {"a1", new_id}


def test_importing_a_broken_file_is_refused_before_writing(store, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe")
    with pytest.raises(SaveError, match="not UTF-8"):
        store.import_file(bad, BOOKS)
    assert store.listing() == []


def test_delete_removes_the_save_and_its_backups(store):
    session = played()
    store.write("a1", session)
    store.write("a1", session)
    store.delete("a1")
    assert store.listing() == [] and store.backups("a1") == []


def test_continue_remembers_the_last_adventure(store):
    store.write("a1", played())
    store.set_last("a1")
    assert store.last() == "a1"
    store.delete("a1")
    assert store.last() is None


def test_ids_that_could_escape_the_folder_are_refused(store):
    with pytest.raises(SaveError):
        store.path("../../etc/passwd")


def test_several_adventures_live_side_by_side(store):
    store.write(store.new_id(), played("DF31"))
    store.write(store.new_id(), Session(BOOKS["DF64"], ScriptedDice([]), Start(hero={"skill": 9, "stamina": 20, "luck": 8})))
    assert sorted(i.save.book for i in store.listing()) == ["DF31", "DF64"]


def test_a_save_made_with_another_edition_of_its_book_is_flagged(store):
    from game.storage.saves import book_changed

    session = played()
    save = store.write("a1", session)
    other = BOOKS["DF49"].model_copy(update={"blurb": None})
    assert not book_changed(save, BOOKS["DF49"])
    assert book_changed(save, other)

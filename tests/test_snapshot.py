"""A save's snapshot (format 3): opening replays only the last actions, and the snapshot is checked after.

game.storage.snapshot: the tag says which log, rules and book edition a snapshot stands for; any other tag
is a full replay, a hostile snapshot is refused (file, field, reason) and replayed, and the background check
(Session.verify) lets the replay win when they disagree.
"""

import json

import pytest

from game.books.loader import load_shelf
from game.rules.dice import RandomDice
from game.rules.errors import Refused
from game.rules.session import Session
from game.storage import snapshot as snapshot_module
from game.storage.save_file import SaveError
from game.storage.saves import SaveStore
from game.storage.snapshot import MAX_SNAPSHOT_ITEMS, entries_digest, snapshot_at, snapshot_tag

BOOKS = load_shelf().books
FF_MOVES = (
    {"do": "paragraph", "number": 1},
    {"do": "change", "stat": "stamina", "by": -1},
    {"do": "test_luck"},
    {"do": "change", "stat": "stamina", "by": 1},
    {"do": "counter", "name": "gold", "by": 1},
    {"do": "paragraph", "number": 2},
    {"do": "notes", "text": "Clé — tour nord"},
)
RNP_MOVES = (
    {"do": "advance", "amount": 15.0, "scale": None},
    {"do": "set_scale", "scale": "minute"},
    {"do": "long_rest", "who": None, "until_dawn": False},
    {"do": "eat_day", "character": "Aria", "ration": "half", "grams": None},
)
RNP_START = {"do": "add_character", "name": "Aria", "scores": {"con": 12, "dex": 16}, "skills": ["stealth"]}


def played(book, actions: int = 170, seed: int = 3) -> Session:
    """``actions`` accepted actions of ``book`` (moves its rules refuse are left out), dice seeded."""
    session = Session(book, RandomDice(seed))
    moves = RNP_MOVES if book.kind == "rolenplay" else FF_MOVES
    try:
        session.apply(RNP_START if book.kind == "rolenplay" else {"do": "roll_hero"})
    except Refused:
        pass  # a book whose hero is made otherwise: its other moves are played
    tries = 0
    while session.length < actions and tries < actions * 10:
        tries += 1
        try:
            session.apply(moves[tries % len(moves)])
        except Refused:
            continue
    assert session.length == actions, f"{book.id}: only {session.length} actions accepted"
    return session


def saved(tmp_path, session: Session, save_id: str = "a") -> SaveStore:
    store = SaveStore(tmp_path / "saves")
    store.write(save_id, session)
    return store


def edit_file(store: SaveStore, change, save_id: str = "a") -> None:
    path = store.path(save_id)
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def retag(data: dict, book) -> None:
    """Give the file's snapshot the tag its log deserves (what a forger who read this module would do)."""
    import pydantic_core

    at = data["snapshot"]["at"]
    prefix = entries_digest(pydantic_core.to_json(raw) for raw in data["log"]["entries"][:at])
    data["snapshot"]["tag"] = snapshot_tag(book, prefix)


def verified(session: Session) -> str | None:
    found = session.verify()
    while found == "checking":
        found = session.verify()
    return found


def test_a_snapshot_leaves_the_last_64_to_113_actions_to_replay():
    assert [snapshot_at(n) for n in (0, 63, 113, 114, 163, 164, 10_000)] == [0, 0, 0, 50, 50, 100, 9900]


def test_a_short_adventure_is_saved_without_a_snapshot(tmp_path):
    store = saved(tmp_path, played(BOOKS["DF31"], 100))
    assert store.read("a").snapshot is None


@pytest.mark.parametrize("book_id", sorted(BOOKS))
def test_a_save_opened_from_its_snapshot_is_the_adventure_replayed_whole(tmp_path, book_id):
    session = played(BOOKS[book_id])
    store = saved(tmp_path, session)
    save, opened = store.load("a", BOOKS)
    assert save.snapshot["at"] == 100 and opened.length == session.length
    assert opened.state == session.state == Session.from_log(BOOKS[book_id], save.log).state
    assert opened.to_log() == session.to_log() and opened.rerolls == session.rerolls
    assert opened.verify() == "checking" and verified(opened) == "agreed" and opened.verify() is None


def test_the_next_autosave_of_an_opened_save_writes_the_same_file(tmp_path):
    store = saved(tmp_path, played(BOOKS["DF49"]))
    before = json.loads(store.path("a").read_text())
    _save, opened = store.load("a", BOOKS)
    store.write("a", opened, before["created"])
    after = json.loads(store.path("a").read_text())
    assert (after["snapshot"], after["log"]) == (before["snapshot"], before["log"])


@pytest.mark.parametrize(
    "change",
    [
        lambda data: data["snapshot"].update(tag="0" * 64),
        lambda data: data["log"]["entries"][10]["action"].update(number=3),  # an action before the snapshot point
        lambda data: data["log"]["entries"][10]["dice"].append(1),
    ],
)
def test_a_snapshot_whose_tag_is_not_its_logs_is_replayed_whole(tmp_path, change):
    session = played(BOOKS["DF31"])
    store = saved(tmp_path, session)
    edit_file(store, lambda data: (data["snapshot"]["state"].update(paragraph=399), change(data)))
    try:
        _save, opened = store.load("a", BOOKS)
    except SaveError as error:  # the log itself changed and no longer replays: said as before
        assert error.path == "$.log"
        return
    assert opened.state.paragraph != 399 and opened.verify() is None and not store.notices


def test_a_snapshot_made_by_other_rules_is_replayed_whole(tmp_path, monkeypatch):
    session = played(BOOKS["DF31"])
    store = saved(tmp_path, session)
    edit_file(store, lambda data: data["snapshot"]["state"].update(paragraph=399))
    monkeypatch.setattr(snapshot_module, "code_digest", lambda: "the rules of the next version")
    edit_file(store, lambda data: retag(data, BOOKS["DF31"]))
    monkeypatch.undo()
    _save, opened = store.load("a", BOOKS)
    assert opened.state == session.state and opened.verify() is None


def test_a_snapshot_of_another_edition_of_the_book_is_replayed_whole(tmp_path, monkeypatch):
    session = played(BOOKS["DF31"])
    store = saved(tmp_path, session)
    edit_file(store, lambda data: data["snapshot"]["state"].update(paragraph=399))
    monkeypatch.setattr(snapshot_module, "book_hash", lambda book: "0" * 64)
    edit_file(store, lambda data: retag(data, BOOKS["DF31"]))
    monkeypatch.undo()
    _save, opened = store.load("a", BOOKS)
    assert opened.state == session.state and opened.verify() is None


def forged(tmp_path, change) -> tuple[Session, SaveStore]:
    """A save whose snapshot was changed by ``change`` and given the tag that holds for it."""
    session = played(BOOKS["DF31"])
    store = saved(tmp_path, session)
    edit_file(store, lambda data: (change(data["snapshot"]["state"]), retag(data, BOOKS["DF31"])))
    return session, store


def test_a_forged_snapshot_is_found_by_the_check_and_the_replay_wins(tmp_path):
    session, store = forged(tmp_path, lambda state: state["counters"].update(gold=500))
    _save, opened = store.load("a", BOOKS)
    assert opened.state.counters["gold"] > 500  # trusted for the first frame
    assert verified(opened) == "replaced"
    assert opened.state == session.state and opened.to_log() == session.to_log()


def test_undo_below_a_forged_snapshot_before_the_check_ends_gives_the_logs_states(tmp_path):
    session, store = forged(tmp_path, lambda state: state["counters"].update(gold=500))
    _save, opened = store.load("a", BOOKS)
    assert opened.verify(steps=10) == "checking"
    opened.undo_to(80)
    assert opened.state == Session.from_log(BOOKS["DF31"], session.to_log()).state_at(81)
    assert opened.verify() is None  # no state stands on the snapshot any more
    while opened.can_redo:
        opened.redo()
    assert opened.state == session.state


def test_undo_one_at_a_time_across_the_snapshot_point(tmp_path):
    session = played(BOOKS["DF49"])
    store = saved(tmp_path, session)
    _save, opened = store.load("a", BOOKS)
    whole = Session.from_log(BOOKS["DF49"], session.to_log())
    for index in range(session.length - 1, 90, -1):
        opened.undo()
        assert opened.state == whole.state_at(index)
    for _ in range(session.length - 91):
        opened.redo()
    assert opened.state == session.state and opened.to_log() == session.to_log()


def test_a_forged_snapshot_whose_last_actions_no_longer_apply_keeps_them_to_redo(tmp_path):
    store = saved(tmp_path, played(BOOKS["DF31"]))
    # after the snapshot point, a wound only the forged STAMINA survives: the real hero dies of it
    wound = {"action": {"do": "change", "stat": "stamina", "by": -100}, "dice": [], "outcome": None}
    edited = {}

    def change(data):
        data["snapshot"]["state"]["hero"]["scores"]["stamina"] = 900
        data["snapshot"]["state"]["hero"]["initial"]["stamina"] = 900
        data["log"]["entries"].insert(120, wound)
        data["log"]["entries"].pop()
        retag(data, BOOKS["DF31"])
        edited.update(data["log"])

    edit_file(store, change)
    _save, opened = store.load("a", BOOKS)
    assert opened.length == 170 and opened.state.hero.scores["stamina"] > 700
    assert verified(opened) == "replaced" and opened.length == 121 and opened.state.hero.scores["stamina"] <= 0
    assert opened.state == Session.from_log(BOOKS["DF31"], edited | {"entries": edited["entries"][:121], "redo": []}).state
    assert opened.logged == 170 + len(edited["redo"])  # nothing of the log lost: the rest waits in the redo list


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda state: state.update(equipment=["x"] * (MAX_SNAPSHOT_ITEMS + 1)), "$.snapshot.state.equipment"),
        (lambda state: state.update(paragraph="douze"), "$.snapshot.state.paragraph"),
        (lambda state: state.update(stolen=True), "$.snapshot.state.stolen"),
        (lambda state: state.pop("book"), "$.snapshot.state.book"),
    ],
)
def test_a_hostile_snapshot_is_refused_by_name_and_the_log_replayed(tmp_path, change, field):
    session, store = forged(tmp_path, change)
    _save, opened = store.load("a", BOOKS)
    assert opened.state == session.state and opened.verify() is None
    assert [(notice.file, notice.path) for notice in store.take_notices()] == [("a.json", field)]


@pytest.mark.parametrize(
    "snapshot",
    [None, [], {"at": 100}, {"at": "100", "tag": "x", "state": {}}, {"at": 75, "tag": "0" * 64, "state": {}}, {"at": 10**6}],
)
def test_a_truncated_or_odd_snapshot_is_replayed_whole(tmp_path, snapshot):
    session = played(BOOKS["DF31"])
    store = saved(tmp_path, session)
    edit_file(store, lambda data: data.update(snapshot=snapshot))
    _save, opened = store.load("a", BOOKS)
    assert opened.state == session.state and opened.verify() is None


def test_a_snapshot_cut_short_in_the_file_is_refused_like_any_broken_save(tmp_path):
    store = saved(tmp_path, played(BOOKS["DF31"]))
    text = store.path("a").read_text(encoding="utf-8")
    store.path("a").write_text(text[: text.index('"state"') + 20], encoding="utf-8")
    with pytest.raises(SaveError):
        store.load("a", BOOKS)


def test_the_shelf_lists_a_save_with_a_snapshot_from_its_head(tmp_path):
    store = saved(tmp_path, played(BOOKS["DF31"]))
    listed = store.listing()
    assert [item.error for item in listed] == [None] and listed[0].save.summary.hero == ""


def test_selecting_a_save_on_the_shelf_replays_from_its_snapshot(tmp_path):
    session, store = forged(tmp_path, lambda state: state["counters"].update(gold=500))
    assert store.replay_problem("a", 0, BOOKS) is None  # only the last actions replayed: they apply


def test_the_snapshot_is_made_once_per_snapshot_point(tmp_path, monkeypatch):
    session = played(BOOKS["DF31"])
    store = saved(tmp_path, session)
    made = []
    monkeypatch.setattr(snapshot_module, "snapshot_tag", lambda *args: made.append(args) or "0" * 64)
    session.apply({"do": "paragraph", "number": 3})
    store.write("a", session)
    assert made == []


def test_the_adventure_checks_its_snapshot_a_slice_a_frame_and_saves_what_the_replay_gives(tmp_path):
    from game.app.adventure import Adventure

    session, store = forged(tmp_path, lambda state: state["counters"].update(gold=500))
    _save, opened = store.load("a", BOOKS)
    adventure = Adventure(opened, store, "a")
    found = adventure.verify(seconds=0)  # one slice, however short the frame's share
    assert found == "checking"
    while found == "checking":
        found = adventure.verify()
    assert found == "replaced" and adventure.verify() is None
    assert store.load("a", BOOKS)[1].state == session.state
    assert store.read("a").snapshot["state"]["counters"]["gold"] == session.state_at(100).counters["gold"]


def test_an_imported_save_is_replayed_whole_whatever_its_snapshot_says(tmp_path):
    session = played(BOOKS["DF31"])
    store = saved(tmp_path, session)
    bad = {"action": {"do": "change", "stat": "stamina", "by": -100}, "dice": [], "outcome": None}

    def change(data):  # a log that does not replay from the start, behind a snapshot whose tag holds
        data["log"]["entries"][20:21] = [bad]
        retag(data, BOOKS["DF31"])

    edit_file(store, change)
    with pytest.raises(SaveError) as refused:
        SaveStore(tmp_path / "other").import_file(store.path("a"), BOOKS)
    assert refused.value.path == "$.log"


def test_a_log_that_does_not_replay_from_the_start_behind_a_snapshot_is_said_and_kept(tmp_path):
    session = played(BOOKS["DF31"])
    store = saved(tmp_path, session)
    bad = {"action": {"do": "change", "stat": "stamina", "by": -100}, "dice": [], "outcome": None}

    def change(data):  # the hero dies at entry 20 of the log, behind a snapshot whose tag holds
        data["log"]["entries"][20:21] = [bad]
        retag(data, BOOKS["DF31"])

    edit_file(store, change)
    _save, opened = store.load("a", BOOKS)  # the shelf and opening replay the last actions only
    assert verified(opened) == "unreplayable" and opened.length == session.length and opened.verify() is None


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_sheet_tells_the_player_when_the_replay_won_over_the_snapshot(tmp_path, language):
    from app_helpers import make_services

    from game.app.adventure import Adventure
    from game.scenes.sheet.scene import SheetScene

    services = make_services(tmp_path, language=language)
    session = played(services.shelf.books["DF31"])
    services.saves.write("a", session)
    edit_file(services.saves, lambda data: (data["snapshot"]["state"]["counters"].update(gold=500), retag(data, BOOKS["DF31"])))
    _save, opened = services.saves.load("a", services.shelf.books)
    scene = SheetScene(services, Adventure(opened, services.saves, "a"))
    for _ in range(200):
        scene.update(1 / 60)
        if scene.message:
            break
    assert scene.message == services.ui.t("play.snapshot_replaced") and scene.tone == "bad"
    assert scene.adventure.state == session.state

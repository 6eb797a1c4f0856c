"""Issue 23, rows 8–9: recovery offers every good version, validated by replay, newest first.

The versions listed are the ones that read *and* replay: a save that parses
but does not replay is not offered, the backups behind a broken first backup
are; each comes with its time and its last action, and opening an older one
keeps the newer ones among the backups.
"""

from __future__ import annotations

import json

from game.app.recovery import open_saved, replay_problem, versions_of
from game.atomic import backup_path
from game.books.loader import load_shelf
from game.i18n.catalogue import Catalogue
from game.rules.dice import RandomDice
from game.rules.session import Session
from game.storage.saves import BACKUPS, SaveStore
from game.ui.clipboard import Clipboard
from game.ui.context import UIContext
from game.ui.theme import Theme

BOOKS = load_shelf().books
UI = UIContext(Theme.named("parchment", 1.0), Catalogue("en"), Clipboard())


def history(tmp_path) -> SaveStore:
    """A save at paragraph 7 and its backups at 6, 5, 4, 3, 2."""
    store = SaveStore(tmp_path / "saves")
    session = Session(BOOKS["DF49"], RandomDice(3))
    session.apply({"do": "roll_hero"})
    for number in range(1, BACKUPS + 3):
        session.apply({"do": "paragraph", "number": number})
        store.write("a1", session)
    return store


def paragraphs(store: SaveStore) -> list[int | None]:
    return [store.read("a1", line.number).summary.paragraph for line in versions_of(UI, store, BOOKS, "a1")]


def test_every_version_is_listed_newest_first_with_its_time_and_last_action(tmp_path):
    store = history(tmp_path)
    lines = versions_of(UI, store, BOOKS, "a1")
    assert [line.number for line in lines] == list(range(BACKUPS + 1))
    assert paragraphs(store) == [7, 6, 5, 4, 3, 2]
    assert lines[0].last_action == "Paragraph 7" and lines[-1].last_action == "Paragraph 2", lines
    assert all(len(line.when) == len("29/11 18:26") for line in lines)


def test_with_the_save_and_the_first_backup_broken_the_four_good_ones_are_offered(tmp_path):
    store = history(tmp_path)
    store.path("a1").write_text("{broken")
    backup_path(store.path("a1"), 1).write_text("")
    assert paragraphs(store) == [5, 4, 3, 2]  # row 8: only backup 1 used to be offered


def test_a_save_that_parses_but_does_not_replay_is_not_offered(tmp_path):
    store = history(tmp_path)
    data = json.loads(store.path("a1").read_text())
    data["log"]["entries"][-1]["action"] = {"do": "paragraph", "number": "seven"}
    store.path("a1").write_text(json.dumps(data))
    assert store.read("a1") is not None  # it parses: the listing alone would call it fine
    assert replay_problem(store, BOOKS, "a1") is not None  # row 9
    assert paragraphs(store) == [6, 5, 4, 3, 2]


def test_opening_an_older_version_keeps_the_newer_ones_among_the_backups(tmp_path):
    store = history(tmp_path)
    game = open_saved(store, BOOKS, "a1", version=3)
    assert game.state.paragraph == 4
    assert paragraphs(store) == [4, 7, 6, 5, 4, 3]  # the play since is backup 1: opening it again takes it back


def test_a_verdict_is_replayed_once_per_file(tmp_path, monkeypatch):
    store = history(tmp_path)
    from game.storage import saves

    calls = []
    real = saves.restore
    monkeypatch.setattr(saves, "restore", lambda *args: calls.append(args[2]) or real(*args))
    versions_of(UI, store, BOOKS, "a1")
    versions_of(UI, store, BOOKS, "a1")
    assert len(calls) == BACKUPS + 1

"""The journal and the timeline follow the session without making every line again (issue 28 item 1).

A session's entries change only at their end; the lines and rows of the
entries still standing are kept, so a click on a sheet of 10 000 entries
describes one entry. Whatever the player does (actions, undo, redo, going back
to an entry, a reroll mark), they must read as if made from scratch.
"""

from __future__ import annotations

import random

import pytest
from app_helpers import make_services

from game.app import journal
from game.app.journal import JournalLines, describe_entry
from game.app.timeline import Timeline, rows
from game.books.loader import load_shelf
from game.rules.dice import RandomDice
from game.rules.errors import Refused
from game.rules.session import Session, Start, entries_kept

BOOK = load_shelf().books["DF31"]


def session_of(actions: int, seed: int = 3) -> Session:
    session = Session(BOOK, RandomDice(seed), Start(hero={"skill": 10, "stamina": 20, "luck": 9}))
    for index in range(actions):
        session.apply({"do": "paragraph", "number": index % 400 + 1} if index % 2 else {"do": "test_luck"})
    return session


def move(rng: random.Random, session: Session) -> None:
    """A player's next move: mostly actions, with undos, redos, going back and rerolls between."""
    roll = rng.random()
    try:
        if roll < 0.15 and session.can_undo:
            session.undo()
        elif roll < 0.25 and session.can_redo:
            session.redo()
        elif roll < 0.3 and len(session.entries) > 3:
            session.undo_to(rng.randrange(len(session.entries) - 1))
        elif roll < 0.6:
            session.apply({"do": "test_luck"})
        else:
            session.apply({"do": "paragraph", "number": rng.randint(1, 400)})
    except Refused:
        pass


def test_entries_kept_counts_the_entries_still_standing():
    session = session_of(10)
    before = session.entries
    session.undo()
    session.undo()
    session.apply({"do": "paragraph", "number": 5})
    assert entries_kept(before, session.entries) == 8
    assert entries_kept(before, before) == 10 and entries_kept([], before) == 0
    assert entries_kept(before, session_of(10).entries) == 0  # another session's entries: none of these


def test_the_journal_lines_read_as_if_made_from_scratch_whatever_the_player_does(tmp_path):
    ui = make_services(tmp_path).ui
    rng = random.Random(8)
    session = session_of(20)
    lines = JournalLines()
    for _ in range(300):
        for _ in range(rng.randint(1, 4)):  # a few moves between two looks (an undo and an action: as long)
            move(rng, session)
        played_on = zip(session.entries, session.states_from(0))  # each entry with the state it was played on
        fresh = [describe_entry(ui, BOOK, entry, before) for entry, before in reversed(list(played_on))]
        assert lines.newest_first(ui, BOOK, session) == fresh


def test_a_new_action_describes_one_entry_not_the_whole_journal(tmp_path, monkeypatch):
    ui = make_services(tmp_path).ui
    session = session_of(2_000)
    lines = JournalLines()
    lines.newest_first(ui, BOOK, session)
    described = []
    real = journal.describe_entry
    monkeypatch.setattr(journal, "describe_entry", lambda *args: described.append(args[2]) or real(*args))
    session.apply({"do": "test_luck"})
    assert len(lines.newest_first(ui, BOOK, session)) == 2_001
    assert described == [session.entries[-1]]


def test_the_journal_lines_are_made_again_in_another_language(tmp_path):
    ui = make_services(tmp_path).ui
    session = session_of(6)
    lines = JournalLines()
    before = lines.newest_first(ui, BOOK, session)
    ui.catalogue.set_language("en" if ui.catalogue.language == "fr" else "fr")
    after = lines.newest_first(ui, BOOK, session)
    played_on = zip(session.entries, session.states_from(0))
    assert after == [describe_entry(ui, BOOK, entry, state) for entry, state in reversed(list(played_on))] and after != before


def test_the_timeline_rows_and_their_changes_read_as_if_made_from_scratch(tmp_path):
    rng = random.Random(5)
    session = session_of(60)
    timeline = Timeline(session)
    for _ in range(200):
        for _ in range(rng.randint(1, 4)):
            move(rng, session)
        kept = timeline.rows()
        fresh = rows(session)
        assert [(r.index, r.entry, r.paragraph, r.category) for r in kept] == [
            (r.index, r.entry, r.paragraph, r.category) for r in fresh
        ]
        for row in rng.sample(kept, min(5, len(kept))):  # their consequences, read through the kept cache
            assert row.changes == fresh[row.index].changes


def test_a_new_action_adds_one_timeline_row_and_keeps_the_others(tmp_path):
    session = session_of(500)
    timeline = Timeline(session)
    before = timeline.rows()
    session.apply({"do": "test_luck"})
    after = timeline.rows()
    assert len(after) == 501 and all(a is b for a, b in zip(before, after)) and timeline.changed_from == 500


def test_the_journal_reads_no_state_when_no_line_names_from_one(tmp_path, monkeypatch):
    services = make_services(tmp_path)
    session = Session(services.shelf.books["DF31"], RandomDice(1))
    for number in range(1, 120):
        session.apply({"do": "paragraph", "number": number})
    states = session.states_from(0)
    expected = [describe_entry(services.ui, session.book, entry, next(states)) for entry in session.entries][::-1]
    monkeypatch.setattr(session, "states_from", lambda index: pytest.fail("a state was read"))
    assert JournalLines().newest_first(services.ui, session.book, session) == expected

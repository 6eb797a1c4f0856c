"""The session's copy of a state (game.rules.fork): what may change is copied, what cannot is shared (issue 28).

The property that matters: a session that forks plays, undoes, redoes and
replays to exactly the states a deep-copying session reaches, and a state it
keeps never changes after it was made (no rule changes a shared part in place).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_properties import SETTINGS, games
from test_properties import play as play_game

from game.books.loader import load_book_by_id
from game.rules import session as session_module
from game.rules.dice import RandomDice
from game.rules.errors import Refused
from game.rules.ff import state as sheet
from game.rules.ff.state import Roll, SheetState
from game.rules.fork import fork
from game.rules.rnp.state import JournalEntry, TableState
from game.rules.session import CHECKPOINT_EVERY, RECENT_STATES, Session, Start

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from bench_replay import deep_copying  # noqa: E402  (the reference: the deep copy of before issue 28)


def a_sheet_in_a_fight() -> SheetState:
    book = load_book_by_id("DF49")
    session = Session(book, RandomDice(5), Start(hero={"skill": 10, "stamina": 18, "luck": 9}))
    for number in (1, 12, 40):
        session.apply({"do": "paragraph", "number": number})
    session.apply({"do": "add_item", "text": "Corde"})
    session.apply({"do": "add_creature", "name": "Orc", "skill": 6, "stamina": 5})
    session.apply({"do": "fight", "enemies": [{"name": "Orc", "skill": 6, "stamina": 5}], "arrows": 1})
    session.apply({"do": "test_luck"})
    session.apply({"do": "round"})
    while session.state.fight is not None and session.state.fight.pending:
        session.apply({"do": "no_luck"})
    return session.state


def test_a_fork_equals_its_original():
    state = a_sheet_in_a_fight()
    assert fork(state) == state and fork(state).model_dump() == state.model_dump()


def test_the_histories_and_the_records_are_shared_not_copied():
    state = a_sheet_in_a_fight()
    forked = fork(state)
    assert state.paragraph_history == (1, 12) and forked.paragraph_history is state.paragraph_history
    assert state.fight is not None and forked.fight is not None
    assert forked.fight.last_round and forked.fight.last_round[0] is state.fight.last_round[0]
    assert forked.last_test is state.last_test


def test_changing_a_fork_leaves_the_original_alone():
    state = a_sheet_in_a_fight()
    before = state.model_dump()
    forked = fork(state)
    assert forked.hero is not None and forked.fight is not None
    forked.hero.scores["stamina"] = 1
    forked.hero.initial["skill"] = 1
    forked.counters["gold"] = 999
    forked.equipment.append("Pelle")
    forked.fight.enemies[0].stamina = 0
    forked.fight.stats.rounds += 5
    forked.fight.last_round.clear()
    forked.calendar.renames[2] = "Jour du marché"
    forked.choices.setdefault("path", {})["wizard"] = 1
    forked.lists.setdefault("bag", []).append("Clé")
    forked.messages.append("changed")
    forked.paragraph_history = (*forked.paragraph_history, 99)
    assert state.model_dump() == before


def test_the_records_cannot_be_changed_in_place():
    roll = Roll(who="hero", dice=[3, 4], modifier=10, total=17)
    with pytest.raises(ValueError):
        roll.total = 2  # type: ignore[misc]  # frozen: the point of the test
    for record in (sheet.Exchange, sheet.TestResult, sheet.Pending, JournalEntry):
        assert record.model_config.get("frozen")


def test_a_table_fork_shares_its_journal():
    book = load_book_by_id("rolenplay")
    session = Session(book, RandomDice(3))
    session.apply({"do": "add_character", "name": "Aria", "scores": {"con": 12, "dex": 16}})
    session.apply({"do": "travel_party", "pace": "normal", "days": 1})
    state: TableState = session.state
    forked = fork(state)
    assert state.journal and forked.journal is state.journal and forked.party[0] is not state.party[0]


def test_a_frozen_model_is_never_forked():
    with pytest.raises(TypeError):
        fork(Roll(who="hero", dice=[1], modifier=0, total=1))


# -- the property: same states as a deep-copying session -----------------------------------------------------


def all_states(session: Session) -> list[dict[str, Any]]:
    return [state.model_dump() for state in session.states_from(0)]


@SETTINGS
@given(games)
def test_random_games_reach_the_states_a_deep_copying_session_reaches(game):
    forked = play_game(*game)
    with deep_copying():
        reference = play_game(*game)
    assert [e.to_json() for e in forked.entries] == [e.to_json() for e in reference.entries]
    assert all_states(forked) == all_states(reference)


def random_action(rng: random.Random, session: Session) -> dict[str, Any]:
    """A player's next action: mostly fights and paragraphs, with the rest of the sheet between."""
    state = session.state
    fight = state.fight
    if fight is not None and fight.active:
        if fight.pending:
            return {"do": rng.choice(["luck", "no_luck"])}
        return rng.choice([{"do": "round"}, {"do": "round"}, {"do": "shoot"}, {"do": "escape"}])
    if state.hero is not None and not state.hero.alive:
        return {"do": "revive", "stamina": 12}
    return rng.choice(
        [
            {"do": "paragraph", "number": rng.randint(1, 400)},
            {"do": "paragraph", "number": rng.randint(1, 400)},
            {"do": "change", "stat": "stamina", "by": rng.randint(-4, 4)},
            {"do": "counter", "name": rng.choice(["gold", "provisions", "arrows", "herbs"]), "by": rng.randint(-2, 3)},
            {"do": "eat"},
            {"do": "test_luck"},
            {"do": "tick_day"},
            {"do": "add_item", "text": f"objet {rng.randint(1, 9)}"},
            {"do": "add_creature", "name": "Orc", "skill": rng.randint(5, 9), "stamina": rng.randint(3, 9)},
            {"do": "notes", "text": f"note {rng.randint(1, 99)}"},
            {"do": "set_score", "stat": "luck", "value": 9},
            {"do": "fight", "enemies": [{"name": "Orc", "skill": rng.randint(5, 9), "stamina": rng.randint(2, 6)}], "arrows": 1},
        ]
    )


def play_long(seed: int, steps: int) -> tuple[Session, dict[int, dict[str, Any]]]:
    """A long seeded game with undos and redos; returns the session and each state as it was made."""
    rng = random.Random(seed)
    session = Session(load_book_by_id("DF49"), RandomDice(seed), Start(hero={"skill": 10, "stamina": 20, "luck": 9}))
    made: dict[int, dict[str, Any]] = {0: session.state.model_dump()}
    for _ in range(steps):
        roll = rng.random()
        try:
            if roll < 0.05 and session.can_undo:
                session.undo()
            elif roll < 0.08 and session.can_redo:
                session.redo()
            else:
                session.apply(random_action(rng, session))
        except Refused:
            continue
        made[len(session.entries)] = session.state.model_dump()
    return session, made


def test_a_long_game_replays_to_the_same_states_under_the_fork_and_a_deep_copy():
    """Past the checkpoints and the recent window (undo, redo, state_at, states_from and the save's replay)."""
    steps = 3 * (CHECKPOINT_EVERY + RECENT_STATES) * 4
    forked, made = play_long(11, steps)
    with deep_copying():
        reference, _ = play_long(11, steps)
    assert len(forked.entries) > CHECKPOINT_EVERY + RECENT_STATES
    assert [e.to_json() for e in forked.entries] == [e.to_json() for e in reference.entries]
    states = all_states(forked)
    assert states == all_states(reference)
    # each state as it was when it was made: no later action changed a part it shares with it
    assert [made[index] for index in range(len(states))] == states
    replayed = Session.from_log(forked.book, forked.to_log())
    assert all_states(replayed) == states
    for index in (0, CHECKPOINT_EVERY - 1, CHECKPOINT_EVERY, len(states) // 2, len(states) - 1):
        assert replayed.state_at(index).model_dump() == states[index]


# -- the replay of a save: a state no one keeps is changed in place by the next entry --------------------------


@contextmanager
def windows(every: int, recent: int) -> Iterator[None]:
    """The session's checkpoints every ``every`` entries and ``recent`` states kept at the end (small, so that a
    short game has states a replay changes in place)."""
    saved = session_module.CHECKPOINT_EVERY, session_module.RECENT_STATES
    session_module.CHECKPOINT_EVERY, session_module.RECENT_STATES = every, recent
    try:
        yield
    finally:
        session_module.CHECKPOINT_EVERY, session_module.RECENT_STATES = saved


def undone_to_the_start(session: Session) -> list[dict[str, Any]]:
    """Every state, newest first, as undo reaches it (rebuilt from the checkpoints beyond the recent window)."""
    seen = [session.state.model_dump()]
    while session.entries:
        session.undo()
        seen.append(session.state.model_dump())
    return seen


@SETTINGS
@given(games, st.integers(1, 6), st.integers(1, 4))
def test_a_replay_that_changes_states_in_place_reaches_the_states_a_deep_copying_replay_reaches(game, every, recent):
    log = play_game(*game).to_log()
    book = load_book_by_id(game[0])
    with windows(every, recent):
        replayed = Session.from_log(book, log)
        with deep_copying():
            reference = Session.from_log(book, log)
        assert [e.to_json() for e in replayed.entries] == [e.to_json() for e in reference.entries]
        assert sorted(replayed._states) == sorted(reference._states)  # the same checkpoints and recent states
        assert all_states(replayed) == all_states(reference)
        assert replayed.to_log() == reference.to_log() == log
        assert undone_to_the_start(replayed) == undone_to_the_start(reference)


def test_a_long_replay_changes_neither_the_book_nor_the_log_it_reads():
    forked, _ = play_long(12, 2 * (CHECKPOINT_EVERY + RECENT_STATES))
    log = forked.to_log()
    before = (forked.book.model_dump(), repr(log))
    replayed = Session.from_log(forked.book, log)
    assert (forked.book.model_dump(), repr(log)) == before
    assert replayed.to_log() == log


def random_table_action(rng: random.Random) -> dict[str, Any]:
    """A game master's next action at the Rôle'n Play table."""
    who = rng.choice(["Aria", "Bors"])
    return rng.choice(
        [
            {"do": "add_character", "name": who, "scores": {"con": rng.randint(6, 16), "dex": rng.randint(6, 16)}},
            {"do": "damage", "character": who, "amount": rng.randint(1, 6)},
            {"do": "travel_party", "pace": "normal", "days": 1, "extra_hours": rng.randint(0, 3)},
            {"do": "travel_party", "hours": rng.randint(1, 4)},
            {"do": "eat_day", "character": who, "ration": rng.choice(["full", "half"])},
            {"do": "drink_day", "character": who, "litres": rng.randint(0, 3)},
            {"do": "fall", "metres": rng.randint(1, 9), "character": who},
            {"do": "advance", "amount": rng.randint(1, 30)},
            {"do": "long_rest"},
        ]
    )


def test_a_table_replayed_in_place_reaches_the_states_of_a_deep_copying_replay():
    rng = random.Random(4)
    book = load_book_by_id("rolenplay")
    session = Session(book, RandomDice(4))
    while len(session.entries) < 120:
        try:
            session.apply(random_table_action(rng))
        except Refused:
            continue
    log = session.to_log()
    with windows(7, 5):
        replayed = Session.from_log(book, log)
        with deep_copying():
            reference = Session.from_log(book, log)
        assert all_states(replayed) == all_states(reference)
        assert undone_to_the_start(replayed) == undone_to_the_start(reference)

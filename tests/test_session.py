"""The session: actions logged with their dice, undo, redo, replay, refusals that change nothing."""

import json

import pytest

from game.rules.dice import DiceError, RandomDice, ScriptedDice
from game.rules.errors import Refused
from game.rules.session import Session, Start

HERO = {"skill": 10, "stamina": 20, "luck": 9}


def dump(session):
    return session.state.model_dump()


def test_each_entry_records_the_dice_it_drew(df31):
    session = Session(df31, ScriptedDice([3, 4]), Start(hero=HERO))
    entry = session.apply({"do": "test_luck"})
    assert entry.dice == [3, 4] and entry.outcome == "lucky"


def test_a_refused_action_changes_nothing_and_draws_no_dice(df31):
    dice = ScriptedDice([1, 1])
    session = Session(df31, dice, Start(hero=HERO))
    session.apply({"do": "fight", "enemies": [{"name": "Rat", "skill": 5, "stamina": 4}]})
    before = dump(session)
    with pytest.raises(Refused) as refused:
        session.apply({"do": "eat"})
    assert refused.value.code == "meals_in_fight"
    assert dump(session) == before and dice.remaining == [1, 1]


def test_refusal_reports_the_reason_without_applying(df31):
    session = Session(df31, ScriptedDice([]), Start(hero=HERO))
    assert session.refusal({"do": "eat"}) is None
    assert session.refusal({"do": "herb"}).code == "no_herbs"
    assert session.state.counters["provisions"] == 4 and not session.entries


def test_the_length_counts_the_log_through_undo_and_redo_without_copying_it(df31):
    session = Session(df31, ScriptedDice([3, 4]), Start(hero=HERO))
    session.apply({"do": "test_luck"})
    session.apply({"do": "eat"})
    assert session.length == len(session.entries) == 2
    session.undo()
    assert session.length == 1
    session.redo()
    assert session.length == 2 and session.entries is not session.entries  # entries copies; length does not


def test_undo_restores_the_previous_state(df31):
    session = Session(df31, ScriptedDice([6, 6]), Start(hero=HERO))
    before = dump(session)
    session.apply({"do": "test_luck"})
    session.undo()
    assert dump(session) == before


def test_redo_reapplies_with_the_recorded_dice_and_draws_nothing(df31):
    dice = ScriptedDice([2, 2])
    session = Session(df31, dice, Start(hero=HERO))
    session.apply({"do": "test_luck"})
    after = dump(session)
    session.undo()
    session.redo()
    assert dump(session) == after and dice.remaining == []


def test_undo_n_then_redo_n_gives_back_the_same_state(df49):
    session = Session(df49, RandomDice(7), Start(hero=HERO))
    for action in (
        {"do": "counter", "name": "herbs", "by": 3},
        {"do": "change", "stat": "stamina", "by": -5},
        {"do": "herb"},
        {"do": "tick_day"},
        {"do": "test_skill"},
    ):
        session.apply(action)
    final = dump(session)
    for _ in range(5):
        session.undo()
    for _ in range(5):
        session.redo()
    assert dump(session) == final


def test_a_new_action_empties_the_redo_list(df31):
    session = Session(df31, ScriptedDice([]), Start(hero=HERO))
    session.apply({"do": "change", "stat": "stamina", "by": -3})
    session.undo()
    session.apply({"do": "change", "stat": "luck", "by": -1})
    assert not session.can_redo


def test_a_refused_action_keeps_the_redo_list(df31):
    session = Session(df31, ScriptedDice([]), Start(hero=HERO))
    session.apply({"do": "change", "stat": "stamina", "by": -3})
    session.undo()
    with pytest.raises(Refused):
        session.apply({"do": "herb"})
    assert session.can_redo


def test_undo_with_nothing_to_undo_is_refused(df31):
    with pytest.raises(Refused):
        Session(df31, ScriptedDice([]), Start(hero=HERO)).undo()


def test_replaying_the_log_rebuilds_the_same_state(df49):
    session = Session(df49, RandomDice(11), Start(hero=HERO))
    session.apply({"do": "fight", "enemies": [{"name": "Aile Noire", "skill": 7, "stamina": 6}], "arrows": 3})
    while session.state.fight.active:
        if session.state.fight.pending:
            session.apply({"do": "luck" if session.state.hero.scores["luck"] > 7 else "no_luck"})
        elif session.refusal({"do": "shoot"}) is None:
            session.apply({"do": "shoot"})
        else:
            session.apply({"do": "round"})
    log = json.loads(json.dumps(session.to_log()))
    assert dump(Session.from_log(df49, log)) == dump(session)


def test_the_log_keeps_the_redo_list(df31):
    session = Session(df31, ScriptedDice([1, 2]), Start(hero=HERO))
    session.apply({"do": "test_luck"})
    session.undo()
    rebuilt = Session.from_log(df31, session.to_log())
    rebuilt.redo()
    assert rebuilt.state.last == "lucky"


def test_actions_applied_all_or_none_leave_nothing_of_a_refused_sequence(df31):
    session = Session(df31, ScriptedDice([1, 2]), Start(hero=HERO))
    session.apply({"do": "test_luck"})
    session.undo()
    before = session.to_log()
    with pytest.raises(Refused):
        session.apply_all([{"do": "set_score", "stat": "skill", "value": 5, "initial": True}, {"do": "eat", "by": 1}])
    assert session.to_log() == before and session.can_redo
    entries = session.apply_all([{"do": "set_score", "stat": "skill", "value": 5, "initial": True}])
    assert [e.action["do"] for e in entries] == ["set_score"] and not session.can_redo


@pytest.mark.parametrize("dice", [[], [1, 2, 3], [7, 7]], ids=["too_few", "too_many", "out_of_range"])
def test_a_redo_whose_recorded_dice_do_not_fit_is_refused_and_changes_nothing(df31, dice):
    """A save's redo list is not replayed when it is read (a hand-edited file, a book changed since): redoing an
    entry whose dice no longer fit is a refusal the screens say, never an error that stops the game."""
    session = Session(df31, ScriptedDice([1, 2]), Start(hero=HERO))
    session.apply({"do": "test_luck"})
    session.undo()
    log = session.to_log()
    log["redo"][0]["dice"] = dice
    rebuilt = Session.from_log(df31, log)
    before = (dump(rebuilt), rebuilt.to_log())
    with pytest.raises(Refused) as refused:
        rebuilt.redo()
    assert refused.value.code == "redo_does_not_replay"
    assert (dump(rebuilt), rebuilt.to_log()) == before and rebuilt.can_redo


def test_a_log_with_a_tampered_entry_names_the_entry(df31):
    session = Session(df31, ScriptedDice([1, 2]), Start(hero=HERO))
    session.apply({"do": "test_luck"})
    log = session.to_log()
    log["entries"][0]["dice"] = [1]
    with pytest.raises(ValueError, match=r"entries\[0\] does not replay"):
        Session.from_log(df31, log)


def test_a_hand_edited_log_replays_each_value_as_its_own_type_reads(df31):
    """A replay parses a repeated action once: 12, 12.0 and "12" are § 12, true and 1 are § 1, each on its own."""
    log = Session(df31, ScriptedDice([]), Start(hero=HERO)).to_log()
    numbers = [12, 12.0, "12", True, 1, 12]
    log["entries"] = [{"action": {"do": "paragraph", "number": n}, "dice": []} for n in numbers]
    replayed = Session.from_log(df31, log)
    assert [e.action["number"] for e in replayed.entries] == [12, 12, 12, 1, 1, 12]
    assert replayed.state.paragraph_history == (12, 12, 12, 1, 1) and replayed.state.paragraph == 12
    replayed.entries[0].action["number"] = 99  # a screen that wrote on one entry would change it alone
    assert replayed.entries[-1].action["number"] == 12


def test_a_repeated_action_that_no_longer_fits_is_refused_where_it_is(df31):
    log = Session(df31, ScriptedDice([]), Start(hero=HERO)).to_log()
    log["entries"] = [{"action": {"do": "paragraph", "number": 12}, "dice": []}] * 3 + [
        {"action": {"do": "paragraph", "number": "douze"}, "dice": []}
    ]
    with pytest.raises(ValueError, match=r"entries\[3\] does not replay"):
        Session.from_log(df31, log)


def test_a_log_of_another_book_is_refused(df31, df49):
    log = Session(df31, ScriptedDice([]), Start(hero=HERO)).to_log()
    with pytest.raises(ValueError, match="for book 'DF31'"):
        Session.from_log(df49, log)


def test_physical_dice_given_for_one_action_are_used_instead_of_the_session_dice(df31):
    live = ScriptedDice([6, 6])
    session = Session(df31, live, Start(hero=HERO))
    entry = session.apply({"do": "test_luck"}, dice=ScriptedDice([1, 2]))
    assert entry.dice == [1, 2] and session.state.last == "lucky" and live.remaining == [6, 6]


def test_physical_dice_that_are_too_few_refuse_nothing_and_change_nothing(df31):
    session = Session(df31, ScriptedDice([]), Start(hero=HERO))
    with pytest.raises(DiceError):
        session.apply({"do": "test_luck"}, dice=ScriptedDice([3]))
    assert session.state.hero.scores["luck"] == 9 and not session.entries


def test_a_malformed_action_is_refused_with_a_reason(df31):
    session = Session(df31, ScriptedDice([]), Start(hero=HERO))
    with pytest.raises(Refused) as refused:
        session.apply({"do": "fight", "enemies": []})
    assert refused.value.code == "bad_action" and "enemies" in refused.value.message


def test_a_new_sheet_holds_the_books_counters_and_equipment(df49):
    session = Session(df49, ScriptedDice([]), Start(language="en"))
    assert session.state.counters == {"arrows": 6, "gold": 15, "potions": 5, "herbs": 0}
    assert "Councillors' Signet Ring" in session.state.equipment
    assert session.state.hero is None


def test_actions_that_need_a_hero_are_refused_before_creation(df31):
    session = Session(df31, ScriptedDice([]))
    assert session.refusal({"do": "test_luck"}).code == "no_hero"
    assert session.refusal({"do": "paragraph", "number": 1}) is None


def test_typed_scores_outside_the_formula_are_refused_R_CREATE_3(df31):
    session = Session(df31, ScriptedDice([]))
    refused = session.refusal({"do": "set_hero", "scores": {"skill": 13, "stamina": 20, "luck": 9}})
    assert refused.code == "score_unreachable" and refused.params == {"stat": "skill", "value": 13, "low": 7, "high": 12}


def test_ending_a_fight_updates_the_creature_box_R_ENCOUNTER_1(df31):
    session = Session(df31, ScriptedDice([1, 1, 6, 6]), Start(hero=HERO))
    session.apply({"do": "add_creature", "name": "Homme-Lézard", "skill": 8, "stamina": 2})
    session.apply({"do": "fight", "enemies": [{"name": "Homme-Lézard", "skill": 8, "stamina": 2, "box": 0}]})
    session.apply({"do": "round"})
    assert session.state.fight.winner == "hero"
    assert session.state.creature_boxes[0].stamina == 0


def test_the_round_records_each_attack_strength_for_the_board(df64):
    session = Session(df64, ScriptedDice([3, 3, 5, 5, 2, 2]), Start(hero=HERO))
    session.apply(
        {
            "do": "fight",
            "mode": "all_together",
            "enemies": [{"name": "A", "skill": 6, "stamina": 4}, {"name": "B", "skill": 7, "stamina": 5}],
        }
    )
    session.apply({"do": "round", "target": 0})
    exchanges = session.state.fight.last_round
    assert [(x.creature, x.creature_roll.total, x.hero_roll.total, x.result) for x in exchanges] == [
        (0, 12, 14, "hero_hit"),
        (1, 17, 14, "hero_wounded"),
    ]


def test_dice_needed_lists_the_dice_an_action_would_draw(df64):
    session = Session(df64, ScriptedDice([]), Start(hero=HERO))
    assert [use.sides for use in session.dice_needed({"do": "test_luck"})] == [6, 6]
    session.apply(
        {
            "do": "fight",
            "mode": "all_together",
            "enemies": [{"name": "A", "skill": 6, "stamina": 4}, {"name": "B", "skill": 7, "stamina": 5}],
        }
    )
    assert [use.sides for use in session.dice_needed({"do": "round", "target": 1})] == [6] * 6
    assert not session.entries[1:]


def test_each_die_of_the_plan_says_whose_it_is_in_draw_order(df64):
    """R-COMBAT-1, R-MULTI-1, R-ALLY-1: creatures first in list order, the hero, then the ally's exchange."""
    session = Session(df64, ScriptedDice([]), Start(hero=HERO))
    session.apply(
        {
            "do": "fight",
            "mode": "all_together",
            "ally": {"name": "Sorrel", "skill": 8, "stamina": 6},
            "enemies": [{"name": "A", "skill": 6, "stamina": 4}, {"name": "B", "skill": 7, "stamina": 5}],
        }
    )
    plan = session.dice_needed({"do": "round", "target": 0})
    assert [(use.who, use.what) for use in plan[::2]] == [
        ("creature:0", "attack"),
        ("creature:1", "attack"),
        ("hero", "attack"),
        ("creature:1", "attack"),
        ("ally", "attack"),
    ]
    assert [(use.who, use.what) for use in session.dice_needed({"do": "test_luck"})] == [("hero", "luck")] * 2


def test_available_says_what_can_be_done_now_and_why_not(df64):
    session = Session(df64, ScriptedDice([]), Start(hero=HERO))
    before = session.available()
    assert before["fight"] is None and before["test_luck"] is None
    assert before["round"].code == "no_fight" and before["luck"].code == "nothing_pending"
    session.apply({"do": "fight", "enemies": [{"name": "A", "skill": 6, "stamina": 4}]})
    during = session.available()
    assert during["fight"].code == "fight_active" and during["round"] is None


def test_available_refuses_everything_but_the_luck_decision_while_a_wound_waits(df31):
    """R-COMBAT-3: a wound waits for Luck or acceptance."""
    session = Session(df31, ScriptedDice([6, 6, 1, 1]), Start(hero=HERO))
    session.apply({"do": "fight", "enemies": [{"name": "A", "skill": 6, "stamina": 10}]})
    session.apply({"do": "round"})
    answers = session.available()
    assert answers["luck"] is None and answers["no_luck"] is None
    assert {answers[kind].code for kind in ("round", "eat", "fight", "change", "tick_day")} == {"pending_decision"}


def test_honest_play_refuses_to_undo_a_roll_and_says_why(df31):
    session = Session(df31, ScriptedDice([6, 6]), Start(hero=HERO, play="honest"))
    session.apply({"do": "test_luck"})
    assert not session.can_undo
    with pytest.raises(Refused) as refused:
        session.undo()
    assert refused.value.code == "honest_dice" and session.state.hero.scores["luck"] == 8


def test_an_unknown_play_mode_is_refused_at_the_start():
    with pytest.raises(ValueError, match="play must be one of"):
        Start(play="cheat")


def test_play_mode_rerolls_and_undone_rolls_survive_a_save_and_replay(df31):
    session = Session(df31, ScriptedDice([6, 6, 5, 5, 1, 1]), Start(hero=HERO))
    session.apply({"do": "test_luck"})
    session.undo()
    session.apply({"do": "test_luck"})
    session.undo()
    session.apply({"do": "notes", "text": "waiting"})
    log = json.loads(json.dumps(session.to_log()))
    again = Session.from_log(df31, log, ScriptedDice([1, 1]))
    assert again.play == "bookmark" and again.to_log() == session.to_log()
    again.apply({"do": "test_luck"})
    assert again.entries[-1].reroll == 2 and again.rerolls == 2


def test_an_honest_log_replays_honest(df31):
    session = Session(df31, ScriptedDice([3, 3]), Start(hero=HERO, play="honest"))
    session.apply({"do": "test_skill"})
    again = Session.from_log(df31, json.loads(json.dumps(session.to_log())))
    assert again.play == "honest" and again.undo_refusal().code == "honest_dice"


def test_undo_to_preview_lists_what_it_reverts_oldest_first(df31):
    session = Session(df31, ScriptedDice([]), Start(hero=HERO))
    for number in (1, 2, 3):
        session.apply({"do": "paragraph", "number": number})
    assert [e.action["number"] for e in session.entries_after(0)] == [2, 3]
    assert [e.action["number"] for e in session.undo_to(0)] == [2, 3]
    assert session.state.paragraph == 1


def test_a_long_log_keeps_only_checkpoints_and_recent_states_yet_undoes_to_the_very_start():
    """Memory: 10 000 actions once held 10 000 states; undo still rebuilds every one of them exactly."""
    from game.books.loader import load_book_by_id
    from game.rules import session as session_module

    book = load_book_by_id("DF31")
    played = Session(book, RandomDice(3), Start(hero={"skill": 10, "stamina": 20, "luck": 9}))
    seen = [played.state.model_dump()]
    for index in range(200):
        played.apply({"do": "paragraph", "number": index + 1} if index % 3 else {"do": "test_luck"})
        seen.append(played.state.model_dump())
    assert len(played._states) <= 200 // session_module.CHECKPOINT_EVERY + session_module.RECENT_STATES + 1
    assert played.state_at(7).model_dump() == seen[7]
    assert [s.model_dump() for s in played.states_from(195)] == seen[195:]
    for index in range(200, 0, -1):
        assert played.state.model_dump() == seen[index]
        played.undo()
    assert played.state.model_dump() == seen[0]


# -- issue 28 row 2: an autosave serializes the new entries only (Session.log_json), and counts rerolls as it goes
def _log_bytes(session):
    import pydantic_core

    return pydantic_core.to_json(session.to_log())


def test_the_logs_json_is_the_log_itself_after_actions_undo_redo_and_rerolls(df31):
    session = Session(df31, ScriptedDice([6, 6, 5, 5, 1, 1, 2, 2]), Start(hero=HERO, language="en"))
    steps = [
        lambda: session.apply({"do": "paragraph", "number": 12}),
        lambda: session.apply({"do": "test_luck"}),
        session.undo,
        lambda: session.apply({"do": "test_luck"}),  # a reroll: the last entry is marked again
        lambda: session.apply({"do": "notes", "text": 'é — 🐉 "quoted"'}),
        session.undo,
        session.redo,
        lambda: session.undo_to(-1),
        session.redo,
        lambda: session.apply({"do": "counter", "name": "gold", "by": 3}),
    ]
    for step in steps:
        step()
        assert session.log_json() == _log_bytes(session)
    assert json.loads(session.log_json()) == session.to_log()


def test_rerolls_are_counted_as_the_entries_come_and_go(df31):
    session = Session(df31, ScriptedDice([6, 6, 5, 5, 4, 4, 3, 3]), Start(hero=HERO))
    session.apply({"do": "test_luck"})
    session.undo()
    session.apply({"do": "test_luck"})
    assert session.rerolls == 1
    session.undo()
    assert session.rerolls == 0
    session.apply({"do": "test_luck"})
    assert session.rerolls == 2 == sum(e.reroll for e in session.entries)
    again = Session.from_log(df31, json.loads(session.log_json()))
    assert again.rerolls == 2 and again.logged == len(again.entries) == 1
    again.undo()
    assert again.rerolls == 0 and again.logged == 1  # the entry gone to the redo list, still in the log


def test_each_kind_of_book_is_played_by_the_ruleset_named_for_that_kind():
    from importlib import import_module

    from game.rules.session import RULESETS

    for kind, (module, name) in RULESETS.items():
        assert getattr(import_module(module), name).kind == kind


def test_a_fighting_fantasy_session_imports_no_rule_of_another_kind(tmp_path):
    # Issue 28 (memory): the Rôle'n Play rules and their models are imported when such a book is first played.
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from game.books.loader import load_book_by_id\n"
        "from game.rules.dice import RandomDice\n"
        "from game.rules.session import Session, Start\n"
        "Session(load_book_by_id('DF31'), RandomDice(1), Start(hero={'skill': 10, 'stamina': 20, 'luck': 9}))\n"
        "print(sorted(m for m in sys.modules if m.startswith('game.rules.rnp')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert result.stdout.strip() == "[]"

"""Books with sections: the model checks the text's references, and game.rules.ff.sections says what a section offers."""

import ast
import copy
import json
from pathlib import Path

import pytest

from game.books.loader import BookError, bundled_books_dir, load_book, load_book_by_id
from game.books.sections import FightEvent
from game.rules.cases import case_files
from game.rules.dice import ScriptedDice
from game.rules.ff import actions as a
from game.rules.ff import sections as S
from game.rules.session import Session, Start

ROOT = Path(__file__).resolve().parent.parent
HERO = {"skill": 10, "stamina": 20, "luck": 9}


@pytest.fixture(scope="module")
def demo():
    return load_book_by_id("DEMO")


@pytest.fixture
def demo_data():
    return json.loads((bundled_books_dir() / "DEMO.json").read_text(encoding="utf-8"))


def write(tmp_path, data, name="DEMO"):
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def index_of(data, number):
    return next(i for i, s in enumerate(data["sections"]) if s["number"] == number)


# ------------------------------------------------------------------ the demo book


def test_the_demo_book_validates_and_has_15_to_25_sections(demo):
    assert demo.id == "DEMO" and demo.kind == "fighting_fantasy"
    assert 15 <= len(demo.sections) <= 25
    assert demo.entry_section == 1 and demo.section(1) is not None


def test_the_demo_has_a_bow_herbs_potions_and_a_week_of_its_own(demo):
    assert demo.archery and demo.herb and demo.potions
    assert len(demo.calendar.days) == 7
    df49 = load_book_by_id("DF49")
    assert {d.fr for d in demo.calendar.days}.isdisjoint({d.fr for d in df49.calendar.days})


def test_every_section_has_its_text_in_both_languages(demo):
    for section in demo.sections:
        assert section.text.fr.strip() and section.text.en.strip() and section.text.fr != section.text.en
        for choice in section.choices:
            assert choice.label.fr and choice.label.en


def test_the_demo_shows_off_every_mechanic(demo):
    events = [e for s in demo.sections for e in s.events]
    kinds = {e.do for e in events}
    assert {"fight", "test_luck", "test_skill", "change", "counter", "raise_initial", "tick_day", "die"} <= kinds
    fights = [e for e in events if isinstance(e, FightEvent)]
    assert any(f.arrows for f in fights), "archery"
    assert {"all_together", "one_after_another"} <= {f.mode for f in fights if len(f.enemies) > 1}, "multi-creature fights"
    assert any(f.escape for f in fights), "escape"
    assert any(e.do == "counter" and e.name == demo.herb.counter and e.by > 0 for e in events), "herbs found"
    assert {s.end for s in demo.sections} >= {"victory", "defeat"}


def test_books_without_sections_are_unchanged():
    for book_id in ("DF31", "DF49", "DF64"):
        book = load_book_by_id(book_id)
        assert book.sections == [] and book.section(1) is None and not S.has_sections(book)


# ------------------------------------------------------------------ the model rejects broken text


def test_a_choice_to_a_missing_section_names_file_path_and_reason(tmp_path, demo_data):
    index = index_of(demo_data, 6)
    demo_data["sections"][index]["choices"][1]["target"] = 99
    error = pytest.raises(BookError, load_book, write(tmp_path, demo_data)).value
    assert error.file == "DEMO.json"
    assert error.path == f"$.sections[{index}].choices[1].target"
    assert "section 99 does not exist" in error.reason and "from section 6" in error.reason


def test_a_test_outcome_to_a_missing_section_is_named(tmp_path, demo_data):
    index = index_of(demo_data, 8)
    demo_data["sections"][index]["events"][0]["unlucky"] = 404
    error = pytest.raises(BookError, load_book, write(tmp_path, demo_data)).value
    assert error.path == f"$.sections[{index}].events[0].unlucky" and "404" in error.reason


def test_two_sections_with_the_same_number_are_refused(tmp_path, demo_data):
    demo_data["sections"][4]["number"] = demo_data["sections"][3]["number"]
    error = pytest.raises(BookError, load_book, write(tmp_path, demo_data)).value
    assert error.path == "$.sections[4].number" and "appears twice" in error.reason


def test_the_entry_section_must_exist(tmp_path, demo_data):
    demo_data["first_section"] = 500
    error = pytest.raises(BookError, load_book, write(tmp_path, demo_data)).value
    assert error.path == "$.first_section" and "entry section 500" in error.reason


def test_a_book_needs_an_ending(tmp_path, demo_data):
    for section in demo_data["sections"]:
        if section.get("end"):
            del section["end"]
            section["choices"] = [{"label": {"fr": "Retour", "en": "Back"}, "target": 1}]
            section["events"] = [e for e in section["events"] if e["do"] != "die"]
    error = pytest.raises(BookError, load_book, write(tmp_path, demo_data)).value
    assert "ending" in error.reason


def test_an_unreachable_section_is_refused(tmp_path, demo_data):
    demo_data["sections"].append({"number": 77, "text": {"fr": "Perdu.", "en": "Lost."}, "end": "defeat"})
    error = pytest.raises(BookError, load_book, write(tmp_path, demo_data)).value
    assert error.path == f"$.sections[{len(demo_data['sections']) - 1}].number" and "cannot be reached" in error.reason


def test_a_section_that_leads_nowhere_is_refused(tmp_path, demo_data):
    index = index_of(demo_data, 6)
    demo_data["sections"][index]["choices"] = []
    error = pytest.raises(BookError, load_book, write(tmp_path, demo_data)).value
    assert error.path == f"$.sections[{index}]" and "leads nowhere" in error.reason


def test_events_name_stats_and_counters_of_the_book(tmp_path, demo_data):
    index = index_of(demo_data, 3)
    demo_data["sections"][index]["events"][0]["name"] = "mushrooms"
    error = pytest.raises(BookError, load_book, write(tmp_path, demo_data)).value
    assert error.path == f"$.sections[{index}].events[0].name" and "not one of the counters" in error.reason


def test_a_test_must_close_its_section(tmp_path, demo_data):
    index = index_of(demo_data, 3)
    events = demo_data["sections"][index]["events"]
    events.reverse()
    error = pytest.raises(BookError, load_book, write(tmp_path, demo_data)).value
    assert error.path == f"$.sections[{index}]" and "last event" in error.reason


def test_an_escape_needs_somewhere_to_go(tmp_path, demo_data):
    index = index_of(demo_data, 12)
    del demo_data["sections"][index]["events"][0]["escaped"]
    error = pytest.raises(BookError, load_book, write(tmp_path, demo_data)).value
    assert error.path == f"$.sections[{index}].events[0].escape" and "'escaped'" in error.reason


def test_sections_are_optional_in_the_schema():
    schema = json.loads((ROOT / "books" / "book.schema.json").read_text(encoding="utf-8"))
    ff = schema["$defs"]["FightingFantasyBook"]
    assert "sections" in ff["properties"] and "sections" not in ff.get("required", [])


# ------------------------------------------------------------------ what a section offers


def session(book, dice=()):
    return Session(book, ScriptedDice(list(dice)), Start(hero=dict(HERO)))


def offer(book, s, number=None):
    return S.offer(book, s.state, s.entries, s.state.paragraph if number is None else number)


def arrive(book, s, number):
    """What the reader does on arrival: the paragraph action, then every automatic event."""
    s.apply(S.go_to(number))
    while (action := offer(book, s).automatic) is not None:
        s.apply(action)
    return offer(book, s)


def test_before_arriving_the_section_offers_the_paragraph_action(demo):
    s = session(demo)
    found = offer(demo, s, 1)
    assert not found.arrived and found.arrive == a.GoToParagraph(number=1)
    assert all(not c.enabled and c.reason == "not_here" for c in found.choices)


def test_automatic_events_come_first_and_then_the_choices_open(demo):
    s = session(demo)
    s.apply(S.go_to(1))
    found = offer(demo, s)
    assert found.automatic == a.TickDay() and [c.reason for c in found.choices] == ["events_first"] * 2
    s.apply(found.automatic)
    found = offer(demo, s)
    assert found.next is None and found.automatic is None
    assert [(c.target, c.enabled) for c in found.choices] == [(2, True), (3, True)]
    assert found.choices[0].action == a.GoToParagraph(number=2)
    assert found.choices[0].label.en.startswith("Take the causeway")


def test_the_events_are_rules_actions(demo):
    assert S.events_as_actions(demo, 3) == [a.ChangeCounter(name="herbs", by=2), a.TestSkill()]
    fight = S.events_as_actions(demo, 12, "en")[0]
    assert isinstance(fight, a.StartFight) and fight.escape is True and fight.mode == "one_after_another"
    assert [e.name for e in fight.enemies] == ["One-eyed raider", "Red-haired raider", "Raider chief"]
    assert S.events_as_actions(demo, 999) == []


@pytest.mark.parametrize("dice,outcome,open_target,closed_target", [([1, 2], "lucky", 9, 10), ([6, 6], "unlucky", 10, 9)])
def test_after_a_luck_test_only_the_outcome_the_rules_gave_is_open(demo, dice, outcome, open_target, closed_target):
    s = session(demo, dice)
    found = arrive(demo, s, 8)
    assert found.next.kind == "test_luck" and found.automatic is None
    assert {c.target: c.reason for c in found.choices} == {9: "test_first", 10: "test_first"}
    s.apply(found.next.action)
    found = offer(demo, s)
    by_target = {c.target: c for c in found.choices}
    assert by_target[open_target].enabled and by_target[open_target].kind == outcome
    assert not by_target[closed_target].enabled and by_target[closed_target].reason == "other_outcome"


def test_a_skill_test_chooses_between_success_and_failure(demo):
    s = session(demo, [6, 6])
    found = arrive(demo, s, 16)
    s.apply(found.next.action)
    found = offer(demo, s)
    assert [(c.kind, c.enabled) for c in found.choices] == [("success", False), ("failure", True)]


def test_the_way_on_after_a_fight_opens_when_the_hero_wins(demo):
    s = session(demo, [2, 2, 1, 1, 6, 6, 1, 1, 6, 6, 1, 1, 6, 6])
    found = arrive(demo, s, 17)
    assert found.next.kind == "fight" and not found.fight_active
    assert [(c.kind, c.enabled, c.reason) for c in found.choices] == [("won", False, "fight_first")]
    s.apply(found.next.action)
    assert offer(demo, s).fight_active
    s.apply({"do": "shoot"})
    for _ in range(2):
        s.apply({"do": "round"})
        s.apply({"do": "no_luck"})
        assert not offer(demo, s).choices[0].enabled
    s.apply({"do": "round"})
    found = offer(demo, s)
    assert s.state.fight.winner == "hero" and found.next is None
    assert [(c.target, c.enabled) for c in found.choices] == [(19, True)]


def test_an_escape_opens_the_escape_section_only(demo):
    s = session(demo, [6, 6, 1, 1, 6, 6])
    found = arrive(demo, s, 12)
    s.apply(found.next.action)
    s.apply({"do": "round"})
    s.apply({"do": "no_luck"})
    s.apply({"do": "escape"})
    s.apply({"do": "luck"})
    found = offer(demo, s)
    assert {c.kind: (c.target, c.enabled) for c in found.choices} == {"won": (13, False), "escaped": (14, True)}


def test_a_fight_stopped_by_hand_is_still_to_be_fought(demo):
    s = session(demo)
    found = arrive(demo, s, 2)
    s.apply(found.next.action)
    s.apply({"do": "stop_fight"})
    found = offer(demo, s)
    assert found.next.kind == "fight" and not found.fight_active and not found.choices[0].enabled


def test_creature_names_in_another_language_still_match_the_fight(demo):
    s = session(demo)
    s.apply(S.go_to(2))
    s.apply(S.events_as_actions(demo, 2, "fr")[0])
    assert S.offer(demo, s.state, s.entries, 2, language="en").fight_active


def test_death_closes_every_way_on(demo):
    s = session(demo)
    found = arrive(demo, s, 18)
    assert found.dead and found.ending == "defeat" and found.automatic is None
    s2 = session(demo, [6, 6])
    arrive(demo, s2, 15)
    s2.apply({"do": "change", "stat": "stamina", "by": -20})
    assert all(c.reason == "hero_dead" for c in offer(demo, s2).choices)


def test_the_victory_section_is_an_ending_once_its_events_ran(demo):
    s = session(demo)
    found = arrive(demo, s, 20)
    assert found.ending == "victory" and found.choices == [] and s.state.counters["gold"] == 15


def test_a_section_visited_twice_runs_its_events_again(demo):
    s = session(demo)
    arrive(demo, s, 7)
    arrive(demo, s, 7)
    assert s.state.calendar.ticked == 2


def test_resume_number_prefers_the_tracker_then_the_history_then_the_entry(demo):
    s = session(demo)
    assert S.resume_number(demo, s.state) == 1
    s.apply(S.go_to(7))
    s.apply(S.go_to(432))  # typed on the sheet: not in the text
    assert S.current(demo, s.state) is None and S.resume_number(demo, s.state) == 7


def test_the_demo_cases_play_exactly_what_the_sections_offer(demo):
    """Every non-fight step of the demo cases is the paragraph action or the next event the module gives."""
    for path in case_files([ROOT / "tests" / "cases"]):
        if not path.name.startswith("demo-"):
            continue
        case = json.loads(path.read_text(encoding="utf-8"))
        s = Session(demo, ScriptedDice(list(case["dice"])), Start(hero=case["hero"]))
        for step in case["steps"]:
            action = {k: v for k, v in step.items() if k not in ("expect", "refused")}
            if step.get("refused"):
                continue
            if action["do"] not in ("paragraph", "round", "shoot", "luck", "no_luck", "escape", "herb"):
                expected = offer(demo, s).next
                assert expected is not None and expected.kind == action["do"], (path.name, step)
                if action["do"] != "fight":
                    assert expected.action == s.parse(action), (path.name, step)
            s.apply(action)


def test_the_rules_module_is_pure():
    tree = ast.parse((ROOT / "game" / "rules" / "ff" / "sections.py").read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)} | {
        alias.name for n in ast.walk(tree) if isinstance(n, ast.Import) for alias in n.names
    }
    assert not any(
        m and (m.startswith("pygame") or m.startswith("game.app") or m.startswith("game.scenes") or m.startswith("game.ui"))
        for m in imported
    )


def test_the_demo_data_is_not_changed_by_loading(demo_data):
    before = copy.deepcopy(demo_data)
    load_book_by_id("DEMO")
    assert demo_data == before

"""Every rules case passes: ours in tests/cases and the shared examples when present."""

from pathlib import Path

import pytest

from game.rules.cases import case_files, main, run_file

HERE = Path(__file__).parent
OWN = HERE / "cases"
SHARED = HERE.parent.parent / "shared" / "cases"
CASE_FILES = list(case_files([OWN])) + (list(case_files([SHARED])) if SHARED.is_dir() else [])


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_case_passes(path):
    result = run_file(path)
    assert result.passed, result.reason


def test_there_are_cases_to_run():
    assert len(list(case_files([OWN]))) >= 1


def test_runner_prints_the_closing_line_and_exit_code(tmp_path, capsys):
    good = tmp_path / "good.json"
    good.write_text(
        '{"name": "ok", "book": "DF31", "hero": {"skill": 9, "stamina": 18, "luck": 9}, "dice": [1, 1],'
        ' "steps": [{"do": "test_luck"}], "expect": {"hero.luck": 8}}'
    )
    assert main([str(good)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 passed, 0 failed"


def test_malformed_case_is_a_fail_with_a_reason_not_a_traceback(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    assert main([str(bad)]) == 1
    out = capsys.readouterr().out
    assert "FAIL bad: bad.json: is not valid JSON" in out
    assert "Traceback" not in out


def test_leftover_dice_fail_the_case(tmp_path):
    case = tmp_path / "left.json"
    case.write_text(
        '{"book": "DF31", "hero": {"skill": 9, "stamina": 18, "luck": 9}, "dice": [1, 1, 3], "steps": [{"do": "test_luck"}]}'
    )
    result = run_file(case)
    assert not result.passed and "1 dice left over" in result.reason


def test_running_out_of_dice_fails_the_case(tmp_path):
    case = tmp_path / "short.json"
    case.write_text(
        '{"book": "DF31", "hero": {"skill": 9, "stamina": 18, "luck": 9}, "dice": [1], "steps": [{"do": "test_luck"}]}'
    )
    result = run_file(case)
    assert not result.passed and "ran out of dice" in result.reason


def test_a_die_out_of_range_fails_the_case(tmp_path):
    case = tmp_path / "range.json"
    case.write_text(
        '{"book": "DF31", "hero": {"skill": 9, "stamina": 18, "luck": 9}, "dice": [7, 1], "steps": [{"do": "test_luck"}]}'
    )
    result = run_file(case)
    assert not result.passed and "not a d6 result" in result.reason


def test_a_wrong_expectation_names_step_path_expected_and_got(tmp_path):
    case = tmp_path / "wrong.json"
    case.write_text(
        '{"book": "DF31", "hero": {"skill": 9, "stamina": 18, "luck": 9}, "dice": [1, 1],'
        ' "steps": [{"do": "test_luck", "expect": {"hero.luck": 3}}]}'
    )
    result = run_file(case)
    assert result.reason == "step 1 (test_luck): hero.luck: expected 3, got 8"


def test_an_unknown_path_fails_clearly(tmp_path):
    case = tmp_path / "path.json"
    case.write_text('{"book": "DF31", "hero": {"skill": 9, "stamina": 18, "luck": 9}, "expect": {"hero.charisma": 3}}')
    result = run_file(case)
    assert "hero.charisma: no such path" in result.reason


def test_a_case_naming_a_path_for_its_book_is_refused_without_reading_it(tmp_path):
    case = tmp_path / "path.json"
    case.write_text('{"book": "../README", "steps": []}')
    result = run_file(case)
    assert not result.passed
    assert "is not a book id" in result.reason

"""Bad input: mutated books and saves are refused with file, path and reason; nothing escapes, runs or changes."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.books.loader import BookError, load_book
from game.safe_json import MAX_INTEGER, MAX_STRING_CHARS, InputError, parse_json_text
from game.storage.saves import SaveError, SaveStore

ROOT = Path(__file__).resolve().parent.parent
V1 = ROOT / "tests" / "data" / "saves_v1" / "v1-df49-fight-undo.json"


@pytest.mark.slow
def test_five_hundred_mutated_books_and_saves_are_each_refused_clearly_or_accepted_safely():
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "fuzz_inputs.py"), "-n", "500", "--seed", "11", "--quiet"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "cases: 500 " in result.stdout and "failures (" in result.stdout and ": 0 - goal 0" in result.stdout
    assert re.search(r"odd files [1-9]\d* refused at once; failing writes [1-9]\d* survived", result.stdout)


def test_a_number_too_long_for_python_is_refused_with_its_path():
    error = pytest.raises(InputError, parse_json_text, "b.json", '{"a": [' + "7" * 5000 + "]}").value
    assert error.path == "$.a[0]" and "beyond the limit" in error.reason


@pytest.mark.parametrize("text", ["NaN", "Infinity", "-Infinity", "1e999", str(MAX_INTEGER + 1)])
def test_numbers_json_cannot_hold_exactly_are_refused(text):
    assert pytest.raises(InputError, parse_json_text, "b.json", f'{{"n": {text}}}').value.path == "$.n"


def test_a_string_longer_than_the_limit_is_refused():
    error = pytest.raises(InputError, parse_json_text, "b.json", json.dumps({"t": "x" * (MAX_STRING_CHARS + 1)})).value
    assert error.path == "$.t" and "more than the limit" in error.reason


def test_a_lone_surrogate_is_refused_before_it_can_break_a_later_save():
    error = pytest.raises(InputError, parse_json_text, "s.json", '{"notes": ["ok", "\\ud800"]}').value
    assert error.path == "$.notes[1]" and "surrogate" in error.reason


def test_a_book_with_a_huge_number_is_a_book_error(tmp_path):
    path = tmp_path / "DF31.json"
    path.write_text('{"kind": "fighting_fantasy", "id": "DF31", "series_number": ' + "9" * 5000 + "}")
    error = pytest.raises(BookError, load_book, path).value
    assert (error.file, error.path) == ("DF31.json", "$.series_number")


def save_with(tmp_path, change) -> SaveStore:
    data = json.loads(V1.read_text(encoding="utf-8"))
    change(data)
    store = SaveStore(tmp_path)
    store.path("x").write_text(json.dumps(data), encoding="utf-8")
    return store


@pytest.mark.parametrize("book", ["../../etc/passwd", "/etc/passwd", "a/b", "DF49/../DF31", "..\\x"])
def test_a_save_whose_book_id_points_outside_the_books_is_refused(tmp_path, book):
    store = save_with(tmp_path, lambda data: data.update(book=book))
    assert pytest.raises(SaveError, store.read, "x").value.path == "$.book"


@pytest.mark.parametrize("redo", ["abc", None, [1, 2], {"a": 1}])
def test_a_malformed_redo_list_is_refused_not_a_traceback(tmp_path, redo):
    store = save_with(tmp_path, lambda data: data["log"].update(redo=redo))
    assert pytest.raises(SaveError, store.read, "x").value.path.startswith("$.log.redo")


def test_dice_outside_any_die_are_refused_before_replay(tmp_path):
    store = save_with(tmp_path, lambda data: data["log"]["entries"][0].update(dice=[0, 7]))
    assert pytest.raises(SaveError, store.read, "x").value.path == "$.log.entries[0].dice[0]"


def test_a_start_hero_with_absurd_scores_is_refused(tmp_path):
    store = save_with(tmp_path, lambda data: data["log"].update(start={"hero": {"skill": 10**9}}))
    assert pytest.raises(SaveError, store.read, "x").value.path.startswith("$.log.start.hero")

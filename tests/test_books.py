"""Books are JSON: the loader validates them and names file, JSON path and reason."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from tool_helpers import run_tool

from game.books.loader import BookError, bundled_books_dir, load_book, load_shelf
from game.safe_json import MAX_FILE_BYTES, MAX_NESTING

ROOT = Path(__file__).resolve().parent.parent


def write_book(folder: Path, name: str, data) -> Path:
    path = folder / f"{name}.json"
    path.write_text(json.dumps(data, ensure_ascii=False) if not isinstance(data, str) else data, encoding="utf-8")
    return path


@pytest.fixture
def df31_data():
    return json.loads((bundled_books_dir() / "DF31.json").read_text(encoding="utf-8"))


def test_every_bundled_book_loads():
    shelf = load_shelf()
    assert {"DF31", "DF49", "DF64"} <= set(shelf.books)
    assert shelf.errors == []


def test_books_carry_french_and_english_titles():
    books = load_shelf().books
    assert books["DF31"].title.fr == "L'Empire des Hommes-Lézards" and books["DF31"].title.en == "Battleblade Warrior"
    assert books["DF49"].title.en == "Siege of Sardath"
    assert books["DF64"].title.fr == "La Nuit du Nécromancien"


def test_df49_counters_match_the_book(df49):
    counters = {c.id: (c.start, c.maximum) for c in df49.counters}
    assert counters == {"arrows": (6, 6), "gold": (15, None), "potions": (5, None), "herbs": (0, None)}


def test_df49_calendar_starts_on_tonnerdi_and_ends_on_haitadi(df49):
    days = df49.calendar.days
    assert len(days) == 7 and days[0].fr == "Tonnerdi" and days[6].fr == "Haitadi"
    assert df49.calendar.renamable == [1, 2, 3, 4, 5]


def test_which_actions_each_book_allows(df31, df49, df64):
    assert df31.meal and not df31.herb and not df31.potions and not df31.archery
    assert df49.herb and df49.potions and df49.archery and not df49.meal
    assert not df64.meal and not df64.herb and df64.death.may_continue


def test_df64_willpower_is_fixed_floored_and_uncapped(df64):
    will = df64.stat("willpower")
    assert (will.fixed, will.floor, will.capped_at_initial) == (6, 1, False)
    assert will.name.fr == "VOLONTÉ" and will.name.en == "WILLPOWER"


def test_a_wrong_type_names_file_path_and_reason(tmp_path, df31_data):
    df31_data["stats"][0]["roll"]["dice"] = "one"
    error = pytest.raises(BookError, load_book, write_book(tmp_path, "DF31", df31_data)).value
    assert (error.file, error.path) == ("DF31.json", "$.stats[0].roll.dice")
    assert error.reason == "must be a whole number"


def test_a_missing_field_is_named(tmp_path, df31_data):
    del df31_data["title"]
    error = pytest.raises(BookError, load_book, write_book(tmp_path, "DF31", df31_data)).value
    assert error.path == "$.title" and error.reason == "this field is required"


def test_an_unknown_field_is_called_out(tmp_path, df31_data):
    df31_data["combat"]["hit_damgae"] = 3
    error = pytest.raises(BookError, load_book, write_book(tmp_path, "DF31", df31_data)).value
    assert error.path == "$.combat.hit_damgae" and "not part of the file's format" in error.reason


def test_a_reference_to_a_missing_counter_is_refused(tmp_path, df31_data):
    df31_data["meal"]["counter"] = "rations"
    error = pytest.raises(BookError, load_book, write_book(tmp_path, "DF31", df31_data)).value
    assert error.path == "$.meal.counter" and "'rations' is not one of the counters" in error.reason


def test_the_id_must_match_the_file_name(tmp_path, df31_data):
    error = pytest.raises(BookError, load_book, write_book(tmp_path, "Other", df31_data)).value
    assert error.path == "$.id"


def test_invalid_json_reports_line_and_column(tmp_path):
    error = pytest.raises(BookError, load_book, write_book(tmp_path, "X", '{"id": }')).value
    assert "not valid JSON" in error.reason and "line 1" in error.reason


def test_invalid_utf8_is_refused(tmp_path):
    path = tmp_path / "X.json"
    path.write_bytes(b'{"id": "\xff"}')
    assert "not UTF-8" in pytest.raises(BookError, load_book, path).value.reason


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path):
    path = tmp_path / "X.json"
    path.write_text(" " * (MAX_FILE_BYTES + 1))
    assert "more than the limit" in pytest.raises(BookError, load_book, path).value.reason


def test_nesting_beyond_the_limit_is_refused(tmp_path):
    path = write_book(tmp_path, "X", "[" * (MAX_NESTING + 5) + "]" * (MAX_NESTING + 5))
    assert "nests deeper" in pytest.raises(BookError, load_book, path).value.reason


def test_a_broken_book_is_listed_and_the_others_still_load(tmp_path):
    for name in ("DF31", "DF49"):
        shutil.copy(bundled_books_dir() / f"{name}.json", tmp_path)
    write_book(tmp_path, "Broken", "[]")
    shelf = load_shelf(tmp_path)
    assert set(shelf.books) == {"DF31", "DF49"}
    assert [e.file for e in shelf.errors] == ["Broken.json"]


def test_the_schema_on_disk_is_current():
    result = run_tool("write_schema", "--check")
    assert result.returncode == 0, result.stdout


def test_a_mistyped_option_of_the_schema_tool_is_refused_and_writes_nothing():
    before = (ROOT / "books" / "book.schema.json").stat().st_mtime_ns
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "write_schema.py"), "--chek"], capture_output=True, text=True)
    assert result.returncode == 2 and "unrecognized arguments: --chek" in result.stderr
    assert (ROOT / "books" / "book.schema.json").stat().st_mtime_ns == before


def test_validate_books_tool_passes_on_the_bundled_books():
    result = run_tool("validate_books")
    assert result.returncode == 0, result.stdout
    assert "0 broken" in result.stdout


def test_validate_books_tool_reports_a_broken_book(tmp_path):
    write_book(tmp_path, "Bad", {"kind": "fighting_fantasy", "id": "Bad"})
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "validate_books.py"), str(tmp_path)], capture_output=True, text=True
    )
    assert result.returncode == 1
    assert "ERROR Bad.json: at title: this field is required" in result.stdout
    assert "Traceback" not in result.stderr


def test_validate_books_tool_says_every_error_in_words_with_plurals_and_no_json_path_jargon(tmp_path):
    data = json.loads((bundled_books_dir() / "FF1.json").read_text(encoding="utf-8"))
    data.update(id="Bad")
    data["section_count"] = "x"
    data["meal"]["counter"] = "nope"  # a reference: judged in the same pass as the field that failed
    write_book(tmp_path, "Bad", data)
    (tmp_path / "Broken.json").write_text("{oops", encoding="utf-8")
    result = run_tool("validate_books", str(tmp_path), str(tmp_path / "missing.json"))
    lines = result.stdout.splitlines()
    assert "ERROR Bad.json: at section_count: must be a whole number" in lines
    assert any(line.startswith("ERROR Bad.json: at meal.counter:") for line in lines)  # one pass: both errors
    assert any(line.startswith("ERROR Broken.json: is not valid JSON") for line in lines)
    assert f"ERROR {tmp_path / 'missing.json'}: the file or folder does not exist" in lines
    assert lines[-1] == "0 valid books, 3 broken files (4 errors)" and "$" not in result.stdout
    one = run_tool("validate_books", str(bundled_books_dir() / "FF1.json"))
    assert one.returncode == 0 and one.stdout.splitlines()[-1] == "1 valid book, 0 broken files (0 errors)"


def test_every_score_beyond_the_classic_three_says_what_it_means_in_both_languages():
    for book in load_shelf().books.values():
        for stat in getattr(book, "stats", []):
            if stat.id not in ("skill", "stamina", "luck"):
                assert stat.about is not None, f"{book.id}: {stat.id} has no 'about'"
                assert stat.about.fr and stat.about.en, f"{book.id}: {stat.id}'s 'about' lacks a language"


def _abbreviates(short: str, name: str) -> bool:
    """Each word of ``short`` is a word of ``name``, or (ending in ".") its letters in order within one."""
    words = name.upper().replace("'", " ").split()

    def within(abbreviation: str, word: str) -> bool:
        letters = iter(word)
        return abbreviation[0] == word[0] and all(letter in letters for letter in abbreviation)

    return all(
        part in words or part.endswith(".") and any(within(part.rstrip("."), word) for word in words)
        for part in short.upper().replace("'", " ").split()
    )


def test_a_scores_short_name_is_its_name_shortened_never_another_word():
    # Issue 30 item 13: FF13 called one score "FIREPOWER" on the sheet and "FIRE" on the board ("TIR" in French).
    for book in load_shelf(bundled_books_dir()).books.values():
        for stat in getattr(book, "stats", []):
            if stat.short is None:
                continue
            for language in ("fr", "en"):
                short, name = stat.short.get(language), stat.name.get(language)
                assert _abbreviates(short, name), f"{book.id} {stat.id}: {short!r} does not shorten {name!r}"

"""Book-defined mechanics: the model, its errors, and the cases runner given a folder of books."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.books.loader import BookError, bundled_books_dir, load_book, load_book_by_id, load_shelf
from game.rules.cases import case_files, run_file

ROOT = Path(__file__).resolve().parent.parent
MECHANICS = Path(__file__).parent / "data" / "mechanics"
SHIPPED = ("FF1", "FF2", "FF4", "FF10", "FF13", "FF20", "FF24", "SOR1")


@pytest.mark.parametrize("path", list(case_files([MECHANICS / "cases"])), ids=lambda p: p.name)
def test_mechanics_case_passes_with_its_book_folder(path):
    result = run_file(path, MECHANICS / "books")
    assert result.passed, result.reason


def test_the_runner_uses_the_books_folder_it_is_given():
    command = [sys.executable, "-m", "game.rules.cases"]
    cases = str(MECHANICS / "cases")
    with_books = subprocess.run([*command, "--books", str(MECHANICS / "books"), cases], capture_output=True, text=True, cwd=ROOT)
    without = subprocess.run([*command, cases], capture_output=True, text=True, cwd=ROOT)
    assert with_books.returncode == 0, with_books.stdout
    assert without.returncode == 1 and "MECH.json" in without.stdout
    shipped = subprocess.run(
        [*command, "--books", str(MECHANICS / "books"), "tests/cases/ff1-R-CHOOSE-1-only-one-potion.json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert shipped.returncode == 0, shipped.stdout  # a book not in the folder comes from the shipped ones


def test_every_shipped_book_loads_with_its_series_label():
    books = load_shelf().books
    assert set(SHIPPED) <= set(books)
    assert books["FF1"].label("en") == "FF 1" and books["FF1"].label("fr") == "DF 1"
    assert books["SOR1"].label("en") == "Sorcery! 1"
    assert books["DF31"].label("fr") == "DF 31" and books["DF64"].label("en") == "DF 64"  # as before any series


def test_the_ids_the_issue_asks_for():
    ff1, ff2 = load_book_by_id("FF1"), load_book_by_id("FF2")
    assert [o.id for o in ff1.step("potion").options] == ["skill", "stamina", "luck"]
    assert sorted(o.id for o in ff2.step("spells").options) == [
        "creature_copy",
        "esp",
        "fire",
        "fools_gold",
        "illusion",
        "levitation",
        "luck",
        "shielding",
        "skill",
        "stamina",
        "strength",
        "weakness",
    ]
    scores = {s.id for b in ("FF2", "FF10", "FF13", "FF4") for s in load_book_by_id(b).stats}
    assert {"magic", "fear", "firepower", "armour", "weapons", "shields"} <= scores


def test_shipped_books_carry_no_text_but_the_rules():
    for book_id in SHIPPED:
        book = load_book_by_id(book_id)
        assert book.sections == [] and book.notes is not None


def _broken(tmp_path: Path, change) -> BookError:
    data = json.loads((bundled_books_dir() / "FF2.json").read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "FF2.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return pytest.raises(BookError, load_book, path).value


def test_every_broken_reference_is_reported_at_its_own_path(tmp_path):
    def change(data):
        data["creation"][0]["options"][2]["grants"][0]["to"] = "counters.nope"
        data["spells"][0]["counter"] = "gone"
        data["creation"][0]["count"] = "mana"

    error = _broken(tmp_path, change)
    paths = {e.path for e in error.every()}
    assert paths == {"$.creation[0].options[2].grants[0].to", "$.spells[0].counter", "$.creation[0].count"}
    assert all("Value error" not in e.reason for e in error.every())


def test_field_errors_are_all_reported_in_plain_words(tmp_path):
    def change(data):
        data["stats"][3]["roll"]["dice"] = 0
        data["spells"][1]["when"] = "sometimes"
        data["creation"][0]["repeats"] = "maybe"

    errors = {e.path: e.reason for e in _broken(tmp_path, change).every()}
    assert set(errors) == {"$.stats[3].roll.dice", "$.spells[1].when", "$.creation[0].repeats"}
    assert errors["$.spells[1].when"].startswith("must be one of: 'any', 'fight', 'outside_fight'")


def test_a_threshold_needs_one_bound(tmp_path):
    def change(data):
        data["thresholds"] = [{"stat": "stamina", "consequence": "death"}]

    error = _broken(tmp_path, change)
    assert error.path == "$.thresholds[0]" and "exactly one of 'at_most' or 'at_least'" in error.reason


def _reachable_definitions(schema: dict, root: str) -> set[str]:
    seen, todo = set(), [root]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        text = json.dumps(schema["$defs"][name])
        todo += [ref.split('"')[0] for ref in text.split('"$ref": "#/$defs/')[1:]]
    return seen


def test_every_field_of_every_kind_of_book_has_a_description():
    from game.books.models import book_json_schema

    schema = book_json_schema()
    roots = _reachable_definitions(schema, "FightingFantasyBook") | _reachable_definitions(schema, "RolenplayBook")
    missing = [
        f"{name}.{field}"
        for name in sorted(roots)
        for field, spec in schema["$defs"][name].get("properties", {}).items()
        if not spec.get("description")
    ]
    assert missing == [] and len(roots) > 40

"""The odds command with a book's combat rules (issue 12: the odds honour every rule of the book)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from odds_helpers import table_fight_value

from game.rules.odds.__main__ import main

ROOT = Path(__file__).resolve().parent.parent


def test_creature_of_havoc_killing_double_gives_the_exact_published_figure(capsys):
    assert main(["--book", "FF24", "--hero", "7/20/9", "--creature", "11/20", "--json"]) == 0
    odds = json.loads(capsys.readouterr().out)["odds"]
    assert odds["p_win_no_luck"] == pytest.approx(0.8781329, abs=5e-8)
    assert odds["exact"] is True


def test_without_a_book_the_core_rules_apply(capsys):
    main(["--hero", "7/20/9", "--creature", "11/20", "--json"])
    assert json.loads(capsys.readouterr().out)["odds"]["p_win_no_luck"] < 0.01


def test_a_profile_the_book_does_not_have_is_refused_with_its_profiles(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--book", "FF13", "--profile", "boat", "--hero", "9/30/9", "--creature", "8/10"])
    assert exit_info.value.code == 2
    assert "its profiles: vehicle" in capsys.readouterr().err


def test_an_unknown_book_is_a_one_line_error(capsys):
    with pytest.raises(SystemExit):
        main(["--book", "NOPE", "--hero", "9/30/9", "--creature", "8/10"])
    assert "NOPE.json" in capsys.readouterr().err


def test_all_together_prints_the_odds_and_says_what_it_does_not_compute(capsys):
    assert main(["--hero", "10/20/9", "--creature", "8/6", "--creature", "7/5", "--mode", "together"]) == 0
    out = capsys.readouterr().out
    assert "P(win) never testing Luck" in out and "not computed" in out


@pytest.mark.parametrize("hero, creature, ratio", [("15/25", "13/20", 2), ("13/18", "13/20", 0), ("11/20", "13/15", -2)])
def test_a_results_table_fight_from_the_command_line_R_TABLE(capsys, hero, creature, ratio):
    # Issue 25 item 4: `--book <a table book> --hero COMBAT SKILL/ENDURANCE --creature ...` prints the exact odds.
    from game.books.loader import load_book

    path = ROOT / "tests" / "data" / "language" / "books" / "TABLE.json"
    assert main(["--book", str(path), "--hero", hero, "--creature", creature, "--json"]) == 0
    odds = json.loads(capsys.readouterr().out)["odds"]
    n, m = int(hero.split("/")[1]), int(creature.split("/")[1])
    table = load_book(path).combat.table
    cells = [row[table.column(ratio)] for row in table.rows]
    assert odds["exact"] and odds["p_win_no_luck"] == pytest.approx(table_fight_value(cells, n, m), abs=1e-9)


def test_a_vehicle_fight_is_rated_with_the_driver_alive(capsys):
    # FF13's vehicle fight wounds ARMOUR: the driver's STAMINA starts at the least its roll gives, not at 0 (dead).
    assert main(["--book", "FF13", "--profile", "vehicle", "--hero", "9/30/9", "--creature", "8/10"]) == 0
    out = capsys.readouterr().out
    assert "rules of FF13, vehicle fight" in out and "P(win) best Luck policy" in out


def test_a_fight_the_book_refuses_is_a_one_line_error(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--book", "FF24", "--hero", "7/0/9", "--creature", "11/20"])
    assert exit_info.value.code == 2
    assert "FF24 refuses this fight: the hero is dead" in capsys.readouterr().err

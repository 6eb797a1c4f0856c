"""What the dice overlay says for the sheet's rolls (game/scenes/sheet/rolls.py), read from the rules' entry."""

import pytest
from app_helpers import make_services

from game.rules.session import Entry
from game.scenes.sheet import rolls


@pytest.fixture
def ui(tmp_path):
    return make_services(tmp_path).ui


def test_a_test_shows_its_dice_the_total_against_the_score_and_a_good_verdict_when_it_succeeds_R_SKILL_1(ui):
    title, groups, verdict, tone = rolls.test_shown(ui, "Test your Skill", 9, "SKILL")(Entry({}, [3, 4], "success"))
    assert title == "Test your Skill" and [g.faces for g in groups] == [(3, 4)] and groups[0].sides == 6
    assert groups[0].detail == ui.t("sheet.roll_detail", total=7, target=9, stat="SKILL")
    assert verdict == ui.t("sheet.verdict_success") and tone == "good"


def test_an_unlucky_test_is_told_in_the_bad_tone(ui):
    *_, verdict, tone = rolls.test_shown(ui, "Test your Luck", 5, "LUCK")(Entry({}, [6, 5], "unlucky"))
    assert verdict == ui.t("sheet.verdict_unlucky") and tone == "bad"


def test_the_tray_shows_dice_of_the_sides_asked_and_their_total(ui):
    title, groups, verdict, tone = rolls.tray_shown(ui, "2d10")(Entry({}, [7, 10]))
    assert title == ui.t("powers.tray_title", dice="2d10") and groups[0].faces == (7, 10) and groups[0].sides == 10
    assert verdict == ui.t("powers.total", total=17) and tone == "neutral"


def test_a_spell_that_draws_no_dice_shows_no_dice_only_its_success(ui):
    assert rolls.cast_shown(ui, "Cast ZAP", "ZAP works")(Entry({}, [])) == ("Cast ZAP", [], "ZAP works", "good")


def test_a_spell_that_draws_dice_shows_them_with_their_total(ui):
    _, groups, _, _ = rolls.cast_shown(ui, "Cast FIRE", "FIRE works")(Entry({}, [4]))
    assert groups[0].faces == (4,) and groups[0].detail == ui.t("powers.total", total=4)

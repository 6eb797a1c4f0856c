"""Loup Solitaire on the screens (issue 25): the books are data; what the screens show comes from the files.

Nothing in game/ knows LW1 or LW2: these tests open the shipped files on the sheet, the rules help and
creation and check what a Kai sees (no Test of COMBAT SKILL, the weapon lost at -4, the Backpack's room).
"""

from __future__ import annotations

import pytest
from app_helpers import make_adventure, make_services

from game.app.navigator import Screen

KAI = {"skill": 15, "stamina": 25}


@pytest.fixture
def services(tmp_path):
    return make_services(tmp_path)


def test_the_sheet_has_no_test_of_combat_skill_and_no_luck(services):
    adventure = make_adventure(services, "LW1", hero=KAI)
    scene = services.navigator.build(Screen.SHEET, adventure)
    assert not scene.controls.hero.skill_button.visible
    assert not scene.controls.hero.luck_button.visible


def test_the_sheet_shows_the_backpacks_room_beside_the_meals(services):
    adventure = make_adventure(services, "LW1", hero=KAI)
    adventure.act({"do": "add_item", "list": "backpack", "text": "Corde"})
    scene = services.navigator.build(Screen.SHEET, adventure)
    scene.show_tab("tools")
    records = scene.view.tools.records
    assert "Sac à Dos (1 / 7) : Corde" in records  # 8 articles, the one Meal among them

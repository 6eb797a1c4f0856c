"""Showing the sheet in its controls (game/scenes/sheet/show.py): the view, the moment and the rules' word, no scene.

The sheet's own scene is only used to build its controls; ``show`` then gets a
stand-in judge, so what a control says comes from the judge it is given.
"""

import pytest
from app_helpers import make_adventure, make_services

from game.scenes.sheet.scene import SheetScene
from game.scenes.sheet.show import Moment, show


class RefusesAll:
    """A judge that refuses every action, naming it: each control it is asked about is disabled with that name."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def allow(self, widget, action) -> None:
        name = type(action).__name__
        self.asked.append(name)
        widget.set_enabled(False, f"no {name}")

    def allow_kind(self, widget, kind) -> None:
        self.asked.append(kind.__name__)
        widget.set_enabled(False, f"no {kind.__name__}")


@pytest.fixture
def sheet(tmp_path):
    services = make_services(tmp_path)
    return SheetScene(services, make_adventure(services, "DF31", ()))


def _moment(sheet, **changes) -> Moment:
    return Moment(**{**vars(sheet.moment()), **changes})


def _show(sheet, judge, moment=None) -> None:
    show(sheet.controls, sheet.view_now(), moment or sheet.moment(), sheet.regions, sheet.ui, sheet.book, judge)


def test_a_control_the_judge_refuses_is_disabled_with_the_judges_reason(sheet):
    judge = RefusesAll()
    _show(sheet, judge)
    hero, backpack = sheet.controls.hero, sheet.controls.backpack
    assert not hero.luck_button.enabled and hero.luck_button.disabled_reason == "no TestLuck"
    assert not hero.stat_counters["skill"].enabled and hero.stat_counters["skill"].disabled_reason == "no ChangeStat"
    assert not sheet.controls.top["fight"].enabled and sheet.controls.top["fight"].disabled_reason == "no StartFight"
    assert "AddItem" in judge.asked and not backpack.add_item_button.enabled


def test_the_moment_not_the_session_says_whether_undo_and_redo_act(sheet):
    _show(sheet, RefusesAll(), _moment(sheet, undo=(True, None), can_redo=True))
    assert sheet.controls.top["undo"].enabled and sheet.controls.top["redo"].enabled
    _show(sheet, RefusesAll(), _moment(sheet, undo=(False, "kept"), can_redo=False))
    assert sheet.controls.top["undo"].disabled_reason == "kept" and not sheet.controls.top["redo"].enabled


def test_a_locked_stand_disables_settings_chronicles_and_share(sheet):
    _show(sheet, RefusesAll(), _moment(sheet, locked=True))
    locked = [sheet.controls.top["settings"], *sheet.controls.side.journal_buttons[1:]]
    assert locked and all(not button.enabled for button in locked)


def test_the_journal_shows_the_moments_lines(sheet):
    _show(sheet, RefusesAll(), _moment(sheet, journal=("the newest", "the oldest")))
    assert list(sheet.controls.side.journal.items) == ["the newest", "the oldest"]

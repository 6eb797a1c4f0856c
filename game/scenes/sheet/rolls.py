"""What the dice overlay shows for the sheet's rolls, from the entry the rules wrote: a test of a score (LUCK,
SKILL or one the book makes testable), a spell that draws dice, the dice tray.

Each function gives the ``present`` that ``game.app.rolling.roll_action`` calls once the rules have rolled:
the overlay's title, its groups of dice, the verdict and its tone. They know the words of a roll, not the
sheet: the scene's intents pick the action and hand the rules' answer on.
"""

from __future__ import annotations

from collections.abc import Callable

from game.app.rolling import DiceGroup, Presentation
from game.rules.ff.outcome import good
from game.rules.session import Entry
from game.ui.context import UIContext

Present = Callable[[Entry], Presentation]
D6 = 6  # the sheet's tests and spells roll six-sided dice


def test_shown(ui: UIContext, title: str, target: int, stat: str) -> Present:
    """A test at or under ``target`` (the score called ``stat``): the dice, the total against the score, the verdict."""

    def present(entry: Entry) -> Presentation:
        verdict = ui.t(f"sheet.verdict_{entry.outcome}")
        detail = ui.t("sheet.roll_detail", total=sum(entry.dice), target=target, stat=stat)
        group = DiceGroup(ui.t("sheet.your_dice"), tuple(entry.dice), D6, detail)
        return title, [group], verdict, "good" if good(entry.outcome) else "bad"

    return present


def cast_shown(ui: UIContext, title: str, success: str) -> Present:
    """A spell cast: the dice its effect drew (a fire bolt's 1d6) with their total, or no overlay at all."""

    def present(entry: Entry) -> Presentation:
        total = ui.t("powers.total", total=sum(entry.dice))
        groups = [DiceGroup(title, tuple(entry.dice), D6, total)] if entry.dice else []
        return title, groups, success, "good"

    return present


def tray_shown(ui: UIContext, dice: str) -> Present:
    """The dice tray's ``dice`` ("2d6"): the dice and their total, no verdict's tone."""
    sides = int(dice.split("d")[1])

    def present(entry: Entry) -> Presentation:
        total = ui.t("powers.total", total=sum(entry.dice))
        group = DiceGroup(ui.t("powers.tray"), tuple(entry.dice), sides, total)
        return ui.t("powers.tray_title", dice=dice), [group], total, "neutral"

    return present

"""Generic tools every book needs: Test any testable score, and the dice tray."""

from __future__ import annotations

from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.ff.combat import test_luck, test_skill
from game.rules.ff.context import Context, known_stat
from game.rules.ff.effects import hero_died_outside_round
from game.rules.ff.state import DiceRoll, TestResult


def test(ctx: Context, action: a.Test) -> str:
    """Test a score the book makes testable: the book's dice at or under the score succeed (R-LUCK-1, R-SKILL-1)."""
    if action.stat == "luck":
        return test_luck(ctx, a.TestLuck(do="test_luck"))
    if action.stat == "skill":
        return test_skill(ctx, a.TestSkill(do="test_skill"))
    hero = ctx.living_hero()
    stat = known_stat(ctx.book, action.stat)
    rules = ctx.book.test_rules(stat)
    if rules is None:
        raise Refused("not_testable", f"{ctx.book.stat(stat).name.en} cannot be tested in this book", stat=stat)
    faces = ctx.roll(rules.dice, who="hero", what=stat)
    score = hero.scores[stat]
    outcome = "success" if sum(faces) <= score else "failure"
    if rules.cost:
        hero.scores[stat] = max(ctx.book.stat(stat).floor, score - rules.cost)
    ctx.state.last_test = TestResult(kind=stat, dice=faces, target=score, outcome=outcome)
    hero_died_outside_round(ctx)
    return outcome


def roll(ctx: Context, action: a.RollDice) -> None:
    """The dice tray: roll the dice asked for; the log keeps them; no score changes."""
    count, sides = (int(part) for part in action.dice.split("d"))
    faces = ctx.roll(count, sides, what="roll")
    ctx.state.last_roll = DiceRoll(dice=faces, total=sum(faces), formula=action.dice)

"""A round that may come back to its own scores: a wound of 0 (R-COMBAT-3's Lucky roll on armour, a damage of 0).

The states solver finds such a state's values as the fixed point of its own
round by Newton's method (policy iteration, ``states._newton``). Oracles:
closed forms, and the same fight unrolled round by round (a counter of rounds
left, spent by every round, so nothing comes back and nothing is conditioned
out), whose value rises to the loop's as the rounds left grow. Rule ids refer
to /work/shared/RULES.md.
"""

from __future__ import annotations

import pytest

from game.rules.odds import states
from game.rules.odds.cancel import Cancelled
from game.rules.odds.rounds import Outcome, Wound


def _armoured(win: float, lose: float, hero_absorbed: float, creature_absorbed: float, parry: float):
    """A round law: a blow each way (Luck may change either), and each side's armour stopping a blow to 0."""

    def law(state: tuple[int, ...]) -> tuple[tuple[Outcome, ...], ...]:
        return (
            (
                Outcome(win, (Wound("creature", 0, 2, 4, 1),)),
                Outcome(lose, (Wound("hero", 0, 2, 1, 3),)),
                Outcome(hero_absorbed, (Wound("hero", 0, 0, 0, 1),)),
                Outcome(creature_absorbed, (Wound("creature", 0, 0, 1, 0),)),
                Outcome(parry, ()),
            ),
        )

    return law


HEAVY = _armoured(0.02, 0.02, 0.5, 0.41, 0.05)  # a round comes back 96 % of the time
MEDIUM = _armoured(0.06, 0.06, 0.45, 0.38, 0.05)  # 83 %: unrolled, 500 rounds leave no fight unfinished but 1e-15
LIGHT = _armoured(0.2, 0.2, 0.3, 0.25, 0.05)


def _unrolled(law, rounds: int):
    """``law`` with a counter of rounds left that every round spends, and a fight lost when it runs out."""

    def counted(state: tuple[int, ...]) -> tuple[tuple[Outcome, ...], ...]:
        spend = Wound("counter", 0, 1)
        return tuple(tuple(Outcome(o.probability, (*o.wounds, spend)) for o in choice) for choice in law(state[:3]))

    def lost(state: tuple[int, ...]) -> bool:
        return state[3] == 0

    return counted, lost


def test_a_round_that_comes_back_solves_x_equals_a_plus_b_x() -> None:
    """R-COMBAT-3: win 0.01, lose 0.005, a blow stopped to 0 0.98, a parry 0.005: x = (0.01 + 0.98 x) / 0.995."""
    law = lambda state: (  # noqa: E731
        (
            Outcome(0.01, (Wound("creature", 0, 1),)),
            Outcome(0.005, (Wound("hero", 0, 1),)),
            Outcome(0.98, (Wound("hero", 0, 0, 0, 1),)),
            Outcome(0.005, ()),
        ),
    )
    value = states.solve(states.Fight(slots=(1, 0, 1), luck=0, law=law))
    assert value[0] == pytest.approx(2 / 3, abs=1e-12)


def test_an_even_heavy_armour_fight_without_luck_is_an_even_chance() -> None:
    """Both sides alike, no Test of Luck (LUCK 0, R-LUCK-1): P(win) is 1/2 exactly, however often rounds come back."""
    value = states.solve(states.Fight(slots=(8, 0, 8), luck=0, law=HEAVY))
    assert value[0] == pytest.approx(0.5, abs=1e-12)


@pytest.mark.parametrize("law", [MEDIUM, LIGHT], ids=["medium", "light"])
@pytest.mark.parametrize("luck", [0, 4, 7])
def test_the_loop_s_value_is_the_fight_unrolled_round_by_round(law, luck: int) -> None:
    """R-COMBAT-3, R-LUCK-1: the best Luck play of the loop equals the unrolled fight's, to 1e-9."""
    rounds = 500 if law is MEDIUM else 150
    counted, lost = _unrolled(law, rounds)
    unrolled = states.solve(states.Fight(slots=(3, 0, 3, rounds), luck=luck, law=counted, lost=lost, counters=1))
    looped = states.solve(states.Fight(slots=(3, 0, 3), luck=luck, law=law))
    assert looped == pytest.approx(unrolled, abs=1e-9)


def test_a_state_whose_round_comes_back_takes_a_handful_of_sweeps() -> None:
    """Newton on a convex piecewise-linear round ends when its play repeats: not the thousands value iteration took."""
    sweeps: dict[tuple[int, ...], int] = {}
    states.solve(states.Fight(slots=(8, 0, 8), luck=12, law=HEAVY), sweeps=sweeps)
    assert len(sweeps) == 64  # every state with both sides standing comes back
    assert max(sweeps.values()) <= 8


def test_a_fight_whose_round_may_come_back_is_planned_as_more_work() -> None:
    """The plan counts Newton's sweeps: a budget that fits the box without the loop does not fit it with the loop."""
    without = _armoured(0.2, 0.2, 0.3, 0.25, 0.05)
    plain = lambda state: tuple(  # noqa: E731  the same round, no blow stopped to 0
        tuple(Outcome(o.probability, tuple(Wound(w.side, w.index, w.damage or 1, 1, 2) for w in o.wounds)) for o in c)
        for c in without(state)
    )
    budget = states.cells(states.Fight(slots=(12, 0, 12), luck=12, law=plain)) * 12 * states.SECONDS_PER_UNIT * 2
    assert states.fits(states.Fight(slots=(12, 0, 12), luck=12, law=plain), budget, 10**9)
    assert not states.fits(states.Fight(slots=(12, 0, 12), luck=12, law=without), budget, 10**9)


def test_cancelling_stops_a_solve_inside_the_loop() -> None:
    """The odds worker's cancel is polled between Newton's sweeps, not only between levels of the box."""
    calls = 0

    def cancelled() -> bool:
        nonlocal calls
        calls += 1
        return calls > 2  # the two levels' polls pass; the loop's first poll cancels

    with pytest.raises(Cancelled):
        states.solve(states.Fight(slots=(1, 0, 1), luck=6, law=HEAVY), cancelled=cancelled)
    assert calls == 3

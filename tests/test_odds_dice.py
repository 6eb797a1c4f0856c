"""The Monte Carlo estimates' dice (game.rules.odds.together_mc.Dice): uniform, seeded, without numpy.random."""

import subprocess
import sys

import numpy as np
import pytest

from game.rules.odds.together_mc import Dice


@pytest.mark.parametrize("span", [2, 6, 36, 255, 256, 1296, 70_000])
def test_every_value_of_the_span_is_drawn_and_none_outside_it(span):
    drawn = Dice(3).integers(0, span, (span * 40,))
    assert drawn.min() == 0 and drawn.max() == span - 1
    assert np.unique(drawn).size == span or span > 1296  # the widest span is too wide to see every value


def test_a_roll_of_2d6_is_uniform_over_its_36_outcomes():
    counts = np.bincount(Dice(11).integers(0, 36, 360_000), minlength=36)
    expected = 10_000
    chi_square = float(((counts - expected) ** 2 / expected).sum())
    assert chi_square < 80  # 35 degrees of freedom: above 80 less than once in a million


def test_the_same_seed_draws_the_same_dice_and_another_seed_others():
    assert (Dice(7).integers(0, 36, (50, 3)) == Dice(7).integers(0, 36, (50, 3))).all()
    assert (Dice(7).integers(0, 36, 200) != Dice(8).integers(0, 36, 200)).any()


def test_the_shape_and_the_lowest_value_are_as_asked():
    drawn = Dice(1).integers(3, 9, (4, 5))
    assert drawn.shape == (4, 5) and drawn.min() >= 3 and drawn.max() <= 8


def test_an_estimate_imports_no_numpy_random():
    # Issue 28 (memory): numpy.random is 27 modules and 6.5 MiB for drawing integers; the executables leave it out.
    code = (
        "import sys\n"
        "from game.rules.odds import together_odds\n"
        "odds = together_odds(11, 20, 9, [(3 + i % 3, 10) for i in range(6)])\n"
        "print(odds.exact, 'numpy.random' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True)
    assert result.stdout.split() == ["False", "False"]


@pytest.mark.parametrize("low, high", [(0, 0), (5, 3), (0, 2**32), (0, 2**33)])
def test_a_span_no_word_holds_is_refused_not_drawn_forever(low, high):
    with pytest.raises(ValueError, match="high - low"):
        Dice(1).integers(low, high, 4)


def test_the_widest_span_a_word_holds_is_drawn():
    drawn = Dice(1).integers(0, 2**32 - 1, 8)
    assert drawn.min() >= 0 and drawn.max() < 2**32 - 1

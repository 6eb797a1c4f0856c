"""The whole one-to-one table at once (issue 17): the same values as the one-fight tables, Johnston's file format."""

from __future__ import annotations

import pytest

from game.rules.odds import CombatNumbers
from game.rules.odds.__main__ import main
from game.rules.odds.melee import cached_table
from game.rules.odds.table import full_table


@pytest.mark.parametrize(
    "numbers",
    [
        CombatNumbers(),
        CombatNumbers(double_kills=True),
        CombatNumbers(luck_allowed=False),
        CombatNumbers(hit=3, hit_lucky=5, wound_unlucky=4),
    ],
)
def test_the_whole_table_is_the_one_fight_tables_bit_for_bit(numbers):
    diffs = [-4, 0, 3]
    P, _ = full_table(diffs, numbers, 14, 12, 9)
    for i, diff in enumerate(diffs):
        one = cached_table(diff, numbers, 14, 12, 9)
        assert all(P[i, l, n, m] == one.p_win(n, m, l) for l in range(10) for n in range(1, 15) for m in range(1, 13))


def test_the_strategy_code_says_when_luck_is_tested():
    # R-COMBAT-3: a test is worth it when it raises P(win); at LUCK 0 or 1 it never is (R-LUCK-1).
    P, strategy = full_table([0], CombatNumbers(), 12, 12, 12)
    assert not strategy[0, :2].any()
    one = cached_table(0, CombatNumbers(), 12, 12, 12)
    test, accept = one.pending(2, 12, 12, "hero")
    assert bool(strategy[0, 12, 2, 12] & 2) == (test[0] > accept[0] + 1e-12)


def test_the_command_line_writes_johnstons_file(tmp_path):
    path = tmp_path / "optimal-strategies-4.txt"
    assert main(["--table", str(path)]) == 0
    lines = path.read_text(encoding="ascii").splitlines()
    assert len(lines) == 21 * 13 * 24 * 24
    kdiff, luck, shero, sopp, p, code = lines[0].split()
    assert (kdiff, luck, shero, sopp) == ("-10", "0", "1", "1") and code in "0123"
    # Published (SKILL difference 0, LUCK 12, STAMINAs 12/12): 0.8956654.
    row = next(x for x in lines if x.startswith("0 12 12 12 "))
    assert float(row.split()[4]) == pytest.approx(0.8956654, abs=1e-6)

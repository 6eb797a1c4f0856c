"""The whole one-to-one table at once (issue 17): every SKILL difference, LUCK, and pair of STAMINAs.

This is Johnston's table (arXiv:2002.10172: SKILL difference -10..10, LUCK
0..12, both STAMINAs 1..24, 157 248 values), computed with the same
recurrence as ``melee.build_table`` (R-COMBAT-1..4, R-LUCK-1, same Luck rule:
test when it raises P(win) by more than ``EPS``), P(win) only, vectorised with
numpy.  Every dependency of (l, n, m) has a smaller n + m (a blow or a wound
costs at least 1, a Luck test also lowers l), so all cells with the same
n + m, for every LUCK and every SKILL difference, are one vector: 48 steps
for the whole table.  The values are bit for bit those of ``build_table``.

``write_johnston`` writes the table in the format of Johnston's C program
(``kdiff luck shero sopp P strategy``, strategy = 2 x test-when-wounded +
test-when-hitting) so the two files can be compared line by line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import IO

import numpy as np

from .dice import CombatNumbers, p_2d6_at_most
from .melee import EPS, decisive_probabilities

__all__ = ["full_table", "write_johnston"]


def full_table(diffs: Sequence[int], numbers: CombatNumbers, N: int, M: int, L: int) -> tuple[np.ndarray, np.ndarray]:
    """(P, strategy), each shaped (len(diffs), L + 1, N + 1, M + 1).

    ``P[d, l, n, m]``: P(win) at the start of a round, best Luck policy, hero
    STAMINA n, creature STAMINA m, LUCK l, SKILL difference ``diffs[d]``.
    ``strategy``: 2 if Luck is tested when the creature wounds the hero, plus
    1 if it is tested when the hero wounds the creature (Johnston's code).
    """
    c = numbers
    probs = [decisive_probabilities(d, c) for d in diffs]
    p = np.array([x for x, _ in probs])[:, None, None]
    kill = np.array([k for _, k in probs])[:, None, None]
    q = np.where(kill > 0, 1.0 - p - kill, 1.0 - p)
    ps = np.array([p_2d6_at_most(l) for l in range(L + 1)])
    can = ((ps > 0.0) & c.luck_allowed)[None, :, None]
    ps, pf = ps[None, :, None], (1.0 - ps)[None, :, None]
    P = np.zeros((len(diffs), L + 1, N + 1, M + 1))
    P[:, :, 1:, 0] = 1.0  # the creature is dead (R-COMBAT-4)
    strategy = np.zeros(P.shape, dtype=np.int8)
    lv = np.arange(L + 1)[:, None]
    lm = np.maximum(lv - 1, 0)  # LUCK after a test (never below 0)
    for level in range(2, N + M + 1):
        n = np.arange(max(1, level - M), min(N, level - 1) + 1)[None, :]
        m = level - n
        # The hero's blow (R-COMBAT-3, first case): accept, or test for hit_lucky / hit_unlucky.
        cp = P[:, lv, n, np.maximum(m - c.hit, 0)]
        tp = ps * P[:, lm, n, np.maximum(m - c.hit_lucky, 0)] + pf * P[:, lm, n, np.maximum(m - c.hit_unlucky, 0)]
        test_hit = can & (tp > cp + EPS)
        cp = np.where(test_hit, tp, cp)
        # The creature's blow (second case): the test may save a hero at STAMINA 2.
        hp = P[:, lv, np.maximum(n - c.wound, 0), m]
        tp = ps * P[:, lm, np.maximum(n - c.wound_lucky, 0), m] + pf * P[:, lm, np.maximum(n - c.wound_unlucky, 0), m]
        test_wound = can & (tp > hp + EPS)
        hp = np.where(test_wound, tp, hp)
        value = p * cp + q * hp
        if c.double_kills:
            value += kill * P[:, lv, n, 0]
        P[:, lv, n, m] = value
        strategy[:, lv, n, m] = 2 * test_wound + test_hit
    return P, strategy


def write_johnston(
    out: IO[str],
    numbers: CombatNumbers | None = None,
    diffs: Sequence[int] = range(-10, 11),
    N: int = 24,
    M: int = 24,
    L: int = 12,
) -> int:
    """Write the table as Johnston's program does (one line a state); return the number of lines."""
    P, strategy = full_table(list(diffs), numbers or CombatNumbers(), N, M, L)
    lines: list[str] = []
    for d, diff in enumerate(diffs):
        for l in range(L + 1):
            for n in range(1, N + 1):
                row_p = P[d, l, n].tolist()
                row_s = strategy[d, l, n].tolist()
                lines.extend(f"{diff} {l} {n} {m} {row_p[m]:e} {row_s[m]}\n" for m in range(1, M + 1))
    out.write("".join(lines))
    return len(lines)

"""Benchmark of the exact fight odds (issue 4).  Prints figures, asserts nothing.

    /work/main/.venv/bin/python tools/bench_odds.py [--quick]

Goals on the 2-core reference machine: one fight warm < 1 ms, cold < 20 ms;
the full table (SKILL difference -10..10 x LUCK 0..12 x hero STAMINA 1..24 x
creature STAMINA 1..24) < 1.25 s.  The Monte Carlo line shows what the exact
answer saves: the time to estimate one fight to +-0.001 (95 %), as a ratio.
"""

from __future__ import annotations

import argparse
import math
import platform
import random
import statistics
import sys
import time

from game.rules.odds import archery_odds, fight_odds, sequence_odds, together_odds
from game.rules.odds import archery as _archery
from game.rules.odds import fight as _fight
from game.rules.odds import melee as _melee
from game.rules.odds import multi as _multi
from game.rules.odds.montecarlo import simulate_fight

HERO = (10, 24, 12)          # the largest table a created hero needs (R-CREATE-1)
CREATURE = (10, 24)


def _cold() -> None:
    _melee.clear_cache()
    _fight.fight_odds.cache_clear()
    _fight.luck_advice.cache_clear()
    _archery._archery_table.cache_clear()
    _multi._sequence.cache_clear()
    _multi.clear_cache()


def _median(fn, repeats: int, cold: bool) -> float:
    times = []
    for _ in range(repeats):
        if cold:
            _cold()
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def full_table() -> list[float]:
    """P(win), best Luck, for the whole grid, cold."""
    out = []
    for diff in range(-10, 11):
        t = _melee.cached_table(diff, _melee.CombatNumbers(), 24, 24, 12)
        P, idx = t.P, t.index
        out.extend(P[idx(n, m, l)] for l in range(13) for n in range(1, 25) for m in range(1, 25))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer repeats, Monte Carlo to +-0.003")
    args = ap.parse_args(argv)
    reps = 5 if args.quick else 21
    print(f"bench_odds: Python {platform.python_version()} on {platform.machine()}, "
          f"command: {sys.executable} tools/bench_odds.py{' --quick' if args.quick else ''}")

    hs, hst, hl = HERO
    cs, cst = CREATURE
    fight = lambda: fight_odds(hs, hst, hl, cs, cst)  # noqa: E731
    cold = _median(fight, reps, cold=True)
    _cold(); fight()
    warm = _median(fight, 2001, cold=False)
    # A state of the same fight not asked before: table hit, result not memoised.
    states = [(n, m, l) for n in range(1, 25) for m in range(1, 25) for l in range(13)]
    _cold(); fight()
    t = time.perf_counter()
    for n, m, l in states:
        fight_odds(hs, n, l, cs, m)
    new_state = (time.perf_counter() - t) / len(states)
    print(f"one fight {hs}/{hst}/{hl} vs {cs}/{cst}: cold {cold * 1e3:.2f} ms (goal < 20), "
          f"warm {warm * 1e6:.2f} us (goal < 1000), warm new state {new_state * 1e6:.2f} us "
          f"[median of {reps} cold / 2001 warm]")

    table = []
    def grid():  # noqa: E306
        table[:] = full_table()
    tt = _median(grid, 3 if args.quick else 7, cold=True)
    print(f"full table 21 x 13 x 24 x 24 = {len(table)} P(win): {tt:.3f} s "
          f"(goal < 1.25) [median of {3 if args.quick else 7}, cold]")

    # Monte Carlo of the same kind of fight to +-half_width at 95 %.
    half = 0.003 if args.quick else 0.001
    mc_fight = (10, 16, 9, 10, 12)
    exact_t = _median(lambda: fight_odds(*mc_fight), reps, cold=True)
    exact = fight_odds(*mc_fight).p_win_best_luck
    n = math.ceil(1.96 ** 2 * exact * (1 - exact) / half ** 2)
    t = time.perf_counter()
    mc = simulate_fight(random.Random(1), n, *mc_fight)
    mc_t = time.perf_counter() - t
    print(f"Monte Carlo {mc_fight[0]}/{mc_fight[1]}/{mc_fight[2]} vs {mc_fight[3]}/{mc_fight[4]} "
          f"to +-{half} (95 %): {n} fights, {mc_t:.2f} s, estimate {mc.p:.4f} vs exact "
          f"{exact:.4f}; exact cold {exact_t * 1e3:.2f} ms (median); ratio MC/exact = {mc_t / exact_t:,.0f}x")

    # Other models, cold (figures for docs/ODDS.md).
    rows = [
        ("archery 9/18/9 vs 8/12, 4 shots", lambda: archery_odds(9, 18, 9, 8, 12, shots_left=4, arrows=6)),
        ("sequence 10/24/12 vs 9/12, 8/10, 10/14", lambda: sequence_odds(10, 24, 12, [(9, 12), (8, 10), (10, 14)])),
        ("together 10/20/8 vs 6/4, 7/5 (DF64 case)", lambda: together_odds(10, 20, 8, [(6, 4), (7, 5)])),
        ("together 10/24/12 vs 8/8, 7/6", lambda: together_odds(10, 24, 12, [(8, 8), (7, 6)])),
        ("together 10/24/12 vs 7/6 x3 (identical)", lambda: together_odds(10, 24, 12, [(7, 6)] * 3)),
        ("together 10/24/12 vs 8/8, 7/6, 6/5", lambda: together_odds(10, 24, 12, [(8, 8), (7, 6), (6, 5)])),
        ("together 10/20/9 vs 9/10, 8/10, 7/10", lambda: together_odds(10, 20, 9, [(9, 10), (8, 10), (7, 10)])),
    ]
    for name, fn in rows:
        c = _median(fn, 1 if args.quick else 3, cold=True)
        w = _median(fn, 201, cold=False)
        print(f"{name}: cold {c * 1e3:.1f} ms, warm {w * 1e6:.1f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())

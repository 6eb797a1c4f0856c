"""Benchmark of the fight odds (issues 4 and 17).  Prints figures with the goal beside each; asserts nothing.

    .venv/bin/python tools/bench_odds.py [--quick] [--johnston BIN [--johnston-compute BIN]]

CPU seconds (``time.process_time`` / the children's rusage) are the figures:
the reference machine has 2 cores shared with other work, so wall time says
little.  Each all-together case runs in a fresh process, so its peak RSS is
its own (the interpreter and numpy included; the baseline is printed).

``--johnston BIN``: a build of I. G. Johnston's C program (arXiv:2002.10172,
``optimal-strategies.c``, compiled -O3 with its trace printing off; not part
of this project) to compare the whole one-to-one table with, run as
``BIN 0`` in a scratch folder; ``--johnston-compute BIN`` a build of it that
only computes (no file written) for the compute-only ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
from bench_common import children_cpu  # noqa: E402

HERO = (10, 24, 12)  # the largest hero creation allows (R-CREATE-1)
MiB = 1 << 20


def _hwm(field: str = "VmHWM") -> int:
    """Bytes of this process's peak (VmHWM) or current (VmRSS) resident set.

    Read from /proc: ``ru_maxrss`` of a child also counts the parent it was
    forked from, before its exec.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _one(spec: str) -> None:
    """Child process: one all-together fight, cold; print CPU, RSS and the answer as JSON."""
    import numpy  # noqa: F401  (the baseline includes it: every all-together fight imports it)

    from game.rules.odds import together_odds
    from game.rules.odds.dice import CombatNumbers
    from game.rules.odds.together_plan import groups_of, plan

    hero, creatures = json.loads(spec)
    base = _hwm()
    living = [tuple(c) for c in creatures]
    cost = plan(groups_of(living), sum(s for _, s in living), hero[1], hero[2], CombatNumbers())
    start = time.process_time()
    odds = together_odds(*hero, living)
    cpu = time.process_time() - start
    peak = _hwm()
    print(
        json.dumps(
            {
                "cpu": cpu,
                "peak": peak,
                "base": base,
                "exact": odds.exact,
                "p": odds.p_win_best_luck,
                "margin": odds.margin,
                "plan_s": cost.seconds,
                "plan_b": cost.bytes,
            }
        )
    )


def _one_solve(spec: str) -> None:
    """Child process: the exact all-together sweep itself (whatever the plan says), cold; print CPU and RSS growth."""
    import numpy  # noqa: F401  (as in _one: the baseline includes it)

    from game.rules.odds.dice import CombatNumbers
    from game.rules.odds.together import _slots
    from game.rules.odds.together_exact import solve
    from game.rules.odds.together_plan import groups_of

    hero, creatures = json.loads(spec)
    living = [tuple(c) for c in creatures]
    groups = groups_of(living)
    base = _hwm()
    start = time.process_time()
    solve(hero[0], CombatNumbers(), hero[1], hero[2], groups, _slots(groups, living))
    print(json.dumps({"cpu": time.process_time() - start, "grow": _hwm() - base}))


#: Fights of every shape the plan must read (issue 28): many hero STAMINA and LUCK points, many states.
PLAN_FIGHTS = [
    ((10, 24, 12), [(9, 12), (8, 12), (7, 12), (6, 12)]),
    ((10, 24, 12), [(9, 10), (8, 10), (7, 10), (6, 10)]),
    ((10, 24, 12), [(9, 20), (8, 20), (7, 20)]),
    ((10, 24, 12), [(8, 20)] * 4),
    ((10, 24, 12), [(8, 12)] * 5),
    ((10, 24, 12), [(9, 30), (8, 30), (7, 30)]),
    ((10, 20, 9), [(9, 100), (8, 100)]),
    ((10, 10, 0), [(9, 40), (8, 40), (7, 40)]),
    ((7, 10, 0), [(9, 200)] * 3),
    ((7, 12, 0), [(9, 120)] * 3),
    ((10, 6, 3), [(9, 30), (8, 30), (7, 30)]),
    ((12, 24, 12), [(7, 12)] * 6),
]


def plan_table(quick: bool) -> None:
    """The exact sweep's measured cost beside the plan's, and the least-squares fit of the plan's four terms."""
    import numpy as np

    from game.rules.odds.dice import CombatNumbers
    from game.rules.odds.together_plan import groups_of, plan

    print("The plan against the exact sweep (solve itself, cold, one process each, best of 2 CPU; growth over numpy):")
    features, measured = [], []
    for hero, creatures in PLAN_FIGHTS[:6] if quick else PLAN_FIGHTS:
        runs = [_child(hero, creatures, "--solve") for _ in range(1 if quick else 2)]
        r = min(runs, key=lambda r: r["cpu"])
        n, luck, k = hero[1], hero[2], len(creatures)
        cost = plan(groups_of(creatures), sum(s for _, s in creatures), n, luck, CombatNumbers())
        reached = cost.states * k * (3 if luck >= 2 else 1)
        features.append([reached * k * n * (luck + 1), cost.states * k * n * (luck + 1), cost.layers * n, reached])
        measured.append(r["cpu"])
        fight = f"{'/'.join(map(str, hero))} vs {len(creatures)}: {', '.join(f'{a}/{b}' for a, b in creatures[:4])}"
        print(
            f"  {fight:<46} {cost.states:>8} states  {r['cpu']:6.3f} s {r['grow'] / MiB:6.1f} MiB;  "
            f"plan {cost.seconds:6.3f} s ({cost.seconds / r['cpu']:.2f}x) "
            f"{cost.bytes / MiB:6.1f} MiB ({cost.bytes / r['grow']:.2f}x)"
        )
    a, y = np.array(features, dtype=float), np.array(measured)
    fit = np.linalg.lstsq(a / y[:, None], np.ones(len(y)), rcond=None)[0]  # relative errors
    ratio = y / (a @ fit)
    print(
        f"  least squares, s per value gathered / value swept / step / state reached: {fit[0]:.3g} {fit[1]:.3g} "
        f"{fit[2]:.3g} {fit[3]:.3g} (measured / fitted {ratio.min():.2f}-{ratio.max():.2f}); the plan takes 1.2x these"
    )


def _one_side(spec: str) -> None:
    """Child process: the hero's side (``party_odds``) cold, or all together without numpy; print CPU and RSS."""
    from game.rules.odds.party import party_odds
    from game.rules.odds.results import Budget

    hero, ally, creatures, together, alone = json.loads(spec)
    base = _hwm()
    start = time.process_time()
    odds = party_odds(
        *hero, *ally, tuple(tuple(c) for c in creatures), together=together, alone=alone, budget=Budget(60, 1 << 31)
    )
    cpu = time.process_time() - start
    print(json.dumps({"cpu": cpu, "peak": _hwm(), "base": base, "exact": odds.exact, "p": odds.p_win_best_luck}))


def _side_child(hero, ally, creatures, together=False, alone=None) -> dict:  # noqa: ANN001 - bench plumbing
    out = subprocess.run(
        [sys.executable, __file__, "--side", json.dumps([hero, ally, creatures, together, alone])],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, "OPENBLAS_NUM_THREADS": "1"},
    )
    return json.loads(out.stdout)


def side_table() -> None:
    """The hero's side (issue 30): the ally beside, the ally first, and all together without numpy."""
    from game.rules.odds.dice import CombatNumbers
    from game.rules.odds.party import _law
    from game.rules.odds.states import SECONDS_PER_UNIT, Fight, cells

    print("The hero's side (party_odds, pure Python; exact, cold, one process each; the plan's estimate beside):")
    cases = [
        ("hero 10/24/12 + ally 8/12 vs 9/12", (10, 24, 12), (8, 12), [(9, 12)], False, None),
        ("hero 12/24/12 + ally 12/24 vs 12/24 (largest)", (12, 24, 12), (12, 24), [(12, 24)], False, None),
        ("FF2 copy: 10/20/9, copy 9/10 alone first vs 9/10", (10, 20, 9), (9, 10), [(9, 10)], False, "until_down"),
        ("hero 10/20/9 + ally 8/10 vs 8/8, 7/6 in turn", (10, 20, 9), (8, 10), [(8, 8), (7, 6)], False, None),
        ("hero 10/20/9 + ally 8/10 vs 8/8, 7/6 together", (10, 20, 9), (8, 10), [(8, 8), (7, 6)], True, None),
    ]
    for name, hero, ally, creatures, together, alone in cases:
        r = _side_child(hero, ally, creatures, together, alone)
        c = CombatNumbers()
        law = _law(hero[0], False, ally[0], tuple(s for s, _ in creatures), together, alone, c, None)
        fight = Fight(slots=(hero[1], ally[1]) + tuple(m for _, m in creatures), luck=hero[2], law=law)
        branches = sum(3 ** sum(1 for w in o.wounds if w.lucky is not None) for ch in law(fight.slots) for o in ch)
        plan_s = cells(fight) * branches * SECONDS_PER_UNIT
        print(f"  {name:<52} {r['cpu']:6.3f} s {r['peak'] / MiB:6.1f} MiB  plan {plan_s:.2f} s  P(win) {r['p']:.4f}")


def numpy_latency() -> None:
    """In-app odds latency of all-together fights with numpy (import included) and without (pure Python)."""
    print(
        "All together, first answer in a fresh process: with numpy (together_odds, its import included) and "
        "without (the pure-Python solver of states.py), CPU and memory growth:"
    )
    cases = [
        ((10, 20, 9), c) for c in ([(8, 6), (7, 6)], [(8, 10), (7, 10)], [(8, 8)] * 3, [(9, 8), (8, 8), (7, 8)], [(8, 12)] * 4)
    ]
    cases.append(((10, 24, 12), [(9, 12), (8, 12), (7, 12), (6, 12)]))  # the book's largest all-together fight (issue 28)
    for hero, creatures in cases:
        with_numpy = _child_import(hero, creatures)
        without = _side_child(hero, (0, 0), creatures, True, None)
        fight = f"{'/'.join(map(str, hero))} vs {', '.join(f'{a}/{b}' for a, b in creatures)}"
        print(
            f"  {fight:<34} with numpy {with_numpy['cpu']:6.3f} s {'exact' if with_numpy['exact'] else 'estimate'} "
            f"+{(with_numpy['peak'] - with_numpy['base']) / MiB:5.1f} MiB; without {without['cpu']:6.3f} s "
            f"+{(without['peak'] - without['base']) / MiB:5.1f} MiB"
            + ("" if without["exact"] else " (beyond 60 s planned: an estimate)")
        )


def _child_import(hero: tuple[int, int, int], creatures: list[tuple[int, int]]) -> dict:
    code = (
        "import json,sys,time;sys.path.insert(0,'tools');import bench_odds as b;"
        "import game.rules.ff.odds_view;"  # the app has the odds view loaded, not numpy
        "base=b._hwm();t=time.process_time();from game.rules.odds import together_odds;"
        f"o=together_odds(*{tuple(hero)!r},{creatures!r});"
        "print(json.dumps({'cpu':time.process_time()-t,'peak':b._hwm(),'base':base,'exact':o.exact}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, "OPENBLAS_NUM_THREADS": "1"},
    )
    return json.loads(out.stdout)


def cold_command(args: argparse.Namespace) -> None:
    """The one-fight command, cold, against `python -c pass` and Johnston's C program for one SKILL difference."""
    reps = 5 if args.quick else 15
    with tempfile.TemporaryDirectory(prefix="bench-odds-") as scratch:
        bare = statistics.median(children_cpu([sys.executable, "-c", "pass"], scratch) for _ in range(reps))
        command = [sys.executable, "-m", "game.rules.odds", "--hero", "10/24/12", "--creature", "10/24"]
        ours = statistics.median(children_cpu(command, str(ROOT)) for _ in range(reps))
        print(
            f"One fight from the command line, cold ({' '.join(command[1:])}), median of {reps} CPU: "
            f"{ours * 1e3:.1f} ms; python -c pass {bare * 1e3:.1f} ms ({ours / bare:.2f}x)"
        )
        if args.johnston_one:
            c_one = statistics.median(children_cpu([args.johnston_one, "0"], scratch) for _ in range(reps))
            print(
                f"  Johnston's C for one SKILL difference: {c_one * 1e3:.1f} ms -> ours / C = {ours / c_one:.1f}x "
                f"(goal <= 3x: {'met' if ours <= 3 * c_one else 'NOT met'}; python -c pass alone is {bare / c_one:.1f}x)"
            )


def _child(hero: tuple[int, int, int], creatures: list[tuple[int, int]], mode: str = "--one") -> dict:
    """This script in a cold child process (``--one``: the odds as the app asks them; ``--solve``: the sweep)."""
    out = subprocess.run(
        [sys.executable, __file__, mode, json.dumps([hero, creatures])],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, "OPENBLAS_NUM_THREADS": "1"},
    )
    return json.loads(out.stdout)


def _row(name: str, hero: tuple[int, int, int], creatures: list[tuple[int, int]], goal: tuple[float, int] | None) -> None:
    r = _child(hero, creatures)
    kind = "exact" if r["exact"] else f"estimate ±{r['margin'] * 100:.2f} %"
    goal_s, goal_b = goal if goal else (2.0, 200 * MiB)
    met = r["cpu"] < goal_s and r["peak"] < goal_b
    print(
        f"  {name:<34} {r['cpu']:6.3f} s {r['peak'] / MiB:6.1f} MiB  "
        f"(goal < {goal_s:g} s, < {goal_b / MiB:.0f} MiB: {'met' if met else 'NOT met'})  "
        f"P(win) {r['p']:.4f} {kind}; plan {r['plan_s']:.2f} s {r['plan_b'] / MiB:.0f} MiB"
    )


def together_table(quick: bool) -> None:
    print(
        "All together, hero 10/24/12, cold, one process each "
        f"(baseline: interpreter + numpy ≈ {_child(HERO, [(8, 1), (8, 1)])['base'] / MiB:.0f} MiB RSS):"
    )
    _row("4 x 8/12 (same)", HERO, [(8, 12)] * 4, (0.5, 60 * MiB))
    _row("9/10, 8/10, 7/10, 6/10 (different)", HERO, [(9, 10), (8, 10), (7, 10), (6, 10)], (1.0, 100 * MiB))
    staminas = (10, 20) if quick else (10, 15, 20)
    for st in staminas:
        for k in (2, 3, 4):
            _row(f"{k} x 8/{st} (same)", HERO, [(8, st)] * k, None)
            _row(f"{k} different at {st} ({'/'.join(str(9 - i) for i in range(k))})", HERO, [(9 - i, st) for i in range(k)], None)
    _row("hero 12/24/12 vs 6 x 7/30 (board's largest)", (12, 24, 12), [(7, 30)] * 6, None)
    _row("hero 12/24/12 vs 6 different at 30 (9..4)", (12, 24, 12), [(9 - i, 30) for i in range(6)], None)


def single_table(args: argparse.Namespace) -> None:
    from game.rules.odds import CombatNumbers
    from game.rules.odds.table import full_table

    reps = 3 if args.quick else 7
    times = []
    for _ in range(reps):
        start = time.process_time()
        full_table(list(range(-10, 11)), CombatNumbers(), 24, 24, 12)
        times.append(time.process_time() - start)
    compute = statistics.median(times)
    with tempfile.TemporaryDirectory(prefix="bench-odds-") as scratch:
        ours = statistics.median(
            children_cpu([sys.executable, "-m", "game.rules.odds", "--table", str(Path(scratch) / "ours.txt")], str(ROOT))
            for _ in range(3)
        )
        print("Whole one-to-one table (21 x 13 x 24 x 24 = 157 248 values, Johnston 2020):")
        print(f"  compute, in process (numpy, median of {reps}): {compute * 1e3:.1f} ms")
        print(f"  whole process writing his file format (python -m game.rules.odds --table): {ours:.3f} s")
        if args.johnston:
            c_whole = statistics.median(children_cpu([args.johnston, "0"], scratch) for _ in range(3))
            print(
                f"  his C program -O3, trace off, whole process: {c_whole:.3f} s -> ours / C = "
                f"{ours / c_whole:.2f}x (goal <= 1x: {'met' if ours <= c_whole else 'NOT met'})"
            )
            _compare(Path(scratch) / "ours.txt", Path(scratch) / "optimal-strategies-4.txt")
            if args.johnston_compute:
                compute_dir = Path(scratch) / "compute"  # it still opens (and empties) its file
                compute_dir.mkdir()
                c_compute = statistics.median(children_cpu([args.johnston_compute, "0"], str(compute_dir)) for _ in range(3))
                print(
                    f"  his C program, compute only: {c_compute * 1e3:.0f} ms -> ours / C = "
                    f"{compute / max(c_compute, 1e-3):.2f}x (goal <= 1x: "
                    f"{'met' if compute <= c_compute else 'NOT met'}; CPU time has 10 ms resolution)"
                )
        else:
            print("  (give --johnston BIN for the ratio to his C program)")


def _compare(ours: Path, his: Path) -> None:
    worst = 0.0
    differ = lines = 0
    with ours.open() as a, his.open() as b:
        for x, y in zip(a, b):
            lines += 1
            xa, ya = x.split(), y.split()
            p, q = float(xa[4]), float(ya[4])
            worst = max(worst, abs(p - q))
            differ += xa[5] != ya[5]
    print(
        f"  same file ({lines} lines compared): largest difference {worst:.1e} "
        f"(one unit of the 7th printed digit at most: both sides round their own value); "
        f"strategy codes differ in {differ} states, all where a test changes P(win) by under "
        f"1e-12 (his tie rule is relative, 1e-10 x P; ours absolute, 1e-12)"
    )


def numpy_cost() -> None:
    import numpy

    here = str(Path(__file__).parent)
    code = (
        f"import sys,time;sys.path.insert(0,{here!r});import bench_odds as b;a=b._hwm('VmRSS');"
        "t=time.process_time();import numpy;print(time.process_time()-t, b._hwm('VmRSS')-a)"
    )
    cpu, rss = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env={**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    ).stdout.split()
    root = Path(numpy.__file__).parent
    size = sum(f.stat().st_size for d in (root, root.parent / "numpy.libs") if d.exists() for f in d.rglob("*") if f.is_file())
    print(
        f"numpy {numpy.__version__}: import {float(cpu) * 1e3:.0f} ms CPU, "
        f"+{int(rss) / MiB:.0f} MiB RSS, {size / MiB:.0f} MiB installed "
        "(imported only when a fight of several creatures at once is rated, or for the whole table)"
    )


def one_fight(quick: bool) -> None:
    from game.rules.odds import clear_caches, fight_odds
    from game.rules.odds.montecarlo import simulate_fight

    reps = 5 if quick else 21
    times = []
    for _ in range(reps):
        clear_caches()
        start = time.process_time()
        fight_odds(*HERO, 10, 24)
        times.append(time.process_time() - start)
    print(
        f"One fight 10/24/12 vs 10/24, cold (pure Python, median of {reps}): "
        f"{statistics.median(times) * 1e3:.1f} ms (goal < 20 ms)"
    )
    exact = fight_odds(10, 16, 9, 10, 12).p_win_best_luck
    half = 0.003 if quick else 0.001
    n = int(1.96**2 * exact * (1 - exact) / half**2) + 1
    start = time.process_time()
    mc = simulate_fight(random.Random(1), n, 10, 16, 9, 10, 12)
    print(
        f"Monte Carlo 10/16/9 vs 10/12 to ±{half} (95 %): {n} fights, "
        f"{time.process_time() - start:.2f} s, {mc.p:.4f} against exact {exact:.4f}"
    )


def _one_bound(spec: str) -> None:
    """Child process: the board's answer for a fight beyond the budget (an estimate) and the exact one, solved
    with no budget; print both as JSON (the exact's CPU and peak RSS beside)."""
    from game.rules.odds import together_odds
    from game.rules.odds.party import party_odds
    from game.rules.odds.results import Budget, FightOdds

    hero, ally, creatures = json.loads(spec)
    living = tuple(tuple(c) for c in creatures)
    unbounded = Budget(120, 4 << 30)

    def rate(budget: Budget) -> FightOdds:
        if ally is None:
            return together_odds(*hero, list(living), budget=budget)
        return party_odds(*hero, *ally, living, together=True, budget=budget)

    shown = rate(Budget())
    start = time.process_time()
    exact = rate(unbounded)
    cpu = time.process_time() - start
    print(
        json.dumps(
            {
                "shown_exact": shown.exact,
                "p": shown.p_win_best_luck,
                "margin": shown.margin,
                "at_least": shown.at_least[1],
                "never": shown.p_win_no_luck,
                "never_at_least": shown.at_least[0],
                "truth": exact.p_win_best_luck,
                "truth_never": exact.p_win_no_luck,
                "truth_exact": exact.exact,
                "cpu": cpu,
                "peak": _hwm(),
            }
        )
    )


def bounds_table() -> None:
    """Issue 28 item 5: what the board shows for a fight beyond the exact budget, against the exact answer."""
    print(
        "Beyond the budget: the board's estimate (a stated play, seeded) and its lower bound against the exact "
        "value solved without a budget (one process each):"
    )
    cases = [
        ("hero 10/24/12 vs 9/14, 8/14, 7/14, 6/14", HERO, None, [(9 - i, 14) for i in range(4)]),
        ("hero 10/24/12 vs 9/15, 8/15, 7/15, 6/15", HERO, None, [(9 - i, 15) for i in range(4)]),
        ("hero 10/24/12 vs 9/8 .. 5/8 (five)", HERO, None, [(9 - i, 8) for i in range(5)]),
        ("hero 10/20/9 + ally 8/10 vs 8/8, 7/6", (10, 20, 9), (8, 10), [(8, 8), (7, 6)]),
    ]
    held = 0
    for name, hero, ally, creatures in cases:
        out = subprocess.run(
            [sys.executable, __file__, "--bound", json.dumps([hero, ally, creatures])],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={**os.environ, "OPENBLAS_NUM_THREADS": "1"},
        )
        r = json.loads(out.stdout)
        shown = "exact" if r["shown_exact"] else f"{r['p']:.4f} ± {r['margin']:.4f}, shown ≥ {r['at_least']:.4f}"
        holds = r["at_least"] <= r["truth"] + 1e-12 and r["never_at_least"] <= r["truth_never"] + 1e-12
        held += holds
        inside = abs(r["p"] - r["truth"]) <= r["margin"]
        print(
            f"  {name:<42} best Luck: board {shown}; exact {r['truth']:.4f} "
            f"({r['cpu']:.2f} s, {r['peak'] / MiB:.0f} MiB) -> bound {'holds' if holds else 'BROKEN'}, "
            f"exact {'inside' if inside else 'outside'} the estimate's ± (a stated play, below the best); "
            f"never Luck: {r['never']:.4f} (≥ {r['never_at_least']:.4f}) vs {r['truth_never']:.4f}"
        )
    print(f"  lower bounds that hold: {held} of {len(cases)} (goal: all)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer repeats and cases")
    ap.add_argument("--johnston", metavar="BIN", help="Johnston's C program, built -O3, trace off")
    ap.add_argument("--johnston-compute", metavar="BIN", help="the same, computing only")
    ap.add_argument(
        "--johnston-one",
        metavar="BIN",
        help="the same, its SKILL difference loop cut to one difference (the cold command's yardstick)",
    )
    ap.add_argument("--only", choices=("cold", "together", "side", "numpy", "bounds", "plan"), help="one part of the bench")
    ap.add_argument("--one", help=argparse.SUPPRESS)
    ap.add_argument("--solve", help=argparse.SUPPRESS)
    ap.add_argument("--side", help=argparse.SUPPRESS)
    ap.add_argument("--bound", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.bound:
        _one_bound(args.bound)
        return 0
    if args.one:
        _one(args.one)
        return 0
    if args.solve:
        _one_solve(args.solve)
        return 0
    if args.side:
        _one_side(args.side)
        return 0
    print(
        f"bench_odds: Python {platform.python_version()} on {platform.machine()}, "
        f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; "
        f"command: {sys.executable} tools/bench_odds.py {' '.join(argv or sys.argv[1:])}"
    )
    parts = {
        "cold": lambda: cold_command(args),
        "together": lambda: together_table(args.quick),
        "side": side_table,
        "numpy": lambda: (numpy_cost(), numpy_latency()),
        "bounds": bounds_table,
        "plan": lambda: plan_table(args.quick),
    }
    if args.only:
        parts[args.only]()
        return 0
    one_fight(args.quick)
    cold_command(args)
    single_table(args)
    numpy_cost()
    numpy_latency()
    together_table(args.quick)
    side_table()
    bounds_table()
    plan_table(args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())

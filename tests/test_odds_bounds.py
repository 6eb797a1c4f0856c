"""Bounded odds everywhere (issue 23, row 6): any accepted score answers within the budget, labelled.

Nothing the sheet, the board, the command line or an imported run accepts (scores 0-999) may build a
table beyond the budget: LUCK past what a fight can spend is collapsed (exactly), and a fight still too
large gets its exact no-Luck odds and a seeded estimate of the best-Luck odds, said to be one.
Rule ids refer to /work/shared/RULES.md.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules.odds import Budget, CombatNumbers, archery_odds, clear_caches, fight_odds, luck_advice, melee, sequence_odds
from game.rules.odds.bounded import no_luck_p_win
from game.rules.odds.melee import build_table, decisive_probabilities, luck_levels, table_cells
from game.rules.odds.montecarlo import simulate_fight

ROOT = Path(__file__).resolve().parent.parent
NOTHING_FITS = Budget(seconds=0.0, bytes=0)
BOOK_RULES = [
    CombatNumbers(),
    CombatNumbers(double_kills=True),
    CombatNumbers(hit=3, hit_lucky=5, hit_unlucky=2, wound=1, wound_lucky=1, wound_unlucky=2),
    CombatNumbers(luck_allowed=False),
]


@pytest.mark.parametrize("numbers", BOOK_RULES)
@pytest.mark.parametrize("diff, n, m", [(0, 12, 12), (-3, 20, 9), (4, 7, 22), (2, 1, 1)])
def test_no_luck_odds_of_any_size_equal_the_exact_table(numbers, diff, n, m):
    # R-COMBAT-1..4: the closed form (and, with a killing double, the sum over blows and wounds)
    # gives the LUCK 0 slice of the exact recursion.
    p, p_kill = decisive_probabilities(diff, numbers)
    exact = build_table(p, numbers, n, m, 0, p_kill=p_kill).p_win(n, m, 0)
    assert no_luck_p_win(diff, n, m, numbers) == pytest.approx(exact, abs=1e-12)


def test_no_luck_odds_of_staminas_in_the_hundreds_neither_overflow_nor_underflow():
    assert no_luck_p_win(0, 999, 999, CombatNumbers()) == pytest.approx(0.5, abs=1e-12)  # the same fight both ways
    assert 0.0 <= no_luck_p_win(-9, 999, 999, CombatNumbers(double_kills=True)) <= 1.0
    assert no_luck_p_win(9, 999, 999, CombatNumbers()) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("numbers", BOOK_RULES)
def test_luck_beyond_what_a_fight_can_spend_is_collapsed_exactly(numbers):
    # LUCK 12 and more always succeeds (R-LUCK-1); a fight from (n, m) has at most n + m - 1 decisive rounds.
    n, m, luck = 6, 5, 40
    assert luck_levels(n, m, luck, numbers) == (0 if not numbers.luck_allowed else n + m + 10)
    clear_caches()
    odds = fight_odds(10, n, luck, 9, m, numbers=numbers)
    p, p_kill = decisive_probabilities(1, numbers)
    full = build_table(p, numbers, n, m, luck, p_kill=p_kill)  # every LUCK level, no collapse
    win, stamina, kept = full.value(n, m, luck)
    assert odds.exact
    assert odds.p_win_best_luck == pytest.approx(win, abs=1e-12)
    assert odds.expected_stamina_after_win == pytest.approx(stamina / win, abs=1e-9)
    assert odds.expected_luck_after_win == pytest.approx(kept / win, abs=1e-9)


def test_a_luck_of_999_against_a_small_creature_is_exact_and_instant():
    assert table_cells(5, 5, 999, CombatNumbers()) == 6 * 6 * 21
    odds = fight_odds(10, 5, 999, 8, 5)
    assert odds.exact and odds.p_win_best_luck > odds.p_win_no_luck


def test_beyond_the_budget_the_no_luck_odds_stay_exact_and_the_best_luck_odds_are_a_lower_estimate():
    clear_caches()
    exact = fight_odds(10, 16, 9, 10, 12)
    estimate = fight_odds(10, 16, 9, 10, 12, budget=NOTHING_FITS)
    assert exact.exact and not estimate.exact and estimate.no_luck_exact
    assert estimate.p_win_no_luck == pytest.approx(exact.p_win_no_luck, abs=1e-12)
    never, best = estimate.at_least
    # The estimate is of a stated heuristic play: the best play's exact odds are at least its lower bound
    # (95 % confidence; seeded, so this is one fixed draw), and the heuristic is not far below the best.
    assert best <= exact.p_win_best_luck
    assert estimate.p_win_best_luck == pytest.approx(exact.p_win_best_luck, abs=estimate.margin + 0.02)
    assert estimate.margin > 0 and estimate.samples > 0


def test_the_no_luck_odds_of_a_large_fight_agree_with_an_independent_simulation():
    # An independent check of the closed form where no table is built: seeded Monte Carlo of real rounds
    # (ties included), 20 000 fights: 4 standard errors are under 0.015.
    numbers = CombatNumbers(double_kills=True)
    mc = simulate_fight(random.Random(23), 20_000, 9, 30, 0, 10, 30, numbers=numbers, use_luck=False)
    assert no_luck_p_win(-1, 30, 30, numbers) == pytest.approx(mc.p, abs=4 * mc.stderr)


def test_advice_beyond_the_budget_is_an_estimate_and_says_so():
    advice = luck_advice(10, 16, 9, 10, 12, "hero", budget=NOTHING_FITS)
    assert not advice.exact
    exact = luck_advice(10, 16, 9, 10, 12, "hero")
    assert exact.exact
    assert advice.accept == pytest.approx(exact.accept, abs=0.05)


def test_arrows_in_a_fight_too_large_are_rated_as_closing_at_once_a_lower_bound():
    # R-BOW-4 Decision: the hero may close to melee at any time, so the odds with arrows are at least these.
    odds = archery_odds(12, 999, 999, 12, 999, shots_left=999, arrows=999)
    melee_now = fight_odds(12, 999, 999, 12, 999)
    assert not odds.exact and not odds.no_luck_exact
    assert odds.p_win_best_luck == melee_now.p_win_best_luck


def test_one_after_another_beyond_the_budget_is_an_estimate():
    odds = sequence_odds(12, 999, 12, [(12, 999), (5, 999)])
    assert not odds.exact and not odds.no_luck_exact and 0.0 <= odds.at_least[1] <= odds.p_win_best_luck <= 1.0


def test_one_after_another_estimate_agrees_with_the_exact_chain_within_its_margin():
    exact = sequence_odds(10, 18, 8, [(7, 8), (8, 6)])
    estimate = sequence_odds(10, 18, 8, [(7, 8), (8, 6)], budget=NOTHING_FITS)
    # Never testing Luck is a fully stated play one after another (no target to choose): an estimate of it.
    assert estimate.p_win_no_luck == pytest.approx(exact.p_win_no_luck, abs=estimate.margin + 0.005)
    assert estimate.at_least[1] <= exact.p_win_best_luck


def test_tables_kept_between_fights_are_bounded():
    clear_caches()
    for creature in range(1, 60):
        fight_odds(12, 60, 12, 8, creature + 40)
    kept = sum(t.cells for t in melee._TABLES.values())
    newest = list(melee._TABLES.values())[-1].cells
    assert kept <= max(melee.KEEP_CELLS, newest)


def _odds_cli_under_a_memory_limit(*args: str) -> subprocess.CompletedProcess[str]:
    limit = 200 * 1024  # KiB of address space: 200 MiB, numpy and its libraries included
    code = f"ulimit -v {limit}; exec {sys.executable} -m game.rules.odds " + " ".join(args)
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    # The timeout only turns a hang into a failure; speed is measured by tools/bench_odds.py.
    return subprocess.run(["bash", "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)


@pytest.mark.parametrize(
    "hero, creature", [("999/999/999", "999/999"), ("12/999/12", "12/999"), ("0/999/999", "999/999"), ("999/1/0", "0/999")]
)
def test_the_largest_scores_the_command_accepts_answer_under_a_200_mib_limit(hero, creature):
    done = _odds_cli_under_a_memory_limit("--hero", hero, "--creature", creature)
    assert done.returncode == 0, done.stderr
    assert "P(win) best Luck policy" in done.stdout


def test_the_command_says_when_a_figure_is_an_estimate():
    done = _odds_cli_under_a_memory_limit("--hero", "12/999/12", "--creature", "12/999")
    assert done.returncode == 0, done.stderr
    assert "seeded Monte Carlo estimate" in done.stdout and "(at least " in done.stdout

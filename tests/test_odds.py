"""Exact fight odds and the Luck advisor (issue 4): worked values and identities.

Rule ids refer to /work/shared/RULES.md.
"""

from __future__ import annotations

import json
from functools import cache

import pytest

from game.rules.odds import (
    CombatNumbers,
    FightOdds,
    LuckAdvice,
    archery_odds,
    fight_odds,
    luck_advice,
    missed_arrow_advice,
    p_win_closed_form,
    sequence_odds,
    together_odds,
)
from game.rules.odds.__main__ import main
from game.rules.odds.dice import p_2d6_at_most, round_probability
from game.rules.odds.together_plan import Budget

# Published by the code of I. G. Johnston, arXiv:2002.10172:
# (hero SKILL - creature SKILL, hero LUCK, hero STAMINA, creature STAMINA) -> P(win), best Luck.
PUBLISHED = [
    (0, 0, 24, 12, 0.9282684),
    (2, 0, 18, 10, 0.9984532),
    (0, 12, 12, 12, 0.8956654),
    (-4, 6, 16, 8, 0.04748118),
    (4, 12, 5, 24, 0.9678323),
]


@pytest.mark.parametrize("diff, luck, hero_st, cr_st, expected", PUBLISHED)
def test_best_luck_matches_published_values(diff, luck, hero_st, cr_st, expected):
    # R-COMBAT-1..4 with the R-COMBAT-3 Luck choice after every wound.
    odds = fight_odds(10 + diff, hero_st, luck, 10, cr_st)
    assert odds.p_win_best_luck == pytest.approx(expected, abs=1e-7)


@pytest.mark.parametrize("diff, luck, hero_st, cr_st, expected", PUBLISHED)
def test_luck_zero_best_policy_equals_no_luck(diff, luck, hero_st, cr_st, expected):
    # R-LUCK-1: at LUCK 0 every test fails, so the best policy never tests.
    odds = fight_odds(10 + diff, hero_st, 0, 10, cr_st)
    assert odds.p_win_best_luck == odds.p_win_no_luck


def test_luck_one_is_worth_nothing():
    # R-LUCK-1: at LUCK 1 a test always fails too.
    assert fight_odds(9, 14, 1, 10, 12).p_win_best_luck == fight_odds(9, 14, 0, 10, 12).p_win_best_luck


@pytest.mark.parametrize("diff", [-6, -3, 0, 1, 5])
@pytest.mark.parametrize("hero_st, cr_st", [(1, 1), (2, 7), (13, 6), (24, 24), (5, 19)])
def test_no_luck_dp_matches_negative_binomial_closed_form(diff, hero_st, cr_st):
    # R-COMBAT-2/4: without Luck the fight is a race of decisive rounds.
    dp = fight_odds(10 + diff, hero_st, 9, 10, cr_st).p_win_no_luck
    assert dp == pytest.approx(p_win_closed_form(diff, hero_st, cr_st), abs=1e-12)


def test_p_death_is_the_complement_of_best_luck_win():
    # R-COMBAT-4: the fight always ends with one side at STAMINA 0.
    odds = fight_odds(9, 15, 8, 9, 11)
    assert odds.p_death == pytest.approx(1.0 - odds.p_win_best_luck, abs=1e-15)


def test_one_decisive_round_fight_is_the_round_probability():
    # R-COMBAT-2: STAMINA 2 each, 2 damage a blow, no Luck: the first wound decides.
    odds = fight_odds(10, 2, 0, 8, 2)
    assert odds.p_win_best_luck == pytest.approx(round_probability(2), abs=1e-15)
    assert odds.expected_stamina_after_win == 2.0
    assert odds.expected_luck_after_win == 0.0


def test_attack_modifier_shifts_attack_strength_only():
    # R-COMBAT-6: fists are -2 Attack Strength, the same as 2 SKILL less in melee.
    assert fight_odds(10, 18, 9, 8, 10, attack_modifier=-2) == fight_odds(8, 18, 9, 8, 10)


def test_damage_numbers_are_inputs():
    # R-COMBAT-2: a book dealing 3 a blow changes the race; the closed form agrees.
    numbers = CombatNumbers(hit=3, wound=3)
    odds = fight_odds(10, 12, 0, 10, 12, numbers=numbers)
    assert odds.p_win_no_luck == pytest.approx(p_win_closed_form(0, 12, 12, numbers), abs=1e-12)
    assert odds != fight_odds(10, 12, 0, 10, 12)


def test_invalid_damage_numbers_are_refused():
    with pytest.raises(ValueError, match="hit"):
        CombatNumbers(hit=0)


def test_negative_score_is_refused_with_a_message():
    with pytest.raises(ValueError, match="hero STAMINA"):
        fight_odds(10, -1, 5, 8, 8)


def test_fight_already_won_or_lost():
    # R-COMBAT-4 / R-DEATH-1.
    assert fight_odds(10, 7, 4, 8, 0) == FightOdds(1.0, 1.0, 0.0, 7.0, 4.0)
    assert fight_odds(10, 0, 4, 8, 5).p_win_best_luck == 0.0


def test_expected_luck_after_win_never_exceeds_start():
    odds = fight_odds(8, 12, 10, 9, 14)
    assert 0.0 < odds.expected_luck_after_win <= 10.0
    assert 1.0 <= odds.expected_stamina_after_win <= 12.0


# ---------------------------------------------------------------- advisor


def _best(advice: LuckAdvice) -> float:
    return max(advice.test_luck, advice.accept)


@pytest.mark.parametrize("hero, creature", [((10, 11, 9), (9, 9)), ((7, 20, 12), (11, 15)), ((12, 4, 7), (12, 6))])
def test_fight_value_is_the_round_average_of_the_best_advised_choices(hero, creature):
    # R-COMBAT-3: the value before a round = p * best(creature wounded) + q * best(hero wounded).
    hs, hst, hl = hero
    cs, cst = creature
    p = round_probability(hs - cs)
    after_hit = _best(luck_advice(hs, hst, hl, cs, cst, "creature"))
    after_wound = _best(luck_advice(hs, hst, hl, cs, cst, "hero"))
    expected = p * after_hit + (1 - p) * after_wound
    assert fight_odds(hs, hst, hl, cs, cst).p_win_best_luck == pytest.approx(expected, abs=1e-12)


def test_luck_can_save_the_hero_from_a_fatal_wound():
    # R-COMBAT-3: at STAMINA 2 a Lucky test leaves 1 STAMINA.
    advice = luck_advice(10, 2, 9, 10, 6, "hero")
    assert advice.accept == 0.0
    assert advice.test_luck == pytest.approx(p_2d6_at_most(9) * fight_odds(10, 1, 8, 10, 6).p_win_best_luck, abs=1e-12)
    assert advice.should_test


def test_killing_blow_needs_no_luck():
    # R-COMBAT-3 Decision: a blow that kills the creature outright is written down at once.
    advice = luck_advice(10, 10, 9, 10, 2, "creature")
    assert advice.accept == 1.0
    assert advice.test_luck < 1.0
    assert not advice.should_test


def test_luck_test_at_luck_zero_is_always_unlucky():
    # R-LUCK-1: testing at LUCK 0 is allowed; the wound becomes 3 and LUCK stays 0.
    advice = luck_advice(10, 10, 0, 10, 8, "hero")
    assert advice.test_luck == pytest.approx(fight_odds(10, 7, 0, 10, 8).p_win_best_luck, abs=1e-15)
    assert advice.accept == pytest.approx(fight_odds(10, 8, 0, 10, 8).p_win_best_luck, abs=1e-15)


def test_advice_refuses_an_unknown_pending_side():
    with pytest.raises(ValueError, match="pending"):
        luck_advice(10, 10, 9, 10, 8, "ally")


# ---------------------------------------------------------------- archery


def test_no_shot_left_is_plain_melee():
    # R-BOW-4: no shots, an empty quiver or a broken string means melee.
    melee = fight_odds(9, 18, 9, 7, 9)
    assert archery_odds(9, 18, 9, 7, 9, shots_left=0, arrows=6) == melee
    assert archery_odds(9, 18, 9, 7, 9, shots_left=4, arrows=0) == melee
    assert archery_odds(9, 18, 9, 7, 9, shots_left=4, arrows=6, bow_broken=True) == melee


def test_arrows_limit_the_shots():
    # R-BOW-1/2: each shot spends an arrow.
    assert archery_odds(9, 10, 9, 9, 9, shots_left=5, arrows=1) == archery_odds(9, 10, 9, 9, 9, shots_left=1, arrows=6)


def test_one_arrow_can_end_the_fight():
    # R-BOW-2/4: a hit kills a STAMINA-2 creature; a miss can be Lucky (R-BOW-3).
    hero_skill, luck = 7, 9
    h = p_2d6_at_most(hero_skill)
    melee = fight_odds(hero_skill, 3, luck, 12, 2)
    broken = fight_odds(hero_skill, 3, luck - 1, 12, 2)
    ps = p_2d6_at_most(luck)
    expected = h + (1 - h) * max(melee.p_win_best_luck, ps + (1 - ps) * broken.p_win_best_luck)
    got = archery_odds(hero_skill, 3, luck, 12, 2, shots_left=1, arrows=6)
    assert got.p_win_best_luck == pytest.approx(expected, abs=1e-12)


def test_attack_modifier_does_not_touch_shooting():
    # R-COMBAT-6: fists change Attack Strength, not the 2d6 <= SKILL of an arrow.
    with_fists = archery_odds(9, 12, 0, 9, 2, shots_left=1, arrows=1, attack_modifier=-2)
    h = p_2d6_at_most(9)
    melee = fight_odds(9, 12, 0, 9, 2, attack_modifier=-2).p_win_no_luck
    assert with_fists.p_win_no_luck == pytest.approx(h + (1 - h) * melee, abs=1e-12)


def test_archery_value_is_the_shot_average_of_the_advised_choices():
    # R-BOW-2/3: value with s+1 shots = h * (hit, s left) + (1-h) * best(missed-arrow advice).
    hs, hst, hl, cs, cst = 9, 14, 9, 9, 9
    h = p_2d6_at_most(hs)
    hit = archery_odds(hs, hst, hl, cs, cst - 2, shots_left=2, arrows=6).p_win_best_luck
    miss = _best(missed_arrow_advice(hs, hst, hl, cs, cst, shots_left=2, arrows=5))
    whole = archery_odds(hs, hst, hl, cs, cst, shots_left=3, arrows=6).p_win_best_luck
    assert whole == pytest.approx(h * hit + (1 - h) * miss, abs=1e-12)


def test_missed_arrow_with_broken_string_is_refused():
    with pytest.raises(ValueError, match="bowstring"):
        missed_arrow_advice(9, 14, 9, 9, 9, shots_left=2, arrows=5, bow_broken=True)


def test_more_shots_never_lower_the_odds():
    # R-BOW-4 Decision: the hero may always close to melee, so a shot is never a loss.
    values = [archery_odds(8, 10, 8, 10, 12, shots_left=s, arrows=6).p_win_best_luck for s in range(7)]
    assert all(b >= a - 1e-12 for a, b in zip(values, values[1:]))


# ---------------------------------------------------------------- several creatures


def test_sequence_of_one_is_a_single_fight():
    assert sequence_odds(10, 16, 8, [(9, 10)]) == fight_odds(10, 16, 8, 9, 10)


def test_sequence_skips_dead_creatures_and_empty_is_won():
    # R-MULTI-1: only living creatures step in.
    assert sequence_odds(10, 16, 8, [(9, 0), (9, 10)]) == fight_odds(10, 16, 8, 9, 10)
    assert sequence_odds(10, 16, 8, []).p_win_best_luck == 1.0


def _stamina_law_no_luck(diff, n, m):
    """{hero STAMINA left: P} at the end of a won fight, never testing Luck."""
    p = round_probability(diff)

    @cache
    def law(n, m):
        if m <= 0:
            return {n: 1.0}
        if n <= 0:
            return {}
        out: dict[int, float] = {}
        for branch, w in ((law(n, m - 2), p), (law(n - 2, m), 1 - p)):
            for k, v in branch.items():
                out[k] = out.get(k, 0.0) + w * v
        return out

    return law(n, m)


def test_sequence_carries_stamina_over_without_luck():
    # R-MULTI-1: the second creature meets the STAMINA the first fight left.
    first = _stamina_law_no_luck(1, 15, 7)
    expected = sum(w * fight_odds(10, n, 0, 8, 6).p_win_no_luck for n, w in first.items())
    got = sequence_odds(10, 15, 6, [(9, 7), (8, 6)]).p_win_no_luck
    assert got == pytest.approx(expected, abs=1e-12)


def test_sequence_luck_policy_looks_ahead():
    # R-MULTI-1 + R-COMBAT-3: LUCK spent in fight 1 is weighed against fight 2;
    # the chain must beat never testing and cannot beat its first fight alone.
    odds = sequence_odds(9, 14, 9, [(9, 8), (10, 8)])
    assert odds.p_win_best_luck > odds.p_win_no_luck
    assert odds.p_win_best_luck <= fight_odds(9, 14, 9, 9, 8).p_win_best_luck


def test_together_with_one_creature_is_a_single_fight():
    odds = together_odds(10, 16, 8, [(9, 10)])
    single = fight_odds(10, 16, 8, 9, 10)
    for a, b in zip(odds.as_dict().values(), single.as_dict().values()):
        assert a == pytest.approx(b, abs=1e-12)


def test_together_harmless_bystander_changes_nothing():
    # R-MULTI-1: a creature that can never out-roll the hero only parries; the hero
    # kills the dangerous one first, then the bystander at no risk.
    odds = together_odds(12, 10, 7, [(12, 8), (0, 3)])
    assert odds.p_win_best_luck == pytest.approx(fight_odds(12, 10, 7, 12, 8).p_win_best_luck, abs=1e-12)


def test_together_beyond_the_budget_is_an_estimate_with_its_margin():
    # Issue 17: a fight too large to solve in the budget is estimated, and says so.
    odds = together_odds(10, 20, 9, [(7, 20)] * 5, budget=Budget(seconds=0.0))
    assert not odds.exact
    assert 0.0 < odds.margin < 0.01
    assert odds.samples > 0


# An independent, slow solver for tiny all-together fights: value iteration with
# ties NOT conditioned out and the wounds settled one by one in list order.
def _brute_together(hero_skill, n0, l0, creatures, numbers=None, sweeps=400):
    # A killing double (numbers.double_kills) is the wound ("kill", target): no Luck on it.
    numbers = numbers or CombatNumbers()
    two = {s: 6 - abs(s - 7) for s in range(2, 13)}
    k = len(creatures)
    skills = [s for s, _ in creatures]
    states = [(n, l, ms) for n in range(0, n0 + 1) for l in range(l0 + 1) for ms in _boxes([st for _, st in creatures])]
    V = {s: 0.0 for s in states}

    def val(n, l, ms):
        if n <= 0:
            return 0.0
        if all(m == 0 for m in ms):
            return 1.0
        return V[(n, l, ms)]

    def settle(n, l, ms, wounds):
        if n <= 0:
            return 0.0
        if not wounds:
            return val(n, l, ms)
        who, rest = wounds[0], wounds[1:]
        if isinstance(who, tuple):
            return settle(n, l, tuple(0 if i == who[1] else m for i, m in enumerate(ms)), rest)
        ps = p_2d6_at_most(l) if numbers.luck_allowed else 0.0
        lm = max(l - 1, 0)
        if who == "hero":
            accept = settle(n - numbers.wound, l, ms, rest)
            test = ps * settle(n - numbers.wound_lucky, lm, ms, rest) + (1 - ps) * settle(n - numbers.wound_unlucky, lm, ms, rest)
        else:

            def hit(d):
                return tuple(max(m - d, 0) if i == who else m for i, m in enumerate(ms))

            accept = settle(n, l, hit(numbers.hit), rest)
            test = ps * settle(n, lm, hit(numbers.hit_lucky), rest) + (1 - ps) * settle(n, lm, hit(numbers.hit_unlucky), rest)
        return max(accept, test)

    laws: dict = {}

    def law(alive, t):
        """{wounds in settling order: P} for one round aimed at t (ties kept)."""
        key = (alive, t)
        if key not in laws:
            out: dict = {}
            combos = [((), 1)]
            for i in alive:
                combos = [(c + ((i, cr + skills[i]),), w * cc) for c, w in combos for cr, cc in two.items()]
            for d1 in range(1, 7):
                H = d1 * 2 + hero_skill
                for combo, w in combos:
                    A = dict(combo)
                    if numbers.double_kills:  # the hero's double d1 + d1 kills the target outright
                        wounds = [("kill", t)] + ["hero" for i in alive if i != t and H < A[i]]
                        key2 = tuple(wounds)
                        out[key2] = out.get(key2, 0) + w
            for hr, hc in two.items():
                H = hr + hero_skill
                if numbers.double_kills and hr % 2 == 0:
                    hc -= 1  # that total's double was counted above
                for combo, w in combos:
                    A = dict(combo)
                    wounds = [t] if H > A[t] else (["hero"] if H < A[t] else [])
                    wounds += ["hero" for i in alive if i != t and H < A[i]]
                    key2 = tuple(wounds)
                    out[key2] = out.get(key2, 0) + hc * w
            laws[key] = [(wd, c / 36 ** (len(alive) + 1)) for wd, c in out.items()]
        return laws[key]

    for _ in range(sweeps):
        new = {}
        for n, l, ms in states:
            if n == 0 or all(m == 0 for m in ms):
                new[(n, l, ms)] = 0.0
                continue
            alive = tuple(i for i in range(k) if ms[i] > 0)
            new[(n, l, ms)] = max(sum(pr * settle(n, l, ms, list(wd)) for wd, pr in law(alive, t)) for t in alive)
        V = new
    return val(n0, l0, tuple(st for _, st in creatures))


def _boxes(maxima):
    out = [()]
    for mx in maxima:
        out = [b + (m,) for b in out for m in range(mx + 1)]
    return out


@pytest.mark.parametrize("hero, creatures", [((8, 4, 7), [(7, 3), (8, 2)]), ((9, 3, 8), [(8, 2), (6, 1), (9, 2)])])
def test_together_matches_slow_value_iteration_with_ties_kept(hero, creatures):
    # R-MULTI-1 + R-COMBAT-3: best target each round, each wound of the round
    # settled in turn with its own Luck choice; ties are self-loops here.
    exact = together_odds(*hero, creatures).p_win_best_luck
    assert exact == pytest.approx(_brute_together(*hero, creatures, sweeps=80), abs=1e-9)


@pytest.mark.parametrize(
    "numbers",
    [CombatNumbers(double_kills=True), CombatNumbers(luck_allowed=False), CombatNumbers(hit=3, hit_lucky=5, wound_unlucky=4)],
)
def test_together_honours_the_book_rules_against_slow_value_iteration(numbers):
    # Issue 12: a killing double, Luck forbidden, other damage numbers, all together.
    hero, creatures = (8, 4, 7), [(8, 3), (7, 2)]
    exact = together_odds(*hero, creatures, numbers=numbers).p_win_best_luck
    assert exact == pytest.approx(_brute_together(*hero, creatures, numbers=numbers, sweeps=40), abs=1e-9)


# ---------------------------------------------------------------- command line


def test_cli_prints_both_probabilities_as_json(capsys):
    assert main(["--hero", "10/20/9", "--creature", "8/10", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    odds = fight_odds(10, 20, 9, 8, 10)
    assert out["odds"]["p_win_no_luck"] == odds.p_win_no_luck
    assert out["odds"]["p_win_best_luck"] == odds.p_win_best_luck


def test_cli_prints_the_advisor_numbers(capsys):
    assert main(["--hero", "10/2/9", "--creature", "8/10", "--pending", "hero"]) == 0
    out = capsys.readouterr().out
    assert "Test your Luck" in out and "accept" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--hero", "12/20", "--creature", "8/10"], "SKILL/STAMINA/LUCK"),
        (["--hero", "12/20/x", "--creature", "8/10"], "whole number"),
        (["--hero", "12/20/7", "--creature", "8"], "SKILL/STAMINA"),
        (["--hero", "12/20/7", "--creature", "8/0", "--pending", "hero"], "pending"),
        (["--hero", "12/5000/7", "--creature", "8/10"], "between 0 and 999"),
        (["--hero", "12/20/7", "--creature", "8/10", "--shots", "100000"], "between 0 and 999"),
    ],
)
def test_cli_bad_input_is_a_clear_error_not_a_traceback(capsys, argv, message):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err

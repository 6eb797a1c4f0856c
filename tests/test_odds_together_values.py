"""The exact all-together answers stay what they were when the sweep was made faster (issue 28).

Each value below was printed by the solver before its speed-ups (helper "odds",
2026-12-03): P(win) never testing Luck and with the best Luck from
``together_odds``, and six states of the solution kept for later lookups
(slot staminas, hero STAMINA, LUCK, P(win)). A change of the sweep's order or
arithmetic may move a value by rounding only.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from game.rules.odds import Budget, CombatNumbers, clear_caches, together_odds
from game.rules.odds.together import _slots
from game.rules.odds.together_exact import _nondecreasing, solve
from game.rules.odds.together_plan import groups_of

#: Far from the rounding of a sum of a few thousand terms, far below any difference of play.
TOLERANCE = 1e-12

RECORDED = [
    (
        "two different",
        (10, 20, 9),
        [(8, 10), (7, 10)],
        CombatNumbers(),
        0.9647518242676811,
        0.9872088178413547,
        [
            ([9, 10], 13, 0, 0.83673770618528),
            ([10, 8], 16, 7, 0.9552198208462732),
            ([9, 10], 9, 7, 0.6750928434532364),
            ([10, 8], 18, 3, 0.9665554348929772),
            ([10, 9], 4, 4, 0.1873774174431183),
            ([9, 9], 3, 9, 0.31913191852572964),
        ],
    ),
    (
        "two the same",
        (10, 20, 9),
        [(8, 8), (8, 8)],
        CombatNumbers(),
        0.9534374837682922,
        0.9837753657070847,
        [
            ([6, 8], 18, 1, 0.9581257233232381),
            ([7, 8], 3, 7, 0.20347523287528604),
            ([8, 8], 15, 6, 0.8783800118747271),
            ([6, 8], 3, 7, 0.24891446637414447),
            ([7, 7], 12, 6, 0.7855178259314014),
            ([7, 7], 14, 4, 0.8261053402102693),
        ],
    ),
    (
        "three, two of one skill",
        (10, 24, 12),
        [(9, 8), (9, 6), (7, 8)],
        CombatNumbers(),
        0.746196890866829,
        0.9485622588045948,
        [
            ([5, 7, 8], 2, 1, 0.0025231375848303777),
            ([7, 7, 7], 5, 11, 0.20237682896752526),
            ([5, 8, 8], 8, 9, 0.2068987309016618),
            ([8, 6, 6], 19, 0, 0.6815670739545237),
            ([8, 6, 8], 21, 2, 0.6813208550610026),
            ([8, 6, 7], 20, 6, 0.6644874976044763),
        ],
    ),
    (
        "four different at 8",
        (10, 24, 12),
        [(9, 8), (8, 8), (7, 8), (6, 8)],
        CombatNumbers(),
        0.6047333192377671,
        0.9090767312413004,
        [
            ([7, 8, 8, 7], 18, 8, 0.5617039815966908),
            ([7, 8, 7, 8], 11, 9, 0.33016020978886673),
            ([8, 8, 6, 8], 20, 9, 0.7185955857102253),
            ([7, 7, 8, 8], 19, 0, 0.4551160193018199),
            ([8, 8, 8, 8], 15, 4, 0.2966731814854314),
            ([8, 8, 7, 7], 7, 3, 0.05959822430456269),
        ],
    ),
    (
        "four: three the same and one",
        (11, 18, 10),
        [(8, 6), (8, 5), (8, 4), (10, 6)],
        CombatNumbers(),
        0.6453442950439288,
        0.8580721792532444,
        [
            ([6, 6, 6, 1], 9, 1, 0.4778536665330044),
            ([5, 6, 6, 3], 15, 2, 0.6437379071580077),
            ([4, 4, 6, 5], 2, 0, 0.01641950434876699),
            ([5, 6, 6, 3], 17, 4, 0.7457206458891816),
            ([5, 5, 5, 4], 7, 8, 0.3711698066543284),
            ([3, 6, 6, 5], 8, 2, 0.18205731313596854),
        ],
    ),
    (
        "three with a killing double",
        (9, 12, 7),
        [(9, 6), (8, 5), (7, 4)],
        CombatNumbers(double_kills=True),
        0.5231617178478329,
        0.6212665085019198,
        [
            ([4, 5, 6], 4, 5, 0.12517282358980208),
            ([4, 5, 5], 0, 7, 0.0),
            ([4, 3, 6], 10, 0, 0.45861463039259337),
            ([3, 5, 5], 1, 5, 0.037178689644600825),
            ([4, 4, 6], 3, 6, 0.13506413309744542),
            ([4, 5, 5], 1, 3, 0.03207864391399397),
        ],
    ),
    (
        "three, Luck forbidden",
        (10, 16, 9),
        [(9, 7), (8, 7), (7, 7)],
        CombatNumbers(luck_allowed=False),
        0.4634725906211598,
        0.4634725906211598,
        [
            ([7, 7, 7], 2, 7, 0.005423276116762872),
            ([7, 6, 6], 1, 0, 0.016530917055527877),
            ([6, 7, 6], 15, 5, 0.615661095866748),
            ([7, 7, 5], 0, 4, 0.0),
            ([7, 6, 7], 6, 6, 0.07899444274802206),
            ([7, 7, 6], 3, 3, 0.04267480629468073),
        ],
    ),
    (
        "three, other damage numbers",
        (10, 16, 9),
        [(9, 7), (8, 6), (7, 5)],
        CombatNumbers(hit=3, hit_lucky=5, wound_unlucky=4),
        0.786323845177142,
        0.899767327400236,
        [
            ([5, 6, 5], 4, 6, 0.2543917242833794),
            ([3, 6, 7], 2, 8, 0.15399537620660317),
            ([4, 5, 7], 11, 9, 0.7938613758916075),
            ([3, 6, 7], 16, 3, 0.8632864263839102),
            ([3, 6, 7], 2, 6, 0.09738900142784622),
            ([4, 6, 7], 2, 3, 0.04345983104437992),
        ],
    ),
    (
        "three, hero LUCK 1",
        (10, 16, 1),
        [(9, 7), (8, 6), (7, 5)],
        CombatNumbers(),
        0.5566909907758553,
        0.5566909907758553,
        [
            ([5, 4, 7], 11, 1, 0.45919728906798873),
            ([4, 6, 6], 6, 0, 0.16641803375650907),
            ([4, 5, 7], 4, 0, 0.04413354316894075),
            ([5, 6, 6], 6, 1, 0.14765422786137455),
            ([3, 6, 7], 14, 1, 0.504096492862579),
            ([5, 5, 7], 12, 1, 0.349279274956815),
        ],
    ),
    (
        "three, one die",
        (5, 12, 8),
        [(4, 7), (3, 6), (2, 5)],
        CombatNumbers(attack_dice=1),
        0.627318126125821,
        0.7956010220846187,
        [
            ([5, 5, 7], 9, 5, 0.5543639015465283),
            ([5, 5, 6], 2, 2, 0.07116554459541571),
            ([3, 6, 7], 5, 8, 0.4129746099537629),
            ([5, 5, 7], 9, 1, 0.5074382461052037),
            ([5, 6, 5], 8, 0, 0.4926117955922876),
            ([4, 6, 7], 2, 7, 0.11896225894224303),
        ],
    ),
    (
        "two, wounds of 3 and Lucky 2",
        (9, 15, 11),
        [(10, 9), (8, 11)],
        CombatNumbers(hit_lucky=3, wound=3, wound_lucky=2, wound_unlucky=4),
        0.018339308863625847,
        0.12828332871917314,
        [
            ([11, 8], 1, 6, 0.0007199543410546554),
            ([10, 9], 0, 3, 0.0),
            ([10, 9], 15, 4, 0.030964492054272298),
            ([11, 9], 5, 0, 0.001052037704040682),
            ([11, 8], 15, 5, 0.05258402621688397),
            ([9, 9], 7, 11, 0.037380120978197144),
        ],
    ),
    # Books whose Lucky is worse than Unlucky: more LUCK is not always better there (the sweep's short cut
    # for killing blows must not apply); printed by the same code as above (c446b88).
    (
        "two, Unlucky blows harder than Lucky",
        (9, 7, 6),
        [(12, 5), (9, 5)],
        CombatNumbers(hit_lucky=1, hit_unlucky=3, wound_unlucky=1),
        0.008863378278360765,
        0.09235265861990866,
        [
            ([4, 5], 6, 1, 0.006891228070957309),
            ([5, 4], 2, 1, 0.0025963336238967803),
            ([4, 4], 2, 6, 0.01639713716716701),
            ([3, 5], 4, 5, 0.06008918101384296),
            ([4, 5], 1, 4, 0.004451950857797606),
            ([4, 5], 3, 3, 0.01674548145332659),
        ],
    ),
    (
        "three, Lucky wounds worse than Unlucky",
        (10, 9, 8),
        [(9, 4), (8, 5), (7, 3)],
        CombatNumbers(wound_lucky=3, wound_unlucky=1),
        0.5417510250118867,
        0.7308053029899104,
        [
            ([2, 5, 4], 6, 3, 0.4776976912036778),
            ([3, 5, 4], 2, 3, 0.14030201882951945),
            ([3, 3, 4], 2, 1, 0.07364289590152515),
            ([3, 4, 3], 6, 8, 0.5948563996608778),
            ([3, 5, 3], 1, 7, 0.09898643723711742),
            ([3, 3, 4], 6, 3, 0.4785265332540962),
        ],
    ),
]

#: The row of issue 28's table: four different creatures at STAMINA 12 (1-2 s: a slow test).
FOUR_AT_12 = ((10, 24, 12), [(9, 12), (8, 12), (7, 12), (6, 12)], 0.25328003373302344, 0.638789268297598)


@pytest.mark.parametrize("name, hero, creatures, numbers, never, best, states", RECORDED, ids=[r[0] for r in RECORDED])
def test_together_odds_keep_their_recorded_values(name, hero, creatures, numbers, never, best, states):
    clear_caches()
    odds = together_odds(*hero, creatures, numbers=numbers, budget=Budget(600, 1 << 33))
    assert odds.exact
    assert odds.p_win_no_luck == pytest.approx(never, abs=TOLERANCE)
    assert odds.p_win_best_luck == pytest.approx(best, abs=TOLERANCE)


@pytest.mark.parametrize("name, hero, creatures, numbers, never, best, states", RECORDED, ids=[r[0] for r in RECORDED])
def test_kept_states_of_a_solved_fight_keep_their_recorded_values(name, hero, creatures, numbers, never, best, states):
    groups = groups_of(creatures)
    solution = solve(hero[0], numbers, hero[1], hero[2], groups, _slots(groups, creatures), keep_layers=3)
    for stam, n, luck, value in states:
        assert solution.p_win(stam, n, luck) == pytest.approx(value, abs=TOLERANCE), (stam, n, luck)


@pytest.mark.slow
def test_four_different_creatures_at_stamina_12_keep_their_recorded_values():
    hero, creatures, never, best = FOUR_AT_12
    clear_caches()
    odds = together_odds(*hero, creatures)
    assert odds.exact
    assert odds.p_win_no_luck == pytest.approx(never, abs=TOLERANCE)
    assert odds.p_win_best_luck == pytest.approx(best, abs=TOLERANCE)


@pytest.mark.parametrize("count, top", [(1, 0), (1, 7), (2, 0), (3, 4), (4, 9), (6, 3)])
def test_a_group_s_sorted_staminas_are_those_itertools_lists(count, top):
    # Built with numpy (a group of three at STAMINA 200 has 1.4 million of them), in the same order.
    expected = list(combinations_with_replacement(range(top + 1), count))
    assert [tuple(row) for row in _nondecreasing(count, top).tolist()] == expected


@pytest.mark.parametrize(
    "numbers, truth",
    # The truth: tests/test_odds.py's value iteration (_brute_together, 80 sweeps) for hero 8/4/7 against 8/3 and 7/2.
    [(CombatNumbers(hit_lucky=0), 0.3706809249065911), (CombatNumbers(wound_unlucky=0), 0.9974675491759907)],
)
def test_a_luck_test_that_changes_only_luck_is_estimated_not_swept(numbers, truth):
    # A Lucky blow that does nothing, an Unlucky wound that costs nothing: the state after the test is the state
    # before it at LUCK - 1, which the layered sweep has not reached yet (it answered 0.455 and 0.0).
    clear_caches()
    odds = together_odds(8, 4, 7, [(8, 3), (7, 2)], numbers=numbers, budget=Budget(600, 1 << 33))
    assert not odds.exact
    assert odds.at_least[1] <= truth

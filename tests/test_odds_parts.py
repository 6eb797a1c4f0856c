"""Each combat part's odds against an independent recursion and fights played by the rules (issue 24 item 4).

A profile built from parts (docs/BOOKS.md "Fights") is set on DF31's own combat and rated as the board
rates it (``odds_view.odds``).  Each part's round is written out again here, by hand, from the rule it
states — the four attack dice enumerated in Python, not through the book's expressions nor through
``game.rules.ff.rounds`` — and solved by value iteration over (STAMINA, STAMINA, LUCK) that keeps ties
and wounds of 0 as self-loops (so nothing is conditioned out as the solver does): the board's figure,
without Luck and with the best Luck, must be that value to 1e-9.  The same fight is then played by the
rules engine with seeded dice (``played``: every wound accepted) and must agree within 4 standard errors
(500 fights here, at most 0.09; 4 000 in the slow test, at most 0.032).

Luck (R-COMBAT-3): the hero's blow Lucky +2, Unlucky -1; the creature's Lucky -1, Unlucky +1, for a damage
on dice or from an expression as for the standard 2 (R-COMBAT-3's table shifted, ``luck_shift``).  A blow
that kills is written at once.  Rule ids refer to /work/shared/RULES.md.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from functools import cache
from itertools import product
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st
from odds_helpers import played

from game.books.ff_combat import CombatRules, DiceFormula, Protection, ResultsTable
from game.books.fighting_fantasy import FightingFantasyBook
from game.books.loader import BookError, load_book_by_id, validate_book
from game.rules.dice import RandomDice, ScriptedDice
from game.rules.errors import Refused
from game.rules.ff import odds_view
from game.rules.session import Session, Start

ROOT = Path(__file__).resolve().parent.parent
HERO = {"skill": 10, "stamina": 12, "luck": 9}
K = "K"  # a loss that takes the whole score
Loss = int | str | None  # None: no wound
#: (probability, the creature's loss, the hero's loss) of one round, every outcome listed (ties too).
RoundLaw = list[tuple[float, Loss, Loss]]


@cache  # asked for in every state of the reference: counted once per score
def _luck(l: int) -> float:
    """P(2d6 <= l), counted (R-LUCK-1)."""
    return sum(1 for a, b in product(range(1, 7), repeat=2) if a + b <= l) / 36


@cache  # a law asks for the same dice in each of its 1296 rolls: listed once (a tuple, so no caller changes it)
def _dice(count: int, sides: int, plus: int = 0) -> tuple[tuple[float, int], ...]:
    every = sides**count
    return tuple((1 / every, sum(f) + plus) for f in product(range(1, sides + 1), repeat=count))


def _rounds(hero_skill: int, creature_skill: int) -> Iterator[tuple[int, int, int, int]]:
    """(hero's dice total, the creature's, the hero's Attack Strength, the creature's) for the 1296 rolls."""
    for h1, h2, c1, c2 in product(range(1, 7), repeat=4):
        yield h1 * 10 + h2, c1 + c2, h1 + h2 + hero_skill, c1 + c2 + creature_skill


def _reference(law: Callable[[int, int], RoundLaw], n0: int, m0: int, l0: int, luck: bool = True) -> float:
    """P(win) from (n0, m0, l0) by value iteration; ``law(n, m)`` gives the round's outcomes in that state."""
    return _references(law, n0, m0, l0, luck)[l0]


def _references(law: Callable[[int, int], RoundLaw], n0: int, m0: int, l0: int, luck: bool = True) -> list[float]:
    """P(win) from (n0, m0, l) for each LUCK l from 0 to l0, by one value iteration: a state of LUCK l leads only
    to states of LUCK l or less, so the values at LUCK 0 are those a hero of LUCK 0 is solved with alone."""
    value: dict[tuple[int, int, int], float] = {}

    def v(n: int, m: int, l: int) -> float:
        return 0.0 if n <= 0 else 1.0 if m <= 0 else value.get((n, m, l), 0.0)

    def hero_wound(n: int, m: int, l: int, loss: Loss) -> float:
        if loss is None:
            return v(n, m, l)
        if loss == K:
            return 0.0
        assert isinstance(loss, int)
        accept = v(n - loss, m, l)
        if not luck or l < 1:
            return accept
        return max(accept, _luck(l) * v(n - max(0, loss - 1), m, l - 1) + (1 - _luck(l)) * v(n - loss - 1, m, l - 1))

    def settle(n: int, m: int, l: int, blow: Loss, wound: Loss) -> float:
        if blow is None:
            return hero_wound(n, m, l, wound)
        if blow == K or not luck or int(blow) >= m:  # a killing blow, or no Luck: written at once
            return hero_wound(n, 0 if blow == K else m - int(blow), l, wound)
        d = int(blow)
        accept = hero_wound(n, m - d, l, wound)
        if l < 1:
            return accept
        p = _luck(l)
        return max(accept, p * hero_wound(n, m - d - 2, l - 1, wound) + (1 - p) * hero_wound(n, m - max(0, d - 1), l - 1, wound))

    for total in range(2, n0 + m0 + 1):
        for n in range(max(1, total - m0), min(n0, total - 1) + 1):
            m, outcomes = total - n, _merged(law(n, total - n))
            for l in range(l0 + 1):
                for _ in range(10_000):
                    new = sum(p * settle(n, m, l, blow, wound) for p, blow, wound in outcomes)
                    old, value[(n, m, l)] = value.get((n, m, l), 0.0), new
                    if abs(new - old) < 1e-15:
                        break
    return [v(n0, m0, l) for l in range(l0 + 1)]


def _merged(law: RoundLaw) -> RoundLaw:
    """The same outcomes with the rolls that do the same thing added up."""
    out: dict[tuple[Loss, Loss], float] = {}
    for p, blow, wound in law:
        out[(blow, wound)] = out.get((blow, wound), 0.0) + p
    return [(p, blow, wound) for (blow, wound), p in out.items()]


def _default_hits(hero_skill: int, creature_skill: int, blow: Callable[[], list[tuple[float, Loss]]],
                  wound: Callable[[], list[tuple[float, Loss]]]) -> RoundLaw:  # fmt: skip
    """R-COMBAT-2: the higher Attack Strength lands its blow, a tie changes nothing."""
    out: RoundLaw = []
    for _, _, ours, theirs in _rounds(hero_skill, creature_skill):
        if ours > theirs:
            out += [(p / 1296, d, None) for p, d in blow()]
        elif theirs > ours:
            out += [(p / 1296, None, d) for p, d in wound()]
        else:
            out.append((1 / 1296, None, None))
    return out


def _two() -> list[tuple[float, Loss]]:
    return [(1.0, 2)]


def _armour(left: Callable[[int], list[tuple[float, int]]]) -> Callable[[], list[tuple[float, Loss]]]:
    """The creature's 2 after a d6 protection roll: ``left(roll)`` the wound left with its chances (0: none)."""

    def wound() -> list[tuple[float, Loss]]:
        return [(q / 6, d or None) for r in range(1, 7) for q, d in left(r)]

    return wound


# Each part: (what the profile says, the same rule by hand: law(n, m) for creature SKILL 10, and the fight).
PARTS: dict[str, tuple[dict[str, object], Callable[[int, int], RoundLaw], int]] = {
    "reduces_by a number": (
        {"protection": Protection(roll=DiceFormula(dice=1), reduces_by=1)},
        lambda n, m: _default_hits(10, 10, _two, _armour(lambda r: [(1.0, 1)])),
        10,
    ),
    "reduces_by the protection roll": (
        {"protection": Protection(roll=DiceFormula(dice=1), reduces_by="protection.roll / 3")},
        lambda n, m: _default_hits(10, 10, _two, _armour(lambda r: [(1.0, max(0, 2 - r // 3))])),
        10,
    ),
    "reduces_by dice": (
        {"protection": Protection(roll=DiceFormula(dice=1), reduces_by="1d2")},
        lambda n, m: _default_hits(10, 11, _two, _armour(lambda r: [(0.5, 1), (0.5, 0)])),
        11,
    ),
    "cancels_if then reduces_by": (
        {"protection": Protection(roll=DiceFormula(dice=1), cancels_if="protection.roll == 6", reduces_by="protection.roll / 4")},
        lambda n, m: _default_hits(10, 11, _two, _armour(lambda r: [(1.0, 0 if r == 6 else 2 - r // 4)])),
        11,
    ),
    "hero_hits and enemy_hits both on a tie": (
        {"hero_hits": "attack.hero >= attack.enemy", "enemy_hits": "attack.enemy >= attack.hero"},
        lambda n, m: [
            (1 / 1296, 2 if ours >= theirs else None, 2 if theirs >= ours else None) for _, _, ours, theirs in _rounds(10, 10)
        ],
        10,
    ),
    "hero_hits on a high roll only": (
        {"hero_hits": "attack.hero > attack.enemy && roll.hero >= 7"},
        lambda n, m: [
            (1 / 1296, 2 if ours > theirs and h // 10 + h % 10 >= 7 else None, 2 if theirs > ours else None)
            for h, _, ours, theirs in _rounds(10, 9)
        ],
        9,
    ),
    "kills_if a double six": (
        {"kills_if": "roll.hero == 12"},
        lambda n, m: [
            (1 / 1296, K if h == 66 else 2 if ours > theirs else None, None if h == 66 or theirs <= ours else 2)
            for h, _, ours, theirs in _rounds(10, 11)
        ],
        11,
    ),
    "damage on dice": (
        {"hit_damage": "1d6", "wound_damage": "1d3+1"},
        lambda n, m: _default_hits(10, 11, lambda: _dice(1, 6), lambda: _dice(1, 3, 1)),
        11,
    ),
    "damage on dice that may be 0": (
        {"hit_damage": "1d6-2", "wound_damage": "1d4-1"},
        lambda n, m: _default_hits(
            10, 10, lambda: [(p, max(0, d)) for p, d in _dice(1, 6, -2)], lambda: [(p, max(0, d)) for p, d in _dice(1, 4, -1)]
        ),
        10,
    ),
    "damage from expressions, one reading the creature's STAMINA": (
        {"hit_damage": "enemy.skill / 3", "wound_damage": "enemy.stamina / 4 + 1"},
        lambda n, m: _default_hits(10, 10, lambda: [(1.0, 10 // 3)], lambda: [(1.0, m // 4 + 1)]),
        10,
    ),
    "an attack that is the wounded score": (
        {"attack": "stamina - 4"},
        lambda n, m: _default_hits(n - 4, 10, _two, _two),
        10,
    ),
    "no Luck": (
        {"luck_allowed": False, "hit_damage": "1d3+1"},
        lambda n, m: _default_hits(10, 10, lambda: _dice(1, 3, 1), _two),
        10,
    ),
}


def _book(parts: dict[str, object]) -> FightingFantasyBook:
    book = load_book_by_id("DF31")
    return book.model_copy(update={"combat": book.combat.model_copy(update=parts)})


def _fight(creature_skill: int) -> dict[str, object]:
    return {"enemies": [{"name": "X", "skill": creature_skill, "stamina": 10}]}


def _board(book: FightingFantasyBook, fight: dict[str, object]) -> dict[str, object]:
    s = Session(book, ScriptedDice([]), Start(hero=HERO))
    assert not hasattr(s.apply({"do": "fight", **fight}), "code")
    return odds_view.odds(book, s.state)


@pytest.mark.parametrize("part", PARTS)
def test_each_combat_part_is_rated_as_its_rule_says(part):
    parts, law, skill = PARTS[part]
    answer = _board(_book(parts), _fight(skill))
    luck = parts.get("luck_allowed", True) is not False
    assert answer["exact"] and answer["leaves_out"] == []
    values = _references(law, 12, 10, HERO["luck"], luck)
    assert answer["no_luck"] == pytest.approx(values[0], abs=1e-9)
    assert answer["best_luck"] == pytest.approx(values[HERO["luck"]], abs=1e-9)


# The fast suite plays 500 fights for one part of each family (protection, hits, damage); the slow step plays
# them for every part, and 4 000 fights of each in the test after (issue 28: 10 s of the fast suite's CPU).
PLAYED_FAST = {"reduces_by dice", "kills_if a double six", "damage on dice"}


@pytest.mark.parametrize(
    "part", [pytest.param(part, marks=() if part in PLAYED_FAST else pytest.mark.slow) for part in PARTS], ids=list(PARTS)
)
def test_each_combat_part_agrees_with_fights_played_by_the_rules(part):
    parts, _, skill = PARTS[part]
    book = _book(parts)
    p, se = played(book, HERO, _fight(skill), 500)
    assert _board(book, _fight(skill))["no_luck"] == pytest.approx(p, abs=4 * se)


@pytest.mark.slow
@pytest.mark.parametrize("part", PARTS)
def test_each_combat_part_agrees_with_many_fights_played_by_the_rules(part):
    parts, _, skill = PARTS[part]
    book = _book(parts)
    p, se = played(book, HERO, _fight(skill), 4000, seed=2024)
    assert _board(book, _fight(skill))["no_luck"] == pytest.approx(p, abs=4 * se)


# --- A results table (a mass battle's, issue 24): the index picks the column, a die the row ---------------------

TABLE = ResultsTable(
    index="skill - enemy.skill",
    bounds=[-2, 1],
    roll=DiceFormula(dice=1),
    rows=[
        [[0, 4], [0, 3], [1, 2]],
        [[1, 3], [1, 2], [2, 2]],
        [[2, 2], [2, 1], [3, 1]],
        [[2, 1], [3, 1], [3, 0]],
        [[3, 0], [4, 0], ["K", 0]],
        [[0, 0], ["K", 0], ["K", 0]],
    ],
)


@pytest.mark.parametrize("creature_skill, column", [(13, 0), (10, 1), (8, 2)])
def test_a_results_table_is_rated_from_its_column(creature_skill, column):
    # Each row a sixth; both losses written at once (no Luck on a table); a round where both fall is lost.
    rows = [(1 / 6, None if row[column][0] == 0 else row[column][0], None if row[column][1] == 0 else row[column][1])
            for row in TABLE.rows]  # fmt: skip
    df31 = load_book_by_id("DF31")
    book = df31.model_copy(update={"combat": CombatRules(table=TABLE)})  # only the parts a table round reads
    answer = _board(book, _fight(creature_skill))
    expected = _reference(lambda n, m: rows, 12, 10, 0, luck=False)
    assert answer["no_luck"] == pytest.approx(expected, abs=1e-9) and answer["best_luck"] == answer["no_luck"]
    p, se = played(book, HERO, _fight(creature_skill), 500)
    assert answer["no_luck"] == pytest.approx(p, abs=4 * se)


def test_a_wound_that_armour_lessens_to_1_is_solved_even_when_a_lucky_roll_makes_it_0():
    # lang3 (issue 24 item 4): "reduces_by": 1 left a wound of 1, Lucky 0; the solver refused the law ("a
    # wound costs nothing") and the board said the odds were unavailable for every such fight.
    answer = _board(_book(PARTS["reduces_by a number"][0]), _fight(10))
    assert answer["best_luck"] > answer["no_luck"] > 0.9


# --- Whatever the parts say, the board answers: a figure, or the reason it has none (issue 24, "Bad input") -------

ROUND_NUMBERS = ["roll.hero", "roll.enemy", "attack.hero", "attack.enemy", "enemy.stamina", "enemy.skill", "skill",
                 "stamina", "0", "1", "2", "3", "-3", "12", "999999999"]  # fmt: skip


def _round_numbers() -> st.SearchStrategy[str]:
    def extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.one_of(
            st.tuples(inner, st.sampled_from(["+", "-", "*", "/", "%"]), inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
            st.tuples(st.sampled_from(["min", "max"]), inner, inner).map(lambda t: f"{t[0]}({t[1]}, {t[2]})"),
        )

    return st.recursive(st.sampled_from(ROUND_NUMBERS), extend, max_leaves=4)


def _round_conditions() -> st.SearchStrategy[str]:
    compared = st.tuples(_round_numbers(), st.sampled_from(["<", "<=", "==", ">", ">="]), _round_numbers())
    return st.one_of(st.sampled_from(["roll.double", "true", "false"]), compared.map(" ".join))


ANY_PARTS = given(
    st.one_of(st.none(), _round_conditions()),
    st.one_of(st.none(), _round_conditions()),
    st.one_of(st.sampled_from(["1d6", "1d3-2", "2"]), _round_numbers()),
    st.one_of(st.sampled_from(["1d6", "1d4-3", "2"]), _round_numbers()),
    st.one_of(st.none(), _round_numbers().map(lambda t: t.replace("roll.hero", "protection.roll"))),
    st.integers(0, 99),
)


#: The fast suite's combat parts: one of each way a fight under them goes (refused at load; a round the rules
#: refuse, with the odds' reason, a wound waiting for Luck or not; twelve rounds or a fall, Luck helping or
#: not; a wound that may cost 0, as 1d3-2 may; protection), each cheap to solve. The derandomized search
#: drew two examples that cost 11 s each (a wound of 0 on both sides: 190 000 sweeps a solve; issue 28):
#: the search, with the examples it drew, runs in the slow step below.
FAST_PARTS = [
    (None, None, "1d6", "1d6", None, 0),
    ("roll.double", None, "1d6", "1d6", None, 0),
    ("false", None, "1d3-2", "1d6", "stamina", 82),
    ("roll.double", "true", "attack.enemy", "attack.enemy", "max((roll.enemy % stamina), 1)", 11),
    ("true", "max((1 + -3), max(roll.hero, skill)) == (1 % skill)", "2", "1d4-3", "(min(2, 0) - (2 % enemy.skill))", 49),
    ("min(enemy.stamina, 999999999) == max(enemy.stamina, -3)", "false", "1d3-2", "min(2, -3)", None, 46),
    (None, "max(roll.hero, 1) <= stamina", "2", "(stamina / (0 * 999999999))", "enemy.stamina", 21),
    (None, None, "1d3-2", "min(-3, roll.enemy)", "min(-3, protection.roll)", 66),
    ("roll.double", "roll.double", "1d3-2", "2", "0", 86),
    ("roll.double", "roll.double", "1d3-2", "(((-3 / enemy.stamina) % 0) - enemy.stamina)", None, 78),
    ("(skill / 3) <= min(-3, 0)", None, "1d6", "roll.hero", None, 1),
    ("roll.double", None, "(-3 + skill)", "(attack.hero % -3)", None, 66),
    (
        None,
        "min(min(-3, stamina), (-3 - 0)) < attack.enemy",
        "(1 / (skill % (skill / attack.enemy)))",
        "(enemy.stamina - (-3 % stamina))",
        "roll.enemy",
        71,
    ),
    (
        "max(3, 2) < (max(attack.hero, attack.hero) - (-3 * 0))",
        "(max(enemy.stamina, -3) / (skill % 3)) >= ((999999999 / 2) / min(0, -3))",
        "1d6",
        "1d6",
        None,
        41,
    ),
    (
        "min((roll.enemy + 12), (roll.hero % 0)) > min(skill, enemy.stamina)",
        "min((skill - stamina), (-3 * 999999999)) >= min(skill, enemy.stamina)",
        "1d6",
        "2",
        "((attack.enemy + 12) + max(skill, 3))",
        63,
    ),
]
#: What the fast test's search drew before it was fixed (CI's derandomized profile): the slow step keeps them.
DRAWN_BEFORE = [
    (None, "max(roll.hero, stamina) >= (0 - attack.hero)", "1d3-2", "1d4-3", "(1 + attack.hero)", 64),
    (
        "max(enemy.skill, 2) == (min(2, attack.hero) * roll.hero)",
        "(max(roll.hero, enemy.stamina) - max(stamina, 999999999)) <= max(stamina, 999999999)",
        "attack.enemy",
        "1d6",
        None,
        87,
    ),
    (None, None, "min(stamina, (stamina - roll.hero))", "1d6", "enemy.skill", 29),
]


def with_examples(cases: list[tuple]) -> Callable:
    """Each case as a hypothesis ``@example`` of the test it decorates."""

    def decorate(test: Callable) -> Callable:
        for case in reversed(cases):
            test = example(*case)(test)
        return test

    return decorate


@settings(phases=[Phase.explicit], deadline=None)
@with_examples(FAST_PARTS)
@ANY_PARTS
def test_any_combat_parts_play_or_refuse_and_the_odds_answer_or_say_why(hero_hits, enemy_hits, hit, wound, reduces, seed):
    play_any_parts(hero_hits, enemy_hits, hit, wound, reduces, seed)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@with_examples(DRAWN_BEFORE)
@ANY_PARTS
def test_many_more_combat_parts_play_or_refuse_and_the_odds_answer_or_say_why(hero_hits, enemy_hits, hit, wound, reduces, seed):
    play_any_parts(hero_hits, enemy_hits, hit, wound, reduces, seed)


def play_any_parts(hero_hits, enemy_hits, hit, wound, reduces, seed) -> None:
    """A fight under any combat parts the language accepts: each round the odds answer in bounds or say why."""
    data = json.loads((ROOT / "books" / "DF31.json").read_text(encoding="utf-8"))
    combat = data["combat"]
    combat.update({"hit_damage": hit, "wound_damage": wound})
    combat.update({k: v for k, v in (("hero_hits", hero_hits), ("enemy_hits", enemy_hits)) if v is not None})
    if reduces is not None:
        combat["protection"] = {"roll": {"dice": 1}, "reduces_by": reduces}
    try:
        book = validate_book("DF31.json", data)
    except BookError:
        return  # refused at load, with its path and position
    s = Session(book, RandomDice(seed), Start(hero={"skill": 9, "stamina": 8, "luck": 7}))
    s.apply({"do": "fight", "enemies": [{"name": "X", "skill": 8, "stamina": 6}]})
    for _ in range(12):
        if s.state.fight is None or not s.state.fight.active:
            break
        try:
            answer = odds_view.odds(book, s.state)
            assert 0.0 <= answer["no_luck"] <= answer["best_luck"] + 1e-9 <= 1.0 + 1e-9
        except odds_view.OddsUnavailable as unavailable:
            assert unavailable.key.startswith("combat.odds_error_")  # the board says why in words
        before = s.state.model_dump()
        try:
            s.apply({"do": "no_luck"} if s.state.fight.pending else {"do": "round"})
        except Refused:
            assert s.state.model_dump() == before  # a refusal changes nothing
            break


def test_the_odds_answer_when_every_creature_is_down_and_a_wound_still_waits():
    # Found by the property above: both blows land, the creature falls, the hero's wound waits for Luck; the
    # odds read the attack against "the creature in front" (none): EvalError, the board said "internal error".
    book = _book({"hero_hits": "true", "enemy_hits": "true", "enemy_attack": "enemy.skill + 1"})
    s = Session(book, ScriptedDice([1, 1, 1, 1]), Start(hero={"skill": 9, "stamina": 2, "luck": 7}))
    s.apply({"do": "fight", "enemies": [{"name": "X", "skill": 8, "stamina": 2}]})
    s.apply({"do": "round"})
    assert s.state.fight.active and s.state.fight.living() == [] and s.state.fight.pending
    answer = odds_view.odds(book, s.state)
    assert answer["no_luck"] == 0.0  # the wound of 2 takes the last 2
    assert answer["best_luck"] == pytest.approx(_luck(7), abs=1e-12)  # Lucky: 1, the hero stands and wins


def test_a_damage_beyond_the_languages_bounds_makes_the_odds_unavailable_with_the_reason():
    # Found by the property above: the rules refuse the round ("cannot be worked out now"), the odds raised
    # the expression's EvalError, which the board took for "scores beyond 0 to 999".
    book = _book({"hit_damage": "999999999 * attack.enemy"})
    s = Session(book, ScriptedDice([1, 1, 6, 6]), Start(hero=HERO))  # the hero's blow lands
    s.apply({"do": "fight", **_fight(10)})
    with pytest.raises(odds_view.OddsUnavailable) as unavailable:
        odds_view.odds(book, s.state)
    assert unavailable.value.key == "combat.odds_error_rule"
    with pytest.raises(Refused):
        s.apply({"do": "round"})

"""Property tests of the book-defined mechanics (hypothesis): thresholds and creation choices.

R-DEATH-2: the hero is dead exactly while one of the book's death conditions
holds. R-CHOOSE-1/2: a choice is accepted exactly when it keeps to the step's
limits, and then grants each option's effects once per pick.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.books.ff_mechanics import Threshold
from game.books.loader import load_book_by_id
from game.rules.dice import RandomDice, ScriptedDice
from game.rules.errors import Refused
from game.rules.session import Session, Start

FF1, FF2, FF10 = (load_book_by_id(b) for b in ("FF1", "FF2", "FF10"))
SPELLS = [o.id for o in FF2.step("spells").options]


@given(st.integers(7, 12), st.lists(st.tuples(st.sampled_from(["fear", "stamina"]), st.integers(-6, 6)), max_size=12))
@settings(max_examples=150, deadline=None)
def test_fear_kills_exactly_at_its_maximum(maximum, changes):
    session = Session(FF10, RandomDice(1), Start(hero={"skill": 10, "stamina": 12, "luck": 9, "fear": maximum}))
    for stat, by in changes:
        try:
            session.apply({"do": "change", "stat": stat, "by": by})
        except Refused as refused:
            assert refused.code == "hero_dead" and not session.state.hero.alive
    hero = session.state.hero
    fear_kills = hero.scores["fear"] >= maximum
    stamina_kills = hero.scores["stamina"] <= 0
    assert hero.alive == (not fear_kills and not stamina_kills)
    assert 0 <= hero.scores["fear"] <= maximum
    if not hero.alive:
        assert FF10.thresholds[hero.died_of].stat == ("stamina" if stamina_kills else "fear")


@given(
    st.sampled_from(["at_most", "at_least"]),
    st.one_of(st.integers(-5, 20), st.just("initial")),
    st.integers(-3, 3),
    st.integers(0, 20),
    st.integers(0, 20),
)
def test_a_threshold_holds_on_its_side_of_the_bound(side, bound, offset, current, initial):
    threshold = Threshold(stat="fear", consequence="warning", offset=offset, **{side: bound})
    limit = initial + offset if bound == "initial" else bound
    assert threshold.holds(current, initial) == (current <= limit if side == "at_most" else current >= limit)


@given(st.integers(8, 18), st.dictionaries(st.sampled_from(SPELLS + ["teleport"]), st.integers(0, 12), max_size=6))
@settings(max_examples=150, deadline=None)
def test_spells_are_accepted_exactly_when_they_add_up_to_magic(magic, picks):
    session = Session(FF2, RandomDice(1), Start(hero={"skill": 10, "stamina": 20, "luck": 9, "magic": magic}))
    valid = sum(picks.values()) == magic and all(option in SPELLS for option, n in picks.items() if n > 0)
    try:
        session.apply({"do": "choose", "step": "spells", "picks": picks})
    except Refused:
        assert not valid and session.state.choices == {}
    else:
        assert valid
    for spell in SPELLS:
        assert session.state.counters[spell] == (picks.get(spell, 0) if valid else 0)


@given(st.lists(st.sampled_from(["skill", "stamina", "luck", "fire"]), max_size=3))
@settings(max_examples=80, deadline=None)
def test_warlock_takes_exactly_one_potion(picks):
    session = Session(FF1, RandomDice(1), Start(hero={"skill": 10, "stamina": 20, "luck": 9}))
    valid = len(picks) == 1 and picks[0] != "fire"
    try:
        session.apply({"do": "choose", "step": "potion", "picks": picks})
    except Refused:
        assert not valid
    else:
        assert valid
    doses = {kind: session.state.counters[f"potion_{kind}"] for kind in ("skill", "stamina", "luck")}
    assert sum(doses.values()) == (2 if valid else 0)


SOR1, FF13 = load_book_by_id("SOR1"), load_book_by_id("FF13")
sorcery = st.one_of(
    st.builds(lambda s: {"do": "cast", "spell": s}, st.sampled_from(["zap", "hot", "law", "dop", "fof", "libra"])),
    st.builds(
        lambda s, by: {"do": "change", "stat": s, "by": by}, st.sampled_from(["skill", "stamina", "luck"]), st.integers(-6, 4)
    ),
    st.just({"do": "fight", "enemies": [{"name": "Goblin", "skill": 5, "stamina": 5}]}),
    st.just({"do": "stop_fight"}),
    st.just({"do": "undo"}),
)


@given(st.sampled_from(["warrior", "wizard"]), st.lists(sorcery, max_size=25))
@settings(max_examples=120, deadline=None)
def test_spells_never_overspend(path, actions):
    """R-CAST-3: a cast is refused rather than leave STAMINA below 0 or Libra used twice; warriors never cast."""
    session = Session(SOR1, RandomDice(3), Start(hero={"skill": 10, "stamina": 20, "luck": 9}))
    session.apply({"do": "choose", "step": "path", "picks": [path]})
    casts = 0
    for action in actions:
        try:
            if action["do"] == "undo":
                if len(session.entries) > 1:
                    session.undo()
                continue
            session.apply(action)
            casts += action["do"] == "cast" and action["spell"] != "libra"
        except Refused:
            pass
        hero = session.state.hero
        assert hero.scores["stamina"] >= 0 and session.state.counters["libra"] in (0, 1)
        assert hero.alive == (hero.scores["stamina"] > 0)
    if path == "warrior":
        assert all(e.action.get("spell") in (None, "libra") for e in session.entries)


die = st.integers(1, 6)


@given(st.lists(st.tuples(die, die, die, die), min_size=1, max_size=30))
@settings(max_examples=100, deadline=None)
def test_a_fight_without_luck_never_waits_for_a_luck_decision(rounds):
    """R-NOLUCK-1: in Freeway Fighter's vehicle fights every wound is written at once, on ARMOUR only."""
    dice = [d for r in rounds for d in r]
    session = Session(FF13, ScriptedDice(dice), Start(hero={"skill": 10, "stamina": 30, "luck": 9, "firepower": 9, "armour": 30}))
    session.apply({"do": "fight", "profile": "vehicle", "enemies": [{"name": "Chevy", "skill": 9, "stamina": 12}]})
    for _ in rounds:
        if not session.state.fight.active:
            break
        session.apply({"do": "round"})
        assert session.state.fight.pending == [] and session.state.hero.scores["stamina"] == 30
    assert session.state.hero.scores["luck"] == 9

"""Property tests over random action sequences (hypothesis): the rules' invariants always hold."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.books.loader import load_book_by_id
from game.rules.dice import RandomDice
from game.rules.errors import Refused
from game.rules.session import Session, Start

BOOKS = {book_id: load_book_by_id(book_id) for book_id in ("DF31", "DF49", "DF64")}

enemy = st.fixed_dictionaries(
    {"name": st.sampled_from(["Orc", "Gobelin", "Aile Noire"]), "skill": st.integers(4, 12), "stamina": st.integers(1, 14)}
)
stat = st.sampled_from(["skill", "stamina", "luck", "willpower"])
fights = st.builds(
    lambda es, mode, arrows, esc, ally: {
        "do": "fight",
        "enemies": es,
        "mode": mode,
        "arrows": arrows,
        "escape": esc,
        "ally": ally,
    },
    st.lists(enemy, min_size=1, max_size=3),
    st.sampled_from(["one_after_another", "all_together"]),
    st.integers(0, 4),
    st.booleans(),
    st.one_of(st.none(), enemy),
)
# Fight actions are listed several times so that random games spend most of their steps fighting.
in_fight = st.one_of(
    st.builds(lambda t: {"do": "round", "target": t}, st.one_of(st.none(), st.integers(0, 2))),
    st.just({"do": "round"}),
    st.just({"do": "shoot"}),
    st.just({"do": "luck"}),
    st.just({"do": "no_luck"}),
    st.just({"do": "escape"}),
)
actions = st.one_of(
    in_fight,
    in_fight,
    in_fight,
    in_fight,
    fights,
    st.just({"do": "test_luck"}),
    st.just({"do": "test_skill"}),
    st.just({"do": "eat"}),
    st.just({"do": "herb"}),
    st.builds(lambda k: {"do": "potion", "kind": k}, st.sampled_from(["skill", "stamina", "luck"])),
    st.builds(lambda s, by: {"do": "change", "stat": s, "by": by}, stat, st.integers(-8, 8)),
    st.builds(lambda s, by: {"do": "raise_initial", "stat": s, "by": by}, stat, st.integers(-2, 2)),
    st.builds(
        lambda n, by: {"do": "counter", "name": n, "by": by},
        st.sampled_from(["arrows", "herbs", "gold", "provisions", "potions"]),
        st.integers(-3, 5),
    ),
    st.just({"do": "lose_weapon"}),
    st.just({"do": "find_weapon"}),
    st.just({"do": "tick_day"}),
    st.just({"do": "die"}),
    st.builds(lambda s: {"do": "revive", "stamina": s}, st.integers(1, 30)),
    st.builds(lambda s, v: {"do": "set_score", "stat": s, "value": v}, stat, st.integers(-2, 30)),
    st.just({"do": "undo"}),
    st.just({"do": "redo"}),
)
games = st.tuples(
    st.sampled_from(sorted(BOOKS)),
    st.integers(0, 2**32),
    st.builds(lambda first, rest: [first] + rest, fights, st.lists(actions, min_size=10, max_size=60)),
)
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play(book_id, seed, steps, check=None):
    book = BOOKS[book_id]
    session = Session(book, RandomDice(seed), Start(hero={"skill": 10, "stamina": 18, "luck": 9}))
    for action in steps:
        if action["do"] == "fight" and book.archery is None:
            action = {**action, "arrows": 0}  # only DF49 has a bow; elsewhere the fight would be refused
        before = session.state.model_copy(deep=True)
        try:
            if action["do"] == "undo":
                session.undo()
            elif action["do"] == "redo":
                session.redo()
            else:
                session.apply(action)
        except Refused:
            assert session.state == before, f"refused {action} changed the state"
            continue
        if check:
            check(book, before, action, session)
    return session


def within_floor_and_cap(book, before, action, session):
    hero = session.state.hero
    for definition in book.stats:
        value = hero.scores[definition.id]
        assert value >= definition.floor
        if definition.capped_at_initial:
            assert value <= hero.initial[definition.id]


@SETTINGS
@given(games)
def test_scores_stay_within_floor_and_cap(game):
    play(*game, check=within_floor_and_cap)


def luck_drops_by_one_per_test(book, before, action, session):
    if action["do"] in ("test_luck", "luck"):
        assert session.state.hero.scores["luck"] == max(0, before.hero.scores["luck"] - 1)


@SETTINGS
@given(games)
def test_luck_drops_by_exactly_one_per_test(game):
    play(*game, check=luck_drops_by_one_per_test)


@SETTINGS
@given(games)
def test_a_refused_action_leaves_the_state_unchanged(game):
    play(*game)  # play() asserts it after every refusal


@SETTINGS
@given(games, st.integers(0, 40))
def test_undo_n_then_redo_n_gives_back_the_same_state(game, n):
    session = play(*game)
    final = session.state.model_dump()
    n = min(n, len(session.entries))
    for _ in range(n):
        session.undo()
    for _ in range(n):
        session.redo()
    assert session.state.model_dump() == final


@SETTINGS
@given(games)
def test_replaying_the_log_equals_the_live_state(game):
    session = play(*game)
    replayed = Session.from_log(session.book, session.to_log())
    assert replayed.state.model_dump() == session.state.model_dump()


@SETTINGS
@given(games)
def test_creature_stamina_never_goes_below_zero(game):
    session = play(*game)
    if session.state.fight is not None:
        assert all(e.stamina >= 0 for e in session.state.fight.enemies)

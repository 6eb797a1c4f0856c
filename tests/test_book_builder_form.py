"""The book builder's form model (issue 26 item 1): what the player typed → a book file, and a book → the form.

Headless: game.books.builder. The file it makes is validated by the loader like a hand-written one.
"""

from __future__ import annotations

import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.books.builder import (
    BookForm,
    CounterRow,
    OptionRow,
    PotionRow,
    ScoreRow,
    StepRow,
    TimeForm,
    Words,
    book_data,
    book_id_for,
    canonical,
    form_of,
    new_form,
    not_shown,
    parse_limit,
    parse_roll,
)
from game.books.loader import BookError, bundled_books_dir, load_book, validate_book


def made(form: BookForm, taken=()):
    """The book a form makes, validated as a file is."""
    built = book_data(form, taken)
    assert built.problems == []
    return validate_book(f"{built.data['id']}.json", built.data)


def five_scores_book() -> BookForm:
    """Five scores, provisions, gold, two potions chosen one of two at creation, a calendar, a killing double."""
    form = new_form()
    form.title = Words("Le Val des Brumes", "The Misty Vale")
    form.scores.append(ScoreRow("s4", Words("PEUR", "FEAR"), "1d6+6", start="0", threshold="death_at_least", limit="initial"))
    form.scores.append(ScoreRow("s5", Words("FOI", "FAITH"), "3", capped=False, testable=True))
    form.counters.append(CounterRow("c2", "gold", Words("Pièces d'or", "Gold Pieces"), "5", "50"))
    form.potions = [
        PotionRow("p1", Words("Potion de Vigueur", "Potion of Strength"), "stamina"),
        PotionRow("p2", Words("Potion de Fortune", "Potion of Fortune"), "luck", raise_initial="1"),
    ]
    form.steps = [
        StepRow(
            "st1",
            Words("Potion", "Potion"),
            options=[
                OptionRow("o1", Words("Vigueur", "Strength"), "counter", "p1", "2"),
                OptionRow("o2", Words("Fortune", "Fortune"), "counter", "p2", "2"),
            ],
        )
    ]
    form.time = TimeForm("calendar", Words("Semaine", "Week"), Words("Lundi, Mardi", "Monday, Tuesday"))
    form.fight.double_kills = True
    return form


def test_a_new_book_is_a_valid_book_with_the_three_scores_and_death_at_stamina_0():
    book = made(new_form())
    assert [s.id for s in book.stats] == ["skill", "stamina", "luck"]
    assert book.death_conditions()[0].stat == "stamina" and book.death_conditions()[0].at_most == 0
    assert book.meal is not None and book.meal.counter == "provisions" and book.meal.stamina == 4
    assert book.id == "MON-LIVRE" and book.series_number is None


def test_five_scores_potions_a_choice_and_a_calendar_make_the_book_the_player_described():
    book = made(five_scores_book())
    assert [s.id for s in book.stats] == ["skill", "stamina", "luck", "fear", "faith"]
    assert book.stat("fear").start == 0 and book.stat("faith").fixed == 3 and not book.stat("faith").capped_at_initial
    assert book.test_rules("faith") is not None
    assert [t.stat for t in book.thresholds] == ["stamina", "fear"] and book.thresholds[1].at_least == "initial"
    assert book.potions is not None and book.potions.kinds["potion_of_fortune"].raise_initial == 1
    grants = book.creation[0].options[1].grants
    assert grants[0].to == f"counters.{book.potions.kinds['potion_of_fortune'].counter}"
    assert book.calendar is not None and [d.en for d in book.calendar.days] == ["Monday", "Tuesday"]
    assert book.combat.double_kills and book.id == "LE-VAL-DES-BRUMES"


def test_a_book_made_with_the_builder_opens_again_in_it_whole():
    book = made(five_scores_book())
    assert not_shown(book) == []
    assert canonical(made(form_of(book))) == canonical(book)


def test_a_hand_written_book_with_spells_is_not_wholly_shown_and_says_which_parts():
    book = load_book(bundled_books_dir() / "FF2.json")
    assert {"spells"} <= set(not_shown(book))


def test_a_plain_hand_written_book_is_editable():
    assert not_shown(load_book(bundled_books_dir() / "FF24.json")) == []


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("2d6+12", {"dice": 2, "plus": 12}),
        ("d6", {"dice": 1}),
        ("1D10 − 1", {"dice": 1, "sides": 10, "plus": -1}),
        ("7", 7),
        ("٢d٦", {"dice": 2}),  # digits of another script are digits
    ],
)
def test_a_formula_is_dice_or_a_fixed_value(typed, expected):
    assert parse_roll(typed) == expected


@pytest.mark.parametrize("typed", ["", "deux dés", "2d", "d6+", "🎲", "1d6" + "0" * 10_000])
def test_a_formula_the_builder_cannot_read_is_its_own_problem_at_the_field(typed):
    form = new_form()
    form.scores[0].roll = typed
    problems = book_data(form).problems
    assert [(p.place, p.key) for p in problems] == [(("scores", 0, "roll"), "bad_roll")]


def test_a_threshold_may_be_a_number_or_the_initial_value_with_an_offset():
    assert parse_limit("0") == (0, 0)
    assert parse_limit("initiale - 2") == ("initial", -2)
    assert parse_limit("initial+1") == ("initial", 1)
    assert parse_limit("max") is None


def test_a_number_typed_wrong_reaches_the_validator_at_its_place():
    form = new_form()
    form.counters[0].start = "dix"
    built = book_data(form)
    with pytest.raises(BookError) as raised:
        validate_book("x.json", built.data)
    paths = [each.path for each in raised.value.every()]
    assert "$.counters[0].start" in paths
    assert built.place_of("$.counters[0].start") == ("counters", 0)


def test_a_book_without_stamina_is_told_so_by_the_validator():
    form = new_form()
    del form.scores[1]
    with pytest.raises(BookError) as raised:
        validate_book("x.json", book_data(form).data)
    assert any("STAMINA is required" in each.reason for each in raised.value.every())


def test_a_new_books_id_never_takes_a_taken_id_nor_a_device_name():
    assert book_id_for("Le Sorcier", taken=["LE-SORCIER"]) == "LE-SORCIER-2"
    assert book_id_for("FF1", taken=["FF1"]) == "FF1-2"
    assert book_id_for("Con") == "CON-LIVRE"
    assert book_id_for("مرحبا 🐉") == "MON-LIVRE"
    assert len(book_id_for("x" * 10_000)) == 32


def test_a_language_left_empty_takes_the_others_words():
    assert Words("Épée", "").json() == {"fr": "Épée", "en": "Épée"}
    assert Words("", "  Sword ").json() == {"fr": "Sword", "en": "Sword"}


def test_an_empty_title_is_the_validators_must_not_be_empty():
    form = new_form()
    form.title = Words("", "")
    with pytest.raises(BookError) as raised:
        validate_book("x.json", book_data(form).data)
    assert any(e.path == "$.title.fr" and "empty" in e.reason for e in raised.value.every())


def test_a_score_id_is_made_from_its_name_unique_and_never_a_word_of_the_language():
    form = new_form()
    form.scores += [ScoreRow("a", Words("INITIAL", "INITIAL"), "6"), ScoreRow("b", Words("SKILL", "SKILL"), "6")]
    ids = [s["id"] for s in book_data(form).data["stats"]]
    assert ids == ["skill", "stamina", "luck", "initial_x", "skill_2"]


# -- the round trip, for any form the builder can make ---------------------------------------------------------------

NAMES = st.text(alphabet=string.ascii_letters + "éèàçÉ ' -", min_size=1, max_size=24).filter(lambda t: t.strip())
DICE = st.builds(
    lambda n, s, p: f"{n}d{s}" + (f"+{p}" if p else ""), st.integers(1, 3), st.sampled_from([6, 10]), st.integers(0, 12)
)
WORDS = st.builds(Words, NAMES, NAMES)


@st.composite
def forms(draw: st.DrawFn) -> BookForm:
    form = new_form()
    form.title = draw(WORDS)
    extra = draw(st.lists(st.tuples(WORDS, DICE, st.booleans(), st.booleans()), max_size=3))
    for index, (name, roll, capped, testable) in enumerate(extra):
        form.scores.append(ScoreRow(f"x{index}", name, roll, capped=capped, testable=testable, about=name))
    form.counters += [CounterRow(f"c{i}", "other", name, str(i)) for i, name in enumerate(draw(st.lists(WORDS, max_size=3)))]
    potions = draw(st.lists(st.tuples(WORDS, st.sampled_from(["skill", "stamina", "luck"])), max_size=3))
    form.potions = [PotionRow(f"p{i}", name, score, doses="1") for i, (name, score) in enumerate(potions)]
    form.equipment = draw(st.lists(WORDS, max_size=4))
    if form.potions and draw(st.booleans()):
        options = [OptionRow(f"o{i}", potion.name, "counter", potion.key, "2") for i, potion in enumerate(form.potions)]
        form.steps = [StepRow("st", draw(WORDS), options=options)]
    form.time = draw(
        st.sampled_from(
            [
                TimeForm(),
                TimeForm("calendar", Words("Semaine", "Week"), Words("Un, Deux", "One, Two")),
                TimeForm("track", Words("Jours", "Days"), maximum="30"),
            ]
        )
    )
    form.fight.luck_allowed, form.fight.double_kills = draw(st.booleans()), draw(st.booleans())
    form.fight.wound_damage = draw(st.sampled_from(["2", "3", "1d6"]))
    return form


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(forms())
def test_any_book_the_builder_makes_reads_back_into_a_form_that_makes_the_same_book(form):
    book = made(form)
    assert not_shown(book) == []
    again = book_data(form_of(book)).data
    assert again == book_data(form_of(made(form_of(book)))).data
    assert canonical(validate_book("x.json", again)) == canonical(book)


# -- the rules' scores by their part, not by their English names ------------------------------------------------------


def french_only(form: BookForm) -> BookForm:
    """The new book's scores renamed in French and left unnamed in English (the English takes the French)."""
    for row, name in zip(form.scores, ("ADRESSE", "VIGUEUR", "FORTUNE"), strict=True):
        row.name = Words(name, "")
    return form


def test_the_rules_scores_are_found_by_their_part_whatever_they_are_named():
    built = book_data(french_only(new_form()))
    assert built.problems == []
    assert [s["id"] for s in built.data["stats"]] == ["skill", "stamina", "luck"]
    book = validate_book("MON-LIVRE.json", built.data)  # STAMINA is there: wounds, meals and death take it
    assert book.has_stat("skill") and book.has_stat("stamina") and book.stat("luck").name.en == "FORTUNE"


def test_a_score_named_like_a_rules_score_is_the_books_own_unless_given_that_part():
    form = new_form()
    form.scores.append(ScoreRow("x", Words("CHANCE", "LUCK"), "6"))
    assert [s["id"] for s in book_data(form).data["stats"]] == ["skill", "stamina", "luck", "luck_2"]


def test_a_score_given_another_part_gets_an_id_of_its_own_and_its_part_goes_to_the_new_one():
    form = new_form()
    form.scores[0].role, form.scores[0].id = "other", "skill"  # read from a file as SKILL, now the book's own
    form.scores.append(ScoreRow("x", Words("ADRESSE", "AGILITY"), "1d6+6", role="skill"))
    ids = [s["id"] for s in book_data(form).data["stats"]]
    assert ids == ["skill_2", "stamina", "luck", "skill"]


def test_two_scores_cannot_play_the_same_part():
    form = new_form()
    form.scores.append(ScoreRow("x", Words("VIGUEUR", "VIGOUR"), "2d6", role="stamina"))
    assert [(p.place, p.key) for p in book_data(form).problems] == [(("scores", 3, "role"), "role_twice")]


def test_a_book_whose_scores_are_named_in_french_only_opens_with_their_parts():
    data = book_data(french_only(new_form())).data
    form = form_of(validate_book("MON-LIVRE.json", data))
    assert [row.role for row in form.scores] == ["skill", "stamina", "luck"]
    assert book_data(form).data == data

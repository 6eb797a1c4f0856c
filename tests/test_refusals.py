"""Every refusal the rules (or the app: an adventure open read-only) can raise has a text in both languages,
shown with the book's names."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

import game.rules
from game.app.refusals import describe_refusal
from game.books.loader import load_book_by_id
from game.i18n.catalogue import Catalogue, base_key, load_table, placeholders
from game.rules.dice import ScriptedDice
from game.rules.errors import Refused
from game.rules.session import Session, Start

HERO = {"skill": 10, "stamina": 20, "luck": 9}
RULES_DIR = Path(game.rules.__file__).parent
APP_DIR = RULES_DIR.parent / "app"  # the app refuses too: every change to an adventure open in another window


def _refused_sites() -> dict[str, list[tuple[str, frozenset[str]]]]:
    """code → [(file:line, keyword params)] for every ``Refused(...)`` call in game/rules and game/app."""
    sites: dict[str, list[tuple[str, frozenset[str]]]] = defaultdict(list)
    for path in sorted([*RULES_DIR.rglob("*.py"), *APP_DIR.rglob("*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            if name != "Refused":
                continue
            where = f"{path.relative_to(RULES_DIR.parent.parent)}:{node.lineno}"
            assert node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str), (
                f"{where}: the refusal code must be a string literal (it names a catalogue key)"
            )
            assert all(k.arg is not None for k in node.keywords), f"{where}: **params hide which placeholders exist"
            sites[node.args[0].value].append((where, frozenset(k.arg for k in node.keywords)))
    return dict(sites)


SITES = _refused_sites()
# A text may use a param only when every site of its code passes it.
AVAILABLE = {code: frozenset.intersection(*(params for _where, params in where)) for code, where in SITES.items()}


def _texts_by_key(language: str) -> dict[str, list[str]]:
    """Each catalogue key with its texts: one, or a count's plural forms (``key.one``, ``key.other``…)."""
    texts: dict[str, list[str]] = defaultdict(list)
    for key, text in load_table(language).items():
        texts[base_key(key)].append(text)
    return dict(texts)


TABLES = {language: _texts_by_key(language) for language in ("fr", "en")}


def test_the_scan_finds_the_refusals():
    assert len(SITES) > 50
    assert {"no_herbs", "none_left", "below_floor", "watcher_sees", "nothing_to_undo"} <= set(SITES)


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_refusal_code_has_a_text(language):
    missing = sorted(f"refused.{code}" for code in SITES if f"refused.{code}" not in TABLES[language])
    assert missing == []
    assert "message" in placeholders(TABLES[language]["refused.unknown"][0])


@pytest.mark.parametrize("language", ["fr", "en"])
def test_texts_use_only_params_given_at_every_site(language):
    wrong = {}
    for code, available in AVAILABLE.items():
        used = frozenset().union(*(placeholders(text) for text in TABLES[language][f"refused.{code}"]))
        if not used <= available:
            wrong[code] = (sorted(used - available), SITES[code])
    assert wrong == {}


@pytest.mark.parametrize("language", ["fr", "en"])
def test_no_text_for_a_code_the_rules_no_longer_raise(language):
    extra = sorted(
        key
        for key in TABLES[language]
        if key.startswith("refused.")
        and not key.startswith("refused.field.")
        and key != "refused.unknown"
        and key.removeprefix("refused.") not in SITES
    )
    assert extra == []


@pytest.mark.parametrize("language", ["fr", "en"])
def test_field_names_have_no_placeholders(language):
    fields = {key: texts for key, texts in TABLES[language].items() if key.startswith("refused.field.")}
    assert fields and all(not placeholders(text) for texts in fields.values() for text in texts)


@pytest.fixture(scope="module")
def df31():
    return load_book_by_id("DF31")


@pytest.mark.parametrize(("language", "expected"), [("fr", "HABILETÉ"), ("en", "SKILL")])
def test_a_stat_id_becomes_the_books_name(df31, language, expected):
    refused = Refused("below_floor", "SKILL cannot be below 0", stat="skill", floor=0)
    text = describe_refusal(Catalogue(language), refused, df31)
    assert expected in text and "skill" not in text and "0" in text


@pytest.mark.parametrize(("language", "expected"), [("fr", "Pièces d'Or"), ("en", "Gold Pieces")])
def test_a_counter_id_becomes_the_books_name(df31, language, expected):
    refused = Refused("none_left", "no gold left", counter="gold")
    assert expected in describe_refusal(Catalogue(language), refused, df31)


def test_without_a_book_ids_are_shown_as_given():
    refused = Refused("none_left", "no gold left", counter="gold")
    assert "gold" in describe_refusal(Catalogue("en"), refused)


def test_an_id_the_book_does_not_know_is_shown_as_given(df31):
    refused = Refused("unknown_stat", "'zzz' is not a score of this book", stat="zzz")
    assert "zzz" in describe_refusal(Catalogue("fr"), refused, df31)


def test_lists_are_joined_and_numbers_tidy():
    catalogue = Catalogue("fr")
    choices = describe_refusal(catalogue, Refused("one_duration", "…", choices=["minutes", "hours", "days"]))
    assert "minutes, heures, jours" in choices
    hours = describe_refusal(catalogue, Refused("boat_hours", "…", maximum=24.0))
    assert "24 heures" in hours and "24.0" not in hours
    negative = describe_refusal(catalogue, Refused("negative", "…", what="days", value=-1.5))
    assert "-1,5" in negative


@pytest.mark.parametrize("language", ["fr", "en"])
def test_an_unknown_code_falls_back_with_the_english_message(language):
    refused = Refused("no_such_code_yet", "the moon is not full")
    text = describe_refusal(Catalogue(language), refused)
    assert "the moon is not full" in text and "⟦" not in text and "{" not in text


def _fight(session):
    session.apply({"do": "fight", "enemies": [{"name": "Rat", "skill": 5, "stamina": 4}]})


CASES = [
    ("DF31", Start(hero=HERO), [], {"do": "herb"}, "no_herbs"),
    ("DF31", Start(hero=HERO), [], {"do": "shoot"}, "no_bow"),
    ("DF31", Start(hero=HERO), [], {"do": "set_score", "stat": "skill", "value": 13}, "above_initial"),
    ("DF31", Start(hero=HERO), [], {"do": "set_counter", "name": "gold", "value": -1}, "counter_range"),
    ("DF31", Start(hero=HERO), [], {"do": "change", "stat": "zzz", "by": 1}, "unknown_stat"),
    ("DF31", Start(hero=HERO), [], {"do": "luck"}, "nothing_pending"),
    ("DF31", Start(hero=HERO), [], {"do": "no_such_action"}, "bad_action"),
    ("DF31", Start(hero=HERO), [_fight], {"do": "eat"}, "meals_in_fight"),
    ("DF49", Start(hero=HERO), [_fight], {"do": "herb"}, "herbs_in_fight"),
    (
        "DF49",
        Start(hero=HERO),
        [lambda s: s.apply({"do": "set_counter", "name": "herbs", "value": 0})],
        {"do": "herb"},
        "none_left",
    ),
    ("DF49", Start(hero=None), [], {"do": "set_hero", "scores": {"skill": 3, "stamina": 20, "luck": 9}}, "score_unreachable"),
    ("rolenplay", Start(hero=None), [], {"do": "set_scale", "scale": "hour"}, "same_scale"),
    ("rolenplay", Start(hero=None), [], {"do": "travel_party", "hours": 3}, "nobody"),
    ("rolenplay", Start(hero=None), [], {"do": "travel", "pace": "normal", "days": -1}, "negative"),
    ("rolenplay", Start(hero=None), [], {"do": "travel", "pace": "normal", "hours": 1, "days": 2}, "one_duration"),
]


@pytest.mark.parametrize(("book_id", "start", "setup", "action", "code"), CASES, ids=[f"{case[0]}-{case[4]}" for case in CASES])
@pytest.mark.parametrize("language", ["fr", "en"])
def test_real_refusals_read_cleanly(book_id, start, setup, action, code, language):
    book = load_book_by_id(book_id)
    session = Session(book, ScriptedDice([]), start)
    for step in setup:
        step(session)
    refused = session.refusal(action)
    assert refused is not None and refused.code == code
    catalogue = Catalogue(language)
    text = describe_refusal(catalogue, refused, book)
    assert catalogue.has(f"refused.{code}")
    assert text and "{" not in text and "⟦" not in text


def test_undo_with_nothing_to_undo_reads_cleanly(df31):
    session = Session(df31, ScriptedDice([]), Start(hero=HERO))
    with pytest.raises(Refused) as refused:
        session.undo()
    assert describe_refusal(Catalogue("fr"), refused.value, df31) == "Rien à annuler."


@pytest.mark.parametrize(("language", "name"), [("fr", "Création du héros aux dés"), ("en", "Hero rolled")])
def test_an_action_named_in_a_refusal_reads_as_the_journal_names_it(language, name):
    # Issue 30 item 10: the honest-play reason on the creation fields said "les dés ont décidé (roll_hero)".
    text = describe_refusal(Catalogue(language), Refused("honest_dice", "…", do="roll_hero"))
    assert name in text and "roll_hero" not in text

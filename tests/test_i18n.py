"""The catalogue: complete in both languages, never crashes on a missing key."""

import json
from importlib.resources import files

import pytest

from game.i18n.catalogue import Catalogue, base_key, format_number, load_table, missing_marker, placeholders


def _tables():
    return load_table("fr"), load_table("en")


def test_french_and_english_have_the_same_keys():
    fr, en = _tables()
    assert set(fr) - set(en) == set(), "keys only in fr.json"
    assert set(en) - set(fr) == set(), "keys only in en.json"


def test_french_and_english_use_the_same_placeholders():
    fr, en = _tables()
    differing = {
        key: (placeholders(fr[key]), placeholders(en[key]))
        for key in fr
        if key in en and placeholders(fr[key]) != placeholders(en[key])
    }
    assert differing == {}


def test_catalogue_files_are_valid_json_objects():
    for language in ("fr", "en"):
        data = json.loads(files("game.i18n").joinpath(f"{language}.json").read_text(encoding="utf-8"))
        assert isinstance(data, dict) and data


def test_french_is_the_default_language():
    assert Catalogue().language == "fr"
    assert Catalogue().t("common.cancel") == "Annuler"


def test_missing_key_shows_a_visible_marker():
    assert Catalogue().t("no.such.key") == "⟦no.such.key⟧" == missing_marker("no.such.key")


def test_key_missing_only_in_current_language_shows_marker():
    catalogue = Catalogue("en", tables={"fr": {"a": "A"}, "en": {}})
    assert catalogue.t("a") == "⟦a⟧"


def test_params_are_filled_in():
    assert Catalogue("en").t("field.too_long", max=12) == "At most 12 characters"


def test_missing_param_stays_visible_instead_of_crashing():
    assert Catalogue("en").t("field.too_long") == "At most {max} characters"


def test_malformed_template_is_shown_raw():
    catalogue = Catalogue("fr", tables={"fr": {"bad": "oops {"}})
    assert catalogue.t("bad", x=1) == "oops {"


def test_language_switch_at_runtime_changes_texts():
    catalogue = Catalogue("fr")
    catalogue.set_language("en")
    assert catalogue.t("common.yes") == "Yes"


def test_lazy_text_follows_language_switch():
    catalogue = Catalogue("fr")
    label = catalogue.lazy("common.no")
    assert label() == "Non"
    catalogue.set_language("en")
    assert label() == "No"


def test_unknown_language_is_refused():
    with pytest.raises(ValueError):
        Catalogue("de")


def test_section_files_come_in_pairs():
    from game.i18n.catalogue import table_files

    sections = {name.split(".")[0] for name in table_files("fr")[1:]}
    assert sections == {name.split(".")[0] for name in table_files("en")[1:]}


def test_every_key_the_code_asks_for_exists_in_both_languages():
    import re
    from pathlib import Path

    import game

    pattern = re.compile(r"""\b(?:t|tr|lazy)\(\s*["']([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)["']""")
    fr, en = _tables()
    wanted = set()
    for path in Path(game.__file__).parent.rglob("*.py"):
        wanted.update(pattern.findall(path.read_text(encoding="utf-8")))
    assert wanted, "no catalogue keys found in the code"
    assert sorted(wanted - set(fr) - {base_key(key) for key in fr}) == []
    assert sorted(wanted - set(en) - {base_key(key) for key in en}) == []


@pytest.mark.parametrize(
    ("language", "n", "text"),
    [
        ("fr", 0, "Carquois : 0 flèche"),
        ("fr", 1, "Carquois : 1 flèche"),
        ("fr", 6, "Carquois : 6 flèches"),
        ("en", 0, "Quiver: 0 arrows"),
        ("en", 1, "Quiver: 1 arrow"),
        ("en", 6, "Quiver: 6 arrows"),
    ],
)
def test_a_count_picks_the_plural_form_of_its_language(language, n, text):
    assert Catalogue(language).t("combat.quiver", n=n) == text


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_plural_rules_kept_are_those_of_babels_locale_data(language):
    from babel import Locale
    from babel.plural import PluralRule

    from game.i18n.catalogue import PLURAL_RULES, plural_form

    assert PluralRule(PLURAL_RULES[language]).rules == Locale.parse(language).plural_form.rules
    for count in (0, 1, 1.5, 2, 21, 1000000, 2000000, 1000001, -1, -2):
        assert plural_form(language, count) == Locale.parse(language).plural_form(abs(count))


def test_one_day_is_singular_in_both_languages():
    assert Catalogue("fr").t("sheet.days_ticked", n=1) == "1 jour coché"
    assert Catalogue("en").t("sheet.days_ticked", n=1) == "1 day ticked"


def test_every_plural_text_has_its_other_form_in_both_languages():
    for table in _tables():
        variants = {key for key in table if base_key(key) != key}
        assert {base_key(key) + ".other" for key in variants} <= set(table)


def test_numbers_are_written_the_language_s_way():
    assert format_number("fr", 0.5) == "0,5" and format_number("en", 0.5) == "0.5"
    assert format_number("fr", 12345) == "12\u202f345" and format_number("en", 12345) == "12,345"
    assert format_number("fr", 213) == "213"  # paragraph numbers are not grouped


def test_a_choice_step_wanting_one_pick_says_pick_in_the_singular():
    assert Catalogue("en").t("refused.pick_count", step="Spells", wanted=1, given=0) == "Spells: 1 pick is needed, not 0."
    assert Catalogue("en").t("refused.pick_count", step="Spells", wanted=3, given=1) == "Spells: 3 picks are needed, not 1."


def test_no_french_text_agrees_a_past_participle_with_a_name_of_unknown_gender():
    # Issue 30 item 9: "Aile Noire est touché". A creature's name has no known gender: "Touché : Aile Noire".
    import re

    agreeing = re.compile(r"\{(name|who|ally)\} (est|sont) (touché|blessé|vaincu|tué)")
    assert [key for key, text in load_table("fr").items() if agreeing.search(text)] == []

"""The catalogue: complete in both languages, never crashes on a missing key."""

import json
from importlib.resources import files

import pytest

from game.i18n.catalogue import Catalogue, load_table, missing_marker, placeholders


def _tables():
    return load_table("fr"), load_table("en")


def test_french_and_english_have_the_same_keys():
    fr, en = _tables()
    assert set(fr) - set(en) == set(), "keys only in fr.json"
    assert set(en) - set(fr) == set(), "keys only in en.json"


def test_french_and_english_use_the_same_placeholders():
    fr, en = _tables()
    differing = {key: (placeholders(fr[key]), placeholders(en[key])) for key in fr if key in en and placeholders(fr[key]) != placeholders(en[key])}
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
    assert sorted(wanted - set(fr)) == []
    assert sorted(wanted - set(en)) == []

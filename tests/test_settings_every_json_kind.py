"""Every setting given every kind of JSON value (a bool, null, a number at and past its bounds, a text that looks
like a number, Arabic-Indic digits, a list, an object, nested, a key written twice inside…) costs that setting
only: the others are kept, and the settings the load gave are saved as a file the next start reads clean and the
same (game.app.settings.SettingsStore)."""

from __future__ import annotations

import pytest

from game.app.settings import RULES, SettingsStore

TEXTS = [
    *("true", "false", "null", "0", "1", "-1", "-0.0", "0.5", "1.5", "3600", "3601", "1e308", "1e400"),
    *("9007199254740991", "9007199254740992", '"' + "9" * 30 + '"', "NaN", "-Infinity", '""', '"1.5"', '"60"'),
    *('"١٢"', '"true"', '"fr"', '"en"', '"off"', '"DEMO"', "[]", '["/tmp"]', "[1]", "[[[]]]", "{}", '{"undo": "u"}'),
    *('{"undo": 1}', '{"a": {"b": {}}}', '"\\u0000"', '"\\ud800"', '"x\\u2028"', '{"k": 1, "k": true}', "[0, 0.0]"),
    '"' + "x" * 20_001 + '"',
]


@pytest.mark.parametrize("name", sorted(RULES))
def test_every_kind_of_json_value_for_a_setting_costs_that_setting_only_and_saves_clean(tmp_path, name):
    other, other_value = ("palette", "contrast") if name != "palette" else ("language", "en")
    for number, text in enumerate(TEXTS):
        folder = tmp_path / str(number)
        store = SettingsStore(folder)
        folder.mkdir()
        store.path.write_text(f'{{"{other}": "{other_value}", "{name}": {text}}}', encoding="utf-8")
        result = store.load()
        assert {problem.field.split(".")[0] for problem in result.problems if problem.field} <= {name}, text
        assert all(problem.field is not None and problem.file == store.path for problem in result.problems), text
        assert getattr(result.settings, other) == other_value, text
        store.save(result.settings)
        again = SettingsStore(folder).load()
        assert again.ok and again.settings == result.settings, (text, [str(problem) for problem in again.problems])

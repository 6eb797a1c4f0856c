"""Settings are read as plain data when plainly valid, and judged by the model otherwise (issue 28, start-up).

What the app wrote is read without pydantic; any value the plain reading keeps is the value the model
(game.app.settings_model) gives, and every other value goes to the model, which coerces or refuses it.
"""

import json
import math
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.app.settings import RULES, Settings, SettingsStore, plain_settings
from game.app.settings_model import SettingsModel

EDGES = [10**400, 0.75, 0.7499, 2.0, 2.0001, 0, -1, 60, 1.5, True, False, None, "", "DEMO", "DEMO\n", "x" * 4000, "x" * 4001]
CHOICES = [choice for rule in RULES.values() for choice in rule.choices]
SCALARS = st.one_of(
    st.sampled_from(EDGES + CHOICES),
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=40),
)
VALUES = st.one_of(
    SCALARS,
    st.lists(st.one_of(st.text(max_size=10), st.sampled_from(["y" * 4000, "y" * 4001]), st.integers()), max_size=8),
    st.dictionaries(st.text(max_size=8), st.one_of(st.text(max_size=8), st.integers(), st.none()), max_size=4),
)


def test_the_settings_are_the_models_fields_with_its_defaults():
    assert list(RULES) == list(SettingsModel.model_fields)
    assert Settings().model_dump() == SettingsModel().model_dump()


@given(st.sampled_from(sorted(RULES)), VALUES)
def test_a_value_read_plainly_is_the_value_the_model_gives(name, value):
    ok, kept = RULES[name].plain(value)
    if ok:
        judged = getattr(SettingsModel.model_validate({name: value}), name)
        assert kept == judged and type(kept) is type(judged)


def test_every_choice_and_bound_of_the_model_is_read_plainly():
    for name, value in [
        ("language", "en"),
        ("speech", "self_voicing"),
        ("ui_scale", 0.75),
        ("ui_scale", 2),
        ("demo_idle_seconds", 0),
    ]:
        assert RULES[name].plain(value)[0], (name, value)
    for name, value in [("language", "de"), ("ui_scale", 0.7), ("demo_book", "DEMO\n"), ("ui_scale", math.nan)]:
        assert not RULES[name].plain(value)[0], (name, value)


def test_a_file_the_app_wrote_is_read_plainly(tmp_path):
    store = SettingsStore(tmp_path)
    store.save(Settings(language="en", ui_scale=1.25, shortcuts={"undo": "u"}, recent_places=["/tmp"]))
    data = json.loads(store.path.read_text(encoding="utf-8"))
    assert plain_settings(data) == Settings(**data).model_dump()


def test_a_number_written_as_text_is_still_coerced_by_the_model(tmp_path):
    store = SettingsStore(tmp_path)
    store.path.write_text(json.dumps({"ui_scale": "1.5", "fullscreen": "yes"}))
    result = store.load()
    assert result.ok and result.settings.ui_scale == 1.5 and result.settings.fullscreen is True


def test_a_setting_set_out_of_its_bounds_is_refused_with_its_name():
    settings = Settings()
    try:
        settings.ui_scale = 9.0
    except ValueError as error:
        assert "ui_scale" in str(error)
    else:
        raise AssertionError("ui_scale = 9.0 was kept")
    assert settings.ui_scale == 1.0


@pytest.mark.parametrize(
    ("content", "problems"),
    [
        (b'{"language": "en", "palette": "contrast"}', "[]"),
        (b'{"language": "en", "palette": "contrast", "ui_scale": NaN}', "['ui_scale']"),  # refused by the reader alone
    ],
    ids=["as the app wrote them", "beside a value the reader refuses"],
)
def test_reading_the_settings_the_app_wrote_imports_no_pydantic(tmp_path, content, problems):
    (tmp_path / "settings.json").write_bytes(content)
    code = (
        "import sys\n"
        "from game.app.settings import SettingsStore\n"
        f"result = SettingsStore({str(tmp_path)!r}).load()\n"
        "print([p.field for p in result.problems], result.settings.palette, 'pydantic' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == [problems, "contrast", "False"], done.stderr[-2000:]

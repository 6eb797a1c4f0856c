"""A hostile value set at run time (attribute assignment, model_copy) is judged as the model judges it, and the
settings in memory can always be written back.

A folder whose name is not UTF-8 (Linux keeps its bytes as lone surrogates in a str: "caf\\udce9") is the real
way such a text reaches the settings: the file browser's recent places, the share panel's export folder.
The settings file is UTF-8 JSON, which cannot hold it: the model refuses it, and so must the plain reading,
or the next save of any setting fails (UnicodeEncodeError) for the rest of the session.
"""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.app.settings import RULES, Settings, SettingsStore
from game.app.settings_model import SettingsModel

LONE = "/home/p/caf\udce9"  # the bytes b"caf\xe9" (Latin-1) as os.fsdecode gives them
# Hypothesis never draws a lone surrogate by itself: they are mixed in by hand.
ANY_TEXT = st.one_of(
    st.text(max_size=12),
    st.lists(st.sampled_from(["a", "DEMO", "fr", "/", "\x00", "é", "😀", "\ud800", "\udce9", "\udfff"]), max_size=4).map("".join),
)


def model_value(name, value):
    try:
        return True, getattr(SettingsModel.model_validate({name: value}), name)
    except ValueError:
        return False, None


@given(
    st.sampled_from(sorted(RULES)),
    st.one_of(ANY_TEXT, st.lists(ANY_TEXT, max_size=3), st.dictionaries(ANY_TEXT, ANY_TEXT, max_size=2)),
)
def test_a_text_read_plainly_is_the_text_the_model_gives_lone_surrogates_included(name, value):
    ok, kept = RULES[name].plain(value)
    if ok:
        assert model_value(name, value) == (True, kept)


@pytest.mark.parametrize(
    ("name", "value"),
    [("export_folder", LONE), ("recent_places", [LONE]), ("shortcuts", {"undo": "\ud800"}), ("shortcuts", {"\ud800": "u"})],
)
def test_a_text_the_settings_file_cannot_hold_is_refused_when_set(name, value):
    settings = Settings()
    with pytest.raises(ValueError, match=name):
        setattr(settings, name, value)
    assert getattr(settings, name) == getattr(Settings(), name)


def test_a_text_the_settings_file_cannot_hold_is_refused_by_model_copy():
    with pytest.raises(ValueError, match="export_folder"):
        Settings().model_copy(update={"export_folder": LONE})


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("ui_scale", math.nan),
        ("ui_scale", math.inf),
        ("ui_scale", -0.0),
        ("ui_scale", 10**400),
        ("demo_idle_seconds", -1),
        ("demo_idle_seconds", 1.5),
        ("language", "fr\x00"),
        ("demo_book", "DEMO\n"),
        ("recent_places", ["/tmp"] * 7),
        ("recent_places", "/tmp"),
        ("shortcuts", {"undo": 1}),
        ("shortcuts", {"undo": "u" * 20_001}),
        ("export_folder", "x" * 4001),
        ("export_folder", "/tmp/\x00"),
        ("recent_places", ["/tmp", "a\x00b"]),
        ("fullscreen", "maybe"),
    ],
)
def test_a_hostile_value_set_is_refused_and_the_setting_keeps_its_value(name, value):
    settings = Settings()
    with pytest.raises(ValueError, match=name):
        setattr(settings, name, value)
    assert getattr(settings, name) == getattr(Settings(), name)


def test_the_settings_can_be_saved_after_every_hostile_value_was_refused(tmp_path):
    settings = Settings()
    for name, value in [("export_folder", LONE), ("recent_places", [LONE, "/tmp"]), ("shortcuts", {"undo": "\udcff"})]:
        with pytest.raises(ValueError):
            setattr(settings, name, value)
    store = SettingsStore(tmp_path)
    store.save(settings)
    assert store.load().settings == settings

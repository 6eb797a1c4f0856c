"""One value the JSON reader refuses costs its own setting, never the whole settings file (game.safe_json
read_json_members): NaN, Infinity, a number past the limits, a lone surrogate, a byte that is not UTF-8 inside a
text, a key written twice with different values. Every other setting is kept, the one refused is said with the
file, the field and the reason and its default stands in, and the file is left as it is (a save first keeps it).
A file that is not a JSON object at all still gives every default.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.app.settings import Settings, SettingsStore
from game.safe_json import read_json_members

FINE = b'"language": "en", "ui_scale": 1.25, "palette": "contrast"'
REFUSED = {
    "NaN": (b'"demo_ui_scale": NaN', "demo_ui_scale", "NaN"),
    "Infinity": (b'"demo_ui_scale": Infinity', "demo_ui_scale", "Infinity"),
    "a number past the limits": (b'"demo_idle_seconds": 1e400', "demo_idle_seconds", "beyond the limit"),
    "a lone surrogate escape": (b'"export_folder": "/home/caf\\udce9"', "export_folder", "lone surrogate \\udce9"),
    "a byte that is not UTF-8": (b'"export_folder": "/home/caf\xe9"', "export_folder", "not UTF-8 (0xe9) at position 9"),
    "one recent place broken": (b'"recent_places": ["/tmp", "/caf\xe9"]', "recent_places.1", "not UTF-8"),
    "a shortcut written twice": (b'"shortcuts": {"undo": "u", "undo": "z"}', "shortcuts.undo", "more than once"),
    "a setting written twice": (b'"speech": "off", "speech": "self_voicing"', "speech", "more than once"),
    # the clean second value won silently and the first's "undo" written twice was never said
    "a shortcut written twice, then the shortcuts again": (
        b'"shortcuts": {"undo": "u", "undo": "z"}, "shortcuts": {"undo": "z"}',
        "shortcuts",
        "more than once",
    ),
    "a number written twice as 1 and true": (b'"demo_ui_scale": 1, "demo_ui_scale": true', "demo_ui_scale", "more than once"),
    # two frames a level in the duplicate check ran out of Python's stack: the whole file was refused
    "a list nested 400 deep written twice": (
        b'"shortcuts": ' + b"[" * 400 + b"]" * 400 + b', "shortcuts": ' + b"[" * 400 + b"]" * 400,
        "shortcuts.0.0…",
        "deeper than the limit",
    ),
    "an object nested 400 deep written twice": (
        b'"shortcuts": ' + b'{"a": ' * 400 + b"1" + b"}" * 400 + b', "shortcuts": ' + b'{"a": ' * 400 + b"1" + b"}" * 400,
        "shortcuts.a.a…",
        "deeper than the limit",
    ),
    "NaN written twice": (b'"demo_ui_scale": NaN, "demo_ui_scale": NaN', "demo_ui_scale", "NaN"),  # not "twice"
    "a list written twice as [0] and [false]": (
        b'"recent_places": [0], "recent_places": [false]',
        "recent_places",
        "more than once",
    ),
}


def store_with(tmp_path: Path, content: bytes) -> SettingsStore:
    store = SettingsStore(tmp_path)
    store.path.write_bytes(content)
    return store


def with_fine(member: bytes) -> bytes:
    return b"{" + FINE + b", " + member + b"}"


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_value_the_json_reader_refuses_resets_its_own_setting_only(tmp_path, case):
    member, field, words = REFUSED[case]
    result = store_with(tmp_path, with_fine(member)).load()
    assert [(problem.file, problem.field) for problem in result.problems] == [(tmp_path / "settings.json", field)]
    assert words in result.problems[0].reason, result.problems[0].reason
    kept = result.settings
    assert (kept.language, kept.ui_scale, kept.palette) == ("en", 1.25, "contrast")
    name = field.split(".")[0]
    assert getattr(kept, name) == getattr(Settings(), name)


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_the_file_holding_a_refused_value_is_kept_as_it_was_by_the_next_save(tmp_path, case):
    content = with_fine(REFUSED[case][0])
    store = store_with(tmp_path, content)
    os.utime(store.path, (1_000_000_000, 1_000_000_000))
    result = store.load()
    assert store.path.read_bytes() == content and store.path.stat().st_mtime == 1_000_000_000
    store.save(result.settings)
    assert store.broken_copy_path.read_bytes() == content
    again = SettingsStore(tmp_path).load()
    assert again.ok and again.settings == result.settings


def test_a_setting_written_twice_with_the_same_value_is_kept_without_a_word(tmp_path):
    result = store_with(tmp_path, b'{"language": "en", "language": "en"}').load()
    assert result.ok and result.settings.language == "en"


def test_a_number_written_twice_as_1_and_1_point_0_is_one_value(tmp_path):
    result = store_with(tmp_path, b'{"ui_scale": 1, "ui_scale": 1.0}').load()
    assert result.ok and result.settings.ui_scale == 1.0


@pytest.mark.parametrize(
    ("member", "field", "words"),
    [
        (b'"ui_scale": true', "ui_scale", "must be a number"),
        (b'"demo_ui_scale": false', "demo_ui_scale", "must be a number"),
        (b'"demo_idle_seconds": true', "demo_idle_seconds", "must be a whole number"),
    ],
)
def test_true_or_false_is_not_a_number_for_a_number_setting(tmp_path, member, field, words):
    result = store_with(tmp_path, b'{"language": "en", ' + member + b"}").load()
    assert [(problem.field, problem.reason) for problem in result.problems] == [(field, words)]
    assert getattr(result.settings, field) == getattr(Settings(), field)
    assert result.settings.language == "en"


def test_setting_a_number_setting_to_true_in_code_is_refused():
    with pytest.raises(ValueError, match="must be a number"):
        Settings().ui_scale = True  # type: ignore[assignment]  # what a careless caller would do


def test_every_refused_value_of_a_file_is_said_and_the_others_kept(tmp_path):
    content = with_fine(b'"demo_ui_scale": NaN, "export_folder": "\\ud800", "speech": "off", "speech": "x"')
    result = store_with(tmp_path, content).load()
    assert sorted(problem.field for problem in result.problems) == ["demo_ui_scale", "export_folder", "speech"]
    assert result.settings.language == "en" and result.settings.palette == "contrast"


def test_a_value_out_of_bounds_beside_a_refused_one_is_said_too(tmp_path):
    result = store_with(tmp_path, with_fine(b'"demo_ui_scale": NaN, "demo_idle_seconds": -1')).load()
    assert sorted(problem.field for problem in result.problems) == ["demo_idle_seconds", "demo_ui_scale"]
    assert result.settings.ui_scale == 1.25


def test_a_key_no_file_can_hold_is_named_by_its_escape(tmp_path):
    result = store_with(tmp_path, b'{"language": "en", "shortcuts": {"\\udc99": "x", "und\xf6": "u"}}').load()
    assert [problem.field for problem in result.problems] == ["shortcuts.\\udc99"]
    str(result.problems[0]).encode("utf-8")  # said in the log and on screen: never a character no text can hold
    assert result.settings.language == "en"


def test_a_member_that_is_no_setting_is_ignored_whatever_it_holds(tmp_path):
    members = b", ".join(b'"k%d": NaN' % number for number in range(1000))
    result = store_with(tmp_path, b'{"language": "en", "langu\xffage": "fr", "\\ud800": 1, ' + members + b"}").load()
    assert result.ok and result.settings.language == "en"


@pytest.mark.parametrize(
    "content",
    [b'{"language": "en"} \xff', b'{"language": "en",}', b'["language", "en"]', b"", b'{"a": ' + b"[" * 100_000],
    ids=["a byte outside any text", "broken JSON", "not an object", "empty", "too deep to read"],
)
def test_a_file_that_is_not_a_json_object_gives_every_default_with_one_word(tmp_path, content):
    result = store_with(tmp_path, content).load()
    assert [problem.field for problem in result.problems] == [None] and result.settings == Settings()


def test_two_windows_saving_over_one_refused_value_keep_the_file_the_player_wrote(tmp_path):
    content = with_fine(b'"demo_ui_scale": NaN')
    first, second = SettingsStore(tmp_path), SettingsStore(tmp_path)
    first.path.write_bytes(content)
    seen_first, seen_second = first.load(), second.load()
    second.save(seen_second.settings.model_copy(update={"fullscreen": True}))
    first.save(seen_first.settings)
    assert first.broken_copy_path.read_bytes() == content
    last = SettingsStore(tmp_path).load()
    assert last.ok and last.settings.language == "en" and json.loads(first.path.read_text(encoding="utf-8"))


FINE_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(2**53) + 1, 2**53 - 1), st.floats(-1e9, 1e9), st.text(max_size=8)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=4), inner, max_size=3)),
    max_leaves=6,
)
REFUSED_TEXTS = [b"NaN", b"-Infinity", b"1e400", b"9" * 30, b'"\\ud800"', b'"caf\xe9"', b'["a", "\\udfff"]', b'{"k": 1, "k": 2}']


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.text(max_size=6), FINE_VALUES, max_size=5), st.sampled_from(REFUSED_TEXTS), st.integers(0, 5))
def test_the_reader_keeps_every_member_but_the_one_it_refuses(tmp_path_factory, members, refused, at):
    items = [json.dumps(key).encode() + b": " + json.dumps(value).encode() for key, value in members.items()]
    items.insert(min(at, len(items)), b'"\\u2603 refused": ' + refused)
    path = tmp_path_factory.mktemp("members") / "file.json"
    path.write_bytes(b"{" + b", ".join(items) + b"}")
    kept, said = read_json_members(path)
    assert kept == members and [location[0] for location, _error in said] == ["\u2603 refused"]


def test_a_setting_with_many_values_out_of_bounds_is_said_once(tmp_path):
    shortcuts = b", ".join(b'"k%d": %d' % (number, number) for number in range(5000))
    result = store_with(tmp_path, with_fine(b'"shortcuts": {' + shortcuts + b'}, "recent_places": [1, 2, 3]')).load()
    assert [problem.field for problem in result.problems] == ["shortcuts.k0", "recent_places.0"]
    assert result.settings.shortcuts == {} and result.settings.language == "en"


@pytest.mark.parametrize("mark", [b"", b"\xef\xbb\xbf"], ids=["without", "after a byte order mark"])
def test_a_byte_that_is_not_utf8_outside_a_text_is_said_at_its_offset_in_the_file(tmp_path, mark):
    content = mark + b'{"language": "en"} \xff'
    result = store_with(tmp_path, content).load()
    assert result.problems[0].error.code == "not_utf8" and dict(result.problems[0].error.params) == {"byte": len(content) - 1}

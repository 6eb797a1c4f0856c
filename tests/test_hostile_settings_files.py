"""A hostile settings file never stops the app: SettingsStore.load and the real start say the file, the field and
the reason, keep the fields that were fine, leave the file as it is, and the next save loses none of its words.

Each file is read through the plain reading and, for any value not plainly valid, the model (game.app.settings).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.app.settings import Settings, SettingsStore

# (what the file holds, the field said wrong or None for the whole file, a word of the reason)
FIELD_CASES = {
    "a bool for a scale": (b'{"language": "en", "ui_scale": false}', "ui_scale", "must be a number"),
    "minus zero for a scale": (b'{"language": "en", "ui_scale": -0.0}', "ui_scale", "at least"),
    "a scale past any float": (b'{"language": "en", "ui_scale": 1e308}', "ui_scale", "beyond the limit"),
    "a fraction of a second": (b'{"language": "en", "demo_idle_seconds": 1.5}', "demo_idle_seconds", "whole number"),
    "a negative delay": (b'{"language": "en", "demo_idle_seconds": -1}', "demo_idle_seconds", "at least"),
    # the settings page's bound (an hour): thirty 9s in a text were kept, then saved as a number the reader refuses
    "a delay past an hour": (b'{"language": "en", "demo_idle_seconds": 3601}', "demo_idle_seconds", "at most 3600"),
    "a delay of 30 digits in a text": (
        b'{"language": "en", "demo_idle_seconds": "' + b"9" * 30 + b'"}',
        "demo_idle_seconds",
        "at most 3600",
    ),
    "a choice with a NUL": (b'{"language": "en", "palette": "contrast\\u0000"}', "palette", "one of"),
    "a book id with a newline": (b'{"language": "en", "demo_book": "DEMO\\n"}', "demo_book", "expected form"),
    "a list in the shortcuts": (b'{"language": "en", "shortcuts": {"undo": ["u"]}}', "shortcuts.undo", "text"),
    "a dict in the recent places": (b'{"language": "en", "recent_places": [{"a": "b"}]}', "recent_places.0", "text"),
    "seven recent places": (b'{"language": "en", "recent_places": ["a","b","c","d","e","f","g"]}', "recent_places", ""),
    "a very long export folder": (b'{"language": "en", "export_folder": "' + b"x" * 4001 + b'"}', "export_folder", "long"),
    "a NUL in a recent place": (b'{"language": "en", "recent_places": ["/tmp/a\\u0000b"]}', "recent_places.0", "NUL"),
    "a NUL in the export folder": (b'{"language": "en", "export_folder": "\\u0000"}', "export_folder", "NUL"),
    "a setting written twice": (b'{"language": "en", "speech": "off", "speech": "loud"}', "speech", "more than once"),
    # what the JSON reader refuses costs its own setting only (game.safe_json.read_json_members)
    "NaN": (b'{"language": "en", "ui_scale": NaN}', "ui_scale", "NaN"),
    "Infinity": (b'{"language": "en", "ui_scale": -Infinity}', "ui_scale", "Infinity"),
    "a huge integer": (b'{"language": "en", "demo_idle_seconds": ' + b"9" * 5000 + b"}", "demo_idle_seconds", "beyond the limit"),
    "a lone surrogate": (b'{"language": "en", "export_folder": "\\ud800"}', "export_folder", "surrogate"),
    "invalid UTF-8 in a text": (b'{"language": "en", "palette": "\xff"}', "palette", "UTF-8"),
    "nesting too deep": (b'{"language": "en", "shortcuts": ' + b"[" * 40 + b"]" * 40 + b"}", "shortcuts.0.0…", "deeper"),
}
FILE_CASES = {
    "broken JSON": (b'{"language": "en" "ui_scale": 1}', "',' is expected"),
    "an array": (b'["language", "en"]', "object"),
    "null": (b"null", "object"),
    "a number": (b"3", "object"),
    "invalid UTF-8 outside a text": (b'{"language": "en"}\xff', "UTF-8"),
    "an empty file": (b"", "empty"),
    "nesting too deep for the reader": (b'{"shortcuts": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "deeper"),
}


def store_with(tmp_path: Path, content: bytes) -> SettingsStore:
    store = SettingsStore(tmp_path)
    store.path.write_bytes(content)
    return store


@pytest.mark.parametrize("case", sorted(FIELD_CASES))
def test_a_hostile_value_is_said_with_the_file_field_and_reason_and_the_fine_fields_are_kept(tmp_path, case):
    content, field, words = FIELD_CASES[case]
    result = store_with(tmp_path, content).load()
    assert result.problems and all(problem.file == tmp_path / "settings.json" for problem in result.problems)
    assert [problem.field for problem in result.problems][:1] == [field]
    assert words in result.problems[0].reason
    if field is not None:
        assert result.settings.language == "en"


@pytest.mark.parametrize("case", sorted(FILE_CASES))
def test_a_hostile_file_is_said_with_its_name_and_reason_and_gives_the_defaults(tmp_path, case):
    content, words = FILE_CASES[case]
    result = store_with(tmp_path, content).load()
    assert len(result.problems) == 1 and result.problems[0].field is None and words in result.problems[0].reason
    assert str(tmp_path / "settings.json") in str(result.problems[0]) and result.settings == Settings()


@pytest.mark.parametrize("case", sorted(FIELD_CASES) + sorted(FILE_CASES))
def test_loading_a_hostile_file_leaves_it_as_it_is(tmp_path, case):
    content = {**FIELD_CASES, **FILE_CASES}[case][0]
    store = store_with(tmp_path, content)
    os.utime(store.path, (1_000_000_000, 1_000_000_000))
    store.load()
    assert store.path.read_bytes() == content and store.path.stat().st_mtime == 1_000_000_000


def test_a_byte_order_mark_before_the_settings_is_skipped(tmp_path):
    result = store_with(tmp_path, b'\xef\xbb\xbf{"language": "en"}').load()
    assert result.ok and result.settings.language == "en"


def test_an_unreadable_settings_file_is_said_with_the_system_s_reason(tmp_path, monkeypatch):
    store = store_with(tmp_path, b'{"language": "en"}')
    real_open = os.open

    def refuse(path, *args, **kwargs):
        if Path(path) == store.path:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    result = store.load()
    assert len(result.problems) == 1 and "Permission denied" in result.problems[0].reason


def test_a_second_broken_file_does_not_overwrite_the_copy_kept_of_the_first(tmp_path):
    store = store_with(tmp_path, b'{"ui_scale": 9, "language": "en"}')
    store.save(store.load().settings)
    store.path.write_bytes(b'{"ui_scale": 8, "language": "en"}')
    store.save(store.load().settings)
    kept = sorted(path.read_bytes() for path in tmp_path.glob("settings.broken*.json"))
    assert kept == [b'{"ui_scale": 8, "language": "en"}', b'{"ui_scale": 9, "language": "en"}']


def test_the_same_broken_file_saved_twice_is_kept_once(tmp_path):
    store = store_with(tmp_path, b'{"ui_scale": 9}')
    store.save(store.load().settings)
    store.path.write_bytes(b'{"ui_scale": 9}')
    store.save(store.load().settings)
    assert [path.name for path in tmp_path.glob("settings.broken*.json")] == ["settings.broken.json"]


def test_a_directory_where_the_broken_copy_goes_does_not_cost_the_broken_file(tmp_path):
    store = store_with(tmp_path, b'{"ui_scale": 9, "language": "en"}')
    store.broken_copy_path.mkdir()
    store.save(store.load().settings)
    kept = [path.read_bytes() for path in tmp_path.glob("settings.broken*.json") if path.is_file()]
    assert kept == [b'{"ui_scale": 9, "language": "en"}']


def test_a_settings_file_past_the_size_limit_is_kept_whole_by_the_next_save(tmp_path):
    content = b'{"export_folder": "' + b"x" * (3 << 20) + b'"}'
    store = store_with(tmp_path, content)
    result = store.load()
    assert "more than the limit" in result.problems[0].reason
    store.save(result.settings)
    assert store.broken_copy_path.read_bytes() == content and store.load().ok


def test_a_settings_file_past_the_size_limit_is_kept_whole_where_no_hard_link_can_be_made(tmp_path, monkeypatch):
    # A network folder or a FAT key: the copy made instead was refused past the limit, so every save stopped.
    content = b'{"export_folder": "' + b"x" * (3 << 20) + b'"}'
    store = store_with(tmp_path, content)
    result = store.load()

    def no_links(source, target):
        raise OSError(1, "Operation not permitted", str(target))

    monkeypatch.setattr(os, "link", no_links)
    store.save(result.settings.model_copy(update={"language": "en"}))
    assert store.broken_copy_path.read_bytes() == content
    assert store.load().ok and store.load().settings.language == "en"


def test_a_broken_file_that_cannot_be_copied_is_not_overwritten(tmp_path, monkeypatch):
    from game.app import settings as settings_module

    store = store_with(tmp_path, b'{"ui_scale": 9, "language": "en"}')
    result = store.load()
    real_write = settings_module.atomic_write_bytes

    def full_disk(path, data):
        if "broken" in Path(path).name:
            raise OSError(28, "No space left on device", str(path))
        real_write(path, data)

    def no_room(source, target):
        raise OSError(28, "No space left on device", str(target))

    monkeypatch.setattr(settings_module, "atomic_write_bytes", full_disk)
    monkeypatch.setattr(os, "link", no_room)
    with pytest.raises(OSError):
        store.save(result.settings)
    assert store.path.read_bytes() == b'{"ui_scale": 9, "language": "en"}'


APP_CASES = {
    "NaN": (b'{"language": "en", "ui_scale": NaN}', "ui_scale", "NaN"),
    "a lone surrogate": (b'{"export_folder": "\\ud800"}', "export_folder", "surrogate"),
    "a broken file": (b'{"language": "en",', "(file)", "JSON"),
    "a list in the shortcuts": (b'{"shortcuts": {"undo": [1, {"a": 2}]}}', "shortcuts.undo", "text"),
    "a bool for a scale": (b'{"demo_ui_scale": false}', "demo_ui_scale", "must be a number"),
}


@pytest.mark.parametrize("case", sorted(APP_CASES))
def test_the_app_starts_with_a_hostile_settings_file_says_what_is_wrong_and_leaves_it(tmp_path, case):
    content, where, words = APP_CASES[case]
    config, data = tmp_path / "config", tmp_path / "data"
    config.mkdir()
    (config / "settings.json").write_bytes(content)
    done = subprocess.run(
        [sys.executable, "-m", "game", "--smoke", "--only", "start", "--config-dir", str(config), "--data-dir", str(data)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "HOME": str(tmp_path)},
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stdout + done.stderr
    said = [line for line in done.stdout.splitlines() if line.startswith("said  ")]
    assert any(f"{config / 'settings.json'}: {where}: " in line and words in line for line in said), said
    assert (config / "settings.json").read_bytes() == content

"""Settings: defaults, round trip, and a broken file reported but never fatal."""

import json

from game.app import settings as settings_module
from game.app.settings import Settings, SettingsStore


def test_missing_file_gives_defaults_without_problems(tmp_path):
    result = SettingsStore(tmp_path).load()
    assert result.ok
    assert result.settings == Settings()


def test_defaults_match_the_design():
    s = Settings()
    assert (s.language, s.animation_speed, s.fullscreen, s.ui_scale, s.palette, s.demo_idle_seconds) == (
        "fr",
        "normal",
        False,
        1.0,
        "parchment",
        60,
    )


def test_settings_round_trip(tmp_path):
    store = SettingsStore(tmp_path)
    saved = Settings(
        language="en", animation_speed="fast", fullscreen=True, ui_scale=1.25, palette="colourblind", demo_idle_seconds=90
    )
    store.save(saved)
    assert SettingsStore(tmp_path).load().settings == saved


def test_saved_file_is_readable_json(tmp_path):
    store = SettingsStore(tmp_path)
    store.save(Settings(language="en"))
    assert json.loads(store.path.read_text(encoding="utf-8"))["language"] == "en"


def test_invalid_field_is_reported_with_file_field_and_reason(tmp_path):
    store = SettingsStore(tmp_path)
    store.path.write_text(json.dumps({"language": "de", "fullscreen": True}))
    result = store.load()
    assert len(result.problems) == 1
    problem = result.problems[0]
    assert problem.file == store.path
    assert problem.field == "language"
    assert "fr" in problem.reason
    assert str(store.path) in str(problem) and "language" in str(problem)


def test_invalid_field_falls_back_to_default_and_keeps_valid_ones(tmp_path):
    store = SettingsStore(tmp_path)
    store.path.write_text(json.dumps({"ui_scale": 50, "fullscreen": True}))
    result = store.load()
    assert result.settings.ui_scale == 1.0
    assert result.settings.fullscreen is True


def test_unparseable_file_is_reported_and_defaults_used(tmp_path):
    store = SettingsStore(tmp_path)
    store.path.write_text("{ not json")
    result = store.load()
    assert result.settings == Settings()
    assert result.problems[0].field is None
    assert "line 1" in result.problems[0].reason


def test_non_object_file_is_reported(tmp_path):
    store = SettingsStore(tmp_path)
    store.path.write_text("[1, 2]")
    result = store.load()
    assert not result.ok and "object" in result.problems[0].reason


def test_broken_file_is_left_untouched_by_loading(tmp_path):
    store = SettingsStore(tmp_path)
    store.path.write_text("{ broken")
    store.load()
    assert store.path.read_text() == "{ broken"


def test_saving_after_a_broken_load_keeps_a_copy_of_the_broken_file(tmp_path):
    store = SettingsStore(tmp_path)
    store.path.write_text("{ broken")
    store.load()
    store.save(Settings())
    assert store.broken_copy_path.read_text() == "{ broken"
    assert SettingsStore(tmp_path).load().ok


def test_unknown_keys_are_ignored(tmp_path):
    store = SettingsStore(tmp_path)
    store.path.write_text(json.dumps({"future_option": 3, "language": "en"}))
    result = store.load()
    assert result.ok and result.settings.language == "en"


def test_default_directory_is_the_platform_config_dir(monkeypatch, tmp_path):
    monkeypatch.setattr(settings_module.platformdirs, "user_config_dir", lambda name: str(tmp_path / name))
    assert SettingsStore().directory == tmp_path / "feuille-aventure"


def test_animation_factor_follows_speed():
    assert Settings(animation_speed="off").animation_factor == 0
    assert Settings(animation_speed="fast").animation_factor > Settings(animation_speed="slow").animation_factor

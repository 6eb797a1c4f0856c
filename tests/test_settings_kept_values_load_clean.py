"""What the settings kept from a hostile file is saved as a file the next start reads clean: no value the model
takes (a number written as text, say) is written back as one the reader then refuses (game.app.settings)."""

from __future__ import annotations

import pytest
from test_hostile_settings_files import FIELD_CASES, store_with

from game.app.settings import SettingsStore


@pytest.mark.parametrize("case", sorted(FIELD_CASES))
def test_the_settings_kept_from_a_hostile_file_load_clean_once_saved(tmp_path, case):
    store = store_with(tmp_path, FIELD_CASES[case][0])
    kept = store.load().settings
    store.save(kept)
    again = SettingsStore(tmp_path).load()
    assert again.ok, [str(problem) for problem in again.problems]
    assert again.settings == kept


def test_an_idle_delay_of_400_digits_in_a_text_never_reaches_the_kiosk_s_timer(tmp_path):
    # Past any float, the kiosk's "delay - idle seconds" raised OverflowError on the stand's loop.
    store = store_with(tmp_path, b'{"demo_idle_seconds": "' + b"9" * 400 + b'"}')
    result = store.load()
    assert [problem.field for problem in result.problems] == ["demo_idle_seconds"]
    assert float(result.settings.demo_idle_seconds) == 60.0

"""A hostile byte at any offset of a small settings file never stops the app: the load says every problem with the
file's name, in words any log or screen can hold, and the next save keeps that very file aside, once."""

from __future__ import annotations

import pytest

from game.app.settings import Settings, SettingsStore

SMALL = b'{"language": "en", "ui_scale": 1.25, "palette": "contrast", "export_folder": "/home/caf\\u00e9"}'


@pytest.mark.parametrize("byte", [b"\xff", b"\xe9", b"\xc3", b"\x80", b"\xed", b"\x00"])
def test_a_hostile_byte_at_every_offset_of_a_settings_file_is_said_with_the_file_and_kept_by_the_save(tmp_path, byte):
    for at in range(len(SMALL)):
        folder = tmp_path / str(at)
        store = SettingsStore(folder)
        folder.mkdir()
        hostile = SMALL[:at] + byte + SMALL[at + 1 :]
        store.path.write_bytes(hostile)
        result = store.load()
        for problem in result.problems:
            said = str(problem)
            assert "settings.json" in said and said.encode("utf-8"), (at, said)
        store.save(result.settings if result.ok else Settings(language="en"))
        copies = sorted(path.name for path in folder.glob("settings.broken*.json"))
        assert copies == ([] if result.ok else ["settings.broken.json"]), at
        assert result.ok or (folder / "settings.broken.json").read_bytes() == hostile, at
        assert SettingsStore(folder).load().ok, at

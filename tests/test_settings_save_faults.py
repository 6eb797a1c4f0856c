"""A settings save the system refuses (a full disk, a read-only folder) never stops the app: the player is told
the settings are not saved and why, the file on disk stays as it was, and the next save that can write keeps every
change (game.app.services.Services.save_settings over game.app.settings.SettingsStore.save)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from ui_helpers import init_pygame

from game.app.services import build_services
from game.app.settings import SettingsStore

REFUSALS = {
    "a full disk": (errno.ENOSPC, ("write",)),
    "a full disk at the rename": (errno.ENOSPC, ("replace",)),
    "a read-only folder": (errno.EROFS, ("open", "link", "mkdir")),
}
WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT


def refusing(monkeypatch, number: int, calls: tuple[str, ...], folder: Path) -> None:
    """Make each of ``calls`` refuse with ``number`` what would write in ``folder`` (reading stays possible)."""

    def refuser(call: str):
        real = getattr(os, call)

        def refused(*args, **kwargs):
            target = Path(args[1] if call in ("replace", "link") else args[0]) if call != "write" else folder
            writes = call != "open" or (args[1] if len(args) > 1 else kwargs.get("flags", 0)) & WRITING
            if writes and folder in (target, *target.parents):
                raise OSError(number, os.strerror(number), str(target))
            return real(*args, **kwargs)

        return refused

    for call in calls:
        monkeypatch.setattr(os, call, refuser(call))


@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_a_refused_settings_save_is_said_keeps_the_file_and_the_next_save_keeps_every_change(tmp_path, monkeypatch, case):
    init_pygame()
    folder = tmp_path / "c"
    folder.mkdir()
    (folder / "settings.json").write_text('{"language": "en", "palette": "contrast"}', encoding="utf-8")
    before = (folder / "settings.json").read_bytes()
    services = build_services(config_dir=folder, data_dir=tmp_path / "d", seed=1)
    with monkeypatch.context() as inside:
        refusing(inside, *REFUSALS[case], folder)
        services.settings.ui_scale = 1.5
        services.save_settings()
    assert (folder / "settings.json").read_bytes() == before
    said = [str(words) for words in services.problems if "not saved" in str(words)]
    assert said, services.problems
    assert str(folder / "settings.json") in said[0]  # the file named, as every message about a file does
    left = [name for name in os.listdir(folder) if "settings" in name]  # no temporary file, no copy
    assert sorted(set(left) - {"settings.json.lock"}) == ["settings.json"]
    services.settings.fullscreen = True
    services.save_settings()
    kept = SettingsStore(folder).load()
    assert kept.ok and (kept.settings.language, kept.settings.palette) == ("en", "contrast")
    assert (kept.settings.ui_scale, kept.settings.fullscreen) == (1.5, True)

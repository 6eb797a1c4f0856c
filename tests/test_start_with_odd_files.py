"""Issue 23, row 4–5: the app starts within 10 s whatever sits in its folders, and says what it refused.

A real subprocess of ``python -m game --smoke --only start`` (the app's start on
the given config and data folders, headless) with a FIFO, a link to /dev/zero,
a 100 GB sparse file or a directory at every path the start reads: settings,
the shelf's index, the player's books, the saves, a backup, last.txt. A hang
fails (the timeout), and each refused file is named with its reason.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.books.loader import bundled_books_dir

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and /dev/zero are POSIX")

START_SECONDS = 60  # a hang (a FIFO read, a lock waited on) never ends; a start at load 10 took over 10 s


def make(kind: str, path: Path) -> None:
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path.symlink_to("/dev/zero")
    elif kind == "sparse":
        with open(path, "wb") as handle:
            handle.truncate(100 << 30)
    else:
        path.mkdir()


def odd_folders(tmp_path: Path, kind: str) -> tuple[Path, Path, list[Path]]:
    config, data = tmp_path / "config", tmp_path / "data"
    for folder in (config, data / "books", data / "saves"):
        folder.mkdir(parents=True)
    (data / "books" / "DF49.json").write_bytes((bundled_books_dir() / "DF49.json").read_bytes())  # a good one too
    planted = [
        config / "settings.json",
        config / "books-index.json",
        data / "books" / "odd.json",
        data / "saves" / "odd.json",
        data / "saves" / "other.json.bak1",
        data / "saves" / "last.txt",
    ]
    for path in planted:
        make(kind, path)
    return config, data, planted


@pytest.mark.parametrize("kind", ["fifo", "device", "sparse", "directory"])
def test_the_app_starts_at_once_with_odd_files_everywhere_it_reads(tmp_path, kind):
    config, data, planted = odd_folders(tmp_path, kind)
    result = subprocess.run(
        [sys.executable, "-m", "game", "--smoke", "--only", "start", "--config-dir", str(config), "--data-dir", str(data)],
        capture_output=True,
        text=True,
        timeout=START_SECONDS,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "HOME": str(tmp_path)},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ok    start" in result.stdout and "Traceback" not in result.stderr
    said = [line for line in result.stdout.splitlines() if line.startswith("said  ")]
    reason = {"fifo": "named pipe", "device": "/dev/zero", "sparse": "more than the limit", "directory": "directory"}[kind]
    for path in (config / "settings.json", data / "books" / "odd.json", data / "saves" / "odd.json"):
        assert any(str(path) in line and reason in line for line in said), (path, said)
    sizes = [p.stat().st_size for p in tmp_path.rglob("*") if p.is_file() and p not in planted]
    assert max(sizes) < 10_000_000  # nothing was copied out of /dev/zero or the sparse file

"""Crash-safe file writing.

``atomic_write_text`` never leaves a half-written file behind: readers see
either the old content or the new, even if the process dies or the disk fills
up in the middle. ``rotate_backups`` keeps the last few versions of a file as
``name.bak1`` (newest) … ``name.bakN`` (oldest).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path


def _fsync_directory(directory: Path) -> None:
    """Make the rename itself durable; not possible on every OS (Windows)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_text(path: str | os.PathLike[str], text: str, encoding: str = "utf-8") -> None:
    """Replace ``path`` with ``text`` atomically.

    The text goes to a temporary file in the same directory (so ``os.replace``
    is a rename on one file system), which is flushed and fsynced before it
    replaces the target; the directory is fsynced afterwards. On any error the
    temporary file is removed and the old file is left as it was.
    """
    target = Path(path)
    directory = target.parent
    directory.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    tmp = Path(tmp_name)
    try:
        # newline="" keeps "\n" as written on every platform, so files diff cleanly.
        with os.fdopen(fd, "w", encoding=encoding, newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            tmp.unlink()
        except FileNotFoundError:
            pass
        raise
    _fsync_directory(directory)


def backup_path(path: str | os.PathLike[str], index: int) -> Path:
    """The path of backup number ``index`` (1 = newest) of ``path``."""
    target = Path(path)
    return target.with_name(f"{target.name}.bak{index}")


def rotate_backups(path: str | os.PathLike[str], keep: int = 5) -> None:
    """Shift ``path.bak1..bak{keep-1}`` up by one and copy ``path`` to ``path.bak1``.

    Call it just before overwriting ``path``. The oldest backup beyond ``keep``
    is dropped. Does nothing when ``path`` does not exist or ``keep`` < 1.
    """
    target = Path(path)
    if keep < 1 or not target.exists():
        return
    oldest = backup_path(target, keep)
    if oldest.exists():
        oldest.unlink()
    for index in range(keep - 1, 0, -1):
        source = backup_path(target, index)
        if source.exists():
            os.replace(source, backup_path(target, index + 1))
    # Copy through a temporary name so a crash never leaves a truncated bak1.
    newest = backup_path(target, 1)
    tmp = newest.with_name(newest.name + ".tmp")
    shutil.copy2(target, tmp)
    os.replace(tmp, newest)

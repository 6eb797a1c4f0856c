"""Crash-safe file writing: the one way the app writes a file (``game.safe_file`` is the one way it reads one).

``atomic_write_text`` never leaves a half-written file behind: readers see
either the old content or the new, even if the process dies or the disk fills
up in the middle. The new content goes to a temporary file whose name is
unique to the process and the call (``.<name>.<pid>.<random>.tmp``, so two
windows never rename each other's file away), is written and fsynced whole,
and only then renamed over the target; the folder is fsynced after. On any
failure the temporary file is removed and the target is as it was.

Every call to the system goes through ``os`` (``os.open``, ``os.write``,
``os.fsync``, ``os.replace``…), one step each: the storage tests fail each of
them in turn (tests/faults.py). The rotation of a save's backups, which
builds on these steps, is game.storage.versions.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

WRITE_FLAGS = (
    os.O_WRONLY
    | os.O_CREAT
    | os.O_EXCL  # a fresh file, never one put there before (nor a link: O_EXCL does not follow one)
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
REPLACE_TRIES = 5  # Windows: a file an antivirus or an indexer holds open refuses a rename for a moment


def fsync_directory(directory: Path) -> None:
    """Make a rename in ``directory`` durable; not possible on every OS (Windows), nor needed there."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    try:
        os.close(fd)
    except OSError:
        pass  # closing a folder read for fsync: nothing was written through it


def temporary_path(target: Path) -> Path:
    """A name beside ``target`` no other process or call uses: ``.<name>.<pid>.<random>.tmp``."""
    import secrets  # here: it loads OpenSSL's hashing (3 ms), which the start does not need (issue 28)

    return target.with_name(f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")


def replace(source: Path, target: Path) -> None:
    """``os.replace``, retried a few times on Windows where a file held open for a moment refuses it."""
    for attempt in range(REPLACE_TRIES):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if sys.platform != "win32" or attempt == REPLACE_TRIES - 1:
                raise
            time.sleep(0.05 * (attempt + 1))


def discard(path: Path) -> None:
    """Remove a file this module made (a temporary), quietly: it is never the player's data."""
    try:
        os.unlink(path)
    except OSError:
        pass


def write_temporary(target: Path, data: bytes) -> Path:
    """Write ``data`` whole to a new temporary file beside ``target``, fsynced and closed; its path.

    On failure nothing is left behind and the error is raised.
    """
    tmp = temporary_path(target)
    fd = os.open(tmp, WRITE_FLAGS, 0o644)
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        discard(tmp)
        raise
    try:
        os.close(fd)
    except BaseException:
        discard(tmp)
        raise
    return tmp


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically (see the module's docstring)."""
    target = Path(path)
    directory = target.parent
    directory.mkdir(parents=True, exist_ok=True)
    tmp = write_temporary(target, data)
    try:
        replace(tmp, target)
    except BaseException:
        discard(tmp)
        raise
    fsync_directory(directory)


def atomic_write_text(path: str | os.PathLike[str], text: str, encoding: str = "utf-8") -> None:
    """Replace ``path`` with ``text`` atomically; "\\n" stays "\\n" on every platform, so files diff cleanly."""
    atomic_write_bytes(path, text.encode(encoding))


def backup_path(path: str | os.PathLike[str], index: int) -> Path:
    """The path of backup slot ``index`` of ``path`` (1 = newest … 5; 0 = a version waiting for its slot)."""
    target = Path(path)
    return target.with_name(f"{target.name}.bak{index}")

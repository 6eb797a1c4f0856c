"""Opening a file the app did not make itself: checked before it is opened, read within a limit.

The one way the app reads a file from disk (books, saves and their backups,
settings, imports, the shelf's index, chronicles, ``--book``): a FIFO, a
device, a directory named ``*.json``, a link leaving its folder or a file over
the size limit is refused *before* anything could block or fill the memory,
with the path and the reason. The checks, in order:

1. on Windows, a name that is a device there (``CON``, ``NUL``, ``COM1``…
   whatever the extension) is refused: opening it would open the device;
2. ``lstat`` the path: a link is followed only when it stays inside ``folder``
   (when one is given: the books folder, the saves folder…); a path the player
   typed (an import, ``--book``) may be a link, to a regular file;
3. the file must be regular (``S_ISREG``) and no bigger than ``max_bytes``
   *before it is opened*: a FIFO is never opened (``open`` would wait for a
   writer), a device never touched, a 100 GB sparse file never read;
4. it is opened non-blocking and without following a link (``O_NONBLOCK``,
   ``O_NOFOLLOW`` where the system has them), and ``fstat`` must show the same
   regular file: a file swapped between the check and the open is refused;
5. at most ``max_bytes + 1`` bytes are read, so a file growing meanwhile is
   refused too.

Refusals are :class:`FileRefused`, an ``OSError`` (so every caller that handles
a file it cannot read handles these), whose ``reason`` reads in a sentence:
"is a named pipe (FIFO), not a file". Limits are in docs/LIMITS.md.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

CHUNK = 1 << 20

# Windows opens these devices whatever the folder and the extension ("books/CON.json" is the console).
WINDOWS_DEVICES = frozenset(
    {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$", "CLOCK$"}
    | {f"{port}{n}" for port in ("COM", "LPT") for n in (*"123456789", "¹", "²", "³")}
)


class FileRefused(OSError):
    """A file not read because of what it is (not because the system failed): its path and the reason."""

    def __init__(self, path: str | os.PathLike[str], reason: str) -> None:
        super().__init__(reason)
        self.path = Path(path)
        self.reason = reason
        self.filename = str(path)

    def __str__(self) -> str:
        return f"{self.path}: {self.reason}"


def is_windows_device_name(name: str) -> bool:
    """True for a file name Windows maps to a device ("nul", "COM1.json", "aux.tar.gz")."""
    return name.split(".", 1)[0].rstrip(" ").upper() in WINDOWS_DEVICES


KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISLNK, "a link"),
)


def kind_of(mode: int) -> str:
    """What a file of this ``st_mode`` is, in words ("a directory")."""
    return next((words for test, words in KINDS if test(mode)), "not a regular file")


def _inside(target: str, folder: Path) -> bool:
    try:
        return Path(target).is_relative_to(os.path.realpath(folder))
    except (OSError, ValueError):
        return False


def check_file(
    path: str | os.PathLike[str], max_bytes: int, folder: str | os.PathLike[str] | None = None
) -> tuple[str, os.stat_result]:
    """The path to open and its ``stat`` when ``path`` may be read; raises FileRefused (or OSError: missing…).

    ``folder``: the folder the file must stay in (a link out of it is refused).
    Nothing is opened: this only looks.
    """
    path = Path(path)
    if sys.platform == "win32" and is_windows_device_name(path.name):
        raise FileRefused(path, "has the name of a Windows device; it is not opened")
    info = os.lstat(path)
    target = os.fspath(path)
    if stat.S_ISLNK(info.st_mode):
        try:
            target = os.path.realpath(path, strict=True)
        except (OSError, RuntimeError):
            raise FileRefused(path, "is a link that leads nowhere (or to itself)") from None
        if folder is not None and not _inside(target, Path(folder)):
            raise FileRefused(path, f"is a link to {target}, outside its folder {folder}; it is not followed")
        info = os.stat(target)
    if not stat.S_ISREG(info.st_mode):
        through = f" (through a link to {target})" if target != os.fspath(path) else ""
        raise FileRefused(path, f"is {kind_of(info.st_mode)}{through}, not a file; it is not opened")
    if info.st_size > max_bytes:
        raise FileRefused(path, f"is {info.st_size} bytes, more than the limit of {max_bytes}; it is not read")
    return target, info


OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO swapped in after the check still cannot block the open
    | getattr(os, "O_NOFOLLOW", 0)  # the path checked is the path opened, never a link put there since
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)  # Windows: the bytes as they are
)


def read_bytes(
    path: str | os.PathLike[str], max_bytes: int, folder: str | os.PathLike[str] | None = None, first: int | None = None
) -> bytes:
    """The bytes of a regular file of at most ``max_bytes`` (see the module's checks); raises FileRefused or OSError.

    ``first``: only the first ``first`` bytes (a save's head: the file is checked all the same, its size included).
    """
    target, info = check_file(path, max_bytes, folder)
    wanted = max_bytes + 1 if first is None else min(first, max_bytes + 1)
    try:
        fd = os.open(target, OPEN_FLAGS)
    except OSError as error:
        if getattr(error, "errno", None) is not None and error.errno in (getattr(os, "ELOOP", -1), getattr(os, "ENXIO", -1)):
            raise FileRefused(path, "changed into a link or a device while it was opened; it is not read") from None
        raise
    try:
        opened = os.fstat(fd)
        if not stat.S_ISREG(opened.st_mode) or (opened.st_dev, opened.st_ino) != (info.st_dev, info.st_ino):
            raise FileRefused(path, "changed while it was opened; it is not read")
        if opened.st_size > max_bytes:
            raise FileRefused(path, f"is {opened.st_size} bytes, more than the limit of {max_bytes}; it is not read")
        chunks: list[bytes] = []
        size = 0
        while size < wanted:
            chunk = os.read(fd, min(CHUNK, wanted - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > max_bytes:
        raise FileRefused(path, f"grew beyond the limit of {max_bytes} bytes while it was read; it is not read")
    return b"".join(chunks)


def entry_kind(path: str | os.PathLike[str]) -> str | None:
    """What is at ``path`` without following a link: None when nothing, "file", "link" or the words of kind_of."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError:
        return "unreadable"
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISLNK(mode):
        return "link"
    return kind_of(mode)

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

The one file the app appends to, its log, is opened by :func:`open_to_append`
with the same care: anything but a regular file there is refused, never opened.

Refusals are :class:`FileRefused`, an ``OSError`` (so every caller that handles
a file it cannot read handles these), whose ``reason`` reads in a sentence:
"is a named pipe (FIFO), not a file". Limits are in docs/LIMITS.md.
"""

from __future__ import annotations

import errno
import io
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
    """A file not read because of what it is (not because the system failed): its path and the reason.

    ``code`` and ``params`` say it for the player's language (game.ui.file_words, keys ``files.not_read.<code>``);
    ``reason`` is the English sentence of the logs and the command-line tools.
    """

    def __init__(self, path: str | os.PathLike[str], code: str, **params: object) -> None:
        english = {**params, "kind": KIND_WORDS.get(str(params.get("kind", "")), "")}
        reason = REFUSALS[code].format(**english)
        super().__init__(reason)
        self.path = Path(path)
        self.code = code
        self.params = params
        self.reason = reason
        self.filename = str(path)

    def __str__(self) -> str:
        return f"{self.path}: {self.reason}"


# Each refusal in English (the catalogue has them as files.not_read.<code>, French first).
REFUSALS = {
    "device_name": "has the name of a Windows device; it is not opened",
    "dangling_link": "is a link that leads nowhere (or to itself)",
    "link_outside": "is a link to {target}, outside its folder {folder}; it is not followed",
    "not_a_file": "is {kind}, not a file; it is not opened",
    "not_a_file_through": "is {kind} (through a link to {target}), not a file; it is not opened",
    "too_big": "is {size} bytes, more than the limit of {limit}; it is not read",
    "swapped": "changed into a link or a device while it was opened; it is not read",
    "changed": "changed while it was opened; it is not read",
    "grew": "grew beyond the limit of {limit} bytes while it was read; it is not read",
}


def is_windows_device_name(name: str) -> bool:
    """True for a file name Windows maps to a device ("nul", "COM1.json", "aux.tar.gz")."""
    return name.split(".", 1)[0].rstrip(" ").upper() in WINDOWS_DEVICES


KINDS = (
    (stat.S_ISDIR, "directory"),
    (stat.S_ISFIFO, "fifo"),
    (stat.S_ISCHR, "character_device"),
    (stat.S_ISBLK, "block_device"),
    (stat.S_ISSOCK, "socket"),
    (stat.S_ISLNK, "link"),
)
KIND_WORDS = {  # in English; the catalogue has them as files.kind.<code>
    "directory": "a directory",
    "fifo": "a named pipe (FIFO)",
    "character_device": "a character device",
    "block_device": "a block device",
    "socket": "a socket",
    "link": "a link",
    "other": "not a regular file",
}


def kind_code(mode: int) -> str:
    """What a file of this ``st_mode`` is, as a code ("directory", "fifo"…, "other")."""
    return next((code for test, code in KINDS if test(mode)), "other")


def kind_code_of(words: str) -> str:
    """The code of a kind said in words by :func:`entry_kind` ("a directory" → "directory"; "other" if unknown)."""
    return next((code for code, said in KIND_WORDS.items() if said == words), "other")


def kind_of(mode: int) -> str:
    """What a file of this ``st_mode`` is, in English words ("a directory")."""
    return KIND_WORDS[kind_code(mode)]


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
        raise FileRefused(path, "device_name")
    info = os.lstat(path)
    target = os.fspath(path)
    if stat.S_ISLNK(info.st_mode):
        try:
            target = os.path.realpath(path, strict=True)
        except (OSError, RuntimeError):
            raise FileRefused(path, "dangling_link") from None
        if folder is not None and not _inside(target, Path(folder)):
            raise FileRefused(path, "link_outside", target=target, folder=os.fspath(folder))
        info = os.stat(target)
    if not stat.S_ISREG(info.st_mode):
        if target != os.fspath(path):
            raise FileRefused(path, "not_a_file_through", kind=kind_code(info.st_mode), target=target)
        raise FileRefused(path, "not_a_file", kind=kind_code(info.st_mode))
    if info.st_size > max_bytes:
        raise FileRefused(path, "too_big", size=info.st_size, limit=max_bytes)
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
            raise FileRefused(path, "swapped") from None
        raise
    try:
        opened = os.fstat(fd)
        if not stat.S_ISREG(opened.st_mode) or (opened.st_dev, opened.st_ino) != (info.st_dev, info.st_ino):
            raise FileRefused(path, "changed")
        if opened.st_size > max_bytes:
            raise FileRefused(path, "too_big", size=opened.st_size, limit=max_bytes)
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
        raise FileRefused(path, "grew", limit=max_bytes)
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


APPEND_FLAGS = (
    os.O_WRONLY
    | os.O_APPEND
    | os.O_CREAT
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO: open fails at once (ENXIO) instead of waiting for a reader
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)  # Windows: else the C library's write makes the "\r\n" of the text "\r\r\n"
)


def open_to_append(path: str | os.PathLike[str]) -> io.TextIOWrapper:
    """``path`` opened to append UTF-8 text, made when missing; raises FileRefused for anything but a regular file
    there (a FIFO, a device, a directory, a link: never opened, so never waited on), or OSError."""
    path = Path(path)
    if sys.platform == "win32" and is_windows_device_name(path.name):
        raise FileRefused(path, "device_name")
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        pass
    else:
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(path, "not_a_file", kind=kind_code(info.st_mode))
    try:
        fd = os.open(path, APPEND_FLAGS, 0o644)
    except OSError as error:
        if error.errno in (getattr(errno, "ELOOP", -1), getattr(errno, "ENXIO", -1)):
            raise FileRefused(path, "swapped") from None
        raise
    try:
        opened = os.fstat(fd)
        # Without O_NOFOLLOW (Windows) the open followed a link put there since the check: what the path names now
        # must be what was opened. With it, the open refused any link, and a new file there since the open is
        # another window's setting the log aside, no reason to refuse.
        followed_no_link = APPEND_FLAGS & getattr(os, "O_NOFOLLOW", 0) or os.path.samestat(opened, os.lstat(path))
    except OSError:
        os.close(fd)
        raise
    if not stat.S_ISREG(opened.st_mode):
        os.close(fd)
        raise FileRefused(path, "changed")
    if not followed_no_link:
        os.close(fd)
        raise FileRefused(path, "swapped")
    return os.fdopen(fd, "a", encoding="utf-8", errors="backslashreplace")

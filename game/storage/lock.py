"""One writer per adventure: an OS-level lock on ``<id>.json.lock``, held while a window has it open.

The lock is the operating system's (``fcntl.flock`` on POSIX, ``msvcrt.locking``
on Windows), not the file's existence: it goes with the process, so a window
killed in the middle of a fight leaves no stale lock — the file stays, the
next window takes it over at once. The lock file holds who took it (process
id, machine, time), for the message only. One process holds each lock once
(a registry by path), whatever number of stores or adventures it builds.

Hand-written rather than the ``filelock`` package: filelock 4.3 is about
15 700 lines (async, SQLite and soft-lock back-ends), 1.9 MB installed and
23 ms to import, for the two calls per platform needed here; it also follows
a link at the lock path where this opens with ``O_NOFOLLOW``.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

LOCK_OFFSET = 1 << 30  # Windows locks a byte range for real (reads fail inside it): lock far past the text
HOLDER_BYTES = 200
OPEN_FLAGS = (
    os.O_RDWR
    | os.O_CREAT
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)

_HELD: dict[str, int] = {}


class NotALockFile(OSError):
    """Something other than a file sits at the lock's name (a FIFO…): the caller moves it aside."""


# lock file (real path) -> the descriptor this process locks it through


def _key(path: Path) -> str:
    return os.path.join(os.path.realpath(path.parent), path.name)


def _try_lock(fd: int) -> bool:
    """Take the OS lock on ``fd`` without waiting; False when another process holds it."""
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows
        import msvcrt

        os.lseek(fd, LOCK_OFFSET, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _unlock(fd: int) -> None:
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows
        import msvcrt

        os.lseek(fd, LOCK_OFFSET, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        return
    import fcntl

    fcntl.flock(fd, fcntl.LOCK_UN)


#: How long a write waits for another window's write to let go of its lock (msvcrt's LK_LOCK tries for 10 s): a
#: window stopped while it held it (SIGSTOP, a debugger, a frozen network folder) must not freeze this one for ever.
WRITE_WAIT_SECONDS = 10.0
WRITE_WAIT_STEP = 0.02


def _wait_lock(fd: int) -> None:
    """Take the OS lock on ``fd``, waiting while another process holds it, up to ``WRITE_WAIT_SECONDS`` (then
    OSError: the write goes on unlocked)."""
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows
        import msvcrt

        os.lseek(fd, LOCK_OFFSET, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_LOCK, 1)
        return
    deadline = time.monotonic() + WRITE_WAIT_SECONDS
    while not _try_lock(fd):
        if time.monotonic() >= deadline:
            raise TimeoutError(errno.EAGAIN, "the lock was held too long by another window", str(fd))
        time.sleep(WRITE_WAIT_STEP)


@contextmanager
def held_for_a_write(path: Path) -> Iterator[bool]:
    """Hold the lock at ``path`` (created if need be) for one short write, waiting while another window's write
    holds it: two windows' writes of one file (the settings) then run one after the other, each seeing the file
    the other left. Yields False, and the write goes on unlocked as it would without a lock, when the lock cannot
    be made or taken (a folder that cannot be written, a directory or a FIFO at that name): a lock is never the
    reason a write fails. Not in this process's registry: it is let go of when the write is done."""
    try:
        fd = os.open(path, OPEN_FLAGS, 0o644)
    except OSError:
        yield False
        return
    try:
        try:
            locked = stat.S_ISREG(os.fstat(fd).st_mode)
            if locked:
                _wait_lock(fd)
        except OSError:
            locked = False
        try:
            yield locked
        finally:
            if locked:
                try:
                    _unlock(fd)
                except OSError:
                    pass
    finally:
        os.close(fd)


def holds(path: Path) -> bool:
    """Whether this process holds the lock at ``path``."""
    return _key(path) in _HELD


def acquire(path: Path) -> bool:
    """Hold the lock at ``path`` (created if need be); False when another process holds it.

    Raises OSError when the lock cannot be made at all (a folder that cannot be written, a
    directory at that name): the caller decides whether that stops the write.
    """
    key = _key(path)
    if key in _HELD:
        return True
    fd = os.open(path, OPEN_FLAGS, 0o644)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotALockFile(f"{path} is not a regular file; it cannot serve as the adventure's lock")
        if not _try_lock(fd):
            os.close(fd)
            return False
    except BaseException:
        os.close(fd)
        raise
    _HELD[key] = fd
    try:  # who holds it, for the other window's message (a failure here does not matter)
        text = f"{os.getpid()} {machine_name()} {time.strftime('%Y-%m-%dT%H:%M:%S')}\n".encode()
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, text[:HOLDER_BYTES])
    except OSError:
        pass
    return True


def machine_name() -> str:
    """This machine's name, for the other window's message: the system's node name, else (Windows) its host name.

    Not ``platform.node()``: that is ``platform.uname()``, which on Windows asks ``win32_ver`` too (WMI since Python
    3.12: seconds for a player without its permission, for ever when its service hangs) and imports socket all the
    same; socket is imported here only where ``os.uname`` is missing (issue 28: a start imports neither)."""
    try:
        return os.uname().nodename
    except AttributeError:
        import socket

        return socket.gethostname()


def release(path: Path) -> None:
    """Let the lock at ``path`` go (the file stays: another window may be opening it this instant)."""
    fd = _HELD.pop(_key(path), None)
    if fd is None:
        return
    try:
        _unlock(fd)
    except OSError:
        pass
    os.close(fd)


def held_paths() -> list[str]:
    """The lock files this process holds (real paths)."""
    return list(_HELD)


def release_all() -> None:
    """Let go of every lock this process holds (a test between two cases; the app at its end)."""
    for held in held_paths():
        release(Path(held))

"""A fault-injection layer for the storage tests: the system calls on one folder fail when told to.

``Faults(folder, errno, at=k)`` patches the ``os`` calls the storage layer makes
(``open``, ``write``, ``fsync``, ``close``, ``link``, ``replace``, ``rename``,
``unlink``, ``mkdir`` and, with ``reads=True``, ``read``) so that the ``k``-th
of them touching ``folder`` (a path inside it, or a file descriptor opened on
one) raises ``OSError(errno)``; with ``persistent=True`` every one from the
``k``-th on fails (a disk that filled up, a folder made read-only); ``only``
limits the failing steps to some kinds (``("read",)``: a disk that cannot be read). Calls on
other paths pass untouched. ``Faults.count(...)`` runs an action with nothing
failing and says how many such steps it took, so a test can fail each in turn.

Used as a context manager::

    with Faults(tmp_path, errno.ENOSPC, at=3):
        store.write("a1", session)  # the third step fails with "No space left on device"
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
MUTATING = ("write", "fsync", "close", "link", "replace", "rename", "unlink", "mkdir")


class Faults:
    """Fail the ``at``-th system call on ``folder`` (and, ``persistent``, every later one) with ``errno``."""

    def __init__(
        self,
        folder: Path,
        errno: int | None,
        at: int = 0,
        persistent: bool = False,
        reads: bool = False,
        only: tuple[str, ...] | None = None,
    ) -> None:
        self.folder = os.fspath(Path(folder).resolve())
        self.errno = errno
        self.at = at
        self.persistent = persistent
        self.reads = reads
        self.only = only  # fail only these kinds of step ("read", "replace"…); every guarded step is still counted
        self.steps: list[str] = []  # every guarded call, in order: "replace a1.json.bak1 -> a1.json.bak2"
        self.failed: list[str] = []
        self._fds: set[int] = set()
        self._saved: dict[str, Callable[..., Any]] = {}

    @classmethod
    def count(cls, folder: Path, action: Callable[[], object], reads: bool = False) -> list[str]:
        """The guarded steps ``action`` takes with nothing failing."""
        with cls(folder, None, reads=reads) as probe:
            action()
        return probe.steps

    # -- what is guarded --------------------------------------------------------------------
    def _ours(self, path: Any) -> bool:  # Any: a path, bytes or a file descriptor, as os takes them
        if isinstance(path, int):
            return path in self._fds
        try:
            return os.path.abspath(os.fsdecode(path)).startswith(self.folder)
        except TypeError:
            return False

    def _step(self, name: str, *paths: Any) -> None:  # Any: paths or file descriptors, as os takes them
        """Count one guarded call; raise its fault when this is the one (or, persistent, any after)."""
        shown = " -> ".join(str(p) if isinstance(p, int) else os.path.basename(os.fsdecode(p)) for p in paths)
        self.steps.append(f"{name} {shown}")
        number = len(self.steps)
        if self.only is not None and name not in self.only:
            return
        if self.errno is not None and (number == self.at or (self.persistent and number >= self.at > 0)):
            self.failed.append(self.steps[-1])
            target = paths[0] if paths and not isinstance(paths[0], int) else None
            raise OSError(self.errno, os.strerror(self.errno), os.fsdecode(target) if target is not None else None)

    # -- the patched calls ------------------------------------------------------------------
    def __enter__(self) -> Faults:
        real = {name: getattr(os, name) for name in ("open", "read", *MUTATING)}
        self._saved = real

        def guarded_open(path: Any, flags: int, mode: int = 0o777, *, dir_fd: int | None = None) -> int:
            if self._ours(path) and (flags & WRITING or self.reads):
                self._step("open", path)
            fd = real["open"](path, flags, mode, dir_fd=dir_fd)
            if self._ours(path):
                self._fds.add(fd)
            return fd

        def on_fd(name: str) -> Callable[..., Any]:
            def call(fd: int, *args: Any) -> Any:
                if fd in self._fds and (name != "read" or self.reads):
                    self._step(name, fd)
                if name == "close":
                    self._fds.discard(fd)
                return real[name](fd, *args)

            return call

        def on_paths(name: str) -> Callable[..., Any]:
            def call(*args: Any, **kwargs: Any) -> Any:
                paths = [a for a in args[:2] if isinstance(a, (str, bytes, os.PathLike))]
                if any(self._ours(p) for p in paths):
                    self._step(name, *paths)
                return real[name](*args, **kwargs)

            return call

        setattr(os, "open", guarded_open)  # noqa: B010 - every name is set the same way, the others in loops
        for name in ("read", "write", "fsync", "close"):
            setattr(os, name, on_fd(name))
        for name in ("link", "replace", "rename", "unlink", "mkdir"):
            setattr(os, name, on_paths(name))
        return self

    def __exit__(self, *exc: object) -> None:
        for name, function in self._saved.items():
            setattr(os, name, function)

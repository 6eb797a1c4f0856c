"""The last good versions of a file, kept by a write that never erodes them.

A file ``name`` keeps its previous versions beside it: ``name.bak1`` (newest)
… ``name.bak5`` (oldest), and for a moment ``name.bak0``, the version just
replaced, waiting for its slot. :meth:`History.commit` writes a new version:

1. finish what an interrupted rotation left (``settle``: it only moves and
   drops versions as the last committed write asked, never more);
2. write the new content whole to a temporary file unique to the process and
   the call, fsynced (a full disk, a read-only folder… fail here: nothing
   else has changed);
3. keep the current file as ``bak0`` (a hard link, or a bounded copy where the
   file system has none) — only when it is a *good* version (the ``digest``
   judge reads it) and differs from the newest backup: a backup slot is
   replaced only by a readable file, and the versions stay distinct;
4. rename the temporary file over ``name``: the new version is committed;
5. rotate: ``bak0`` → ``bak1`` → … → ``bak5``, the oldest dropped. This happens
   after the commit, never before; when it fails half-way, every version is
   still there under some slot and the next write finishes it.

A failure at steps 1–4 (any errno) raises and leaves the file and every backup
as they were. A current file that is not a good version is not made a
backup: a broken one is kept as ``name.broken``; a directory (or any
non-file) in the way of the file or a slot is moved aside to ``….stray`` and
reported once through ``notice`` — it never stops the writes. A link is never
followed: a link at ``name`` is replaced, not written through.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game import safe_file
from game.atomic import atomic_write_bytes, backup_path, discard, fsync_directory, replace, write_temporary
from game.safe_file import kind_code_of
from game.safe_json import InputError

Digest = Callable[[Path], "str | None"]  # what makes two versions the same (None: not a good version); OSError: unreadable now
MAX_STRAYS = 100  # ``name.stray``, ``name.stray2`` … before a stray is left where it is


@dataclass
class History:
    """The versions of one file (``path``) and the write that keeps them."""

    path: Path
    keep: int  # backup slots (5)
    digest: Digest
    max_bytes: int  # the read limit: a copy is never larger than what can be read back
    notice: Callable[[InputError], None]  # a problem that does not stop the write, said once by the caller
    # Told the version a file holds when the write has just made it, so the judge need not read it back
    # (the rotation right after the commit compares the new file with the backups).
    known: Callable[[Path, str], None] | None = None

    def __post_init__(self) -> None:
        # Each slot's path, made once: a write asks for them some sixty times (pathlib builds each anew).
        self._slots = [backup_path(self.path, index) for index in range(self.keep + 1)]

    def slot(self, index: int) -> Path:
        return self._slots[index] if 0 <= index < len(self._slots) else backup_path(self.path, index)

    @property
    def broken_path(self) -> Path:
        """Where a current file that cannot be read is kept when a new version replaces it."""
        return self.path.with_name(self.path.name + ".broken")

    def versions(self) -> list[Path]:
        """The backups that are regular files, newest first (``bak0`` first when one waits).

        A ``bak0`` that is the file itself (a hard link made for a write killed before its commit) is not a
        version of its own: the next write settles it.
        """
        found = [self.slot(i) for i in range(self.keep + 1) if safe_file.entry_kind(self.slot(i)) == "file"]
        if found and found[0] == self.slot(0) and _same_file(found[0], self.path):
            found.pop(0)
        return found

    # -- the write ------------------------------------------------------------------------------
    def commit(self, data: bytes, digest: str) -> bool:
        """Make ``data`` (whose version is ``digest``) the file, keeping the previous good version.

        False when the file already holds that version (nothing is written). Raises OSError,
        with every file as it was, when the new version cannot be committed.
        """
        try:
            self.settle()
        except OSError as error:  # nothing is lost: the write goes on when bak0 is free for the current version
            unsettled: OSError | None = error
        else:
            unsettled = None
        main = self.path
        kind = safe_file.entry_kind(main)
        current: str | None = None
        if kind == "file":
            current = self.digest(main)  # an OSError here (EIO…) stops the write: the file may be a good version
            if current == digest:
                return False
        elif kind is not None and kind != "link":
            move_aside(main, kind, self.notice, required=True)
        tmp = write_temporary(main, data)
        held: Path | None = None
        try:
            if current is not None and current != self._newest_digest():
                held = self._hold(main, unsettled)
            elif kind == "file" and current is None:
                self._keep_broken(main)
            replace(tmp, main)
        except BaseException:
            discard(tmp)
            if held is not None:
                discard(held)  # a link to (or copy of) the file, which stays: nothing is lost
            raise
        if self.known is not None:
            try:
                self.known(main, digest)
            except OSError:
                pass  # the judge reads the file back when it asks
        fsync_directory(main.parent)
        if kind == "link":
            self.notice(InputError.coded(str(main), "$", "save_was_link"))
        try:
            # Not fsynced: a rotation lost with the power leaves every version in some slot (bak0 listed
            # first), which the next write settles and fsyncs before its own commit. One fsync less a save.
            self.settle(durable=False)
        except OSError:
            pass  # every version is still on disk; the next write finishes the rotation
        return True

    def _newest_digest(self) -> str | None:
        versions = self.versions()
        return self._quiet_digest(versions[0]) if versions else None

    def _quiet_digest(self, path: Path) -> str | None:
        try:
            return self.digest(path)
        except OSError:
            return None

    def _hold(self, main: Path, unsettled: OSError | None) -> Path:
        """Keep the current file as ``bak0`` (a link, else a bounded copy); its path."""
        held = self.slot(0)
        if safe_file.entry_kind(held) is not None:
            if unsettled is not None:
                raise unsettled  # the rotation the last write left could not be finished: say why
            raise OSError(errno.EEXIST, f"{held.name} is still in the way of the backups after the rotation", str(held))
        try:
            hard_link(main, held)
        except OSError as error:
            if error.errno == errno.EEXIST:
                raise
            self._copy(main, held)  # a file system without hard links (FAT, some network shares)
        try:
            fsync_directory(held.parent)
        except BaseException:
            discard(held)
            raise
        return held

    def _copy(self, source: Path, target: Path) -> None:
        atomic_write_bytes(target, safe_file.read_bytes(source, self.max_bytes, source.parent))

    def _keep_broken(self, main: Path) -> None:
        """The current file cannot be read: kept as ``name.broken`` (replacing an older one), never as a backup."""
        broken = self.broken_path
        tmp = broken.with_name(f".{broken.name}.{os.getpid()}.tmp")
        discard(tmp)
        try:
            hard_link(main, tmp)
            replace(tmp, broken)
        except OSError:
            discard(tmp)
            try:
                self._copy(main, broken)
            except OSError:
                os.replace(main, broken)  # too big to copy: moved (the backups stay)
        self.notice(InputError.coded(str(main), "$", "save_kept_broken", kept=broken.name))

    # -- the rotation ---------------------------------------------------------------------------
    def settle(self, durable: bool = True) -> None:
        """Put the versions in slots 1…keep, newest first: drop duplicates and the oldest beyond ``keep``.

        Only renames and unlinks: a failure stops at once, with every version still in some slot.
        ``durable``: the folder is fsynced after (the rotation before a commit must be on disk before it).
        """
        blocked = set()
        for index in range(self.keep + 1):
            kind = safe_file.entry_kind(self.slot(index))
            if kind not in (None, "file") and not move_aside(self.slot(index), kind, self.notice, required=False):
                blocked.add(index)
        present = [i for i in range(self.keep + 1) if i not in blocked and safe_file.entry_kind(self.slot(i)) == "file"]
        kept, dropped = self._distinct(present)
        targets = [i for i in range(1, self.keep + 1) if i not in blocked]
        dropped += kept[len(targets) :]
        moves = {source: target for source, target in zip(kept, targets) if source != target}
        if not moves and not dropped:
            return
        for index in dropped:
            os.unlink(self.slot(index))
        while moves:
            ready = [source for source, target in moves.items() if target not in moves]
            if not ready:  # cannot happen: the slots only shift one way
                raise OSError(errno.EDEADLK, "the backups could not be put in order", str(self.path))
            for source in sorted(ready, key=moves.__getitem__, reverse=True):
                replace(self.slot(source), self.slot(moves.pop(source)))
        if durable:
            fsync_directory(self.path.parent)

    def _distinct(self, present: list[int]) -> tuple[list[int], list[int]]:
        """The slots to keep (a version differing from the one just newer, the file itself included) and the duplicates."""
        previous = self._quiet_digest(self.path) if safe_file.entry_kind(self.path) == "file" else None
        kept: list[int] = []
        dropped: list[int] = []
        for index in present:
            digest = self._quiet_digest(self.slot(index))
            if digest is not None and digest == previous:
                dropped.append(index)
            else:
                kept.append(index)
                previous = digest
        return kept, dropped


def hard_link(source: Path, target: Path) -> None:
    """A second name for ``source`` (checked a regular file first); the link itself where a link is followed.

    Windows has no ``follow_symlinks`` for ``os.link`` (NotImplementedError there): it is asked only where it exists.
    """
    if os.link in os.supports_follow_symlinks:
        os.link(source, target, follow_symlinks=False)
    else:
        os.link(source, target)


def _same_file(one: Path, other: Path) -> bool:
    try:
        first, second = os.lstat(one), os.lstat(other)
    except OSError:
        return False
    return (first.st_dev, first.st_ino) == (second.st_dev, second.st_ino)


def move_aside(path: Path, kind: str, notice: Callable[[InputError], None], required: bool) -> bool:
    """Move something that is not a file (a directory…) out of the way of a file the app writes, to ``….stray``;
    True when done.

    Said through ``notice`` either way; nothing is deleted. ``required``: raise when it cannot be moved.
    """
    aside = next(
        (
            candidate
            for number in range(1, MAX_STRAYS + 1)
            if safe_file.entry_kind(candidate := path.with_name(path.name + (".stray" if number == 1 else f".stray{number}")))
            is None
        ),
        None,
    )
    try:
        if aside is None:
            raise OSError(errno.EEXIST, "too many strays already moved aside", str(path))
        os.rename(path, aside)
    except OSError as error:
        notice(InputError.coded_refusal(str(path), "$", "stray_stuck", error, file_kind=kind_code_of(kind)))
        if required:
            raise
        return False
    notice(InputError.coded(str(path), "$", "stray_moved", file_kind=kind_code_of(kind), aside=aside.name))
    return True

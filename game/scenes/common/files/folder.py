"""What a folder holds, as the file browser lists it: its sub-folders and the files of the kind asked for.

Listing reads names and what each entry is (``os.scandir``), never a file's
content: a FIFO, a device, a broken link or a file too big is listed with the
reason it cannot be chosen, and choosing a file still goes through
game.safe_file. A folder that cannot be read says why; a folder of a hundred
thousand entries lists the first ``MAX_ENTRIES`` (folders first, then by name)
and says how many more there are. Names that are not valid UTF-8 are shown
with a replacement mark and kept exact in their path.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from game import safe_file

MAX_ENTRIES = 2000  # rows listed in one folder (docs/LIMITS.md): the rest is counted, and a name can be typed
EntryKind = Literal["folder", "file", "other"]


@dataclass(frozen=True)
class Entry:
    """One row of a folder: its shown name, its exact path, what it is, and why it cannot be chosen (None, or
    "fifo", "device", "not_file", "broken_link", "unreadable", "too_big": the catalogue's ``files.refused_<why>``)."""

    name: str
    path: Path
    kind: EntryKind
    refusal: str | None = None
    size: int = 0


@dataclass(frozen=True)
class FolderListing:
    """A folder as listed: its rows, how many more it holds past the limit, how many hidden names were left out,
    and why it could not be read (None when it could)."""

    folder: Path
    entries: tuple[Entry, ...]
    more: int = 0
    hidden: int = 0
    error: OSError | None = None  # said in the player's words by game.ui.file_words

    @property
    def folders(self) -> int:
        return sum(1 for e in self.entries if e.kind == "folder")

    @property
    def files(self) -> int:
        return len(self.entries) - self.folders


def shown_name(name: str) -> str:
    """A file name as text to draw and say: bytes that are not UTF-8 (kept by the system as surrogates) become �."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _sort_key(entry: os.DirEntry[str]) -> tuple[bool, str, str]:
    return (not _is_folder(entry), entry.name.casefold(), entry.name)


def _is_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()  # a link to a folder is a folder to browse into
    except OSError:
        return False


def _entry(entry: os.DirEntry[str], max_bytes: int) -> Entry:
    """The row of ``entry``: a folder, a regular file within the limit, or something listed with its refusal."""
    path = Path(entry.path)
    name = shown_name(entry.name)
    if _is_folder(entry):
        return Entry(name, path, "folder")
    try:
        info = entry.stat()  # follows a link: the file it names is what would be read
    except OSError:
        return Entry(name, path, "other", "broken_link" if safe_file.entry_kind(path) == "link" else "unreadable")
    mode = info.st_mode
    if not stat.S_ISREG(mode):
        refusal = "fifo" if stat.S_ISFIFO(mode) else "device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not_file"
        return Entry(name, path, "other", refusal)
    if info.st_size > max_bytes:
        return Entry(name, path, "other", "too_big", info.st_size)
    return Entry(name, path, "file", None, info.st_size)


def read_folder(
    folder: Path, suffixes: Sequence[str] = (".json",), max_bytes: int = 2 << 20, limit: int = MAX_ENTRIES
) -> FolderListing:
    """List ``folder``: its sub-folders, then its files ending with one of ``suffixes`` (any case), by name."""
    kept: list[os.DirEntry[str]] = []
    hidden = 0
    wanted = tuple(s.lower() for s in suffixes)
    try:
        with os.scandir(folder) as found:
            for entry in found:
                if entry.name.startswith("."):
                    hidden += 1
                elif _is_folder(entry) or entry.name.lower().endswith(wanted):
                    kept.append(entry)
    except OSError as error:
        return FolderListing(folder, (), error=error)
    except ValueError:  # a NUL in the path (a hand-edited recent place, a pasted path): no folder is called that
        return FolderListing(folder, (), error=OSError(errno.EINVAL, os.strerror(errno.EINVAL), str(folder)))
    kept.sort(key=_sort_key)
    return FolderListing(folder, tuple(_entry(e, max_bytes) for e in kept[:limit]), max(0, len(kept) - limit), hidden)


def parent_of(folder: Path) -> Path | None:
    """The folder above ``folder``, or None at the top of its drive."""
    parent = folder.parent
    return None if parent == folder else parent


def typed_path(text: str, here: Path) -> Path:
    """A path typed by the player: ``~`` is their home, a relative path starts at the folder shown."""
    path = Path(text.strip()).expanduser()
    return path if path.is_absolute() else here / path


__all__ = ["MAX_ENTRIES", "Entry", "FolderListing", "parent_of", "read_folder", "shown_name", "typed_path"]

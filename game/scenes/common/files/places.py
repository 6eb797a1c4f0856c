"""The places the file browser offers beside the folder: the home, documents, downloads and desktop folders,
the app's own folders a screen adds (the player's books), and the folders chosen recently."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import platformdirs

MAX_RECENT = 6  # folders remembered (settings.recent_places)


@dataclass(frozen=True)
class Place:
    """A place to jump to: its catalogue key (``files.place_<key>``) or, for a recent one, its folder's name."""

    key: str
    path: Path
    name: str | None = None  # a recent place: the folder's own name


STANDARD: tuple[tuple[str, Callable[[], str]], ...] = (
    ("home", lambda: str(Path.home())),
    ("documents", platformdirs.user_documents_dir),
    ("downloads", platformdirs.user_downloads_dir),
    ("desktop", platformdirs.user_desktop_dir),
)


def places(extra: Sequence[Place] = (), recent: Sequence[str] = ()) -> list[Place]:
    """The standard folders that exist, then ``extra`` (a screen's own), then the recent folders not already there."""
    found: list[Place] = []
    for key, where in STANDARD:
        try:
            path = Path(where())
        except (OSError, RuntimeError):  # no home (a service account): that place is left out
            continue
        found.append(Place(key, path))
    found += list(extra)
    seen = {place.path for place in found}
    for text in recent:
        path = Path(text)
        if path not in seen:
            found.append(Place("recent", path, path.name or str(path)))
            seen.add(path)
    return [place for place in found if place.key == "recent" or _is_folder(place.path)]


def _is_folder(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


def remembered(recent: Sequence[str], folder: Path) -> list[str]:
    """``recent`` with ``folder`` first, once, at most MAX_RECENT kept; a folder whose name is not UTF-8 is left
    out (the system keeps its bytes as lone surrogates, which the UTF-8 settings file cannot hold)."""
    text = str(folder)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return list(recent)
    return [text, *(r for r in recent if r != text)][:MAX_RECENT]

"""Save formats, and the steps that bring every earlier one up to the current format.

A save file carries ``save_format``. Reading it, :func:`migrate` applies each
step from the file's format to :data:`CURRENT`, in memory: the file on disk is
never rewritten by reading (the next autosave writes the current format, and
the old file becomes backup 1). A format newer than this app is refused with a
message saying so, and the file is left as it is.

Formats:

1. The first format: app, save_format, id, book, created, updated, summary, log.
2. Adds ``app_version`` (the version of Feuille d'Aventure that wrote the file;
   ``null`` when unknown) and ``book_hash`` (SHA-256 of the book's content as
   its file gives it — see ``game.books.edition.book_hash``; ``null`` when
   unknown). A save made with another edition of a book's file is flagged
   when loaded, and a replay failure says the book changed. A format-1 file
   migrates with both ``null``: nothing is guessed.

To add format N+1: write ``_vN_to_vN1(data) -> data`` (pure: return a new
dict, never change the one given), add it to ``STEPS`` under N, raise
``CURRENT``, change ``SaveFile`` in saves.py, and commit a fixture of a format-N
save written by the format-N code under tests/data/saves_vN/.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

CURRENT: Final = 2


class MigrationError(Exception):
    """A save that cannot be brought to the current format: where in it, and why."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Format 2 records which app wrote the save and which edition of the book it was played with."""
    result: dict[str, Any] = {}
    for key, value in data.items():
        result[key] = value
        if key == "save_format":
            result["app_version"] = None
        elif key == "book":
            result["book_hash"] = None
    result.setdefault("app_version", None)
    result.setdefault("book_hash", None)
    result["save_format"] = 2
    return result


STEPS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2}


def file_format(data: object) -> int:
    """The save format a parsed file declares, or MigrationError when it declares none usable."""
    if not isinstance(data, dict):
        raise MigrationError("$", "is not a save (a JSON object is expected)")
    if "save_format" not in data:
        raise MigrationError("$.save_format", "this field is required")
    version = data["save_format"]
    if type(version) is not int:  # noqa: E721 - True is an int to isinstance
        raise MigrationError("$.save_format", f"is {version!r}, not a save format number")
    if version > CURRENT:
        writer = data.get("app_version")
        by = f" by Feuille d'Aventure {writer}" if isinstance(writer, str) and writer else ""
        raise MigrationError(
            "$.save_format",
            f"is {version}: this save was written{by} by a newer version of the app, "
            f"which reads formats 1 to {CURRENT}; update Feuille d'Aventure to open it "
            "(the file is left as it is)",
        )
    if version < 1:
        raise MigrationError("$.save_format", f"is {version}, and save formats start at 1")
    return version


def migrate(data: object) -> dict[str, Any]:
    """``data`` (a parsed save file) brought to format :data:`CURRENT`, one step at a time; ``data`` is not changed."""
    version = file_format(data)
    assert isinstance(data, dict)
    for step in range(version, CURRENT):
        data = STEPS[step](data)
        if data.get("save_format") != step + 1:  # pragma: no cover - a step that forgot to say what it made
            raise MigrationError("$.save_format", f"the migration from format {step} did not produce format {step + 1}")
    return dict(data)

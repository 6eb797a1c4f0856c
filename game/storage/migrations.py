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
3. Adds ``snapshot``, written just before the log: ``null``, or the state after the log's first ``at``
   entries with the ``tag`` saying what it stands for (game.storage.snapshot), so that opening a long
   adventure replays only its last actions. A format-2 file migrates with ``null`` (its log is replayed
   whole, as before; the next autosave writes a snapshot).

To add format N+1: write ``_vN_to_vN1(data) -> data`` (pure: return a new
dict, never change the one given), add it to ``STEPS`` under N, raise
``CURRENT``, change ``SaveFile`` in saves.py, and commit a fixture of a format-N
save written by the format-N code under tests/data/saves_vN/.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from game.safe_json import english_reason

CURRENT: Final = 3


class MigrationError(Exception):
    """A save that cannot be brought to the current format: where in it, and why."""

    def __init__(self, path: str, code: str, **params: str | int) -> None:
        self.path = path
        self.code = code  # the catalogue's ``reasons.<code>``
        self.params = params
        self.reason = english_reason(code, params)  # the logs' and tools' words
        super().__init__(f"{path}: {self.reason}")


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


def _v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """Format 3 may hold a snapshot of the state before the log's last actions; a format-2 file has none."""
    result: dict[str, Any] = {}
    for key, value in data.items():
        if key == "log":
            result["snapshot"] = None
        result[key] = value
    result.setdefault("snapshot", None)
    result["save_format"] = 3
    return result


STEPS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2, 2: _v2_to_v3}


def file_format(data: object) -> int:
    """The save format a parsed file declares, or MigrationError when it declares none usable."""
    if not isinstance(data, dict):
        raise MigrationError("$", "save_not_object")
    if "save_format" not in data:
        raise MigrationError("$.save_format", "missing")
    version = data["save_format"]
    if type(version) is not int:  # noqa: E721 - True is an int to isinstance
        raise MigrationError("$.save_format", "save_format_not_number", value=repr(version)[:40])
    if version > CURRENT:
        writer = data.get("app_version")
        if isinstance(writer, str) and writer:
            raise MigrationError("$.save_format", "save_format_newer_by", format=version, current=CURRENT, version=writer[:40])
        raise MigrationError("$.save_format", "save_format_newer", format=version, current=CURRENT)
    if version < 1:
        raise MigrationError("$.save_format", "save_format_below", format=version)
    return version


def migrate(data: object) -> dict[str, Any]:
    """``data`` (a parsed save file) brought to format :data:`CURRENT`, one step at a time; ``data`` is not changed."""
    version = file_format(data)
    assert isinstance(data, dict)
    for step in range(version, CURRENT):
        data = STEPS[step](data)
        if data.get("save_format") != step + 1:  # pragma: no cover - a step that forgot to say what it made
            raise MigrationError("$.save_format", "save_migration", step=step, next=step + 1)
    return dict(data)

"""Opening a saved adventure, and every good version of it when the save itself will not do.

:func:`open_saved` is the one way a window opens an adventure from disk: it
takes the adventure's lock first (one writer: :class:`AdventureBusy` when
another window has it, and then it may be opened read-only or copied), reads
the version asked for and replays it. Opening an older version makes it the
save again; the newer ones stay among the backups, so that is a choice the
player can take back.

:func:`versions_of` lists the readable versions of an adventure — the save
itself and each backup — newest first, with when it was written and its last
action. Each is validated by replay (a file that parses but does not replay is
not offered), lazily: when the player asks for the list, once per file (the
store caches the verdict by file).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.storage.saves import SaveError, SaveStore
from game.ui.context import UIContext

if TYPE_CHECKING:
    from game.app.adventure import Adventure


class AdventureBusy(Exception):
    """The adventure is open in another window (its lock is held): open it read-only, or make a copy."""

    def __init__(self, save_id: str) -> None:
        super().__init__(f"{save_id} is open in another window")
        self.save_id = save_id


def open_saved(
    store: SaveStore, books: Mapping[str, Any], save_id: str, version: int = 0, read_only: bool = False
) -> Adventure[Any, Any]:
    """The adventure ``save_id`` at ``version`` (0: the save; n: backup n), replayed, held by this window.

    Raises AdventureBusy when another window holds it (never with ``read_only``), SaveError when that
    version cannot be read or replayed. An older version opened becomes the save (the newer ones stay
    among the backups).
    """
    from game.app.adventure import Adventure  # with the session it holds: not needed to draw the shelf

    if not read_only and not store.lock(save_id):
        raise AdventureBusy(save_id)
    save, session = store.load(save_id, books, version)
    adventure = Adventure(session, store, save_id, created=save.created, read_only=read_only)
    if version and not read_only:
        adventure.save()
    return adventure


@dataclass(frozen=True)
class VersionLine:
    """One good version of an adventure as the recovery list shows it."""

    number: int  # 0: the save itself; n: backup n
    when: str  # "29/11 18:26"
    last_action: str  # in the player's language ("" before the first action)
    actions: int


def when_text(stamp: str) -> str:
    """A save's ISO 8601 time (2026-11-29T18:26:00+00:00) as the shelf shows it: "29/11 18:26"."""
    return f"{stamp[8:10]}/{stamp[5:7]} {stamp[11:16]}" if len(stamp) >= 16 else stamp


def versions_of(ui: UIContext, store: SaveStore, books: Mapping[str, Any], save_id: str) -> list[VersionLine]:
    """The versions of ``save_id`` that read and replay, newest first (the save itself first when it is good)."""
    from game.app.journal import describe_entry  # here: the journal's words are not needed to draw the shelf
    from game.rules.session import Entry

    lines = []
    for version in store.versions(save_id):
        if version.save is None or store.replay_problem(save_id, version.number, books) is not None:
            continue
        entries = version.save.log.get("entries") or []
        book = books.get(version.save.book)
        last = describe_entry(ui, book, Entry(**_entry_fields(entries[-1]))) if entries else ""
        lines.append(VersionLine(version.number, when_text(version.save.updated), last, len(entries)))
    return lines


def _entry_fields(raw: dict[str, Any]) -> dict[str, Any]:
    return {key: raw[key] for key in ("action", "dice", "outcome", "reroll") if key in raw}


def replay_problem(store: SaveStore, books: Mapping[str, Any], save_id: str) -> SaveError | None:
    """Why the save itself does not replay (None when it does): the shelf asks when an adventure is selected."""
    return store.replay_problem(save_id, 0, books)

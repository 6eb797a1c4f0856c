"""Runs kept after their save is gone, and the outcome a player gave a run ("won", "abandoned").

One JSON file per book (``<root>/<book>.json``: ``{"runs": {id: record}}``),
written atomically. A file that cannot be read is reported by the screen and
left untouched; a bad record in it is skipped with its reason, never fatal.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from game.atomic import atomic_write_text
from game.books import BOOK_ID
from game.safe_json import InputError, read_json_file

MAX_RUNS = 2000  # per book: older runs beyond are dropped when a new one is kept


class ChronicleError(InputError):
    """A chronicles file that cannot be used: which file, where, and why."""


class ChronicleStore:
    """The chronicles folder (next to the saves)."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def path(self, book_id: str) -> Path:
        if not re.match(BOOK_ID, book_id):
            raise ValueError(f"not a book id: {book_id!r}")
        return self.root / f"{book_id}.json"

    def runs(self, book_id: str) -> tuple[dict[str, dict[str, Any]], list[InputError]]:
        """The kept runs of a book by id (as stored: game.app.chronicle reads them), and the file's problems if any
        (coded: a screen says them in the player's words)."""
        path = self.path(book_id)
        if not os.path.lexists(path):
            return {}, []
        try:
            data = read_json_file(path, ChronicleError, folder=self.root)
        except InputError as error:
            return {}, [error]
        runs = data.get("runs") if isinstance(data, dict) else None
        if not isinstance(runs, dict):
            return {}, [ChronicleError.coded(path.name, "$.runs", "chronicle_runs_not_object")]
        found = {str(run_id): raw for run_id, raw in runs.items() if isinstance(raw, dict)}
        problems: list[InputError] = [
            ChronicleError.coded(path.name, f"$.runs.{run_id}", "dict_type")
            for run_id, raw in runs.items()
            if not isinstance(raw, dict)
        ]
        return found, problems

    def keep(self, book_id: str, run_id: str, record: dict[str, Any]) -> None:
        """Write (or replace) one run's record; the oldest runs beyond MAX_RUNS are dropped."""
        runs, _problems = self.runs(book_id)
        runs[run_id] = record
        if len(runs) > MAX_RUNS:
            for old in sorted(runs, key=lambda k: str(runs[k].get("updated", "")))[: len(runs) - MAX_RUNS]:
                del runs[old]
        self.root.mkdir(parents=True, exist_ok=True)
        text = json.dumps({"runs": runs}, ensure_ascii=False, indent=1)
        atomic_write_text(self.path(book_id), text)


class RecordCache:
    """Run records of the saves on the shelf, by save id with the save's ``updated`` stamp (``<book>.cache.json``).

    Only a speed-up: a missing, stale or unreadable cache is rebuilt by replaying.
    """

    def __init__(self, store: ChronicleStore, book_id: str) -> None:
        self.path = store.path(book_id).with_suffix(".cache.json")
        self.entries: dict[str, dict[str, Any]] = {}
        self.changed = False
        try:
            data = read_json_file(self.path, ChronicleError, folder=store.root) if os.path.lexists(self.path) else {}
        except InputError:
            data = {}
        if isinstance(data, dict):
            self.entries = {k: v for k, v in data.items() if isinstance(v, dict) and isinstance(v.get("record"), dict)}

    def get(self, save_id: str, updated: str) -> dict[str, Any] | None:
        found = self.entries.get(save_id)
        return found["record"] if found is not None and found.get("updated") == updated else None

    def put(self, save_id: str, updated: str, record: dict[str, Any]) -> None:
        self.entries[save_id] = {"updated": updated, "record": record}
        self.changed = True

    def keep_only(self, save_ids: set[str]) -> None:
        for gone in set(self.entries) - save_ids:
            del self.entries[gone]
            self.changed = True

    def write(self) -> None:
        """Write the cache when it changed (an OSError is the caller's to report or ignore)."""
        if self.changed:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.path, json.dumps(self.entries, ensure_ascii=False))
            self.changed = False


def store_for(saves: Any) -> ChronicleStore:
    """The chronicles kept beside a save folder (a subfolder: the saves listing never reads it)."""
    return ChronicleStore(Path(saves.root) / "chronicles")

"""Runs kept after their save is gone, and the outcome a player gave a run ("won", "abandoned").

One JSON file per book (``<root>/<book>.json``: ``{"runs": {id: record}}``),
written atomically. A file that cannot be read is reported by the screen and
left untouched; a bad record in it is skipped with its reason, never fatal.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from game.app.chronicle import RunRecord, run_record
from game.safe_json import InputError, read_json_file
from game.storage.atomic import atomic_write_text

BOOK_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
MAX_RUNS = 2000  # per book: older runs beyond are dropped when a new one is kept


class ChronicleError(InputError):
    """A chronicles file that cannot be used: which file, where, and why."""


class ChronicleStore:
    """The chronicles folder (next to the saves)."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def path(self, book_id: str) -> Path:
        if not BOOK_ID.match(book_id):
            raise ValueError(f"not a book id: {book_id!r}")
        return self.root / f"{book_id}.json"

    def runs(self, book_id: str) -> tuple[dict[str, RunRecord], list[str]]:
        """The kept runs of a book by id, and the problems met reading them (file, path, reason)."""
        path = self.path(book_id)
        if not path.exists():
            return {}, []
        try:
            data = read_json_file(path, ChronicleError)
        except InputError as error:
            return {}, [str(error)]
        runs = data.get("runs") if isinstance(data, dict) else None
        if not isinstance(runs, dict):
            return {}, [f"{path.name}: $.runs: must be an object of run id: record"]
        found: dict[str, RunRecord] = {}
        problems: list[str] = []
        for run_id, raw in runs.items():
            try:
                found[run_id] = RunRecord.from_json(raw)
            except (KeyError, TypeError, ValueError, AttributeError) as error:
                problems.append(f"{path.name}: $.runs.{run_id}: {error}")
        return found, problems

    def keep(self, record: RunRecord) -> None:
        """Write (or replace) one run's record."""
        runs, _problems = self.runs(record.book)
        runs[record.id] = record
        if len(runs) > MAX_RUNS:
            for old in sorted(runs.values(), key=lambda r: r.updated)[: len(runs) - MAX_RUNS]:
                del runs[old.id]
        self.root.mkdir(parents=True, exist_ok=True)
        text = json.dumps({"runs": {k: v.to_json() for k, v in runs.items()}}, ensure_ascii=False, indent=1)
        atomic_write_text(self.path(record.book), text)


def store_for(saves: Any) -> ChronicleStore:
    """The chronicles kept beside a save folder (a subfolder: the saves listing never reads it)."""
    return ChronicleStore(Path(saves.root) / "chronicles")


def book_runs(saves: Any, books: dict[str, Any], book_id: str) -> tuple[list[RunRecord], list[str]]:
    """Every run of a book: the saves on the shelf (replayed) and the runs kept after deletion.

    A live save takes the outcome the player gave it (won, abandoned) when one
    was kept; a save that cannot be read is left out with its reason.
    """
    kept, problems = store_for(saves).runs(book_id)
    runs = dict(kept)
    for item in saves.listing():
        if item.save is None or item.save.book != book_id:
            continue
        try:
            _save, session = saves.load(item.id, books)
        except InputError as error:
            problems.append(str(error))
            continue
        marked = kept.get(item.id)
        outcome = marked.outcome if marked is not None and marked.outcome in ("won", "abandoned") else None
        runs[item.id] = run_record(session, item.id, item.save.updated, outcome)
    return list(runs.values()), problems


def keep_run(saves: Any, session: Any, save_id: str, updated: str, outcome: str | None = None) -> RunRecord:
    """Keep a run's record now (the player said "won" or "abandoned", or its save is about to be deleted)."""
    store = store_for(saves)
    marked = store.runs(session.book.id)[0].get(save_id)
    if outcome is None and marked is not None and marked.outcome in ("won", "abandoned"):
        outcome = marked.outcome
    record = run_record(session, save_id, updated, outcome)
    store.keep(record)
    return record


def keep_before_delete(saves: Any, books: dict[str, Any], save_id: str) -> RunRecord | None:
    """A save about to be deleted leaves its run in the chronicles (unfinished: abandoned); None if unreadable."""
    try:
        save, session = saves.load(save_id, books)
    except InputError:
        return None
    hero = getattr(session.state, "hero", None)
    if hero is None:  # nothing was played: no story to keep
        return None
    return keep_run(saves, session, save_id, save.updated, None if not getattr(hero, "alive", True) else
                    _unfinished(saves, session.book.id, save_id))


def _unfinished(saves: Any, book_id: str, save_id: str) -> str:
    marked = store_for(saves).runs(book_id)[0].get(save_id)
    return marked.outcome if marked is not None and marked.outcome == "won" else "abandoned"

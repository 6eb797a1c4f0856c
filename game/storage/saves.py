"""Adventures on disk: one JSON file per adventure holding the session's action log.

Every write is atomic and keeps the previous versions as rotated backups
(``<id>.json.bak1`` newest … ``.bak5``). A file that cannot be read is reported
with file, JSON path and reason and never overwritten; the player can be
offered its backups. Loading replays the log, so a save restores exactly the
state, the undo history and the redo list.
"""

from __future__ import annotations

import re
import secrets
import shutil
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game import safe_json
from game.rules.session import Session
from game.safe_json import InputError, json_path
from game.storage.atomic import atomic_write_text, backup_path, rotate_backups

SAVE_FORMAT = 1
BACKUPS = 5
SAVE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class SaveError(InputError):
    """A save file that cannot be used: which file, where in it, and why."""


class SaveSummary(BaseModel):
    """What the bookshelf lists without replaying the log."""

    model_config = ConfigDict(extra="ignore")
    hero: str = ""
    paragraph: int | None = None
    alive: bool = True
    detail: str = ""


class SaveFile(BaseModel):
    """The save file format (version ``SAVE_FORMAT``)."""

    model_config = ConfigDict(extra="forbid")
    app: Literal["feuille-aventure"] = "feuille-aventure"
    save_format: Literal[1] = SAVE_FORMAT
    id: str = Field(pattern=SAVE_ID.pattern)
    book: str = Field(max_length=64)
    created: str = Field(max_length=64)
    updated: str = Field(max_length=64)
    summary: SaveSummary = SaveSummary()
    log: dict[str, Any]


@dataclass(frozen=True)
class Listing:
    """One adventure on the shelf: its summary, or the reason it cannot be read."""

    id: str
    path: Path
    save: SaveFile | None
    error: SaveError | None


def now_text() -> str:
    """The current time as the save files write it (UTC, ISO 8601, seconds)."""
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


def summarize(session: Session) -> SaveSummary:
    """A short description of a session for the list of adventures."""
    view = session.view()
    hero = view.get("hero") or {}
    if "party_order" in view:  # a Rôle'n Play table: the party, and the time on the table's clock
        clock = view.get("clock") or {}
        when = f"{clock.get('day', 1)}/{clock.get('hour', 0):02d}:{clock.get('minute', 0):02d}"
        return SaveSummary(hero=", ".join(view["party_order"]), detail=when)
    return SaveSummary(hero=hero.get("name", ""), paragraph=view.get("paragraph"), alive=hero.get("alive", True),
                       detail=f"{hero.get('stamina', '')}")


def parse_save(name: str, data: object) -> SaveFile:
    """Validate parsed JSON as a save file, or raise SaveError naming the field."""
    try:
        return SaveFile.model_validate(data)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        reason = "this field is required" if first["type"] == "missing" else first["msg"]
        raise SaveError(name, json_path(first["loc"]), reason) from None


class SaveStore:
    """A folder of adventures (the player's, or the convention demo's separate slot)."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    # -- paths -----------------------------------------------------------------------------
    def path(self, save_id: str) -> Path:
        if not SAVE_ID.match(save_id):
            raise SaveError(save_id, "$", "is not a valid adventure id")
        return self.root / f"{save_id}.json"

    def new_id(self) -> str:
        """A fresh id that sorts by creation time and never collides with an existing file."""
        while True:
            save_id = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3)
            if not self.path(save_id).exists():
                return save_id

    # -- writing -----------------------------------------------------------------------------
    def write(self, save_id: str, session: Session, created: str | None = None) -> SaveFile:
        """Save ``session`` atomically, rotating the previous versions into backups."""
        path = self.path(save_id)
        stamp = now_text()
        save = SaveFile(id=save_id, book=session.book.id, created=created or stamp, updated=stamp,
                        summary=summarize(session), log=session.to_log())
        rotate_backups(path, keep=BACKUPS)
        atomic_write_text(path, save.model_dump_json(indent=1))
        return save

    def delete(self, save_id: str) -> None:
        """Remove an adventure and its backups."""
        path = self.path(save_id)
        for index in range(1, BACKUPS + 1):
            backup_path(path, index).unlink(missing_ok=True)
        path.unlink(missing_ok=True)

    def export(self, save_id: str, destination: Path) -> None:
        """Copy an adventure's file to ``destination`` (checked readable first)."""
        self.read(save_id)
        shutil.copyfile(self.path(save_id), destination)

    def import_file(self, source: Path, books: dict[str, Any]) -> str:
        """Add the adventure in ``source`` under a new id, after checking it replays; never overwrites."""
        save = parse_save(source.name, safe_json.read_json_file(source, SaveError))
        restore(save, books, source.name)
        save_id = self.new_id()
        atomic_write_text(self.path(save_id), save.model_copy(update={"id": save_id}).model_dump_json(indent=1))
        return save_id

    def set_last(self, save_id: str) -> None:
        """Remember the adventure that "continue" reopens."""
        atomic_write_text(self.root / "last.txt", self.path(save_id).stem)

    def last(self) -> str | None:
        """The adventure "continue" reopens, if it still exists."""
        try:
            save_id = (self.root / "last.txt").read_text(encoding="utf-8").strip()
            return save_id if self.path(save_id).exists() else None
        except (OSError, UnicodeDecodeError, SaveError):
            return None

    # -- reading -----------------------------------------------------------------------------
    def read(self, save_id: str, backup: int = 0) -> SaveFile:
        """Read one save (or its backup number ``backup``), or raise SaveError."""
        path = self.path(save_id) if backup == 0 else backup_path(self.path(save_id), backup)
        return parse_save(path.name, safe_json.read_json_file(path, SaveError))

    def backups(self, save_id: str) -> list[int]:
        """The backup numbers that exist for an adventure, newest first."""
        path = self.path(save_id)
        return [i for i in range(1, BACKUPS + 1) if backup_path(path, i).exists()]

    def listing(self) -> list[Listing]:
        """Every adventure in the folder, newest first; unreadable ones carry their error."""
        if not self.root.is_dir():
            return []
        result = []
        for path in self.root.glob("*.json"):
            save_id = path.stem
            if not SAVE_ID.match(save_id):
                continue
            try:
                result.append(Listing(save_id, path, self.read(save_id), None))
            except SaveError as error:
                result.append(Listing(save_id, path, None, error))
        return sorted(result, key=lambda item: item.save.updated if item.save else "", reverse=True)

    def load(self, save_id: str, books: dict[str, Any], backup: int = 0) -> tuple[SaveFile, Session]:
        """Read and replay an adventure; raise SaveError naming what fails."""
        save = self.read(save_id, backup)
        return save, restore(save, books, self.path(save_id).name)


def restore(save: SaveFile, books: dict[str, Any], name: str) -> Session:
    """Replay a save's log into a session, or raise SaveError naming the failing part."""
    book = books.get(save.book)
    if book is None:
        raise SaveError(name, "$.book", f"the book '{save.book}' is not on the shelf")
    try:
        return Session.from_log(book, save.log)
    except ValueError as error:
        raise SaveError(name, "$.log", str(error)) from None

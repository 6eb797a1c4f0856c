"""Adventures on disk: one JSON file per adventure holding the session's action log.

Every write is atomic and keeps the previous versions as rotated backups
(``<id>.json.bak1`` newest … ``.bak5``). A file that cannot be read is reported
with file, JSON path and reason and never overwritten; the player can be
offered its backups. Loading replays the log, so a save restores exactly the
state, the undo history and the redo list.

Format 2 (see game/storage/migrations.py, which reads every earlier format)
records the app version that wrote the file and ``book_hash``, the hash of the
book's content: :func:`book_changed` tells the bookshelf that an adventure was
saved with another edition of its book's file, and a replay that fails then
says so. Limits (file size, log entries, strings…) are in docs/LIMITS.md; the
app never writes a save it would refuse to read.
"""

from __future__ import annotations

import errno
import hashlib
import json
import re
import secrets
import shutil
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game import safe_json
from game.books import BOOK_ID
from game.rules.session import Session
from game.safe_json import InputError, json_path
from game.storage.atomic import atomic_write_text, backup_path, rotate_backups
from game.storage.migrations import CURRENT, MigrationError, migrate

SAVE_FORMAT: Final = CURRENT
BACKUPS = 5
SAVE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
MAX_SAVE_BYTES = 8 * 1024 * 1024  # larger than a book's limit: a long adventure with long notes grows
MAX_LOG_ENTRIES = 10_000  # entries + redo; replaying 10 000 takes a few seconds
MAX_DICE_PER_ENTRY = 1_000
STALE_TEMP_SECONDS = 60  # a write's temporary file older than this was left by a crash


def _app_version() -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("feuille-aventure")
    except PackageNotFoundError:  # pragma: no cover - a bundle without metadata
        return None


APP_VERSION = _app_version()
_BOOK_HASHES: dict[int, tuple[Any, str]] = {}


def book_hash(book: Any) -> str:
    """SHA-256 of the book's content as its file gives it (fields left out and key order don't count).

    Two editions of a book file differing in any value — a number the rules use
    or a text — hash differently; reformatting the file, or a new app version
    adding a field with a default, does not change it.
    """
    cached = _BOOK_HASHES.get(id(book))
    if cached is not None and cached[0] is book:
        return cached[1]
    content = json.dumps(
        book.model_dump(mode="json", exclude_unset=True), sort_keys=True, ensure_ascii=False, separators=(",", ":")
    )
    digest = hashlib.sha256(content.encode("utf-8")).hexdigest()
    _BOOK_HASHES[id(book)] = (book, digest)
    return digest


class SaveError(InputError):
    """A save file that cannot be used: which file, where in it, and why."""


class SaveSummary(BaseModel):
    """What the bookshelf lists without replaying the log."""

    model_config = ConfigDict(extra="ignore")
    hero: str = Field(default="", max_length=1000)
    paragraph: int | None = Field(default=None, ge=0, le=100_000)
    alive: bool = True
    detail: str = Field(default="", max_length=1000)


class SaveFile(BaseModel):
    """The save file format (version ``SAVE_FORMAT``; earlier ones are migrated when read)."""

    model_config = ConfigDict(extra="forbid")
    app: Literal["feuille-aventure"] = "feuille-aventure"
    save_format: Literal[2] = SAVE_FORMAT
    app_version: str | None = Field(default=APP_VERSION, max_length=64)  # who wrote it; None: not recorded
    id: str = Field(pattern=SAVE_ID.pattern)
    book: str = Field(pattern=BOOK_ID)
    book_hash: str | None = Field(default=None, pattern=r"^[0-9a-f]{64}$")  # None: not recorded (format 1)
    created: str = Field(max_length=64)
    updated: str = Field(max_length=64)
    summary: SaveSummary = SaveSummary()
    log: dict[str, Any]


Die = Annotated[int, Field(ge=1, le=1000)]
Score = Annotated[int, Field(ge=-999, le=999)]


class _LogEntry(BaseModel):
    """What Session.from_log reads of one entry (checked before any replay)."""

    model_config = ConfigDict(extra="ignore", strict=True)
    action: dict[str, Any]
    dice: list[Die] = Field(default_factory=list, max_length=MAX_DICE_PER_ENTRY)
    outcome: str | None = None
    reroll: int = Field(default=0, ge=0, le=MAX_LOG_ENTRIES)


class _LogStart(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)
    hero: dict[Annotated[str, Field(max_length=40)], Score] | None = Field(default=None, max_length=32)
    language: Literal["fr", "en"] = "fr"
    play: Literal["bookmark", "honest"] = "bookmark"


class _Log(BaseModel):
    """The shape of a session log (game.rules.session.Session.to_log); unknown keys are left to the session."""

    model_config = ConfigDict(extra="ignore", strict=True)
    format: int
    book: str
    start: _LogStart = _LogStart()
    entries: list[_LogEntry] = Field(default_factory=list, max_length=MAX_LOG_ENTRIES)
    redo: list[_LogEntry] = Field(default_factory=list, max_length=MAX_LOG_ENTRIES)
    undone: list[_LogEntry] = Field(default_factory=list, max_length=MAX_LOG_ENTRIES)


@dataclass(frozen=True)
class Listing:
    """One adventure on the shelf: its summary, or the reason it cannot be read."""

    id: str
    path: Path
    save: SaveFile | None
    error: SaveError | None


def now_text() -> str:
    """The current time as the save files write it (UTC, ISO 8601, seconds)."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def _short(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def summarize(session: Session) -> SaveSummary:
    """A short description of a session for the list of adventures (never over the summary's limits)."""
    view = session.view()
    hero = view.get("hero") or {}
    if "party_order" in view:  # a Rôle'n Play table: the party, and the time on the table's clock
        clock = view.get("clock") or {}
        when = f"{clock.get('day', 1)}/{clock.get('hour', 0):02d}:{clock.get('minute', 0):02d}"
        return SaveSummary(hero=_short(", ".join(view["party_order"])), detail=_short(when))
    paragraph = view.get("paragraph")
    return SaveSummary(
        hero=_short(hero.get("name", "")),
        alive=hero.get("alive", True),
        paragraph=paragraph if isinstance(paragraph, int) and 0 <= paragraph <= 100_000 else None,
        detail=_short(f"{hero.get('stamina', '')}"),
    )


def _first_error(name: str, error: ValidationError, prefix: tuple = ()) -> SaveError:
    first = error.errors(include_url=False)[0]
    reason = {"missing": "this field is required", "extra_forbidden": "this field is not part of a save"}.get(
        first["type"], first["msg"]
    )
    return SaveError(name, json_path(prefix + tuple(first["loc"])), reason)


def parse_save(name: str, data: object) -> SaveFile:
    """Bring parsed JSON to the current format and validate it, or raise SaveError naming the field."""
    try:
        data = migrate(data)
    except MigrationError as error:
        raise SaveError(name, error.path, error.reason) from None
    try:
        save = SaveFile.model_validate(data)
    except ValidationError as error:
        raise _first_error(name, error) from None
    for key in ("entries", "redo", "undone"):  # counted before validating thousands of entries one by one
        items = save.log.get(key)
        if isinstance(items, list) and len(items) > MAX_LOG_ENTRIES:
            raise SaveError(name, f"$.log.{key}", f"holds {len(items)} actions, more than the limit of {MAX_LOG_ENTRIES}")
    try:
        log = _Log.model_validate(save.log)
    except ValidationError as error:
        raise _first_error(name, error, ("log",)) from None
    if len(log.entries) + len(log.redo) > MAX_LOG_ENTRIES:
        raise SaveError(
            name, "$.log", f"holds {len(log.entries) + len(log.redo)} actions, more than the limit of {MAX_LOG_ENTRIES}"
        )
    return save


def read_save_file(path: Path) -> SaveFile:
    """Read and check one save file (any format this app knows), or raise SaveError; the file is never changed."""
    return parse_save(path.name, safe_json.read_json_file(path, SaveError, max_bytes=MAX_SAVE_BYTES))


def book_changed(save: SaveFile, book: Any) -> bool:
    """True when ``save`` was written with another edition of ``book``'s file (unknown for format-1 saves: False)."""
    current = getattr(book, "book_hash", None)  # a shelf card carries it; a book is hashed
    return save.book_hash is not None and save.book_hash != (current if isinstance(current, str) else book_hash(book))


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
            save_id = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3)
            if not self.path(save_id).exists():
                return save_id

    # -- writing -----------------------------------------------------------------------------
    def write(self, save_id: str, session: Session, created: str | None = None) -> SaveFile:
        """Save ``session`` atomically, rotating the previous versions into backups."""
        path = self.path(save_id)
        stamp = now_text()
        log = session.to_log()
        save = SaveFile(
            id=save_id,
            book=session.book.id,
            book_hash=book_hash(session.book),
            created=created or stamp,
            updated=stamp,
            summary=summarize(session),
            log=log,
        )
        text = save.model_dump_json(indent=1)
        # Never write what reading would refuse: the last good save stays, and the reason is an OSError
        # (Adventure.save shows it as its save_problem).
        actions = len(log["entries"]) + len(log["redo"])
        if actions > MAX_LOG_ENTRIES:
            raise OSError(
                errno.EFBIG,
                f"the adventure holds {actions} actions, more than a save can hold ({MAX_LOG_ENTRIES}); the last save is kept",
            )
        size = len(text.encode("utf-8"))
        if size > MAX_SAVE_BYTES:
            raise OSError(
                errno.EFBIG, f"the save would be {size} bytes, more than the limit of {MAX_SAVE_BYTES}; the last save is kept"
            )
        rotate_backups(path, keep=BACKUPS)
        atomic_write_text(path, text)
        return save

    def remove_stale_temporaries(self, save_id: str | None = None, older_than: float = STALE_TEMP_SECONDS) -> int:
        """Delete temporary files killed writes left behind (of one adventure, or all); returns how many.

        The bookshelf's listing calls it; files younger than ``older_than`` seconds may belong to a write
        in progress (another window) and are kept.
        """
        if not self.root.is_dir():
            return 0
        name = f"{save_id}.json" if save_id else "*.json"
        left = [*self.root.glob(f".{name}.*.tmp"), *self.root.glob(f"{name}.bak1.tmp")]
        if save_id is None:
            left += self.root.glob(".last.txt.*.tmp")
        removed = 0
        limit = time.time() - older_than
        for path in left:
            try:
                if path.is_file() and not path.is_symlink() and path.stat().st_mtime < limit:
                    path.unlink()
                    removed += 1
            except OSError:
                continue
        return removed

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

    def import_file(self, source: Path, books: Mapping[str, Any]) -> str:
        """Add the adventure in ``source`` under a new id, after checking it replays; never overwrites."""
        save = read_save_file(source)
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
            with (self.root / "last.txt").open("rb") as handle:
                save_id = handle.read(256).decode("utf-8").strip()
            return save_id if self.path(save_id).exists() else None
        except (OSError, UnicodeDecodeError, SaveError):
            return None

    # -- reading -----------------------------------------------------------------------------
    def read(self, save_id: str, backup: int = 0) -> SaveFile:
        """Read one save (or its backup number ``backup``), or raise SaveError."""
        if not (isinstance(backup, int) and 0 <= backup <= BACKUPS):
            raise SaveError(save_id, "$", f"backup {backup!r} is not one of 1..{BACKUPS}")
        path = self.path(save_id) if backup == 0 else backup_path(self.path(save_id), backup)
        try:
            inside = path.resolve().parent == self.root.resolve()
        except (OSError, RuntimeError):  # a symlink loop
            inside = False
        if not inside:
            raise SaveError(path.name, "$", "is a link to a file outside the saves folder; it is not read")
        return read_save_file(path)

    def backups(self, save_id: str) -> list[int]:
        """The backup numbers that exist for an adventure, newest first."""
        path = self.path(save_id)
        return [i for i in range(1, BACKUPS + 1) if backup_path(path, i).exists()]

    def listing(self) -> list[Listing]:
        """Every adventure in the folder, newest first; unreadable ones carry their error."""
        if not self.root.is_dir():
            return []
        self.remove_stale_temporaries()
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

    def load(self, save_id: str, books: Mapping[str, Any], backup: int = 0) -> tuple[SaveFile, Session]:
        """Read and replay an adventure; raise SaveError naming what fails."""
        save = self.read(save_id, backup)
        return save, restore(save, books, self.path(save_id).name)


def restore(save: SaveFile, books: Mapping[str, Any], name: str) -> Session:
    """Replay a save's log into a session, or raise SaveError naming the failing part."""
    book = books.get(save.book)
    if book is None:
        raise SaveError(name, "$.book", f"the book '{save.book}' is not on the shelf")
    try:
        return Session.from_log(book, save.log)
    except Exception as error:  # noqa: BLE001 - whatever the rules raise, the file is what is wrong
        reason = str(error) if isinstance(error, ValueError) else f"does not replay ({type(error).__name__}: {error})"
        if book_changed(save, book):
            reason += (
                f"; the book '{save.book}' has changed since this adventure was saved (another edition of "
                "its file), which is probably why"
            )
        raise SaveError(name, "$.log", reason) from None

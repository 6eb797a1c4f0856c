"""What a save file is: its format, its limits, and reading one (game.storage.saves keeps the folder of them).

A save is one JSON file holding an adventure's action log (game.rules.session
Session.to_log) with a summary for the shelf. :func:`parse_save` brings any
format this app knows to the current one (game.storage.migrations) and checks
it field by field before anything replays it; :func:`read_save_file` reads one
through game.safe_file (a regular file within ``MAX_SAVE_BYTES``), and
:func:`read_save_head` only what the shelf lists (the fields before the log,
from the file's first bytes: the app writes the log last). :func:`file_digest`
says when two files hold the same version of an adventure (the backups keep
distinct versions only); :func:`version_digest` compares two parsed saves.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Annotated, Any, Literal

import pydantic_core
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game import safe_json
from game.rules.session import Session
from game.safe_json import json_path, validation_reason
from game.storage.migrations import MigrationError, migrate
from game.storage.save_head import (  # the shelf's part of the format, without pydantic (game.storage.save_head)
    MAX_DICE_PER_ENTRY,
    MAX_LOG_ENTRIES,
    MAX_SAVE_BYTES,
    SAVE_FORMAT,
    App,
    Head,
    SaveError,
    Summary,
    read_head_text,
    writer_version,
)
from game.value_rules import constrained


class SaveSummary(BaseModel):
    """What the bookshelf lists without replaying the log (its fields' rules: save_head.Summary's)."""

    model_config = ConfigDict(extra="ignore")
    hero: str = constrained(Summary, "hero")
    paragraph: int | None = constrained(Summary, "paragraph")
    alive: bool = constrained(Summary, "alive")
    detail: str = constrained(Summary, "detail")


class SaveHead(BaseModel):
    """A save file's fields but its log: what the bookshelf lists (:func:`read_save_head`); its fields' rules are
    save_head.Head's (each written once, there: the shelf reads a head plainly by them)."""

    model_config = ConfigDict(extra="forbid")
    app: App = constrained(Head, "app")
    save_format: Literal[3] = SAVE_FORMAT
    app_version: str | None = constrained(Head, "app_version", default_factory=writer_version)  # unknown: who wrote it
    id: str = constrained(Head, "id")
    book: str = constrained(Head, "book")
    book_hash: str | None = constrained(Head, "book_hash")
    created: str = constrained(Head, "created")
    updated: str = constrained(Head, "updated")
    summary: SaveSummary = SaveSummary()


class SaveFile(SaveHead):
    """The save file format (version ``SAVE_FORMAT``; earlier ones are migrated when read): the head, then the log."""

    model_config = ConfigDict(extra="forbid", defer_build=True)  # built when a save is first opened, not at start-up

    # The state after the log's first entries, and what it stands for (game.storage.snapshot); None: none.
    # Checked when the save is opened, not here: a snapshot that does not hold is left for a replay of the log.
    snapshot: Any = None
    log: dict[str, Any]


LOG_MARK = '\n "log": '  # where the log starts in a save as the app writes it (save_text)
SNAPSHOT_MARK = '\n "snapshot": '  # just before the log


Die = Annotated[int, Field(ge=1, le=1000)]
Score = Annotated[int, Field(ge=-999, le=999)]


class _LogEntry(BaseModel):
    """What Session.from_log reads of one entry (checked before any replay)."""

    model_config = ConfigDict(extra="ignore", strict=True, defer_build=True)
    action: dict[str, Any]
    dice: list[Die] = Field(default_factory=list, max_length=MAX_DICE_PER_ENTRY)
    outcome: str | None = None
    reroll: int = Field(default=0, ge=0, le=MAX_LOG_ENTRIES)


class _LogStart(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True, defer_build=True)
    hero: dict[Annotated[str, Field(max_length=40)], Score] | None = Field(default=None, max_length=32)
    language: Literal["fr", "en"] = "fr"
    play: Literal["bookmark", "honest"] = "bookmark"


class _Log(BaseModel):
    """The shape of a session log (game.rules.session.Session.to_log); unknown keys are left to the session."""

    model_config = ConfigDict(extra="ignore", strict=True, defer_build=True)
    format: int
    book: str
    start: _LogStart = _LogStart()
    entries: list[_LogEntry] = Field(default_factory=list, max_length=MAX_LOG_ENTRIES)
    redo: list[_LogEntry] = Field(default_factory=list, max_length=MAX_LOG_ENTRIES)
    undone: list[_LogEntry] = Field(default_factory=list, max_length=MAX_LOG_ENTRIES)


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


def validation_error(name: str, error: ValidationError, prefix: tuple = ()) -> SaveError:
    """``error``'s first problem as a SaveError of file ``name``, its path under ``prefix`` (a part of the file)."""
    first = error.errors(include_url=False)[0]
    code, params = validation_reason(first)
    return SaveError.coded(name, json_path(prefix + tuple(first["loc"])), code, **params)


def parse_save(name: str, data: object) -> SaveFile:
    """Bring parsed JSON to the current format and validate it, or raise SaveError naming the field."""
    try:
        data = migrate(data)
    except MigrationError as error:
        raise SaveError.coded(name, error.path, error.code, **error.params) from None
    try:
        save = SaveFile.model_validate(data)
    except ValidationError as error:
        raise validation_error(name, error) from None
    for key in ("entries", "redo", "undone"):  # counted before validating thousands of entries one by one
        items = save.log.get(key)
        if isinstance(items, list) and len(items) > MAX_LOG_ENTRIES:
            raise SaveError.coded(name, f"$.log.{key}", "log_too_long", count=len(items), limit=MAX_LOG_ENTRIES)
    try:
        log = _Log.model_validate(save.log)
    except ValidationError as error:
        raise validation_error(name, error, ("log",)) from None
    if len(log.entries) + len(log.redo) > MAX_LOG_ENTRIES:
        raise SaveError.coded(name, "$.log", "log_too_long", count=len(log.entries) + len(log.redo), limit=MAX_LOG_ENTRIES)
    return save


def read_save_file(path: Path, folder: Path | None = None) -> SaveFile:
    """Read and check one save file (any format this app knows), or raise SaveError; the file is never changed.

    ``folder``: the folder it must stay in (a link out of it is refused); None for a file the player chose.
    """
    return parse_save(path.name, safe_json.read_json_file(path, SaveError, max_bytes=MAX_SAVE_BYTES, folder=folder))


def save_text(save: SaveFile) -> str:
    """A save's file as the app writes it: the head, one field a line, then the log last on one line.

    The head stays easy to read and to list (read_save_head); the log, most of the file, is written compact
    (pydantic_core.to_json: 40 % fewer bytes than indented, and faster to make: every autosave writes it).
    """
    return save_bytes(save, pydantic_core.to_json(save.log), pydantic_core.to_json(save.snapshot)).decode("utf-8")


def save_bytes(head: SaveHead, log: bytes, snapshot: bytes = b"null") -> bytes:
    """:func:`save_text`'s file, encoded, from a head, its snapshot and its log already as compact JSON (an
    autosave's ``Session.log_json``: the log is not serialized again)."""
    text = head.model_dump_json(indent=1, exclude={"log", "snapshot"})
    marks = (SNAPSHOT_MARK.encode("utf-8"), LOG_MARK.encode("utf-8"))
    return b"".join((text[: text.rindex("\n}")].encode("utf-8"), b",", marks[0], snapshot, b",", marks[1], log, b"\n}"))


def read_save_head(path: Path, folder: Path | None = None) -> SaveHead:
    """What the bookshelf lists of a save, read from the file's first HEAD_BYTES: its fields before the log.

    The log is neither read nor checked (selecting or opening the adventure reads the whole file and replays
    it). A head that is not all there before the log and clean (a file arranged by hand, a value beyond the
    limits, a format to migrate that does not) is read from the whole file by :func:`read_save_file`, which
    raises SaveError naming what is wrong.
    """
    text = read_head_text(path, folder)
    # Format 3 writes the snapshot before the log: the head stops there (an earlier format, at the log).
    fields = safe_json.parse_json_head(text, "snapshot") or safe_json.parse_json_head(text, "log")
    if fields is not None:
        fields.pop("snapshot", None)
        try:
            return SaveHead.model_validate(migrate(fields))
        except (MigrationError, ValidationError):
            pass  # the whole file's read says what is wrong, with its path
    return head_of(read_save_file(path, folder))


def head_of(save: SaveHead) -> SaveHead:
    """The head of a save (its log left out: a listing keeps no log in memory)."""
    if type(save) is SaveHead:
        return save
    return SaveHead.model_construct(
        save.model_fields_set & set(SaveHead.model_fields), **{name: getattr(save, name) for name in SaveHead.model_fields}
    )


def file_digest(save: SaveHead, text: str) -> str:
    """The version a save file holds, from its text: its book (and edition) and its log as written.

    What the backups compare (game.storage.versions): not when the file was written, by which app version,
    nor its summary, so a save rewritten with the same play is not a new version. The log is hashed as the
    text holds it after LOG_MARK (the app writes it last): an autosave hashes the bytes it has just made
    instead of serializing its log a second time. A text arranged otherwise is hashed whole: any change
    to it makes a new version (one backup more, nothing lost).
    """
    at = text.find(LOG_MARK)
    log = text[at + len(LOG_MARK) :] if at >= 0 else text
    return bytes_digest(save, log.encode("utf-8"))


def bytes_digest(save: SaveHead, log: bytes) -> str:
    """:func:`file_digest` of a file whose text after LOG_MARK is ``log`` (UTF-8): what an autosave hashes."""
    digest = hashlib.sha256(f"{save.book}\n{save.book_hash}\n".encode())
    digest.update(log)
    return digest.hexdigest()


def version_digest(save: SaveFile) -> str:
    """What makes two saves the same version of an adventure: its book (and edition) and its play, not when it was
    written nor by which app version (a save rewritten with the same play is not a new version)."""
    content = json.dumps({"book": save.book, "book_hash": save.book_hash, "log": save.log}, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(content.encode("utf-8")).hexdigest()

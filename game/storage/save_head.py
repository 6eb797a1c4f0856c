"""What the shelf needs of a save, without its models: the id, the limits, the error, the head it lists.

The shelf lists the saves at start-up; game.storage.save_file's models (pydantic, and the session they
replay) are imported when a save is read whole, written or replayed, not before (issue 28: pydantic's
import and first model cost about 100 ms of the start). A head the app wrote is read as plain data
(:func:`plain_head`); any other goes to the model (save_file.read_save_head), which says what is wrong
(game.storage.saves.read_save_head chooses).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace
from datetime import UTC, datetime
from functools import cache
from typing import Any, Final

from game.books import BOOK_ID
from game.safe_json import InputError
from game.storage.migrations import CURRENT

SAVE_FORMAT: Final = CURRENT
SAVE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
MAX_SAVE_BYTES = 8 * 1024 * 1024  # larger than a book's limit: a long adventure with long notes grows
MAX_LOG_ENTRIES = 10_000  # entries + redo; replaying 10 000 takes a few seconds
MAX_DICE_PER_ENTRY = 1_000


class SaveError(InputError):
    """A save file that cannot be used: which file, where in it, and why."""


@cache
def writer_version() -> str | None:
    """The version of Feuille d'Aventure that writes saves (None: unknown), read from the package's metadata at
    the first save written (not at start-up: the shelf only reads)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("feuille-aventure")
    except PackageNotFoundError:  # pragma: no cover - a bundle without metadata
        return None


def now_text() -> str:
    """The current time as the save files write it (UTC, ISO 8601, seconds)."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


@dataclass(frozen=True)
class Summary:
    """What the bookshelf lists of an adventure without replaying its log (save_file.SaveSummary's fields)."""

    hero: str = ""
    paragraph: int | None = None
    alive: bool = True
    detail: str = ""

    @classmethod
    def of(cls, summary: Any) -> Summary:
        """The plain summary of a save_file.SaveSummary."""
        return cls(summary.hero, summary.paragraph, summary.alive, summary.detail)


@dataclass(frozen=True)
class Head:
    """A save file's fields but its log, as the shelf lists them (save_file.SaveHead's fields, as plain data)."""

    id: str
    book: str
    created: str
    updated: str
    app: str = "feuille-aventure"
    save_format: int = SAVE_FORMAT
    app_version: str | None = None
    book_hash: str | None = None
    summary: Summary = Summary()

    @classmethod
    def of(cls, head: Any) -> Head:
        """The plain head of a save_file.SaveHead (or SaveFile: its log left out)."""
        return cls(
            id=head.id,
            book=head.book,
            created=head.created,
            updated=head.updated,
            app=head.app,
            save_format=head.save_format,
            app_version=head.app_version,
            book_hash=head.book_hash,
            summary=Summary.of(head.summary),
        )

    def model_copy(self, update: dict[str, Any] | None = None) -> Head:
        """A copy with ``update``'s fields changed (as SaveHead.model_copy: not checked again)."""
        return replace(self, **(update or {}))


HEAD_KEYS = frozenset(f.name for f in fields(Head))
SUMMARY_KEYS = frozenset(f.name for f in fields(Summary))
_BOOK_HASH = r"^[0-9a-f]{64}$"


def _text(value: object, limit: int, pattern: str | None = None) -> bool:
    return type(value) is str and len(value) <= limit and (pattern is None or re.fullmatch(pattern, value) is not None)


def plain_head(data: dict[str, object]) -> Head | None:
    """The head of a save of the current format whose every field is plainly valid, or None.

    Plainly valid: each value of its field's own type within save_file.SaveHead's bounds, as the app writes it
    (tests/test_save_head.py holds every value kept here to the model's). Anything else — an earlier format, a
    value out of bounds, a missing field, an unknown one — is None: the model reads it and says what is wrong.
    """
    if not HEAD_KEYS.issuperset(data) or type(data.get("save_format")) is not int or data["save_format"] != SAVE_FORMAT:
        return None
    ok = (
        data.get("app", "feuille-aventure") == "feuille-aventure"
        and "app_version" in data  # its default is read from the package's metadata: the model's to give
        and (data["app_version"] is None or _text(data["app_version"], 64))
        and _text(data.get("id"), 64, SAVE_ID.pattern)
        and _text(data.get("book"), 10_000, BOOK_ID)
        and (data.get("book_hash") is None or _text(data["book_hash"], 64, _BOOK_HASH))
        and _text(data.get("created"), 64)
        and _text(data.get("updated"), 64)
    )
    summary = data.get("summary", {})
    if not ok or type(summary) is not dict:
        return None
    paragraph = summary.get("paragraph")
    if not (
        _text(summary.get("hero", ""), 1000)
        and _text(summary.get("detail", ""), 1000)
        and type(summary.get("alive", True)) is bool
        and (paragraph is None or (type(paragraph) is int and 0 <= paragraph <= 100_000))
    ):
        return None
    kept = {name: summary[name] for name in SUMMARY_KEYS if name in summary}  # unknown keys ignored, as the model does
    return Head(**{**data, "summary": Summary(**kept)})  # type: ignore[arg-type]  # each value checked above


HEAD_BYTES = 64 * 1024  # a head within its fields' limits takes a few KiB: the app writes the log last, after it

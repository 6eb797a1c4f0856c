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
from functools import cache
from pathlib import Path
from typing import Any, Final, Literal, get_args

from game import safe_json
from game.books import BOOK_ID
from game.safe_json import InputError
from game.storage.migrations import CURRENT
from game.value_rules import plain_values, required_of, ruled, rules_of

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
    from datetime import UTC, datetime  # here: a new player's shelf never asks the time (issue 28)

    return datetime.now(UTC).replace(microsecond=0).isoformat()


App = Literal["feuille-aventure"]  # the app a save is of (its model's type)
BOOK_HASH = r"^[0-9a-f]{64}$"  # a book's edition: the SHA-256 of its file


@dataclass(frozen=True)
class Summary:
    """What the bookshelf lists of an adventure without replaying its log; its fields' rules, written once
    (save_file.SaveSummary's constraints are made from them: game.value_rules)."""

    hero: str = ruled("", max_length=1000)
    paragraph: int | None = ruled(None, kind=int, low=0, high=100_000, nullable=True)
    alive: bool = ruled(True)
    detail: str = ruled("", max_length=1000)

    @classmethod
    def of(cls, summary: Any) -> Summary:
        """The plain summary of a save_file.SaveSummary."""
        return cls(summary.hero, summary.paragraph, summary.alive, summary.detail)


@dataclass(frozen=True)
class Head:
    """A save file's fields but its log, as the shelf lists them; the rules of each, written once (save_file.SaveHead's
    constraints are made from them). ``save_format`` is not a field's rule but which reading applies (migrations)."""

    id: str = ruled(kind=str, pattern=SAVE_ID.pattern)
    book: str = ruled(kind=str, pattern=BOOK_ID)
    created: str = ruled(kind=str, max_length=64)
    updated: str = ruled(kind=str, max_length=64)
    app: App = ruled("feuille-aventure", choices=get_args(App))
    save_format: int = SAVE_FORMAT
    app_version: str | None = ruled(None, kind=str, max_length=64, nullable=True)  # who wrote it; None: not recorded
    book_hash: str | None = ruled(None, kind=str, pattern=BOOK_HASH, nullable=True)  # None: not recorded (format 1)
    summary: Summary = Summary()

    @classmethod
    def of(cls, head: Any) -> Head:
        """The plain head of a save_file.SaveHead (or SaveFile: its log left out)."""
        return cls(**{name: getattr(head, name) for name in HEAD_KEYS if name != "summary"}, summary=Summary.of(head.summary))

    def model_copy(self, update: dict[str, Any] | None = None) -> Head:
        """A copy with ``update``'s fields changed (as SaveHead.model_copy: not checked again)."""
        return replace(self, **(update or {}))


HEAD_KEYS = frozenset(f.name for f in fields(Head))
HEAD_RULES = rules_of(Head)
HEAD_REQUIRED = required_of(Head)
SUMMARY_RULES = rules_of(Summary)


def plain_head(data: dict[str, object]) -> Head | None:
    """The head of a save of the current format whose every field is plainly valid, or None.

    Plainly valid: each value of its field's own type within its Rule, as the app writes it (tests/test_save_head.py
    holds every value kept here to the model's). Anything else — an earlier format, a value out of bounds, a
    missing field, an unknown one — is None: the model reads it and says what is wrong.
    """
    if not HEAD_KEYS.issuperset(data) or type(data.get("save_format")) is not int or data["save_format"] != SAVE_FORMAT:
        return None
    if "app_version" not in data:  # its default is read from the package's metadata: the model's to give
        return None
    values = plain_values(HEAD_RULES, data, HEAD_REQUIRED)
    summary = data.get("summary", {})
    kept = plain_values(SUMMARY_RULES, summary) if type(summary) is dict else None  # unknown keys ignored, as the model
    if values is None or kept is None:
        return None
    return Head(**values, summary=Summary(**kept))


HEAD_BYTES = 64 * 1024  # a head within its fields' limits takes a few KiB: the app writes the log last, after it


def read_head_text(path: Path, folder: Path | None = None) -> str:
    """The text of a save's first HEAD_BYTES, or SaveError naming what is wrong. A byte that is not UTF-8 in the text
    of a head field is said at that field ("$.summary.hero", like a setting's); elsewhere, at its byte in the file."""
    try:
        return safe_json.read_text_file(path, SaveError, MAX_SAVE_BYTES, folder, first=HEAD_BYTES)
    except SaveError as error:
        if error.code != "not_utf8":
            raise
        escaped = safe_json.read_text_file(path, SaveError, MAX_SAVE_BYTES, folder, first=HEAD_BYTES, escaped=True)
        found = safe_json.not_utf8_in_head(escaped.removeprefix("\ufeff"), ("snapshot", "log"))
        if found is None:
            raise
        raise SaveError.coded(path.name, found[0], found[1][0], **found[1][1]) from None

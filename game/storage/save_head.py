"""What the shelf needs of a save, without its models: the id, the limits, the error (game.storage.save_file).

The shelf lists the saves at start-up; game.storage.save_file's models (pydantic, and the session they
replay) are imported when a save is read whole, written or replayed, not before (issue 28: pydantic's
import and first model cost about 100 ms of the start).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from functools import cache
from typing import Final

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

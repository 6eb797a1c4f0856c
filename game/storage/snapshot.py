"""A save's snapshot: the state after the log's first ``at`` entries, so that opening replays only the last ones.

Opening a save of 10 000 actions used to replay all of them (0.5–1.6 s of the rules' own work). From format 3
a save carries, before its log, ``{"at": …, "tag": …, "state": …}``: ``at`` a checkpoint
(game.rules.session.CHECKPOINT_EVERY) that leaves between RECENT_STATES and RECENT_STATES + 49 entries to
replay (undo and redo near the end never reach it), ``state`` the rules' state there as JSON, and ``tag``
what it stands for: the hash of the log's first ``at`` entries as the app writes them, of the sources of the
rules and the books (a new version of the rules invalidates every snapshot) and of the book's content.

Opening (:func:`snapshot_session`) uses the snapshot only when its tag is the one the file's log, this
app's rules and this book give: any other (a file edited by hand, another version of the app, another
edition of the book) is silently replayed whole, as before. A snapshot whose tag holds but whose state is
beyond the limits or not a state of these rules (a hostile file) is refused with its file, field and reason
(a notice) and the log is replayed whole. A snapshot used is then checked in the background
(game.rules.session.Session.verify, a few entries a frame): the replay wins when they disagree.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any, Final

import pydantic_core
from pydantic import ValidationError

from game.books.edition import book_hash
from game.rules.session import CHECKPOINT_EVERY, RECENT_STATES, Session, ruleset_for
from game.storage.save_file import MAX_LOG_ENTRIES, SaveError, SaveFile, validation_error, writer_version

#: No list or object of a snapshot's state holds more (a state is made by at most MAX_LOG_ENTRIES actions).
MAX_SNAPSHOT_ITEMS: Final = MAX_LOG_ENTRIES


def snapshot_at(entries: int) -> int:
    """Where a log of ``entries`` entries is snapshotted (0: not at all): the last checkpoint that leaves at
    least RECENT_STATES entries after it."""
    return max(0, (entries - RECENT_STATES) // CHECKPOINT_EVERY * CHECKPOINT_EVERY)


@cache
def code_digest() -> str:
    """The hash of the sources of the rules and the books (what a snapshot's state depends on), once a run.

    A build without its sources hashes the app's version instead (a release is a new version)."""
    import game.books
    import game.rules

    digest = hashlib.sha256()
    found = 0
    for package in (game.rules, game.books):
        root = Path(package.__file__ or "").parent
        for path in sorted(root.rglob("*.py")):
            digest.update(path.relative_to(root.parent).as_posix().encode("utf-8") + b"\0")
            digest.update(path.read_bytes())
            found += 1
    if not found:  # pragma: no cover - a frozen build
        digest.update(f"version {writer_version()}".encode())
    return digest.hexdigest()


def entries_digest(entries: Iterable[bytes]) -> str:
    """The hash of log entries as compact JSON (pydantic_core.to_json of a file's entry: as the app writes them)."""
    return hashlib.sha256(b",".join(entries)).hexdigest()


def snapshot_tag(book: Any, prefix: str) -> str:
    """The tag of a snapshot of ``book`` standing for the log entries whose :func:`entries_digest` is ``prefix``."""
    return hashlib.sha256(f"{code_digest()}\n{book_hash(book)}\n{prefix}".encode()).hexdigest()


class SnapshotWriter:
    """Makes the snapshot an autosave writes, once per snapshot point (the state there, hashed and dumped once)."""

    def __init__(self) -> None:
        self._made: tuple[Any, bytes] | None = None  # the state snapshotted, and its JSON

    def snapshot_json(self, session: Session[Any, Any]) -> bytes:
        """``session``'s snapshot as compact JSON, or ``null`` when its log is too short to need one."""
        at = snapshot_at(session.length)
        if not at:
            return b"null"
        state = session.state_at(at)  # a checkpoint: kept, the same object while the entries before stand
        if self._made is not None and self._made[0] is state:
            return self._made[1]
        tag = snapshot_tag(session.book, hashlib.sha256(session.entries_json(at)).hexdigest())
        made = pydantic_core.to_json({"at": at, "tag": tag, "state": state.model_dump(mode="json")})
        self._made = (state, made)
        return made


def _too_many(value: Any, path: str) -> tuple[str, int] | None:
    """The first list or object in ``value`` holding more than MAX_SNAPSHOT_ITEMS, with its length, or None."""
    if isinstance(value, (list, dict)):
        if len(value) > MAX_SNAPSHOT_ITEMS:
            return path, len(value)
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            found = _too_many(item, f"{path}.{key}" if isinstance(key, str) else f"{path}[{key}]")
            if found is not None:
                return found
    return None


def snapshot_session(save: SaveFile, book: Any, name: str, notice: Callable[[SaveError], None]) -> Session[Any, Any] | None:
    """The session ``save``'s snapshot opens (its last entries replayed, the snapshot left to verify), or None
    when the log must be replayed whole: no snapshot, a tag that is not this log's, rules' and book's, or a
    snapshot refused (said to ``notice``: its file, field and reason). ValueError when the tail does not replay."""
    snapshot = save.snapshot
    entries = save.log.get("entries")
    if not isinstance(snapshot, dict) or not isinstance(entries, list):
        return None
    at, tag = snapshot.get("at"), snapshot.get("tag")
    if type(at) is not int or not 0 < at <= len(entries) or at % CHECKPOINT_EVERY or not isinstance(tag, str):  # noqa: E721
        return None
    if tag != snapshot_tag(book, entries_digest(pydantic_core.to_json(raw) for raw in entries[:at])):
        return None  # another log, another version of the rules or another edition of the book: replayed whole
    state = snapshot.get("state")
    too_many = _too_many(state, "$.snapshot.state")
    if too_many is not None:
        notice(SaveError.coded(name, too_many[0], "too_long", max_length=MAX_SNAPSHOT_ITEMS))
        return None
    try:
        validated = ruleset_for(book).state_type.model_validate(state)
    except ValidationError as error:
        notice(validation_error(name, error, ("snapshot", "state")))
        return None
    return Session.from_snapshot(book, save.log, at, validated)

"""The shelf's index of the books: what a book card shows, kept between runs so the shelf opens at once.

Drawing the shelf needs each book's title, series, number, blurb and kind,
not the whole validated book. The index keeps those for every book file
(and, for a broken file, its errors), with the file's SHA-256 and the
edition hash saves compare against, keyed by the file's name, size and
modification time. A file seen before is not read at all; a new or changed
file is validated once and its card stored. The full book is validated
when it is opened (``game.books.loader.Shelf.books``).

No pydantic here: the index is read before any book model is built.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game import safe_file
from game.atomic import atomic_write_text
from game.books.edition import book_hash

INDEX_FORMAT = 3  # 3: errors keep their reason codes; 2: a card's series has its name; older indexes are rebuilt
MAX_INDEX_BYTES = 8 * 1024 * 1024  # 400 books' cards (two folders of 200) are under 1 MiB


@dataclass(frozen=True)
class Text:
    """A French/English text of a card (the shape of the books' LocalText)."""

    fr: str
    en: str

    def get(self, language: str) -> str:
        """The text in ``language`` ("fr" or "en"), French otherwise."""
        return self.en if language == "en" else self.fr


@dataclass(frozen=True)
class Series:
    """The series a book belongs to: its short name ("DF", "FF") and its name (the shelf's heading of its books)."""

    short: Text
    name: Text | None = None

    def heading(self, language: str) -> str:
        """What the shelf calls the series ("Loup Solitaire"), its short name for a card without one."""
        return (self.name or self.short).get(language)


@dataclass(frozen=True)
class BookCard:
    """One book as the shelf shows it, without validating it."""

    id: str
    kind: str
    title: Text
    blurb: Text | None
    series: Series | None
    series_number: int | None
    file: str  # the file's path
    sha256: str  # of the file's bytes
    book_hash: str  # the edition hash saves record (game.books.edition.book_hash)

    def label(self, language: str = "fr") -> str:
        """The series prefix and number ("DF 31", "FF 1"), or "" without a number."""
        if self.series_number is None or self.series is None:
            return ""
        return f"{self.series.short.get(language)} {self.series_number}"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BookCard:
        blurb = data.get("blurb")
        series = data.get("series")
        return cls(
            id=data["id"],
            kind=data["kind"],
            title=Text(**data["title"]),
            blurb=Text(**blurb) if blurb else None,
            series=Series(Text(**series["short"]), Text(**series["name"]) if series.get("name") else None) if series else None,
            series_number=data.get("series_number"),
            file=data["file"],
            sha256=data["sha256"],
            book_hash=data["book_hash"],
        )


def sha256(data: bytes) -> str:
    """The SHA-256 of a book file's bytes, in hex (hashlib imported here: OpenSSL's hashing, 3 ms, is loaded when a
    book is first read, not by a shelf drawn from its index; issue 28)."""
    import hashlib

    return hashlib.sha256(data).hexdigest()


def card_of(book: Any, path: Path, data: bytes) -> BookCard:
    """The card of a validated ``book`` read from ``path`` (whose bytes are ``data``)."""

    def text(value: Any) -> Text | None:
        return Text(value.fr, value.en) if value is not None else None

    series = getattr(book, "series", None)
    return BookCard(
        id=book.id,
        kind=book.kind,
        title=Text(book.title.fr, book.title.en),
        blurb=text(getattr(book, "blurb", None)),
        series=Series(Text(series.short.fr, series.short.en), text(series.name)) if series is not None else None,
        series_number=getattr(book, "series_number", None),
        file=str(path),
        sha256=sha256(data),
        book_hash=book_hash(book),
    )


def stat_key(path: Path) -> str:
    """What says a file is unchanged since it was indexed: its name, size and modification time."""
    info = path.stat()  # a link loop or a dangling link: OSError, listed as the file's error
    return f"{os.path.abspath(os.path.realpath(path))}|{info.st_size}|{info.st_mtime_ns}"


class ShelfIndex:
    """The index file: cards (or errors) by stat key; unreadable or foreign files are simply rebuilt."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.entries: dict[str, dict[str, Any]] = {}
        self.changed = False
        if path is None:
            return
        try:  # checked like every file read (a FIFO or a huge file here must not hold the shelf up)
            data = json.loads(safe_file.read_bytes(path, MAX_INDEX_BYTES, path.parent))
        except (OSError, ValueError):
            return  # a cache: start afresh
        if isinstance(data, dict) and data.get("format") == INDEX_FORMAT and isinstance(data.get("entries"), dict):
            self.entries = data["entries"]

    def card(self, key: str) -> BookCard | None:
        entry = self.entries.get(key)
        if not isinstance(entry, dict) or "card" not in entry:
            return None
        try:
            return BookCard.from_json(entry["card"])
        except (KeyError, TypeError):
            return None

    def card_of_content(self, book_id: str, sha256: str) -> BookCard | None:
        """The card of a file of these bytes and this name seen before under another key: another path or another
        stamp (the one-file executable unpacks its books into a new folder at each start)."""
        for entry in self.entries.values():
            card = entry.get("card") if isinstance(entry, dict) else None
            if isinstance(card, dict) and card.get("id") == book_id and card.get("sha256") == sha256:
                try:
                    return BookCard.from_json(card)
                except (KeyError, TypeError):
                    return None
        return None

    def errors(self, key: str) -> list[dict[str, str]] | None:
        entry = self.entries.get(key)
        return entry.get("errors") if isinstance(entry, dict) and isinstance(entry.get("errors"), list) else None

    def put(self, key: str, *, card: BookCard | None = None, errors: list[dict[str, str]] | None = None) -> None:
        self.entries[key] = {"card": card.to_json()} if card is not None else {"errors": errors or []}
        self.changed = True

    def save(self, keep: set[str]) -> None:
        """Write the index (only the files still on the shelf), quietly: it is only a cache."""
        if self.path is None or (not self.changed and set(self.entries) <= keep):
            return
        entries = {key: value for key, value in self.entries.items() if key in keep}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.path, json.dumps({"format": INDEX_FORMAT, "entries": entries}, ensure_ascii=False))
        except OSError:
            pass

"""Loading books/*.json: every error names the file, the JSON path and the reason.

The app's shelf is drawn from an index of the books (``game.books.shelf_index``):
a book file seen before is not read again, and a book is validated in full
only when it is opened (``Shelf.books[id]``). Without an index (tools,
tests) every book is validated at once, as before. The book models and
pydantic are imported on first need, so the shelf can open without them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import bundled, safe_file, safe_json
from game.books import BOOK_ID
from game.books.shelf_index import BookCard, ShelfIndex, card_of, sha256, stat_key
from game.safe_json import InputError, json_path, validation_reason

if TYPE_CHECKING:
    from pydantic import ValidationError

    from game.books.models import Book


@dataclass(frozen=True)
class BookError(InputError):
    """A book file that cannot be used: which file, where in it, and why (the first error; ``others`` the rest)."""

    others: tuple[InputError, ...] = ()

    def every(self) -> list[InputError]:
        """Every error of the file, the first one included."""
        return [InputError(self.file, self.path, self.reason, cause=self.cause, code=self.code, params=self.params), *self.others]

    @classmethod
    def of(cls, errors: list[InputError]) -> BookError:
        """The error of a file from every error found in it (at least one): the first, and the others."""
        first, *others = errors
        return cls(first.file, first.path, first.reason, tuple(others), cause=first.cause, code=first.code, params=first.params)

    def __str__(self) -> str:
        more = len(self.others)
        tail = f" (and {more} more error{'s' if more > 1 else ''})" if more else ""
        return f"{self.file}: {self.path}: {self.reason}{tail}"


def read_json_file(path: Path) -> object:
    """Read a book (or case) file within the limits of game.safe_json, or raise BookError."""
    return safe_json.read_json_file(path, BookError)


PATTERNS = {
    r"^[a-z][a-z0-9_]{0,39}$": "not_an_identifier",
    r"^[a-z][a-z0-9_]{0,39}(\.[a-z][a-z0-9_]{0,39})?$": "not_a_target",
    BOOK_ID: "not_a_book_id",
}
"""The patterns of the book format (game.books.common) by the reason that says them in words."""


def _errors_of(name: str, error: ValidationError, data: object = None, root: bool = True) -> list[InputError]:
    """Every error of a failed validation, each at its own JSON path, in an author's words.

    ``data``: the input, to leave out of a path the tags pydantic puts in it for a union (``grants[0].add.to``
    is ``grants[0].to``); ``root``: the locations start with the book's kind (the union of books).
    """
    found: dict[InputError, None] = {}  # ordered, and a set: a book with 10 000 wrong items is not 10 000² comparisons
    for detail in error.errors(include_url=False):
        loc = tuple(detail["loc"])
        if data is not None:
            kind = data.get("kind") if isinstance(data, dict) else None
            loc = _without_tags(loc[1:] if root and loc and loc[0] == kind else loc, data)
        code, params = validation_reason(detail)
        if code == "string_pattern_mismatch" and params.get("pattern") in PATTERNS:  # a regular expression, said in words
            code, params = PATTERNS[str(params["pattern"])], {}
        found.setdefault(InputError.coded(name, json_path(loc), code, **params))  # a union reports a place once per member
    return list(found)


def _without_tags(loc: tuple[Any, ...], data: object) -> tuple[Any, ...]:
    """A location with the union tags left out: a part that is not a key of the object but its tag's value."""
    kept: list[Any] = []
    here = data
    for part in loc:
        if isinstance(here, dict) and part not in here and part in (here.get("effect"), here.get("do"), here.get("kind")):
            continue
        kept.append(part)
        if isinstance(here, dict):
            here = here.get(part)
        elif isinstance(here, list) and isinstance(part, int) and 0 <= part < len(here):
            here = here[part]
        else:
            here = None
    return tuple(kept)


def validate_book(name: str, data: object) -> Book:
    """Validate parsed JSON as a book (a format-1 book is migrated first); raises BookError carrying every error found.

    A format-2 Fighting Fantasy book is read strictly (``"no"`` is not false, ``"3"`` not 3); format 1 as it always was.
    """
    from pydantic import ValidationError

    from game.books.migrate import CURRENT, book_format, migrate_book
    from game.books.models import BOOK_ADAPTER

    strict = isinstance(data, dict) and data.get("kind") == "fighting_fantasy" and book_format(data) == CURRENT
    migrated = migrate_book(data)
    try:
        return BOOK_ADAPTER.validate_python(migrated, strict=strict)
    except ValidationError as error:
        found = dict.fromkeys(_errors_of(name, error, migrated))
        if isinstance(migrated, dict) and migrated.get("kind") == "fighting_fantasy":
            found.update(dict.fromkeys(_errors_beyond(name, migrated, error, strict)))  # nothing said twice
        raise BookError.of(list(found)) from None


def _errors_beyond(name: str, data: dict[str, Any], error: ValidationError, strict: bool) -> list[InputError]:
    """The whole-book problems (references, expressions, a missing STAMINA) of a book whose fields failed.

    They run only once every field is valid, so without this an author would fix the field errors and
    only then meet the others. The fields that failed are left out (set to their defaults) and nothing
    is said about them twice. A score or counter that failed is judged alone: the others are kept, and it
    stands in by its id (references to it still resolve), so a broken score does not hide the rest of the
    book's problems (issue 24 item 5). Only a book whose kind or format failed is judged on its required
    scores alone.
    """
    from pydantic import ValidationError as Invalid

    from game.books import fighting_fantasy
    from game.books.ff_checks import book_problems, required_stats_problems

    failed = {detail["loc"][1] for detail in error.errors() if len(detail["loc"]) > 1 and detail["loc"][0] == "fighting_fantasy"}
    raw_stats = data.get("stats")
    ids = [s.get("id") for s in raw_stats if isinstance(s, dict)] if isinstance(raw_stats, list) else []
    lists_broken = any(key in failed and not isinstance(data.get(key), list) for key in STAND_INS)
    if failed & {"kind", "format"} or lists_broken:  # the references could not be judged
        details = list(required_stats_problems([i for i in ids if isinstance(i, str)]))
    else:
        good, broken = _good_fields(data, failed, strict)
        try:
            _, problems = book_problems(fighting_fantasy.FightingFantasyBook.model_construct(**good))
        except Exception:  # noqa: BLE001 - a partial book may break a check: those problems wait for the next pass
            problems = []
        details = [p for p in problems if not _inside(p["loc"], failed, broken)]
    if not details:
        return []
    return _errors_of(name, Invalid.from_exception_data("FightingFantasyBook", details), data, root=False)


STAND_INS = {"stats": ("StatDef", {"fixed": 0}), "counters": ("CounterDef", {"start": 0})}
"""The lists whose items are judged one by one, and what a broken item stands in with besides its id and name."""


def _good_fields(data: dict[str, Any], failed: set[Any], strict: bool) -> tuple[dict[str, Any], set[tuple[str, int]]]:
    """The book's fields that validate, by field name (a score or counter list keeps its good items and a stand-in
    for each broken one), and the places of the broken items."""
    from pydantic import TypeAdapter
    from pydantic import ValidationError as Invalid

    from game.books import fighting_fantasy

    model = fighting_fantasy.FightingFantasyBook
    good: dict[str, Any] = {}
    broken: set[tuple[str, int]] = set()
    for field_name, info in model.model_fields.items():
        key = info.alias or field_name
        if key not in data:
            continue
        if key in STAND_INS and key in failed and isinstance(data[key], list):
            good[field_name] = _items(key, data[key], strict, broken)
            continue
        if key in failed:
            continue
        try:
            adapter: TypeAdapter[Any] = TypeAdapter(info.rebuild_annotation())
            good[field_name] = adapter.validate_python(data[key], strict=strict)
        except Invalid:
            failed.add(key)
    return good, broken


def _items(key: str, items: list[Any], strict: bool, broken: set[tuple[str, int]]) -> list[Any]:
    """Each item of a score or counter list validated alone; a broken one with a usable id stands in by it."""
    from pydantic import ValidationError as Invalid

    from game.books import fighting_fantasy
    from game.books.common import LocalText

    model_name, extra = STAND_INS[key]
    model = getattr(fighting_fantasy, model_name)
    kept = []
    for index, item in enumerate(items):
        try:
            kept.append(model.model_validate(item, strict=strict))
            continue
        except Invalid:
            broken.add((key, index))
        item_id = item.get("id") if isinstance(item, dict) else None
        if isinstance(item_id, str) and re.match(r"^[a-z][a-z0-9_]{0,39}$", item_id):
            kept.append(model.model_construct(id=item_id, name=LocalText(fr=item_id, en=item_id), **extra))
    return kept


def _inside(loc: tuple[Any, ...], failed: set[Any], broken: set[tuple[str, int]]) -> bool:
    """Whether a problem lies in a field already said to be wrong (a broken field, or a broken score or counter)."""
    if not loc:
        return False
    if loc[0] in failed and loc[0] not in STAND_INS:
        return True
    return len(loc) > 1 and (loc[0], loc[1]) in broken


def read_book_text(path: Path, folder: Path | None = None) -> str:
    """A book file's text, checked before it is opened (game.safe_file: a regular file within the limit, not a
    FIFO, a device or a link out of ``folder``), or BookError with the path and the reason."""
    return safe_json.read_text_file(path, BookError, folder=folder)


def book_from_text(path: Path, text: str) -> Book:
    """Validate a book file's text; its ``id`` must match the file name. Raises BookError."""
    book = validate_book(path.name, safe_json.parse_json_text(path.name, text, BookError))
    if book.id != path.stem:
        raise BookError.coded(path.name, "$.id", "id_not_file_name", id=book.id, file=path.name)
    return book


def load_book(path: Path, folder: Path | None = None) -> Book:
    """Load and validate one book file (a link out of ``folder``, when given, is refused); raises BookError."""
    return book_from_text(path, read_book_text(path, folder))


def bundled_books_dir() -> Path:
    """The books/ folder shipped with the package (works installed and frozen)."""
    return Path(str(bundled.data("books")))


class LazyBooks(Mapping[str, "Book"]):
    """The shelf's books by id, each validated in full the first time it is asked for.

    A book that turns out broken is moved to the shelf's errors and is then
    missing (``get`` gives None); iterating gives the books that validate.
    """

    def __init__(self, shelf: Shelf) -> None:
        self.shelf = shelf
        self.loaded: dict[str, Book] = {}

    def __getitem__(self, book_id: str) -> Book:
        found = self.loaded.get(book_id)
        if found is not None:
            return found
        card = self.shelf.cards.get(book_id)
        if card is None:
            raise KeyError(book_id)
        try:
            book = load_book(Path(card.file), Path(card.file).parent)
        except BookError as error:
            self.shelf.errors.append(error)
            del self.shelf.cards[book_id]
            raise KeyError(book_id) from None
        self.loaded[book_id] = book
        return book

    def __setitem__(self, book_id: str, book: Book) -> None:
        """Put a book already validated on the shelf (a test's or a tool's own book, no file behind it)."""
        self.loaded[book_id] = book
        self.shelf.cards[book_id] = card_of(book, Path(""), b"")

    def __iter__(self) -> Iterator[str]:
        for book_id in list(self.shelf.cards):
            if self.get(book_id) is not None:
                yield book_id

    def __len__(self) -> int:
        return len(self.shelf.cards)

    def __contains__(self, book_id: object) -> bool:
        return book_id in self.shelf.cards


@dataclass
class Shelf:
    """Every book found (its card, and the book itself on demand), the files that could not be loaded,
    and which books are the player's own."""

    cards: dict[str, BookCard]
    errors: list[BookError]
    own: set[str] = field(default_factory=set)  # ids of books read from the player's books folder
    replaced: set[str] = field(default_factory=set)  # ids of the player's books that replace a bundled one
    books: LazyBooks = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.books = LazyBooks(self)


MAX_BOOKS = 200  # per folder: each book costs ~3 ms at start-up (docs/LIMITS.md)


SHIPPED_INDEX = "books-index.json"  # in game/bundled of an executable: its books' cards, made when it was built


def shipped_index_path() -> Path:
    """Where an executable carries the cards of its books (tools/build_exe.py writes it; a checkout has none)."""
    return Path(bundled.__file__).parent / SHIPPED_INDEX


def write_shipped_index(path: Path | None = None) -> int:
    """Validate every bundled book and write their cards to ``path`` (the shipped index by default), keyed by
    file name: the executable's first start lists its books from it by their bytes (tools/build_exe.py).
    Returns how many cards it holds; a broken book is left out (the shelf validates it and says why)."""
    target = path or shipped_index_path()
    index = ShelfIndex(None)
    names: set[str] = set()
    for book_path in _book_paths(bundled_books_dir()):
        try:
            index.put(book_path.name, card=_read_card(book_path, None, {}))
            names.add(book_path.name)
        except (BookError, OSError):
            continue
    index.path = target
    index.save(names)
    return len(names)


@cache
def _shipped() -> ShelfIndex | None:
    path = shipped_index_path()
    return ShelfIndex(path) if path.is_file() else None


def _known_card(path: Path, data: bytes, index: ShelfIndex | None) -> BookCard | None:
    """The card of a file of these very bytes indexed before under another key, by this app's index or the one its
    executable was built with: the book is not validated again (it is, in full, when it is opened)."""
    digest = sha256(data)
    for source in (index, _shipped()):
        card = source.card_of_content(path.stem, digest) if source is not None else None
        if card is not None:
            return card
    return None


def _read_card(path: Path, index: ShelfIndex | None, loaded: dict[str, Any]) -> BookCard:
    """The card of ``path`` from the index, or by validating the file (then indexed); raises BookError."""
    key = stat_key(path) if index is not None else ""
    if index is not None:
        card = index.card(key)
        if card is not None and card.id == path.stem:
            return card
        known = index.errors(key)
        if known:
            raise BookError.of([_indexed_error(e) for e in known])
    try:
        text = read_book_text(path, path.parent)  # read once: the bytes hashed are the bytes validated
        if index is not None:
            seen = _known_card(path, text.encode("utf-8"), index)
            if seen is not None:
                index.put(key, card=seen)
                return seen
        book = book_from_text(path, text)
    except BookError as error:
        if index is not None:
            index.put(key, errors=[_index_entry(e) for e in error.every()])
        raise
    card = card_of(book, path, text.encode("utf-8"))
    loaded[book.id] = book
    if index is not None:
        index.put(key, card=card)
    return card


def _index_entry(error: InputError) -> dict[str, Any]:
    """An error as the shelf index keeps it (its code and parameters too: it is said again in either language)."""
    return {"file": error.file, "path": error.path, "reason": error.reason, "code": error.code, "params": dict(error.params)}


def _indexed_error(entry: dict[str, Any]) -> InputError:
    params = entry.get("params")
    items = tuple(params.items()) if isinstance(params, dict) else ()
    return InputError(
        str(entry["file"]), str(entry["path"]), str(entry["reason"]), code=str(entry.get("code") or ""), params=items
    )


def _book_paths(folder: Path) -> list[Path]:
    return [p for p in sorted(folder.glob("*.json")) if not p.name.endswith(".schema.json")]


def _load_folder(folder: Path, shelf: Shelf, own: bool, index: ShelfIndex | None, keys: set[str]) -> None:
    if not folder.is_dir():
        if safe_file.entry_kind(folder) is not None:
            shelf.errors.append(BookError.coded(str(folder), "$", "books_not_a_folder"))
        return
    paths = _book_paths(folder)
    if len(paths) > MAX_BOOKS:
        shelf.errors.append(BookError.coded(folder.name, "$", "too_many_books", count=len(paths), limit=MAX_BOOKS))
        paths = paths[:MAX_BOOKS]
    for path in paths:
        try:
            if index is not None:
                keys.add(stat_key(path))
            card = _read_card(path, index, shelf.books.loaded)
        except (BookError, OSError) as error:
            shelf.errors.append(error if isinstance(error, BookError) else BookError(path.name, "$", str(error), cause=error))
            continue
        if own and card.id in shelf.cards and card.id not in shelf.own:
            shelf.replaced.add(card.id)
        shelf.cards[card.id] = card
        if own:
            shelf.own.add(card.id)


def load_shelf(folder: Path | None = None, own_folder: Path | None = None, index: Path | None = None) -> Shelf:
    """Every ``*.json`` book of ``folder`` (the bundled books by default), then of the player's ``own_folder``.

    A broken file is listed in ``errors`` with every error it has; the other
    books still load. A book of the player's folder with the id of a bundled
    one replaces it (a corrected edition), and is marked in ``own``. With an
    ``index`` file, books seen before are listed from it and validated only
    when opened; without one, every book is validated now.
    """
    shelf = Shelf({}, [])
    cache = ShelfIndex(index) if index is not None else None
    keys: set[str] = set()
    _load_folder(folder or bundled_books_dir(), shelf, False, cache, keys)
    if own_folder is not None:
        _load_folder(own_folder, shelf, True, cache, keys)
    if cache is not None:
        cache.save(keys)
    return shelf


def load_book_by_id(book_id: str, folder: Path | None = None) -> Book:
    """Load the book ``<id>.json`` from ``folder`` (the bundled books by default); an id is never a path."""
    if not re.match(BOOK_ID, book_id):
        raise BookError.coded(book_id, "$", "not_a_book_id")
    folder = folder or bundled_books_dir()
    return load_book(folder / f"{book_id}.json", folder)

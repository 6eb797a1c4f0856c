"""A book's edition hash: what a save records, so that a book changed under an adventure is noticed.

It belongs to the books (the shelf's index stores it on each card); the saves
compare it (``game.storage.saves.book_changed``).
"""

from __future__ import annotations

import json
import weakref
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # a hint only: the shelf's index reads hashes without importing pydantic
    from pydantic import BaseModel

# By the book's id() while the book lives: the entry goes with the book (weakref.finalize), so books read again
# (a reload of the shelf, every test's shelf) are not all kept alive by their hash. Keeping the book in the
# entry made it immortal: 4 MiB a shelf, 5.6 GiB over the test suite.
_BOOK_HASHES: dict[int, str] = {}


def book_hash(book: BaseModel) -> str:
    """SHA-256 of the book's content as its file gives it (fields left out and key order don't count).

    Two editions of a book file differing in any value — a number the rules use
    or a text — hash differently; reformatting the file, or a new app version
    adding a field with a default, does not change it.
    """
    cached = _BOOK_HASHES.get(id(book))  # an id is not reused before its book's finalizer has removed the entry
    if cached is not None:
        return cached
    content = json.dumps(
        book.model_dump(mode="json", exclude_unset=True), sort_keys=True, ensure_ascii=False, separators=(",", ":")
    )
    import hashlib  # here: OpenSSL's hashing (3 ms) is loaded by the first book hashed, not by the shelf (issue 28)

    digest = hashlib.sha256(content.encode("utf-8")).hexdigest()
    key = id(book)
    _BOOK_HASHES[key] = digest
    weakref.finalize(book, _BOOK_HASHES.pop, key, None)
    return digest

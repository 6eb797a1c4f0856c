"""The book union: every kind of book a JSON file in books/ can hold, told apart by ``kind``."""

from __future__ import annotations

from typing import Annotated, Union

from pydantic import Field, TypeAdapter

from game.books.fighting_fantasy import FightingFantasyBook
from game.books.rolenplay import RolenplayBook

Book = Annotated[Union[FightingFantasyBook, RolenplayBook], Field(discriminator="kind")]

BOOK_ADAPTER: TypeAdapter[Book] = TypeAdapter(Book)


def book_json_schema() -> dict:
    """The JSON Schema of a book file (written to books/book.schema.json by tools/write_schema.py)."""
    schema = BOOK_ADAPTER.json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Feuille d'Aventure book"
    return schema

"""The book union: every kind of book a JSON file in books/ can hold, told apart by ``kind``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import Field, TypeAdapter, model_validator

from game.books import fighting_fantasy
from game.books.ff_checks import check_references
from game.books.rolenplay import RolenplayBook


class FightingFantasyBook(fighting_fantasy.FightingFantasyBook):
    """A Défis Fantastiques book, checked whole: every name it uses exists, every expression compiles.

    The book model itself is ``game.books.fighting_fantasy.FightingFantasyBook`` (what the rules and
    screens type against); this is the one read from a file, its cross-checks run once the fields are
    valid (game.books.ff_checks) and its rules compiled and kept (``book.rules``).
    """

    @model_validator(mode="after")
    def _references_resolve(self) -> FightingFantasyBook:
        check_references(self)
        return self

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> FightingFantasyBook:
        """A copy; with ``update`` (a test's or a tool's variant of a book) checked and compiled again."""
        copy = super().model_copy(update=update, deep=deep)
        if update:
            check_references(copy)
        return copy


Book = Annotated[FightingFantasyBook | RolenplayBook, Field(discriminator="kind")]
#: Any book as the app and the screens type it: the models themselves (a book read from a file is the
#: checked subclass above, so it is one of these too).
AnyBook = fighting_fantasy.FightingFantasyBook | RolenplayBook

BOOK_ADAPTER: TypeAdapter[Book] = TypeAdapter(Book)


def book_json_schema() -> dict[str, Any]:
    """The JSON Schema of a book file (written to books/book.schema.json by tools/write_schema.py).

    A field whose value is another model and that has no description of its
    own is described by that model's docstring, so an editor shows help on
    every field.
    """
    schema = BOOK_ADAPTER.json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Feuille d'Aventure book"
    definitions: dict[str, Any] = schema.get("$defs", {})
    for definition in definitions.values():
        for field in definition.get("properties", {}).values():
            if "description" not in field:
                described = _referenced_description(field, definitions)
                if described:
                    field["description"] = described
    return schema


def _referenced_description(field: dict[str, Any], definitions: dict[str, Any]) -> str | None:
    """The description of the model a field holds ($ref, a list of them, or one of them or null)."""
    candidates = [field, field.get("items", {}), field.get("additionalProperties", {}), *field.get("anyOf", [])]
    for candidate in candidates:
        reference = candidate.get("$ref") if isinstance(candidate, dict) else None
        if isinstance(reference, str):
            text = definitions.get(reference.rsplit("/", 1)[-1], {}).get("description")
            if isinstance(text, str):
                return text.split("\n\n")[0]
    return None

"""Pieces shared by every kind of book model."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from pydantic_core import PydanticCustomError

from game.books import BOOK_ID
from game.safe_file import is_windows_device_name
from game.safe_json import english_reason


def refusal(code: str, **params: str | int) -> PydanticCustomError:
    """A validator's refusal by its reason code (words ``reasons.<code>`` in the catalogue, fr and en) and parameters:
    raised in a validator, it reaches the player in their language and the logs in English."""
    return PydanticCustomError(code, english_reason(code, params), params)


class Strict(BaseModel):
    """Base of every book model: unknown fields are an error, so typos are caught."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class LocalText(Strict):
    """A text the player sees, in French (default) and English."""

    fr: str = Field(min_length=1, max_length=4000, description="The French text (the default language).")
    en: str = Field(min_length=1, max_length=4000, description="The English text.")

    def get(self, language: str) -> str:
        """The text in ``language`` ("fr" or "en"), French otherwise."""
        return self.en if language == "en" else self.fr


Identifier = Field(pattern=r"^[a-z][a-z0-9_]{0,39}$")


def _not_a_device_name(book_id: str) -> str:
    """A book's id names its file: Windows, where the app ships, opens ``CON.json`` or ``aux.json`` as a device."""
    if is_windows_device_name(book_id):
        raise refusal("device_name_id")
    return book_id


BookId = Annotated[str, Field(pattern=BOOK_ID), AfterValidator(_not_a_device_name)]
"""A book's id, also its file's name (issue 23 row 15: never a Windows device name, on any system)."""

Expression = Annotated[
    str,
    Field(
        min_length=1,
        max_length=500,
        description="An expression of the book language (a subset of CEL, docs/BOOKS.md): "
        "names such as `skill`, `initial.stamina`, `counters.gold`, operators, `min`/`max`.",
    ),
]
"""An expression, checked against the book's names when the whole book is known (game.books.ff_compile)."""

DICE_PATTERN = r"^-?[1-9][0-9]?d[0-9]{1,3}([+-][0-9]{1,3})?$"
Amount = Annotated[int, Field(ge=-999, le=999)] | Annotated[str, Field(min_length=1, max_length=500)]
"""A number of points: a whole number, dice (``"1d6"``, ``"2d6+1"``, ``"-1d6"``) or an expression (``"initial.stamina / 2"``)."""

AMOUNT_HELP = (
    'A whole number, dice such as "1d6", "2d6+1" or "-1d6" (rolled when it applies), '
    'or an expression such as "initial.stamina / 2".'
)

Target = Annotated[
    str,
    Field(
        pattern=r"^[a-z][a-z0-9_]{0,39}(\.[a-z][a-z0-9_]{0,39})?$",
        description="What is changed or paid, named as in expressions: a score (`stamina`), "
        "`counters.<id>`, `flags.<id>` or `tracks.<id>`.",
    ),
]


class Condition(Strict):
    """A condition and the words that say why an action is refused when it does not hold."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    test: Expression = Field(alias="if", description="When the condition holds: an expression that is true or false.")
    why_not: LocalText = Field(description="What the player is told when it does not hold (the refusal's words).")

"""Pieces shared by every kind of book model."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


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

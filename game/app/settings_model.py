"""The settings' rules as a pydantic model: what decides a value that is not plainly valid (game.app.settings).

The app reads a settings file it wrote (every value of its own type, within its bounds) without pydantic,
whose import and first model cost about 100 ms of the start (issue 28). Any other value — a number written
as text, an unknown choice, a value out of bounds — is judged here, so it is coerced, or refused with the
file, the field and the reason, exactly as it always was. Imported only then.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from pydantic_core import PydanticCustomError

from game.books import BOOK_ID
from game.safe_json import MAX_STRING_CHARS, english_reason

# A text the settings file can hold. pydantic checks a constrained text as UTF-8 (a lone surrogate refused,
# "string_unicode"), a bare ``str`` not: a shortcut holding one would be kept and every later save would fail.
# No JSON reader hands over a longer text (game.safe_json.MAX_STRING_CHARS).
Text = Annotated[str, Field(max_length=MAX_STRING_CHARS)]


def _folder(text: str) -> str:
    """A folder's path: no system's folder can be named with a NUL (the file browser, the exports would fail)."""
    if "\x00" in text:
        raise PydanticCustomError("path_nul", english_reason("path_nul", {}), {})
    return text


Folder = Annotated[str, Field(max_length=4000), AfterValidator(_folder)]


class SettingsModel(BaseModel):
    """Every setting's type, bounds and default; unknown keys in the file are ignored."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    language: Literal["fr", "en"] = "fr"
    animation_speed: Literal["off", "slow", "normal", "fast"] = "normal"
    fullscreen: bool = False
    ui_scale: float = Field(default=1.0, ge=0.75, le=2.0)
    palette: Literal["parchment", "colourblind", "contrast"] = "parchment"
    demo_ui_scale: float = Field(default=1.5, ge=0.75, le=2.0)
    demo_idle_seconds: int = Field(default=60, ge=0)
    demo_book: str = Field(default="DEMO", pattern=BOOK_ID)
    physical_dice: bool = False
    speech: Literal["off", "screen_reader", "self_voicing"] = "off"
    fight_speech: Literal["brief", "full"] = "full"
    shortcuts: dict[Text, Text] = Field(default_factory=dict)
    recent_places: list[Folder] = Field(default_factory=list, max_length=6)
    export_folder: Folder = ""

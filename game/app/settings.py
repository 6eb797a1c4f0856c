"""User settings: a pydantic model persisted as JSON in the user config dir.

A broken settings file never stops the app: every problem is reported with the
file, the field and the reason, the fields that were fine are kept, defaults
fill the rest, and the broken file itself is left untouched (a later save moves
it aside to ``settings.broken.json`` first, so nothing the user wrote is lost).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

import platformdirs
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.atomic import atomic_write_bytes, atomic_write_text
from game.books import BOOK_ID
from game.safe_file import entry_kind, read_bytes
from game.safe_json import MAX_FILE_BYTES, InputError, json_path, read_json_file, validation_reason
from game.storage.versions import move_aside

APP_DIR_NAME = "feuille-aventure"
SETTINGS_FILE = "settings.json"

AnimationSpeed = Literal["off", "slow", "normal", "fast"]

# How much faster than "normal" each animation speed plays; "off" skips animations.
ANIMATION_FACTORS: dict[str, float] = {"off": 0.0, "slow": 0.5, "normal": 1.0, "fast": 2.0}


class Settings(BaseModel):
    """Everything the user can set; unknown keys in the file are ignored."""

    model_config = ConfigDict(extra="ignore", validate_assignment=True, frozen=False)

    language: Literal["fr", "en"] = "fr"
    animation_speed: AnimationSpeed = "normal"
    fullscreen: bool = False
    ui_scale: float = Field(default=1.0, ge=0.75, le=2.0)
    palette: Literal["parchment", "colourblind", "contrast"] = "parchment"
    # The convention stand's interface size (``feuille --demo``): large, read from a few metres; the desktop's is
    # ui_scale. At 150 % a 1080p screen shows a 1280×720 page (issue 30 item 20).
    demo_ui_scale: float = Field(default=1.5, ge=0.75, le=2.0)
    demo_idle_seconds: int = Field(default=60, ge=0)
    # The convention stand's book (its title page, its attract loop; the only book a locked stand shows).
    demo_book: str = Field(default="DEMO", pattern=BOOK_ID)
    physical_dice: bool = False  # the player rolls real dice and types them in
    # Speech for players who do not see the screen (game.ui.voices): off, the running screen reader, or self-voicing.
    speech: Literal["off", "screen_reader", "self_voicing"] = "off"
    # How much the fight's announcements say (game.scenes.combat.speech): the state each time, or only what changed.
    fight_speech: Literal["brief", "full"] = "full"
    # Keyboard shortcuts changed from the defaults (game.ui.keymap): {"action": "key name"}.
    shortcuts: dict[str, str] = Field(default_factory=dict)
    # The folders a file was last chosen in (the file browser's recent places, newest first).
    recent_places: list[Annotated[str, Field(max_length=4000)]] = Field(default_factory=list, max_length=6)
    # Where exports go when the player chose a folder in the file browser ("": the documents folder).
    export_folder: str = Field(default="", max_length=4000)

    @property
    def animation_factor(self) -> float:
        """Speed multiplier for animations (0 means: show the end state at once)."""
        return ANIMATION_FACTORS[self.animation_speed]


@dataclass(frozen=True)
class SettingsProblem:
    """One reason a settings file could not be used as it is (``error`` says it: its code, or the system's refusal)."""

    file: Path
    field: str | None  # None when the whole file is unreadable
    error: InputError

    @property
    def reason(self) -> str:
        """Why, in English (the log)."""
        return self.error.reason

    def __str__(self) -> str:
        where = self.field if self.field is not None else "(file)"
        return f"{self.file}: {where}: {self.reason}"


@dataclass
class LoadResult:
    """The settings to use and what was wrong with the file, if anything."""

    settings: Settings
    problems: list[SettingsProblem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when the file was absent or entirely valid."""
        return not self.problems


def default_directory() -> Path:
    """The platform's per-user config directory for this app."""
    return Path(platformdirs.user_config_dir(APP_DIR_NAME))


class SettingsStore:
    """Loads and saves :class:`Settings` in one directory (injectable for tests)."""

    def __init__(self, directory: str | os.PathLike[str] | None = None) -> None:
        self.directory = Path(directory) if directory is not None else default_directory()
        self._file_was_broken = False
        self.problems_seen: list[InputError] = []  # what a save had to move out of the way (said by the caller)

    @property
    def path(self) -> Path:
        """The settings file."""
        return self.directory / SETTINGS_FILE

    @property
    def broken_copy_path(self) -> Path:
        """Where a broken file is moved before it is overwritten by a save."""
        return self.directory / "settings.broken.json"

    def load(self) -> LoadResult:
        """Read the file; a missing file gives defaults with no problem. Never raises."""
        path = self.path
        self._file_was_broken = False
        if not os.path.lexists(path):
            return LoadResult(Settings())
        try:
            # The same guarded reader as books and saves: a regular file (never a FIFO, a device, a link out of
            # the folder) within the size limit, then nesting, UTF-8, huge numbers.
            data = read_json_file(path, folder=self.directory)
        except InputError as exc:
            return self._broken(LoadResult(Settings(), [SettingsProblem(path, None, exc)]))
        if not isinstance(data, dict):
            problem = SettingsProblem(path, None, InputError.coded(path.name, "$", "dict_type"))
            return self._broken(LoadResult(Settings(), [problem]))
        return self._validate_fields(path, data)

    def _validate_fields(self, path: Path, data: dict[str, Any]) -> LoadResult:
        """Keep each valid field, replace each invalid one by its default."""
        problems: list[SettingsProblem] = []
        kept = dict(data)
        try:
            return LoadResult(Settings.model_validate(kept))
        except ValidationError as exc:
            for error in exc.errors():
                name = ".".join(str(part) for part in error["loc"]) or None
                code, params = validation_reason(error)
                problems.append(SettingsProblem(path, name, InputError.coded(path.name, json_path(error["loc"]), code, **params)))
                if error["loc"]:
                    kept.pop(str(error["loc"][0]), None)  # a top-level field: always a name
        try:
            settings = Settings.model_validate(kept)
        except ValidationError:  # should not happen; be safe anyway
            settings = Settings()
        return self._broken(LoadResult(settings, problems))

    def _broken(self, result: LoadResult) -> LoadResult:
        self._file_was_broken = True
        return result

    def save(self, settings: Settings) -> None:
        """Write ``settings`` atomically, first moving a broken file aside."""
        if self._file_was_broken:
            try:  # the player's words are kept (a regular file within the limit; never a FIFO or a device)
                atomic_write_bytes(self.broken_copy_path, read_bytes(self.path, MAX_FILE_BYTES, self.directory))
            except OSError:
                pass  # nothing to keep (gone, or not a file): the save below replaces it
            self._file_was_broken = False
        text = json.dumps(settings.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"
        kind = entry_kind(self.path)
        if kind not in (None, "file", "link"):  # a directory (or a FIFO) in its place: moved aside, never a dead end
            move_aside(self.path, kind, self.problems_seen.append, required=True)
        atomic_write_text(self.path, text)

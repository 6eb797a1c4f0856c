"""User settings: plain data persisted as JSON in the user config dir.

A broken settings file never stops the app: every problem is reported with the
file, the field and the reason, the fields that were fine are kept, defaults
fill the rest, and the broken file itself is left untouched (a later save first
keeps it as ``settings.broken.json``, or ``settings.broken2.json``… when that holds an earlier one, so nothing
the user wrote is lost).

The rules of each setting are game.app.settings_model's pydantic model. A value of the setting's own type
within its bounds (what the app writes) is taken as it is, without importing pydantic, whose import and
first model cost about 100 ms of the start (issue 28); any other value goes to the model, which coerces it
(``"1.5"`` for a scale) or refuses it with the field and the reason, as it always did.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Literal

import platformdirs

from game.atomic import atomic_write_bytes, atomic_write_text
from game.books import BOOK_ID
from game.safe_file import entry_kind, read_bytes
from game.safe_json import MAX_FILE_BYTES, MAX_STRING_CHARS, InputError, json_path, read_json_file, validation_reason
from game.storage.versions import move_aside

APP_DIR_NAME = "feuille-aventure"
SETTINGS_FILE = "settings.json"

AnimationSpeed = Literal["off", "slow", "normal", "fast"]

# How much faster than "normal" each animation speed plays; "off" skips animations.
ANIMATION_FACTORS: dict[str, float] = {"off": 0.0, "slow": 0.5, "normal": 1.0, "fast": 2.0}


@dataclass(frozen=True)
class Rule:
    """What a setting's value is when it needs no judging: its type, its choices or bounds (those of the model)."""

    kind: type
    choices: tuple[str, ...] = ()
    low: float | None = None
    high: float | None = None
    max_length: int | None = None  # of a text, or of a list
    item_max_length: int | None = None  # of each text of a list (each key and value of a dict)
    pattern: str | None = None
    folder: bool = False  # a folder's path (each text of a list): never holds a NUL

    def plain(self, value: object) -> tuple[bool, object]:
        """(True, the value to keep) when ``value`` is plainly valid; (False, None) when the model must judge it."""
        kind = type(value)
        if self.kind is float:
            if kind not in (int, float):
                return False, None
            try:
                number = float(value)  # type: ignore[arg-type]  # an int or a float, as the model makes it
            except OverflowError:  # an int past any float: the model says why
                return False, None
            return math.isfinite(number) and self._within(number), number
        if kind is not self.kind:
            return False, None
        if kind is str:
            text: str = value  # type: ignore[assignment]  # a str, by its type
            ok = (not self.choices or text in self.choices) and (self.max_length is None or len(text) <= self.max_length)
            ok = ok and not (self.folder and "\x00" in text)
            return ok and _utf8(text) and (self.pattern is None or re.fullmatch(self.pattern, text) is not None), value
        if kind is int:
            return self._within(value), value  # type: ignore[arg-type]  # an int, by its type
        if kind is dict:
            items: dict[object, object] = value  # type: ignore[assignment]  # a dict, by its type
            return all(self._item(k) and self._item(v) for k, v in items.items()), dict(items)
        if kind is list:
            texts: list[object] = value  # type: ignore[assignment]  # a list, by its type
            return all(self._item(t) for t in texts) and (self.max_length is None or len(texts) <= self.max_length), list(texts)
        return kind is bool, value

    def _item(self, value: object) -> bool:
        """A text of a list or a dict, within ``item_max_length``, that UTF-8 can hold."""
        return (
            isinstance(value, str)
            and type(value) is str
            and not (self.folder and "\x00" in value)
            and _utf8(value)
            and (self.item_max_length is None or len(value) <= self.item_max_length)
        )

    def _within(self, number: float) -> bool:
        return (self.low is None or number >= self.low) and (self.high is None or number <= self.high)


def _utf8(text: str) -> bool:
    """True when ``text`` can be written as UTF-8: a lone surrogate (a folder name that is not UTF-8, as the system
    hands it over: "caf\\udce9") cannot, so the model refuses it, and the file could never be saved."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _rule(**rule: Any) -> Any:  # Any: the field's own type, for its readers
    """A setting's dataclass field, carrying its Rule."""
    default = rule.pop("default")
    metadata = {"rule": Rule(**rule)}
    if isinstance(default, (dict, list)):
        return field(default_factory=type(default), metadata=metadata)
    return field(default=default, metadata=metadata)


SCALE = {"kind": float, "low": 0.75, "high": 2.0}


@dataclass
class Settings:
    """Everything the user can set; a value set is checked as a value read (game.app.settings_model)."""

    language: Literal["fr", "en"] = _rule(default="fr", kind=str, choices=("fr", "en"))
    animation_speed: AnimationSpeed = _rule(default="normal", kind=str, choices=tuple(ANIMATION_FACTORS))
    fullscreen: bool = _rule(default=False, kind=bool)
    ui_scale: float = _rule(default=1.0, **SCALE)
    palette: Literal["parchment", "colourblind", "contrast"] = _rule(
        default="parchment", kind=str, choices=("parchment", "colourblind", "contrast")
    )
    # The convention stand's interface size (``feuille --demo``): large, read from a few metres; the desktop's is
    # ui_scale. At 150 % a 1080p screen shows a 1280×720 page (issue 30 item 20).
    demo_ui_scale: float = _rule(default=1.5, **SCALE)
    demo_idle_seconds: int = _rule(default=60, kind=int, low=0)
    # The convention stand's book (its title page, its attract loop; the only book a locked stand shows).
    demo_book: str = _rule(default="DEMO", kind=str, pattern=BOOK_ID)
    physical_dice: bool = _rule(default=False, kind=bool)  # the player rolls real dice and types them in
    # Speech for players who do not see the screen (game.ui.voices): off, the running screen reader, or self-voicing.
    speech: Literal["off", "screen_reader", "self_voicing"] = _rule(
        default="off", kind=str, choices=("off", "screen_reader", "self_voicing")
    )
    # How much the fight's announcements say (game.scenes.combat.speech): the state each time, or only what changed.
    fight_speech: Literal["brief", "full"] = _rule(default="full", kind=str, choices=("brief", "full"))
    # Keyboard shortcuts changed from the defaults (game.ui.keymap): {"action": "key name"}.
    shortcuts: dict[str, str] = _rule(default={}, kind=dict, item_max_length=MAX_STRING_CHARS)
    # The folders a file was last chosen in (the file browser's recent places, newest first).
    recent_places: list[str] = _rule(default=[], kind=list, max_length=6, item_max_length=4000, folder=True)
    # Where exports go when the player chose a folder in the file browser ("": the documents folder).
    export_folder: str = _rule(default="", kind=str, max_length=4000, folder=True)

    def __setattr__(self, name: str, value: object) -> None:
        """Set one setting, checked: a value the model refuses raises its ValidationError (a ValueError)."""
        rule = RULES.get(name)
        if rule is None:
            raise AttributeError(f"Settings has no setting {name!r}")
        ok, kept = rule.plain(value)
        if not ok:
            from game.app.settings_model import SettingsModel

            kept = getattr(SettingsModel.model_validate({name: value}), name)
        object.__setattr__(self, name, kept)

    @property
    def animation_factor(self) -> float:
        """Speed multiplier for animations (0 means: show the end state at once)."""
        return ANIMATION_FACTORS[self.animation_speed]

    def model_copy(self, update: dict[str, Any] | None = None) -> Settings:
        """A copy, with ``update``'s settings changed (checked)."""
        return replace(self, **(update or {}))

    def model_dump(self, mode: str = "python") -> dict[str, Any]:
        """Every setting by name (plain JSON values in either ``mode``: the name is the model's)."""
        return asdict(self)


RULES: dict[str, Rule] = {f.name: f.metadata["rule"] for f in fields(Settings)}


def plain_settings(data: dict[str, Any]) -> dict[str, Any] | None:
    """The settings of a file's object when every one is plainly valid (unknown keys ignored), else None."""
    values: dict[str, Any] = {}
    for name, rule in RULES.items():
        if name in data:
            ok, values[name] = rule.plain(data[name])
            if not ok:
                return None
    return values


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


MAX_BROKEN_COPIES = 10  # settings.broken.json, settings.broken2.json…: one per distinct broken file a save met


def _same_bytes(one: Path, other: Path, folder: Path) -> bool:
    """True when ``one`` and ``other`` are one file or hold the same bytes (False when either cannot be read)."""
    try:
        return os.path.samefile(one, other) or read_bytes(one, MAX_FILE_BYTES, folder) == read_bytes(
            other, MAX_FILE_BYTES, folder
        )
    except OSError:
        return False


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
        plain = plain_settings(data)
        if plain is not None:
            return LoadResult(Settings(**plain))
        from pydantic import ValidationError

        from game.app.settings_model import SettingsModel

        problems: list[SettingsProblem] = []
        kept = dict(data)
        try:
            return LoadResult(Settings(**SettingsModel.model_validate(kept).model_dump()))
        except ValidationError as exc:
            for error in exc.errors():
                name = ".".join(str(part) for part in error["loc"]) or None
                code, params = validation_reason(error)
                problems.append(SettingsProblem(path, name, InputError.coded(path.name, json_path(error["loc"]), code, **params)))
                if error["loc"]:
                    kept.pop(str(error["loc"][0]), None)  # a top-level field: always a name
        try:
            settings = Settings(**SettingsModel.model_validate(kept).model_dump())
        except ValidationError:  # should not happen; be safe anyway
            settings = Settings()
        return self._broken(LoadResult(settings, problems))

    def _broken(self, result: LoadResult) -> LoadResult:
        self._file_was_broken = True
        return result

    def _keep_broken_file(self) -> None:
        """Keep the broken file's words before a save replaces it, in the first free of settings.broken.json,
        settings.broken2.json…, unless one holds them already: a copy of an earlier broken file is never
        overwritten, nor is a directory in its way. Raises OSError when they cannot be kept (a full disk, every
        slot taken): the save stops there and the broken file stays as it is."""
        if entry_kind(self.path) != "file":
            return  # gone; a link is replaced, its target left; a FIFO or a directory is moved aside by the save
        slots = [self.broken_copy_path]
        slots += [self.directory / f"settings.broken{number}.json" for number in range(2, MAX_BROKEN_COPIES + 1)]
        for slot in slots:
            kind = entry_kind(slot)
            if kind is None:
                break
            if kind == "file" and _same_bytes(self.path, slot, self.directory):
                return
        else:
            raise OSError(errno.EEXIST, f"{MAX_BROKEN_COPIES} copies of broken settings files are kept already", str(slots[0]))
        try:
            os.link(self.path, slot)  # at once, whatever its size: the save then replaces settings.json, not this
        except OSError:  # a file system without hard links: a copy (within the limit; else the save stops)
            atomic_write_bytes(slot, read_bytes(self.path, MAX_FILE_BYTES, self.directory))

    def save(self, settings: Settings) -> None:
        """Write ``settings`` atomically, first moving a broken file aside."""
        if self._file_was_broken:
            self._keep_broken_file()
            self._file_was_broken = False
        text = json.dumps(settings.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"
        kind = entry_kind(self.path)
        if kind not in (None, "file", "link"):  # a directory (or a FIFO) in its place: moved aside, never a dead end
            move_aside(self.path, kind, self.problems_seen.append, required=True)
        atomic_write_text(self.path, text)

"""User settings: plain data persisted as JSON in the user config dir.

A broken settings file never stops the app: every problem is reported with the
file, the field and the reason, the fields that were fine are kept, defaults
fill the rest (a value the JSON reader refuses — NaN, a lone surrogate, a byte
that is not UTF-8, a setting written twice — costs that setting only:
game.safe_json.read_json_members; only a file that is not a JSON object at all
gives every default), and the broken file itself is left untouched (a later save first
keeps it as ``settings.broken.json``, or ``settings.broken2.json``… when that holds an earlier one, so nothing
the user wrote is lost). Only a file broken when a save replaces it is kept: saves take the settings' lock in
turn, and a second window's save over the clean file the first wrote keeps no copy of it. A save writes what its
window changed since it last read or wrote the file over what another window's save wrote meanwhile: two windows
changing different settings keep both changes.

The rules of each setting are written once, on its field (game.value_rules.Rule): a value of the setting's
own type within its bounds (what the app writes) is taken as it is, without importing pydantic, whose import
and first model cost about 100 ms of the start (issue 28); any other value goes to the pydantic model made
from the same rules (:func:`settings_model`), which coerces it (``"1.5"`` for a scale) or refuses it with the
field and the reason, as it always did.
"""

from __future__ import annotations

import errno
import json
import os
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Literal, get_args

import platformdirs

from game.atomic import atomic_write_bytes, atomic_write_text
from game.books import BOOK_ID
from game.safe_file import FileRefused, entry_kind, read_bytes
from game.safe_json import (
    MAX_FILE_BYTES,
    MAX_STRING_CHARS,
    InputError,
    json_members,
    json_path,
    printable,
    read_text_file,
    validation_reason,
)
from game.storage.versions import move_aside
from game.value_rules import Rule, model_of, plain_values, ruled, rules_of

APP_DIR_NAME = "feuille-aventure"
SETTINGS_FILE = "settings.json"

AnimationSpeed = Literal["off", "slow", "normal", "fast"]

# How much faster than "normal" each animation speed plays; "off" skips animations.
ANIMATION_FACTORS: dict[str, float] = {"off": 0.0, "slow": 0.5, "normal": 1.0, "fast": 2.0}


SCALE = {"kind": float, "low": 0.75, "high": 2.0}
# The stand's idle delay at most an hour, as its field on the settings page: a file's "9999…" (a text of digits the
# model read as a number) was kept, then written as a number the reader refuses, and past any float it stopped the
# kiosk's timer (OverflowError).
DEMO_MAX_SECONDS = 3600
Language = Literal["fr", "en"]
Palette = Literal["parchment", "colourblind", "contrast"]
Speech = Literal["off", "screen_reader", "self_voicing"]
FightSpeech = Literal["brief", "full"]


@dataclass
class Settings:
    """Everything the user can set; a value set is checked as a value read (game.app.settings_model)."""

    language: Language = ruled("fr", choices=get_args(Language))
    animation_speed: AnimationSpeed = ruled("normal", choices=get_args(AnimationSpeed))
    fullscreen: bool = ruled(False)
    ui_scale: float = ruled(1.0, **SCALE)
    palette: Palette = ruled("parchment", choices=get_args(Palette))
    # The convention stand's interface size (``feuille --demo``): large, read from a few metres; the desktop's is
    # ui_scale. At 150 % a 1080p screen shows a 1280×720 page (issue 30 item 20).
    demo_ui_scale: float = ruled(1.5, **SCALE)
    demo_idle_seconds: int = ruled(60, low=0, high=DEMO_MAX_SECONDS)
    # The convention stand's book (its title page, its attract loop; the only book a locked stand shows).
    demo_book: str = ruled("DEMO", pattern=BOOK_ID)
    physical_dice: bool = ruled(False)  # the player rolls real dice and types them in
    # Speech for players who do not see the screen (game.ui.voices): off, the running screen reader, or self-voicing.
    speech: Speech = ruled("off", choices=get_args(Speech))
    # How much the fight's announcements say (game.scenes.combat.speech): the state each time, or only what changed.
    fight_speech: FightSpeech = ruled("full", choices=get_args(FightSpeech))
    # Keyboard shortcuts changed from the defaults (game.ui.keymap): {"action": "key name"}.
    shortcuts: dict[str, str] = ruled({}, item_max_length=MAX_STRING_CHARS)
    # The folders a file was last chosen in (the file browser's recent places, newest first).
    recent_places: list[str] = ruled([], max_length=6, item_max_length=4000, folder=True)
    # Where exports go when the player chose a folder in the file browser ("": the documents folder).
    export_folder: str = ruled("", max_length=4000, folder=True)

    def __setattr__(self, name: str, value: object) -> None:
        """Set one setting, checked: a value the model refuses raises its ValidationError (a ValueError)."""
        rule = RULES.get(name)
        if rule is None:
            raise AttributeError(f"Settings has no setting {name!r}")
        ok, kept = rule.plain(value)
        if not ok:
            kept = getattr(settings_model().model_validate({name: value}), name)
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


RULES: dict[str, Rule] = rules_of(Settings)  # each setting's rules, written once (the model's too)


def settings_model() -> Any:  # Any: a pydantic model class, made from the rules
    """The settings' pydantic model (game.app.settings_model), made from RULES when a value first needs judging;
    unknown keys in the file are ignored."""
    return model_of(Settings, "SettingsModel", extra="ignore", frozen=True)


def _field(location: tuple[str | int, ...]) -> str:
    """A setting's place as the problems name it: "ui_scale", "recent_places.0", "shortcuts.undo" (three levels at
    most: a list nested 33 deep is not named to its bottom), a character no file can hold as its escape."""
    text = ".".join(str(part) for part in location[:3]) + ("…" if len(location) > 3 else "")
    return printable(text)


def plain_settings(data: dict[str, Any]) -> dict[str, Any] | None:
    """The settings of a file's object when every one is plainly valid (unknown keys ignored), else None."""
    return plain_values(RULES, data)


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
        self._broken_hash: int | None = None  # hash of the text found broken (None: it could not be read as text)
        self.problems_seen: list[InputError] = []  # what a save had to move out of the way (said by the caller)
        # The settings this window last read or wrote (None: neither yet): a save writes what the window changed
        # since, over what another window's save changed meanwhile (:meth:`_over_others`).
        self._known: dict[str, Any] | None = None

    @property
    def path(self) -> Path:
        """The settings file."""
        return self.directory / SETTINGS_FILE

    @property
    def broken_copy_path(self) -> Path:
        """Where a broken file is moved before it is overwritten by a save."""
        return self.directory / "settings.broken.json"

    @property
    def lock_path(self) -> Path:
        """The lock two windows' saves take in turn (game.storage.lock.held_for_a_write)."""
        return self.directory / f"{SETTINGS_FILE}.lock"

    def load(self) -> LoadResult:
        """Read the file; a missing file gives defaults with no problem. Never raises."""
        path = self.path
        self._file_was_broken, self._broken_hash = False, None
        if not os.path.lexists(path):
            self._known = Settings().model_dump()
            return LoadResult(Settings())
        try:
            # The same guarded reader as books and saves (a regular file, never a FIFO, a device, a link out of the
            # folder, within the size limit).
            whole = read_text_file(path, folder=self.directory, escaped=True)
        except InputError as exc:
            result = LoadResult(Settings(), [SettingsProblem(path, None, exc)])
        else:
            result = self._judged(whole)
            self._broken_hash = None if result.ok else hash(whole)
        self._file_was_broken = not result.ok  # a save first keeps its words
        self._known = result.settings.model_dump()
        return result

    def _judged(self, whole: str) -> LoadResult:
        """The settings the file's text ``whole`` gives and what is wrong with it (read_text_file(escaped=True)).

        Member by member: a value the JSON reader refuses (NaN, a lone surrogate, a byte that is not UTF-8 in a
        text, a key written twice) costs its own setting only."""
        path = self.path
        try:
            data, refused = json_members(path.name, whole)
        except InputError as exc:  # not a JSON object at all: the whole file
            return LoadResult(Settings(), [SettingsProblem(path, None, exc)])
        # A member that is no setting is ignored whatever it holds, as any unknown key (so a file of 100 000 NaNs
        # says nothing): the problems are at most one a setting, besides the model's.
        problems = [SettingsProblem(path, _field(location), error) for location, error in refused if location[0] in RULES]
        return self._validate_fields(path, data, problems)

    def _validate_fields(self, path: Path, data: dict[str, Any], problems: list[SettingsProblem]) -> LoadResult:
        """Keep each valid field, replace each invalid one by its default (``problems``: the members already refused)."""
        plain = plain_settings(data)
        if plain is not None:
            return LoadResult(Settings(**plain), problems)
        from pydantic import ValidationError

        model = settings_model()
        kept = dict(data)
        try:
            return LoadResult(Settings(**model.model_validate(kept).model_dump()), problems)
        except ValidationError as exc:
            said: set[str] = set()
            for error in exc.errors():
                setting = str(error["loc"][0]) if error["loc"] else ""  # a top-level field: always a name
                if setting in said:  # its first problem says why it is reset: 60 000 bad shortcuts are one word
                    continue
                said.add(setting)
                code, params = validation_reason(error)
                error_said = InputError.coded(path.name, json_path(error["loc"]), code, **params)
                problems.append(SettingsProblem(path, _field(error["loc"]) or None, error_said))
                kept.pop(setting, None)
        try:
            settings = Settings(**model.model_validate(kept).model_dump())
        except ValidationError:  # should not happen; be safe anyway
            settings = Settings()
        return LoadResult(settings, problems)

    def _replaced_is_broken(self) -> bool:
        """Whether the file a save is about to replace is broken: the very text this store found broken, or
        another text that does not load clean. A clean file another window's save has put in its place since is
        not: it is no copy to keep (only a file broken when it is replaced is kept aside, and every one is)."""
        try:
            whole = read_text_file(self.path, folder=self.directory, escaped=True)
        except InputError:
            return True  # it cannot be read whole (past the limit, unreadable): kept, as it was found
        return hash(whole) == self._broken_hash or not self._judged(whole).ok

    def _keep_broken_file(self) -> None:
        """Keep the broken file's words before a save replaces it, in the first free of settings.broken.json,
        settings.broken2.json…, unless one holds them already: a copy of an earlier broken file is never
        overwritten, nor is a directory in its way. Raises OSError when they cannot be kept (a full disk, every
        slot taken): the save stops there and the broken file stays as it is."""
        if entry_kind(self.path) != "file":
            return  # gone; a link is replaced, its target left; a FIFO or a directory is moved aside by the save
        if not self._replaced_is_broken():
            return  # another window's save put a clean file in its place: no copy to keep
        slots = [self.broken_copy_path]
        slots += [self.directory / f"settings.broken{number}.json" for number in range(2, MAX_BROKEN_COPIES + 1)]
        number = 0
        while number < len(slots):
            slot = slots[number]
            kind = entry_kind(slot)
            if kind == "file" and _same_bytes(self.path, slot, self.directory):
                return
            if kind is None:
                try:
                    os.link(self.path, slot)  # at once, whatever its size: the save then replaces settings.json
                    return
                except FileExistsError:  # taken this instant (a window without the lock): looked at again
                    continue
                except OSError:  # a file system without hard links: a copy (within the limit; else the save stops)
                    try:
                        data = read_bytes(self.path, MAX_FILE_BYTES, self.directory)
                    except FileRefused as refused:
                        if refused.code != "too_big":
                            raise
                        # Past the limit no copy is made: moved there whole instead, or no save could ever be done
                        # again (a network folder or a FAT key without hard links).
                        os.rename(self.path, slot)
                        return
                    atomic_write_bytes(slot, data)
                    return
            number += 1
        raise OSError(errno.EEXIST, f"{MAX_BROKEN_COPIES} copies of broken settings files are kept already", str(slots[0]))

    def save(self, settings: Settings) -> None:
        """Write ``settings`` atomically, first keeping aside the file it replaces when that is broken.

        Under the settings' lock (``lock_path``): two windows' saves run one after the other, so the second sees
        the clean file the first wrote over the broken one it had found, and keeps no copy of it."""
        from game.storage import lock  # here, not at the start: only a save needs it (issue 28)

        try:
            self.directory.mkdir(parents=True, exist_ok=True)  # for the lock too
        except OSError:
            pass  # the write says why
        with lock.held_for_a_write(self.lock_path):
            # Whether this window found the file broken or not: the player's editor (or a newer version of the app)
            # may have written a file this one refuses since; it is kept too, never overwritten unseen.
            self._keep_broken_file()
            self._file_was_broken, self._broken_hash = False, None
            kind = entry_kind(self.path)
            if kind not in (None, "file", "link"):  # a directory (or a FIFO) in its place: moved aside, never a dead end
                move_aside(self.path, kind, self.problems_seen.append, required=True)
            own = settings.model_dump()
            text = json.dumps(self._over_others(own), indent=2, ensure_ascii=False) + "\n"
            atomic_write_text(self.path, text)
            self._known = own

    def _over_others(self, own: dict[str, Any]) -> dict[str, Any]:
        """The settings a save writes: ``own`` (this window's), where it left a setting as it last read or wrote it
        the value another window's save has written since. Each window holds every setting: without this the
        second of two windows to save wrote back its old language over the first's new one. A file that does not
        load at all (or none) has no change to keep: ``own`` as it is; in a file refusing some settings, the others
        are changes too (a player's edit by hand beside a typo, kept aside whole by the save)."""
        if self._known is None or entry_kind(self.path) != "file":
            return own
        try:
            whole = read_text_file(self.path, folder=self.directory, escaped=True)
        except InputError:
            return own
        found = self._judged(whole)
        if any(problem.field is None for problem in found.problems):
            return own
        refused = {problem.field.split(".")[0] for problem in found.problems if problem.field is not None}
        theirs, known = found.settings.model_dump(), self._known
        # A setting it refuses (kept aside with the file) is this window's: the default standing in is no change.
        return {
            name: theirs[name] if name in known and value == known[name] and name not in refused else value
            for name, value in own.items()
        }

"""What every screen is given: the UI context, settings, the bookshelf, the saves, dice.

One object built once at start and passed to scene constructors (never a
global), so tests build an isolated one with temporary folders in one line.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

from game.app.navigator import Navigator
from game.app.settings import Settings, SettingsProblem, SettingsStore
from game.books.loader import Shelf, load_shelf
from game.i18n.catalogue import Catalogue
from game.rules.dice import DiceSource, RandomDice
from game.safe_json import InputError
from game.storage.library import own_books_dir
from game.storage.saves import SaveStore
from game.ui.clipboard import Clipboard
from game.ui.context import UIContext
from game.ui.file_words import error_words, input_error_reason, os_error_words
from game.ui.keymap import Keymap
from game.ui.theme import Theme

APP_NAME = "feuille-aventure"
BOOKS_INDEX = "books-index.json"


@dataclass
class Services:
    """Shared services of the running app."""

    ui: UIContext
    settings: Settings
    settings_store: SettingsStore
    shelf: Shelf
    saves: SaveStore
    rng: random.Random = field(default_factory=random.Random)  # animation jitter only, never rules
    new_dice: Callable[[], DiceSource] = RandomDice
    demo: bool = False
    problems: list[str | InputError] = field(default_factory=list)  # to show once: broken settings, saves' notices…
    settings_problems: list[SettingsProblem] = field(default_factory=list)  # the settings file's, in English (logs)
    keymap: Keymap = field(default_factory=Keymap)  # the shortcuts in force (settings.shortcuts over the defaults)
    # A convention stand is locked: settings, export and import are refused and a setting changed
    # on the way (language, physical dice) is kept in memory only. The operator's chord unlocks it.
    locked: bool = False
    books_dir: Path | None = None  # the bundled books (None: those shipped with the app)
    own_books: Path | None = None  # the player's books folder (None: none, as in tests and the kiosk)
    failing_saves: set[str] = field(default_factory=set)  # adventures whose screen failed: the shelf offers their backup
    books_index: Path | None = None  # the shelf's index of the books (a cache: the shelf opens without validating)
    # A stand's run shows settings.demo_ui_scale as its interface size; the desktop's, kept here, stays in the file.
    desktop_ui_scale: float | None = None
    navigator: Navigator = field(init=False, repr=False)  # the one place that moves between screens

    def __post_init__(self) -> None:
        self.navigator = Navigator(self)

    @property
    def language(self) -> str:
        return self.settings.language

    def reload_books(self) -> None:
        """Read the books again (after a book was imported into the player's folder)."""
        self.shelf = load_shelf(self.books_dir, self.own_books, self.books_index)

    def apply_settings(self) -> None:
        """Apply language, palette and interface size at once, without writing anything."""
        self.ui.catalogue.set_language(self.settings.language)
        self.ui.theme.set_palette(self.settings.palette)
        self.ui.theme.ui_scale = self.settings.ui_scale
        self.keymap = Keymap(self.settings.shortcuts)
        self.apply_speech()

    def save_settings(self) -> None:
        """Apply the settings and persist them (in memory only while the stand is locked)."""
        self.apply_settings()
        if self.locked:
            return
        saved = self.settings
        if self.desktop_ui_scale is not None:  # the operator sized the stand: that is the stand's size, not the desktop's
            saved = saved.model_copy(update={"ui_scale": self.desktop_ui_scale, "demo_ui_scale": saved.ui_scale})
        try:
            self.settings_store.save(saved)
        except OSError as error:
            words = os_error_words(self.ui, error)
            self.problems.append(self.ui.t("settings.not_saved", file=self.settings_store.path, reason=words))
        self.problems.extend(error_words(self.ui, seen) for seen in self.settings_store.problems_seen)  # said once
        self.settings_store.problems_seen.clear()

    def apply_speech(self) -> None:
        """Open the outputs the "speech" setting asks for (none when off or unavailable: the note says why)."""
        speech = self.ui.speech
        speech.language = self.settings.language
        if speech.mode == self.settings.speech:
            return
        from game.ui.voices import outputs_for  # the speech libraries: only when speech is asked for

        outputs, note = outputs_for(self.settings.speech)
        speech.set_outputs(outputs, note, background=True)  # a slow synthesizer never holds up the loop
        speech.mode = self.settings.speech


def settings_problem_words(ui: UIContext, problem: SettingsProblem) -> str:
    """A problem of the settings file in the player's words: the file, the setting, and why (its default is used)."""
    reason = input_error_reason(ui, problem.error)
    if problem.field is None:
        return ui.t("settings.problem_file", file=problem.file.name, reason=reason)
    return ui.t("settings.problem", file=problem.file.name, field=problem.field, reason=reason)


def build_services(
    *,
    config_dir: Path | None = None,
    data_dir: Path | None = None,
    books_dir: Path | None = None,
    demo: bool = False,
    seed: int | None = None,
) -> Services:
    """The services of a real run (user folders by default; the demo saves in a slot of its own)."""
    settings_store = SettingsStore(config_dir)
    loaded = settings_store.load()
    settings = loaded.settings
    data = Path(data_dir) if data_dir else Path(platformdirs.user_data_dir(APP_NAME))
    ui = UIContext(Theme.named(settings.palette, settings.ui_scale), Catalogue(settings.language), Clipboard())
    problems: list[str | InputError] = [settings_problem_words(ui, p) for p in loaded.problems]
    saves = SaveStore(data / ("demo-saves" if demo else "saves"), notices=problems)  # its notices are shown once too
    own_books = None if demo else own_books_dir(data)  # the kiosk shows the shipped books only
    rng = random.Random(seed)
    cache = Path(config_dir) if config_dir else Path(platformdirs.user_cache_dir(APP_NAME))
    books_index = cache / BOOKS_INDEX
    services = Services(
        ui=ui,
        settings=settings,
        settings_store=settings_store,
        shelf=load_shelf(books_dir, own_books, books_index),
        saves=saves,
        books_index=books_index,
        rng=rng,
        new_dice=(lambda: RandomDice(rng.randrange(2**63))) if seed is not None else RandomDice,
        demo=demo,
        problems=problems,
        settings_problems=loaded.problems,
        books_dir=books_dir,
        own_books=own_books,
        keymap=Keymap(settings.shortcuts),
    )
    if demo:  # the stand is read from a few metres: its own, larger interface size (the operator may change it)
        services.desktop_ui_scale, settings.ui_scale = settings.ui_scale, settings.demo_ui_scale
        services.apply_settings()
    services.apply_speech()
    return services

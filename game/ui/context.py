"""What every widget needs from the app: theme, catalogue, clipboard, the announcer.

One object passed to each widget's constructor (like pygame_gui's manager),
instead of globals, so tests build an isolated context in one line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.i18n.catalogue import Catalogue, TextSource, resolve
from game.ui.clipboard import Clipboard
from game.ui.speech import Announcer
from game.ui.theme import Palette, Theme


@dataclass
class UIContext:
    """Shared services for widgets."""

    theme: Theme = field(default_factory=Theme)
    catalogue: Catalogue = field(default_factory=Catalogue)
    clipboard: Clipboard = field(default_factory=Clipboard)
    speech: Announcer = field(default_factory=Announcer)  # what a screen-reader user hears

    def say(self, text: str, *, interrupt: bool = True, kind: str = "") -> None:
        """Announce ``text`` to the player's screen reader (and the speech log); ``kind``: see ``Announcer.say``."""
        self.speech.language = self.catalogue.language
        self.speech.say(text, interrupt=interrupt, kind=kind)

    @property
    def palette(self) -> Palette:
        """The current palette (follows theme switches)."""
        return self.theme.palette

    def t(self, key: str, **params: object) -> str:
        """Translate now."""
        return self.catalogue.t(key, **params)

    def tr(self, key: str, **params: object) -> Callable[[], str]:
        """Translate lazily: a TextSource that follows language switches."""
        return self.catalogue.lazy(key, **params)

    def text(self, source: TextSource | None) -> str:
        """Resolve a TextSource to the string to draw now."""
        return resolve(source)

"""``feuille --book FILE``: an author sees their book in the app while writing it.

The app opens on the book's creation screen; the file is looked at twice a
second (its size and modification time, through ``os.stat``: nothing is read
until it changed) and, when it changed, read again through the one checked
reader and validated: a valid book reopens its creation screen, a broken one
shows every error the validator found in a window over it (in words, without
``$:``), until the next save of the file fixes them.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.app.adventure import Adventure
from game.app.navigator import Screen
from game.books.loader import BookError, load_book
from game.rules.session import Session, Start
from game.ui.file_words import input_error_words

if TYPE_CHECKING:
    from game.app.scene import Scene, SceneStack
    from game.app.services import Services

LOOK_EVERY = 0.5  # seconds between two looks at the file
MAX_ERRORS_SHOWN = 14


def signature(path: Path) -> tuple[int, int, int] | None:
    """What tells that the file changed (None when it cannot be stat'ed): inode, size, modification time."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_ino, info.st_size, info.st_mtime_ns


class BookWatcher:
    """Above every screen (the loop's supervisor): shows ``path``'s book, and shows it again when the file changes."""

    wants_animation = False

    def __init__(self, services: Services, stack: SceneStack, path: Path) -> None:
        self.services, self.stack, self.path = services, stack, path
        self.seen: tuple[int, int, int] | None = None
        self.waited = 0.0
        self.errors_shown: Scene | None = None
        self.loads = 0  # how many times the book was read (a test counts them)

    def start(self) -> None:
        """The first look: the creation screen, or the errors."""
        self.seen = signature(self.path)
        self.show()

    def wake_in(self) -> float:
        return max(0.0, LOOK_EVERY - self.waited)

    def filter_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return event

    def draw(self, surface: pygame.Surface) -> None:
        """Nothing over the screens: the errors are a dialog of their own."""

    def animated_area(self) -> list[pygame.Rect]:
        """Nothing of its own moves."""
        return []

    def update(self, dt: float) -> None:
        self.waited += dt
        if self.waited < LOOK_EVERY:
            return
        self.waited = 0.0
        now = signature(self.path)
        if now != self.seen:
            self.seen = now
            self.show()

    def show(self) -> None:
        """Read the book again: its creation screen on a clear stack, or every error over what is shown."""
        self.loads += 1
        try:
            book = load_book(self.path)
        except BookError as error:
            self.show_errors(error)
            return
        except OSError as error:
            self.show_errors(BookError(self.path.name, "$", error.strerror or str(error), cause=error))
            return
        self.services.shelf.books[book.id] = book  # its adventures open and save like any book's
        self.errors_shown = None
        self.stack.clear()
        if book.kind == "rolenplay":  # no hero to create: a new table, as the shelf opens one (saved once it is used)
            start = Start(language=self.services.ui.catalogue.language)
            session: Session[Any, Any] = Session(book, self.services.new_dice(), start)  # Any: the table's own state
            self.stack.push(self.services.navigator.build(Screen.RNP_TABLE, Adventure.unsaved(session, self.services.saves)))
            return
        self.stack.push(self.services.navigator.build(Screen.CREATION, book))

    def show_errors(self, error: BookError) -> None:
        ui = self.services.ui
        every = error.every()
        lines = [input_error_words(ui, each) for each in every[:MAX_ERRORS_SHOWN]]
        if len(every) > MAX_ERRORS_SHOWN:
            lines.append(ui.t("shelf.more_errors", count=len(every) - MAX_ERRORS_SHOWN))
        if self.errors_shown is not None and self.errors_shown.stack is self.stack:
            self.stack.pop(self.errors_shown)
        if self.stack.top is None:
            self.stack.push(self.services.navigator.build(Screen.SHELF))
            self.stack.apply_pending()
        top = self.stack.top
        if top is None:
            return
        self.errors_shown = self.services.navigator.open(
            top,
            Screen.DIALOG,
            "\n".join(lines),
            [(ui.tr("common.close"), None)],
            title=ui.t("author.errors_title", file=self.path.name, count=len(every)),
            width=1000,
        )

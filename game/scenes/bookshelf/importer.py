"""Importing onto the shelf: an adventure (a save) or a book, from a path the player types."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import platformdirs
import pygame

from game.app.modal import ModalScene
from game.app.navigator import Screen
from game.app.services import Services
from game.books.loader import BookError
from game.storage.library import BookTaken, check_book, import_book
from game.storage.save_file import SaveError
from game.ui.button import Button
from game.ui.draw import blit_text
from game.ui.layout import fill, fixed, split
from game.ui.speech import join
from game.ui.text_field import TextField
from game.ui.text_fit import wrap_words

PAD = 30  # the panel's inner margin
ERROR_LINE = 22
BUTTON_W, BUTTON_H = 140, 46
SPOKEN_ERRORS = 6  # the heading line and five errors


@dataclass(frozen=True)
class ImportLayout:
    """The import box's parts in its panel: the help line, the path field, the errors under it, the buttons."""

    help_at: tuple[int, int]
    field: pygame.Rect
    errors: pygame.Rect
    cancel: pygame.Rect
    confirm: pygame.Rect


def import_layout(panel: pygame.Rect) -> ImportLayout:
    """The import box's parts for ``panel``: Cancel and Import at its bottom right."""
    inner = panel.inflate(-2 * PAD, 0)
    errors_top = panel.y + 166
    _, cancel, _, confirm = split(
        pygame.Rect(inner.x, panel.bottom - 66, inner.width, BUTTON_H), [fill(), fixed(BUTTON_W), fixed(10), fixed(BUTTON_W)]
    )
    return ImportLayout(
        (inner.x, panel.y + 72),
        pygame.Rect(inner.x, panel.y + 110, inner.width, 44),
        pygame.Rect(inner.x, errors_top, inner.width, panel.bottom - 80 - errors_top),
        cancel,
        confirm,
    )


class ImportScene(ModalScene):
    """Import an adventure (``kind`` "save") or a book (``kind`` "book") from a path typed in.

    The app opens no system file dialog. A book is validated and copied into
    the player's books folder; every error of a broken book is listed.
    """

    def __init__(
        self,
        services: Services,
        on_done: Callable[[str, bool], object],
        kind: Literal["save", "book"] = "save",
        book_id: str | None = None,
    ) -> None:
        """``book_id``: a new version of that book of the player's (the file must be that book; nothing is asked)."""
        super().__init__(services.ui)
        self.services = services
        self.on_done = on_done
        self.kind = kind
        self.book_id = book_id
        self.keys = IMPORT_KEYS[kind]
        self.errors: list[str] = []
        self.layout(self.page)

    def heading(self) -> str:
        """The box's title: what is imported (a new version of one of the player's books names it)."""
        card = self.services.shelf.cards.get(self.book_id) if self.book_id is not None else None
        if card is not None:
            return self.ui.t("shelf.replace_book_title", title=card.title.get(self.ui.catalogue.language))
        return self.ui.t(self.keys[0])

    def spoken_errors(self) -> list[str]:
        """The errors a screen reader says: the first few, and how many more (a book may have thousands)."""
        if len(self.errors) <= SPOKEN_ERRORS:
            return self.errors
        return [*self.errors[:SPOKEN_ERRORS], self.ui.t("shelf.more_errors", count=len(self.errors) - SPOKEN_ERRORS)]

    def panel_size(self) -> tuple[int, int]:
        return 860, 290 if self.kind == "save" else 440

    def place_widgets(self) -> None:
        parts = import_layout(self.panel_rect())
        self.field = self.group.add(
            TextField(
                self.ui,
                parts.field,
                text=str(Path(platformdirs.user_documents_dir())) + "/",
                max_length=400,
                on_submit=lambda text: self.confirm(),
            )
        )
        self.group.add(Button(self.ui, parts.cancel, self.ui.tr("common.cancel"), on_click=self.dismiss))
        self.group.add(Button(self.ui, parts.confirm, self.ui.tr("shelf.import"), style="primary", on_click=self.confirm))

    def on_enter(self) -> None:
        self.group.focus.focus(self.field)

    def confirm(self, replace_taken: bool = False) -> None:
        """Import the file typed in; a book with the id of one on the shelf is imported only once the player agreed."""
        path = Path(self.field.text.strip()).expanduser()
        try:
            message = self._import_book(path, replace_taken) if self.kind == "book" else self._import_save(path)
        except BookTaken as taken:
            self.ask_replace(taken)
            return
        except BookError as error:
            self.errors = [self.ui.t("shelf.book_import_failed", file=error.file, count=len(error.every()))]
            self.errors += [f"{each.path}: {each.reason}" for each in error.every()]
            return
        except SaveError as error:
            self.errors = [self.ui.t("shelf.import_failed", reason=str(error))]
            return
        except OSError as error:
            self.errors = [self.ui.t("shelf.import_failed", reason=f"{path.name}: {error.strerror or error}")]
            return
        self.dismiss()
        self.on_done(message, False)

    def _import_save(self, path: Path) -> str:
        save_id = self.services.saves.import_file(path, self.services.shelf.books)
        return self.ui.t("shelf.imported", id=save_id)

    def _import_book(self, path: Path, replace_taken: bool) -> str:
        assert self.services.own_books is not None
        shelf = self.services.shelf
        bundled = [book_id for book_id in shelf.cards if book_id not in shelf.own]
        if self.book_id is not None:
            book = check_book(path)
            if book.id != self.book_id:
                raise BookError(path.name, "$.id", self.ui.t("shelf.not_that_book", found=book.id, wanted=self.book_id))
            replace_taken = True
        book, replaced = import_book(path, self.services.own_books, replace_taken=replace_taken, bundled=bundled)
        title = book.title.get(self.ui.catalogue.language)
        if not replaced:
            key = "shelf.book_imported"
        else:
            key = "shelf.book_replaced" if book.id in shelf.own else "shelf.book_replaced_bundled"
        return self.ui.t(key, title=title, id=book.id)

    def ask_replace(self, taken: BookTaken) -> None:
        """Say which book the file would replace (a bundled one, or one of the player's) and ask (issue 23 row 14)."""
        language = self.ui.catalogue.language
        card = self.services.shelf.cards.get(taken.book.id)
        old = card.title.get(language) if card is not None else taken.book.id
        key = "shelf.replace_own" if taken.own else "shelf.replace_bundled"
        self.services.navigator.open(
            self,
            Screen.DIALOG,
            self.ui.t(key, new=taken.book.title.get(language), old=old, id=taken.book.id),
            [(self.ui.tr("common.cancel"), False), (self.ui.tr("shelf.replace"), True)],
            title=self.ui.tr("shelf.replace_title"),
            cancel_value=False,
            default_index=0,
            width=760,
            on_result=lambda yes: self.confirm(replace_taken=True) if yes else None,
        )

    def draw(self, surface: pygame.Surface) -> None:
        p = self.ui.palette
        small = self.ui.theme.text_size("small")
        parts = import_layout(self.draw_frame(surface, self.heading()))
        blit_text(surface, self.ui.t(self.keys[1]), parts.help_at, "italic", small, p.ink_soft)
        box = parts.errors
        room = box.height // ERROR_LINE
        lines: list[str] = []
        for shown, text in enumerate(self.errors):  # wrap only what fits: a book may have 10 000 errors (issue 23 row 11)
            wrapped = wrap_words(text, "body", small, box.width)
            last = shown == len(self.errors) - 1
            if len(lines) + len(wrapped) > room - (0 if last else 1):  # one line stays for "… and N more"
                lines.append(self.ui.t("shelf.more_errors", count=len(self.errors) - shown))
                break
            lines += wrapped
        for i, line in enumerate(lines):
            blit_text(surface, line, (box.x, box.y + i * ERROR_LINE), "body", small, p.bad)
        self.group.draw(surface)

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: what is imported, how, and what went wrong."""
        ui = self.ui
        return join(self.heading(), ui.t(self.keys[1]), *self.spoken_errors(), ui.t("access.form_hint"))


IMPORT_KEYS = {"save": ("shelf.import_title", "shelf.import_help"), "book": ("shelf.import_book_title", "shelf.import_book_help")}

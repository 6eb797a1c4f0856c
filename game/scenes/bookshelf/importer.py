"""Importing onto the shelf: an adventure (a save) or a book, from a path the player types."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import platformdirs
import pygame

from game.app.modal import ModalScene
from game.app.services import Services
from game.books.loader import BookError
from game.storage.library import import_book
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
        self, services: Services, on_done: Callable[[str, bool], object], kind: Literal["save", "book"] = "save"
    ) -> None:
        super().__init__(services.ui)
        self.services = services
        self.on_done = on_done
        self.kind = kind
        self.keys = IMPORT_KEYS[kind]
        self.errors: list[str] = []
        self.layout(self.page)

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

    def confirm(self) -> None:
        path = Path(self.field.text.strip()).expanduser()
        try:
            message = self._import_book(path) if self.kind == "book" else self._import_save(path)
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

    def _import_book(self, path: Path) -> str:
        assert self.services.own_books is not None
        book, replaced = import_book(path, self.services.own_books)
        title = book.title.get(self.ui.catalogue.language)
        return self.ui.t("shelf.book_replaced" if replaced else "shelf.book_imported", title=title, id=book.id)

    def draw(self, surface: pygame.Surface) -> None:
        p = self.ui.palette
        small = self.ui.theme.text_size("small")
        parts = import_layout(self.draw_frame(surface, self.ui.t(self.keys[0])))
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
        title, help_key = self.keys
        return join(ui.t(title), ui.t(help_key), *self.errors, ui.t("access.form_hint"))


IMPORT_KEYS = {"save": ("shelf.import_title", "shelf.import_help"), "book": ("shelf.import_book_title", "shelf.import_book_help")}

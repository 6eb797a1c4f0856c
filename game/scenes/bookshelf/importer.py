"""Importing onto the shelf: an adventure (a save) or a book, chosen in the file browser (or typed in).

The import box is the file browser (game.scenes.common.files) whose choice is
imported: a book is validated and copied into the player's books folder (every
error of a broken book is listed, the box stays open); a book with the id of
one on the shelf is imported only once the player agreed, told which
(issue 23 row 14); an adventure is replayed and checked before it is listed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Literal

from game.app.export import export_folder
from game.app.navigator import Screen
from game.app.services import Services
from game.books.loader import BookError
from game.scenes.common.files.folder import typed_path
from game.scenes.common.files.places import Place
from game.scenes.common.files.scene import FileBrowserScene
from game.storage.library import BookTaken, check_book, import_book
from game.storage.save_head import SaveError
from game.ui.file_words import input_error_words, os_error_words
from game.ui.speech import join

SPOKEN_ERRORS = 6  # the heading line and five errors


class ImportScene(FileBrowserScene):
    """Import an adventure (``kind`` "save") or a book (``kind`` "book") from a file chosen or typed in.

    ``book_id``: a new version of that book of the player's (the file must be that book; nothing is asked).
    """

    def __init__(
        self,
        services: Services,
        on_done: Callable[[str, bool], object],
        kind: Literal["save", "book"] = "save",
        book_id: str | None = None,
    ) -> None:
        self.services = services
        self.on_done = on_done
        self.kind = kind
        self.book_id = book_id
        self.keys = IMPORT_KEYS[kind]
        ui = services.ui
        extra = [Place("books", services.own_books)] if kind == "book" and services.own_books is not None else []
        extra.append(Place("exports", export_folder(services)))
        super().__init__(
            ui,
            title=self.heading_for(services),
            help_text=ui.t(self.keys[1]),
            choose_label=ui.t("shelf.import"),
            start=Path(services.settings.recent_places[0]) if services.settings.recent_places else None,
            extra_places=extra,
            recent=services.settings.recent_places,
            on_recent=self._remember_places,
        )

    def heading_for(self, services: Services) -> str:
        """The box's title: what is imported (a new version of one of the player's books names it)."""
        ui = services.ui
        card = services.shelf.cards.get(self.book_id) if self.book_id is not None else None
        if card is not None:
            return ui.t("shelf.replace_book_title", title=card.title.get(ui.catalogue.language))
        return ui.t(self.keys[0])

    def heading(self) -> str:
        return self.title

    def _remember_places(self, recent: list[str]) -> None:
        self.services.settings.recent_places = recent
        self.services.save_settings()

    def confirm(self, replace_taken: bool = False) -> None:
        """Import the file in the path field (a folder typed there is shown instead)."""
        if not self.field.text.strip():
            return
        path = typed_path(self.field.text, self.folder)
        if path.is_dir():
            self.show(path)
        else:
            self.import_file(path, replace_taken)

    def choose_file(self, path: Path) -> None:
        self.import_file(path)

    def import_file(self, path: Path, replace_taken: bool = False) -> None:
        """Import ``path``; a book with the id of one on the shelf is imported only once the player agreed."""
        self.field.text = str(path)
        try:
            message = self._import_book(path, replace_taken) if self.kind == "book" else self._import_save(path)
        except BookTaken as taken:
            self.ask_replace(path, taken)
            return
        except BookError as error:
            self.errors = [self.ui.t("shelf.book_import_failed", file=error.file, count=len(error.every()))]
            self.errors += [input_error_words(self.ui, each) for each in error.every()]
            return
        except SaveError as error:
            self.errors = [
                self.ui.t(
                    "shelf.import_failed",
                    reason=self.ui.t("files.on_file", file=error.file, reason=input_error_words(self.ui, error)),
                )
            ]
            return
        except OSError as error:
            self.errors = [
                self.ui.t(
                    "shelf.import_failed",
                    reason=self.ui.t("files.on_file", file=path.name, reason=os_error_words(self.ui, error)),
                )
            ]
            return
        self.remember(path.parent)
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
                raise BookError.coded(path.name, "$.id", "not_that_book", found=book.id, wanted=self.book_id)
            replace_taken = True
        book, replaced = import_book(path, self.services.own_books, replace_taken=replace_taken, bundled=bundled)
        title = book.title.get(self.ui.catalogue.language)
        if not replaced:
            key = "shelf.book_imported"
        else:
            key = "shelf.book_replaced" if book.id in shelf.own else "shelf.book_replaced_bundled"
        return self.ui.t(key, title=title, id=book.id)

    def ask_replace(self, path: Path, taken: BookTaken) -> None:
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
            on_result=lambda yes: self.import_file(path, replace_taken=True) if yes else None,
        )

    def spoken_errors(self) -> list[str]:
        """The errors a screen reader says: the first few, and how many more (a book may have thousands)."""
        if len(self.errors) <= SPOKEN_ERRORS:
            return self.errors
        return [*self.errors[:SPOKEN_ERRORS], self.ui.t("shelf.more_errors", count=len(self.errors) - SPOKEN_ERRORS)]

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: what is imported, from where, and what went wrong."""
        ui = self.ui
        where = ui.t("files.spoken_folder_shown", folder=str(self.folder))
        return join(self.heading(), ui.t(self.keys[1]), where, *self.spoken_errors(), ui.t("access.form_hint"))


IMPORT_KEYS = {"save": ("shelf.import_title", "shelf.import_help"), "book": ("shelf.import_book_title", "shelf.import_book_help")}

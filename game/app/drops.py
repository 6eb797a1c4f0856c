"""Files dropped on the window (``pygame.DROPFILE``): each imported as a book or an adventure, from any screen.

A file holding a ``log`` is an adventure (replayed and checked, then listed
under a new id); any other is read as a book (validated, then copied into the
player's books folder). A book with the id of one on the shelf is never
replaced without a question naming it. What happened to every file of the
drop is said in one dialog over whatever is on screen (a dialog already open
included); nothing is imported on a locked stand. Every file is read through
game.safe_file: a FIFO, a device, a folder or a huge file is refused at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from game.app.navigator import Screen
from game.books.loader import BookError
from game.safe_json import MAX_FILE_BYTES, InputError, read_json_file
from game.storage.library import BookTaken, import_book
from game.storage.save_head import MAX_SAVE_BYTES, SaveError
from game.ui.file_words import input_error_words, os_error_words

if TYPE_CHECKING:
    from game.app.scene import SceneStack
    from game.app.services import Services

MAX_DROPPED = 20  # files of one drop imported; the rest are counted (a whole folder's files dropped by mistake)


class DropImport:
    """Imports what is dropped on the window and says how it went (``MainLoop(on_drop=...)``)."""

    def __init__(self, services: Services) -> None:
        self.services = services

    def __call__(self, files: Sequence[str], stack: SceneStack) -> None:
        ui = self.services.ui
        if self.services.locked or self.services.own_books is None:
            self._tell(stack, [ui.t("shelf.no_import_in_demo")])
            return
        lines: list[str] = []
        taken: list[tuple[Path, BookTaken]] = []
        books = 0
        for name in files[:MAX_DROPPED]:
            path = Path(name)
            try:
                line, book = self._import(path)
            except BookTaken as question:
                taken.append((path, question))
                continue
            except BookError as error:
                first = input_error_words(ui, error)
                line, book = ui.t("drop.book_failed", file=path.name, count=len(error.every()), first=first), False
            except (InputError, SaveError) as error:
                line, book = ui.t("drop.failed", file=path.name, reason=input_error_words(ui, error)), False
            except OSError as error:
                line, book = ui.t("drop.failed", file=path.name, reason=os_error_words(ui, error)), False
            lines.append(line)
            books += book
        if len(files) > MAX_DROPPED:
            lines.append(ui.t("drop.too_many", count=len(files) - MAX_DROPPED, limit=MAX_DROPPED))
        if books:
            self.services.reload_books()
        if lines:
            self._tell(stack, lines)
        for path, asked in reversed(taken):  # the questions open over the summary, the first on top
            self._ask(stack, path, asked)

    def _import(self, path: Path) -> tuple[str, bool]:
        """Import one file: the line that says what it became, and whether it was a book."""
        ui, services = self.services.ui, self.services
        data = read_json_file(path, SaveError, max(MAX_SAVE_BYTES, MAX_FILE_BYTES))
        if isinstance(data, dict) and "log" in data:
            save_id = services.saves.import_file(path, services.shelf.books)
            return ui.t("drop.adventure_imported", file=path.name, id=save_id), False
        return self._import_book(path, replace_taken=False), True

    def _import_book(self, path: Path, replace_taken: bool) -> str:
        services, ui = self.services, self.services.ui
        assert services.own_books is not None
        shelf = services.shelf
        bundled = [book_id for book_id in shelf.cards if book_id not in shelf.own]
        book, _replaced = import_book(path, services.own_books, replace_taken=replace_taken, bundled=bundled)
        return ui.t("drop.book_imported", file=path.name, title=book.title.get(ui.catalogue.language), id=book.id)

    def _ask(self, stack: SceneStack, path: Path, question: BookTaken) -> None:
        """The book would replace one on the shelf: say which, and import it only on "Replace"."""
        ui = self.services.ui
        language = ui.catalogue.language
        card = self.services.shelf.cards.get(question.book.id)
        old = card.title.get(language) if card is not None else question.book.id
        key = "shelf.replace_own" if question.own else "shelf.replace_bundled"

        def answer(yes: object) -> None:
            if not yes:
                return
            try:
                line = self._import_book(path, replace_taken=True)
            except (BookError, OSError) as error:
                words = input_error_words(ui, error) if isinstance(error, BookError) else os_error_words(ui, error)
                line = ui.t("drop.failed", file=path.name, reason=words)
            self.services.reload_books()
            self._tell(stack, [line])

        top = stack.top
        if top is None:
            return
        self.services.navigator.open(
            top,
            Screen.DIALOG,
            ui.t(key, new=question.book.title.get(language), old=old, id=question.book.id),
            [(ui.tr("common.cancel"), False), (ui.tr("shelf.replace"), True)],
            title=ui.tr("shelf.replace_title"),
            cancel_value=False,
            default_index=0,
            width=760,
            on_result=answer,
        )

    def _tell(self, stack: SceneStack, lines: list[str]) -> None:
        top = stack.top
        if top is None:
            return
        ui = self.services.ui
        self.services.navigator.open(
            top, Screen.DIALOG, "\n".join(lines), [(ui.tr("common.close"), None)], title=ui.tr("drop.title"), width=860
        )

"""The bookshelf's scene: its intents (start a book, continue, open, delete, export, import, turn the pages)
and its state (the saved adventures listed, the page of books shown, the message).

Each frame is painted from a new :class:`~game.scenes.bookshelf.view.ShelfView`.
"""

from __future__ import annotations

import errno
from functools import partial
from pathlib import Path
from typing import Any

import pygame

from game.app.fluid import FluidLayout
from game.app.navigator import Screen
from game.app.painted import PaintedPage
from game.app.recovery import AdventureBusy, VersionLine, open_saved, replay_problem, versions_of
from game.app.services import Services
from game.app.widget_screen import WidgetScreen
from game.books.loader import BookError
from game.books.shelf_index import BookCard
from game.scenes.bookshelf.controls import ShelfControls, build_controls
from game.scenes.bookshelf.layout import ShelfRegions, shelf_regions
from game.scenes.bookshelf.paint import paint_message, paint_page
from game.scenes.bookshelf.view import (
    ShelfView,
    describe_save,
    describe_version,
    my_books,
    ordered_books,
    series_key,
    view_of,
)
from game.storage.save_head import SaveError
from game.storage.saves import Listing
from game.ui.file_words import error_words, input_error_words, os_error_words
from game.ui.speech import SpokenText, join
from game.ui.theme import LOGICAL_SIZE

MAX_ERRORS_IN_DIALOG = 14


class BookshelfScene(PaintedPage[ShelfView, ShelfRegions], FluidLayout, WidgetScreen):
    """The first screen."""

    screen = Screen.SHELF
    paint_under = staticmethod(paint_page)
    paint_over = staticmethod(paint_message)
    help_on_f1 = True

    message = SpokenText()  # shown on the screen and said to a screen reader
    r: ShelfRegions
    controls: ShelfControls

    def __init__(self, services: Services, size: tuple[int, int] = LOGICAL_SIZE) -> None:
        super().__init__(services.ui)
        self.services = services
        self.message = None
        self.message_bad = False
        # One listing per visit: made here, and again when the shelf is shown anew (resume), not both at once.
        self.listing: list[Listing] = services.saves.listing()
        self.last_save = services.saves.last()  # what "continue" reopens, read with the listing (not every frame)
        self._listed_for_this_visit = True
        self.first_shown = 0  # the first book of the page of cards shown (a taller page shows more from it)
        self.layout(size)
        self.selection_changed()
        if services.problems:
            self.say("\n".join(error_words(self.ui, p) for p in services.problems), bad=True)
            services.problems.clear()
        for save_id in sorted(services.failing_saves):
            self.select_save(save_id)  # after a failed screen: its adventure is shown, its versions offered

    # -- layout ---------------------------------------------------------------------------
    def place_widgets(self) -> None:
        """The cards of the books on the page shown, the saved adventures and the buttons, for ``self.page``."""
        shelf = self.services.shelf
        self.shelf_shown = shelf  # a shelf read again (a book dropped on the window) is shown on resume
        # The numbered books first, by series then number, then the others (the demo), then the Rôle'n Play table.
        # Drawn from the books' cards (the shelf's index): a book is validated when it is opened.
        books = self.ordered_books()
        self.r = shelf_regions(
            self.page, [series_key(book, self.my_books()) for book in books], len(shelf.errors), self.first_shown
        )
        shown = books[self.r.cards.first : self.r.cards.first + self.r.cards.count]
        self.controls = build_controls(self.ui, self.r, shown, shelf.errors, self, demo=self.services.demo, own=self.own_books())
        for widget in self.controls.widgets():
            self.group.add(widget)
        self._show_listing()

    def keep_view(self) -> tuple[int | None, int]:
        """A re-layout keeps the selected adventure and how far the list is scrolled."""
        return self.controls.saves_list.selected, self.controls.saves_list.scroll_y

    def restore_view(self, kept: tuple[int | None, int]) -> None:
        selected, scrolled = kept
        saves_list = self.controls.saves_list
        saves_list.selected = selected if selected is not None and selected < len(self.listing) else None
        saves_list.scroll_to(scrolled)
        self.selection_changed(tell=False)  # said when it was selected: a resize does not say it again

    def own_books(self) -> set[str]:
        """The ids of the player's books that get a "…" menu (none on a locked stand)."""
        return set() if self.services.locked else self.services.shelf.own

    def ordered_books(self) -> list[BookCard]:
        """Every book's card in shelf order; on a locked stand the demo book only (issue 30 item 19)."""
        books = ordered_books(self.services.shelf.cards, self.my_books())
        if self.services.locked:
            stand = self.services.settings.demo_book  # the stand's book is a setting, never an id written here
            return [book for book in books if book.id == stand] or books  # no such book: the stand shows the shelf
        return books

    def my_books(self) -> set[str]:
        """The player's books shown as "Mon livre" (no series of their own, no bundled book replaced)."""
        shelf = self.services.shelf
        return my_books(shelf.cards, shelf.own, shelf.replaced)

    def lock_changed(self) -> None:
        self.layout(self.page)  # the cards shown follow the lock
        self.refresh()

    def refresh(self) -> None:
        """Re-read the saved adventures (and say what got in the way of the saves since, once)."""
        self.listing = self.services.saves.listing()
        self.last_save = self.services.saves.last()
        self._show_listing()
        self.selection_changed()
        if self.services.problems:
            self.say("\n".join(error_words(self.ui, p) for p in self.services.problems), bad=True)
            self.services.problems.clear()

    def _show_listing(self) -> None:
        self.controls.saves_list.set_items(
            [self._describe(item) for item in self.listing], icons=[None if item.save else "shield" for item in self.listing]
        )
        self.controls.continue_button.set_enabled(self.last_save is not None, self.ui.tr("shelf.nothing_to_continue"))

    def _lock(self) -> None:
        """A locked stand: nothing that writes outside the demo's slot (settings, export, import)."""
        locked, controls = self.services.locked, self.controls
        for button in (controls.settings_button, controls.import_button, controls.books_button):
            button.set_enabled(not locked, self.ui.tr("kiosk.locked"))
        if locked:  # these two follow the selection when the stand is open
            for button in (controls.export_button, controls.chronicles_button):
                button.set_enabled(False, self.ui.tr("kiosk.locked"))

    def _describe(self, item: Listing) -> str:
        return describe_save(self.ui, self.services.shelf.cards, item, self.my_books())

    def _selected(self) -> Listing | None:
        index = self.controls.saves_list.selected
        return self.listing[index] if index is not None and index < len(self.listing) else None

    def selection_changed(self, tell: bool = True) -> None:
        """The buttons follow the selected adventure; ``tell``: also say what is wrong with it (a broken save).

        The save selected is validated by replay now (once per file): one that reads but does not replay is
        as broken as one that does not read. "Open…" then offers its good versions; after a failed screen,
        "Open…" offers the save itself (everything played) first, and the earlier versions.
        """
        item, controls = self._selected(), self.controls
        open_button = controls.open_button
        reason = self.ui.tr("shelf.select_first")
        for button in (open_button, controls.delete_button, controls.export_button, controls.chronicles_button):
            button.set_enabled(item is not None, reason)
        open_button.label = self.ui.tr("shelf.open")
        problem = self._problem_of(item) if item is not None else None
        if item is not None and problem is not None:
            good = len(self._good_versions(item.id))
            open_button.label = self.ui.tr("shelf.open_choose")
            open_button.set_enabled(good > 0, self.ui.tr("shelf.no_good_version"))
            controls.export_button.set_enabled(False, self.ui.tr("shelf.cannot_export_broken"))
            if tell:
                versions = self.ui.t("shelf.good_versions", count=good) if good else self.ui.t("shelf.no_good_version")
                self.say(self.ui.t("shelf.broken_reason", reason=error_words(self.ui, problem)) + " " + versions, bad=True)
        elif item is not None and item.id in self.services.failing_saves:
            open_button.label = self.ui.tr("shelf.open_choose")
            if tell:
                self.say(self.ui.t("shelf.screen_failed"), bad=True)
        self._lock()

    def _problem_of(self, item: Listing) -> SaveError | None:
        """Why the save itself will not do (it does not read, or does not replay); None when it does.

        The whole file is read and replayed now (once per file): its line on the shelf then shows the file as
        it is now (changed since the listing, or its summary not what its log replays to).
        """
        if item.save is None:
            return item.error
        problem = replay_problem(self.services.saves, self.services.shelf.books, item.id)
        self._relist(item)
        return problem

    def _relist(self, item: Listing) -> None:
        """``item``'s line as the store lists it now (the listing keeps the head of each file it read)."""
        now = self.services.saves.listed(item.id)
        if now != item and item in self.listing:
            self.listing[self.listing.index(item)] = now
            self._show_listing()

    def _good_versions(self, save_id: str) -> list[VersionLine]:
        return versions_of(self.ui, self.services.saves, self.services.shelf.books, save_id)

    def say(self, text: str, bad: bool = False) -> None:
        self.message, self.message_bad = text, bad

    # -- actions ----------------------------------------------------------------------------
    def start_book(self, book_id: str) -> None:
        """A new hero for a Fighting Fantasy book, or a new Rôle'n Play table (the book validated now)."""
        book = self.services.shelf.books.get(book_id)
        if book is None:  # broken since it was indexed: now listed with its errors
            self._rebuild()
            self.say(self.ui.t("shelf.book_broken", error=str(self.services.shelf.errors[-1])), bad=True)
            return
        if book.kind == "rolenplay":
            from game.app.adventure import Adventure
            from game.rules.session import Session, Start  # here: the session's models are not needed to draw the shelf

            start = Start(language=self.ui.catalogue.language)
            session: Session[Any, Any] = Session(book, self.services.new_dice(), start)  # Any: the table's own state, actions
            # nothing is saved until the table is used: opening it and leaving leaves no nameless save behind
            self.services.navigator.go(self, Screen.RNP_TABLE, Adventure.unsaved(session, self.services.saves))
            return
        self.services.navigator.go(self, Screen.CREATION, book)

    def continue_last(self) -> None:
        last = self.services.saves.last()  # now: another window may have played since the listing
        item = next((i for i in self.listing if i.id == last), None)
        if item is not None and (item.id in self.services.failing_saves or self._problem_of(item) is not None):
            self.select_save(item.id)  # reopening it blindly would fail again: show it, with its versions offered
        elif last is not None:
            self.open(last)

    def select_save(self, save_id: str) -> None:
        """Select an adventure in the list (and say what can be done with it)."""
        for index, item in enumerate(self.listing):
            if item.id == save_id:
                self.controls.saves_list.select(index)
                self.selection_changed()
                return

    def open_selected(self) -> None:
        """Open the selected adventure, or offer its good versions when the save itself will not do."""
        item = self._selected()
        if item is None:
            return
        if item.id in self.services.failing_saves or self._problem_of(item) is not None:
            self.ask_version(item)
        else:
            self.open(item.id)

    def ask_version(self, item: Listing) -> None:
        """The good versions of ``item``, newest first: the player picks the one to open."""
        choices = [(describe_version(self.ui, line), line.number) for line in self._good_versions(item.id)]
        self.services.navigator.open(
            self,
            Screen.SHELF_VERSIONS,
            self.ui.tr("shelf.versions_title"),
            self.ui.tr("shelf.versions_intro"),
            choices,
            partial(self._open_version, item.id),
        )

    def _open_version(self, save_id: str, version: int) -> None:
        self.services.failing_saves.discard(save_id)  # the player chose: a new failure flags it again
        self.open(save_id, version)

    def open(self, save_id: str, version: int = 0, read_only: bool = False) -> None:
        """Replay a saved adventure (``version`` 0: the save itself) and show it where it stands.

        Another window holding it is asked about (read-only or a copy); an older version opened becomes the save.
        """
        try:
            adventure = open_saved(self.services.saves, self.services.shelf.books, save_id, version, read_only)
        except AdventureBusy:
            self.ask_busy(save_id, version)
            return
        except SaveError as error:
            self.say(self.ui.t("shelf.cannot_open", reason=error_words(self.ui, error)), bad=True)
            return
        if self.stack is not None:
            self.stack.replace(self.services.navigator.reopen(adventure))

    def ask_busy(self, save_id: str, version: int) -> None:
        """The adventure is open in another window: open it here read-only, or make a copy of it."""
        item = next((i for i in self.listing if i.id == save_id), None)
        self.services.navigator.open(
            self,
            Screen.DIALOG,
            self.ui.t("shelf.busy_message", name=self._describe(item) if item is not None else save_id),
            [
                (self.ui.tr("common.cancel"), None),
                (self.ui.tr("shelf.read_only"), "read"),
                (self.ui.tr("shelf.make_copy"), "copy"),
            ],
            title=self.ui.tr("shelf.busy_title"),
            cancel_value=None,
            default_index=1,
            on_result=partial(self._busy_answer, save_id, version),
        )

    def _busy_answer(self, save_id: str, version: int, answer: object) -> None:
        if answer == "read":
            self.open(save_id, version, read_only=True)
        elif answer == "copy":
            try:
                copy_id = self.services.saves.copy(save_id, version)
            except (OSError, SaveError) as error:
                self.say(self.ui.t("shelf.cannot_open", reason=error_words(self.ui, error)), bad=True)
                return
            self.refresh()
            self.say(self.ui.t("shelf.copied"))
            self.open(copy_id)

    def ask_delete(self) -> None:
        item = self._selected()
        if item is None or self.stack is None:
            return
        self.services.navigator.open(
            self,
            Screen.DIALOG,
            self.ui.t("shelf.delete_confirm", name=self._describe(item)),
            [(self.ui.tr("common.cancel"), False), (self.ui.tr("shelf.delete"), True)],
            title=self.ui.tr("shelf.delete_title"),
            cancel_value=False,
            default_index=0,
            on_result=lambda yes: self._delete(item.id) if yes else None,
        )

    def _delete(self, save_id: str) -> None:
        from game.app.chronicle import keep_before_delete

        try:  # the run's story outlives its save (the book's Chroniques)
            keep_before_delete(self.services.saves, self.services.shelf.books, save_id)
        except OSError as error:
            self.services.problems.append(error_words(self.ui, error))
        try:
            self.services.saves.delete(save_id)
        except OSError as error:  # open in another window: its next autosave would bring it back
            self.say(self.ui.t("shelf.delete_busy") if error.errno == errno.EBUSY else os_error_words(self.ui, error), bad=True)
            return
        self.controls.saves_list.select(None)
        self.refresh()
        self.say(self.ui.t("shelf.deleted"))

    def open_chronicles(self) -> None:
        """The Chroniques of the selected adventure's book (its runs, deaths and map of paths)."""
        item = self._selected()
        book = self.services.shelf.books.get(item.save.book) if item is not None and item.save is not None else None
        if book is not None:
            self.services.navigator.open(self, Screen.CHRONICLES, book)

    def export_selected(self) -> None:
        item = self._selected()
        if item is None or item.save is None:
            return
        from game.app.export import export_folder  # here: the export's journal and words are not the shelf's start

        folder = export_folder(self.services)
        target = folder / f"feuille-{item.id}.json"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            self.services.saves.export(item.id, target)
        except (OSError, SaveError) as error:
            self.say(self.ui.t("shelf.export_failed", reason=error_words(self.ui, error)), bad=True)
            return
        self.say(self.ui.t("shelf.exported", path=str(target)))

    def ask_import(self) -> None:
        if self.services.demo:
            self.say(self.ui.t("shelf.no_import_in_demo"), bad=True)
        elif self.stack is not None:
            self.services.navigator.open(self, Screen.SHELF_IMPORT, on_done=self._imported)

    def _imported(self, message: str, bad: bool) -> None:
        self.refresh()
        self.say(message, bad)

    def ask_import_book(self) -> None:
        """Copy a book file into the player's books folder, once it is checked to be a valid book."""
        if self.services.own_books is None or self.services.locked:
            self.say(self.ui.t("shelf.no_import_in_demo"), bad=True)
        elif self.stack is not None:
            self.services.navigator.open(self, Screen.SHELF_IMPORT, on_done=self._book_imported, kind="book")

    def _book_imported(self, message: str, bad: bool) -> None:
        before = set(self.services.shelf.cards)
        self.services.reload_books()
        self._rebuild()
        new = sorted(set(self.services.shelf.cards) - before)
        if new:
            self.show_book(new[0])  # the page of the new book's card
        self.say(message, bad)

    # -- the player's books (issue 26 item 3) -------------------------------------------------
    def books_menu(self) -> None:
        """The player's books: make one in the book builder, import one, show their folder in the file manager, read
        the folder again."""
        folder = self.services.own_books
        if folder is None or self.services.locked:
            self.say(self.ui.t("shelf.no_import_in_demo"), bad=True)
            return
        self.services.navigator.open(
            self,
            Screen.DIALOG,
            self.ui.t("shelf.books_menu_message", folder=str(folder), count=len(self.services.shelf.own)),
            [
                (self.ui.tr("shelf.new_book"), "new"),
                (self.ui.tr("shelf.import_book_menu"), "import"),
                (self.ui.tr("shelf.open_books_folder"), "folder"),
                (self.ui.tr("shelf.reload_books"), "reload"),
                (self.ui.tr("common.close"), None),
            ],
            title=self.ui.tr("shelf.books_menu_title"),
            cancel_value=None,
            default_index=0,
            width=760,
            on_result=self._books_menu_choice,
        )

    def _books_menu_choice(self, choice: object) -> None:
        if choice == "new":
            self.new_book()
        elif choice == "import":
            self.ask_import_book()
        elif choice == "folder":
            self.open_books_folder()
        elif choice == "reload":
            self.reload_books()

    def new_book(self, book_id: str | None = None) -> None:
        """The book builder: a new book made from a form (``book_id``: edit that book of the player's)."""
        if self.services.own_books is None or self.services.locked:
            self.say(self.ui.t("shelf.no_import_in_demo"), bad=True)
            return
        self.services.navigator.open(self, Screen.BOOK_BUILDER, book_id)

    def reload_books(self) -> None:
        """Read the books folders again (a book fixed, added or taken away by hand), without a restart."""
        self.services.reload_books()
        self._rebuild()
        shelf = self.services.shelf
        text = self.ui.t("shelf.books_reloaded", count=len(shelf.cards))
        if shelf.errors:
            text += " " + self.ui.t("shelf.books_reloaded_broken", count=len(shelf.errors))
        self.say(text, bad=bool(shelf.errors))

    def open_books_folder(self) -> None:
        """Show the player's books folder in the system's file manager (made first if it is not there yet)."""
        from game.app.file_manager import open_folder

        folder = self.services.own_books
        if folder is None:
            return
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            self.say(self.ui.t("shelf.folder_not_opened", folder=str(folder), reason=os_error_words(self.ui, error)), bad=True)
            return
        problem = open_folder(folder)
        if problem is None:
            self.say(self.ui.t("shelf.folder_opened", folder=str(folder)))
        else:
            self.say(self.ui.t("shelf.folder_not_opened", folder=str(folder), reason=os_error_words(self.ui, problem)), bad=True)

    def _adventures_of(self, book_id: str) -> list[Listing]:
        return [item for item in self.listing if item.save is not None and item.save.book == book_id]

    def book_menu(self, book_id: str) -> None:
        """One of the player's books: edit it in the book builder, replace it with a new version of its file, or take
        it off the shelf."""
        card = self.services.shelf.cards.get(book_id)
        if card is None or book_id not in self.services.shelf.own:
            return
        self.services.navigator.open(
            self,
            Screen.DIALOG,
            self.ui.t("shelf.book_menu_message", file=Path(card.file).name, count=len(self._adventures_of(book_id))),
            [
                (self.ui.tr("shelf.edit_book"), "edit"),
                (self.ui.tr("shelf.replace_book"), "replace"),
                (self.ui.tr("shelf.remove_book"), "remove"),
                (self.ui.tr("common.close"), None),
            ],
            title=card.title.get(self.ui.catalogue.language),
            cancel_value=None,
            default_index=0,
            width=760,
            on_result=partial(self._book_menu_choice, book_id),
        )

    def _book_menu_choice(self, book_id: str, choice: object) -> None:
        if choice == "edit":
            self.new_book(book_id)
        elif choice == "replace":
            self.services.navigator.open(
                self, Screen.SHELF_IMPORT, on_done=partial(self._book_replaced, book_id), kind="book", book_id=book_id
            )
        elif choice == "remove":
            self.ask_remove_book(book_id)

    def _book_replaced(self, book_id: str, message: str, bad: bool) -> None:
        """The new version is on the shelf: say how many of its adventures replay on it, and which do not."""
        self._book_imported(message, bad)
        adventures = self._adventures_of(book_id)
        failing = [item for item in adventures if self._problem_of(item) is not None]
        if adventures:
            message += " " + self.ui.t("shelf.replaced_replays", count=len(adventures) - len(failing))
        if failing:
            first = self._problem_of(failing[0])
            message += " " + self.ui.t(
                "shelf.replaced_not_replaying", count=len(failing), name=self._describe(failing[0]), reason=str(first)
            )
        self.say(message, bad or bool(failing))

    def ask_remove_book(self, book_id: str) -> None:
        """Ask before taking a book off the shelf: its file is kept aside, its adventures stay."""
        card = self.services.shelf.cards.get(book_id)
        if card is None:
            return
        count = len(self._adventures_of(book_id))
        key = "shelf.remove_book_confirm" if count else "shelf.remove_book_confirm_none"
        self.services.navigator.open(
            self,
            Screen.DIALOG,
            self.ui.t(key, title=card.title.get(self.ui.catalogue.language), count=count),
            [(self.ui.tr("common.cancel"), False), (self.ui.tr("shelf.remove_book"), True)],
            title=self.ui.tr("shelf.remove_book_title"),
            cancel_value=False,
            default_index=0,
            width=760,
            on_result=lambda yes: self._remove_book(book_id) if yes else None,
        )

    def _remove_book(self, book_id: str) -> None:
        from game.storage.library import remove_book

        folder, card = self.services.own_books, self.services.shelf.cards.get(book_id)
        if folder is None or card is None:
            return
        title = card.title.get(self.ui.catalogue.language)
        try:
            kept = remove_book(folder, book_id)
        except OSError as error:
            self.say(self.ui.t("shelf.remove_failed", title=title, reason=os_error_words(self.ui, error)), bad=True)
            return
        self.services.reload_books()
        self._rebuild()
        back = self.services.shelf.cards.get(book_id)  # a bundled book it shadowed is on the shelf again
        key = "shelf.book_removed_bundled_back" if back is not None else "shelf.book_removed"
        self.say(self.ui.t(key, title=title, folder=str(kept.parent)))

    def turn(self, by: int) -> None:
        """Show the next (or previous) page of books."""
        cards = self.r.cards
        self.first_shown = cards.starts[max(0, min(cards.pages - 1, cards.index + by))]
        self._rebuild()
        cards, language = self.r.cards, self.ui.catalogue.language
        shown = self.ordered_books()[cards.first : cards.first + cards.count]
        titles = ", ".join(book.title.get(language) for book in shown)
        self.ui.say(self.ui.t("shelf.page_now", page=cards.index + 1, pages=cards.pages, titles=titles))  # a page turned

    def show_book(self, book_id: str) -> None:
        """Turn to the page that holds ``book_id``'s card."""
        ordered = [book.id for book in self.ordered_books()]
        if book_id in ordered:
            self.first_shown = ordered.index(book_id)
            self._rebuild()

    def _rebuild(self) -> None:
        self.layout(self.page)  # the cards follow the books (and the page of them) now shown
        self.refresh()

    def show_book_errors(self, error: BookError) -> None:
        """Every error of a broken book file: where in the file, and why."""
        if self.stack is None:
            return
        lines = [input_error_words(self.ui, each) for each in error.every()]
        shown = lines[:MAX_ERRORS_IN_DIALOG] + (
            [self.ui.t("shelf.more_errors", count=len(lines) - MAX_ERRORS_IN_DIALOG)] if len(lines) > MAX_ERRORS_IN_DIALOG else []
        )
        self.services.navigator.open(
            self,
            Screen.DIALOG,
            "\n".join(shown),
            [(self.ui.tr("common.close"), None)],
            title=self.ui.t("shelf.book_errors_title", file=error.file),
            width=1000,
        )

    def open_settings(self) -> None:
        self.services.navigator.open(self, Screen.SETTINGS)

    def open_help(self) -> None:
        self.services.navigator.open(self, Screen.HELP, "bookshelf")

    def quit(self) -> None:
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    def resume(self) -> None:
        if self.services.shelf is not self.shelf_shown:  # read again while an overlay was open (a drop)
            self._rebuild()
            return
        if self._listed_for_this_visit:  # the shelf just made: its listing is fresh
            self._listed_for_this_visit = False
            return
        self.refresh()

    def escape(self) -> None:
        """The shelf is the first screen: Escape leaves nothing (Quit is a button)."""

    # -- frame ------------------------------------------------------------------------------
    def view(self) -> ShelfView:
        """What the shelf shows now."""
        shelf = self.services.shelf
        return view_of(
            self.ui,
            shelf.cards,
            shelf.errors,
            self.r.cards,
            self.listing,
            self.last_save,
            message=self.message,
            message_bad=self.message_bad,
            own=self.own_books(),
            mine=self.my_books(),
        )

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: the books on the shelf and how many saved adventures."""
        ui = self.ui
        language = ui.catalogue.language
        titles = ", ".join(card.title.get(language) for card in self.services.shelf.cards.values())
        return join(
            ui.t("access.screen_shelf", titles=titles), ui.t("access.saves", n=len(self.listing)), ui.t("access.tab_hint")
        )

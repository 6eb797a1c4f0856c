"""The bookshelf's controls, placed from the shelf's regions for the page (``layout.shelf_regions``).

Rebuilt whenever the page changes size or turns (the cards follow the books shown):
a "new hero" button per book card of the page, "‹ ›" when the books take several
pages, an "errors" button per broken book file shown, the saved adventures' list
with its buttons, and the bottom row of buttons along the page's foot.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Protocol

from game.books.loader import BookError
from game.books.shelf_index import BookCard
from game.scenes.bookshelf.layout import MAX_BROKEN_SHOWN, SAVE_ROW, ShelfRegions
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.scroll_list import ScrollList
from game.ui.widget import Widget


class ShelfIntents(Protocol):
    """What the player can do on the bookshelf."""

    def start_book(self, book_id: str) -> None: ...
    def turn(self, by: int) -> None: ...
    def show_book_errors(self, error: BookError) -> None: ...
    def continue_last(self) -> None: ...
    def selection_changed(self) -> None: ...
    def open_selected(self) -> None: ...
    def ask_delete(self) -> None: ...
    def export_selected(self) -> None: ...
    def ask_import(self) -> None: ...
    def open_settings(self) -> None: ...
    def open_help(self) -> None: ...
    def books_menu(self) -> None: ...
    def book_menu(self, book_id: str) -> None: ...
    def open_chronicles(self) -> None: ...
    def quit(self) -> None: ...


@dataclass
class ShelfControls:
    """The bookshelf's widgets (``previous_page``/``next_page`` only when the books take several pages)."""

    previous_page: Button | None
    next_page: Button | None
    book_buttons: list[tuple[Button, str]]  # each card's button and its book's id
    menu_buttons: list[tuple[Button, str]]  # the "…" of each card of the player's own books, and its book's id
    error_buttons: list[Button]
    continue_button: Button
    saves_list: ScrollList
    open_button: Button
    delete_button: Button
    export_button: Button
    import_button: Button
    settings_button: Button
    help_button: Button
    books_button: Button
    chronicles_button: Button
    quit_button: Button

    def menu_buttons_by_card(self) -> list[Button | None]:
        """Each card's "…" button (None for a bundled book), in the cards' order."""
        menus = {book_id: button for button, book_id in self.menu_buttons}
        return [menus.get(book_id) for _button, book_id in self.book_buttons]

    def widgets(self) -> list[Widget]:
        """Every widget in the keyboard's order: the books' panel, the adventures' panel, the bottom row."""
        pages = [b for b in (self.previous_page, self.next_page) if b is not None]
        return [
            *pages,
            *(
                each
                for menu, (button, _book) in zip(self.menu_buttons_by_card(), self.book_buttons, strict=True)
                for each in (menu, button)
                if each is not None
            ),
            *self.error_buttons,
            self.continue_button,
            self.saves_list,
            self.open_button,
            self.delete_button,
            self.export_button,
            self.import_button,
            self.settings_button,
            self.help_button,
            self.books_button,
            self.chronicles_button,
            self.quit_button,
        ]


def card_tooltip(ui: UIContext, book: BookCard) -> str:
    """A book's whole title and blurb, in the language now shown (the card may shorten them)."""
    language = ui.catalogue.language
    title = book.title.get(language)
    return f"{title} — {book.blurb.get(language)}" if book.blurb is not None else title


def card_spoken(ui: UIContext, book: BookCard, key: str) -> str:
    """What a screen reader calls a card's button: its label and the book's whole title ("New hero: …")."""
    return ui.t(key + "_spoken", book=book.title.get(ui.catalogue.language))


def _books(
    ui: UIContext,
    r: ShelfRegions,
    shown: Sequence[BookCard],
    errors: Sequence[BookError],
    intents: ShelfIntents,
    own: Collection[str],
) -> tuple[Button | None, Button | None, list[tuple[Button, str]], list[tuple[Button, str]], list[Button]]:
    """The books' panel: "‹ ›" (several pages), a button per card shown (and a "…" menu on the player's own
    books: replace, remove), an "errors" button per broken file."""
    previous = following = None
    if r.cards.pages > 1:  # more books than fit: the panel turns its pages
        left, right = r.page_buttons()
        previous = Button(ui, left, "‹", on_click=lambda: intents.turn(-1), tooltip=ui.tr("shelf.previous_page"))
        following = Button(ui, right, "›", on_click=lambda: intents.turn(1), tooltip=ui.tr("shelf.next_page"))
        previous.set_enabled(r.cards.index > 0, ui.tr("shelf.first_page"))
        following.set_enabled(r.cards.index < r.cards.pages - 1, ui.tr("shelf.last_page"))
    cards, menus = [], []
    for index, book in enumerate(shown):
        key = "shelf.open_table" if book.kind == "rolenplay" else "shelf.new_hero"
        button = Button(ui, r.card_button(index), ui.tr(key), style="primary", on_click=partial(intents.start_book, book.id))
        button.tooltip = partial(card_tooltip, ui, book)
        button.spoken_name = partial(card_spoken, ui, book, key)  # six "New hero" buttons: say whose book
        cards.append((button, book.id))
        if book.id in own:
            menu = Button(ui, r.card_menu_button(index), "…", on_click=partial(intents.book_menu, book.id))
            menu.tooltip = ui.tr("shelf.book_menu_tip")
            menu.spoken_name = partial(ui.t, "shelf.book_menu_name", title=book.title.get(ui.catalogue.language))
            menus.append((menu, book.id))
    # Each broken book file gets a button showing every error it has (the line drawn beside it shows the first).
    shown_errors = [
        Button(ui, r.error_button(index), ui.tr("shelf.show_errors"), on_click=partial(intents.show_book_errors, error))
        for index, error in enumerate(errors[:MAX_BROKEN_SHOWN])
    ]
    return previous, following, cards, menus, shown_errors


def build_controls(
    ui: UIContext,
    regions: ShelfRegions,
    shown: Sequence[BookCard],
    errors: Sequence[BookError],
    intents: ShelfIntents,
    *,
    demo: bool,
    own: Collection[str] = (),
) -> ShelfControls:
    """Every control of the shelf for ``regions``: ``shown`` are the books of the page of cards, ``errors`` the
    broken book files (the first ones get a button); ``own``: the ids of the player's books (a "…" menu);
    ``demo``: a convention stand (no Quit: the operator's chord quits)."""
    r = regions
    previous, following, cards, menus, error_buttons = _books(ui, r, shown, errors, intents, own)
    saves_list = ScrollList(
        ui,
        r.saves_list(),
        row_height=SAVE_ROW,
        on_select=lambda _i: intents.selection_changed(),
        on_activate=lambda _i: intents.open_selected(),
        empty=ui.tr("shelf.no_saves"),
        spoken_name=ui.tr("shelf.saves"),
    )
    opened, delete, export, import_save = r.save_buttons()
    (settings, help_, books, chronicles), quit_rect = r.bar_buttons()
    quit_button = Button(ui, quit_rect, ui.tr("shelf.quit"), on_click=intents.quit)
    quit_button.visible = not demo
    return ShelfControls(
        previous_page=previous,
        next_page=following,
        book_buttons=cards,
        menu_buttons=menus,
        error_buttons=error_buttons,
        continue_button=Button(ui, r.continue_button, ui.tr("shelf.continue"), style="primary", on_click=intents.continue_last),
        saves_list=saves_list,
        open_button=Button(ui, opened, ui.tr("shelf.open"), on_click=intents.open_selected),
        delete_button=Button(ui, delete, ui.tr("shelf.delete"), style="danger", on_click=intents.ask_delete),
        export_button=Button(ui, export, ui.tr("shelf.export"), on_click=intents.export_selected),
        import_button=Button(ui, import_save, ui.tr("shelf.import"), on_click=intents.ask_import),
        settings_button=Button(ui, settings, ui.tr("shelf.settings"), on_click=intents.open_settings),
        help_button=Button(ui, help_, ui.tr("shelf.help"), on_click=intents.open_help),
        books_button=Button(ui, books, ui.tr("shelf.my_books"), on_click=intents.books_menu, tooltip=ui.tr("shelf.my_books_tip")),
        chronicles_button=Button(
            ui,
            chronicles,
            ui.tr("play.open_chronicles"),
            on_click=intents.open_chronicles,
            tooltip=ui.tr("play.open_chronicles_tip"),
        ),
        quit_button=quit_button,
    )

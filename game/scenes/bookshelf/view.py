"""What the bookshelf shows, read from the shelf's book cards, its broken files and the saved adventures.

``view_of`` builds a frozen :class:`ShelfView` for each frame: the cards of the
page of books shown (each from the book's own card: label, title, blurb), the
page's number, the broken book files' first errors, the adventure "continue"
reopens and the message. The words of a saved adventure's line
(:func:`describe_save`) are also the list's items and the delete question's.
Every word comes from the catalogue, the books' cards and the saves.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from game.app.recovery import VersionLine, when_text
from game.books.loader import BookError
from game.books.shelf_index import BookCard
from game.scenes.bookshelf.layout import MAX_BROKEN_SHOWN, CardsPage
from game.storage.saves import Listing, book_changed
from game.ui.context import UIContext
from game.ui.file_words import error_words


@dataclass(frozen=True)
class CardView:
    """A book's card: "DF 31 · title" and its blurb ("" without one); ``own``: one of the player's books (a "…" menu)."""

    heading: str
    blurb: str
    own: bool = False


@dataclass(frozen=True)
class ShelfView:
    """The bookshelf of one frame."""

    cards: tuple[CardView, ...]  # the page of books shown, in shelf order
    headings: tuple[tuple[int, str], ...]  # (card on the page, "Loup Solitaire · 2 livres") above the first of a series
    page_label: str | None  # "1/3" when the books take several pages
    broken: tuple[str, ...]  # the first error of each broken book file shown
    more_broken: str | None  # how many more broken files there are
    last_save: str | None  # the adventure "continue" reopens
    message: str | None
    message_bad: bool


HOME_SERIES = "Défis Fantastiques"  # the app's own series comes first on the shelf
MY_BOOKS = "\x00mine"  # the series key of the player's books shown as "Mon livre" (never a series' name)
DEFAULT_SERIES_SHORT = "DF"  # a book that names no series of its own is numbered in Défis Fantastiques


def my_books(cards: Mapping[str, BookCard], own: Collection[str], replaced: Collection[str]) -> set[str]:
    """The player's own books that are not of a series of their own nor a corrected edition of a bundled book:
    the shelf calls them "Mon livre" rather than by a number in Défis Fantastiques ("DF 99", issue 26 item 5)."""
    return {book_id for book_id in own if book_id not in replaced and book_id in cards and _default_series(cards[book_id])}


def _default_series(book: BookCard) -> bool:
    return book.series is None or book.series.short.fr == DEFAULT_SERIES_SHORT


def series_key(book: BookCard, mine: Collection[str] = ()) -> str:
    """The series a book is shelved with (its French name; "" for a book of no series, the Rôle'n Play table;
    MY_BOOKS for the player's "Mon livre" books, grouped under a heading of their own)."""
    if book.id in mine:
        return MY_BOOKS
    return book.series.heading("fr") if book.series is not None else ""


def shelf_order(book: BookCard, mine: Collection[str] = ()) -> tuple[bool, bool, bool, str, bool, int, str]:
    """Books by series (Défis Fantastiques first, then the others by name), in each by number, unnumbered ones
    (the demo) at its end; then the player's "Mon livre" books; the Rôle'n Play table last."""
    own = book.id in mine
    number, series = (None if own else book.series_number), series_key(book, mine)
    return (book.kind != "fighting_fantasy", own, series != HOME_SERIES, series, number is None, number or 0, book.id)


def ordered_books(cards: Mapping[str, BookCard], mine: Collection[str] = ()) -> list[BookCard]:
    """Every book's card in shelf order."""
    return sorted(cards.values(), key=lambda book: shelf_order(book, mine))


def series_heading(ui: UIContext, books: Sequence[BookCard], book: BookCard, mine: Collection[str] = ()) -> str:
    """The heading of ``book``'s series: its name and how many of its books the shelf holds."""
    key = series_key(book, mine)
    count = sum(1 for other in books if series_key(other, mine) == key)
    if key == MY_BOOKS:
        name = ui.t("shelf.my_books_heading")
    else:
        name = book.series.heading(ui.catalogue.language) if book.series is not None else ui.t("shelf.series_other")
    return ui.t("shelf.series_heading", series=name, count=count)


def book_label(ui: UIContext, book: BookCard, mine: Collection[str]) -> str:
    """A book's short name on the shelf: "DF 31", a series of the player's own with its number, "Mon livre"."""
    return ui.t("shelf.my_book") if book.id in mine else book.label(ui.catalogue.language)


def card_view(ui: UIContext, book: BookCard, own: bool = False, mine: Collection[str] = ()) -> CardView:
    language = ui.catalogue.language
    label = book_label(ui, book, mine)
    heading = (f"{label} · " if label else "") + book.title.get(language)
    return CardView(heading, book.blurb.get(language) if book.blurb else "", own)


def describe_save(ui: UIContext, cards: Mapping[str, BookCard], item: Listing, mine: Collection[str] = ()) -> str:
    """A saved adventure in one line: hero, book, paragraph, death, another edition, date (or why it is broken)."""
    if item.save is None:
        return ui.t("shelf.save_broken", file=item.path.name)
    language = ui.catalogue.language
    book = cards.get(item.save.book)
    label = book.label(language) if book is not None and book.id not in mine else ""  # "Mon livre" says too little
    title = label or (book.title.get(language) if book is not None else ui.t("shelf.book_missing", id=item.save.book))
    summary = item.save.summary
    hero = summary.hero or ui.t("shelf.no_name")
    where = ui.t("shelf.paragraph", number=summary.paragraph) if summary.paragraph else ""
    dead = ui.t("shelf.dead") if not summary.alive else ""
    when = when_text(item.save.updated)
    edition = ui.t("shelf.other_edition") if book is not None and book_changed(item.save, book) else ""
    return " · ".join(part for part in (hero, title, where, dead, edition, when) if part)


def describe_version(ui: UIContext, line: VersionLine) -> str:
    """One good version in one line: when, which (the save itself, backup n), how many actions, the last one."""
    which = ui.t("shelf.version_current") if line.number == 0 else ui.t("shelf.version_backup", n=line.number)
    parts = (line.when, which, ui.t("shelf.version_actions", count=line.actions), line.last_action)
    return " · ".join(part for part in parts if part)


def view_of(
    ui: UIContext,
    cards: Mapping[str, BookCard],
    errors: Sequence[BookError],
    page: CardsPage,
    listing: Sequence[Listing],
    last: str | None,
    *,
    message: str | None,
    message_bad: bool,
    own: Collection[str] = (),
    mine: Collection[str] = (),
) -> ShelfView:
    """The shelf now: the ``page`` of books, the broken files, the adventure ``last`` saved, the message."""
    books = ordered_books(cards, mine)
    shown = books[page.first : page.first + page.count]
    item = next((i for i in listing if i.id == last), None) if last is not None else None
    return ShelfView(
        cards=tuple(card_view(ui, book, book.id in own, mine) for book in shown),
        headings=tuple((at, series_heading(ui, books, shown[at], mine)) for at in page.headings if at < len(shown)),
        page_label=ui.t("shelf.page", page=page.index + 1, pages=page.pages) if page.pages > 1 else None,
        broken=tuple(ui.t("shelf.book_broken", error=error_words(ui, error)) for error in errors[:MAX_BROKEN_SHOWN]),
        more_broken=ui.t("shelf.more_broken", count=len(errors) - MAX_BROKEN_SHOWN) if len(errors) > MAX_BROKEN_SHOWN else None,
        last_save=describe_save(ui, cards, item, mine) if item is not None else None,
        message=message,
        message_bad=message_bad,
    )

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


def series_key(book: BookCard) -> str:
    """The series a book is shelved with (its French name; "" for a book of no series, the Rôle'n Play table)."""
    return book.series.heading("fr") if book.series is not None else ""


def shelf_order(book: BookCard) -> tuple[bool, bool, str, bool, int, str]:
    """Books by series (Défis Fantastiques first, then the others by name), in each by number, unnumbered ones
    (the demo) at its end; the Rôle'n Play table last."""
    number, series = book.series_number, series_key(book)
    return (book.kind != "fighting_fantasy", series != HOME_SERIES, series, number is None, number or 0, book.id)


def ordered_books(cards: Mapping[str, BookCard]) -> list[BookCard]:
    """Every book's card in shelf order."""
    return sorted(cards.values(), key=shelf_order)


def series_heading(ui: UIContext, books: Sequence[BookCard], book: BookCard) -> str:
    """The heading of ``book``'s series: its name and how many of its books the shelf holds."""
    key = series_key(book)
    count = sum(1 for other in books if series_key(other) == key)
    name = book.series.heading(ui.catalogue.language) if book.series is not None else ui.t("shelf.series_other")
    return ui.t("shelf.series_heading", series=name, count=count)


def card_view(book: BookCard, language: str, own: bool = False) -> CardView:
    label = book.label(language)
    heading = (f"{label} · " if label else "") + book.title.get(language)
    return CardView(heading, book.blurb.get(language) if book.blurb else "", own)


def describe_save(ui: UIContext, cards: Mapping[str, BookCard], item: Listing) -> str:
    """A saved adventure in one line: hero, book, paragraph, death, another edition, date (or why it is broken)."""
    if item.save is None:
        return ui.t("shelf.save_broken", file=item.path.name)
    language = ui.catalogue.language
    book = cards.get(item.save.book)
    label = book.label(language) if book is not None else ""
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
) -> ShelfView:
    """The shelf now: the ``page`` of books, the broken files, the adventure ``last`` saved, the message."""
    language = ui.catalogue.language
    books = ordered_books(cards)
    shown = books[page.first : page.first + page.count]
    item = next((i for i in listing if i.id == last), None) if last is not None else None
    return ShelfView(
        cards=tuple(card_view(book, language, book.id in own) for book in shown),
        headings=tuple((at, series_heading(ui, books, shown[at])) for at in page.headings if at < len(shown)),
        page_label=ui.t("shelf.page", page=page.index + 1, pages=page.pages) if page.pages > 1 else None,
        broken=tuple(ui.t("shelf.book_broken", error=str(error)) for error in errors[:MAX_BROKEN_SHOWN]),
        more_broken=ui.t("shelf.more_broken", count=len(errors) - MAX_BROKEN_SHOWN) if len(errors) > MAX_BROKEN_SHOWN else None,
        last_save=describe_save(ui, cards, item) if item is not None else None,
        message=message,
        message_bad=message_bad,
    )

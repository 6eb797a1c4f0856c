"""The bookshelf's controls, placed from the shelf's regions for the page (``bookshelf_paint.shelf_regions``).

Rebuilt whenever the page changes size or turns (the cards follow the books shown):
as many book cards as the panel's height holds, the saved adventures' list as tall as
the panel allows, the bottom row of buttons along the page's foot.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.scenes.bookshelf_paint import BROKEN_ROW, MAX_BROKEN_SHOWN, SAVE_ROW
from game.ui.button import Button
from game.ui.scroll_list import ScrollList

if TYPE_CHECKING:
    from game.scenes.bookshelf import BookshelfScene


def build(scene: BookshelfScene, ordered: list) -> None:
    """Add every control of the shelf to ``scene.group``: ``ordered`` is every book in shelf order."""
    _book_cards(scene, ordered)
    _saves(scene)
    _bottom_row(scene)


def _book_cards(scene: BookshelfScene, ordered: list) -> None:
    ui, g, r = scene.ui, scene.group, scene.r
    broken = len(scene.services.shelf.errors)
    per_page = r.books_per_page(broken)
    scene.pages = max(1, -(-len(ordered) // per_page))
    scene.book_page = min(scene.first_shown // per_page, scene.pages - 1)
    shown = ordered[scene.book_page * per_page : (scene.book_page + 1) * per_page]
    scene.card_h = r.card_height(len(shown), broken)
    if scene.pages > 1:  # more books than fit: the panel turns its pages
        top = r.books.y + 12
        scene.previous_page = g.add(Button(ui, (r.books.right - 112, top, 44, 36), "‹", on_click=lambda: scene.turn(-1)))
        scene.next_page = g.add(Button(ui, (r.books.right - 60, top, 44, 36), "›", on_click=lambda: scene.turn(1)))
        scene.previous_page.set_enabled(scene.book_page > 0, ui.tr("shelf.first_page"))
        scene.next_page.set_enabled(scene.book_page < scene.pages - 1, ui.tr("shelf.last_page"))
    scene.book_buttons = []
    for index, book in enumerate(shown):
        card = r.card(index, scene.card_h)
        button = Button(
            ui,
            r.card_button(card),
            ui.tr("shelf.open_table") if book.kind == "rolenplay" else ui.tr("shelf.new_hero"),
            style="primary",
            on_click=partial(scene.start_book, book.id),
        )
        # The card may shorten the title and the blurb: the button's tooltip tells them whole.
        button.tooltip = partial(card_tooltip, scene, book)
        scene.book_buttons.append((g.add(button), book.id))
    # Each broken book file gets a button showing every error it has (the line drawn beside it shows the first).
    scene.first_error_y = r.books.y + 60 + per_page * (scene.card_h + 10)
    scene.error_buttons = []
    for index, error in enumerate(scene.services.shelf.errors[:MAX_BROKEN_SHOWN]):
        rect = (r.books.right - 136, scene.first_error_y + index * BROKEN_ROW, 116, 36)
        scene.error_buttons.append(
            g.add(Button(ui, rect, ui.tr("shelf.show_errors"), on_click=partial(scene.show_book_errors, error)))
        )


def card_tooltip(scene: BookshelfScene, book: Any) -> str:
    """A book's whole title and blurb, in the language now shown."""
    language = scene.ui.catalogue.language
    blurb = getattr(book, "blurb", None)
    title = book.title.get(language)
    return f"{title} — {blurb.get(language)}" if blurb is not None else title


def _saves(scene: BookshelfScene) -> None:
    ui, g, r = scene.ui, scene.group, scene.r
    x, y = r.saves.x + 20, r.saves.y + 60
    scene.continue_button = g.add(
        Button(ui, (x, y, r.saves.width - 40, 50), ui.tr("shelf.continue"), style="primary", on_click=scene.continue_last)
    )
    scene.saves_list = g.add(
        ScrollList(
            ui,
            r.saves_list(),
            row_height=SAVE_ROW,
            on_select=lambda i: scene._selection_changed(),
            on_activate=lambda i: scene.open_selected(),
            empty=ui.tr("shelf.no_saves"),
            spoken_name=ui.tr("shelf.saves"),
        )
    )
    rects = r.save_buttons()
    scene.open_button = g.add(Button(ui, rects[0], ui.tr("shelf.open"), on_click=scene.open_selected))
    scene.delete_button = g.add(Button(ui, rects[1], ui.tr("shelf.delete"), style="danger", on_click=scene.ask_delete))
    scene.export_button = g.add(Button(ui, rects[2], ui.tr("shelf.export"), on_click=scene.export_selected))
    scene.import_button = g.add(Button(ui, rects[3], ui.tr("shelf.import"), on_click=scene.ask_import))


def _bottom_row(scene: BookshelfScene) -> None:
    ui, g, bar = scene.ui, scene.group, scene.r.bar
    x = bar.x
    buttons = []
    for width, key, action in (
        (180, "shelf.settings", scene.open_settings),
        (140, "shelf.help", scene.open_help),
        (240, "shelf.import_book", scene.ask_import_book),
        (180, "play.open_chronicles", scene.open_chronicles),
    ):
        buttons.append(g.add(Button(ui, pygame.Rect(x, bar.y, width, bar.height), ui.tr(key), on_click=action)))
        x += width + 10
    scene.settings_button, scene.help_button, scene.import_book_button, scene.chronicles_button = buttons
    scene.chronicles_button.tooltip = ui.tr("play.open_chronicles_tip")
    scene.quit_button = g.add(Button(ui, (bar.right - 140, bar.y, 140, bar.height), ui.tr("shelf.quit"), on_click=scene.quit))
    scene.quit_button.visible = not scene.services.demo  # a stand is quit by the operator's chord only

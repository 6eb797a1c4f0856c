"""The builder's preview: the book being made, on its own creation screen and on a hero's sheet.

Nothing is drawn by hand here: the creation screen is the app's own, built by the navigator for the book as
typed and drawn off the page; the sheet is the shared one-page sheet (game.scenes.common.sheet_card) of a hero
rolled on seeded dice with every creation choice made (game.app.sample_hero). The adventure behind it is
read-only: the preview writes nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app.adventure import Adventure
from game.app.sample_hero import chosen_hero
from game.app.scene import Scene
from game.books.fighting_fantasy import FightingFantasyBook
from game.scenes.common.sheet_card import render_sheet_card
from game.storage.saves import SaveStore
from game.ui.context import UIContext

PREVIEW_PAGE = (1280, 720)  # the page the creation screen is laid out for before it is drawn small
PREVIEW_ID = "book-builder-preview"


def creation_picture(build: Callable[[], Scene]) -> pygame.Surface:
    """The creation screen ``build`` makes, drawn on a page of its own."""
    scene = build()
    layout = getattr(scene, "layout", None)
    if layout is not None:
        layout(PREVIEW_PAGE)
    surface = pygame.Surface(PREVIEW_PAGE)
    scene.draw(surface)
    return surface


def sheet_picture(ui: UIContext, book: FightingFantasyBook, store: SaveStore) -> pygame.Surface:
    """The one-page sheet of a hero of ``book`` (rolled on seeded dice, every creation choice made)."""
    session = chosen_hero(book, ui.catalogue.language, ui.t("builder.preview_hero"))
    return render_sheet_card(ui, Adventure(session, store, PREVIEW_ID, read_only=True))

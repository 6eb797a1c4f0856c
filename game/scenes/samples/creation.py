"""Samples of hero creation: a book to roll for (DF31), a ready-made hero picked (DF64), a hero just rolled (DF49)."""

from __future__ import annotations

from game.app.scene import Scene
from game.app.services import Services
from game.app.showcase import showcase
from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.ff import actions as a
from game.scenes.creation.scene import CreationScene


def creation(services: Services, book_id: str) -> CreationScene:
    """The creation screen of the Fighting Fantasy book ``book_id``."""
    book = services.shelf.books[book_id]
    assert isinstance(book, FightingFantasyBook)  # heroes are created in Fighting Fantasy books
    return CreationScene(services, book)


@showcase("creation-df31")
def _showcase_df31(services: Services) -> list[Scene]:
    return [creation(services, "DF31")]


@showcase("creation-df64-ready-heroes")
def _showcase_df64(services: Services) -> list[Scene]:
    scene = creation(services, "DF64")
    scene.pick("Isolde Laodegan")
    return [scene]


@showcase("creation-rolled")
def _showcase_rolled(services: Services) -> list[Scene]:
    scene = creation(services, "DF49")
    scene.services.settings.physical_dice = False
    session = scene._new_session()
    scene._rolled(session, scene._apply(session, a.RollHero()))  # no stack yet: no overlay
    scene.controls.name_field.text = "Alwen"
    return [scene]

"""Sample of the bookshelf: two saved adventures (DF49, DF64) beside the books."""

from __future__ import annotations

from game.app.scene import Scene
from game.app.services import Services
from game.app.showcase import sample_adventure, showcase
from game.scenes.bookshelf.scene import BookshelfScene


@showcase("bookshelf")
def _showcase_bookshelf(services: Services) -> list[Scene]:
    sample_adventure(services, "DF49")
    sample_adventure(services, "DF64")
    return [BookshelfScene(services)]

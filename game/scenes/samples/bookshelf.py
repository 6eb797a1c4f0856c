"""Sample of the bookshelf: two saved adventures (DF49, DF64) beside the books."""

from __future__ import annotations

from game.app.scene import Scene
from game.app.services import Services
from game.app.showcase import sample_adventure, showcase
from game.scenes.bookshelf.scene import BookshelfScene


@showcase("bookshelf")
def _showcase_bookshelf(services: Services) -> list[Scene]:
    sample_adventure(services, "DF49")
    sample_adventure(services, "DF64", hero="Tarkan")
    return [BookshelfScene(services)]


@showcase("bookshelf-series")
def _showcase_series(services: Services) -> list[Scene]:
    """The page where one series ends and the next begins under its own heading (Loup Solitaire's books)."""
    sample_adventure(services, "DF49")
    shelf = BookshelfScene(services)
    shelf.show_book("LW1")
    return [shelf]


def _with_a_broken_save(services: Services) -> tuple[BookshelfScene, str]:
    """The shelf over an adventure whose save no longer reads, its backups still good (issue 23)."""
    from game.rules.ff import actions as a

    adventure = sample_adventure(services, "DF49")
    for number in (214, 87, 302):
        adventure.act(a.GoToParagraph(number=number))
    services.saves.path(adventure.save_id).write_text('{"app": "feuille-aventure", "save_format": 2, "log": ', "utf-8")
    sample_adventure(services, "DF64", hero="Tarkan")
    shelf = BookshelfScene(services)
    shelf.select_save(adventure.save_id)
    return shelf, adventure.save_id


@showcase("bookshelf-broken-save")
def _showcase_broken_save(services: Services) -> list[Scene]:
    return [_with_a_broken_save(services)[0]]


@showcase("bookshelf-versions")
def _showcase_versions(services: Services) -> list[Scene]:
    from game.scenes.samples.overlays import opened_over

    shelf, save_id = _with_a_broken_save(services)
    return opened_over(shelf, lambda screen: screen.ask_version(next(i for i in screen.listing if i.id == save_id)))


@showcase("bookshelf-open-elsewhere")
def _showcase_open_elsewhere(services: Services) -> list[Scene]:
    from game.scenes.samples.overlays import opened_over

    adventure = sample_adventure(services, "DF49")
    shelf = BookshelfScene(services)
    shelf.select_save(adventure.save_id)
    return opened_over(shelf, lambda screen: screen.ask_busy(adventure.save_id, 0))

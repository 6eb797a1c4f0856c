"""Every scene, built with sample data: what ``--smoke`` renders and ``--screenshots`` writes.

Each entry is a name (the PNG's file name) and a factory taking the services
and returning the stack of scenes to show (bottom first), so overlays are shown
over the screen they belong to. A new screen adds its entry here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.app.adventure import Adventure
from game.app.scene import Scene
from game.app.services import Services
from game.rules.dice import RandomDice
from game.rules.ff import actions as a
from game.rules.session import Session, Start

SceneFactory = Callable[[Services], list[Scene]]
SHOWCASE: list[tuple[str, SceneFactory]] = []


def showcase(name: str) -> Callable[[SceneFactory], SceneFactory]:
    """Register a factory under ``name`` (decorator)."""

    def register(factory: SceneFactory) -> SceneFactory:
        SHOWCASE.append((name, factory))
        return factory

    return register


def sample_adventure(services: Services, book_id: str = "DF49", seed: int = 4, hero: str = "Alwen") -> Adventure[Any, Any]:
    """A hero called ``hero`` part-way through a book: the sample sheet of the screenshots (a book without
    ready heroes; one with them plays its second)."""
    book = services.shelf.books[book_id]
    # Any: the book's kind, known only at run time, picks the ruleset's state and action types.
    session: Session[Any, Any] = Session(book, RandomDice(seed), Start(language=services.language))
    if book.kind != "fighting_fantasy":
        return Adventure.start(session, services.saves)
    if book.ready_heroes:
        session.apply(a.PickHero(name=book.ready_heroes[1].name))
    else:
        session.apply(a.SetHero(scores={"skill": 11, "stamina": 20, "luck": 9}))
        session.apply(a.NameHero(name=hero))
    for action in (
        a.GoToParagraph(number=1),
        a.GoToParagraph(number=48),
        a.GoToParagraph(number=213),
        a.ChangeStat(stat="stamina", by=-5),
        a.TestLuck(),
        a.AddCreature(name="Aile Noire", skill=7, stamina=6, notes="Vole ; attaque en piqué"),
        a.SetNotes(text="Sorrel attend au gué. La clé de fer ouvre la tour."),
    ):
        session.apply(action)
    if book.herb:
        session.apply(a.ChangeCounter(name=book.herb.counter, by=3))
        session.apply(a.UseHerb())
    if book.archery:
        session.apply(a.ChangeCounter(name=book.archery.counter, by=-2))
    if book.calendar:
        for _ in range(3):
            session.apply(a.TickDay())
    return Adventure.start(session, services.saves)


def load_all() -> list[tuple[str, SceneFactory]]:
    """Import every scene module so each registers itself, then return the registry."""
    import importlib
    import pkgutil

    from game.app.navigator import SCREENS_PACKAGE

    package = importlib.import_module(SCREENS_PACKAGE)
    for module in pkgutil.walk_packages(package.__path__, f"{SCREENS_PACKAGE}."):  # screen packages and samples/ too
        importlib.import_module(module.name)
    return list(SHOWCASE)

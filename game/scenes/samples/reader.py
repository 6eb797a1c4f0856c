"""Samples of the reader: the demo book's first section, a fight ahead, and an ending won."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.app.adventure import Adventure
from game.app.scene import Scene
from game.app.services import Services
from game.app.showcase import showcase
from game.rules.dice import ScriptedDice
from game.rules.ff import actions as a
from game.rules.ff import sections as rules
from game.rules.session import Session, Start
from game.scenes.reader.scene import ReaderScene

if TYPE_CHECKING:
    from game.app.adventure import FFAdventure
    from game.rules.ff.actions import FFAction
    from game.rules.ff.state import SheetState


def _demo_adventure(services: Services, path: list[tuple[a.Action, list[int]]]) -> FFAdventure:
    """The demo book with a named hero, played along ``path`` (each action with its dice)."""
    book = services.shelf.books[services.settings.demo_book]
    # The sample's own dice are given action by action; whatever is rolled afterwards is random.
    session: Session[SheetState, FFAction] = Session(book, services.new_dice(), Start(language=services.language))
    session.apply(a.SetHero(scores={"skill": 10, "stamina": 19, "luck": 9}))
    session.apply(a.NameHero(name="Maëlle"))
    for action, dice in path:
        session.apply(action, ScriptedDice(list(dice)))
    return Adventure.start(session, services.saves)


@showcase("reader-start")
def _showcase_start(services: Services) -> list[Scene]:
    return [ReaderScene(services, _demo_adventure(services, []))]


@showcase("reader-fight")
def _showcase_fight(services: Services) -> list[Scene]:
    path = [
        (rules.go_to(1), []),
        (a.TickDay(), []),
        (rules.go_to(3), []),
        (a.ChangeCounter(name="herbs", by=2), []),
        (a.TestSkill(), [2, 5]),
        (rules.go_to(6), []),
        (rules.go_to(7), []),
        (a.TickDay(), []),
        (rules.go_to(11), []),
    ]
    return [ReaderScene(services, _demo_adventure(services, path))]


@showcase("reader-ending")
def _showcase_ending(services: Services) -> list[Scene]:
    path = [
        (rules.go_to(1), []),
        (a.TickDay(), []),
        (rules.go_to(7), []),
        (a.TickDay(), []),
        (rules.go_to(13), []),
        (a.TickDay(), []),
        (rules.go_to(15), []),
        (a.TestLuck(), [3, 3]),
        (rules.go_to(17), []),
        (a.ChangeStat(stat="stamina", by=-6), []),
    ]
    adventure = _demo_adventure(services, path)
    fight = rules.events_as_actions(adventure.book, 17, services.language)[0]
    for action, dice in (
        (fight, []),
        (a.Shoot(), [3, 4]),
        (a.AttackRound(), [2, 3, 5, 6]),
        (a.NoLuck(), []),
        (a.AttackRound(), [4, 4, 6, 5]),
        (a.UseLuck(), [2, 2]),
        (rules.go_to(19), []),
        (a.ChangeStat(stat="stamina", by=4), []),
        (rules.go_to(20), []),
    ):
        adventure.act(action, ScriptedDice(list(dice)))
    return [ReaderScene(services, adventure)]

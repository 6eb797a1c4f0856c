"""Samples of the death page: a plain death, a refused "carry on" (DF64), a fight lost, honest play's fatal roll."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.app.adventure import Adventure
from game.app.scene import Scene
from game.app.services import Services
from game.app.showcase import sample_adventure, showcase
from game.rules.dice import ScriptedDice
from game.rules.ff import actions as a
from game.rules.session import HONEST, Session, Start
from game.scenes.death.scene import DeathScene

if TYPE_CHECKING:
    from game.rules.ff.actions import FFAction
    from game.rules.ff.state import SheetState


@showcase("death-df64")
def _showcase_death(services: Services) -> list[Scene]:
    adventure = sample_adventure(services, "DF64", hero="Tarkan")
    adventure.act(a.Die())
    return [DeathScene(services, adventure)]


@showcase("death-df64-continue")
def _showcase_continue(services: Services) -> list[Scene]:
    adventure = sample_adventure(services, "DF64", hero="Tarkan")
    adventure.act(a.Die())
    scene = DeathScene(services, adventure)
    scene.ask_revive()
    scene.controls.stamina_field.text = "0"
    scene.revive()  # shows the rules' refusal under the field
    return [scene]


@showcase("death-df31-fight")
def _showcase_fight(services: Services) -> list[Scene]:
    adventure = sample_adventure(services, "DF31", hero="Tarkan")
    adventure.act(a.StartFight(enemies=[{"name": "Homme-Lézard", "skill": 8, "stamina": 9}]))
    adventure.act(a.ChangeStat(stat="stamina", by=-99))
    return [DeathScene(services, adventure)]


@showcase("death-honest")
def _showcase_honest(services: Services) -> list[Scene]:
    # honest play: an unlucky Luck test on the wound kills; the page offers no undo of that roll
    book = services.shelf.books["DF31"]
    session: Session[SheetState, FFAction] = Session(
        book,
        ScriptedDice([6, 6, 1, 1, 6, 5]),
        Start(hero={"skill": 10, "stamina": 20, "luck": 9}, language=services.language, play=HONEST),
    )
    for action in (
        a.NameHero(name="Brenna"),
        a.GoToParagraph(number=97),
        a.ChangeStat(stat="stamina", by=-19),
        a.StartFight(enemies=[{"name": "Homme-Lézard", "skill": 10, "stamina": 9}]),
        a.AttackRound(),
        a.UseLuck(),
    ):
        session.apply(action)
    return [DeathScene(services, Adventure.start(session, services.saves))]

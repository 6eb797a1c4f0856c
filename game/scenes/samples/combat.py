"""The combat board's samples for ``--smoke`` and ``--screenshots``: fights played on scripted dice.

Each sample plays its fight through the rules (``scripted_fight``) and shows the board
once the odds worker has answered, so the gauge and the advisor are in the picture.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.app.scene import Scene
from game.app.services import Services
from game.app.showcase import sample_adventure, showcase
from game.rules.dice import ScriptedDice
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.scenes.combat.scene import CombatScene

if TYPE_CHECKING:
    from game.app.adventure import FFAdventure

#: How long a sample waits for its odds (the six-creature estimate takes about 1 s alone, more under load).
ODDS_WAIT_S = 30


def scripted_fight(services: Services, book_id: str, dice: list[int], actions: list[a.FFAction]) -> FFAdventure:
    """The sample hero of ``book_id`` after ``actions``, the rules drawing ``dice`` (ScriptedDice)."""
    adventure = sample_adventure(services, book_id)
    # The sample's dice are fixed; whatever is rolled after them (a player, the monkey) is random.
    adventure.session.dice = ScriptedDice(dice, then=services.new_dice())
    for action in actions:
        result = adventure.act(action)
        if isinstance(result, Refused):
            raise ValueError(f"showcase action {action} refused: {result}")
    return adventure


def _board(services: Services, adventure: FFAdventure, aim: int | None = None, rated: bool = True) -> list[Scene]:
    """The board of ``adventure`` (aiming at creature ``aim``), once its odds are in (``rated``: a fight still on).

    A sample whose odds did not come (the worker late, or failing: numpy missing from an executable, issue 28)
    fails here, so ``--smoke`` of a build shows it rather than a board saying the odds are unavailable.
    """
    board = CombatScene(services, adventure)
    if aim is not None:
        board.aim(aim)
    if not board.wait_for_odds(ODDS_WAIT_S):
        raise RuntimeError(f"the odds worker did not answer within {ODDS_WAIT_S} s")
    answer = board.odds_answer()
    if rated and (answer is None or answer["odds"] is None or "error" in answer):
        raise RuntimeError(f"the board has no odds: {answer}")
    return [board]


@showcase("combat-archery")
def _showcase_archery(services: Services) -> list[Scene]:
    # DF49: one arrow hits, the next misses, Luck fails and the string breaks.
    adventure = scripted_fight(
        services,
        "DF49",
        [3, 4, 6, 6, 6, 5],
        [
            a.StartFight(enemies=[{"name": "Aile Noire", "skill": 7, "stamina": 6, "box": 0}], arrows=3),
            a.Shoot(),
            a.Shoot(),
            a.UseLuck(),
        ],
    )
    return _board(services, adventure)


@showcase("combat-pending-wound")
def _showcase_pending(services: Services) -> list[Scene]:
    # DF31: a Lucky blow, then the orc wounds the hero; the advisor weighs Luck against accepting.
    adventure = scripted_fight(
        services,
        "DF31",
        [4, 5, 5, 5, 3, 2, 6, 5, 2, 3],
        [
            a.ChangeStat(stat="stamina", by=-9),
            a.StartFight(
                enemies=[{"name": "Orque des cavernes", "skill": 10, "stamina": 10, "notes": "Sa hache ignore les boucliers"}]
            ),
            a.AttackRound(),
            a.UseLuck(),
            a.AttackRound(),
        ],
    )
    return _board(services, adventure)


@showcase("combat-all-together")
def _showcase_together(services: Services) -> list[Scene]:
    # DF64: three creatures at once; the Goule was the target, the Squelette parried, the Zombie wounded.
    adventure = scripted_fight(
        services,
        "DF64",
        [3, 3, 2, 3, 6, 6, 4, 3, 3, 3],
        [
            a.StartFight(
                mode="all_together",
                enemies=[
                    {"name": "Squelette", "skill": 7, "stamina": 6},
                    {"name": "Goule", "skill": 8, "stamina": 7},
                    {"name": "Zombie", "skill": 6, "stamina": 8},
                ],
            ),
            a.AttackRound(target=1),
            a.NoLuck(),
            a.UseLuck(),
        ],
    )
    return _board(services, adventure, aim=2)


@showcase("combat-estimate")
def _showcase_estimate(services: Services) -> list[Scene]:
    # Six creatures at once, too many to solve exactly in time: the gauge shows a seeded estimate and its margin.
    enemies = [{"name": f"Squelette {i + 1}", "skill": 3 + i % 3, "stamina": 10} for i in range(6)]
    return _board(services, scripted_fight(services, "DF64", [], [a.StartFight(mode="all_together", enemies=enemies)]))


@showcase("combat-victory")
def _showcase_victory(services: Services) -> list[Scene]:
    # DF31: two creatures one after another with an ally; a Lucky last blow wins.
    adventure = scripted_fight(
        services,
        "DF31",
        [6, 6, 2, 1, 1, 2, 5, 5, 1, 1, 6, 6, 1, 1, 4, 4, 2, 2],
        [
            a.StartFight(
                enemies=[{"name": "Gobelin", "skill": 5, "stamina": 4}, {"name": "Rat géant", "skill": 5, "stamina": 4}],
                ally={"name": "Sorrel", "skill": 8, "stamina": 6},
            ),
            a.AttackRound(),
            a.NoLuck(),
            a.AttackRound(),
            a.UseLuck(),
        ],
    )
    return _board(services, adventure, rated=False)  # won: nothing left to rate

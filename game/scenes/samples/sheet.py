"""Samples of the sheet family: the Adventure Sheet of three books (a broken bow, the journal, a Luck test), the fight setup."""

from __future__ import annotations

from game.app.scene import Scene, SceneStack
from game.app.services import Services
from game.app.showcase import sample_adventure, showcase
from game.rules.dice import ScriptedDice
from game.rules.ff import actions as a
from game.scenes.fight_setup.scene import FightSetupScene
from game.scenes.sheet.scene import SheetScene


@showcase("sheet-df49")
def _df49(services: Services) -> list[Scene]:
    return [SheetScene(services, sample_adventure(services, "DF49"))]


@showcase("sheet-df49-broken-bow")
def _broken_bow(services: Services) -> list[Scene]:
    """R-BOW-4 (revised): the string broke, the hero escaped: the sheet shows it still broken."""
    adventure = sample_adventure(services, "DF49")
    adventure.act(a.StartFight(enemies=[{"name": "Aile Noire", "skill": 7, "stamina": 6}], arrows=2, escape=True))
    adventure.act(a.Shoot(), ScriptedDice([6, 6]))
    adventure.act(a.UseLuck(), ScriptedDice([6, 6]))
    adventure.act(a.Escape())
    adventure.act(a.NoLuck())
    return [SheetScene(services, adventure)]


@showcase("sheet-df31")
def _df31(services: Services) -> list[Scene]:
    return [SheetScene(services, sample_adventure(services, "DF31", hero="Tarkan"))]


@showcase("sheet-df64-journal")
def _df64(services: Services) -> list[Scene]:
    scene = SheetScene(services, sample_adventure(services, "DF64", hero="Tarkan"))
    scene.show_tab("journal")
    return [scene]


@showcase("sheet-test-luck")
def _luck(services: Services) -> list[Scene]:
    """The real flow of Test your Luck, run on a throwaway stack: the sheet and the dice overlay it opened."""
    scene = SheetScene(services, sample_adventure(services, "DF49"))
    stack = SceneStack()
    stack.push(scene)
    stack.apply_pending()
    scene.test_luck()
    stack.apply_pending()
    return list(stack.scenes)


@showcase("combat-setup")
def _setup(services: Services) -> list[Scene]:
    """The fight setup: a box of the sheet ticked, a creature typed in, two shots before melee, escape allowed."""
    scene = FightSetupScene(services, sample_adventure(services, "DF49"), boxes=(0,))
    form, options = scene.controls.creatures, scene.controls.options
    form.name_field.text, form.skill_field.text, form.stamina_field.text = "Loup des bois", "6", "7"
    scene.add_typed()
    assert options.shots_counter is not None  # the showcase book (DF49) has a bow
    options.shots_counter.value = 2
    options.escape_toggle.value = True
    scene.refresh_form()
    return [scene]

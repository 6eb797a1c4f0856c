"""The Adventure Sheet's questions: which potion, a day's name, the hero's name, the eraser, a creature box.

Each opens a form or a dialog over the sheet; what the player confirms becomes
one rules action through the scene (a refusal is shown in the form).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.ff.ruleset import calendar_view
from game.rules.session import make_action
from game.scenes.common.form import FieldSpec, FormScene
from game.scenes.sheet.heal import heal
from game.ui.dialog import Dialog

if TYPE_CHECKING:
    from game.app.scene import Scene
    from game.scenes.sheet.scene import SheetScene


def ask_potion(scene: SheetScene) -> None:
    potions = scene.book.potions
    language = scene.ui.catalogue.language
    buttons = [(scene.ui.tr("common.cancel"), None)] + [
        (effect.name.get(language), kind) for kind, effect in potions.kinds.items()
    ]
    _push(
        scene,
        Dialog(
            scene.ui,
            scene.ui.tr("sheet.potion_question"),
            buttons,
            title=scene.ui.tr("sheet.drink_title"),
            cancel_value=None,
            default_index=0,
            width=820,
            on_result=lambda kind: heal(scene, a.DrinkPotion(kind=kind), "play.potion_drunk") if kind else None,
        ),
    )


def ask_rename_day(scene: SheetScene, index: int) -> None:
    view = calendar_view(scene.book, scene.adventure.state, scene.ui.catalogue.language)
    assert view is not None  # the rename buttons are built only for a book with a calendar
    current = view["days"][index]

    def submit(values: dict[str, str]) -> str | None:
        return scene._submit(make_action(a.RenameDay, index=index, name=values["name"]))

    _push(
        scene,
        FormScene(
            scene.ui,
            scene.ui.t("sheet.rename_day"),
            [FieldSpec("name", scene.ui.t("sheet.day_name"), current, max_length=40)],
            submit,
            note=scene.ui.t("sheet.rename_day_note"),
        ),
    )


def ask_name(scene: SheetScene) -> None:
    hero = scene.adventure.state.hero
    assert hero is not None  # the sheet opens only once the hero is made (navigator.resume)

    def submit(values: dict[str, str]) -> str | None:
        return scene._submit(make_action(a.NameHero, name=values["name"]))

    _push(
        scene,
        FormScene(
            scene.ui,
            scene.ui.t("sheet.rename_title"),
            [FieldSpec("name", scene.ui.t("sheet.hero_name"), hero.name, max_length=60)],
            submit,
        ),
    )


def ask_score(scene: SheetScene, stat: str) -> None:
    """The eraser: write the current and initial score directly."""
    hero = scene.adventure.state.hero
    assert hero is not None  # the sheet opens only once the hero is made (navigator.resume)
    name = scene.stat_name(stat)

    def submit(values: dict[str, str]) -> str | None:
        initial, current = int(values["initial"]), int(values["current"])
        actions = []
        if initial != hero.initial[stat]:
            actions.append(make_action(a.SetScore, stat=stat, value=initial, initial=True))
        if current != hero.scores[stat] or actions:
            actions.append(make_action(a.SetScore, stat=stat, value=current))
        for count, action in enumerate(actions):
            result = scene.adventure.act(action)
            if isinstance(result, Refused):
                for _ in range(count):  # all or nothing: take back the part already written
                    scene.adventure.undo()
                scene.sync()
                return scene.refusal_text(result)
        scene._after(actions and scene.adventure.session.entries[-1] or None, scene.ui.t("sheet.corrected", stat=name))
        return None

    _push(
        scene,
        FormScene(
            scene.ui,
            scene.ui.t("sheet.eraser_title", stat=name),
            [
                FieldSpec(key, scene.ui.t(f"sheet.{key}_score"), str(score), numeric=True, minimum=0, maximum=999, max_length=3)
                for key, score in (("current", hero.scores[stat]), ("initial", hero.initial[stat]))
            ],
            submit,
            note=scene.ui.t("sheet.eraser_note"),
        ),
    )


def ask_creature(scene: SheetScene, index: int | None) -> None:
    boxes = scene.adventure.state.creature_boxes
    box = boxes[index] if index is not None and index < len(boxes) else None

    def submit(values: dict[str, str]) -> str | None:
        name, skill, stamina, notes = values["name"], int(values["skill"]), int(values["stamina"]), values["notes"]
        if box is None or index is None:
            return scene._submit(make_action(a.AddCreature, name=name, skill=skill, stamina=stamina, notes=notes))
        return scene._submit(make_action(a.EditCreature, index=index, name=name, skill=skill, stamina=stamina, notes=notes))

    skill_name, stamina_name = scene.stat_name("skill"), scene.stat_name("stamina")
    _push(
        scene,
        FormScene(
            scene.ui,
            scene.ui.t("sheet.creature_title"),
            [
                FieldSpec("name", scene.ui.t("sheet.creature_name"), box.name if box else "", max_length=60),
                FieldSpec("skill", skill_name, str(box.skill) if box else "", numeric=True, minimum=0, maximum=99, max_length=2),
                FieldSpec(
                    "stamina", stamina_name, str(box.stamina) if box else "", numeric=True, minimum=0, maximum=999, max_length=3
                ),
                FieldSpec("notes", scene.ui.t("sheet.creature_notes"), box.notes if box else "", max_length=200),
            ],
            submit,
            width=640,
        ),
    )


def _push(scene: SheetScene, question: Scene) -> None:
    """Open a question over the sheet: only a click on the sheet asks, and the sheet is then on the stack."""
    assert scene.stack is not None
    scene.stack.push(question)

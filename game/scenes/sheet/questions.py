"""What the Adventure Sheet's questions ask: which potion, a day's name, the hero's name, the eraser, a creature box.

Each builds the fields or the choices of one form or dialog from the book and
the state (pure: nothing is opened or changed here). The sheet opens them
through the navigator and turns what the player confirms into rules actions.
"""

from __future__ import annotations

from game.books.fighting_fantasy import FightingFantasyBook
from game.i18n.catalogue import TextSource
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.ff.state import CreatureBox, Hero
from game.rules.session import make_action
from game.scenes.common.form import FieldSpec
from game.ui.context import UIContext


def potion_choices(ui: UIContext, book: FightingFantasyBook) -> list[tuple[TextSource, str | None]]:
    """Cancel, then each kind of potion the book has, by its name."""
    assert book.potions is not None  # the Drink button is built only for a book with potions
    language = ui.catalogue.language
    return [(ui.tr("common.cancel"), None)] + [(effect.name.get(language), kind) for kind, effect in book.potions.kinds.items()]


def day_fields(ui: UIContext, current: str) -> list[FieldSpec]:
    """Renaming a day of the calendar (R-TIME-1): its name."""
    return [FieldSpec("name", ui.t("sheet.day_name"), current, max_length=40)]


def item_fields(ui: UIContext, current: str) -> list[FieldSpec]:
    """Renaming an item of a list: its name as written."""
    return [FieldSpec("name", ui.t("sheet.item_name"), current, max_length=80)]


def name_fields(ui: UIContext, hero: Hero) -> list[FieldSpec]:
    """Renaming the hero."""
    return [FieldSpec("name", ui.t("sheet.hero_name"), hero.name, max_length=60)]


def score_fields(ui: UIContext, hero: Hero, stat: str) -> list[FieldSpec]:
    """The eraser: the current and the initial score, written directly."""
    scores = (("current", hero.scores[stat]), ("initial", hero.initial[stat]))
    return [
        FieldSpec(key, ui.t(f"sheet.{key}_score"), str(score), numeric=True, minimum=0, maximum=999, max_length=3)
        for key, score in scores
    ]


def score_actions(hero: Hero, stat: str, values: dict[str, str]) -> list[a.SetScore | Refused]:
    """What the eraser's form writes: the initial score first when it changed, then the current one."""
    initial, current = int(values["initial"]), int(values["current"])
    actions: list[a.SetScore | Refused] = []
    if initial != hero.initial[stat]:
        actions.append(make_action(a.SetScore, stat=stat, value=initial, initial=True))
    if current != hero.scores[stat] or actions:
        actions.append(make_action(a.SetScore, stat=stat, value=current))
    return actions


def creature_fields(ui: UIContext, box: CreatureBox | None, skill: str, stamina: str) -> list[FieldSpec]:
    """A creature box (new when ``box`` is None): its name, the book's two scores, its notes."""
    return [
        FieldSpec("name", ui.t("sheet.creature_name"), box.name if box else "", max_length=60),
        FieldSpec("skill", skill, str(box.skill) if box else "", numeric=True, minimum=0, maximum=99, max_length=2),
        FieldSpec("stamina", stamina, str(box.stamina) if box else "", numeric=True, minimum=0, maximum=999, max_length=3),
        FieldSpec("notes", ui.t("sheet.creature_notes"), box.notes if box else "", max_length=200),
    ]


def creature_action(index: int | None, values: dict[str, str]) -> a.AddCreature | a.EditCreature | Refused:
    """What the creature form writes: a new box, or box ``index`` edited."""
    name, skill, stamina, notes = values["name"], int(values["skill"]), int(values["stamina"]), values["notes"]
    if index is None:
        return make_action(a.AddCreature, name=name, skill=skill, stamina=stamina, notes=notes)
    return make_action(a.EditCreature, index=index, name=name, skill=skill, stamina=stamina, notes=notes)

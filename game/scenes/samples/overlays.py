"""Screen samples of the overlays (issue 16): each opened the way the player opens it, over its screen.

The questions of the sheet (a potion to drink, a day to rename, the eraser, a
creature box), the physical dice entry, the crash report, the import box with a
failed import and the spells of a fight. ``--screenshots`` and the layout
checks then see every overlay on every page size, like the screens.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar, cast

from game.app.navigator import Screen
from game.app.scene import Scene, SceneStack
from game.app.services import Services
from game.app.showcase import sample_adventure, showcase
from game.scenes.bookshelf.importer import ImportScene
from game.scenes.common.form import FormScene
from game.scenes.samples.books import fight_sample

if TYPE_CHECKING:
    from game.scenes.combat.scene import CombatScene
    from game.scenes.sheet.scene import SheetScene


S = TypeVar("S", bound=Scene)


def opened_over(screen: S, open_it: Callable[[S], object]) -> list[Scene]:
    """``screen`` and what ``open_it(screen)`` pushes over it (the way a click opens it)."""
    stack = SceneStack()
    stack.push(screen)
    stack.apply_pending()
    open_it(screen)
    stack.apply_pending()
    return list(stack.scenes)


def _sheet(services: Services, book_id: str = "DF49") -> SheetScene:
    return cast("SheetScene", services.navigator.build(Screen.SHEET, sample_adventure(services, book_id)))


@showcase("overlay-potion")
def _potion(services: Services) -> list[Scene]:
    return opened_over(_sheet(services), lambda sheet: sheet.ask_potion())


@showcase("overlay-rename-day")
def _rename_day(services: Services) -> list[Scene]:
    return opened_over(_sheet(services), lambda sheet: sheet.ask_rename_day(0))


@showcase("overlay-eraser")
def _eraser(services: Services) -> list[Scene]:
    def refused(sheet: SheetScene) -> None:
        sheet.ask_score("stamina")
        assert sheet.stack is not None  # opened_over put the sheet on a stack
        sheet.stack.apply_pending()
        form = sheet.stack.top
        assert isinstance(form, FormScene)
        form.fields[next(iter(form.fields))].text = "99"
        form.submit()  # the rules' reason shows in the form

    return opened_over(_sheet(services), refused)


@showcase("overlay-creature")
def _creature(services: Services) -> list[Scene]:
    return opened_over(_sheet(services), lambda sheet: sheet.ask_creature(None))


@showcase("overlay-dice-entry")
def _dice_entry(services: Services) -> list[Scene]:
    def ask(sheet: SheetScene) -> None:
        title = services.ui.t("dice.physical_title")
        services.navigator.open(sheet, Screen.DICE_ENTRY, title, [6, 6, 6, 6, 10], on_done=lambda values: None)

    return opened_over(_sheet(services), ask)


@showcase("overlay-crash")
def _crash(services: Services) -> list[Scene]:
    report = 'Traceback (most recent call last):\n  File "game/scenes/sheet.py"\nValueError: a sample of the report'
    return opened_over(_sheet(services), lambda sheet: services.navigator.open(sheet, Screen.CRASH_REPORT, report))


@showcase("overlay-import-book")
def _import_book(services: Services) -> list[Scene]:
    def failed(shelf: Scene) -> None:
        box = ImportScene(services, lambda message, bad: None, kind="book")
        shelf.stack.push(box)  # type: ignore[union-attr]  # opened_over put the shelf on a stack
        box.field.text = "/nowhere/livre-introuvable.json"
        box.confirm()  # the reason it failed shows under the path

    return opened_over(services.navigator.build(Screen.SHELF), failed)


@showcase("overlay-spells")
def _spells(services: Services) -> list[Scene]:
    combat = cast("CombatScene", fight_sample(services, "FF2")[0])
    return opened_over(combat, lambda combat: combat.open_spells())

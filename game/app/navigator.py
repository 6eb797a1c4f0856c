"""Where the app goes next: one navigator, asked by intent, routing every screen change.

Scenes never import each other. A scene that wants another screen asks the
navigator by intent ("the fight is over", "back to the sheet", "to the shelf",
"open the help on this topic"); the navigator alone decides which screen that
is (the hero fell → the death page) and how the stack changes (push, replace,
clear). It builds screens from a route table that the screens package installs
when it is imported (``game/scenes/routes.py``), so this app layer names no
scene module and the screens form no import circle.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

from game.ui.context import UIContext

if TYPE_CHECKING:
    from game.app.adventure import Adventure
    from game.app.scene import Scene

ScreenFactory = Callable[..., "Scene"]


class Screen(StrEnum):
    """Every screen the navigator can open (each is one route of ``game/scenes/routes.py``)."""

    SHELF = "shelf"
    CREATION = "creation"
    SHEET = "sheet"
    DEATH = "death"
    FIGHT_SETUP = "fight_setup"
    COMBAT = "combat"
    READER = "reader"
    RNP_TABLE = "rnp_table"
    RNP_FORM = "rnp_form"  # the table's character form (add or edit a character)
    RNP_PLAYERS = "rnp_players"  # the players' view of the table
    RNP_SAVES = "rnp_saves"  # every forced-march save of a leg
    SHELF_IMPORT = "shelf_import"  # the shelf's import of an adventure or a book, chosen in the file browser
    SHELF_VERSIONS = "shelf_versions"  # the good versions of an adventure, one to open (issue 23)
    CREATION_CHOICE = "creation_choice"  # the options of one of the book's creation steps
    SETTINGS = "settings"
    ACCESS_SETTINGS = "access_settings"
    HELP = "help"
    DICE_ROLL = "dice_roll"
    DICE_ENTRY = "dice_entry"
    RANDOM_TABLE = "random_table"  # the Random Number Table: random numbers pointed at on a 10x10 grid
    CRASH_REPORT = "crash_report"
    GALLERY = "gallery"
    TITLE = "title"  # the convention stand's "touch to play" page
    RULES_HELP = "rules_help"
    TIMELINE = "timeline"
    CHRONICLES = "chronicles"
    SHARE = "share"
    BOOK_BUILDER = "book_builder"  # a book file made from a form (issue 26 item 1)
    # Overlays of data, opened over the screen that asks (each gets the ui and what it shows):
    DIALOG = "dialog"  # a question and its answers (game.app.dialog)
    FORM = "form"  # a few labelled fields and OK / Cancel
    SPELLS = "spells"  # the book's spells during a fight
    FILE_BROWSER = "file_browser"  # choose a file or a folder (game/scenes/common/files): where an export goes


#: The package whose import installs the routes: loaded by name, on first need, so this
#: layer has no import of a screen module (the layering test checks it).
SCREENS_PACKAGE = "game.scenes"
_ROUTES: dict[Screen, ScreenFactory] = {}


def install_routes(routes: Mapping[Screen, ScreenFactory]) -> None:
    """Give the navigator the screens it builds (called once by ``game.scenes`` on import)."""
    _ROUTES.update(routes)


class RouteServices(Protocol):
    """What every route is built with: the app's services (``game.app.services.Services``, which holds this
    navigator: a Protocol here, so the navigator need not import what imports it). The overlays take its ui."""

    @property
    def ui(self) -> UIContext: ...


@dataclass(frozen=True)
class UIOnly:
    """The services of a screen run on its own, without the app's (``python -m game.gallery``): the ui only,
    enough for the overlays it opens."""

    ui: UIContext


class Navigator:
    """Builds screens by name and moves between them by intent."""

    def __init__(self, services: RouteServices) -> None:
        self.services = services

    # -- building ----------------------------------------------------------------------
    def build(self, screen: Screen, *args: Any, **kwargs: Any) -> Scene:
        """The screen ``screen``, built with the services first, then ``args``.

        Overlays that take the UI context rather than the services (dice, crash
        report) get their arguments as given: their route says so.
        """
        if not _ROUTES:
            importlib.import_module(SCREENS_PACKAGE)
        factory = _ROUTES.get(screen)
        if factory is None:
            raise LookupError(f"no route for screen {screen.value!r} in {SCREENS_PACKAGE}.routes")
        return factory(self.services, *args, **kwargs)

    # -- moving --------------------------------------------------------------------------
    def open(self, here: Scene, screen: Screen, *args: Any, **kwargs: Any) -> Scene:
        """Push ``screen`` over ``here`` (settings, help, the combat board over the sheet)."""
        scene = self.build(screen, *args, **kwargs)
        _stack(here).push(scene)
        return scene

    def go(self, here: Scene, screen: Screen, *args: Any, **kwargs: Any) -> Scene:
        """Replace ``here`` with ``screen`` (creation → sheet)."""
        scene = self.build(screen, *args, **kwargs)
        _stack(here).replace(scene)
        return scene

    def close(self, here: Scene) -> None:
        """Leave ``here``: the screen below shows again."""
        _stack(here).pop(here)

    def to_shelf(self, here: Scene) -> Scene:
        """Back to the bookshelf, forgetting every screen of the adventure."""
        stack = _stack(here)
        stack.clear()
        shelf = self.build(Screen.SHELF)
        stack.push(shelf)
        return shelf

    def to_sheet(self, here: Scene, adventure: Adventure[Any, Any]) -> None:
        """Back to the adventure's sheet: the one below when it is there, else a new one in place of ``here``."""
        stack = _stack(here)
        scenes = stack.scenes
        below = scenes[-2] if len(scenes) >= 2 and scenes[-1] is here else None
        if below is not None and below.screen is Screen.SHEET and getattr(below, "adventure", None) is adventure:
            stack.pop(here)
        else:
            stack.replace(self.build(Screen.SHEET, adventure))

    def hero_fell(self, here: Scene, adventure: Adventure[Any, Any]) -> bool:
        """R-DEATH-1: when the hero is dead (or one of the book's endings closed the adventure: a defeat, a
        victory) the end page replaces ``here``; True when it did."""
        hero = getattr(adventure.state, "hero", None)
        ended = getattr(adventure.state, "ended", None) is not None
        if hero is None or (hero.alive and not ended) or here.stack is None:
            return False
        here.stack.replace(self.build(Screen.DEATH, adventure))
        return True

    def fight_over(self, here: Scene, adventure: Adventure[Any, Any]) -> None:
        """The combat board is done: the death page if the hero fell, else the screen below (or the sheet)."""
        if self.hero_fell(here, adventure):
            return
        stack = _stack(here)
        if len(stack.scenes) >= 2 and stack.scenes[-1] is here:
            stack.pop(here)
        else:
            stack.replace(self.build(Screen.SHEET, adventure))

    def reopen(self, adventure: Adventure[Any, Any]) -> Scene:
        """The screen a saved adventure reopens on: its table, creation, its death page, its fight or its sheet."""
        if adventure.book.kind == "rolenplay":
            return self.build(Screen.RNP_TABLE, adventure)
        state = adventure.state
        if state.hero is None:
            return self.build(Screen.CREATION, adventure.book)
        if not state.hero.alive or getattr(state, "ended", None) is not None:
            return self.build(Screen.DEATH, adventure)
        if state.fight is not None and state.fight.active:
            return self.build(Screen.COMBAT, adventure)
        return self.build(Screen.SHEET, adventure)


def _stack(scene: Scene) -> Any:
    if scene.stack is None:
        raise RuntimeError(f"{type(scene).__name__} is not on a stack")
    return scene.stack

"""The route table: which scene class each :class:`Screen` of the navigator is.

The only module that names every screen. Each route imports its scene module
when first used, so starting the app loads only the screens it shows and no
screen module imports another. Installed by ``game/scenes/__init__.py``.
"""

from __future__ import annotations

import importlib
from typing import Any

from game.app.navigator import RouteServices, Screen, ScreenFactory
from game.app.scene import Scene


def _scene(module: str, name: str, *, with_services: bool = True) -> ScreenFactory:
    """A factory building ``game.scenes.<module>.<name>``: with the services, or with the UI context only."""

    def build(services: RouteServices, *args: Any, **kwargs: Any) -> Scene:  # Any: a route passes on its screen's own arguments
        cls = getattr(importlib.import_module(f"game.scenes.{module}"), name)
        return cls(services, *args, **kwargs) if with_services else cls(services.ui, *args, **kwargs)

    return build


def _overlay(module: str, name: str) -> ScreenFactory:
    """A factory building the overlay ``<module>.<name>`` with the UI context: a dialog or a form over any screen,
    no screen of its own (it shows what it is given and hands back what the player chose)."""

    def build(services: RouteServices, *args: Any, **kwargs: Any) -> Scene:  # Any: a route passes on its screen's own arguments
        return getattr(importlib.import_module(module), name)(services.ui, *args, **kwargs)

    return build


ROUTES: dict[Screen, ScreenFactory] = {
    Screen.SHELF: _scene("bookshelf.scene", "BookshelfScene"),
    Screen.CREATION: _scene("creation.scene", "CreationScene"),
    Screen.SHEET: _scene("sheet.scene", "SheetScene"),
    Screen.DEATH: _scene("death.scene", "DeathScene"),
    Screen.FIGHT_SETUP: _scene("fight_setup.scene", "FightSetupScene"),
    Screen.COMBAT: _scene("combat.scene", "CombatScene"),
    Screen.READER: _scene("reader.scene", "ReaderScene"),
    Screen.RNP_TABLE: _scene("rnp_table.scene", "RnpTableScene"),
    Screen.RNP_FORM: _scene("rnp_table.character_form", "CharacterForm", with_services=False),
    Screen.RNP_PLAYERS: _scene("rnp_table.players", "PlayersScene", with_services=False),
    Screen.RNP_SAVES: _scene("rnp_table.saves", "SavesScene", with_services=False),
    Screen.SHELF_IMPORT: _scene("bookshelf.importer", "ImportScene"),
    Screen.FILE_BROWSER: _overlay("game.scenes.common.files.scene", "FileBrowserScene"),
    Screen.SHELF_VERSIONS: _scene("bookshelf.versions", "VersionsScene", with_services=False),
    Screen.CREATION_CHOICE: _scene("creation.picker", "ChoicePicker", with_services=False),
    Screen.SETTINGS: _scene("settings", "SettingsScene"),
    Screen.ACCESS_SETTINGS: _scene("access_settings", "AccessSettingsScene"),
    Screen.HELP: _scene("help", "HelpScene"),
    Screen.DICE_ROLL: _scene("dice_roll", "DiceRollScene", with_services=False),
    Screen.DICE_ENTRY: _scene("dice_entry", "DiceEntryScene", with_services=False),
    Screen.RANDOM_TABLE: _scene("random_table.scene", "RandomTableScene", with_services=False),
    Screen.CRASH_REPORT: _scene("crash_report", "CrashReportScene", with_services=False),
    Screen.GALLERY: _scene("gallery", "GalleryScene", with_services=False),
    Screen.TITLE: _scene("title", "TitleScene"),
    Screen.RULES_HELP: _scene("rules_help", "RulesHelpScene"),
    Screen.TIMELINE: _scene("timeline", "TimelineScene"),
    Screen.CHRONICLES: _scene("chronicles", "ChroniclesScene"),
    Screen.SHARE: _scene("share", "ShareScene"),
    Screen.BOOK_BUILDER: _scene("book_builder.scene", "BookBuilderScene"),
    Screen.DIALOG: _overlay("game.app.dialog", "Dialog"),
    Screen.FORM: _overlay("game.scenes.common.form", "FormScene"),
    Screen.SPELLS: _overlay("game.scenes.common.spells", "SpellsModal"),
}

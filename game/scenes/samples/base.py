"""The samples of the app's own screens and overlays (issue 27): settings, help pages, the gallery, the
convention stand's title page, the rules' help, the timeline, the chronicles and the share page.

Each builds the screen the way the player opens it, over the screen it belongs to (bottom first).
"""

from __future__ import annotations

import random

from game.app.chronicle import keep_run
from game.app.navigator import Screen
from game.app.scene import Scene
from game.app.services import Services
from game.app.showcase import sample_adventure, showcase
from game.books.fighting_fantasy import FightingFantasyBook
from game.scenes.access_settings import AccessSettingsScene
from game.scenes.chronicles import ChroniclesScene
from game.scenes.gallery import GalleryScene
from game.scenes.help import HelpScene
from game.scenes.rules_help import RulesHelpScene
from game.scenes.settings import SettingsScene
from game.scenes.share import ShareScene
from game.scenes.timeline import TimelineScene
from game.scenes.title import TitleScene


@showcase("settings")
def _showcase_settings(services: Services) -> list[Scene]:
    return [services.navigator.build(Screen.SHELF), SettingsScene(services)]


@showcase("settings-access")
def _showcase_access(services: Services) -> list[Scene]:
    scene = AccessSettingsScene(services)
    scene.keys_list.select(0)
    scene.start_capture(0)
    return [services.navigator.build(Screen.SHELF), services.navigator.build(Screen.SETTINGS), scene]


@showcase("help-sheet")
def _showcase_help(services: Services) -> list[Scene]:
    sheet = services.navigator.build(Screen.SHEET, sample_adventure(services))
    return [sheet, HelpScene(services, "sheet")]


@showcase("help-creation")
def _showcase_help_creation(services: Services) -> list[Scene]:
    creation = services.navigator.build(Screen.CREATION, services.shelf.books["DF64"])
    return [creation, HelpScene(services, "creation")]


@showcase("help-combat-shortcuts")
def _showcase_help_shortcuts(services: Services) -> list[Scene]:
    help_scene = HelpScene(services, "combat")
    help_scene.help_page = "shortcuts"
    help_scene.layout(help_scene.page)
    return [services.navigator.build(Screen.SHEET, sample_adventure(services)), help_scene]


@showcase("rules-help-combat")
def _showcase_rules_combat(services: Services) -> list[Scene]:
    adventure = sample_adventure(services)
    return [services.navigator.build(Screen.SHEET, adventure), RulesHelpScene(services, adventure.book, "combat")]


@showcase("rules-help-sheet")
def _showcase_rules_sheet(services: Services) -> list[Scene]:
    adventure = sample_adventure(services, "DF64", hero="Tarkan")
    return [services.navigator.build(Screen.SHEET, adventure), RulesHelpScene(services, adventure.book, "sheet")]


@showcase("rules-help-creation")
def _showcase_rules_creation(services: Services) -> list[Scene]:
    book = services.shelf.books["DF64"]
    assert isinstance(book, FightingFantasyBook)
    return [services.navigator.build(Screen.CREATION, book), RulesHelpScene(services, book, "creation")]


@showcase("gallery")
def _showcase_gallery(services: Services) -> list[Scene]:
    return [GalleryScene(services.ui, rng=random.Random(0), animation_factor=services.settings.animation_factor)]


@showcase("kiosk-title")
def _showcase_title(services: Services) -> list[Scene]:
    book = services.shelf.books[services.settings.demo_book]
    assert isinstance(book, FightingFantasyBook)
    return [TitleScene(services, book, now=lambda: 0.0, rng=random.Random(4))]


@showcase("timeline")
def _showcase_timeline(services: Services) -> list[Scene]:
    adventure = sample_adventure(services)
    scene = TimelineScene(services, adventure)
    scene.list.select(3)
    scene.sync()
    return [services.navigator.build(Screen.SHEET, adventure), scene]


@showcase("chronicles")
def _showcase_chronicles(services: Services) -> list[Scene]:
    adventure = sample_adventure(services)
    _sample_runs(services, adventure.book)
    scene = ChroniclesScene(services, adventure.book, current=adventure)
    scene.spoiler.value = True
    scene.runs_list.select(0)
    return [scene]


def _sample_runs(services: Services, book: FightingFantasyBook) -> None:
    """Three past runs of the sample book for the screenshot: two deaths at § 213, one abandoned."""
    from game.rules.dice import RandomDice
    from game.rules.ff import actions as a
    from game.rules.ff.actions import FFAction
    from game.rules.ff.state import SheetState
    from game.rules.session import Session, Start

    roads = ((1, 48, 213), (1, 12, 97, 213), (1, 12, 150))
    for index, road in enumerate(roads):
        hero = {"skill": 9, "stamina": 18, "luck": 9}
        session: Session[SheetState, FFAction] = Session(
            book, RandomDice(index), Start(hero=hero, play="honest" if index else "bookmark")
        )
        session.apply(a.NameHero(name=("Brenna", "Oswin", "Maelis")[index]))
        for number in road:
            session.apply(a.GoToParagraph(number=number))
        if index < 2:
            session.apply(a.StartFight(enemies=[a.EnemySpec(name="Troll des collines", skill=12, stamina=14)]))
            session.apply(a.Die())
        keep_run(
            services.saves, session, f"sample-{index}", f"2026-11-2{index}T10:00:00+00:00", None if index < 2 else "abandoned"
        )


@showcase("share")
def _showcase_share(services: Services) -> list[Scene]:
    adventure = sample_adventure(services)
    return [services.navigator.build(Screen.SHEET, adventure), ShareScene(services, adventure)]

"""An unexpected exception in a scene: logged, the sheet saved, back to the last good screen."""

import pygame
from app_helpers import Driver, make_adventure, make_services

from game.app.crash import CrashRecovery, crash_report
from game.app.scene import Scene
from game.scenes.bookshelf.scene import BookshelfScene
from game.scenes.bookshelf.versions import VersionsScene
from game.scenes.crash_report import CrashReportScene
from game.scenes.sheet.scene import SheetScene


class Broken(Scene):
    """A screen that fails on the first click."""

    def process_event(self, event):
        if event.type == pygame.MOUSEBUTTONUP:
            raise RuntimeError("boom in a screen")
        return event


def driver_with_recovery(services, *scenes):
    driver = Driver(scenes[0])
    for scene in scenes[1:]:
        driver.stack.push(scene)
    driver.stack.apply_pending()
    driver.loop.on_error = CrashRecovery(services, driver.stack, home=lambda: BookshelfScene(services))
    return driver


def test_a_failing_screen_is_closed_and_the_report_dialog_shown(tmp_path):
    services = make_services(tmp_path)
    sheet = SheetScene(services, make_adventure(services))
    driver = driver_with_recovery(services, sheet, Broken())
    driver.click((640, 360))
    assert isinstance(driver.top, CrashReportScene)
    assert [type(s) for s in driver.stack.scenes] == [SheetScene, CrashReportScene]
    assert "boom in a screen" in driver.top.report


def test_the_adventure_is_saved_when_a_screen_fails(tmp_path):
    services = make_services(tmp_path)
    adventure = make_adventure(services)
    adventure.session.apply({"do": "change", "stat": "luck", "by": -2})  # not yet saved
    driver = driver_with_recovery(services, SheetScene(services, adventure), Broken())
    driver.click((640, 360))
    _, loaded = services.saves.load(adventure.save_id, services.shelf.books)
    assert loaded.state.hero.scores["luck"] == 7


def test_copy_the_report_puts_it_on_the_clipboard(tmp_path):
    services = make_services(tmp_path)
    driver = driver_with_recovery(services, BookshelfScene(services), Broken())
    driver.click((640, 360))
    driver.click(driver.top.copy_button)
    assert "RuntimeError: boom in a screen" in services.ui.clipboard.get()


def test_a_lone_failing_screen_falls_back_to_the_bookshelf(tmp_path):
    services = make_services(tmp_path)
    driver = driver_with_recovery(services, Broken())
    driver.click((640, 360))
    assert [type(s) for s in driver.stack.scenes] == [BookshelfScene, CrashReportScene]
    assert driver.loop.running


def test_the_report_names_the_screens_and_the_error(tmp_path):
    services = make_services(tmp_path)
    driver = Driver(BookshelfScene(services))
    try:
        raise ValueError("bad value")
    except ValueError as error:
        report = crash_report(error, driver.stack)
    assert "Screens: BookshelfScene" in report and "ValueError: bad value" in report


class ClipAndFail(Scene):
    """A screen that sets a clip rectangle and raises half-way through drawing."""

    def draw(self, surface):
        surface.fill((255, 0, 0))
        surface.set_clip(pygame.Rect(0, 0, 10, 10))
        raise RuntimeError("boom mid-draw")


def test_the_crash_dialog_is_drawn_on_a_clean_page_whatever_the_scene_left(tmp_path):
    services = make_services(tmp_path)
    driver = driver_with_recovery(services, BookshelfScene(services))
    driver.stack.push(ClipAndFail())
    driver.send(frames=3)
    assert isinstance(driver.top, CrashReportScene)
    surface = driver.display.surface
    assert surface.get_clip() == surface.get_rect()
    # The dialog's panel is drawn where the clip had been cut away.
    assert surface.get_at(driver.top.panel_rect().center)[:3] != (255, 0, 0)
    driver.click(driver.top.continue_button)
    assert isinstance(driver.top, BookshelfScene)


class SheetThatFails(SheetScene):
    """A sheet whose saved state makes it fail to draw (like the emoji item did)."""

    def draw(self, surface):
        if self.adventure.state.hero.name == "Poison":
            raise RuntimeError("this save breaks the sheet")
        super().draw(surface)


def test_a_save_that_breaks_its_screen_opens_on_the_shelf_with_open_and_its_versions_offered(tmp_path):
    """Row 10: the shelf used to offer only "Open the backup", one action earlier: the play since was lost."""
    services = make_services(tmp_path)
    adventure = make_adventure(services)
    adventure.act({"do": "name_hero", "name": "Sane"})
    adventure.act({"do": "name_hero", "name": "Poison"})
    driver = driver_with_recovery(services, BookshelfScene(services))
    driver.stack.replace(SheetThatFails(services, adventure))  # as "Continue" does
    driver.send(frames=10)  # every frame would fail if the sheet stayed
    assert [type(s) for s in driver.stack.scenes] == [BookshelfScene, CrashReportScene]
    driver.click(driver.top.continue_button)
    shelf = driver.top
    assert shelf._selected().id == adventure.save_id
    assert shelf.controls.open_button.enabled and shelf.controls.open_button.label() == services.ui.t("shelf.open_choose")
    shelf.continue_last()  # "Continue" shows the adventure rather than failing again
    driver.send(frames=3)
    assert driver.top is shelf and driver.loop.on_error.crashes == 0
    driver.click(shelf.controls.open_button)
    versions = driver.top
    assert isinstance(versions, VersionsScene)
    assert [number for _text, number in versions.choices][:2] == [0, 1]  # the save itself (all played) first
    versions.rows.select(1)  # the player goes back one version: a choice, not the only button
    driver.click(versions.open_button)
    assert driver.top.adventure.state.hero.name == "Sane"

"""An unexpected exception in a scene: logged, the sheet saved, back to the last good screen."""

import pygame
from app_helpers import Driver, make_adventure, make_services

from game.app.crash import CrashRecovery, crash_report
from game.app.scene import Scene
from game.scenes.bookshelf import BookshelfScene
from game.scenes.crash_report import CrashReportScene
from game.scenes.sheet import SheetScene


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

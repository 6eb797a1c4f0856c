"""Issue 13's reproduction: joined emoji typed into the hero's name and into "Nouvel objet…".

Before the fix, SDL_ttf raised "Text has zero width" on the lone U+FE0F / U+200D
chunks, and the saved item made scrolling, the Journal and Undo fail on every launch.
"""

import pygame
import pytest
from app_helpers import Driver, make_adventure, make_services

from game.app.crash import CrashRecovery
from game.scenes.bookshelf.scene import BookshelfScene
from game.scenes.common.form import FormScene
from game.scenes.sheet.scene import SheetScene

JOINED = ["🏳️‍🌈", "👨‍👩‍👧"]


def failing_loop(driver, services):
    """A loop whose error handler remembers every failure (the test fails if there is one)."""
    errors: list[Exception] = []
    recovery = CrashRecovery(services, driver.stack, home=lambda: BookshelfScene(services))

    def record(error: Exception) -> None:
        errors.append(error)
        recovery(error)

    driver.loop.on_error = record
    return errors


@pytest.mark.parametrize("emoji", JOINED)
def test_joined_emoji_in_a_name_and_an_item_survive_scroll_journal_undo_and_restart(tmp_path, emoji):
    services = make_services(tmp_path)
    adventure = make_adventure(services, "DF49")
    driver = Driver(SheetScene(services, adventure))
    errors = failing_loop(driver, services)

    driver.click(driver.top.controls.hero.rename_button)
    assert isinstance(driver.top, FormScene)
    driver.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    driver.type(f"Alwen {emoji}")
    driver.key(pygame.K_RETURN)
    assert adventure.state.hero.name == f"Alwen {emoji}"

    sheet = driver.top
    driver.click(sheet.controls.backpack.item_field)
    driver.type(f"Drapeau {emoji}")
    driver.click(sheet.controls.backpack.add_item_button)
    assert adventure.state.equipment[-1] == f"Drapeau {emoji}"

    wheel = sheet.controls.backpack.equipment.rect.center
    driver.send(pygame.event.Event(pygame.MOUSEMOTION, pos=driver.to_window(wheel), rel=(0, 0), buttons=(0, 0, 0)))
    driver.send(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0))
    driver.click(sheet.controls.side.tab_buttons["journal"])
    driver.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert errors == [] and isinstance(driver.top, SheetScene)

    # Restart: fresh services on the same folders, the saved adventure opened again.
    again = make_services(tmp_path)
    _, session = again.saves.load(adventure.save_id, again.shelf.books)
    assert session.state.hero.name == f"Alwen {emoji}"
    from game.app.adventure import Adventure

    reopened = Driver(SheetScene(again, Adventure(session, again.saves, adventure.save_id)))
    errors = failing_loop(reopened, again)
    reopened.click(reopened.top.controls.side.tab_buttons["journal"])
    reopened.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    reopened.key(pygame.K_y, mod=pygame.KMOD_CTRL)
    assert errors == [] and isinstance(reopened.top, SheetScene)

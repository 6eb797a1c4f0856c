"""The full screens of the shelf and of the journal re-lay out when the window changes (issues 13 and 16).

Each is opened in one window and resized to another: it takes the new page, uses the
room (more cards, more rows, wider panels) and keeps what the player was looking at.
"""

from __future__ import annotations

import pygame
from app_helpers import Driver, make_adventure, make_services

from game.scenes.bookshelf.scene import BookshelfScene
from game.scenes.chronicles import ChroniclesScene
from game.scenes.gallery import GalleryScene
from game.scenes.settings import SettingsScene
from game.scenes.timeline import TimelineScene
from game.scenes.title import TitleScene, dice_scale


def resize(driver: Driver, size: tuple[int, int]) -> None:
    driver.send(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))


def shelf_with_two_saves(tmp_path, window: tuple[int, int]) -> Driver:
    services = make_services(tmp_path)
    make_adventure(services, "DF49")
    make_adventure(services, "DF64")
    return Driver(BookshelfScene(services), window=window)


def test_the_shelf_shows_more_books_and_more_saves_on_a_bigger_page(tmp_path):
    driver = shelf_with_two_saves(tmp_path, (1024, 640))
    shelf = driver.top
    small_cards, small_list = len(shelf.controls.book_buttons), shelf.controls.saves_list.rect.height
    resize(driver, (1920, 1080))
    assert shelf.page == (1920, 1080)
    assert len(shelf.controls.book_buttons) > small_cards and shelf.controls.saves_list.rect.height > small_list
    assert shelf.controls.quit_button.rect.right == 1920 - 24 and shelf.r.books.width > 800


def test_a_resized_shelf_keeps_the_selected_adventure_and_the_books_it_showed(tmp_path):
    driver = shelf_with_two_saves(tmp_path, (1920, 1080))
    shelf = driver.top
    driver.click(shelf.controls.next_page)
    first = shelf.controls.book_buttons[0][1]
    shelf.controls.saves_list.select(1)
    resize(driver, (1024, 640))
    assert shelf.page == (1024, 640)
    assert first in [book_id for _button, book_id in shelf.controls.book_buttons]
    assert shelf.controls.saves_list.selected == 1 and shelf.controls.open_button.enabled


def test_the_kiosk_title_centres_bigger_dice_and_its_language_button_follows_the_corner(tmp_path):
    services = make_services(tmp_path)
    driver = Driver(TitleScene(services, services.shelf.books["DEMO"], now=lambda: 0.0), window=(1024, 640))
    title = driver.top
    assert title.language_button.rect.topright == (1024 - 20, 20)
    resize(driver, (1920, 1080))
    assert title.page == (1920, 1080) and title.language_button.rect.topright == (1920 - 20, 20)
    assert dice_scale(title.page) > dice_scale((1024, 640))


def test_the_settings_panel_stays_centred_and_keeps_the_delay_being_typed(tmp_path):
    services = make_services(tmp_path)
    driver = Driver(SettingsScene(services), window=(1024, 640))
    settings = driver.top
    assert pygame.Rect(0, 0, 1024, 640).contains(settings.r.panel)
    settings.demo_field.text = "12"
    resize(driver, (1920, 1080))
    assert settings.page == (1920, 1080) and settings.r.panel.center == (960, 540)
    assert settings.demo_field.text == "12" and settings.r.panel.contains(settings.close_button.rect)


def test_a_resized_chronicles_page_keeps_the_map_shown_and_the_run_selected(tmp_path):
    services = make_services(tmp_path)
    adventure = make_adventure(services, "DF49")
    adventure.act({"do": "paragraph", "number": 1})
    adventure.act({"do": "paragraph", "number": 48})
    driver = Driver(ChroniclesScene(services, adventure.book, current=adventure), window=(1024, 640))
    chronicles = driver.top
    driver.click(chronicles.spoiler)
    chronicles.runs_list.select(0)
    small_map = chronicles.r.map.size
    resize(driver, (1920, 1080))
    assert chronicles.page == (1920, 1080) and chronicles.spoiler.value and chronicles.runs_list.selected == 0
    assert chronicles.r.map.width > small_map[0] and chronicles.r.map.height > small_map[1]
    assert chronicles.r.deadliest_shown > 4 and chronicles.back_button.rect.right == 1920 - 16


def test_a_resized_timeline_keeps_the_entry_selected_and_shows_more_rows(tmp_path):
    services = make_services(tmp_path)
    adventure = make_adventure(services, "DF49")
    for number in range(1, 30):
        adventure.act({"do": "paragraph", "number": number})
    driver = Driver(TimelineScene(services, adventure), window=(1024, 640))
    timeline = driver.top
    timeline.list.select(2)
    small_list = timeline.list.rect.height
    resize(driver, (1920, 1080))
    assert timeline.page == (1920, 1080) and timeline.list.selected == 2 and timeline.back_here.enabled
    assert timeline.list.rect.height > small_list and timeline.detail_rect.right == 1920 - 16


def test_the_gallery_moves_its_toggles_on_a_short_page_and_keeps_what_was_typed(tmp_path):
    services = make_services(tmp_path)
    driver = Driver(GalleryScene(services.ui), window=(1920, 1080))
    gallery = driver.top
    assert gallery.panels["toggles"].x == gallery.panels["buttons"].x  # under the buttons: there is room
    gallery.name_field.text = "Brenna"
    resize(driver, (1024, 640))
    assert gallery.page == (1024, 640) and gallery.name_field.text == "Brenna"
    assert gallery.panels["toggles"].x == gallery.panels["counters"].x  # a short page: under the counters
    assert all(pygame.Rect(0, 0, 1024, 640).contains(panel) for panel in gallery.panels.values())


def test_a_resize_does_not_say_again_why_the_selected_save_is_broken(tmp_path, monkeypatch):
    services = make_services(tmp_path)
    adventure = make_adventure(services, "DF49")
    services.saves.path(adventure.save_id).write_text("{not json", encoding="utf-8")
    driver = Driver(BookshelfScene(services), window=(1280, 720))
    shelf = driver.top
    said: list[str] = []
    speak = services.ui.say
    monkeypatch.setattr(services.ui, "say", lambda text, **options: (said.append(text), speak(text, **options)))
    shelf.controls.saves_list.select(0)
    assert len(said) == 1 and shelf.message_bad
    resize(driver, (1920, 1080))
    assert shelf.page == (1920, 1080) and shelf.controls.saves_list.selected == 0 and len(said) == 1
    assert not shelf.controls.export_button.enabled  # a broken save still cannot be exported


def test_the_settings_close_up_on_the_page_of_200_percent_on_a_1080p_screen(tmp_path):
    services = make_services(tmp_path)
    driver = Driver(SettingsScene(services), window=(1024, 640))
    settings = driver.top
    settings.demo_field.text = "12"
    settings.layout((960, 540))
    assert settings.r.compact and pygame.Rect(0, 0, 960, 540).contains(settings.r.panel)
    assert settings.demo_field.rect.bottom < settings.close_button.rect.top and settings.demo_field.text == "12"
    settings.layout((1024, 640))
    assert not settings.r.compact  # 1024×640 keeps its roomier rows


def test_the_gallery_keeps_lines_of_notes_on_the_page_of_200_percent_on_a_1080p_screen(tmp_path):
    services = make_services(tmp_path)
    gallery = Driver(GalleryScene(services.ui), window=(1024, 640)).top
    gallery.layout((960, 540))
    assert gallery.notes.rect.bottom <= 540 and gallery.notes.rect.height >= 2 * gallery.notes.line_height()

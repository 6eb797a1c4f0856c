"""Interface size: above 100 % the display magnifies the page and follows the keyboard focus and the pointer."""

from __future__ import annotations

import pygame
from app_helpers import Driver, make_services

from game.app.display import Viewport
from game.app.showcase import sample_adventure
from game.scenes.sheet.scene import SheetScene

PAGE = (1280, 720)


def test_at_200_percent_a_quarter_of_the_page_fills_the_window():
    view = Viewport(PAGE, (1280, 720), zoom=2.0)
    assert view.scale == 2.0
    assert view.shown == pygame.Rect(0, 0, 640, 360)
    assert view.dest == pygame.Rect(0, 0, 1280, 720)


def test_pointer_positions_map_through_the_pan_both_ways():
    view = Viewport(PAGE, (1280, 720), zoom=2.0, pan=(300, 200))
    assert view.shown.topleft == (300, 200)
    assert view.to_logical((0, 0)) == (300, 200)
    assert view.to_logical((640, 360)) == (620, 380)
    assert view.to_logical(view.to_window((500, 300))) == (500, 300)


def test_the_pan_never_leaves_the_page():
    view = Viewport(PAGE, (1280, 720), zoom=2.0, pan=(5000, -50))
    assert view.shown == pygame.Rect(640, 0, 640, 360)


def test_a_control_out_of_view_is_brought_to_the_middle_of_it():
    view = Viewport(PAGE, (1280, 720), zoom=2.0)
    button = pygame.Rect(700, 300, 120, 44)
    pan = view.showing(button, margin=20)
    shown = Viewport(PAGE, (1280, 720), zoom=2.0, pan=pan).shown
    assert shown.center == button.center
    corner = pygame.Rect(1150, 660, 120, 44)  # near the page's edge: as close to the middle as the page allows
    shown = Viewport(PAGE, (1280, 720), zoom=2.0, pan=view.showing(corner)).shown
    assert shown.contains(corner) and shown.bottomright == (1280, 720)
    assert view.showing(pygame.Rect(100, 100, 50, 40)) == (0.0, 0.0)  # already in view: no move


def test_the_view_follows_the_pointer_proportionally():
    view = Viewport(PAGE, (1280, 720), zoom=2.0)
    assert view.following((0, 0)) == (0.0, 0.0)
    assert view.following((1280, 720)) == (640.0, 360.0)


def test_tab_moves_the_magnified_view_to_the_focused_control(tmp_path):
    services = make_services(tmp_path)
    services.settings.ui_scale = 2.0
    sheet = SheetScene(services, sample_adventure(services))
    d = Driver(sheet)
    d.loop.zoom = lambda: services.settings.ui_scale
    d.send()
    assert d.display.zoom == 2.0
    while sheet.group.focus.focused is not sheet.controls.top["help"]:
        d.key(pygame.K_TAB)
    assert d.display.viewport.shown.contains(sheet.controls.top["help"].rect)
    while sheet.group.focus.focused is not sheet.controls.hero.luck_button:
        d.key(pygame.K_TAB)
    assert d.display.viewport.shown.contains(sheet.controls.hero.luck_button.rect)
    d.key(pygame.K_RETURN)  # and the magnified page still takes the key: the Luck test runs
    assert sheet.adventure.session.entries[-1].action["do"] == "test_luck"

"""The layout model: rows and columns from the page size, panes that scroll, a window that re-lays out."""

import pygame
import pytest
from app_helpers import Driver, make_adventure, make_services
from ui_helpers import key, ui, wheel  # noqa: F401  (ui is a fixture)

from game.app.display import MIN_PAGE, Viewport, fluid_page
from game.scenes.sheet.scene import SheetScene
from game.ui.button import Button
from game.ui.group import WidgetGroup
from game.ui.layout import ScrollPane, fill, fixed, split


def test_fixed_parts_keep_their_size_and_fill_parts_share_the_rest():
    a, b, c = split(pygame.Rect(0, 0, 500, 40), [fixed(100), fill(1), fill(3)], gap=10)
    assert (a.width, b.width, c.width) == (100, 95, 285)
    assert a.x == 0 and b.x == 110 and c.right == 500


def test_a_fill_part_never_shrinks_below_its_minimum_and_the_others_give_way():
    a, b = split(pygame.Rect(0, 0, 400, 40), [fill(1, minimum=300), fill(1, minimum=50)])
    assert (a.width, b.width) == (300, 100)


def test_a_vertical_split_cuts_a_column():
    top, bottom = split(pygame.Rect(0, 0, 50, 300), [fixed(60), fill()], gap=4, vertical=True)
    assert (top.height, bottom.y, bottom.bottom) == (60, 64, 300)


def pane_of_buttons(ui, count=10, height=200):  # noqa: F811
    group = WidgetGroup(ui)
    pane = group.add(ScrollPane(ui, (0, 100, 300, height)))
    buttons = []
    for index in range(count):
        button = group.add(Button(ui, (10, 100 + index * 50, 200, 44), f"B{index}"))
        pane.add_row(50, button)
        buttons.append(button)
    return group, pane, buttons


def test_rows_that_do_not_fit_scroll_with_the_wheel(ui):  # noqa: F811
    group, pane, buttons = pane_of_buttons(ui)
    assert pane.scrolls and not buttons[6].contains(buttons[6].rect.center)
    group.process_event(wheel(-3, (150, 200)))
    assert pane.offset == 120 and buttons[5].rect.y == 100 + 250 - 120


def test_a_widget_scrolled_out_of_view_takes_no_click(ui):  # noqa: F811
    group, pane, buttons = pane_of_buttons(ui)
    assert not buttons[5].contains(buttons[5].rect.center)  # below the pane: outside its view
    pane.scroll_to(250)
    assert buttons[5].contains(buttons[5].rect.center) and not buttons[0].contains(buttons[0].rect.center)


def test_the_keyboard_focus_brings_its_row_into_view(ui):  # noqa: F811
    group, pane, buttons = pane_of_buttons(ui)
    for _ in range(8):
        group.process_event(key(pygame.K_TAB))
    group.update(0.0)
    assert group.focus.focused is buttons[7]
    assert pane.rect.contains(buttons[7].rect)


def test_a_pane_whose_rows_fit_does_not_scroll(ui):  # noqa: F811
    group, pane, buttons = pane_of_buttons(ui, count=3)
    group.process_event(wheel(-3, (150, 200)))
    assert not pane.scrolls and pane.offset == 0


@pytest.mark.parametrize(
    "window, zoom, page",
    [
        ((1280, 720), 1.0, (1280, 720)),
        ((1920, 1080), 1.0, (1920, 1080)),
        ((1920, 1080), 1.5, (1280, 720)),
        ((2560, 1440), 2.0, (1280, 720)),
        ((3840, 2160), 1.0, (1920, 1080)),
    ],
)
def test_a_fluid_page_takes_the_window_size_divided_by_the_interface_size(window, zoom, page):
    assert fluid_page(window, zoom)[0] == page


def test_an_interface_size_that_would_make_the_page_too_small_magnifies_it_instead():
    page, zoom = fluid_page((1280, 720), 2.0)
    assert page == MIN_PAGE
    assert Viewport(page, (1280, 720), zoom=zoom).scale == pytest.approx(2.0)


def sheet_driver(tmp_path, book_id, window=(1280, 720)):
    services = make_services(tmp_path)
    adventure = make_adventure(services, book_id)
    return Driver(SheetScene(services, adventure), window=window)


def test_the_sheet_re_lays_out_when_the_window_is_resized(tmp_path):
    driver = sheet_driver(tmp_path, "DF49")
    driver.send(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    sheet = driver.top
    assert sheet.page == (1920, 1080) and driver.display.surface.get_size() == (1920, 1080)
    assert sheet.controls.top["help"].rect.right == 1920 - 16
    assert sheet.regions.backpack.panel.width > 400  # the panels grew, they were not stretched


def test_with_five_scores_the_lost_weapon_toggle_is_never_under_test_your_luck(tmp_path):
    driver = sheet_driver(tmp_path, "FF13", window=(1024, 640))
    sheet = driver.top
    assert len(sheet.book.stats) == 5
    sheet.controls.hero.stats_pane.reveal(sheet.controls.hero.weapon_toggle)
    assert sheet.controls.hero.stats_pane.rect.contains(sheet.controls.hero.weapon_toggle.rect)
    assert sheet.controls.hero.stats_pane.rect.bottom <= sheet.controls.hero.luck_button.rect.top


def test_with_twelve_spell_counters_the_backpack_scrolls_inside_its_panel(tmp_path):
    driver = sheet_driver(tmp_path, "FF2")
    sheet = driver.top
    pane = sheet.controls.backpack.counters_pane
    assert len(sheet.book.counters) >= 12 and pane.scrolls
    assert sheet.regions.backpack.panel.contains(pane.rect) and pane.rect.bottom < sheet.controls.backpack.equipment.rect.top
    last = sheet.controls.backpack.counter_widgets[sheet.book.counters[-1].id]
    driver.send(wheel(-20, driver.to_window(pane.rect.center)))
    assert pane.rect.contains(last.rect)


def test_a_re_layout_keeps_the_keyboard_focus_and_the_scrolled_panes(tmp_path):
    driver = sheet_driver(tmp_path, "FF2")
    sheet = driver.top
    sheet.controls.backpack.counters_pane.scroll_to(40)
    sheet.group.focus.focus(sheet.controls.hero.luck_button)
    sheet.group.focus.visible = True
    driver.send(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900)))
    assert sheet.page == (1600, 900)
    assert sheet.group.focus.focused is sheet.controls.hero.luck_button and sheet.group.focus.visible
    assert sheet.controls.backpack.counters_pane.offset == 40


@pytest.mark.parametrize("book_id", ["DF49", "FF2", "FF13"])
def test_on_the_page_of_200_percent_on_a_1080p_screen_every_sheet_tab_keeps_its_controls_in_the_side_panel(tmp_path, book_id):
    sheet = sheet_driver(tmp_path, book_id).top
    sheet.layout((960, 540))
    page = pygame.Rect(0, 0, 960, 540)
    for tab in sheet.regions.side.tabs:
        sheet.show_tab(tab)
        shown = [w for w in sheet.group.widgets if w.visible and getattr(w, "pane", None) is None]
        assert all(page.contains(w.rect) for w in shown), tab
        in_side = [w for w in shown if w.rect.x >= sheet.regions.side.panel.x and w.rect.y >= sheet.regions.side.panel.y]
        assert all(sheet.regions.side.panel.contains(w.rect) for w in in_side), tab
        focusable = [w for w in shown if w.focusable]
        assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(focusable) for b in focusable[i + 1 :]), tab


def test_on_a_960_wide_page_the_sheet_keeps_three_columns_and_the_scores_their_names(tmp_path):
    sheet = sheet_driver(tmp_path, "DF49").top
    sheet.layout((960, 540))
    hero, backpack, side = sheet.regions.hero.panel, sheet.regions.backpack.panel, sheet.regions.side_column
    assert hero.right < backpack.x and backpack.right < side.x and side.right <= 960 - 16
    assert sheet.regions.hero.stat_column - hero.x >= 100  # room for "HABILETÉ" left of its counter
    scrollbar = sheet.controls.hero.stats_pane.scrollbar.rect
    erasers = sheet.controls.hero.stat_erasers.values()
    assert all(button.rect.right <= scrollbar.x for button in erasers)  # the pencils are not under it
    assert sheet.regions.paragraph.panel.contains(sheet.controls.paragraph.history_buttons[-1].rect)

"""Overlays lay themselves out for the page like the screens under them (issue 16: interface size up to 200 %).

A dialog, a form, the dice entry, the help pages: each centres its panel on the page
it is given, shrinks it to fit, and keeps every control inside it; what does not fit
scrolls. Nothing is drawn in a fixed 1280×720 frame any more.
"""

from __future__ import annotations

import pygame
import pytest
from app_helpers import make_adventure, make_services
from ui_helpers import key

from game.app.dialog import Dialog
from game.app.display import MIN_PAGE, Display
from game.app.loop import FakeClock, MainLoop
from game.app.navigator import Screen
from game.app.scene import SceneStack
from game.scenes.bookshelf.importer import ImportScene
from game.scenes.common.form import FieldSpec, FormScene
from game.scenes.common.spells import SpellsModal
from game.scenes.crash_report import CrashReportScene
from game.scenes.creation.picker import ChoicePicker
from game.scenes.dice_entry import DiceEntryScene
from game.scenes.help import HelpScene
from game.scenes.rules_help import RulesHelpScene
from game.scenes.share import ShareScene
from game.scenes.sheet.scene import SheetScene
from game.ui.layout import ScrollPane


def _picker(services, adventure):
    book = services.shelf.books["FF2"]
    step = book.creation[0]
    return ChoicePicker(services.ui, book, step, None, {}, lambda action: None, lambda action: None)


OVERLAYS = {
    "dialog": lambda s, a: Dialog(s.ui, "Boire la potion ?", [("Non", False), ("Oui", True)], title="Potion"),
    "form": lambda s, a: FormScene(
        s.ui, "Créature", [FieldSpec("name", "Nom"), FieldSpec("skill", "HABILETÉ", numeric=True)], lambda v: None
    ),
    "dice": lambda s, a: DiceEntryScene(s.ui, "Vos dés", [6, 6, 6, 6, 10], lambda values: None),
    "share": lambda s, a: ShareScene(s, a),
    "rules": lambda s, a: RulesHelpScene(s, s.shelf.books["FF2"], "creation"),
    "help": lambda s, a: HelpScene(s, "combat"),
    "crash": lambda s, a: CrashReportScene(s.ui, "Traceback\nValueError: x"),
    "import": lambda s, a: ImportScene(s, lambda message, bad: None, kind="book"),
    "spells": lambda s, a: SpellsModal(s.ui, s.shelf.books["FF2"], a.session.state, lambda i: None, lambda i: None),
    "picker": _picker,
}


def over_the_sheet(tmp_path, make_overlay, window=(1280, 720), zoom=1.0):
    services = make_services(tmp_path)
    adventure = make_adventure(services, "FF2")
    stack = SceneStack()
    overlay = make_overlay(services, adventure)
    for scene in (SheetScene(services, adventure), overlay):
        stack.push(scene)
        stack.apply_pending()
    display = Display(window, title="test")
    loop = MainLoop(stack, display, clock=FakeClock(), zoom=lambda: zoom)
    loop.run_frames(2)
    return overlay, display, loop


def controls(overlay):
    """The overlay's visible widgets, those of a scrolling pane's rows left to the pane."""
    widgets = [w for w in overlay.group.widgets if w.visible]
    inside = {id(w) for pane in widgets if isinstance(pane, ScrollPane) for row in pane.rows for w in row.widgets}
    return [w for w in widgets if id(w) not in inside]


@pytest.mark.parametrize("name", sorted(OVERLAYS))
def test_an_overlay_at_200_percent_on_a_1280x720_window_keeps_its_panel_and_controls_in_the_page(tmp_path, name):
    overlay, display, _loop = over_the_sheet(tmp_path, OVERLAYS[name], zoom=2.0)
    page = pygame.Rect((0, 0), display.logical_size)
    assert overlay.fluid and overlay.page == page.size == MIN_PAGE  # the smallest page, magnified
    panel = overlay.panel_rect()
    assert page.contains(panel)
    for widget in controls(overlay):
        assert panel.contains(widget.rect), f"{type(widget).__name__} {widget.rect} leaves the panel {panel}"


@pytest.mark.parametrize("name", sorted(OVERLAYS))
def test_an_overlay_grows_no_bigger_than_it_needs_on_a_big_page_and_stays_centred(tmp_path, name):
    overlay, display, _loop = over_the_sheet(tmp_path, OVERLAYS[name], window=(1920, 1080))
    panel = overlay.panel_rect()
    assert overlay.page == (1920, 1080) and panel.center == (960, 540)
    assert all(panel.contains(w.rect) for w in controls(overlay))


def test_a_form_re_laid_out_by_a_resize_keeps_what_was_typed_and_the_focus(tmp_path):
    overlay, display, loop = over_the_sheet(tmp_path, OVERLAYS["form"])
    overlay.fields["name"].text = "Gandalf"
    overlay.group.focus.focus(overlay.fields["skill"])
    loop.run_frames(2, events=[pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080))])
    assert overlay.page == (1920, 1080) and overlay.panel_rect().center == (960, 540)
    assert overlay.fields["name"].text == "Gandalf" and overlay.group.focus.focused is overlay.fields["skill"]


def test_a_dialog_whose_buttons_do_not_fit_one_row_puts_them_on_two(tmp_path):
    long = [(f"Une réponse assez longue numéro {n}", n) for n in range(4)]
    overlay, _display, _loop = over_the_sheet(tmp_path, lambda s, a: Dialog(s.ui, "Que faire ?", long), zoom=2.0)
    rows = {button.rect.y for button in overlay.buttons}
    assert len(rows) > 1 and overlay.panel_rect().contains(overlay.buttons[0].rect.union(overlay.buttons[-1].rect))


def test_dice_rows_that_do_not_fit_the_small_page_scroll_and_the_keyboard_reaches_the_last(tmp_path):
    many = lambda s, a: DiceEntryScene(s.ui, "Vos dés", [6] * 12, lambda values: None)  # noqa: E731
    overlay, _display, loop = over_the_sheet(tmp_path, many, zoom=2.0)
    assert overlay.rows.scrolls
    for _ in range(11):
        loop.run_frames(1, events=[key(pygame.K_DOWN)])
    last = overlay.pip_buttons[11][0]
    assert overlay.group.focus.focused is last and overlay.rows.rect.contains(last.rect)


def test_rules_longer_than_the_small_page_scroll_with_the_keyboard(tmp_path):
    overlay, _display, loop = over_the_sheet(tmp_path, OVERLAYS["rules"], zoom=2.0)
    pane = overlay.pane
    assert pane.scrolls and pane.offset == 0  # FF2's creation rules, in French, at 1024×640
    loop.run_frames(1, events=[key(pygame.K_END)])
    assert pane.offset == pane.max_offset > 0
    loop.run_frames(1, events=[key(pygame.K_UP)])
    assert 0 < pane.offset < pane.max_offset


def test_the_choice_picker_shows_as_many_options_as_the_page_has_room_for(tmp_path):
    small, _d, _l = over_the_sheet(tmp_path / "a", _picker, zoom=2.0)
    big, _d, _l = over_the_sheet(tmp_path / "b", _picker, window=(1920, 1080))
    assert small.rows_per_page < 8 < big.rows_per_page and big.pages == 1 < small.pages


def test_at_150_percent_a_1080p_window_lays_everything_out_for_1280x720_with_no_magnifier(tmp_path):
    overlay, display, _loop = over_the_sheet(tmp_path, OVERLAYS["help"], window=(1920, 1080), zoom=1.5)
    assert display.logical_size == (1280, 720) and display.viewport.zoom == 1.0
    assert overlay.page == (1280, 720) and pygame.Rect(0, 0, 1280, 720).contains(overlay.panel_rect())


def test_a_pointer_click_reaches_an_overlay_on_a_big_page_where_its_button_is_drawn(tmp_path):
    answers = []
    ask = lambda s, a: Dialog(s.ui, "Boire ?", [("Non", False), ("Oui", True)], on_result=answers.append)  # noqa: E731
    overlay, display, loop = over_the_sheet(tmp_path, ask, window=(1920, 1080))
    at = display.viewport.to_window(overlay.buttons[0].rect.center)
    loop.run_frames(
        2,
        events=[
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1),
        ],
    )
    assert answers == [False]


def test_a_magnified_page_pans_to_the_overlay_that_just_opened(tmp_path):
    services = make_services(tmp_path)
    adventure = make_adventure(services, "FF2")
    stack = SceneStack()
    stack.push(SheetScene(services, adventure))
    stack.apply_pending()
    display = Display((1280, 720), title="test")
    loop = MainLoop(stack, display, clock=FakeClock(), zoom=lambda: 2.0)
    loop.run_frames(2)
    display.show(pygame.Rect(1000, 620, 10, 10))  # the player was working at the bottom right of the sheet
    dialog = Dialog(services.ui, "Boire la potion ?", [("Non", False), ("Oui", True)])
    stack.push(dialog)
    loop.run_frames(2)
    assert display.viewport.shown.contains(dialog.panel_rect())


@pytest.mark.parametrize("name", sorted(OVERLAYS))
def test_at_200_percent_on_a_1080p_screen_the_whole_overlay_is_in_view_nothing_cropped(tmp_path, name):
    overlay, display, _loop = over_the_sheet(tmp_path, OVERLAYS[name], window=(1920, 1080), zoom=2.0)
    shown = display.viewport.shown  # the whole 960×540 page: 200 % of 1080p is re-laid out, not magnified
    assert shown.size == (960, 540) == display.logical_size and display.viewport.zoom == 1.0
    assert shown.contains(overlay.panel_rect()), f"{overlay.panel_rect()} is not all in view {shown}"


def test_the_interface_size_set_in_the_settings_re_lays_out_the_screen_and_its_overlays_end_to_end(tmp_path):
    services = make_services(tmp_path)
    stack = SceneStack()
    stack.push(services.navigator.build(Screen.SETTINGS))
    stack.apply_pending()
    display = Display((1920, 1080), title="test")
    loop = MainLoop(stack, display, clock=FakeClock(), zoom=lambda: services.settings.ui_scale)
    loop.run_frames(2)
    settings = stack.top

    def click(widget):
        at = display.viewport.to_window(widget.rect.center)
        down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1)
        loop.run_frames(2, events=[down, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1)])

    click(settings.larger_button)
    click(settings.larger_button)
    assert services.settings.ui_scale == 1.5 and settings.page == (1280, 720) and display.viewport.zoom == 1.0
    click(settings.larger_button)
    click(settings.larger_button)
    assert services.settings.ui_scale == 2.0 and settings.page == (960, 540) and display.viewport.zoom == 1.0
    click(settings.access_button)
    access = stack.top
    assert type(access).__name__ == "AccessSettingsScene" and access.page == (960, 540)
    assert display.viewport.shown.contains(access.panel_rect())  # the whole page of settings in view


def test_help_that_scrolls_takes_the_arrows_and_its_scrollbar_and_still_closes_on_a_click_elsewhere(tmp_path):
    overlay, display, loop = over_the_sheet(tmp_path, OVERLAYS["help"], window=(1920, 1080), zoom=2.0)
    pane = overlay.pane
    assert pane.scrolls  # the combat help in the 960×540 the window shows

    def click(pos):
        at = display.viewport.to_window(pos)
        down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1)
        loop.run_frames(1, events=[down, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1)])

    loop.run_frames(1, events=[key(pygame.K_DOWN)])
    assert pane.offset > 0 and overlay.stack is not None
    click((pane.scrollbar.rect.centerx, pane.scrollbar.rect.bottom - 2))  # the track: a page down, not a close
    assert pane.offset == pane.max_offset and overlay.stack is not None
    click(overlay.panel_rect().center)
    assert overlay.stack is None


def test_the_navigator_builds_the_overlays_of_data_with_the_ui_alone(tmp_path):
    """Rule 5 of issue 27: a screen opens a dialog, a form or the spells through the navigator, like any screen."""
    services = make_services(tmp_path)
    adventure = make_adventure(services, "FF2")
    dialog = services.navigator.build(Screen.DIALOG, "Boire ?", [("Non", False), ("Oui", True)], title="Potion")
    form = services.navigator.build(Screen.FORM, "Créature", [FieldSpec("name", "Nom")], lambda values: None, width=640)
    spells = services.navigator.build(Screen.SPELLS, adventure.book, adventure.state, lambda i: None, lambda i: None)
    assert isinstance(dialog, Dialog) and isinstance(form, FormScene) and isinstance(spells, SpellsModal)
    assert dialog.ui is form.ui is spells.ui is services.ui and form.width == 640

"""Focus ring: Tab order, wrap-around, skipping disabled widgets, click focus."""

import pygame
from ui_helpers import key, mouse_down, ui  # noqa: F401

from game.ui.button import Button
from game.ui.group import WidgetGroup


def three_buttons(ui, **second):
    group = WidgetGroup(ui)
    buttons = [group.add(Button(ui, (10, 10 + 60 * i, 100, 40), str(i), **(second if i == 1 else {}))) for i in range(3)]
    return group, buttons


def test_tab_moves_focus_forward(ui):
    group, buttons = three_buttons(ui)
    group.process_event(key(pygame.K_TAB))
    group.process_event(key(pygame.K_TAB))
    assert group.focus.focused is buttons[1]


def test_shift_tab_moves_focus_backward_and_wraps(ui):
    group, buttons = three_buttons(ui)
    group.process_event(key(pygame.K_TAB))
    group.process_event(key(pygame.K_TAB, mod=pygame.KMOD_SHIFT))
    assert group.focus.focused is buttons[2]


def test_tab_wraps_to_first(ui):
    group, buttons = three_buttons(ui)
    for _ in range(4):
        group.process_event(key(pygame.K_TAB))
    assert group.focus.focused is buttons[0]


def test_tab_skips_disabled_widgets(ui):
    group, buttons = three_buttons(ui, enabled=False)
    group.process_event(key(pygame.K_TAB))
    group.process_event(key(pygame.K_TAB))
    assert group.focus.focused is buttons[2]


def test_click_focuses_widget_and_hides_focus_outline(ui):
    group, buttons = three_buttons(ui)
    group.process_event(key(pygame.K_TAB))
    group.process_event(mouse_down(buttons[2].rect.center))
    assert group.focus.focused is buttons[2]
    assert not group.focus.visible


def test_keyboard_navigation_shows_focus_outline(ui):
    group, _ = three_buttons(ui)
    group.process_event(key(pygame.K_TAB))
    assert group.focus.visible


def test_focused_widget_that_becomes_disabled_loses_focus(ui):
    group, buttons = three_buttons(ui)
    group.process_event(key(pygame.K_TAB))
    buttons[0].set_enabled(False, "no")
    group.process_event(key(pygame.K_RETURN))
    assert group.focus.focused is None

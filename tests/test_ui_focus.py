"""Focus ring: Tab order, wrap-around, disabled widgets kept in the order (they say why they are off),
click focus, and focus moved on from a control disabled, hidden or removed under the player (issue 29)."""

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


def test_tab_lands_on_a_disabled_widget_which_says_why_it_is_off(ui, monkeypatch):
    said = []
    monkeypatch.setattr(ui, "say", lambda text, **_: said.append(text))
    group, buttons = three_buttons(ui, enabled=False, disabled_reason="no meal left")
    group.process_event(key(pygame.K_TAB))
    group.process_event(key(pygame.K_TAB))
    assert group.focus.focused is buttons[1]
    assert said[-1] == "1, bouton, indisponible : no meal left"


def test_enter_on_a_disabled_widget_says_its_reason_and_does_nothing(ui, monkeypatch):
    said, clicked = [], []
    monkeypatch.setattr(ui, "say", lambda text, **_: said.append(text))
    group, buttons = three_buttons(ui, enabled=False, disabled_reason="no meal left", on_click=lambda: clicked.append(1))
    group.focus.focus(buttons[1])
    for activation in (pygame.K_RETURN, pygame.K_SPACE):
        assert group.process_event(key(activation))
    assert clicked == []
    assert said == ["indisponible : no meal left"] * 2
    assert group.focus.focused is buttons[1]


def test_a_disabled_widget_without_a_reason_still_says_it_is_off(ui):
    group, buttons = three_buttons(ui, enabled=False)
    assert buttons[1].spoken() == "1, bouton, indisponible"


def test_a_click_on_a_disabled_widget_does_not_take_the_focus(ui):
    group, buttons = three_buttons(ui, enabled=False)
    group.process_event(mouse_down(buttons[1].rect.center))
    assert group.focus.focused is None


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


def test_focus_moves_on_from_a_widget_disabled_under_it_and_says_where(ui, monkeypatch):
    said = []
    monkeypatch.setattr(ui, "say", lambda text, **_: said.append(text))
    group, buttons = three_buttons(ui)
    group.process_event(key(pygame.K_TAB))
    buttons[0].set_enabled(False, "no")
    group.update(0.0)
    assert group.focus.focused is buttons[1]
    assert said[-1] == "1, bouton"


def test_focus_goes_to_the_control_the_lost_one_names(ui):
    group, buttons = three_buttons(ui)
    buttons[0].focus_after = (buttons[2],)
    group.focus.focus(buttons[0])
    buttons[0].visible = False
    group.update(0.0)
    assert group.focus.focused is buttons[2]


def test_focus_waits_while_the_screen_holds_it_then_moves_on(ui):
    group, buttons = three_buttons(ui)
    buttons[2].visible = False
    buttons[0].focus_after = (buttons[2],)
    group.focus.focus(buttons[0])
    buttons[0].set_enabled(False, "rolling")
    group.focus.hold = True
    group.update(0.0)
    assert group.focus.focused is buttons[0]
    buttons[2].visible, group.focus.hold = True, False
    group.update(0.0)
    assert group.focus.focused is buttons[2]


def test_focus_comes_back_to_a_widget_enabled_again_before_it_moved(ui):
    group, buttons = three_buttons(ui)
    group.focus.focus(buttons[0])
    group.focus.hold = True
    buttons[0].set_enabled(False, "rolling")
    group.update(0.0)
    buttons[0].set_enabled(True)
    group.focus.hold = False
    group.update(0.0)
    assert group.focus.focused is buttons[0]


def test_focus_goes_on_from_the_place_of_a_removed_widget(ui):
    group, buttons = three_buttons(ui)
    group.focus.focus(buttons[1])
    group.remove(buttons[1])
    group.update(0.0)
    assert group.focus.focused is buttons[2]


def test_tab_after_a_widget_vanished_goes_on_from_its_place(ui):
    group, buttons = three_buttons(ui)
    group.focus.focus(buttons[1])
    group.focus.hold = True  # not settled yet: the Tab itself goes on from the lost control's place
    buttons[1].visible = False
    group.process_event(key(pygame.K_TAB))
    assert group.focus.focused is buttons[2]

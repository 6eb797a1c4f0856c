"""Tooltips appear after a hover delay, and at once on keyboard focus."""

import pygame
from ui_helpers import key, motion, mouse_down, ui  # noqa: F401

from game.ui.button import Button
from game.ui.group import WidgetGroup


def setup(ui, **kwargs):
    group = WidgetGroup(ui)
    button = group.add(Button(ui, (10, 10, 100, 40), "Go", tooltip="Rolls a die", **kwargs))
    return group, button


def test_tooltip_appears_after_hover_delay(ui):
    group, _ = setup(ui)
    group.process_event(motion((20, 20)))
    group.update(0.1)
    assert group.tooltips.text() is None
    group.update(1.0)
    assert group.tooltips.text() == "Rolls a die"


def test_waiting_tooltip_asks_for_animation_frames(ui):
    group, _ = setup(ui)
    group.process_event(motion((20, 20)))
    assert group.wants_animation


def test_disabled_widget_tooltip_shows_reason(ui):
    group, _ = setup(ui, enabled=False, disabled_reason="LUCK is 0")
    group.process_event(motion((20, 20)))
    group.update(1.0)
    assert group.tooltips.text() == "LUCK is 0"


def test_click_hides_tooltip(ui):
    group, _ = setup(ui)
    group.process_event(motion((20, 20)))
    group.update(1.0)
    group.process_event(mouse_down((20, 20)))
    assert group.tooltips.text() is None


def test_keyboard_focus_shows_tooltip_at_once(ui):
    group, _ = setup(ui)
    group.process_event(key(pygame.K_TAB))
    assert group.tooltips.text() == "Rolls a die"


def test_tooltip_draws_inside_the_surface(ui):
    group, _ = setup(ui)
    group.process_event(motion((1270, 710)))
    group.update(1.0)
    group.draw(pygame.Surface((1280, 720)))

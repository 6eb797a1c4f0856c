"""Toggle: click or Space flips it and reports the new value."""

import pygame
from ui_helpers import click, key, ui  # noqa: F401

from game.ui.group import WidgetGroup
from game.ui.toggle import Toggle


def test_click_flips_value_and_reports_it(ui):
    changes = []
    toggle = Toggle(ui, (10, 10, 300, 32), "Sword", on_change=changes.append)
    click(toggle, (20, 26))
    assert toggle.value is True and changes == [True]


def test_space_flips_focused_toggle(ui):
    group = WidgetGroup(ui)
    toggle = group.add(Toggle(ui, (10, 10, 300, 32), "Sword", value=True))
    group.process_event(key(pygame.K_TAB))
    group.process_event(key(pygame.K_SPACE, unicode=" "))
    assert toggle.value is False


def test_disabled_toggle_does_not_flip(ui):
    toggle = Toggle(ui, (10, 10, 300, 32), "Sword", enabled=False)
    click(toggle, (20, 26))
    assert toggle.value is False

"""Button: mouse and keyboard activation, disabled reason."""

import pygame
from ui_helpers import click, key, motion, mouse_down, mouse_up, ui  # noqa: F401

from game.ui.button import Button
from game.ui.group import WidgetGroup


def test_click_inside_calls_on_click(ui):
    clicks = []
    button = Button(ui, (10, 10, 100, 40), "Go", on_click=lambda: clicks.append(1))
    assert click(button, (50, 30))
    assert clicks == [1]


def test_release_outside_does_not_click(ui):
    clicks = []
    button = Button(ui, (10, 10, 100, 40), "Go", on_click=lambda: clicks.append(1))
    button.process_event(mouse_down((50, 30)))
    button.process_event(mouse_up((300, 300)))
    assert clicks == []


def test_click_outside_is_not_consumed(ui):
    button = Button(ui, (10, 10, 100, 40), "Go")
    assert not button.process_event(mouse_down((500, 500)))


def test_disabled_button_does_not_click(ui):
    clicks = []
    button = Button(ui, (10, 10, 100, 40), "Go", on_click=lambda: clicks.append(1), enabled=False)
    click(button, (50, 30))
    assert clicks == []


def test_disabled_button_tooltip_is_its_reason(ui):
    button = Button(ui, (10, 10, 100, 40), "Go", tooltip="normal tip")
    button.set_enabled(False, ui.tr("gallery.disabled_reason"))
    assert button.tooltip_text() == "Indisponible : votre CHANCE est à 0"


def test_enter_activates_focused_button_through_group(ui):
    clicks = []
    group = WidgetGroup(ui)
    group.add(Button(ui, (10, 10, 100, 40), "Go", on_click=lambda: clicks.append(1)))
    group.process_event(key(pygame.K_TAB))
    group.process_event(key(pygame.K_RETURN))
    assert clicks == [1]


def test_space_activates_focused_button_through_group(ui):
    clicks = []
    group = WidgetGroup(ui)
    group.add(Button(ui, (10, 10, 100, 40), "Go", on_click=lambda: clicks.append(1)))
    group.process_event(key(pygame.K_TAB))
    group.process_event(key(pygame.K_SPACE, unicode=" "))
    assert clicks == [1]


def test_hover_follows_event_pos(ui):
    button = Button(ui, (10, 10, 100, 40), "Go")
    button.process_event(motion((20, 20)))
    assert button.hovered
    button.process_event(motion((200, 200)))
    assert not button.hovered


def test_button_draws_without_error_in_every_style(ui):
    surface = pygame.Surface((300, 100))
    for style in ("normal", "primary", "danger"):
        Button(ui, (10, 10, 200, 44), "Go", style=style, icon="potion").draw(surface)


def _ink_columns(ui, label: str, rect: tuple[int, int, int, int], enabled: bool) -> list[int]:
    """The columns where the label's ink lies: the button drawn with and without it, compared."""
    drawn = []
    for text in (label, ""):
        surface = pygame.Surface((rect[0] + rect[2] + 10, rect[1] + rect[3] + 10))
        surface.fill(ui.palette.parchment)
        Button(ui, rect, text, enabled=enabled).draw(surface)
        drawn.append(surface)
    with_label, without = (pygame.PixelArray(s) for s in drawn)
    width, height = drawn[0].get_size()
    return [x for x in range(width) if any(with_label[x, y] != without[x, y] for y in range(height))]


def test_a_disabled_buttons_label_stays_clear_of_its_dashed_outline(ui):
    left, width = 10, 78  # "Supprimer" on the bookshelf at 1024x640 was set over the dashes
    columns = _ink_columns(ui, "Supprimer", (left, 10, width, 44), enabled=False)
    dashes_end = ui.theme.sizes.radius + 2  # the dashes: `radius` inside the edge, 2 px wide
    assert columns and min(columns) >= left + dashes_end + 2 and max(columns) < left + width - dashes_end - 2


def test_an_enabled_buttons_label_keeps_its_own_width(ui):
    columns = _ink_columns(ui, "Supprimer", (10, 10, 92, 44), enabled=True)
    assert max(columns) - min(columns) > 60  # set at its size, not shrunk as a disabled one must be

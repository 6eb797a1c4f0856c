"""ScrollList: select by click or keys, scroll by wheel or drag."""

import pygame
from ui_helpers import click, key, motion, mouse_down, mouse_up, ui, wheel  # noqa: F401

from game.ui.scroll_list import ScrollList

ITEMS = [f"item {i}" for i in range(30)]


def make(ui, **kwargs):
    return ScrollList(ui, (100, 100, 300, 200), ITEMS, row_height=40, **kwargs)


def test_click_selects_row_under_pointer(ui):
    chosen = []
    lst = make(ui, on_select=chosen.append)
    click(lst, (150, 100 + 40 * 2 + 10))
    assert lst.selected == 2 and chosen == [2]


def test_wheel_scrolls_down(ui):
    lst = make(ui)
    lst.process_event(wheel(-1, (150, 150)))
    assert lst.scroll_y == 40


def test_scroll_is_clamped_at_the_top(ui):
    lst = make(ui)
    lst.process_event(wheel(3, (150, 150)))
    assert lst.scroll_y == 0


def test_drag_scrolls_instead_of_selecting(ui):
    lst = make(ui)
    lst.process_event(mouse_down((150, 250)))
    lst.process_event(motion((150, 170), buttons=(1, 0, 0)))
    lst.process_event(mouse_up((150, 170)))
    assert lst.scroll_y == 80 and lst.selected is None


def test_down_key_moves_selection_and_scrolls_into_view(ui):
    lst = make(ui)
    lst.focused = True
    for _ in range(8):
        lst.process_event(key(pygame.K_DOWN))
    assert lst.selected == 7
    assert lst.scroll_y >= 8 * 40 - 200


def test_end_key_selects_last(ui):
    lst = make(ui)
    lst.focused = True
    lst.process_event(key(pygame.K_END))
    assert lst.selected == 29


def test_enter_activates_selected_row(ui):
    activated = []
    lst = make(ui, on_activate=activated.append)
    lst.select(4)
    lst.activate()
    assert activated == [4]


def test_set_items_drops_out_of_range_selection(ui):
    lst = make(ui)
    lst.select(20)
    lst.set_items(ITEMS[:5])
    assert lst.selected is None


def test_empty_list_draws_placeholder(ui):
    lst = ScrollList(ui, (0, 0, 200, 100), [])
    lst.draw(pygame.Surface((300, 200)))


# -- issue 30 item 9: a journal's rows wrap at one size, never cut
LONG = "Assaut — dés 3·4 et 5·6 — vous blessez Aile Noire, le grand corbeau des montagnes du nord, qui s'enfuit"


def test_a_wrapped_row_goes_on_over_more_lines_at_the_lists_one_size(ui, monkeypatch):
    from game.ui import scroll_list

    lst = ScrollList(ui, pygame.Rect(0, 0, 300, 200), ["Court", LONG, "Court aussi"], row_height=30, wrap=True)
    lines = lst.row_lines(1)
    assert len(lines) > 1 and " ".join(lines) == LONG  # every word kept, in order
    assert lst.row_top(1) == 30 and lst.row_top(2) > 60 and lst.content_height() == lst.row_top(3)
    drawn = []
    monkeypatch.setattr(scroll_list, "blit_text", lambda surface, text, at, face, size, *a, **k: drawn.append((text, size)))
    lst.draw(pygame.Surface((300, 200)))
    assert {size for _, size in drawn} == {ui.theme.text_size("body")}
    assert [text for text, _ in drawn] == ["Court", *lines, "Court aussi"]
    assert lst.tooltip_text() is None


def test_a_click_on_any_line_of_a_wrapped_row_selects_that_row(ui):
    lst = ScrollList(ui, pygame.Rect(0, 0, 300, 200), ["Court", LONG, "Court aussi"], row_height=30, wrap=True)
    last_line = lst.row_top(2) - 5
    assert lst.row_at((20, last_line)) == 1 and lst.row_at((20, lst.row_top(2) + 5)) == 2

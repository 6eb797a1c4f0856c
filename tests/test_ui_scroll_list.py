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


# -- issue 28 row 2: a click on a sheet of 10 000 journal entries wraps the new row only
def _tops(lst):
    return [lst.row_top(i) for i in range(len(lst.items) + 1)]


def _fresh_tops(ui, items, width=300):
    return _tops(ScrollList(ui, pygame.Rect(0, 0, width, 200), items, row_height=30, wrap=True))


def _counting_rows(monkeypatch, lst):
    """The rows ``lst`` measures (wraps, or finds wrapped) from now on."""
    measured = []
    real = lst.row_lines
    monkeypatch.setattr(lst, "row_lines", lambda index: measured.append(lst.items[index]) or real(index))
    return measured


def test_a_row_added_to_a_wrapped_list_is_the_only_one_measured_and_the_tops_are_as_if_all_were(ui, monkeypatch):
    rows = [f"{LONG} {i}" if i % 3 == 0 else f"Court {i}" for i in range(40)]
    lst = ScrollList(ui, pygame.Rect(0, 0, 300, 200), rows, row_height=30, wrap=True)
    lst.content_height()
    wrapped = _counting_rows(monkeypatch, lst)
    lst.set_items([LONG + " neuf", *rows])  # the journal: newest first
    lst.content_height()
    lst.set_items([LONG + " neuf", *rows, "Court, le dernier"])  # a row added at the end
    tops = _tops(lst)
    assert wrapped == [LONG + " neuf", "Court, le dernier"]
    assert tops == _fresh_tops(ui, lst.items)


def test_rows_gone_from_a_wrapped_list_measure_nothing_again(ui, monkeypatch):
    rows = [f"{LONG} {i}" if i % 2 else f"Court {i}" for i in range(20)]
    lst = ScrollList(ui, pygame.Rect(0, 0, 300, 200), rows, row_height=30, wrap=True)
    lst.content_height()
    wrapped = _counting_rows(monkeypatch, lst)
    lst.set_items(rows[1:])  # an undo: the newest entry gone
    after_undo = _tops(lst)
    lst.set_items(rows[1:-2])
    after_both = _tops(lst)
    assert wrapped == []
    assert after_undo == _fresh_tops(ui, rows[1:]) and after_both == _fresh_tops(ui, rows[1:-2])


def test_a_wrapped_list_made_narrower_or_changed_in_the_middle_wraps_its_rows_again(ui):
    rows = [f"{LONG} {i}" for i in range(6)]
    lst = ScrollList(ui, pygame.Rect(0, 0, 300, 200), rows, row_height=30, wrap=True)
    wide = lst.content_height()
    lst.rect = pygame.Rect(0, 0, 150, 200)
    assert lst.content_height() > wide and _tops(lst) == _fresh_tops(ui, rows, width=150)
    changed = [*rows[:3], "Court", *rows[4:]]
    lst.set_items(changed)
    assert _tops(lst) == _fresh_tops(ui, changed, width=150)

"""NotesArea: wrapping, new lines, vertical caret moves, scrolling."""

import pygame
from ui_helpers import key, mouse_down, text_input, type_text, ui, wheel  # noqa: F401

from game.ui.group import WidgetGroup
from game.ui.notes import NotesArea
from game.ui.text_layout import line_of, wrap_indices

LONG = " ".join(["paragraphe"] * 60)


def notes(ui, **kwargs):
    area = NotesArea(ui, (100, 100, 300, 200), **kwargs)
    area.focused = True
    return area


def test_wrap_indices_cover_text_without_overlap():
    text = "aa bb cc dd"
    lines = wrap_indices(text, 4, len)
    assert lines == [(0, 3), (3, 6), (6, 9), (9, 11)]


def test_wrap_indices_breaks_long_words():
    assert wrap_indices("abcdefgh", 3, len) == [(0, 3), (3, 6), (6, 8)]


def test_wrap_indices_keeps_empty_lines():
    assert wrap_indices("a\n\nb", 10, len) == [(0, 1), (2, 2), (3, 4)]


def test_line_of_puts_caret_at_wrap_on_next_line():
    lines = [(0, 3), (3, 6)]
    assert line_of(lines, 3) == 1


def test_long_text_wraps_within_width(ui):
    area = notes(ui, text=LONG)
    assert len(area.lines()) > 5


def test_enter_inserts_newline(ui):
    area = notes(ui, text="a")
    area.process_event(key(pygame.K_RETURN))
    area.process_event(text_input("b"))
    assert area.text == "a\nb"


def test_enter_is_not_taken_by_the_focus_ring(ui):
    group = WidgetGroup(ui)
    area = group.add(NotesArea(ui, (100, 100, 300, 200), text="x"))
    group.process_event(key(pygame.K_TAB))
    group.process_event(key(pygame.K_RETURN))
    assert area.text == "x\n"


def test_tab_leaves_the_notes(ui):
    group = WidgetGroup(ui)
    group.add(NotesArea(ui, (100, 100, 300, 200)))
    other = group.add(NotesArea(ui, (100, 400, 300, 100)))
    group.process_event(key(pygame.K_TAB))
    group.process_event(key(pygame.K_TAB))
    assert group.focus.focused is other


def test_up_arrow_moves_to_previous_line(ui):
    area = notes(ui, text="abc\ndef")
    area.process_event(key(pygame.K_UP))
    assert area.buffer.cursor == 3


def test_down_arrow_keeps_the_column(ui):
    area = notes(ui, text="abc\ndef")
    area.buffer.move_to(0)
    area.process_event(key(pygame.K_DOWN))
    assert area.buffer.cursor == 4


def test_down_arrow_on_last_line_goes_to_end(ui):
    area = notes(ui, text="abc\ndef")
    area.buffer.move_to(5)
    area.process_event(key(pygame.K_DOWN))
    assert area.buffer.cursor == 7


def test_wheel_scrolls_long_notes(ui):
    area = notes(ui, text=LONG)
    area.process_event(wheel(-1, area.rect.center))
    assert area.scroll_y > 0


def test_typing_at_end_keeps_caret_visible(ui):
    area = NotesArea(ui, (100, 100, 300, 90))
    area.focused = True
    type_text(area, LONG[:200])
    assert area.scroll_y > 0


def test_click_places_caret_on_clicked_line(ui):
    area = notes(ui, text="abc\ndef\nghi")
    area.process_event(mouse_down((area.rect.left + 11, area.rect.top + 10 + area.line_height() + 5)))
    assert area.buffer.cursor == 4


def test_scrollbar_drag_scrolls(ui):
    area = notes(ui, text=LONG)
    area.scrollbar.set_extent(area.content_height(), area.rect.height, 0)
    thumb = area.scrollbar.thumb_rect()
    area.process_event(mouse_down(thumb.center))
    area.process_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(thumb.centerx, thumb.centery + 60), rel=(0, 60), buttons=(1, 0, 0))
    )
    assert area.scroll_y > 0


def test_max_length_applies_to_notes(ui):
    area = notes(ui, max_length=5)
    type_text(area, "abcdefgh")
    assert area.text == "abcde"

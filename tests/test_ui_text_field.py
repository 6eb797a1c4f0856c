"""TextField: typing, caret, selection, clipboard, limits, numeric validation."""

import pygame
from ui_helpers import key, motion, mouse_down, mouse_up, text_input, type_text, ui  # noqa: F401

from game.ui.text_field import TextField

CTRL = pygame.KMOD_CTRL
SHIFT = pygame.KMOD_SHIFT


def field(ui, **kwargs):
    f = TextField(ui, (100, 100, 300, 42), **kwargs)
    f.focused = True
    return f


def test_typing_inserts_text_at_caret(ui):
    f = field(ui)
    type_text(f, "Évrain")
    assert f.text == "Évrain" and f.buffer.cursor == 6


def test_typing_needs_focus(ui):
    f = field(ui)
    f.focused = False
    f.process_event(text_input("x"))
    assert f.text == ""


def test_backspace_deletes_left_of_caret(ui):
    f = field(ui, text="abc")
    f.process_event(key(pygame.K_BACKSPACE))
    assert f.text == "ab"


def test_delete_removes_right_of_caret(ui):
    f = field(ui, text="abc")
    f.process_event(key(pygame.K_HOME))
    f.process_event(key(pygame.K_DELETE))
    assert f.text == "bc"


def test_left_arrow_then_typing_inserts_in_middle(ui):
    f = field(ui, text="ac")
    f.process_event(key(pygame.K_LEFT))
    f.process_event(text_input("b"))
    assert f.text == "abc"


def test_shift_arrows_select_text(ui):
    f = field(ui, text="Isolde")
    f.process_event(key(pygame.K_LEFT, mod=SHIFT))
    f.process_event(key(pygame.K_LEFT, mod=SHIFT))
    assert f.buffer.selected_text() == "de"


def test_typing_replaces_selection(ui):
    f = field(ui, text="Isolde")
    f.process_event(key(pygame.K_a, mod=CTRL))
    f.process_event(text_input("X"))
    assert f.text == "X"


def test_ctrl_a_selects_all(ui):
    f = field(ui, text="Anvus")
    f.process_event(key(pygame.K_a, mod=CTRL))
    assert f.buffer.selected_text() == "Anvus"


def test_copy_then_paste_duplicates_selection(ui):
    f = field(ui, text="ab")
    f.process_event(key(pygame.K_a, mod=CTRL))
    f.process_event(key(pygame.K_c, mod=CTRL))
    f.process_event(key(pygame.K_END))
    f.process_event(key(pygame.K_v, mod=CTRL))
    assert f.text == "abab"


def test_cut_removes_selection_and_fills_clipboard(ui):
    f = field(ui, text="abc")
    f.process_event(key(pygame.K_a, mod=CTRL))
    f.process_event(key(pygame.K_x, mod=CTRL))
    assert f.text == "" and ui.clipboard.get() == "abc"


def test_ctrl_backspace_deletes_a_word(ui):
    f = field(ui, text="Evrain Peredur")
    f.process_event(key(pygame.K_BACKSPACE, mod=CTRL))
    assert f.text == "Evrain "


def test_max_length_truncates_and_explains(ui):
    f = field(ui, max_length=3)
    type_text(f, "abcd")
    assert f.text == "abc"
    assert f.message() == "3 caractères au plus"


def test_paste_respects_max_length(ui):
    ui.clipboard.put("123456")
    f = field(ui, max_length=4, text="ab")
    f.process_event(key(pygame.K_v, mod=CTRL))
    assert f.text == "ab12"


def test_numeric_field_refuses_letters_with_message(ui):
    f = field(ui, numeric=True)
    type_text(f, "12a")
    assert f.text == "12"
    assert f.message() == "Chiffres uniquement"


def test_numeric_field_value_is_an_int(ui):
    f = field(ui, numeric=True, text="212")
    assert f.value == 212


def test_numeric_field_out_of_range_is_invalid_with_message(ui):
    f = field(ui, numeric=True, minimum=1, maximum=400)
    type_text(f, "999")
    assert not f.valid
    assert f.message() == "Entre 1 et 400"


def test_valid_keystroke_clears_refusal_message(ui):
    f = field(ui, numeric=True)
    type_text(f, "a")
    type_text(f, "1")
    assert f.message() is None


def test_enter_submits(ui):
    submitted = []
    f = field(ui, text="ok", on_submit=submitted.append)
    f.process_event(key(pygame.K_RETURN))
    assert submitted == ["ok"]


def test_on_change_reports_every_edit(ui):
    changes = []
    f = field(ui, on_change=changes.append)
    type_text(f, "ab")
    assert changes == ["a", "ab"]


def test_printable_keydown_is_consumed_so_space_does_not_activate(ui):
    f = field(ui)
    assert f.process_event(key(pygame.K_SPACE, unicode=" "))


def test_click_places_caret(ui):
    f = field(ui, text="abcdef")
    f.process_event(mouse_down((f.rect.left + 2, f.rect.centery)))
    assert f.buffer.cursor == 0


def test_mouse_drag_selects(ui):
    f = field(ui, text="abcdef")
    f.process_event(mouse_down((f.rect.left + 2, f.rect.centery)))
    f.process_event(motion((f.rect.right - 2, f.rect.centery), buttons=(1, 0, 0)))
    f.process_event(mouse_up((f.rect.right - 2, f.rect.centery)))
    assert f.buffer.selected_text() == "abcdef"


def test_textediting_shows_composition_without_committing(ui):
    f = field(ui)
    f.process_event(pygame.event.Event(pygame.TEXTEDITING, text="é", start=0, length=1))
    assert f.editor.composition == "é" and f.text == ""


def test_long_text_scrolls_to_keep_caret_visible(ui):
    f = field(ui)
    type_text(f, "m" * 80)
    assert f.scroll_x > 0

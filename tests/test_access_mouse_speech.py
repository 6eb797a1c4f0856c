"""What the mouse changes is said as what the keys change (issue 29 item 4): once, read from the speech log.

A player who hears the game may still point and click (low vision, a helper at the table): a click on − of a
counter, on a tab or a switch, or on "Go" for a paragraph says its result once, naming the control (the focus
did not go there by the keyboard). The choices and switches of every screen are in test_access_choice_rows.py.
"""

from __future__ import annotations

import pygame
from test_access_choice_rows import SAMPLES, build, click

from game.ui.button import Button
from game.ui.counter import Counter
from game.ui.text_field import TextField


def sheet(tmp_path):
    services, stack, loop = build(dict(SAMPLES)["sheet-df49"], tmp_path)
    return services.ui, stack.top, loop


def clicked_at(loop, ui, pos) -> list[str]:
    """What was said after a click at logical point ``pos``."""
    heard = ui.speech.lines
    window = loop.display.viewport.to_window(pos)
    loop.step(
        events=[
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=window, button=1),
        ]
    )
    loop.run_frames(2)
    return ui.speech.since(heard)


def test_a_click_on_a_counters_minus_says_the_change_and_the_new_value_once(tmp_path):
    ui, scene, loop = sheet(tmp_path)
    stamina = next(w for w in scene.group.widgets if isinstance(w, Counter) and w.spoken_label() == "ENDURANCE")
    before = stamina.value
    said = clicked_at(loop, ui, stamina.minus_rect().center)
    assert stamina.value == before - 1
    assert said == ["ENDURANCE -1.", f"ENDURANCE, {before - 1}"]  # the journal's words, then the value it reads now


def test_a_paragraph_set_with_the_mouse_is_said_once(tmp_path):
    ui, scene, loop = sheet(tmp_path)
    field = next(w for w in scene.group.widgets if isinstance(w, TextField) and w.spoken_label() == "Paragraphe")
    scene.group.focus.focus(field)
    loop.step(events=[pygame.event.Event(pygame.TEXTINPUT, text="1"), pygame.event.Event(pygame.TEXTINPUT, text="2")])
    go = next(w for w in scene.group.widgets if isinstance(w, Button) and w.spoken_label() == "Aller")
    assert clicked_at(loop, ui, go.rect.center) == ["Paragraphe 12."]


def test_a_tab_clicked_says_which_tab_is_shown_now(tmp_path):
    ui, scene, loop = sheet(tmp_path)
    notes = next(w for w in scene.group.widgets if isinstance(w, Button) and w.spoken_label() == "Notes")
    assert not notes.selected
    assert clicked_at(loop, ui, notes.rect.center) == ["Notes, Onglets, choisi"]


def test_the_same_click_twice_on_a_choice_already_made_says_nothing_new(tmp_path):
    ui, scene, loop = sheet(tmp_path)
    notes = next(w for w in scene.group.widgets if isinstance(w, Button) and w.spoken_label() == "Notes")
    click(loop, notes)
    assert clicked_at(loop, ui, notes.rect.center) == []  # nothing changed: nothing to say

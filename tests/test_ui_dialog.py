"""Dialog: modal, answers by click, Enter or Escape, then pops itself."""

import pygame
from ui_helpers import click, key, mouse_down, ui  # noqa: F401

from game.app.dialog import Dialog
from game.app.scene import Scene, SceneStack


class Recorder(Scene):
    def __init__(self):
        super().__init__()
        self.events = []

    def process_event(self, event):
        self.events.append(event.type)
        return None


def open_dialog(ui, **kwargs):
    stack = SceneStack()
    below = Recorder()
    stack.push(below)
    answers = []
    dialog = Dialog(ui, "Drink?", [("No", False), ("Yes", True)], on_result=answers.append, cancel_value="cancel", **kwargs)
    stack.push(dialog)
    stack.apply_pending()
    return stack, below, dialog, answers


def test_clicking_a_button_reports_its_value_and_closes(ui):
    stack, _, dialog, answers = open_dialog(ui)
    stack.process_event(mouse_down(dialog.buttons[0].rect.center))
    stack.process_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=dialog.buttons[0].rect.center, button=1))
    stack.apply_pending()
    assert answers == [False]
    assert dialog not in stack.scenes


def test_enter_picks_the_default_last_button(ui):
    stack, _, _, answers = open_dialog(ui)
    stack.process_event(key(pygame.K_RETURN))
    assert answers == [True]


def test_escape_gives_the_cancel_value(ui):
    stack, _, _, answers = open_dialog(ui)
    stack.process_event(key(pygame.K_ESCAPE))
    assert answers == ["cancel"]


def test_dialog_blocks_events_to_the_scene_below(ui):
    stack, below, _, _ = open_dialog(ui)
    stack.process_event(mouse_down((5, 5)))
    assert below.events == []


def test_quit_passes_through_the_dialog(ui):
    stack, below, _, _ = open_dialog(ui)
    stack.process_event(pygame.event.Event(pygame.QUIT))
    assert below.events == [pygame.QUIT]


def test_dialog_is_drawn_over_the_scene_below(ui):
    stack, _, dialog, _ = open_dialog(ui)
    assert stack.visible()[-1] is dialog and len(stack.visible()) == 2
    stack.draw(pygame.Surface((1280, 720)))


def test_dialog_answers_only_once(ui):
    stack, _, dialog, answers = open_dialog(ui)
    dialog.close(True)
    dialog.close(False)
    assert answers == [True]

"""Counter: − / + emit change requests and never change the value themselves."""

import pygame
from ui_helpers import click, key, motion, ui, wheel  # noqa: F401

from game.ui.counter import Counter


def make(ui, requests, **kwargs):
    return Counter(ui, (100, 100, 200, 70), on_request=requests.append, **kwargs)


def test_plus_requests_value_plus_step(ui):
    requests = []
    counter = make(ui, requests, value=5)
    click(counter, counter.plus_rect().center)
    assert requests == [6]


def test_minus_requests_value_minus_step(ui):
    requests = []
    counter = make(ui, requests, value=5, step=2)
    click(counter, counter.minus_rect().center)
    assert requests == [3]


def test_request_does_not_change_the_displayed_value(ui):
    requests = []
    counter = make(ui, requests, value=5)
    click(counter, counter.plus_rect().center)
    assert counter.value == 5


def test_no_request_past_the_maximum(ui):
    requests = []
    counter = make(ui, requests, value=12, maximum=12)
    click(counter, counter.plus_rect().center)
    assert requests == []
    assert not counter.can_increase()


def test_no_request_below_the_minimum(ui):
    requests = []
    counter = make(ui, requests, value=0, minimum=0)
    click(counter, counter.minus_rect().center)
    assert requests == []


def test_request_is_clamped_to_the_bounds(ui):
    requests = []
    counter = make(ui, requests, value=9, maximum=10, step=5)
    counter.request(5)
    assert requests == [10]


def test_keyboard_plus_and_minus_when_focused(ui):
    requests = []
    counter = make(ui, requests, value=5)
    counter.focused = True
    counter.process_event(key(pygame.K_UP))
    counter.process_event(key(pygame.K_MINUS, unicode="-"))
    assert requests == [6, 4]


def test_wheel_over_counter_requests_change(ui):
    requests = []
    counter = make(ui, requests, value=5)
    counter.process_event(wheel(1, counter.rect.center))
    assert requests == [6]


def test_hovering_disabled_plus_explains_the_maximum(ui):
    counter = make(ui, [], value=12, maximum=12)
    counter.process_event(motion(counter.plus_rect().center))
    assert counter.tooltip_text() == "Déjà au maximum (12)"


def test_disabled_counter_requests_nothing(ui):
    requests = []
    counter = make(ui, requests, value=5, enabled=False)
    click(counter, counter.plus_rect().center)
    assert requests == []


def test_an_arrow_on_a_disabled_counter_says_why_and_asks_nothing(ui, monkeypatch):
    said, requests = [], []
    monkeypatch.setattr(ui, "say", lambda text, **_: said.append(text))
    counter = make(ui, requests, value=5, enabled=False, disabled_reason="escape not allowed")
    counter.focused = True
    assert counter.process_event(key(pygame.K_UP))
    assert requests == []
    assert said == ["indisponible : escape not allowed"]

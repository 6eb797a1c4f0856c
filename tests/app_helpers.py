"""Helpers for scene tests: real services in temporary folders, a headless loop, clicks on widgets."""

from __future__ import annotations

import json

import pygame
import ui_helpers  # noqa: F401  (selects the dummy SDL drivers first)

from game.app.adventure import Adventure
from game.app.burst import BURST_GAP
from game.app.display import Display
from game.app.loop import FakeClock, MainLoop
from game.app.scene import SceneStack
from game.app.services import build_services
from game.books.loader import bundled_books_dir
from game.rules.dice import ScriptedDice
from game.rules.session import Session, Start


def make_services(tmp_path, **settings):
    """Services with settings, saves and scratch folders under ``tmp_path``; animations off unless asked."""
    ui_helpers.init_pygame()
    services = build_services(config_dir=tmp_path / "config", data_dir=tmp_path / "data", seed=1)
    services.settings.animation_speed = settings.pop("animation_speed", "off")
    for name, value in settings.items():
        setattr(services.settings, name, value)
    return services


def sample_on_stack(factory, tmp_path):
    """A screen sample's scenes pushed on a stack as the app shows them (seed 7, animations off)."""
    services = build_services(config_dir=tmp_path / "config", data_dir=tmp_path / "data", seed=7)
    services.settings.animation_speed = "off"
    services.apply_settings()
    stack = SceneStack()
    for scene in factory(services):
        stack.push(scene)
        stack.apply_pending()
    return services, stack


def book_data(source="FF1", **changes):
    """A bundled book's data (``source``), with ``changes`` made: a book file of the player's own to write."""
    data = json.loads((bundled_books_dir() / f"{source}.json").read_text(encoding="utf-8"))
    data.update(changes)
    return data


def write_json(path, data):
    """Write ``data`` as a JSON file at ``path`` (UTF-8) and give the path back."""
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def make_adventure(services, book_id="DF31", dice=(), hero=None, **start):
    """An adventure on scripted dice, saved in the services' folder."""
    book = services.shelf.books[book_id]
    hero = hero if hero is not None else {"skill": 10, "stamina": 20, "luck": 9}
    session = Session(book, ScriptedDice(list(dice)), Start(hero=hero, language=services.language))
    return Adventure.start(session, services.saves)


class Driver:
    """A scene stack in a headless window, driven by posted-style events in logical coordinates."""

    def __init__(self, scene, window=(1280, 720)) -> None:
        self.stack = SceneStack()
        self.stack.push(scene)
        self.stack.apply_pending()
        self.display = Display(window, fullscreen=False, title="test")
        self.loop = MainLoop(self.stack, self.display, clock=FakeClock())
        self.loop.run_frames(1)

    @property
    def top(self):
        return self.stack.top

    def to_window(self, pos):
        return self.display.viewport.to_window(pos)

    def send(self, *events, frames: int = 2) -> None:
        self.loop.run_frames(frames, events=list(events))

    def click(self, target, frames: int = 2) -> None:
        """Click the centre of a widget (or a logical point)."""
        pos = target.rect.center if hasattr(target, "rect") else target
        window = self.to_window(pos)
        self.send(
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=window, button=1),
            frames=frames,
        )

    def pause(self, seconds: float = BURST_GAP) -> None:
        """Let ``seconds`` pass with no input (a burst of clicks ends: the next click is a new gesture)."""
        self.loop.run_frames(int(seconds * 60) + 1)

    def pause_then_click(self, target, frames: int = 2) -> None:
        """A click as a new gesture: the burst of presses of the last roll has stopped (a player's pace)."""
        self.pause()
        self.click(target, frames)

    def close_dice(self) -> None:
        """Close the dice overlay as a player does: a click lands the dice if they still roll, then a
        click once the burst of clicks has stopped."""
        if not getattr(self.top, "settled", True):
            self.click((640, 360))
        self.pause()
        self.click((640, 360))

    def key(self, key, mod=0, unicode="") -> None:
        self.send(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))

    def type(self, text: str) -> None:
        self.send(*[pygame.event.Event(pygame.TEXTINPUT, text=c) for c in text])

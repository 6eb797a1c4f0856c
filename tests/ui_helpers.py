"""Shared helpers for UI and app tests: headless SDL, a UI context, event builders.

Import it before pygame (``from ui_helpers import *``): it selects SDL's dummy
video and audio drivers, so tests run without a display or sound card.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.i18n.catalogue import Catalogue  # noqa: E402
from game.ui.clipboard import Clipboard  # noqa: E402
from game.ui.context import UIContext  # noqa: E402
from game.ui.theme import Theme  # noqa: E402


def init_pygame(window_size: tuple[int, int] = (1280, 720)) -> pygame.Surface:
    """Initialise display (dummy driver) and fonts; returns the window surface."""
    pygame.display.init()
    pygame.font.init()
    return pygame.display.set_mode(window_size)


@pytest.fixture
def ui() -> UIContext:
    """A fresh French UI context with an internal clipboard, display initialised."""
    init_pygame()
    return UIContext(Theme(), Catalogue("fr"), Clipboard(use_system=False))


@pytest.fixture
def surface() -> pygame.Surface:
    """A logical-size surface to draw on."""
    init_pygame()
    return pygame.Surface((1280, 720))


def mouse_down(pos: tuple[int, int], button: int = 1, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, mod=mod)


def mouse_up(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def motion(pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)


def wheel(y: int, pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, pos=pos)


def key(k: int, mod: int = 0, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)


def text_input(text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def click(target, pos: tuple[int, int]) -> bool:
    """Press and release at ``pos`` on ``target`` (widget or group); True if both consumed."""
    first = target.process_event(mouse_down(pos))
    second = target.process_event(mouse_up(pos))
    return bool(first and second)


def type_text(target, text: str) -> None:
    """Send ``text`` as one TEXTINPUT event per character."""
    for char in text:
        target.process_event(text_input(char))

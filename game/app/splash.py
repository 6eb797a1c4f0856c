"""The first frame: the window opens on a parchment title at once, before the books load.

Loading the books (pydantic validation of every file), the saves and the
catalogue takes a few hundred milliseconds; the player sees the window with
its title right away instead of nothing. Kept tiny on purpose: it imports no
model, no widget, only pygame and the bundled title font.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import pygame

from game import bundled

if TYPE_CHECKING:
    from game.app.display import Display

PARCHMENT = (236, 222, 190)
RUBRIC = (142, 36, 28)
INK_SOFT = (96, 74, 54)
TITLE_FONT = "EBGaramondSC12-Regular.ttf"


def draw_splash(display: Display, title: str = "Feuille d'Aventure", subtitle: str = "…") -> None:
    """Draw the title page on ``display`` (a game.app.display.Display) and show it."""
    surface = display.surface
    surface.fill(PARCHMENT)
    data = bundled.data("assets.fonts").joinpath(TITLE_FONT).read_bytes()
    big = pygame.font.Font(io.BytesIO(data), 64)  # pygame reads the font lazily: give it a buffer that stays open
    text = big.render(title, True, RUBRIC)
    width, height = surface.get_size()
    surface.blit(text, text.get_rect(center=(width // 2, height // 2 - 20)))
    small = pygame.font.Font(io.BytesIO(data), 30)
    line = small.render(subtitle, True, INK_SOFT)
    surface.blit(line, line.get_rect(center=(width // 2, height // 2 + 40)))
    pygame.draw.line(surface, INK_SOFT, (width // 2 - 260, height // 2 + 14), (width // 2 + 260, height // 2 + 14), 1)
    display.present()

"""What the combat board writes: every text its painters draw in one frame (tests read the board's words)."""

from __future__ import annotations

import pygame

from game.scenes.combat import cards, centre, paint
from game.scenes.combat.scene import CombatScene


def board_texts(board: CombatScene, monkeypatch) -> list[str]:  # noqa: ANN001 - pytest's monkeypatch fixture
    """Every text the board's painters (page and gauge, cards, centre) draw when it is painted once."""
    texts: list[str] = []
    for module in (paint, cards, centre):
        real = module.blit_text

        def spy(surface, text, *args, _real=real, **kwargs):  # noqa: ANN001, ANN202 - records what is written
            texts.append(text)
            return _real(surface, text, *args, **kwargs)

        monkeypatch.setattr(module, "blit_text", spy)
    board.repaint()
    board.draw(pygame.Surface(board.page))
    return texts

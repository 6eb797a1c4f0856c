"""Copy and paste through the system clipboard, or an internal one headless.

pygame.scrap needs a real video driver; under SDL's dummy driver (tests, CI)
it fails, so the clipboard then keeps the text itself and copy/paste still
works inside the app.
"""

from __future__ import annotations

import pygame


class Clipboard:
    """Text clipboard; ``use_system=False`` forces the internal one (tests)."""

    def __init__(self, use_system: bool = True) -> None:
        self.use_system = use_system
        self._internal = ""

    def _system_ok(self) -> bool:
        return self.use_system and pygame.display.get_init() and pygame.display.get_surface() is not None

    def put(self, text: str) -> None:
        """Place ``text`` on the clipboard."""
        self._internal = text
        if self._system_ok():
            try:
                pygame.scrap.put_text(text)
            except (pygame.error, AttributeError):
                pass

    def get(self) -> str:
        """The clipboard's text ('' if empty)."""
        if self._system_ok():
            try:
                text = pygame.scrap.get_text()
            except (pygame.error, AttributeError):
                text = ""
            if text:
                return text
        return self._internal

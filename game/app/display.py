"""The window: a fixed 1280×720 logical page scaled to any window size.

Scenes always draw on the logical surface, in logical coordinates. The page is
scaled to fit the window keeping its aspect ratio, centred between letterbox
bars, and pointer events are mapped back to logical coordinates before any
scene sees them. Integer scale factors use a pixel-exact scale (crisp);
others use smoothscale, which is the least blurry choice for text.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui.theme import LOGICAL_SIZE

POINTER_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
RESIZE_EVENTS = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED)


@dataclass(frozen=True)
class Viewport:
    """Where the logical page lands in a window of a given size (pure geometry)."""

    logical: tuple[int, int]
    window: tuple[int, int]
    band: int = 0  # window pixels reserved at the bottom (never covered by the page)

    @property
    def scale(self) -> float:
        """Uniform scale factor from logical to window pixels."""
        return min(self.window[0] / self.logical[0], max(1, self.window[1] - self.band) / self.logical[1])

    @property
    def dest(self) -> pygame.Rect:
        """The rect the page occupies in the window; the rest is letterbox (and the band)."""
        width = max(1, round(self.logical[0] * self.scale))
        height = max(1, round(self.logical[1] * self.scale))
        free = max(1, self.window[1] - self.band)
        return pygame.Rect((self.window[0] - width) // 2, (free - height) // 2, width, height)

    @property
    def band_rect(self) -> pygame.Rect:
        """The reserved band at the bottom of the window (empty when none)."""
        return pygame.Rect(0, self.window[1] - self.band, self.window[0], self.band)

    @property
    def integer_scale(self) -> bool:
        """True when the page is drawn at a whole-number multiple (pixel-exact)."""
        return math.isclose(self.scale, round(self.scale), abs_tol=1e-6) and round(self.scale) >= 1

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        """Window pixel → logical pixel (may fall outside the page, in the bars)."""
        dest = self.dest
        x = (pos[0] - dest.x) * self.logical[0] / dest.width
        y = (pos[1] - dest.y) * self.logical[1] / dest.height
        return math.floor(x), math.floor(y)

    def to_window(self, pos: tuple[float, float]) -> tuple[int, int]:
        """Logical pixel → the window pixel under its centre."""
        dest = self.dest
        return (
            dest.x + math.floor((pos[0] + 0.5) * dest.width / self.logical[0]),
            dest.y + math.floor((pos[1] + 0.5) * dest.height / self.logical[1]),
        )


class Display:
    """Owns the window and the logical surface scenes draw on."""

    def __init__(
        self,
        window_size: tuple[int, int] = LOGICAL_SIZE,
        *,
        logical_size: tuple[int, int] = LOGICAL_SIZE,
        fullscreen: bool = False,
        title: str = "",
        letterbox_colour: tuple[int, int, int] = (24, 18, 14),
    ) -> None:
        self.logical_size = logical_size
        self.surface = pygame.Surface(logical_size)
        self.letterbox_colour = letterbox_colour
        self.fullscreen = False
        self._windowed_size = window_size
        self.last_pointer: tuple[int, int] = (-1, -1)  # logical; wheel events get it as pos
        self.band_fraction = 0.0  # share of the window's height reserved at the bottom (see reserve_band)
        self.band_painter: Callable[[pygame.Surface, pygame.Rect], None] | None = None
        if not pygame.display.get_init():
            pygame.display.init()
        if title:
            pygame.display.set_caption(title)
        if fullscreen:
            # Straight into fullscreen: a window first made at 1280×720 and then grown keeps the
            # centred position it was given, which a display without a window manager shows off-screen.
            self.window = pygame.display.set_mode(self._desktop_size(), pygame.FULLSCREEN)
            self.fullscreen = True
            self._to_origin()
        else:
            self.window = pygame.display.set_mode(window_size, pygame.RESIZABLE)
        self.viewport = self._viewport(self.window.get_size())

    def _viewport(self, size: tuple[int, int]) -> Viewport:
        return Viewport(self.logical_size, size, round(size[1] * self.band_fraction))

    def reserve_band(self, fraction: float, painter: Callable[[pygame.Surface, pygame.Rect], None] | None) -> None:
        """Keep ``fraction`` of the window's height at the bottom for ``painter`` (0: no band)."""
        self.band_fraction = max(0.0, min(0.3, fraction))
        self.band_painter = painter
        self.viewport = self._viewport(self.window.get_size())

    @property
    def band_rect(self) -> pygame.Rect:
        """The reserved band, in window pixels."""
        return self.viewport.band_rect

    @staticmethod
    def _desktop_size() -> tuple[int, int]:
        sizes = pygame.display.get_desktop_sizes()
        return sizes[0] if sizes else (0, 0)

    @staticmethod
    def _to_origin() -> None:
        """Put the window at the screen's top-left corner (fullscreen without a window manager needs it)."""
        try:
            with warnings.catch_warnings():  # deprecated for drawing through a Window, not for placing it
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().position = (0, 0)
        except (pygame.error, AttributeError):  # no window object on this pygame/driver: leave it where it is
            pass

    # -- window size ---------------------------------------------------------------

    def resize(self, size: tuple[int, int] | None = None) -> None:
        """Follow a window size change (from VIDEORESIZE / WINDOWSIZECHANGED)."""
        surface = pygame.display.get_surface()
        if surface is not None:
            self.window = surface
        actual = size if size is not None else self.window.get_size()
        if not self.fullscreen:
            self._windowed_size = actual
        self.viewport = self._viewport(actual)

    def set_fullscreen(self, on: bool) -> None:
        """Switch between a desktop-sized fullscreen window and the last windowed size."""
        if on == self.fullscreen:
            return
        try:
            if on:
                self._windowed_size = self.window.get_size()
                self.window = pygame.display.set_mode(self._desktop_size(), pygame.FULLSCREEN)
                self._to_origin()
            else:
                self.window = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        except pygame.error:
            return  # some drivers cannot; stay as we are
        self.fullscreen = on
        self.viewport = self._viewport(self.window.get_size())

    def toggle_fullscreen(self) -> bool:
        """F11: flip fullscreen; returns the new state."""
        self.set_fullscreen(not self.fullscreen)
        return self.fullscreen

    # -- events --------------------------------------------------------------------

    def map_event(self, event: pygame.event.Event) -> pygame.event.Event:
        """A copy of a pointer event in logical coordinates (others unchanged).

        ``window_pos`` keeps the original position. MOUSEWHEEL has no position
        in SDL, so it gets ``pos`` = the last logical pointer position.
        """
        if event.type in POINTER_EVENTS and hasattr(event, "pos"):
            data = dict(event.dict)
            data["window_pos"] = event.pos
            data["pos"] = self.viewport.to_logical(event.pos)
            if "rel" in data:
                scale = self.viewport.scale
                data["rel"] = (round(data["rel"][0] / scale), round(data["rel"][1] / scale))
            self.last_pointer = data["pos"]
            return pygame.event.Event(event.type, data)
        if event.type == pygame.MOUSEWHEEL and not hasattr(event, "pos"):
            data = dict(event.dict)
            data["pos"] = self.last_pointer
            return pygame.event.Event(event.type, data)
        return event

    # -- output ---------------------------------------------------------------------

    def present(self) -> None:
        """Scale the logical page into the window with letterbox bars, then flip."""
        viewport = self.viewport
        dest = viewport.dest
        self.window.fill(self.letterbox_colour)
        if dest.size == self.logical_size:
            self.window.blit(self.surface, dest)
        elif viewport.integer_scale:
            self.window.blit(pygame.transform.scale(self.surface, dest.size), dest)
        else:
            self.window.blit(pygame.transform.smoothscale(self.surface, dest.size), dest)
        if self.band_painter is not None and viewport.band > 0:
            self.band_painter(self.window, viewport.band_rect)
        pygame.display.flip()

    def save_screenshot(self, path: str, window: bool = False) -> None:
        """Save the logical page (or, with ``window``, the whole scaled window) as PNG."""
        pygame.image.save(self.window if window else self.surface, path)

"""The window: a logical page scaled to any window size.

A *fluid* screen (one that lays itself out from the page size, ``Scene.fluid``)
gets a page with the window's aspect and size divided by the interface size
(never smaller than MIN_PAGE, beyond MAX_PAGE scaled up): it re-lays out
instead of stretching. Every screen of the app is fluid; a scene that is not keeps the fixed 1280×720 page.

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

from game.ui import surface_cache
from game.ui.theme import LOGICAL_SIZE

MIN_PAGE = (960, 540)  # the smallest page a fluid screen is laid out for: 200 % on a 1920×1080 screen (smaller windows pan)
MAX_PAGE = (1920, 1200)  # beyond it the page is scaled up, so text stays readable on big screens

POINTER_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
RESIZE_EVENTS = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED)


@dataclass(frozen=True)
class Viewport:
    """Where the logical page lands in a window of a given size (pure geometry).

    ``zoom`` is the interface size (1.0 = the page fits the window; 2.0 = twice as big): above 1 the page
    is larger than the window and only the part starting at ``pan`` (logical pixels) is shown; the
    display moves ``pan`` to keep the keyboard focus, or the pointer, in view.
    """

    logical: tuple[int, int]
    window: tuple[int, int]
    band: int = 0  # window pixels reserved at the bottom (never covered by the page)
    zoom: float = 1.0
    pan: tuple[float, float] = (0.0, 0.0)

    @property
    def fit(self) -> float:
        """The scale at which the whole page fits the window."""
        return min(self.window[0] / self.logical[0], max(1, self.window[1] - self.band) / self.logical[1])

    @property
    def scale(self) -> float:
        """Uniform scale factor from logical to window pixels."""
        return self.fit * self.zoom

    @property
    def shown(self) -> pygame.Rect:
        """The part of the page in the window, in logical pixels (the whole page unless zoomed in)."""
        free = (self.window[0], max(1, self.window[1] - self.band))
        width = min(self.logical[0], max(1, math.floor(free[0] / self.scale)))
        height = min(self.logical[1], max(1, math.floor(free[1] / self.scale)))
        x = min(max(0, round(self.pan[0])), self.logical[0] - width)
        y = min(max(0, round(self.pan[1])), self.logical[1] - height)
        return pygame.Rect(x, y, width, height)

    @property
    def dest(self) -> pygame.Rect:
        """The rect the shown page occupies in the window; the rest is letterbox (and the band)."""
        shown = self.shown
        width = max(1, round(shown.width * self.scale))
        height = max(1, round(shown.height * self.scale))
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
        dest, shown = self.dest, self.shown
        x = shown.x + (pos[0] - dest.x) * shown.width / dest.width
        y = shown.y + (pos[1] - dest.y) * shown.height / dest.height
        return math.floor(x), math.floor(y)

    def to_window(self, pos: tuple[float, float]) -> tuple[int, int]:
        """Logical pixel → the window pixel under its centre."""
        dest, shown = self.dest, self.shown
        return (
            dest.x + math.floor((pos[0] - shown.x + 0.5) * dest.width / shown.width),
            dest.y + math.floor((pos[1] - shown.y + 0.5) * dest.height / shown.height),
        )

    def showing(self, rect: pygame.Rect, margin: int = 24) -> tuple[float, float]:
        """The pan that brings logical ``rect`` into view: none while it is in view (with ``margin``), else
        the view centred on it (what surrounds a control is its context: its label, its panel)."""
        shown = self.shown
        x, y = float(shown.x), float(shown.y)
        for axis, (start, size, length) in enumerate(((rect.x, rect.width, shown.width), (rect.y, rect.height, shown.height))):
            low, high = start - margin, start + size + margin
            current = (x, y)[axis]
            if high - low > length:
                target: float = start - margin  # bigger than the view: show its start
            elif low < current or high > current + length:
                target = start + size / 2 - length / 2
            else:
                continue
            if axis == 0:
                x = target
            else:
                y = target
        return x, y

    def following(self, window_pos: tuple[float, float]) -> tuple[float, float]:
        """The pan that follows the pointer: its place in the window is its place on the page."""
        shown, free = self.shown, (self.window[0], max(1, self.window[1] - self.band))
        fx = min(1.0, max(0.0, window_pos[0] / free[0]))
        fy = min(1.0, max(0.0, window_pos[1] / free[1]))
        return fx * (self.logical[0] - shown.width), fy * (self.logical[1] - shown.height)


def letterbox_bars(window: pygame.Rect, page: pygame.Rect) -> list[pygame.Rect]:
    """The parts of ``window`` that ``page`` leaves uncovered (none when it fills the window): above, below,
    left and right of it."""
    page = page.clip(window)
    bars = [
        pygame.Rect(window.left, window.top, window.width, page.top - window.top),
        pygame.Rect(window.left, page.bottom, window.width, window.bottom - page.bottom),
        pygame.Rect(window.left, page.top, page.left - window.left, page.height),
        pygame.Rect(page.right, page.top, window.right - page.right, page.height),
    ]
    return [bar for bar in bars if bar.width > 0 and bar.height > 0]


def fluid_page(window: tuple[int, int], zoom: float = 1.0) -> tuple[tuple[int, int], float]:
    """The page size for a fluid screen in ``window`` at interface size ``zoom``, and the viewport zoom.

    The page is the window divided by the scale (``zoom``, raised so the page stays within MAX_PAGE),
    at least MIN_PAGE: when that minimum wins, the viewport magnifies by what is left of ``zoom`` and
    pans (the interface-size magnifier), so text is always drawn ``zoom`` times bigger.
    """
    scale = max(zoom, window[0] / MAX_PAGE[0], window[1] / MAX_PAGE[1], 1e-6)
    page = (max(MIN_PAGE[0], round(window[0] / scale)), max(MIN_PAGE[1], round(window[1] / scale)))
    fit = min(window[0] / page[0], max(1, window[1]) / page[1])
    return page, max(1.0, scale / max(fit, 1.0) if fit >= 1.0 else zoom)


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
        self.fixed_size = logical_size  # the page of a screen that is not fluid
        self.fluid = False  # whether the page follows the window (see fluid_page)
        self.surface = pygame.Surface((0, 0))  # the page, made by _viewport once the window's size is known
        self.direct = False  # whether the page is the window itself (see _viewport)
        self.letterbox_colour = letterbox_colour
        self.fullscreen = False
        self._windowed_size = window_size
        self.last_pointer: tuple[int, int] = (-1, -1)  # logical; wheel events get it as pos
        self.band_fraction = 0.0  # share of the window's height reserved at the bottom (see reserve_band)
        self.band_painter: Callable[[pygame.Surface, pygame.Rect], None] | None = None
        self.zoom = 1.0  # the interface size: above 1 the window shows a part of a bigger page
        self.pan: tuple[float, float] = (0.0, 0.0)  # where that part starts, logical pixels
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
        band = round(size[1] * self.band_fraction)
        zoom = self.zoom
        page = self.fixed_size
        if self.fluid:
            page, zoom = fluid_page((size[0], max(1, size[1] - band)), self.zoom)
        # A page as big as the window, shown whole, is drawn straight into the window: no second surface to
        # keep (8 MB at 1080p) nor to copy every frame (issue 28: one composition pass).
        direct = page == tuple(size) and band == 0 and zoom == 1.0 and self.window.get_size() == tuple(size)
        if direct:
            self.surface = self.window
        elif self.surface.get_size() != tuple(page) or self.direct:  # a page of its own, made once (issue 28: one made
            self.surface = pygame.Surface(page)  # before the window was a second page held at start for nothing)
        self.direct = direct
        self.logical_size = page
        surface_cache.fit_to_page(page)  # the page-sized caches hold one page of this size (issue 28, kiosk)
        return Viewport(self.logical_size, size, band, zoom, self.pan)

    def set_fluid(self, fluid: bool) -> None:
        """Lay the page out from the window (a fluid screen) or keep the fixed page."""
        if fluid != self.fluid:
            self.fluid = fluid
            self.viewport = self._viewport(self.window.get_size())

    # -- interface size (a magnifier that follows the focus and the pointer) ---------------------

    def set_zoom(self, zoom: float) -> None:
        """Show the page ``zoom`` times bigger than fitting (1.0: the whole page; the interface size)."""
        zoom = max(1.0, min(3.0, float(zoom)))
        if zoom != self.zoom:
            self.zoom = zoom
            self.viewport = self._viewport(self.window.get_size())

    def show(self, rect: pygame.Rect) -> None:
        """Pan so that logical ``rect`` (the focused control) is in view."""
        if self.zoom > 1.0:
            self._pan_to(self.viewport.showing(pygame.Rect(rect)))

    def _pan_to(self, pan: tuple[float, float]) -> None:
        if pan != self.pan:
            self.pan = pan
            self.viewport = self._viewport(self.window.get_size())

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
            if event.type == pygame.MOUSEMOTION and self.zoom > 1.0:
                self._pan_to(self.viewport.following(event.pos))  # a zoomed page follows the pointer
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

    def present(self, area: pygame.Rect | None = None) -> None:
        """Scale the logical page into the window with letterbox bars, then flip; with ``area`` (page pixels),
        only that part of the page changed: it alone is shown where the page is not scaled."""
        if area is not None and self._present_part(pygame.Rect(area)):
            return
        if self.direct:  # the scenes drew into the window itself
            pygame.display.flip()
            return
        viewport = self.viewport
        dest, shown = viewport.dest, viewport.shown
        page = self.surface if shown.size == self.logical_size else self.surface.subsurface(shown)
        for bar in letterbox_bars(self.window.get_rect(), dest):  # the page covers the rest: one pass over it
            self.window.fill(self.letterbox_colour, bar)
        if dest.size == page.get_size():
            self.window.blit(page, dest)
        else:
            self._scale_into_window(page, dest, viewport.integer_scale)
        if self.band_painter is not None and viewport.band > 0:
            self.band_painter(self.window, viewport.band_rect)
        pygame.display.flip()

    def _scale_into_window(self, page: pygame.Surface, dest: pygame.Rect, crisp: bool) -> None:
        """Scale ``page`` into the window at ``dest``: straight into the window's pixels (no window-sized
        surface made and freed each frame, 8 MB a frame at 1080p), or, where pygame refuses that (a window
        of another pixel format than the page), into a new surface then blitted, as before."""
        scale = pygame.transform.scale if crisp else pygame.transform.smoothscale
        try:
            scale(page, dest.size, self.window.subsurface(dest))
        except ValueError:
            self.window.blit(scale(page, dest.size), dest)

    def _present_part(self, area: pygame.Rect) -> bool:
        """Show ``area`` of the page alone: the window's own pixels (a page drawn into the window), or one blit
        of a page shown 1:1 (the kiosk's, above its band); False when the page is scaled or magnified (the
        scaling's smoothing reaches past the area: the whole page is shown)."""
        area = area.clip(self.surface.get_rect())
        if self.direct:
            pygame.display.update(area)
            return True
        viewport = self.viewport
        dest, shown = viewport.dest, viewport.shown
        if shown.size != self.logical_size or dest.size != shown.size:
            return False
        target = area.move(dest.topleft)
        self.window.blit(self.surface, target, area)
        pygame.display.update(target)
        return True

    def save_screenshot(self, path: str, window: bool = False) -> None:
        """Save the logical page (or, with ``window``, the whole scaled window) as PNG."""
        pygame.image.save(self.window if window else self.surface, path)

"""Bundled fonts, loaded through importlib.resources and cached by (face, size).

Faces: ``body`` (EB Garamond), ``italic``, ``bold`` (Cardo Bold, because EB
Garamond 12 Bold lacks accented capitals), ``title`` (EB Garamond small caps).
Characters a face lacks (``⟦ ⟧``, arrows…) are drawn with Cardo, so text never
shows empty boxes. Never uses SysFont: the look must not depend on the machine.
"""

from __future__ import annotations

import io
from collections import OrderedDict
from functools import cache, lru_cache

import pygame
import pygame.freetype

from game import bundled
from game.ui.surface_cache import SurfaceCache

FACE_FILES: dict[str, str] = {
    "body": "EBGaramond12-Regular.ttf",
    "italic": "EBGaramond12-Italic.ttf",
    "bold": "Cardob101.ttf",
    "title": "EBGaramondSC12-Regular.ttf",
    "fallback": "Cardo104s.ttf",
}
FALLBACK_FACE = "fallback"
TEXT_CACHE_BYTES = 3_000_000  # rendered lines, least recently used out first (a word is a few kB, a line ~50 kB)

Colour = tuple[int, int, int] | tuple[int, int, int, int]


def _ensure_init() -> None:
    if not pygame.font.get_init():
        # Fonts made before a pygame.font.quit() are dead; start afresh.
        clear_caches()
        pygame.font.init()
    if not pygame.freetype.get_init():
        _coverage_font.cache_clear()
        pygame.freetype.init()


@cache
def font_bytes(face: str) -> bytes:
    """The raw file of a face (read once)."""
    if face not in FACE_FILES:
        raise KeyError(f"unknown font face {face!r}; known: {sorted(FACE_FILES)}")
    return bundled.data("assets.fonts").joinpath(FACE_FILES[face]).read_bytes()


# Loaded fonts, least recently used out first: a Font holds its face and glyph cache (~170 kB), and
# interface sizes, headings and the reader's drop caps ask for dozens of sizes over a session.
FONT_CACHE_LIMIT = 32
_fonts: OrderedDict[tuple[str, int], pygame.font.Font] = OrderedDict()


def font(face: str, size: int) -> pygame.font.Font:
    """The pygame Font for ``face`` at ``size`` pixels, cached by (face, size)."""
    _ensure_init()
    key = (face, max(1, int(size)))
    loaded = _fonts.get(key)
    if loaded is not None:
        try:
            loaded.get_height()  # raises if pygame quit and restarted since it was made
        except pygame.error:
            _fonts.clear()
            loaded = None
    if loaded is None:
        loaded = _fonts[key] = pygame.font.Font(io.BytesIO(font_bytes(face)), key[1])
        while len(_fonts) > FONT_CACHE_LIMIT:
            _fonts.popitem(last=False)
    else:
        _fonts.move_to_end(key)
    return loaded


@cache
def _coverage_font(face: str) -> pygame.freetype.Font:
    return pygame.freetype.Font(io.BytesIO(font_bytes(face)), 16)


@lru_cache(maxsize=4096)
def has_glyph(face: str, char: str) -> bool:
    """Whether ``face`` really has a glyph for ``char`` (not the .notdef box)."""
    if char in "\n\t":
        return True
    _ensure_init()
    metrics = _coverage_font(face).get_metrics(char)
    return bool(metrics) and metrics[0] is not None


# EB Garamond's default figures are old-style ("212" reads like "zrz" at small
# sizes); stats and paragraph numbers need lining figures, which Cardo has.
LINING_DIGITS_FROM_FALLBACK = frozenset({"body", "title"})
DIGITS = frozenset("0123456789")


def _face_for(face: str, char: str) -> str:
    if face == FALLBACK_FACE:
        return face
    if char in DIGITS and face in LINING_DIGITS_FROM_FALLBACK:
        return FALLBACK_FACE
    return face if has_glyph(face, char) else FALLBACK_FACE


def runs(text: str, face: str) -> list[tuple[str, str]]:
    """Split ``text`` into (face, chunk) runs, switching to the fallback for missing glyphs."""
    result: list[tuple[str, str]] = []
    for char in text:
        use = _face_for(face, char)
        if result and result[-1][0] == use:
            result[-1] = (use, result[-1][1] + char)
        else:
            result.append((use, char))
    return result


def text_width(text: str, face: str, size: int) -> int:
    """Width in pixels of ``text`` drawn on one line."""
    _ensure_init()
    return _text_width(text, face, size)


@lru_cache(maxsize=16384)
def _text_width(text: str, face: str, size: int) -> int:
    # Cached: caret placement and wrapping measure the same prefixes again and again.
    return sum(font(f, size).size(chunk)[0] for f, chunk in runs(text, face))


def line_height(face: str, size: int) -> int:
    """Distance between baselines of two consecutive lines."""
    return font(face, size).get_linesize()


def cap_height(face: str, size: int) -> int:
    """Height of a capital H above the baseline."""
    metrics = font(face, size).metrics("H")
    return metrics[0][3] if metrics and metrics[0] else round(size * 0.68)


def ascent(face: str, size: int) -> int:
    """Pixels from the top of a line to its baseline."""
    return font(face, size).get_ascent()


_text_cache = SurfaceCache("text lines", TEXT_CACHE_BYTES)


def headroom(face: str, size: int) -> int:
    """Extra pixels above a rendered line for accents on capitals (É, Ê), which rise above the ascent."""
    return max(2, round(size * 0.2))


def _glyph_top(f: pygame.font.Font, chunk: str) -> int:
    """Where SDL_ttf puts the baseline in a rendered chunk: it grows the surface upward for tall glyphs."""
    tops = [m[3] for m in f.metrics(chunk) if m is not None]
    return max([f.get_ascent()] + tops)


def render(text: str, face: str, size: int, colour: Colour) -> pygame.Surface:
    """``text`` rendered antialiased on a transparent surface (cached, LRU).

    Every line of one (face, size) has the same layout: ``headroom`` pixels,
    then a line box of ``line_height`` with the baseline at ``ascent``. So
    texts line up whatever accents or fallback glyphs they contain. Use
    ``draw.blit_text`` to position the line box rather than the surface.
    """
    key = (text, face, size, tuple(colour))
    cached = _text_cache.get(key)
    if cached is not None:
        return cached
    pieces = [(chunk, font(f, size)) for f, chunk in runs(text, face)]
    top = headroom(face, size)
    baseline = top + ascent(face, size)
    width = sum(f.size(chunk)[0] for chunk, f in pieces)
    surface = pygame.Surface((max(1, width), top + line_height(face, size) + 2), pygame.SRCALPHA)
    x = 0
    for chunk, f in pieces:
        glyphs = f.render(chunk, True, colour)
        surface.blit(glyphs, (x, baseline - _glyph_top(f, chunk)))
        x += f.size(chunk)[0]
    return _text_cache.put(key, surface)


def clear_caches() -> None:
    """Forget loaded fonts, measurements and rendered texts."""
    _fonts.clear()
    _text_width.cache_clear()
    _coverage_font.cache_clear()
    _text_cache.clear()


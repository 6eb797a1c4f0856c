"""Bundled fonts, loaded through importlib.resources and cached by (face, size).

Faces: ``body`` (EB Garamond), ``italic``, ``bold`` (Cardo Bold, because EB
Garamond 12 Bold lacks accented capitals), ``title`` (EB Garamond small caps).
Characters a face lacks (``⟦ ⟧``, arrows…) are drawn with Cardo, so text never
shows empty boxes. Never uses SysFont: the look must not depend on the machine.

Any string can be measured and drawn (typed names, loaded saves, book files):
``displayable`` turns what SDL_ttf cannot take into something it can. Unpaired
surrogates and control characters become "�", zero-width marks that no font
here shapes (variation selectors, joiners, bidi marks) are dropped, and a
character missing from every face is drawn as "□", so the player sees that
something is there. Rendering never raises.
"""

from __future__ import annotations

import io
import re
import unicodedata
from collections import OrderedDict
from functools import cache, lru_cache
from importlib.resources.abc import Traversable
from pathlib import Path

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
PLACEHOLDER = "\u25a1"  # □, in Cardo: a glyph no bundled face has
REPLACEMENT = "\ufffd"  # �: unpaired surrogates and control characters
# No line on any screen is wider than this; longer texts are measured in full but drawn cut.
MAX_RENDER_CHARS = 1200

Colour = tuple[int, int, int] | tuple[int, int, int, int]


def _ensure_init() -> None:
    if not pygame.font.get_init():
        # Fonts made before a pygame.font.quit() are dead; start afresh.
        clear_caches()
        pygame.font.init()
    if not pygame.freetype.get_init():
        _coverage_font.cache_clear()
        pygame.freetype.init()


def _font_file(face: str) -> Traversable:
    if face not in FACE_FILES:
        raise KeyError(f"unknown font face {face!r}; known: {sorted(FACE_FILES)}")
    return bundled.data("assets.fonts").joinpath(FACE_FILES[face])


def font_source(face: str) -> str | io.BytesIO:
    """What SDL_ttf opens ``face`` from: its file's path (FreeType reads the parts it needs), or its bytes where the
    fonts are not files (a zipped package). The faces' bytes held in memory were 3 MB (issue 28)."""
    found = _font_file(face)
    return str(found) if isinstance(found, Path) else io.BytesIO(found.read_bytes())


# Loaded fonts, least recently used out first: a Font holds its face and glyph cache (~170 kB), and
# interface sizes, headings and the reader's drop caps ask for dozens of sizes over a session. A frame past the
# first ones of a screen opens three at most (the metrics are kept apart, below; rendered lines and widths are
# cached): the others were opened to measure a label at the sizes it tried, and 32 kept were 5 MiB (issue 28).
FONT_CACHE_LIMIT = 16
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
        loaded = _fonts[key] = pygame.font.Font(font_source(face), key[1])
        while len(_fonts) > FONT_CACHE_LIMIT:
            _fonts.popitem(last=False)
    else:
        _fonts.move_to_end(key)
    return loaded


@cache
def _coverage_font(face: str) -> pygame.freetype.Font:
    return pygame.freetype.Font(font_source(face), 16)


# Every bundled face draws every printable Latin-1 character and the typography of the app's French and English
# texts and books (tests/test_ui_fonts.py asks FreeType): asking it about each letter of each face, 40 µs a glyph, was
# most of the glyph checks of the shelf's first frame (issue 28).
TYPOGRAPHY = "–—‘’‚“”„†‡•…‹›€−←→ŒœŸ"
IN_EVERY_FACE = frozenset([*map(chr, [*range(0x20, 0x7F), *range(0xA0, 0x100)]), *TYPOGRAPHY])
# What every face shows as itself: all of those but the soft hyphen, which displayable() drops.
SHOWN_AS_IS = IN_EVERY_FACE - {"\xad"}


@lru_cache(maxsize=4096)
def has_glyph(face: str, char: str) -> bool:
    """Whether ``face`` really has a glyph for ``char`` (not the .notdef box)."""
    if char in "\n\t" or (char in IN_EVERY_FACE and face in FACE_FILES):
        return True
    _ensure_init()
    try:
        metrics = _coverage_font(face).get_metrics(char)
    except pygame.error:  # made before a pygame.quit(), and freetype started again since by a pygame.init()
        _coverage_font.cache_clear()
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


@lru_cache(maxsize=8192)
def _displayable_char(char: str) -> str:
    """What to hand SDL_ttf for one code point: itself, "�", "□" or nothing."""
    code = ord(char)
    if char in "\n\t":
        return char
    if 0xD800 <= code <= 0xDFFF:
        return REPLACEMENT  # an unpaired surrogate (from a JSON "\\ud83d" escape) cannot be encoded
    category = unicodedata.category(char)
    if category == "Cc":
        return REPLACEMENT  # NUL makes SDL_ttf raise; other controls draw nothing a player can see
    if category == "Cf" or 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF or 0x1F3FB <= code <= 0x1F3FF:
        return ""  # joiners, bidi marks, variation selectors, skin tones: no font here shapes them
    if category in ("Mn", "Me"):
        # A combining mark is drawn with the letter before it when a face has it; alone and
        # unknown it would be a zero-width chunk, which SDL_ttf refuses.
        return char if has_glyph(FALLBACK_FACE, char) else ""
    if not has_glyph(FALLBACK_FACE, char):
        for face in FACE_FILES:
            if has_glyph(face, char):
                return char
        return PLACEHOLDER
    return char


def _shown_as_is(text: str) -> bool:
    # Every character of SHOWN_AS_IS is in every face: the per-character checks below are for the rest, and French
    # text (é, à, ç, "…") took them for each letter of each new line of a first frame (issue 28).
    return SHOWN_AS_IS.issuperset(text)


def displayable(text: str) -> str:
    """``text`` with every character SDL_ttf cannot draw replaced or dropped (see the module docstring)."""
    if _shown_as_is(text):
        return text
    _ensure_init()
    out: list[str] = []
    joined = False
    for char in text:
        shown = _displayable_char(char)
        # One box per joined emoji: "👨‍👩‍👧" is three faces glued by U+200D.
        if shown == PLACEHOLDER and out and out[-1] == PLACEHOLDER and joined:
            shown = ""
        joined = char == "\u200d" or (joined and not shown)
        if shown:
            out.append(shown)
    return "".join(out)


_DIGITS_OR_NOT = re.compile("[0-9]+|[^0-9]+")


def runs(text: str, face: str) -> list[tuple[str, str]]:
    """Split ``text`` into (face, chunk) runs, switching to the fallback for missing glyphs."""
    shown = displayable(text)
    if face in FACE_FILES and _shown_as_is(shown):
        # Each character is in ``face``: only digits may switch (to lining figures), as _face_for says.
        if face not in LINING_DIGITS_FROM_FALLBACK:
            return [(face, shown)] if shown else []
        return [(FALLBACK_FACE if chunk[0] in DIGITS else face, chunk) for chunk in _DIGITS_OR_NOT.findall(shown)]
    result: list[tuple[str, str]] = []
    for char in shown:
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
    return sum(_chunk_width(font(f, size), chunk) for f, chunk in runs(text, face))


def _chunk_width(f: pygame.font.Font, chunk: str) -> int:
    try:
        return f.size(chunk)[0]
    except (pygame.error, ValueError, UnicodeError):
        return 0  # displayable() leaves nothing SDL_ttf refuses; this is the belt to its braces


def line_height(face: str, size: int) -> int:
    """Distance between baselines of two consecutive lines."""
    return _metrics(face, size)[0]


def cap_height(face: str, size: int) -> int:
    """Height of a capital H above the baseline."""
    return _metrics(face, size)[1]


def ascent(face: str, size: int) -> int:
    """Pixels from the top of a line to its baseline."""
    return _metrics(face, size)[2]


@lru_cache(maxsize=1024)
def _metrics(face: str, size: int) -> tuple[int, int, int]:
    # Kept apart from the fonts: every line drawn asks its face's metrics every frame, and a frame that needed its
    # fonts open only for them would keep a dozen faces open (~0.2 MB each, issue 28).
    loaded = font(face, size)
    h = loaded.metrics("H")
    return loaded.get_linesize(), h[0][3] if h and h[0] else round(size * 0.68), loaded.get_ascent()


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
    pieces = [(chunk, font(f, size)) for f, chunk in runs(text[:MAX_RENDER_CHARS], face)]
    widths = [_chunk_width(f, chunk) for chunk, f in pieces]
    top = headroom(face, size)
    baseline = top + ascent(face, size)
    surface = pygame.Surface((max(1, sum(widths)), top + line_height(face, size) + 2), pygame.SRCALPHA)
    x = 0
    for (chunk, f), width in zip(pieces, widths):
        if width <= 0:
            continue  # SDL_ttf raises "Text has zero width" on a chunk that draws nothing
        try:
            glyphs = f.render(chunk, True, colour)
            surface.blit(glyphs, (x, baseline - _glyph_top(f, chunk)))
        except (pygame.error, ValueError, UnicodeError):
            pass  # a chunk SDL_ttf still refuses is left blank rather than ending the frame
        x += width
    return _text_cache.put(key, surface)


def clear_caches() -> None:
    """Forget loaded fonts, measurements and rendered texts."""
    _fonts.clear()
    _metrics.cache_clear()
    _text_width.cache_clear()
    _coverage_font.cache_clear()
    _displayable_char.cache_clear()
    _text_cache.clear()

"""Procedural drawing: parchment, framed panels, dice, text helpers (icons: game.ui.icons).

Everything is drawn with pygame.draw from code, so art is deterministic,
scales to any size and carries no licence. Small shapes are drawn at four
times their size and smooth-scaled down (supersampling), which antialiases
polygons and thick lines that pygame.draw would leave jagged. Results are
cached: drawing the same die or icon twice costs one blit.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache

import pygame

from game.ui import fonts, text_fit
from game.ui.surface_cache import SCREEN_PAGES, SurfaceCache, surface_cached
from game.ui.theme import Palette

SUPERSAMPLE = 4
Point = tuple[float, float]
Colour = fonts.Colour  # (r, g, b) or (r, g, b, a), what pygame draws with


# ---------------------------------------------------------------- helpers


def _mix(a: Colour, b: Colour, t: float) -> tuple[int, int, int]:
    """Linear blend of two RGB colours (t=0 → a, t=1 → b)."""
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]  # a generator of 3 ints is the RGB triple typeshed cannot see


def _noise_surface(size: tuple[int, int], rng: random.Random, low: int, high: int, warmth: float = 0.0) -> pygame.Surface:
    """A noise image with values in [low, high], made from seeded bytes (fast, no numpy).

    With ``warmth`` > 0 darker values lose more blue and green than red, so
    multiplying it into the page browns it like aged paper instead of greying it.
    """
    width, height = size
    data = rng.randbytes(width * height)
    indexed = pygame.image.frombytes(data, size, "P")
    span = high - low
    entries = []
    for i in range(256):
        value = low + i * span // 255
        dark = 255 - value
        entries.append((value, max(0, round(value - dark * warmth * 0.35)), max(0, round(value - dark * warmth))))
    indexed.set_palette(entries)
    rgb = pygame.Surface(size)
    rgb.blit(indexed, (0, 0))
    return rgb


def _supersampled(size: tuple[int, int]) -> pygame.Surface:
    return pygame.Surface((size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE), pygame.SRCALPHA)


def _downsample(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(big, size)


MULTIPLY_BAND = 64  # columns of the page a smooth-scaled map is multiplied into at a time


def _transposed(surface: pygame.Surface) -> pygame.Surface:
    """Rows become columns: a quarter turn then a flip, both exact copies of the pixels."""
    return pygame.transform.flip(pygame.transform.rotate(surface, 90), False, True)


def multiply_smoothscaled(page: pygame.Surface, small: pygame.Surface) -> None:
    """Multiply ``page`` by ``small`` smooth-scaled to the page's size, with no picture of the page's size made.

    ``smoothscale`` scales the width first, then the height, each a pass along one axis: the width pass gives a
    picture as wide as the page and as tall as ``small`` (a few rows), and the height pass, run on that picture
    turned a quarter so it scales along its width, is done a band of the page's columns at a time (each column
    depends on its own pixels only). The same bytes as ``page.blit(smoothscale(small, page size), BLEND_RGB_MULT)``
    (tests/test_draw_multiply.py) for a band's memory instead of a page's (issue 28: the death page's vignette was
    the smoke's peak).
    """
    width, height = page.get_size()
    rows = small.get_height()
    across = _transposed(pygame.transform.smoothscale(small, (width, rows)))  # rows × width, small
    for left in range(0, width, MULTIPLY_BAND):
        band = min(MULTIPLY_BAND, width - left)
        scaled = pygame.transform.smoothscale(across.subsurface((0, left, rows, band)), (height, band))
        page.blit(_transposed(scaled), (left, 0), special_flags=pygame.BLEND_RGB_MULT)


# ---------------------------------------------------------------- parchment


@surface_cached("parchment pages", 600_000, pages=1, room=True)  # one full page, and a small card's
def parchment(size: tuple[int, int], palette: Palette, seed: int = 7) -> pygame.Surface:
    """A page of parchment: base tone, soft mottling, fine grain, fibres, darker edges.

    Deterministic for a given (size, palette, seed); cached.
    """
    page = pygame.Surface(size)
    paint_parchment(page, palette, seed)
    return page


def paint_parchment(page: pygame.Surface, palette: Palette, seed: int = 7) -> None:
    """Make all of ``page`` the parchment :func:`parchment` draws at its size: for a picture made once and kept by
    its maker (the sheet card, 900×1272), which a copy of a cached page would only double."""
    size = width, height = page.get_size()
    rng = random.Random(seed)
    page.fill(palette.parchment)
    if palette.plain:
        return  # high contrast: nothing behind the text

    # Fibres first, so the mottling below ages them along with the page.
    fibre_colour = _mix(palette.parchment, palette.parchment_dark, 0.35)
    for _ in range(width * height // 12000):
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        angle = rng.uniform(-0.5, 0.5) + (math.pi if rng.random() < 0.5 else 0)
        length = rng.uniform(5, 16)
        pygame.draw.aaline(page, fibre_colour, (x, y), (x + math.cos(angle) * length, y + math.sin(angle) * length))

    # Two octaves of soft warm mottling: large blotches, then smaller ones,
    # multiplied in so the page darkens unevenly like old paper. Each layer below is scaled into the same
    # page-sized surface: a new one for each cost more than its scaling (its memory is fresh from the system:
    # four of them were half the parchment of the shelf's first frame, issue 28).
    layer = pygame.Surface(size)
    longest = max(width, height)
    for cells, low in ((9, 242), (34, 248)):
        grid = (max(2, cells * width // longest + 1), max(2, cells * height // longest + 1))
        blotches = _noise_surface(grid, rng, low, 255, warmth=0.8)
        page.blit(pygame.transform.smoothscale(blotches, size, layer), (0, 0), special_flags=pygame.BLEND_RGB_MULT)

    # Fine grain at half resolution, barely visible: it stops large flat areas looking plastic.
    grain_size = (max(1, width // 2), max(1, height // 2))
    grain = _noise_surface(grain_size, rng, 249, 255, warmth=0.5)
    page.blit(pygame.transform.scale(grain, size, layer), (0, 0), special_flags=pygame.BLEND_RGB_MULT)

    # Vignette: a tiny radial map smooth-scaled up, multiplied in.
    page.blit(pygame.transform.smoothscale(vignette_map(), size, layer), (0, 0), special_flags=pygame.BLEND_RGB_MULT)


VIGNETTE = (32, 18)  # the radial map's cells, smooth-scaled to the page


def vignette_dark(vx: int, vy: int) -> tuple[int, int, int]:
    """The vignette's cell (vx, vy): darker towards the corners, browner than grey."""
    dx, dy = (vx - 15.5) / 15.5, (vy - 8.5) / 8.5
    dark = 30 * min(1.0, math.hypot(dx, dy) / 1.3) ** 2.4
    return round(255 - dark), round(255 - dark * 1.15), round(255 - dark * 1.5)


def vignette_map() -> pygame.Surface:
    """The vignette's map, one quarter worked out and mirrored: its cells are symmetric about the centre lines,
    exactly (|vx - 15.5| is the same float either side), and working out all 576 was a tenth of the parchment of
    the shelf's first frame (issue 28)."""
    width, height = VIGNETTE
    quarter = [[vignette_dark(vx, vy) for vx in range(width // 2)] for vy in range(height // 2)]
    rows = [row + row[::-1] for row in quarter]
    cells = bytes(value for row in rows + rows[::-1] for cell in row for value in cell)
    vignette = pygame.Surface(VIGNETTE)  # the page's own format: smooth-scaling three bytes a pixel rounds otherwise
    vignette.blit(pygame.image.frombytes(cells, VIGNETTE, "RGB"), (0, 0))
    return vignette


# ---------------------------------------------------------------- nine-patch panels


TILE = 128  # a tile of one colour, pixels square: the veil, a panel's fill and its shadow are laid with it


def lay_tiles(surface: pygame.Surface, tile: pygame.Surface, rect: pygame.Rect) -> None:
    """Cover ``rect`` of ``surface`` with ``tile`` repeated from its top left, the last row and column cut to fit:
    the same pixels as one picture of the rect's size whose pixels repeat the tile (a strip or a flat colour), with
    no such picture made."""
    width, height = tile.get_size()
    for y in range(rect.top, rect.bottom, height):
        for x in range(rect.left, rect.right, width):
            surface.blit(tile, (x, y), (0, 0, min(width, rect.right - x), min(height, rect.bottom - y)))


_uniform_tiles = SurfaceCache("uniform tiles", 12 * TILE * TILE * 4)


def uniform_tile(colour: Colour) -> pygame.Surface:
    """A ``TILE`` square of one translucent colour (kept: the veil is laid every frame an overlay animates, the
    panels' fills and shadows every frame a screen that draws panels is drawn)."""
    key = tuple(colour)
    tile: pygame.Surface | None = _uniform_tiles.get(key)
    if tile is None:
        tile = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
        tile.fill(colour)
        tile = _uniform_tiles.put(key, tile)
    return tile


def _repeats(piece: pygame.Surface, along: int) -> bool:
    """Whether every pixel row (``along`` 0: every column) of ``piece`` is its first: the piece stretched is the
    piece tiled."""
    width, height = piece.get_size()
    if width == 0 or height == 0:
        return True
    line = piece.subsurface((0, 0, 1, height) if along == 0 else (0, 0, width, 1))
    return pygame.image.tobytes(pygame.transform.scale(line, (width, height)), "RGBA") == pygame.image.tobytes(piece, "RGBA")


class NinePatch:
    """Draws a source image into any rect: corners kept, edges and centre stretched.

    When the edges repeat along their length and the centre is one colour (the panels' are: rules and a flat fill),
    :meth:`draw` lays them in tiles straight onto the target, so no picture of the panel's size is made or kept
    (issue 28: a screen's panels held 1.6 pages, 5.5 MB at 1280×720); otherwise it draws :meth:`render`'s picture.
    """

    def __init__(self, source: pygame.Surface, border: int) -> None:
        self.source = source
        self.border = border
        self._tiles: tuple[pygame.Surface, ...] | None = None  # the top, bottom, left and right strips
        self._fill: tuple[int, int, int, int] = (0, 0, 0, 0)  # the centre's one colour, with its tiles
        b = border
        sw, sh = source.get_size()
        centre = source.subsurface((b, b, sw - 2 * b, sh - 2 * b))
        edges = (
            (source.subsurface((b, 0, sw - 2 * b, b)), 0),
            (source.subsurface((b, sh - b, sw - 2 * b, b)), 0),
            (source.subsurface((0, b, b, sh - 2 * b)), 1),
            (source.subsurface((sw - b, b, b, sh - 2 * b)), 1),
        )
        if (
            sw > 2 * b
            and sh > 2 * b
            and all(_repeats(piece, along) for piece, along in edges)
            and _repeats(centre, 0)
            and _repeats(centre, 1)
        ):
            strips = tuple(
                pygame.transform.scale(piece.subsurface((0, 0, 1, b)), (TILE, b))
                if along == 0
                else pygame.transform.scale(piece.subsurface((0, 0, b, 1)), (b, TILE))
                for piece, along in edges
            )
            self._tiles = strips
            self._fill = tuple(centre.get_at((0, 0)))  # type: ignore[assignment]  # a Color is four ints

    def render(self, size: tuple[int, int]) -> pygame.Surface:
        """The patch at ``size`` (at least two borders wide and high)."""
        b = self.border
        width, height = max(size[0], 2 * b), max(size[1], 2 * b)
        src = self.source
        sw, sh = src.get_size()
        out = pygame.Surface((width, height), pygame.SRCALPHA)
        columns = ((0, b, 0, b), (b, sw - 2 * b, b, width - 2 * b), (sw - b, b, width - b, b))
        rows = ((0, b, 0, b), (b, sh - 2 * b, b, height - 2 * b), (sh - b, b, height - b, b))
        for sx, swidth, dx, dwidth in columns:
            for sy, sheight, dy, dheight in rows:
                if dwidth <= 0 or dheight <= 0:
                    continue
                piece = src.subsurface((sx, sy, swidth, sheight))
                if (dwidth, dheight) != (swidth, sheight):
                    piece = pygame.transform.scale(piece, (dwidth, dheight))
                out.blit(piece, (dx, dy))
        return out

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Blend the patch at ``rect.size`` onto ``surface`` at ``rect``: the pixels of ``render`` blitted there."""
        if self._tiles is None:
            surface.blit(self.render(rect.size), rect.topleft)
            return
        b, src = self.border, self.source
        sw, sh = src.get_size()
        x, y = rect.topleft
        width, height = max(rect.width, 2 * b), max(rect.height, 2 * b)
        top, bottom, left, right = self._tiles
        for sx, sy, dx, dy in (
            (0, 0, 0, 0),
            (sw - b, 0, width - b, 0),
            (0, sh - b, 0, height - b),
            (sw - b, sh - b, width - b, height - b),
        ):
            surface.blit(src, (x + dx, y + dy), (sx, sy, b, b))
        inner_w, inner_h = width - 2 * b, height - 2 * b
        lay_tiles(surface, top, pygame.Rect(x + b, y, inner_w, b))
        lay_tiles(surface, bottom, pygame.Rect(x + b, y + height - b, inner_w, b))
        lay_tiles(surface, left, pygame.Rect(x, y + b, b, inner_h))
        lay_tiles(surface, right, pygame.Rect(x + width - b, y + b, b, inner_h))
        lay_tiles(surface, uniform_tile(self._fill), pygame.Rect(x + b, y + b, inner_w, inner_h))


@lru_cache(maxsize=8)
def _panel_patch(palette: Palette, fill_alpha: int) -> NinePatch:
    """A framed panel source: light fill, thick ink rule, thin inner rule, corner diamonds."""
    size, border = 64, 18
    big = _supersampled((size, size))
    s = SUPERSAMPLE
    fill = (*palette.parchment_light, fill_alpha)
    pygame.draw.rect(big, fill, (0, 0, size * s, size * s), border_radius=4 * s)
    pygame.draw.rect(big, palette.ink, (0, 0, size * s, size * s), width=2 * s + 1, border_radius=4 * s)
    inner = 6 * s
    pygame.draw.rect(big, palette.ink_soft, (inner, inner, size * s - 2 * inner, size * s - 2 * inner), width=s)
    # Corner diamonds sit on the inner rule, like printed sheet ornaments.
    for cx, cy in ((inner, inner), (size * s - inner, inner), (inner, size * s - inner), (size * s - inner, size * s - inner)):
        r = 4 * s
        pygame.draw.polygon(big, palette.ink, [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)])
        pygame.draw.circle(big, palette.parchment_light, (cx, cy), s * 1.2)
    return NinePatch(_downsample(big, (size, size)), border)


SHADOW_RADIUS = 6  # the drop shadow's rounded corners
SHADOW_OFFSET = (3, 4)  # where the shadow falls, from the panel


@lru_cache(maxsize=4)
def _shadow_patch(palette: Palette) -> NinePatch:
    """The drop shadow as a patch: a rounded rect of the shadow's colour, its corners past the radius."""
    border = SHADOW_RADIUS + 2
    source = pygame.Surface((4 * border, 4 * border), pygame.SRCALPHA)
    pygame.draw.rect(source, palette.shadow, source.get_rect(), border_radius=SHADOW_RADIUS)
    return NinePatch(source, border)


def _draw_shadow(surface: pygame.Surface, rect: pygame.Rect, palette: Palette) -> None:
    """The panel's drop shadow: a rounded rect of ``rect``'s size in the shadow's colour, blended at the offset."""
    patch = _shadow_patch(palette)
    if min(rect.size) >= 2 * patch.border:
        patch.draw(surface, rect.move(SHADOW_OFFSET))
        return
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)  # too small for the patch's corners: drawn as it is
    pygame.draw.rect(shade, palette.shadow, shade.get_rect(), border_radius=SHADOW_RADIUS)
    surface.blit(shade, rect.move(SHADOW_OFFSET))


def draw_veil(surface: pygame.Surface, palette: Palette) -> None:
    """The translucent veil an overlay lays over the screen below it: tiles over the surface's clip only (a frame
    that redraws a part of the page blends that part, not a whole page's veil made and laid each frame)."""
    lay_tiles(surface, uniform_tile(palette.overlay), surface.get_clip())


def draw_panel(
    surface: pygame.Surface, rect: pygame.Rect, palette: Palette, *, shadow: bool = True, fill_alpha: int = 215
) -> None:
    """A framed panel with an inked double border and a soft drop shadow."""
    rect = pygame.Rect(rect)
    _panel_onto(surface, rect, palette, shadow, fill_alpha)
    text_fit.note_panel(surface, rect)


def _panel_onto(surface: pygame.Surface, rect: pygame.Rect, palette: Palette, shadow: bool, fill_alpha: int) -> None:
    if shadow:
        _draw_shadow(surface, rect, palette)
    _panel_patch(palette, fill_alpha).draw(surface, rect)


@surface_cached("panelled page", cache=SCREEN_PAGES, room=True)  # the sheet's page: its panels move only with the layout
def panelled_page(size: tuple[int, int], palette: Palette, panels: tuple[tuple[int, ...], ...]) -> pygame.Surface:
    """The parchment page with ``panels`` drawn on it as :func:`draw_panel` draws them, in that order: a screen
    whose panels stay put blits one opaque page a frame instead of blending each panel and its shadow (a click on
    the sheet: 2.7 ms of its frame)."""
    page = parchment(size, palette).copy()
    for rect in panels:
        _panel_onto(page, pygame.Rect(rect), palette, True, 215)
    return page


def draw_panelled_page(surface: pygame.Surface, palette: Palette, panels: Sequence[pygame.Rect]) -> None:
    """Draw :func:`panelled_page` at the top left of ``surface``, each panel noted as :func:`draw_panel` notes it."""
    surface.blit(panelled_page(surface.get_size(), palette, tuple(tuple(pygame.Rect(rect)) for rect in panels)), (0, 0))
    for rect in panels:
        text_fit.note_panel(surface, pygame.Rect(rect))


def draw_rule(surface: pygame.Surface, x1: int, x2: int, y: int, colour: Colour) -> None:
    """A thin horizontal rule with a small diamond in the middle (section separator)."""
    middle = (x1 + x2) / 2
    pygame.draw.aaline(surface, colour, (x1, y), (middle - 8, y))
    pygame.draw.aaline(surface, colour, (middle + 8, y), (x2, y))
    pygame.draw.polygon(surface, colour, [(middle, y - 4), (middle + 5, y), (middle, y + 4), (middle - 5, y)])


# ---------------------------------------------------------------- controls


# A frame's boxes grow with the page (the most in one frame: 1.2 MB at 1280×720, 2.7 MB at 1920×1080, issue 28):
# the budget follows it, a third of a page and a little.
@surface_cached("rounded boxes", 300_000, pages=0.33)
def rounded_box(size: tuple[int, int], fill: Colour, border: Colour | None, radius: int, border_width: int = 2) -> pygame.Surface:
    """An antialiased rounded rectangle (supersampled), cached by its parameters.

    Only the corners need the supersampling: a box big enough is a small box's corners with its edges and middle
    repeated (the same pixels, tests/test_ui_draw.py), instead of a picture 16 times its size made to be shrunk
    (issue 28: a 243×536 card made 8.3 MB for a moment)."""
    width, height = max(1, size[0]), max(1, size[1])
    corner = max(radius, border_width) + 2
    if min(width, height) < 2 * corner + 1 or 2 * radius > min(width, height):
        return _supersampled_box((width, height), fill, border, radius, border_width)
    small = _supersampled_box((2 * corner + 1, 2 * corner + 1), fill, border, radius, border_width)
    return NinePatch(small, corner).render((width, height))


def _supersampled_box(
    size: tuple[int, int], fill: Colour, border: Colour | None, radius: int, border_width: int
) -> pygame.Surface:
    """The rounded rectangle drawn at four times ``size`` and smooth-scaled down."""
    width, height = size
    s = SUPERSAMPLE
    big = pygame.Surface((width * s, height * s), pygame.SRCALPHA)
    outer = big.get_rect()
    if border is not None and border_width > 0:
        pygame.draw.rect(big, border, outer, border_radius=radius * s)
        inset = border_width * s
        pygame.draw.rect(big, fill, outer.inflate(-2 * inset, -2 * inset), border_radius=max(0, (radius - border_width) * s))
    else:
        pygame.draw.rect(big, fill, outer, border_radius=radius * s)
    return pygame.transform.smoothscale(big, (width, height))


def draw_dashed_frame(
    surface: pygame.Surface, rect: pygame.Rect, colour: Colour, inset: int = 0, dash: int = 6, gap: int = 4, width: int = 2
) -> None:
    """A dashed outline just inside ``rect``: how a disabled control looks, besides its fainter ink."""
    box = pygame.Rect(rect).inflate(-2 * inset, -2 * inset)
    step = dash + gap
    for x in range(box.left, box.right, step):
        end = min(x + dash, box.right)
        pygame.draw.line(surface, colour, (x, box.top), (end, box.top), width)
        pygame.draw.line(surface, colour, (x, box.bottom - width), (end, box.bottom - width), width)
    for y in range(box.top, box.bottom, step):
        end = min(y + dash, box.bottom)
        pygame.draw.line(surface, colour, (box.left, y), (box.left, end), width)
        pygame.draw.line(surface, colour, (box.right - width, y), (box.right - width, end), width)


def draw_focus_ring(
    surface: pygame.Surface, rect: pygame.Rect, colour: Colour, width: int = 3, radius: int = 8, halo: Colour | None = None
) -> None:
    """The keyboard focus outline, drawn just outside ``rect``.

    ``halo``: a light line on each side of the ring, so that the ring stands out (3:1) from whatever is next
    to it: a dark button inside (a blue ring touching a brown button measured 1.28:1), a dark page outside
    (the death page's soot: 1.04:1); the light line itself stands out from the dark."""
    ring = pygame.Rect(rect).inflate(2 * width + 4, 2 * width + 4)
    if halo is not None:
        pygame.draw.rect(surface, halo, pygame.Rect(rect).inflate(4, 4), width=2, border_radius=max(0, radius - width))
        pygame.draw.rect(surface, halo, ring.inflate(4, 4), width=2, border_radius=radius + 2)
    pygame.draw.rect(surface, colour, ring, width=width, border_radius=radius)


# ---------------------------------------------------------------- text


def blit_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[float, float],
    face: str,
    size: int,
    colour: Colour,
    anchor: str = "topleft",
    *,
    box: pygame.Rect | None = None,
    owner: str = "",
) -> pygame.Rect:
    """Draw one line of text; ``anchor`` (a pygame.Rect attribute) places its line box at ``pos``.

    The line box is ``line_height`` tall with the baseline at ``ascent``; accents
    may rise above it. Centred anchors centre the capitals on ``pos``. Returns the line box.
    While game.ui.text_fit records, a line that leaves ``box`` (without one: the panel it is drawn
    in, else the page) is reported as ``owner``, and so is one drawn over another line or a control.
    """
    image = fonts.render(text, face, size, colour)
    line = pygame.Rect(0, 0, image.get_width(), fonts.line_height(face, size))
    setattr(line, anchor, (round(pos[0]), round(pos[1])))
    if anchor in ("center", "midleft", "midright"):
        # Centre optically on the capitals, not on the line box: faces differ in
        # how much room they leave above and below, and buttons mix faces.
        line.y = round(pos[1] - fonts.ascent(face, size) + fonts.cap_height(face, size) / 2)
    surface.blit(image, (line.x, line.y - fonts.headroom(face, size)))
    if text_fit.active():
        # Without a box, the panel it is drawn in is the box (else the page); see game.ui.text_fit.
        baseline = line.y + fonts.ascent(face, size)
        core = pygame.Rect(line.x, baseline - fonts.cap_height(face, size), line.width, fonts.cap_height(face, size))
        text_fit.record_line(surface, owner, text, line, (round(pos[0]), round(pos[1])), core, box)
    return line


def draw_page(
    surface: pygame.Surface,
    palette: Palette,
    page: tuple[int, int],
    title: str | None = None,
    at: tuple[int, int] = (0, 0),
    size: int = 0,
    *,
    room: int | None = None,
    anchor: str = "midleft",
) -> None:
    """How a full screen's drawing starts: the parchment of ``page`` and, when given, the ``title`` at ``at``
    in the title face and the rubric's colour, ``size`` points (a little smaller, then shortened, to fit
    ``room`` pixels when given: ``text_fit.fit_line``)."""
    surface.blit(parchment(page, palette), (0, 0))
    if title:
        if room is not None:
            title, size = text_fit.fit_line(title, "title", size, room)
        blit_text(surface, title, at, "title", size, palette.rubric, anchor)


# ---------------------------------------------------------------- dice

# Pip positions on a unit face, per value.
PIPS: dict[int, tuple[Point, ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


@surface_cached("die faces", 1_500_000)
def die_face(value: int, size: int, palette: Palette) -> pygame.Surface:
    """An upright die face showing ``value`` (1–6), ``size`` pixels square."""
    if value not in PIPS:
        raise ValueError(f"a die shows 1 to 6, not {value}")
    size = max(8, int(size))
    s = SUPERSAMPLE
    big = _supersampled((size, size))
    full = size * s
    radius = round(full * 0.18)
    pygame.draw.rect(big, palette.ink, (0, 0, full, full), border_radius=radius)
    edge = max(s, round(full * 0.04))
    pygame.draw.rect(big, palette.die_face, (edge, edge, full - 2 * edge, full - 2 * edge), border_radius=radius - edge)
    pip_radius = full * 0.085
    for px, py in PIPS[value]:
        pygame.draw.circle(big, palette.die_pip, (px * full, py * full), pip_radius)
    return _downsample(big, (size, size))


def draw_die(
    surface: pygame.Surface, center: tuple[float, float], size: int, value: int, palette: Palette, angle: float = 0.0
) -> pygame.Rect:
    """A die showing ``value`` centred on ``center``, rotated by ``angle`` degrees (for tumbling)."""
    face = die_face(value, size, palette)
    if angle % 360:
        face = pygame.transform.rotozoom(face, angle, 1.0)
    rect = face.get_rect(center=(round(center[0]), round(center[1])))
    # The shadow is the die's own silhouette, offset down-right.
    shade = pygame.mask.from_surface(face).to_surface(setcolor=palette.shadow, unsetcolor=(0, 0, 0, 0))
    surface.blit(shade, rect.move(max(2, size // 16), max(2, size // 14)))
    surface.blit(face, rect)
    return rect


# ---------------------------------------------------------------- polyhedral dice


def draw_polyhedral(
    surface: pygame.Surface, center: tuple[float, float], size: int, value: int, sides: int, palette: Palette, angle: float = 0.0
) -> pygame.Rect:
    """A d``sides`` other than a d6 (a d20 for Rôle'n Play): a faceted gem with its number."""
    if sides == 6 and 1 <= value <= 6:
        return draw_die(surface, center, size, value, palette, angle)
    s = SUPERSAMPLE
    full = size * s
    big = _supersampled((size + 2, size + 2))
    c = full / 2 + s
    r = full / 2
    outer = [(c + r * math.cos(math.radians(60 * i - 90)), c + r * math.sin(math.radians(60 * i - 90))) for i in range(6)]
    inner = [
        (c + r * 0.55 * math.cos(math.radians(120 * i - 90)), c + r * 0.55 * math.sin(math.radians(120 * i - 90)))
        for i in range(3)
    ]
    pygame.draw.polygon(big, palette.die_face, outer)
    pygame.draw.polygon(big, palette.ink, outer, width=max(s, round(full * 0.035)))
    pygame.draw.polygon(big, palette.ink_faint, inner, width=max(1, s))
    for i in range(3):
        pygame.draw.line(big, palette.ink_faint, inner[i], outer[(2 * i) % 6], max(1, s))
        pygame.draw.line(big, palette.ink_faint, inner[i], outer[(2 * i + 1) % 6], max(1, s))
        pygame.draw.line(big, palette.ink_faint, inner[i], outer[(2 * i + 5) % 6], max(1, s))
    face = _downsample(big, (size + 2, size + 2))
    number = fonts.render(str(value), "bold", max(10, int(size * 0.38)), palette.die_pip)
    face.blit(number, number.get_rect(center=(face.get_width() / 2, face.get_height() / 2 + size * 0.04)))
    if angle % 360:
        face = pygame.transform.rotozoom(face, angle, 1.0)
    rect = face.get_rect(center=(round(center[0]), round(center[1])))
    surface.blit(face, rect)
    return rect

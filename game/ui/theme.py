"""Colours and sizes: a parchment-and-ink palette, a colour-blind-safe one and a high-contrast one.

Widgets never hard-code a colour: they read ``theme.palette.<name>``. The
colour-blind palette keeps the parchment mood but draws "good" and "bad" from
the Okabe–Ito set (blue / vermilion), distinguishable with any colour vision,
and never relies on hue alone (widgets also change shape or text).
"""

from __future__ import annotations

from dataclasses import dataclass, field

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

LOGICAL_SIZE = (1280, 720)


@dataclass(frozen=True)
class Palette:
    """Named colours for one look."""

    name: str
    parchment: RGB  # the page
    parchment_light: RGB  # panels, fields
    parchment_dark: RGB  # stains, pressed buttons
    ink: RGB  # text, borders
    ink_soft: RGB  # secondary text, thin rules
    ink_faint: RGB  # placeholders, disabled text
    rubric: RGB  # red ink of titles and danger buttons
    accent: RGB  # primary buttons
    accent_text: RGB  # text on accent
    good: RGB
    bad: RGB
    focus: RGB  # keyboard focus ring
    selection: RGBA  # text / list selection
    hover: RGBA  # wash over hovered controls
    shadow: RGBA
    overlay: RGBA  # veil behind modal dialogs
    tooltip_bg: RGB
    tooltip_text: RGB
    die_face: RGB
    die_pip: RGB
    letterbox: RGB  # bars around the scaled page
    plain: bool = False  # a flat page without parchment grain, mottling or vignette (high contrast)


PARCHMENT = Palette(
    name="parchment",
    parchment=(236, 222, 190),
    parchment_light=(246, 237, 214),
    parchment_dark=(214, 193, 152),
    ink=(46, 32, 22),
    ink_soft=(72, 55, 40),
    ink_faint=(76, 66, 53),
    rubric=(128, 32, 25),
    accent=(92, 52, 30),
    accent_text=(248, 238, 216),
    good=(36, 72, 36),
    bad=(128, 32, 24),
    focus=(21, 68, 122),
    selection=(196, 150, 72, 90),
    hover=(255, 255, 255, 60),
    shadow=(40, 24, 10, 70),
    overlay=(30, 20, 10, 140),
    tooltip_bg=(52, 38, 28),
    tooltip_text=(246, 237, 214),
    die_face=(250, 246, 234),
    die_pip=(34, 24, 18),
    letterbox=(24, 18, 14),
)

# Okabe–Ito: blue (0,114,178), vermilion (213,94,0), bluish green (0,158,115),
# orange (230,159,0). Darkened where text sits on parchment, until every pair of DRAWN_PAIRS reaches
# its WCAG minimum against the page as drawn (issue 29): blue and vermilion stay apart by hue and lightness.
COLOURBLIND = Palette(
    name="colourblind",
    parchment=(238, 228, 204),
    parchment_light=(250, 244, 228),
    parchment_dark=(212, 198, 166),
    ink=(20, 20, 28),
    ink_soft=(70, 66, 70),
    ink_faint=(73, 70, 67),
    rubric=(119, 50, 0),
    accent=(0, 73, 121),
    accent_text=(255, 255, 255),
    good=(0, 72, 112),
    bad=(112, 47, 0),
    focus=(0, 0, 0),
    selection=(86, 180, 233, 120),
    hover=(255, 255, 255, 70),
    shadow=(0, 0, 0, 70),
    overlay=(0, 0, 0, 150),
    tooltip_bg=(20, 20, 28),
    tooltip_text=(255, 255, 255),
    die_face=(255, 255, 255),
    die_pip=(0, 0, 0),
    letterbox=(12, 12, 16),
)

# High contrast for low vision: black ink on a flat white page (21:1), no grain, secondary and
# disabled text still at least 7:1 and 4.5:1, a thick deep-blue focus ring, "good" and "bad"
# dark enough for text (and never the only sign: each also has a word or a shape).
CONTRAST = Palette(
    name="contrast",
    parchment=(255, 255, 255),
    parchment_light=(255, 255, 255),
    parchment_dark=(205, 205, 205),
    ink=(0, 0, 0),
    ink_soft=(30, 30, 30),
    ink_faint=(86, 86, 86),
    rubric=(0, 0, 0),
    accent=(0, 0, 0),
    accent_text=(255, 255, 255),
    good=(0, 80, 160),
    bad=(170, 0, 0),
    focus=(0, 60, 255),
    selection=(255, 215, 0, 170),
    hover=(0, 0, 0, 28),
    shadow=(0, 0, 0, 0),
    overlay=(0, 0, 0, 190),
    tooltip_bg=(0, 0, 0),
    tooltip_text=(255, 255, 255),
    die_face=(255, 255, 255),
    die_pip=(0, 0, 0),
    letterbox=(0, 0, 0),
    plain=True,
)

PALETTES: dict[str, Palette] = {p.name: p for p in (PARCHMENT, COLOURBLIND, CONTRAST)}

# Text sizes in logical pixels (the interface size magnifies the whole page instead).
BASE_TEXT_SIZES: dict[str, int] = {
    "small": 18,
    "body": 22,
    "label": 22,
    "button": 22,
    "heading": 28,
    "title": 40,
    "value": 34,  # big numbers in counters
}


@dataclass(frozen=True)
class Sizes:
    """Spacing and control sizes in logical pixels."""

    padding: int = 12
    gap: int = 10
    border: int = 2
    radius: int = 6
    control_height: int = 44  # comfortable mouse and touch target
    focus_width: int = 3
    scrollbar: int = 12
    tooltip_delay: float = 0.6  # seconds of hovering before a tooltip shows


@dataclass
class Theme:
    """The current look; mutable so one shared instance can switch palette live."""

    palette: Palette = PARCHMENT
    ui_scale: float = 1.0
    sizes: Sizes = field(default_factory=Sizes)

    def set_palette(self, name: str) -> None:
        """Switch to the palette called ``name`` ("parchment", "colourblind" or "contrast")."""
        if name not in PALETTES:
            raise ValueError(f"unknown palette {name!r}; known: {sorted(PALETTES)}")
        self.palette = PALETTES[name]

    def text_size(self, role: str) -> int:
        """Pixel size of text playing ``role`` on the logical page (see BASE_TEXT_SIZES).

        The interface size (``ui_scale``) does not change it: the display magnifies the whole page
        (``game.app.display.Viewport.zoom``), so text grows with its boxes and never overflows them.
        """
        return BASE_TEXT_SIZES[role]

    @classmethod
    def named(cls, palette: str = "parchment", ui_scale: float = 1.0) -> Theme:
        """A theme with the palette called ``palette``."""
        theme = cls(ui_scale=ui_scale)
        theme.set_palette(palette)
        return theme


def relative_luminance(rgb: tuple[int, ...]) -> float:
    """WCAG 2.1 relative luminance of an sRGB colour (alpha ignored)."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG 2.1 contrast ratio of two colours, from 1 to 21."""
    high, low = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


TEXT_CONTRAST = 4.5  # WCAG 2.1 AA, text (1.4.3); disabled text too, as ACCESSIBILITY.md promises
SHAPE_CONTRAST = 3.0  # WCAG 2.1 AA, control boundaries and the focus ring (1.4.11)

# Every colour pair the widgets and painters draw, as (what is drawn, what is behind it, minimum):
# the contrast test (tests/test_access_contrast.py) checks each in every palette. "page" is the
# parchment page as drawn (``game.ui.draw.parchment``, its mottling and vignette included: the test
# takes its darkest 1 %), the others are palette fields. Text in ink, ink_soft (secondary, italic),
# ink_faint (placeholders, hints, disabled), rubric (titles, danger), good / bad (outcomes, log
# lines), focus (the "pending" tag), accent (headings) sits on the page and on panels and fields.
_PAGE_TEXT = ("ink", "ink_soft", "ink_faint", "rubric", "good", "bad", "focus", "accent")
DRAWN_PAIRS: tuple[tuple[str, str, float], ...] = (
    *((ink, ground, TEXT_CONTRAST) for ink in _PAGE_TEXT for ground in ("page", "parchment", "parchment_light")),
    ("ink_faint", "parchment_dark", TEXT_CONTRAST),  # a disabled button's label
    ("ink", "parchment_dark", TEXT_CONTRAST),  # a pressed button's label
    ("rubric", "parchment_dark", TEXT_CONTRAST),  # a pressed danger button's label
    ("accent_text", "accent", TEXT_CONTRAST),  # a primary button's label
    ("tooltip_text", "tooltip_bg", TEXT_CONTRAST),
    ("parchment_light", "bad", TEXT_CONTRAST),  # a paragraph number on a death's red disc (the chronicles' map)
    ("die_pip", "die_face", SHAPE_CONTRAST),
    ("ink", "page", SHAPE_CONTRAST),  # control borders, counters' rings
    ("ink", "parchment_light", SHAPE_CONTRAST),
    ("ink_faint", "parchment_dark", SHAPE_CONTRAST),  # a disabled button's dashed frame
    ("ink", "accent", 1.0),  # a primary button's border: the fill itself stands out from the page (below)
    ("accent", "page", SHAPE_CONTRAST),  # a primary button against the page
    ("focus", "page", SHAPE_CONTRAST),  # the focus ring, outside
    ("focus", "parchment_light", SHAPE_CONTRAST),  # … and against its halo inside (draw_focus_ring)
    ("parchment_light", "accent", SHAPE_CONTRAST),  # the halo between the ring and a dark button
)

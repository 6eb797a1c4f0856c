"""Text that fits its box: shrink a little, then shorten with an ellipsis; and a recorder of what did not.

``fit_line`` is what widgets and screens use for a one-line label in a fixed
room. ``recording()`` collects every text drawn outside the box it was given
(``blit_text(..., box=...)``): ``tools/check_text_fit.py`` renders every screen
inside it and lists the overflows.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

from game.ui import fonts

ELLIPSIS = "…"
SHRINK = 3  # a label may be set up to this many points smaller before it is shortened


def fit_line(text: str, face: str, size: int, width: int, *, min_size: int | None = None) -> tuple[str, int]:
    """``text`` and a size at which it fits ``width``: up to SHRINK points smaller, else shortened with "…"."""
    if not text:
        return text, size
    floor = max(8, min_size if min_size is not None else size - SHRINK)
    current = size
    while current > floor and fonts.text_width(text, face, current) > width:
        current -= 1
    if fonts.text_width(text, face, current) <= width:
        return text, current
    return ellipsize(text, face, current, width), current


def ellipsize(text: str, face: str, size: int, width: int) -> str:
    """The longest start of ``text`` that, followed by "…", fits ``width`` (cut at a word when one is near)."""
    if fonts.text_width(text, face, size) <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits, by bisection: text_width is the costly part
        mid = (low + high + 1) // 2
        if fonts.text_width(text[:mid].rstrip() + ELLIPSIS, face, size) <= width:
            low = mid
        else:
            high = mid - 1
    cut = text[:low]
    space = cut.rfind(" ")
    if space > len(cut) * 2 // 3:  # a word boundary close to the cut reads better than a broken word
        cut = cut[:space]
    return cut.rstrip() + ELLIPSIS if cut.strip() else ELLIPSIS


def fit_lines(text: str, face: str, size: int, width: int, max_lines: int) -> tuple[list[str], bool]:
    """``text`` wrapped to ``width`` in at most ``max_lines`` lines, the last ending in "…" when cut; and whether it was."""
    from game.ui.draw import wrap_words  # drawing imports this module: imported here to avoid the cycle

    lines = wrap_words(text, face, size, width)
    if len(lines) <= max_lines:
        return lines, False
    kept = lines[:max_lines]
    kept[-1] = ellipsize(kept[-1] + " " + lines[max_lines] + ELLIPSIS, face, size, width)
    return kept, True


@dataclass(frozen=True)
class Overflow:
    """One text drawn outside its box."""

    owner: str  # the widget or the part of the screen that drew it
    text: str
    drawn: tuple[int, int, int, int]
    box: tuple[int, int, int, int]


_recorders: list[list[Overflow]] = []


@contextmanager
def recording() -> Iterator[list[Overflow]]:
    """Collect the overflows drawn inside the ``with`` block."""
    found: list[Overflow] = []
    _recorders.append(found)
    try:
        yield found
    finally:
        _recorders.remove(found)


def check(owner: str, text: str, drawn: pygame.Rect, box: pygame.Rect | tuple[int, int, int, int], slack: int = 1) -> None:
    """Report ``text`` drawn at ``drawn`` if it leaves ``box`` (by more than ``slack`` pixels)."""
    if not _recorders or not text.strip():
        return
    box = pygame.Rect(box)
    # The line box has room for accents and descenders: a few pixels of it may leave a tight box.
    if box.inflate(2 * slack, 2 * slack + 8).contains(drawn):
        return
    for found in _recorders:
        found.append(Overflow(owner, text, (drawn.x, drawn.y, drawn.width, drawn.height), (box.x, box.y, box.width, box.height)))

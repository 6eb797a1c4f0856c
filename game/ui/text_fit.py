"""Text that fits its box: shrink a little, then shorten with an ellipsis; and a recorder of what did not.

``fit_line`` is what widgets and screens use for a one-line label in a fixed
room. ``recording()`` collects every text drawn outside the box it was given
(``blit_text(..., box=...)``): ``tools/check_text_fit.py`` renders every screen
inside it and lists the overflows. The recorder's records and its search for
text over text are game.ui.overflow's, imported when a recording starts.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import pygame

from game.ui import fonts
from game.ui.text_layout import wrap_indices

if TYPE_CHECKING:
    from game.ui.overflow import Frame, Overflow

ELLIPSIS = "…"
SHRINK = 3  # a label may be set up to this many points smaller before it is shortened


def fit_line(
    text: str, face: str, size: int, width: int, *, min_size: int | None = None, middle: bool = False
) -> tuple[str, int]:
    """``text`` and a size at which it fits ``width``: up to SHRINK points smaller, else shortened with "…"
    (``middle``: in its middle, for a name whose end tells it from the others)."""
    if not text:
        return text, size
    floor = max(8, min_size if min_size is not None else size - SHRINK)
    current = size
    while current > floor and fonts.text_width(text, face, current) > width:
        current -= 1
    if fonts.text_width(text, face, current) <= width:
        return text, current
    return (ellipsize_middle if middle else ellipsize)(text, face, current, width), current


def ellipsize_middle(text: str, face: str, size: int, width: int) -> str:
    """``text`` with its middle left out ("Sir Reginald…of York") so that it fits ``width``: twenty names that
    differ only at their end stay told apart (issue 30). The start keeps a character more than the end."""
    if fonts.text_width(text, face, size) <= width:
        return text
    low, high = 0, len(text) - 1
    while low < high:  # the most characters kept, by bisection
        mid = (low + high + 1) // 2
        if fonts.text_width(_middle_cut(text, mid), face, size) <= width:
            low = mid
        else:
            high = mid - 1
    return _middle_cut(text, low) if low else ELLIPSIS


def _middle_cut(text: str, kept: int) -> str:
    """``text`` keeping ``kept`` characters: its first half (rounded up) and its last, "…" between; each cut at a
    word boundary when one is near ("Épée forgée…de Sardath" rather than "Épée forgée p…s de Sardath")."""
    head, tail = text[: kept - kept // 2], text[len(text) - kept // 2 :] if kept // 2 else ""
    space = head.rfind(" ")
    if space > len(head) * 2 // 3:
        head = head[:space]
    space = tail.find(" ")
    if 0 <= space < len(tail) // 3:
        tail = tail[space + 1 :]
    return head.rstrip() + ELLIPSIS + tail.lstrip()


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


def wrap_words(text: str, face: str, size: int, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` (hard-breaking overlong words)."""
    return [
        text[start:end].rstrip(" ") for start, end in wrap_indices(text, width, lambda part: fonts.text_width(part, face, size))
    ]


def fit_lines(text: str, face: str, size: int, width: int, max_lines: int) -> tuple[list[str], bool]:
    """``text`` wrapped to ``width`` in at most ``max_lines`` lines, the last ending in "…" when cut; and whether it was."""
    lines = wrap_words(text, face, size, width)
    if len(lines) <= max_lines:
        return lines, False
    kept = lines[:max_lines]
    kept[-1] = ellipsize(kept[-1] + " " + lines[max_lines] + ELLIPSIS, face, size, width)
    return kept, True


_recorders: list[tuple[list[Overflow], Frame]] = []  # each recording()'s overflows and frame


@contextmanager
def recording() -> Iterator[list[Overflow]]:
    """Collect the overflows drawn inside the ``with`` block; text over text or over a control is added at its end."""
    from game.ui import overflow  # the recorder's records, made only when a tool or a test records (issue 28)

    found: list[Overflow] = []
    frame = overflow.Frame()
    _recorders.append((found, frame))
    try:
        yield found
    finally:
        # By identity: list.remove compares by value, and two recordings that saw the same (an outer one and one
        # inside it, nothing drawn between their starts) are equal, so the inner one's end took the outer one off.
        _recorders[:] = [recorder for recorder in _recorders if recorder[0] is not found]
        found.extend(overflow.overlaps(frame))


def _placed(surface: pygame.Surface, rect: pygame.Rect) -> tuple[int, pygame.Rect]:
    """``rect`` on ``surface`` as (the surface it is really drawn on, rect there): subsurfaces share their parent's panels."""
    parent = surface.get_abs_parent()
    return id(parent), rect.move(surface.get_abs_offset())


def active() -> bool:
    """Whether a recorder is listening (drawing skips the bookkeeping otherwise)."""
    return bool(_recorders)


def note_panel(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A panel (or any opaque box that holds text) drawn now: unboxed text inside it is checked against it."""
    if not _recorders:
        return
    target, placed = _placed(surface, pygame.Rect(rect))
    for _, frame in _recorders:
        frame.panels.append((target, placed, frame.next()))


def draw_widget(widget: Any, surface: pygame.Surface) -> None:
    """Draw ``widget``; while recording, its rect is noted (if focusable) and the text it draws is its own."""
    if not _recorders:
        widget.draw(surface)
        return
    if widget.focusable:
        from game.ui.overflow import Control

        target, placed = _placed(surface, pygame.Rect(widget.rect))
        visible = placed.clip(pygame.Rect(surface.get_clip()).move(surface.get_abs_offset()))
        for _, frame in _recorders:
            frame.controls.append(Control(target, visible, id(widget), type(widget).__name__, frame.next()))
    for _, frame in _recorders:
        frame.widgets.append(id(widget))
    try:
        widget.draw(surface)
    finally:
        for _, frame in _recorders:
            frame.widgets.pop()


def check(owner: str, text: str, drawn: pygame.Rect, box: pygame.Rect | tuple[int, int, int, int], slack: int = 1) -> None:
    """Report ``text`` drawn at ``drawn`` if it leaves ``box`` (by more than ``slack`` pixels)."""
    if not _recorders or not text.strip():
        return
    box = pygame.Rect(box)
    # The line box has room for accents and descenders: a few pixels of it may leave a tight box.
    if box.inflate(2 * slack, 2 * slack + 8).contains(drawn):
        return
    from game.ui.overflow import Overflow, four

    for found, _ in _recorders:
        found.append(Overflow(owner, text, four(drawn), four(box)))


def record_line(
    surface: pygame.Surface,
    owner: str,
    text: str,
    line: pygame.Rect,
    anchor: tuple[int, int],
    core: pygame.Rect,
    box: pygame.Rect | None,
) -> None:
    """Check a line just drawn against ``box``, else the panel it was drawn in (else the page); keep it for the overlaps."""
    if not _recorders or not text.strip():
        return
    clip = pygame.Rect(surface.get_clip())
    visible = line.clip(clip)
    if not visible.width or not visible.height:
        return  # drawn wholly outside the clip: nothing shows
    target, placed = _placed(surface, visible)
    if box is not None:
        check(owner or "page", text, line, box)
    else:
        point = pygame.Rect(anchor, (1, 1))
        _, point = _placed(surface, point)
        panel = _recorders[-1][1].innermost_panel(target, point.topleft)
        if panel is None:
            # A clip set on purpose (a text field scrolling its text inside its frame) hides what leaves it,
            # so the part that shows is checked; the page's own edge hides nothing the player should lose.
            on_purpose = clip != surface.get_rect()
            check(owner or "page", text, visible if on_purpose else line, surface.get_rect())
        else:
            # Checked where it shows: a scroll pane's clip may cut a row that is scrolled half out, as it should.
            check(owner or "panel", text, placed, panel)
    from game.ui.overflow import Line

    _, core_placed = _placed(surface, core.clip(clip))
    for _, frame in _recorders:
        widget = frame.widgets[-1] if frame.widgets else None
        frame.lines.append(Line(target, core_placed, text, owner or "page", widget, frame.next()))

"""Word wrapping that keeps indices into the original text (for carets and selections)."""

from __future__ import annotations

from collections.abc import Callable


def wrap_indices(text: str, width: int, measure: Callable[[str], int]) -> list[tuple[int, int]]:
    """Visual lines of ``text`` as (start, end) indices, each at most ``width`` wide.

    Lines break after spaces when possible, inside a word only when the word
    alone is too wide, and always at "\\n" (which belongs to no line). A wrapped
    line keeps its trailing space, so ``end`` of one line is the ``start`` of the next.
    """
    lines: list[tuple[int, int]] = []
    offset = 0
    for paragraph in text.split("\n"):
        start, n = 0, len(paragraph)
        if n == 0:
            lines.append((offset, offset))
        while start < n:
            end = _fit(paragraph, start, width, measure)
            lines.append((offset + start, offset + end))
            start = end
        offset += n + 1
    return lines


def _fit(paragraph: str, start: int, width: int, measure: Callable[[str], int]) -> int:
    """End index of the longest line from ``start`` that fits, preferring a space break.

    Probes 16, 32, 64… characters before the binary search, so a line costs what
    it holds, not what is left of the paragraph (a pasted 10 000-character word
    wraps in a blink instead of minutes).
    """
    n = len(paragraph)
    low, step = start + 1, 16
    while True:
        probe = min(n, start + step)
        if measure(paragraph[start:probe]) > width:
            high = probe - 1
            break
        if probe == n:
            return n
        low, step = probe, step * 2
    # Binary search for the most characters that fit.
    while low < high:
        mid = (low + high + 1) // 2
        if measure(paragraph[start:mid]) <= width:
            low = mid
        else:
            high = mid - 1
    fit = low
    # Trailing spaces never force a wrap: let them hang past the edge.
    while fit < n and paragraph[fit] == " ":
        fit += 1
    if fit < n:
        space = paragraph.rfind(" ", start, fit)
        if space >= start and space + 1 > start:
            return space + 1
    return max(fit, start + 1)


def line_of(lines: list[tuple[int, int]], index: int) -> int:
    """The number of the visual line where the caret at ``index`` is shown."""
    found = 0
    for number, (start, _end) in enumerate(lines):
        if start <= index:
            found = number
        else:
            break
    return found

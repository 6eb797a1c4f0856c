"""Fast repeated presses are one gesture (issue 30 item 5): what the rolls and the scene stack share."""

from __future__ import annotations

#: Seconds without a press that end a burst of clicks (about a desktop's double-click time, a little less).
BURST_GAP = 0.35


class ClickBurst:
    """Fast repeated presses are one gesture: a roll's later presses land its dice, never start another (issue 30 item 5).

    A screen that shows a roll calls :meth:`press` for every press it receives while the roll is
    shown and :meth:`update` every frame; :attr:`busy` stays true until ``BURST_GAP`` seconds pass
    without a press, so the click that would close the result (or press the roll button again) must
    come after the burst has stopped. Time is the frames' ``dt``: a screen keeps animating while
    busy (``wants_animation``), so the quiet is measured on the real clock, not on the next event.
    """

    def __init__(self, gap: float = BURST_GAP) -> None:
        self.gap = gap
        self.quiet = gap  # not busy until a roll starts

    def start(self) -> None:
        """A roll began (its press is the burst's first)."""
        self.quiet = 0.0

    def press(self) -> bool:
        """A press while the roll is shown: True when it is a new gesture (the burst had stopped)."""
        fresh = not self.busy
        self.quiet = 0.0
        return fresh

    def update(self, dt: float) -> None:
        self.quiet = min(self.gap, self.quiet + dt)

    @property
    def busy(self) -> bool:
        return self.quiet < self.gap

"""Where the Rôle'n Play table's parts go on a page of any size (shared by the scene, its panels and painters).

The title band across the top, the tab menu on the left, the open panel taking the
rest, the status line at the foot. A panel lays its controls out in the width it is
given and declares the height it needs; what does not fit the page scrolls inside the
panel (``PanelPane``), so 1024×640 works and a big page shows everything at once.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.layout import ScrollPane, fill, fixed, split
from game.ui.widget import Widget

TITLE_BAND = 64  # the title, the clock summary and the top buttons
TWO_LINE_BAND = 92  # a narrow page puts the clock summary on a line of its own
TWO_LINES_BELOW = 1280  # page widths below this have no room for the summary between title and buttons
STATUS_BAND = 34
TAB_GAP = 8
TAB_HEIGHT = (32, 50)  # a tab button's height: the least (ten tabs on a 960×540 page), and the most
REVEAL_MARGIN = 10


@dataclass(frozen=True)
class TableRegions:
    """The table's parts for one page size."""

    page: tuple[int, int]
    band: int  # the height of the title band (the rule under it)
    menu: pygame.Rect
    content: pygame.Rect
    tab_height: int

    @property
    def two_lines(self) -> bool:
        """Whether the clock summary has a line of its own under the title and the buttons."""
        return self.band > TITLE_BAND

    @property
    def status_y(self) -> int:
        """The middle of the status line."""
        return self.page[1] - STATUS_BAND // 2 - 3


def table_regions(size: tuple[int, int], tabs: int = 10) -> TableRegions:
    """The parts of a table with ``tabs`` tabs on a page of ``size`` logical pixels."""
    width, height = size
    band = TWO_LINE_BAND if width < TWO_LINES_BELOW else TITLE_BAND
    body = pygame.Rect(16, band + 10, width - 32, height - STATUS_BAND - band - 10)
    menu_width = 170 if width < TWO_LINES_BELOW else 186 if width < 1600 else 220
    menu, content = split(body, [fixed(menu_width), fill()], gap=12)
    menu = pygame.Rect(menu.x, menu.y + 4, menu.width, menu.height - 12)
    tab = (menu.height - TAB_GAP * (tabs - 1)) // max(1, tabs)
    return TableRegions(size, band, menu, content, max(TAB_HEIGHT[0], min(TAB_HEIGHT[1], tab)))


def side_by_side(area: pygame.Rect, left: int, right: int, gap: int = 40) -> tuple[pygame.Rect, pygame.Rect] | None:
    """Two columns of ``area`` (the left one ``left`` wide or more, the right one at least ``right``),
    or None when the width has no room for both: then the panel puts the right one below."""
    if area.width < left + gap + right:
        return None
    first, second = split(area, [fill(1, left), fill(1, right)], gap=gap)
    if first.width > left * 1.4:  # a wide page widens the right column (previews, the journal) first
        first.width = int(left * 1.4)
        second = pygame.Rect(first.right + gap, area.y, area.right - first.right - gap, area.height)
    return first, second


class PanelPane(ScrollPane):
    """A panel's content as one scrolling row; the control that takes the focus is scrolled into view
    (the row is taller than the view, so the pane reveals the control, not the whole row)."""

    def reveal(self, widget: Widget) -> None:
        for row in self.rows:
            if widget in row.widgets:
                dy = row.offsets[row.widgets.index(widget)][1]
                top, bottom = row.top + dy - REVEAL_MARGIN, row.top + dy + widget.rect.height + REVEAL_MARGIN
                if top < self.offset:
                    self.scroll_to(top)
                elif bottom > self.offset + self.rect.height:
                    self.scroll_to(bottom - self.rect.height)
                return

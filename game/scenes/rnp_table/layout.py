"""Where the Rôle'n Play table's parts go on a page of any size (shared by the scene, its panels and painters).

The title band across the top (the title, the clock summary, the top buttons), the tab
menu on the left, the open panel taking the rest, the status line at the foot. A panel
lays its controls out in the width it is given and declares the height it needs; what
does not fit the page scrolls inside the panel (``PanelPane``), so 960×540 works and a
big page shows everything at once. The panels' own regions (``<tab>.py``) are built
from the row model below: a caption, its control, a gap.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.i18n.catalogue import TextSource
from game.ui import fonts
from game.ui.context import UIContext
from game.ui.layout import Column, ScrollPane, fill, fixed, split
from game.ui.widget import Widget

TITLE_BAND = 64  # the title, the clock summary and the top buttons
TWO_LINE_BAND = 92  # a narrow page puts the clock summary on a line of its own
TWO_LINES_BELOW = 1280  # page widths below this have no room for the summary between title and buttons
STATUS_BAND = 46  # two lines of small text: a refusal naming a whole party is not cut (issue 30 item 15)
STATUS_LINES = 2
TAB_GAP = 8
TAB_HEIGHT = (32, 50)  # a tab button's height: the least (ten tabs on a 960×540 page), and the most
MENU_WIDTHS = ((TWO_LINES_BELOW, 170), (1600, 186))  # the tab menu's width below each page width; 220 above
MENU_WIDEST = 220
REVEAL_MARGIN = 10
STATUS_LIFT, STATUS_INSET = 3, 4  # the status line: its middle above the band's; in from the margin
TITLE_GROWTH = 4  # the table's title, this much over the heading size
BODY_GAP, MENU_GAP, MENU_DROP, MENU_FOOT = 10, 12, 4, 12  # under the band; between the menu and the content; the menu
PANEL_INSET, PANEL_HEADING_TOP, PANEL_RULE = 20, 10, 48  # a panel's heading and rule
VIEW_INSET, VIEW_TOP, VIEW_FOOT = 8, 50, 8  # the view a panel's content scrolls through
CONTENT_INSET, CONTENT_TOP, CONTENT_FOOT = 12, 8, 6  # the content in that view
DEFAULT_TABS = 10
MARGIN = 16  # the page's side margins (the body, the rule under the band, the top buttons)
TITLE = (24, 10)  # where the title is drawn
TITLE_GAP = 16  # between the title and the first top button
SUMMARY_GAP = 12  # between the title's room and the clock summary
SUMMARY_TWO_LINES = 72  # the summary's own line on a narrow page (its middle)
SUMMARY_LINES = (22, 46)  # the summary and a timer's warning, between title and buttons (their middles)
SUMMARY_ALONE = 33  # the summary alone there (its middle)
TOP_BUTTON = (12, 42)  # the top buttons' top and height
BUTTON_GAP = 8
TOP_BUTTON_FITS = ((96, 30), (64, 22))  # (least width, padding round the label): a narrow page tightens the buttons

# The row model of the panels: a caption, the control under it, a gap before the next caption.
ROW = 44  # a control's height
CAPTION = 20  # a caption's band above its control
GAP = 10
LINE = CAPTION + ROW + GAP  # one captioned row
SIDE_GAP = 40  # between a panel's controls and the column beside them (a preview, a checklist)


@dataclass(frozen=True)
class TableRegions:
    """The table's parts for one page size."""

    page: tuple[int, int]
    band: int  # the height of the title band (the rule under it)
    menu: pygame.Rect
    content: pygame.Rect
    tab_height: int
    buttons: tuple[pygame.Rect, ...] = ()  # the top buttons, left to right
    title_end: int = 0  # where the title's room ends (the clock summary starts after it)

    @property
    def two_lines(self) -> bool:
        """Whether the clock summary has a line of its own under the title and the buttons."""
        return self.band > TITLE_BAND

    @property
    def status_y(self) -> int:
        """The middle of the status band (its one or two lines are centred on it)."""
        return self.page[1] - STATUS_BAND // 2 - STATUS_LIFT

    @property
    def status_width(self) -> int:
        """The room the status line has."""
        return self.page[0] - 2 * (MARGIN + STATUS_INSET)

    @property
    def status_x(self) -> int:
        return MARGIN + STATUS_INSET

    @property
    def rule(self) -> tuple[int, int, int]:
        """The rule under the band: from x, to x, at y."""
        return MARGIN, self.page[0] - MARGIN, self.band

    def tabs(self, count: int) -> list[pygame.Rect]:
        """The tab buttons, one under the other down the menu."""
        step = self.tab_height + TAB_GAP
        return [pygame.Rect(self.menu.left, self.menu.top + i * step, self.menu.width, self.tab_height) for i in range(count)]

    def summary(self) -> tuple[int, int]:
        """The clock summary's room (left and right x): its own line on a narrow page, else between the title
        and the top buttons."""
        if self.two_lines:
            return TITLE[0], self.page[0] - TITLE[0]
        right = min((b.left for b in self.buttons), default=self.page[0] - MARGIN) - MARGIN
        return self.title_end + SUMMARY_GAP, right


def title_width(ui: UIContext, title: str) -> int:
    """The width of the table's title as the band draws it."""
    return fonts.text_width(title, "title", ui.theme.text_size("heading") + TITLE_GROWTH)


def top_buttons(ui: UIContext, page: tuple[int, int], labels: Sequence[TextSource], title_end: int) -> list[pygame.Rect]:
    """The top buttons right-aligned in the band, as wide as their labels; a page too narrow for that keeps
    the title whole and tightens the buttons instead."""
    size = ui.theme.text_size("button")
    natural = [fonts.text_width(ui.text(label), "body", size) for label in labels]
    widths: list[int] = []
    x = 0
    for least, padding in TOP_BUTTON_FITS:
        widths = [max(least, width + padding) for width in natural]
        x = page[0] - MARGIN - sum(widths) - BUTTON_GAP * (len(widths) - 1)
        if x >= title_end:
            break
    top, height = TOP_BUTTON
    rects = []
    for width in widths:
        rects.append(pygame.Rect(x, top, width, height))
        x += width + BUTTON_GAP
    return rects


def table_regions(
    size: tuple[int, int],
    tabs: int = DEFAULT_TABS,
    *,
    ui: UIContext | None = None,
    title: str = "",
    labels: Sequence[TextSource] = (),
) -> TableRegions:
    """The parts of a table with ``tabs`` tabs on a page of ``size`` logical pixels (with ``ui``, also the top
    buttons for ``labels`` after a ``title``)."""
    width, height = size
    band = TWO_LINE_BAND if width < TWO_LINES_BELOW else TITLE_BAND
    body = pygame.Rect(MARGIN, band + BODY_GAP, width - 2 * MARGIN, height - STATUS_BAND - band - BODY_GAP)
    menu_width = next((w for below, w in MENU_WIDTHS if width < below), MENU_WIDEST)
    menu, content = split(body, [fixed(menu_width), fill()], gap=MENU_GAP)
    menu = pygame.Rect(menu.x, menu.y + MENU_DROP, menu.width, menu.height - MENU_FOOT)
    tab = (menu.height - TAB_GAP * (tabs - 1)) // max(1, tabs)
    tab_height = max(TAB_HEIGHT[0], min(TAB_HEIGHT[1], tab))
    if ui is None:
        return TableRegions(size, band, menu, content, tab_height)
    title_end = TITLE[0] + title_width(ui, title) + TITLE_GAP
    buttons = tuple(top_buttons(ui, size, labels, title_end))
    return TableRegions(size, band, menu, content, tab_height, buttons, title_end)


@dataclass(frozen=True)
class PanelFrame:
    """A panel's parts in the table's content region: its heading, the rule under it, the view its content
    scrolls through."""

    rect: pygame.Rect
    heading: tuple[int, int]
    rule: tuple[tuple[int, int], tuple[int, int]]
    view: pygame.Rect

    def content(self, height: int) -> pygame.Rect:
        """The content's rect in the view (as tall as the panel needs, at least the view's height)."""
        width = self.content_width()
        room = self.view.height - CONTENT_TOP - CONTENT_FOOT
        return pygame.Rect(self.view.left + CONTENT_INSET, self.view.top + CONTENT_TOP, width, max(room, height))

    def content_width(self) -> int:
        return self.view.width - 2 * CONTENT_INSET


def panel_frame(rect: pygame.Rect) -> PanelFrame:
    """The frame of a panel drawn in ``rect``."""
    heading = (rect.left + PANEL_INSET, rect.top + PANEL_HEADING_TOP)
    rule = ((rect.left + PANEL_INSET, rect.top + PANEL_RULE), (rect.right - PANEL_INSET, rect.top + PANEL_RULE))
    view = Column.inside(rect, (VIEW_INSET, VIEW_TOP), bottom=VIEW_FOOT).rect
    return PanelFrame(pygame.Rect(rect), heading, rule, view)


def side_by_side(area: pygame.Rect, left: int, right: int, gap: int = SIDE_GAP) -> tuple[pygame.Rect, pygame.Rect] | None:
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

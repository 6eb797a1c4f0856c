"""Where the builder's parts go on a page of any size: the form (a scrolling pane) on the left, the preview
(its tabs above it) and the problems on the right, the banner and the message above the row of buttons."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.layout import fill, fixed, split

TOP = 92  # below the title and its rule
MARGIN = 24
BAR_H = 46
MESSAGE_H = 44
BANNER_H = 50  # a book shown read-only: the banner above the form
TAB_H = 40
GAP = 12
FIELD_H = 40
LABEL_H = 22  # a field's caption above it
ROW_H = LABEL_H + FIELD_H + 8  # a row of captioned fields
PLAIN_ROW = FIELD_H + 8  # a row of fields without captions (the options under a choice)
HEADING_ROW = 48  # a section's heading and its "add" button
SCROLLBAR = 16  # room the pane's scrollbar takes at its right


@dataclass(frozen=True)
class BuilderRegions:
    """The builder's regions for one page size."""

    page: tuple[int, int]
    banner: pygame.Rect | None
    form: pygame.Rect
    tabs: tuple[pygame.Rect, pygame.Rect]
    preview: pygame.Rect
    problems: pygame.Rect
    message: pygame.Rect
    bar: pygame.Rect

    @property
    def title_at(self) -> tuple[int, int]:
        return self.page[0] // 2, 44

    def row(self, shares: list[float]) -> list[pygame.Rect]:
        """The fields of a row of the form, side by side (x and width), for a row at the pane's top."""
        inner = pygame.Rect(self.form.x, self.form.y + LABEL_H, self.form.width - SCROLLBAR - 8, FIELD_H)
        return split(inner, [fill(share) if share > 0 else fixed(int(-share)) for share in shares], gap=8)

    def bar_buttons(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Leave (left) and save (right)."""
        leave = pygame.Rect(self.bar.x, self.bar.y, 200, self.bar.height)
        save = pygame.Rect(self.bar.right - 260, self.bar.y, 260, self.bar.height)
        return leave, save


def builder_regions(size: tuple[int, int], read_only: bool) -> BuilderRegions:
    """The regions on a page of ``size`` (``read_only``: a banner above the form)."""
    width, height = size
    bar = pygame.Rect(MARGIN, height - 10 - BAR_H, width - 2 * MARGIN, BAR_H)
    message = pygame.Rect(MARGIN, bar.y - 6 - MESSAGE_H, width - 2 * MARGIN, MESSAGE_H)
    top = TOP
    banner = None
    if read_only:
        banner = pygame.Rect(MARGIN, TOP, width - 2 * MARGIN, BANNER_H)
        top = banner.bottom + 8
    body = pygame.Rect(MARGIN, top, width - 2 * MARGIN, message.y - 6 - top)
    form, side = split(body, [fill(1.35, 520), fill(1, 360)], gap=MARGIN)
    tabs_row = pygame.Rect(side.x, side.y, side.width, TAB_H)
    tabs = split(tabs_row, [fill(), fill()], gap=8)
    preview_h = min(side.width * 9 // 16 * 2, (side.height - TAB_H - GAP) * 3 // 5)
    preview = pygame.Rect(side.x, tabs_row.bottom + 6, side.width, preview_h)
    problems = pygame.Rect(side.x, preview.bottom + GAP, side.width, side.bottom - preview.bottom - GAP)
    return BuilderRegions(size, banner, form, (tabs[0], tabs[1]), preview, problems, message, bar)

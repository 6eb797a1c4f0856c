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
FIELD_GAP = 8  # between two fields of a row (and the room right of the last, beside the scrollbar)
TITLE_MIDDLE = 44
LEAVE_W, SAVE_W = 200, 260  # the bar's buttons, at its ends
FOOT, MESSAGE_GAP, BANNER_GAP = 10, 6, 8  # the bar above the page's foot; the message above the bar; the banner's gap
FORM_PART, SIDE_PART = (1.35, 520), (1, 360)  # the form and the side column: share of the width, and least width
TAB_GAP, PREVIEW_GAP = 8, 6
PREVIEW_RATIO = (9, 16)  # the preview is at most two screens of this ratio tall
PREVIEW_SHARE = (3, 5)  # and at most this share of the side column below the tabs


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
        return self.page[0] // 2, TITLE_MIDDLE

    def row(self, shares: list[float]) -> list[pygame.Rect]:
        """The fields of a row of the form, side by side (x and width), for a row at the pane's top."""
        inner = pygame.Rect(self.form.x, self.form.y + LABEL_H, self.form.width - SCROLLBAR - FIELD_GAP, FIELD_H)
        return split(inner, [fill(share) if share > 0 else fixed(int(-share)) for share in shares], gap=FIELD_GAP)

    def bar_buttons(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Leave (left) and save (right)."""
        leave = pygame.Rect(self.bar.x, self.bar.y, LEAVE_W, self.bar.height)
        save = pygame.Rect(self.bar.right - SAVE_W, self.bar.y, SAVE_W, self.bar.height)
        return leave, save


def builder_regions(size: tuple[int, int], read_only: bool) -> BuilderRegions:
    """The regions on a page of ``size`` (``read_only``: a banner above the form)."""
    width, height = size
    bar = pygame.Rect(MARGIN, height - FOOT - BAR_H, width - 2 * MARGIN, BAR_H)
    message = pygame.Rect(MARGIN, bar.y - MESSAGE_GAP - MESSAGE_H, width - 2 * MARGIN, MESSAGE_H)
    top = TOP
    banner = None
    if read_only:
        banner = pygame.Rect(MARGIN, TOP, width - 2 * MARGIN, BANNER_H)
        top = banner.bottom + BANNER_GAP
    body = pygame.Rect(MARGIN, top, width - 2 * MARGIN, message.y - MESSAGE_GAP - top)
    form, side = split(body, [fill(*FORM_PART), fill(*SIDE_PART)], gap=MARGIN)
    tabs_row = pygame.Rect(side.x, side.y, side.width, TAB_H)
    tabs = split(tabs_row, [fill(), fill()], gap=TAB_GAP)
    (tall, wide), (part, whole) = PREVIEW_RATIO, PREVIEW_SHARE
    preview_h = min(side.width * tall // wide * 2, (side.height - TAB_H - GAP) * part // whole)
    preview = pygame.Rect(side.x, tabs_row.bottom + PREVIEW_GAP, side.width, preview_h)
    problems = pygame.Rect(side.x, preview.bottom + GAP, side.width, side.bottom - preview.bottom - GAP)
    return BuilderRegions(size, banner, form, (tabs[0], tabs[1]), preview, problems, message, bar)

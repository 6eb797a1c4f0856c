"""Where the file browser's parts go in its panel: the places down the left, the folder's path (with "up"
beside it) and its rows on the right, the status lines under them, Cancel and the action at the bottom right."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.layout import fill, fixed, split

PANEL = (1040, 640)
PAD = 24
TOP = 70  # below the title
HELP_H = 30
PLACES_W, NARROW_PLACES_W = 220, 160  # a panel under 800 px wide gives the rows more room
PLACE_H, PLACE_GAP = 40, 6
FIELD_H = 44
ROW_H = 40
STATUS_LINE = 22
STATUS_LINES = 3
BUTTON_W, BUTTON_H = 150, 46


@dataclass(frozen=True)
class BrowserLayout:
    """The browser's parts in ``panel``."""

    panel: pygame.Rect
    help: pygame.Rect
    places: tuple[pygame.Rect, ...]
    up: pygame.Rect
    field: pygame.Rect
    rows: pygame.Rect
    status: pygame.Rect
    cancel: pygame.Rect
    choose: pygame.Rect


def browser_layout(panel: pygame.Rect, places: int) -> BrowserLayout:
    """The parts for ``panel`` with ``places`` place buttons (as many as fit the column are placed)."""
    inner = panel.inflate(-2 * PAD, 0)
    places_w = PLACES_W if panel.width >= 800 else NARROW_PLACES_W
    bottom = pygame.Rect(inner.x, panel.bottom - PAD - BUTTON_H, inner.width, BUTTON_H)
    _, cancel, _, choose = split(bottom, [fill(), fixed(BUTTON_W), fixed(10), fixed(BUTTON_W)])
    body_top = panel.y + TOP + HELP_H + 8
    status = pygame.Rect(inner.x + places_w + 16, bottom.y - 10 - STATUS_LINE * STATUS_LINES, 0, STATUS_LINE * STATUS_LINES)
    status.width = inner.right - status.x
    column = pygame.Rect(inner.x, body_top, places_w, bottom.y - 10 - body_top)
    fitting = max(0, min(places, (column.height + PLACE_GAP) // (PLACE_H + PLACE_GAP)))
    place_rects = tuple(pygame.Rect(column.x, column.y + i * (PLACE_H + PLACE_GAP), places_w, PLACE_H) for i in range(fitting))
    up = pygame.Rect(status.x, body_top, 54, FIELD_H)
    field = pygame.Rect(up.right + 8, body_top, inner.right - up.right - 8, FIELD_H)
    rows = pygame.Rect(status.x, field.bottom + 10, status.width, status.y - 8 - (field.bottom + 10))
    help_rect = pygame.Rect(inner.x, panel.y + TOP, inner.width, HELP_H)
    return BrowserLayout(panel, help_rect, place_rects, up, field, rows, status, cancel, choose)

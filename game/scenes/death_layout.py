"""Where the death page's parts go on a page of any size (shared by the scene and its drawing).

One centred column, top to bottom: the skull, the title and the hero's name,
what happened (where, who struck, the book's cause), the row of buttons with
the message under it and, in books where death may not be the end, room for
the STAMINA panel. The skull and the story grow with a tall page;
the whole column is centred down the page.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.layout import fixed, split

MARGIN = 16
TITLE_BLOCK = 120  # the title, its rule and the hero's name, above the story
BUTTONS_BLOCK = 76  # the buttons (48) and the message line under them
BUTTON_H = 48
BUTTON_GAP = 16
BUTTON_MIN = 170
REVIVE_SIZE = (780, 142)
SKULL_ASPECT = 240 / 190
SKULL_MAX = 260  # the skull's height on a big page
SKULL_MIN = 64  # the least it shrinks to on a short page
STORY_MIN, STORY_MAX = 90, 200  # what happened: two lines each for where, who, why and the book's note


@dataclass(frozen=True)
class DeathRegions:
    """The death page's parts for one page size."""

    page: tuple[int, int]
    skull: pygame.Rect  # the skull's picture, centred in the room it has
    title_y: int
    story: pygame.Rect  # where, who, why
    buttons_y: int
    revive: pygame.Rect  # the STAMINA panel (shown on "carry on")

    @property
    def centre_x(self) -> int:
        return self.page[0] // 2

    def button_row(self, widths: list[int]) -> list[pygame.Rect]:
        """The buttons centred in one row, each as wide as asked, narrower alike if the page is narrow."""
        room = self.page[0] - 2 * 24 - BUTTON_GAP * (len(widths) - 1)
        if sum(widths) > room:
            widths = [w * room // sum(widths) for w in widths]
        x = self.centre_x - (sum(widths) + BUTTON_GAP * (len(widths) - 1)) // 2
        rects = []
        for width in widths:
            rects.append(pygame.Rect(x, self.buttons_y, width, BUTTON_H))
            x += width + BUTTON_GAP
        return rects


def death_regions(size: tuple[int, int], may_continue: bool) -> DeathRegions:
    """The parts of the death page on a page of ``size``, centred down the page; the STAMINA panel's room
    only where the book allows it."""
    width, height = size
    revive_h = REVIVE_SIZE[1] if may_continue else 0
    # A short page (540: 200 % on a 1080p screen) with the STAMINA panel: the skull gives up its room first.
    room = height - 2 * MARGIN - 10 - TITLE_BLOCK - BUTTONS_BLOCK - revive_h - STORY_MIN
    skull_h = min(max(110, min(SKULL_MAX, height * 24 // 100)), max(SKULL_MIN, room))
    fixed_parts = skull_h + 10 + TITLE_BLOCK + BUTTONS_BLOCK + revive_h
    story_h = max(STORY_MIN, min(STORY_MAX, height - 2 * MARGIN - fixed_parts))
    top = max(MARGIN, (height - fixed_parts - story_h) // 2)
    skull_room, title, story, buttons, revive = split(
        pygame.Rect(0, top, width, fixed_parts + story_h),
        [fixed(skull_h + 10), fixed(TITLE_BLOCK), fixed(story_h), fixed(BUTTONS_BLOCK), fixed(revive_h)],
        vertical=True,
    )
    skull = pygame.Rect(0, skull_room.y, round(skull_h * SKULL_ASPECT), skull_h)
    skull.centerx = width // 2
    story_w = min(900, width - 120)
    story_rect = pygame.Rect((width - story_w) // 2, story.y, story_w, story.height)
    revive_rect = pygame.Rect(0, revive.y, *REVIVE_SIZE)
    revive_rect.centerx = width // 2
    return DeathRegions(size, skull, title.y + 6, story_rect, buttons.y, revive_rect)

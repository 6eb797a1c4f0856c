"""Where the death page's parts go on a page of any size (the controls and the painter both read them).

One centred column, top to bottom: the skull, the title and the hero's name,
what happened (where, who struck, the book's cause), the row of buttons with
the message under it and, in books where death may not be the end, room for
the STAMINA panel. The skull and the story grow with a tall page;
the whole column is centred down the page.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.layout import fill, fixed, split

MARGIN = 16
SIDE = 24  # the least room left and right of a line of text or of the row of buttons
TITLE_BLOCK = 120  # the title, its rule and the hero's name, above the story
TITLE_RULE, NAME_DOWN = 62, 76  # the rule under the title and the hero's name, below the title's top
RULE_HALF = 240
BUTTONS_BLOCK = 76  # the buttons (48) and the message line under them
BUTTON_H = 48
BUTTON_GAP = 16
BUTTON_MIN = 170
MESSAGE_DOWN = 18  # the message line below the buttons
REVIVE_SIZE = (780, 142)
REVIVE_PAD = 24  # the STAMINA panel's inner margin
REVIVE_ROW = (60, 46)  # the field and its buttons: how far down the panel, how tall
REVIVE_WIDTHS = (110, 260, 150)  # the field, "carry on" and "cancel"
SKULL_ASPECT = 240 / 190
SKULL_MAX = 260  # the skull's height on a big page
SKULL_MIN = 64  # the least it shrinks to on a short page
STORY_MIN, STORY_MAX = 90, 200  # what happened: two lines each for where, who, why and the book's note
STORY_WIDTH, STORY_SIDE = 900, 60
REVIVE_BUTTON_GAP = 10  # between "carry on" and "cancel"
REVIVE_HEADING, REVIVE_NOTE_RISE = 20, 32  # the STAMINA panel's heading under its top; its note above its foot
SKULL_GAP = 10  # under the skull
SKULL_LEAST, SKULL_PERCENT = 110, 24  # the skull's height: a share of the page's, at least SKULL_LEAST when room allows
TITLE_DROP = 6  # the title's top in its block


@dataclass(frozen=True)
class RevivePanel:
    """The STAMINA panel (shown on "carry on"): its frame, its prompt, its field and buttons, its message."""

    rect: pygame.Rect
    prompt_at: tuple[int, int]
    field: pygame.Rect
    revive: pygame.Rect
    cancel: pygame.Rect
    message_at: tuple[int, int]

    @property
    def text_width(self) -> int:
        return self.rect.width - 2 * REVIVE_PAD


@dataclass(frozen=True)
class DeathRegions:
    """The death page's parts for one page size."""

    page: tuple[int, int]
    skull: pygame.Rect  # the skull's picture, centred in the room it has
    title_y: int
    story: pygame.Rect  # where, who, why
    buttons_y: int
    revive: RevivePanel

    @property
    def centre_x(self) -> int:
        return self.page[0] // 2

    @property
    def line_width(self) -> int:
        """The longest line of the title, the name or the message."""
        return self.page[0] - 2 * SIDE

    @property
    def title_rule(self) -> tuple[int, int, int]:
        """The rule under the title: its left and right ends and its height."""
        return self.centre_x - RULE_HALF, self.centre_x + RULE_HALF, self.title_y + TITLE_RULE

    @property
    def name_at(self) -> tuple[int, int]:
        return self.centre_x, self.title_y + NAME_DOWN

    @property
    def message_at(self) -> tuple[int, int]:
        """The message line's top centre, under the buttons."""
        return self.centre_x, self.buttons_y + BUTTON_H + MESSAGE_DOWN

    def button_row(self, widths: list[int]) -> list[pygame.Rect]:
        """The buttons centred in one row, each as wide as asked, narrower alike if the page is narrow."""
        room = self.page[0] - 2 * SIDE - BUTTON_GAP * (len(widths) - 1)
        if sum(widths) > room:
            widths = [w * room // sum(widths) for w in widths]
        x = self.centre_x - (sum(widths) + BUTTON_GAP * (len(widths) - 1)) // 2
        rects = []
        for width in widths:
            rects.append(pygame.Rect(x, self.buttons_y, width, BUTTON_H))
            x += width + BUTTON_GAP
        return rects


def revive_panel(top: int, centre_x: int) -> RevivePanel:
    """The STAMINA panel centred on ``centre_x`` from ``top``: the field at the left, its two buttons at the right."""
    rect = pygame.Rect(0, top, *REVIVE_SIZE)
    rect.centerx = centre_x
    inner = rect.inflate(-2 * REVIVE_PAD, 0)
    down, height = REVIVE_ROW
    field, _, revive, _, cancel = split(
        pygame.Rect(inner.x, rect.y + down, inner.width, height),
        [fixed(REVIVE_WIDTHS[0]), fill(), fixed(REVIVE_WIDTHS[1]), fixed(REVIVE_BUTTON_GAP), fixed(REVIVE_WIDTHS[2])],
    )
    return RevivePanel(rect, (inner.x, rect.y + REVIVE_HEADING), field, revive, cancel, (inner.x, rect.bottom - REVIVE_NOTE_RISE))


def death_regions(size: tuple[int, int], may_continue: bool) -> DeathRegions:
    """The parts of the death page on a page of ``size``, centred down the page; the STAMINA panel's room
    only where the book allows it."""
    width, height = size
    revive_h = REVIVE_SIZE[1] if may_continue else 0
    # A short page (540: 200 % on a 1080p screen) with the STAMINA panel: the skull gives up its room first.
    room = height - 2 * MARGIN - SKULL_GAP - TITLE_BLOCK - BUTTONS_BLOCK - revive_h - STORY_MIN
    skull_h = min(max(SKULL_LEAST, min(SKULL_MAX, height * SKULL_PERCENT // 100)), max(SKULL_MIN, room))
    fixed_parts = skull_h + SKULL_GAP + TITLE_BLOCK + BUTTONS_BLOCK + revive_h
    story_h = max(STORY_MIN, min(STORY_MAX, height - 2 * MARGIN - fixed_parts))
    top = max(MARGIN, (height - fixed_parts - story_h) // 2)
    skull_room, title, story, buttons, revive = split(
        pygame.Rect(0, top, width, fixed_parts + story_h),
        [fixed(skull_h + SKULL_GAP), fixed(TITLE_BLOCK), fixed(story_h), fixed(BUTTONS_BLOCK), fixed(revive_h)],
        vertical=True,
    )
    skull = pygame.Rect(0, skull_room.y, round(skull_h * SKULL_ASPECT), skull_h)
    skull.centerx = width // 2
    story_w = min(STORY_WIDTH, width - 2 * STORY_SIDE)
    story_rect = pygame.Rect((width - story_w) // 2, story.y, story_w, story.height)
    return DeathRegions(size, skull, title.y + TITLE_DROP, story_rect, buttons.y, revive_panel(revive.y, width // 2))

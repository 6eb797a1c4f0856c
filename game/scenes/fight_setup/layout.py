"""Where the fight setup's controls go on a page of any size (read by its controls and its painters).

Two panels share the page: the creatures (the sheet's boxes, the typed ones, the
form) and the fight's options (mode, kind of fight, archery, ally, escape). The
options scroll in their panel when the book adds more rows than a short page
holds; the creature rows shown follow the panel's height. The options' places
are given as if their pane were not scrolled; a row's painter gets its row as
it is now and shifts them with :meth:`OptionRows.at`.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.layout import fill, fixed, split

MAX_ENEMIES = 12
ROW_H = 38
FORM_HEIGHT = 196  # the creature form at the foot of the left panel
CONTENT_MAX = 640  # a panel's controls never spread wider than this (a big page gives margins, not long fields)
PANELS_MAX = 1400
PAD = 22  # a panel's controls from its edges
COUNTER_W = 200  # the shots' and escape's counters
NARROW_BELOW = 540  # an options panel narrower than this stacks the ally's and escape's toggles
ROW_HEIGHTS = {"mode": 98, "profile": 88, "archery": 96}


@dataclass(frozen=True)
class SetupShape:
    """What of the book and the sheet shapes the setup."""

    boxes: int  # the living creature boxes (each a toggle)
    profiles: int  # the kinds of fight to choose from (0: the book has one kind)
    archery: bool  # the book has a bow: a row for the shots before melee


def _triple(x: int, y: int, width: int) -> list[pygame.Rect]:
    """A name field and two score fields on one row (the creature form, the ally); narrower numbers in a narrow panel."""
    numbers = (fixed(110), fixed(118)) if width >= 540 else (fixed(92), fixed(104))
    return split(pygame.Rect(x, y, width, 42), [fill(1), *numbers], gap=16)


def _cells(x: int, y: int, width: int, count: int) -> tuple[pygame.Rect, ...]:
    """``count`` buttons of a row, 10 apart."""
    cell = (width - 10 * (count - 1)) // count
    return tuple(pygame.Rect(x + i * (cell + 10), y, cell, 44) for i in range(count))


@dataclass(frozen=True)
class CreatureRows:
    """The left panel: the boxes' toggles, the typed creatures with their Remove buttons, the form at its foot."""

    panel: pygame.Rect
    x: int
    width: int
    boxes: tuple[pygame.Rect, ...]  # one per living box; only the first ``shown`` are in view
    shown: int
    typed_label_y: int
    typed_top: int
    typed_rows: int  # how many typed creatures the panel lists
    removes: tuple[pygame.Rect, ...]  # one per possible typed creature (MAX_ENEMIES)
    form_y: int
    name: pygame.Rect
    skill: pygame.Rect
    stamina: pygame.Rect
    notes: pygame.Rect
    add: pygame.Rect
    keep: pygame.Rect

    @property
    def hidden(self) -> int:
        """How many boxes the panel has no room for."""
        return len(self.boxes) - self.shown


def _creatures(panel: pygame.Rect, boxes: int) -> CreatureRows:
    x, width = panel.x + PAD, min(panel.width - 2 * PAD, CONTENT_MAX)
    form_y = panel.bottom - FORM_HEIGHT
    top = panel.y + 60
    # The sheet's boxes and the typed creatures share the rows above the form (at least two typed rows).
    rows = max(1, (form_y - 14 - top - 28) // ROW_H)
    shown = min(boxes, max(1, rows - 2))
    y = top + max(1, shown) * ROW_H
    typed_top = y + 28
    fy = form_y + 30
    name, skill, stamina = _triple(x, fy, width)
    notes, add = split(pygame.Rect(x, fy + 74, width, 42), [fill(1), fixed(118)], gap=16)
    return CreatureRows(
        panel=panel,
        x=x,
        width=width,
        boxes=tuple(pygame.Rect(x, top + row * ROW_H, width, 32) for row in range(boxes)),
        shown=shown,
        typed_label_y=y + 2,
        typed_top=typed_top,
        typed_rows=max(1, min(MAX_ENEMIES, (form_y - 14 - typed_top) // ROW_H)),
        removes=tuple(pygame.Rect(x + width - 118, typed_top + row * ROW_H, 118, 32) for row in range(MAX_ENEMIES)),
        form_y=form_y,
        name=name,
        skill=skill,
        stamina=stamina,
        notes=notes,
        add=add,
        keep=pygame.Rect(x, fy + 124, min(500, width), 32),
    )


@dataclass(frozen=True)
class OptionRows:
    """The options pane: each row's top and height, and each control's place, as if the pane were not scrolled."""

    pane: pygame.Rect
    tops: dict[str, int]  # each row's top ("mode", "profile", "archery", "ally", "escape")
    heights: dict[str, int]
    modes: tuple[pygame.Rect, ...]
    profiles: tuple[pygame.Rect, ...]
    shots: pygame.Rect | None
    ally: pygame.Rect
    ally_alone: pygame.Rect
    ally_fields: tuple[pygame.Rect, pygame.Rect, pygame.Rect]  # name, SKILL, STAMINA
    escape: pygame.Rect
    escape_cost: pygame.Rect

    def at(self, rect: pygame.Rect, name: str, row: pygame.Rect) -> pygame.Rect:
        """``rect`` of row ``name`` where the row is now (``row``: the row as the pane paints it)."""
        return rect.move(0, row.y - self.tops[name])


def _options(panel: pygame.Rect, shape: SetupShape) -> OptionRows:
    pane = pygame.Rect(panel.x + 4, panel.y + 50, panel.width - 8, panel.height - 56)
    x, width = panel.x + PAD, min(panel.width - 2 * PAD, CONTENT_MAX)
    narrow = width < NARROW_BELOW  # a narrow panel stacks the ally's and escape's toggles (their words fit)
    tops: dict[str, int] = {}
    heights = dict(ROW_HEIGHTS)
    y = pane.y
    tops["mode"], y = y, y + heights["mode"]
    modes = _cells(x, tops["mode"] + 34, width, 3)
    profiles: tuple[pygame.Rect, ...] = ()
    if shape.profiles:
        tops["profile"], y = y, y + heights["profile"]
        profiles = _cells(x, tops["profile"] + 28, width, shape.profiles)
    shots = None
    if shape.archery:
        tops["archery"], y = y, y + heights["archery"]
        shots = pygame.Rect(x + width - COUNTER_W, tops["archery"], COUNTER_W, 76)
    below = 104 if narrow else 64  # the ally's fields, under its toggle(s) and their labels
    tops["ally"], heights["ally"] = y, below + 68
    name, skill, stamina = _triple(x, y + below, width)
    if narrow:
        ally, alone = pygame.Rect(x, y, width, 32), pygame.Rect(x, y + 40, width, 32)
    else:
        ally, alone = pygame.Rect(x, y, name.width, 32), pygame.Rect(skill.x, y, stamina.right - skill.x, 32)
    y += heights["ally"]
    tops["escape"], heights["escape"] = y, 152 if narrow else 112
    if narrow:
        escape, cost = pygame.Rect(x, y, width, 32), pygame.Rect(x + width - COUNTER_W, y + 40, COUNTER_W, 76)
    else:
        escape = pygame.Rect(x, y + 22, width - COUNTER_W - 16, 32)
        cost = pygame.Rect(x + width - COUNTER_W, y, COUNTER_W, 76)
    return OptionRows(pane, tops, heights, modes, profiles, shots, ally, alone, (name, skill, stamina), escape, cost)


@dataclass(frozen=True)
class SetupRegions:
    """The setup's two panels, their controls' places and the bottom row, for a page of ``page``."""

    page: tuple[int, int]
    left: pygame.Rect
    right: pygame.Rect
    creatures: CreatureRows
    options: OptionRows
    cancel: pygame.Rect
    fight: pygame.Rect

    @property
    def buttons_y(self) -> int:
        """The top of Cancel / Fight."""
        return self.page[1] - 68


def setup_regions(page: tuple[int, int], shape: SetupShape) -> SetupRegions:
    """The panels for ``page``: side by side under the title, above the buttons; centred on a very wide page."""
    width = min(page[0] - 56, PANELS_MAX)
    area = pygame.Rect((page[0] - width) // 2, 88, width, page[1] - 88 - 84)
    left, right = split(area, [fill(1, 440), fill(1, 470)], gap=16)
    buttons_y = page[1] - 68
    return SetupRegions(
        page=page,
        left=left,
        right=right,
        creatures=_creatures(left, shape.boxes),
        options=_options(right, shape),
        cancel=pygame.Rect(right.right - 440, buttons_y, 200, 52),
        fight=pygame.Rect(right.right - 224, buttons_y, 224, 52),
    )

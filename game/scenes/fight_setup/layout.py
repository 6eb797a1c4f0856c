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
FIELD_H, TOGGLE_H, BUTTON_H, COUNTER_H = 42, 32, 44, 76
FIELD_GAP, CELL_GAP = 16, 10  # between a row's fields; between a row's buttons
WIDE_FROM = 540  # a row at least this wide gets the wider score fields
NUMBERS, NARROW_NUMBERS = (110, 118), (92, 104)  # a triple's SKILL and STAMINA fields
HEADING_ROOM = 60  # the creatures panel's first row, under its heading
FORM_GAP = 14  # the rows above the form stop this far above it
TYPED_LABEL = 28  # the "typed creatures" label's line, above their rows
TYPED_LABEL_DROP = 2
FORM_FIELDS_TOP, FORM_NOTES_TOP, FORM_KEEP_TOP = 30, 74, 124  # the form's rows, from its top
REMOVE_W, ADD_W = 118, 118
KEEP_MOST = 500
PANE_INSET, PANE_TOP, PANE_FOOT = 4, 50, 6  # the options pane inside its panel
MODES, MODES_TOP, PROFILES_TOP = 3, 34, 28  # the mode's three buttons and the kinds of fight, under their labels
ALLY_FIELDS, NARROW_ALLY_FIELDS, ALLY_FOOT = 64, 104, 68  # the ally's fields under its toggle(s) (stacked: 104)
STACKED_TOGGLE = 40  # a narrow panel's second toggle, under the first
ESCAPE_H, NARROW_ESCAPE_H = 112, 152
ESCAPE_TOGGLE_DROP = 22  # the escape toggle, level with its counter's value
PAGE_MARGINS, TOP, FOOT = 56, 88, 84  # the two panels: the page's side margins together, under the title, above the buttons
LEFT_LEAST, RIGHT_LEAST, PANELS_GAP = 440, 470, 16
BUTTONS_ABOVE_FOOT = 68  # Cancel and Fight, from the page's foot
CANCEL_FROM_RIGHT, CANCEL_W, FIGHT_W, BUTTONS_H = 440, 200, 224, 52
TITLE_TOP, TITLE_RULE_HALF, TITLE_RULE_Y = 14, 300, 72  # the page's title, and the rule under it
PANEL_TITLE_TOP, PANEL_RULE_Y = 10, 46  # a panel's heading and the rule under it, from the panel's top
NO_BOXES_RISE = 3  # "no creature box" sits a little above its row's middle
LABEL_GAP = 12  # a typed creature's name stops this far left of its Remove button
LABEL_ABOVE, LABEL_SPILL = 26, 12  # a field's label above it; it may run this far past the field's width
FORM_RULE_ABOVE = 4  # the rule over the creature form
OPTION_LABEL_INSET = 18  # an option row's words from the row's left
MODE_LABEL_TOP, ARCHERY_TITLE_TOP, QUIVER_TOP = 4, 10, 42
ESCAPE_NOTE_GAP = 8  # what escaping costs, under its counter


@dataclass(frozen=True)
class SetupShape:
    """What of the book and the sheet shapes the setup."""

    boxes: int  # the living creature boxes (each a toggle)
    profiles: int  # the kinds of fight to choose from (0: the book has one kind)
    archery: bool  # the book has a bow: a row for the shots before melee


def _triple(x: int, y: int, width: int) -> list[pygame.Rect]:
    """A name field and two score fields on one row (the creature form, the ally); narrower numbers in a narrow panel."""
    numbers = [fixed(n) for n in (NUMBERS if width >= WIDE_FROM else NARROW_NUMBERS)]
    return split(pygame.Rect(x, y, width, FIELD_H), [fill(1), *numbers], gap=FIELD_GAP)


def _cells(x: int, y: int, width: int, count: int) -> tuple[pygame.Rect, ...]:
    """``count`` buttons of a row, ``CELL_GAP`` apart."""
    cell = (width - CELL_GAP * (count - 1)) // count
    return tuple(pygame.Rect(x + i * (cell + CELL_GAP), y, cell, BUTTON_H) for i in range(count))


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
    top = panel.y + HEADING_ROOM
    # The sheet's boxes and the typed creatures share the rows above the form (at least two typed rows).
    rows = max(1, (form_y - FORM_GAP - top - TYPED_LABEL) // ROW_H)
    shown = min(boxes, max(1, rows - 2))
    y = top + max(1, shown) * ROW_H
    typed_top = y + TYPED_LABEL
    fy = form_y + FORM_FIELDS_TOP
    name, skill, stamina = _triple(x, fy, width)
    notes, add = split(pygame.Rect(x, fy + FORM_NOTES_TOP, width, FIELD_H), [fill(1), fixed(ADD_W)], gap=FIELD_GAP)
    return CreatureRows(
        panel=panel,
        x=x,
        width=width,
        boxes=tuple(pygame.Rect(x, top + row * ROW_H, width, TOGGLE_H) for row in range(boxes)),
        shown=shown,
        typed_label_y=y + TYPED_LABEL_DROP,
        typed_top=typed_top,
        typed_rows=max(1, min(MAX_ENEMIES, (form_y - FORM_GAP - typed_top) // ROW_H)),
        removes=tuple(
            pygame.Rect(x + width - REMOVE_W, typed_top + row * ROW_H, REMOVE_W, TOGGLE_H) for row in range(MAX_ENEMIES)
        ),
        form_y=form_y,
        name=name,
        skill=skill,
        stamina=stamina,
        notes=notes,
        add=add,
        keep=pygame.Rect(x, fy + FORM_KEEP_TOP, min(KEEP_MOST, width), TOGGLE_H),
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
    pane = pygame.Rect(
        panel.x + PANE_INSET, panel.y + PANE_TOP, panel.width - 2 * PANE_INSET, panel.height - PANE_TOP - PANE_FOOT
    )
    x, width = panel.x + PAD, min(panel.width - 2 * PAD, CONTENT_MAX)
    narrow = width < NARROW_BELOW  # a narrow panel stacks the ally's and escape's toggles (their words fit)
    tops: dict[str, int] = {}
    heights = dict(ROW_HEIGHTS)
    y = pane.y
    tops["mode"], y = y, y + heights["mode"]
    modes = _cells(x, tops["mode"] + MODES_TOP, width, MODES)
    profiles: tuple[pygame.Rect, ...] = ()
    if shape.profiles:
        tops["profile"], y = y, y + heights["profile"]
        profiles = _cells(x, tops["profile"] + PROFILES_TOP, width, shape.profiles)
    shots = None
    if shape.archery:
        tops["archery"], y = y, y + heights["archery"]
        shots = pygame.Rect(x + width - COUNTER_W, tops["archery"], COUNTER_W, COUNTER_H)
    below = NARROW_ALLY_FIELDS if narrow else ALLY_FIELDS  # the ally's fields, under its toggle(s) and their labels
    tops["ally"], heights["ally"] = y, below + ALLY_FOOT
    name, skill, stamina = _triple(x, y + below, width)
    if narrow:
        ally, alone = pygame.Rect(x, y, width, TOGGLE_H), pygame.Rect(x, y + STACKED_TOGGLE, width, TOGGLE_H)
    else:
        ally = pygame.Rect(x, y, name.width, TOGGLE_H)
        alone = pygame.Rect(skill.x, y, stamina.right - skill.x, TOGGLE_H)
    y += heights["ally"]
    tops["escape"], heights["escape"] = y, NARROW_ESCAPE_H if narrow else ESCAPE_H
    if narrow:
        escape = pygame.Rect(x, y, width, TOGGLE_H)
        cost = pygame.Rect(x + width - COUNTER_W, y + STACKED_TOGGLE, COUNTER_W, COUNTER_H)
    else:
        escape = pygame.Rect(x, y + ESCAPE_TOGGLE_DROP, width - COUNTER_W - FIELD_GAP, TOGGLE_H)
        cost = pygame.Rect(x + width - COUNTER_W, y, COUNTER_W, COUNTER_H)
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
        return self.page[1] - BUTTONS_ABOVE_FOOT

    @property
    def refusal(self) -> pygame.Rect:
        """Where the reason the fight cannot start is written: left of Cancel, on the buttons' row."""
        return pygame.Rect(self.left.x, self.buttons_y, self.cancel.x - PANELS_GAP - self.left.x, BUTTONS_H)


def setup_regions(page: tuple[int, int], shape: SetupShape) -> SetupRegions:
    """The panels for ``page``: side by side under the title, above the buttons; centred on a very wide page."""
    width = min(page[0] - PAGE_MARGINS, PANELS_MAX)
    area = pygame.Rect((page[0] - width) // 2, TOP, width, page[1] - TOP - FOOT)
    left, right = split(area, [fill(1, LEFT_LEAST), fill(1, RIGHT_LEAST)], gap=PANELS_GAP)
    buttons_y = page[1] - BUTTONS_ABOVE_FOOT
    return SetupRegions(
        page=page,
        left=left,
        right=right,
        creatures=_creatures(left, shape.boxes),
        options=_options(right, shape),
        cancel=pygame.Rect(right.right - CANCEL_FROM_RIGHT, buttons_y, CANCEL_W, BUTTONS_H),
        fight=pygame.Rect(right.right - FIGHT_W, buttons_y, FIGHT_W, BUTTONS_H),
    )

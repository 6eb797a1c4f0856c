"""The fight setup's controls: made once (they hold what the player typed), placed again for every page.

Two panels share the page: the creatures (the sheet's boxes, the typed ones, the
form) and the fight's options (mode, kind of fight, archery, ally, escape). The
options scroll in their panel when the book adds more rows than a short page
holds; the creature rows shown follow the panel's height.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.scenes.fight_setup import paint
from game.ui.button import Button
from game.ui.counter import Counter
from game.ui.layout import ScrollPane, fill, fixed, split
from game.ui.text_field import TextField
from game.ui.toggle import Toggle

if TYPE_CHECKING:
    from game.scenes.fight_setup.scene import FightSetupScene

MODES = ("one_after_another", "all_together", "as_one")
MAX_ENEMIES = 12
ROW_H = 38
FORM_HEIGHT = 196  # the creature form at the foot of the left panel
CONTENT_MAX = 640  # a panel's controls never spread wider than this (a big page gives margins, not long fields)
PANELS_MAX = 1400


@dataclass(frozen=True)
class SetupRegions:
    """The setup's two panels and its bottom row, for a page of ``page``."""

    page: tuple[int, int]
    left: pygame.Rect
    right: pygame.Rect

    @property
    def buttons_y(self) -> int:
        """The top of Cancel / Fight."""
        return self.page[1] - 68


def setup_regions(page: tuple[int, int]) -> SetupRegions:
    """The panels for ``page``: side by side under the title, above the buttons; centred on a very wide page."""
    width = min(page[0] - 56, PANELS_MAX)
    area = pygame.Rect((page[0] - width) // 2, 88, width, page[1] - 88 - 84)
    left, right = split(area, [fill(1, 440), fill(1, 470)], gap=16)
    return SetupRegions(page, left, right)


def make(scene: FightSetupScene) -> None:
    """Every control of the setup, not yet placed (``place`` puts them on the page)."""
    ui, book, state = scene.ui, scene.book, scene.adventure.state
    refresh = lambda *_: scene._refresh()  # noqa: E731
    nowhere = (0, 0, 10, 10)
    # Dead creatures leave the list (they stay in the sheet's boxes, marked defeated).
    scene.all_boxes = [
        (index, Toggle(ui, nowhere, scene._box_label(box), value=index in scene.preselected, on_change=refresh))
        for index, box in enumerate(state.creature_boxes)
        if box.stamina > 0
    ]
    scene.remove_buttons = [
        Button(ui, nowhere, ui.tr("combat.setup_remove"), on_click=partial(scene.remove_typed, row), visible=False)
        for row in range(MAX_ENEMIES)
    ]
    submit = lambda _t: scene.add_typed()  # noqa: E731
    # What a screen reader calls the number fields: the book's own names of the scores.
    skill = lambda: book.stat("skill").name.get(ui.catalogue.language)  # noqa: E731
    stamina = lambda: book.stat("stamina").name.get(ui.catalogue.language)  # noqa: E731
    scene.name_field = TextField(
        ui, nowhere, placeholder=ui.tr("combat.setup_name_placeholder"), max_length=80, on_change=refresh, on_submit=submit
    )
    scene.skill_field = TextField(
        ui, nowhere, numeric=True, minimum=0, maximum=99, max_length=2, spoken_name=skill, on_change=refresh, on_submit=submit
    )
    scene.stamina_field = TextField(
        ui, nowhere, numeric=True, minimum=1, maximum=999, max_length=3, spoken_name=stamina, on_change=refresh, on_submit=submit
    )
    scene.notes_field = TextField(
        ui, nowhere, placeholder=ui.tr("combat.setup_notes_placeholder"), max_length=300, on_submit=submit
    )
    scene.add_button = Button(ui, nowhere, ui.tr("combat.setup_add"), on_click=scene.add_typed)
    scene.keep_toggle = Toggle(ui, nowhere, ui.tr("combat.setup_keep"), value=True, tooltip=ui.tr("combat.setup_keep_tip"))
    scene.mode_buttons = {
        mode: Button(
            ui,
            nowhere,
            ui.tr(f"combat.mode_{mode}_short"),
            on_click=partial(scene.set_mode, mode),
            tooltip=ui.tr(f"combat.setup_mode_{mode}_tip"),
        )
        for mode in MODES
    }
    # A book with vehicle or ship fights (combat profiles): which kind of fight this is.
    choices: list[str | None] = [None, *book.combat_profiles] if book.combat_profiles else []
    scene.profile_buttons = {
        ident: Button(ui, nowhere, scene.profile_name(ident), on_click=partial(scene.set_profile, ident)) for ident in choices
    }
    scene.shots_counter = None
    if book.archery is not None:
        arrows = state.counters.get(book.archery.counter, 0)
        scene.shots_counter = Counter(
            ui,
            nowhere,
            value=0,
            minimum=0,
            maximum=max(0, arrows),
            label=ui.tr("combat.setup_shots"),
            on_request=scene._set_shots,
        )
    scene.ally_toggle = Toggle(ui, nowhere, ui.tr("combat.setup_ally"), on_change=refresh)
    # A fight only the ally (or a summoned creature) fights, the hero watching (the book says so).
    scene.ally_alone_toggle = Toggle(
        ui, nowhere, ui.tr("combat.setup_ally_alone"), tooltip=ui.tr("combat.setup_ally_alone_tip"), on_change=refresh
    )
    scene.ally_name = TextField(ui, nowhere, placeholder=ui.tr("combat.setup_ally_placeholder"), max_length=80, on_change=refresh)
    scene.ally_skill = TextField(
        ui, nowhere, numeric=True, minimum=0, maximum=99, max_length=2, spoken_name=skill, on_change=refresh
    )
    scene.ally_stamina = TextField(
        ui, nowhere, numeric=True, minimum=1, maximum=999, max_length=3, spoken_name=stamina, on_change=refresh
    )
    scene.escape_toggle = Toggle(ui, nowhere, ui.tr("combat.setup_escape"), on_change=refresh)
    scene.escape_counter = Counter(
        ui,
        nowhere,
        value=book.combat.escape_damage,
        minimum=0,
        maximum=20,
        label=ui.tr("combat.setup_escape_cost"),
        on_request=scene._set_escape_cost,
    )
    scene.cancel_button = Button(ui, nowhere, ui.tr("common.cancel"), on_click=scene.cancel)
    scene.fight_button = Button(ui, nowhere, ui.tr("combat.setup_fight"), style="primary", on_click=scene.start)


def _triple(x: int, y: int, width: int) -> list[pygame.Rect]:
    """A name field and two score fields on one row (the creature form, the ally); narrower numbers in a narrow panel."""
    numbers = (fixed(110), fixed(118)) if width >= 540 else (fixed(92), fixed(104))
    return split(pygame.Rect(x, y, width, 42), [fill(1), *numbers], gap=16)


def place(scene: FightSetupScene) -> None:
    """Place every control for ``scene.page`` and add them to ``scene.group`` in reading order."""
    r = scene.r = setup_regions(scene.page)
    g = scene.group
    left = r.left
    x, width = left.x + 22, min(left.width - 44, CONTENT_MAX)
    scene.form_y = left.bottom - FORM_HEIGHT
    top = left.y + 60
    # The sheet's boxes and the typed creatures share the rows above the form (at least two typed rows).
    rows = max(1, (scene.form_y - 14 - top - 28) // ROW_H)
    shown = min(len(scene.all_boxes), max(1, rows - 2))
    scene.box_toggles = scene.all_boxes[:shown]
    scene.hidden_boxes = len(scene.all_boxes) - shown
    for row, (_index, toggle) in enumerate(scene.all_boxes):
        toggle.rect = pygame.Rect(x, top + row * ROW_H, width, 32)
        toggle.visible = row < shown
        g.add(toggle)
    y = top + max(1, shown) * ROW_H
    scene.typed_label_y = y + 2
    scene.typed_top = y + 28
    scene.typed_rows = max(1, min(MAX_ENEMIES, (scene.form_y - 14 - scene.typed_top) // ROW_H))
    for row, button in enumerate(scene.remove_buttons):
        button.rect = pygame.Rect(x + width - 118, scene.typed_top + row * ROW_H, 118, 32)
        g.add(button)
    fy = scene.form_y + 30
    scene.name_field.rect, scene.skill_field.rect, scene.stamina_field.rect = _triple(x, fy, width)
    scene.notes_field.rect, scene.add_button.rect = split(pygame.Rect(x, fy + 74, width, 42), [fill(1), fixed(118)], gap=16)
    scene.keep_toggle.rect = pygame.Rect(x, fy + 124, min(500, width), 32)
    g.add(scene.name_field, scene.skill_field, scene.stamina_field, scene.notes_field, scene.add_button, scene.keep_toggle)
    _place_options(scene, r.right)
    right = r.right
    scene.cancel_button.rect = pygame.Rect(right.right - 440, r.buttons_y, 200, 52)
    scene.fight_button.rect = pygame.Rect(right.right - 224, r.buttons_y, 224, 52)
    g.add(scene.cancel_button, scene.fight_button)


def _place_options(scene: FightSetupScene, panel: pygame.Rect) -> None:
    """The options panel: one pane row per option, scrolling when the book's rows outgrow a short panel."""
    g = scene.group
    pane = scene.options_pane = g.add(ScrollPane(scene.ui, (panel.x + 4, panel.y + 50, panel.width - 8, panel.height - 56)))
    x, width = panel.x + 22, min(panel.width - 44, CONTENT_MAX)
    y = pane.rect.y

    def row(height: int, widgets: list, painter) -> None:
        nonlocal y
        g.add(*widgets)
        pane.add_row(height, *widgets, paint=partial(painter, scene))
        y += height

    modes = list(scene.mode_buttons.values())
    cell = (width - 10 * (len(modes) - 1)) // len(modes)
    for i, button in enumerate(modes):
        button.rect = pygame.Rect(x + i * (cell + 10), y + 34, cell, 44)
    row(98, modes, paint.mode_row)
    if scene.profile_buttons:
        choices = list(scene.profile_buttons.values())
        cell = (width - 10 * (len(choices) - 1)) // len(choices)
        for i, button in enumerate(choices):
            button.rect = pygame.Rect(x + i * (cell + 10), y + 28, cell, 44)
        row(88, choices, paint.profile_row)
    counter, narrow = 200, width < 540  # a narrow panel stacks the ally's and escape's toggles (their words fit)
    if scene.shots_counter is not None:
        scene.shots_counter.rect = pygame.Rect(x + width - counter, y, counter, 76)
        row(96, [scene.shots_counter], paint.archery_row)
    below = 104 if narrow else 64  # the ally's fields, under its toggle(s) and their labels
    name, skill, stamina = _triple(x, y + below, width)
    if narrow:
        scene.ally_toggle.rect = pygame.Rect(x, y, width, 32)
        scene.ally_alone_toggle.rect = pygame.Rect(x, y + 40, width, 32)
    else:
        scene.ally_toggle.rect = pygame.Rect(x, y, name.width, 32)
        scene.ally_alone_toggle.rect = pygame.Rect(skill.x, y, stamina.right - skill.x, 32)
    scene.ally_name.rect, scene.ally_skill.rect, scene.ally_stamina.rect = name, skill, stamina
    row(
        below + 68,
        [scene.ally_toggle, scene.ally_alone_toggle, scene.ally_name, scene.ally_skill, scene.ally_stamina],
        paint.ally_row,
    )
    if narrow:
        scene.escape_toggle.rect = pygame.Rect(x, y, width, 32)
        scene.escape_counter.rect = pygame.Rect(x + width - counter, y + 40, counter, 76)
    else:
        scene.escape_toggle.rect = pygame.Rect(x, y + 22, width - counter - 16, 32)
        scene.escape_counter.rect = pygame.Rect(x + width - counter, y, counter, 76)
    row(152 if narrow else 112, [scene.escape_toggle, scene.escape_counter], paint.escape_row)

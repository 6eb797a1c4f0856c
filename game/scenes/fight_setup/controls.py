"""The fight setup's controls: made once (they hold what the player typed), placed again for every page.

``build_controls`` makes every widget from the book and the sheet's creature
boxes, each calling one of the setup's intents (:class:`SetupIntents`, which
the scene implements); ``place_controls`` puts them where the layout says for
a page, with the options in a scrolling pane whose rows paint from the setup's
current view (``intents.view``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Protocol

import pygame

from game.books.fighting_fantasy import FightingFantasyBook
from game.scenes.fight_setup import paint
from game.scenes.fight_setup.layout import MAX_ENEMIES, SetupRegions
from game.scenes.fight_setup.view import SetupView, profile_name
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.counter import Counter
from game.ui.layout import Painter, ScrollPane
from game.ui.text_field import TextField
from game.ui.toggle import Toggle
from game.ui.widget import Widget

MODES = ("one_after_another", "all_together", "as_one")
NOWHERE = (0, 0, 10, 10)  # a control's place until ``place_controls`` gives it one


class SetupIntents(Protocol):
    """What the setup's controls ask for."""

    @property
    def view(self) -> SetupView:
        """What the setup shows now (the options' rows paint from it)."""
        ...

    def refresh_form(self) -> None: ...

    def add_typed(self) -> None: ...

    def remove_typed(self, row: int) -> None: ...

    def set_mode(self, mode: str) -> None: ...

    def set_profile(self, ident: str | None) -> None: ...

    def set_shots(self, value: int) -> None: ...

    def set_escape_cost(self, value: int) -> None: ...

    def cancel(self) -> None: ...

    def start(self) -> None: ...


@dataclass
class CreatureControls:
    """The left panel: a toggle per living box, a Remove per typed creature, the creature form."""

    all_boxes: list[tuple[int, Toggle]]  # a toggle for each living creature box, by its index in the sheet
    remove_buttons: list[Button]  # one per typed creature row
    name_field: TextField
    skill_field: TextField
    stamina_field: TextField
    notes_field: TextField
    add_button: Button
    keep_toggle: Toggle


@dataclass
class OptionControls:
    """The right panel: the mode, the kind of fight, the shots, the ally and escape."""

    mode_buttons: dict[str, Button]
    profile_buttons: dict[str | None, Button]
    shots_counter: Counter | None  # a book with a bow
    ally_toggle: Toggle
    ally_alone_toggle: Toggle
    ally_name: TextField
    ally_skill: TextField
    ally_stamina: TextField
    escape_toggle: Toggle
    escape_counter: Counter
    pane: ScrollPane | None = None  # made again with each placing


@dataclass
class SetupControls:
    """Every control of the setup, by panel, and the two buttons under them."""

    creatures: CreatureControls
    options: OptionControls
    cancel_button: Button
    fight_button: Button


@dataclass(frozen=True)
class Box:
    """A living creature box of the sheet, as the setup offers it."""

    index: int
    label: str
    chosen: bool  # ticked when the setup opens (the sheet's selected box)


def build_controls(
    ui: UIContext, book: FightingFantasyBook, boxes: Sequence[Box], arrows: int, intents: SetupIntents
) -> SetupControls:
    """Every control of the setup for ``book`` (its ``arrows`` in the quiver), not yet placed (``place_controls``)."""
    return SetupControls(
        creatures=_creatures(ui, book, boxes, intents),
        options=_options(ui, book, arrows, intents),
        cancel_button=Button(ui, NOWHERE, ui.tr("common.cancel"), on_click=intents.cancel),
        fight_button=Button(ui, NOWHERE, ui.tr("combat.setup_fight"), style="primary", on_click=intents.start),
    )


def _score_names(ui: UIContext, book: FightingFantasyBook) -> tuple[Callable[[], str], Callable[[], str]]:
    """What a screen reader calls the number fields: the book's own names of the scores."""
    return (
        lambda: book.stat("skill").name.get(ui.catalogue.language),
        lambda: book.stat("stamina").name.get(ui.catalogue.language),
    )


def _creatures(ui: UIContext, book: FightingFantasyBook, boxes: Sequence[Box], intents: SetupIntents) -> CreatureControls:
    refresh = lambda *_: intents.refresh_form()  # noqa: E731
    submit = lambda _text: intents.add_typed()  # noqa: E731
    skill, stamina = _score_names(ui, book)
    name_tip, notes_tip = ui.tr("combat.setup_name_placeholder"), ui.tr("combat.setup_notes_placeholder")
    return CreatureControls(
        # Dead creatures leave the list (they stay in the sheet's boxes, marked defeated).
        all_boxes=[(box.index, Toggle(ui, NOWHERE, box.label, value=box.chosen, on_change=refresh)) for box in boxes],
        remove_buttons=[
            Button(ui, NOWHERE, ui.tr("combat.setup_remove"), on_click=partial(intents.remove_typed, row), visible=False)
            for row in range(MAX_ENEMIES)
        ],
        name_field=TextField(ui, NOWHERE, placeholder=name_tip, max_length=80, on_change=refresh, on_submit=submit),
        skill_field=TextField(
            ui, NOWHERE, numeric=True, minimum=0, maximum=99, max_length=2, spoken_name=skill, on_change=refresh, on_submit=submit
        ),
        stamina_field=TextField(
            ui,
            NOWHERE,
            numeric=True,
            minimum=1,
            maximum=999,
            max_length=3,
            spoken_name=stamina,
            on_change=refresh,
            on_submit=submit,
        ),
        notes_field=TextField(ui, NOWHERE, placeholder=notes_tip, max_length=300, on_submit=submit),
        add_button=Button(ui, NOWHERE, ui.tr("combat.setup_add"), on_click=intents.add_typed),
        keep_toggle=Toggle(ui, NOWHERE, ui.tr("combat.setup_keep"), value=True, tooltip=ui.tr("combat.setup_keep_tip")),
    )


def _options(ui: UIContext, book: FightingFantasyBook, arrows: int, intents: SetupIntents) -> OptionControls:
    refresh = lambda *_: intents.refresh_form()  # noqa: E731
    skill, stamina = _score_names(ui, book)
    # A book with vehicle or ship fights (combat profiles): which kind of fight this is.
    choices: list[str | None] = [None, *book.combat_profiles] if book.combat_profiles else []
    shots = None
    if book.archery is not None:
        label = ui.tr("combat.setup_shots")
        shots = Counter(ui, NOWHERE, value=0, minimum=0, maximum=max(0, arrows), label=label, on_request=intents.set_shots)
    cost = ui.tr("combat.setup_escape_cost")
    return OptionControls(
        mode_buttons={
            mode: Button(
                ui,
                NOWHERE,
                ui.tr(f"combat.mode_{mode}_short"),
                on_click=partial(intents.set_mode, mode),
                tooltip=ui.tr(f"combat.setup_mode_{mode}_tip"),
            )
            for mode in MODES
        },
        profile_buttons={
            ident: Button(ui, NOWHERE, profile_name(ui, book, ident), on_click=partial(intents.set_profile, ident))
            for ident in choices
        },
        shots_counter=shots,
        ally_toggle=Toggle(ui, NOWHERE, ui.tr("combat.setup_ally"), on_change=refresh),
        # A fight only the ally (or a summoned creature) fights, the hero watching (the book says so).
        ally_alone_toggle=Toggle(
            ui, NOWHERE, ui.tr("combat.setup_ally_alone"), tooltip=ui.tr("combat.setup_ally_alone_tip"), on_change=refresh
        ),
        ally_name=TextField(ui, NOWHERE, placeholder=ui.tr("combat.setup_ally_placeholder"), max_length=80, on_change=refresh),
        ally_skill=TextField(
            ui, NOWHERE, numeric=True, minimum=0, maximum=99, max_length=2, spoken_name=skill, on_change=refresh
        ),
        ally_stamina=TextField(
            ui, NOWHERE, numeric=True, minimum=1, maximum=999, max_length=3, spoken_name=stamina, on_change=refresh
        ),
        escape_toggle=Toggle(ui, NOWHERE, ui.tr("combat.setup_escape"), on_change=refresh),
        escape_counter=Counter(
            ui, NOWHERE, value=book.combat.escape_damage, minimum=0, maximum=20, label=cost, on_request=intents.set_escape_cost
        ),
    )


def place_controls(controls: SetupControls, regions: SetupRegions, ui: UIContext, intents: SetupIntents) -> list[Widget]:
    """Place every control where ``regions`` says; the widgets in reading order (for the scene's group)."""
    creatures, rows = controls.creatures, regions.creatures
    order: list[Widget] = []
    for row, (_index, toggle) in enumerate(creatures.all_boxes):
        toggle.rect = pygame.Rect(rows.boxes[row])
        toggle.visible = row < rows.shown
        order.append(toggle)
    for button, rect in zip(creatures.remove_buttons, rows.removes):
        button.rect = pygame.Rect(rect)
        order.append(button)
    form = (creatures.name_field, creatures.skill_field, creatures.stamina_field, creatures.notes_field)
    for widget, rect in zip(
        (*form, creatures.add_button, creatures.keep_toggle),
        (rows.name, rows.skill, rows.stamina, rows.notes, rows.add, rows.keep),
    ):
        widget.rect = pygame.Rect(rect)
        order.append(widget)
    order += _place_options(controls.options, regions, ui, intents)
    controls.cancel_button.rect, controls.fight_button.rect = pygame.Rect(regions.cancel), pygame.Rect(regions.fight)
    return order + [controls.cancel_button, controls.fight_button]


OptionPainter = Callable[[pygame.Surface, SetupView, SetupRegions, UIContext, pygame.Rect], None]


def _row_painter(painter: OptionPainter, regions: SetupRegions, ui: UIContext, intents: SetupIntents) -> Painter:
    """What an option row paints: ``painter`` with the setup's view of the moment, wherever the row has scrolled."""

    def paint_row(surface: pygame.Surface, row: pygame.Rect) -> None:
        painter(surface, intents.view, regions, ui, row)

    return paint_row


def _place_options(options: OptionControls, regions: SetupRegions, ui: UIContext, intents: SetupIntents) -> list[Widget]:
    """The options panel: one pane row per option, scrolling when the book's rows outgrow a short panel."""
    places = regions.options
    pane = options.pane = ScrollPane(ui, places.pane)
    order: list[Widget] = [pane]

    def row(name: str, widgets: list[tuple[Widget, pygame.Rect]], painter: OptionPainter) -> None:
        for widget, rect in widgets:
            widget.rect = pygame.Rect(rect)
        order.extend(widget for widget, _ in widgets)
        pane.add_row(places.heights[name], *(w for w, _ in widgets), paint=_row_painter(painter, regions, ui, intents))

    row("mode", list(zip(options.mode_buttons.values(), places.modes)), paint.mode_row)
    if options.profile_buttons:
        row("profile", list(zip(options.profile_buttons.values(), places.profiles)), paint.profile_row)
    if options.shots_counter is not None and places.shots is not None:
        row("archery", [(options.shots_counter, places.shots)], paint.archery_row)
    ally = (options.ally_toggle, options.ally_alone_toggle, options.ally_name, options.ally_skill, options.ally_stamina)
    row("ally", list(zip(ally, (places.ally, places.ally_alone, *places.ally_fields))), paint.ally_row)
    row("escape", [(options.escape_toggle, places.escape), (options.escape_counter, places.escape_cost)], paint.escape_row)
    return order

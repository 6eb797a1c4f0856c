"""Hero creation's widgets, placed in the regions of the page (``creation_layout``); the scene keeps them.

Called by ``CreationScene.place_widgets`` whenever the page changes: every
widget is made again at its new place, in the same order (the keyboard focus
is kept by its index).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from game.scenes.creation_steps import StepsStrip
from game.ui.button import Button
from game.ui.text_field import TextField
from game.ui.toggle import Toggle

if TYPE_CHECKING:
    from game.scenes.creation import CreationScene


def build(scene: CreationScene) -> None:
    """Make every widget of ``scene`` for its regions ``scene.r`` and add them to ``scene.group``."""
    ui, g, r, book = scene.ui, scene.group, scene.r, scene.book
    scene.back_button = g.add(
        Button(ui, (28, 24, 150, 42), ui.tr("creation.back"), on_click=scene.back, tooltip=ui.tr("creation.back_tooltip"))
    )
    scene.fields = {}
    for index, stat in enumerate(book.stats):
        if stat.roll is None:
            continue
        scene.fields[stat.id] = g.add(
            TextField(
                ui,
                r.field_rect(index),
                numeric=True,
                max_length=3,
                on_submit=lambda _text: scene.apply_typed(),
                spoken_name=lambda s=stat: s.name.get(ui.catalogue.language),
            )
        )
    x0, width = r.inner
    gap, physical_y, honest_y = (8, 52, 88) if r.short else (14, 58, 96)  # a short page: the rows close up
    buttons_y = r.rows_top + len(book.stats) * r.row_h + gap
    half = (width - 10) // 2
    scene.roll_button = g.add(
        Button(
            ui,
            (x0, buttons_y, half, 46),
            scene.roll_label,
            style="primary",
            on_click=scene.roll,
            tooltip=ui.tr("creation.roll_tooltip"),
        )
    )
    scene.typed_button = g.add(
        Button(
            ui,
            (x0 + half + 10, buttons_y, half, 46),
            ui.tr("creation.apply_typed"),
            on_click=scene.apply_typed,
            tooltip=ui.tr("creation.apply_typed_tooltip"),
        )
    )
    scene.physical_toggle = g.add(
        Toggle(
            ui,
            (x0, buttons_y + physical_y, width, 32),
            ui.tr("creation.physical"),
            value=scene.services.settings.physical_dice,
            on_change=scene.set_physical,
            tooltip=ui.tr("creation.physical_tooltip"),
        )
    )
    scene.honest_toggle = g.add(
        Toggle(
            ui,
            (x0, buttons_y + honest_y, width, 32),
            ui.tr("play.honest_toggle"),
            value=False,
            on_change=scene.set_honest,
            tooltip=ui.tr("play.honest_tooltip"),
        )
    )
    scene.pick_buttons = {}
    for index, ready in enumerate(book.ready_heroes):
        card = r.card_rect(book, index)
        scene.pick_buttons[ready.name] = g.add(
            Button(
                ui,
                (card.x + 14, card.bottom - 56, card.width - 28, 42),
                ui.tr("creation.pick"),
                on_click=partial(scene.pick, ready.name),
                # The card may shorten the name: hover and the screen reader give it whole.
                tooltip=ready.name,
                spoken_name=ui.tr("creation.pick_hero", name=ready.name),
            )
        )
    scene.steps = StepsStrip(ui, g, book, r.steps_rect(book), scene.choose)
    name_rect, start_rect = r.name_and_start()
    scene.start_button = g.add(Button(ui, start_rect, ui.tr("creation.start"), style="primary", on_click=scene.confirm))
    scene.name_field = g.add(
        TextField(
            ui,
            name_rect,
            max_length=40,
            placeholder=ui.tr("creation.name_placeholder"),
            on_submit=lambda _text: scene.confirm(),
        )
    )

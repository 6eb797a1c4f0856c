"""The combat board's controls: the creature cards as click targets, the gauge, the action and decision buttons.

Built once for the fight's layout; each control calls back into the scene, which
turns the click into a rules action. Which ones show and are enabled is the
scene's refresh.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.scenes.combat_widgets import CardWidget, HoverArea
from game.ui.button import Button

if TYPE_CHECKING:
    from game.scenes.combat import CombatScene


def build_widgets(scene: CombatScene) -> None:
    ui, g, lay = scene.ui, scene.group, scene.layout
    scene.cards = [g.add(CardWidget(ui, rect, i, scene.aim)) for i, rect in enumerate(lay.creatures)]
    scene.gauge = g.add(HoverArea(ui, lay.gauge, tooltip=scene._gauge_tooltip))
    panel = lay.panel
    scene.luck_button = g.add(
        Button(
            ui,
            (panel.x + 20, panel.bottom - 66, 196, 48),
            ui.tr("combat.test_luck"),
            style="primary",
            icon="heart",
            on_click=scene.test_luck,
        )
    )
    scene.accept_button = g.add(
        Button(ui, (panel.right - 216, panel.bottom - 66, 196, 48), ui.tr("combat.accept"), on_click=scene.accept)
    )
    scene.finish_button = g.add(
        Button(
            ui, (panel.centerx - 140, panel.bottom - 66, 280, 48), ui.tr("combat.back"), style="primary", on_click=scene.finish
        )
    )
    scene.spells_button = g.add(
        Button(
            ui,
            (panel.x + 20, panel.bottom - 66, 196, 48),
            ui.tr("powers.spells_button"),
            on_click=scene.open_spells,
            visible=bool(scene.book.spells),
        )
    )
    x, y = lay.buttons.x, lay.buttons.y
    w = (lay.buttons.width - 20) // 3
    scene.attack_button = g.add(
        Button(
            ui,
            (x, y + 2, w, 52),
            ui.tr("combat.attack"),
            style="primary",
            on_click=scene.attack,
            tooltip=ui.tr("combat.attack_tip"),
        )
    )
    scene.shoot_button = g.add(
        Button(
            ui,
            (x + w + 10, y + 2, w, 52),
            ui.tr("combat.shoot"),
            icon="arrow",
            on_click=scene.shoot,
            tooltip=ui.tr("combat.shoot_tip"),
        )
    )
    scene.escape_button = g.add(
        Button(ui, (x + 2 * (w + 10), y + 2, w, 52), ui.tr("combat.escape"), on_click=scene.escape, tooltip=scene._escape_tip)
    )
    scene.undo_button = g.add(Button(ui, (x, y + 66, w, 44), ui.tr("combat.undo"), on_click=scene.undo, tooltip=scene._undo_tip))
    scene.redo_button = g.add(
        Button(ui, (x + w + 10, y + 66, w, 44), ui.tr("combat.redo"), on_click=scene.redo, tooltip=ui.tr("combat.redo_tip"))
    )
    scene.stop_button = g.add(
        Button(
            ui,
            (x + 2 * (w + 10), y + 66, w, 44),
            ui.tr("combat.stop"),
            style="danger",
            on_click=scene.stop,
            tooltip=ui.tr("combat.stop_tip"),
        )
    )

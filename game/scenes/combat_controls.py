"""The combat board's controls: the creature cards as click targets, the gauge, the action and decision buttons.

Built for the board's layout (again when the page changes); each control calls
back into the scene, which turns the click into a rules action. Which ones show
and are enabled is ``refresh``, read from the fight.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.app.journal import undo_state
from game.rules.ff import actions as a
from game.scenes.combat_animator import Phase
from game.scenes.combat_widgets import CardWidget, HoverArea
from game.ui.button import Button

if TYPE_CHECKING:
    from game.scenes.combat import CombatScene


def build_widgets(scene: CombatScene) -> None:
    """Add the board's controls to ``scene.group``, placed by ``scene.board`` (the layout for the scene's page)."""
    ui, g, lay = scene.ui, scene.group, scene.board
    scene.cards = [g.add(CardWidget(ui, rect, i, scene.aim)) for i, rect in enumerate(lay.creatures)]
    scene.gauge = g.add(HoverArea(ui, lay.gauge, tooltip=lambda: gauge_tip(scene)))
    panel = lay.panel
    half = min(196, (panel.width - 52) // 2)  # Luck and Accept side by side, whatever the panel's width
    # In a narrow panel Luck (an icon and longer words) takes more of the row than Accept.
    luck = min(196, max(half, (panel.width - 52) * 11 // 20))
    accept = min(196, panel.width - 52 - luck)
    w = min(320, (lay.buttons.width - 20) // 3)  # a wide band keeps buttons of a hand's width, on its right
    x = lay.buttons.right - 3 * w - 20
    # Two rows: the fight's moves, then undo / redo / stop (smaller on a short page).
    y, big, second, small = lay.button_rows()
    luck_at, accept_at = (panel.x + 20, lay.actions_y, luck, 48), (panel.right - 20 - accept, lay.actions_y, accept, 48)
    finish_at = (panel.centerx - min(140, half), lay.actions_y, min(280, 2 * half), 48)
    if lay.decide_in_band:  # a very short page: the decision takes the moves' row (the moves wait for it)
        luck_at, accept_at = (x, y, 2 * w + 10, big), (lay.buttons.right - w, y, w, big)
        finish_at = (x, y, 2 * w + 10, big)
    scene.luck_button = g.add(
        Button(
            ui,
            luck_at,
            ui.tr("combat.test_luck"),
            style="primary",
            icon="heart",
            on_click=scene.test_luck,
        )
    )
    scene.accept_button = g.add(
        Button(
            ui,
            accept_at,
            ui.tr("combat.accept"),
            on_click=scene.accept,
        )
    )
    scene.finish_button = g.add(
        Button(
            ui,
            finish_at,
            ui.tr("combat.back"),
            style="primary",
            on_click=scene.finish,
        )
    )
    scene.spells_button = g.add(
        Button(
            ui,
            (panel.x + 20, panel.bottom - 66, half, 48),
            ui.tr("powers.spells_button"),
            on_click=scene.open_spells,
            visible=bool(scene.book.spells),
        )
    )
    scene.attack_button = g.add(
        Button(
            ui,
            (x, y, w, big),
            ui.tr("combat.attack"),
            style="primary",
            on_click=scene.attack,
            tooltip=ui.tr("combat.attack_tip"),
        )
    )
    scene.shoot_button = g.add(
        Button(
            ui,
            (x + w + 10, y, w, big),
            ui.tr("combat.shoot"),
            icon="arrow",
            on_click=scene.shoot,
            tooltip=ui.tr("combat.shoot_tip"),
        )
    )
    scene.escape_button = g.add(
        Button(
            ui,
            (lay.buttons.right - w, y, w, big),
            ui.tr("combat.escape"),
            on_click=scene.escape,
            tooltip=lambda: escape_tip(scene),
        )
    )
    scene.undo_button = g.add(
        Button(ui, (x, y + second, w, small), ui.tr("combat.undo"), on_click=scene.undo, tooltip=lambda: undo_tip(scene))
    )
    scene.redo_button = g.add(
        Button(
            ui, (x + w + 10, y + second, w, small), ui.tr("combat.redo"), on_click=scene.redo, tooltip=ui.tr("combat.redo_tip")
        )
    )
    scene.stop_button = g.add(
        Button(
            ui,
            (lay.buttons.right - w, y + second, w, small),
            ui.tr("combat.stop"),
            style="danger",
            on_click=scene.stop,
            tooltip=ui.tr("combat.stop_tip"),
        )
    )


def gauge_tip(scene: CombatScene) -> str:
    """What the odds gauge counts (and, with an ally, what it leaves out)."""
    text = scene.ui.t("combat.gauge_tip")
    if scene.fight is not None and scene.fight.ally is not None:
        text += " " + scene.ui.t("combat.gauge_tip_ally")
    return text


def escape_tip(scene: CombatScene) -> str:
    fight = scene.fight
    return scene.ui.t("combat.escape_tip", damage=fight.escape_damage if fight is not None else 0)


def undo_tip(scene: CombatScene) -> str:
    return scene.ui.t("combat.undo_start_tip" if scene.timeline.at_start else "combat.undo_tip")


def refresh(scene: CombatScene) -> None:
    """Show, enable and label the controls as the fight allows now (the rules' refusals as tooltips)."""
    fight, ui = scene.fight, scene.ui
    active = fight is not None and fight.active
    pending = active and bool(fight.pending)
    scene.attack_button.label = ui.tr("combat.close_in" if active and fight.shots_left > 0 else "combat.attack")
    for button, action in (
        (scene.attack_button, scene.round_action()),
        (scene.shoot_button, scene.shoot_action()),
        (scene.escape_button, a.Escape()),
        (scene.stop_button, a.StopFight()),
    ):
        # On a very short page the decision's buttons take the moves' row: the moves hide while it waits.
        button.visible = active and not (pending and scene.board.decide_in_band and button is not scene.stop_button)
        if active:
            scene.allow(button, action)
    archery = scene.book.archery is not None and (fight.shots_left > 0 or fight.bow_broken)
    scene.shoot_button.visible = scene.shoot_button.visible and archery
    scene.escape_button.visible = scene.escape_button.visible and fight.escape_allowed
    rolling = scene.animator.phase is Phase.TUMBLING  # the decision appears once the dice have landed
    scene.luck_button.visible = scene.accept_button.visible = pending and not rolling
    scene.finish_button.visible = not active and not rolling
    scene.spells_button.visible = bool(scene.book.spells) and active and not pending and not rolling
    if not active:
        scene.finish_button.label = ui.tr(
            "combat.continue_dead" if fight is not None and fight.winner == "enemies" else "combat.back"
        )
    scene.undo_button.set_enabled(*undo_state(ui, scene.adventure, "combat.nothing_to_undo"))
    scene.redo_button.set_enabled(scene.adventure.session.can_redo, ui.tr("combat.nothing_to_redo"))
    all_together = active and fight.mode == "all_together" and not pending
    living = fight.living() if fight is not None else []
    for card in scene.cards:
        card.clickable = all_together and card.index in living
        card.tooltip = ui.tr("combat.aim_tip", name=fight.enemies[card.index].name) if card.clickable else None
    if pending:
        scene.luck_button.tooltip = ui.tr("combat.luck_tip")
        scene.accept_button.tooltip = ui.tr("combat.accept_tip")

"""The combat board's controls: the creature cards as click targets, the gauge, the action and decision buttons.

``build_controls`` makes them for the board's regions (again when the page
changes); each calls one of the board's intents (:class:`CombatIntents`), which
turns the click into a rules action. Which ones show, what they say and whether
the rules allow them now is :meth:`CombatControls.refresh`, read from the view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.books.fighting_fantasy import FightingFantasyBook
from game.i18n.catalogue import TextSource
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.ff.state import Fight
from game.scenes.combat.layout import CombatLayout
from game.scenes.combat.text import lost_by_the_ally
from game.scenes.combat.view import CombatView
from game.scenes.combat.widgets import CardWidget, HoverArea
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.widget import Widget


class CombatIntents(Protocol):
    """What the board's controls ask of it: the player's moves, and the rules' answer for the buttons."""

    def aim(self, index: int) -> None: ...
    def attack(self) -> None: ...
    def shoot(self) -> None: ...
    def escape(self) -> None: ...
    def stop(self) -> None: ...
    def test_luck(self) -> None: ...
    def accept(self) -> None: ...
    def finish(self) -> None: ...
    def to_sheet(self) -> None: ...
    def open_spells(self) -> None: ...
    def undo(self) -> object: ...
    def redo(self) -> object: ...

    def reason(self, action: a.FFAction | Refused) -> str | None:
        """Why the rules would refuse ``action`` now (None: allowed)."""
        ...

    def undo_reason(self) -> tuple[bool, TextSource | None]:
        """Whether undo is possible now, and why not."""
        ...

    def can_redo(self) -> bool:
        """Whether an undone step can be done again."""
        ...


@dataclass
class CombatControls:
    """The board's widgets, in their focus order (the fields' order), and what they were built for."""

    ui: UIContext
    book: FightingFantasyBook
    decide_in_band: bool  # a very short page: the decision's buttons take the moves' row
    cards: list[CardWidget]
    gauge: HoverArea
    luck_button: Button
    accept_button: Button
    finish_button: Button
    spells_button: Button
    sheet_button: Button
    attack_button: Button
    shoot_button: Button
    escape_button: Button
    undo_button: Button
    redo_button: Button
    stop_button: Button

    def __post_init__(self) -> None:
        # Where the focus goes when a move is spent (issue 29): the wound's decision, else the next round,
        # else Back once the fight is over; a decision taken goes back to the moves.
        decision = (self.luck_button, self.accept_button)
        after_move = (*decision, self.attack_button, self.finish_button)
        for move in (self.attack_button, self.shoot_button, self.escape_button, self.spells_button):
            move.focus_after = after_move
        for button in decision:
            button.focus_after = (*decision, self.attack_button, self.shoot_button, self.finish_button)
        self.stop_button.focus_after = self.undo_button.focus_after = self.redo_button.focus_after = after_move

    def widgets(self) -> list[Widget]:
        """Every control, in focus order: reading order (the cards first, Sheet then Stop last on the bottom row)."""
        return [
            *self.cards,
            self.gauge,
            self.luck_button,
            self.accept_button,
            self.finish_button,
            self.spells_button,
            self.attack_button,
            self.shoot_button,
            self.escape_button,
            self.undo_button,
            self.redo_button,
            self.sheet_button,
            self.stop_button,
        ]

    def refresh(self, view: CombatView, intents: CombatIntents) -> None:
        """Show, enable and label the controls as the fight allows now (the rules' refusals as tooltips)."""
        ui, fight = self.ui, view.current_fight
        active = fight is not None and fight.active
        pending = active and fight is not None and bool(fight.pending)
        self._refresh_moves(view, intents, pending)
        self._refresh_decision(view, pending)
        self.undo_button.set_enabled(*intents.undo_reason())
        self.redo_button.set_enabled(intents.can_redo(), ui.tr("combat.nothing_to_redo"))
        self.undo_button.tooltip = ui.tr("combat.undo_start_tip" if view.at_start else "combat.undo_tip")
        # The gauge's tip says what the odds leave out: an ally's blows (R-ALLY-1).
        ally = fight is not None and fight.ally is not None
        tips = (ui.tr("combat.gauge_tip"), ui.tr("combat.gauge_tip_ally")) if ally else (ui.tr("combat.gauge_tip"),)
        self.gauge.tooltip = lambda: " ".join(tip() for tip in tips)
        all_together = active and fight is not None and fight.mode == "all_together" and not pending
        living = fight.living() if fight is not None else []
        for card in self.cards:
            card.clickable = all_together and card.index in living
            card.tooltip = ui.tr("combat.aim_tip", name=fight.enemies[card.index].name) if card.clickable and fight else None

    def _refresh_moves(self, view: CombatView, intents: CombatIntents, pending: bool) -> None:
        """Attack (or close in), shoot, escape and stop: shown while the fight lasts, enabled as the rules allow."""
        ui, fight = self.ui, view.current_fight
        active = fight is not None and fight.active
        shots = fight is not None and active and fight.shots_left > 0
        self.attack_button.label = ui.tr("combat.close_in" if shots else "combat.attack")
        for button, action in (
            (self.attack_button, round_action(fight, view.attacked)),
            (self.shoot_button, a.Shoot(target=view.attacked)),
            (self.escape_button, a.Escape()),
            (self.stop_button, a.StopFight()),
        ):
            # On a very short page the decision's buttons take the moves' row: the moves hide while it waits.
            button.visible = active and not (pending and self.decide_in_band and button is not self.stop_button)
            if active:
                reason = intents.reason(action)
                button.set_enabled(reason is None, reason)
        archery = self.book.archery is not None and fight is not None and (fight.shots_left > 0 or fight.bow_broken)
        self.shoot_button.visible = self.shoot_button.visible and archery
        self.escape_button.visible = self.escape_button.visible and fight is not None and fight.escape_allowed
        damage = fight.escape_damage if fight is not None else 0
        table = fight is not None and self.book.profile(fight.profile).table is not None
        # on a table, an escape is one more round where only the hero loses (no fixed wound)
        self.escape_button.tooltip = ui.tr("combat.escape_tip_table") if table else ui.tr("combat.escape_tip", damage=damage)

    def _refresh_decision(self, view: CombatView, pending: bool) -> None:
        """Luck and Accept while a wound waits, Back once the fight is over, Spells between rounds."""
        ui, fight = self.ui, view.current_fight
        active = fight is not None and fight.active
        rolling = view.rolling  # the decision appears once the dice have landed
        self.luck_button.visible = self.accept_button.visible = pending and not rolling
        self.finish_button.visible = not active and not rolling
        self.spells_button.visible = bool(self.book.spells) and active and not pending and not rolling
        self.sheet_button.visible = active  # a look at the sheet; the fight waits, in progress
        if not active:
            dead = fight is not None and fight.winner == "enemies" and not lost_by_the_ally(view.current)
            self.finish_button.label = ui.tr("combat.continue_dead" if dead else "combat.back")
        if pending:
            self.luck_button.tooltip = ui.tr("combat.luck_tip")
            self.accept_button.tooltip = ui.tr("combat.accept_tip")


def round_action(fight: Fight | None, attacked: int | None) -> a.AttackRound:
    """All together: a round at the creature ``attacked``; otherwise at the one in front (the rules' default)."""
    return a.AttackRound(target=attacked if fight is not None and fight.mode == "all_together" else None)


def build_controls(ui: UIContext, regions: CombatLayout, book: FightingFantasyBook, intents: CombatIntents) -> CombatControls:
    """The board's controls, placed in ``regions`` (the board's layout for its page)."""
    at = regions.controls
    return CombatControls(
        ui=ui,
        book=book,
        decide_in_band=regions.decide_in_band,
        cards=[CardWidget(ui, rect, i, intents.aim) for i, rect in enumerate(regions.creatures)],
        gauge=HoverArea(ui, regions.gauge),
        luck_button=Button(ui, at.luck, ui.tr("combat.test_luck"), style="primary", icon="heart", on_click=intents.test_luck),
        accept_button=Button(ui, at.accept, ui.tr("combat.accept"), on_click=intents.accept),
        finish_button=Button(ui, at.finish, ui.tr("combat.back"), style="primary", on_click=intents.finish),
        spells_button=Button(
            ui, at.spells, ui.tr("powers.spells_button"), on_click=intents.open_spells, visible=bool(book.spells)
        ),
        sheet_button=Button(
            ui, at.sheet, ui.tr("combat.to_sheet"), on_click=intents.to_sheet, tooltip=ui.tr("combat.to_sheet_tip")
        ),
        attack_button=Button(
            ui, at.attack, ui.tr("combat.attack"), style="primary", on_click=intents.attack, tooltip=ui.tr("combat.attack_tip")
        ),
        shoot_button=Button(
            ui, at.shoot, ui.tr("combat.shoot"), icon="arrow", on_click=intents.shoot, tooltip=ui.tr("combat.shoot_tip")
        ),
        escape_button=Button(ui, at.escape, ui.tr("combat.escape"), on_click=intents.escape),
        undo_button=Button(ui, at.undo, ui.tr("combat.undo"), on_click=intents.undo),
        redo_button=Button(ui, at.redo, ui.tr("combat.redo"), on_click=intents.redo, tooltip=ui.tr("combat.redo_tip")),
        stop_button=Button(
            ui, at.stop, ui.tr("combat.stop"), style="danger", on_click=intents.stop, tooltip=ui.tr("combat.stop_tip")
        ),
    )

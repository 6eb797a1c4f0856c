"""Doing an action that rolls dice: ask for physical dice if the player uses them,
let the rules decide, then show the dice overlay with the result.

Screens call :func:`roll_action`; it never decides an outcome itself. The
rules roll (or take the typed dice), the overlay only shows what they drew.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from game.app.adventure import Adventure
from game.app.navigator import Screen
from game.app.scene import Scene
from game.app.services import Services
from game.rules.dice import DiceError, DieUse, ScriptedDice
from game.rules.errors import Refused
from game.rules.session import HONEST, Entry

T = TypeVar("T")

# The screens whose roll asked for an overlay this frame (it opens when the frame's stack changes apply).
_opening: weakref.WeakSet[Scene] = weakref.WeakSet()


@dataclass(frozen=True)
class DiceGroup:
    """Dice thrown for one purpose: whose roll, the faces, and what they add up to."""

    label: str
    faces: tuple[int, ...]
    sides: int = 6
    detail: str = ""  # e.g. "+ 10 = 19" or "≤ 9 ?"


# What the overlay shows for an entry: its title, the dice groups, the verdict and its tone.
Presentation = tuple[str, list[DiceGroup], str, str]


def roll_action(
    scene: Scene,
    services: Services,
    adventure: Adventure[Any, Any],
    action: Any,
    present: Callable[[Entry], Presentation],
    on_done: Callable[[Entry | Refused], object],  # what it returns is not used
    label: Callable[[DieUse], str] | None = None,
) -> None:
    """Apply ``action`` through the rules with the dice UI; ``on_done`` gets the entry or the refusal.

    With physical dice on, the player first types each die the action will draw
    (the rules' dice plan: sides, whose, what for; ``label`` names each one);
    the overlay then shows them settling with their meaning.
    """
    if scene in _opening and scene.stack is not None and scene.stack.has_pending:
        # A press that came in the frame where the last roll asked for its overlay (the dice, the
        # dice entry) aimed at a page that is going away: it starts nothing (issue 30 item 5).
        return
    _opening.discard(scene)
    refused = adventure.refusal(action)
    if refused is not None:
        on_done(refused)
        return

    def show(result: Entry | Refused) -> None:
        if isinstance(result, Refused):
            on_done(result)
            return
        title, groups, verdict, tone = present(result)
        factor = 0.0 if services.settings.physical_dice else services.settings.animation_factor
        if not groups:
            on_done(result)
            return
        if scene.stack is not None:
            _opening.add(scene)
            services.navigator.open(
                scene,
                Screen.DICE_ROLL,
                title,
                groups,
                verdict,
                tone=tone,
                rng=services.rng,
                animation_factor=factor,
                on_close=lambda: on_done(result),
            )

    if not services.settings.physical_dice:
        show(adventure.act(action))
        return
    enter_dice(
        scene,
        services,
        adventure.dice_needed(action),
        lambda dice: adventure.act(action, dice),
        show,
        names=None if label is None else lambda uses: [label(use) for use in uses],
        honest=adventure.session.play == HONEST,
    )


def enter_dice(
    scene: Scene,
    services: Services,
    uses: list[DieUse],
    attempt: Callable[[ScriptedDice], T],
    on_done: Callable[[T], None],
    names: Callable[[list[DieUse]], list[str]] | None = None,
    honest: bool = False,
) -> None:
    """Physical dice: the player types each die of ``uses`` (the rules' plan), then ``attempt`` runs with them.
    Random numbers are pointed at on the Random Number Table (face down in ``honest`` play: no aiming).

    Where the rules need more dice than the dry run foresaw (a failed save
    stopping a march), one more is asked at a time. ``names`` labels the dice.
    """
    typed: list[int] = []

    def ask(batch: list[DieUse]) -> None:
        labels = names(batch) if names is not None else None
        if scene.stack is not None and batch and all(use.zero_based and use.sides == 10 for use in batch):
            services.navigator.open(  # random numbers 0-9: pointed at on the Random Number Table
                scene,
                Screen.RANDOM_TABLE,
                services.ui.t("random_table.title"),
                labels if labels and len(labels) == len(batch) else [],
                on_done=received,
                rng=services.rng,
                hidden=honest,
            )
            return
        if scene.stack is not None:
            _opening.add(scene)
            services.navigator.open(
                scene,
                Screen.DICE_ENTRY,
                services.ui.t("dice.physical_title"),
                [use.sides for use in batch],
                on_done=received,
                labels=labels if labels and len(labels) == len(batch) else None,
            )

    def received(values: list[int]) -> None:
        typed.extend(values)
        try:
            result = attempt(ScriptedDice(typed))
        except DiceError as error:
            if error.sides is None:  # a typed value out of range cannot happen (the entry checks it)
                raise
            ask([DieUse(error.sides)])
            return
        on_done(result)

    ask(uses)

"""The combat board's motion: dice tumbling, STAMINA bars easing, damage floating, the next creature stepping in.

One explicit phase at a time (:class:`Phase`): the dice of a step tumble
(TUMBLING; the cards still show the state before), then the board settles on
the new state (the bars ease and the damage floats while IDLE or STEPPING_IN),
and in a fight one after another the next creature slides in (STEPPING_IN).
The animator never decides anything: it only shows, over time, a step the
rules already made. A click or Space skips to the end (:meth:`Animator.skip`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum

from game.rules.ff.state import SheetState
from game.scenes.combat.layout import CombatLayout, bar_rect, dice_slots, strip_slots
from game.scenes.combat.motion import (
    BAR_SECONDS,
    FLIGHT_SECONDS,
    FLOAT_SECONDS,
    STEP_IN_SECONDS,
    TUMBLE_SECONDS,
    Bar,
    Die,
    Floater,
    Tumble,
)
from game.scenes.combat.text import fight_of, hero_of
from game.scenes.combat.timeline import Step
from game.ui.theme import Palette

#: Parts of the board hidden while the dice roll (their result would give the outcome away).
CARDS, BANNER, STRIP = "cards", "banner", "strip"


class Phase(Enum):
    """What the board is doing now."""

    IDLE = "idle"  # showing the current state (bars may still ease, damage may still float)
    TUMBLING = "tumbling"  # the dice of the newest step roll; the cards show the state before it
    STEPPING_IN = "stepping_in"  # one after another: the next creature slides into place


@dataclass
class StepIn:
    """The creature card sliding in after the one in front fell."""

    creature: int
    elapsed: float
    duration: float

    @property
    def progress(self) -> float:
        """0 → 1 over the slide."""
        return min(1.0, self.elapsed / self.duration) if self.duration > 0 else 1.0


class Animator:
    """The board's animations for one layout; ``factor`` is the settings' speed (0: none)."""

    def __init__(self, layout: CombatLayout, rng: random.Random) -> None:
        self.layout = layout
        self.rng = rng
        self.tumble: Tumble | None = None
        self.step_in: StepIn | None = None
        self.hidden: frozenset[str] = frozenset()
        self.bars: dict[str, Bar] = {}
        self.floaters: list[Floater] = []

    @property
    def phase(self) -> Phase:
        if self.tumble is not None:
            return Phase.TUMBLING
        if self.step_in is not None:
            return Phase.STEPPING_IN
        return Phase.IDLE

    @property
    def animating(self) -> bool:
        """Anything still moving (the loop then draws at 60 fps)."""
        return self.phase is not Phase.IDLE or any(b.moving for b in self.bars.values()) or bool(self.floaters)

    @property
    def stepping(self) -> int | None:
        """The creature sliding in, if any."""
        return None if self.step_in is None else self.step_in.creature

    # -- starting ------------------------------------------------------------------------------
    def start(self, step: Step | None, factor: float) -> bool:
        """Tumble the dice of ``step`` (True), or nothing to tumble / no animation (False)."""
        self.tumble = None
        self.hidden = frozenset()
        self.step_in = None
        if step is None or factor <= 0:
            return False
        dice, hidden, flight = self._plan(step)
        if not dice:
            return False
        self.tumble = Tumble(dice, TUMBLE_SECONDS / factor, self.rng, flight=flight)
        if flight is not None:
            self.tumble.duration = max(self.tumble.duration, FLIGHT_SECONDS / factor)
        self.hidden = hidden
        return True

    def _plan(self, step: Step) -> tuple[list[Die], frozenset[str], tuple[tuple[int, int], tuple[int, int], bool] | None]:
        """Where each die of ``step`` lands and when: creatures first in list order, the hero last."""
        after = step.after
        dice: list[Die] = []
        lay = self.layout
        if step.do == "round":
            slots = dice_slots(lay)
            exchanges = fight_of(after).last_round
            count = len(exchanges) + 1
            for order, x in enumerate(exchanges):
                key, roll = ("ally", x.hero_roll) if x.by_ally else (f"creature:{x.creature}", x.creature_roll)
                for (center, size), face in zip(slots.get(key, []), roll.dice):
                    dice.append(Die(center, size, face, land=0.55 + 0.45 * order / count))
            hero_roll = next((x.hero_roll for x in exchanges if not x.by_ally), None)
            if hero_roll is not None:
                for (center, size), face in zip(slots.get("hero", []), hero_roll.dice):
                    dice.append(Die(center, size, face, land=1.0))
            return dice, frozenset({CARDS, BANNER}), None
        if step.do in ("shoot", "luck") and after.last_test is not None:
            for (center, size), face in zip(strip_slots(lay), after.last_test.dice):
                dice.append(Die(center, size, face, land=0.85 + 0.15 * len(dice)))
            flight = None
            if step.do == "shoot" and lay.quiver is not None:
                target = step.entry.action.get("target")
                index = target if target is not None else (fight_of(step.before).front() or 0)
                card = lay.creatures[index]
                flight = ((lay.quiver.x + 60, lay.quiver.y + 60), (card.x + 40, card.centery), step.entry.outcome == "hit")
            return dice, frozenset({STRIP, BANNER}), flight
        return [], frozenset(), None

    # -- settling ---------------------------------------------------------------------------------
    def settle(
        self,
        before: SheetState,
        state: SheetState,
        factor: float,
        animate: bool,
        palette: Palette,
        wounds: tuple[int, int] | None = None,
    ) -> None:
        """The dice have landed: aim the bars at ``state``, float the damage, step the next creature in.

        ``wounds``: the hero's side's wound score and its full length in this fight (ARMOUR in a vehicle fight,
        an army's warriors); by default STAMINA and its initial value.
        """
        self.tumble = None
        self.hidden = frozenset()
        moving = animate and factor > 0
        seconds = BAR_SECONDS / factor if moving else 0.0
        fight, hero = fight_of(state), hero_of(state)
        targets = {"hero": wounds if wounds is not None else (hero.scores["stamina"], hero.initial["stamina"])}
        if fight.ally is not None:
            targets["ally"] = (fight.ally.stamina, fight.ally.initial_stamina)
        for i, e in enumerate(fight.enemies):
            targets[f"creature:{i}"] = (e.stamina, e.initial_stamina)
        for key, (value, maximum) in targets.items():
            bar = self.bars.get(key)
            if bar is None:
                self.bars[key] = Bar(value, value, maximum)
                continue
            old = bar.target
            bar.aim(value, maximum, seconds)
            if moving and value < old:
                rect = bar_rect(self.layout, key)
                self.floaters.append(
                    Floater(f"−{old - value}", (rect.right - 30, rect.y - 4), palette.bad, FLOAT_SECONDS / factor)
                )
        previous = before.fight
        if moving and fight.mode == "one_after_another" and previous is not None and fight.active:
            before_front, front = previous.front(), fight.front()
            if front is not None and before_front is not None and front != before_front:
                self.step_in = StepIn(front, 0.0, STEP_IN_SECONDS / factor)

    def skip(self) -> bool:
        """Jump every animation to its end; True when dice were still rolling (the board must settle)."""
        rolling = self.tumble is not None
        if self.tumble is not None:
            self.tumble.finish()
        self.step_in = None
        for bar in self.bars.values():
            bar.finish()
        self.floaters.clear()
        return rolling

    # -- time -------------------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        """Advance by ``dt``; True when the dice just landed (the scene then settles the board)."""
        landed = False
        if self.tumble is not None:
            self.tumble.update(dt)
            landed = self.tumble.done
        elif self.step_in is not None:
            self.step_in.elapsed += dt
            if self.step_in.elapsed >= self.step_in.duration:
                self.step_in = None
        for bar in self.bars.values():
            bar.update(dt)
        for floater in self.floaters:
            floater.left -= dt
        if self.floaters and any(f.left <= 0 for f in self.floaters):
            self.floaters = [f for f in self.floaters if f.left > 0]
        return landed

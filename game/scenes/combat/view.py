"""What the combat board shows, as one frozen value: the view its painters, controls and words read.

``view_of`` builds it from the session's state, the fight's timeline, the animator
(what is hidden or moving now), the odds worker's answer and the board's own
state (the creature aimed at, the message line, the log's scroll). A new view is
made for each change; the painters never see the scene.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.rules.ff.state import Fight, Hero, SheetState
from game.scenes.combat.animator import Animator, Phase
from game.scenes.combat.odds import OddsAnswer
from game.scenes.combat.text import TableWords, Told, Translate, fight_of, hero_of, tell
from game.scenes.combat.timeline import Step


@dataclass(frozen=True)
class CombatView:
    """Everything the board shows; a new view is painted only when the scene's model changed."""

    state: SheetState  # what the cards show: the state before the newest step while its dice roll
    current: SheetState  # the session's state now
    step: Step | None  # the newest step of the fight
    told: Told | None  # its banner and tone
    log: tuple[tuple[str, str], ...]  # the fight log's lines (text, tone), oldest first
    hidden: frozenset[str]  # parts hidden while dice roll
    stepping: int | None  # the creature sliding in
    target: int | None  # the creature the hero attacks, in the state shown
    attacked: int | None  # the creature the hero attacks now (in the current state: what the next round aims at)
    message: str | None  # a refusal to show
    log_scroll: int  # lines scrolled back in the log
    odds: OddsAnswer | None  # the worker's answer for the state shown (None: computing)
    flying: bool  # the shot arrow is in the air (the quiver shows one fewer)
    rolling: bool  # the newest step's dice are in the air
    at_start: bool  # only the fight's start so far: undo now leaves the board
    table: TableWords | None = None  # the words of the table the fight is read on (its column headings)

    @property
    def settled(self) -> bool:
        """The cards show the current state (no dice rolling)."""
        return self.state is self.current

    @property
    def fight(self) -> Fight:
        """The fight the cards show."""
        return fight_of(self.state)

    @property
    def hero(self) -> Hero:
        """The hero the cards show."""
        return hero_of(self.state)

    @property
    def current_fight(self) -> Fight | None:
        """The session's fight now (None once its start was undone)."""
        return self.current.fight


def shown_state(step: Step | None, current: SheetState, phase: Phase) -> SheetState:
    """What the cards show: the state before the newest step while its dice still roll, else the current one."""
    if phase is Phase.TUMBLING and step is not None:
        return step.before
    return current


def attacked(fight: Fight | None, aimed: int | None) -> int | None:
    """The creature the hero attacks: the one aimed at (all together) or the one in front; None out of a fight."""
    if fight is None or not fight.active:
        return None
    if fight.mode == "all_together" and aimed is not None and aimed in fight.living():
        return aimed
    return fight.front()


def view_of(
    t: Translate,
    steps: Sequence[Step],
    current: SheetState,
    animator: Animator,
    *,
    aimed: int | None,
    message: str | None,
    log_scroll: int,
    odds: OddsAnswer | None,
    spell_names: Mapping[str, str],
    table: TableWords | None = None,
) -> CombatView:
    """The board's view now: ``aimed`` is the creature the player chose (all together), ``odds`` the answer
    for the state shown, ``spell_names`` the book's spells by id in the player's language, ``table`` the words of
    the table the fight is read on."""
    step = steps[-1] if steps else None
    rolling = animator.phase is Phase.TUMBLING
    state = shown_state(step, current, animator.phase)
    told_steps = steps[:-1] if rolling else steps
    log = tuple(line for told in told_steps for line in tell(t, told, spell_names, table).lines)
    now = attacked(current.fight, aimed)
    if state is current:
        target = now
    else:
        fight = fight_of(state)
        target = fight.front() if fight.mode != "all_together" else aimed
    return CombatView(
        state=state,
        current=current,
        step=step,
        told=tell(t, step, spell_names, table) if step is not None else None,
        log=log,
        hidden=animator.hidden,
        stepping=animator.stepping,
        target=target,
        attacked=now,
        message=message,
        log_scroll=log_scroll,
        odds=odds,
        flying=rolling and animator.tumble is not None and animator.tumble.flight is not None,
        rolling=rolling,
        at_start=len(steps) <= 1,
        table=table,
    )

"""What the combat board shows, read from the scene's model: the board frame and the names of the dice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.dice import DieUse
from game.scenes.combat_animator import Phase
from game.scenes.combat_frame import BoardFrame
from game.scenes.combat_text import name_of, tell

if TYPE_CHECKING:
    from game.scenes.combat import CombatScene


def frame(scene: CombatScene) -> BoardFrame:
    """What the board layer shows now."""
    state, animator = scene.view_state, scene.animator
    steps = scene.timeline.steps
    rolling = animator.phase is Phase.TUMBLING
    shown = steps[:-1] if rolling else steps
    log = tuple(line for step in shown for line in tell(scene.ui.t, step, scene.spell_names).lines)
    fight = state.fight
    if state is scene.state:
        target = scene.current_target()
    else:
        target = fight.front() if fight.mode != "all_together" else scene.target
    return BoardFrame(
        state=state,
        current=scene.state,
        step=scene.timeline.last,
        told=tell(scene.ui.t, steps[-1], scene.spell_names) if steps else None,
        log=log,
        hidden=animator.hidden,
        stepping=animator.stepping,
        target=target,
        message=scene.message,
        log_scroll=scene.log_scroll,
        odds=scene.odds_answer(),
        flying=rolling and animator.tumble is not None and animator.tumble.flight is not None,
    )


def die_label(scene: CombatScene, use: DieUse) -> str:
    """Whose die it is, as the rules' dice plan says (physical dice entry)."""
    t, fight = scene.ui.t, scene.fight
    if use.what == "shot":
        return t("combat.shot_die")
    if use.what == "luck":
        return t("combat.luck_die")
    if use.who == "ally" and fight.ally is not None:
        return str(fight.ally.name)
    if use.who.startswith("creature:"):
        return name_of(scene.state, int(use.who.split(":")[1]))
    return t("combat.you")

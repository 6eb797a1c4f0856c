"""The combat board in words: what a screen-reader user hears during a fight.

The same sources as the board: the fight's steps told by ``combat_text.tell``
(banner and log lines), the Luck stakes from the book's combat rules, and the
advisor's odds from the worker. After each step the player hears the outcome,
then what is asked of them now: the wound to settle with the advisor's numbers,
the summary at the end, or whose turn it is.
"""

from __future__ import annotations

from typing import Any

from game.app.adventure import Change, ChangeKind
from game.app.journal import describe_entry
from game.rules.odds.dice import p_2d6_at_most
from game.scenes.combat_text import Step, advice_key, name_of, percent, rules_in_force, stakes_words, tell


def combatant_words(t: Any, book: Any, state: Any) -> str:
    """ "You: STAMINA 15 of 20. Aile Noire: SKILL 7, STAMINA 4 of 6, dead"."""
    fight = state.fight
    hero = state.hero
    stamina = t("access.stamina_of", value=hero.scores["stamina"], initial=hero.initial["stamina"])
    parts = [t("access.you", scores=stamina, luck=hero.scores.get("luck", 0))]
    if fight.ally is not None:
        parts.append(
            t(
                "access.ally",
                name=fight.ally.name,
                skill=fight.ally.skill,
                stamina=t("access.stamina_of", value=fight.ally.stamina, initial=fight.ally.initial_stamina),
            )
        )
    for enemy in fight.enemies:
        words = t(
            "access.creature",
            name=enemy.name,
            skill=enemy.skill,
            stamina=t("access.stamina_of", value=enemy.stamina, initial=enemy.initial_stamina),
        )
        if enemy.stamina <= 0:
            words += ", " + t("access.dead")
        parts.append(words)
    return ". ".join(parts)


def advice_words(scene: Any, state: Any) -> str:
    """The advisor's numbers: the chance of winning the fight either way, and its advice ("" until computed)."""
    t = scene.ui.t
    answer = scene.odds_answer()
    advice = answer.get("advice") if answer else None
    if advice is None or state.fight.pending[0].escape:
        return ""
    test, accept = advice["test_luck"], advice["accept"]
    return ". ".join(
        [
            t("access.advice_odds", test=percent(scene.ui, test), accept=percent(scene.ui, accept)),
            t(advice_key(test, accept)).rstrip("."),
        ]
    )


def decision_words(scene: Any, state: Any) -> str:
    """The wound to settle: what it is, what Luck changes, the chance, the advisor's numbers and advice."""
    t = scene.ui.t
    what, stake = stakes_words(t, scene.book, state)
    luck = state.hero.scores["luck"]
    answer = scene.odds_answer()
    advice = answer.get("advice") if answer else None
    p_lucky = advice["p_lucky"] if advice else p_2d6_at_most(luck)
    parts = [what, stake, t("combat.p_lucky", p=percent(scene.ui, p_lucky), luck=luck), advice_words(scene, state)]
    keys = scene.services.keymap
    parts.append(t("access.decide_keys", luck=keys.label("test_luck"), accept=keys.label("accept")))
    return ". ".join(p.rstrip(".") for p in parts if p)


def turn_words(scene: Any, state: Any) -> str:
    """Whose turn: the hint the board shows, and the keys that act."""
    t, fight, keys = scene.ui.t, state.fight, scene.services.keymap
    parts = []
    target = scene.current_target()
    if fight.shots_left > 0 and not fight.bow_broken and scene.book.archery is not None:
        parts.append(t("combat.hint_archery", n=fight.shots_left, skill=state.hero.scores["skill"]))
        parts.append(t("access.shoot_key", shortcut=keys.label("shoot")))
    if target is not None:
        parts.append(t("access.target", name=name_of(state, target)))
    parts.append(t("access.round_key", shortcut=keys.label("round")))
    return ". ".join(p.rstrip(".") for p in parts if p)


def summary_words(t: Any, book: Any, state: Any) -> str:
    """The end of the fight: who won and the tallies."""
    fight = state.fight
    stats = fight.stats
    rows = [
        ("combat.sum_rounds", stats.rounds),
        ("combat.sum_dealt", stats.damage_dealt),
        ("combat.sum_taken", stats.damage_taken),
        ("combat.sum_luck", stats.luck_spent),
    ]
    if book.archery is not None:
        rows.append(("combat.sum_arrows", stats.arrows_spent))
    tallies = ", ".join(f"{t(key)} {value}" for key, value in rows)
    return ". ".join([t("combat.summary_title"), tallies, t("access.finish_hint")])


def now_words(scene: Any) -> str:
    """What is asked of the player now."""
    state = scene.state
    fight = state.fight
    if fight is None:
        return ""
    if fight.active and fight.pending:
        return decision_words(scene, state)
    if not fight.active:
        return summary_words(scene.ui.t, scene.book, state)
    return turn_words(scene, state)


def step_words(t: Any, step: Step) -> str:
    """One step of the fight told in full: its log lines (the banner repeats the last of them)."""
    told = tell(t, step)
    lines = [text for text, _tone in told.lines]
    return ". ".join(line.rstrip(".") for line in lines) if lines else told.banner


def fight_words(scene: Any) -> str:
    """The whole board: the combatants, the last step, what to do now."""
    t = scene.ui.t
    state = scene.state
    if state.fight is None:
        return ""
    last = step_words(t, scene.timeline.last) if scene.timeline.last is not None else ""
    rules = rules_in_force(t, scene.book, state.fight, scene.ui.catalogue.language)
    return ". ".join(p.rstrip(".") for p in (combatant_words(t, scene.book, state), *rules, last, now_words(scene)) if p)


def after_step_words(scene: Any) -> str:
    """Said after each accepted action: what happened, the combatants' STAMINA, then what now."""
    t = scene.ui.t
    if scene.timeline.last is None or scene.state.fight is None:
        return ""
    parts = [step_words(t, scene.timeline.last)]
    parts.append(combatant_words(t, scene.book, scene.state))
    parts.append(now_words(scene))
    return ". ".join(p.rstrip(".") for p in parts if p)


class CombatVoice:
    """The board's announcements: each change as it lands, the advisor's numbers when the odds come."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.advice_owed = False  # a wound waits and the odds worker has not answered yet

    def changed(self, changes: list[Change]) -> None:
        """After the board read the session again: say the newest change (an undo says what it took back)."""
        scene = self.scene
        fight = scene.fight
        if not changes or scene.done or fight is None:
            return
        ui, change = scene.ui, changes[-1]
        if change.kind is ChangeKind.UNDO:
            ui.say(ui.t("access.undone", what=describe_entry(ui, scene.book, change.entry)))
            return
        ui.say(after_step_words(scene))
        self.advice_owed = bool(
            fight.active and fight.pending and not fight.pending[0].escape and not advice_words(scene, scene.state)
        )

    def odds_ready(self) -> None:
        """The odds have come: the advisor's numbers for the wound still pending, if they were owed."""
        scene = self.scene
        words = advice_words(scene, scene.state) if self.advice_owed and scene.fight is not None and scene.fight.pending else ""
        if words:
            self.advice_owed = False
            scene.ui.say(words, interrupt=False)

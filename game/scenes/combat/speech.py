"""The combat board in words: what a screen-reader user hears during a fight.

The same sources as the board: its view (the fight's state, its newest step told
by ``text.tell``, the odds worker's answer, the creature attacked), the Luck
stakes from the book's combat rules. After each step the player hears the
outcome, then what is asked of them now: the wound to settle with the advisor's
numbers, the summary at the end, or whose turn it is.
"""

from __future__ import annotations

from collections.abc import Callable

from game.app.adventure import Change, ChangeKind
from game.app.journal import describe_entry
from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.ff.state import SheetState
from game.rules.odds.dice import p_2d6_at_most
from game.scenes.combat.text import (
    TableWords,
    Translate,
    advice_key,
    fight_of,
    hero_of,
    name_of,
    percent,
    rules_in_force,
    stakes_words,
    tell,
)
from game.scenes.combat.timeline import Step
from game.scenes.combat.view import CombatView
from game.ui.context import UIContext
from game.ui.keymap import Keymap


def sentences(*parts: str) -> str:
    """Parts joined as sentences ("A. B. C"), empty ones dropped, each without its own final stop."""
    return ". ".join(p.rstrip(".") for p in parts if p)


def combatant_words(t: Translate, state: SheetState) -> str:
    """ "You: STAMINA 15 of 20. Aile Noire: SKILL 7, STAMINA 4 of 6, dead"."""
    fight, hero = fight_of(state), hero_of(state)
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


def summary_words(t: Translate, book: FightingFantasyBook, state: SheetState) -> str:
    """The end of the fight: who won and the tallies."""
    stats = fight_of(state).stats
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


def step_words(t: Translate, step: Step, table: TableWords | None = None) -> str:
    """One step of the fight told in full: its log lines (the banner repeats the last of them; ``table``: the words
    of the table a round is read on)."""
    told = tell(t, step, table=table)
    lines = [text for text, _tone in told.lines]
    return ". ".join(line.rstrip(".") for line in lines) if lines else told.banner


class CombatVoice:
    """The board's words and announcements: each change as it lands, the advisor's numbers when the odds come."""

    def __init__(self, ui: UIContext, book: FightingFantasyBook, detail: Callable[[], str] = lambda: "full") -> None:
        """``detail``: the "fight_speech" setting, read each time ("brief": only what changed)."""
        self.ui = ui
        self.book = book
        self.detail = detail
        self.advice_owed = False  # a wound waits and the odds worker has not answered yet

    # -- what is said
    def advice_words(self, view: CombatView) -> str:
        """The advisor's numbers: the chance of winning the fight either way, and its advice ("" until computed)."""
        t = self.ui.t
        advice = view.odds["advice"] if view.odds else None
        if advice is None or fight_of(view.current).pending[0].escape:
            return ""
        test, accept = advice["test_luck"], advice["accept"]
        odds = t("access.advice_odds", test=percent(self.ui, test), accept=percent(self.ui, accept))
        return ". ".join([odds, t(advice_key(test, accept)).rstrip(".")])

    def decision_words(self, view: CombatView, keys: Keymap) -> str:
        """The wound to settle: what it is, what Luck changes, the chance, the advisor's numbers and advice."""
        t, state = self.ui.t, view.current
        what, stake = stakes_words(t, self.book, state)
        luck = hero_of(state).scores.get("luck", 0)
        advice = view.odds["advice"] if view.odds else None
        p_lucky = advice["p_lucky"] if advice else p_2d6_at_most(luck)
        chance = t("combat.p_lucky", p=percent(self.ui, p_lucky), luck=luck)
        keys_words = t("access.decide_keys", luck=keys.label("test_luck"), accept=keys.label("accept"))
        return sentences(what, stake, chance, self.advice_words(view), keys_words)

    def turn_words(self, view: CombatView, keys: Keymap) -> str:
        """Whose turn: the hint the board shows, and the keys that act."""
        t, state = self.ui.t, view.current
        fight = fight_of(state)
        parts = []
        if fight.shots_left > 0 and not fight.bow_broken and self.book.archery is not None:
            parts.append(t("combat.hint_archery", n=fight.shots_left, skill=hero_of(state).scores["skill"]))
            parts.append(t("access.shoot_key", shortcut=keys.label("shoot")))
        if view.attacked is not None:
            parts.append(t("access.target", name=name_of(state, view.attacked)))
        parts.append(t("access.round_key", shortcut=keys.label("round")))
        return sentences(*parts)

    def now_words(self, view: CombatView, keys: Keymap) -> str:
        """What is asked of the player now."""
        fight = view.current_fight
        if fight is None:
            return ""
        if fight.active and fight.pending:
            return self.decision_words(view, keys)
        if not fight.active:
            return summary_words(self.ui.t, self.book, view.current)
        return self.turn_words(view, keys)

    def fight_words(self, view: CombatView, keys: Keymap) -> str:
        """The whole board: the combatants, the rules in force, the last step, what to do now."""
        t, state = self.ui.t, view.current
        if state.fight is None:
            return ""
        last = step_words(t, view.step, view.table) if view.step is not None else ""
        rules = rules_in_force(t, self.book, state.fight, self.ui.catalogue.language)
        return sentences(combatant_words(t, state), *rules, last, self.now_words(view, keys))

    def after_step_words(self, view: CombatView, keys: Keymap) -> str:
        """Said after each accepted action: what happened, the combatants' STAMINA, then what now; brief, only what
        happened and what it asks (a wound to settle, the fight's end), not the state nor the keys again."""
        t = self.ui.t
        fight = view.current.fight
        if view.step is None or fight is None:
            return ""
        step = step_words(t, view.step, view.table)
        if self.detail() == "brief":
            return sentences(step, self.now_words(view, keys) if fight.pending or not fight.active else "")
        return sentences(step, combatant_words(t, view.current), self.now_words(view, keys))

    # -- when it is said
    def changed(self, changes: list[Change], view: CombatView, keys: Keymap) -> None:
        """After the board read the session again: say the newest change (an undo says what it took back)."""
        fight = view.current_fight
        if not changes or fight is None:
            return
        ui, change = self.ui, changes[-1]
        if change.kind is ChangeKind.UNDO:
            ui.say(ui.t("access.undone", what=describe_entry(ui, self.book, change.entry)))
            return
        ui.say(self.after_step_words(view, keys))
        self.advice_owed = bool(fight.active and fight.pending and not fight.pending[0].escape and not self.advice_words(view))

    def odds_ready(self, view: CombatView) -> None:
        """The odds have come: the advisor's numbers for the wound still pending, if they were owed."""
        fight = view.current_fight
        words = self.advice_words(view) if self.advice_owed and fight is not None and fight.pending else ""
        if words:
            self.advice_owed = False
            self.ui.say(words, interrupt=False)

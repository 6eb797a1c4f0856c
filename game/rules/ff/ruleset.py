"""The Fighting Fantasy ruleset: which handler applies each action, the guards every
action passes, the start of a sheet, and the view the cases and the app read."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import TypeAdapter

from game.books.expr import EvalError
from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.availability import action_kinds, availability
from game.rules.dice import FixedDice, Transaction
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.ff import combat, creation, effects, odds_view, rounds, sheet, tools
from game.rules.ff.context import Context, counter_maximum, update_death, warnings
from game.rules.ff.scope import SheetScope
from game.rules.ff.state import SheetState
from game.rules.fork import fork

ACTION_ADAPTER: TypeAdapter[a.FFAction] = TypeAdapter(a.FFAction)

Handler = Callable[[Context, Any], "str | None"]

HANDLERS: dict[type, Handler] = {
    a.RollHero: creation.roll_hero,
    a.PickHero: creation.pick_hero,
    a.SetHero: creation.set_hero,
    a.NameHero: creation.name_hero,
    a.TestLuck: combat.test_luck,
    a.TestSkill: combat.test_skill,
    a.StartFight: combat.start_fight,
    a.Shoot: combat.shoot,
    a.AttackRound: combat.attack_round,
    a.UseLuck: lambda ctx, action: combat.settle(ctx, test_luck=True),
    a.NoLuck: lambda ctx, action: combat.settle(ctx, test_luck=False),
    a.Escape: combat.escape,
    a.StopFight: combat.stop_fight,
    a.Eat: sheet.eat,
    a.UseHerb: sheet.use_herb,
    a.DrinkPotion: sheet.drink_potion,
    a.ChangeStat: sheet.change_stat,
    a.RaiseInitial: sheet.raise_initial,
    a.SetScore: sheet.set_score,
    a.ChangeCounter: sheet.change_counter,
    a.SetCounter: sheet.set_counter,
    a.LoseWeapon: sheet.lose_weapon,
    a.FindWeapon: sheet.find_weapon,
    a.TickDay: sheet.tick_day,
    a.SetDays: sheet.set_days,
    a.RenameDay: sheet.rename_day,
    a.Die: sheet.die,
    a.Revive: sheet.revive,
    a.GoToParagraph: sheet.go_to_paragraph,
    a.SetNotes: sheet.set_notes,
    a.AddItem: sheet.add_item,
    a.RemoveItem: sheet.remove_item,
    a.RenameItem: sheet.rename_item,
    a.AddCreature: sheet.add_creature,
    a.EditCreature: sheet.edit_creature,
    a.RemoveCreature: sheet.remove_creature,
    a.Choose: effects.choose,
    a.Test: tools.test,
    a.Cast: effects.cast,
    a.RollDice: tools.roll,
    a.Tick: sheet.tick,
    a.Buy: sheet.buy,
    a.Sell: sheet.sell,
}

# Kind-level guards of actions that need data: what the rules check before looking at that data.
KIND_GUARDS: dict[type, Callable[[Context], None]] = {
    a.StartFight: combat.may_start_fight,
    a.Choose: effects.may_choose,
    a.Cast: effects.may_cast,
}

CORE_STATS = ("skill", "stamina", "luck")
# R-COMBAT-3 decision: while a wound waits, only the decision itself (or undo) is allowed.
WHILE_PENDING = (a.UseLuck, a.NoLuck)
# Things that need no hero, and what may still be written on the sheet of a dead hero.
WITHOUT_HERO = (
    a.RollHero,
    a.PickHero,
    a.SetHero,
    a.SetNotes,
    a.GoToParagraph,
    a.AddItem,
    a.RemoveItem,
    a.RenameItem,
    a.AddCreature,
    a.EditCreature,
    a.RemoveCreature,
    a.RollDice,
)


class FightingFantasyRules:
    """Plugs the Fighting Fantasy rules into a :class:`game.rules.session.Session`."""

    kind = "fighting_fantasy"
    state_type = SheetState
    action_adapter = ACTION_ADAPTER
    derived_roots = ("odds", "advice")

    def derived(self, book: FightingFantasyBook, state: SheetState, root: str) -> dict[str, Any]:
        """Values computed on demand rather than stored: the fight odds and the Luck advice."""
        return odds_view.odds(book, state) if root == "odds" else odds_view.advice(book, state)

    def start(self, book: FightingFantasyBook, hero: dict[str, Any] | None, language: str) -> SheetState:
        """A fresh sheet: counters at their start values, the book's equipment, the hero if given.

        ``hero`` gives initial scores; its optional ``current`` object sets
        current scores apart from them (CASES.md). A score without a current
        value starts where the book says (FEAR 0 under a rolled maximum).
        """
        state = SheetState(
            book=book.id,
            language=language,
            counters={c.id: c.start for c in book.counters},
            equipment=[item.get(language) for item in book.equipment],
            flags=[f.id for f in book.flags if f.start],
            tracks={t.id: t.start for t in book.tracks},
            lists={x.id: [item.get(language) for item in x.start] for x in book.lists},
        )
        if hero is not None:
            given = {k: v for k, v in hero.items() if k != "current"}
            current = hero.get("current") or {}
            scores = {}
            for stat in book.stats:
                if stat.computed:
                    continue
                value = given.get(stat.id, stat.fixed)
                if value is None and stat.roll is not None and stat.id not in CORE_STATS:
                    value = stat.roll.maximum  # an extra rolled score left out: its highest roll (CASES.md)
                if value is None:
                    raise ValueError(f"the hero needs a value for '{stat.id}'")
                scores[stat.id] = value
            unknown = (set(given) | set(current)) - set(scores)
            if unknown:
                raise ValueError(f"unknown stats for this book: {sorted(unknown)}")
            state.hero = creation.new_hero(book, scores, current=current)
            update_death(book, state)
        return state

    def available(self, book: FightingFantasyBook, state: SheetState) -> dict[str, Refused | None]:
        """Each kind of action and why it cannot be done now (see game.rules.availability)."""

        def guard(kind: type) -> None:
            self._guard(state, kind)
            kind_guard = KIND_GUARDS.get(kind)
            if kind_guard is not None:
                kind_guard(Context(book, state, Transaction(FixedDice(1), [])))

        def try_whole(action: Any) -> None:
            self.apply(book, fork(state), action, Transaction(FixedDice(1), []))

        return availability(action_kinds(a.FFAction), guard, try_whole)

    @staticmethod
    def _guard(state: SheetState, kind: type) -> None:
        """The guards every action passes (R-COMBAT-3: a wound waits; no hero yet)."""
        fight = state.fight
        if fight is not None and fight.pending and not issubclass(kind, WHILE_PENDING):
            raise Refused("pending_decision", "settle the wound first: Test your Luck or accept it")
        if state.hero is None and not issubclass(kind, WITHOUT_HERO):
            raise Refused("no_hero", "create a hero first")

    def apply(self, book: FightingFantasyBook, state: SheetState, action: Any, dice: Transaction) -> str | None:
        """Apply ``action`` to ``state`` (a private copy) or raise Refused; return its outcome."""
        self._guard(state, type(action))
        if state.messages:
            state.messages = []
        outcome = HANDLERS[type(action)](Context(book, state, dice), action)
        update_death(book, state)  # R-DEATH-1: whatever changed, the book's endings decide
        if outcome is not None:
            state.last = outcome
        return outcome

    def view(self, book: FightingFantasyBook, state: SheetState, language: str = "fr") -> dict[str, Any]:
        """The sheet as nested plain data: the paths of the rules cases (CASES.md) and more."""
        hero = state.hero
        endings = book.rules.endings

        def ending_id(index: int) -> str:
            return endings[index].id or f"ending_{index}"

        view: dict[str, Any] = {
            "hero": None
            if hero is None
            else {
                **hero.scores,
                **computed_scores(book, state),
                "initial": dict(hero.initial),
                "alive": hero.alive,
                "name": hero.name,
                "weapon_lost": hero.weapon_lost,
                "died_of": None if hero.died_of is None else ending_id(hero.died_of),
                "warnings": [ending_id(i) for i in warnings(book, state)],
            },
            "ended": None if state.ended is None else {"id": ending_id(state.ended), "outcome": endings[state.ended].outcome},
            "flags": list(state.flags),
            "tracks": dict(state.tracks),
            "lists": {key: list(items) for key, items in state.lists.items()},
            "messages": list(state.messages),
            "counters": dict(state.counters),
            "last": state.last,
            "paragraph": state.paragraph,
            "equipment": list(state.equipment),
            "creature_boxes": [box.model_dump() for box in state.creature_boxes],
            "calendar": calendar_view(book, state, language),
            "choices": {step: dict(picks) for step, picks in state.choices.items()},
            "result": None if state.last_roll is None else state.last_roll.model_dump(),
            "crew": {member: dict(scores) for member, scores in state.crew.items()},
        }
        fight = state.fight
        view["fight"] = (
            {
                "active": False,
                "winner": None,
                "pending": None,
                "enemies": [],
                "ally": None,
                "bow_broken": False,
                "shots_left": 0,
                "mode": None,
            }
            if fight is None
            else {
                "active": fight.active,
                "winner": fight.winner,
                "mode": fight.mode,
                "pending": fight.pending[0].model_dump() if fight.pending else None,
                "enemies": [e.model_dump() for e in fight.enemies],
                "ally": None if fight.ally is None else fight.ally.model_dump(),
                "ally_alone": fight.ally_alone,
                "profile": fight.profile,
                "hero_modifier": fight.hero_modifier,
                "options": list(fight.options),
                "last_round": [e.model_dump() for e in fight.last_round],
                "bow_broken": fight.bow_broken,
                "shots_left": fight.shots_left,
                "rounds": fight.stats.rounds,
            }
        )
        return view


@dataclass(frozen=True)
class HeroSide:
    """The hero's side of a fight under its profile, as the board shows it (the profile's parts worked out now)."""

    attack: int | None  # what the hero's side adds to its attack dice (None: cannot be worked out now)
    attack_score: str | None  # the score it is when the attack is one score (``firepower``), else None
    wounds: str  # what a wound takes: a score, or ``counters.<id>`` (an army's warriors)
    wounds_value: int
    wounds_maximum: int  # the bar's full length: the score's initial value, the counter's maximum (or its value)
    luck: int | None  # None: the book has no LUCK
    luck_initial: int | None
    luck_allowed: bool  # Luck may change a wound in this kind of fight


def hero_side(book: FightingFantasyBook, state: SheetState, profile: str | None = None) -> HeroSide:
    """The hero's side under ``profile`` (default: the current fight's, else the book's own)."""
    hero = state.hero
    assert hero is not None  # a fight needs a hero
    pid = profile if profile is not None else (state.fight.profile if state.fight is not None else None)
    found = book.rules.profile(pid)
    scope = SheetScope(book, state)
    try:
        attack: int | None = rounds.integer(book, found.rules.attack, scope)
    except EvalError:
        attack = None
    wounds = found.rules.wounds
    prefix, _, name = wounds.partition(".")
    value = scope[wounds]
    assert type(value) is int, wounds  # a score or a counter
    if prefix == "counters":
        maximum = counter_maximum(book, name, state) or value
    else:
        maximum = hero.initial.get(wounds, value)
    has_luck = book.has_stat("luck")
    return HeroSide(
        attack=attack,
        attack_score=found.rules.attack if book.has_stat(found.rules.attack) else None,
        wounds=wounds,
        wounds_value=value,
        wounds_maximum=max(maximum, value),
        luck=hero.scores.get("luck") if has_luck else None,
        luck_initial=hero.initial.get("luck") if has_luck else None,
        luck_allowed=found.luck_allowed,
    )


def computed_scores(book: FightingFantasyBook, state: SheetState) -> dict[str, int | None]:
    """Each computed score's value now (None when it cannot be worked out: the sheet shows "—")."""
    if not book.rules.computed:
        return {}
    scope = SheetScope(book, state)
    values: dict[str, int | None] = {}
    for name in book.rules.computed:
        try:
            value = scope[name]
            values[name] = value if type(value) is int else None
        except EvalError:
            values[name] = None
    return values


def day_name(book: FightingFantasyBook, state: SheetState, index: int, language: str = "fr") -> str:
    """The name of day ``index`` of the week: the player's rename, else the book's."""
    assert book.calendar is not None
    return state.calendar.renames.get(index) or book.calendar.days[index].get(language)


def calendar_view(book: FightingFantasyBook, state: SheetState, language: str = "fr") -> dict[str, Any] | None:
    """R-TIME-1: today's name (None before the first tick), days ticked, weeks elapsed."""
    calendar = book.calendar
    if calendar is None:
        return None
    ticked = state.calendar.ticked
    length = len(calendar.days)
    today_index = None if ticked == 0 else (calendar.first_tick + ticked - 1) % length
    return {
        "ticked": ticked,
        "today": None if today_index is None else day_name(book, state, today_index, language),
        "today_index": today_index,
        "weeks": ticked // length,
        "days": [day_name(book, state, i, language) for i in range(length)],
    }

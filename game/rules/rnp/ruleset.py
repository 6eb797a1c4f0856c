"""The Rôle'n Play ruleset: which handler applies each action, the start of a table, and its view."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import TypeAdapter

from game.books.rolenplay import RolenplayBook
from game.rules.availability import action_kinds, availability
from game.rules.dice import FixedDice, Transaction
from game.rules.errors import Refused
from game.rules.fork import fork
from game.rules.rnp import actions as a
from game.rules.rnp import (
    clock,
    exhaustion,
    hazards,
    health,
    hiding,
    movement,
    party,
    supplies,
    sustenance,
    timers,
    travel,
    vision,
)
from game.rules.rnp.abilities import check_score
from game.rules.rnp.context import Context
from game.rules.rnp.state import Character, Clock, TableState
from game.rules.rnp.view import table_view

ACTION_ADAPTER: TypeAdapter[a.RnpAction] = TypeAdapter(a.RnpAction)

Handler = Callable[[Context, Any], "str | None"]

HANDLERS: dict[type, Handler] = {
    a.Travel: travel.travel,
    a.TravelParty: travel.travel_party,
    a.Jump: movement.jump,
    a.SpecialMove: movement.special_move,
    a.Fall: hazards.fall,
    a.HoldBreath: hazards.hold_breath,
    a.Fast: sustenance.fast,
    a.Thirst: sustenance.thirst,
    a.EatDay: sustenance.eat_day,
    a.SetFasting: sustenance.set_fasting,
    a.Drink: sustenance.drink,
    a.DrinkDay: sustenance.drink_day,
    a.Visibility: vision.visibility,
    a.Hide: hiding.hide,
    a.Reveal: hiding.reveal,
    a.AddCharacter: party.add_character,
    a.EditCharacter: party.edit_character,
    a.RemoveCharacter: party.remove_character,
    a.SetExhaustion: exhaustion.set_exhaustion,
    a.LongRest: exhaustion.long_rest,
    a.Advance: clock.advance,
    a.SetScale: clock.set_scale,
    a.SetClock: clock.set_clock,
    a.AdvanceTo: clock.advance_to,
    a.SetTimeOfDay: clock.set_time_of_day,
    a.SetLight: clock.set_light,
    a.SetMoon: clock.set_moon,
    a.ConditionsLost: hiding.conditions_lost,
    a.Search: hiding.search,
    a.ShortRest: exhaustion.short_rest,
    a.AddTimer: timers.add_timer,
    a.RemoveTimer: timers.remove_timer,
    a.RestartTimer: timers.restart_timer,
    a.SetHp: health.set_hp,
    a.Damage: health.damage,
    a.Heal: health.heal,
    a.SetSupplies: supplies.set_supplies,
    a.SupplyDay: supplies.supply_day,
    a.Rejoin: party.rejoin,
}

# The character a session may be started with (cases' "hero"): a name the screen can rename.
START_HERO_NAME = "hero"


class RolenplayRules:
    """Plugs the Rôle'n Play rules into a :class:`game.rules.session.Session`."""

    kind = "rolenplay"
    state_type = TableState
    action_adapter = ACTION_ADAPTER

    def start(self, book: RolenplayBook, hero: dict[str, int] | None, language: str) -> TableState:
        """A fresh table at time 0 on the book's starting scale; ``hero`` (ability scores, optional
        ``proficiency``) puts one character called "hero" in the party."""
        state = TableState(book=book.id, clock=Clock(scale=book.time.start_scale))
        if hero is not None:
            ids = [ability.id for ability in book.abilities.scores]
            unknown = set(hero) - set(ids) - {"proficiency"}
            if unknown:
                raise ValueError(f"unknown abilities for this book: {sorted(unknown)}")
            for ability in ids:
                if ability in hero:
                    try:
                        check_score(book, hero[ability], ability)
                    except Refused as refused:  # a bad start is the caller's error, not a refusal
                        raise ValueError(refused.message) from None
            scores = {ability: hero.get(ability, book.abilities.modifier_base) for ability in ids}
            proficiency = hero.get("proficiency", book.abilities.proficiency_default)
            state.party.append(Character(name=START_HERO_NAME, scores=scores, proficiency=proficiency))
        return state

    def apply(self, book: RolenplayBook, state: TableState, action: Any, dice: Transaction) -> str | None:
        """Apply ``action`` to ``state`` (a private copy) or raise Refused before any die is drawn; then
        what the clock's new time brings: breaths run out (R-RNP-AIR-1), hiding places no longer
        hiding (R-RNP-HIDE-1)."""
        ctx = Context(book, state, dice)
        outcome = HANDLERS[type(action)](ctx, action)
        timers.settle_breaths(ctx)
        hiding.settle_hiding_places(ctx)
        return outcome

    def available(self, book: RolenplayBook, state: TableState) -> dict[str, Refused | None]:
        """Each kind of action and why it cannot be done now (parameterless kinds tried whole on a copy)."""

        def try_whole(action: Any) -> None:
            self.apply(book, fork(state), action, Transaction(FixedDice(1), []))

        return availability(action_kinds(a.RnpAction), lambda kind: None, try_whole)

    def view(self, book: RolenplayBook, state: TableState, language: str = "fr") -> dict[str, Any]:
        """The table as nested plain data (CASES.md "Rôle'n Play actions" paths, tests/cases/README.md)."""
        return table_view(book, state, language)

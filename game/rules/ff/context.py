"""What every Fighting Fantasy rule handler works with, and the guards they share."""

from __future__ import annotations

from dataclasses import dataclass

from game.books.ff_combat import CombatRules
from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.dice import Transaction
from game.rules.errors import Refused
from game.rules.ff.state import Fight, Hero, SheetState


@dataclass
class Context:
    """The book, a private copy of the state to change, and the dice of this action."""

    book: FightingFantasyBook
    state: SheetState
    dice: Transaction

    def hero(self) -> Hero:
        """The hero, or a refusal when none has been created yet."""
        if self.state.hero is None:
            raise Refused("no_hero", "create a hero first")
        return self.state.hero

    def living_hero(self) -> Hero:
        """The hero, refusing when dead (R-DEATH-1)."""
        hero = self.hero()
        if not hero.alive:
            raise Refused("hero_dead", "the hero is dead")
        return hero

    def active_fight(self) -> Fight:
        """The fight in progress, or a refusal."""
        fight = self.state.fight
        if fight is None or not fight.active:
            raise Refused("no_fight", "there is no fight in progress")
        return fight

    def in_fight(self) -> bool:
        return self.state.fight is not None and self.state.fight.active

    @property
    def language(self) -> str:
        """The sheet's language ("fr" or "en")."""
        return self.state.language

    def rules(self) -> CombatRules:
        """The combat rules in force: the current fight's profile, else the book's default."""
        fight = self.state.fight
        return self.book.profile(fight.profile if fight is not None else None)

    def roll(self, count: int, sides: int = 6, who: str = "", what: str = "") -> list[int]:
        """Roll ``count`` dice through this action's transaction: ``who`` rolls them for ``what`` (DieUse)."""
        return self.dice.roll_many(count, sides, who, what)


def clamp_score(book: FightingFantasyBook, hero: Hero, stat: str, value: int) -> int:
    """R-CAP-1 / R-CAP-2: no score above its initial value (when capped) or its cap, nor below its floor."""
    definition = book.stat(stat)
    if definition.capped_at_initial:
        value = min(value, hero.initial[stat])
    if definition.cap is not None:
        value = min(value, definition.cap)
    return max(value, definition.floor)


def update_death(book: FightingFantasyBook, hero: Hero) -> None:
    """R-DEATH-1: the hero is dead while one of the book's death conditions holds; remember which."""
    hero.died_of = None
    for index, threshold in enumerate(book.thresholds):
        if threshold.consequence != "death" or threshold.stat not in hero.scores:
            continue
        if threshold.holds(hero.scores[threshold.stat], hero.initial[threshold.stat]):
            hero.died_of = index
            return


def warnings(book: FightingFantasyBook, hero: Hero) -> list[int]:
    """The indices of the book's warning thresholds that hold now (the sheet shows them)."""
    return [
        i
        for i, t in enumerate(book.thresholds)
        if t.consequence == "warning" and t.stat in hero.scores and t.holds(hero.scores[t.stat], hero.initial[t.stat])
    ]


def known_stat(book: FightingFantasyBook, stat: str) -> str:
    """The stat id, or a refusal naming the book's stats."""
    ids = [s.id for s in book.stats]
    if stat not in ids:
        raise Refused("unknown_stat", f"'{stat}' is not a score of this book ({', '.join(ids)})", stat=stat)
    return stat


def known_counter(book: FightingFantasyBook, name: str) -> str:
    """The counter id, or a refusal naming the book's counters."""
    ids = [c.id for c in book.counters]
    if name not in ids:
        raise Refused("unknown_counter", f"'{name}' is not a counter of this book ({', '.join(ids) or 'none'})", counter=name)
    return name


def clamp_counter(book: FightingFantasyBook, name: str, value: int) -> int:
    """A counter stays between 0 and its maximum."""
    maximum = book.counter(name).maximum
    if maximum is not None:
        value = min(value, maximum)
    return max(value, 0)

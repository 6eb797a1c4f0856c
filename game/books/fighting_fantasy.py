"""The model of a Fighting Fantasy (Défis Fantastiques) book: every number the rules use.

Nothing a book could change lives in the rules code; it lives here, filled
from ``books/<ID>.json``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from game.books.common import Identifier, LocalText, Strict
from game.books.sections import Section, SectionNumber, check_sections

StatId = Annotated[str, Identifier]
CounterId = Annotated[str, Identifier]


class DiceFormula(Strict):
    """``dice`` d``sides`` + ``plus`` (R-CREATE-1: 1d6+6, 2d6+12)."""

    dice: int = Field(ge=1, le=10)
    sides: int = Field(default=6, ge=2, le=100)
    plus: int = Field(default=0, ge=-100, le=100)

    @property
    def minimum(self) -> int:
        return self.dice + self.plus

    @property
    def maximum(self) -> int:
        return self.dice * self.sides + self.plus


class StatDef(Strict):
    """One score of the hero (SKILL, STAMINA, LUCK, WILLPOWER…)."""

    id: StatId
    name: LocalText
    short: LocalText | None = None
    roll: DiceFormula | None = None
    fixed: int | None = Field(default=None, ge=0, le=999)
    floor: int = Field(default=0, ge=0, le=999)
    capped_at_initial: bool = True

    @model_validator(mode="after")
    def _one_source(self) -> StatDef:
        if (self.roll is None) == (self.fixed is None):
            raise ValueError("a stat needs exactly one of 'roll' (a dice formula) or 'fixed' (a start value)")
        return self


class CounterDef(Strict):
    """A counted thing on the sheet: arrows, gold, provisions, herbs, potions…"""

    id: CounterId
    name: LocalText
    start: int = Field(ge=0, le=9999)
    maximum: int | None = Field(default=None, ge=0, le=9999)
    icon: Literal["arrow", "gold", "provisions", "herb", "potion", "generic"] = "generic"

    @model_validator(mode="after")
    def _start_fits(self) -> CounterDef:
        if self.maximum is not None and self.start > self.maximum:
            raise ValueError(f"start {self.start} is above the maximum {self.maximum}")
        return self


class LuckOutcome(Strict):
    """Damage in all after a Luck test (R-COMBAT-3)."""

    lucky: int = Field(ge=0, le=99)
    unlucky: int = Field(ge=0, le=99)


class CombatRules(Strict):
    """R-COMBAT-1..6: attack dice, damages, Luck in combat, lost weapon, escape."""

    attack_dice: int = Field(default=2, ge=1, le=5)
    hit_damage: int = Field(default=2, ge=1, le=99)
    hit_luck: LuckOutcome = LuckOutcome(lucky=4, unlucky=1)
    wound_damage: int = Field(default=2, ge=1, le=99)
    wound_luck: LuckOutcome = LuckOutcome(lucky=1, unlucky=3)
    lost_weapon_penalty: int = Field(default=2, ge=0, le=99)
    escape_damage: int = Field(default=2, ge=0, le=99)


class TestRules(Strict):
    """R-LUCK-1 / R-SKILL-1: roll ``dice`` d6, succeed at or under the score."""

    dice: int = Field(default=2, ge=1, le=5)
    cost: int = Field(default=0, ge=0, le=99)


class Healing(Strict):
    """Something that uses one of a counter and restores STAMINA (a meal, an herb)."""

    counter: CounterId
    stamina: int = Field(ge=0, le=99)
    in_fight: bool = False


class PotionEffect(Strict):
    """R-POTION-1: restore a score to its initial value, after raising the initial."""

    restores: StatId
    raise_initial: int = Field(default=0, ge=0, le=99)
    name: LocalText


class Potions(Strict):
    """R-GOLD-1: potions are one count; each kind restores one score."""

    counter: CounterId
    kinds: dict[Annotated[str, Identifier], PotionEffect] = Field(min_length=1)
    in_fight: bool = False


class Archery(Strict):
    """R-BOW-1..4: the bow, its quiver counter, the shot roll and damage."""

    counter: CounterId
    shot_dice: int = Field(default=2, ge=1, le=5)
    shot_damage: int = Field(default=2, ge=1, le=99)


class Calendar(Strict):
    """R-TIME-1: the named days of the week; ``first_tick`` is the first day ticked."""

    name: LocalText
    days: list[LocalText] = Field(min_length=1, max_length=31)
    first_tick: int = Field(default=0, ge=0)
    renamable: list[int] = Field(default_factory=list)

    @model_validator(mode="after")
    def _indices_fit(self) -> Calendar:
        if self.first_tick >= len(self.days):
            raise ValueError(f"first_tick {self.first_tick} is not a day index (0..{len(self.days) - 1})")
        for index in self.renamable:
            if not 0 <= index < len(self.days):
                raise ValueError(f"renamable day {index} is not a day index (0..{len(self.days) - 1})")
        return self


class ReadyHero(Strict):
    """R-CREATE-2: a ready-made hero, with a short portrait of our own words."""

    name: str = Field(min_length=1, max_length=80)
    scores: dict[StatId, Annotated[int, Field(ge=0, le=999)]]
    equipment: list[LocalText] = Field(default_factory=list)
    portrait: LocalText


class Death(Strict):
    """R-DEATH-1: whether the book may tell the player to carry on after death."""

    may_continue: bool = False
    note: LocalText | None = None


class FightingFantasyBook(Strict):
    """A Défis Fantastiques book: stats, counters and the numbers of every rule."""

    format: Literal[1] = 1
    kind: Literal["fighting_fantasy"] = "fighting_fantasy"
    id: str = Field(pattern=r"^[A-Za-z0-9_-]{1,32}$")
    title: LocalText
    series_number: int | None = Field(default=None, ge=1, le=999)
    blurb: LocalText | None = None
    stats: list[StatDef] = Field(min_length=3, max_length=12)
    counters: list[CounterDef] = Field(default_factory=list, max_length=24)
    equipment: list[LocalText] = Field(default_factory=list, max_length=100)
    combat: CombatRules = CombatRules()
    luck_test: TestRules = TestRules(cost=1)
    skill_test: TestRules = TestRules()
    meal: Healing | None = None
    herb: Healing | None = None
    potions: Potions | None = None
    archery: Archery | None = None
    calendar: Calendar | None = None
    ready_heroes: list[ReadyHero] = Field(default_factory=list, max_length=20)
    death: Death = Death()
    sections: list[Section] = Field(default_factory=list, max_length=2000)
    first_section: SectionNumber | None = None

    @property
    def entry_section(self) -> int:
        """The section the adventure starts at: ``first_section``, else 1."""
        return self.first_section if self.first_section is not None else 1

    def section(self, number: int) -> Section | None:
        """The section numbered ``number``, or None (also for books without sections)."""
        for section in self.sections:
            if section.number == number:
                return section
        return None

    @model_validator(mode="after")
    def _references_resolve(self) -> FightingFantasyBook:
        stat_ids = [s.id for s in self.stats]
        counter_ids = [c.id for c in self.counters]
        for needed in ("skill", "stamina", "luck"):
            if needed not in stat_ids:
                raise ValueError(f"the stats must include '{needed}' (the core rules use it)")
        if len(set(stat_ids)) != len(stat_ids):
            raise ValueError("two stats have the same id")
        if len(set(counter_ids)) != len(counter_ids):
            raise ValueError("two counters have the same id")
        for where, section in (("meal", self.meal), ("herb", self.herb), ("potions", self.potions), ("archery", self.archery)):
            if section is not None and section.counter not in counter_ids:
                raise ValueError(f"{where}.counter '{section.counter}' is not one of the counters {counter_ids}")
        if self.potions is not None:
            for kind, effect in self.potions.kinds.items():
                if effect.restores not in stat_ids:
                    raise ValueError(f"potions.kinds.{kind}.restores '{effect.restores}' is not a stat")
        for hero in self.ready_heroes:
            for stat in self.stats:
                if stat.roll is not None and stat.id not in hero.scores:
                    raise ValueError(f"ready hero '{hero.name}' has no score for '{stat.id}'")
            for stat_id in hero.scores:
                if stat_id not in stat_ids:
                    raise ValueError(f"ready hero '{hero.name}' has a score for unknown stat '{stat_id}'")
        return self

    @model_validator(mode="after")
    def _sections_resolve(self) -> FightingFantasyBook:
        """After the stats and counters are known good: the sections' references (game.books.sections)."""
        if self.first_section is not None and not self.sections:
            raise ValueError("'first_section' is given but the book has no sections")
        check_sections(self)
        return self

    def stat(self, stat_id: str) -> StatDef:
        """The definition of one stat (KeyError if the book has none)."""
        for stat in self.stats:
            if stat.id == stat_id:
                return stat
        raise KeyError(stat_id)

    def counter(self, counter_id: str) -> CounterDef:
        """The definition of one counter (KeyError if the book has none)."""
        for counter in self.counters:
            if counter.id == counter_id:
                return counter
        raise KeyError(counter_id)

"""Book-defined mechanics of a Fighting Fantasy book: effects, creation choices, spells, thresholds.

Every classic book adds a few rules of its own (a potion chosen at the start,
spells bought with MAGIC, a FEAR score that kills at its maximum…). They are
written here as data, so that a new book is a new JSON file: an *effect* is
one change the rules make (heal, restore, add a counter, summon an ally…);
a *creation step* offers options that grant effects; a *spell* (or any
ability that is cast) spends a counter or a score and applies effects; a
*threshold* says what happens when a score reaches a value (death, a warning).
The rules that apply them live in ``game.rules.ff.effects``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from game.books.common import Identifier, LocalText, Strict

StatId = Annotated[str, Identifier, Field(description="The id of one of the book's stats (`skill`, `stamina`, `fear`…).")]
CounterId = Annotated[str, Identifier, Field(description="The id of one of the book's counters.")]
OptionId = Annotated[str, Identifier, Field(description="A snake_case id, unique in its list.")]

AMOUNT_PATTERN = r"^(half_initial|-?[1-9][0-9]?d[0-9]{1,3}([+-][0-9]{1,3})?)$"
Amount = Annotated[int, Field(ge=-999, le=999)] | Annotated[str, Field(pattern=AMOUNT_PATTERN)]
"""A number, ``"half_initial"`` (half the initial score, rounded down), or dice such as ``"1d6"``, ``"-2d6+1"``."""

AMOUNT_HELP = (
    'A whole number, "half_initial" (half the initial score, rounded down) '
    'or dice such as "1d6", "2d6+1", "-1d6" (rolled when the effect applies).'
)


class ChangeEffect(Strict):
    """Gain or lose points of a score; R-CAP-1/R-CAP-2 still apply (the initial score caps it)."""

    effect: Literal["change"] = Field(description="Gain or lose points of one of the hero's scores.")
    stat: StatId
    by: Amount = Field(description=AMOUNT_HELP)


class RaiseInitialEffect(Strict):
    """The initial score moves, and the current one with it (R-CAP-1 decision)."""

    effect: Literal["raise_initial"] = Field(description="Raise (or lower) an initial score; the current score moves with it.")
    stat: StatId
    by: int = Field(ge=-99, le=99, description="Points added to the initial score (negative: taken away).")


class RestoreEffect(Strict):
    """The score goes back to its initial value (a Potion of Skill)."""

    effect: Literal["restore"] = Field(description="Bring a score back to its initial value.")
    stat: StatId


class CounterEffect(Strict):
    """Add to (or take from) a counter: doses, spells, gold, arrows…"""

    effect: Literal["counter"] = Field(description="Add to (or take from) one of the book's counters.")
    counter: CounterId
    by: int = Field(ge=-999, le=999, description="How many to add (negative: to take away).")


class ItemEffect(Strict):
    """An item written in the equipment list (in the sheet's language)."""

    effect: Literal["item"] = Field(description="Write an item in the hero's equipment.")
    item: LocalText = Field(description="The item's name, in French and English.")


class AttackModifierEffect(Strict):
    """A modifier to an Attack Strength until the current fight ends."""

    effect: Literal["attack_modifier"] = Field(description="Change an Attack Strength for the rest of the current fight.")
    who: Literal["hero", "creature"] = Field(
        description="`hero`: the hero's Attack Strength; `creature`: the targeted creature's."
    )
    by: int = Field(ge=-20, le=20, description="Points added to that Attack Strength (negative: taken away).")


class AllyEffect(Strict):
    """A creature that fights in the hero's place until it falls (then the hero fights on)."""

    effect: Literal["ally"] = Field(description="Summon an ally that fights in the hero's place during the current fight.")
    name: LocalText = Field(description="What the ally is called on the combat board.")
    copy_creature: bool = Field(
        default=False, description="True: the ally has the targeted creature's SKILL and STAMINA (a creature copy)."
    )
    skill: int | None = Field(default=None, ge=0, le=99, description="The ally's SKILL (when it is not a copy).")
    stamina: int | None = Field(default=None, ge=1, le=999, description="The ally's STAMINA (when it is not a copy).")

    @model_validator(mode="after")
    def _scores_given(self) -> AllyEffect:
        if not self.copy_creature and (self.skill is None or self.stamina is None):
            raise ValueError("an ally needs 'skill' and 'stamina', or 'copy_creature': true")
        return self


class FleeEffect(Strict):
    """The targeted creature leaves the fight; the fight is won when none is left."""

    effect: Literal["flee"] = Field(description="The targeted creature flees the current fight.")


class DamageEffect(Strict):
    """The targeted creature loses STAMINA (a fire bolt)."""

    effect: Literal["damage"] = Field(description="The targeted creature loses STAMINA.")
    by: Amount = Field(description=AMOUNT_HELP + ' "half_initial" is half the creature\'s starting STAMINA.')


Effect = Annotated[
    ChangeEffect
    | RaiseInitialEffect
    | RestoreEffect
    | CounterEffect
    | ItemEffect
    | AttackModifierEffect
    | AllyEffect
    | FleeEffect
    | DamageEffect,
    Field(discriminator="effect"),
]
FIGHT_EFFECTS = (AttackModifierEffect, AllyEffect, FleeEffect, DamageEffect)
"""Effects that only make sense in a fight: a spell that has one can only be cast in a fight."""


class ChoiceOption(Strict):
    """One option of a creation step, and what picking it once grants."""

    id: OptionId
    name: LocalText = Field(description="The option's name as the creation screen shows it.")
    description: LocalText | None = Field(default=None, description="One line on what the option does (our own words).")
    grants: list[Effect] = Field(
        default_factory=list,
        max_length=20,
        description="What each pick of this option gives: counters, items, doses, score changes.",
    )


class ChoiceStep(Strict):
    """A choice made when the hero is created: N options from a list (Warlock's potion, Citadel's spells)."""

    id: OptionId
    name: LocalText = Field(description="The step's title on the creation screen.")
    help: LocalText | None = Field(default=None, description="What the player is asked to do, in our own words.")
    options: list[ChoiceOption] = Field(min_length=1, max_length=60, description="The options offered.")
    count: int | StatId = Field(
        description="How many picks in all: a number, or the id of a stat whose initial value is the number (`magic`)."
    )
    exact: bool = Field(default=True, description="True: exactly `count` picks; false: at most `count`.")
    repeats: bool = Field(default=False, description="True: the same option may be picked several times.")
    max_each: int | None = Field(
        default=None, ge=1, le=99, description="With repeats: how many times one option may be picked at most (none: no limit)."
    )

    @model_validator(mode="after")
    def _unique_options(self) -> ChoiceStep:
        ids = [o.id for o in self.options]
        if len(set(ids)) != len(ids):
            raise ValueError("two options have the same id")
        if isinstance(self.count, int) and not 1 <= self.count <= 99:
            raise ValueError("'count' must be from 1 to 99")
        return self


class Spell(Strict):
    """A spell, special skill or ability that is cast: what it costs, when it may be cast, what it does."""

    id: OptionId
    name: LocalText = Field(description="The spell's name on the sheet.")
    description: LocalText | None = Field(default=None, description="What the spell does, in our own words.")
    counter: CounterId | None = Field(
        default=None, description="The counter spent by one cast (one use of a learnt spell); none: no counter."
    )
    requires: CounterId | None = Field(
        default=None,
        description="Cast only while this counter is above 0 (a path chosen at creation, e.g. the wizard's); it is not spent.",
    )
    cost: dict[StatId, Annotated[int, Field(ge=1, le=99)]] = Field(
        default_factory=dict, description='Points of scores each cast costs (e.g. {"magic": 1} or {"stamina": 2}).'
    )
    when: Literal["any", "fight", "outside_fight"] = Field(
        default="any", description="`fight`: only during a fight; `outside_fight`: never during one; `any`: both."
    )
    effects: list[Effect] = Field(
        default_factory=list,
        max_length=20,
        description="What the spell does, in order. Empty: the book's paragraph says what happens.",
    )

    @model_validator(mode="after")
    def _fight_effects_need_a_fight(self) -> Spell:
        if self.when == "outside_fight" and any(isinstance(e, FIGHT_EFFECTS) for e in self.effects):
            raise ValueError("a spell with a fight effect (ally, flee, damage, attack_modifier) cannot be 'outside_fight'")
        return self

    @property
    def needs_fight(self) -> bool:
        """Cast only during a fight: said so, or one of its effects acts on the fight."""
        return self.when == "fight" or any(isinstance(e, FIGHT_EFFECTS) for e in self.effects)


class Threshold(Strict):
    """A value of a score with a consequence: death (FEAR at its maximum) or a warning the sheet shows."""

    stat: StatId
    at_most: int | Literal["initial"] | None = Field(
        default=None, description='Holds when the score is at or below this (a number or "initial").'
    )
    at_least: int | Literal["initial"] | None = Field(
        default=None, description='Holds when the score is at or above this (a number or "initial").'
    )
    offset: int = Field(default=0, ge=-99, le=99, description='Added to "initial" (-2: two points short of the initial score).')
    consequence: Literal["death", "warning"] = Field(description="`death`: the hero dies; `warning`: the sheet warns.")
    message: LocalText | None = Field(default=None, description="What the death screen or the warning says (our own words).")

    @model_validator(mode="after")
    def _one_bound(self) -> Threshold:
        if (self.at_most is None) == (self.at_least is None):
            raise ValueError("a threshold needs exactly one of 'at_most' or 'at_least'")
        return self

    def limit(self, initial: int) -> int:
        """The value the score is compared with, for a score whose initial value is ``initial``."""
        bound = self.at_most if self.at_most is not None else self.at_least
        assert bound is not None
        return initial + self.offset if bound == "initial" else bound

    def holds(self, current: int, initial: int) -> bool:
        """Whether a score of ``current`` (initial ``initial``) meets this threshold."""
        if self.at_most is not None:
            return current <= self.limit(initial)
        return current >= self.limit(initial)


DEFAULT_THRESHOLDS = [
    Threshold(
        stat="stamina",
        at_most=0,
        consequence="death",
        message=LocalText(fr="Votre ENDURANCE est tombée à 0.", en="Your STAMINA fell to 0."),
    )
]
"""R-DEATH-1: STAMINA 0 is death, the condition of every book that does not list its own."""

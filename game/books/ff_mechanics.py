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

from pydantic import ConfigDict, Field, model_validator

from game.books.common import AMOUNT_HELP, Amount, Condition, Expression, Identifier, LocalText, Strict, Target, refusal
from game.books.ff_combat import DiceFormula

StatId = Annotated[str, Identifier, Field(description="The id of one of the book's stats (`skill`, `stamina`, `fear`…).")]
CounterId = Annotated[str, Identifier, Field(description="The id of one of the book's counters.")]
OptionId = Annotated[str, Identifier, Field(description="A snake_case id, unique in its list.")]


class AddEffect(Strict):
    """Gain or lose points of a score, a counter or a track; the caps and floors still apply (R-CAP-1/2)."""

    effect: Literal["add"] = Field(description="Add points (negative: take them away).")
    to: Target
    by: Amount = Field(description=AMOUNT_HELP)


class SetEffect(Strict):
    """Write a value: a score or counter to a number, a flag to true or false."""

    effect: Literal["set"] = Field(description="Set a score, counter or track to a number, or a flag to true/false.")
    to: Target
    value: bool | Amount = Field(description="true/false for a flag; else " + AMOUNT_HELP)


class RaiseInitialEffect(Strict):
    """The initial score moves, and the current one with it (R-CAP-1 decision)."""

    effect: Literal["raise_initial"] = Field(description="Raise (or lower) an initial score; the current score moves with it.")
    to: Target
    by: Amount = Field(description="Points added to the initial score (negative: taken away). " + AMOUNT_HELP)


class RestoreEffect(Strict):
    """The score goes back to its initial value (a Potion of Skill)."""

    effect: Literal["restore"] = Field(description="Bring a score back to its initial value.")
    to: Target


class ItemEffect(Strict):
    """An item written in the equipment list, or in another list of the book (in the sheet's language)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    effect: Literal["item"] = Field(description="Write an item in the hero's equipment (or in one of the book's lists).")
    item: LocalText = Field(description="The item's name, in French and English.")
    in_list: Annotated[str, Identifier] | None = Field(
        default=None,
        alias="list",
        description="One of the book's `lists` (none: the equipment); refused when it is full.",
    )


class MessageEffect(Strict):
    """Words for the player (the journal and the board show them)."""

    effect: Literal["message"] = Field(description="Tell the player something (shown in the journal).")
    text: LocalText = Field(description="What is said.")


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
            raise refusal("ally_needs_scores")
        return self


class FleeEffect(Strict):
    """The targeted creature leaves the fight; the fight is won when none is left."""

    effect: Literal["flee"] = Field(description="The targeted creature flees the current fight.")


class DamageEffect(Strict):
    """The targeted creature loses STAMINA (a fire bolt)."""

    effect: Literal["damage"] = Field(description="The targeted creature loses STAMINA.")
    by: Amount = Field(description=AMOUNT_HELP + " `enemy.initial_stamina` is the creature's starting STAMINA.")


Effect = Annotated[
    AddEffect
    | SetEffect
    | RaiseInitialEffect
    | RestoreEffect
    | ItemEffect
    | MessageEffect
    | AttackModifierEffect
    | AllyEffect
    | FleeEffect
    | DamageEffect,
    Field(discriminator="effect"),
]
FIGHT_EFFECTS = (AttackModifierEffect, AllyEffect, FleeEffect, DamageEffect)
"""Effects that only make sense in a fight: a spell that has one can only be cast in a fight."""
IN_FIGHT_EVENTS = ("fight_start", "round", "wound", "wounded")
"""The triggers' events that happen while a fight is on (a fight effect may be one of their effects)."""

Conditions = Annotated[
    list[Condition],
    Field(max_length=10, description="Conditions that must all hold; the first that fails refuses with its words."),
]


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
    conditions: Conditions = Field(
        default_factory=list, description="When the option may be picked (a spell of the chosen school only)."
    )


class ChoiceStep(Strict):
    """A choice made when the hero is created: N options from a list (Warlock's potion, Citadel's spells)."""

    id: OptionId
    name: LocalText = Field(description="The step's title on the creation screen.")
    help: LocalText | None = Field(default=None, description="What the player is asked to do, in our own words.")
    options: list[ChoiceOption] = Field(min_length=1, max_length=60, description="The options offered.")
    count: int | StatId = Field(
        description="How many picks in all: a number, or the id of a score whose initial value is the number (`magic`)."
    )
    exact: bool = Field(default=True, description="True: exactly `count` picks; false: at most `count`.")
    repeats: bool = Field(default=False, description="True: the same option may be picked several times.")
    max_each: int | None = Field(
        default=None, ge=1, le=99, description="With repeats: how many times one option may be picked at most (none: no limit)."
    )
    conditions: Conditions = Field(
        default_factory=list, description="When the step is offered at all (a wizard's spells: only for a wizard)."
    )
    roll: DiceFormula | None = Field(
        default=None,
        description="The step is drawn, not chosen: the roll's value names the option, one option per value, lowest "
        "first (a random number 0-9: ten options). Then `count` is 1.",
    )

    @model_validator(mode="after")
    def _unique_options(self) -> ChoiceStep:
        ids = [o.id for o in self.options]
        if len(set(ids)) != len(ids):
            raise refusal("options_same_id")
        if isinstance(self.count, int) and not 1 <= self.count <= 99:
            raise refusal("count_range")
        if self.roll is not None:
            self._drawn_shape(self.roll)
        return self

    def _drawn_shape(self, roll: DiceFormula) -> None:
        values = roll.maximum - roll.minimum + 1
        if len(self.options) != values:
            raise refusal("drawn_options", values=values, options=len(self.options))
        if self.count != 1 or self.repeats or not self.exact:
            raise refusal("drawn_one_option")
        if any(option.conditions for option in self.options):
            raise refusal("drawn_no_conditions")

    def drawn(self, value: int) -> ChoiceOption:
        """The option a roll of ``value`` names (a drawn step)."""
        assert self.roll is not None
        return self.options[value - self.roll.minimum]


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
    cost: dict[Target, Amount] = Field(
        default_factory=dict,
        description='What each cast costs, in any score or counter (e.g. {"magic": 1}, {"stamina": 2}, '
        '{"counters.gold": "1d6"}); refused when it cannot be paid.',
    )
    when: Literal["any", "fight", "outside_fight"] = Field(
        default="any", description="`fight`: only during a fight; `outside_fight`: never during one; `any`: both."
    )
    conditions: Conditions = Field(default_factory=list, description="Other conditions of a cast, with their words.")
    effects: list[Effect] = Field(
        default_factory=list,
        max_length=20,
        description="What the spell does, in order. Empty: the book's paragraph says what happens.",
    )

    @model_validator(mode="after")
    def _fight_effects_need_a_fight(self) -> Spell:
        if self.when == "outside_fight" and any(isinstance(e, FIGHT_EFFECTS) for e in self.effects):
            raise refusal("spell_fight_outside")
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
            raise refusal("threshold_one_bound")
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

    def as_ending(self) -> Ending:
        """The ending this threshold is sugar for: ``fear >= initial.fear - 2`` → warning, with its words."""
        bound = self.at_most if self.at_most is not None else self.at_least
        if bound == "initial":
            limit = f"initial.{self.stat}" + (
                f" + {self.offset}" if self.offset > 0 else f" - {-self.offset}" if self.offset else ""
            )
        else:
            limit = str(bound)
        operator = "<=" if self.at_most is not None else ">="
        words = self.message or LocalText(fr=f"{self.stat} {operator} {limit}", en=f"{self.stat} {operator} {limit}")
        return Ending(id=self.stat, test=f"{self.stat} {operator} {limit}", outcome=self.consequence, message=words)


OUTCOMES = ("death", "defeat", "victory", "warning")
ENDING_OUTCOMES = ("death", "defeat", "victory")


class Ending(Strict):
    """A condition that ends the adventure (death, a defeat that is not death, a victory) or warns the player."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    id: Annotated[str, Identifier] | None = Field(
        default=None, description="A name for it (the rules cases' `hero.died_of`, `hero.warnings`); default: its place."
    )
    test: Expression = Field(alias="if", description="When it holds, e.g. `stamina <= 0`, `troops.total <= 0`.")
    outcome: Literal["death", "defeat", "victory", "warning"] = Field(
        description="`death`: the hero dies; `defeat`: the adventure is lost, the hero alive (an army routed); "
        "`victory`: the adventure is won; `warning`: the sheet warns, play goes on."
    )
    message: LocalText = Field(description="What the death page, the board and the sheet say (our own words).")


TRIGGER_EVENTS = ("fight_start", "fight_end", "round", "wound", "wounded", "day", "track", "paragraph", "meal")


class Trigger(Strict):
    """Effects the rules apply by themselves when something happens (a round, a day ticked, a paragraph entered…)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    on: Literal["fight_start", "fight_end", "round", "wound", "wounded", "day", "track", "paragraph", "meal"] = Field(
        description="`fight_start`, `fight_end`, `round` (after each Attack Round), `wound` (a wound to the hero, "
        "before Luck), `wounded` (after Luck), `day` (a day ticked), `track` (the `track` named moved), "
        "`paragraph` (the tracker moved: `section.fought` still tells about the one left), `meal`."
    )
    track: Annotated[str, Identifier] | None = Field(default=None, description="With `on: track`: which track.")
    test: Expression | None = Field(default=None, alias="if", description="Only when this holds (none: always).")
    effects: list[Effect] = Field(default_factory=list, max_length=20, description="What happens, in order.")
    message: LocalText | None = Field(default=None, description="What the player is told when it happens.")

    @model_validator(mode="after")
    def _track_named(self) -> Trigger:
        if (self.on == "track") != (self.track is not None):
            raise refusal("trigger_track")
        fought = [e.effect for e in self.effects if isinstance(e, FIGHT_EFFECTS)]
        if fought and self.on not in IN_FIGHT_EVENTS:
            raise refusal("trigger_fight_effect", effect=fought[0], on=self.on, events=", ".join(IN_FIGHT_EVENTS))
        return self


DEFAULT_THRESHOLDS = [
    Threshold(
        stat="stamina",
        at_most=0,
        consequence="death",
        message=LocalText(fr="Votre ENDURANCE est tombée à 0.", en="Your STAMINA fell to 0."),
    )
]
"""R-DEATH-1: STAMINA 0 is death, the condition of every book that does not list its own."""

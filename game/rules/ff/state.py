"""The state of a Fighting Fantasy Adventure Sheet: plain data, forked before each action.

The session changes a fork of the state (game.rules.fork): its mutable parts
copied, the rest shared with the states it keeps. What is shared is what never
changes in place: the paragraph history is a tuple (replaced by a longer one),
and the records an action writes once (a roll, an exchange, a wound waiting,
a test's result) are frozen models (replaced by new ones).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

FightMode = Literal["one_after_another", "all_together", "as_one"]
Winner = Literal["hero", "enemies", "escaped", "stopped"]
ExchangeResult = Literal["hero_hit", "hero_wounded", "parry", "dodged", "ally_hit", "ally_wounded", "both_hit"]


class Model(BaseModel):
    """Base of every state model: typos in saved field names are errors."""

    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class Record(Model):
    """A record an action writes once and never changes (shared between the session's states)."""

    model_config = ConfigDict(frozen=True)


class Hero(Model):
    """The hero's scores (current and initial), whether they hold a weapon, and what killed them.

    ``died_of`` is the index in the book's ``thresholds`` of the death
    condition that holds (R-DEATH-1), kept up to date by
    ``game.rules.ff.context.update_death`` after every change.
    """

    name: str = ""
    scores: dict[str, int]
    initial: dict[str, int]
    weapon_lost: bool = False
    died_of: int | None = None

    @property
    def alive(self) -> bool:
        return self.died_of is None


class CreatureBox(Model):
    """R-ENCOUNTER-1: a creature written on the sheet; it outlives a paragraph."""

    name: str
    skill: int
    stamina: int
    notes: str = ""
    maximum: int | None = None  # the STAMINA it was written with: a wounded creature fought again keeps it


class Combatant(Model):
    """A creature (or the ally) in the current fight."""

    name: str
    skill: int
    stamina: int
    initial_stamina: int
    box: int | None = None  # the creature box it came from, updated when the fight ends
    modifier: int = 0  # added to its Attack Strength for this fight (a spell)
    fled: bool = False  # left the fight (a spell made it flee)
    notes: str = ""  # special abilities typed at setup or kept in its box, shown on its card


class Pending(Record):
    """What waits for ``luck`` / ``no_luck`` (R-COMBAT-3, R-BOW-3, R-COMBAT-5)."""

    kind: Literal["wound", "missed_arrow"]
    to: Literal["hero", "creature"] | None = None
    damage: int | None = None
    creature: int
    escape: bool = False


class Roll(Record):
    """One roll made visible: who rolled, the dice, the modifiers and the total."""

    who: str  # "hero", "ally", or "creature:<index>"
    dice: list[int]
    modifier: int
    total: int


class TableRoll(Record):
    """A round resolved on the book's table (a combat results table): which column and row gave the losses."""

    index: int  # the value of the table's index (the combat ratio)
    column: int
    roll: int  # the roll's value (a random number 0-9)
    row: int
    enemy_loss: int | Literal["K"]
    hero_loss: int | Literal["K"]


class Exchange(Record):
    """One exchange of an Attack Round, as the board shows it."""

    creature: int
    creature_roll: Roll
    hero_roll: Roll  # the hero's (or the ally's) roll
    result: ExchangeResult
    by_ally: bool = False
    double: bool = False  # the hero's blow killed the creature outright (the profile's kills_if, e.g. a double)
    table: TableRoll | None = None  # the round was read on the book's table
    protected: int | None = None  # the protection roll after a wound to the hero, if the profile has one


class FightStats(Model):
    """For the end-of-fight summary."""

    rounds: int = 0
    damage_dealt: int = 0
    damage_taken: int = 0
    luck_spent: int = 0
    arrows_spent: int = 0


class Fight(Model):
    """The current (or last) fight."""

    mode: FightMode
    enemies: list[Combatant]
    ally: Combatant | None = None
    # "whole_fight": only the ally fights (the fight is lost if it falls);
    # "until_down": a summoned ally fights in the hero's place, then the hero fights on.
    ally_alone: Literal["whole_fight", "until_down"] | None = None
    profile: str | None = None  # the book's combat profile (None: its default ``combat``)
    hero_modifier: int = 0  # added to the hero's Attack Strength for this fight (a spell)
    options: list[str] = Field(default_factory=list)  # the profile's per-fight options the setup ticked
    escape_after: int = 0  # the escape is allowed only after this many rounds
    shots_left: int = 0
    bow_broken: bool = False
    escape_allowed: bool = False
    escape_damage: int = 2
    pending: list[Pending] = Field(default_factory=list)
    active: bool = True
    winner: Winner | None = None
    last_round: list[Exchange] = Field(default_factory=list)
    stats: FightStats = Field(default_factory=FightStats)  # a new one each fight (a model default is deep-copied)

    def living(self) -> list[int]:
        """Indices of the creatures still standing."""
        return [i for i, e in enumerate(self.enemies) if e.stamina > 0 and not e.fled]

    def front(self) -> int | None:
        """The creature the hero faces by default: the first still standing."""
        living = self.living()
        return living[0] if living else None


class CalendarState(Model):
    """R-TIME-1: days ticked and the player's names for renamable days."""

    ticked: int = 0
    renames: dict[int, str] = Field(default_factory=dict)


class TestResult(Record):
    """The last test or roll, for the dice overlay."""

    kind: str
    dice: list[int]
    target: int | None = None
    outcome: str


class DiceRoll(Record):
    """The dice tray's last roll: logged, changes no score."""

    dice: list[int]
    total: int
    formula: str


class SheetState(Model):
    """Everything on the Adventure Sheet."""

    book: str
    language: str = "fr"  # the sheet's language: book texts written on it (items) use it
    hero: Hero | None = None
    counters: dict[str, int] = Field(default_factory=dict)
    equipment: list[str] = Field(default_factory=list)
    notes: str = ""
    paragraph: int | None = None
    paragraph_history: tuple[int, ...] = ()  # the § left, oldest first (the newest MAX_HISTORY): append-only
    creature_boxes: list[CreatureBox] = Field(default_factory=list)
    fight: Fight | None = None
    calendar: CalendarState = CalendarState()
    last: str | None = None
    last_test: TestResult | None = None
    choices: dict[str, dict[str, int]] = Field(default_factory=dict)  # creation step -> option -> times picked
    last_roll: DiceRoll | None = None
    crew: dict[str, dict[str, int]] = Field(default_factory=dict)  # companion -> score -> value
    flags: list[str] = Field(default_factory=list)  # the book's flags the hero has, in the book's order
    tracks: dict[str, int] = Field(default_factory=dict)  # track -> count
    lists: dict[str, list[str]] = Field(default_factory=dict)  # item list -> items (the equipment apart)
    section_fought: bool = False  # a fight was started since the paragraph tracker last moved
    ended: int | None = None  # the book's ending (defeat or victory) that closed the adventure, by index
    messages: list[str] = Field(default_factory=list)  # what the book's effects and triggers said in the last action

"""The state of a Rôle'n Play table: the party, the clock, the journal, the last result.

Plain data, forked by the session before each action (game.rules.fork): the journal is a tuple of
frozen entries, shared between the states the session keeps (a new entry makes a longer tuple).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

ScaleName = Literal["round", "minute", "hour", "day"]
PaceName = Literal["slow", "normal", "fast"]
TravelMode = Literal["foot", "ride", "gallop", "cart", "boat"]
WaterStatus = Literal["enough", "half", "none"]
LightName = Literal["bright", "dim", "darkness"]
# Why a character has an exhaustion level (R-RNP-FOOD-1 / R-RNP-WATER-1: levels from hunger and thirst
# are not recovered while starving or dehydrated; the others are). "other": the eraser, or a cause the
# table does not know.
ExhaustionCause = Literal["march", "hunger", "thirst", "other"]
EXHAUSTION_CAUSES: tuple[ExhaustionCause, ...] = ("march", "hunger", "thirst", "other")


class Model(BaseModel):
    """Base of every state model: typos in saved field names are errors."""

    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class Senses(Model):
    """R-RNP-LIGHT-1: ranges in metres (0 = the character lacks that sense)."""

    darkvision: float = 0
    blindsight: float = 0
    truesight: float = 0


class HidingPlace(Model):
    """How a hidden character became unseen (R-RNP-HIDE-1), kept to know when that stops holding.

    ``table_light``: the hider's light was the table's light in force then, so a change of the
    table's light (the clock's daylight, the moon, the game master's) is a change of the hider's.
    ``watchers``: the creatures it is hidden from, as the hide action gave them.
    """

    condition: str
    light: LightName
    obscurement: str = "none"
    distance_m: float | None = None
    table_light: bool = False
    watchers: list[dict[str, Any]] = Field(default_factory=list)
    lost: bool = False  # the conditions stopped holding (once: a search made, it is not offered again)


class Character(Model):
    """One member of the party.

    ``scores`` are keyed by the ability ids (str, dex, con, int, wis, cha).
    ``fasting_days`` counts days without food since the last normal day, half
    rations adding half a day (R-RNP-FOOD-1). ``water_today_l`` is what was
    drunk since the last day was settled; ``dehydrated`` is true when the last
    settled day fell short (R-RNP-WATER-1). Exhaustion runs from 0 to the
    book's last level, which is death.
    """

    name: str
    scores: dict[str, int]
    proficiency: int
    skills: list[str] = Field(default_factory=list)
    saves: list[str] = Field(default_factory=list)
    passive_perception: int | None = None  # explicit value overrides the computed one
    exhaustion: int = 0
    # The levels by cause; they add up to ``exhaustion`` (exhaustion.py keeps them so).
    exhaustion_causes: dict[ExhaustionCause, int] = Field(default_factory=dict)
    fasting_days: float = 0
    water_today_l: float = 0
    dehydrated: bool = False
    senses: Senses = Senses()
    hidden: bool = False
    stealth_dc: int | None = None  # R-RNP-HIDE-1: the Stealth total watchers must reach while hidden
    hidden_at: HidingPlace | None = None  # how it hid (None: not hidden, or hidden before this was kept)
    search_offered: bool = False  # R-RNP-HIDE-1: the conditions stopped holding: the watchers may search
    # Hit points (0 maximum: not tracked). Exhaustion level 4 halves the maximum (R-RNP-ABILITY-1).
    hp: int = 0
    hp_max: int = 0
    hp_temp: int = 0
    # What the character carries and eats from it each day (R-RNP-FOOD-1, R-RNP-WATER-1):
    # rations in days of food (1 = the book's daily grams), water in litres.
    rations: float = 0
    water_l: float = 0
    ration: Literal["full", "half"] = "full"
    max_pace: PaceName | None = None  # a slow member: the party's legs on foot go no faster
    left_at_s: float | None = None  # left behind: where this character stays on the clock


class Clock(Model):
    """R-RNP-TIME-1: elapsed game time in seconds and the scale the game master uses now."""

    elapsed_s: float = 0
    scale: ScaleName = "hour"


class Timer(Model):
    """A countdown the game master sets (a torch, "since the last long rest", a held breath).

    ``character`` None is the party's. A breath timer also has ``hold_s``: the breath held,
    then the rounds of survival up to ``duration_s`` (R-RNP-AIR-1).
    """

    id: int
    label: str
    character: str | None = None
    start_s: float
    duration_s: float
    kind: Literal["timer", "breath"] = "timer"
    hold_s: float | None = None
    dropped: bool = False  # a breath run out: its character has been dropped to 0 hit points (R-RNP-AIR-1)


class JournalEntry(Model):
    """What happened when: the clock at the time, the action and a language-free summary (written once)."""

    model_config = ConfigDict(frozen=True)

    at_s: float
    do: str
    who: list[str] = Field(default_factory=list)
    data: dict[str, Any] = Field(default_factory=dict)


class TableState(Model):
    """Everything the Rôle'n Play screen shows."""

    book: str
    party: list[Character] = Field(default_factory=list)
    clock: Clock = Clock()
    pace: PaceName | None = None  # the party's pace on its last leg (fast: −5 passive Perception)
    # The party stopped since that leg (a rest, a night in camp): the pace's effects no longer hold.
    resting: bool = False
    mode: TravelMode | None = None
    journal: tuple[JournalEntry, ...] = ()  # the newest MAX_JOURNAL, oldest first: append-only
    result: dict[str, Any] | None = None
    timers: list[Timer] = Field(default_factory=list)
    next_timer: int = 1
    light_override: LightName | None = None  # None: outdoors, the light follows the clock (R-RNP-LIGHT-1)
    moon: str | None = None  # the moon's phase the game master sets (a book id; None: the book's first)


def pace_in_force(state: TableState) -> PaceName | None:
    """The pace whose effects the party has now: its last leg's, until it stops (a rest, a night in camp)."""
    return None if state.resting else state.pace

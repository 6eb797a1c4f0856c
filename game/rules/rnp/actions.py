"""The actions a Rôle'n Play table accepts, in the same JSON form as the rules cases.

Each action is a small pydantic model tagged by ``do`` (its value by default: screens build
``a.Advance(amount=1)``). Only types are checked
here; what the rules forbid (negative metres, a gallop past one hour, a score
out of range…) is refused by the rule modules with a reason the sheet can show.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from game.rules.rnp.state import PaceName, ScaleName, TravelMode

Number = Annotated[float, Field(allow_inf_nan=False, ge=-1e9, le=1e9)]
Score = Annotated[int, Field(ge=-999, le=999)]
#: The sheet's limit on hit points (not a rule); the rules refuse 0 > points > MAX_HP with their own message.
MAX_HP = 9999
HitPoints = Annotated[int, Field(ge=-MAX_HP, le=MAX_HP)]
Name = Annotated[str, Field(min_length=1, max_length=80)]
Terrain = Literal["normal", "difficult"]
Light = Literal["bright", "dim", "darkness"]
Obscurement = Literal["none", "light", "heavy"]


class Action(BaseModel):
    """Base of every action."""

    model_config = ConfigDict(extra="forbid", frozen=True)


# -- calculators of CASES.md (no party needed) ---------------------------------------------------
class Travel(Action):
    """R-RNP-PACE-1/2, R-RNP-MARCH-1, R-RNP-MOUNT-1: distance of a leg; forced-march saves with ``con``."""

    do: Literal["travel"] = "travel"
    pace: Literal["slow", "normal", "fast", "gallop"]
    minutes: Number | None = None
    hours: Number | None = None
    days: Number | None = None
    extra_hours: Number = 0
    terrain: Terrain = "normal"
    con: Score | None = None
    relay: bool = False  # gallop with fresh mounts (R-RNP-MOUNT-1, where the game master allows it)


class Jump(Action):
    """R-RNP-JUMP-1: the jumper's ``strength`` score, or a party ``character`` (their sheet's scores and
    skills). ``obstacle_m``: an obstacle the long jump clears (a quarter of its length at most), with
    ``athletics_dc`` when the game master asks a Strength (Athletics) check; landing in difficult terrain
    rolls the Dexterity (Acrobatics) check (``landing_dc``) when the jumper's ``dex`` or sheet is known."""

    do: Literal["jump"] = "jump"
    kind: Literal["long", "high"]
    strength: Score | None = None
    character: Name | None = None
    dex: Score | None = None
    run_up: bool = True
    height_m: Number | None = None
    landing: Terrain = "normal"
    landing_dc: Score | None = None
    obstacle_m: Number | None = None
    athletics_dc: Score | None = None


class Fall(Action):
    """R-RNP-FALL-1 (``character``: whose fall, on their hit points; ``reduce_by``: damage a feature or
    the game master takes off the dice)."""

    do: Literal["fall"] = "fall"
    metres: Number
    character: Name | None = None
    reduce_by: HitPoints = 0


class HoldBreath(Action):
    """R-RNP-AIR-1: ``con`` score, or a party ``character`` (``timer``: start a saved breath countdown)."""

    do: Literal["hold_breath"] = "hold_breath"
    con: Score | None = None
    character: Name | None = None
    timer: bool = False


class Fast(Action):
    """R-RNP-FOOD-1."""

    do: Literal["fast"] = "fast"
    con: Score
    days_without_food: Number = 0
    half_ration_days: Number = 0


class Thirst(Action):
    """R-RNP-WATER-1 (draws a d20 for a half ration)."""

    do: Literal["thirst"] = "thirst"
    con: Score
    litres: Number
    hot: bool = False
    hot_need_l: Number | None = None  # the game master's hot-weather need (3–6 L), with hot
    exhausted: bool = False


class SpecialMove(Action):
    """R-RNP-MOVE-1: movement cost of climbing, swimming or crawling."""

    do: Literal["move"] = "move"
    kind: Literal["climb", "swim", "crawl"]
    metres: Number
    terrain: Terrain = "normal"


class Watcher(BaseModel):
    """Someone who might see: a party member (``character``) or a creature with its own numbers."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: Name | None = None
    character: Name | None = None
    passive_perception: Score | None = None
    perception_bonus: Score | None = None  # active check: d20 + this
    active: bool = False  # searches the area: a Wisdom (Perception) check instead of the passive value
    darkvision_m: Number = 0
    blindsight_m: Number = 0
    truesight_m: Number = 0


class Visibility(Action):
    """R-RNP-LIGHT-1: what an observer sees in a zone."""

    do: Literal["visibility"] = "visibility"
    light: Light
    obscurement: Obscurement = "none"
    character: Name | None = None
    darkvision_m: Number = 0
    blindsight_m: Number = 0
    truesight_m: Number = 0
    distance_m: Number | None = None


class Hide(Action):
    """R-RNP-HIDE-1: a Stealth check against watchers, once the hider is unseen."""

    do: Literal["hide"] = "hide"
    character: Name | None = None
    dex: Score | None = None  # a hider outside the party
    proficient: bool = False  # only for ``dex`` (a party member's skills are on the sheet)
    bonus: Score = 0
    condition: Literal["cover", "darkness", "invisible", "unobserved"]
    gm_leave: bool = False
    light: Light = "bright"
    obscurement: Obscurement = "none"
    distance_m: Number | None = None
    travelling: bool = False
    pace: PaceName | None = None
    watchers: list[Watcher] = Field(min_length=1, max_length=30)


class Reveal(Action):
    """R-RNP-HIDE-1: a hidden character gives its position away."""

    do: Literal["reveal"] = "reveal"
    character: Name
    reason: Name = "chooses"


class ConditionsLost(Action):
    """R-RNP-HIDE-1: a hidden character's conditions for hiding stop holding (the game master says so)."""

    do: Literal["conditions_lost"] = "conditions_lost"
    character: Name


class Search(Action):
    """R-RNP-HIDE-1: the creatures' Wisdom (Perception) checks for a hidden character (``watchers``:
    default, those it hid from)."""

    do: Literal["search"] = "search"
    character: Name
    watchers: list[Watcher] | None = Field(default=None, min_length=1, max_length=30)


# -- the party -------------------------------------------------------------------------------------
class SensesSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    darkvision: Number = 0
    blindsight: Number = 0
    truesight: Number = 0


class AddCharacter(Action):
    do: Literal["add_character"] = "add_character"
    max_pace: PaceName | None = None
    hp_max: HitPoints | None = None
    name: Name
    scores: dict[str, Score] = Field(default_factory=dict)
    proficiency: Score | None = None
    skills: list[Name] = Field(default_factory=list, max_length=30)
    saves: list[Name] = Field(default_factory=list, max_length=6)
    passive_perception: Score | None = None
    senses: SensesSpec = SensesSpec()


class EditCharacter(Action):
    """Change what is given; the rest stays. ``rename`` gives a new name."""

    do: Literal["edit_character"] = "edit_character"
    name: Name
    rename: Name | None = None
    scores: dict[str, Score] | None = None
    proficiency: Score | None = None
    skills: list[Name] | None = Field(default=None, max_length=30)
    saves: list[Name] | None = Field(default=None, max_length=6)
    passive_perception: Score | None = None
    clear_passive_perception: bool = False
    senses: SensesSpec | None = None
    max_pace: PaceName | None = None
    clear_max_pace: bool = False


class RemoveCharacter(Action):
    do: Literal["remove_character"] = "remove_character"
    name: Name


class SetExhaustion(Action):
    """The eraser for exhaustion (0 to the book's last level)."""

    do: Literal["set_exhaustion"] = "set_exhaustion"
    character: Name
    level: Score


class SetFasting(Action):
    """The eraser for the fasting count (whole or half days)."""

    do: Literal["set_fasting"] = "set_fasting"
    character: Name
    days: Number


class LongRest(Action):
    """Decision: a long rest removes one exhaustion level from the fed and watered."""

    do: Literal["long_rest"] = "long_rest"
    who: list[Name] | None = Field(default=None, max_length=30)
    until_dawn: bool = False  # a night in camp: to the next dawn (at least the rest's hours)


class EatDay(Action):
    """R-RNP-FOOD-1: one day of eating: ``ration`` or the ``grams`` eaten."""

    do: Literal["eat_day"] = "eat_day"
    character: Name
    ration: Literal["full", "half", "none"] | None = None
    grams: Number | None = None


class Drink(Action):
    """Water drunk now, added to today's total (no rule yet: the day is settled by drink_day)."""

    do: Literal["drink"] = "drink"
    character: Name
    litres: Number


class DrinkDay(Action):
    """R-RNP-WATER-1: settle the day's water (``litres`` or what ``drink`` recorded today)."""

    do: Literal["drink_day"] = "drink_day"
    character: Name
    hot: bool = False
    hot_need_l: Number | None = None
    litres: Number | None = None


# -- the clock and party travel -----------------------------------------------------------------
class Advance(Action):
    """R-RNP-TIME-1: time passes (in the current scale unless ``scale`` is given)."""

    do: Literal["advance"] = "advance"
    amount: Number
    scale: ScaleName | None = None


class SetScale(Action):
    do: Literal["set_scale"] = "set_scale"
    scale: ScaleName


class SetClock(Action):
    """The eraser for the clock: elapsed seconds since the start."""

    do: Literal["set_clock"] = "set_clock"
    elapsed_s: Number


class TravelParty(Action):
    """A leg of the journey applied to the party: clock, forced-march saves, exhaustion, journal.

    ``supplies``: each travel day the travellers eat and drink from their packs; ``camp``: each
    travel day ends with the night's long rest, inside the day's 24 hours."""

    do: Literal["travel_party"] = "travel_party"
    mode: TravelMode = "foot"
    pace: PaceName = "normal"
    terrain: Terrain = "normal"
    distance_m: Number | None = None
    minutes: Number | None = None
    hours: Number | None = None
    days: Number | None = None
    extra_hours: Number = 0
    boat_kmh: Number | None = None
    boat_hours_per_day: Number | None = None
    relay: bool = False  # gallop: fresh mounts along the way, where the game master allows it
    gallop_hours: Number = 0  # ride, by days: hours of each day galloped (an hour at most)
    who: list[Name] | None = Field(default=None, max_length=30)
    supplies: bool = False
    camp: bool = False
    hot: bool = False
    hot_need_l: Number | None = None


# -- the game master's table ----------------------------------------------------------------------
class AdvanceTo(Action):
    """R-RNP-TIME-1: time passes to the next dawn, noon, dusk or midnight (book hours)."""

    do: Literal["advance_to"] = "advance_to"
    to: Literal["dawn", "noon", "dusk", "midnight"]


class SetTimeOfDay(Action):
    """The clock setter: ``hour``:``minute`` of ``day`` (today when omitted)."""

    do: Literal["set_time_of_day"] = "set_time_of_day"
    hour: Score
    minute: Score = 0
    day: Score | None = None


class ShortRest(Action):
    """Decision: a short rest is an hour (book data) that passes; it recovers nothing by itself here."""

    do: Literal["short_rest"] = "short_rest"
    who: list[Name] | None = Field(default=None, max_length=30)


class AddTimer(Action):
    """A countdown of ``amount`` ``scale`` steps from now, for the party or one ``character``."""

    do: Literal["add_timer"] = "add_timer"
    label: Name
    amount: Number
    scale: ScaleName = "hour"
    character: Name | None = None


class RemoveTimer(Action):
    do: Literal["remove_timer"] = "remove_timer"
    id: Score


class RestartTimer(Action):
    """The countdown starts again from now (a new torch, a new long rest)."""

    do: Literal["restart_timer"] = "restart_timer"
    id: Score


class SetHp(Action):
    """The eraser for hit points: any of current, maximum, temporary."""

    do: Literal["set_hp"] = "set_hp"
    character: Name
    current: HitPoints | None = None
    maximum: HitPoints | None = None
    temporary: HitPoints | None = None


class Damage(Action):
    """Damage lands on temporary hit points first, then the current ones (not below 0)."""

    do: Literal["damage"] = "damage"
    character: Name
    amount: HitPoints


class Heal(Action):
    """Hit points regained, up to the maximum in force (halved at exhaustion 4)."""

    do: Literal["heal"] = "heal"
    character: Name
    amount: HitPoints


class SetSupplies(Action):
    """What a character carries: ``rations`` (days of food), ``water_l``; the daily ``ration`` eaten."""

    do: Literal["set_supplies"] = "set_supplies"
    character: Name
    rations: Number | None = None
    water_l: Number | None = None
    ration: Literal["full", "half"] | None = None


class SupplyDay(Action):
    """R-RNP-FOOD-1 / R-RNP-WATER-1: everyone (or ``who``) eats and drinks a day from their packs."""

    do: Literal["supply_day"] = "supply_day"
    who: list[Name] | None = Field(default=None, max_length=30)
    hot: bool = False
    hot_need_l: Number | None = None


class Rejoin(Action):
    """A character left behind joins the party again."""

    do: Literal["rejoin"] = "rejoin"
    character: Name


class SetLight(Action):
    """R-RNP-LIGHT-1: the game master's light (indoors, a torch…) or None: outdoors, the clock's daylight."""

    do: Literal["set_light"] = "set_light"
    light: Light | None = None


class SetMoon(Action):
    """R-RNP-LIGHT-1: the moon's phase (a book id): a particularly bright full moon gives dim light at night."""

    do: Literal["set_moon"] = "set_moon"
    phase: Name


RnpAction = Annotated[
    (
        Travel
        | Jump
        | Fall
        | HoldBreath
        | Fast
        | Thirst
        | SpecialMove
        | Visibility
        | Hide
        | Reveal
        | AddCharacter
        | EditCharacter
        | RemoveCharacter
        | SetExhaustion
        | SetFasting
        | LongRest
        | EatDay
        | Drink
        | DrinkDay
        | Advance
        | SetScale
        | SetClock
        | TravelParty
        | AdvanceTo
        | SetTimeOfDay
        | ShortRest
        | AddTimer
        | RemoveTimer
        | RestartTimer
        | SetHp
        | Damage
        | Heal
        | SetSupplies
        | SupplyDay
        | Rejoin
        | SetLight
        | SetMoon
        | ConditionsLost
        | Search
    ),
    Field(discriminator="do"),
]

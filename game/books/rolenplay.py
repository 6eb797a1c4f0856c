"""The model of the Rôle'n Play chapter "L'aventure": every number its rules use.

Nothing the book could change lives in the rules code (game.rules.rnp); it
lives here, filled from ``books/rolenplay.json``. Rule ids (R-RNP-*) refer to
../shared/RULES.md.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from game.books.common import BookId, Identifier, LocalText, Strict, refusal

AbilityId = Literal["str", "dex", "con", "int", "wis", "cha"]
PaceId = Literal["slow", "normal", "fast"]
TerrainId = Literal["normal", "difficult"]
ScaleId = Literal["round", "minute", "hour", "day"]
MarkId = Literal["dawn", "noon", "dusk", "midnight"]
LightId = Literal["bright", "dim", "darkness"]
ObscurementId = Literal["none", "light", "heavy"]
VisibilityId = Literal["normal", "reduced", "none"]
SenseId = Literal["darkvision", "blindsight", "truesight"]
MoveId = Literal["climb", "swim", "crawl"]
HideConditionId = Literal["cover", "darkness", "invisible", "unobserved"]
# What an exhaustion level does, as tags the rules can act on (R-RNP-ABILITY-1, 5e convention).
ExhaustionEffect = Literal[
    "check_disadvantage",
    "speed_halved",
    "attack_save_disadvantage",
    "hp_max_halved",
    "speed_zero",
    "death",
]
# What a visibility category does to an observer (R-RNP-LIGHT-1).
VisibilityEffect = Literal["sight_perception_disadvantage", "blinded", "attacks_disadvantage", "attacked_advantage"]

Metres = Annotated[float, Field(ge=0, le=1_000_000)]
Factor = Annotated[float, Field(ge=0, le=100)]
SkillId = Annotated[str, Identifier]


def _unique(items: list[Any], what: str) -> None:
    ids = [item.id for item in items]
    if len(set(ids)) != len(ids):
        raise refusal("same_id_twice", what=what)


class Ability(Strict):
    """One of the six abilities (FOR DEX CON INT SAG CHA)."""

    id: AbilityId = Field(description="The ability's id (str, dex, con, int, wis, cha).")
    name: LocalText
    short: LocalText


class Abilities(Strict):
    """R-RNP-ABILITY-1: scores, modifier = floor((score − base) / divisor), d20 checks and saves."""

    scores: list[Ability] = Field(min_length=6, max_length=6)
    score_min: int = Field(ge=0, le=100, description="The lowest ability score.")
    score_max: int = Field(ge=1, le=100, description="The highest ability score.")
    modifier_base: int = Field(
        ge=0, le=100, description="The score whose modifier is 0 (10): modifier = (score - base) / divisor, rounded down."
    )
    modifier_divisor: int = Field(ge=1, le=10, description="Points of score per point of modifier (2).")
    check_die: int = Field(ge=2, le=100, description="Faces of the die of a check or save (20).")
    proficiency_default: int = Field(ge=0, le=20, description="The proficiency bonus when none is given.")
    proficiency_max: int = Field(ge=0, le=20, description="The highest proficiency bonus.")
    passive_base: int = Field(ge=0, le=100, description="Base of a passive score (10 + modifiers).")

    @model_validator(mode="after")
    def _consistent(self) -> Abilities:
        _unique(self.scores, "abilities")
        if self.score_min > self.score_max:
            raise refusal("above", low="score_min", high="score_max")
        if self.proficiency_default > self.proficiency_max:
            raise refusal("above", low="proficiency_default", high="proficiency_max")
        return self


class Skill(Strict):
    """A skill the chapter uses (Perception, Stealth, Athletics, Acrobatics) and its ability."""

    id: SkillId = Field(description="The skill's id.")
    name: LocalText
    ability: AbilityId = Field(description="The ability it uses.")


class Scale(Strict):
    """R-RNP-TIME-1: one time scale and how many seconds one step of it lasts."""

    id: ScaleId = Field(description="The time scale's id.")
    name: LocalText
    seconds: int = Field(ge=1, le=10_000_000, description="Seconds in one step of this scale.")
    use: LocalText


class DaylightPeriod(Strict):
    """R-RNP-LIGHT-1: outdoors, from ``from_hour`` the light is ``light`` (day bright, dawn and dusk dim,
    night dark); in a ``moonlit`` period (the night) the moon's phase gives the light instead."""

    id: Literal["dawn", "day", "dusk", "night"] = Field(description="The period's id.")
    name: LocalText
    from_hour: float = Field(ge=0, lt=24, description="The hour it begins (0–24).")
    light: LightId = Field(description="The light it gives.")
    moonlit: bool = Field(default=False, description="True: the moon's phase sets the light in this period.")


class MoonPhase(Strict):
    """R-RNP-LIGHT-1 (revised): a phase of the moon the game master sets and the light it gives at
    night: a particularly bright full moon dim light, any other (a moon that is not full) darkness."""

    id: Annotated[str, Identifier] = Field(description="The phase's id.")
    name: LocalText
    night_light: LightId = Field(description="The light outdoors at night under this moon.")


class Time(Strict):
    """R-RNP-TIME-1: the four scales and the one a new table starts with; the day's periods and the
    hours the game master can jump to (dawn, noon, dusk, midnight)."""

    scales: list[Scale] = Field(min_length=4, max_length=4)
    start_scale: ScaleId = Field(description="The scale a table starts in.")
    daylight: list[DaylightPeriod] = Field(min_length=1, max_length=8)
    moon: list[MoonPhase] = Field(min_length=1, max_length=12, description="The moon's phases; the first is a new table's.")
    marks: dict[MarkId, float] = Field(description="Hours of dawn, noon, dusk and midnight.")

    @model_validator(mode="after")
    def _all_scales(self) -> Time:
        _unique(self.scales, "scales")
        hours = [p.from_hour for p in self.daylight]
        if hours != sorted(hours) or len(set(hours)) != len(hours):
            raise refusal("daylight_order")
        if any(not 0 <= h < 24 for h in self.marks.values()):
            raise refusal("marks_hours")
        _unique(self.moon, "moon phases")
        return self

    def moon_phase(self, phase_id: str | None) -> MoonPhase:
        """The phase called ``phase_id`` (None: the first, a new table's)."""
        return self.moon[0] if phase_id is None else next(p for p in self.moon if p.id == phase_id)


class Pace(Strict):
    """R-RNP-PACE-1: one row of the pace table; each column is used as printed."""

    id: PaceId = Field(description="The pace's id.")
    name: LocalText
    per_minute_m: Metres = Field(description="Metres a minute.")
    per_hour_m: Metres = Field(description="Metres an hour.")
    per_day_m: Metres = Field(description="Metres a day.")
    stealth: bool = Field(default=False, description="True: this pace allows stealth.")
    passive_perception: int = Field(default=0, ge=-50, le=50, description="Added to passive Perception at this pace.")
    effect: LocalText | None = None


class Terrain(Strict):
    """R-RNP-PACE-2: a kind of ground and the share of the table's distance covered on it."""

    id: TerrainId = Field(description="The terrain's id.")
    name: LocalText
    distance_factor: Factor = Field(description="Distance multiplied by this (0.5 in difficult terrain).")
    examples: LocalText


class ForcedMarch(Strict):
    """R-RNP-MARCH-1: CON save at the end of each hour past the march day, DC base + per_hour × h."""

    ability: AbilityId = Field(description="The ability of the save.")
    dc_base: int = Field(ge=0, le=100, description="The save's DC before the hours (10).")
    dc_per_hour: int = Field(ge=0, le=100, description="Added to the DC per hour past the day's march.")
    levels_on_failure: int = Field(ge=0, le=6, description="Exhaustion levels on a failed save.")


class Gallop(Strict):
    """R-RNP-MOUNT-1: a mount gallops at ``factor`` × the ``of_pace`` pace, for at most ``max_minutes``."""

    of_pace: PaceId = Field(description="The pace a gallop multiplies.")
    factor: Factor = Field(description="How many times that pace.")
    max_minutes: int = Field(ge=0, le=100_000, description="The longest gallop, in minutes.")


class Vehicles(Strict):
    """R-RNP-MOUNT-1: carts keep a pace; boats sail at their own speed some hours a day."""

    cart_pace: PaceId = Field(description="The pace of carts.")
    boat_hours_per_day: float = Field(gt=0, le=24, description="Hours a boat sails a day by default.")
    boat_hours_per_day_max: float = Field(gt=0, le=24, description="The most hours a boat may sail a day.")
    boat_note: LocalText


class Travel(Strict):
    """R-RNP-PACE-1/2, R-RNP-MARCH-1, R-RNP-MOUNT-1."""

    paces: list[Pace] = Field(min_length=3, max_length=3)
    terrains: list[Terrain] = Field(min_length=2, max_length=2)
    march_hours_per_day: float = Field(gt=0, le=24, description="Hours of a day's march (8).")
    forced_march: ForcedMarch
    gallop: Gallop
    vehicles: Vehicles

    @model_validator(mode="after")
    def _complete(self) -> Travel:
        _unique(self.paces, "paces")
        _unique(self.terrains, "terrains")
        return self


class SpecialMove(Strict):
    """R-RNP-MOVE-1: one kind of special movement (climb, swim, crawl)."""

    id: MoveId = Field(description="The move's id.")
    name: LocalText


class SpecialMoves(Strict):
    """R-RNP-MOVE-1: each metre costs 1 + extra metres, + difficult_extra in difficult terrain."""

    kinds: list[SpecialMove] = Field(min_length=1, max_length=3)
    extra_m_per_m: Factor = Field(description="Extra metres each metre costs.")
    difficult_extra_m_per_m: Factor = Field(description="More extra metres in difficult terrain.")
    check: LocalText

    @model_validator(mode="after")
    def _unique_kinds(self) -> SpecialMoves:
        _unique(self.kinds, "special moves")
        return self


class Jumps(Strict):
    """R-RNP-JUMP-1: long and high jump factors, run-up, reach, obstacle and landing."""

    long_m_per_str_score: Factor = Field(description="Metres of long jump per point of Strength score.")
    run_up_m: Metres = Field(description="Metres of run-up for a full jump.")
    no_run_up_factor: Factor = Field(description="The share of a jump without run-up (0.5).")
    high_base_m: Metres = Field(description="Metres of high jump before the modifier.")
    high_m_per_str_mod: Factor = Field(description="Metres of high jump per point of Strength modifier.")
    high_minimum_m: Metres = Field(description="The lowest high jump, in metres.")
    reach_height_factor: Factor = Field(description="The share of the jumper's height added when reaching up.")
    obstacle_height_factor: Factor = Field(description="The highest obstacle a long jump clears, as a share of its length.")
    ability: AbilityId = Field(description="The ability jumps use.")
    obstacle_skill: SkillId = Field(description="The skill of the check the game master may ask to clear an obstacle.")
    landing_skill: SkillId = Field(description="The skill of the check to land on one's feet in difficult terrain.")
    landing_dc: int = Field(ge=0, le=100, description="That check's DC when the game master gives none.")
    notes: LocalText


class Falls(Strict):
    """R-RNP-FALL-1: one die per full ``metres_per_die``, at most ``max_dice``, prone unless unhurt."""

    metres_per_die: float = Field(gt=0, le=1000, description="Metres of fall per damage die (3).")
    die: int = Field(ge=2, le=100, description="Faces of a damage die (6).")
    max_dice: int = Field(ge=0, le=1000, description="The most dice a fall rolls (20).")
    damage_type: LocalText


class Breath(Strict):
    """R-RNP-AIR-1: hold breath base + CON mod minutes (min seconds), then CON mod rounds (min)."""

    ability: AbilityId = Field(description="The ability whose modifier counts.")
    base_minutes: int = Field(ge=0, le=1000, description="Minutes of held breath before the modifier (1).")
    minimum_seconds: int = Field(ge=0, le=100_000, description="The shortest breath hold, in seconds (30).")
    rounds_minimum: int = Field(ge=0, le=1000, description="Rounds survived out of air at the least (1).")
    after: LocalText


class Food(Strict):
    """R-RNP-FOOD-1: daily ration, safe fasting days, half rations."""

    ability: AbilityId = Field(description="The ability whose modifier counts.")
    grams_per_day: float = Field(gt=0, le=100_000, description="Food needed a day, in grams.")
    half_ration_share: Factor = Field(description="The share of a day's food that is a half ration.")
    half_ration_fasting_days: Factor = Field(description="Days of fasting a day on half rations counts for.")
    fasting_base_days: int = Field(ge=0, le=1000, description="Days of safe fasting before the modifier (3).")
    fasting_minimum_days: int = Field(ge=0, le=1000, description="The fewest days of safe fasting (1).")
    levels_per_day: int = Field(ge=0, le=6, description="Exhaustion levels per further day without food.")


class Water(Strict):
    """R-RNP-WATER-1: daily need, the half-need save, the automatic level, the extra level.

    In hot weather the need is "up to" ``hot_litres_per_day``: the game master sets it from
    ``hot_litres_min`` to that (revised), the most when not set."""

    ability: AbilityId = Field(description="The ability of the save.")
    litres_per_day: float = Field(gt=0, le=1000, description="Litres of water needed a day.")
    hot_litres_per_day: float = Field(gt=0, le=1000, description="The most litres needed in hot weather (the default).")
    hot_litres_min: float = Field(gt=0, le=1000, description="The least the game master may set for hot weather.")
    half_share: Factor = Field(description="The share of the need that is half.")
    save_dc: int = Field(ge=0, le=100, description="The DC of the save on half water.")
    levels: int = Field(ge=0, le=6, description="Exhaustion levels for a day short of water.")
    extra_if_exhausted: int = Field(ge=0, le=6, description="More levels for one already exhausted.")

    @model_validator(mode="after")
    def _hot_range(self) -> Water:
        if self.hot_litres_min > self.hot_litres_per_day:
            raise refusal("above", low="water.hot_litres_min", high="hot_litres_per_day")
        return self


class ExhaustionLevel(Strict):
    """One level of exhaustion and what it adds (levels are cumulative)."""

    level: int = Field(ge=1, le=20, description="The level's number.")
    effects: list[ExhaustionEffect] = Field(min_length=1, description="What the level does, as tags the rules act on.")
    text: LocalText


class Exhaustion(Strict):
    """R-RNP-ABILITY-1: the exhaustion levels, 1 to the last (death)."""

    levels: list[ExhaustionLevel] = Field(min_length=1, max_length=20)
    recovery_blocked: LocalText

    @model_validator(mode="after")
    def _in_order(self) -> Exhaustion:
        if [lv.level for lv in self.levels] != list(range(1, len(self.levels) + 1)):
            raise refusal("exhaustion_order")
        return self

    @property
    def maximum(self) -> int:
        return len(self.levels)


class Rest(Strict):
    """Decision (R-RNP-FOOD-1, R-RNP-WATER-1): a long rest's length and the levels it removes; a short
    rest's length; whether a long rest gives back every lost hit point (5e convention)."""

    long_rest_hours: float = Field(gt=0, le=100, description="Hours of a long rest.")
    levels_removed: int = Field(ge=0, le=6, description="Exhaustion levels a long rest removes.")
    short_rest_hours: float = Field(gt=0, le=100, description="Hours of a short rest.")
    restores_hit_points: bool = Field(description="True: a long rest restores hit points.")


class Light(Strict):
    """R-RNP-LIGHT-1: a light category and the visibility it gives."""

    id: LightId = Field(description="The light's id.")
    name: LocalText
    visibility: VisibilityId = Field(description="The visibility it gives.")
    examples: LocalText


class Obscurement(Strict):
    """R-RNP-LIGHT-1: fog, foliage… and the visibility they leave at best."""

    id: ObscurementId = Field(description="The obscurement's id.")
    name: LocalText
    visibility: VisibilityId = Field(description="The visibility it gives.")
    examples: LocalText


class VisibilityDef(Strict):
    """R-RNP-LIGHT-1: normal / reduced / none, ranked from best (0) to worst, and their effects."""

    id: VisibilityId = Field(description="The category's id.")
    rank: int = Field(ge=0, le=10, description="Its order, from clearest (0).")
    name: LocalText
    effects: list[VisibilityEffect] = Field(default_factory=list, description="What it does to an observer.")
    text: LocalText


class Sense(Strict):
    """R-RNP-LIGHT-1: darkvision, blindsight, truesight: how each light looks within range."""

    id: SenseId = Field(description="The sense's id.")
    name: LocalText
    sees_light_as: dict[LightId, LightId] = Field(
        default_factory=dict, description="Light levels this sense sees as others (darkness as dim)."
    )
    ignores_obscurement: bool = Field(default=False, description="True: obscurement does not hinder it.")
    sees_invisible: bool = Field(default=False, description="True: it sees the invisible.")
    colourless_in: list[LightId] = Field(default_factory=list, description="Light levels in which it sees no colours.")
    text: LocalText


class HideCondition(Strict):
    """R-RNP-HIDE-1: one way of being unseen before hiding."""

    id: HideConditionId = Field(description="The condition's id.")
    name: LocalText
    needs_gm_leave: bool = Field(default=False, description="True: the game master must allow it.")


class RevealReason(Strict):
    """R-RNP-HIDE-1: what gives a hidden position away."""

    id: Annotated[str, Identifier] = Field(description="The reason's id.")
    name: LocalText


class Hiding(Strict):
    """R-RNP-HIDE-1: conditions, the Stealth and Perception skills, the travel pace, reveal reasons."""

    conditions: list[HideCondition] = Field(min_length=1, max_length=10)
    stealth_skill: SkillId = Field(description="The skill a hider checks.")
    stealth_ability: AbilityId = Field(description="Its ability.")
    perception_skill: SkillId = Field(description="The skill a watcher uses.")
    perception_ability: AbilityId = Field(description="Its ability.")
    reveal_reasons: list[RevealReason] = Field(min_length=1, max_length=20)

    @model_validator(mode="after")
    def _unique_ids(self) -> Hiding:
        _unique(self.conditions, "hiding conditions")
        _unique(self.reveal_reasons, "reveal reasons")
        return self


class RolenplayBook(Strict):
    """Rôle'n Play, chapter "L'aventure": time, travel, movement, environment, vision, hiding."""

    format: Literal[1] = Field(default=1, description="The book file format (1).")
    kind: Literal["rolenplay"] = Field(default="rolenplay", description="Which rules play the book.")
    id: BookId = Field(description="The book's id; the file is named <id>.json.")
    title: LocalText
    blurb: LocalText | None = None
    abilities: Abilities
    skills: list[Skill] = Field(min_length=1, max_length=30)
    time: Time
    travel: Travel
    special_moves: SpecialMoves
    jumps: Jumps
    falls: Falls
    breath: Breath
    food: Food
    water: Water
    exhaustion: Exhaustion
    rest: Rest
    light: list[Light] = Field(min_length=3, max_length=3)
    obscurement: list[Obscurement] = Field(min_length=3, max_length=3)
    visibility: list[VisibilityDef] = Field(min_length=3, max_length=3)
    senses: list[Sense] = Field(min_length=3, max_length=3)
    hiding: Hiding

    @model_validator(mode="after")
    def _references_resolve(self) -> RolenplayBook:
        _unique(self.skills, "skills")
        for what, items in (
            ("light", self.light),
            ("obscurement", self.obscurement),
            ("visibility", self.visibility),
            ("senses", self.senses),
        ):
            _unique(items, what)
        skill_ids = {s.id for s in self.skills}
        for needed in (
            self.hiding.stealth_skill,
            self.hiding.perception_skill,
            self.jumps.obstacle_skill,
            self.jumps.landing_skill,
        ):
            if needed not in skill_ids:
                raise refusal("hiding_skill", skill=needed)
        if self.travel.vehicles.boat_hours_per_day > self.travel.vehicles.boat_hours_per_day_max:
            raise refusal("above", low="travel.vehicles.boat_hours_per_day", high="boat_hours_per_day_max")
        return self

    # -- look-ups (KeyError when absent: the validators above make that a bug) ----------------
    def pace(self, pace_id: str) -> Pace:
        return next(p for p in self.travel.paces if p.id == pace_id)

    def terrain(self, terrain_id: str) -> Terrain:
        return next(t for t in self.travel.terrains if t.id == terrain_id)

    def scale(self, scale_id: str) -> Scale:
        return next(s for s in self.time.scales if s.id == scale_id)

    def ability(self, ability_id: str) -> Ability:
        return next(a for a in self.abilities.scores if a.id == ability_id)

    def skill(self, skill_id: str) -> Skill:
        return next(s for s in self.skills if s.id == skill_id)

    def light_def(self, light_id: str) -> Light:
        return next(x for x in self.light if x.id == light_id)

    def obscurement_def(self, obscurement_id: str) -> Obscurement:
        return next(x for x in self.obscurement if x.id == obscurement_id)

    def visibility_def(self, visibility_id: str) -> VisibilityDef:
        return next(x for x in self.visibility if x.id == visibility_id)

    def sense(self, sense_id: str) -> Sense:
        return next(x for x in self.senses if x.id == sense_id)

    def condition(self, condition_id: str) -> HideCondition:
        return next(x for x in self.hiding.conditions if x.id == condition_id)

"""The combat rules of a Fighting Fantasy book as data (R-COMBAT-1..6) and its combat profiles, built from parts.

A *profile* is a kind of fight: the hero's own (SKILL / STAMINA), a vehicle's
(FIREPOWER / ARMOUR, Freeway Fighter), a ship's (WEAPONS / SHIELDS), an army's.
``combat`` is the book's default profile; ``combat_profiles`` adds others that
a ``fight`` action names. Each part is data, with expressions where a number or
a condition is needed (docs/BOOKS.md): the Attack Strengths, who hits, the
damage (a number, dice or an expression), a protection roll after a hit, a
cost paid each round, per-fight options the setup ticks, and the resolution
of a round by a table (a combat results table) instead of the Attack Strengths.
``double_kills`` is sugar, expanded in ``game.books.ff_compile``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from game.books.common import AMOUNT_HELP, Amount, Condition, Expression, Identifier, LocalText, Strict, Target, refusal


class LuckOutcome(Strict):
    """Damage in all after a Luck test (R-COMBAT-3)."""

    lucky: int = Field(ge=0, le=99, description="Damage in all when the hero is Lucky.")
    unlucky: int = Field(ge=0, le=99, description="Damage in all when the hero is Unlucky.")


class DiceFormula(Strict):
    """``dice`` d``sides`` + ``plus`` (R-CREATE-1: 1d6+6, 2d6+12); ``zero_based``: each die reads 0..sides-1.

    A zero-based d10 is the random number 0–9 of a Random Number Table (Loup
    Solitaire): the face 10 reads 0, as printed on a ten-sided die.
    """

    dice: int = Field(ge=1, le=10, description="How many dice are rolled.")
    sides: int = Field(default=6, ge=2, le=100, description="Faces of each die (6 unless the book says otherwise).")
    plus: int = Field(default=0, ge=-100, le=100, description="Added to the dice total.")
    zero_based: bool = Field(
        default=False, description="True: each die reads from 0 (a d10 gives a random number 0–9; its face 10 reads 0)."
    )

    def face_value(self, face: int) -> int:
        """What one die shows as a number of this roll (a zero-based die's top face reads 0)."""
        return face % self.sides if self.zero_based else face

    def total(self, faces: list[int]) -> int:
        """The roll's value for the faces drawn."""
        return sum(self.face_value(face) for face in faces) + self.plus

    @property
    def minimum(self) -> int:
        return (0 if self.zero_based else self.dice) + self.plus

    @property
    def maximum(self) -> int:
        return self.dice * (self.sides - 1 if self.zero_based else self.sides) + self.plus


class Protection(Strict):
    """A roll after a hit on the hero that may stop the wound (armour) or lessen it."""

    roll: DiceFormula = Field(description="The protection roll (`protection.roll` in the expressions below).")
    cancels_if: Expression | None = Field(default=None, description="The wound is cancelled when this holds.")
    reduces_by: Amount | None = Field(
        default=None, description="Otherwise the wound is lessened by this (never below 0). " + AMOUNT_HELP
    )

    @model_validator(mode="after")
    def _does_something(self) -> Protection:
        if self.cancels_if is None and self.reduces_by is None:
            raise refusal("protection_empty")
        return self


class RoundCost(Strict):
    """Something paid each Attack Round (ammunition, fuel), and what happens when it cannot be paid."""

    cost: dict[Target, Amount] = Field(min_length=1, description='What one round costs, e.g. {"counters.bullets": 1}.')
    when_short: Literal["no_attack", "lose"] = Field(
        default="no_attack",
        description="When it cannot be paid: `no_attack` (the hero's side cannot hit this round) or `lose` (the fight is lost).",
    )


class FightOption(Strict):
    """A per-fight modifier the fight setup may tick (`fight.options.<id>`: an enemy immune to Mindblast)."""

    id: Annotated[str, Identifier] = Field(description="The option's id (`fight.options.<id>` in expressions).")
    name: LocalText = Field(description="What the fight setup's tick box says.")


TableCell = Annotated[int, Field(ge=0, le=999)] | Literal["K"]


class ResultsTable(Strict):
    """A round resolved on a table: a column chosen by an expression, a row by a roll; each cell the losses of both sides.

    The Combat Results Table of Loup Solitaire: the column is the combat ratio
    (``skill - enemy.skill``), the row a random number 0–9, each cell
    ``[enemy's loss, hero's loss]`` where ``"K"`` is a kill.
    """

    index: Expression = Field(description="The value that picks the column, e.g. the combat ratio `skill - enemy.skill`.")
    index_name: LocalText | None = Field(
        default=None,
        description='What the index is called, for the board (`{"fr": "rapport de force", "en": "combat ratio"}`); '
        "none: the expression is shown with the book's names.",
    )
    bounds: list[Annotated[int, Field(ge=-999, le=999)]] = Field(
        min_length=1,
        max_length=30,
        description="Upper bounds of the columns in order: a value at or under bounds[i] (and above the one before) "
        "is column i; above the last bound, the last column. So there is one column more than bounds.",
    )
    columns: list[LocalText] | None = Field(
        default=None,
        max_length=31,
        description="Each column's heading as the paper prints it, one per column (`−11 ou moins`, `−10/−9`… "
        "`+11 ou plus`): the board names the column read so; none: the heading is worked out from the bounds.",
    )
    roll: DiceFormula = Field(description="The roll that picks the row (row 0 is the lowest result).")
    rows: list[list[Annotated[list[TableCell], Field(min_length=2, max_length=2)]]] = Field(
        min_length=1,
        max_length=100,
        description="One row per roll result, lowest first; each row one cell per column: "
        "[enemy's loss, hero's loss], \"K\" a kill.",
    )

    @model_validator(mode="after")
    def _shape(self) -> ResultsTable:
        if any(b >= a for a, b in zip(self.bounds[1:], self.bounds)):
            raise refusal("bounds_rise")
        width = len(self.bounds) + 1
        if self.columns is not None and len(self.columns) != width:
            raise refusal("columns_count", count=len(self.columns), width=width)
        for number, row in enumerate(self.rows):
            if len(row) != width:
                raise refusal("row_cells", row=number, count=len(row), width=width)
        results = self.roll.maximum - self.roll.minimum + 1
        if len(self.rows) != results:
            raise refusal("table_rows", count=results, low=self.roll.minimum, high=self.roll.maximum)
        return self

    def column(self, value: int) -> int:
        """The column of an index value."""
        for number, bound in enumerate(self.bounds):
            if value <= bound:
                return number
        return len(self.bounds)

    def column_range(self, number: int) -> tuple[int | None, int | None]:
        """The lowest and highest index values of column ``number`` (None: the first or last column's open end)."""
        low = self.bounds[number - 1] + 1 if number > 0 else None
        high = self.bounds[number] if number < len(self.bounds) else None
        return low, high


class CombatRules(Strict):
    """R-COMBAT-1..6 as parts: Attack Strengths, who hits, damage each way, Luck, protection, costs, table, escape."""

    name: LocalText | None = Field(default=None, description="What the combat board calls this kind of fight (profiles).")
    attack: Expression = Field(
        default="skill",
        description="The hero's side's Attack Strength bonus, added to the attack dice (`skill`, `firepower`, "
        "`troops.total / 10`).",
    )
    enemy_attack: Expression = Field(default="enemy.skill", description="The creature's, added to its attack dice.")
    wounds: Target = Field(
        default="stamina", description="The hero's side's score a wound takes away (`stamina`, `armour`, `shields`)."
    )
    attack_dice: int = Field(default=2, ge=1, le=5, description="Dice rolled for each Attack Strength.")
    hero_hits: Expression | None = Field(
        default=None,
        description="When the hero's blow lands (default `attack.hero > attack.enemy`); "
        "names `roll.hero`, `roll.enemy`, `roll.double`, `attack.hero`, `attack.enemy`.",
    )
    enemy_hits: Expression | None = Field(
        default=None, description="When the creature's blow lands (default `attack.enemy > attack.hero`)."
    )
    kills_if: Expression | None = Field(
        default=None,
        description="The hero's blow kills the creature outright when this holds, whatever it rolled "
        "(the hero takes no wound that round); `double_kills: true` is `kills_if: roll.double`.",
    )
    hit_damage: Amount = Field(default=2, description="What the hero's blow costs the creature. " + AMOUNT_HELP)
    hit_luck: LuckOutcome = Field(default=LuckOutcome(lucky=4, unlucky=1), description="The hero's blow after a Luck test.")
    wound_damage: Amount = Field(default=2, description="What the creature's blow costs the hero. " + AMOUNT_HELP)
    wound_luck: LuckOutcome = Field(default=LuckOutcome(lucky=1, unlucky=3), description="The creature's blow after a Luck test.")
    luck_allowed: bool = Field(
        default=True,
        description="False: no Luck test on wounds in this kind of fight; wounds are written at once "
        "(a book without LUCK never allows it).",
    )
    double_kills: bool = Field(
        default=False, description="True: a double on the hero's attack dice kills the creature outright, whatever its roll."
    )
    protection: Protection | None = Field(default=None, description="A roll after each wound to the hero (armour).")
    round_cost: RoundCost | None = Field(default=None, description="What each Attack Round costs (ammunition).")
    options: list[FightOption] = Field(default_factory=list, max_length=10, description="Modifiers the fight setup may tick.")
    table: ResultsTable | None = Field(
        default=None, description="Resolve each round on this table instead of comparing Attack Strengths."
    )
    conditions: list[Condition] = Field(
        default_factory=list, max_length=10, description="When a fight of this kind may start, with the words of a refusal."
    )
    lost_weapon_penalty: int = Field(
        default=2, ge=0, le=99, description="Attack Strength lost while the hero has no weapon (R-COMBAT-6)."
    )
    start_unarmed: bool = Field(
        default=False, description="True: the hero starts without a weapon (the penalty applies until one is found)."
    )
    escape_damage: int = Field(default=2, ge=0, le=99, description="The free wound of an escape (R-COMBAT-5).")

    @property
    def stamina(self) -> str:
        """The score wounds take (format 1's name for ``wounds``)."""
        return self.wounds

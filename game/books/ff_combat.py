"""The combat rules of a Fighting Fantasy book as data (R-COMBAT-1..6) and its combat profiles.

A *profile* is a kind of fight on a pair of scores: the hero's own (SKILL /
STAMINA), a vehicle's (FIREPOWER / ARMOUR, Freeway Fighter) or a ship's
(WEAPONS / SHIELDS, Starship Traveller). ``combat`` is the book's default
profile; ``combat_profiles`` adds others that a ``fight`` action names.
"""

from __future__ import annotations

from pydantic import Field

from game.books.common import LocalText, Strict
from game.books.ff_mechanics import StatId


class LuckOutcome(Strict):
    """Damage in all after a Luck test (R-COMBAT-3)."""

    lucky: int = Field(ge=0, le=99, description="Damage in all when the hero is Lucky.")
    unlucky: int = Field(ge=0, le=99, description="Damage in all when the hero is Unlucky.")


class CombatRules(Strict):
    """R-COMBAT-1..6: attack dice, damage each way, Luck in combat, doubles, lost weapon, escape."""

    name: LocalText | None = Field(default=None, description="What the combat board calls this kind of fight (profiles).")
    attack: StatId = Field(
        default="skill", description="The hero's score added to the attack dice (`skill`, `firepower`, `weapons`)."
    )
    stamina: StatId = Field(
        default="stamina", description="The hero's score that wounds take away (`stamina`, `armour`, `shields`)."
    )
    attack_dice: int = Field(default=2, ge=1, le=5, description="Dice rolled for each Attack Strength.")
    hit_damage: int = Field(default=2, ge=1, le=99, description="What the hero's blow costs the creature.")
    hit_luck: LuckOutcome = Field(default=LuckOutcome(lucky=4, unlucky=1), description="The hero's blow after a Luck test.")
    wound_damage: int = Field(default=2, ge=1, le=99, description="What the creature's blow costs the hero.")
    wound_luck: LuckOutcome = Field(default=LuckOutcome(lucky=1, unlucky=3), description="The creature's blow after a Luck test.")
    luck_allowed: bool = Field(
        default=True, description="False: no Luck test on wounds in this kind of fight; wounds are written at once."
    )
    double_kills: bool = Field(
        default=False, description="True: a double on the hero's attack dice kills the creature outright, whatever its roll."
    )
    lost_weapon_penalty: int = Field(
        default=2, ge=0, le=99, description="Attack Strength lost while the hero has no weapon (R-COMBAT-6)."
    )
    start_unarmed: bool = Field(
        default=False, description="True: the hero starts without a weapon (the penalty applies until one is found)."
    )
    escape_damage: int = Field(default=2, ge=0, le=99, description="The free wound of an escape (R-COMBAT-5).")

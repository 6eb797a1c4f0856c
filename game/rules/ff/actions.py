"""The actions a Fighting Fantasy sheet accepts, in the same JSON form as the rules cases.

Each action is a small pydantic model tagged by ``do``; the action log stores
them as JSON, so a save, a rules case and a click all speak the same language.
Screens build the models themselves (``AttackRound(target=1)``: ``do`` has its
value by default), so a misspelt field fails where it is written, not at run time.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from game.rules.ff.state import FightMode

Text = Annotated[str, Field(max_length=10_000)]
Name = Annotated[str, Field(max_length=80)]
Score = Annotated[int, Field(ge=-999, le=999)]


class Action(BaseModel):
    """Base of every action."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class RollHero(Action):
    do: Literal["roll_hero"] = "roll_hero"


class PickHero(Action):
    do: Literal["pick_hero"] = "pick_hero"
    name: Name


class SetHero(Action):
    """R-CREATE-3: scores typed in from real dice, checked to be reachable."""

    do: Literal["set_hero"] = "set_hero"
    scores: dict[str, Score]
    crew: dict[Name, dict[Name, Score]] = Field(default_factory=dict, max_length=12)  # R-CREW-1: typed crew scores


class NameHero(Action):
    do: Literal["name_hero"] = "name_hero"
    name: Name


class TestLuck(Action):
    do: Literal["test_luck"] = "test_luck"


class TestSkill(Action):
    do: Literal["test_skill"] = "test_skill"


class EnemySpec(BaseModel):
    """A creature as the paragraph gives it (or from a creature box)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: Name
    skill: Annotated[int, Field(ge=0, le=99)]
    stamina: Annotated[int, Field(ge=1, le=999)]
    box: int | None = None
    notes: Text = ""


class StartFight(Action):
    do: Literal["fight"] = "fight"
    enemies: list[EnemySpec] = Field(min_length=1, max_length=12)
    mode: FightMode = "one_after_another"
    arrows: Annotated[int, Field(ge=0, le=99)] = 0
    ally: EnemySpec | None = None
    escape: bool = False
    escape_cost: Annotated[int, Field(ge=0, le=99)] | None = None
    profile: Name | None = None  # one of the book's combat_profiles (vehicle, ship); None: the hero's own fight
    ally_alone: bool = False  # only the ally fights (the hero watches); the fight is lost if the ally falls
    options: list[Name] = Field(default_factory=list, max_length=10)  # the profile's per-fight options ticked at setup
    escape_after: Annotated[int, Field(ge=0, le=99)] = 0  # the escape is allowed only after this many rounds


class Shoot(Action):
    do: Literal["shoot"] = "shoot"
    target: int | None = None


class AttackRound(Action):
    do: Literal["round"] = "round"
    target: int | None = None
    ally_target: int | None = None


class UseLuck(Action):
    do: Literal["luck"] = "luck"


class NoLuck(Action):
    do: Literal["no_luck"] = "no_luck"


class Escape(Action):
    do: Literal["escape"] = "escape"


class StopFight(Action):
    """The paragraph ends the fight otherwise (R-BOW-4 "or the paragraph says otherwise")."""

    do: Literal["stop_fight"] = "stop_fight"


class Eat(Action):
    do: Literal["eat"] = "eat"


class UseHerb(Action):
    do: Literal["herb"] = "herb"


class DrinkPotion(Action):
    do: Literal["potion"] = "potion"
    kind: Name


class ChangeStat(Action):
    """The book says "lose 2 STAMINA": capped and floored (R-CAP-1, R-CAP-2)."""

    do: Literal["change"] = "change"
    stat: Name
    by: Score


class RaiseInitial(Action):
    """The book changes an initial score: initial and current move together (R-CAP-1)."""

    do: Literal["raise_initial"] = "raise_initial"
    stat: Name
    by: Score


class SetScore(Action):
    """The eraser: write a score (or initial score) directly, to correct the sheet."""

    do: Literal["set_score"] = "set_score"
    stat: Name
    value: Score
    initial: bool = False


class ChangeCounter(Action):
    do: Literal["counter"] = "counter"
    name: Name
    by: Score


class SetCounter(Action):
    """The eraser for counters."""

    do: Literal["set_counter"] = "set_counter"
    name: Name
    value: Score


class LoseWeapon(Action):
    do: Literal["lose_weapon"] = "lose_weapon"


class FindWeapon(Action):
    do: Literal["find_weapon"] = "find_weapon"


class TickDay(Action):
    do: Literal["tick_day"] = "tick_day"


class SetDays(Action):
    """The eraser for the calendar: the number of days ticked."""

    do: Literal["set_days"] = "set_days"
    ticked: Annotated[int, Field(ge=0, le=100_000)]


class RenameDay(Action):
    do: Literal["rename_day"] = "rename_day"
    index: int
    name: Name


class Die(Action):
    do: Literal["die"] = "die"


class Revive(Action):
    do: Literal["revive"] = "revive"
    stamina: Score


class GoToParagraph(Action):
    do: Literal["paragraph"] = "paragraph"
    number: Annotated[int, Field(ge=1, le=100_000)]


class SetNotes(Action):
    do: Literal["notes"] = "notes"
    text: Text


class AddItem(Action):
    do: Literal["add_item"] = "add_item"
    text: Name
    list: Name | None = None  # one of the book's item lists (None: the equipment)


class RemoveItem(Action):
    do: Literal["remove_item"] = "remove_item"
    index: int
    list: Name | None = None


class RenameItem(Action):
    """An item of the equipment or of one of the book's lists is written again under another name."""

    do: Literal["rename_item"] = "rename_item"
    index: int
    text: Name
    list: Name | None = None


class Tick(Action):
    """A track of the book moves on (a day of the voyage's LOG)."""

    do: Literal["tick"] = "tick"
    track: Name
    by: Annotated[int, Field(ge=1, le=1000)] = 1


class Buy(Action):
    """Buy one item of one of the book's shops."""

    do: Literal["buy"] = "buy"
    shop: Name
    item: Name


class Sell(Action):
    """Sell an item back to a shop that buys it."""

    do: Literal["sell"] = "sell"
    shop: Name
    item: Name


class AddCreature(Action):
    do: Literal["add_creature"] = "add_creature"
    name: Name
    skill: Annotated[int, Field(ge=0, le=99)]
    stamina: Annotated[int, Field(ge=0, le=999)]
    notes: Text = ""


class EditCreature(Action):
    do: Literal["edit_creature"] = "edit_creature"
    index: int
    name: Name
    skill: Annotated[int, Field(ge=0, le=99)]
    stamina: Annotated[int, Field(ge=0, le=999)]
    notes: Text = ""


class RemoveCreature(Action):
    do: Literal["remove_creature"] = "remove_creature"
    index: int


class Choose(Action):
    """A creation step of the book: option ids, or {option: count} where repeats are allowed."""

    do: Literal["choose"] = "choose"
    step: Name
    # none for a step the book draws by a roll (the rules roll it: Weaponskill's weapon)
    picks: list[Name] | dict[Name, Annotated[int, Field(ge=0, le=99)]] = Field(default_factory=list, max_length=99)


class Test(Action):
    """Test any score the book makes testable (``luck`` and ``skill`` as test_luck / test_skill)."""

    do: Literal["test"] = "test"
    stat: Name


class Cast(Action):
    """Cast a spell (or use an ability) of the book; ``target``: a creature of the current fight."""

    do: Literal["cast"] = "cast"
    spell: Name
    target: int | None = None


class RollDice(Action):
    """The dice tray: roll ``dice`` (\"2d6\"), logged, changes no score."""

    do: Literal["roll"] = "roll"
    dice: Annotated[str, Field(pattern=r"^([1-9]|10)d(4|6|8|10|12|20|100)$")]


FFAction = Annotated[
    (
        RollHero
        | PickHero
        | SetHero
        | NameHero
        | TestLuck
        | TestSkill
        | StartFight
        | Shoot
        | AttackRound
        | UseLuck
        | NoLuck
        | Escape
        | StopFight
        | Eat
        | UseHerb
        | DrinkPotion
        | ChangeStat
        | RaiseInitial
        | SetScore
        | ChangeCounter
        | SetCounter
        | LoseWeapon
        | FindWeapon
        | TickDay
        | SetDays
        | RenameDay
        | Die
        | Revive
        | GoToParagraph
        | SetNotes
        | AddItem
        | RemoveItem
        | RenameItem
        | Tick
        | Buy
        | Sell
        | AddCreature
        | EditCreature
        | RemoveCreature
        | Choose
        | Test
        | Cast
        | RollDice
    ),
    Field(discriminator="do"),
]

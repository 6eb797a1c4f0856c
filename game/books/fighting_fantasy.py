"""The model of a Fighting Fantasy (Défis Fantastiques) book: every number the rules use.

Nothing a book could change lives in the rules code; it lives here, filled
from ``books/<ID>.json``. Book-defined mechanics (creation choices, spells,
thresholds, combat profiles) are in ``game.books.ff_mechanics`` and
``game.books.ff_combat``; the cross-checks that need the whole book in
``game.books.ff_checks``. docs/BOOKS.md is the authors' guide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal, Protocol, TypeVar

from pydantic import ConfigDict, Field, PrivateAttr, model_validator

from game.books.common import BookId, Expression, Identifier, LocalText, Strict, refusal
from game.books.ff_combat import CombatRules, DiceFormula, LuckOutcome
from game.books.ff_mechanics import DEFAULT_THRESHOLDS, ChoiceStep, CounterId, Ending, Spell, StatId, Threshold, Trigger
from game.books.ff_sheet import Flag, ItemList, Shop, Track
from game.books.sections import Section, SectionNumber, check_sections

if TYPE_CHECKING:  # pragma: no cover
    from game.books.ff_rules import BookRules

__all__ = ["CombatRules", "LuckOutcome", "FightingFantasyBook", "StatDef", "CounterDef", "Healing", "Potions", "DiceFormula"]
FORMAT: Literal[2] = 2


class TestRules(Strict):
    """R-LUCK-1 / R-SKILL-1: roll ``dice`` d6, succeed at or under the score."""

    dice: int = Field(default=2, ge=1, le=5, description="Dice rolled for the test; at or under the score succeeds.")
    cost: int = Field(default=0, ge=0, le=99, description="Points of the score each test costs, whatever the result (LUCK: 1).")


class StatDef(Strict):
    """One score of the hero (SKILL, STAMINA, LUCK, MAGIC, FEAR, ARMOUR…)."""

    id: Annotated[str, Identifier] = Field(description="snake_case id used by actions and cases (`skill`, `fear`…).")
    name: LocalText = Field(description="The score's name on the sheet.")
    short: LocalText | None = Field(default=None, description="A short name for narrow places (HAB, END…).")
    about: LocalText | None = Field(
        default=None,
        description="What the score means, in a sentence, shown at creation "
        "(SKILL, STAMINA and LUCK have the app's own words when a book gives none).",
    )
    roll: DiceFormula | None = Field(default=None, description="The dice that give the initial score (rolled at creation).")
    fixed: int | None = Field(default=None, ge=0, le=999, description="The initial score when it is not rolled.")
    value: Expression | None = Field(
        default=None,
        description="A computed score: worked out from others whenever it is read (`troops.warriors + troops.knights`); "
        "read-only on the sheet, the formula shown on hover.",
    )
    start: int | None = Field(
        default=None,
        ge=0,
        le=999,
        description="Where the current score starts when not at the initial one (FEAR: 0 under a rolled maximum).",
    )
    floor: int = Field(default=0, ge=0, le=999, description="The score never goes below this (R-CAP-2).")
    cap: Annotated[int, Field(ge=0, le=999)] | Expression | None = Field(
        default=None, description="The score never goes above this, whatever the initial score (a number or an expression)."
    )
    capped_at_initial: bool = Field(default=True, description="True: the score never exceeds its initial value (R-CAP-1).")
    test: TestRules | None = Field(
        default=None,
        description='The score can be tested ("Test your …"): the dice and the cost. '
        "SKILL and LUCK are always testable (skill_test, luck_test).",
    )
    hero_side: bool = Field(default=True, description="False: the score belongs to a vehicle or ship (shown apart on the sheet).")

    @model_validator(mode="after")
    def _one_source(self) -> StatDef:
        if sum(x is not None for x in (self.roll, self.fixed, self.value)) != 1:
            raise refusal("stat_one_way")
        if self.value is not None and (self.start is not None or self.test is not None):
            raise refusal("computed_no_start")
        return self

    @property
    def computed(self) -> bool:
        """A computed score: read-only, worked out from its ``value``."""
        return self.value is not None


class CounterDef(Strict):
    """A counted thing on the sheet: arrows, gold, provisions, herbs, potion doses, spells…"""

    id: Annotated[str, Identifier] = Field(description="snake_case id used by actions and cases.")
    name: LocalText = Field(description="The counter's name on the sheet.")
    start: int = Field(ge=0, le=9999, description="How many the hero starts with.")
    maximum: Annotated[int, Field(ge=0, le=9999)] | Expression | None = Field(
        default=None, description="How many at most: a number or an expression (none: no limit)."
    )
    icon: Literal["arrow", "gold", "provisions", "herb", "potion", "spell", "generic"] = Field(
        default="generic", description="The picture the sheet draws beside it."
    )

    @model_validator(mode="after")
    def _start_fits(self) -> CounterDef:
        if isinstance(self.maximum, int) and self.start > self.maximum:
            raise refusal("start_above_maximum", start=self.start, maximum=self.maximum)
        return self


class Healing(Strict):
    """Something that uses one of a counter and restores STAMINA (a meal, an herb, a med-kit)."""

    counter: CounterId
    stamina: int = Field(ge=0, le=99, description="STAMINA restored by one (capped at the initial score).")
    in_fight: bool = Field(default=False, description="True: may be used during a fight.")


class PotionEffect(Strict):
    """R-POTION-1: restore a score to its initial value, after raising the initial."""

    restores: StatId
    raise_initial: int = Field(default=0, ge=0, le=99, description="Added to the initial score first (Potion of Fortune: 1).")
    name: LocalText = Field(description="The potion's name.")
    counter: CounterId | None = Field(
        default=None,
        description="This kind's own doses (Warlock: 2 doses of the one potion chosen). None: the shared `potions.counter`.",
    )


class Potions(Strict):
    """R-GOLD-1: potions as one shared count, or each kind with its own doses."""

    counter: CounterId | None = Field(
        default=None, description="The shared count of potions, when kinds have no counter of their own."
    )
    kinds: dict[Annotated[str, Identifier], PotionEffect] = Field(min_length=1, description="Each kind of potion by id.")
    in_fight: bool = Field(default=False, description="True: may be drunk during a fight.")


class Archery(Strict):
    """R-BOW-1..4: the bow, its quiver counter, the shot roll and damage."""

    counter: CounterId
    shot_dice: int = Field(default=2, ge=1, le=5, description="Dice of a shot; at or under SKILL hits.")
    shot_damage: int = Field(default=2, ge=1, le=99, description="STAMINA a hit costs the creature.")


class Calendar(Strict):
    """R-TIME-1: the named days of the week; ``first_tick`` is the first day ticked."""

    name: LocalText = Field(description="The calendar's title.")
    days: list[LocalText] = Field(min_length=1, max_length=31, description="The days' names in order.")
    first_tick: int = Field(default=0, ge=0, description="Index of the first day ticked.")
    renamable: list[int] = Field(default_factory=list, description="Indices of days the player may rename.")

    @model_validator(mode="after")
    def _indices_fit(self) -> Calendar:
        if self.first_tick >= len(self.days):
            raise refusal("first_tick_not_a_day", index=self.first_tick, last=len(self.days) - 1)
        for index in self.renamable:
            if not 0 <= index < len(self.days):
                raise refusal("renamable_not_a_day", index=index, last=len(self.days) - 1)
        return self


class ReadyHero(Strict):
    """R-CREATE-2: a ready-made hero, with a short portrait of our own words."""

    name: str = Field(min_length=1, max_length=80, description="The hero's name.")
    scores: dict[StatId, Annotated[int, Field(ge=0, le=999)]] = Field(description="Initial score of every rolled stat.")
    equipment: list[LocalText] = Field(default_factory=list, description="What this hero carries besides the book's equipment.")
    portrait: LocalText = Field(description="A short portrait in our own words.")


class Death(Strict):
    """R-DEATH-1: whether the book may tell the player to carry on after death."""

    may_continue: bool = Field(default=False, description='True: the death screen offers "the book tells me to continue".')
    note: LocalText | None = Field(default=None, description="Shown on the death screen.")


class Companion(Strict):
    """A member of a crew or party with rolled scores of their own (Starship Traveller's officers)."""

    id: Annotated[str, Identifier] = Field(description="snake_case id.")
    name: LocalText = Field(description="The companion's title or name.")
    scores: dict[StatId, DiceFormula] = Field(min_length=1, description="Each score and its dice, rolled after the hero's.")


class Series(Strict):
    """The series a book belongs to and how its number is written."""

    name: LocalText = Field(description="The series' name (Défis Fantastiques / Fighting Fantasy).")
    short: LocalText = Field(description="The prefix of the number (DF / FF).")


# Without a series, a book keeps its French "DF" number in both languages (the seed books: DF64 has
# another number in the English series); a book numbered in the English series says so in its file.
DEFAULT_SERIES = Series(name=LocalText(fr="Défis Fantastiques", en="Fighting Fantasy"), short=LocalText(fr="DF", en="DF"))


class FightingFantasyBook(Strict):
    """A Défis Fantastiques book: stats, counters and the numbers of every rule."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    format: Literal[2] = Field(default=FORMAT, description="The book file format (2; a format-1 file is migrated when read).")
    schema_: str | None = Field(
        default=None, alias="$schema", max_length=500, description="Where an editor finds the schema (ignored by the app)."
    )
    kind: Literal["fighting_fantasy"] = Field(default="fighting_fantasy", description="Which rules play the book.")
    id: BookId = Field(description="The book's id; the file is named <id>.json.")
    title: LocalText = Field(description="The title in French and English.")
    series: Series = Field(
        default=DEFAULT_SERIES,
        description='The series and the prefix of its numbers (default: Défis Fantastiques, "DF" in both languages).',
    )
    series_number: int | None = Field(default=None, ge=1, le=999, description="The book's number in its series.")
    section_count: int | None = Field(
        default=None,
        ge=1,
        le=100_000,
        description="How many numbered sections the printed book has (the paragraph tracker stays within).",
    )
    blurb: LocalText | None = Field(default=None, description="One line for the bookshelf, in our own words.")
    notes: LocalText | None = Field(default=None, description="Notes for players and authors: sources, uncertain numbers.")
    stats: list[StatDef] = Field(
        max_length=24,
        description="The hero's scores, in creation order. STAMINA is required; SKILL and LUCK may be left out "
        "(everything that needs them then disappears).",
    )
    counters: list[CounterDef] = Field(default_factory=list, max_length=40, description="Counted things on the sheet.")
    equipment: list[LocalText] = Field(default_factory=list, max_length=100, description="What every hero starts with.")
    combat: CombatRules = Field(default=CombatRules(), description="The rules of the hero's own fights (the default profile).")
    combat_profiles: dict[Annotated[str, Identifier], CombatRules] = Field(
        default_factory=dict, max_length=8, description="Other kinds of fight by id (`vehicle`, `ship`), named by a fight."
    )
    luck_test: TestRules = Field(default=TestRules(cost=1), description="Test your Luck (R-LUCK-1).")
    skill_test: TestRules | None = Field(
        default=TestRules(),
        description="Test your Skill (R-SKILL-1); null: the book has none (Loup Solitaire's COMBAT SKILL is never tested).",
    )
    meal: Healing | None = Field(default=None, description="Eating a meal (R-FOOD-1); none: meals restore nothing.")
    herb: Healing | None = Field(default=None, description="Healing herbs (R-HERB-1).")
    potions: Potions | None = Field(default=None, description="Potions (R-POTION-1).")
    archery: Archery | None = Field(default=None, description="The bow (R-BOW-1..4).")
    calendar: Calendar | None = Field(default=None, description="Named days ticked by the book (R-TIME-1).")
    creation: list[ChoiceStep] = Field(
        default_factory=list, max_length=10, description="Choices made after the scores are rolled."
    )
    spells: list[Spell] = Field(default_factory=list, max_length=60, description="Spells and abilities the hero may cast.")
    thresholds: list[Threshold] = Field(
        default_factory=lambda: list(DEFAULT_THRESHOLDS),
        max_length=30,
        description="Score values with a consequence; the death ones are the book's death conditions "
        "(default: STAMINA at most 0).",
    )
    endings: list[Ending] = Field(
        default_factory=list,
        max_length=30,
        description="Conditions that end the adventure (death, defeat, victory) or warn, with their words; "
        "checked after `thresholds`.",
    )
    triggers: list[Trigger] = Field(
        default_factory=list, max_length=60, description="Effects the rules apply when something happens."
    )
    flags: list[Flag] = Field(default_factory=list, max_length=40, description="Marks the hero has or not (`flags.<id>`).")
    lists: list[ItemList] = Field(
        default_factory=list, max_length=10, description="Lists of items besides the equipment (a Backpack of 8)."
    )
    tracks: list[Track] = Field(default_factory=list, max_length=10, description="Counts of days or hours (`tracks.<id>`).")
    shops: list[Shop] = Field(default_factory=list, max_length=20, description="Shops: items with prices in a counter.")
    crew: list[Companion] = Field(default_factory=list, max_length=12, description="Companions with rolled scores of their own.")
    ready_heroes: list[ReadyHero] = Field(default_factory=list, max_length=20, description="Ready-made heroes (R-CREATE-2).")
    death: Death = Field(default=Death(), description="What happens after death (R-DEATH-1).")
    sections: list[Section] = Field(
        default_factory=list, max_length=2000, description="The adventure's own text (the demo only)."
    )
    first_section: SectionNumber | None = Field(default=None, description="Where the adventure starts (default 1).")

    _rules: BookRules | None = PrivateAttr(default=None)

    @property
    def rules(self) -> BookRules:
        """The book's rules compiled once, when the book was checked (game.books.models): its names, every
        expression as a program, the sugar expanded."""
        private = self.__pydantic_private__  # read straight from the slot: the rules read this on every name
        found = private.get("_rules") if private is not None else None
        if found is None:
            raise RuntimeError(f"the book {self.id} was not checked: validate it with game.books.loader.validate_book")
        return found  # type: ignore[no-any-return]  # only ever set to the book's BookRules

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

    def label(self, language: str = "fr") -> str:
        """The series prefix and number as the shelf writes it ("DF 31", "FF 1"), or "" without a number."""
        if self.series_number is None:
            return ""
        return f"{self.series.short.get(language)} {self.series_number}"

    @model_validator(mode="after")
    def _sections_resolve(self) -> FightingFantasyBook:
        """After the stats and counters are known good: the sections' references (game.books.sections)."""
        if self.first_section is not None and not self.sections:
            raise refusal("first_section_no_sections")
        check_sections(self)
        return self

    def stat(self, stat_id: str) -> StatDef:
        """The definition of one stat (KeyError if the book has none)."""
        return _by_id(self.stats, stat_id)

    def counter(self, counter_id: str) -> CounterDef:
        """The definition of one counter (KeyError if the book has none)."""
        return _by_id(self.counters, counter_id)

    def spell(self, spell_id: str) -> Spell | None:
        """The spell ``spell_id``, or None."""
        return next((s for s in self.spells if s.id == spell_id), None)

    def step(self, step_id: str) -> ChoiceStep | None:
        """The creation step ``step_id``, or None."""
        return next((s for s in self.creation if s.id == step_id), None)

    def profile(self, profile_id: str | None) -> CombatRules:
        """The combat rules of a profile (None: the default ``combat``); KeyError if unknown."""
        return self.combat if profile_id is None else self.combat_profiles[profile_id]

    def test_rules(self, stat_id: str) -> TestRules | None:
        """How ``stat_id`` is tested, or None when the book does not make it testable."""
        if stat_id in ("luck", "skill"):
            return (self.luck_test if stat_id == "luck" else self.skill_test) if self.has_stat(stat_id) else None
        try:
            return self.stat(stat_id).test
        except KeyError:
            return None

    def death_conditions(self) -> list[Threshold]:
        """R-DEATH-1: the thresholds whose consequence is death, in the book's order."""
        return [t for t in self.thresholds if t.consequence == "death"]

    def has_stat(self, stat_id: str) -> bool:
        """Whether the book has this score (a book may leave LUCK or SKILL out)."""
        return any(s.id == stat_id for s in self.stats)

    def flag(self, flag_id: str) -> Flag:
        """The definition of one flag (KeyError if the book has none)."""
        return _by_id(self.flags, flag_id)

    def track(self, track_id: str) -> Track:
        """The definition of one track (KeyError if the book has none)."""
        return _by_id(self.tracks, track_id)

    def item_list(self, list_id: str) -> ItemList:
        """The definition of one item list (KeyError if the book has none)."""
        return _by_id(self.lists, list_id)

    def shop(self, shop_id: str) -> Shop:
        """The definition of one shop (KeyError if the book has none)."""
        return _by_id(self.shops, shop_id)


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


Found = TypeVar("Found", bound=_HasId)


def _by_id(items: list[Found], wanted: str) -> Found:
    """The item of ``items`` whose id is ``wanted`` (KeyError if none)."""
    for item in items:
        if item.id == wanted:
            return item
    raise KeyError(wanted)

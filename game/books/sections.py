"""The optional text of a book: numbered sections, their choices and the events they trigger.

A book may carry ``sections`` (the demo adventure does; the DF books do not).
Each section has its text in French and English, the events it triggers in
order (a fight, a test of Luck or Skill, a gain or a loss, a day ticked,
death) and the choices that lead on. Events use the rules' own action names
(``fight``, ``test_luck``, ``change``…), so the reader turns them into rules
actions unchanged; what happens next (which outcome, who won) is decided by
the rules, never by the book.

The checks that need the whole book (every target exists, numbers are unique,
the entry section exists and every section can be reached from it, the stats
and counters named exist) live in :func:`check_sections`, called by the book
model; each error names the JSON path of the offending value.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Annotated, Any, Literal, Protocol

from pydantic import Field, model_validator
from pydantic_core import InitErrorDetails, ValidationError

from game.books.common import Identifier, LocalText, Strict, refusal

SectionNumber = Annotated[int, Field(ge=1, le=100_000)]
Amount = Annotated[int, Field(ge=-999, le=999)]
FightMode = Literal["one_after_another", "all_together", "as_one"]


class Creature(Strict):
    """A creature as the section gives it: its name in both languages, SKILL and STAMINA."""

    name: LocalText = Field(description="The creature's name in French and English.")
    skill: int = Field(ge=0, le=99, description="Its SKILL.")
    stamina: int = Field(ge=1, le=999, description="Its STAMINA.")


class FightEvent(Strict):
    """Start a fight (R-MULTI-1, R-BOW-2, R-COMBAT-5).

    ``won``: where the hero goes after winning (omitted: the section's next
    events and choices follow). ``escaped``: where an escape leads; given
    exactly when ``escape`` is allowed.
    """

    do: Literal["fight"] = Field(description="Start a fight.")
    enemies: list[Creature] = Field(min_length=1, max_length=12, description="The creatures, in the paragraph's order.")
    mode: FightMode = Field(default="one_after_another", description="How several creatures fight (R-MULTI-1).")
    arrows: int = Field(default=0, ge=0, le=99, description="Arrows that may be shot before melee (R-BOW-2).")
    escape: bool = Field(default=False, description="True: the hero may escape (R-COMBAT-5).")
    escape_cost: int | None = Field(default=None, ge=0, le=99, description="The escape's free wound, if not the book's.")
    won: SectionNumber | None = Field(default=None, description="Where winning leads (omitted: the section goes on).")
    escaped: SectionNumber | None = Field(default=None, description="Where an escape leads.")


class LuckEvent(Strict):
    """Test your Luck (R-LUCK-1): the outcome chooses the next section."""

    do: Literal["test_luck"] = Field(description="Test your Luck.")
    lucky: SectionNumber = Field(description="Where a Lucky hero goes.")
    unlucky: SectionNumber = Field(description="Where an Unlucky hero goes.")


class SkillEvent(Strict):
    """Test your Skill (R-SKILL-1): the outcome chooses the next section."""

    do: Literal["test_skill"] = Field(description="Test your Skill.")
    success: SectionNumber = Field(description="Where a success leads.")
    failure: SectionNumber = Field(description="Where a failure leads.")


class ChangeEvent(Strict):
    """Gain or lose points of a score, capped and floored by the rules (R-CAP-1/2)."""

    do: Literal["change"] = Field(description="Gain or lose points of a score.")
    stat: Annotated[str, Identifier] = Field(description="The stat's id.")
    by: Amount = Field(description="Points gained (negative: lost).")


class RaiseInitialEvent(Strict):
    """The book changes an initial score (R-CAP-1 decision)."""

    do: Literal["raise_initial"] = Field(description="Change an initial score.")
    stat: Annotated[str, Identifier] = Field(description="The stat's id.")
    by: Amount = Field(description="Points added to the initial score (negative: taken away).")


class CounterEvent(Strict):
    """Gain or spend arrows, gold, herbs, potions…"""

    do: Literal["counter"] = Field(description="Gain or spend a counter.")
    name: Annotated[str, Identifier] = Field(description="The counter's id.")
    by: Amount = Field(description="How many gained (negative: spent).")


class TickDayEvent(Strict):
    """Tick a day on the calendar (R-TIME-1)."""

    do: Literal["tick_day"] = Field(description="Tick a day.")


class DieEvent(Strict):
    """The section kills the hero (R-DEATH-1)."""

    do: Literal["die"] = Field(description="The hero dies.")


Event = Annotated[
    FightEvent | LuckEvent | SkillEvent | ChangeEvent | RaiseInitialEvent | CounterEvent | TickDayEvent | DieEvent,
    Field(discriminator="do"),
]
TEST_EVENTS = (LuckEvent, SkillEvent)


class Choice(Strict):
    """A way on: the button's label and the section it leads to."""

    label: LocalText = Field(description="The button's label.")
    target: SectionNumber = Field(description="The section it leads to.")


class Section(Strict):
    """One numbered section: text, events in order, choices; ``end`` marks an ending."""

    number: SectionNumber = Field(description="The section's number.")
    text: LocalText = Field(description="The section's text, in French and English.")
    events: list[Event] = Field(default_factory=list, max_length=20, description="What happens, in order.")
    choices: list[Choice] = Field(default_factory=list, max_length=8, description="The ways on.")
    end: Literal["victory", "defeat"] | None = Field(default=None, description="Marks an ending.")

    @model_validator(mode="after")
    def _shape(self) -> Section:
        events = self.events
        fights = [e for e in events if isinstance(e, FightEvent)]
        if len(fights) > 1:
            raise refusal("section_one_fight")
        for index, event in enumerate(events):
            last = index == len(events) - 1
            if isinstance(event, TEST_EVENTS) and not last:
                raise refusal("section_test_last", index=index)
            if isinstance(event, DieEvent) and not last:
                raise refusal("section_die_last", index=index)
            if isinstance(event, FightEvent) and event.won is not None and not last:
                raise refusal("section_won_last", index=index)
        outcomes = bool(self.outcome_targets())
        has_test = any(isinstance(e, TEST_EVENTS) for e in events)
        won = any(isinstance(e, FightEvent) and e.won is not None for e in events)
        if (has_test or won) and self.choices:
            raise refusal("section_outcome_and_choices")
        dies = any(isinstance(e, DieEvent) for e in events)
        if self.end is not None:
            if self.choices or outcomes:
                raise refusal("section_ending_leads", number=self.number)
            if self.end == "victory" and dies:
                raise refusal("section_victory_dies", number=self.number)
        elif not self.choices and not has_test and not won and not dies:
            raise refusal("section_leads_nowhere", number=self.number)
        return self

    def outcome_targets(self) -> list[tuple[int, str, int]]:
        """The sections the events lead to: (event index, field name, target)."""
        found = []
        for index, event in enumerate(self.events):
            for name in ("won", "escaped", "lucky", "unlucky", "success", "failure"):
                target = getattr(event, name, None)
                if isinstance(target, int) and not isinstance(target, bool):
                    found.append((index, name, target))
        return found

    def targets(self) -> list[tuple[tuple[Any, ...], int]]:
        """Every section this one leads to, with its path inside the section."""
        paths: list[tuple[tuple[Any, ...], int]] = [
            (("events", index, name), target) for index, name, target in self.outcome_targets()
        ]
        paths += [(("choices", index, "target"), choice.target) for index, choice in enumerate(self.choices)]
        return paths


def _error(loc: tuple[Any, ...], value: Any, code: str, **params: str | int) -> InitErrorDetails:
    """A problem at ``loc`` by its reason code (``reasons.<code>``) and parameters."""
    return InitErrorDetails(type=refusal(code, **params), loc=loc, input=value)


class _Named(Protocol):
    @property
    def id(self) -> str: ...


class SectionsBook(Protocol):
    """What the sections' checks read of their book (``FightingFantasyBook``, which builds on this module: a
    Protocol here, so this module need not import the book that imports it)."""

    @property
    def sections(self) -> Sequence[Section]: ...
    @property
    def entry_section(self) -> int: ...
    @property
    def stats(self) -> Sequence[_Named]: ...
    @property
    def counters(self) -> Sequence[_Named]: ...
    @property
    def calendar(self) -> object | None: ...
    @property
    def archery(self) -> object | None: ...


def check_sections(book: SectionsBook) -> None:
    """Cross-checks of the sections against each other and the book; raises a ValidationError with exact paths."""
    sections: Sequence[Section] = book.sections
    if not sections:
        return
    errors: list[InitErrorDetails] = []
    where: dict[int, int] = {}
    for index, section in enumerate(sections):
        if section.number in where:
            errors.append(
                _error(
                    ("sections", index, "number"),
                    section.number,
                    "section_twice",
                    number=section.number,
                    at=where[section.number],
                )
            )
        else:
            where[section.number] = index
    entry = book.entry_section
    if entry not in where:
        errors.append(_error(("first_section",), entry, "entry_not_a_section", number=entry))
    for index, section in enumerate(sections):
        for path, target in section.targets():
            if target not in where:
                errors.append(_error(("sections", index, *path), target, "section_missing", number=target, source=section.number))
        errors.extend(_event_checks(book, index, section))
    if not any(s.end is not None for s in sections):
        errors.append(_error(("sections",), len(sections), "no_ending"))
    if not errors:
        reached = _reachable(sections, entry)
        for index, section in enumerate(sections):
            if section.number not in reached:
                errors.append(
                    _error(("sections", index, "number"), section.number, "section_unreached", number=section.number, entry=entry)
                )
    if errors:
        raise ValidationError.from_exception_data("FightingFantasyBook", errors)


def _event_checks(book: SectionsBook, index: int, section: Section) -> Iterable[InitErrorDetails]:
    stats = [s.id for s in book.stats]
    counters = [c.id for c in book.counters]
    for number, event in enumerate(section.events):
        loc = ("sections", index, "events", number)
        if isinstance(event, (ChangeEvent, RaiseInitialEvent)) and event.stat not in stats:
            yield _error((*loc, "stat"), event.stat, "unknown_stat", id=event.stat, known=", ".join(stats))
        if isinstance(event, CounterEvent) and event.name not in counters:
            yield _error((*loc, "name"), event.name, "unknown_counter", id=event.name, known=", ".join(counters))
        if isinstance(event, TickDayEvent) and book.calendar is None:
            yield _error((*loc, "do"), event.do, "no_calendar")
        if isinstance(event, FightEvent):
            yield from _fight_checks(book, loc, event)


def _fight_checks(book: SectionsBook, loc: tuple[Any, ...], event: FightEvent) -> Iterable[InitErrorDetails]:
    if event.arrows and book.archery is None:
        yield _error((*loc, "arrows"), event.arrows, "no_bow")
    if event.mode == "as_one" and len(event.enemies) > 1:
        yield _error((*loc, "enemies"), len(event.enemies), "as_one_single")
    if event.escape and event.escaped is None:
        yield _error((*loc, "escape"), event.escape, "escape_needs_escaped")
    if event.escaped is not None and not event.escape:
        yield _error((*loc, "escaped"), event.escaped, "escaped_without_escape", part="escaped")
    if event.escape_cost is not None and not event.escape:
        yield _error((*loc, "escape_cost"), event.escape_cost, "escaped_without_escape", part="escape_cost")


def _reachable(sections: Sequence[Section], entry: int) -> set[int]:
    by_number = {s.number: s for s in sections}
    seen = {entry}
    todo = [entry]
    while todo:
        for _path, target in by_number[todo.pop()].targets():
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen

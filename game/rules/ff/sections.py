"""What a section of the book offers next, read from the session: pure, no pygame.

A book with ``sections`` (see ``game.books.sections``) is played by a reader
screen that only executes what this module says:

- :func:`go_to` is the ``paragraph`` action that moves the tracker to a section;
  every action handed to the screen is a typed model of ``game.rules.ff.actions``;
- :func:`offer` reads the log since the hero arrived at the section (the last
  ``paragraph`` entry) and tells which of the section's events are done, which
  one comes next (as the rules action to apply), and which choices the rules
  allow now. A choice after a test depends on the outcome the rules gave
  (lucky/unlucky, success/failure); a choice after a fight on the fight's
  winner. Nothing is stored besides the ordinary log, so undo, redo and a
  reloaded save give the same answer.

Events are matched against the log in order: an automatic event (a gain, a
loss, a day) is done when the same action was logged after the previous
event; a test when a test of that kind was logged; a fight when a fight with
the same creatures was started and is over (a fight the player stopped by
hand counts as not fought: it may be started again).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.books.fighting_fantasy import FightingFantasyBook
from game.books.sections import FightEvent, LuckEvent, Section, SkillEvent
from game.rules.ff import actions as a
from game.rules.ff.ruleset import ACTION_ADAPTER
from game.rules.ff.state import SheetState

AUTOMATIC = ("change", "raise_initial", "counter", "tick_day", "die")
OUTCOME_FIELDS = {"test_luck": ("lucky", "unlucky"), "test_skill": ("success", "failure"), "fight": ("won", "escaped")}
WINNER_OF = {"won": "hero", "escaped": "escaped"}


class LoggedEntry(Protocol):
    """What is read from a log entry (``game.rules.session.Entry``, a frozen dataclass: read-only here too)."""

    @property
    def action(self) -> dict[str, Any]: ...

    @property
    def outcome(self) -> str | None: ...


@dataclass(frozen=True)
class EventStatus:
    """One event of the section: the rules action it becomes and how far it went."""

    index: int
    kind: str  # the action's "do"
    action: a.Action
    automatic: bool
    done: bool = False
    started: bool = False  # a fight begun and not over
    outcome: str | None = None  # lucky / unlucky / success / failure, or the fight's winner


@dataclass(frozen=True)
class ChoiceOffer:
    """A way on as the reader shows it; ``reason`` says why it is not open yet."""

    target: int
    kind: str  # "choice", or the outcome it follows: lucky, unlucky, success, failure, won, escaped
    label: Any  # the book's LocalText for a "choice"; None for an outcome (the screen words it)
    enabled: bool
    reason: str | None  # not_here, hero_dead, test_first, fight_first, events_first, other_outcome
    action: a.GoToParagraph


@dataclass(frozen=True)
class Offer:
    """What the section offers now."""

    number: int
    section: Section | None  # None: the tracker is on a number the book's text does not have
    arrived: bool  # the paragraph tracker is on this section
    arrive: a.GoToParagraph | None  # the paragraph action when it is not
    events: list[EventStatus] = field(default_factory=list)
    next: EventStatus | None = None  # the first event not done yet
    choices: list[ChoiceOffer] = field(default_factory=list)
    dead: bool = False
    ending: str | None = None  # "victory" / "defeat" once every event is done

    @property
    def automatic(self) -> a.Action | None:
        """The next action to apply at once on arrival (a gain, a loss, a day, death), if any."""
        if self.arrived and not self.dead and self.next is not None and self.next.automatic:
            return self.next.action
        return None

    @property
    def fight_active(self) -> bool:
        return self.next is not None and self.next.kind == "fight" and self.next.started


def go_to(number: int) -> a.GoToParagraph:
    """The rules action that moves the paragraph tracker to section ``number``."""
    return a.GoToParagraph(number=number)


def has_sections(book: Any) -> bool:
    return bool(getattr(book, "sections", None))


def current(book: FightingFantasyBook, state: SheetState) -> int | None:
    """The section the tracker is on, when the book's text has it."""
    if state.paragraph is not None and book.section(state.paragraph) is not None:
        return state.paragraph
    return None


def resume_number(book: FightingFantasyBook, state: SheetState) -> int:
    """Where reading goes on: the tracker's section, else the last section visited, else the entry."""
    here = current(book, state)
    if here is not None:
        return here
    for number in reversed(state.paragraph_history):
        if book.section(number) is not None:
            return number
    return book.entry_section


def event_action(event: Any, language: str = "fr") -> a.Action:
    """The typed rules action of one event (creature names in ``language``); outcome targets are left out.

    The book's events are checked against the same limits when the book loads, so each makes its action."""
    if isinstance(event, FightEvent):
        return a.StartFight(
            enemies=[a.EnemySpec(name=e.name.get(language), skill=e.skill, stamina=e.stamina) for e in event.enemies],
            mode=event.mode,
            arrows=event.arrows,
            escape=event.escape,
            escape_cost=event.escape_cost,
        )
    data: dict[str, Any] = event.model_dump(mode="json")
    for name in OUTCOME_FIELDS.get(data["do"], ()):
        data.pop(name, None)
    action: a.Action = ACTION_ADAPTER.validate_python(data)
    return action


def events_as_actions(book: FightingFantasyBook, number: int, language: str = "fr") -> list[a.Action]:
    """Every event of section ``number`` as the rules action the reader applies, in order."""
    section = book.section(number)
    return [] if section is None else [event_action(e, language) for e in section.events]


def _same(event: Any, logged: dict[str, Any], language: str) -> bool:
    """Whether a logged action is this event (a fight is recognised by its numbers, in any language)."""
    if isinstance(event, FightEvent):
        if logged.get("do") != "fight":
            return False
        enemies = [(e.get("skill"), e.get("stamina")) for e in logged.get("enemies", [])]
        escape_cost = logged.get("escape_cost")
        return (
            enemies == [(e.skill, e.stamina) for e in event.enemies]
            and logged.get("mode", "one_after_another") == event.mode
            and logged.get("arrows", 0) == event.arrows
            and bool(logged.get("escape", False)) == event.escape
            and escape_cost == event.escape_cost
        )
    if isinstance(event, (LuckEvent, SkillEvent)):
        return logged.get("do") == event.do
    wanted = event_action(event, language).model_dump(mode="json")  # the log holds the same dump of each action
    return all(logged.get(key) == value for key, value in wanted.items())


def _fight_winner(entries: Sequence[LoggedEntry], index: int, state: SheetState) -> str | None:
    """The winner of the fight started by entry ``index`` (None while it goes on)."""
    later = [i for i in range(index + 1, len(entries)) if entries[i].action.get("do") == "fight"]
    if not later:
        return None if state.fight is None else state.fight.winner
    # A fight can only start once the one before is over, the hero alive: it was won, escaped or stopped.
    between = {entries[i].action.get("do") for i in range(index + 1, later[0])}
    if "stop_fight" in between:
        return "stopped"
    return "escaped" if "escape" in between else "hero"


def offer(
    book: FightingFantasyBook, state: SheetState, entries: Sequence[LoggedEntry], number: int, language: str = "fr"
) -> Offer:
    """What section ``number`` offers now, given the state and the log (``session.entries``)."""
    section = book.section(number)
    dead = state.hero is not None and not state.hero.alive
    if section is None:
        return Offer(number, None, arrived=state.paragraph == number, arrive=None, dead=dead)
    arrived = state.paragraph == number
    if not arrived:
        ahead = [EventStatus(i, e.do, event_action(e, language), e.do in AUTOMATIC) for i, e in enumerate(section.events)]
        choices = _choices(section, ahead, None, False, dead, "not_here")
        return Offer(number, section, False, go_to(number), ahead, ahead[0] if ahead else None, choices, dead)
    start = max((i for i, e in enumerate(entries) if e.action.get("do") == "paragraph"), default=-1) + 1
    statuses: list[EventStatus] = []
    position = start
    blocked = False
    escaped = False
    for index, event in enumerate(section.events):
        action = event_action(event, language)
        status = EventStatus(index, event.do, action, event.do in AUTOMATIC)
        if not blocked:
            status, position = _follow(event, status, entries, position, state, language)
            blocked = not status.done
            escaped = escaped or status.outcome == "escaped"
            blocked = blocked or escaped
        statuses.append(status)
    pending = next((s for s in statuses if not s.done), None)
    if escaped:
        pending = None
    choices = _choices(section, statuses, pending, escaped, dead, None)
    ending = section.end if pending is None and not escaped else None
    return Offer(number, section, True, None, statuses, pending, choices, dead, ending)


def _follow(
    event: Any, status: EventStatus, entries: Sequence[LoggedEntry], position: int, state: SheetState, language: str
) -> tuple[EventStatus, int]:
    """Find the event in the log from ``position`` on; return its status and where the next event is looked for."""
    for i in range(position, len(entries)):
        if not _same(event, entries[i].action, language):
            continue
        if not isinstance(event, FightEvent):
            return EventStatus(status.index, status.kind, status.action, status.automatic, True, False, entries[i].outcome), i + 1
        winner = _fight_winner(entries, i, state)
        if winner is None:
            return EventStatus(status.index, status.kind, status.action, status.automatic, False, True, None), i + 1
        if winner == "stopped":
            continue  # set aside by hand: the section's fight is still to be fought
        done = winner in ("hero", "escaped")
        return EventStatus(status.index, status.kind, status.action, status.automatic, done, False, winner), i + 1
    return status, position


def _choices(
    section: Section, statuses: list[EventStatus], pending: EventStatus | None, escaped: bool, dead: bool, reason: str | None
) -> list[ChoiceOffer]:
    offers: list[ChoiceOffer] = []
    for status, event in zip(statuses, section.events):
        for name in OUTCOME_FIELDS.get(event.do, ()):
            target = getattr(event, name, None)
            if target is None:
                continue
            wanted = WINNER_OF.get(name, name)
            if reason is not None or dead:
                why = reason or "hero_dead"
            elif not status.done:
                why = "fight_first" if event.do == "fight" else "test_first"
            elif status.outcome != wanted:
                why = "other_outcome"
            else:
                why = None
            offers.append(ChoiceOffer(target, name, None, why is None, why, go_to(target)))
    for choice in section.choices:
        if reason is not None or dead:
            why = reason or "hero_dead"
        elif escaped:
            why = "other_outcome"
        elif pending is not None:
            why = {"fight": "fight_first", "test_luck": "test_first", "test_skill": "test_first"}.get(
                pending.kind, "events_first"
            )
        else:
            why = None
        offers.append(ChoiceOffer(choice.target, "choice", choice.label, why is None, why, go_to(choice.target)))
    return offers

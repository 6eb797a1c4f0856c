"""What the reader shows, read from the rules' offer for the section, the sheet's state and the book.

``view_of`` builds a frozen :class:`ReaderView` for each frame: the book's
title, the section's number, the event strip's note (the fight ahead, the
test's verdict, death or the end), whether the section ends the book, the
compact sheet (scores, counters, today, equipment) and the message line.
Every word comes from the catalogue, the book and the state; the painter only
draws it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from game.app.book_texts import item_texts
from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.ff import actions as a
from game.rules.ff import sections as rules
from game.rules.ff.outcome import good
from game.rules.ff.ruleset import calendar_view, computed_scores
from game.rules.ff.state import Combatant, SheetState
from game.scenes.reader.layout import ICONS
from game.ui.context import UIContext

Tone = Literal["neutral", "good", "bad"]


@dataclass(frozen=True)
class StatRow:
    """A score of the compact sheet: its name, its value, "/ initial" where capped, and whether it runs low."""

    name: str
    value: str
    initial: str
    low: bool


@dataclass(frozen=True)
class CounterRow:
    icon: str
    name: str
    value: str


@dataclass(frozen=True)
class Today:
    """The calendar's line: today's name (None before the first day) and how many days were ticked."""

    name: str | None
    ticked: str


@dataclass(frozen=True)
class SideSheet:
    """The compact sheet beside the page."""

    hero_name: str
    stats: tuple[StatRow, ...]
    counters: tuple[CounterRow, ...]
    today: Today | None  # None: the book has no calendar
    weapon_lost: bool
    equipment: tuple[str, ...]


@dataclass(frozen=True)
class ReaderView:
    """The reader of one frame."""

    title: str
    number: str  # the section's number ("—" before the first sync)
    strip_note: str | None
    strip_tone: Tone
    strip_button: bool  # a button shows in the strip (its note starts right of it)
    finis: str | None  # the closing word, when the section ends the book
    text_end: int  # where the section's text ends on the page (scrolled)
    side: SideSheet | None  # None before the hero exists
    message: str | None
    message_tone: Tone


def fight_note(ui: UIContext, state: SheetState, status: rules.EventStatus) -> str:
    """The fight ahead: its creatures (those still standing once begun), arrows, the mode, whether one may flee."""
    fight = status.action
    assert isinstance(fight, a.StartFight)  # a fight event's action starts the fight
    enemies: Sequence[a.EnemySpec | Combatant] = fight.enemies
    if status.started and state.fight is not None:
        enemies = [e for e in state.fight.enemies if e.stamina > 0]
    names = ", ".join(ui.t("reader.creature", name=e.name, skill=e.skill, stamina=e.stamina) for e in enemies)
    extras = []
    if fight.arrows:
        extras.append(ui.t("reader.arrows_allowed", count=fight.arrows))
    if len(enemies) > 1:
        extras.append(ui.t(f"reader.mode_{fight.mode}"))
    if fight.escape:
        extras.append(ui.t("reader.escape_allowed"))
    return names + (" — " + " · ".join(extras) if extras else "")


def last_outcome_note(ui: UIContext, offer: rules.Offer) -> tuple[str | None, Tone]:
    """The verdict of the section's last test, or how its fight ended."""
    for status in reversed(offer.events):
        if status.done and status.kind in ("test_luck", "test_skill"):
            return ui.t(f"reader.verdict_{status.outcome}"), "good" if good(status.outcome) else "bad"
        if status.done and status.kind == "fight":
            return ui.t("reader.fight_won" if status.outcome == "hero" else "reader.fight_escaped"), "neutral"
    return None, "neutral"


def strip_note(ui: UIContext, offer: rules.Offer | None, state: SheetState) -> tuple[str | None, Tone]:
    """The line beside the strip's button: the fight ahead, the test's verdict, death or the end."""
    if offer is None or offer.section is None:
        return None, "neutral"
    if offer.dead:
        return ui.t("reader.dead"), "bad"
    if offer.ending == "victory":
        return ui.t("reader.end_victory"), "good"
    if offer.ending == "defeat":
        return ui.t("reader.end_defeat"), "bad"
    if offer.next is not None and offer.next.kind == "fight":
        return fight_note(ui, state, offer.next), "neutral"
    return last_outcome_note(ui, offer)


def today(ui: UIContext, book: FightingFantasyBook, state: SheetState) -> Today | None:
    """R-TIME-1: today's name and the days ticked, for a book with a calendar."""
    if book.calendar is None:
        return None
    calendar = calendar_view(book, state, ui.catalogue.language)
    assert calendar is not None  # the book has a calendar
    return Today(calendar["today"], ui.t("reader.days_ticked", ticked=calendar["ticked"]))


def side_sheet(ui: UIContext, book: FightingFantasyBook, state: SheetState) -> SideSheet | None:
    """The compact sheet: the hero's scores, the book's counters, today, a lost weapon, the equipment."""
    hero = state.hero
    if hero is None:
        return None
    language = ui.catalogue.language
    computed = computed_scores(book, state)
    stats = tuple(
        StatRow(stat.name.get(language), str(computed.get(stat.id) if computed.get(stat.id) is not None else "—"), "", False)
        if stat.computed
        else StatRow(
            stat.name.get(language),
            str(hero.scores[stat.id]),
            f"/ {hero.initial[stat.id]}" if stat.capped_at_initial else "",
            stat.id == "stamina" and hero.scores[stat.id] <= max(4, hero.initial[stat.id] // 4),
        )
        for stat in book.stats
    )
    counters = tuple(
        CounterRow(
            ICONS.get(counter.icon, "shield"),
            counter.name.get(language),
            str(state.counters[counter.id]) + (f" / {counter.maximum}" if counter.maximum else ""),
        )
        for counter in book.counters
    )
    equipment = tuple(item_texts(book, list(state.equipment), language)) if state.equipment else ()
    return SideSheet(hero.name or ui.t("sheet.nameless"), stats, counters, today(ui, book, state), hero.weapon_lost, equipment)


def view_of(
    ui: UIContext,
    book: FightingFantasyBook,
    state: SheetState,
    offer: rules.Offer | None,
    *,
    strip_button: bool,
    text_end: int,
    message: tuple[str | None, Tone],
) -> ReaderView:
    """The reader now: the offer, the state and the book, with the screen's strip button, scroll and message."""
    note, tone = strip_note(ui, offer, state)
    return ReaderView(
        title=book.title.get(ui.catalogue.language),
        number=str(offer.number) if offer else "—",
        strip_note=note,
        strip_tone=tone,
        strip_button=strip_button,
        finis=ui.t("reader.finis") if offer is not None and offer.ending is not None else None,
        text_end=text_end,
        side=side_sheet(ui, book, state),
        message=message[0],
        message_tone=message[1],
    )

"""What the Adventure Sheet shows, as one value built from the adventure, the book and the sheet's own UI state.

The painters read a :class:`SheetView` and nothing else of the screen: every
score, counter, day and line of the Tools tab comes from the rules state and
the book data (what the book does not use is not there), in the player's
language. Built again for every frame drawn (the sheet draws only when
something changed), so it never lags behind the state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.app.book_texts import ending_groups
from game.app.journal import play_badge
from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.ff.context import counter_maximum, holding, list_limit
from game.rules.ff.ruleset import calendar_view
from game.scenes.sheet.items import ItemsShown, items_shown
from game.scenes.sheet.layout import ICONS
from game.ui.context import UIContext

if TYPE_CHECKING:
    from game.app.adventure import FFAdventure
    from game.rules.ff.state import SheetState


@dataclass(frozen=True)
class StatLine:
    """A score's row: its name, and its initial value ("—" for a score the initial does not cap)."""

    name: str
    initial: str
    short: str | None = None  # the book's short name, where the name does not fit (ARMY STRENGTH → STRENGTH)


@dataclass(frozen=True)
class CounterLine:
    """A counter's row: its name and icon; a quiver also shows its arrows (R-BOW-4: and a broken string)."""

    name: str
    icon: str
    arrows: int
    quiver: int  # the quiver's size (0: not a quiver)
    broken: bool
    usable: bool = False  # a button uses one (eat, an herb, drink): in a narrow backpack that button is the icon


@dataclass(frozen=True)
class CalendarLines:
    """R-TIME-1: the calendar line of the backpack and the week of the calendar tab."""

    name: str
    today: str  # "Today: …" (or that no day is ticked yet)
    day: str  # today's name alone (where "Today: …" does not fit)
    short: str  # the days ticked and the weeks gone, in a few words
    summary: str  # the same, under the week
    days: tuple[str, ...]
    crossed: tuple[bool, ...]  # the day boxes ticked this week
    today_index: int | None
    next_index: int  # the day box the next tick crosses (a click on it ticks it, issue 30 item 8)
    renamable: frozenset[int]


@dataclass(frozen=True)
class Condition:
    """The book's death conditions (or warnings), each with whether it holds now."""

    label: str
    lines: tuple[tuple[str, bool], ...]


@dataclass(frozen=True)
class ToolsLines:
    """What the Tools tab writes around its controls."""

    spells: bool  # the book has spells (their heading shows)
    spell_selected: bool
    description: str | None  # the selected spell's
    tests: str | None  # the heading of the book's buttons: scores it tests, tracks it ticks (None: no such button)
    last_roll: str | None
    crew: tuple[str, ...]  # a line per companion rolled at creation
    records: tuple[str, ...]  # the book's flags the hero has, its tracks, its item lists
    conditions: tuple[Condition, ...]


@dataclass(frozen=True)
class SheetView:
    """Everything the sheet's painters show."""

    title: str
    badge: str  # how the adventure is played
    hero_name: str
    paragraph: str  # "§ 213", "§ —" before the first
    visited: bool  # some paragraphs are in the history
    stats: tuple[StatLine, ...]
    counters: tuple[CounterLine, ...]
    calendar: CalendarLines | None
    tab: str
    creature_notes: str  # the selected creature box's notes, on the creatures tab
    tools: ToolsLines
    message: str | None
    tone: str
    save_problem: str | None  # the last autosave's failure, when no message hides it
    items: ItemsShown | None = None  # the list the backpack panel shows: its heading over the items


def _calendar(book: FightingFantasyBook, state: SheetState, ui: UIContext) -> CalendarLines | None:
    calendar = book.calendar
    view = calendar_view(book, state, ui.catalogue.language)
    if calendar is None or view is None:
        return None
    length, ticked = len(calendar.days), int(view["ticked"])
    done = ticked % length if ticked % length or ticked == 0 else length
    return CalendarLines(
        name=calendar.name.get(ui.catalogue.language),
        today=ui.t("sheet.today", day=view["today"] or ui.t("sheet.no_day_yet")),
        day=view["today"] or ui.t("sheet.no_day_yet"),
        short=ui.t("sheet.calendar_short", ticked=ticked, weeks=view["weeks"]),
        summary=ui.t(
            "sheet.calendar_summary",
            days=ui.t("sheet.days_ticked", n=ticked),
            weeks=ui.t("sheet.weeks_gone", n=view["weeks"]),
        ),
        days=tuple(str(day) for day in view["days"]),
        crossed=tuple((index - calendar.first_tick) % length < done for index in range(length)),
        today_index=view["today_index"],
        next_index=(calendar.first_tick + ticked) % length,
        renamable=frozenset(calendar.renamable),
    )


def counter_uses(book: FightingFantasyBook) -> dict[str, tuple[str, str | None]]:
    """The counters a button uses one of: counter → (what it does: "eat", "herb", "drink"; the potion kind it drinks)."""
    uses: dict[str, tuple[str, str | None]] = {}
    if book.meal:
        uses[book.meal.counter] = ("eat", None)
    if book.herb:
        uses[book.herb.counter] = ("herb", None)
    if book.potions:
        if book.potions.counter is not None:
            uses[book.potions.counter] = ("drink", None)
        for kind, effect in book.potions.kinds.items():
            if effect.counter is not None:  # a kind with doses of its own: its button drinks that kind
                uses[effect.counter] = ("drink", kind)
    return uses


def _counters(book: FightingFantasyBook, state: SheetState, language: str) -> tuple[CounterLine, ...]:
    # R-BOW-4 (revised): a string broken in a fight not won stays broken until a fight is won.
    bow_broken = state.fight is not None and state.fight.bow_broken
    uses = counter_uses(book)
    lines = []
    for counter in book.counters:
        quiver = (counter_maximum(book, counter.id, state) or 0) if counter.icon == "arrow" else 0
        lines.append(
            CounterLine(
                name=counter.name.get(language),
                icon=ICONS.get(counter.icon, "shield"),
                arrows=state.counters[counter.id],
                quiver=quiver,
                broken=bool(quiver) and bow_broken,
                usable=counter.id in uses,
            )
        )
    return tuple(lines)


def _tests_heading(book: FightingFantasyBook, ui: UIContext) -> str | None:
    """ "Tests" over the scores the book tests, "Time passes" over its tracks (a voyage's LOG), both when it has both."""
    parts = [ui.t("powers.tests")] if any(s.id not in ("skill", "luck") and s.test is not None for s in book.stats) else []
    parts += [ui.t("powers.tracks")] if book.tracks else []
    return " · ".join(parts) or None


def _short(book: FightingFantasyBook, stat: str, language: str) -> str:
    """The stat's short name where the book gives one (HAB, END), else its name."""
    definition = book.stat(stat)
    return (definition.short or definition.name).get(language)


def _records(book: FightingFantasyBook, state: SheetState, ui: UIContext) -> tuple[str, ...]:
    """The book's own records: the flags the hero has, each track's count, each item list and what it holds."""
    language = ui.catalogue.language
    lines = [book.flag(flag).name.get(language) for flag in state.flags]
    for track in book.tracks:
        count = state.tracks.get(track.id, track.start)
        top = f" / {track.maximum}" if track.maximum is not None else ""
        lines.append(ui.t("powers.track", track=track.name.get(language), count=f"{count}{top}", unit=track.unit.get(language)))
    for item_list in book.lists:
        items = state.lists.get(item_list.id, [])
        limit = list_limit(book, item_list.id, state)  # the Backpack's room left beside the Meals
        top = f"{len(items)} / {limit}" if limit is not None else str(len(items))
        held = ", ".join(items) or ui.t("list.empty")
        lines.append(ui.t("powers.list", name=item_list.name.get(language), count=top, items=held))
    return tuple(lines)


def _tools(book: FightingFantasyBook, state: SheetState, ui: UIContext, spell: int | None) -> ToolsLines:
    language = ui.catalogue.language
    hero = state.hero
    assert hero is not None  # the sheet opens only once the hero is made (navigator.resume)
    description = book.spells[spell].description if spell is not None else None
    roll = state.last_roll
    crew = []
    for member in book.crew if state.crew else []:
        scores = state.crew.get(member.id, {})
        values = " · ".join(f"{_short(book, s, language)} {v}" for s, v in scores.items())
        crew.append(ui.t("powers.member", name=member.name.get(language), scores=values))
    now = set(holding(book, state))
    conditions = [
        Condition(ui.t(f"powers.{kind}_if"), tuple((text, index in now) for index, text in found))
        for kind, found in ending_groups(book, language, hero)
    ]
    return ToolsLines(
        spells=bool(book.spells),
        spell_selected=spell is not None,
        description=description.get(language) if description is not None else None,
        tests=_tests_heading(book, ui),
        last_roll=None
        if roll is None
        else ui.t("powers.last_roll", dice=roll.formula, faces=" + ".join(str(d) for d in roll.dice), total=roll.total),
        crew=tuple(crew),
        records=_records(book, state, ui),
        conditions=tuple(conditions),
    )


def sheet_view(
    adventure: FFAdventure,
    ui: UIContext,
    *,
    tab: str,
    creature: int | None = None,
    spell: int | None = None,
    message: str | None = None,
    tone: str = "neutral",
    save_problem: str | None = None,
    item_list: str | None = None,
) -> SheetView:
    """The sheet of ``adventure`` on ``tab``, with the creature box and the spell selected, the status line and the
    item list the backpack panel shows (``item_list``, None: the equipment)."""
    book: FightingFantasyBook = adventure.book
    state, language = adventure.state, ui.catalogue.language
    hero = state.hero
    assert hero is not None  # the sheet opens only once the hero is made (navigator.resume)
    label = book.label(language)
    boxes = state.creature_boxes
    notes = boxes[creature].notes if tab == "creatures" and creature is not None and creature < len(boxes) else ""
    return SheetView(
        title=(f"{label} · " if label else "") + book.title.get(language),
        badge=play_badge(ui, adventure.session),
        hero_name=hero.name or ui.t("sheet.nameless"),
        paragraph=f"§ {state.paragraph}" if state.paragraph else "§ —",
        visited=bool(state.paragraph_history),
        stats=tuple(
            StatLine(
                stat.name.get(language),
                str(hero.initial[stat.id]) if stat.capped_at_initial and not stat.computed else "—",
                stat.short.get(language) if stat.short is not None else None,
            )
            for stat in book.stats
        ),
        counters=_counters(book, state, language),
        calendar=_calendar(book, state, ui),
        tab=tab,
        creature_notes=notes,
        tools=_tools(book, state, ui, spell),
        message=message,
        tone=tone,
        save_problem=save_problem,
        items=items_shown(ui, book, state, item_list),
    )

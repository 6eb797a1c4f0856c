"""What hero creation shows, read from the book's data and the creation session (R-CREATE-1..3).

``view_of`` builds a frozen :class:`CreationView` for each frame: the book's
title, the rules panel (each score's formula or fixed value, the hint, what
each score means), the ready-made heroes' cards or the sheet preview's tiles
(with the dice just rolled), the hero panel (the scores as a heading, or what
to do) and the book's creation steps with what was picked. Every number comes
from the book's data and the session; every word from the catalogue and the
book. A new kind of book shows here by its data alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.app import book_texts
from game.books.ff_mechanics import ChoiceStep
from game.books.fighting_fantasy import FightingFantasyBook, ReadyHero, StatDef
from game.rules.ff.effects import step_refusal
from game.rules.ff.ruleset import computed_scores
from game.rules.ff.state import Hero, SheetState
from game.rules.session import HONEST
from game.ui.context import UIContext


@dataclass(frozen=True)
class StatName:
    """A score's name, and the book's short name for narrow places (None: the book has none)."""

    name: str
    short: str | None


@dataclass(frozen=True)
class StatRule:
    """A row of the rules panel: the score, its formula and range (or that it is fixed), its fixed value."""

    name: StatName
    rule: str
    rolled: bool  # False: a fixed score, drawn in a box where the rolled ones have a field
    fixed: int | None


@dataclass(frozen=True)
class ReadyCard:
    """A ready-made hero's card."""

    name: str
    chosen: bool
    scores: tuple[tuple[StatName, str], ...]
    portrait: str
    equipment: str | None


@dataclass(frozen=True)
class Tile:
    """A score's tile of the sheet preview: its value once made, the dice that made it, its formula."""

    name: StatName
    value: int | None
    faces: tuple[
        int, ...
    ]  # what the dice just rolled for it show (a random number's 0 for its face 10; none after typing or picking)
    plus: int  # the formula's bonus or malus
    formula: str | None  # "2d6 + 12"; None: a fixed score
    note: str
    sides: int = 6


@dataclass(frozen=True)
class HeroPanel:
    """The bottom panel: the hero's scores as its heading (the book's short names when narrow), or what to do."""

    summary: str | None  # None: no hero yet
    short_summary: str | None
    status: str | None  # how the hero was made (rolled, typed, picked)
    no_hero: str


@dataclass(frozen=True)
class StepRow:
    """A creation step of the book: its name (and how many to pick), what was picked (None: not yet), and the
    book's words when it does not offer the step to this hero (None: offered)."""

    title: str
    picks: str | None
    closed: str | None = None


@dataclass(frozen=True)
class CreationView:
    """Hero creation of one frame."""

    title: str
    subtitle: str
    rules: tuple[StatRule, ...]
    message: str | None  # a refusal, under the rules panel's switches
    hint: str
    about: tuple[str, ...]  # what each score means ("SKILL: …")
    ready: tuple[ReadyCard, ...]  # empty: the book has none, the sheet preview shows
    tiles: tuple[Tile, ...]
    starting: str  # what every hero starts with
    blurb: str | None
    hero: HeroPanel
    steps: tuple[StepRow, ...]


def formula_text(stat: StatDef) -> str:
    """``1d6 + 6`` from the book's formula (``2d6``, ``1d6 − 1``…); a random number reads ``0–9 + 10``."""
    roll = stat.roll
    assert roll is not None  # only rolled scores have a formula
    if roll.zero_based:
        text = f"0–{roll.sides - 1}" if roll.dice == 1 else f"{roll.dice} × 0–{roll.sides - 1}"
    else:
        text = f"{roll.dice}d{roll.sides}"
    if roll.plus > 0:
        text += f" + {roll.plus}"
    elif roll.plus < 0:
        text += f" − {-roll.plus}"
    return text


def stat_name(stat: StatDef, language: str) -> StatName:
    return StatName(stat.name.get(language), stat.short.get(language) if stat.short is not None else None)


def stat_about(stat: StatDef, ui: UIContext) -> str:
    """What a score means: the book's own words, else the app's for the three scores every book shares ("" if none)."""
    if stat.about is not None:
        return str(stat.about.get(ui.catalogue.language))
    key = f"creation.about_{stat.id}"
    return ui.t(key) if ui.catalogue.has(key) else ""


def step_count(step: ChoiceStep, hero: Hero | None) -> int | None:
    """How many picks the step allows for this hero (a number, or an initial score such as MAGIC)."""
    if isinstance(step.count, int):
        return step.count
    return None if hero is None else hero.initial.get(step.count)


def picks_text(step: ChoiceStep, picks: dict[str, int], language: str) -> str:
    """``Potion of Luck`` or ``Fire × 2, E.S.P.`` for what was chosen."""
    names = []
    for option in step.options:
        times = picks.get(option.id, 0)
        if times:
            names.append(option.name.get(language) + (f" × {times}" if times > 1 else ""))
    return ", ".join(names)


def summaries(book: FightingFantasyBook, hero: Hero | None, language: str) -> tuple[str | None, str | None]:
    """``HABILETÉ 11 · ENDURANCE 20 · CHANCE 9``, and the same with the book's short names (None: no hero)."""
    if hero is None:
        return None, None
    rolled = [s for s in book.stats if not s.computed]  # a computed score has no initial value
    full = " · ".join(f"{s.name.get(language)} {hero.initial.get(s.id, 0)}" for s in rolled)
    short = " · ".join(f"{(s.short or s.name).get(language)} {hero.initial.get(s.id, 0)}" for s in rolled)
    return full, short


def _rules(ui: UIContext, book: FightingFantasyBook) -> tuple[StatRule, ...]:
    language = ui.catalogue.language
    rules = []
    for stat in book.stats:
        if stat.computed:  # worked out from other scores: its formula in the book's names, no box
            text = ui.t("creation.computed_rule", formula=book_texts.formula_text(book, stat.value or "", language))
        elif stat.roll is not None:
            text = ui.t("creation.formula_range", formula=formula_text(stat), low=stat.roll.minimum, high=stat.roll.maximum)
        else:
            text = ui.t("creation.fixed_rule")
        rules.append(StatRule(stat_name(stat, language), text, stat.roll is not None, stat.fixed))
    return tuple(rules)


def _about(ui: UIContext, book: FightingFantasyBook) -> tuple[str, ...]:
    language = ui.catalogue.language
    about = [(stat.name.get(language), text) for stat in book.stats if (text := stat_about(stat, ui))]
    return tuple(f"{name}\u00a0: {text}" if language == "fr" else f"{name}: {text}" for name, text in about)


def _ready_card(ui: UIContext, book: FightingFantasyBook, ready: ReadyHero, picked: str | None) -> ReadyCard:
    language = ui.catalogue.language
    scores = tuple((stat_name(stat, language), str(ready.scores.get(stat.id, stat.fixed))) for stat in book.stats)
    equipment = None
    if ready.equipment:
        equipment = ui.t("creation.equipment", items=", ".join(item.get(language) for item in ready.equipment))
    return ReadyCard(ready.name, picked == ready.name, scores, ready.portrait.get(language), equipment)


def _tiles(ui: UIContext, book: FightingFantasyBook, state: SheetState, rolled: dict[str, tuple[int, ...]]) -> tuple[Tile, ...]:
    language, hero = ui.catalogue.language, state.hero
    computed = computed_scores(book, state) if hero is not None else {}
    tiles = []
    for stat in book.stats:
        value = None if hero is None else computed.get(stat.id, hero.initial.get(stat.id))
        note = ui.t("creation.initial_note") if value is not None else ui.t("creation.not_yet")
        plus = stat.roll.plus if stat.roll is not None else 0
        formula = formula_text(stat) if stat.roll is not None else None
        if stat.computed:  # worked out from other scores, never rolled
            formula, note = ui.t("creation.computed_short"), ui.t("creation.computed_note")
        faces = tuple(stat.roll.face_value(f) for f in rolled.get(stat.id, ())) if stat.roll is not None else ()
        sides = stat.roll.sides if stat.roll is not None else 6
        tiles.append(Tile(stat_name(stat, language), value, faces, plus, formula, note, sides))
    return tuple(tiles)


def _starting(ui: UIContext, book: FightingFantasyBook) -> str:
    """What every hero of the book starts with: its equipment and the counters that do not start at 0."""
    language = ui.catalogue.language
    items = [item.get(language) for item in book.equipment]
    items += [ui.t("creation.counter_start", name=c.name.get(language), value=c.start) for c in book.counters if c.start]
    return ", ".join(items) if items else ui.t("creation.nothing_else")


def _hint(ui: UIContext, *, physical: bool, honest: bool) -> str:
    if honest:
        return ui.t("play.creation_hint_honest")
    return ui.t("creation.physical_hint") if physical else ui.t("creation.hint")


def _hero_panel(
    ui: UIContext,
    book: FightingFantasyBook,
    hero: Hero | None,
    status_key: str | None,
    picked: str | None,
    honest: bool,
    drawn: str | None = None,
) -> HeroPanel:
    full, short = summaries(book, hero, ui.catalogue.language)
    status = drawn  # what a drawn step just gave, else how the hero was made
    if hero is not None and status_key and drawn is None:
        key = "play.status_rolled_honest" if honest and status_key == "creation.status_rolled" else status_key
        status = ui.t(key, name=picked or "")
    no_hero = ui.t("creation.no_hero_ready" if book.ready_heroes else "creation.no_hero")
    return HeroPanel(full, short, status, no_hero)


def _steps(ui: UIContext, book: FightingFantasyBook, state: SheetState) -> tuple[StepRow, ...]:
    language = ui.catalogue.language
    rows = []
    for step in book.creation:
        count = step_count(step, state.hero) if step.roll is None else None
        picks = state.choices.get(step.id)
        title = step.name.get(language) + (f" ({count})" if count is not None else "")
        refused = step_refusal(book, state, step) if state.hero is not None else None
        closed = None
        if refused is not None and not picks:
            why = refused.params.get("why")
            closed = why.get(language, "") if isinstance(why, dict) else refused.message
        rows.append(StepRow(title, picks_text(step, picks, language) if picks else None, closed))
    return tuple(rows)


def subtitle(ui: UIContext, book: FightingFantasyBook) -> str:
    """ "Défis Fantastiques n° 31 — hero creation", or the plain subtitle for a book without a number."""
    number = book.series_number
    if number:
        return ui.t("creation.subtitle_numbered", number=number, series=book.series.name.get(ui.catalogue.language))
    return ui.t("creation.subtitle")


def view_of(
    ui: UIContext,
    book: FightingFantasyBook,
    state: SheetState,
    *,
    rolled: dict[str, tuple[int, ...]],
    picked: str | None,
    status_key: str | None,
    message: str | None,
    physical: bool,
    play: str,
    drawn: str | None = None,
) -> CreationView:
    """Hero creation now: the book and the session's ``state``, with the screen's dice just rolled, the
    ready-made hero picked, how the hero was made, the message, the physical-dice setting and the play mode."""
    honest = play == HONEST
    hero = state.hero
    return CreationView(
        title=book.title.get(ui.catalogue.language),
        subtitle=subtitle(ui, book),
        rules=_rules(ui, book),
        message=message,
        hint=_hint(ui, physical=physical, honest=honest),
        about=_about(ui, book),
        ready=tuple(_ready_card(ui, book, ready, picked) for ready in book.ready_heroes),
        tiles=_tiles(ui, book, state, rolled),
        starting=_starting(ui, book),
        blurb=book.blurb.get(ui.catalogue.language) if book.blurb is not None else None,
        hero=_hero_panel(ui, book, hero, status_key, picked, honest, drawn),
        steps=_steps(ui, book, state),
    )

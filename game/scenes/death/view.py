"""What the death page shows, read from the adventure's state and the book (R-DEATH-1).

``view_of`` builds a frozen :class:`DeathView` for each frame: the hero's name,
the lines of what happened (where, who struck the blow, which of the book's
death conditions holds, the book's note), whether the STAMINA panel is open and
the message. Every word comes from the catalogue, the book and the state; the
painter only draws it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.app.book_texts import threshold_text
from game.books.ff_mechanics import Ending
from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.ff.state import SheetState
from game.ui.context import UIContext

Face = Literal["body", "italic"]


@dataclass(frozen=True)
class StoryLine:
    """One thing that happened: its words, its face, whether it is small, and whether it stands out (light)."""

    text: str
    face: Face
    small: bool = False
    light: bool = False


@dataclass(frozen=True)
class DeathView:
    """The death page of one frame."""

    title: str
    hero_name: str
    story: tuple[StoryLine, ...]
    reviving: bool  # the STAMINA panel is open
    revive_prompt: str
    message: str | None


def killer(state: SheetState) -> str | None:
    """The creature that won the last fight, if the hero died in it."""
    fight = state.fight
    if fight is None or fight.winner != "enemies" or not fight.enemies:
        return None
    for exchange in reversed(fight.last_round):
        if exchange.result == "hero_wounded" and not exchange.by_ally and exchange.creature < len(fight.enemies):
            return fight.enemies[exchange.creature].name
    front = fight.front()
    return fight.enemies[front if front is not None else 0].name


def ending(book: FightingFantasyBook, state: SheetState) -> Ending | None:
    """The book's ending that closed the adventure: the death that holds, else a defeat or a victory."""
    hero = state.hero
    index = hero.died_of if hero is not None and hero.died_of is not None else state.ended
    endings = book.rules.endings
    return endings[index] if index is not None and 0 <= index < len(endings) else None


def cause(ui: UIContext, book: FightingFantasyBook, state: SheetState) -> str | None:
    """R-DEATH-1 as data: which of the book's endings holds, in the book's words."""
    hero, found = state.hero, ending(book, state)
    if hero is None or found is None:
        return None
    language = ui.catalogue.language
    index = book.rules.endings.index(found)
    if index < len(book.thresholds) and book.thresholds[index].message is None:
        return ui.t("death.condition", condition=threshold_text(book, book.thresholds[index], language, hero))
    return found.message.get(language)


def title(ui: UIContext, book: FightingFantasyBook, state: SheetState) -> str:
    """The page's title: the adventure ends (a death), is lost (a defeat, the hero alive) or won."""
    found = ending(book, state)
    outcome = found.outcome if found is not None else "death"
    return ui.t({"defeat": "death.title_defeat", "victory": "death.title_victory"}.get(outcome, "death.title"))


def initial_stamina(state: SheetState) -> int | None:
    """The hero's initial STAMINA (the most the book may give back), None without a hero."""
    return None if state.hero is None else state.hero.initial.get("stamina")


def revive_prompt(ui: UIContext, state: SheetState) -> str:
    """The STAMINA panel's question (and its field's spoken name), with the most it accepts."""
    initial = initial_stamina(state)
    return ui.t("death.revive_prompt", maximum=initial if initial is not None else "—")


def story(ui: UIContext, book: FightingFantasyBook, state: SheetState, *, honest_roll: bool) -> tuple[StoryLine, ...]:
    """What happened, in order: where, who struck, the book's cause, its note (where death may not be the end),
    and honest play's word that the roll stands."""
    language = ui.catalogue.language
    title = book.title.get(language)
    if state.paragraph is not None:
        lines = [StoryLine(ui.t("death.where", paragraph=state.paragraph, book=title), "italic")]
    else:
        lines = [StoryLine(ui.t("death.where_book", book=title), "italic")]
    struck_by = killer(state)
    if struck_by:
        lines.append(StoryLine(ui.t("death.killed_by", name=struck_by), "body", light=True))
    why = cause(ui, book, state)
    if why:
        lines.append(StoryLine(why, "body", light=True))
    if book.death.may_continue and book.death.note is not None:
        lines.append(StoryLine(book.death.note.get(language), "italic", small=True))
    if honest_roll:
        lines.append(StoryLine(ui.t("play.death_honest"), "italic", small=True))
    return tuple(lines)


def hero_name(ui: UIContext, state: SheetState) -> str:
    hero = state.hero
    return hero.name if hero is not None and hero.name else ui.t("death.nameless")


def view_of(
    ui: UIContext,
    book: FightingFantasyBook,
    state: SheetState,
    *,
    honest_roll: bool,
    reviving: bool,
    message: str | None,
) -> DeathView:
    """The death page now: the state and the book, with the screen's own ``reviving`` and ``message``."""
    return DeathView(
        title=title(ui, book, state),
        hero_name=hero_name(ui, state),
        story=story(ui, book, state, honest_roll=honest_roll),
        reviving=reviving,
        revive_prompt=revive_prompt(ui, state),
        message=message,
    )

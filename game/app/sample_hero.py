"""A hero of any Fighting Fantasy book, rolled on seeded dice with every creation step chosen.

What the screen samples of the books show (``--screenshots``) and what the book builder's preview of the
sheet shows: the book's own data played through the rules, so whatever the book holds appears.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.books.ff_mechanics import ChoiceStep
from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.dice import RandomDice
from game.rules.ff import actions as a
from game.rules.ff.effects import step_refusal
from game.rules.session import Session, Start

if TYPE_CHECKING:
    from game.rules.ff.actions import FFAction
    from game.rules.ff.state import SheetState


def first_picks(step: ChoiceStep, count: int, allowed: Callable[[str], bool] = lambda option: True) -> list[str] | dict[str, int]:
    """``count`` picks of ``step``: its ``allowed`` options in turn (repeating them where the book allows)."""
    options = [option.id for option in step.options if allowed(option.id)]
    if not step.repeats:
        return options[:count]
    picks: dict[str, int] = {}
    for index in range(count):
        option = options[index % len(options)]
        picks[option] = picks.get(option, 0) + 1
    return picks


def chosen_hero(book: FightingFantasyBook, language: str, name: str, seed: int = 3) -> Session[SheetState, FFAction]:
    """A hero of ``book`` called ``name``, rolled on seeded dice, with every creation step the book offers chosen."""
    session: Session[SheetState, FFAction] = Session(book, RandomDice(seed), Start(language=language))
    session.apply(a.RollHero(do="roll_hero"))
    session.apply(a.NameHero(do="name_hero", name=name))
    for step in book.creation:
        hero = session.state.hero
        if hero is None or step_refusal(book, session.state, step) is not None:
            continue  # a step the earlier choices do not open (Weaponskill's weapon without Weaponskill)
        if step.roll is not None:
            session.apply(a.Choose(do="choose", step=step.id))  # drawn: the seeded dice name the option
            continue
        count = step.count if isinstance(step.count, int) else hero.initial.get(step.count, 0)

        def allowed(option: str, step: ChoiceStep = step) -> bool:  # not refused by the option's conditions (spells of a school)
            refused = session.refusal(a.Choose(do="choose", step=step.id, picks=[option]))
            return refused is None or refused.code != "book_rule"

        session.apply(a.Choose(do="choose", step=step.id, picks=first_picks(step, count, allowed)))
    return session

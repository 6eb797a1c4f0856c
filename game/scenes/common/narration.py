"""Words that several screens say to a screen-reader user: the hero's scores, the backpack.

Each screen says what it is on arrival (and on F3, "where am I") with its own
``spoken_summary()`` (game.app.scene.Scene; the narrator asks it): these are the
parts two or more of them share. Every word comes from the catalogue, the book
and the rules' state: nothing is read off the pixels.
"""

from __future__ import annotations

from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.ff.ruleset import computed_scores
from game.rules.ff.state import SheetState
from game.ui.context import UIContext


def hero_words(ui: UIContext, book: FightingFantasyBook, state: SheetState) -> str:
    """ "Alwen: SKILL 11 of 11, STAMINA 15 of 20, LUCK 8 of 9"."""
    hero = state.hero
    if hero is None:
        return ""
    language = ui.catalogue.language
    scores = []
    computed = computed_scores(book, state)
    for stat in book.stats:
        name = stat.name.get(language)
        if stat.computed:
            scores.append(ui.t("access.score", stat=name, value=computed.get(stat.id, "—")))
        elif stat.capped_at_initial:
            scores.append(ui.t("access.score_of", stat=name, value=hero.scores[stat.id], initial=hero.initial[stat.id]))
        else:
            scores.append(ui.t("access.score", stat=name, value=hero.scores[stat.id]))
    return ui.t("access.hero", name=hero.name or ui.t("sheet.nameless"), scores=", ".join(scores))


def backpack_words(ui: UIContext, book: FightingFantasyBook, state: SheetState) -> str:
    """ "Backpack: arrows 4, herbs 2, gold 12"."""
    language = ui.catalogue.language
    counters = [ui.t("access.score", stat=c.name.get(language), value=state.counters[c.id]) for c in book.counters]
    return ui.t("access.backpack", items=", ".join(counters)) if counters else ""

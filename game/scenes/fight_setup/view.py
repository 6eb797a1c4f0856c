"""What the fight setup shows, as one value: the typed creatures, the form's score names, the options' notes, the refusal.

Built from the book, the sheet's state and the setup's own state (what was
typed and chosen) for every frame drawn; the painters read nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict

from game.books.fighting_fantasy import FightingFantasyBook
from game.ui.context import UIContext

if TYPE_CHECKING:
    from game.rules.ff.state import CreatureBox, SheetState


class Fighter(TypedDict):
    """A creature or the ally as typed in the form: its name and its two scores."""

    name: str
    skill: int
    stamina: int


class TypedCreature(Fighter):
    """A creature typed in the form (not from the sheet's boxes), with its notes, as the fight's action takes it."""

    notes: str


@dataclass(frozen=True)
class SetupView:
    """Everything the setup's painters show."""

    typed: tuple[str, ...]  # a row per typed creature: name · SKILL · STAMINA — notes
    score_names: tuple[str, str]  # the creature's two scores in this kind of fight (SKILL / STAMINA, FIREPOWER / ARMOUR…)
    arrows: int  # in the quiver (the archery row)
    ally: bool  # an ally fights beside the hero (its labels are in ink, else faint)
    escape: bool  # escape is allowed (its cost's note shows)
    message: str | None  # under the form: the last refusal, else why "Fight" cannot be pressed


def creature_row(ui: UIContext, name: str, skill: object, stamina: object, notes: str) -> str:
    """A creature as the setup lists it: "Loup · HAB 6 · END 7 — notes"."""
    label = ui.t("combat.setup_box", name=name, skill=skill, stamina=stamina)
    return label if not notes else f"{label} — {notes}"


def box_label(ui: UIContext, box: CreatureBox) -> str:
    """A creature box's toggle: its name and scores (STAMINA out of its maximum once wounded), its notes."""
    stamina = box.stamina if not box.maximum or box.maximum == box.stamina else f"{box.stamina}/{box.maximum}"
    return creature_row(ui, box.name, box.skill, stamina, box.notes)


def profile_name(ui: UIContext, book: FightingFantasyBook, ident: str | None) -> str:
    """A kind of fight as the book names it (the hero's own fight by default)."""
    rules = book.profile(ident)
    return rules.name.get(ui.catalogue.language) if rules.name is not None else ui.t("combat.profile_default")


def score_names(ui: UIContext, book: FightingFantasyBook, profile: str | None) -> tuple[str, str]:
    """The creature's two scores in this kind of fight, by their short names."""
    rules, language = book.profile(profile), ui.catalogue.language

    def short(ident: str, usual: str) -> str:
        # a score the profile names (FIREPOWER, ARMOUR); an expression or a counter: the creature's usual score
        ident = ident if book.has_stat(ident) else usual
        if not book.has_stat(ident):
            return ui.t(f"combat.setup_{usual}")
        stat = book.stat(ident)
        return (stat.short or stat.name).get(language)

    return short(rules.attack, "skill"), short(rules.stamina, "stamina")


def setup_view(
    ui: UIContext,
    book: FightingFantasyBook,
    state: SheetState,
    *,
    typed: list[TypedCreature],
    profile: str | None,
    ally: bool,
    escape: bool,
    message: str | None,
) -> SetupView:
    """The setup of a fight in ``book`` from ``state``, with what was typed and chosen."""
    archery = book.archery
    return SetupView(
        typed=tuple(creature_row(ui, c["name"], c["skill"], c["stamina"], c["notes"]) for c in typed),
        score_names=score_names(ui, book, profile),
        arrows=state.counters.get(archery.counter, 0) if archery is not None else 0,
        ally=ally,
        escape=escape,
        message=message,
    )

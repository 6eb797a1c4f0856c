"""What the builder's page says, one frame: the title, the banner of a book shown read-only, the problems of the
book as typed (the builder's own and the validator's, each at its place in the form, in words), the message,
which preview is shown and the picture of it."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pygame

from game.books import builder as b
from game.books.loader import BookError
from game.ui.context import UIContext
from game.ui.file_words import input_error_reason, input_error_words

#: A key of the book file → the builder's caption of the field that writes it (another key is said as it is).
SAME_CAPTIONS = (
    "name title series short number blurb notes about start maximum restores doses item help days unit count repeats limit"
)
FIELD_CAPTIONS: dict[str, str] = {key: key for key in SAME_CAPTIONS.split()} | {
    "roll": "roll", "dice": "roll", "sides": "roll", "plus": "roll", "fixed": "roll", "at_most": "limit",
    "at_least": "limit", "cap": "capped", "luck_allowed": "luck_allowed", "double_kills": "double_kills",
    "hit_damage": "hit_damage", "wound_damage": "wound_damage", "to": "target", "amount": "amount",
}  # fmt: skip


@dataclass(frozen=True)
class BuilderView:
    """The builder of one frame."""

    title: str
    banner: str | None  # a book the builder cannot show whole: why every field is off
    problems_title: str
    problems: tuple[str, ...]  # empty: the book is ready to save
    message: str | None
    message_bad: bool
    preview_tab: str  # "creation" or "sheet"
    preview: pygame.Surface | None  # the book's own screen, drawn small (None: not while the book has errors)
    preview_note: str


def place_words(ui: UIContext, form: b.BookForm, place: b.Place | None) -> str:
    """Where in the form, in words: "Score 4 (PEUR)", "Choix 1, option 2", "Le livre"."""
    if place is None:
        return ui.t("builder.section_book")
    section, index = place[0], place[1] if len(place) > 1 else None
    if not isinstance(index, int):
        key = {"time": "section_time", "fight": "section_fight", "potions": "section_potions"}.get(str(section), "section_book")
        return ui.t(f"builder.{key}")
    language = ui.catalogue.language
    if section == "scores" and index < len(form.scores):
        name = form.scores[index].name.get(language)
        return ui.t("builder.score_n", n=index + 1) + (f" ({name})" if name else "")
    if section == "steps" and len(place) > 3 and isinstance(place[3], int):
        return ui.t("builder.option_n", step=index + 1, n=place[3] + 1)
    numbered = {"counters": "counter_n", "potions": "potion_n", "equipment": "item_n", "steps": "step_n"}.get(str(section))
    return ui.t(f"builder.{numbered}", n=index + 1) if numbered else ui.t("builder.section_book")


def problem_lines(ui: UIContext, form: b.BookForm, built: b.Built, error: BookError | None) -> tuple[str, ...]:
    """Every problem of the book as typed, in words: the builder's own first, then each of the validator's."""
    lines = [
        ui.t(
            "builder.at",
            place=place_words(ui, form, problem.place),
            reason=ui.t(f"builder.problem_{problem.key}", **problem.params),
        )
        for problem in built.problems
    ]
    for each in error.every() if error is not None else ():
        where = place_words(ui, form, built.place_of(each.path))
        field = field_of(each.path)
        if field:
            caption = ui.t(f"builder.{FIELD_CAPTIONS[field]}") if field in FIELD_CAPTIONS else field
            reason = ui.t("builder.field_reason", field=caption, reason=input_error_reason(ui, each))
        else:
            reason = input_error_words(ui, each)
        lines.append(ui.t("builder.at", place=where, reason=reason))
    return tuple(dict.fromkeys(lines))  # a name left empty in both languages, or written twice (a potion's), said once


def field_of(path: str) -> str | None:
    """The field a validator's path ends at, without its language or index: ``$.counters[1].name.fr`` → ``name``."""
    parts = [part for part in re.split(r"[.\[\]]+", path.removeprefix("$")) if part and not part.isdigit()]
    while parts and parts[-1] in ("fr", "en"):
        parts.pop()
    return parts[-1] if parts else None

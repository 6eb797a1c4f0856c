"""The Adventure Sheet's questions, opened over it: the forms (a name, the eraser, a creature box, a day, an item)
and the dialogs (which potion, "heal anyway?", "cast anyway?").

:class:`SheetQuestions` opens each through the navigator over the sheet and
hands what the player confirms to :class:`Answers` (the sheet, which acts
through the rules); what the fields hold comes from ``questions``. It gets the
navigator, the page it opens over and the answers, never the sheet itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from game.app.navigator import Navigator, Screen
from game.app.scene import Scene
from game.books.fighting_fantasy import FightingFantasyBook
from game.i18n.catalogue import TextSource
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.ff.actions import FFAction
from game.rules.ff.ruleset import calendar_view
from game.rules.ff.state import Hero, SheetState
from game.rules.session import make_action
from game.scenes.sheet import items, questions
from game.ui.context import UIContext

CONFIRM_WIDTH = 760  # "heal anyway?", "cast anyway?"
POTION_WIDTH = 820
CREATURE_WIDTH = 640


class Answers(Protocol):
    """What the sheet does with a confirmed answer: each returns None when done, else the refusal's text for the form."""

    def submit(self, action: FFAction | Refused, success: str | None = None) -> str | None: ...

    def submit_scores(self, actions: list[a.SetScore | Refused], name: str) -> str | None: ...

    def heal(self, action: a.Eat | a.UseHerb | a.DrinkPotion, done_key: str) -> None: ...


@dataclass(frozen=True)
class SheetQuestions:
    """The sheet's questions for ``book``, opened over ``here``; the answers go to ``answers``."""

    ui: UIContext
    book: FightingFantasyBook
    navigator: Navigator
    here: Scene
    answers: Answers

    def stat_name(self, stat_id: str) -> str:
        return self.book.stat(stat_id).name.get(self.ui.catalogue.language)

    def confirm(self, question: TextSource, title_key: str, yes_key: str, on_yes: Callable[[], object]) -> None:
        """Cancel (the default) or go ahead anyway: a heal that would gain nothing, a spell that would kill."""
        ui = self.ui
        self.navigator.open(
            self.here,
            Screen.DIALOG,
            question,
            [(ui.tr("common.cancel"), False), (ui.tr(yes_key), True)],
            title=ui.tr(title_key),
            cancel_value=False,
            default_index=0,
            width=CONFIRM_WIDTH,
            on_result=lambda yes: on_yes() if yes else None,
        )

    def potion(self) -> None:
        """Which potion to drink (a book whose potions share one counter)."""
        self.navigator.open(
            self.here,
            Screen.DIALOG,
            self.ui.tr("sheet.potion_question"),
            questions.potion_choices(self.ui, self.book),
            title=self.ui.tr("sheet.drink_title"),
            cancel_value=None,
            default_index=0,
            width=POTION_WIDTH,
            on_result=lambda kind: self.answers.heal(a.DrinkPotion(kind=kind), "play.potion_drunk") if kind else None,
        )

    def rename_day(self, state: SheetState, index: int) -> None:
        """A day of the calendar's week, renamed (R-TIME-1)."""
        view = calendar_view(self.book, state, self.ui.catalogue.language)
        assert view is not None  # the rename buttons are built only for a book with a calendar

        def submit(values: dict[str, str]) -> str | None:
            return self.answers.submit(make_action(a.RenameDay, index=index, name=values["name"]))

        fields = questions.day_fields(self.ui, view["days"][index])
        note = self.ui.t("sheet.rename_day_note")
        self.navigator.open(self.here, Screen.FORM, self.ui.t("sheet.rename_day"), fields, submit, note=note)

    def name(self, hero: Hero) -> None:
        """The hero's name."""

        def submit(values: dict[str, str]) -> str | None:
            return self.answers.submit(make_action(a.NameHero, name=values["name"]))

        fields = questions.name_fields(self.ui, hero)
        self.navigator.open(self.here, Screen.FORM, self.ui.t("sheet.rename_title"), fields, submit)

    def score(self, hero: Hero, stat: str) -> None:
        """The eraser: write the current and initial score directly."""
        name = self.stat_name(stat)

        def submit(values: dict[str, str]) -> str | None:
            return self.answers.submit_scores(questions.score_actions(hero, stat, values), name)

        fields, note = questions.score_fields(self.ui, hero, stat), self.ui.t("sheet.eraser_note")
        self.navigator.open(self.here, Screen.FORM, self.ui.t("sheet.eraser_title", stat=name), fields, submit, note=note)

    def creature(self, state: SheetState, index: int | None) -> None:
        """A creature box: a new one (``index`` None) or box ``index`` to edit."""
        boxes = state.creature_boxes
        box = boxes[index] if index is not None and index < len(boxes) else None
        edited = index if box is not None else None

        def submit(values: dict[str, str]) -> str | None:
            return self.answers.submit(questions.creature_action(edited, values))

        fields = questions.creature_fields(self.ui, box, self.stat_name("skill"), self.stat_name("stamina"))
        title = self.ui.t("sheet.creature_title")
        self.navigator.open(self.here, Screen.FORM, title, fields, submit, width=CREATURE_WIDTH)

    def rename_item(self, state: SheetState, list_id: str | None, index: int | None) -> None:
        """Item ``index`` of the list shown, renamed (nothing when no item of it is chosen)."""
        if index is None or index >= len(items.held(state, list_id)):
            return
        where = items.list_name(self.ui, self.book, list_id)
        name = items.item_shown(self.ui, self.book, state, list_id, index)  # a book's item in English too

        def submit(values: dict[str, str]) -> str | None:
            text = values["name"].strip()
            if text == name:
                return None  # the name as it was: nothing to write
            action = make_action(a.RenameItem, index=index, text=text, list=list_id)
            return self.answers.submit(action, self.ui.t("sheet.item_renamed", list=where, item=name, text=text))

        fields = questions.item_fields(self.ui, name)
        self.navigator.open(self.here, Screen.FORM, self.ui.t("sheet.rename_item_title", list=where), fields, submit)

"""Creating the hero of a Fighting Fantasy book (R-CREATE-1..3), before anything is saved.

The screen holds its own rules ``Session`` (no save slot yet). The player may
roll the book's formulas (animated dice, or physical dice typed in), type the
scores their own dice gave, or — in books that have them — take a ready-made
hero. Re-rolling starts a fresh session, so nothing of a discarded hero
survives. Only "Begin the adventure" creates the save (``Adventure.start``)
and hands over to the sheet.

Every number shown (formulas, ranges, fixed scores) comes from the book data.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.app.adventure import Adventure
from game.app.fluid import FluidLayout
from game.app.navigator import Screen
from game.app.refusals import describe_refusal
from game.app.rolling import DiceGroup, enter_dice
from game.app.scene import Scene
from game.app.services import Services
from game.app.showcase import showcase
from game.app.widget_screen import WidgetScreen
from game.rules.dice import ScriptedDice
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.session import BOOKMARK, HONEST, Entry, Session, Start, make_action
from game.scenes import creation_paint, creation_widgets
from game.scenes.creation_layout import CreationRegions, creation_regions
from game.scenes.creation_steps import ChoicePicker, StepsStrip
from game.ui.button import Button
from game.ui.speech import SpokenText
from game.ui.text_field import TextField
from game.ui.theme import LOGICAL_SIZE
from game.ui.toggle import Toggle


def describe(services: Services, refused: Refused, book: Any) -> str:
    """A refusal in the player's language."""
    return describe_refusal(services.ui.catalogue, refused, book)


class CreationScene(FluidLayout, WidgetScreen):
    """Hero creation for ``book``; confirming replaces this screen with the sheet."""

    screen = Screen.CREATION
    help_on_f1 = True

    message = SpokenText()  # shown on the screen and said to a screen reader

    # The widgets (made by creation_widgets.build for the page's regions):
    r: CreationRegions
    back_button: Button
    fields: dict[str, TextField]
    roll_button: Button
    typed_button: Button
    physical_toggle: Toggle
    honest_toggle: Toggle
    pick_buttons: dict[str, Button]
    steps: StepsStrip
    start_button: Button
    name_field: TextField

    def __init__(self, services: Services, book: Any, size: tuple[int, int] = LOGICAL_SIZE) -> None:
        super().__init__(services.ui)
        self.services = services
        self.ui = services.ui
        self.book = book
        self.play = BOOKMARK  # how the adventure will be played (issue 15): chosen here, kept in its log
        self.session = self._new_session()
        self.rolled: dict[str, tuple[int, ...]] = {}  # stat id → the dice that made it (after a roll)
        self.picked: str | None = None
        self.message = None  # a refusal, shown in red under the fields
        self.status_key: str | None = None
        self.layout(size)

    # -- the session ------------------------------------------------------------------------
    def _new_session(self) -> Session:
        return Session(self.book, self.services.new_dice(), Start(language=self.services.language, play=self.play))

    def set_honest(self, on: bool) -> None:
        """Choose honest or bookmark play; the hero made so far is kept (its log replays under the new mode)."""
        self.play = HONEST if on else BOOKMARK
        log = self.session.to_log()
        log["start"]["play"] = self.play
        self.session = Session.from_log(self.book, log, self.services.new_dice())
        self._refresh()

    @property
    def hero(self) -> Any:
        return self.session.state.hero

    def rolled_stats(self) -> list[Any]:
        return [s for s in self.book.stats if s.roll is not None]

    def stat_name(self, stat: Any) -> str:
        return stat.name.get(self.ui.catalogue.language)

    # -- widgets ----------------------------------------------------------------------------
    def place_widgets(self) -> None:
        """Build every widget for ``self.page`` (creation_widgets) and show the session in them."""
        self.r = creation_regions(self.page)
        creation_widgets.build(self)
        self._refresh()

    def keep_view(self) -> tuple[dict[str, str], str]:
        """A re-layout keeps what was typed: the scores and the hero's name."""
        return {stat: field.text for stat, field in self.fields.items()}, self.name_field.text

    def restore_view(self, kept: tuple[dict[str, str], str]) -> None:
        scores, name = kept
        for stat, text in scores.items():
            self.fields[stat].text = text
        self.name_field.text = name

    def roll_label(self) -> str:
        return self.ui.t("creation.reroll") if self.rolled else self.ui.t("creation.roll")

    def card_rect(self, index: int) -> pygame.Rect:
        """Where ready-made hero ``index`` is drawn (the cards side by side)."""
        return self.r.card_rect(self.book, index)

    def _refresh(self) -> None:
        """Buttons follow the session: start needs a hero; the picked card says so."""
        self.steps.sync(self.session)
        if self.hero is not None and not self.steps.done(self.session):
            self.start_button.set_enabled(False, self.ui.tr("steps.needed"))
        else:
            self.start_button.set_enabled(self.hero is not None, self.ui.tr("creation.need_hero"))
        self.honest_toggle.value = self.play == HONEST
        refused = self.start_over_refusal()  # honest play: a rolled hero stands
        reason = None if refused is None else describe(self.services, refused, self.book)
        for widget in (self.roll_button, self.typed_button, self.honest_toggle, *self.pick_buttons.values()):
            widget.set_enabled(refused is None, reason)
        for name, button in self.pick_buttons.items():
            chosen = self.picked == name
            button.label = self.ui.tr("creation.picked") if chosen else self.ui.tr("creation.pick")
            button.style = "primary" if chosen else "normal"

    def _fill_fields(self) -> None:
        if self.hero is None:
            return
        for stat_id, field in self.fields.items():
            field.text = str(self.hero.initial.get(stat_id, ""))

    # -- actions ----------------------------------------------------------------------------
    def set_physical(self, on: bool) -> None:
        """The physical-dice switch: a setting, saved at once."""
        self.services.settings.physical_dice = on
        self.services.save_settings()

    def start_over_refusal(self) -> Refused | None:
        """Honest play: the rules refuse to take back a hero the dice made (a fresh roll, pick or typing would)."""
        return self.session.undo_to_refusal(-1) if self.session.entries else None

    def _refuse_start_over(self) -> bool:
        refused = self.start_over_refusal()
        if refused is not None:
            self.message = describe(self.services, refused, self.book)
        return refused is not None

    def roll(self) -> None:
        """Roll every formula (re-rolling starts a fresh session), then show the dice."""
        if self._refuse_start_over():
            return
        action = a.RollHero()
        session = self._new_session()
        if not self.services.settings.physical_dice:
            self._rolled(session, self._apply(session, action))
            return
        labels: list[str] = []
        for stat in self.rolled_stats():
            for n in range(stat.roll.dice):
                labels.append(
                    self.stat_name(stat)
                    if stat.roll.dice == 1
                    else self.ui.t("creation.die_label", stat=self.stat_name(stat), n=n + 1)
                )
        enter_dice(
            self,
            self.services,
            session.dice_needed(action),
            lambda dice: self._apply(session, action, dice),
            lambda result: self._rolled(session, result),
            names=lambda uses: labels if len(uses) == len(labels) else [],
        )

    def _apply(self, session: Session[Any, Any], action: Any, dice: Any = None) -> Entry | Refused:
        try:
            return session.apply(action, dice)
        except Refused as refused:
            return refused

    def _rolled(self, session: Session, result: Entry | Refused) -> None:
        if isinstance(result, Refused):
            self.message = describe(self.services, result, self.book)
            return
        self._adopt(session, "creation.status_rolled")
        faces = list(result.dice)
        self.rolled = {}
        for stat in self.rolled_stats():
            self.rolled[stat.id] = tuple(faces[: stat.roll.dice])
            faces = faces[stat.roll.dice :]
        self._refresh()
        self._show_dice()

    def _adopt(self, session: Session, status_key: str, picked: str | None = None) -> None:
        self.session = session
        self.picked = picked
        self.rolled = {}
        self.message = None
        self.status_key = status_key
        self._fill_fields()
        self._refresh()

    def dice_groups(self) -> list[Any]:
        """One group per rolled stat: its name, its dice, "+ 6 = 10"."""
        groups = []
        for stat in self.rolled_stats():
            faces = self.rolled.get(stat.id)
            if not faces:
                continue
            total = sum(faces) + stat.roll.plus
            plus = stat.roll.plus
            detail = f"+ {plus} = {total}" if plus > 0 else f"− {-plus} = {total}" if plus < 0 else f"= {total}"
            groups.append(DiceGroup(self.stat_name(stat), faces, stat.roll.sides, detail))
        return groups

    def _show_dice(self) -> None:
        if self.stack is None:
            return
        factor = 0.0 if self.services.settings.physical_dice else self.services.settings.animation_factor
        self.services.navigator.open(
            self,
            Screen.DICE_ROLL,
            self.ui.t("creation.roll_title"),
            self.dice_groups(),
            creation_paint.summary(self),
            rng=self.services.rng,
            animation_factor=factor,
        )

    def typed_scores(self) -> dict[str, int] | None:
        """The typed scores, or None (with the reason in ``message``) when one is empty."""
        scores: dict[str, int] = {}
        for stat in self.rolled_stats():
            value = self.fields[stat.id].value
            if value is None:
                self.message = describe(
                    self.services, Refused("score_missing", f"{stat.name.en} is missing", stat=stat.id), self.book
                )
                return None
            scores[stat.id] = value
        return scores

    def apply_typed(self) -> None:
        """R-CREATE-3: the scores of the player's own dice, checked by the rules."""
        scores = self.typed_scores()
        if scores is None or self._refuse_start_over():
            return
        session = self._new_session()
        result = self._apply(session, make_action(a.SetHero, scores=scores))
        if isinstance(result, Refused):
            self.message = describe(self.services, result, self.book)
            return
        self._adopt(session, "creation.status_typed")

    def pick(self, name: str) -> None:
        """R-CREATE-2: take a ready-made hero (and their name)."""
        if self._refuse_start_over():
            return
        session = self._new_session()
        result = self._apply(session, a.PickHero(name=name))
        if isinstance(result, Refused):
            self.message = describe(self.services, result, self.book)
            return
        self._adopt(session, "creation.status_picked", picked=name)
        self.name_field.text = name

    def choose(self, step: Any) -> None:
        """Open the picker of one creation step; choosing again replaces the earlier picks."""
        if self.hero is None or self.stack is None:
            return
        base = self._without_step(step.id)

        def check(action: Any) -> str | None:
            refused = base.refusal(action)
            return None if refused is None else describe(self.services, refused, self.book)

        def chosen(action: Any) -> None:
            result = self._apply(base, action)
            if isinstance(result, Refused):
                self.message = describe(self.services, result, self.book)
                return
            self.session = base
            self.message = None
            self._refresh()

        current = self.session.state.choices.get(step.id, {})
        self.stack.push(ChoicePicker(self.ui, self.book, step, self.hero, current, check, chosen))

    def _without_step(self, step_id: str) -> Session:
        """A copy of the creation session with everything but the choice of ``step_id`` (same dice)."""
        fresh = self._new_session()
        for entry in self.session.entries:
            if entry.action.get("do") == "choose" and entry.action.get("step") == step_id:
                continue
            fresh.apply(entry.action, ScriptedDice(list(entry.dice)))
        return fresh

    def confirm(self) -> None:
        """Name the hero, create the save, and open the sheet."""
        if self.hero is None:
            self.message = self.ui.t("creation.need_hero")
            return
        name = self.name_field.text.strip()
        if name and name != self.hero.name:
            result = self._apply(self.session, make_action(a.NameHero, name=name))
            if isinstance(result, Refused):
                self.message = describe(self.services, result, self.book)
                return
        adventure = Adventure.start(self.session, self.services.saves)
        if self.stack is not None:
            self.services.navigator.go(self, Screen.SHEET, adventure)

    def back(self) -> None:
        """Back to the bookshelf; nothing was saved."""
        if self.stack is not None:
            self.services.navigator.to_shelf(self)

    def open_help(self) -> None:
        """F1: the rules of this book for creation (the shortcuts are one click further)."""
        if self.stack is not None:
            self.services.navigator.open(self, Screen.RULES_HELP, self.book, "creation")

    escape = back  # Escape leaves for the shelf (nothing was saved)

    # -- frame ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        creation_paint.draw(self, surface)


# -- showcase -------------------------------------------------------------------------------------


@showcase("creation-df31")
def _showcase_df31(services: Services) -> list[Scene]:
    return [CreationScene(services, services.shelf.books["DF31"])]


@showcase("creation-df64-ready-heroes")
def _showcase_df64(services: Services) -> list[Scene]:
    scene = CreationScene(services, services.shelf.books["DF64"])
    scene.pick("Isolde Laodegan")
    return [scene]


@showcase("creation-rolled")
def _showcase_rolled(services: Services) -> list[Scene]:
    scene = CreationScene(services, services.shelf.books["DF49"])
    scene.services.settings.physical_dice = False
    session = scene._new_session()
    scene._rolled(session, scene._apply(session, a.RollHero()))  # no stack yet: no overlay
    scene.name_field.text = "Alwen"
    return [scene]

"""Hero creation's scene: its own rules session (nothing is saved yet) and the intents that change it.

Roll (re-rolling starts a fresh session), type the scores of one's own dice,
pick a ready-made hero, choose the book's creation steps (the picker opens
over the page), switch honest play; "Begin the adventure" creates the save and
hands over to the sheet. Each frame is painted from a new
:class:`~game.scenes.creation.view.CreationView`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.app.adventure import Adventure
from game.app.fluid import FluidLayout
from game.app.navigator import Screen
from game.app.painted import PaintedPage
from game.app.refusals import describe_refusal
from game.app.rolling import DiceGroup, enter_dice
from game.app.services import Services
from game.app.widget_screen import WidgetScreen
from game.books.ff_mechanics import ChoiceStep
from game.books.fighting_fantasy import FightingFantasyBook, StatDef
from game.rules.dice import ScriptedDice
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.ff.effects import refused_options, step_refusal
from game.rules.ff.state import Hero
from game.rules.session import BOOKMARK, HONEST, ActionLike, Entry, Session, Start, make_action
from game.scenes.creation.controls import CreationControls, build_controls
from game.scenes.creation.layout import CreationRegions, creation_regions
from game.scenes.creation.paint import paint_page, summary
from game.scenes.creation.view import CreationView, view_of
from game.ui.speech import SpokenText, join
from game.ui.theme import LOGICAL_SIZE

if TYPE_CHECKING:
    from game.rules.dice import DiceSource
    from game.rules.ff.actions import FFAction
    from game.rules.ff.state import SheetState

    CreationSession = Session[SheetState, FFAction]


class CreationScene(PaintedPage[CreationView, CreationRegions], FluidLayout, WidgetScreen):
    """Hero creation for ``book``; confirming replaces this screen with the sheet."""

    screen = Screen.CREATION
    paint_under = staticmethod(paint_page)
    help_on_f1 = True

    message = SpokenText()  # shown on the screen and said to a screen reader

    r: CreationRegions
    controls: CreationControls

    def __init__(self, services: Services, book: FightingFantasyBook, size: tuple[int, int] = LOGICAL_SIZE) -> None:
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
        self.drawn_line: str | None = None  # what the last drawn step gave ("Weaponskill weapon: 7 — Sword")
        self.layout(size)

    # -- the session ------------------------------------------------------------------------
    def _new_session(self) -> CreationSession:
        return Session(self.book, self.services.new_dice(), Start(language=self.services.language, play=self.play))

    def set_honest(self, on: bool) -> None:
        """Choose honest or bookmark play; the hero made so far is kept (its log replays under the new mode)."""
        self.play = HONEST if on else BOOKMARK
        log = self.session.to_log()
        log["start"]["play"] = self.play
        self.session = Session.from_log(self.book, log, self.services.new_dice())
        self._refresh()

    @property
    def hero(self) -> Hero | None:
        return self.session.state.hero

    def rolled_stats(self) -> list[StatDef]:
        return [s for s in self.book.stats if s.roll is not None]

    def stat_name(self, stat: StatDef) -> str:
        return stat.name.get(self.ui.catalogue.language)

    def describe(self, refused: Refused) -> str:
        """A refusal in the player's language, with the book's names."""
        return describe_refusal(self.ui.catalogue, refused, self.book)

    # -- widgets ----------------------------------------------------------------------------
    def place_widgets(self) -> None:
        """Build every widget for ``self.page`` and show the session in them."""
        self.r = creation_regions(self.page, self.book)
        self.controls = build_controls(self.ui, self.r, self.book, self, physical=self.services.settings.physical_dice)
        for widget in self.controls.widgets():
            self.group.add(widget)
        self._refresh()

    def keep_view(self) -> tuple[dict[str, str], str]:
        """A re-layout keeps what was typed: the scores and the hero's name."""
        return {stat: field.text for stat, field in self.controls.fields.items()}, self.controls.name_field.text

    def restore_view(self, kept: tuple[dict[str, str], str]) -> None:
        scores, name = kept
        for stat, text in scores.items():
            self.controls.fields[stat].text = text
        self.controls.name_field.text = name

    def steps_done(self) -> bool:
        """Every creation step the book offers this hero has been chosen (Weaponskill's weapon only with it)."""
        state = self.session.state
        return all(step.id in state.choices or step_refusal(self.book, state, step) is not None for step in self.book.creation)

    def _refresh(self) -> None:
        """Buttons follow the session: start needs a hero (and every creation step); the picked card says so."""
        ui, controls, hero = self.ui, self.controls, self.hero
        controls.roll_button.label = ui.tr("creation.reroll") if self.rolled else ui.tr("creation.roll")
        for step in self.book.creation:  # a step already chosen may be chosen again
            self._refresh_step(step)
        if hero is not None and not self.steps_done():
            controls.start_button.set_enabled(False, ui.tr("steps.needed"))
        else:
            controls.start_button.set_enabled(hero is not None, ui.tr("creation.need_hero"))
        controls.honest_toggle.value = self.play == HONEST
        refused = self.start_over_refusal()  # honest play: a rolled hero stands
        reason = None if refused is None else self.describe(refused)
        # The score fields too (issue 30 item 10): what they would take could never be confirmed.
        starts_over = (controls.roll_button, controls.typed_button, controls.honest_toggle, *controls.pick_buttons.values())
        for widget in (*starts_over, *controls.fields.values()):
            widget.set_enabled(refused is None, reason)
        for name, button in controls.pick_buttons.items():
            chosen = self.picked == name
            button.label = ui.tr("creation.picked") if chosen else ui.tr("creation.pick")
            button.set_chosen(chosen)

    def _refresh_step(self, step: ChoiceStep) -> None:
        """A step's button: choose (or draw), again once done; off without a hero, when the book does not
        offer the step now (its words), and for a drawn step in honest play once drawn (the roll stands)."""
        ui, state = self.ui, self.session.state
        button = self.controls.step_buttons[step.id]
        done = step.id in state.choices
        if step.roll is not None:
            button.label = ui.tr("steps.redraw") if done else ui.tr("steps.draw")
        else:
            button.label = ui.tr("steps.change") if done else ui.tr("steps.choose")
        if self.hero is None:
            button.set_enabled(False, ui.tr("creation.need_hero"))
            return
        refused = step_refusal(self.book, state, step)
        if refused is not None:
            button.set_enabled(False, self.describe(refused))
        elif step.roll is not None and done and self.play == HONEST:
            button.set_enabled(False, ui.tr("steps.drawn_stands"))
        else:
            button.set_enabled(True)

    def _fill_fields(self) -> None:
        hero = self.hero
        if hero is None:
            return
        for stat_id, field in self.controls.fields.items():
            field.text = str(hero.initial.get(stat_id, ""))

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
            self.message = self.describe(refused)
        return refused is not None

    def roll(self, own: bool = False) -> None:
        """Roll every formula (re-rolling starts a fresh session), then show the dice; ``own``: the player's
        own dice or Random Number Table give them, whatever the physical-dice switch says."""
        if self._refuse_start_over():
            return
        action = a.RollHero()
        session = self._new_session()
        if not (own or self.services.settings.physical_dice):
            self._rolled(session, self._apply(session, action))
            return
        labels: list[str] = []
        for stat in self.rolled_stats():
            assert stat.roll is not None  # rolled_stats are those with a formula
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
            honest=self.play == HONEST,
        )

    def _apply(self, session: CreationSession, action: ActionLike, dice: DiceSource | None = None) -> Entry | Refused:
        try:
            return session.apply(action, dice)
        except Refused as refused:
            return refused

    def _rolled(self, session: CreationSession, result: Entry | Refused) -> None:
        if isinstance(result, Refused):
            self.message = self.describe(result)
            return
        self._adopt(session, "creation.status_rolled")
        faces = list(result.dice)
        self.rolled = {}
        for stat in self.rolled_stats():
            assert stat.roll is not None  # rolled_stats are those with a formula
            self.rolled[stat.id] = tuple(faces[: stat.roll.dice])
            faces = faces[stat.roll.dice :]
        self._refresh()
        self._show_dice()

    def _adopt(self, session: CreationSession, status_key: str, picked: str | None = None) -> None:
        self.session = session
        self.picked = picked
        self.rolled = {}
        self.message = None
        self.status_key = status_key
        self.drawn_line = None
        self._fill_fields()
        self._refresh()

    def dice_groups(self) -> list[DiceGroup]:
        """One group per rolled stat: its name, its dice, "+ 6 = 10"."""
        groups = []
        for stat in self.rolled_stats():
            faces = self.rolled.get(stat.id)
            if not faces or stat.roll is None:
                continue
            total = stat.roll.total(list(faces))  # a random number's face 10 reads 0
            faces = tuple(stat.roll.face_value(face) for face in faces)
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
            summary(self.view().hero, self.ui, self.r),
            rng=self.services.rng,
            animation_factor=factor,
        )

    def typed_scores(self) -> dict[str, int] | None:
        """The typed scores, or None (with the reason in ``message``) when one is empty."""
        scores: dict[str, int] = {}
        for stat in self.rolled_stats():
            value = self.controls.fields[stat.id].value
            if value is None:
                self.message = self.describe(Refused("score_missing", f"{stat.name.en} is missing", stat=stat.id))
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
            self.message = self.describe(result)
            return
        self._adopt(session, "creation.status_typed")

    def pick(self, name: str) -> None:
        """R-CREATE-2: take a ready-made hero (and their name)."""
        if self._refuse_start_over():
            return
        session = self._new_session()
        result = self._apply(session, a.PickHero(name=name))
        if isinstance(result, Refused):
            self.message = self.describe(result)
            return
        self._adopt(session, "creation.status_picked", picked=name)
        self.controls.name_field.text = name

    def point_at_table(self) -> None:
        """The Random Number Table button: the next random numbers of creation pointed at on the table (the
        scores while there is no hero, then each drawn step the book offers, in its order)."""
        if self.hero is None:
            self.roll(own=True)
            return
        step = self._next_drawn()
        if step is None:
            self.message = self.ui.t("steps.nothing_to_draw")
            return
        self.draw_step(step, own=True)

    def _next_drawn(self) -> ChoiceStep | None:
        state = self.session.state
        for step in self.book.creation:
            if step.roll is not None and step.id not in state.choices and step_refusal(self.book, state, step) is None:
                return step
        return None

    def draw_step(self, step: ChoiceStep, own: bool = False) -> None:
        """A step the book draws: the rules roll it (drawing again replaces it), or the player's own dice or
        Random Number Table give the number (``own``, or physical dice on); its option is said."""
        if self.hero is None:
            return
        base = self._without_step(step.id)
        action = a.Choose(do="choose", step=step.id)
        refused = base.refusal(action)
        if refused is not None:
            self.message = self.describe(refused)
            return
        if not (own or self.services.settings.physical_dice):
            self._drawn(base, step, self._apply(base, action))
            return
        name = step.name.get(self.ui.catalogue.language)
        enter_dice(
            self,
            self.services,
            base.dice_needed(action),
            lambda dice: self._apply(base, action, dice),
            lambda result: self._drawn(base, step, result),
            names=lambda uses: [name] * len(uses),
            honest=self.play == HONEST,
        )

    def _drawn(self, base: CreationSession, step: ChoiceStep, result: Entry | Refused) -> None:
        if isinstance(result, Refused):
            self.message = self.describe(result)
            return
        self.session = base
        picks = self.session.state.choices.get(step.id, {})
        option = next((o for o in step.options if picks.get(o.id)), None)
        language = self.ui.catalogue.language
        self.message = None
        self.status_key = None
        self.drawn_line = (
            None if option is None else self.ui.t("steps.drawn", step=step.name.get(language), option=option.name.get(language))
        )
        self.ui.say(self.drawn_line or "")
        self._refresh()

    def choose(self, step: ChoiceStep) -> None:
        """Open the picker of one creation step (a drawn step is drawn); choosing again replaces the earlier picks."""
        if step.roll is not None:
            self.draw_step(step)
            return
        if self.hero is None or self.stack is None:
            return
        base = self._without_step(step.id)

        def check(action: a.Choose) -> str | None:
            refused = base.refusal(action)
            return None if refused is None else self.describe(refused)

        def chosen(action: a.Choose) -> None:
            result = self._apply(base, action)
            if isinstance(result, Refused):
                self.message = self.describe(result)
                return
            self.session = base
            self.message = None
            self._refresh()

        current = self.session.state.choices.get(step.id, {})
        # An option the book does not allow this hero is greyed with its words before any pick (R-CHOOSE-3).
        refused = {option: self.describe(why) for option, why in refused_options(self.book, base.state, step).items()}
        navigator = self.services.navigator
        navigator.open(self, Screen.CREATION_CHOICE, self.book, step, self.hero, current, check, chosen, refused)

    def _without_step(self, step_id: str) -> CreationSession:
        """A copy of the creation session with everything but the choice of ``step_id`` (same dice). A later
        step the new choice no longer offers goes too (Weaponskill's weapon once Weaponskill is not chosen)."""
        fresh = self._new_session()
        for entry in self.session.entries:
            if entry.action.get("do") == "choose" and entry.action.get("step") == step_id:
                continue
            try:
                fresh.apply(entry.action, ScriptedDice(list(entry.dice)))
            except Refused:
                continue  # no longer offered: dropped with what it granted
        return fresh

    def confirm(self) -> None:
        """Name the hero, create the save, and open the sheet."""
        if self.hero is None:
            self.message = self.ui.t("creation.need_hero")
            return
        name = self.controls.name_field.text.strip()
        if name and name != self.hero.name:
            result = self._apply(self.session, make_action(a.NameHero, name=name))
            if isinstance(result, Refused):
                self.message = self.describe(result)
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
    def view(self) -> CreationView:
        """What the page shows now."""
        return view_of(
            self.ui,
            self.book,
            self.session.state,
            rolled=self.rolled,
            picked=self.picked,
            status_key=self.status_key,
            message=self.message,
            physical=self.services.settings.physical_dice,
            play=self.play,
            drawn=self.drawn_line,
        )

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: hero creation for this book."""
        ui = self.ui
        starting = ui.t("access.starting", items=self.view().starting)
        return join(
            ui.t("access.screen_creation", book=self.book.title.get(ui.catalogue.language)), starting, ui.t("access.tab_hint")
        )

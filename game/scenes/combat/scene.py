"""The combat board: the hero's card against the creatures', animated dice, Luck, archery, live odds.

A thin scene after Tuxemon's split: events become the board's intents, every
intent a rules action (``round``, ``shoot``, ``luck``, ``no_luck``, ``escape``,
``stop_fight``, ``cast``) applied through ``game.app.rolling.roll_action``
(physical dice are asked for there). What the board shows is read back, never
kept: ``view.view_of`` makes a :class:`~game.scenes.combat.view.CombatView`
from the session (``timeline``), the animation (``animator``) and the odds
(``odds``, a worker thread); ``paint`` paints it, ``controls`` show it,
``speech`` says it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.adventure import Change, ChangeKind
from game.app.adventure_scene import AdventureScene
from game.app.burst import ClickBurst
from game.app.fluid import FluidLayout
from game.app.journal import undo_state
from game.app.navigator import Screen
from game.app.rolling import roll_action
from game.app.services import Services
from game.books.fighting_fantasy import FightingFantasyBook
from game.i18n.catalogue import TextSource
from game.rules.dice import DieUse
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.ff.ruleset import FightingFantasyRules, hero_side
from game.rules.ff.state import Fight, SheetState
from game.rules.session import Entry
from game.scenes.combat.animator import Animator
from game.scenes.combat.controls import CombatControls, build_controls, round_action
from game.scenes.combat.drawing import DiceSprites
from game.scenes.combat.layout import CombatLayout, compute_layout
from game.scenes.combat.odds import ODDS_READY, OddsAnswer, OddsWorker
from game.scenes.combat.paint import BoardPainter
from game.scenes.combat.speech import CombatVoice
from game.scenes.combat.text import TableWords, die_label, table_words
from game.scenes.combat.timeline import FightTimeline
from game.scenes.combat.view import CombatView, attacked, shown_state, view_of
from game.ui.speech import join
from game.ui.surface_cache import PAGE_BYTES_PER_PIXEL, SCREEN_PAGES
from game.ui.theme import LOGICAL_SIZE

if TYPE_CHECKING:
    from game.app.adventure import FFAdventure

#: Keys that skip the dice in the air (as a click does).
SKIP_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE)


def board_shape(book: FightingFantasyBook, fight: Fight) -> tuple[int, bool, bool]:
    """What the board's layout depends on: how many creatures, an ally, a quiver (arrows left, spent or a broken string)."""
    has_quiver = book.archery is not None and (fight.shots_left > 0 or fight.bow_broken or fight.stats.arrows_spent > 0)
    return len(fight.enemies), fight.ally is not None, has_quiver


class CombatScene(FluidLayout, AdventureScene):
    """The board of the fight in progress (``adventure.state.fight``)."""

    screen = Screen.COMBAT
    shortcut_controls = {"round": "attack_button", "shoot": "shoot_button", "test_luck": "luck_button", "accept": "accept_button"}

    @property
    def back_control(self) -> str:  # type: ignore[override]  # Escape: to the sheet while the fight lasts, else Back
        fight = self.fight
        return "sheet_button" if fight is not None and fight.active else "finish_button"

    adventure: FFAdventure
    book: FightingFantasyBook
    controls: CombatControls  # built for the page by place_widgets

    def __init__(self, services: Services, adventure: FFAdventure, size: tuple[int, int] = LOGICAL_SIZE) -> None:
        super().__init__(services, adventure)
        rules = adventure.session.rules
        assert isinstance(rules, FightingFantasyRules)  # a fight is a Fighting Fantasy one
        self.odds = OddsWorker(rules, adventure.book)
        self.timeline = FightTimeline(adventure.session)
        fight = adventure.state.fight
        assert fight is not None  # the board is opened on a fight that has started
        self.shape = board_shape(self.book, fight)
        self.regions: CombatLayout = compute_layout(size, *self.shape)
        self.animator = Animator(self.regions, services.rng)
        self.painter = BoardPainter(self.ui, self.book, self.regions, DiceSprites())
        self.spell_names = {spell.id: spell.name.get(self.ui.catalogue.language) for spell in self.book.spells}
        self.target: int | None = None  # all together: the creature the player aimed at
        self.log_scroll = 0
        self.burst = ClickBurst()  # the presses of a roll: a fast click lands its dice, never rolls again
        self._moved = False  # whether a round was playing out when ``update`` began (see animated_area)
        self.done = False  # the scene has asked to leave
        # what a screen-reader user hears, as much as the "fight_speech" setting asks
        self.voice = CombatVoice(self.ui, self.book, lambda: self.services.settings.fight_speech)
        self._layer: pygame.Surface | None = None
        self._view: CombatView | None = None  # the view the layer was painted from
        self._painted: tuple[object, ...] | None = None  # what the layer was painted for (phase, odds, language, palette)
        self.layout(size)
        self._show(animate=False)

    def place_widgets(self) -> None:
        """Lay the board out for ``self.page``: cards, centre and buttons placed again, the fight unchanged."""
        self.skip()  # dice in the air land at once: they were thrown on the old page
        self.regions = compute_layout(self.page, *self.shape)
        self.animator.layout = self.regions
        self.painter.relayout(self.regions)
        self._layer = None
        self.controls = build_controls(self.ui, self.regions, self.book, self)
        self.group.add(*self.controls.widgets())
        self._refresh_controls()

    # ------------------------------------------------------------------ what the board shows
    @property
    def state(self) -> SheetState:
        return self.adventure.state

    @property
    def fight(self) -> Fight | None:
        return self.adventure.state.fight

    @property
    def view_state(self) -> SheetState:
        """What the cards show: the state before the newest step while its dice still roll."""
        return shown_state(self.timeline.last, self.state, self.animator.phase)

    @property
    def factor(self) -> float:
        return 0.0 if self.services.settings.physical_dice else self.services.settings.animation_factor

    def odds_answer(self) -> OddsAnswer | None:
        """The odds of the state shown (None while the worker computes them)."""
        return self.odds.result(self.view_state)

    def wait_for_odds(self, timeout: float) -> bool:
        """Block until the odds worker has answered (samples, screenshots, benchmarks); the board repaints."""
        answered = self.odds.wait(timeout)
        self.repaint()
        return answered

    def view(self) -> CombatView:
        """What the board shows now."""
        return view_of(
            self.ui.t,
            self.timeline.steps,
            self.state,
            self.animator,
            aimed=self.target,
            message=self.message,
            log_scroll=self.log_scroll,
            odds=self.odds_answer(),
            spell_names=self.spell_names,
            table=self.words_of_the_table(),
        )

    def words_of_the_table(self) -> TableWords | None:
        """The index's name and the column headings of the table this fight is read on, in the language of the moment."""
        fight = self.state.fight
        return None if fight is None else table_words(self.ui.t, self.book, fight.profile, self.ui.catalogue.language)

    def current_target(self) -> int | None:
        """The creature the hero attacks: the one chosen (all together) or the one in front."""
        return attacked(self.fight, self.target)

    def spoken_summary(self) -> str:
        """What a screen-reader user hears on arriving at the board (and on F3)."""
        return join(self.ui.t("access.screen_combat"), self.voice.fight_words(self.view(), self.services.keymap))

    def say(self, text: str | None, tone: str = "neutral") -> None:
        super().say(text, tone)
        self.repaint()

    def repaint(self) -> None:
        """Paint the board layer again on the next draw (the model changed)."""
        self._painted = None

    def _refresh_controls(self) -> None:
        self.controls.refresh(self.view(), self)
        self.group.focus.hold = self.animating  # the focus moves on once the dice have landed

    # ------------------------------------------------------------------ intents (combat.controls.CombatIntents)
    def aim(self, index: int) -> None:
        """All together: aim at creature ``index`` for the next round."""
        fight = self.fight
        if fight is None or not fight.active or fight.mode != "all_together" or index not in fight.living():
            return
        self.target = index
        self.say(None)
        self._refresh_controls()
        self.repaint()

    def attack(self) -> None:
        self._roll(round_action(self.fight, self.current_target()))

    def shoot(self) -> None:
        self._roll(a.Shoot(target=self.current_target()))

    def test_luck(self) -> None:
        self._roll(a.UseLuck())

    def accept(self) -> None:
        self._apply(a.NoLuck())

    def escape(self) -> None:
        self._apply(a.Escape())

    def stop(self) -> None:
        self._apply(a.StopFight())

    def open_spells(self) -> None:
        """The book's spells, cast on the creature the hero attacks (a fire bolt, a creature copy…)."""

        def cast(index: int) -> a.Cast:
            return a.Cast(do="cast", spell=self.book.spells[index].id, target=self.current_target())

        if self.stack is not None:
            check, on_cast = (lambda i: self.reason(cast(i))), (lambda i: self._roll(cast(i)))
            self.navigator.open(self, Screen.SPELLS, self.book, self.state, check, on_cast)

    def finish(self) -> None:
        """Leave the finished fight: the death page when the hero fell, else back where the fight began."""
        fight = self.fight
        if self.stack is None or self.done or fight is not None and fight.active:
            return
        self.done = True
        self.navigator.fight_over(self, self.adventure)

    def to_sheet(self) -> None:
        """Look at the sheet (or the page) under the board; the fight stays in progress ("Au combat !" comes back)."""
        fight = self.fight
        if self.stack is None or self.done or fight is None or not fight.active:
            return
        self.skip()
        self.done = True
        self.navigator.close(self)

    def undo_reason(self) -> tuple[bool, TextSource | None]:
        """Whether undo is possible now, and why not (honest play names the roll that stands)."""
        return undo_state(self.ui, self.adventure, "combat.nothing_to_undo")

    def can_redo(self) -> bool:
        return self.adventure.session.can_redo

    # ------------------------------------------------------------------ acting
    def _roll(self, action: a.FFAction) -> None:
        """An action that draws dice: physical dice are asked for first, then the board animates.

        A press while the last roll's burst goes on (a key shortcut, a second click in a frame) only
        lands the dice (issue 30 item 5).
        """
        self.skip()
        if self.burst.busy:
            self.burst.press()
            return
        self.burst.start()
        roll_action(
            self,
            self.services,
            self.adventure,
            action,
            present=lambda entry: ("", [], "", "neutral"),
            on_done=self.settle,
            label=self.die_label,
        )

    def _apply(self, action: a.FFAction) -> None:
        self.skip()
        self.act(action)

    def settle(self, result: Entry | Refused) -> Entry | None:
        entry = super().settle(result)
        if entry is not None:
            self.say(None)
        self.repaint()
        return entry

    def before_history(self) -> None:
        self.skip()

    def die_label(self, use: DieUse) -> str:
        """Whose die it is, as the rules' dice plan says (physical dice entry)."""
        return die_label(self.ui.t, self.state, use)

    # ------------------------------------------------------------------ after every change
    def refresh(self, changes: list[Change]) -> None:
        """The session moved (here, or undo/redo): read the fight again; animate unless it was undo."""
        self._show(animate=bool(changes) and changes[-1].kind is not ChangeKind.UNDO)
        if not self.done and self.fight is not None:
            self.voice.changed(changes, self.view(), self.services.keymap)

    def _show(self, animate: bool) -> None:
        if not self.timeline.sync():  # the fight's start was undone: back to where it began
            if not self.done:
                self.done = True
                if self.stack is not None:
                    self.navigator.close(self)
            return
        fight = self.fight
        if self.target is not None and (fight is None or self.target not in fight.living()):
            self.target = None
        if fight is not None and board_shape(self.book, fight) != self.shape:
            # An ally joined (a spell cast mid-fight, issue 30 item 1) or its spell was undone: its card
            # comes and goes, laid out before the round's dice are planned on it.
            self.shape = board_shape(self.book, fight)
            self.layout(self.page)
        if fight is not None and fight.active:
            self.odds.request(self.state)
        if not self.animator.start(self.timeline.last if animate else None, self.factor):
            self._land(animate)
        self._refresh_controls()
        self.repaint()

    def _land(self, animate: bool) -> None:
        """The dice are down: the board shows the new state (bars ease, the next creature steps in)."""
        step = self.timeline.last
        before = step.before if step is not None else self.state
        side = hero_side(self.book, self.state)
        wounds = (side.wounds_value, side.wounds_maximum)
        self.animator.settle(before, self.state, self.factor, animate, self.ui.palette, wounds)
        self._refresh_controls()
        self.repaint()

    def skip(self) -> None:
        """Jump every animation to its end (a click, Space)."""
        if self.animator.skip():
            self._land(animate=False)
        self.repaint()

    @property
    def animating(self) -> bool:
        return self.animator.animating

    # ------------------------------------------------------------------ events
    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == ODDS_READY:
            self.repaint()
            if self.fight is not None:
                self.voice.odds_ready(self.view())
            return None
        if event.type == pygame.QUIT:
            return event
        if (self.animating or self.burst.busy) and self._skip_event(event):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:  # the rules of this book for the fight
            self.navigator.open(self, Screen.RULES_HELP, self.adventure.book, "combat")
            return None
        if self.history_key(event) or self.shortcut_key(event):
            return None
        if event.type == pygame.MOUSEWHEEL and self.regions.log.collidepoint(getattr(event, "pos", (-1, -1))):
            self.log_scroll = max(0, self.log_scroll + (1 if event.y > 0 else -1))
            self.repaint()
            return None
        if self.group.process_event(event):
            return None
        return None if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) else event

    def _skip_event(self, event: pygame.event.Event) -> bool:
        """While the dice roll (and their burst of clicks goes on) a click lands them; so do Space, Enter
        and Escape while they roll. A press is swallowed. True: taken (a key shortcut that rolls is
        held back by ``_roll``)."""
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            self.burst.press()
            self.skip()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            return True
        if event.type == pygame.KEYDOWN and event.key in SKIP_KEYS and self.animating:
            self.skip()
            return True
        return False

    def update(self, dt: float) -> None:
        self._moved = self.animating or self.burst.busy  # the frame a round lands shows its end: the whole board
        super().update(dt)
        self.burst.update(dt)
        phase = self.animator.phase
        if self.animator.update(dt):
            self._land(animate=True)
        elif self.animator.phase is not phase:
            self.repaint()

    @property
    def wants_animation(self) -> bool:
        return self.animating or self.burst.busy or super().wants_animation

    def animated_area(self) -> list[pygame.Rect] | None:
        """The whole board while a round plays out (dice, bars, gauge: all over it) and as it lands, else the
        widgets'."""
        if self.animating or self.burst.busy or self._moved:
            return None
        return super().animated_area()

    def shutdown(self) -> None:
        super().shutdown()
        self.odds.close()

    # ------------------------------------------------------------------ drawing
    def covers_page(self, size: tuple[int, int]) -> bool:
        """The board blits its whole layer first (made for the page when there is a fight; kept after one)."""
        has_layer = self._layer is not None or self.state.fight is not None
        return has_layer and tuple(self.page) == tuple(size) and (self._layer is None or self._layer.get_size() == tuple(size))

    def draw(self, surface: pygame.Surface) -> None:
        if self.state.fight is None:  # the fight was just undone: the sheet comes back after this frame
            if self._layer is not None:
                surface.blit(self._layer, (0, 0))
            return
        odds = self.odds_answer()
        wanted = (self.animator.phase, id(odds), self.ui.catalogue.language, self.ui.palette)
        if self._layer is None or self._view is None or self._painted != wanted:
            if self._layer is None:
                # The page below (the sheet's) is let go before this one is made: two pages were held at once
                # on the board's first frame, the peak of a session (issue 28, memory).
                SCREEN_PAGES.make_room(self.page[0] * self.page[1] * PAGE_BYTES_PER_PIXEL)
                # Made in the window's format (its blits are the fast ones), not converted after: the converted
                # copy and the first held two pages a moment, the smoke's peak on a board (issue 28, memory).
                window = pygame.display.get_surface()
                self._layer = pygame.Surface(self.page, 0, window) if window is not None else pygame.Surface(self.page)
                # Counted with the other screens' pages: while the board shows, the sheet's below it is let go.
                SCREEN_PAGES.put(("combat board layer", id(self)), self._layer)
            self._view = self.view()
            self.painter.paint(self._layer, self._view)
            self._painted = wanted
        surface.blit(self._layer, (0, 0))
        self.painter.draw_live(surface, self.animator, self._view)
        self.group.draw(surface)

"""The combat board: the hero's card against the creatures', animated dice, Luck, archery, live odds.

A thin scene after Tuxemon's split. Only the rules decide: every click becomes
an action (``round``, ``shoot``, ``luck``, ``no_luck``, ``escape``,
``stop_fight``) applied through ``game.app.rolling.roll_action`` (physical dice
are asked for there). What the board shows is read back, never kept:

- ``combat_timeline``: the fight's steps, read from the session's log, so undo,
  redo and a fight reopened from a save look the same;
- ``combat_animator``: dice tumbling, bars easing, the next creature stepping in,
  one explicit phase at a time;
- ``combat_painter`` / ``combat_panel``: paint a ``BoardFrame`` (the board layer
  once per change, the moving parts per frame);
- ``combat_odds``: the odds from a worker thread, "calcul…" until ready.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.app.adventure import Change, ChangeKind
from game.app.adventure_scene import AdventureScene
from game.app.fluid import FluidLayout
from game.app.navigator import Screen
from game.app.rolling import roll_action
from game.app.scene import Scene
from game.app.services import Services
from game.app.showcase import sample_adventure, showcase
from game.rules.dice import DieUse, ScriptedDice
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.session import Entry
from game.scenes import combat_controls, combat_view
from game.scenes.combat_animator import Animator, Phase
from game.scenes.combat_board import DiceSprites, Layout, compute_layout
from game.scenes.combat_frame import BoardFrame
from game.scenes.combat_odds import ODDS_READY, OddsWorker
from game.scenes.combat_painter import BoardPainter
from game.scenes.combat_speech import CombatVoice
from game.scenes.combat_timeline import FightTimeline
from game.scenes.combat_widgets import CardWidget, HoverArea
from game.scenes.common.spells import SpellsModal
from game.ui.button import Button
from game.ui.theme import LOGICAL_SIZE

if TYPE_CHECKING:
    from game.app.adventure import FFAdventure


class CombatScene(FluidLayout, AdventureScene):
    """The board of the fight in progress (``adventure.state.fight``)."""

    screen = Screen.COMBAT
    # The controls (built by combat_controls.build_widgets for the fight's layout):
    cards: list[CardWidget]
    gauge: HoverArea
    attack_button: Button
    shoot_button: Button
    escape_button: Button
    undo_button: Button
    redo_button: Button
    stop_button: Button
    luck_button: Button
    accept_button: Button
    finish_button: Button
    spells_button: Button
    shortcut_controls = {"round": "attack_button", "shoot": "shoot_button", "test_luck": "luck_button", "accept": "accept_button"}
    back_control = "finish_button"  # Escape once the fight is over

    adventure: FFAdventure

    def __init__(self, services: Services, adventure: FFAdventure, size: tuple[int, int] = LOGICAL_SIZE) -> None:
        super().__init__(services, adventure)
        self.odds = OddsWorker(adventure.session.rules, adventure.book)
        self.timeline = FightTimeline(adventure.session)
        fight = adventure.state.fight
        assert fight is not None  # the board is opened on a fight that has started
        has_quiver = self.book.archery is not None and (fight.shots_left > 0 or fight.bow_broken or fight.stats.arrows_spent > 0)
        # What the board's shape depends on (fixed for the fight): creatures, an ally, a quiver.
        self.shape = (len(fight.enemies), fight.ally is not None, has_quiver)
        self.board: Layout = compute_layout(size, *self.shape)
        self.animator = Animator(self.board, services.rng)
        self.painter = BoardPainter(self.ui, self.book, self.board, DiceSprites())
        self.spell_names = {spell.id: spell.name.get(self.ui.catalogue.language) for spell in self.book.spells}
        self.target: int | None = None  # all together: the creature the player aimed at
        self.log_scroll = 0
        self.done = False  # the scene has asked to leave
        self.voice = CombatVoice(self)  # what a screen-reader user hears (game.scenes.combat_speech)
        self._layer: pygame.Surface | None = None
        self._frame: BoardFrame | None = None
        self._painted: Any = None  # what the layer was painted for: (frame wanted, animator phase)
        self.layout(size)
        self._show(animate=False)

    def place_widgets(self) -> None:
        """Lay the board out for ``self.page``: cards, centre and buttons placed again, the fight unchanged."""
        self.skip()  # dice in the air land at once: they were thrown on the old page
        self.board = compute_layout(self.page, *self.shape)
        self.animator.layout = self.board
        self.painter.relayout(self.board)
        self._layer = None
        combat_controls.build_widgets(self)
        combat_controls.refresh(self)

    @property
    def state(self) -> Any:
        return self.adventure.state

    @property
    def fight(self) -> Any:
        return self.adventure.state.fight

    @property
    def view_state(self) -> Any:
        """What the cards show: the state before the newest step while its dice still roll."""
        step = self.timeline.last
        if self.animator.phase is Phase.TUMBLING and step is not None:
            return step.before
        return self.state

    @property
    def factor(self) -> float:
        return 0.0 if self.services.settings.physical_dice else self.services.settings.animation_factor

    def odds_answer(self) -> dict[str, Any] | None:
        return self.odds.result(self.view_state)

    def say(self, text: str | None, tone: str = "neutral") -> None:
        super().say(text, tone)
        self.repaint()

    def repaint(self) -> None:
        """Paint the board layer again on the next draw (the model changed)."""
        self._painted = None

    def frame(self) -> BoardFrame:
        return combat_view.frame(self)

    # ------------------------------------------------------------------ widgets

    def _refresh_controls(self) -> None:
        combat_controls.refresh(self)

    def current_target(self) -> int | None:
        """The creature the hero attacks: the one chosen (all together) or the one in front."""
        fight = self.fight
        if fight is None or not fight.active:
            return None
        if fight.mode == "all_together" and self.target is not None and self.target in fight.living():
            return self.target
        return fight.front()

    def round_action(self) -> a.AttackRound:
        """All together: at the creature aimed at; otherwise the one in front (the rules' default)."""
        target = self.current_target()
        return a.AttackRound(target=target if self.fight.mode == "all_together" else None)

    def shoot_action(self) -> a.Shoot:
        return a.Shoot(target=self.current_target())

    def aim(self, index: int) -> None:
        """All together: aim at creature ``index`` for the next round."""
        fight = self.fight
        if fight is None or not fight.active or fight.mode != "all_together" or index not in fight.living():
            return
        self.target = index
        self.say(None)
        self._refresh_controls()
        self.repaint()

    # ------------------------------------------------------------------ actions
    def attack(self) -> None:
        self._roll(self.round_action())

    def shoot(self) -> None:
        self._roll(self.shoot_action())

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
            self.stack.push(
                SpellsModal(self.ui, self.book, self.state, lambda i: self.reason(cast(i)), lambda i: self._roll(cast(i)))
            )

    def _roll(self, action: Any) -> None:
        """An action that draws dice: physical dice are asked for first, then the board animates."""
        self.skip()
        roll_action(
            self,
            self.services,
            self.adventure,
            action,
            present=lambda entry: ("", [], "", "neutral"),
            on_done=self.settle,
            label=self.die_label,
        )

    def _apply(self, action: a.Action) -> None:
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

    def finish(self) -> None:
        """Leave the finished fight: the death page when the hero fell, else back where the fight began."""
        fight = self.fight
        if self.stack is None or self.done or fight is not None and fight.active:
            return
        self.done = True
        self.navigator.fight_over(self, self.adventure)

    def die_label(self, use: DieUse) -> str:
        return combat_view.die_label(self, use)

    # ------------------------------------------------------------------ after every change
    def refresh(self, changes: list[Change]) -> None:
        """The session moved (here, or undo/redo): read the fight again; animate unless it was undo."""
        self._show(animate=bool(changes) and changes[-1].kind is not ChangeKind.UNDO)
        self.voice.changed(changes)

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
        fight = self.state.fight
        wound_stat = self.book.profile(fight.profile if fight is not None else None).stamina
        self.animator.settle(before, self.state, self.factor, animate, self.ui.palette, wound_stat)
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
            self.voice.odds_ready()
            return None
        if event.type == pygame.QUIT:
            return event
        if self.animating:
            if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
                self.skip()
                return None
            if event.type == pygame.MOUSEBUTTONDOWN:
                return None
            if event.type == pygame.KEYDOWN and event.key in (
                pygame.K_SPACE,
                pygame.K_RETURN,
                pygame.K_KP_ENTER,
                pygame.K_ESCAPE,
            ):
                self.skip()
                return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:  # the rules of this book for the fight
            self.navigator.open(self, Screen.RULES_HELP, self.adventure.book, "combat")
            return None
        if self.history_key(event) or self.shortcut_key(event):
            return None
        if event.type == pygame.MOUSEWHEEL and self.board.log.collidepoint(getattr(event, "pos", (-1, -1))):
            self.log_scroll = max(0, self.log_scroll + (1 if event.y > 0 else -1))
            self.repaint()
            return None
        if self.group.process_event(event):
            return None
        return None if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) else event

    def update(self, dt: float) -> None:
        super().update(dt)
        phase = self.animator.phase
        if self.animator.update(dt):
            self._land(animate=True)
        elif self.animator.phase is not phase:
            self.repaint()

    @property
    def wants_animation(self) -> bool:
        return self.animating or super().wants_animation

    def shutdown(self) -> None:
        super().shutdown()
        self.odds.close()

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        if self.state.fight is None:  # the fight was just undone: the sheet comes back after this frame
            if self._layer is not None:
                surface.blit(self._layer, (0, 0))
            return
        odds = self.odds_answer()
        wanted = (self.animator.phase, id(odds), self.ui.catalogue.language, self.ui.palette)
        if self._layer is None or self._painted != wanted:
            if self._layer is None:
                self._layer = pygame.Surface(self.page).convert() if pygame.display.get_surface() else pygame.Surface(self.page)
            self._frame = self.frame()
            self.painter.paint(self._layer, self._frame)
            self._painted = wanted
        surface.blit(self._layer, (0, 0))
        self.painter.draw_live(surface, self.animator)
        self.group.draw(surface)


# ---------------------------------------------------------------------- showcase


def scripted_fight(services: Services, book_id: str, dice: list[int], actions: list[Any]) -> FFAdventure:
    """The sample hero of ``book_id`` after ``actions``, the rules drawing ``dice`` (ScriptedDice)."""
    adventure = sample_adventure(services, book_id)
    # The sample's dice are fixed; whatever is rolled after them (a player, the monkey) is random.
    adventure.session.dice = ScriptedDice(dice, then=services.new_dice())
    for action in actions:
        result = adventure.act(action)
        if isinstance(result, Refused):
            raise ValueError(f"showcase action {action} refused: {result}")
    return adventure


def _ready(scene: CombatScene) -> list[Scene]:
    scene.odds.wait(30)
    scene.repaint()
    return [scene]


@showcase("combat-archery")
def _showcase_archery(services: Services) -> list[Scene]:
    # DF49: one arrow hits, the next misses, Luck fails and the string breaks.
    adventure = scripted_fight(
        services,
        "DF49",
        [3, 4, 6, 6, 6, 5],
        [
            a.StartFight(enemies=[{"name": "Aile Noire", "skill": 7, "stamina": 6, "box": 0}], arrows=3),
            a.Shoot(),
            a.Shoot(),
            a.UseLuck(),
        ],
    )
    return _ready(CombatScene(services, adventure))


@showcase("combat-pending-wound")
def _showcase_pending(services: Services) -> list[Scene]:
    # DF31: a Lucky blow, then the orc wounds the hero; the advisor weighs Luck against accepting.
    adventure = scripted_fight(
        services,
        "DF31",
        [4, 5, 5, 5, 3, 2, 6, 5, 2, 3],
        [
            a.ChangeStat(stat="stamina", by=-9),
            a.StartFight(
                enemies=[{"name": "Orque des cavernes", "skill": 10, "stamina": 10, "notes": "Sa hache ignore les boucliers"}]
            ),
            a.AttackRound(),
            a.UseLuck(),
            a.AttackRound(),
        ],
    )
    return _ready(CombatScene(services, adventure))


@showcase("combat-all-together")
def _showcase_together(services: Services) -> list[Scene]:
    # DF64: three creatures at once; the Goule was the target, the Squelette parried, the Zombie wounded.
    adventure = scripted_fight(
        services,
        "DF64",
        [3, 3, 2, 3, 6, 6, 4, 3, 3, 3],
        [
            a.StartFight(
                mode="all_together",
                enemies=[
                    {"name": "Squelette", "skill": 7, "stamina": 6},
                    {"name": "Goule", "skill": 8, "stamina": 7},
                    {"name": "Zombie", "skill": 6, "stamina": 8},
                ],
            ),
            a.AttackRound(target=1),
            a.NoLuck(),
            a.UseLuck(),
        ],
    )
    scene = CombatScene(services, adventure)
    scene.aim(2)
    return _ready(scene)


@showcase("combat-estimate")
def _showcase_estimate(services: Services) -> list[Scene]:
    # Six creatures at once, too many to solve exactly in time: the gauge shows a seeded estimate and its margin.
    enemies = [{"name": f"Squelette {i + 1}", "skill": 3 + i % 3, "stamina": 10} for i in range(6)]
    return _ready(
        CombatScene(services, scripted_fight(services, "DF64", [], [a.StartFight(mode="all_together", enemies=enemies)]))
    )


@showcase("combat-victory")
def _showcase_victory(services: Services) -> list[Scene]:
    # DF31: two creatures one after another with an ally; a Lucky last blow wins.
    adventure = scripted_fight(
        services,
        "DF31",
        [6, 6, 2, 1, 1, 2, 5, 5, 1, 1, 6, 6, 1, 1, 4, 4, 2, 2],
        [
            a.StartFight(
                enemies=[{"name": "Gobelin", "skill": 5, "stamina": 4}, {"name": "Rat géant", "skill": 5, "stamina": 4}],
                ally={"name": "Sorrel", "skill": 8, "stamina": 6},
            ),
            a.AttackRound(),
            a.NoLuck(),
            a.AttackRound(),
            a.UseLuck(),
        ],
    )
    return _ready(CombatScene(services, adventure))

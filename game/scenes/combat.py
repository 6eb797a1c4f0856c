"""The combat board: the hero's card against the creatures', animated dice, Luck, archery, live odds.

Only the rules decide: every click becomes an action (``round``, ``shoot``,
``luck``, ``no_luck``, ``escape``, ``stop_fight``) applied through
``game.app.rolling.roll_action`` (physical dice are asked for there); the board
then shows what the rules drew. It is redrawn from the session alone: the fight's
steps (each action with the states before and after) are read back from the log,
so undo, redo and a fight reopened from a save all look the same.

Dice tumble on the board itself (a click or Space skips), the cards keep the
state *before* the action until the dice settle, then the STAMINA bars ease to
their new values. The odds come from a worker thread (``combat_odds``), shown as
"calcul…" until ready. Everything still between two changes is painted once into
a board layer; per frame only dice, bars, the arrow and the step-in move.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.app.adventure import Adventure
from game.app.refusals import describe_refusal
from game.app.rolling import roll_action
from game.app.scene import Scene
from game.app.services import Services
from game.app.showcase import sample_adventure, showcase
from game.rules.dice import ScriptedDice
from game.rules.errors import Refused
from game.rules.odds.dice import p_2d6_at_most
from game.rules.session import Entry
from game.scenes.combat_board import (BAR_SECONDS, FLIGHT_SECONDS, FLOAT_SECONDS, STEP_IN_SECONDS, TUMBLE_SECONDS, Bar,
                                      CardGeometry, DiceSprites, Die, Floater, Layout, Tumble, card_geometry,
                                      compute_layout, draw_bar, ellipsize, fit_text, ribbon)
from game.scenes.combat_odds import ODDS_READY, OddsWorker
from game.scenes.combat_text import Step, Told, name_of, result_key, roll_text, tell
from game.ui import fonts
from game.ui.button import Button
from game.ui.draw import blit_text, draw_icon, draw_panel, draw_rule, parchment, rounded_box
from game.ui.group import WidgetGroup
from game.ui.theme import LOGICAL_SIZE
from game.ui.widget import Widget


class CardWidget(Widget):
    """A creature card as a click target (all together: click to aim); the scene paints the card."""

    def __init__(self, ui: Any, rect: pygame.Rect, index: int, on_click: Any) -> None:
        super().__init__(ui, rect)
        self.index = index
        self.on_click = on_click
        self.pressed = False
        self.clickable = False

    def accepts_focus(self) -> bool:
        return self.clickable and super().accepts_focus()

    def activate(self) -> None:
        if self.clickable and self.enabled:
            self.on_click(self.index)

    def process_event(self, event: pygame.event.Event) -> bool:
        super().process_event(event)
        if not self.clickable:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(event.pos):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            if self.contains(event.pos):
                self.activate()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if self.clickable and self.hovered:
            surface.blit(rounded_box(self.rect.size, self.ui.palette.hover, None, 6), self.rect)


class HoverArea(Widget):
    """A region that only carries a tooltip (the odds gauge)."""

    focusable = False


class CombatScene(Scene):
    """The board of the fight in progress (``adventure.state.fight``)."""

    def __init__(self, services: Services, adventure: Adventure) -> None:
        super().__init__()
        self.services = services
        self.adventure = adventure
        self.ui = services.ui
        self.book = adventure.book
        self.odds = OddsWorker(adventure.session.rules, adventure.book)
        self.sprites = DiceSprites()
        self.group = WidgetGroup(self.ui)
        self.target: int | None = None
        self.tumble: Tumble | None = None
        self.hidden: frozenset[str] = frozenset()
        self.step_in: list[float] | None = None  # [creature index, elapsed, duration]
        self.bars: dict[str, Bar] = {}
        self.floaters: list[Floater] = []
        self.status: str | None = None
        self.log_scroll = 0
        self.done = False  # the scene has asked to leave
        self._board: pygame.Surface | None = None
        self._board_key: Any = None
        self._step_card: tuple[int, pygame.Surface] | None = None
        self.base, self.history = self._read_history()
        fight = adventure.state.fight
        has_quiver = self.book.archery is not None and (fight.shots_left > 0 or fight.bow_broken or fight.stats.arrows_spent > 0)
        self.layout: Layout = compute_layout(len(fight.enemies), fight.ally is not None, has_quiver)
        self._build_widgets()
        self._after_change(animate=False)

    # ------------------------------------------------------------------ the fight's steps
    def _read_history(self) -> tuple[int, list[Step]]:
        """The index of this fight's ``fight`` entry and every step since, replayed from the log."""
        session = self.adventure.session
        entries = session.entries
        starts = [i for i, e in enumerate(entries) if e.action.get("do") == "fight"]
        if not starts:
            raise ValueError("CombatScene needs a fight started in the adventure's log")
        base = starts[-1]
        states = session.states  # states[i] is the state before entry i
        steps = [Step(entries[index], states[index], states[index + 1]) for index in range(base, len(entries))]
        return base, steps

    def _sync_history(self) -> bool:
        """Follow the session after act/undo/redo; False when the fight itself was undone."""
        session = self.adventure.session
        entries = session.entries
        count = len(entries) - self.base
        if count <= 0 or entries[self.base].action.get("do") != "fight":
            return False
        del self.history[count:]
        while len(self.history) < count:
            index = self.base + len(self.history)
            if index != len(entries) - 1:  # more than one step appeared: read everything back
                self.base, self.history = self._read_history()
                return True
            before = self.history[-1].after if self.history else self.history_start()
            self.history.append(Step(entries[index], before, session.state))
        if self.history and self.history[-1].after is not session.state:
            last = self.history[-1]
            self.history[-1] = Step(last.entry, last.before, session.state)
        return True

    def history_start(self) -> Any:
        return self._read_history()[1][0].before

    @property
    def state(self) -> Any:
        return self.adventure.state

    @property
    def fight(self) -> Any:
        return self.adventure.state.fight

    @property
    def view_state(self) -> Any:
        """What the cards show: the state before the action while its dice still roll."""
        if self.tumble is not None and self.history:
            return self.history[-1].before
        return self.state

    @property
    def factor(self) -> float:
        return 0.0 if self.services.settings.physical_dice else self.services.settings.animation_factor

    # ------------------------------------------------------------------ widgets
    def _build_widgets(self) -> None:
        ui, g, lay = self.ui, self.group, self.layout
        self.cards = [g.add(CardWidget(ui, rect, i, self.aim)) for i, rect in enumerate(lay.creatures)]
        self.gauge = g.add(HoverArea(ui, lay.gauge, tooltip=self._gauge_tooltip))
        x, y = lay.buttons.x, lay.buttons.y
        w = (lay.buttons.width - 20) // 3
        self.attack_button = g.add(Button(ui, (x, y + 2, w, 52), ui.tr("combat.attack"), style="primary",
                                          on_click=self.attack, tooltip=ui.tr("combat.attack_tip")))
        self.shoot_button = g.add(Button(ui, (x + w + 10, y + 2, w, 52), ui.tr("combat.shoot"), icon="arrow",
                                         on_click=self.shoot, tooltip=ui.tr("combat.shoot_tip")))
        self.escape_button = g.add(Button(ui, (x + 2 * (w + 10), y + 2, w, 52), ui.tr("combat.escape"),
                                          on_click=self.escape, tooltip=self._escape_tip))
        self.undo_button = g.add(Button(ui, (x, y + 66, w, 44), ui.tr("combat.undo"), on_click=self.undo,
                                        tooltip=self._undo_tip))
        self.redo_button = g.add(Button(ui, (x + w + 10, y + 66, w, 44), ui.tr("combat.redo"), on_click=self.redo,
                                        tooltip=ui.tr("combat.redo_tip")))
        self.stop_button = g.add(Button(ui, (x + 2 * (w + 10), y + 66, w, 44), ui.tr("combat.stop"), style="danger",
                                        on_click=self.stop, tooltip=ui.tr("combat.stop_tip")))
        panel = lay.panel
        self.luck_button = g.add(Button(ui, (panel.x + 20, panel.bottom - 66, 196, 48), ui.tr("combat.test_luck"),
                                        style="primary", icon="heart", on_click=self.test_luck))
        self.accept_button = g.add(Button(ui, (panel.right - 216, panel.bottom - 66, 196, 48), ui.tr("combat.accept"),
                                          on_click=self.accept))
        self.finish_button = g.add(Button(ui, (panel.centerx - 140, panel.bottom - 66, 280, 48), ui.tr("combat.back"),
                                          style="primary", on_click=self.finish))

    def _refresh_controls(self) -> None:
        fight, ui = self.fight, self.ui
        active = fight is not None and fight.active
        pending = active and bool(fight.pending)
        self.attack_button.label = ui.tr("combat.close_in" if active and fight.shots_left > 0 else "combat.attack")
        for button, action in ((self.attack_button, self.round_action()), (self.shoot_button, {"do": "shoot", "target": self.current_target()}),
                               (self.escape_button, {"do": "escape"}), (self.stop_button, {"do": "stop_fight"})):
            refused = self.adventure.refusal(action) if active else None
            button.visible = active
            button.set_enabled(refused is None, describe_refusal(ui.catalogue, refused, self.book) if refused else None)
        self.shoot_button.visible = active and self.book.archery is not None and (fight.shots_left > 0 or fight.bow_broken)
        self.escape_button.visible = active and fight.escape_allowed
        rolling = self.tumble is not None  # the decision appears once the dice have landed
        self.luck_button.visible = self.accept_button.visible = pending and not rolling
        self.finish_button.visible = not active and not rolling
        if not active:
            self.finish_button.label = ui.tr("combat.continue_dead" if fight is not None and fight.winner == "enemies" else "combat.back")
        self.undo_button.set_enabled(self.adventure.session.can_undo, ui.tr("combat.nothing_to_undo"))
        self.redo_button.set_enabled(self.adventure.session.can_redo, ui.tr("combat.nothing_to_redo"))
        all_together = active and fight.mode == "all_together" and not pending
        living = fight.living() if fight is not None else []
        for card in self.cards:
            card.clickable = all_together and card.index in living
            card.tooltip = ui.tr("combat.aim_tip", name=fight.enemies[card.index].name) if card.clickable else None
        if pending:
            self.luck_button.tooltip = self._luck_tip
            self.accept_button.tooltip = self._accept_tip

    # ------------------------------------------------------------------ targets
    def current_target(self) -> int | None:
        """The creature the hero attacks: the one chosen (all together) or the one in front."""
        fight = self.fight
        if fight is None or not fight.active:
            return None
        if fight.mode == "all_together" and self.target is not None and self.target in fight.living():
            return self.target
        return fight.front()

    def round_action(self) -> dict[str, Any]:
        action: dict[str, Any] = {"do": "round"}
        target = self.current_target()
        if target is not None and self.fight.mode == "all_together":
            action["target"] = target
        return action

    def aim(self, index: int) -> None:
        """All together: aim at creature ``index`` for the next round."""
        fight = self.fight
        if fight is None or not fight.active or fight.mode != "all_together" or index not in fight.living():
            return
        self.target = index
        self.status = None
        self._refresh_controls()

    # ------------------------------------------------------------------ actions
    def attack(self) -> None:
        self._roll(self.round_action())

    def shoot(self) -> None:
        self._roll({"do": "shoot", "target": self.current_target()})

    def test_luck(self) -> None:
        self._roll({"do": "luck"})

    def accept(self) -> None:
        self._apply({"do": "no_luck"})

    def escape(self) -> None:
        self._apply({"do": "escape"})

    def stop(self) -> None:
        self._apply({"do": "stop_fight"})

    def _roll(self, action: dict[str, Any]) -> None:
        """An action that draws dice: physical dice are asked for first, then the board animates."""
        if self.tumble is not None:
            self.skip()
        roll_action(self, self.services, self.adventure, action, present=lambda entry: ("", [], "", "neutral"),
                    on_done=self._done, dice_labels=self._dice_labels(action))

    def _apply(self, action: dict[str, Any]) -> None:
        if self.tumble is not None:
            self.skip()
        self._done(self.adventure.act(action))

    def _done(self, result: Entry | Refused) -> None:
        if isinstance(result, Refused):
            self.status = describe_refusal(self.ui.catalogue, result, self.book)
            self._board_key = None
            return
        self.status = None
        self._after_change(animate=True)

    def undo(self) -> None:
        """One step back (a round, a Luck test…); undoing the fight's start returns to the sheet."""
        self.skip()
        result = self.adventure.undo()
        if isinstance(result, Refused):
            self.status = describe_refusal(self.ui.catalogue, result, self.book)
            return
        self.status = None
        self._after_change(animate=False)

    def redo(self) -> None:
        self.skip()
        result = self.adventure.redo()
        if isinstance(result, Refused):
            self.status = describe_refusal(self.ui.catalogue, result, self.book)
            return
        self.status = None
        self._after_change(animate=True)

    def finish(self) -> None:
        """Leave the finished fight: the sheet, or the death scene when the hero fell."""
        if self.stack is None or self.done:
            return
        fight = self.fight
        if fight is not None and fight.active:
            return
        self.done = True
        if fight is not None and fight.winner == "enemies" and not self.state.hero.alive:
            try:
                from game.scenes.death import DeathScene
            except ImportError:  # the death screen is not there yet: back to the sheet
                self.stack.pop(self)
                return
            self.stack.replace(DeathScene(self.services, self.adventure))
        else:
            self.stack.pop(self)

    def _dice_labels(self, action: dict[str, Any]) -> list[str]:
        """Whose die is whose, for physical dice entry (the order the rules draw them)."""
        fight, t = self.fight, self.ui.t
        you = t("combat.you")
        if action["do"] == "round":
            target = action.get("target", fight.front())
            fighting = fight.living() if fight.mode == "all_together" else [target]
            labels = [fight.enemies[i].name for i in fighting for _ in range(2)] + [you, you]
            if fight.ally is not None and fight.ally.stamina > 0:
                others = [i for i in fight.living() if i != target]
                foe = fight.enemies[others[0] if others else target].name
                labels += [foe, foe, fight.ally.name, fight.ally.name]
            return labels
        if action["do"] == "shoot":
            return [t("combat.shot_die")] * 2
        return [t("combat.luck_die")] * 2

    # ------------------------------------------------------------------ after every change
    def _after_change(self, animate: bool) -> None:
        if not self._sync_history():
            self.done = True
            if self.stack is not None:
                self.stack.pop(self)
            return
        fight = self.fight
        if self.target is not None and (fight is None or self.target not in fight.living()):
            self.target = None
        if fight is not None and fight.active:
            self.odds.request(self.state)
        self.tumble = None
        self.hidden = frozenset()
        self.step_in = None
        factor = self.factor
        if animate and factor > 0 and self.history:
            self._start_tumble(self.history[-1], TUMBLE_SECONDS / factor)
        if self.tumble is None:
            self._settle(animate and factor > 0)
        self._refresh_controls()
        self._board_key = None

    def _start_tumble(self, step: Step, duration: float) -> None:
        after = step.after
        dice: list[Die] = []
        flight = None
        if step.do == "round":
            slots = self.dice_slots(after)
            order = 0
            count = len(after.fight.last_round) + 1
            for x in after.fight.last_round:
                who = "ally" if x.by_ally else f"creature:{x.creature}"
                for key, roll in ((who if x.by_ally else f"creature:{x.creature}", x.creature_roll if not x.by_ally else x.hero_roll),):
                    for (center, size), face in zip(slots.get(key, []), roll.dice):
                        dice.append(Die(center, size, face, land=0.55 + 0.45 * order / count))
                order += 1
            hero_roll = next((x.hero_roll for x in after.fight.last_round if not x.by_ally), None)
            if hero_roll is not None:
                for (center, size), face in zip(slots.get("hero", []), hero_roll.dice):
                    dice.append(Die(center, size, face, land=1.0))
            self.hidden = frozenset({"cards", "banner"})
        elif step.do in ("shoot", "luck") and after.last_test is not None:
            for (center, size), face in zip(self.strip_slots(), after.last_test.dice):
                dice.append(Die(center, size, face, land=0.85 + 0.15 * len(dice)))
            self.hidden = frozenset({"strip", "banner"})
            if step.do == "shoot" and self.layout.quiver is not None:
                target = step.entry.action.get("target")
                index = target if target is not None else (step.before.fight.front() or 0)
                start = (self.layout.quiver.x + 60, self.layout.quiver.y + 60)
                card = self.layout.creatures[index]
                flight = (start, (card.x + 40, card.centery), step.entry.outcome == "hit")
        if not dice:
            return
        self.tumble = Tumble(dice, duration, self.services.rng, flight=flight)
        if flight is not None:
            self.tumble.duration = max(duration, FLIGHT_SECONDS / max(self.factor, 1e-6))

    def _settle(self, animate: bool) -> None:
        """The dice have landed: show the new state, ease the bars, float the damage, step the next one in."""
        previous = self.history[-1].before if self.history else self.state
        self.tumble = None
        self.hidden = frozenset()
        seconds = BAR_SECONDS / self.factor if animate and self.factor > 0 else 0.0
        state = self.state
        fight = state.fight
        targets = {"hero": (state.hero.scores["stamina"], state.hero.initial["stamina"])}
        if fight.ally is not None:
            targets["ally"] = (fight.ally.stamina, fight.ally.initial_stamina)
        for i, e in enumerate(fight.enemies):
            targets[f"creature:{i}"] = (e.stamina, e.initial_stamina)
        for key, (value, maximum) in targets.items():
            bar = self.bars.get(key)
            if bar is None:
                self.bars[key] = Bar(value, value, maximum)
            else:
                old = bar.target
                bar.aim(value, maximum, seconds)
                if animate and value < old:
                    rect = self.bar_rect(key)
                    self.floaters.append(Floater(f"−{old - value}", (rect.right - 30, rect.y - 4), self.ui.palette.bad,
                                                 FLOAT_SECONDS / self.factor))
        if animate and fight.mode == "one_after_another" and previous.fight is not None and fight.active:
            before_front, front = previous.fight.front(), fight.front()
            if front is not None and before_front is not None and front != before_front:
                self.step_in = [front, 0.0, STEP_IN_SECONDS / self.factor]
                self._step_card = None
        self._refresh_controls()
        self._board_key = None

    def skip(self) -> None:
        """Jump every animation to its end (a click, Space)."""
        if self.tumble is not None:
            self.tumble.finish()
            self._settle(animate=False)
        self.step_in = None
        for bar in self.bars.values():
            bar.finish()
        self.floaters.clear()
        self._board_key = None

    @property
    def animating(self) -> bool:
        return self.tumble is not None or self.step_in is not None or any(b.moving for b in self.bars.values()) or bool(self.floaters)

    # ------------------------------------------------------------------ geometry
    def dice_slots(self, state: Any) -> dict[str, list[tuple[tuple[int, int], int]]]:
        """Where each combatant's two dice sit: on its own card."""
        lay = self.layout
        slots: dict[str, list[tuple[tuple[int, int], int]]] = {}
        hero = card_geometry(lay.hero, "full", hero=True)
        slots["hero"] = [(c, hero.die_size) for c in hero.dice]
        if lay.ally is not None:
            ally = card_geometry(lay.ally, "medium")
            slots["ally"] = [(c, ally.die_size) for c in ally.dice]
        for i, rect in enumerate(lay.creatures):
            geo = card_geometry(rect, lay.card_mode)
            slots[f"creature:{i}"] = [(c, geo.die_size) for c in geo.dice]
        return slots

    def strip_slots(self) -> list[tuple[tuple[int, int], int]]:
        strip = self.layout.strip
        return [((strip.x + 44, strip.centery), 50), ((strip.x + 104, strip.centery), 50)]

    def bar_rect(self, key: str) -> pygame.Rect:
        lay = self.layout
        if key == "hero":
            return card_geometry(lay.hero, "full", hero=True).bar
        if key == "ally" and lay.ally is not None:
            return card_geometry(lay.ally, "medium").bar
        index = int(key.split(":")[1])
        return card_geometry(lay.creatures[index], lay.card_mode).bar

    # ------------------------------------------------------------------ events
    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == ODDS_READY:
            self._board_key = None
            return None
        if event.type == pygame.QUIT:
            return event
        if self.animating:
            if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
                self.skip()
                return None
            if event.type == pygame.MOUSEBUTTONDOWN:
                return None
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.skip()
                return None
        if event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL:
            if event.key == pygame.K_z and event.mod & pygame.KMOD_SHIFT or event.key == pygame.K_y:
                self.redo()
                return None
            if event.key == pygame.K_z:
                self.undo()
                return None
        if event.type == pygame.MOUSEWHEEL and self.layout.log.collidepoint(getattr(event, "pos", (-1, -1))):
            self.log_scroll = max(0, self.log_scroll + (1 if event.y > 0 else -1))
            self._board_key = None
            return None
        if self.group.process_event(event):
            return None
        return None if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) else event

    def update(self, dt: float) -> None:
        self.group.update(dt)
        if self.tumble is not None:
            self.tumble.update(dt)
            if self.tumble.done:
                self._settle(animate=True)
        elif self.step_in is not None:
            self.step_in[1] += dt
            if self.step_in[1] >= self.step_in[2]:
                self.step_in = None
                self._board_key = None
        for bar in self.bars.values():
            bar.update(dt)
        for floater in self.floaters:
            floater.left -= dt
        if self.floaters and any(f.left <= 0 for f in self.floaters):
            self.floaters = [f for f in self.floaters if f.left > 0]

    @property
    def wants_animation(self) -> bool:
        return self.animating or self.group.wants_animation

    def shutdown(self) -> None:
        self.odds.close()

    # ------------------------------------------------------------------ odds
    def odds_answer(self) -> dict[str, Any] | None:
        return self.odds.result(self.view_state)

    def _gauge_tooltip(self) -> str:
        text = self.ui.t("combat.gauge_tip")
        if self.fight is not None and self.fight.ally is not None:
            text += " " + self.ui.t("combat.gauge_tip_ally")
        return text

    def _luck_tip(self) -> str:
        return self.ui.t("combat.luck_tip")

    def _accept_tip(self) -> str:
        return self.ui.t("combat.accept_tip")

    def _escape_tip(self) -> str:
        fight = self.fight
        return self.ui.t("combat.escape_tip", damage=fight.escape_damage if fight is not None else 0)

    def _undo_tip(self) -> str:
        entries = self.adventure.session.entries
        if len(entries) - 1 == self.base:
            return self.ui.t("combat.undo_start_tip")
        return self.ui.t("combat.undo_tip")

    def percent(self, value: float) -> str:
        """"64 %"; one decimal near the ends, so 99.8 % never reads as a certain 100 %."""
        pct = value * 100
        if 0 < pct < 1 or 99 < pct < 100:
            text = f"{min(99.9, max(0.1, pct)):.1f}"
            if self.ui.catalogue.language == "fr":
                text = text.replace(".", ",")
        else:
            text = f"{pct:.0f}"
        return self.ui.t("combat.percent", value=text)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        if self.state.fight is None:  # the fight was just undone: the sheet comes back after this frame
            if self._board is not None:
                surface.blit(self._board, (0, 0))
            return
        key = self._layer_key()
        if self._board is None or key != self._board_key:
            if self._board is None:
                self._board = pygame.Surface(LOGICAL_SIZE).convert() if pygame.display.get_surface() else pygame.Surface(LOGICAL_SIZE)
            self._paint_board(self._board)
            self._board_key = key
        surface.blit(self._board, (0, 0))
        self._draw_live(surface)
        self.group.draw(surface)

    def _layer_key(self) -> Any:
        answer = self.odds_answer()
        return (id(self.view_state), self.hidden, id(answer), self.target, self.status, self.log_scroll,
                self.ui.catalogue.language, self.ui.palette, None if self.step_in is None else int(self.step_in[0]),
                len(self.history))

    def _draw_live(self, surface: pygame.Surface) -> None:
        p = self.ui.palette
        stepping = None if self.step_in is None else f"creature:{int(self.step_in[0])}"
        compact = self.layout.card_mode == "compact"
        for key, bar in self.bars.items():
            if key == stepping or key == "ally" and self.layout.ally is None:
                continue
            rect = self.bar_rect(key)
            draw_bar(surface, rect, bar.value, bar.maximum, p, size=min(18, rect.height + 2))
            if compact and key.startswith("creature:"):
                blit_text(surface, f"{round(bar.value)} / {bar.maximum}", (rect.right + 12, rect.centery), "bold", 16, p.ink, "midleft")
        if self.step_in is not None:
            index, elapsed, duration = self.step_in
            index = int(index)
            t = min(1.0, elapsed / duration) if duration > 0 else 1.0
            ease = 1 - (1 - t) ** 3
            rect = self.layout.creatures[index]
            if self._step_card is None or self._step_card[0] != index:
                card = pygame.Surface(rect.size, pygame.SRCALPHA)
                local = pygame.Rect((0, 0), rect.size)
                self._paint_creature(card, local, index, self.view_state, local=True)
                bar = self.bars.get(f"creature:{index}")
                if bar is not None:
                    draw_bar(card, card_geometry(local, self.layout.card_mode).bar, bar.target, bar.maximum, p)
                self._step_card = (index, card)
            card = self._step_card[1]
            card.set_alpha(round(80 + 175 * ease))
            surface.blit(card, rect.move(round(120 * (1 - ease)), 0))
        if self.tumble is not None:
            self.tumble.draw(surface, self.sprites, p)
        for floater in self.floaters:
            t = 1 - floater.left / floater.total if floater.total else 1
            blit_text(surface, floater.text, (floater.pos[0], floater.pos[1] - 30 * t), "bold", 26, floater.colour, "midbottom")

    def _paint_board(self, surface: pygame.Surface) -> None:
        p, theme, t = self.ui.palette, self.ui.theme, self.ui.t
        lay = self.layout
        state = self.view_state
        fight = state.fight
        surface.blit(parchment(LOGICAL_SIZE, p), (0, 0))
        title = t("combat.title")
        blit_text(surface, title, (LEFT_MARGIN, 8), "title", theme.text_size("title"), p.rubric)
        sub = t(f"combat.mode_{fight.mode}") if len(fight.enemies) > 1 else t("combat.mode_single")
        if fight.stats.rounds:
            sub = t("combat.subtitle_rounds", mode=sub, n=fight.stats.rounds)
        blit_text(surface, sub, (LEFT_MARGIN + 2, 58), "italic", theme.text_size("small"), p.ink_soft)
        self._paint_gauge(surface)
        self._paint_hero(surface, state)
        if lay.ally is not None:
            self._paint_ally(surface, state)
        if lay.quiver is not None:
            self._paint_quiver(surface, state)
        stepping = None if self.step_in is None else int(self.step_in[0])
        for i, rect in enumerate(lay.creatures):
            if i != stepping:
                self._paint_creature(surface, rect, i, state)
        self._paint_centre(surface, state)
        self._paint_log(surface)

    # -- header gauge
    def _paint_gauge(self, surface: pygame.Surface) -> None:
        p, t = self.ui.palette, self.ui.t
        rect = self.layout.gauge
        small = self.ui.theme.text_size("small")
        fight = self.view_state.fight
        if not fight.active:
            return
        answer = self.odds_answer()
        odds = answer.get("odds") if answer else None
        rows = (("combat.gauge_no_luck", "no_luck"), ("combat.gauge_best_luck", "best_luck"))
        label_w = 250
        for row, (key, field) in enumerate(rows):
            y = rect.y + 4 + row * 26
            blit_text(surface, t(key), (rect.x + label_w - 8, y + 10), "body", small, p.ink_soft, "midright")
            bar = pygame.Rect(rect.x + label_w, y + 2, rect.width - label_w - 70, 18)
            if odds is None:
                pygame.draw.rect(surface, p.parchment_dark, bar, border_radius=9)
                pygame.draw.rect(surface, p.ink_faint, bar, width=1, border_radius=9)
                if row == 0:
                    blit_text(surface, t("combat.computing"), (bar.centerx, bar.centery + 13), "italic", small, p.ink_soft, "center")
                continue
            value = odds[field]
            pygame.draw.rect(surface, p.parchment_dark, bar, border_radius=9)
            fill = bar.copy()
            fill.width = max(bar.height, round(bar.width * value)) if value > 0 else 0
            if fill.width:
                pygame.draw.rect(surface, p.good if value >= 0.5 else p.bad, fill, border_radius=9)
            pygame.draw.rect(surface, p.ink_soft, bar, width=1, border_radius=9)
            blit_text(surface, self.percent(value), (rect.right - 4, y + 11), "bold", 20, p.ink, "midright")
        if fight.ally is not None:
            blit_text(surface, t("combat.ally_not_counted"), (rect.right - 4, rect.y + 56), "italic", small - 2, p.ink_soft, "topright")

    # -- cards
    def _card_frame(self, surface: pygame.Surface, rect: pygame.Rect, *, highlight: str | None = None,
                    dim: bool = False, local: bool = False) -> None:
        p = self.ui.palette
        draw_panel(surface, rect, p, shadow=not local, fill_alpha=235 if not dim else 150)
        if highlight is not None:
            colour = {"target": p.rubric, "pending": p.focus}.get(highlight, p.rubric)
            pygame.draw.rect(surface, colour, rect.inflate(-6, -6), width=3, border_radius=6)

    def _paint_hero(self, surface: pygame.Surface, state: Any) -> None:
        p, t, theme = self.ui.palette, self.ui.t, self.ui.theme
        rect = self.layout.hero
        fight = state.fight
        pending = fight.pending[0] if fight.pending else None
        highlight = "pending" if pending is not None and pending.kind == "wound" and pending.to == "hero" else None
        self._card_frame(surface, rect, highlight=highlight)
        if highlight is not None:
            self._pill(surface, t("combat.tag_pending"), rect, p.focus)
        geo = card_geometry(rect, "full", hero=True)
        hero = state.hero
        name = hero.name or t("combat.hero")
        blit_text(surface, ellipsize(name, "title", theme.text_size("heading"), rect.width - 40), geo.name, "title",
                  theme.text_size("heading"), p.ink)
        body = theme.text_size("body")
        skill = self._stat_name("skill")
        luck = self._stat_name("luck")
        stats = t("combat.hero_stats", skill_name=skill, skill=hero.scores["skill"], luck_name=luck,
                  luck=hero.scores["luck"], luck_max=hero.initial["luck"])
        blit_text(surface, stats, geo.stats, "body", body, p.ink)
        blit_text(surface, self._stat_name("stamina"), (rect.x + 20, geo.bar.centery), "title", theme.text_size("small"), p.ink_soft, "midleft")
        if hero.weapon_lost:
            blit_text(surface, t("combat.bare_hands", n=self.book.combat.lost_weapon_penalty), (rect.right - 18, rect.y + 16),
                      "italic", theme.text_size("small"), p.bad, "topright")
        own = [x for x in fight.last_round if not x.by_ally]
        if own and "cards" not in self.hidden:
            roll = own[0].hero_roll
            self._paint_roll(surface, geo, roll.dice, roll_text(t, roll), t("combat.attack_strength"))
        elif not own:
            blit_text(surface, t("combat.no_round_yet"), (rect.x + 20, geo.dice[0][1]), "italic", theme.text_size("small"), p.ink_faint, "midleft")

    def _pill(self, surface: pygame.Surface, text: str, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
        """A small label tab sitting on a card's top edge (target, waiting, defeated, wound to settle)."""
        p = self.ui.palette
        size = self.ui.theme.text_size("small") - 2
        width = fonts.text_width(text, "italic", size) + 20
        box = pygame.Rect(0, 0, width, 22)
        box.midright = (rect.right - 18, rect.top + 2)
        surface.blit(rounded_box(box.size, p.parchment_light, colour, 11), box)
        blit_text(surface, text, (box.centerx, box.centery), "italic", size, colour, "center")

    def _paint_roll(self, surface: pygame.Surface, geo: CardGeometry, dice: list[int], formula: str, label: str | None) -> None:
        p = self.ui.palette
        for center, face in zip(geo.dice, dice):
            self.sprites.draw(surface, center, geo.die_size, face, p)
        if geo.formula is None:
            return
        small = self.ui.theme.text_size("small")
        if geo.die_size >= 44:
            if label:
                blit_text(surface, label, (geo.formula[0], geo.formula[1] - 16), "italic", small, p.ink_soft, "midleft")
            blit_text(surface, formula, (geo.formula[0], geo.formula[1] + 10), "bold", 22, p.ink, "midleft")
        else:
            size = 20 if geo.die_size else small
            anchor = "midleft" if geo.die_size else "midright"
            blit_text(surface, formula, geo.formula, "bold", size, p.ink, anchor)

    def _paint_ally(self, surface: pygame.Surface, state: Any) -> None:
        p, t, theme = self.ui.palette, self.ui.t, self.ui.theme
        rect = self.layout.ally
        fight = state.fight
        ally = fight.ally
        self._card_frame(surface, rect, dim=ally.stamina <= 0)
        geo = card_geometry(rect, "medium")
        blit_text(surface, t("combat.ally_name", name=ally.name, skill=ally.skill), geo.name, "bold", theme.text_size("body"), p.ink)
        exchange = next((x for x in fight.last_round if x.by_ally), None)
        if ally.stamina <= 0:
            blit_text(surface, t("combat.ally_out"), (rect.right - 14, rect.y + 12), "italic", theme.text_size("small"), p.bad, "topright")
        if exchange is not None and "cards" not in self.hidden:
            text = t("combat.ally_formula", ours=exchange.hero_roll.total, name=name_of(state, exchange.creature),
                     theirs=exchange.creature_roll.total, result=t(result_key(exchange.result) + "_ally"))
            room = rect.right - geo.formula[0] - 12
            for center, face in zip(geo.dice, exchange.hero_roll.dice):
                self.sprites.draw(surface, center, geo.die_size, face, p)
            size = fit_text(text, "body", 20, room)
            blit_text(surface, ellipsize(text, "body", size, room), geo.formula, "body", size, p.ink, "midleft")

    def _paint_quiver(self, surface: pygame.Surface, state: Any) -> None:
        p, t, theme = self.ui.palette, self.ui.t, self.ui.theme
        rect = self.layout.quiver
        fight = state.fight
        archery = self.book.archery
        counter = self.book.counter(archery.counter)
        arrows = state.counters.get(archery.counter, 0)
        draw_panel(surface, rect, p, fill_alpha=235)
        blit_text(surface, t("combat.quiver", n=arrows), (rect.x + 18, rect.y + 10), "title", theme.text_size("body"), p.ink)
        slots = max(counter.maximum or 0, arrows)
        flying = self.tumble is not None and self.tumble.flight is not None  # the arrow in the air left its place
        for i in range(slots):
            box = pygame.Rect(rect.x + 18 + i * 40, rect.y + 42, 36, 36)
            if i < arrows - (1 if flying else 0):
                draw_icon(surface, "arrow", box, p.ink, p.rubric)
            else:
                pygame.draw.line(surface, p.ink_faint, (box.x + 6, box.bottom - 6), (box.right - 6, box.y + 6), 1)
        small = theme.text_size("small")
        if fight.bow_broken:
            self._broken_bow(surface, (rect.right - 44, rect.y + 58))
            blit_text(surface, t("combat.string_broken"), (rect.x + 18, rect.bottom - 22), "bold", small, p.bad, "midleft")
        elif fight.active:
            blit_text(surface, t("combat.shots_left", n=fight.shots_left), (rect.x + 18, rect.bottom - 22), "italic", small, p.ink_soft, "midleft")

    def _broken_bow(self, surface: pygame.Surface, centre: tuple[int, int]) -> None:
        p = self.ui.palette
        x, y = centre
        pygame.draw.arc(surface, p.ink, (x - 18, y - 30, 30, 60), -1.4, 1.4, 4)
        pygame.draw.line(surface, p.bad, (x - 2, y - 29), (x - 8, y - 4), 2)
        pygame.draw.line(surface, p.bad, (x - 2, y + 29), (x + 4, y + 6), 2)

    def _paint_creature(self, surface: pygame.Surface, rect: pygame.Rect, index: int, state: Any, local: bool = False) -> None:
        p, t, theme = self.ui.palette, self.ui.t, self.ui.theme
        fight = state.fight
        creature = fight.enemies[index]
        mode = self.layout.card_mode
        dead = creature.stamina <= 0
        front = fight.front()
        waiting = fight.mode == "one_after_another" and not dead and index != front
        target = self.current_target() if state is self.state else (front if fight.mode != "all_together" else self.target)
        pending = fight.pending[0] if fight.pending else None
        highlight = None
        if pending is not None and pending.creature == index and not (pending.kind == "wound" and pending.escape):
            highlight = "pending"
        elif fight.active and index == target and not dead and fight.mode == "all_together":
            highlight = "target"
        self._card_frame(surface, rect, highlight=highlight, dim=dead or waiting, local=local)
        geo = card_geometry(rect, mode)
        ink = p.ink_faint if dead else p.ink
        face = {"heading": "title", "body": "bold", "small": "bold"}[geo.name_size]
        size = theme.text_size(geo.name_size)
        label = creature.name if mode == "full" else t("combat.creature_short", name=creature.name, skill=creature.skill)
        blit_text(surface, ellipsize(label, face, size, rect.width - (40 if mode == "full" else 150)), geo.name, face, size, ink)
        if geo.stats is not None:
            blit_text(surface, f"{self._stat_name('skill')} {creature.skill}", (geo.stats[0], geo.bar.centery), "title",
                      theme.text_size("small"), p.ink_soft, "midleft")
        tag, tone = None, p.ink_soft
        if dead:
            tag, tone = t("combat.tag_dead"), p.bad
        elif waiting:
            tag = t("combat.tag_waiting")
        elif highlight == "target":
            tag, tone = t("combat.tag_target"), p.rubric
        elif highlight == "pending":
            tag, tone = t("combat.tag_pending"), p.focus
        exchange = next((x for x in fight.last_round if x.creature == index and not x.by_ally), None)
        exchange = exchange or next((x for x in fight.last_round if x.creature == index), None)
        if exchange is not None and "cards" not in self.hidden:
            formula = roll_text(t, exchange.creature_roll) if geo.die_size else t("combat.total_short", total=exchange.creature_roll.total)
            result = t(result_key(exchange.result) + ("_ally_card" if exchange.by_ally and exchange.result == "parry" else "_card"))
            colour = {"hero_hit": p.good, "ally_hit": p.good, "hero_wounded": p.bad, "ally_wounded": p.bad}.get(exchange.result, p.ink_soft)
            if mode == "full":  # the result takes the place of the "Attack Strength" label, above the formula
                self._paint_roll(surface, geo, exchange.creature_roll.dice, formula, None)
                blit_text(surface, result, (geo.formula[0], geo.formula[1] - 16), "bold", theme.text_size("small"), colour, "midleft")
            else:
                self._paint_roll(surface, geo, exchange.creature_roll.dice, formula, None)
                if mode == "compact":
                    if tag is None:
                        tag, tone = result, colour
                else:
                    blit_text(surface, result, (rect.right - 16, geo.dice[0][1]), "bold", theme.text_size("small"), colour, "midright")
        if dead:
            pygame.draw.line(surface, p.bad, (rect.x + 16, rect.bottom - 16), (rect.right - 16, rect.y + 16), 2)
        if tag is not None:
            self._pill(surface, tag, rect, tone)

    # -- centre
    def _paint_centre(self, surface: pygame.Surface, state: Any) -> None:
        p, t, theme = self.ui.palette, self.ui.t, self.ui.theme
        lay = self.layout
        fight = state.fight
        told = self.told()
        if told is not None and "banner" not in self.hidden and told.banner:
            colour = {"good": p.good, "bad": p.bad}.get(told.tone, p.accent)
            ribbon(surface, lay.banner, colour, p.ink)
            size = fit_text(told.banner, "bold", theme.text_size("heading"), lay.banner.width - 60)
            blit_text(surface, told.banner, lay.banner.center, "bold", size, p.accent_text, "center")
        elif "banner" in self.hidden:
            blit_text(surface, t("combat.rolling"), lay.banner.center, "italic", theme.text_size("heading"), p.ink_soft, "center")
        self._paint_strip(surface, state)
        panel = lay.panel
        draw_panel(surface, panel, p, fill_alpha=235)
        if fight.active and fight.pending:
            self._paint_decision(surface, state)
        elif not fight.active:
            self._paint_summary(surface, state)
        else:
            self._paint_hint(surface, state)

    def _paint_strip(self, surface: pygame.Surface, state: Any) -> None:
        p, t, theme = self.ui.palette, self.ui.t, self.ui.theme
        strip = self.layout.strip
        step = self.history[-1] if self.history else None
        if step is None:
            return
        if step.do in ("shoot", "luck") and state is self.state and state.last_test is not None:
            if "strip" in self.hidden:
                return
            test = state.last_test
            for (center, size), face in zip(self.strip_slots(), test.dice):
                self.sprites.draw(surface, center, size, face, p)
            total = sum(test.dice)
            key = "combat.strip_shot" if step.do == "shoot" else "combat.strip_luck"
            verdict = t(f"combat.outcome_{test.outcome}")
            text = t(key, total=total, target=test.target, sign="≤" if test.outcome in ("hit", "lucky") else ">", verdict=verdict)
            colour = p.good if test.outcome in ("hit", "lucky") else p.bad
            blit_text(surface, text, (strip.x + 144, strip.centery), "bold", fit_text(text, "bold", 24, strip.width - 150), colour, "midleft")
            return
        fight = state.fight
        own = [x for x in fight.last_round if not x.by_ally]
        if not own or "cards" in self.hidden:
            return
        x = own[0]
        body = theme.text_size("heading")
        you = t("combat.you_total", total=x.hero_roll.total)
        them = t("combat.them_total", name=name_of(state, x.creature), total=x.creature_roll.total)
        sign = ">" if x.hero_roll.total > x.creature_roll.total else "<" if x.hero_roll.total < x.creature_roll.total else "="
        blit_text(surface, you, (strip.centerx - 24, strip.centery), "bold", fit_text(you, "bold", body, strip.width // 2 - 30), p.ink, "midright")
        blit_text(surface, sign, (strip.centerx, strip.centery), "bold", body + 6, p.rubric, "center")
        blit_text(surface, them, (strip.centerx + 24, strip.centery), "bold", fit_text(them, "bold", body, strip.width // 2 - 30), p.ink, "midleft")

    def _paint_decision(self, surface: pygame.Surface, state: Any) -> None:
        p, t, theme = self.ui.palette, self.ui.t, self.ui.theme
        panel = self.layout.panel
        fight = state.fight
        pending = fight.pending[0]
        x, y = panel.x + 22, panel.y + 16
        head = t("combat.decide_title") if len(fight.pending) == 1 else t("combat.decide_title_n", n=len(fight.pending))
        blit_text(surface, head, (x, y), "title", theme.text_size("heading"), p.rubric)
        y += 40
        name = name_of(state, pending.creature)
        combat = self.book.combat
        if pending.kind == "missed_arrow":
            what = t("combat.decide_arrow", name=name)
            stakes = t("combat.stakes_arrow")
        elif pending.escape:
            what = t("combat.decide_escape", damage=pending.damage)
            stakes = t("combat.stakes_hero", lucky=max(0, pending.damage + combat.wound_luck.lucky - combat.wound_damage),
                       unlucky=pending.damage + combat.wound_luck.unlucky - combat.wound_damage)
        elif pending.to == "creature":
            what = t("combat.decide_creature", name=name, damage=pending.damage)
            stakes = t("combat.stakes_creature", lucky=combat.hit_luck.lucky, unlucky=combat.hit_luck.unlucky)
        else:
            what = t("combat.decide_hero", name=name, damage=pending.damage)
            stakes = t("combat.stakes_hero", lucky=combat.wound_luck.lucky, unlucky=combat.wound_luck.unlucky)
        body, small = theme.text_size("body"), theme.text_size("small")
        size = fit_text(what, "bold", body, panel.width - 44)
        blit_text(surface, ellipsize(what, "bold", max(size, 17), panel.width - 44), (x, y), "bold", max(size, 17), p.ink)
        y += 30
        blit_text(surface, ellipsize(stakes, "body", small, panel.width - 44), (x, y), "body", small, p.ink_soft)
        y += 30
        luck = state.hero.scores["luck"]
        answer = self.odds_answer()
        advice = answer.get("advice") if answer else None
        p_lucky = advice["p_lucky"] if advice else p_2d6_at_most(luck)
        blit_text(surface, t("combat.p_lucky", p=self.percent(p_lucky), luck=luck), (x, y), "body", body, p.ink)
        y += 34
        if pending.escape:
            return
        if advice is None:
            blit_text(surface, t("combat.computing"), (x, y), "italic", body, p.ink_soft)
            return
        for key, value in (("combat.if_test", advice["test_luck"]), ("combat.if_accept", advice["accept"])):
            blit_text(surface, t(key), (x, y + 10), "body", small, p.ink_soft, "midleft")
            bar = pygame.Rect(x + 190, y + 2, panel.width - 44 - 190 - 64, 16)
            pygame.draw.rect(surface, p.parchment_dark, bar, border_radius=8)
            if value > 0:
                fill = bar.copy()
                fill.width = max(bar.height, round(bar.width * value))
                pygame.draw.rect(surface, p.good if value >= 0.5 else p.bad, fill, border_radius=8)
            pygame.draw.rect(surface, p.ink_soft, bar, width=1, border_radius=8)
            blit_text(surface, self.percent(value), (panel.right - 22, y + 10), "bold", 20, p.ink, "midright")
            y += 28
        test, accept = advice["test_luck"], advice["accept"]
        key = "combat.advice_test" if test > accept + 1e-9 else "combat.advice_accept" if accept > test + 1e-9 else "combat.advice_same"
        blit_text(surface, t(key), (x, y + 4), "italic", small, p.accent)

    def _paint_summary(self, surface: pygame.Surface, state: Any) -> None:
        p, t, theme = self.ui.palette, self.ui.t, self.ui.theme
        panel = self.layout.panel
        fight = state.fight
        stats = fight.stats
        x, y = panel.x + 26, panel.y + 16
        colour = p.bad if fight.winner == "enemies" else p.good if fight.winner == "hero" else p.ink
        blit_text(surface, t("combat.summary_title"), (panel.centerx, y), "title", theme.text_size("heading") + 4, colour, "midtop")
        y += 50
        body = theme.text_size("body")
        rows = [("combat.sum_rounds", stats.rounds), ("combat.sum_dealt", stats.damage_dealt),
                ("combat.sum_taken", stats.damage_taken), ("combat.sum_luck", stats.luck_spent)]
        if self.book.archery is not None:
            rows.append(("combat.sum_arrows", stats.arrows_spent))
        for key, value in rows:
            blit_text(surface, t(key), (x, y), "body", body, p.ink)
            blit_text(surface, str(value), (panel.right - 26, y), "bold", body, p.ink, "topright")
            pygame.draw.line(surface, p.ink_faint, (x, y + 30), (panel.right - 26, y + 30))
            y += 34
        boxes = [e for e in fight.enemies if e.box is not None]
        if boxes:
            blit_text(surface, t("combat.boxes_updated"), (x, y + 2), "italic", theme.text_size("small"), p.ink_soft)

    def _paint_hint(self, surface: pygame.Surface, state: Any) -> None:
        p, t, theme = self.ui.palette, self.ui.t, self.ui.theme
        panel = self.layout.panel
        fight = state.fight
        x, y = panel.x + 22, panel.y + 16
        blit_text(surface, t("combat.your_move"), (x, y), "title", theme.text_size("heading"), p.rubric)
        y += 44
        lines = []
        target = self.current_target()
        if fight.shots_left > 0 and not fight.bow_broken and self.book.archery is not None:
            lines.append(t("combat.hint_archery", n=fight.shots_left, skill=state.hero.scores["skill"]))
        if fight.mode == "all_together":
            lines.append(t("combat.hint_target", name=name_of(state, target) if target is not None else "?"))
            lines.append(t("combat.hint_together"))
        elif fight.mode == "one_after_another" and len(fight.enemies) > 1:
            waiting = max(0, len(fight.living()) - 1)
            name = name_of(state, target) if target is not None else "?"
            lines.append(t("combat.hint_sequence", name=name, n=waiting) if waiting else t("combat.hint_sequence_last", name=name))
        else:
            lines.append(t("combat.hint_round"))
        if fight.ally is not None and fight.ally.stamina > 0:
            lines.append(t("combat.hint_ally", name=fight.ally.name))
        if fight.escape_allowed:
            lines.append(t("combat.hint_escape", damage=fight.escape_damage))
        body = theme.text_size("small") + 2
        for line in lines:
            for part in _wrap(line, "body", body, panel.width - 44):
                if y > panel.bottom - 30:
                    return
                blit_text(surface, part, (x, y), "body", body, p.ink)
                y += fonts.line_height("body", body)
            y += 6
        if self.status:
            blit_text(surface, ellipsize(self.status, "italic", body, panel.width - 44), (x, panel.bottom - 34), "italic", body, p.bad)

    # -- log
    def told(self) -> Told | None:
        return tell(self.ui.t, self.history[-1]) if self.history else None

    def log_lines(self) -> list[tuple[str, str]]:
        lines: list[tuple[str, str]] = []
        upto = len(self.history) - (1 if self.tumble is not None else 0)
        for step in self.history[:upto]:
            lines.extend(tell(self.ui.t, step).lines)
        return lines

    def _paint_log(self, surface: pygame.Surface) -> None:
        p, t, theme = self.ui.palette, self.ui.t, self.ui.theme
        rect = self.layout.log
        draw_panel(surface, rect, p, fill_alpha=235)
        blit_text(surface, t("combat.log"), (rect.x + 16, rect.y + 8), "title", theme.text_size("body"), p.ink)
        draw_rule(surface, rect.x + 16, rect.right - 16, rect.y + 38, p.ink_faint)
        size = theme.text_size("small") - 1
        height = fonts.line_height("body", size)
        room = max(1, (rect.height - 50) // height)
        lines = self.log_lines()
        self.log_scroll = min(self.log_scroll, max(0, len(lines) - room))
        end = len(lines) - self.log_scroll
        shown = lines[max(0, end - room):end]
        y = rect.y + 44
        colours = {"good": p.good, "bad": p.bad, "head": p.rubric}
        for text, tone in shown:
            face = "bold" if tone == "head" else "body"
            blit_text(surface, ellipsize(text, face, size, rect.width - 32), (rect.x + 16, y), face, size, colours.get(tone, p.ink))
            y += height
        if self.status and self.fight is not None and not self.fight.active:
            blit_text(surface, self.status, (rect.x + 16, rect.bottom - 24), "italic", size, p.bad)
        if self.status and self.fight is not None and self.fight.active and self.fight.pending:
            blit_text(surface, ellipsize(self.status, "italic", size, 600), (self.layout.buttons.x, 710), "italic", size, p.bad, "bottomleft")

    def _stat_name(self, stat: str) -> str:
        try:
            return self.book.stat(stat).name.get(self.ui.catalogue.language)
        except KeyError:
            return stat


LEFT_MARGIN = 24


def _wrap(text: str, face: str, size: int, width: int) -> list[str]:
    from game.ui.draw import wrap_words

    return wrap_words(text, face, size, width)


# ---------------------------------------------------------------------- showcase


def scripted_fight(services: Services, book_id: str, dice: list[int], actions: list[dict[str, Any]]) -> Adventure:
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
    scene._board_key = None
    return [scene]


@showcase("combat-archery")
def _showcase_archery(services: Services) -> list[Scene]:
    # DF49: one arrow hits, the next misses, Luck fails and the string breaks.
    adventure = scripted_fight(services, "DF49", [3, 4, 6, 6, 6, 5], [
        {"do": "fight", "enemies": [{"name": "Aile Noire", "skill": 7, "stamina": 6, "box": 0}], "arrows": 3},
        {"do": "shoot"}, {"do": "shoot"}, {"do": "luck"},
    ])
    return _ready(CombatScene(services, adventure))


@showcase("combat-pending-wound")
def _showcase_pending(services: Services) -> list[Scene]:
    # DF31: a Lucky blow, then the orc wounds the hero; the advisor weighs Luck against accepting.
    adventure = scripted_fight(services, "DF31", [4, 5, 5, 5, 3, 2, 6, 5, 2, 3], [
        {"do": "change", "stat": "stamina", "by": -9},
        {"do": "fight", "enemies": [{"name": "Orque des cavernes", "skill": 10, "stamina": 10}]},
        {"do": "round"}, {"do": "luck"}, {"do": "round"},
    ])
    return _ready(CombatScene(services, adventure))


@showcase("combat-all-together")
def _showcase_together(services: Services) -> list[Scene]:
    # DF64: three creatures at once; the Goule was the target, the Squelette parried, the Zombie wounded.
    adventure = scripted_fight(services, "DF64", [3, 3, 2, 3, 6, 6, 4, 3, 3, 3], [
        {"do": "fight", "mode": "all_together", "enemies": [
            {"name": "Squelette", "skill": 7, "stamina": 6}, {"name": "Goule", "skill": 8, "stamina": 7},
            {"name": "Zombie", "skill": 6, "stamina": 8}]},
        {"do": "round", "target": 1}, {"do": "no_luck"}, {"do": "luck"},
    ])
    scene = CombatScene(services, adventure)
    scene.aim(2)
    return _ready(scene)


@showcase("combat-victory")
def _showcase_victory(services: Services) -> list[Scene]:
    # DF31: two creatures one after another with an ally; a Lucky last blow wins.
    adventure = scripted_fight(services, "DF31", [6, 6, 2, 1, 1, 2, 5, 5, 1, 1, 6, 6, 1, 1, 4, 4, 2, 2], [
        {"do": "fight", "enemies": [{"name": "Gobelin", "skill": 5, "stamina": 4}, {"name": "Rat géant", "skill": 5, "stamina": 4}],
         "ally": {"name": "Sorrel", "skill": 8, "stamina": 6}},
        {"do": "round"}, {"do": "no_luck"}, {"do": "round"}, {"do": "luck"},
    ])
    return _ready(CombatScene(services, adventure))

"""Convention kiosk: `feuille --demo` on a big screen at a stand.

The kiosk sits above every screen (a loop supervisor). It shows a "new
adventurer" button that resets to a fresh start in one click; after the idle
delay of the settings it starts the attract loop, in which an autopilot plays
the demo adventure by itself — rolling a hero, fighting with dice, shooting
arrows, ticking days — by clicking the real buttons of the real screens, so
visitors see exactly what they would do. Any touch of the mouse or a key stops
it and returns to a fresh start. Quitting needs Ctrl+Alt+Q; the window's
close button is ignored. Saves go to the demo's own slot (see
build_services(demo=True)) and are wiped at each fresh start.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from game.app.navigator import Screen
from game.app.scene import Scene
from game.app.services import Services
from game.app.stack import SceneStack
from game.ui.draw import blit_text, rounded_box

DEMO_BOOK = "DEMO"
INPUT_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.KEYDOWN, pygame.TEXTINPUT)
RESET_RECT = pygame.Rect(1056, 690, 216, 28)
# Where the reset button sits on screens whose bottom-right corner is taken.
RESET_SPOTS = {"CreationScene": pygame.Rect(1056, 14, 216, 40)}
STEP_SECONDS = 1.7  # the autopilot's pace: slow enough to follow from a few metres away
ENDING_PAUSE = 5.0
GOOD_SKILL = 10  # the autopilot re-rolls a weaker hero (as players may before the adventure starts)
MAX_REROLLS = 4

# What the autopilot presses on each screen, best first: catalogue keys of button labels.
# A screen whose buttons are all refused or absent gets a click in its middle (dice overlays).
AUTOPILOT_BUTTONS: dict[str, tuple[str, ...]] = {
    "CreationScene": ("creation.roll",),
    "SheetScene": ("reader.open", "sheet.resume_fight"),
    "FightSetupScene": ("combat.setup_start", "combat.setup_fight"),
    "CombatScene": ("combat.back", "combat.continue_dead", "combat.shoot", "combat.test_luck", "combat.accept",
                    "combat.attack", "combat.close_in"),
    "DeathScene": (),
}


def _label(ui, widget) -> str:
    label = getattr(widget, "label", None)
    return ui.text(label) if label is not None else ""


class Autopilot:
    """Plays the demo by pressing the buttons a visitor would press."""

    def __init__(self, services: Services, stack: SceneStack, rng: random.Random) -> None:
        self.services = services
        self.stack = stack
        self.rng = rng
        self.wait = STEP_SECONDS
        self.taps: list[list[float]] = []  # [x, y, age] of recent presses, drawn as rings
        self.finished = False
        self.rolls = 0

    def update(self, dt: float) -> None:
        for tap in self.taps:
            tap[2] += dt
        self.taps = [t for t in self.taps if t[2] < 0.8]
        self.wait -= dt
        if self.wait > 0:
            return
        self.wait = STEP_SECONDS
        self.step()

    def step(self) -> None:
        top = self.stack.top
        if top is None:
            return
        name = type(top).__name__
        if name == "DeathScene" or self._at_ending(top):
            self.finished = True
            return
        target = self._choose(top)
        if target is None:
            self.press((640, 360))
        else:
            self.press(target.rect.center)

    def _at_ending(self, scene: Scene) -> bool:
        """The reader showing an ending: only "close the book" is left."""
        shelf = getattr(scene, "shelf_button", None)
        return shelf is not None and shelf.visible

    def _choose(self, scene: Scene):
        """The button to press on ``scene``: the first enabled one in the screen's priority list, else a choice."""
        ui = self.services.ui
        group = getattr(scene, "group", None)
        if group is None:
            return None
        buttons = [w for w in group.widgets if getattr(w, "visible", True) and getattr(w, "enabled", False)
                   and hasattr(w, "on_click") and w.on_click is not None]
        name = type(scene).__name__
        wanted = AUTOPILOT_BUTTONS.get(name)
        if name == "CreationScene":
            wanted = self._creation_step(scene)
        if wanted is not None:
            texts = [ui.t(key) for key in wanted]
            if name == "CombatScene":
                texts = [t for t in texts if t != ui.t(self._luck_choice(scene))]
            for text in texts:
                for button in buttons:
                    if _label(ui, button) == text:
                        return button
            return None
        choices = getattr(scene, "choice_buttons", None)  # the reader's choices
        if choices:
            enabled = [b for b in choices if b.enabled and b.visible]
            if enabled:
                return self.rng.choice(enabled)
        for name in ("event_button", "attack_button", "shoot_button"):  # the reader's next event, or its own fight
            button = getattr(scene, name, None)
            if button is not None and button.visible and button.enabled:
                return button
        return None

    def _creation_step(self, scene: Scene) -> tuple[str, ...]:
        """Roll (again while the hero is weak, a few times), then start the adventure."""
        hero = scene.session.state.hero if getattr(scene, "session", None) is not None else None
        if hero is None:
            self.rolls += 1
            return ("creation.roll",)
        if hero.scores["skill"] < GOOD_SKILL and self.rolls < MAX_REROLLS:
            self.rolls += 1
            return ("creation.reroll",)
        return ("creation.start",)

    def _luck_choice(self, scene: Scene) -> str:
        """The Luck button *not* to press: follow the advice the board computed on its worker thread.

        Until that answer is ready it accepts the wound, so no odds are ever computed on the frame.
        """
        answer = scene.odds_answer() if hasattr(scene, "odds_answer") else None
        advice = (answer or {}).get("advice")
        if not advice:
            return "combat.test_luck"
        return "combat.accept" if advice["test_luck"] > advice["accept"] + 1e-9 else "combat.test_luck"

    def press(self, pos: tuple[int, int]) -> None:
        """A real click (down and up) at ``pos`` on the top screen."""
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.stack.process_event(pygame.event.Event(kind, pos=pos, button=1, autopilot=True))
        self.stack.apply_pending()
        self.taps.append([pos[0], pos[1], 0.0])

    def draw(self, surface: pygame.Surface) -> None:
        colour = self.services.ui.palette.focus
        for x, y, age in self.taps:
            radius = int(14 + 40 * age)
            ring = pygame.Surface((radius * 2 + 4, radius * 2 + 4), pygame.SRCALPHA)
            pygame.draw.circle(ring, (*colour[:3], int(220 * (1 - age / 0.8))), (radius + 2, radius + 2), radius, 4)
            surface.blit(ring, (x - radius - 2, y - radius - 2))


class KioskMode:
    """The supervisor of `feuille --demo`: idle timer, attract loop, reset button, quit chord."""

    def __init__(self, services: Services, stack: SceneStack, fresh_start: Callable[[], Scene]) -> None:
        self.services = services
        self.stack = stack
        self.fresh_start = fresh_start
        self.idle = 0.0
        self.autopilot: Autopilot | None = None
        self.ending_wait = 0.0
        self.runs = 0
        self.rng = random.Random(services.rng.randrange(2**32))

    # -- the loop's supervisor protocol -----------------------------------------------------------
    @property
    def wants_animation(self) -> bool:
        return self.autopilot is not None

    @property
    def attracting(self) -> bool:
        return self.autopilot is not None

    def filter_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.QUIT and not getattr(event, "kiosk", False):
            return None  # the window's close button does not end a convention stand
        if event.type == pygame.KEYDOWN and event.key == pygame.K_q:
            mods = event.mod
            if mods & pygame.KMOD_CTRL and mods & pygame.KMOD_ALT:
                return pygame.event.Event(pygame.QUIT, kiosk=True)
        if getattr(event, "autopilot", False):
            return event
        touched = event.type in INPUT_EVENTS or (event.type == pygame.MOUSEMOTION and any(getattr(event, "rel", (0, 0))))
        if not touched:
            return event
        self.idle = 0.0
        if self.autopilot is not None:
            self.reset()  # a visitor takes over: a fresh start, and this touch does nothing else
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.reset_rect().collidepoint(event.pos):
            if event.type == pygame.MOUSEBUTTONUP:
                self.reset()
            return None
        return event

    def update(self, dt: float) -> None:
        if self.autopilot is None:
            self.idle += dt
            delay = self.services.settings.demo_idle_seconds
            if delay > 0 and self.idle >= delay:
                self.start_attract()
            return
        if self.autopilot.finished:
            self.ending_wait += dt
            if self.ending_wait >= ENDING_PAUSE:
                self.start_attract()  # play it again from the top
            return
        self.autopilot.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        ui, p = self.services.ui, self.services.ui.palette
        if self.autopilot is not None:
            self.autopilot.draw(surface)
            band = pygame.Surface((1280, 44), pygame.SRCALPHA)
            band.fill((*p.tooltip_bg[:3], 215))
            surface.blit(band, (0, 676))
            blit_text(surface, ui.t("kiosk.attract"), (640, 698), "bold", ui.theme.text_size("heading"), p.tooltip_text, "center")
            return
        rect = self.reset_rect()
        surface.blit(rounded_box(rect.size, p.accent, p.ink, 8), rect)
        blit_text(surface, ui.t("kiosk.new_adventurer"), rect.center, "bold", ui.theme.text_size("small"), p.accent_text, "center")

    def reset_rect(self) -> pygame.Rect:
        """Where the "new adventurer" button is on the current screen."""
        return RESET_SPOTS.get(type(self.stack.top).__name__, RESET_RECT)

    # -- actions ----------------------------------------------------------------------------------
    def reset(self) -> None:
        """A fresh start: no autopilot, the demo's saves wiped, the first screen."""
        self.autopilot = None
        self.idle = 0.0
        self.ending_wait = 0.0
        self._show_fresh_start()

    def start_attract(self) -> None:
        """Play the demo adventure by itself from a fresh start."""
        self.runs += 1
        self._show_fresh_start()
        self.ending_wait = 0.0
        self.autopilot = Autopilot(self.services, self.stack, self.rng)

    def _show_fresh_start(self) -> None:
        from game.rules.odds import clear_caches

        for item in self.services.saves.listing():
            self.services.saves.delete(item.id)
        # A stand runs all day: each run starts with empty odds caches so memory stays flat.
        clear_caches()
        self.stack.clear()
        self.stack.apply_pending()
        self.stack.push(self.fresh_start())
        self.stack.apply_pending()


def demo_fresh_start(services: Services) -> Scene:
    """The demo's first screen: creating a hero for the demo adventure (the bookshelf if it is missing)."""
    book = services.shelf.books.get(DEMO_BOOK)
    if book is None:
        return services.navigator.build(Screen.SHELF)
    return services.navigator.build(Screen.CREATION, book)

"""The kiosk's autopilot: plays the demo adventure by pressing the buttons a visitor would press.

It clicks the real buttons of the real screens (so passers-by see exactly what
they would do), paced for reading from a few metres away: it waits until the
screen is still (dice settled, bars eased), then holds on it for as long as it
deserves — the section's text is revealed line by line and left up for a
reading time, a Luck decision is held with the advisor's answer on screen, the
odds gauge is left to swing after each round. It names its hero by typing, and
keeps only heroes a creature can beat, so the fights have real stakes and the
hero sometimes dies (the death page is then shown).

Time is the kiosk's clock (monotonic, or a fake one in tests), never the
frame's capped ``dt``. Screens are known by their class name only: the app
layer imports no screen module.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.app.scene import SceneStack
from game.app.services import Services

if TYPE_CHECKING:
    from game.ui.text_field import TextField

# What the autopilot presses on each screen, best first: catalogue keys of button labels.
AUTOPILOT_BUTTONS: dict[str, tuple[str, ...]] = {
    "CreationScene": ("creation.roll",),
    "SheetScene": ("reader.open", "sheet.resume_fight"),
    "FightSetupScene": ("combat.setup_start", "combat.setup_fight"),
    "CombatScene": (
        "combat.back",
        "combat.continue_dead",
        "combat.shoot",
        "combat.test_luck",
        "combat.accept",
        "combat.attack",
        "combat.close_in",
    ),
    "DeathScene": (),
}

# Holds, in seconds, once the screen is still: long enough to read from a few metres away.
HOLD = {"default": 2.5, "dice": 3.0, "luck": 5.5, "round": 2.4, "creation": 2.5, "sheet": 3.0, "title": 6.0}
READING_CHARS_PER_SECOND = 20  # a passer-by reading a section aloud in their head
READING_HOLD = (4.0, 14.0)  # the shortest and longest hold on a section's text
REVEAL_LINES_PER_SECOND = 4.0
TYPE_SECONDS = 0.14  # between two letters of the hero's name
TAP_SECONDS = 0.8  # how long a press's ring shows
RING_START, RING_GROWTH, RING_LINE = 14, 32, 4  # a press's ring: its first radius, how much it grows, its line
RING_REACH = RING_START + RING_GROWTH + 2  # from the press to the edge of its ring's picture, at the largest
COVER_STRIP = 10  # the reading cover is stretched from the page this far left of the text
STRONG_SKILL = 11  # a hero this skilled wins every fight of the demo: roll again (a few times) for a real contest
MAX_REROLLS = 4
POLL = 0.1  # how often to look again while the screen still moves


def line_bands(image: pygame.Surface) -> list[tuple[int, int]]:
    """The (top, bottom) rows of each line of ink in a transparent text image (a drop cap joins two lines).

    Every row between the top and bottom of a connected blot of ink is inked, so the inked rows are the
    union of the blots' row spans (pygame.mask: no numpy in the kiosk for this, issue 28's memory row).
    """
    spans = sorted((rect.top, rect.bottom) for rect in pygame.mask.from_surface(image, 0).get_bounding_rects())
    bands: list[tuple[int, int]] = []
    for top, bottom in spans:
        if bands and top <= bands[-1][1]:
            bands[-1] = (bands[-1][0], max(bands[-1][1], bottom))
        else:
            bands.append((top, bottom))
    return bands


def _label(ui: Any, widget: Any) -> str:
    label = getattr(widget, "label", None)
    return ui.text(label) if label is not None else ""


def _control(scene: Any, name: str) -> Any:
    """The control ``name`` of ``scene``: in its ``controls`` (a screen package's widgets), else its own attribute."""
    controls = getattr(scene, "controls", None)
    if controls is not None and hasattr(controls, name):
        return getattr(controls, name)
    return getattr(scene, name, None)


@dataclass
class Tap:
    """Where the autopilot pressed, drawn as a fading ring."""

    pos: tuple[int, int]
    at: float


class Autopilot:
    """Plays the demo by pressing buttons, at a reading pace, on the kiosk's clock."""

    def __init__(self, services: Services, stack: SceneStack, rng: random.Random, now: float) -> None:
        self.services = services
        self.stack = stack
        self.rng = rng
        self.now = now
        self.taps: list[Tap] = []
        self.finished = False
        self.rolls = 0
        self.hero_name = self._pick_name()
        self.typing: list[str] = []  # letters of the name still to type
        self.next_at = now + HOLD["title"]  # the title page first
        self.still_since: float | None = now
        self.reveal: tuple[Any, float, Any] | None = None  # (the reader's text widget, when its reveal began, its text key)
        self.bands: list[tuple[int, int]] = []  # the text's lines (top, bottom) in its image, found by their ink
        self.steps = 0
        self._rings_shown: list[pygame.Rect] = []  # where the rings were drawn at the last tick
        #: What the last ``tick`` changed of what it draws (page pixels): the rings now and before, the text when
        #: its cover moved; ``None`` after a press or a letter typed (the screen below changed: the whole page).
        self.damage: list[pygame.Rect] | None = []

    def _pick_name(self) -> str:
        names = [n.strip() for n in self.services.ui.t("kiosk.hero_names").split(",") if n.strip()]
        return self.rng.choice(names) if names else ""

    # -- time ---------------------------------------------------------------------------------
    @property
    def wants_animation(self) -> bool:
        """True while a press's ring fades (the only thing the autopilot itself animates; none with animations off)."""
        return self.services.settings.animation_factor > 0 and any(self.now - tap.at < TAP_SECONDS for tap in self.taps)

    def wake_in(self) -> float:
        """Seconds until the autopilot next has something to do."""
        if self.typing:
            return max(0.0, self.next_at - self.now)
        if self.reveal is not None and not self._revealed():
            return 1 / REVEAL_LINES_PER_SECOND
        if self.still_since is None:
            return POLL
        return max(0.0, self.next_at - self.now)

    def tick(self, now: float) -> bool:
        """Advance to ``now``; True when something it draws changed (a ring, the reveal, a press), which
        ``damage`` then places."""
        before = self._cover_step()
        self.now = now
        self.taps = [t for t in self.taps if now - t.at < TAP_SECONDS]
        self.damage = self._moved_area()
        changed = bool(self.taps) or bool(self._rings_shown)  # a ring grows, fades, or was just wiped
        self._rings_shown = self.animated_area()
        if self.finished:
            return self._cover_moved(before, changed)
        if self.typing:
            if now >= self.next_at:
                self._type_letter()
                self.damage = None
                return True
            return self._cover_moved(before, changed)
        if self.still_since is None:
            if self.stack.wants_animation:
                return self._cover_moved(before, changed)
            self.still_since = now
            self.next_at = now + self._hold()  # may begin a section's reveal: its cover is drawn at once
        if now < self.next_at:
            return self._cover_moved(before, changed)
        self.still_since = None
        self.step()
        self.damage = None
        return True

    def _moved_area(self) -> list[pygame.Rect]:
        """The rings drawn now and those drawn at the last tick (a ring gone must be wiped)."""
        return self.animated_area() + self._rings_shown

    def _cover_moved(self, before: int, changed: bool) -> bool:
        """``changed``, or the reading cover moved since ``before`` (then the text is damaged too)."""
        if self._cover_step() == before:
            return changed
        if self.damage is not None:
            self.damage.append(self._text_area())
        return True

    def _cover_step(self) -> int:
        """How far the reveal has gone (-1: none), counted up to the last line (further, nothing moves)."""
        if self.reveal is None:
            return -1
        return min(self._reveal_lines(), len(self.bands))

    def _text_area(self) -> pygame.Rect:
        """The reader's text and the strip of page its cover is stretched from (nothing: not on screen)."""
        text = self.reveal[0] if self.reveal is not None else None
        if text is None or self.stack.top is None or _control(self.stack.top, "text") is not text:
            return pygame.Rect(0, 0, 0, 0)
        rect: pygame.Rect = text.rect.copy()
        return rect.inflate(COVER_STRIP, 0).move(-COVER_STRIP // 2, 0)

    def animated_area(self) -> list[pygame.Rect]:
        """Where the rings are drawn now (none with reduced motion)."""
        if self.services.settings.animation_factor <= 0:
            return []
        return [self._ring_area(tap) for tap in self.taps]

    @staticmethod
    def _ring_area(tap: Tap) -> pygame.Rect:
        """The picture of ``tap``'s ring at its largest."""
        return pygame.Rect(tap.pos[0] - RING_REACH, tap.pos[1] - RING_REACH, 2 * RING_REACH, 2 * RING_REACH)

    # -- what to hold on -----------------------------------------------------------------------
    def _hold(self) -> float:
        """How long the still screen stays up before the next press: the key moments last longer."""
        top = self.stack.top
        name = type(top).__name__
        if name == "DiceRollScene":
            return HOLD["dice"]
        if name == "ReaderScene":
            return self._reading_time(top)
        if name == "CombatScene":
            return HOLD["luck"] if self._luck_pending(top) else HOLD["round"]
        if name == "CreationScene":
            return HOLD["creation"]
        if name == "SheetScene":
            return HOLD["sheet"]
        return HOLD["default"]

    def _reading_time(self, scene: Any) -> float:
        """Reveal the section's text line by line, then leave it up for a reading time."""
        text = _control(scene, "text")
        chars = 0
        if text is not None and getattr(text, "image", None) is not None:
            if self.reveal is None or self.reveal[0] is not text or self.reveal[2] != text.key:
                self.reveal = (text, self.now, text.key)
                self.bands = line_bands(text.image)
            lines = max(1, len(self.bands))
            chars = lines * 60  # about sixty letters a line on the reader's page
            reveal = lines / REVEAL_LINES_PER_SECOND
        else:
            reveal = 0.0
        low, high = READING_HOLD
        return reveal + max(low, min(high, chars / READING_CHARS_PER_SECOND))

    def _reveal_lines(self) -> int:
        if self.reveal is None:
            return -1
        return int((self.now - self.reveal[1]) * REVEAL_LINES_PER_SECOND)

    def _revealed(self) -> bool:
        if self.reveal is None or self.services.settings.animation_factor <= 0:
            return True  # reduced motion (issue 16): the section's text shows whole at once
        return self._reveal_lines() >= len(self.bands)

    def _luck_pending(self, scene: Any) -> bool:
        """The board waits for the Luck decision (test or accept the wound)."""
        ui = self.services.ui
        wanted = {ui.t("combat.test_luck"), ui.t("combat.accept")}
        return any(_label(ui, b) in wanted for b in self._buttons(scene))

    # -- one step ------------------------------------------------------------------------------
    def step(self) -> None:
        """Press the next button of the top screen (or notice the adventure is over)."""
        top = self.stack.top
        if top is None:
            return
        self.steps += 1
        name = type(top).__name__
        if name == "DeathScene" or self._at_ending(top):
            self.finished = True
            return
        if name == "TitleScene":
            self.press((640, 430))
            return
        field = self._name_field(top) if name == "CreationScene" else None
        if field is not None:
            self.press(field.rect.center)
            self.typing = list(self.hero_name)
            self.next_at = self.now + TYPE_SECONDS
            return
        target = self._choose(top)
        self.press((640, 360) if target is None else target.rect.center)

    def _type_letter(self) -> None:
        letter = self.typing.pop(0)
        self.stack.process_event(pygame.event.Event(pygame.TEXTINPUT, text=letter, autopilot=True))
        self.stack.request_redraw()
        self.next_at = self.now + TYPE_SECONDS
        if not self.typing:
            self.still_since = None  # then hold on the named hero before starting

    def _name_field(self, scene: Any) -> TextField | None:
        """The creation screen's name field, when it is the hero's name's turn to be typed."""
        field: TextField | None = _control(scene, "name_field")
        hero = getattr(getattr(scene, "session", None), "state", None)
        hero = getattr(hero, "hero", None)
        if field is None or hero is None or not self.hero_name or field.text:
            return None
        return field if self._creation_step(scene) == ("creation.start",) else None

    def _at_ending(self, scene: Any) -> bool:
        """The reader showing an ending: only "close the book" is left."""
        shelf = _control(scene, "shelf_button")
        return shelf is not None and shelf.visible

    @staticmethod
    def _buttons(scene: Any) -> list[Any]:
        group = getattr(scene, "group", None)
        if group is None:
            return []
        return [
            w
            for w in group.widgets
            if getattr(w, "visible", True) and getattr(w, "enabled", False) and getattr(w, "on_click", None) is not None
        ]

    def _choose(self, scene: Any) -> Any:
        """The button to press on ``scene``: the first enabled one in the screen's priority list, else a choice."""
        ui = self.services.ui
        if getattr(scene, "group", None) is None:
            return None
        buttons = self._buttons(scene)
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
        choices = _control(scene, "choice_buttons")  # the reader's choices
        if choices:
            enabled = [b for b in choices if b.enabled and b.visible]
            if enabled:
                return self.rng.choice(enabled)
        # The reader's way on: to the death page when the hero fell in a section (issue 30 item 16: the stand
        # stayed on that page), else its next event or its own fight.
        for attribute in ("death_button", "event_button", "attack_button", "shoot_button"):
            button = _control(scene, attribute)
            if button is not None and button.visible and button.enabled:
                return button
        return None

    def _creation_step(self, scene: Any) -> tuple[str, ...]:
        """Roll; roll again (a few times) a hero so strong no fight could be lost; then start."""
        hero = scene.session.state.hero if getattr(scene, "session", None) is not None else None
        if hero is None:
            self.rolls += 1
            return ("creation.roll",)
        if hero.scores["skill"] >= STRONG_SKILL and self.rolls < MAX_REROLLS:
            self.rolls += 1
            return ("creation.reroll",)
        return ("creation.start",)

    def _luck_choice(self, scene: Any) -> str:
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
        self.stack.request_redraw()
        self.taps.append(Tap(pos, self.now))

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The text not yet revealed is covered; each press shows a fading ring."""
        self._draw_reveal(surface)
        if self.services.settings.animation_factor <= 0:
            return  # reduced motion (issue 16): no rings flashing up and fading where the autopilot presses
        colour = self.services.ui.palette.focus
        for tap in self.taps:
            age = min(1.0, (self.now - tap.at) / TAP_SECONDS)
            radius = int(RING_START + RING_GROWTH * age)
            ring = pygame.Surface((radius * 2 + 4, radius * 2 + 4), pygame.SRCALPHA)
            pygame.draw.circle(ring, (*colour[:3], int(220 * (1 - age))), (radius + 2, radius + 2), radius, RING_LINE)
            surface.blit(ring, (tap.pos[0] - radius - 2, tap.pos[1] - radius - 2))

    def _draw_reveal(self, surface: pygame.Surface) -> None:
        if self.reveal is None or self._revealed() or self.stack.top is None:
            return
        text = self.reveal[0]
        on_screen: Any = _control(self.stack.top, "text")  # the reader's text widget, if it shows one
        if on_screen is not text:
            return
        shown = max(0, self._reveal_lines())
        hidden_from = (self.bands[shown][0] if shown < len(self.bands) else text.content) - text.scroll
        rect = text.rect.copy()
        rect.top = min(text.rect.bottom, text.rect.top + max(0, hidden_from))
        rect.height = text.rect.bottom - rect.top
        if rect.height <= 0 or rect.left < COVER_STRIP + 2:
            return
        # The blank page beside the text, stretched over the lines still hidden: the panel's own tones.
        strip = surface.subsurface(pygame.Rect(rect.left - COVER_STRIP, rect.top, 1, rect.height)).copy()
        surface.blit(pygame.transform.scale(strip, rect.size), rect)

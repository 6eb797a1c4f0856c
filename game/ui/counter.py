"""A number with − and + buttons, e.g. STAMINA or gold pieces.

The counter does not change its own value: − and + emit a change *request*
(``on_request(new_value)``) that the rules accept or refuse; the screen then
sets ``counter.value`` from the model. So the sheet never disagrees with the rules.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.i18n.catalogue import TextSource
from game.ui.context import UIContext
from game.ui.draw import blit_text, rounded_box
from game.ui.text_fit import fit_line
from game.ui.widget import Widget

INCREASE_KEYS = (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS, pygame.K_UP, pygame.K_RIGHT)
DECREASE_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_DOWN, pygame.K_LEFT)
VALUE_ROOM = 36  # a narrow counter's buttons shrink before the value between them gets less than this
VALUE_GAP = 5  # the value never comes closer than this to a button (issue 30 item 12: "22" touched its −)


class Counter(Widget):
    """Label above, value in the middle, − on the left and + on the right."""

    def __init__(
        self,
        ui: UIContext,
        rect: pygame.Rect | tuple[int, int, int, int],
        *,
        value: int = 0,
        label: TextSource | None = None,
        minimum: int | None = None,
        maximum: int | None = None,
        step: int = 1,
        on_request: Callable[[int], object] | None = None,
        **options,
    ) -> None:
        super().__init__(ui, rect, **options)
        self.value = value
        self.label = label
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.on_request = on_request
        self._pressed: str | None = None  # "minus" / "plus" while the mouse is down on it

    role = "access.role_counter"

    def spoken_label(self) -> str:
        return self.ui.text(self.label) if self.label is not None else super().spoken_label()

    def spoken_value(self) -> str:
        return str(self.value)

    # -- geometry --------------------------------------------------------------

    def _button_size(self) -> int:
        return min(self.rect.height - (26 if self.label else 0), 44, (self.rect.width - VALUE_ROOM) // 2)

    def minus_rect(self) -> pygame.Rect:
        """The − button."""
        size = self._button_size()
        return pygame.Rect(self.rect.left, self.rect.bottom - size, size, size)

    def plus_rect(self) -> pygame.Rect:
        """The + button."""
        size = self._button_size()
        return pygame.Rect(self.rect.right - size, self.rect.bottom - size, size, size)

    # -- behaviour ------------------------------------------------------------

    def can_decrease(self) -> bool:
        """False at the minimum (the − button is then disabled)."""
        return self.enabled and (self.minimum is None or self.value > self.minimum)

    def can_increase(self) -> bool:
        """False at the maximum (the + button is then disabled)."""
        return self.enabled and (self.maximum is None or self.value < self.maximum)

    def request(self, delta: int) -> bool:
        """Ask for value + delta, clamped to the bounds; False when nothing to ask."""
        if not self.enabled or delta == 0:
            return False
        target = self.value + delta
        if self.minimum is not None:
            target = max(self.minimum, target)
        if self.maximum is not None:
            target = min(self.maximum, target)
        if target == self.value:
            return False
        if self.on_request is not None:
            self.on_request(target)
        return True

    def tooltip_text(self) -> str | None:
        if self.enabled and self.hovered_part == "minus" and not self.can_decrease():
            return self.ui.t("counter.at_minimum", min=self.minimum)
        if self.enabled and self.hovered_part == "plus" and not self.can_increase():
            return self.ui.t("counter.at_maximum", max=self.maximum)
        return super().tooltip_text()

    hovered_part: str | None = None

    def process_event(self, event: pygame.event.Event) -> bool:
        super().process_event(event)
        if event.type == pygame.MOUSEMOTION:
            self.hovered_part = (
                "minus"
                if self.minus_rect().collidepoint(event.pos)
                else "plus"
                if self.plus_rect().collidepoint(event.pos)
                else None
            )
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(event.pos):
            if self.minus_rect().collidepoint(event.pos):
                self._pressed = "minus"
            elif self.plus_rect().collidepoint(event.pos):
                self._pressed = "plus"
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._pressed:
            part, self._pressed = self._pressed, None
            rect = self.minus_rect() if part == "minus" else self.plus_rect()
            if rect.collidepoint(event.pos):
                self.request(-self.step if part == "minus" else self.step)
            return True
        if (
            event.type == pygame.MOUSEWHEEL
            and self.contains(getattr(event, "pos", (-1, -1)))
            and not getattr(self.pane, "scrolls", False)
        ):
            # in a pane that scrolls, the wheel scrolls the pane rather than changing the value under it
            self.request(self.step if event.y > 0 else -self.step)
            return True
        if event.type == pygame.KEYDOWN and self.focused:
            if not self.enabled and event.key in (*INCREASE_KEYS, *DECREASE_KEYS):
                self.ui.say(self.unavailable())  # in the tab order though disabled: an arrow says why it is off
                return True
            if event.key in INCREASE_KEYS:
                if not self.request(self.step) and self.enabled and not self.can_increase():
                    self.ui.say(self.ui.t("counter.at_maximum", max=self.maximum))  # a key that does nothing says why
                return True
            if event.key in DECREASE_KEYS:
                if not self.request(-self.step) and self.enabled and not self.can_decrease():
                    self.ui.say(self.ui.t("counter.at_minimum", min=self.minimum))
                return True
        return False

    # -- drawing ----------------------------------------------------------------

    def _draw_button(self, surface: pygame.Surface, rect: pygame.Rect, sign: str, active: bool, pressed: bool) -> None:
        p = self.ui.palette
        fill = p.parchment_dark if pressed else p.parchment_light
        ink = p.ink if active else p.ink_faint
        surface.blit(rounded_box(rect.size, fill, ink if active else None, rect.width // 2), rect.move(0, 1 if pressed else 0))
        if not active:
            _dashed_circle(surface, rect, ink)  # a shape, not only a fainter ink, says "not this way"
        c = rect.move(0, 1 if pressed else 0).center
        arm = rect.width // 5
        pygame.draw.line(surface, ink, (c[0] - arm, c[1]), (c[0] + arm, c[1]), 3)
        if sign == "+":
            pygame.draw.line(surface, ink, (c[0], c[1] - arm), (c[0], c[1] + arm), 3)

    def draw(self, surface: pygame.Surface) -> None:
        p = self.ui.palette
        if self.label is not None:
            blit_text(
                surface,
                self.ui.text(self.label),
                (self.rect.centerx, self.rect.top),
                "title",
                self.ui.theme.text_size("label"),
                p.ink_soft,
                "midtop",
            )
        self._draw_button(surface, self.minus_rect(), "-", self.can_decrease(), self._pressed == "minus")
        self._draw_button(surface, self.plus_rect(), "+", self.can_increase(), self._pressed == "plus")
        centre = (self.rect.centerx, self.minus_rect().centery)
        # A big value (200 gold) is set smaller rather than drawn over the buttons.
        between = pygame.Rect(
            self.minus_rect().right, self.rect.top, self.plus_rect().left - self.minus_rect().right, self.rect.height
        )
        value, size = fit_line(
            str(self.value), "bold", self.ui.theme.text_size("value"), between.width - 2 * VALUE_GAP, min_size=12
        )
        blit_text(
            surface, value, centre, "bold", size, p.ink if self.enabled else p.ink_faint, "center", box=between, owner="Counter"
        )


def _dashed_circle(surface: pygame.Surface, rect: pygame.Rect, colour: tuple, dashes: int = 12) -> None:
    """The outline of a disabled − / + button: a ring of short arcs."""
    box = pygame.Rect(rect).inflate(-2, -2)
    step = 2 * math.pi / dashes
    for index in range(dashes):
        start = index * step
        pygame.draw.arc(surface, colour, box, start, start + step * 0.55, 2)

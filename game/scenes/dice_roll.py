"""The dice overlay: dice tumble, then settle on the result the rules already drew.

The rules roll first; this scene only shows what they drew (with its meaning),
so an animation can never change an outcome. A click skips the tumble; another
click (or Enter, Space, Escape) closes it — once the burst of presses that rolled
has stopped (``ClickBurst``): 30 fast clicks on a roll button are one roll. Animation speed follows the settings;
"off" shows the result at once.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from game.app.burst import ClickBurst
from game.app.fluid import FluidLayout
from game.app.rolling import DiceGroup
from game.app.scene import Scene
from game.ui import fonts
from game.ui.context import UIContext
from game.ui.draw import blit_text, draw_panel, draw_polyhedral
from game.ui.speech import join
from game.ui.text_fit import fit_line, wrap_words
from game.ui.theme import LOGICAL_SIZE

TUMBLE_SECONDS = 1.1
DIE_SIZE = 78


__all__ = ["DiceGroup", "DiceRollScene"]


class DiceRollScene(FluidLayout, Scene):
    """Transparent overlay showing one or more groups of dice and the verdict, centred on whatever page it is given."""

    transparent = True

    def __init__(
        self,
        ui: UIContext,
        title: str,
        groups: list[DiceGroup],
        verdict: str,
        *,
        tone: str = "neutral",
        rng: random.Random | None = None,
        animation_factor: float = 1.0,
        on_close: Callable[[], None] | None = None,
        size: tuple[int, int] = LOGICAL_SIZE,
    ) -> None:
        super().__init__()
        self.ui = ui
        self.title = title
        self.groups = groups
        self.verdict = verdict
        self.tone = tone
        self.rng = rng or random.Random(0)
        self.duration = 0.0 if animation_factor <= 0 else TUMBLE_SECONDS / animation_factor
        self.elapsed = 0.0
        self.on_close = on_close
        self.burst = ClickBurst()
        self.burst.start()  # the press that rolled
        self._shown = [[self.rng.randint(1, g.sides) for _ in g.faces] for g in groups]
        self._spin = 0.0
        self._flip_timer = 0.0
        self.layout(size)

    def place_widgets(self) -> None:
        """No controls (any click or key answers): only the panel and the dice's size follow the page."""
        self.panel = self.panel_rect()
        # Many dice on a narrow page come smaller, never out of the panel.
        needed = sum(max(2, len(g.faces)) * (DIE_SIZE + 18) for g in self.groups) + 60 * (len(self.groups) - 1)
        self.die = max(36, min(DIE_SIZE, int((DIE_SIZE + 18) * (self.panel.width - 80) / max(1, needed)) - 18))

    # -- state ---------------------------------------------------------------------------
    @property
    def settled(self) -> bool:
        return self.elapsed >= self.duration

    @property
    def wants_animation(self) -> bool:
        return not self.settled or self.burst.busy

    def skip(self) -> None:
        """Jump to the settled dice."""
        self.elapsed = self.duration

    def close(self) -> None:
        if self.leave_once() and self.on_close is not None:
            self.on_close()

    # -- frame ---------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.QUIT:
            return event
        clicked = event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1
        keyed = event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
            pygame.K_ESCAPE,
        )
        if clicked or keyed:
            fresh = self.burst.press()
            if self.settled and fresh:
                self.close()
            else:
                self.skip()
        return None  # modal while shown

    def update(self, dt: float) -> None:
        self.burst.update(dt)
        if self.settled:
            return
        self.elapsed = min(self.duration, self.elapsed + dt)
        self._spin += dt * 540
        self._flip_timer += dt
        if self._flip_timer > 0.07:  # new random faces while tumbling, about 14 a second
            self._flip_timer = 0.0
            self._shown = [[self.rng.randint(1, g.sides) for _ in g.faces] for g in self.groups]

    def panel_rect(self) -> pygame.Rect:
        """The panel, as wide as its dice need (within the page), in the middle of the page."""
        needed = 140 + sum(max(2, len(g.faces)) * (DIE_SIZE + 18) + 60 for g in self.groups)
        rect = pygame.Rect(0, 0, max(520, min(1180, self.page[0] - 48, needed)), 380)
        rect.center = (self.page[0] // 2, self.page[1] // 2)
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        p = self.ui.palette
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill(p.overlay)
        surface.blit(veil, (0, 0))
        panel, die = self.panel, self.die
        draw_panel(surface, panel, p, fill_alpha=250)
        title, size = fit_line(self.title, "title", self.ui.theme.text_size("heading"), panel.width - 40)
        blit_text(surface, title, (panel.centerx, panel.y + 34), "title", size, p.rubric, "center", box=panel, owner="dice title")
        settle = self.settled
        progress = 1.0 if self.duration == 0 else self.elapsed / self.duration
        widths = [max(2, len(g.faces)) * (die + 18) for g in self.groups]
        gap = 60
        x = panel.centerx - (sum(widths) + gap * (len(widths) - 1)) / 2
        small, body = self.ui.theme.text_size("small"), self.ui.theme.text_size("body")
        for group, shown, width in zip(self.groups, self._shown, widths):
            room = width + gap - 12  # a group's words keep to its own dice (many groups on a narrow page)
            label, size = fit_line(group.label, "italic", body, room)
            blit_text(surface, label, (x + width / 2, panel.y + 86), "italic", size, p.ink_soft, "center")
            count = len(group.faces)
            start = x + width / 2 - (count - 1) * (die + 18) / 2
            for i, face in enumerate(group.faces):
                value = face if settle else shown[i]
                bounce = 0 if settle else -abs(28 * (1 - progress) * (1 if (i % 2) else 0.7))
                angle = 0 if settle else (self._spin + i * 77) % 360
                draw_polyhedral(surface, (start + i * (die + 18), panel.y + 170 + bounce), die, value, group.sides, p, angle)
            if settle and group.detail:
                detail, size = fit_line(group.detail, "body", body, room)
                blit_text(surface, detail, (x + width / 2, panel.y + 240), "body", size, p.ink, "center")
            x += width + gap
        if settle:
            colour = {"good": p.good, "bad": p.bad}.get(self.tone, p.ink)
            size = self.ui.theme.text_size("heading")
            lines = wrap_words(self.verdict, "bold", size, panel.width - 60)
            y = panel.y + 290
            for line in lines[:2]:
                blit_text(surface, line, (panel.centerx, y), "bold", size, colour, "center")
                y += fonts.line_height("bold", size)
        hint = self.ui.t("dice.click_to_close" if settle else "dice.click_to_skip")
        blit_text(surface, hint, (panel.centerx, panel.bottom - 26), "italic", small, p.ink_faint, "center")

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: each group of dice with its faces, the verdict, how to close."""
        ui = self.ui
        groups = [
            ui.t("access.dice_group", label=g.label, dice=", ".join(str(f) for f in g.faces), detail=g.detail)
            for g in self.groups
        ]
        return join(self.title, *groups, self.verdict, ui.t("access.dice_close_hint"))

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
from game.ui.draw import blit_text, draw_panel, draw_polyhedral, draw_veil
from game.ui.speech import join
from game.ui.text_fit import fit_line, wrap_words
from game.ui.theme import LOGICAL_SIZE

TUMBLE_SECONDS = 1.1
DIE_SIZE = 78
DIE_GAP = 18  # between two dice of a group
GROUP_GAP = 60  # between two groups
LEAST_DIE = 36  # many dice on a narrow page: never smaller
PANEL_CHROME = 80  # the panel's width the dice do not take
PANEL_WIDTH = (520, 1180)  # at least, at most
PANEL_HEIGHT, PANEL_ROOM, PANEL_SIDE_ROOM = 380, 140, 48  # the panel; its width beside the dice; the page's beside it
SPIN_SPEED, DIE_TURN = 540, 77  # degrees a second; between two dice
BOUNCE = 28  # how high a tumbling die jumps at first
PANEL_ALPHA = 250
TITLE_ROOM, VERDICT_ROOM, WORDS_GAP = 40, 60, 12  # the title's and verdict's width less this; a group's words
TITLE_MIDDLE, LABEL_MIDDLE, DICE_MIDDLE, DETAIL_MIDDLE, VERDICT_TOP = 34, 86, 170, 240, 290  # down the panel
VERDICT_LINES = 2
HINT_RISE = 26  # the hint's middle, above the panel's foot


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
        needed = sum(max(2, len(g.faces)) * (DIE_SIZE + DIE_GAP) for g in self.groups) + GROUP_GAP * (len(self.groups) - 1)
        fitted = int((DIE_SIZE + DIE_GAP) * (self.panel.width - PANEL_CHROME) / max(1, needed)) - DIE_GAP
        self.die = max(LEAST_DIE, min(DIE_SIZE, fitted))

    # -- state ---------------------------------------------------------------------------
    @property
    def settled(self) -> bool:
        return self.elapsed >= self.duration

    @property
    def wants_animation(self) -> bool:
        return not self.settled or self.burst.busy

    def animated_area(self) -> list[pygame.Rect]:
        """The panel and the room its dice bounce and turn in (the tumble and the settling verdict stay in it)."""
        return [self.panel.inflate(2 * self.die, 2 * self.die)]

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
        self._spin += dt * SPIN_SPEED
        self._flip_timer += dt
        if self._flip_timer > 0.07:  # new random faces while tumbling, about 14 a second
            self._flip_timer = 0.0
            self._shown = [[self.rng.randint(1, g.sides) for _ in g.faces] for g in self.groups]

    def panel_rect(self) -> pygame.Rect:
        """The panel, as wide as its dice need (within the page), in the middle of the page."""
        needed = PANEL_ROOM + sum(max(2, len(g.faces)) * (DIE_SIZE + DIE_GAP) + GROUP_GAP for g in self.groups)
        least, most = PANEL_WIDTH
        rect = pygame.Rect(0, 0, max(least, min(most, self.page[0] - PANEL_SIDE_ROOM, needed)), PANEL_HEIGHT)
        rect.center = (self.page[0] // 2, self.page[1] // 2)
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        p = self.ui.palette
        draw_veil(surface, p)
        panel, die = self.panel, self.die
        draw_panel(surface, panel, p, fill_alpha=PANEL_ALPHA)
        title, size = fit_line(self.title, "title", self.ui.theme.text_size("heading"), panel.width - TITLE_ROOM)
        title_at = (panel.centerx, panel.y + TITLE_MIDDLE)
        blit_text(surface, title, title_at, "title", size, p.rubric, "center", box=panel, owner="dice title")
        settle = self.settled
        progress = 1.0 if self.duration == 0 else self.elapsed / self.duration
        widths = [max(2, len(g.faces)) * (die + DIE_GAP) for g in self.groups]
        gap = GROUP_GAP
        x = panel.centerx - (sum(widths) + gap * (len(widths) - 1)) / 2
        small, body = self.ui.theme.text_size("small"), self.ui.theme.text_size("body")
        for group, shown, width in zip(self.groups, self._shown, widths):
            room = width + gap - WORDS_GAP  # a group's words keep to its own dice (many groups on a narrow page)
            label, size = fit_line(group.label, "italic", body, room)
            blit_text(surface, label, (x + width / 2, panel.y + LABEL_MIDDLE), "italic", size, p.ink_soft, "center")
            count = len(group.faces)
            start = x + width / 2 - (count - 1) * (die + DIE_GAP) / 2
            for i, face in enumerate(group.faces):
                value = face if settle else shown[i]
                bounce = 0 if settle else -abs(BOUNCE * (1 - progress) * (1 if (i % 2) else 0.7))
                angle = 0 if settle else (self._spin + i * DIE_TURN) % 360
                at = (start + i * (die + DIE_GAP), panel.y + DICE_MIDDLE + bounce)
                draw_polyhedral(surface, at, die, value, group.sides, p, angle)
            if settle and group.detail:
                detail, size = fit_line(group.detail, "body", body, room)
                blit_text(surface, detail, (x + width / 2, panel.y + DETAIL_MIDDLE), "body", size, p.ink, "center")
            x += width + gap
        if settle:
            colour = {"good": p.good, "bad": p.bad}.get(self.tone, p.ink)
            size = self.ui.theme.text_size("heading")
            lines = wrap_words(self.verdict, "bold", size, panel.width - VERDICT_ROOM)
            y = panel.y + VERDICT_TOP
            for line in lines[:VERDICT_LINES]:
                blit_text(surface, line, (panel.centerx, y), "bold", size, colour, "center")
                y += fonts.line_height("bold", size)
        hint = self.ui.t("dice.click_to_close" if settle else "dice.click_to_skip")
        blit_text(surface, hint, (panel.centerx, panel.bottom - HINT_RISE), "italic", small, p.ink_faint, "center")

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: each group of dice with its faces, the verdict, how to close."""
        ui = self.ui
        groups = [
            ui.t("access.dice_group", label=g.label, dice=", ".join(str(f) for f in g.faces), detail=g.detail)
            for g in self.groups
        ]
        return join(self.title, *groups, self.verdict, ui.t("access.dice_close_hint"))

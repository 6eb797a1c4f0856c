"""On/off switch with a label: click anywhere on it, or Enter/Space when focused."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n.catalogue import TextSource
from game.ui import fonts
from game.ui.context import UIContext
from game.ui.draw import blit_text, rounded_box
from game.ui.text_fit import fit_line
from game.ui.widget import Widget

TRACK_W, TRACK_H = 52, 28


class Toggle(Widget):
    """A switch; flips ``value`` and reports it through ``on_change(value)``."""

    def __init__(
        self,
        ui: UIContext,
        rect: pygame.Rect | tuple[int, int, int, int],
        label: TextSource,
        *,
        value: bool = False,
        on_change: Callable[[bool], object] | None = None,
        **options,
    ) -> None:
        super().__init__(ui, rect, **options)
        self.label = label
        self.value = value
        self.on_change = on_change

    role = "access.role_toggle"

    def spoken_label(self) -> str:
        return self.ui.text(self.label) or super().spoken_label()

    def spoken_value(self) -> str:
        """On or off, after its group when it is one of several options ("Potion de départ, activé")."""
        return self.in_group(self.ui.t("access.on" if self.value else "access.off"))

    def activate(self) -> None:
        """Flip the switch (if enabled)."""
        if not self.enabled:
            return
        self.value = not self.value
        if self.on_change is not None:
            self.on_change(self.value)

    def process_event(self, event: pygame.event.Event) -> bool:
        super().process_event(event)
        return self.click(event)

    def draw(self, surface: pygame.Surface) -> None:
        p = self.ui.palette
        track = pygame.Rect(0, 0, TRACK_W, TRACK_H)
        track.midleft = (self.rect.left, self.rect.centery)
        on_colour = p.good if self.enabled else p.ink_faint
        fill = on_colour if self.value else p.parchment_dark
        surface.blit(rounded_box(track.size, fill, p.ink if self.enabled else p.ink_faint, TRACK_H // 2), track)
        knob_r = TRACK_H // 2 - 4
        knob_x = track.right - knob_r - 4 if self.value else track.left + knob_r + 4
        knob = pygame.Rect(0, 0, 2 * knob_r, 2 * knob_r)
        knob.center = (knob_x, track.centery)
        surface.blit(rounded_box(knob.size, p.parchment_light, p.ink, knob_r, 2), knob)
        # The state is also written, never shown by colour alone.
        state = self.ui.t("common.on") if self.value else self.ui.t("common.off")
        text_colour = p.ink if self.enabled else p.ink_faint
        size = self.ui.theme.text_size("label")
        small = self.ui.theme.text_size("small")
        label, size = fit_line(self.ui.text(self.label), "body", size, self._label_room(state))
        label_rect = blit_text(
            surface,
            label,
            (track.right + 12, self.rect.centery),
            "body",
            size,
            text_colour,
            "midleft",
            box=self.rect,
            owner="Toggle",
        )
        blit_text(
            surface,
            state,
            (label_rect.right + 10, self.rect.centery),
            "italic",
            small,
            p.ink_soft,
            "midleft",
            box=self.rect,
            owner="Toggle",
        )

    def _label_room(self, state: str) -> int:
        """The width left for the label between the track and the written state."""
        state_width = fonts.text_width(state, "italic", self.ui.theme.text_size("small"))
        return self.rect.width - TRACK_W - 12 - 10 - state_width

    def tooltip_text(self) -> str | None:
        """The tooltip; for a label shortened to fit, the whole label when there is no other."""
        text = super().tooltip_text()
        label = self.ui.text(self.label)
        if text is None and label:
            state = self.ui.t("common.on") if self.value else self.ui.t("common.off")
            if fit_line(label, "body", self.ui.theme.text_size("label"), self._label_room(state))[0] != label:
                return label
        return text

"""Push button: click (press and release inside) or Enter/Space when focused."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n.catalogue import TextSource
from game.ui import fonts
from game.ui.context import UIContext
from game.ui.draw import blit_text, draw_dashed_frame, rounded_box
from game.ui.icons import draw_icon
from game.ui.text_fit import fit_line
from game.ui.widget import Widget

STYLES = ("normal", "primary", "danger")


class Button(Widget):
    """A labelled button, optionally with an icon from ``game.ui.icons.ICONS``."""

    def __init__(
        self,
        ui: UIContext,
        rect: pygame.Rect | tuple[int, int, int, int],
        label: TextSource,
        *,
        on_click: Callable[[], object] | None = None,
        icon: str | None = None,
        style: str = "normal",
        middle: bool = False,
        **options,
    ) -> None:
        """``style``: "normal", "primary" (filled) or "danger" (red ink); ``middle``: a label too long is
        shortened in its middle (a name, told from others by its end)."""
        super().__init__(ui, rect, **options)
        self.middle = middle
        if style not in STYLES:
            raise ValueError(f"unknown button style {style!r}")
        self.label = label
        self.on_click = on_click
        self.icon = icon
        self.style = style
        self.pressed = False
        # One of a row of choices (Settings' languages, a character's skills): the row's name (``choice_of``) and
        # whether this one is chosen (``set_chosen`` keeps it and the filled look together): a listener hears both.
        self.choice_of: TextSource | None = None
        self.selected = False

    role = "access.role_button"

    def spoken_label(self) -> str:
        """The spoken name when the label alone is not enough ("Remove" → "Remove Wolf"), else the label;
        an icon-only button, or one whose label is a sign ("+", "−"), falls back to its tooltip."""
        if self.spoken_name is not None:
            return self.ui.text(self.spoken_name)
        label = self.ui.text(self.label)
        if self.tooltip is not None and not any(c.isalnum() for c in label):
            return super().spoken_label()
        return label or super().spoken_label()

    def spoken_value(self) -> str:
        """A choice's row and whether it is chosen ("Langue, choisi")."""
        if self.choice_of is None:
            return ""
        return self.in_group(self.ui.t("access.selected" if self.selected else "access.not_selected"))

    def set_chosen(self, chosen: bool) -> None:
        """Show this choice as chosen (filled) or not, and say so to a listener (``selected``)."""
        self.selected = chosen
        self.style = "primary" if chosen else "normal"

    def activate(self) -> None:
        """Click the button (if enabled)."""
        if self.enabled and self.on_click is not None:
            self.on_click()

    def process_event(self, event: pygame.event.Event) -> bool:
        super().process_event(event)
        if not self.enabled:
            # Still swallow clicks on a disabled button: nothing underneath should react.
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.contains(event.pos)
        return self.click(event)

    def _colours(self) -> tuple[tuple, tuple, tuple]:
        p = self.ui.palette
        if not self.enabled:
            return p.parchment_dark, p.ink_faint, p.ink_faint
        if self.style == "primary":
            return p.accent, p.ink, p.accent_text
        if self.style == "danger":
            return p.parchment_light, p.rubric, p.rubric
        return p.parchment_light, p.ink, p.ink

    def draw(self, surface: pygame.Surface) -> None:
        fill, border, text = self._colours()
        rect = self.rect.move(0, 1) if self.pressed else self.rect
        if self.pressed:
            fill = self.ui.palette.parchment_dark if self.style != "primary" else fill
        radius = self.ui.theme.sizes.radius
        surface.blit(rounded_box(rect.size, fill, None if not self.enabled else border, radius), rect)
        if self._dashed():
            draw_dashed_frame(surface, rect, border, radius)  # a shape, not only a colour, says "not now"
        if self.hovered and self.enabled and not self.pressed:
            surface.blit(rounded_box(rect.size, self.ui.palette.hover, None, self.ui.theme.sizes.radius), rect)
        size = self.ui.theme.text_size("button")
        label = self.ui.text(self.label)
        face = "bold" if self.style == "primary" else "body"
        room = self._room(rect)
        # A label too wide for its button (a longer language, a bigger UI scale) is set smaller, then
        # shortened with "…" (the whole label is its tooltip), never drawn past the frame.
        label, size = fit_line(label, face, size, room, min_size=12, middle=self.middle)
        if self.icon:
            icon_size = min(rect.height - 14, 28)
            image_w = fonts.text_width(label, face, size) if label else 0
            total = icon_size + (8 + image_w if label else 0)
            x = rect.centerx - total // 2
            draw_icon(
                surface,
                self.icon,
                pygame.Rect(x, rect.centery - icon_size // 2, icon_size, icon_size),
                text,
                self.ui.palette.parchment_dark,
            )
            if label:
                blit_text(
                    surface,
                    label,
                    (x + icon_size + 8, rect.centery),
                    face,
                    size,
                    text,
                    anchor="midleft",
                    box=rect,
                    owner="Button",
                )
        else:
            blit_text(surface, label, rect.center, face, size, text, anchor="center", box=rect, owner="Button")

    def _dashed(self) -> bool:
        """Whether the dashed "not now" outline is drawn (a disabled button)."""
        return not self.enabled

    def _room(self, rect: pygame.Rect) -> int:
        # Inside a dashed outline the label keeps 3 px clear of the dashes (drawn ``radius`` in, 2 px wide):
        # a disabled "Supprimer" at 1024x640 was set over them.
        margin = self.ui.theme.sizes.radius + 5 if self._dashed() else 7
        return rect.width - 2 * margin - ((min(rect.height - 14, 28) + 8) if self.icon else 0)

    def tooltip_text(self) -> str | None:
        """The tooltip; for a label shortened to fit, the whole label when there is no other."""
        text = super().tooltip_text()
        if text is None and self.label:
            label = self.ui.text(self.label)
            face = "bold" if self.style == "primary" else "body"
            size = self.ui.theme.text_size("button")
            if fit_line(label, face, size, self._room(self.rect), min_size=12, middle=self.middle)[0] != label:
                return label
        return text

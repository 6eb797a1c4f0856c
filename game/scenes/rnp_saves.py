"""The saves window of the Rôle'n Play table: every forced-march save of a leg, passed ones too.

Read from the leg's journal entry (so it survives a reload): grouped by day of the
clock and hour of march, with the DC and, for each traveller, the total and whether
it passed (R-RNP-MARCH-1). A click or Escape closes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.app.fluid import FluidLayout
from game.ui import fonts
from game.ui.draw import blit_text
from game.ui.modal import ModalScene

if TYPE_CHECKING:
    from game.scenes.rnp_table import RnpTableScene

HOUR_ROW = 40  # an hour of march (its saves may take a second line)


class SavesScene(FluidLayout, ModalScene):
    """``entry``: a ``travel_party`` journal entry with ``data.saves``; a click, Enter or Escape closes it.
    Centred on the page; as many hours as its height holds, the rest counted."""

    def __init__(self, table: RnpTableScene, entry: dict[str, Any]) -> None:
        super().__init__(table.ui)
        self.table = table
        self.entry = entry
        self.page = table.page

    def place_widgets(self) -> None:
        """No controls: a click, Enter or Escape closes it."""

    @property
    def max_hours(self) -> int:
        """The hours the page's height holds (one row is kept for a wrapped row or the "more" line)."""
        return max(3, (self.page[1] - 40 - 130) // HOUR_ROW - 1)

    def hours(self) -> list[tuple[int, int, int, list[dict[str, Any]]]]:
        """(clock day, hour of march, DC, saves) in the order they were rolled."""
        book = self.table.book
        first_day = int(self.entry["at_s"] // book.scale("day").seconds) + 1
        march = book.travel.march_hours_per_day
        grouped: dict[tuple[int, int], list[dict[str, Any]]] = {}
        for save in self.entry["data"]["saves"]:
            grouped.setdefault((save["day"], save["hour"]), []).append(save)
        return [(first_day + day - 1, int(march + hour), saves[0]["dc"], saves) for (day, hour), saves in grouped.items()]

    def panel_rect(self) -> pygame.Rect:
        rows = min(self.max_hours, len(self.hours())) + 1  # room for a wrapped row or the "more" line
        rect = pygame.Rect(
            0, 0, min(1000 + (self.page[0] - 1280) // 2, self.page[0] - 24), min(self.page[1] - 40, 130 + HOUR_ROW * rows)
        )
        rect.center = (self.page[0] // 2, self.page[1] // 2)
        return rect

    def handle(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE)
        ):
            self.dismiss()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        ui, p, theme = self.ui, self.ui.palette, self.ui.theme
        rect = self.draw_frame(surface, ui.t("rnp.saves_title"), centred=True)
        small = theme.text_size("small")
        y = rect.top + 72
        hours = self.hours()
        for day, hour, dc, saves in hours[: self.max_hours]:
            blit_text(surface, ui.t("rnp.saves_hour", day=day, hour=hour, dc=dc), (rect.left + 30, y), "bold", small, p.ink)
            x = rect.left + 400
            for save in saves:
                key = "rnp.save_passed" if save["success"] else "rnp.save_failed"
                text = ui.t(key, who=save["who"], total=save["total"])
                if x + fonts.text_width(text, "body", small) > rect.right - 20:
                    x, y = rect.left + 400, y + 26
                box = blit_text(surface, text, (x, y), "body", small, p.good if save["success"] else p.bad)
                x = box.right + 24
            y += 32
        if len(hours) > self.max_hours:
            blit_text(
                surface, ui.t("rnp.saves_more", n=len(hours) - self.max_hours), (rect.left + 30, y), "italic", small, p.ink_soft
            )
        blit_text(surface, ui.t("rnp.saves_close"), (rect.centerx, rect.bottom - 24), "italic", small, p.ink_faint, "center")

"""The saves window of the Rôle'n Play table: every forced-march save of a leg, passed ones too.

Read from the leg's journal entry (so it survives a reload): grouped by day of the
clock and hour of march, with the DC and, for each traveller, the total and whether
it passed (R-RNP-MARCH-1). An overlay the navigator opens; a click, Enter or Escape closes it.
"""

from __future__ import annotations

import pygame

from game.app.modal import ModalScene
from game.books.rolenplay import RolenplayBook
from game.scenes.rnp_table.data import Json
from game.ui import fonts
from game.ui.context import UIContext
from game.ui.draw import blit_text
from game.ui.speech import join

HOUR_ROW = 32  # an hour of march
LINE = 26  # each more line its saves take
WIDTH, WIDE_PAGE, PAGE_MARGIN = 1000, 1280, 24  # the window's width, a little wider past WIDE_PAGE, never past the page
FRAME = 130  # the window's title and foot, round the hours
PAGE_ROOM = 40  # the window leaves this much of the page's height
PAD, COLUMN_GAP, SAVE_GAP, RIGHT_PAD = 30, 40, 24, 20  # the margin, after the hours' labels, between saves, at the right
BODY_DY, CLOSE_DY = 72, 24  # the first hour under the title; the way to close above the foot
Hour = tuple[int, int, int, list[Json]]  # clock day, hour of march, DC, saves


class SavesScene(ModalScene):
    """``entry``: a ``travel_party`` journal entry with ``data.saves``; a click, Enter or Escape closes it.
    Centred on the page; as many hours as its height holds, the rest counted."""

    def __init__(self, ui: UIContext, book: RolenplayBook, entry: Json, page: tuple[int, int] | None = None) -> None:
        super().__init__(ui)
        self.book = book
        self.entry = entry
        if page is not None:
            self.page = page

    def place_widgets(self) -> None:
        """No controls: a click, Enter or Escape closes it."""

    @property
    def width(self) -> int:
        """The window's width: a little wider on a wide page, never wider than the page."""
        return min(WIDTH + max(0, self.page[0] - WIDE_PAGE) // 2, self.page[0] - PAGE_MARGIN)

    def column(self) -> int:
        """Where the saves start, after the longest hour's label (at most half the window)."""
        small = self.ui.theme.text_size("small")
        widest = max((fonts.text_width(self.hour_label(*h[:3]), "bold", small) for h in self.hours()), default=0)
        return min(self.width // 2, widest + COLUMN_GAP)

    def hour_label(self, day: int, hour: int, dc: int) -> str:
        return self.ui.t("rnp.saves_hour", day=day, hour=hour, dc=dc)

    def save_text(self, save: Json) -> str:
        return self.ui.t("rnp.save_passed" if save["success"] else "rnp.save_failed", who=save["who"], total=save["total"])

    def rows(self) -> list[tuple[str, list[list[Json]]]]:
        """Each hour's label and its saves cut into lines that fit the window."""
        small = self.ui.theme.text_size("small")
        room = self.width - PAD - self.column() - RIGHT_PAD
        out = []
        for day, hour, dc, saves in self.hours():
            lines: list[list[Json]] = [[]]
            used = 0
            for save in saves:
                width = fonts.text_width(self.save_text(save), "body", small) + SAVE_GAP
                if lines[-1] and used + width - SAVE_GAP > room:
                    lines.append([])
                    used = 0
                lines[-1].append(save)
                used += width
            out.append((self.hour_label(day, hour, dc), lines))
        return out

    @property
    def max_hours(self) -> int:
        """How many hours the page's height holds (the rest is counted on a line of its own)."""
        room, shown = self.page[1] - PAGE_ROOM - FRAME - HOUR_ROW, 0
        for _, lines in self.rows():
            room -= HOUR_ROW + LINE * (len(lines) - 1)
            if room < 0:
                break
            shown += 1
        return shown

    def hours(self) -> list[Hour]:
        """(clock day, hour of march, DC, saves) in the order they were rolled."""
        first_day = int(self.entry["at_s"] // self.book.scale("day").seconds) + 1
        march = self.book.travel.march_hours_per_day
        grouped: dict[tuple[int, int], list[Json]] = {}
        for save in self.entry["data"]["saves"]:
            grouped.setdefault((save["day"], save["hour"]), []).append(save)
        return [(first_day + day - 1, int(march + hour), saves[0]["dc"], saves) for (day, hour), saves in grouped.items()]

    def panel_rect(self) -> pygame.Rect:
        rows = self.rows()[: self.max_hours]
        body = sum(HOUR_ROW + LINE * (len(lines) - 1) for _, lines in rows) + HOUR_ROW  # and the "more" line
        rect = pygame.Rect(0, 0, self.width, min(self.page[1] - PAGE_ROOM, FRAME + body))
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
        ui, p = self.ui, self.ui.palette
        rect = self.draw_frame(surface, ui.t("rnp.saves_title"), centred=True)
        small = ui.theme.text_size("small")
        y, column, rows, shown = rect.top + BODY_DY, rect.left + PAD + self.column(), self.rows(), self.max_hours
        for label, lines in rows[:shown]:
            blit_text(surface, label, (rect.left + PAD, y), "bold", small, p.ink)
            for line in lines:
                x = column
                for save in line:
                    box = blit_text(surface, self.save_text(save), (x, y), "body", small, p.good if save["success"] else p.bad)
                    x = box.right + SAVE_GAP
                y += LINE
            y += HOUR_ROW - LINE
        if len(rows) > shown:
            blit_text(surface, ui.t("rnp.saves_more", n=len(rows) - shown), (rect.left + PAD, y), "italic", small, p.ink_soft)
        blit_text(
            surface, ui.t("rnp.saves_close"), (rect.centerx, rect.bottom - CLOSE_DY), "italic", small, p.ink_faint, "center"
        )

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: the table's saves."""
        return join(self.ui.t("rnp.saves_title"), self.ui.t("access.dice_close_hint"))

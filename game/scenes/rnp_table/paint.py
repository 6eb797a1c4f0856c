"""The painters of the Rôle'n Play table around its open tab: the title band and the status line.

They get the table's view, its regions and the UI context (never the scene); the open
tab paints its own frame and content (``panel.py``, ``<tab>.py``).
"""

from __future__ import annotations

import pygame

from game.scenes.rnp_table.layout import (
    STATUS_LINES,
    SUMMARY_ALONE,
    SUMMARY_LINES,
    SUMMARY_TWO_LINES,
    TITLE,
    TableRegions,
)
from game.scenes.rnp_table.view import RnpTableView
from game.ui import fonts
from game.ui.context import UIContext
from game.ui.draw import blit_text, draw_rule, parchment
from game.ui.text_fit import ellipsize, fit_lines

HALF_GAP = 12  # between the summary and the warning sharing a narrow page's line


def paint_band(surface: pygame.Surface, view: RnpTableView, regions: TableRegions, ui: UIContext) -> None:
    """The parchment, the title, the clock's summary and the rule under the band."""
    p, theme = ui.palette, ui.theme
    surface.blit(parchment(regions.page, p), (0, 0))
    blit_text(surface, ui.t("rnp.title"), TITLE, "title", theme.text_size("heading") + 4, p.rubric)
    paint_summary(surface, view, regions, ui)
    draw_rule(surface, *regions.rule, p.ink_faint)


def paint_summary(surface: pygame.Surface, view: RnpTableView, regions: TableRegions, ui: UIContext) -> None:
    """The clock (time, scale, round) and the timers run out: between the title and the buttons, or on a line of
    their own under them on a narrow page."""
    p, theme = ui.palette, ui.theme
    small, body = theme.text_size("small"), theme.text_size("body")
    left, right = regions.summary()
    summary, warning = view.summary, view.warning
    if regions.two_lines:
        y = SUMMARY_TWO_LINES
        if warning:
            room = (right - left) // 2 - HALF_GAP
            blit_text(surface, ellipsize(summary, "italic", small, room), (left, y), "italic", small, p.ink_soft, "midleft")
            blit_text(surface, ellipsize(warning, "bold", small, room), (right, y), "bold", small, p.bad, "midright")
        else:
            blit_text(surface, ellipsize(summary, "italic", body, right - left), (left, y), "italic", body, p.ink_soft, "midleft")
        return
    centre, room = (left + right) // 2, right - left
    if warning:  # a timer ran out: the warning is part of the clock
        summary_y, warning_y = SUMMARY_LINES
        blit_text(surface, ellipsize(summary, "italic", small, room), (centre, summary_y), "italic", small, p.ink_soft, "center")
        blit_text(surface, ellipsize(warning, "bold", small, room), (centre, warning_y), "bold", small, p.bad, "center")
    else:
        blit_text(
            surface, ellipsize(summary, "italic", body, room), (centre, SUMMARY_ALONE), "italic", body, p.ink_soft, "center"
        )


def paint_status(surface: pygame.Surface, view: RnpTableView, regions: TableRegions, ui: UIContext) -> None:
    """The status line at the foot: what the last action did, or why it was refused (in red), wrapped on two
    lines when long (cut with "…" only past them; the screen reader says it whole)."""
    if not view.status:
        return
    p, size = ui.palette, ui.theme.text_size("small")
    lines, _ = fit_lines(view.status, "italic", size, regions.status_width, STATUS_LINES)
    colour = p.bad if view.status_bad else p.ink_soft
    step = fonts.line_height("italic", size)
    y = regions.status_y - (len(lines) - 1) * step // 2
    for line in lines:
        blit_text(surface, line, (regions.status_x, y), "italic", size, colour, "midleft")
        y += step

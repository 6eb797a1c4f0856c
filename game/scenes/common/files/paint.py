"""Painting the file browser from its view: the help line and the status lines (the widgets draw the rest)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.scenes.common.files.layout import STATUS_LINE, BrowserLayout
from game.scenes.common.files.view import BrowserView
from game.ui.context import UIContext
from game.ui.draw import blit_text
from game.ui.text_fit import fit_line, wrap_words


def fitting_lines(ui: UIContext, texts: Sequence[str], width: int, room: int, size: int) -> list[str]:
    """As many of ``texts`` as ``room`` lines hold, wrapped to ``width``, and "… and N more" for the rest.

    Only what is shown is wrapped: a book may have 10 000 errors (issue 23 row 11).
    """
    lines: list[str] = []
    for shown, text in enumerate(texts):
        wrapped = wrap_words(text, "body", size, width)
        last = shown == len(texts) - 1
        if len(lines) + len(wrapped) > room - (0 if last else 1):  # one line stays for "… and N more"
            lines.append(ui.t("shelf.more_errors", count=len(texts) - shown))
            break
        lines += wrapped
    return lines


def paint_browser(surface: pygame.Surface, view: BrowserView, parts: BrowserLayout, ui: UIContext) -> None:
    """The help line over the parts, and the status lines under the rows."""
    p, small = ui.palette, ui.theme.text_size("small")
    help_text, help_size = fit_line(view.help, "italic", small, parts.help.width)
    blit_text(surface, help_text, parts.help.topleft, "italic", help_size, p.ink_soft, box=parts.help, owner="browser help")
    box = parts.status
    colour = p.bad if view.status_bad else p.ink_soft
    for i, line in enumerate(fitting_lines(ui, view.status, box.width, box.height // STATUS_LINE, small)):
        blit_text(surface, line, (box.x, box.y + i * STATUS_LINE), "body", small, colour)

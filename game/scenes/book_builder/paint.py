"""The builder's painters: the page and its title, the banner of a book shown read-only, the sections' headings
and the fields' captions in the form's pane, the preview, the problems and the message. They get the view, the
regions and the ui, never the scene."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.scenes.book_builder.layout import LABEL_H, BuilderRegions
from game.scenes.book_builder.view import BuilderView
from game.ui import fonts
from game.ui.context import UIContext
from game.ui.draw import blit_text, draw_page, draw_panel, draw_rule
from game.ui.layout import Column
from game.ui.text_fit import ellipsize, fit_lines
from game.ui.widget import Widget

HEADING_INSET, HEADING_DROP, RULE_RISE, RULE_END = 4, 2, 4, 20  # a section's heading and its rule, in its row
CAPTION_INSET = 2
TITLE_ROOM, RULE_HALF, RULE_Y = 80, 280, 78  # the page's title: its room less this; the rule under it
BANNER_INSET, BANNER_TOP, BANNER_LINE, BANNER_LINES = 16, 6, 20, 2
PREVIEW_RADIUS, PREVIEW_MARGIN = 4, 8  # the preview's frame, and the picture inside it
NOTE_ROOM, NOTE_LINES, NOTE_RISE, NOTE_LINE = 40, 4, 30, 22  # why there is no preview yet, about the middle
PROBLEMS_INSET, PROBLEMS_TITLE, PROBLEMS_TOP, PROBLEMS_FOOT = 14, 10, 40, 8  # the problems panel
PROBLEM_LINES, PROBLEM_GAP = 3, 4  # a problem's lines at most; between two problems
MESSAGE_LINE, MESSAGE_LINES = 22, 2


def paint_heading(ui: UIContext, text: str, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A section's heading, on its own row of the form, with a rule under it."""
    p = ui.palette
    at = (rect.x + HEADING_INSET, rect.centery + HEADING_DROP)
    blit_text(surface, text, at, "title", ui.theme.text_size("body"), p.rubric, "midleft")
    rule_y = rect.bottom - RULE_RISE
    pygame.draw.line(surface, p.ink_faint, (rect.x + HEADING_INSET, rule_y), (rect.right - RULE_END, rule_y))


def paint_captions(ui: UIContext, shown: Sequence[tuple[Widget, str]], surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Each field's caption just above it (shortened to the field's width)."""
    p, size = ui.palette, ui.theme.text_size("small") - 2
    for widget, caption in shown:
        text = ellipsize(caption, "italic", size, widget.rect.width)
        blit_text(
            surface,
            text,
            (widget.rect.x + CAPTION_INSET, widget.rect.y - LABEL_H),
            "italic",
            size,
            p.ink_soft,
            owner="builder caption",
        )


def paint_page(surface: pygame.Surface, view: BuilderView, r: BuilderRegions, ui: UIContext) -> None:
    """The parchment, the title, the banner (a book shown read-only), the preview and the problems."""
    p = ui.palette
    draw_page(
        surface, p, r.page, view.title, r.title_at, ui.theme.text_size("title"), room=r.page[0] - TITLE_ROOM, anchor="center"
    )
    draw_rule(surface, r.page[0] // 2 - RULE_HALF, r.page[0] // 2 + RULE_HALF, RULE_Y, p.ink_soft)
    if r.banner is not None and view.banner:
        draw_panel(surface, r.banner, p, shadow=False)
        small = ui.theme.text_size("small")
        lines, _ = fit_lines(view.banner, "bold", small, r.banner.width - 2 * BANNER_INSET, BANNER_LINES)
        column = Column.inside(r.banner, (BANNER_INSET, BANNER_TOP))
        for line in lines:
            blit_text(surface, line, column.row(BANNER_LINE).topleft, "bold", small, p.bad, box=r.banner)
    paint_preview(surface, view, r, ui)
    paint_problems(surface, view, r, ui)


def paint_preview(surface: pygame.Surface, view: BuilderView, r: BuilderRegions, ui: UIContext) -> None:
    """The book's own screen drawn small (kept in its proportions, centred), or why it is not shown yet."""
    p = ui.palette
    pygame.draw.rect(surface, p.ink_faint, r.preview, 1, border_radius=PREVIEW_RADIUS)
    if view.preview is None:
        lines, _ = fit_lines(view.preview_note, "italic", ui.theme.text_size("small"), r.preview.width - NOTE_ROOM, NOTE_LINES)
        for index, line in enumerate(lines):
            at = (r.preview.centerx, r.preview.centery - NOTE_RISE + index * NOTE_LINE)
            blit_text(surface, line, at, "italic", ui.theme.text_size("small"), p.ink_soft, "center", box=r.preview)
        return
    small = fit_preview(view.preview, r)
    surface.blit(small, small.get_rect(center=r.preview.center))


def fit_preview(picture: pygame.Surface, r: BuilderRegions) -> pygame.Surface:
    """``picture`` shrunk into the preview's frame in its proportions (itself when it fits already): the scene keeps
    the preview shrunk once, not the page or card it was drawn on (3.7–4.6 MB) shrunk again every frame."""
    room = r.preview.inflate(-PREVIEW_MARGIN, -PREVIEW_MARGIN)
    if picture.get_width() <= room.width and picture.get_height() <= room.height:
        return picture
    scale = min(room.width / picture.get_width(), room.height / picture.get_height())
    size = (max(1, int(picture.get_width() * scale)), max(1, int(picture.get_height() * scale)))
    return pygame.transform.smoothscale(picture, size)


def paint_problems(surface: pygame.Surface, view: BuilderView, r: BuilderRegions, ui: UIContext) -> None:
    """The problems of the book as typed, as many lines as the panel holds (then how many more)."""
    p, small = ui.palette, ui.theme.text_size("small")
    draw_panel(surface, r.problems, p, shadow=False)
    colour = p.bad if view.problems else p.good
    x = r.problems.x + PROBLEMS_INSET
    blit_text(surface, view.problems_title, (x, r.problems.y + PROBLEMS_TITLE), "bold", small, colour, box=r.problems)
    line_h = fonts.line_height("body", small - 2)
    y, bottom = r.problems.y + PROBLEMS_TOP, r.problems.bottom - PROBLEMS_FOOT
    for index, problem in enumerate(view.problems):
        lines, _ = fit_lines(problem, "body", small - 2, r.problems.width - 2 * PROBLEMS_INSET, PROBLEM_LINES)
        if y + line_h * len(lines) > bottom - (line_h if index < len(view.problems) - 1 else 0):
            more = ui.t("builder.more_problems", count=len(view.problems) - index)
            blit_text(surface, more, (x, y), "italic", small - 2, p.ink_soft, box=r.problems)
            return
        for line in lines:
            blit_text(surface, line, (x, y), "body", small - 2, p.ink, box=r.problems, owner="builder problem")
            y += line_h
        y += PROBLEM_GAP


def paint_message(surface: pygame.Surface, view: BuilderView, r: BuilderRegions, ui: UIContext) -> None:
    """The message (saved, or why not), on two lines at most, above the row of buttons."""
    if not view.message:
        return
    p, small = ui.palette, ui.theme.text_size("small")
    lines, _ = fit_lines(view.message, "body", small, r.message.width, MESSAGE_LINES)
    for index, line in enumerate(lines):
        at = (r.message.centerx, r.message.centery + index * MESSAGE_LINE - (len(lines) - 1) * MESSAGE_LINE // 2)
        blit_text(surface, line, at, "body", small, p.bad if view.message_bad else p.ink, "center", box=r.message)

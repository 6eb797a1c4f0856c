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
from game.ui.text_fit import ellipsize, fit_lines
from game.ui.widget import Widget


def paint_heading(ui: UIContext, text: str, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A section's heading, on its own row of the form, with a rule under it."""
    p = ui.palette
    blit_text(surface, text, (rect.x + 4, rect.centery + 2), "title", ui.theme.text_size("body"), p.rubric, "midleft")
    pygame.draw.line(surface, p.ink_faint, (rect.x + 4, rect.bottom - 4), (rect.right - 20, rect.bottom - 4))


def paint_captions(ui: UIContext, shown: Sequence[tuple[Widget, str]], surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Each field's caption just above it (shortened to the field's width)."""
    p, size = ui.palette, ui.theme.text_size("small") - 2
    for widget, caption in shown:
        text = ellipsize(caption, "italic", size, widget.rect.width)
        blit_text(
            surface, text, (widget.rect.x + 2, widget.rect.y - LABEL_H), "italic", size, p.ink_soft, owner="builder caption"
        )


def paint_page(surface: pygame.Surface, view: BuilderView, r: BuilderRegions, ui: UIContext) -> None:
    """The parchment, the title, the banner (a book shown read-only), the preview and the problems."""
    p = ui.palette
    draw_page(surface, p, r.page, view.title, r.title_at, ui.theme.text_size("title"), room=r.page[0] - 80, anchor="center")
    draw_rule(surface, r.page[0] // 2 - 280, r.page[0] // 2 + 280, 78, p.ink_soft)
    if r.banner is not None and view.banner:
        draw_panel(surface, r.banner, p, shadow=False)
        small = ui.theme.text_size("small")
        lines, _ = fit_lines(view.banner, "bold", small, r.banner.width - 32, 2)
        for index, line in enumerate(lines):
            blit_text(surface, line, (r.banner.x + 16, r.banner.y + 6 + index * 20), "bold", small, p.bad, box=r.banner)
    paint_preview(surface, view, r, ui)
    paint_problems(surface, view, r, ui)


def paint_preview(surface: pygame.Surface, view: BuilderView, r: BuilderRegions, ui: UIContext) -> None:
    """The book's own screen drawn small (kept in its proportions, centred), or why it is not shown yet."""
    p = ui.palette
    pygame.draw.rect(surface, p.ink_faint, r.preview, 1, border_radius=4)
    if view.preview is None:
        lines, _ = fit_lines(view.preview_note, "italic", ui.theme.text_size("small"), r.preview.width - 40, 4)
        for index, line in enumerate(lines):
            at = (r.preview.centerx, r.preview.centery - 30 + index * 22)
            blit_text(surface, line, at, "italic", ui.theme.text_size("small"), p.ink_soft, "center", box=r.preview)
        return
    picture = view.preview
    scale = min((r.preview.width - 8) / picture.get_width(), (r.preview.height - 8) / picture.get_height())
    size = (max(1, int(picture.get_width() * scale)), max(1, int(picture.get_height() * scale)))
    small = picture if size == picture.get_size() else pygame.transform.smoothscale(picture, size)
    surface.blit(small, small.get_rect(center=r.preview.center))


def paint_problems(surface: pygame.Surface, view: BuilderView, r: BuilderRegions, ui: UIContext) -> None:
    """The problems of the book as typed, as many lines as the panel holds (then how many more)."""
    p, small = ui.palette, ui.theme.text_size("small")
    draw_panel(surface, r.problems, p, shadow=False)
    colour = p.bad if view.problems else p.good
    blit_text(surface, view.problems_title, (r.problems.x + 14, r.problems.y + 10), "bold", small, colour, box=r.problems)
    line_h = fonts.line_height("body", small - 2)
    y, bottom = r.problems.y + 40, r.problems.bottom - 8
    for index, problem in enumerate(view.problems):
        lines, _ = fit_lines(problem, "body", small - 2, r.problems.width - 28, 3)
        if y + line_h * len(lines) > bottom - (line_h if index < len(view.problems) - 1 else 0):
            more = ui.t("builder.more_problems", count=len(view.problems) - index)
            blit_text(surface, more, (r.problems.x + 14, y), "italic", small - 2, p.ink_soft, box=r.problems)
            return
        for line in lines:
            blit_text(surface, line, (r.problems.x + 14, y), "body", small - 2, p.ink, box=r.problems, owner="builder problem")
            y += line_h
        y += 4


def paint_message(surface: pygame.Surface, view: BuilderView, r: BuilderRegions, ui: UIContext) -> None:
    """The message (saved, or why not), on two lines at most, above the row of buttons."""
    if not view.message:
        return
    p, small = ui.palette, ui.theme.text_size("small")
    lines, _ = fit_lines(view.message, "body", small, r.message.width, 2)
    for index, line in enumerate(lines):
        at = (r.message.centerx, r.message.centery + index * 22 - (len(lines) - 1) * 11)
        blit_text(surface, line, at, "body", small, p.bad if view.message_bad else p.ink, "center", box=r.message)

"""Painting the Adventure Sheet: the panels, the score and counter rows, the quiver, the calendar and the week.

Painters of ``(surface, view, regions, ui)``: they draw what the
:class:`~game.scenes.sheet.view.SheetView` says where the
:class:`~game.scenes.sheet.layout.SheetRegions` put it, and never change the
sheet. The rows of the scrolling panes are painted with the row's rect,
wherever the pane has scrolled it.
"""

from __future__ import annotations

import pygame

from game.scenes.sheet.layout import CALENDAR_HEIGHT, SheetRegions
from game.scenes.sheet.tools import paint_tools
from game.scenes.sheet.view import CalendarLines, SheetView
from game.ui import fonts
from game.ui.context import UIContext
from game.ui.draw import blit_text, draw_panelled_page
from game.ui.icons import draw_icon
from game.ui.text_fit import fit_line, fit_lines, wrap_words


def draw(surface: pygame.Surface, view: SheetView, regions: SheetRegions, ui: UIContext) -> None:
    """Everything under the widgets: the page, the title, the panels and their words."""
    p = ui.palette
    # The page and its four panels, made once for the layout: a click blits one page, not four blended panels.
    draw_panelled_page(surface, p, (regions.hero.panel, regions.paragraph.panel, regions.backpack.panel, regions.side.panel))
    title, size = fit_line(view.title, "title", ui.theme.text_size("heading"), regions.title_room)
    box = pygame.Rect(16, 0, regions.title_room + 8, 60)
    blit_text(surface, title, (20, 29), "title", size, p.rubric, "midleft", box=box, owner="sheet title")
    small = ui.theme.text_size("small")
    badge, size = fit_line(view.badge, "italic", small, regions.title_room, min_size=small - 3)  # left of the buttons
    blit_text(surface, badge, (22, 55), "italic", size, p.ink_soft, "midleft")
    _hero(surface, view, regions, ui)
    _paragraph(surface, view, regions, ui)
    _backpack(surface, view, regions, ui)
    _side(surface, view, regions, ui)


def shown_name(view: SheetView, regions: SheetRegions, ui: UIContext) -> tuple[str, int]:
    """The hero's name as it fits left of Rename (shortened with '…'), and its size."""
    room = regions.hero.rename.x - regions.hero.panel.x - 30
    return fit_line(view.hero_name, "title", ui.theme.text_size("heading"), room)


def _hero(surface: pygame.Surface, view: SheetView, regions: SheetRegions, ui: UIContext) -> None:
    p, hero, small = ui.palette, regions.hero, ui.theme.text_size("small")
    panel = hero.panel
    shown, size = shown_name(view, regions, ui)
    box = pygame.Rect(panel.x + 16, panel.y + 8, hero.rename.x - panel.x - 22, 40)
    blit_text(surface, shown, (panel.x + 20, panel.y + 14), "title", size, p.ink, box=box, owner="hero name")
    headings_y = hero.pane.y - 14
    current_x = hero.stat_column + hero.counter_width // 2
    blit_text(surface, ui.t("sheet.heading_current"), (current_x, headings_y), "italic", small, p.ink_soft, "center")
    blit_text(surface, ui.t("sheet.heading_initial"), (hero.initial_x, headings_y), "italic", small, p.ink_soft, "center")


def _paragraph(surface: pygame.Surface, view: SheetView, regions: SheetRegions, ui: UIContext) -> None:
    p, paragraph = ui.palette, regions.paragraph
    panel = paragraph.panel
    if paragraph.heading:
        blit_text(surface, ui.t("sheet.paragraph"), (panel.x + 20, panel.y + 14), "title", ui.theme.text_size("heading"), p.ink)
    number, size = fit_line(view.paragraph, "bold", 34, paragraph.number.width, min_size=20)
    at = paragraph.number.midright
    blit_text(surface, number, at, "bold", size, p.rubric, "midright", box=paragraph.number, owner="paragraph number")
    if not view.visited:
        at, small = paragraph.no_history, ui.theme.text_size("small")
        said, size = fit_line(ui.t("sheet.no_history"), "italic", small, panel.right - 16 - at[0], min_size=small - 3)
        blit_text(surface, said, at, "italic", size, p.ink_faint)


def _backpack(surface: pygame.Surface, view: SheetView, regions: SheetRegions, ui: UIContext) -> None:
    p, backpack = ui.palette, regions.backpack
    panel = backpack.panel
    blit_text(surface, ui.t("sheet.backpack"), (panel.x + 20, panel.y + 14), "title", ui.theme.text_size("heading"), p.ink)
    # The list shown, with its count against its limit ("Sac à Dos · 3 / 8"), left of ‹ › when the book has lists.
    at, body = (panel.x + 20, backpack.equipment.y - 30), ui.theme.text_size("body")
    heading = view.items.heading if view.items is not None and backpack.lists is not None else ui.t("sheet.equipment")
    end = backpack.lists[0].x - 8 if backpack.lists is not None else panel.right - 20
    text, size = fit_line(heading, "title", body, end - at[0], min_size=body - 4)
    box = pygame.Rect(at[0] - 4, at[1] - 4, end - at[0] + 8, 30)
    blit_text(surface, text, at, "title", size, p.ink_soft, box=box, owner="item list heading")
    if view.calendar is not None and backpack.calendar is not None and backpack.tick is not None:
        _calendar_line(surface, view.calendar, backpack.calendar, backpack.tick, ui)


def _side(surface: pygame.Surface, view: SheetView, regions: SheetRegions, ui: UIContext) -> None:
    p, side = ui.palette, regions.side
    if view.tab == "creatures" and view.creature_notes:
        small = ui.theme.text_size("small")
        y = side.creature_list.bottom + 8
        for line in wrap_words(view.creature_notes, "italic", small, side.inner.width)[:3]:
            blit_text(surface, line, (side.inner.x, y), "italic", small, p.ink_soft)
            y += 24
    if view.tab == "calendar" and view.calendar is not None:
        draw_week(surface, view.calendar, regions, ui)
    if view.tab == "tools":
        paint_tools(surface, view.tools, side.tools, ui)


def draw_status(surface: pygame.Surface, view: SheetView, regions: SheetRegions, ui: UIContext) -> None:
    """The status line over everything: the last message, else an autosave that failed."""
    p, small = ui.palette, ui.theme.text_size("small")
    if view.message:
        colour = {"bad": p.bad, "good": p.good}.get(view.tone, p.ink)
        line = wrap_words(view.message, "body", small, regions.page[0] - 40)[0]
        blit_text(surface, line, regions.message_centre, "body", small, colour, "center")
    elif view.save_problem:
        blit_text(surface, view.save_problem, regions.message_centre, "body", small, p.bad, "center")


def stat_row(
    surface: pygame.Surface, view: SheetView, regions: SheetRegions, ui: UIContext, row: pygame.Rect, index: int
) -> None:
    """A score's name and initial value, left and right of its counter (a row of the scrolling scores)."""
    p, body = ui.palette, ui.theme.text_size("body")
    line = view.stats[index]
    room = regions.hero.name_room
    name, size = score_name(line.name, line.short, room, ui)
    box = pygame.Rect(row.x + 16, row.y, room + 8, row.height)
    middle = regions.hero.counter_in(row).centery
    blit_text(surface, name, (row.x + 20, middle), "title", size, p.ink, "midleft", box=box, owner="score name")
    blit_text(surface, line.initial, (regions.hero.initial_x, middle), "body", body, p.ink_soft, "center")


def score_name(name: str, short: str | None, room: int, ui: UIContext) -> tuple[str, int]:
    """A score's name as it fits ``room`` (set smaller first), else the book's short name for it, else cut with "…"."""
    body, small = ui.theme.text_size("body"), ui.theme.text_size("small")
    shown, size = fit_line(name, "title", body, room, min_size=small - 1)
    if shown != name and short is not None:  # cut: the book's short name says it whole
        shown, size = fit_line(short, "title", body, room, min_size=small - 1)
    return shown, size


def counter_row(
    surface: pygame.Surface, view: SheetView, regions: SheetRegions, ui: UIContext, row: pygame.Rect, index: int
) -> None:
    """A counter's icon and name (and the quiver's arrows) beside its counter; a narrow backpack's use button is its icon."""
    p, line, backpack = ui.palette, view.counters[index], regions.backpack
    counter = backpack.counter_in(row)
    if not (backpack.narrow and line.usable):
        icon = (
            pygame.Rect(row.x + 16, counter.centery - 20, 36, 36)
            if backpack.narrow
            else pygame.Rect(row.x + 16, row.y + 4, 36, 36)
        )
        draw_icon(surface, line.icon, icon, p.ink, p.parchment_light)
    room = backpack.name_room(row)
    if backpack.narrow and (line.quiver or line.broken):  # the name, and under it the quiver or the broken bow's warning
        top, under = (
            pygame.Rect(room.x, room.y, room.width, room.height // 2),
            pygame.Rect(room.x, room.centery, room.width, room.height // 2),
        )
        counter_name(surface, line.name, top, ui, lines=1)
        if line.broken:
            small = ui.theme.text_size("small")
            warning, size = fit_line(ui.t("sheet.bow_broken"), "italic", small - 2, under.width)
            blit_text(surface, warning, under.midleft, "italic", size, p.bad, "midleft", box=under, owner="bow broken")
        else:
            draw_quiver(surface, ui, under.inflate(0, 8), line.arrows, line.quiver)
        return
    counter_name(surface, line.name, room if backpack.narrow else pygame.Rect(room.x, row.y, room.width, 44), ui)
    if line.quiver:
        quiver = pygame.Rect(counter.right + 8, counter.y, row.right - counter.right - 16, 44)
        draw_quiver(surface, ui, quiver, line.arrows, line.quiver)
        if line.broken:
            small = ui.theme.text_size("small")
            warning, size = fit_line(ui.t("sheet.bow_broken"), "italic", small - 2, counter.x - row.x - 62)
            blit_text(surface, warning, (row.x + 58, counter.bottom), "italic", size, p.bad, "midleft")


NAME_SIZES = 4  # a counter's name may be set this many points under "small" before it is cut


def counter_lines(name: str, room: int, ui: UIContext, lines: int = 2) -> tuple[list[str], int]:
    """A counter's name in at most ``lines`` lines of ``room``: at the body size, else smaller, else cut with "…"."""
    body, small = ui.theme.text_size("body"), ui.theme.text_size("small")
    if fonts.text_width(name, "body", body) <= room:
        return [name], body
    smallest = small - NAME_SIZES
    for size in range(small, smallest - 1, -1):  # on more lines only once set small
        wrapped = wrap_words(name, "body", size, room)
        whole = " ".join(wrapped) == " ".join(name.split())  # no word broken in two
        if whole and len(wrapped) <= lines and all(fonts.text_width(line, "body", size) <= room for line in wrapped):
            return wrapped, size
    return fit_lines(name, "body", smallest, room, lines)[0], smallest


def counter_name(surface: pygame.Surface, name: str, room: pygame.Rect, ui: UIContext, lines: int = 2) -> None:
    """A counter's name in ``room``, on as many lines as it needs up to ``lines``, centred on the room's height."""
    p = ui.palette
    shown, size = counter_lines(name, room.width, ui, lines)
    pitch = size + 2
    box = room.inflate(8, 0)
    for i, line in enumerate(shown):
        at = (room.x, round(room.centery + (i - 0.5 * (len(shown) - 1)) * pitch))
        blit_text(surface, line, at, "body", size, p.ink, "midleft", box=box, owner="counter name")


def draw_quiver(surface: pygame.Surface, ui: UIContext, rect: pygame.Rect, arrows: int, maximum: int) -> None:
    """The quiver's slots: an arrow in each of the first ``arrows``, the others empty."""
    p = ui.palette
    slot = min(20, rect.width // max(1, maximum))
    for index in range(maximum):
        box = pygame.Rect(rect.x + index * slot, rect.y + 4, slot - 2, rect.height - 8)
        x, top, bottom = box.centerx, box.top, box.bottom
        if index >= arrows:
            pygame.draw.line(surface, p.ink_faint, (x, bottom), (x, top + 6), 1)
            continue
        pygame.draw.line(surface, p.ink, (x, bottom), (x, top + 6), 2)
        pygame.draw.polygon(surface, p.ink, [(x, top), (x - 4, top + 8), (x + 4, top + 8)])
        pygame.draw.line(surface, p.rubric, (x - 3, bottom - 2), (x, bottom - 8), 2)
        pygame.draw.line(surface, p.rubric, (x + 3, bottom - 2), (x, bottom - 8), 2)


def _calendar_line(surface: pygame.Surface, lines: CalendarLines, cal: pygame.Rect, tick: pygame.Rect, ui: UIContext) -> None:
    """The compact line in the backpack: today and the count of days, left of Tick a day (a narrow one: the day's name)."""
    p = ui.palette
    pygame.draw.line(surface, p.ink_faint, (cal.x + 16, cal.y), (cal.right - 16, cal.y))
    room = tick.x - cal.x - 28  # left of "Tick a day"
    box = pygame.Rect(cal.x + 16, cal.y, room + 8, cal.height)
    today, short = calendar_words(lines, room, ui)
    ys = (cal.y + 24, cal.y + 50) if cal.height >= CALENDAR_HEIGHT else (tick.centery - 10, tick.centery + 12)
    for (text, size), y, face, colour, owner in zip(
        (today, short), ys, ("body", "italic"), (p.ink, p.ink_soft), ("calendar today", "calendar summary")
    ):
        blit_text(surface, text, (cal.x + 20, y), face, size, colour, "midleft", box=box, owner=owner)


def calendar_words(lines: CalendarLines, room: int, ui: UIContext) -> tuple[tuple[str, int], tuple[str, int]]:
    """The calendar line's two lines as they fit ``room``: "Today: Tonnerdi", or only the day where that is cut."""
    small = ui.theme.text_size("small")
    today = fit_line(lines.today, "body", small, room, min_size=small - 3)
    if today[0] != lines.today:  # the day alone, whole: Tick a day's tooltip says it all
        today = fit_line(lines.day, "body", small, room, min_size=small - NAME_SIZES)
    return today, fit_line(lines.short, "italic", small, room, min_size=small - NAME_SIZES)


def day_names(lines: CalendarLines, regions: SheetRegions, ui: UIContext) -> list[tuple[str, int]]:
    """Each day's name as it fits before its Rename button ('…'; the button's hover gives the whole name), and its size."""
    inner, body = regions.side.inner, ui.theme.text_size("body")
    fitted = []
    for index, day in enumerate(lines.days):
        end = regions.side.days[index].x - 8 if index in lines.renamable else inner.right
        style = "bold" if lines.today_index == index else "body"
        fitted.append(fit_line(day, style, body, end - inner.x - 50))
    return fitted


def draw_week(surface: pygame.Surface, lines: CalendarLines, regions: SheetRegions, ui: UIContext) -> None:
    """R-TIME-1: the day boxes of the week, ticked days crossed, today marked."""
    p, inner, pitch = ui.palette, regions.side.inner, regions.side.week_pitch
    blit_text(surface, lines.name, (inner.x, inner.y), "title", ui.theme.text_size("body"), p.ink_soft)
    for index, (name, size) in enumerate(day_names(lines, regions, ui)):
        y, box = inner.y + 40 + index * pitch, regions.side.day_boxes[index]
        pygame.draw.rect(surface, p.parchment_light, box, border_radius=4)
        pygame.draw.rect(surface, p.ink, box, width=2, border_radius=4)
        if lines.crossed[index]:
            pygame.draw.line(surface, p.rubric, (box.x + 6, box.centery), (box.centerx - 2, box.bottom - 7), 4)
            pygame.draw.line(surface, p.rubric, (box.centerx - 2, box.bottom - 7), (box.right - 5, box.y + 6), 4)
        today = lines.today_index == index
        style, colour = ("bold", p.rubric) if today else ("body", p.ink)
        blit_text(surface, name, (inner.x + 50, y + min(44, pitch - 4) // 2), style, size, colour, "midleft")
    at = (inner.x, inner.bottom - 12)
    blit_text(surface, lines.summary, at, "italic", ui.theme.text_size("small"), p.ink_soft, "midleft")

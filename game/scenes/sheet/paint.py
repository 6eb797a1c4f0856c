"""Painting the Adventure Sheet: the panels, the quiver, the calendar and the week, read from the scene's state.

Draws only (never changes the sheet): every value comes from the rules state
and the scene's widgets, which the scene refreshes after each change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.journal import play_badge
from game.rules.ff.ruleset import calendar_view
from game.scenes.sheet.layout import ICONS, STAT_ROW, STATS_TOP, calendar_rect, week_pitch
from game.ui import fonts
from game.ui.draw import blit_text, draw_panel, parchment, wrap_words
from game.ui.icons import draw_icon
from game.ui.text_fit import fit_line

if TYPE_CHECKING:
    from game.scenes.sheet.scene import SheetScene


def draw(scene: SheetScene, surface: pygame.Surface) -> None:
    ui, p, book, state = scene.ui, scene.ui.palette, scene.book, scene.adventure.state
    language = ui.catalogue.language
    hero = state.hero
    assert hero is not None  # the sheet opens only once the hero is made (navigator.resume)
    HERO, PARAGRAPH, BACKPACK, SIDE = scene.r.hero, scene.r.paragraph, scene.r.backpack, scene.side
    surface.blit(parchment(surface.get_size(), p), (0, 0))
    heading, body, small = ui.theme.text_size("heading"), ui.theme.text_size("body"), ui.theme.text_size("small")
    label = book.label(language)
    title = (f"{label} · " if label else "") + book.title.get(language)
    room = min(button.rect.x for button in scene.top.values()) - 28
    title, size = fit_line(title, "title", heading, room)
    blit_text(
        surface, title, (20, 29), "title", size, p.rubric, "midleft", box=pygame.Rect(16, 0, room + 8, 60), owner="sheet title"
    )
    blit_text(surface, play_badge(ui, scene.adventure.session), (22, 55), "italic", small, p.ink_soft, "midleft")
    # hero
    draw_panel(surface, HERO, p)
    name = hero.name or ui.t("sheet.nameless")
    room = scene.rename_button.rect.x - HERO.x - 30
    shown, size = fit_line(name, "title", heading, room)
    box = pygame.Rect(HERO.x + 16, HERO.y + 8, room + 8, 40)
    blit_text(surface, shown, (HERO.x + 20, HERO.y + 14), "title", size, p.ink, box=box, owner="hero name")
    # A name shortened to fit is read whole on the Rename button's hover (the name itself is no control).
    scene.rename_button.tooltip = name if shown != name else None
    current_x = scene.stat_column() + scene.stat_counter_width() // 2
    blit_text(surface, ui.t("sheet.heading_current"), (current_x, HERO.y + STATS_TOP - 14), "italic", small, p.ink_soft, "center")
    initial_at = (scene.r.initial_x, HERO.y + STATS_TOP - 14)
    blit_text(surface, ui.t("sheet.heading_initial"), initial_at, "italic", small, p.ink_soft, "center")
    # paragraph
    draw_panel(surface, PARAGRAPH, p)
    blit_text(surface, ui.t("sheet.paragraph"), (PARAGRAPH.x + 20, PARAGRAPH.y + 14), "title", heading, p.ink)
    current = f"§ {state.paragraph}" if state.paragraph else "§ —"
    blit_text(surface, current, (PARAGRAPH.right - 20, PARAGRAPH.y + 34), "bold", 34, p.rubric, "midright")
    if not state.paragraph_history:
        at = (PARAGRAPH.x + 20, PARAGRAPH.y + (106 if scene.r.compact else 128))
        blit_text(surface, ui.t("sheet.no_history"), at, "italic", small, p.ink_faint)
    # backpack
    draw_panel(surface, BACKPACK, p)
    blit_text(surface, ui.t("sheet.backpack"), (BACKPACK.x + 20, BACKPACK.y + 14), "title", heading, p.ink)
    blit_text(surface, ui.t("sheet.equipment"), (BACKPACK.x + 20, scene.equipment.rect.y - 30), "title", body, p.ink_soft)
    if book.calendar:
        draw_calendar(scene, surface)
    # side
    draw_panel(surface, SIDE, p)
    if scene.tab == "creatures":
        selected = scene.creature_list.selected
        if selected is not None and selected < len(state.creature_boxes) and state.creature_boxes[selected].notes:
            inner = SIDE.inflate(-32, -32)
            y = scene.creature_list.rect.bottom + 8
            for line in wrap_words(state.creature_boxes[selected].notes, "italic", small, inner.width)[:3]:
                blit_text(surface, line, (inner.x, y), "italic", small, p.ink_soft)
                y += 24
    if scene.tab == "calendar":
        draw_week(scene, surface)
    if scene.tab == "tools":
        scene.tools.draw(surface)
    scene.group.draw(surface)
    if scene.message:
        colour = {"bad": p.bad, "good": p.good}.get(scene.tone, p.ink)
        blit_text(
            surface,
            wrap_words(scene.message, "body", small, scene.r.page[0] - 40)[0],
            scene.r.message_centre,
            "body",
            small,
            colour,
            "center",
        )
    elif scene.adventure.save_problem:
        blit_text(surface, scene.save_failed_text(), scene.r.message_centre, "body", small, p.bad, "center")


def draw_stat_row(scene: SheetScene, surface: pygame.Surface, rect: pygame.Rect, stat) -> None:
    """A score's name and initial value, left and right of its counter (a row of the scrolling scores)."""
    ui, p, hero = scene.ui, scene.ui.palette, scene.adventure.state.hero
    assert hero is not None  # the sheet opens only once the hero is made (navigator.resume)
    body, small = ui.theme.text_size("body"), ui.theme.text_size("small")
    room = scene.stat_column() - rect.x - 24
    name, size = fit_line(stat.name.get(ui.catalogue.language), "title", body, room, min_size=small - 1)
    blit_text(
        surface,
        name,
        (rect.x + 20, rect.y + 23),
        "title",
        size,
        p.ink,
        "midleft",
        box=pygame.Rect(rect.x + 16, rect.y, room + 8, STAT_ROW),
        owner="score name",
    )
    initial = str(hero.initial[stat.id]) if stat.capped_at_initial else "—"
    blit_text(surface, initial, (scene.r.initial_x, rect.y + 23), "body", body, p.ink_soft, "center")


def draw_counter_row(scene: SheetScene, surface: pygame.Surface, rect: pygame.Rect, counter) -> None:
    """A counter's icon and name (and the quiver's arrows) beside, or above, its counter."""
    ui, p, state = scene.ui, scene.ui.palette, scene.adventure.state
    body, small = ui.theme.text_size("body"), ui.theme.text_size("small")
    widget = scene.counter_widgets[counter.id]
    draw_icon(surface, ICONS.get(counter.icon, "shield"), pygame.Rect(rect.x + 16, rect.y + 4, 36, 36), p.ink, p.parchment_light)
    name = counter.name.get(ui.catalogue.language)
    # R-BOW-4 (revised): a string broken in a fight not won stays broken until a fight is won.
    broken = counter.icon == "arrow" and bool(counter.maximum) and state.fight is not None and state.fight.bow_broken
    if scene.r.stacked_counters:
        room = rect.right - rect.x - 66
        if broken:  # the counter fills the row below: the warning takes the end of the name's line
            warning, warning_size = fit_line(ui.t("sheet.bow_broken"), "italic", small - 2, room // 2)
            blit_text(surface, warning, (rect.right - 16, rect.y + 14), "italic", warning_size, p.bad, "midright")
            room -= fonts.text_width(warning, "italic", warning_size) + 12
        name, size = fit_line(name, "body", body, room)
        blit_text(
            surface,
            name,
            (rect.x + 58, rect.y + 14),
            "body",
            size,
            p.ink,
            "midleft",
            box=pygame.Rect(rect.x + 54, rect.y, room + 8, 28),
            owner="counter name",
        )
    else:
        room = widget.rect.x - rect.x - 62
        size = body if fonts.text_width(name, "body", body) <= room else small
        lines = wrap_words(name, "body", size, room)[:2]
        for i, line in enumerate(lines):
            blit_text(
                surface,
                line,
                (rect.x + 58, rect.y + 22 + (i - 0.5 * (len(lines) - 1)) * 20),
                "body",
                size,
                p.ink,
                "midleft",
                box=pygame.Rect(rect.x + 54, rect.y, room + 8, rect.height),
                owner="counter name",
            )
    if counter.icon == "arrow" and counter.maximum:
        quiver = pygame.Rect(widget.rect.right + 8, widget.rect.y, rect.right - widget.rect.right - 16, 44)
        draw_quiver(scene, surface, quiver, state.counters[counter.id], counter.maximum)
        if broken and not scene.r.stacked_counters:
            room = widget.rect.x - rect.x - 62
            warning, warning_size = fit_line(ui.t("sheet.bow_broken"), "italic", small - 2, room)
            blit_text(surface, warning, (rect.x + 58, widget.rect.bottom), "italic", warning_size, p.bad, "midleft")


def draw_quiver(scene: SheetScene, surface: pygame.Surface, rect: pygame.Rect, arrows: int, maximum: int) -> None:
    p = scene.ui.palette
    slot = min(20, rect.width // max(1, maximum))
    for index in range(maximum):
        slot_rect = pygame.Rect(rect.x + index * slot, rect.y + 4, slot - 2, rect.height - 8)
        if index < arrows:
            pygame.draw.line(surface, p.ink, (slot_rect.centerx, slot_rect.bottom), (slot_rect.centerx, slot_rect.top + 6), 2)
            pygame.draw.polygon(
                surface,
                p.ink,
                [
                    (slot_rect.centerx, slot_rect.top),
                    (slot_rect.centerx - 4, slot_rect.top + 8),
                    (slot_rect.centerx + 4, slot_rect.top + 8),
                ],
            )
            pygame.draw.line(
                surface, p.rubric, (slot_rect.centerx - 3, slot_rect.bottom - 2), (slot_rect.centerx, slot_rect.bottom - 8), 2
            )
            pygame.draw.line(
                surface, p.rubric, (slot_rect.centerx + 3, slot_rect.bottom - 2), (slot_rect.centerx, slot_rect.bottom - 8), 2
            )
        else:
            pygame.draw.line(
                surface, p.ink_faint, (slot_rect.centerx, slot_rect.bottom), (slot_rect.centerx, slot_rect.top + 6), 1
            )


def draw_pencil(scene: SheetScene, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The eraser button's icon: a pencil with its eraser end, drawn in ink."""
    p = scene.ui.palette
    c = pygame.Vector2(rect.center)
    tip, end = c + (-11, 11), c + (10, -10)
    pygame.draw.line(surface, p.ink, tip + (3, -3), end, 7)
    pygame.draw.line(surface, p.parchment_light, tip + (4, -4), end - (1, -1), 3)
    pygame.draw.polygon(surface, p.ink, [tip, tip + (7, -2), tip + (2, -7)])
    pygame.draw.line(surface, p.rubric, end, end + (3, -3), 7)


def draw_calendar(scene: SheetScene, surface: pygame.Surface) -> None:
    """The compact line in the backpack: today's name and the count of days."""
    ui, p = scene.ui, scene.ui.palette
    cal = calendar_rect(scene.r.backpack)
    pygame.draw.line(surface, p.ink_faint, (cal.x + 16, cal.y), (cal.right - 16, cal.y))
    view = calendar_view(scene.book, scene.adventure.state, ui.catalogue.language)
    assert view is not None  # drawn only for a book with a calendar
    today = view["today"] or ui.t("sheet.no_day_yet")
    small = ui.theme.text_size("small")
    room = scene.tick_button.rect.x - cal.x - 28  # left of "Tick a day"
    box = pygame.Rect(cal.x + 16, cal.y, room + 8, cal.height)
    text, size = fit_line(ui.t("sheet.today", day=today), "body", small, room, min_size=small - 3)
    blit_text(surface, text, (cal.x + 20, cal.y + 24), "body", size, p.ink, "midleft", box=box, owner="calendar today")
    summary = ui.t("sheet.calendar_short", ticked=view["ticked"], weeks=view["weeks"])
    text, size = fit_line(summary, "italic", small, room, min_size=small - 3)
    blit_text(surface, text, (cal.x + 20, cal.y + 50), "italic", size, p.ink_soft, "midleft", box=box, owner="calendar summary")


def draw_week(scene: SheetScene, surface: pygame.Surface) -> None:
    """R-TIME-1: the seven day boxes of the week, ticked days crossed, today marked."""
    ui, p = scene.ui, scene.ui.palette
    inner = scene.side.inflate(-32, -32)
    calendar = scene.book.calendar
    view = calendar_view(scene.book, scene.adventure.state, ui.catalogue.language)
    assert view is not None  # the calendar tab exists only for a book with a calendar
    length = len(calendar.days)
    blit_text(
        surface, calendar.name.get(ui.catalogue.language), (inner.x, inner.y), "title", ui.theme.text_size("body"), p.ink_soft
    )
    done = view["ticked"] % length if view["ticked"] % length or view["ticked"] == 0 else length
    body = ui.theme.text_size("body")
    pitch = week_pitch(inner, length)
    for index in range(length):
        y = inner.y + 40 + index * pitch
        side = min(36, pitch - 8)
        box = pygame.Rect(inner.x, y + (min(44, pitch - 4) - side) // 2, side, side)
        pygame.draw.rect(surface, p.parchment_light, box, border_radius=4)
        pygame.draw.rect(surface, p.ink, box, width=2, border_radius=4)
        if (index - calendar.first_tick) % length < done:
            pygame.draw.line(surface, p.rubric, (box.x + 6, box.centery), (box.centerx - 2, box.bottom - 7), 4)
            pygame.draw.line(surface, p.rubric, (box.centerx - 2, box.bottom - 7), (box.right - 5, box.y + 6), 4)
        colour = p.rubric if view["today_index"] == index else p.ink
        style = "bold" if view["today_index"] == index else "body"
        # A day's name ends before its Rename button ('…'; the button's hover gives the whole name).
        button = scene.day_buttons[index] if index in calendar.renamable else None
        room = (button.rect.x - 8 if button is not None else inner.right) - inner.x - 50
        name, size = fit_line(view["days"][index], style, body, room)
        if button is not None:
            button.tooltip = view["days"][index] if name != view["days"][index] else scene.ui.tr("sheet.rename_day_tip")
        blit_text(surface, name, (inner.x + 50, y + min(44, pitch - 4) // 2), style, size, colour, "midleft")
    blit_text(
        surface,
        ui.t(
            "sheet.calendar_summary",
            days=ui.t("sheet.days_ticked", n=view["ticked"]),
            weeks=ui.t("sheet.weeks_gone", n=view["weeks"]),
        ),
        (inner.x, inner.bottom - 12),
        "italic",
        ui.theme.text_size("small"),
        p.ink_soft,
        "midleft",
    )

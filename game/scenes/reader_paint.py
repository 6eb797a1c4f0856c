"""Painting the reader: the page with its header and its finis, the event strip and its note, the compact sheet.

Draws only, from the scene's offer (what the rules say the section offers now)
and the rules state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.app.book_texts import item_texts
from game.rules.ff import actions as a
from game.rules.ff import sections as rules
from game.rules.ff.outcome import good
from game.rules.ff.ruleset import calendar_view
from game.scenes.reader_layout import ICONS
from game.ui import fonts
from game.ui.draw import blit_text, draw_panel, draw_rule, parchment, wrap_words
from game.ui.icons import draw_icon
from game.ui.text_fit import fit_line

if TYPE_CHECKING:
    from game.scenes.reader import ReaderScene


def draw(scene: ReaderScene, surface: pygame.Surface) -> None:
    ui, p = scene.ui, scene.ui.palette
    surface.blit(parchment(scene.page, p), (0, 0))
    room = scene.sheet_button.rect.x - 36
    title, size = fit_line(scene.book.title.get(scene.language), "title", ui.theme.text_size("heading"), room)
    blit_text(
        surface, title, (20, 34), "title", size, p.rubric, "midleft", box=pygame.Rect(16, 0, room + 8, 68), owner="reader title"
    )
    draw_panel(surface, scene.r.book_page, p)
    draw_header(scene, surface)
    draw_strip(scene, surface)
    draw_finis(scene, surface)
    draw_panel(surface, scene.r.side, p)
    draw_side(scene, surface)
    scene.group.draw(surface)
    if scene.message:
        colour = {"bad": p.bad, "good": p.good}.get(scene.tone, p.ink)
        small = ui.theme.text_size("small")
        message, size = fit_line(scene.message, "body", small, scene.page[0] - 40)
        blit_text(surface, message, scene.r.message_centre, "body", size, colour, "center")
    elif scene.adventure.save_problem:
        message, size = fit_line(scene.save_failed_text(), "body", ui.theme.text_size("small"), scene.page[0] - 40)
        blit_text(surface, message, scene.r.message_centre, "body", size, p.bad, "center")


def draw_header(scene: ReaderScene, surface: pygame.Surface) -> None:
    p = scene.ui.palette
    number = str(scene.offer.number) if scene.offer else "—"
    page = scene.r.book_page
    centre = page.centerx
    blit_text(surface, number, (centre, page.y + 40), "bold", 40, p.rubric, "center")
    width = fonts.text_width(number, "bold", 40)
    draw_rule(surface, page.x + 60, centre - width // 2 - 24, page.y + 42, p.ink_soft)
    draw_rule(surface, centre + width // 2 + 24, page.right - 60, page.y + 42, p.ink_soft)


def draw_finis(scene: ReaderScene, surface: pygame.Surface) -> None:
    """An ending closes with a centred "Fin" between two rules, under the text when there is room."""
    offer, p = scene.offer, scene.ui.palette
    if offer is None or offer.ending is None:
        return
    y = scene.text.rect.y + scene.text.content - scene.text.scroll + 44
    if y > scene.text.rect.bottom - 20:
        return
    word = scene.ui.t("reader.finis")
    width = fonts.text_width(word, "title", 34)
    centre = scene.r.book_page.centerx
    blit_text(surface, word, (centre, y), "title", 34, p.rubric, "center")
    draw_rule(surface, centre - width // 2 - 150, centre - width // 2 - 20, y + 2, p.ink_soft)
    draw_rule(surface, centre + width // 2 + 20, centre + width // 2 + 150, y + 2, p.ink_soft)


def strip_note(scene: ReaderScene) -> tuple[str | None, tuple[int, int, int]]:
    """The line beside the strip's button: the fight ahead, the test's verdict, death or the end."""
    ui, p, offer = scene.ui, scene.ui.palette, scene.offer
    if offer is None or offer.section is None:
        return None, p.ink_soft
    if offer.dead:
        return ui.t("reader.dead"), p.bad
    if offer.ending == "victory":
        return ui.t("reader.end_victory"), p.good
    if offer.ending == "defeat":
        return ui.t("reader.end_defeat"), p.bad
    if offer.next is not None and offer.next.kind == "fight":
        return fight_note(scene, scene.adventure.state, offer.next), p.ink_soft
    return last_outcome_note(scene, offer)


def draw_strip(scene: ReaderScene, surface: pygame.Surface) -> None:
    ui, p, offer = scene.ui, scene.ui.palette, scene.offer
    if offer is None or scene.strip.height == 0:
        return
    strip = scene.strip
    pygame.draw.line(surface, p.parchment_dark, (strip.x, strip.y - 6), (strip.right, strip.y - 6), 2)
    body, small = ui.theme.text_size("body"), ui.theme.text_size("small")
    buttons = (scene.event_button, scene.death_button, scene.shelf_button)
    note_x = strip.x + (350 if any(b.visible for b in buttons) else 0)
    note, colour = strip_note(scene)
    if note:
        size = body if fonts.text_width(note, "italic", body) <= strip.right - note_x else small
        lines = wrap_words(note, "italic", size, strip.right - note_x)[:3]
        top = strip.y + 32 - (len(lines) - 1) * 10
        for i, line in enumerate(lines):
            blit_text(surface, line, (note_x, top + i * 20), "italic", size, colour, "midleft")


def fight_note(scene: ReaderScene, state: Any, status: rules.EventStatus) -> str:
    ui = scene.ui
    fight = status.action
    assert isinstance(fight, a.StartFight)  # a fight event's action starts the fight
    enemies: list[Any] = list(fight.enemies)
    if status.started and state.fight is not None:
        enemies = [e for e in state.fight.enemies if e.stamina > 0]
    names = ", ".join(ui.t("reader.creature", name=e.name, skill=e.skill, stamina=e.stamina) for e in enemies)
    extras = []
    if fight.arrows:
        extras.append(ui.t("reader.arrows_allowed", count=fight.arrows))
    if len(enemies) > 1:
        extras.append(ui.t(f"reader.mode_{fight.mode}"))
    if fight.escape:
        extras.append(ui.t("reader.escape_allowed"))
    return names + (" — " + " · ".join(extras) if extras else "")


def last_outcome_note(scene: ReaderScene, offer: rules.Offer) -> tuple[str | None, tuple[int, int, int]]:
    p = scene.ui.palette
    for status in reversed(offer.events):
        if status.done and status.kind in ("test_luck", "test_skill"):
            return scene.ui.t(f"reader.verdict_{status.outcome}"), p.good if good(status.outcome) else p.bad
        if status.done and status.kind == "fight":
            return scene.ui.t("reader.fight_won" if status.outcome == "hero" else "reader.fight_escaped"), p.ink_soft
    return None, p.ink_soft


def draw_side(scene: ReaderScene, surface: pygame.Surface) -> None:
    ui, p, book, state = scene.ui, scene.ui.palette, scene.book, scene.adventure.state
    hero = state.hero
    if hero is None:
        return
    body, small, heading = ui.theme.text_size("body"), ui.theme.text_size("small"), ui.theme.text_size("heading")
    side = scene.r.side
    x, right = side.x + 20, side.right - 20
    name, size = fit_line(hero.name or ui.t("sheet.nameless"), "title", heading, right - x)
    blit_text(surface, name, (x, side.y + 14), "title", size, p.ink, box=side, owner="reader hero")
    y = side.y + 62
    row = 34 if side.height >= 600 else 30  # a short page packs the rows so the equipment keeps some room
    for stat in book.stats:
        name = stat.name.get(scene.language)
        blit_text(surface, name, (x, y + 14), "title", body, p.ink, "midleft")
        value = str(hero.scores[stat.id])
        initial = f"/ {hero.initial[stat.id]}" if stat.capped_at_initial else ""
        colour = p.bad if stat.id == "stamina" and hero.scores[stat.id] <= max(4, hero.initial[stat.id] // 4) else p.ink
        blit_text(surface, initial, (right - 40, y + 14), "body", body, p.ink_soft, "midleft")
        blit_text(surface, value, (right - 46, y + 14), "bold", 26, colour, "midright")
        y += row
    draw_rule(surface, x, right, y + 6, p.ink_faint)
    y += 18
    for counter in book.counters:
        draw_icon(surface, ICONS.get(counter.icon, "shield"), pygame.Rect(x, y, 28, 28), p.ink, p.parchment_light)
        blit_text(surface, counter.name.get(scene.language), (x + 38, y + 14), "body", body, p.ink, "midleft")
        value = str(state.counters[counter.id]) + (f" / {counter.maximum}" if counter.maximum else "")
        blit_text(surface, value, (right, y + 14), "bold", body, p.ink, "midright")
        y += row
    if book.calendar is not None:
        draw_rule(surface, x, right, y + 6, p.ink_faint)
        y += 20
        view = calendar_view(book, state, scene.language)
        assert view is not None  # the book has a calendar
        blit_text(surface, ui.t("reader.today"), (x, y), "italic", small, p.ink_soft)
        if view["today"] is None:
            blit_text(surface, ui.t("sheet.no_day_yet"), (x, y + 24), "italic", body, p.ink_soft)
        else:
            blit_text(surface, view["today"], (x, y + 22), "bold", body, p.rubric)
            blit_text(
                surface,
                ui.t("reader.days_ticked", ticked=view["ticked"]),
                (right, y + 26),
                "italic",
                small,
                p.ink_soft,
                "topright",
            )
        y += 56
    if hero.weapon_lost:
        blit_text(surface, ui.t("reader.weapon_lost"), (x, y + 4), "italic", small, p.bad)
        y += 28
    bottom = scene._side_buttons_top() - 12
    if state.equipment and y + 50 < bottom:
        draw_rule(surface, x, right, y + 6, p.ink_faint)
        y += 18
        blit_text(surface, ui.t("reader.equipment"), (x, y), "italic", small, p.ink_soft)
        y += 26
        lines = wrap_words(
            " · ".join(item_texts(scene.book, list(state.equipment), ui.catalogue.language)), "body", small, right - x
        )
        room = max(1, (bottom - y) // 23)
        if len(lines) > room:
            lines = lines[: room - 1] + [ui.t("reader.more_items")]
        for line in lines:
            blit_text(surface, line, (x, y), "italic" if line == ui.t("reader.more_items") else "body", small, p.ink)
            y += 23

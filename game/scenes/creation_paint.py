"""Painting hero creation: the book's rules, the ready-made heroes or the sheet preview, the hero panel.

Draws only, from the scene's session and fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.rules.session import HONEST
from game.scenes.combat_board import ellipsize
from game.scenes.creation_layout import CARD_GAP, FIELD_W, HEADING_SPACE, HERO_PANEL, PAD, ROW_H, RULES_PANEL, TOP_PANEL
from game.ui import fonts
from game.ui.draw import blit_text, draw_die, draw_panel, draw_rule, parchment, rounded_box, wrap_words
from game.ui.text_fit import fit_lines
from game.ui.theme import LOGICAL_SIZE

if TYPE_CHECKING:
    from game.scenes.creation import CreationScene


def formula_text(stat: Any) -> str:
    """``1d6 + 6`` from the book's formula (``2d6``, ``1d6 − 1``…)."""
    roll = stat.roll
    text = f"{roll.dice}d{roll.sides}"
    if roll.plus > 0:
        text += f" + {roll.plus}"
    elif roll.plus < 0:
        text += f" − {-roll.plus}"
    return text


def fitted_name(scene: CreationScene, stat: Any, face: str, size: int, width: int) -> str:
    """The stat's name where it fits in ``width``, else the book's short name, else the name cut with "…"."""
    name = scene.stat_name(stat)
    if fonts.text_width(name, face, size) <= width or stat.short is None:
        return ellipsize(name, face, size, width)
    return ellipsize(stat.short.get(scene.ui.catalogue.language), face, size, width)


def summary(scene: CreationScene) -> str:
    """``HABILETÉ 11 · ENDURANCE 20 · CHANCE 9`` for the current hero."""
    if scene.hero is None:
        return ""
    full = " · ".join(f"{scene.stat_name(s)} {scene.hero.initial.get(s.id, 0)}" for s in scene.book.stats)
    if fonts.text_width(full, "bold", scene.ui.theme.text_size("body")) <= HERO_PANEL.width - 2 * PAD:
        return full
    return " · ".join(
        f"{(s.short or s.name).get(scene.ui.catalogue.language)} {scene.hero.initial.get(s.id, 0)}" for s in scene.book.stats
    )


def draw(scene: CreationScene, surface: pygame.Surface) -> None:
    ui, p, theme = scene.ui, scene.ui.palette, scene.ui.theme
    language = ui.catalogue.language
    surface.blit(parchment(LOGICAL_SIZE, p), (0, 0))
    blit_text(surface, scene.book.title.get(language), (640, 8), "title", theme.text_size("title"), p.rubric, "midtop")
    number = getattr(scene.book, "series_number", None)
    series = scene.book.series.name.get(ui.catalogue.language) if hasattr(scene.book, "series") else ""
    subtitle = ui.t("creation.subtitle_numbered", number=number, series=series) if number else ui.t("creation.subtitle")
    blit_text(surface, subtitle, (640, 60), "italic", theme.text_size("small"), p.ink_soft, "midtop")
    draw_rule(surface, 360, 920, 92, p.ink_soft)
    draw_rules(scene, surface)
    if scene.book.ready_heroes:
        draw_ready_heroes(scene, surface)
    else:
        draw_sheet_preview(scene, surface)
    draw_hero_panel(scene, surface)
    scene.steps.draw(surface, scene.session)
    scene.group.draw(surface)


def heading(scene: CreationScene, surface: pygame.Surface, rect: pygame.Rect, key: str) -> None:
    p, theme = scene.ui.palette, scene.ui.theme
    draw_panel(surface, rect, p)
    blit_text(surface, scene.ui.t(key), (rect.x + PAD, rect.y + 12), "title", theme.text_size("heading"), p.ink)
    pygame.draw.line(surface, p.ink_faint, (rect.x + PAD, rect.y + 44), (rect.right - PAD, rect.y + 44))


def draw_rules(scene: CreationScene, surface: pygame.Surface) -> None:
    ui, p, theme = scene.ui, scene.ui.palette, scene.ui.theme
    heading(scene, surface, RULES_PANEL, "creation.rules_heading")
    x0, width = RULES_PANEL.x + PAD, RULES_PANEL.width - 2 * PAD
    small, body = theme.text_size("small"), theme.text_size("body")
    blit_text(surface, ui.t("creation.rules_intro"), (x0, RULES_PANEL.y + HEADING_SPACE + 8), "italic", small, p.ink_soft)
    top = RULES_PANEL.y + HEADING_SPACE + 44
    for index, stat in enumerate(scene.book.stats):
        cy = top + index * ROW_H + ROW_H // 2
        if index:
            pygame.draw.line(surface, p.ink_faint, (x0, top + index * ROW_H), (x0 + width, top + index * ROW_H))
        blit_text(surface, fitted_name(scene, stat, "body", body, 144), (x0, cy), "body", body, p.ink, "midleft")
        if stat.roll is not None:
            text = ui.t("creation.formula_range", formula=formula_text(stat), low=stat.roll.minimum, high=stat.roll.maximum)
            blit_text(surface, text, (x0 + 150, cy), "italic", small, p.ink_soft, "midleft")
        else:
            blit_text(surface, ui.t("creation.fixed_rule"), (x0 + 150, cy), "italic", small, p.ink_soft, "midleft")
            box = pygame.Rect(x0 + width - FIELD_W, cy - 21, FIELD_W, 42)
            surface.blit(rounded_box(box.size, p.parchment_dark, p.ink_faint, 4), box)
            blit_text(surface, str(stat.fixed), (box.x + 10, cy), "body", body, p.ink_soft, "midleft")
            blit_text(surface, ui.t("creation.fixed_short"), (box.right - 8, cy), "italic", small, p.ink_soft, "midright")
    y = scene.honest_toggle.rect.bottom + 14
    if scene.message:
        for line in wrap_words(scene.message, "body", small, width)[:3]:
            blit_text(surface, line, (x0, y), "body", small, p.bad)
            y += fonts.line_height("body", small)
        y += 8
    hint = ui.t("creation.physical_hint") if scene.services.settings.physical_dice else ui.t("creation.hint")
    if scene.play == HONEST:
        hint = ui.t("play.creation_hint_honest")
    line_h = fonts.line_height("italic", small)
    bottom = RULES_PANEL.bottom - 12
    about = [
        (scene.stat_name(s), ui.t(f"creation.about_{s.id}"))
        for s in scene.book.stats
        if ui.catalogue.has(f"creation.about_{s.id}")
    ]
    # The hint gives way (down to one line ending in "…") so that every score keeps at least one line below.
    reserved = (len(about) * fonts.line_height("body", small - 2) + 20) if about else 0
    hint_lines, _ = fit_lines(hint, "italic", small, width, max(1, (bottom - y - reserved) // line_h))
    for line in hint_lines:
        if y + line_h > bottom:
            return
        blit_text(surface, line, (x0, y), "italic", small, p.ink_soft)
        y += line_h
    # What each score stands for.
    if not about or y + len(about) * fonts.line_height("body", small - 2) + 20 > bottom:
        return
    y += 10
    draw_rule(surface, x0 + 60, x0 + width - 60, y, p.ink_faint)
    y += 10
    entries = [f"{name}\u00a0: {text}" if ui.catalogue.language == "fr" else f"{name}: {text}" for name, text in about]
    # Every score is explained: whole entries when they fit, else a smaller size, else one line each ending in "…".
    for size in (small, small - 2):
        size_h = fonts.line_height("body", size)
        wrapped = [wrap_words(entry, "body", size, width) for entry in entries]
        if y + sum(len(lines) * size_h + 4 for lines in wrapped) <= bottom:
            break
    else:
        per_line = max(1, (bottom - y) // len(entries) // size_h)
        wrapped = [fit_lines(entry, "body", size, width, per_line)[0] for entry in entries]
    gap = 4 if y + sum(len(lines) * size_h + 4 for lines in wrapped) <= bottom else 0
    box = pygame.Rect(x0, y, width, bottom - y + 6)
    for lines in wrapped:
        for line in lines:
            blit_text(surface, line, (x0, y), "body", size, p.ink, box=box, owner="creation score help")
            y += size_h
        y += gap


def draw_ready_heroes(scene: CreationScene, surface: pygame.Surface) -> None:
    ui, p, theme = scene.ui, scene.ui.palette, scene.ui.theme
    language = ui.catalogue.language
    heading(scene, surface, TOP_PANEL, "creation.ready_heading")
    small, body = theme.text_size("small"), theme.text_size("body")
    for index, ready in enumerate(scene.book.ready_heroes):
        card = scene.card_rect(index)
        chosen = scene.picked == ready.name
        surface.blit(rounded_box(card.size, p.parchment_light, p.accent if chosen else p.ink_faint, 6, 3 if chosen else 1), card)
        x, inner = card.x + 14, card.width - 28
        blit_text(surface, ready.name, (card.centerx, card.y + 10), "bold", body, p.rubric, "midtop")
        y = card.y + 46
        for stat in scene.book.stats:
            blit_text(surface, scene.stat_name(stat), (x, y), "body", small, p.ink_soft)
            value = ready.scores.get(stat.id, stat.fixed)
            blit_text(surface, str(value), (x + inner, y), "bold", small, p.ink, "topright")
            y += fonts.line_height("body", small) + 3
        pygame.draw.line(surface, p.ink_faint, (x, y + 6), (x + inner, y + 6))
        y += 14
        line_h = fonts.line_height("italic", small)
        limit = card.bottom - 64
        lines = wrap_words(ready.portrait.get(language), "italic", small, inner)
        for line in lines:
            if y + line_h > limit:
                break
            blit_text(surface, line, (x, y), "italic", small, p.ink)
            y += line_h
        if ready.equipment and y + line_h * 2 <= limit:
            items = ", ".join(item.get(language) for item in ready.equipment)
            for line in wrap_words(ui.t("creation.equipment", items=items), "body", small, inner):
                if y + line_h > limit:
                    break
                blit_text(surface, line, (x, y + 4), "body", small, p.ink_soft)
                y += line_h


def draw_sheet_preview(scene: CreationScene, surface: pygame.Surface) -> None:
    ui, p, theme = scene.ui, scene.ui.palette, scene.ui.theme
    language = ui.catalogue.language
    heading(scene, surface, TOP_PANEL, "creation.sheet_heading")
    stats = scene.book.stats
    inner = TOP_PANEL.width - 2 * PAD
    width = (inner - CARD_GAP * (len(stats) - 1)) // len(stats)
    top = TOP_PANEL.y + HEADING_SPACE + 8
    small, body, value_size = theme.text_size("small"), theme.text_size("body"), theme.text_size("title")
    for index, stat in enumerate(stats):
        tile = pygame.Rect(TOP_PANEL.x + PAD + index * (width + CARD_GAP), top, width, 196)
        surface.blit(rounded_box(tile.size, p.parchment_light, p.ink_faint, 6, 1), tile)
        blit_text(
            surface,
            fitted_name(scene, stat, "body", body, tile.width - 12),
            (tile.centerx, tile.y + 10),
            "body",
            body,
            p.ink,
            "midtop",
        )
        value = None if scene.hero is None else scene.hero.initial.get(stat.id)
        blit_text(
            surface,
            "—" if value is None else str(value),
            (tile.centerx, tile.y + 74),
            "bold",
            value_size,
            p.ink if value is not None else p.ink_faint,
            "center",
        )
        faces = scene.rolled.get(stat.id)
        if faces:
            plus_w = fonts.text_width(f"+ {abs(stat.roll.plus)}", "body", body) + 12 if stat.roll.plus else 0
            size = max(16, min(34, (tile.width - 16 - plus_w) // len(faces) - 8))  # narrow tiles: smaller dice
            total_w = len(faces) * (size + 8) - 8
            sx = tile.centerx - (total_w + plus_w) // 2 + size // 2
            for i, face in enumerate(faces):
                draw_die(surface, (sx + i * (size + 8), tile.y + 132), size, face, p)
            plus = stat.roll.plus
            if plus:
                text = f"+ {plus}" if plus > 0 else f"− {-plus}"
                blit_text(surface, text, (sx + total_w - size // 2 + 12, tile.y + 132), "body", body, p.ink_soft, "midleft")
        elif stat.roll is not None:
            blit_text(surface, formula_text(stat), (tile.centerx, tile.y + 132), "italic", body, p.ink_soft, "center")
        else:
            blit_text(surface, ui.t("creation.fixed_short"), (tile.centerx, tile.y + 132), "italic", body, p.ink_soft, "center")
        note = ui.t("creation.initial_note") if value is not None else ui.t("creation.not_yet")
        blit_text(surface, note, (tile.centerx, tile.bottom - 14), "italic", small, p.ink_faint, "midbottom")
    # What the hero starts with: the book's equipment and counters.
    y = top + 196 + 18
    x = TOP_PANEL.x + PAD
    blit_text(surface, ui.t("creation.starting_heading"), (x, y), "bold", body, p.ink)
    y += fonts.line_height("bold", body) + 2
    items = [item.get(language) for item in scene.book.equipment]
    items += [ui.t("creation.counter_start", name=c.name.get(language), value=c.start) for c in scene.book.counters if c.start]
    text = ", ".join(items) if items else ui.t("creation.nothing_else")
    line_h = fonts.line_height("italic", small)
    for line in wrap_words(text, "italic", small, inner):
        if y + line_h > scene.content_bottom:
            break
        blit_text(surface, line, (x, y), "italic", small, p.ink)
        y += line_h
    blurb = getattr(scene.book, "blurb", None)
    if blurb is not None and y + line_h * 2 < scene.content_bottom:
        y += 8
        for line in wrap_words(blurb.get(language), "italic", small, inner):
            if y + line_h > scene.content_bottom:
                break
            blit_text(surface, line, (x, y), "italic", small, p.ink_soft)
            y += line_h


def draw_hero_panel(scene: CreationScene, surface: pygame.Surface) -> None:
    """Before a hero exists: "Your hero" and what to do; after: the scores as the heading."""
    ui, p, theme = scene.ui, scene.ui.palette, scene.ui.theme
    small, body = theme.text_size("small"), theme.text_size("body")
    x = HERO_PANEL.x + PAD
    y = HERO_PANEL.y + HEADING_SPACE + 2
    if scene.hero is None:
        heading(scene, surface, HERO_PANEL, "creation.hero_heading")
        key = "creation.no_hero_ready" if scene.book.ready_heroes else "creation.no_hero"
        blit_text(surface, ui.t(key), (x, y), "italic", body, p.ink_soft)
        return
    draw_panel(surface, HERO_PANEL, p)
    blit_text(surface, summary(scene), (x, HERO_PANEL.y + 14), "bold", body, p.ink)
    pygame.draw.line(surface, p.ink_faint, (x, HERO_PANEL.y + 44), (HERO_PANEL.right - PAD, HERO_PANEL.y + 44))
    if scene.status_key:
        key = (
            "play.status_rolled_honest"
            if scene.play == HONEST and scene.status_key == "creation.status_rolled"
            else scene.status_key
        )
        blit_text(surface, ui.t(key, name=scene.picked or ""), (x, y), "italic", small, p.ink_soft)

"""Painting hero creation: the book's rules, the ready-made heroes or the sheet preview, the hero panel.

Draws only, from the scene's session and fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.rules.session import HONEST
from game.scenes.creation_layout import CARD_GAP, HEADING_SPACE, PAD
from game.ui import fonts
from game.ui.draw import blit_text, draw_die, draw_panel, draw_rule, parchment, rounded_box, wrap_words
from game.ui.text_fit import ellipsize, fit_line, fit_lines

if TYPE_CHECKING:
    from game.scenes.creation import CreationScene

TITLE_CLEAR = 28 + 150 + 16  # the back button (x 28, 150 wide) and a gap: the centred title stays clear of it
PICK_ROOM = 58  # the foot of a ready-made hero's card, where its "pick" button sits


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
    if fonts.text_width(full, "bold", scene.ui.theme.text_size("body")) <= scene.r.hero.width - 2 * PAD:
        return full
    return " · ".join(
        f"{(s.short or s.name).get(scene.ui.catalogue.language)} {scene.hero.initial.get(s.id, 0)}" for s in scene.book.stats
    )


def summary_lines(scene: CreationScene, width: int) -> tuple[list[str], int]:
    """The summary on one line (a little smaller if need be), else on two at the small size, cut between scores."""
    text, body, small = summary(scene), scene.ui.theme.text_size("body"), scene.ui.theme.text_size("small")
    line, size = fit_line(text, "bold", body, width, min_size=small)
    if line == text:
        return [line], size
    lines: list[str] = []
    for part in text.split(" · "):
        if lines and fonts.text_width(lines[-1] + " · " + part, "bold", small) <= width:
            lines[-1] += " · " + part
        else:
            lines.append(part)
    if len(lines) > 2:
        lines = [lines[0], fit_line(" · ".join(lines[1:]), "bold", small, width, min_size=small)[0]]
    return lines, small


def draw(scene: CreationScene, surface: pygame.Surface) -> None:
    ui, p, theme = scene.ui, scene.ui.palette, scene.ui.theme
    language = ui.catalogue.language
    surface.blit(parchment(scene.page, p), (0, 0))
    centre = scene.r.centre_x
    title_y, subtitle_y, rule_y = scene.r.heading_ys
    # The title keeps clear of the back button at the top left (a narrow page: smaller, then cut with "…").
    title, size = fit_line(scene.book.title.get(language), "title", theme.text_size("title"), scene.page[0] - 2 * TITLE_CLEAR)
    blit_text(surface, title, (centre, title_y), "title", size, p.rubric, "midtop")
    number = getattr(scene.book, "series_number", None)
    series = scene.book.series.name.get(ui.catalogue.language) if hasattr(scene.book, "series") else ""
    subtitle = ui.t("creation.subtitle_numbered", number=number, series=series) if number else ui.t("creation.subtitle")
    blit_text(surface, subtitle, (centre, subtitle_y), "italic", theme.text_size("small"), p.ink_soft, "midtop")
    draw_rule(surface, centre - 280, centre + 280, rule_y, p.ink_soft)
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
    r = scene.r
    heading(scene, surface, r.rules, "creation.rules_heading")
    x0, width = r.inner
    small, body = theme.text_size("small"), theme.text_size("body")
    blit_text(surface, ui.t("creation.rules_intro"), (x0, r.rules.y + HEADING_SPACE + 8), "italic", small, p.ink_soft)
    for index, stat in enumerate(scene.book.stats):
        row = r.score_row(index)
        cy = row.centery
        if index:
            pygame.draw.line(surface, p.ink_faint, row.topleft, row.topright)
        name_at, formula_at = r.name_and_formula(index)
        blit_text(surface, fitted_name(scene, stat, "body", body, r.name_width), name_at, "body", body, p.ink, "midleft")
        box = r.field_rect(index)
        if stat.roll is not None:
            text = ui.t("creation.formula_range", formula=formula_text(stat), low=stat.roll.minimum, high=stat.roll.maximum)
        else:
            text = ui.t("creation.fixed_rule")
        text, size = fit_line(text, "italic", small, box.x - 6 - formula_at[0])
        blit_text(surface, text, formula_at, "italic", size, p.ink_soft, "midleft", box=row, owner="creation formula")
        if stat.roll is None:
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
    bottom = r.rules.bottom - 12
    about = [(scene.stat_name(s), text) for s in scene.book.stats if (text := stat_about(s, ui))]
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
    for size in (theme.text_size("body"), small, small - 2):  # the biggest size at which every score is explained
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
    heading(scene, surface, scene.r.top, "creation.ready_heading")
    small, body = theme.text_size("small"), theme.text_size("body")
    for index, ready in enumerate(scene.book.ready_heroes):
        card = scene.card_rect(index)
        chosen = scene.picked == ready.name
        surface.blit(rounded_box(card.size, p.parchment_light, p.accent if chosen else p.ink_faint, 6, 3 if chosen else 1), card)
        x, inner = card.x + 14, card.width - 28
        y = card.y + 10
        size = body if card.width >= 300 else small  # a wide card (a big page) is read at the body size
        names = card_name(ready.name, body, inner)  # two lines on a narrow card
        scores_h = len(scene.book.stats) * (fonts.line_height("body", size) + 3)
        if y + 36 + (len(names) - 1) * fonts.line_height("bold", body) + scores_h > card.bottom - PICK_ROOM:
            names = [fit_line(ready.name, "bold", body, inner)[0]]  # a short card: the name on one line
        for line in names:
            blit_text(surface, line, (card.centerx, y), "bold", body, p.rubric, "midtop", box=card, owner="ready hero")
            y += fonts.line_height("bold", body)
        y += 36 - fonts.line_height("bold", body)
        for stat in scene.book.stats:
            if y + fonts.line_height("body", size) > card.bottom - PICK_ROOM:
                break  # never under the "pick" button (the scores are on the sheet once picked)
            value = str(ready.scores.get(stat.id, stat.fixed))
            room = inner - fonts.text_width(value, "bold", size) - 8
            blit_text(surface, fitted_name(scene, stat, "body", size, room), (x, y), "body", size, p.ink_soft)
            blit_text(surface, value, (x + inner, y), "bold", size, p.ink, "topright")
            y += fonts.line_height("body", size) + 3
        pygame.draw.line(surface, p.ink_faint, (x, y + 6), (x + inner, y + 6))
        y += 14
        line_h = fonts.line_height("italic", size)
        limit = card.bottom - 64
        # The portrait gets the room (its last line ending in "…" if cut), then the equipment if two lines are left.
        lines = fit_lines(ready.portrait.get(language), "italic", size, inner, max(1, (limit - y) // line_h))[0]
        for line in lines:
            if y + line_h > limit:
                break
            blit_text(surface, line, (x, y), "italic", size, p.ink)
            y += line_h
        if ready.equipment and y + line_h * 2 <= limit:
            items = ", ".join(item.get(language) for item in ready.equipment)
            for line in wrap_words(ui.t("creation.equipment", items=items), "body", size, inner):
                if y + line_h > limit:
                    break
                blit_text(surface, line, (x, y + 4), "body", size, p.ink_soft)
                y += line_h


def card_name(name: str, size: int, width: int) -> list[str]:
    """A ready-made hero's name on one line, or two on a narrow card (the second ending in "…" if still too long)."""
    return fit_lines(name, "bold", size, width, 2)[0]


def draw_sheet_preview(scene: CreationScene, surface: pygame.Surface) -> None:
    ui, p, theme = scene.ui, scene.ui.palette, scene.ui.theme
    language = ui.catalogue.language
    panel, content_bottom = scene.r.top, scene.r.content_bottom(scene.book)
    heading(scene, surface, panel, "creation.sheet_heading")
    stats = scene.book.stats
    inner = panel.width - 2 * PAD
    width = (inner - CARD_GAP * (len(stats) - 1)) // len(stats)
    top = panel.y + HEADING_SPACE + 8
    # The tiles give up some height on a short page so the starting equipment keeps a few lines.
    # A tall panel (a big page) grows them, up to 260, with bigger dice.
    room = content_bottom - top
    tile_h = max(150, min(196 + max(0, room - 372) // 2, 260, room - 100))
    small, body, value_size = theme.text_size("small"), theme.text_size("body"), theme.text_size("title")
    for index, stat in enumerate(stats):
        tile = pygame.Rect(panel.x + PAD + index * (width + CARD_GAP), top, width, tile_h)
        dice_y = tile.y + tile_h * 132 // 196
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
            (tile.centerx, tile.y + tile_h * 74 // 196),
            "bold",
            value_size,
            p.ink if value is not None else p.ink_faint,
            "center",
        )
        faces = scene.rolled.get(stat.id)
        if faces:
            plus_w = fonts.text_width(f"+ {abs(stat.roll.plus)}", "body", body) + 12 if stat.roll.plus else 0
            size = max(16, min(34 * tile_h // 196, (tile.width - 16 - plus_w) // len(faces) - 8))  # narrow tiles: smaller dice
            total_w = len(faces) * (size + 8) - 8
            sx = tile.centerx - (total_w + plus_w) // 2 + size // 2
            for i, face in enumerate(faces):
                draw_die(surface, (sx + i * (size + 8), dice_y), size, face, p)
            plus = stat.roll.plus
            if plus:
                text = f"+ {plus}" if plus > 0 else f"− {-plus}"
                blit_text(surface, text, (sx + total_w - size // 2 + 12, dice_y), "body", body, p.ink_soft, "midleft")
        elif stat.roll is not None:
            blit_text(surface, formula_text(stat), (tile.centerx, dice_y), "italic", body, p.ink_soft, "center")
        else:
            blit_text(surface, ui.t("creation.fixed_short"), (tile.centerx, dice_y), "italic", body, p.ink_soft, "center")
        note = ui.t("creation.initial_note") if value is not None else ui.t("creation.not_yet")
        note, size = fit_line(note, "italic", small, tile.width - 10)
        blit_text(
            surface, note, (tile.centerx, tile.bottom - 14), "italic", size, p.ink_faint, "midbottom", box=tile, owner="tile note"
        )
    # What the hero starts with: the book's equipment and counters.
    y = top + tile_h + 18
    x = panel.x + PAD
    if y + fonts.line_height("bold", body) > content_bottom:
        return  # a short page with the book's creation steps below: the tiles take the room
    blit_text(surface, ui.t("creation.starting_heading"), (x, y), "bold", body, p.ink)
    y += fonts.line_height("bold", body) + 2
    items = [item.get(language) for item in scene.book.equipment]
    items += [ui.t("creation.counter_start", name=c.name.get(language), value=c.start) for c in scene.book.counters if c.start]
    text = ", ".join(items) if items else ui.t("creation.nothing_else")
    size = body if inner >= 900 else small  # a wide panel (a big page) is read at the body size
    line_h = fonts.line_height("italic", size)
    for line in fit_lines(text, "italic", size, inner, max(1, (content_bottom - y) // line_h))[0]:
        if y + line_h > content_bottom:
            break
        blit_text(surface, line, (x, y), "italic", size, p.ink)
        y += line_h
    blurb = getattr(scene.book, "blurb", None)
    if blurb is not None and y + 8 + line_h * 2 <= content_bottom:
        y += 8
        for line in fit_lines(blurb.get(language), "italic", size, inner, (content_bottom - y) // line_h)[0]:
            blit_text(surface, line, (x, y), "italic", size, p.ink_soft)
            y += line_h


def draw_hero_panel(scene: CreationScene, surface: pygame.Surface) -> None:
    """Before a hero exists: "Your hero" and what to do; after: the scores as the heading."""
    ui, p, theme = scene.ui, scene.ui.palette, scene.ui.theme
    small, body = theme.text_size("small"), theme.text_size("body")
    panel = scene.r.hero
    x = panel.x + PAD
    y = panel.y + HEADING_SPACE + 2
    if scene.hero is None:
        heading(scene, surface, panel, "creation.hero_heading")
        key = "creation.no_hero_ready" if scene.book.ready_heroes else "creation.no_hero"
        text, size = fit_line(ui.t(key), "italic", body, panel.width - 2 * PAD)
        blit_text(surface, text, (x, y), "italic", size, p.ink_soft, box=panel, owner="creation hero panel")
        return
    draw_panel(surface, panel, p)
    lines, size = summary_lines(scene, panel.width - 2 * PAD)
    top = panel.y + (14 if len(lines) == 1 else 8)
    for line in lines:
        blit_text(surface, line, (x, top), "bold", size, p.ink, box=panel, owner="creation summary")
        top += fonts.line_height("bold", size)
    rule_y = max(panel.y + 44, top + 2)
    pygame.draw.line(surface, p.ink_faint, (x, rule_y), (panel.right - PAD, rule_y))
    y += rule_y - (panel.y + 44)
    if scene.status_key:
        key = (
            "play.status_rolled_honest"
            if scene.play == HONEST and scene.status_key == "creation.status_rolled"
            else scene.status_key
        )
        blit_text(surface, ui.t(key, name=scene.picked or ""), (x, y), "italic", small, p.ink_soft)


def stat_about(stat: Any, ui: Any) -> str:
    """What a score means: the book's own words, else the app's for the three scores every book shares ("" if none)."""
    if stat.about is not None:
        return str(stat.about.get(ui.catalogue.language))
    key = f"creation.about_{stat.id}"
    return ui.t(key) if ui.catalogue.has(key) else ""

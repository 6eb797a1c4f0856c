"""Painting the fight's setup: the two panels, the creature rows, the form's labels and the refusal, read from the scene's state.

Draws only (never changes the setup); the panels' places live here because the
scene lays its widgets out by them too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.scenes.combat_board import ellipsize
from game.ui.draw import blit_text, draw_panel, draw_rule, parchment
from game.ui.theme import LOGICAL_SIZE

if TYPE_CHECKING:
    from game.scenes.fight_setup import FightSetupScene

LEFT = pygame.Rect(28, 88, 604, 548)
RIGHT = pygame.Rect(648, 88, 604, 548)
ROW_H = 38


def draw(scene: FightSetupScene, surface: pygame.Surface) -> None:
    """Paint the setup under and around the scene's widgets."""
    p, theme, t = scene.ui.palette, scene.ui.theme, scene.ui.t
    surface.blit(parchment(LOGICAL_SIZE, p), (0, 0))
    blit_text(surface, t("combat.setup_title"), (LOGICAL_SIZE[0] // 2, 14), "title", theme.text_size("title"), p.rubric, "midtop")
    draw_rule(surface, 340, LOGICAL_SIZE[0] - 340, 72, p.ink_soft)
    heading, body, small = theme.text_size("heading"), theme.text_size("body"), theme.text_size("small")
    for rect, key in ((LEFT, "combat.setup_enemies"), (RIGHT, "combat.setup_options")):
        draw_panel(surface, rect, p)
        blit_text(surface, t(key), (rect.x + 22, rect.y + 10), "title", heading, p.ink)
        pygame.draw.line(surface, p.ink_faint, (rect.x + 22, rect.y + 46), (rect.right - 22, rect.y + 46))
    x = LEFT.x + 22
    if not scene.box_toggles:
        blit_text(surface, t("combat.setup_no_boxes"), (x, LEFT.y + 60 + ROW_H // 2 - 3), "italic", body, p.ink_soft, "midleft")
    more = scene.hidden_boxes
    if more > 0:
        blit_text(
            surface,
            t("combat.setup_more_boxes", n=more),
            (LEFT.right - 22, scene.typed_label_y),
            "italic",
            small,
            p.ink_soft,
            "topright",
        )
    blit_text(surface, t("combat.setup_typed"), (x, scene.typed_label_y), "italic", small, p.ink_soft)
    for row, typed in enumerate(scene.typed):
        label = t("combat.setup_box", name=typed["name"], skill=typed["skill"], stamina=typed["stamina"])
        if typed["notes"]:
            label = f"{label} — {typed['notes']}"
        blit_text(
            surface,
            ellipsize(label, "body", body, LEFT.width - 200),
            (x, scene.typed_top + row * ROW_H + 16),
            "body",
            body,
            p.ink,
            "midleft",
        )
    if not scene.typed:
        blit_text(surface, t("combat.setup_typed_none"), (x, scene.typed_top + 16), "italic", small, p.ink_faint, "midleft")
    fy = scene.form_y
    pygame.draw.line(surface, p.ink_faint, (x, fy - 4), (LEFT.right - 22, fy - 4))
    attack_name, stamina_name = scene.score_names()
    for dx, label in ((0, t("combat.setup_name")), (316, attack_name), (442, stamina_name)):
        blit_text(surface, label, (x + dx, fy + 4), "italic", small, p.ink_soft)
    blit_text(surface, t("combat.setup_notes"), (x, fy + 78), "italic", small, p.ink_soft)
    rx = RIGHT.x + 22
    blit_text(surface, t("combat.setup_mode"), (rx, RIGHT.y + 54), "italic", small, p.ink_soft)
    if scene.profile_buttons:
        blit_text(surface, t("combat.setup_profile"), (rx, scene.profile_y), "italic", small, p.ink_soft)
    if scene.shots_counter is not None:
        archery = scene.book.archery
        arrows = scene.adventure.state.counters.get(archery.counter, 0)
        blit_text(surface, t("combat.setup_archery"), (rx, scene.archery_y + 10), "title", body, p.ink)
        blit_text(surface, t("combat.setup_quiver", n=arrows), (rx, scene.archery_y + 42), "italic", small, p.ink_soft)
    ink = p.ink_soft if scene.ally_toggle.value else p.ink_faint
    for dx, key in ((0, "combat.setup_name"), (316, "combat.setup_skill"), (442, "combat.setup_stamina")):
        blit_text(surface, t(key), (rx + dx, scene.ally_y + 38), "italic", small, ink)
    if scene.escape_toggle.value:
        blit_text(surface, t("combat.setup_escape_note"), (rx, scene.escape_y + 84), "italic", small, p.ink_soft)
    message = scene.message or (scene.fight_button.disabled_reason and scene.ui.text(scene.fight_button.disabled_reason))
    if message:
        blit_text(surface, message, (LEFT.x, 678), "italic", body, p.bad, "midleft")
    scene.group.draw(surface)

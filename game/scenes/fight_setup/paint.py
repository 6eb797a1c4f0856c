"""Painting the fight's setup: the two panels, the creature rows, the form's labels and the refusal, read from the scene's state.

Draws only (never changes the setup). The places come from the scene's layout
(``fight_setup_widgets``): the panels in ``scene.r``, the options' labels with
their pane rows (``*_row``, given the row's rect wherever it has scrolled).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.draw import blit_text, draw_panel, draw_rule, parchment
from game.ui.text_fit import ellipsize, fit_line

if TYPE_CHECKING:
    from game.scenes.fight_setup.scene import FightSetupScene

ROW_H = 38


def draw(scene: FightSetupScene, surface: pygame.Surface) -> None:
    """Paint the setup under and around the scene's widgets."""
    p, theme, t = scene.ui.palette, scene.ui.theme, scene.ui.t
    width, height = surface.get_size()
    LEFT, RIGHT = scene.r.left, scene.r.right
    surface.blit(parchment((width, height), p), (0, 0))
    blit_text(surface, t("combat.setup_title"), (width // 2, 14), "title", theme.text_size("title"), p.rubric, "midtop")
    draw_rule(surface, width // 2 - 300, width // 2 + 300, 72, p.ink_soft)
    heading, body, small = theme.text_size("heading"), theme.text_size("body"), theme.text_size("small")
    for rect, key in ((LEFT, "combat.setup_enemies"), (RIGHT, "combat.setup_options")):
        draw_panel(surface, rect, p)
        title, size = fit_line(t(key), "title", heading, rect.width - 44)
        blit_text(surface, title, (rect.x + 22, rect.y + 10), "title", size, p.ink, box=rect, owner="setup panel title")
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
    for row, typed in enumerate(scene.typed[: scene.typed_rows]):
        label = t("combat.setup_box", name=typed["name"], skill=typed["skill"], stamina=typed["stamina"])
        if typed["notes"]:
            label = f"{label} — {typed['notes']}"
        blit_text(
            surface,
            ellipsize(label, "body", body, scene.remove_buttons[0].rect.x - 12 - x),
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
    for field, label in (
        (scene.name_field, t("combat.setup_name")),
        (scene.skill_field, attack_name),
        (scene.stamina_field, stamina_name),
    ):
        label, size = fit_line(label, "italic", small, field.rect.width + 12)
        blit_text(surface, label, (field.rect.x, fy + 4), "italic", size, p.ink_soft)
    blit_text(surface, t("combat.setup_notes"), (x, fy + 78), "italic", small, p.ink_soft)
    message = scene.message or (scene.fight_button.disabled_reason and scene.ui.text(scene.fight_button.disabled_reason))
    if message:
        room = pygame.Rect(LEFT.x, scene.r.buttons_y, scene.cancel_button.rect.x - 16 - LEFT.x, 52)
        message, size = fit_line(message, "italic", body, room.width)
        blit_text(surface, message, (LEFT.x, room.centery), "italic", size, p.bad, "midleft", box=room, owner="setup refusal")
    scene.group.draw(surface)


def _row_label(scene: FightSetupScene, surface: pygame.Surface, rect: pygame.Rect, key: str, top: int, owner: str) -> None:
    """An option row's italic label, ``top`` pixels down its row, above the row's buttons."""
    p, small = scene.ui.palette, scene.ui.theme.text_size("small")
    blit_text(surface, scene.ui.t(key), (rect.x + 18, rect.y + top), "italic", small, p.ink_soft, box=rect, owner=owner)


def mode_row(scene: FightSetupScene, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The mode's label above its three buttons."""
    _row_label(scene, surface, rect, "combat.setup_mode", 4, "setup mode")


def profile_row(scene: FightSetupScene, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The kind of fight's label (a book with vehicle or ship fights)."""
    _row_label(scene, surface, rect, "combat.setup_profile", 0, "setup profile")


def archery_row(scene: FightSetupScene, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Archery's heading and the arrows in the quiver, left of the shots counter."""
    p, t, theme = scene.ui.palette, scene.ui.t, scene.ui.theme
    archery = scene.book.archery
    arrows = scene.adventure.state.counters.get(archery.counter, 0) if archery is not None else 0
    body, small = theme.text_size("body"), theme.text_size("small")
    blit_text(
        surface, t("combat.setup_archery"), (rect.x + 18, rect.y + 10), "title", body, p.ink, box=rect, owner="setup archery"
    )
    at = (rect.x + 18, rect.y + 42)
    blit_text(surface, t("combat.setup_quiver", n=arrows), at, "italic", small, p.ink_soft, box=rect, owner="setup archery")


def ally_row(scene: FightSetupScene, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The ally's field labels (faint while there is no ally)."""
    p, t, small = scene.ui.palette, scene.ui.t, scene.ui.theme.text_size("small")
    ink = p.ink_soft if scene.ally_toggle.value else p.ink_faint
    for field, key in (
        (scene.ally_name, "combat.setup_name"),
        (scene.ally_skill, "combat.setup_skill"),
        (scene.ally_stamina, "combat.setup_stamina"),
    ):
        label, size = fit_line(t(key), "italic", small, field.rect.width + 12)
        blit_text(surface, label, (field.rect.x, field.rect.y - 26), "italic", size, ink, box=rect, owner="setup ally")


def escape_row(scene: FightSetupScene, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """What escaping costs, once escape is allowed."""
    if scene.escape_toggle.value:
        p, small = scene.ui.palette, scene.ui.theme.text_size("small")
        at = (rect.x + 18, scene.escape_counter.rect.bottom + 8)
        blit_text(
            surface, scene.ui.t("combat.setup_escape_note"), at, "italic", small, p.ink_soft, box=rect, owner="setup escape"
        )

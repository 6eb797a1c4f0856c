"""Widget gallery: every widget and drawing primitive on one parchment page.

Used for screenshots (docs/screenshots/gallery.png) and as a living example of
how a screen is written: widgets in a WidgetGroup, state owned by the scene,
counters that *request* changes which the scene (standing in for the rules)
accepts, a Dialog pushed on the stack, and an animation that asks for frames
only while it runs.
"""

from __future__ import annotations

import random
from functools import partial

import pygame

from game.app.scene import Scene
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.counter import Counter
from game.ui.dialog import Dialog
from game.ui.draw import blit_text, draw_die, draw_panel, draw_rule, parchment
from game.ui.group import WidgetGroup
from game.ui.icons import ICONS, draw_icon
from game.ui.notes import NotesArea
from game.ui.scroll_list import ScrollList
from game.ui.text_field import TextField
from game.ui.theme import LOGICAL_SIZE
from game.ui.toggle import Toggle

TUMBLE_SECONDS = 0.9
INVENTORY = (
    ("gallery.item_sword", "shield"),
    ("gallery.item_armour", "shield"),
    ("gallery.item_herbs", "herbs"),
    ("gallery.item_potion", "potion"),
    ("gallery.item_provisions", "provisions"),
    ("gallery.item_quiver", "arrow"),
    ("gallery.item_lantern", None),
    ("gallery.item_rope", None),
    ("gallery.item_key", None),
    ("gallery.item_amulet", None),
    ("gallery.item_map", None),
)

# Panels: (catalogue key of the heading, rect).
COL_A, COL_B, COL_C = 28, 446, 864
COL_W = 390
PANELS = {
    "buttons": ("gallery.buttons", pygame.Rect(COL_A, 92, COL_W, 212)),
    "toggles": ("gallery.toggles", pygame.Rect(COL_A, 318, COL_W, 136)),
    "fields": ("gallery.fields", pygame.Rect(COL_A, 468, COL_W, 228)),
    "counters": ("gallery.counters", pygame.Rect(COL_B, 92, COL_W, 262)),
    "notes": ("gallery.notes", pygame.Rect(COL_B, 368, COL_W, 328)),
    "dice": ("gallery.dice", pygame.Rect(COL_C, 92, COL_W, 196)),
    "icons": ("gallery.icons", pygame.Rect(COL_C, 302, COL_W, 116)),
    "inventory": ("gallery.inventory", pygame.Rect(COL_C, 432, COL_W, 264)),
}
HEADING_SPACE = 50  # room for a panel's heading and rule


def _content(name: str) -> pygame.Rect:
    """The area of a panel below its heading."""
    rect = PANELS[name][1]
    return pygame.Rect(rect.left + 20, rect.top + HEADING_SPACE, rect.width - 40, rect.height - HEADING_SPACE - 16)


class GalleryScene(Scene):
    """Shows every widget; its counters and die behave like a tiny sheet."""

    def __init__(self, ui: UIContext, *, rng: random.Random | None = None, animation_factor: float = 1.0) -> None:
        super().__init__()
        self.ui = ui
        self.rng = rng or random.Random(0)
        self.animation_factor = animation_factor
        self.group = WidgetGroup(ui)
        self.die_value = 4
        self.tumble_left = 0.0
        self.tumble_face = 4
        self.tumble_angle = 0.0
        self._build()
        self.status: str | None = ui.t("gallery.rolled", value=self.die_value)

    # -- widgets ------------------------------------------------------------------

    def _build(self) -> None:
        ui, g = self.ui, self.group
        area = _content("buttons")
        self.roll_button = g.add(
            Button(
                ui,
                (area.left, area.top, 240, 46),
                ui.tr("gallery.button_roll"),
                style="primary",
                on_click=self.roll,
                tooltip=ui.tr("gallery.tooltip_roll"),
            )
        )
        self.dialog_button = g.add(
            Button(ui, (area.left, area.top + 56, 240, 46), ui.tr("gallery.button_dialog"), on_click=self.open_dialog)
        )
        self.luck_button = g.add(
            Button(
                ui,
                (area.left, area.top + 112, 240, 46),
                ui.tr("gallery.button_disabled"),
                icon="heart",
                enabled=False,
                disabled_reason=ui.tr("gallery.disabled_reason"),
            )
        )

        area = _content("toggles")
        self.sword_toggle = g.add(Toggle(ui, (area.left, area.top, area.width, 32), ui.tr("gallery.toggle_sword"), value=True))
        self.palette_toggle = g.add(
            Toggle(
                ui,
                (area.left, area.top + 40, area.width, 32),
                ui.tr("gallery.toggle_palette"),
                value=ui.theme.palette.name == "colourblind",
                on_change=self._switch_palette,
            )
        )

        area = _content("fields")
        self.name_field = g.add(
            TextField(
                ui,
                (area.left, area.top + 26, area.width, 42),
                text="Isolde Laodegan",
                placeholder=ui.tr("gallery.name_placeholder"),
                max_length=40,
            )
        )
        self.number_field = g.add(
            TextField(ui, (area.left, area.top + 108, 140, 42), text="212", numeric=True, minimum=1, maximum=400, max_length=3)
        )

        area = _content("counters")
        self.counter_values = {"skill": 11, "stamina": 17, "luck": 9, "gold": 12}
        maxima = {"skill": 11, "stamina": 19, "luck": 9, "gold": None}
        labels = {"skill": "gallery.skill", "stamina": "gallery.stamina", "luck": "gallery.luck", "gold": "gallery.gold"}
        self.counters: dict[str, Counter] = {}
        half = (area.width - 24) // 2
        for index, name in enumerate(("skill", "stamina", "luck", "gold")):
            x = area.left + (index % 2) * (half + 24)
            y = area.top + (index // 2) * 108
            self.counters[name] = g.add(
                Counter(
                    ui,
                    (x, y, half, 76),
                    value=self.counter_values[name],
                    label=ui.tr(labels[name]),
                    minimum=0,
                    maximum=maxima[name],
                    on_request=partial(self._accept_counter, name),
                )
            )

        self.notes = g.add(NotesArea(ui, _content("notes"), text=ui.t("gallery.notes_text")))

        area = _content("inventory")
        self.inventory = g.add(
            ScrollList(ui, area, [ui.tr(k) for k, _ in INVENTORY], icons=[i for _, i in INVENTORY], row_height=38)
        )
        self.inventory.select(2)

    def _accept_counter(self, name: str, value: int) -> None:
        # Stands in for the rules session: the request is accepted, then the
        # counter shows the model's value (a refusal would simply not set it).
        self.counter_values[name] = value
        self.counters[name].value = value
        self.luck_button.set_enabled(self.counter_values["luck"] > 0, self.ui.tr("gallery.disabled_reason"))

    def _switch_palette(self, colourblind: bool) -> None:
        self.ui.theme.set_palette("colourblind" if colourblind else "parchment")

    # -- actions ------------------------------------------------------------------

    def roll(self) -> None:
        """Roll the die, tumbling for a moment unless animations are off."""
        self.die_value = self.rng.randint(1, 6)
        self.tumble_left = TUMBLE_SECONDS / self.animation_factor if self.animation_factor > 0 else 0.0
        self.status = self.ui.t("gallery.rolled", value=self.die_value) if self.tumble_left == 0 else None

    def open_dialog(self) -> None:
        """Ask a yes/no question in a modal Dialog."""
        if self.stack is None:
            return
        self.stack.push(
            Dialog(
                self.ui,
                self.ui.tr("gallery.dialog_message"),
                [(self.ui.tr("common.no"), False), (self.ui.tr("common.yes"), True)],
                title=self.ui.tr("gallery.dialog_title"),
                cancel_value=False,
                on_result=self._dialog_answer,
            )
        )

    def _dialog_answer(self, value: object) -> None:
        answer = self.ui.t("common.yes") if value else self.ui.t("common.no")
        self.status = self.ui.t("gallery.dialog_result", answer=answer)

    # -- frame --------------------------------------------------------------------

    @property
    def wants_animation(self) -> bool:
        return self.tumble_left > 0 or self.group.wants_animation

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return None if self.group.process_event(event) else event

    def update(self, dt: float) -> None:
        self.group.update(dt)
        if self.tumble_left > 0:
            self.tumble_left = max(0.0, self.tumble_left - dt)
            if self.tumble_left == 0:
                self.tumble_angle = 0.0
                self.status = self.ui.t("gallery.rolled", value=self.die_value)
            else:
                self.tumble_face = self.rng.randint(1, 6)
                self.tumble_angle = (self.tumble_angle + 540 * dt) % 360

    def draw(self, surface: pygame.Surface) -> None:
        p, theme = self.ui.palette, self.ui.theme
        surface.blit(parchment(LOGICAL_SIZE, p), (0, 0))
        blit_text(
            surface, self.ui.t("gallery.title"), (LOGICAL_SIZE[0] // 2, 18), "title", theme.text_size("title"), p.rubric, "midtop"
        )
        draw_rule(surface, 320, LOGICAL_SIZE[0] - 320, 74, p.ink_soft)
        for key, rect in PANELS.values():
            draw_panel(surface, rect, p)
            blit_text(surface, self.ui.t(key), (rect.left + 20, rect.top + 12), "title", theme.text_size("heading"), p.ink)
            pygame.draw.line(surface, p.ink_faint, (rect.left + 20, rect.top + 44), (rect.right - 20, rect.top + 44))
        area = _content("fields")
        small = theme.text_size("small")
        blit_text(surface, self.ui.t("gallery.name_label"), (area.left, area.top), "italic", small, p.ink_soft)
        blit_text(surface, self.ui.t("gallery.number_label"), (area.left, area.top + 82), "italic", small, p.ink_soft)
        self._draw_dice(surface)
        self._draw_icons(surface)
        self.group.draw(surface)

    def _draw_dice(self, surface: pygame.Surface) -> None:
        p, area = self.ui.palette, _content("dice")
        step = area.width // 6
        for value in range(1, 7):
            draw_die(surface, (area.left + step * (value - 1) + step // 2, area.top + 26), 44, value, p)
        tumbling = self.tumble_left > 0
        face = self.tumble_face if tumbling else self.die_value
        draw_die(surface, (area.left + 36, area.top + 94), 56, face, p, angle=self.tumble_angle if tumbling else -12)
        if self.status:
            blit_text(
                surface, self.status, (area.left + 80, area.top + 94), "italic", self.ui.theme.text_size("body"), p.ink, "midleft"
            )

    def _draw_icons(self, surface: pygame.Surface) -> None:
        p, area = self.ui.palette, _content("icons")
        step = area.width // len(ICONS)
        fills = {"potion": p.good, "gold": (214, 170, 72), "heart": p.bad, "herbs": p.good}
        for index, name in enumerate(ICONS):
            rect = pygame.Rect(area.left + index * step + (step - 44) // 2, area.top, 44, 44)
            draw_icon(surface, name, rect, p.ink, fills.get(name, p.parchment_dark))

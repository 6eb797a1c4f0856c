"""The settings page: language, animations, fullscreen, size, palette, physical dice, demo delay.

A modal page pushed over the screen that opened it (bookshelf, sheet); "Close"
or Escape pops it. Every change goes to ``services.settings`` and is saved at
once with ``services.save_settings()``, which also applies the language, the
palette and the UI scale live — every label here is a lazy catalogue text, so
the page itself switches language under the pointer.

Fullscreen: a scene cannot reach the Display (the main loop owns it). The
switch saves the setting and, when the window is not already in that state,
posts the F11 key the main loop already handles; the loop then flips the
window and its ``on_fullscreen`` callback stores the state actually reached
(some drivers cannot go fullscreen), which this page shows on its next frame.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import pygame

from game.app.fluid import FluidLayout
from game.app.navigator import Screen
from game.app.scene import Scene
from game.app.services import Services
from game.app.settings import ANIMATION_FACTORS, DEMO_MAX_SECONDS
from game.ui import fonts
from game.ui.button import Button
from game.ui.draw import blit_text, draw_panel, draw_veil, parchment
from game.ui.speech import join
from game.ui.text_field import TextField
from game.ui.theme import LOGICAL_SIZE
from game.ui.toggle import Toggle

PANEL_MAX = (960, 720)  # the panel is centred on the page, never bigger than this
LABEL_COLUMN = 320  # the labels and hints, left of the controls
ROW_H = (60, 76)  # a settings row's height: the smallest, and the most a tall page gives
COMPACT_ROW_H = 54  # on a short page (540 px: 200 % on a 1080p screen) the rows close up to this
HEAD_H = (84, 62)  # the title and its rule above the rows: on a roomy page, on a short one
FOOT_H = (84, 66)  # the "saved at once" line and the buttons below the rows
SEGMENT_H = 42
SEGMENT_GAP = 8
UI_SCALES = (1.0, 1.25, 1.5, 1.75, 2.0)  # the interface size: the display magnifies the page
LANGUAGES = (("fr", "settings.lang_fr"), ("en", "settings.lang_en"))
SPEEDS = (
    ("off", "settings.speed_off"),
    ("slow", "settings.speed_slow"),
    ("normal", "settings.speed_normal"),
    ("fast", "settings.speed_fast"),
)
ROWS = ("language", "animation", "fullscreen", "ui_scale", "palette", "physical_dice", "demo")
ROW_LABELS = {
    "language": ("settings.language", None),
    "animation": ("settings.animation", "settings.animation_hint"),
    "fullscreen": ("settings.fullscreen", "settings.fullscreen_hint"),
    "ui_scale": ("settings.ui_scale", "settings.ui_scale_hint"),
    "palette": ("settings.palette", "settings.palette_hint"),
    "physical_dice": ("settings.physical_dice", "settings.physical_dice_hint"),
    "demo": ("settings.demo_idle", "settings.demo_idle_hint"),
}


@dataclass(frozen=True)
class SettingsRegions:
    """Where the settings panel and its rows go on a page of one size."""

    panel: pygame.Rect
    row_h: int
    compact: bool = False  # a short page: title, rows and buttons closer together

    @property
    def label_x(self) -> int:
        return self.panel.x + 36

    @property
    def control_x(self) -> int:
        """Where the controls of every row begin, right of the labels."""
        return self.label_x + LABEL_COLUMN

    def row_y(self, name: str) -> int:
        """The top of settings row ``name``."""
        return self.panel.y + HEAD_H[self.compact] + ROWS.index(name) * self.row_h

    @property
    def title_y(self) -> int:
        return self.panel.y + (8 if self.compact else 18)

    @property
    def rule_y(self) -> int:
        """The rule under the title."""
        return self.panel.y + HEAD_H[self.compact] - 12

    @property
    def buttons_y(self) -> int:
        """The top of the row of buttons at the panel's foot."""
        return self.panel.bottom - (14 if self.compact else 24) - 46


def settings_regions(size: tuple[int, int]) -> SettingsRegions:
    """The panel centred on a page of ``size``, its rows as tall as the page allows (between ROW_H's bounds).

    A page too short for seven rows of the smallest height (540 px) closes up the title, rows and buttons."""
    panel = pygame.Rect(0, 0, min(size[0] - 48, PANEL_MAX[0]), min(size[1] - 24, PANEL_MAX[1]))
    panel.center = (size[0] // 2, size[1] // 2)
    row_h = (panel.height - HEAD_H[0] - FOOT_H[0]) // len(ROWS)
    if row_h >= ROW_H[0]:
        return SettingsRegions(panel, min(ROW_H[1], row_h))
    row_h = (panel.height - HEAD_H[1] - FOOT_H[1]) // len(ROWS)
    return SettingsRegions(panel, max(COMPACT_ROW_H, min(ROW_H[0], row_h)), compact=True)


def window_is_fullscreen() -> bool:
    """Whether the app window is fullscreen now (False without a window)."""
    surface = pygame.display.get_surface() if pygame.display.get_init() else None
    return bool(surface is not None and surface.get_flags() & pygame.FULLSCREEN)


def shown_fullscreen(setting: bool) -> bool:
    """What the fullscreen switch shows: the window as it is (a kiosk is fullscreen whatever the setting says),
    or the setting when there is no window."""
    has_window = pygame.display.get_init() and pygame.display.get_surface() is not None
    return window_is_fullscreen() if has_window else setting


class SettingsScene(FluidLayout, Scene):
    """Modal settings page; every change is saved at once."""

    transparent = True

    def __init__(self, services: Services, size: tuple[int, int] = LOGICAL_SIZE) -> None:
        super().__init__()
        self.services = services
        self.ui = services.ui
        self.language_buttons: dict[str, Button] = {}
        self.speed_buttons: dict[str, Button] = {}
        self.layout(size)

    def place_widgets(self) -> None:
        """Every row's controls, in the panel centred on ``self.page``, showing the settings."""
        self.r = settings_regions(self.page)
        self._build()
        self._refresh()

    def keep_view(self) -> str:
        """The demo delay being typed (a re-layout must not lose it)."""
        return self.demo_field.text

    def restore_view(self, kept: str) -> None:
        self.demo_field.text = kept

    @property
    def settings(self):
        return self.services.settings

    # -- widgets ------------------------------------------------------------------------------
    def _segments(self, name: str, options: tuple[tuple[str, str], ...], width: int, on_pick) -> dict[str, Button]:
        buttons = {}
        y = self.r.row_y(name) + 4
        for index, (value, key) in enumerate(options):
            rect = (self.r.control_x + index * (width + SEGMENT_GAP), y, width, SEGMENT_H)
            buttons[value] = self.group.add(Button(self.ui, rect, self.ui.tr(key), on_click=partial(on_pick, value)))
            buttons[value].choice_of = self.ui.tr(f"settings.{name}")
        return buttons

    def _build(self) -> None:
        ui, g, s, r = self.ui, self.group, self.settings, self.r
        control_x, row_y = r.control_x, r.row_y
        self.language_buttons = self._segments("language", LANGUAGES, 150, self.set_language)
        self.speed_buttons = self._segments("animation", SPEEDS, 116, self.set_speed)
        self.fullscreen_toggle = g.add(
            Toggle(
                ui,
                (control_x, row_y("fullscreen") + 9, 200, 32),
                "",
                value=shown_fullscreen(s.fullscreen),
                on_change=self.set_fullscreen,
                spoken_name=ui.tr("settings.fullscreen"),
            )
        )
        y = row_y("ui_scale") + 4
        self.smaller_button = g.add(
            Button(
                ui,
                (control_x, y, SEGMENT_H + 6, SEGMENT_H),
                "−",
                on_click=lambda: self.step_scale(-1),
                tooltip=ui.tr("settings.smaller"),
            )
        )
        self.larger_button = g.add(
            Button(
                ui,
                (control_x + 180, y, SEGMENT_H + 6, SEGMENT_H),
                "+",
                on_click=lambda: self.step_scale(1),
                tooltip=ui.tr("settings.larger"),
            )
        )
        self.palette_toggle = g.add(
            Toggle(
                ui,
                (control_x, row_y("palette") + 9, 200, 32),
                "",
                value=s.palette == "colourblind",
                on_change=self.set_colourblind,
                spoken_name=ui.tr("settings.palette"),
            )
        )
        self.physical_toggle = g.add(
            Toggle(
                ui,
                (control_x, row_y("physical_dice") + 9, 200, 32),
                "",
                value=s.physical_dice,
                on_change=self.set_physical_dice,
                spoken_name=ui.tr("settings.physical_dice"),
            )
        )
        self.demo_field = g.add(
            TextField(
                ui,
                (control_x, row_y("demo") + 4, 110, SEGMENT_H),
                text=str(s.demo_idle_seconds),
                numeric=True,
                minimum=0,
                maximum=DEMO_MAX_SECONDS,
                max_length=4,
                on_change=self.set_demo_idle,
                spoken_name=ui.tr("settings.demo_idle"),
            )
        )
        self._build_page_buttons()
        # At an end of the scale its button is disabled under the player: the focus goes to the other one.
        self.larger_button.focus_after, self.smaller_button.focus_after = (self.smaller_button,), (self.larger_button,)

    def _build_page_buttons(self) -> None:
        """The way to the accessibility page, then Close, at the foot of the panel (after the rows, left to right:
        focus order is reading order)."""
        ui, g, r = self.ui, self.group, self.r
        # Speech, high contrast and the shortcuts have a page of their own (game.scenes.access_settings).
        self.access_button = g.add(
            Button(
                ui,
                (r.panel.right - 36 - 180 - 12 - 230, r.buttons_y, 230, 46),
                ui.tr("access.open"),
                on_click=self.open_access,
            )
        )
        self.close_button = g.add(
            Button(
                ui,
                (r.panel.right - 36 - 180, r.buttons_y, 180, 46),
                ui.tr("common.close"),
                style="primary",
                on_click=self.close,
            )
        )

    def _refresh(self) -> None:
        """Controls show the settings (after a change here or elsewhere, e.g. F11)."""
        s = self.settings
        for value, button in self.language_buttons.items():
            button.set_chosen(s.language == value)
        for value, button in self.speed_buttons.items():
            button.set_chosen(s.animation_speed == value)
        self.fullscreen_toggle.value = shown_fullscreen(s.fullscreen)
        self.palette_toggle.value = s.palette == "colourblind"
        self.physical_toggle.value = s.physical_dice
        index = self._scale_index()
        self.smaller_button.set_enabled(index > 0, self.ui.tr("settings.smallest"))
        self.larger_button.set_enabled(index < len(UI_SCALES) - 1, self.ui.tr("settings.largest"))

    def _scale_index(self) -> int:
        scale = self.settings.ui_scale
        return min(range(len(UI_SCALES)), key=lambda i: abs(UI_SCALES[i] - scale))

    # -- changes (each saved at once) ----------------------------------------------------------
    def _save(self) -> None:
        self.services.save_settings()
        self._refresh()

    def set_language(self, language: str) -> None:
        self.settings.language = language
        self._save()

    def set_speed(self, speed: str) -> None:
        if speed in ANIMATION_FACTORS:
            self.settings.animation_speed = speed
            self._save()

    def set_fullscreen(self, on: bool) -> None:
        self.settings.fullscreen = on
        self._save()
        if pygame.display.get_init() and pygame.display.get_surface() is not None and window_is_fullscreen() != on:
            # The main loop owns the window and already flips it on F11 (then saves the state reached).
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))

    def step_scale(self, step: int) -> None:
        index = max(0, min(len(UI_SCALES) - 1, self._scale_index() + step))
        self.settings.ui_scale = UI_SCALES[index]
        self._save()
        self.ui.say(self.ui.t("settings.ui_scale_now", value=round(self.settings.ui_scale * 100)))

    def set_colourblind(self, on: bool) -> None:
        self.settings.palette = "colourblind" if on else "parchment"
        self._save()

    def set_physical_dice(self, on: bool) -> None:
        self.settings.physical_dice = on
        self._save()

    def set_demo_idle(self, text: str) -> None:
        value = self.demo_field.value
        if value is not None and self.demo_field.valid:
            self.settings.demo_idle_seconds = value
            self._save()

    def open_access(self) -> None:
        self.services.navigator.open(self, Screen.ACCESS_SETTINGS)

    def resume(self) -> None:
        self._refresh()  # back from the accessibility page: the palette may have changed

    def close(self) -> None:
        if self.stack is not None:
            self.stack.pop(self)

    # -- frame ----------------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.QUIT:
            return event
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            return event  # the loop handles it before us; never swallow it
        if self.group.process_event(event):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
        return None  # modal: nothing reaches the screen below

    def update(self, dt: float) -> None:
        self.group.update(dt)
        if self.fullscreen_toggle.value != shown_fullscreen(self.settings.fullscreen):
            self._refresh()  # F11 pressed meanwhile, or the switch's flip has reached the window

    @property
    def wants_animation(self) -> bool:
        return self.group.wants_animation

    def draw(self, surface: pygame.Surface) -> None:
        ui, p, theme, r = self.ui, self.ui.palette, self.ui.theme, self.r
        panel = r.panel
        if self.stack is None or not self.stack.scenes or self.stack.scenes[0] is self:
            surface.blit(parchment(self.page, p), (0, 0))  # opened alone: a page to sit on
        draw_veil(surface, p)
        draw_panel(surface, panel, p, fill_alpha=252)
        blit_text(surface, ui.t("settings.title"), (panel.x + 36, r.title_y), "title", theme.text_size("title"), p.rubric)
        pygame.draw.line(surface, p.ink_faint, (panel.x + 36, r.rule_y), (panel.right - 36, r.rule_y))
        body, small = theme.text_size("body"), theme.text_size("small")
        for index, name in enumerate(ROWS):
            y = r.row_y(name)
            if index:
                pygame.draw.line(surface, p.parchment_dark, (panel.x + 36, y - 6), (panel.right - 36, y - 6))
            label, hint = ROW_LABELS[name]
            if hint is None:
                blit_text(surface, ui.t(label), (r.label_x, y + 4 + SEGMENT_H // 2), "body", body, p.ink, "midleft")
            else:
                blit_text(surface, ui.t(label), (r.label_x, y - 3), "body", body, p.ink)
                blit_text(surface, ui.t(hint), (r.label_x, y + fonts.line_height("body", body) + 1), "italic", small, p.ink_soft)
        # The UI scale between its − and + buttons.
        percent = ui.t("settings.percent", value=round(self.settings.ui_scale * 100))
        middle = (self.smaller_button.rect.right + self.larger_button.rect.left) // 2
        blit_text(surface, percent, (middle, self.smaller_button.rect.centery), "bold", body, p.ink, "center")
        blit_text(
            surface,
            ui.t("settings.seconds"),
            (self.demo_field.rect.right + 12, self.demo_field.rect.centery),
            "body",
            body,
            p.ink_soft,
            "midleft",
        )
        blit_text(
            surface,
            ui.t("settings.saved_at_once"),
            (panel.x + 36, self.close_button.rect.centery),
            "italic",
            small,
            p.ink_soft,
            "midleft",
        )
        self.group.draw(surface)

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: the settings, then how to move through their controls."""
        return join(self.ui.t("settings.title"), self.ui.t("access.tab_hint"))


# -- showcase --------------------------------------------------------------------------------------

"""The accessibility settings: speech, high contrast, and the keyboard shortcuts (remapped here).

Opened from the settings page. Like it, every change is saved at once. A
shortcut is changed by choosing its row (arrows, Enter) and pressing the new
key; a key another action had is swapped with it (``Keymap.bind``), a key that
moves, activates or goes back is refused aloud, Escape cancels. "Speech" says
at once whether it works and, when it does not, why (no library, no screen
reader, no synthesizer).
"""

from __future__ import annotations

from functools import partial

import pygame

from game.app.modal import ModalScene
from game.app.navigator import Screen
from game.app.services import Services
from game.ui.button import Button
from game.ui.draw import blit_text
from game.ui.keymap import DEFAULT_SHORTCUTS, Keymap, key_label
from game.ui.scroll_list import ScrollList
from game.ui.speech import SpokenText, join
from game.ui.text_fit import wrap_words
from game.ui.toggle import Toggle
from game.ui.voices import SPEECH_MODES

FIGHT_SPEECH = ("brief", "full")  # the "fight_speech" setting's values, in the buttons' order

# Places inside the panel (offsets from its top-left corner); the shortcuts list takes the height left.
LABEL_X = 36
CONTROL_X = 300
SPEECH_Y = 92
CONTRAST_Y = 196
FIGHT_Y = 250  # the fight's announcements: brief or full
KEYS_Y = 322
SEGMENT_H = 42
KEY_ROW = 34
BELOW_LIST = 58 + 24 + 46  # the status (two lines), then the buttons and the panel's bottom margin


class AccessSettingsScene(ModalScene):
    """Modal page over the settings; every change is saved at once."""

    screen = Screen.ACCESS_SETTINGS
    status = SpokenText()  # shown under the shortcuts and said

    def __init__(self, services: Services) -> None:
        super().__init__(services.ui)
        self.services = services
        self.capturing: str | None = None  # the action waiting for its new key
        self.status = None
        self.actions = list(DEFAULT_SHORTCUTS)
        self.layout(self.page)

    @property
    def settings(self):
        return self.services.settings

    def panel_size(self) -> tuple[int, int]:
        """Room for every shortcut when the page has it (660 high at least, as on a 1280×720 page)."""
        return 960, max(660, KEYS_Y + 40 + KEY_ROW * len(self.actions) + 8 + BELOW_LIST)

    def place_widgets(self) -> None:
        ui, g, panel = self.ui, self.group, self.panel_rect()
        label_x, control_x = panel.x + LABEL_X, panel.x + CONTROL_X
        self.speech_buttons: dict[str, Button] = {}
        for index, mode in enumerate(SPEECH_MODES):
            rect = (control_x + index * 206, panel.y + SPEECH_Y, 198, SEGMENT_H)
            self.speech_buttons[mode] = g.add(
                Button(
                    ui,
                    rect,
                    ui.tr(f"access.speech_{mode}"),
                    on_click=partial(self.set_speech, mode),
                )
            )
            self.speech_buttons[mode].choice_of = ui.tr("access.speech")
        contrast = self.settings.palette == "contrast"
        self.contrast_toggle = g.add(
            Toggle(
                ui,
                (control_x, panel.y + CONTRAST_Y + 5, 300, 32),
                "",
                value=contrast,
                on_change=self.set_contrast,
                spoken_name=ui.tr("access.contrast"),
            )
        )
        self.fight_buttons: dict[str, Button] = {}
        for index, detail in enumerate(FIGHT_SPEECH):
            rect = (control_x + index * 166, panel.y + FIGHT_Y, 158, SEGMENT_H)
            button = g.add(
                Button(ui, rect, ui.tr(f"access.fight_speech_{detail}"), on_click=partial(self.set_fight_speech, detail))
            )
            button.choice_of = ui.tr("access.fight_speech")
            button.tooltip = ui.tr("access.fight_speech_hint")
            self.fight_buttons[detail] = button
        list_top = panel.y + KEYS_Y + 40
        self.keys_list = g.add(
            ScrollList(
                ui,
                (label_x, list_top, panel.width - 72, max(KEY_ROW, panel.bottom - BELOW_LIST - list_top)),
                row_height=KEY_ROW,
                on_activate=self.start_capture,
                spoken_name=ui.tr("access.help_shortcuts"),
            )
        )
        bottom = panel.bottom - 24 - 46
        self.defaults_button = g.add(Button(ui, (label_x, bottom, 260, 46), ui.tr("access.defaults"), on_click=self.defaults))
        self.change_button = g.add(
            Button(
                ui,
                (label_x + 272, bottom, 260, 46),
                ui.tr("access.change_key"),
                on_click=lambda: self.start_capture(self.keys_list.selected),
            )
        )
        self.close_button = g.add(
            Button(ui, (panel.right - 36 - 180, bottom, 180, 46), ui.tr("common.close"), style="primary", on_click=self.close)
        )
        self._refresh()

    def restore_view(self, kept: object) -> None:
        super().restore_view(kept)
        self._refresh()  # the row selected before the re-layout enables "Change key" again

    def _refresh(self) -> None:
        ui, keymap = self.ui, self.services.keymap
        for mode, button in self.speech_buttons.items():
            button.set_chosen(self.settings.speech == mode)
        self.contrast_toggle.value = self.settings.palette == "contrast"
        for detail, button in self.fight_buttons.items():
            button.set_chosen(self.settings.fight_speech == detail)
        rows = [ui.t("access.shortcut_row", action=ui.t(f"access.action_{a}"), shortcut=keymap.label(a)) for a in self.actions]
        self.keys_list.set_items(rows)
        self.change_button.set_enabled(self.keys_list.selected is not None, ui.tr("access.pick_row_first"))

    # -- changes (saved at once) -----------------------------------------------------------------
    def _save(self) -> None:
        self.services.save_settings()
        self._refresh()

    def set_speech(self, mode: str) -> None:
        self.settings.speech = mode
        self._save()
        note = self.ui.speech.note
        self.status = self.ui.t(note) if note else self.ui.t(f"access.speech_now_{mode}")

    def set_fight_speech(self, detail: str) -> None:
        self.settings.fight_speech = detail
        self._save()

    def set_contrast(self, on: bool) -> None:
        self.settings.palette = "contrast" if on else "parchment"
        self._save()

    def start_capture(self, row: int | None) -> None:
        """Wait for the new key of the shortcut in ``row``."""
        if row is None or not 0 <= row < len(self.actions):
            return
        self.capturing = self.actions[row]
        self._refresh()
        self.status = self.ui.t("access.press_new_key", action=self.ui.t(f"access.action_{self.capturing}"))

    def capture(self, event: pygame.event.Event) -> None:
        """The key pressed while waiting: bind it, or say why not."""
        action, self.capturing = self.capturing, None
        if action is None:
            return
        name = pygame.key.name(event.key)
        if not Keymap.acceptable(name):
            self.status = self.ui.t("access.key_reserved", shortcut=key_label(name))
            return
        keymap = self.services.keymap
        other = keymap.bind(action, name)
        self.settings.shortcuts = keymap.changes()
        self._save()
        what = self.ui.t(f"access.action_{action}")
        if other is not None:
            self.status = self.ui.t(
                "access.key_swapped",
                action=what,
                shortcut=keymap.label(action),
                other=self.ui.t(f"access.action_{other}"),
                other_key=keymap.label(other),
            )
        else:
            self.status = self.ui.t("access.key_set", action=what, shortcut=keymap.label(action))

    def defaults(self) -> None:
        self.settings.shortcuts = {}
        self._save()
        self.status = self.ui.t("access.keys_reset")

    def close(self) -> None:
        super().dismiss()

    def dismiss(self) -> None:
        """Escape: cancels a key being waited for, else closes the page."""
        if self.capturing is not None:
            self.capturing = None
            self.status = self.ui.t("access.capture_cancelled")
            return
        self.close()

    def handle(self, event: pygame.event.Event) -> bool:
        """The key pressed while one is waited for is the new shortcut; any other event goes to the widgets."""
        if self.capturing is not None and event.type == pygame.KEYDOWN:
            self.capture(event)
            return True
        if self.group.process_event(event):
            self._refresh()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        ui, p, theme = self.ui, self.ui.palette, self.ui.theme
        panel = self.draw_frame(surface)
        label_x, control_x = panel.x + LABEL_X, panel.x + CONTROL_X
        speech_y, keys_y = panel.y + SPEECH_Y, panel.y + KEYS_Y
        body, small = theme.text_size("body"), theme.text_size("small")
        blit_text(surface, ui.t("access.title"), (label_x, panel.y + 18), "title", theme.text_size("title"), p.rubric)
        pygame.draw.line(surface, p.ink_faint, (label_x, panel.y + 72), (panel.right - 36, panel.y + 72))
        blit_text(surface, ui.t("access.speech"), (label_x, speech_y + SEGMENT_H // 2), "body", body, p.ink, "midleft")
        note = ui.speech.note
        hint = (
            ui.t(note)
            if note
            else ui.t(
                "access.speech_hint", repeat=self.services.keymap.label("repeat"), where=self.services.keymap.label("where")
            )
        )
        for index, line in enumerate(wrap_words(hint, "italic", small, panel.width - 72)[:2]):
            blit_text(
                surface, line, (label_x, speech_y + SEGMENT_H + 10 + index * 24), "italic", small, p.bad if note else p.ink_soft
            )
        blit_text(surface, ui.t("access.contrast"), (label_x, panel.y + CONTRAST_Y + 21), "body", body, p.ink, "midleft")
        fight_y = panel.y + FIGHT_Y + SEGMENT_H // 2
        blit_text(surface, ui.t("access.fight_speech"), (label_x, fight_y), "body", body, p.ink, "midleft")
        blit_text(surface, ui.t("access.help_shortcuts"), (label_x, keys_y + 18), "body", body, p.ink, "midleft")
        blit_text(surface, ui.t("access.keys_hint"), (control_x, keys_y + 18), "italic", small, p.ink_soft, "midleft")
        if self.status:
            for index, line in enumerate(wrap_words(self.status, "italic", small, panel.width - 72)[:2]):
                blit_text(surface, line, (label_x, self.keys_list.rect.bottom + 10 + index * 24), "italic", small, p.ink)
        self.group.draw(surface)

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: the accessibility settings, then how to move through them."""
        return join(self.ui.t("access.title"), self.ui.t("access.tab_hint"))

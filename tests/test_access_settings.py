"""The accessibility page (speech, high contrast, shortcuts remapped from the keyboard), the high-contrast
palette, and reduced motion in the kiosk's attract loop."""

from __future__ import annotations

import random
import sys

import pygame
import pytest
from app_helpers import Driver, make_services

from game.app.autopilot import Autopilot, Tap
from game.app.scene import SceneStack
from game.app.settings import SettingsStore
from game.scenes.access_settings import AccessSettingsScene
from game.scenes.settings import SettingsScene
from game.ui import voices
from game.ui.draw import parchment
from game.ui.theme import CONTRAST, PALETTES, contrast_ratio


@pytest.fixture
def services(tmp_path):
    return make_services(tmp_path)


def stored(services):
    return SettingsStore(services.settings_store.directory).load().settings


def open_page(services):
    settings = SettingsScene(services)
    d = Driver(settings)
    for _ in range(40):
        if settings.group.focus.focused is settings.access_button:
            break
        d.key(pygame.K_TAB)
    d.key(pygame.K_RETURN)
    page = d.top
    assert isinstance(page, AccessSettingsScene)
    return d, page


def test_a_shortcut_is_remapped_with_the_keyboard_and_saved(services):
    d, page = open_page(services)
    while page.group.focus.focused is not page.keys_list:
        d.key(pygame.K_TAB)
    d.key(pygame.K_DOWN)  # the first row: next round
    d.key(pygame.K_RETURN)
    assert page.capturing == "round"
    d.key(pygame.K_g, unicode="g")
    assert services.keymap.bindings["round"] == "g"
    assert stored(services).shortcuts == {"round": "g"}
    assert services.ui.speech.last == "Assaut suivant : G."


def test_a_taken_key_is_swapped_and_a_reserved_key_refused_aloud(services):
    d, page = open_page(services)
    page.start_capture(page.actions.index("eat"))
    d.key(pygame.K_h, unicode="h")  # the herb's key
    assert services.keymap.bindings["eat"] == "h" and services.keymap.bindings["herb"] == "m"
    assert services.ui.speech.last == "Manger un repas : H. Utiliser une herbe prend M."
    page.start_capture(page.actions.index("eat"))
    d.key(pygame.K_TAB)
    assert services.keymap.bindings["eat"] == "h"
    assert "TAB" in services.ui.speech.last


def test_default_keys_come_back(services):
    d, page = open_page(services)
    page.start_capture(0)
    d.key(pygame.K_g, unicode="g")
    page.defaults()
    assert services.keymap.bindings["round"] == "r" and stored(services).shortcuts == {}


def test_speech_without_its_library_says_why_and_the_app_goes_on(services, monkeypatch):
    monkeypatch.setattr(voices, "current_platform", lambda: "win32")  # Linux has its own path (test_access_speech)
    monkeypatch.setitem(sys.modules, "accessible_output2", None)
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs", None)
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs.auto", None)
    d, page = open_page(services)
    page.set_speech("screen_reader")
    assert stored(services).speech == "screen_reader"
    assert services.ui.speech.note == voices.NOTE_NO_LIBRARY and not services.ui.speech.speaking
    assert page.status == services.ui.t(voices.NOTE_NO_LIBRARY)
    d.send()  # the page still draws


def test_high_contrast_is_saved_and_the_page_goes_flat(services):
    d, page = open_page(services)
    page.contrast_toggle.activate()
    assert stored(services).palette == "contrast" and services.ui.palette is CONTRAST
    page_image = parchment((64, 36), CONTRAST)
    assert {page_image.get_at((x, y))[:3] for x in range(64) for y in range(36)} == {CONTRAST.parchment}


def test_high_contrast_text_meets_wcag_aaa_and_states_stay_apart():
    contrast = contrast_ratio
    p = PALETTES["contrast"]
    for ink in (p.ink, p.ink_soft, p.rubric, p.good, p.bad):
        assert contrast(ink, p.parchment) >= 7
    assert contrast(p.ink_faint, p.parchment) >= 4.5  # disabled text
    assert contrast(p.accent_text, p.accent) >= 7 and contrast(p.tooltip_text, p.tooltip_bg) >= 7
    assert contrast(p.focus, p.parchment) >= 3  # the focus ring, a non-text element


def test_with_animations_off_the_attract_loop_draws_no_flashing_taps(services):
    services.settings.animation_speed = "off"
    pilot = Autopilot(services, SceneStack(), random.Random(0), now=0.0)
    pilot.taps = [Tap((300, 300), 0.0)]  # a press just made: its ring runs 10 to 14 px around it
    surface = pygame.Surface((1280, 720))
    surface.fill((10, 20, 30))
    pilot.draw(surface)
    assert surface.get_at((312, 300))[:3] == (10, 20, 30) and not pilot.wants_animation
    services.settings.animation_speed = "normal"
    pilot.draw(surface)
    assert surface.get_at((312, 300))[:3] != (10, 20, 30)


def test_the_fight_announcements_are_brief_or_full_and_saved(services):
    d, page = open_page(services)
    brief = page.fight_buttons["brief"]
    assert brief.spoken() == "Brèves, bouton, Annonces du combat, non choisi"
    brief.activate()
    assert stored(services).fight_speech == "brief"
    assert brief.spoken().endswith("Annonces du combat, choisi")

"""Every control says its state (issue 29 item 1): a switch that is off says so (not "disabled"), a
choice says its row and whether it is the chosen one, a sign-only button says what it does."""

from __future__ import annotations

import pytest
from ui_helpers import init_pygame, ui  # noqa: F401  (fixture)

from game.app.services import build_services
from game.scenes.settings import SettingsScene
from game.ui.toggle import Toggle


@pytest.fixture
def services(tmp_path):
    init_pygame()
    return build_services(config_dir=tmp_path / "c", data_dir=tmp_path / "d", seed=1)


def test_a_switch_that_is_off_says_off_not_disabled(ui):  # noqa: F811
    switch = Toggle(ui, (0, 0, 200, 32), "", value=False, spoken_name="Plein écran")
    assert switch.spoken() == "Plein écran, interrupteur, non activé"
    switch.set_enabled(False, "pas ici")
    assert switch.spoken() == "Plein écran, interrupteur, non activé, indisponible : pas ici"


def test_a_settings_choice_says_its_row_and_whether_it_is_chosen(services):
    page = SettingsScene(services)
    assert page.language_buttons["fr"].spoken() == "Français, bouton, Langue, choisi"
    assert page.language_buttons["en"].spoken() == "English, bouton, Langue, non choisi"
    page.set_speed("off")
    assert page.speed_buttons["off"].spoken().endswith("Animations, choisi")
    services.settings.language = "en"
    services.ui.catalogue.set_language("en")
    page.set_language("en")
    assert page.language_buttons["en"].spoken() == "English, button, Language, selected"


def test_the_interface_size_buttons_say_what_they_do_not_their_sign(services):
    page = SettingsScene(services)
    assert page.larger_button.spoken().startswith("Plus grand, bouton")
    assert page.smaller_button.spoken().startswith("Plus petit, bouton")


def test_the_speech_choices_say_their_row_and_which_is_chosen(services):
    from game.scenes.access_settings import AccessSettingsScene

    page = AccessSettingsScene(services)
    assert page.speech_buttons["off"].spoken() == "Coupée, bouton, Parole, choisi"
    assert page.speech_buttons["self_voicing"].spoken() == "Voix de l'appli, bouton, Parole, non choisi"

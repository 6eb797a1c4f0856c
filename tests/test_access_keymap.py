"""Keyboard shortcuts: defaults, remapping (a key never does two things), and what the settings keep."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import init_pygame, key

from game.app.settings import Settings, SettingsStore
from game.ui.keymap import DEFAULT_SHORTCUTS, Keymap


def test_each_default_shortcut_answers_its_key():
    init_pygame()
    keymap = Keymap()
    assert keymap.action_for(key(pygame.K_r)) == "round"
    assert keymap.action_for(key(pygame.K_l)) == "test_luck"
    assert keymap.action_for(key(pygame.K_F4)) == "repeat"
    assert len(set(DEFAULT_SHORTCUTS.values())) == len(DEFAULT_SHORTCUTS)


def test_ctrl_or_alt_with_a_letter_is_never_a_shortcut():
    init_pygame()
    keymap = Keymap()
    assert keymap.action_for(key(pygame.K_r, mod=pygame.KMOD_LCTRL)) is None
    assert keymap.action_for(key(pygame.K_l, mod=pygame.KMOD_LALT)) is None


def test_giving_an_action_a_taken_key_swaps_the_two():
    init_pygame()
    keymap = Keymap()
    other = keymap.bind("round", "l")
    assert other == "test_luck"
    assert keymap.bindings["round"] == "l" and keymap.bindings["test_luck"] == "r"
    assert keymap.action_for(key(pygame.K_l)) == "round"
    assert keymap.changes() == {"round": "l", "test_luck": "r"}


@pytest.mark.parametrize("reserved", ["tab", "escape", "return", "space", "f1", "up"])
def test_keys_that_move_activate_or_go_back_cannot_be_shortcuts(reserved):
    init_pygame()
    with pytest.raises(ValueError):
        Keymap().bind("eat", reserved)


def test_remapped_keys_are_saved_in_the_settings_and_read_back(tmp_path):
    init_pygame()
    keymap = Keymap()
    keymap.bind("eat", "g")
    store = SettingsStore(tmp_path)
    store.save(Settings(shortcuts=keymap.changes()))
    again = Keymap(store.load().settings.shortcuts)
    assert again.action_for(key(pygame.K_g)) == "eat"


def test_unknown_or_reserved_keys_in_a_settings_file_are_ignored():
    init_pygame()
    keymap = Keymap({"eat": "tab", "potion": "not a key", "no_such_action": "x"})
    assert keymap.bindings == DEFAULT_SHORTCUTS

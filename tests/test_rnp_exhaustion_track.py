"""The game master's exhaustion track (R-RNP exhaustion, rnp_table party cards): how its boxes look."""

import pygame
from ui_helpers import ui  # noqa: F401

from game.scenes.rnp_table.party import TrackBox


def _dash_row_has_ink(ui, box: TrackBox) -> bool:
    surface = pygame.Surface((box.rect.right + 10, box.rect.bottom + 10))
    surface.fill(ui.palette.parchment)
    box.draw(surface)
    inset = ui.theme.sizes.radius  # where a disabled button's dashed outline runs
    y = box.rect.top + inset
    row = [surface.get_at((x, y))[:3] for x in range(box.rect.left + inset + 2, box.rect.right - inset - 2)]
    return tuple(ui.palette.ink)[:3] in row


def test_the_current_exhaustion_level_is_ringed_without_the_dashes_of_a_disabled_button(ui):
    box = TrackBox(ui, (10, 10, 30, 30), "")
    box.reached = box.current = True
    box.set_enabled(False, "current")
    assert not _dash_row_has_ink(ui, box)


def test_another_disabled_box_of_the_track_keeps_its_dashes(ui):
    box = TrackBox(ui, (10, 10, 30, 30), "")
    box.reached = True
    box.set_enabled(False, "not now")
    assert _dash_row_has_ink(ui, box)

"""Every screen re-lays out for the page the window gives it (issues 13 and 16).

Each screen sample of the showcase is built in a small and a big window. A fluid
screen must take the whole page, keep every control inside it, and never put one
control over another; controls of a scrolling pane are checked through the pane.
"""

from __future__ import annotations

import itertools

import pygame
import pytest
from sample_tiers import tiered

from game.app.display import Display
from game.app.loop import FakeClock, MainLoop
from game.app.scene import SceneStack
from game.app.services import build_services
from game.app.showcase import load_all
from game.ui.layout import ScrollPane

SIZES = ((1024, 640), (1920, 1080))
COMPACT_PAGE = (960, 540)  # the page of a 1920×1080 screen at 200 %

SAMPLES = load_all()


def _build(name, factory, tmp_path, window, ui_scale=1.0):
    services = build_services(config_dir=tmp_path / "config", data_dir=tmp_path / "data", seed=7)
    services.settings.ui_scale = ui_scale
    services.apply_settings()
    stack = SceneStack()
    for scene in factory(services):
        stack.push(scene)
        stack.apply_pending()
    display = Display(window, title="test")
    loop = MainLoop(stack, display, clock=FakeClock(), zoom=lambda: services.settings.ui_scale)
    loop.run_frames(3)
    return stack, display


def _controls(scene):
    """The scene's visible widgets outside scrolling panes, and the panes (their rows scroll, clipped)."""
    widgets = [w for w in getattr(getattr(scene, "group", None), "widgets", []) if w.visible]
    panes = [w for w in widgets if isinstance(w, ScrollPane)]
    inside = {id(w) for pane in panes for row in pane.rows for w in row.widgets}
    return [w for w in widgets if id(w) not in inside]


def _check_page(name, stack, page):
    """Every visible scene is laid out for ``page``: controls inside it, no two focusable ones overlapping."""
    for scene in stack.visible():  # the screen and any overlay the sample opens on it
        kind = type(scene).__name__
        assert scene.fluid, f"{name}: {kind} draws on a fixed page"
        assert scene.page == page.size, f"{name}: {kind} laid out for {scene.page}, the page is {page.size}"
        controls = _controls(scene)
        for widget in controls:
            assert page.contains(widget.rect), f"{name}: {type(widget).__name__} {widget.rect} leaves the page {page.size}"
        for one, other in itertools.combinations([w for w in controls if w.focusable], 2):
            assert not one.rect.colliderect(other.rect), (
                f"{name}: {type(one).__name__} {one.rect} overlaps {type(other).__name__} {other.rect}"
            )


@pytest.mark.parametrize("window", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("name", "factory"), tiered(SAMPLES))
def test_every_screen_lays_itself_out_for_the_page(name, factory, window, tmp_path):
    stack, display = _build(name, factory, tmp_path, window)
    _check_page(name, stack, pygame.Rect((0, 0), display.logical_size))


@pytest.mark.parametrize(("name", "factory"), tiered(SAMPLES))
def test_every_screen_fits_the_page_of_200_percent_on_a_1080p_screen(name, factory, tmp_path):
    stack, display = _build(name, factory, tmp_path, (1920, 1080), ui_scale=2.0)
    assert display.logical_size == COMPACT_PAGE and display.viewport.zoom == 1.0  # re-laid out, not magnified
    _check_page(name, stack, pygame.Rect((0, 0), COMPACT_PAGE))

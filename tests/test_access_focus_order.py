"""Every screen sample, walked with the keyboard (issue 29, "focus is never lost, Tab order follows
reading order"): Tab goes once round every control, the disabled ones included, in reading order;
then each control is pressed in turn (Enter) and, while the screen stays, the focus is on a usable
control afterwards: the one pressed, or the one that follows when it was disabled or hidden by it.

Reading order, as the eye reads a page: of two controls on one line (their tops within half the
smaller's height), the left one comes first; of two in one column (they overlap horizontally), the upper
one comes first. Controls side by side in two columns are free (a column is read to its end). The rows of a scrolling
pane are compared unscrolled with each other, and as the pane's block with the rest of the page.
"""

from __future__ import annotations

import pygame
import pytest
from sample_tiers import tiered

from game.app.display import Display
from game.app.loop import FakeClock, MainLoop
from game.app.scene import SceneStack
from game.app.services import build_services
from game.app.showcase import load_all
from game.ui.focus import usable

SAMPLES = load_all()
# A key is being waited for (the shortcut being changed): Tab is that key there, not a move.
WAITING_FOR_A_KEY = {"settings-access"}
WINDOWS = {"1280x720": ((1280, 720), 1.0), "200%-1080p": ((1920, 1080), 2.0)}


def tab(shift: bool = False) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT if shift else 0, unicode="", scancode=0)


def enter() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)


def build(factory, tmp_path, window, scale):
    services = build_services(config_dir=tmp_path / "config", data_dir=tmp_path / "data", seed=7)
    services.settings.ui_scale = scale
    services.settings.animation_speed = "off"  # the board's dice land at once: no frame waits on them
    services.apply_settings()
    stack = SceneStack()
    for scene in factory(services):
        stack.push(scene)
        stack.apply_pending()
    loop = MainLoop(stack, Display(window, title="test"), clock=FakeClock(), zoom=lambda: services.settings.ui_scale)
    loop.run_frames(2)
    return stack, loop


def ring(scene):
    group = getattr(scene, "group", None)
    return group.focus if group is not None else None


def on_page(widget):
    """Where ``widget`` is: its pane (None: on the page) and its rect there, a pane's rows unscrolled (Tab
    scrolls them as it goes)."""
    pane = widget.pane
    return (pane, widget.rect.move(0, pane.offset) if pane is not None else widget.rect.copy())


def compared(a, b) -> tuple[pygame.Rect, pygame.Rect]:
    """Two places made comparable: in one pane, their rows; else each pane is a block on the page."""
    (pane_a, rect_a), (pane_b, rect_b) = a, b
    if pane_a is pane_b:
        return rect_a, rect_b
    return (pane_a.rect if pane_a is not None else rect_a), (pane_b.rect if pane_b is not None else rect_b)


def comes_before(a: pygame.Rect, b: pygame.Rect) -> str | None:
    """Why the control at ``b`` should be read before the one at ``a`` (None: the order is right)."""
    along = min(a.right, b.right) - max(a.left, b.left)
    if abs(a.top - b.top) < min(a.height, b.height) // 2 and b.right <= a.left:
        return "left of it on its line"
    if along > 0 and b.bottom <= a.top:
        return "above it in its column"
    return None


def name(widget) -> str:
    return f"{type(widget).__name__} «{widget.spoken()}»"


def walk_round(stack, loop):
    """Tab once round the top screen: the controls in the order Tab reached them, from the first one, each with
    where it was on the page then."""
    focus = ring(stack.top)
    controls = [w for w in focus.widgets if w.accepts_focus()]
    reached = []
    for _ in range(len(controls)):
        loop.step(events=[tab()])
        widget = ring(stack.top).focused
        reached.append((widget, on_page(widget) if widget is not None else None))
    first = next((i for i, (w, _) in enumerate(reached) if w is controls[0]), 0)
    return controls, reached[first:] + reached[:first]


@pytest.mark.parametrize("window", WINDOWS, ids=list(WINDOWS))
@pytest.mark.parametrize(("sample", "factory"), tiered(SAMPLES))
def test_tab_reaches_every_control_in_reading_order(sample, factory, window, tmp_path):
    stack, loop = build(factory, tmp_path, *WINDOWS[window])
    focus = ring(stack.top)
    if focus is None or not any(w.accepts_focus() for w in focus.widgets) or sample in WAITING_FOR_A_KEY:
        return  # nothing to Tab to (a help page, the dice overlay) or Tab is the key being set
    top = stack.top
    controls, reached = walk_round(stack, loop)
    assert stack.top is top, f"{sample}: Tab left the screen"
    widgets = [w for w, _ in reached]
    assert None not in widgets, f"{sample}: Tab lost the focus"
    assert set(map(id, widgets)) == set(map(id, controls)), (
        f"{sample}: Tab missed {[name(w) for w in controls if w not in widgets]}"
    )
    for (first, a), (then, b) in zip(reached, reached[1:]):
        why = comes_before(*compared(a, b))
        assert why is None, f"{sample}: {name(then)} {tuple(b[1])} comes after {name(first)} {tuple(a[1])} but is {why}"


@pytest.mark.parametrize(("sample", "factory"), tiered(SAMPLES))
def test_pressing_each_control_never_loses_the_focus(sample, factory, tmp_path):
    stack, loop = build(factory, tmp_path, (1280, 720), 1.0)
    top = stack.top
    if ring(top) is None or sample in WAITING_FOR_A_KEY:
        return
    pressed = 0
    for _ in range(len(ring(top).widgets)):
        if stack.top is not top or not loop.step(events=[tab()]):
            break  # a control opened another screen or a window over this one: its own walk is its sample's
        widget = ring(top).focused
        if not usable(widget):
            continue
        loop.step(events=[enter()])
        loop.run_frames(2)
        if stack.top is not top:
            break
        pressed += 1
        after = ring(top).focused
        assert usable(after), f"{sample}: after {name(widget)} the focus is on {name(after) if after else 'nothing'}"
    assert pressed or stack.top is not top or not any(usable(w) for w in ring(top).widgets)

"""F3, "where am I", on every screen sample before any Tab (issue 29 item 1): it says the screen and a control —
the focused one, or, when nothing has the focus yet (the combat board as it opens), the one the first Tab goes
to; and that is where the first Tab then goes."""

from __future__ import annotations

import pygame
import pytest
from app_helpers import sample_on_stack
from sample_tiers import tiered

from game.app.display import Display
from game.app.loop import FakeClock, MainLoop
from game.app.narrator import Narrator, focused_widget
from game.app.showcase import load_all

SAMPLES = load_all()
WAITING_FOR_A_KEY = {"settings-access"}  # a shortcut is being changed there: F3 is the key being set


def said(text: str) -> str:
    """``text`` as the announcer says it (its spaces, the non-breaking ones too, made single)."""
    return " ".join(text.split())


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def build(factory, tmp_path):
    services, stack = sample_on_stack(factory, tmp_path)
    loop = MainLoop(stack, Display((1280, 720), title="test"), clock=FakeClock())
    loop.narrator = Narrator(services.ui, lambda: services.keymap)
    loop.run_frames(2)
    return services, stack, loop


@pytest.mark.parametrize(("sample", "factory"), tiered(SAMPLES))
def test_f3_before_any_tab_names_the_control_the_keyboard_is_on_or_starts_from(sample, factory, tmp_path):
    services, stack, loop = build(factory, tmp_path)
    if sample in WAITING_FOR_A_KEY:
        return
    ui, top = services.ui, stack.top
    heard = len(ui.speech.history)
    loop.step(events=[key(pygame.K_F3)])
    where = list(ui.speech.history)[heard] if len(ui.speech.history) > heard else ""  # F3's line (the odds may follow)
    assert top.spoken_summary() and where, f"{sample}: F3 said {where!r}"
    group = getattr(top, "group", None)
    controls = [w for w in group.focus.widgets if w.accepts_focus()] if group is not None else []
    if not controls:
        return  # a page with nothing to Tab to (a help page, the dice): its summary is all there is
    focused = focused_widget(top)
    if focused is not None:
        assert where.endswith(said(ui.t("access.focus_on", control=focused.spoken()))), f"{sample}: F3 said {where!r}"
        return
    # (the summary is not compared: the board's odds, worked out on their own thread, may join it meanwhile)
    assert said(ui.t("access.focus_starts", control="")).rstrip(" .") in where, f"{sample}: no control: {where!r}"
    loop.step(events=[key(pygame.K_TAB)])
    reached = focused_widget(stack.top)
    assert reached is not None and where.endswith(said(ui.t("access.focus_starts", control=reached.spoken()))), (
        f"{sample}: F3 said {where!r}, the first Tab went to {reached.spoken() if reached else None!r}"
    )

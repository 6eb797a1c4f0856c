"""Every choice and every switch of every screen sample says its group and its state (issue 29 item 1), and a
click on it says the new state once, as the key would (issue 29: results spoken whether from keys or the mouse).

A choice is found by what it does, not by how it was built: a button that, clicked, turns filled or plain
(``style`` "primary" / "normal", or ``selected``) is one of a group of choices — a row where one is chosen
(the others turn plain at the same click: radio-like) or where any may be (a character's skills). It must
name its group (``choice_of``) and say whether it is chosen, in step with its filled look. A switch says
its name and on or off; one that turns others off (a book's starting potion: one of three) names its group.
"""

from __future__ import annotations

import pygame
import pytest
from app_helpers import sample_on_stack
from sample_tiers import tiered

from game.app.display import Display
from game.app.loop import FakeClock, MainLoop
from game.app.showcase import load_all
from game.ui import voices
from game.ui.button import Button
from game.ui.toggle import Toggle

SAMPLES = load_all()


@pytest.fixture(autouse=True)
def no_real_voice(monkeypatch):
    """A click on "screen reader" must not open this machine's speech server: the speech log is what is read."""
    monkeypatch.setattr(voices, "outputs_for", lambda mode: ([], None))


def build(factory, tmp_path):
    services, stack = sample_on_stack(factory, tmp_path)
    loop = MainLoop(stack, Display((1280, 720), title="test"), clock=FakeClock(), zoom=lambda: services.settings.ui_scale)
    loop.run_frames(2)
    return services, stack, loop


def group_of(scene):
    group = getattr(scene, "group", None)
    return group.latest() if group is not None else None


def place(widget) -> tuple:
    return (type(widget).__name__, tuple(widget.rect))


def look(widget) -> tuple:
    """What a click on a choice or a switch changes: its fill and chosen state, or its position."""
    if isinstance(widget, Toggle):
        return ("toggle", widget.value)
    if isinstance(widget, Button):
        return (widget.style, widget.selected)
    return ()


def clickable(group, widget) -> bool:
    """Visible, enabled, on the page and the topmost control under its centre (a click lands on it)."""
    if not (widget.visible and widget.enabled and isinstance(widget, (Button, Toggle))):
        return False
    pos = widget.rect.center
    return next((w for w in reversed(group.widgets) if w.contains(pos)), None) is widget


def states_said(ui, widget) -> str:
    return f"{type(widget).__name__} «{widget.spoken()}»"


def check_says_group_and_state(ui, widget, why: str) -> None:
    """``widget`` names its group and says whether it is chosen (or on), in step with how it looks."""
    spoken = widget.spoken()
    assert widget.choice_of is not None, f"{why}: {states_said(ui, widget)} names no group"
    assert ui.text(widget.choice_of) in spoken, f"{why}: {states_said(ui, widget)} does not say its group"
    if isinstance(widget, Toggle):
        state = ui.t("access.on" if widget.value else "access.off")
    else:
        assert widget.selected == (widget.style == "primary"), f"{why}: {states_said(ui, widget)} is filled out of step"
        state = ui.t("access.selected" if widget.selected else "access.not_selected")
    assert f"{ui.text(widget.choice_of)}, {state}" in spoken, f"{why}: {states_said(ui, widget)} says the wrong state"


def click(loop, widget) -> None:
    window = loop.display.viewport.to_window(widget.rect.center)
    loop.step(
        events=[
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=window, button=1),
        ]
    )


@pytest.mark.parametrize(("sample", "factory"), tiered(SAMPLES))
def test_every_choice_and_switch_says_its_group_and_state_and_a_click_says_the_new_one(sample, factory, tmp_path):
    services, stack, loop = build(factory, tmp_path / "0")
    ui, top, group = services.ui, stack.top, group_of(stack.top)
    if group is None:
        return
    for widget in group.widgets:  # what is shown now: a named choice says the state it shows
        if isinstance(widget, Button) and widget.choice_of is not None:
            check_says_group_and_state(ui, widget, f"{sample}, on arrival")
    candidates = [place(w) for w in group.widgets if clickable(group, w)]
    for number, where in enumerate(candidates):
        if stack.top is not top or group_of(top) is None:  # the last click opened or closed a screen: start again
            services, stack, loop = build(factory, tmp_path / str(number))
            ui, top = services.ui, stack.top
        group = group_of(top)
        widget = next((w for w in group.widgets if place(w) == where and clickable(group, w)), None)
        if widget is None:
            continue
        before = {place(w): look(w) for w in group.widgets}
        heard, name = len(ui.speech.history), widget.spoken_label()
        click(loop, widget)
        said = list(ui.speech.history)[heard:]
        if stack.top is not top:
            continue  # it opened something (a dialog, the dice): not a choice
        after = {place(w): w for w in group_of(top).widgets}
        twin = after.get(where)
        if twin is None:
            continue  # the screen was laid out anew around it: nothing to compare
        flipped = [w for key, w in after.items() if key in before and before[key] != look(w) and isinstance(w, type(twin))]
        if isinstance(twin, Toggle):
            state = ui.t("access.on" if twin.value else "access.off")
            assert twin.spoken_label() and state in twin.spoken(), f"{sample}: {states_said(ui, twin)}"
            if len(flipped) > 1:  # it turned another option off: one of a group
                for option in flipped:
                    check_says_group_and_state(ui, option, f"{sample}: one of the options {twin.spoken_label()} is in")
        elif twin not in flipped:
            continue  # an action button: its result is the screen's to say
        elif twin.spoken_label() != name:  # a button whose name says its state ("Mira : Passive"), cycled
            assert twin.spoken_label() in said, f"{sample}: {states_said(ui, twin)} was not said after its click: {said}"
        else:
            for option in flipped:
                check_says_group_and_state(ui, option, f"{sample}: a choice like {twin.spoken_label()}")
        if twin in flipped:
            assert said, f"{sample}: a click on {states_said(ui, twin)} said nothing"
            value = twin.spoken_value()
            assert sum(value in line for line in said) <= 1, f"{sample}: {value!r} said more than once: {said}"


@pytest.mark.parametrize("way", ["mouse", "keys"])
def test_fast_presses_on_a_skill_while_speech_is_slow_leave_only_the_state_shown_to_be_said(tmp_path, way):
    """Break-it: seven fast presses on a character's skill while the voice is still busy: the skill ends flipped,
    and of the seven states said only the last, the one it shows, is still waiting to be heard."""
    from test_access_speech_queue import Gate, wait_until

    services, stack, loop = build(dict(SAMPLES)["rnp-form"], tmp_path)
    speech, gate = services.ui.speech, Gate()
    speech.set_outputs([gate], background=True)
    speech.say("Ajouter un personnage.")  # the voice is busy with it while the presses come
    wait_until(gate.started.is_set)
    form = stack.top
    skill = next(iter(form.skill_buttons.values()))
    chosen = skill.selected
    if way == "keys":
        form.group.focus.focus(skill)
    for _ in range(7):
        if way == "mouse":
            click(loop, skill)
        else:
            loop.step(events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)])
    assert skill.selected is not chosen and skill.style == ("primary" if skill.selected else "normal")
    waiting = speech.queue.pending if speech.queue is not None else []
    assert len(waiting) == 1 and waiting[0].endswith(skill.spoken_value()), waiting
    gate.open.set()
    speech.close()

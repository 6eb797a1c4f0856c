"""The autosave held for the frame (issue 28 row 2): the frame answering a click is shown before its write,
and the write is on disk — fsynced, backups kept — before the next event is handled and before the loop ends."""

import errno
import json

import pygame
import pytest
from app_helpers import make_adventure, make_services

from game.app.display import Display
from game.app.loop import FakeClock, MainLoop
from game.app.scene import SceneStack
from game.scenes.sheet.scene import SheetScene


def entries_on_disk(services, adventure) -> int:
    """The entries the adventure's file holds, read straight from the disk (not through the store)."""
    return len(json.loads(services.saves.path(adventure.save_id).read_bytes())["log"]["entries"])


@pytest.fixture
def sheet(tmp_path):
    """A sheet in the main loop as the app builds it (writes held), and what each frame and event saw on disk."""
    services = make_services(tmp_path)
    adventure = make_adventure(services)
    stack = SceneStack()
    scene = SheetScene(services, adventure)
    stack.push(scene)
    stack.apply_pending()
    display = Display((1280, 720), fullscreen=False, title="test")
    loop = MainLoop(stack, display, clock=FakeClock(), writes=services.saves)
    seen = {"shown": [], "handled": []}  # (entries in the session, entries on disk) when a frame was shown / an event read
    present, handle = display.present, loop.handle_event

    def presented(area=None):  # Display.present(area): the part of the page a frame drew
        present(area)
        seen["shown"].append((len(adventure.session.entries), entries_on_disk(services, adventure)))

    def handled(event):
        seen["handled"].append((len(adventure.session.entries), entries_on_disk(services, adventure)))
        handle(event)

    display.present, loop.handle_event = presented, handled
    loop.run_frames(1)
    return services, adventure, scene, display, loop, seen


def click_events(display, rect):
    pos = display.viewport.to_window(rect.center)
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ]


def test_the_frame_answering_a_click_is_shown_before_its_autosave_which_is_on_disk_before_the_next_event(sheet):
    services, adventure, scene, display, loop, seen = sheet
    counter = scene.controls.hero.stat_counters["stamina"]
    for _ in range(3):
        seen["shown"].clear()
        loop.run_frames(1, events=click_events(display, counter.minus_rect()))
        played = len(adventure.session.entries)
        assert seen["shown"] == [(played, played - 1)]  # shown without waiting on the disk
        assert entries_on_disk(services, adventure) == played  # written before run_frames gives the next events
    assert all(session == disk for session, disk in seen["handled"])  # every event read with the last action on disk


def test_two_clicks_in_one_frame_are_both_on_disk_before_the_next_event(sheet):
    services, adventure, scene, display, loop, seen = sheet
    counter = scene.controls.hero.stat_counters["stamina"]
    before = len(adventure.session.entries)
    loop.run_frames(1, events=click_events(display, counter.minus_rect()) + click_events(display, counter.plus_rect()))
    assert len(adventure.session.entries) == before + 2
    assert entries_on_disk(services, adventure) == before + 2


def test_a_quit_right_after_a_click_ends_the_loop_with_the_action_on_disk(sheet):
    services, adventure, scene, display, loop, _seen = sheet
    counter = scene.controls.hero.stat_counters["stamina"]
    loop.run_frames(1, events=[*click_events(display, counter.minus_rect()), pygame.event.Event(pygame.QUIT)])
    assert not loop.running
    assert entries_on_disk(services, adventure) == len(adventure.session.entries)


def test_a_held_autosave_that_fails_is_said_on_the_next_frame(sheet, monkeypatch):
    services, adventure, scene, display, loop, _seen = sheet
    store = services.saves

    def full_disk(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", str(store.path(adventure.save_id)))

    monkeypatch.setattr(store, "write", full_disk)
    counter = scene.controls.hero.stat_counters["stamina"]
    loop.run_frames(1, events=click_events(display, counter.minus_rect()))
    assert adventure.save_problem is not None and loop.dirty  # the write failed after the frame: one more is due
    loop.run_frames(1)
    assert scene.message == scene.save_failed_text() and scene.view.save_problem == scene.save_failed_text()


def test_a_screen_that_fails_mid_frame_still_has_its_action_written(sheet):
    services, adventure, scene, display, loop, _seen = sheet
    counter = scene.controls.hero.stat_counters["stamina"]
    failures = []
    loop.on_error = failures.append
    original = scene.draw

    def broken_draw(surface):
        scene.draw = original
        raise RuntimeError("a painter bug")

    scene.draw = broken_draw
    loop.run_frames(1, events=click_events(display, counter.minus_rect()))
    assert failures and entries_on_disk(services, adventure) == len(adventure.session.entries)


def test_what_the_store_is_asked_while_writes_are_held_sees_the_held_write_first(tmp_path):
    services = make_services(tmp_path)
    adventure = make_adventure(services)
    store = services.saves
    store.hold_writes()
    adventure.act({"do": "change", "stat": "stamina", "by": -1})
    assert entries_on_disk(services, adventure) == 0  # held
    assert len(store.read(adventure.save_id).log["entries"]) == 1  # a read writes what is held first
    adventure.act({"do": "change", "stat": "stamina", "by": -1})
    store.delete(adventure.save_id)  # the held write is done first: it does not bring the file back after
    assert not store.write_held()
    assert not store.path(adventure.save_id).exists()


def test_without_held_writes_an_action_is_on_disk_when_act_returns(tmp_path):
    services = make_services(tmp_path)
    adventure = make_adventure(services)
    adventure.act({"do": "change", "stat": "stamina", "by": -1})
    assert entries_on_disk(services, adventure) == 1


def test_a_held_autosave_that_works_again_clears_the_failure_from_the_sheet(sheet, monkeypatch):
    services, adventure, scene, display, loop, _seen = sheet
    store, write = services.saves, services.saves.write

    def full_disk(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", str(store.path(adventure.save_id)))

    counter = scene.controls.hero.stat_counters["stamina"]
    monkeypatch.setattr(store, "write", full_disk)
    loop.run_frames(2, events=click_events(display, counter.minus_rect()))
    assert scene.view.save_problem is not None
    monkeypatch.setattr(store, "write", write)  # space freed
    loop.run_frames(2, events=click_events(display, counter.plus_rect()))
    assert adventure.save_problem is None and scene.view.save_problem is None
    assert entries_on_disk(services, adventure) == len(adventure.session.entries)  # both actions, once it could


def test_fifty_clicks_in_one_frame_are_one_write_holding_them_all(sheet, monkeypatch):
    services, adventure, scene, display, loop, _seen = sheet
    store, write, writes = services.saves, services.saves.write, []

    def counted(*args, **kwargs):
        writes.append(args[0])
        return write(*args, **kwargs)

    monkeypatch.setattr(store, "write", counted)
    counter = scene.controls.hero.stat_counters["stamina"]
    before = len(adventure.session.entries)
    events = [event for n in range(50) for event in click_events(display, counter.minus_rect() if n % 2 else counter.plus_rect())]
    loop.run_frames(1, events=events)
    assert len(adventure.session.entries) > before and writes == [adventure.save_id]
    assert entries_on_disk(services, adventure) == len(adventure.session.entries)

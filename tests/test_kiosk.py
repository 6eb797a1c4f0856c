"""`feuille --demo`: the kiosk attracts when idle, plays the demo by itself, resets on a touch, quits on a chord."""

import pygame
import pytest
from app_helpers import make_services

from game.app.display import Display
from game.app.kiosk import KioskMode, demo_fresh_start
from game.app.loop import FakeClock, MainLoop
from game.app.services import build_services
from game.app.stack import SceneStack
from game.rules.dice import RandomDice
from game.rules.session import Session, Start


def kiosk_loop(tmp_path, idle=3, window=(1280, 720)):
    make_services(tmp_path)  # initialises pygame headless
    services = build_services(config_dir=tmp_path / "config", data_dir=tmp_path / "data", demo=True, seed=5)
    services.settings.demo_idle_seconds = idle
    stack = SceneStack()
    kiosk = KioskMode(services, stack, lambda: demo_fresh_start(services))
    kiosk.reset()
    loop = MainLoop(stack, Display(window), clock=FakeClock(), supervisor=kiosk)
    return services, stack, kiosk, loop


def seconds(loop, n, fps=10):
    """``n`` seconds of fake time; 10 frames a second is enough for the autopilot and keeps the suite fast."""
    loop.run_frames(int(n * fps), dt=1 / fps)


def test_the_fresh_start_is_creating_a_hero_for_the_demo_adventure(tmp_path):
    _, stack, kiosk, _ = kiosk_loop(tmp_path)
    assert type(stack.top).__name__ == "CreationScene" and stack.top.book.id == "DEMO"
    assert not kiosk.attracting


def test_idle_for_the_set_delay_starts_the_attract_loop(tmp_path):
    _, _, kiosk, loop = kiosk_loop(tmp_path, idle=3)
    seconds(loop, 2)
    assert not kiosk.attracting
    seconds(loop, 1.5)
    assert kiosk.attracting


def test_the_attract_loop_plays_the_demo_by_itself(tmp_path):
    services, stack, kiosk, loop = kiosk_loop(tmp_path, idle=1)
    seen = set()
    for _ in range(150):
        seconds(loop, 1)
        seen.update(type(scene).__name__ for scene in stack.scenes)
    assert {"CreationScene", "DiceRollScene", "SheetScene", "ReaderScene", "CombatScene"} <= seen
    done = {entry["action"]["do"] for item in services.saves.listing() if item.save for entry in item.save.log["entries"]}
    assert {"roll_hero", "paragraph", "fight", "round", "tick_day"} <= done


def test_a_touch_during_the_attract_loop_returns_to_a_fresh_start(tmp_path):
    services, stack, kiosk, loop = kiosk_loop(tmp_path, idle=1)
    seconds(loop, 40)
    assert kiosk.attracting
    loop.run_frames(1, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)])
    assert not kiosk.attracting
    assert [type(s).__name__ for s in stack.scenes] == ["CreationScene"]
    assert stack.top.session.state.hero is None
    assert services.saves.listing() == []


def test_the_new_adventurer_button_resets_in_one_click(tmp_path):
    _, stack, kiosk, loop = kiosk_loop(tmp_path, idle=0)
    creation = stack.top
    creation.roll()
    loop.run_frames(5)
    assert creation.session.state.hero is not None
    window = loop.display.viewport.to_window(kiosk.reset_rect().center)
    loop.run_frames(2, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window, button=1),
                               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=window, button=1)])
    assert [type(s).__name__ for s in stack.scenes] == ["CreationScene"] and stack.top.session.state.hero is None


def test_closing_the_window_does_not_quit_but_ctrl_alt_q_does(tmp_path):
    _, _, _, loop = kiosk_loop(tmp_path)
    loop.run_frames(1, events=[pygame.event.Event(pygame.QUIT)])
    assert loop.running
    loop.run_frames(1, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_CTRL | pygame.KMOD_ALT,
                                                  unicode="q", scancode=0)])
    assert not loop.running


def test_demo_saves_never_touch_the_players_adventures(tmp_path):
    player = build_services(config_dir=tmp_path / "config", data_dir=tmp_path / "data", seed=1)
    session = Session(player.shelf.books["DF31"], RandomDice(1), Start(hero={"skill": 10, "stamina": 20, "luck": 9}))
    player.saves.write("mine", session)
    before = player.saves.path("mine").read_bytes()
    services, _, _, loop = kiosk_loop(tmp_path, idle=1)
    seconds(loop, 30)
    assert services.saves.root != player.saves.root
    assert player.saves.path("mine").read_bytes() == before


@pytest.mark.parametrize("window", [(1920, 1080), (3840, 2160)])
def test_the_kiosk_draws_at_convention_screen_sizes(tmp_path, window):
    _, _, kiosk, loop = kiosk_loop(tmp_path, idle=1, window=window)
    seconds(loop, 5)
    assert kiosk.attracting and loop.frames_drawn > 0


def test_the_demo_program_still_ends_on_sigterm(tmp_path):
    import os
    import signal
    import subprocess
    import sys
    import time

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "c"),
           "XDG_DATA_HOME": str(tmp_path / "d"), "XDG_STATE_HOME": str(tmp_path / "s")}
    process = subprocess.Popen([sys.executable, "-m", "game", "--demo"], env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    time.sleep(4)
    assert process.poll() is None  # the stand is running
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        raise AssertionError("the kiosk ignored SIGTERM")

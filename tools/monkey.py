"""Monkey test: random clicks, drags, keys, text and window resizes on every screen.

    python tools/monkey.py [--events 100000] [--seed S] [--screen NAME]

Each screen of the showcase registry (the same one --smoke renders) gets a
share of the events, in a sandbox (HOME, config, data and documents folders in
a temporary directory, so nothing of the player's is touched). After every
event the rules invariants of every adventure on the stack are checked; every
500 events its saved log must replay to the live state. An exception or a
broken invariant stops the run and prints the seed, the screen and the event
number to reproduce it. Exit status 0 means no crash.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

KEYS = [
    "tab",
    "return",
    "space",
    "escape",
    "backspace",
    "delete",
    "left",
    "right",
    "up",
    "down",
    "home",
    "end",
    "a",
    "z",
    "y",
    "c",
    "v",
    "x",
    "1",
    "5",
    "9",
    "0",
    "-",
    "+",
    "=",
    "f1",
]
TEXT = "abcdefghijklmnopqrstuvwxyzéèàçôû ABCXYZ0123456789-+.,;:!?'§/\\"


def sandbox(root: Path) -> None:
    """Point every user folder at ``root`` before anything asks platformdirs."""
    for name in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_DOCUMENTS_DIR"):
        path = root / name.lower()
        path.mkdir(parents=True, exist_ok=True)
        os.environ[name] = str(path)
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"


def check_invariants(stack) -> None:
    """The rules' invariants hold for every adventure on screen."""
    for scene in stack.scenes:
        adventure = getattr(scene, "adventure", None)
        if adventure is None:
            continue
        state, book = adventure.state, adventure.book
        hero = getattr(state, "hero", None)
        if hero is not None:
            for stat in book.stats:
                if stat.computed:  # worked out from other scores (format 2): not a score the hero holds
                    continue
                value = hero.scores[stat.id]
                assert value >= stat.floor, f"{stat.id} {value} below its floor"
                if stat.capped_at_initial:
                    assert value <= hero.initial[stat.id], f"{stat.id} {value} above its initial {hero.initial[stat.id]}"
        for counter in getattr(book, "counters", []):
            value = state.counters[counter.id]
            # A maximum the book works out (an expression, format 2) is held by the rules' cases; a number is checked here.
            bounded = not isinstance(counter.maximum, int) or value <= counter.maximum
            assert value >= 0 and bounded, f"{counter.id} = {value}"
        fight = getattr(state, "fight", None)
        if fight is not None:
            assert all(e.stamina >= 0 for e in fight.enemies), "a creature below 0 STAMINA"
        for member in getattr(state, "party", []) or []:
            level = getattr(member, "exhaustion", 0)
            assert 0 <= level <= 6, f"exhaustion {level}"


def check_replay(stack) -> None:
    """The log of every adventure on screen replays to its live state."""
    from game.rules.session import Session

    for scene in stack.scenes:
        adventure = getattr(scene, "adventure", None)
        if adventure is not None:
            replayed = Session.from_log(adventure.book, adventure.session.to_log())
            assert replayed.state == adventure.state, "the log does not replay to the live state"


def random_event(rng: random.Random, size: tuple[int, int]):
    """One random input event in window coordinates (a list, for multi-event gestures)."""
    import pygame

    w, h = size
    pos = (rng.randrange(w), rng.randrange(h))
    kind = rng.random()
    if kind < 0.45:
        return [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ]
    if kind < 0.52:
        end = (rng.randrange(w), rng.randrange(h))
        return [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(end[0] - pos[0], end[1] - pos[1]), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
        ]
    if kind < 0.60:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]
    if kind < 0.65:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)), pos=pos)]
    if kind < 0.66:
        button = rng.choice((2, 3))
        return [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
        ]
    if kind < 0.84:
        name = rng.choice(KEYS)
        mod = rng.choice((0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT, pygame.KMOD_CTRL | pygame.KMOD_SHIFT))
        key = pygame.key.key_code(name)
        return [
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0),
        ]
    if kind < 0.97:
        text = "".join(rng.choice(TEXT) for _ in range(rng.randint(1, 4)))
        return [pygame.event.Event(pygame.TEXTINPUT, text=text)]
    new = (rng.randint(400, 2200), rng.randint(300, 1300))
    return [pygame.event.Event(pygame.VIDEORESIZE, w=new[0], h=new[1], size=new)]


def run(events: int, seed: int, only: str | None, report=print) -> int:
    """Send ``events`` random events across the screens; returns the number of crashes (0 or 1)."""
    import pygame

    from game.app.display import Display
    from game.app.loop import FakeClock, MainLoop
    from game.app.scene import SceneStack
    from game.app.services import build_services
    from game.app.showcase import load_all

    rng = random.Random(seed)
    screens = [(n, f) for n, f in load_all() if not only or only in n]
    share = max(1, events // len(screens))
    scratch = Path(tempfile.mkdtemp(prefix="feuille-monkey-"))
    pygame.display.init()
    pygame.font.init()
    display = Display((1280, 720), fullscreen=False, title="monkey")
    sent = 0
    started = time.perf_counter()
    while sent < events:
        for name, factory in screens:
            if sent >= events:
                break
            folder = scratch / f"{name}-{sent}"
            services = build_services(config_dir=folder / "config", data_dir=folder / "data", seed=rng.randrange(2**32))
            services.settings.animation_speed = rng.choice(("off", "fast", "normal"))
            stack = SceneStack()
            for scene in factory(services):
                stack.push(scene)
                stack.apply_pending()
            loop = MainLoop(stack, display, clock=FakeClock())
            for _ in range(min(share, events - sent)):
                batch = random_event(rng, display.window.get_size())
                try:
                    loop.run_frames(rng.choice((1, 1, 2, 8)), events=batch)
                    check_invariants(stack)
                    if sent % 500 == 0:
                        check_replay(stack)
                except Exception:
                    report(f"CRASH on screen {name} at event {sent} (seed {seed}): {batch}")
                    report(traceback.format_exc())
                    return 1
                sent += 1
                if not loop.running or stack.empty:  # the monkey quit the app or emptied the stack: start again
                    break
    elapsed = time.perf_counter() - started
    report(f"{sent} events on {len(screens)} screens in {elapsed:.1f} s, seed {seed}: no crash, invariants held")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--screen", default=None, help="only the screens whose name contains this")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    print(f"monkey: seed {seed} (reproduce: python tools/monkey.py --events {args.events} --seed {seed})")
    sandbox(Path(tempfile.mkdtemp(prefix="feuille-monkey-home-")))
    return run(args.events, seed, args.screen)


if __name__ == "__main__":
    sys.exit(main())

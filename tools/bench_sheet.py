"""One click on the Adventure Sheet of a long adventure (issue 28, row 2): 10 000 journal entries.

    flock /work/.bench.lock .venv/bin/python tools/bench_sheet.py [--entries 9999] [--clicks 30] [--profile] [--json]

Plays ``--entries`` actions on DF31 (paragraphs, gold, STAMINA changes), saves
the adventure, opens its sheet in a headless window and clicks STAMINA's "+"
and "−" in turn through the main loop (button down and up in window pixels, one
frame each): what a click costs the player, from the event to the frame drawn
— the rules, the autosave of the whole log, the sheet's sync (the journal tab
shown) and the frame. Each click is timed with ``time.perf_counter`` (the
autosave's fsync waits on the disk, which the player waits on too) and with
``time.process_time``; the median is printed. ``--profile``: the cProfile of
the clicks, by cumulative time. Goal: ≤ 16 ms (a frame at 60 Hz).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout this bench is in

from bench_common import Figure, load_text, long_session, print_json, wait_for_quiet  # noqa: E402

GOAL_MS = 16.0


def long_adventure(services, entries: int):
    """An adventure of ``entries`` actions on DF31, saved (its journal as long)."""
    from game.app.adventure import Adventure

    return Adventure.start(long_session(services.shelf.books["DF31"], entries, seed=5), services.saves)


def clicks(entries: int, count: int, profile: bool) -> tuple[list[float], list[float], int]:
    """Wall and CPU seconds of each click; the journal's length."""
    import cProfile
    import pstats

    import pygame

    from game.app.display import Display
    from game.app.loop import FakeClock, MainLoop
    from game.app.scene import SceneStack
    from game.app.services import build_services
    from game.scenes.sheet.scene import SheetScene

    folder = Path(tempfile.mkdtemp(prefix="bench-sheet-"))
    pygame.init()
    services = build_services(config_dir=folder / "config", data_dir=folder / "data", seed=1)
    services.settings.animation_speed = "off"
    adventure = long_adventure(services, entries)
    stack = SceneStack()
    scene = SheetScene(services, adventure)
    stack.push(scene)
    stack.apply_pending()
    display = Display((1280, 720), fullscreen=False, title="bench")
    loop = MainLoop(stack, display, clock=FakeClock())
    scene.tab = "journal"
    loop.run_frames(2)
    counter = scene.controls.hero.stat_counters["stamina"]
    walls, cpus = [], []
    profiler = cProfile.Profile() if profile else None
    for index in range(count):
        rect = counter.plus_rect() if index % 2 else counter.minus_rect()
        pos = display.viewport.to_window(rect.center)
        events = [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ]
        before = len(adventure.session.entries)
        if profiler is not None:
            profiler.enable()
        wall, cpu = time.perf_counter(), time.process_time()
        loop.run_frames(1, events=events)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        if profiler is not None:
            profiler.disable()
        if len(adventure.session.entries) != before + 1:
            raise SystemExit(f"click {index} played no action: {adventure.session.entries[-1]}")
    if profiler is not None:
        pstats.Stats(profiler).sort_stats(os.environ.get("BENCH_SORT", "cumulative")).print_stats(30)
    return walls, cpus, len(adventure.session.entries)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entries", type=int, default=9_999 - 40, help="actions played before the clicks")
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--profile", action="store_true", help="print the cProfile of the clicks")
    parser.add_argument("--max-load", type=float, default=2.0, help="wait for the load to fall under this (0: do not)")
    parser.add_argument("--json", action="store_true", help="end with the figures as a JSON line (for bench_all)")
    args = parser.parse_args(argv)
    wait_for_quiet(args.max_load)
    walls, cpus, journal = clicks(args.entries, args.clicks, args.profile)
    wall, cpu = statistics.median(walls) * 1000, statistics.median(cpus) * 1000
    print(f"bench_sheet: a click on STAMINA ± with {journal} journal entries (journal tab shown), {load_text()}")
    print(f"  median {wall:.1f} ms wall, {cpu:.1f} ms CPU over {len(walls)} clicks (max {max(walls) * 1000:.1f} ms wall)")
    figure = Figure(
        row="one click on the sheet with 10 000 journal entries",
        value=f"{wall:.1f} ms ({cpu:.1f} ms CPU), {journal} entries",
        goal=f"≤ {GOAL_MS:.0f} ms",
        met=wall <= GOAL_MS,
    )
    if args.json:
        print_json([figure])
    return 0


if __name__ == "__main__":
    sys.exit(main())

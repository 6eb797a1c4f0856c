"""One click on the Adventure Sheet of a long adventure (issue 28, row 2): 10 000 journal entries.

    flock /work/.bench.lock .venv/bin/python tools/bench_sheet.py [--entries 9999] [--clicks 30] [--profile] [--json]

Plays ``--entries`` actions on DF31 (paragraphs, gold, STAMINA changes), saves
the adventure, opens its sheet in a headless window and clicks STAMINA's "+"
and "−" in turn through the main loop as the app builds it (its autosaves held
for the frame: ``MainLoop(writes=...)``), button down and up in window pixels,
one frame each. Three figures a click, each timed with ``time.perf_counter``
(the autosave's fsync waits on the disk): from the event to the frame shown
(``Display.present``: the rules, the sheet's sync with the journal tab shown,
the frame; also in ``time.process_time``), which is what the player sees; the
autosave done right after it (the whole log written, fsynced, the backups
rotated); and the whole step, after which the next event is read — a second
click sooner than that waits for the autosave. The medians are printed.
``--profile``: the cProfile of the clicks, by cumulative time. Goal: the frame
shown ≤ 16 ms (a frame at 60 Hz).
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


def clicks(entries: int, count: int, profile: bool) -> tuple[dict[str, list[float]], int]:
    """Seconds of each click by what is timed (shown, shown_cpu, save, step); the journal's length."""
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
    loop = MainLoop(stack, display, clock=FakeClock(), writes=services.saves)
    scene.tab = "journal"
    loop.run_frames(2)
    counter = scene.controls.hero.stat_counters["stamina"]
    times: dict[str, list[float]] = {"shown": [], "shown_cpu": [], "save": [], "step": []}
    marks: dict[str, float] = {}
    present, write_held = display.present, services.saves.write_held

    def presented(area: object = None) -> None:  # Display.present(area): the part of the page a frame drew
        present(area)
        marks["shown"], marks["shown_cpu"] = time.perf_counter(), time.process_time()

    def written() -> bool:
        start = time.perf_counter()
        news = write_held()
        marks["save"] = time.perf_counter() - start
        return news

    display.present, services.saves.write_held = presented, written  # type: ignore[method-assign]  # timed in place
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
        marks.clear()
        wall, cpu = time.perf_counter(), time.process_time()
        loop.run_frames(1, events=events)
        times["step"].append(time.perf_counter() - wall)
        if "shown" not in marks:
            raise SystemExit(f"click {index} drew no frame")
        times["shown"].append(marks["shown"] - wall)
        times["shown_cpu"].append(marks["shown_cpu"] - cpu)
        times["save"].append(marks.get("save", 0.0))
        if profiler is not None:
            profiler.disable()
        if len(adventure.session.entries) != before + 1:
            raise SystemExit(f"click {index} played no action: {adventure.session.entries[-1]}")
    if profiler is not None:
        pstats.Stats(profiler).sort_stats(os.environ.get("BENCH_SORT", "cumulative")).print_stats(30)
    return times, len(adventure.session.entries)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entries", type=int, default=9_999 - 40, help="actions played before the clicks")
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--profile", action="store_true", help="print the cProfile of the clicks")
    parser.add_argument("--max-load", type=float, default=2.0, help="wait for the load to fall under this (0: do not)")
    parser.add_argument("--json", action="store_true", help="end with the figures as a JSON line (for bench_all)")
    args = parser.parse_args(argv)
    wait_for_quiet(args.max_load)
    times, journal = clicks(args.entries, args.clicks, args.profile)
    ms = {name: statistics.median(values) * 1000 for name, values in times.items()}
    print(f"bench_sheet: a click on STAMINA ± with {journal} journal entries (journal tab shown), {load_text()}")
    print(
        f"  medians over {len(times['step'])} clicks: the frame shown {ms['shown']:.1f} ms wall ({ms['shown_cpu']:.1f} ms CPU,"
        f" max {max(times['shown']) * 1000:.1f} ms); the autosave after it {ms['save']:.1f} ms;"
        f" the next event read at {ms['step']:.1f} ms"
    )
    figure = Figure(
        row="one click on the sheet with 10 000 journal entries",
        value=(
            f"{ms['shown']:.1f} ms to the frame shown ({ms['shown_cpu']:.1f} ms CPU), {journal} entries;"
            f" its autosave after it {ms['save']:.1f} ms (the next event read at {ms['step']:.1f} ms)"
        ),
        goal=f"≤ {GOAL_MS:.0f} ms",
        met=ms["shown"] <= GOAL_MS,
    )
    if args.json:
        print_json([figure])
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Soak test: the convention demo's attract loop for hours of simulated frames, watching memory.

    python tools/soak.py [--hours 2] [--fps 60] [--warmup-minutes 5] [--seed 3]

Runs `feuille --demo` headless (dummy video driver, simulated clock): after the
idle delay the autopilot plays the demo adventure again and again, exactly as
on a stand. tracemalloc snapshots are taken after a warm-up (caches filled) and
at the end; the growth between them (goal: under 5 MB) and the allocation
sites that grew most are printed, with the resident memory before and after.
Both snapshots are taken just after a fresh start of the attract loop (the
kiosk empties its caches there), so a fight's odds tables in memory at one
moment and not the other do not pass for a leak.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from bench_common import rss_mib

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hours", type=float, default=2.0, help="simulated hours of attract loop")
    parser.add_argument("--fps", type=int, default=60, help="simulated frames per second")
    parser.add_argument("--warmup-minutes", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--top", type=int, default=10, help="how many growing allocation sites to show")
    args = parser.parse_args(argv)

    import pygame

    from game.app.display import Display
    from game.app.kiosk import KioskMode, demo_fresh_start
    from game.app.loop import FakeClock, MainLoop
    from game.app.scene import SceneStack
    from game.app.services import build_services

    scratch = Path(tempfile.mkdtemp(prefix="feuille-soak-"))
    services = build_services(config_dir=scratch / "config", data_dir=scratch / "data", demo=True, seed=args.seed)
    services.settings.demo_idle_seconds = 10
    pygame.display.init()
    pygame.font.init()
    stack = SceneStack()
    kiosk = KioskMode(services, stack, lambda: demo_fresh_start(services))
    kiosk.reset()
    loop = MainLoop(stack, Display((1280, 720)), clock=FakeClock(), supervisor=kiosk)
    dt = 1 / args.fps
    warmup_frames = int(args.warmup_minutes * 60 * args.fps)
    total_frames = int(args.hours * 3600 * args.fps)
    print(f"soak: {args.hours} h at {args.fps} fps = {total_frames} frames (+{warmup_frames} warm-up), seed {args.seed}")
    print(f"reproduce: python tools/soak.py --hours {args.hours} --fps {args.fps} --seed {args.seed}")
    started = time.perf_counter()
    for _ in range(warmup_frames):
        loop.run_frames(1, dt)  # like the real loop: posted events (odds ready…) are read each frame

    def at_fresh_start() -> int:
        """Run on to the next fresh start of the attract loop (caches just emptied), so snapshots compare like with like."""
        runs, frames = kiosk.runs, 0
        while kiosk.runs == runs:
            loop.run_frames(1, dt)
            frames += 1
        loop.run_frames(2, dt)
        return frames + 2

    tracemalloc.start(1)  # one frame per trace: sites by line, cheap enough for hours of frames
    at_fresh_start()
    rss_before = rss_mib()
    before = tracemalloc.take_snapshot()
    traced_before = tracemalloc.get_traced_memory()[0]
    frame = 0
    report_every = args.fps * 1800
    while frame < total_frames:
        loop.run_frames(1, dt)
        frame += 1
        if frame % report_every == 0:
            frame += at_fresh_start()
            print(
                f"  {frame / args.fps / 3600:.2f} h (at a fresh start): "
                f"traced {(tracemalloc.get_traced_memory()[0] - traced_before) / 1e6:+.2f} MB, "
                f"RSS {rss_mib():.1f} MiB, attract runs {kiosk.runs}",
                flush=True,
            )
    frame += at_fresh_start()
    after = tracemalloc.take_snapshot()
    traced_after = tracemalloc.get_traced_memory()[0]
    rss_after = rss_mib()
    tracemalloc.stop()
    growth = (traced_after - traced_before) / 1e6
    print(
        f"simulated {frame / args.fps / 3600:.2f} h in {time.perf_counter() - started:.0f} s; attract runs: {kiosk.runs}; "
        f"frames drawn: {loop.frames_drawn}"
    )
    print(
        f"python heap growth between two fresh starts (tracemalloc): {growth:+.2f} MB (goal < 5 MB) "
        f"-> {'OK' if growth < 5 else 'OVER'}"
    )
    print(f"resident memory: {rss_before:.1f} MiB -> {rss_after:.1f} MiB ({rss_after - rss_before:+.1f} MiB)")
    print("largest growing allocation sites:")
    for stat in after.compare_to(before, "lineno")[: args.top]:
        site = stat.traceback[0]
        print(f"  {stat.size_diff / 1024:+9.1f} KiB  {stat.count_diff:+7d} blocks  {site.filename}:{site.lineno}")
    return 0 if growth < 5 else 1


if __name__ == "__main__":
    sys.exit(main())

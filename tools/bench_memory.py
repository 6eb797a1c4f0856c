"""Memory benchmark (issue 9): resident memory once every book is loaded and every screen has been drawn.

    /work/main/.venv/bin/python tools/bench_memory.py [--frames 3]

A fresh interpreter (SDL_VIDEODRIVER=dummy) loads the shelf, then for every
entry of the showcase registry (``game.app.showcase.load_all()``) builds its
scene stack with one shared ``Services`` (the app has one) and draws frames
with ``MainLoop.run_frames``. Two runs: screens opened one after the other,
each stack dropped before the next (as the app goes from screen to screen) —
the figure held against the goal — and every stack kept open to the end (more
than the app ever holds). Figures: VmRSS from /proc/self/status after
start-up and at the end, and the peak (VmHWM). Goal: under 120 MB.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

GOAL_MB = 120

DRIVER = r"""
import json, resource, sys
from pathlib import Path

def status(field):
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux

scratch, frames, keep = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "keep"
rss = {"interpreter": status("VmRSS")}
import pygame
from game.app.display import Display
from game.app.loop import FakeClock, MainLoop
from game.app.services import build_services
from game.app.showcase import load_all
from game.app.stack import SceneStack
from game.books.loader import load_shelf

pygame.display.init()
pygame.font.init()
display = Display((1280, 720), fullscreen=False, title="bench")
rss["imports + display"] = status("VmRSS")
shelf = load_shelf()
rss["all books"] = status("VmRSS")
kept, failed = [], []
entries = load_all()
services = build_services(config_dir=scratch / "config", data_dir=scratch / "data", seed=7)
steps = []
for name, factory in entries:
    before = status("VmRSS")
    stack = SceneStack()
    try:
        for scene in factory(services):
            stack.push(scene)
            stack.apply_pending()
        MainLoop(stack, display, clock=FakeClock()).run_frames(frames)
    except Exception as error:
        failed.append(f"{name}: {type(error).__name__}: {error}")
    if keep:
        kept.append(stack)
    del stack
    steps.append((round(status("VmRSS") - before, 1), name))
rss["every screen drawn"] = status("VmRSS")
print(json.dumps({"rss": rss, "peak": status("VmHWM"), "screens": len(entries), "failed": failed,
                  "books": len(shelf.books), "steps": sorted(steps, reverse=True)[:5]}))
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=3, help="frames drawn per screen")
    args = parser.parse_args(argv)
    print(f"bench_memory: command: {sys.executable} tools/bench_memory.py --frames {args.frames}")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    for mode, label in (("drop", "one screen at a time"), ("keep", "every screen kept open")):
        with tempfile.TemporaryDirectory(prefix="feuille-memory-") as scratch:
            result = subprocess.run([sys.executable, "-c", DRIVER, scratch, str(args.frames), mode], env=env,
                                    capture_output=True, text=True, timeout=600)
        if result.returncode != 0:
            print(result.stderr[-2000:])
            return 1
        figures = json.loads(result.stdout.strip().splitlines()[-1])
        print(f"{label}: " + ", ".join(f"{stage} {mb:.1f}" for stage, mb in figures["rss"].items()) + " MB RSS")
        final = figures["rss"]["every screen drawn"]
        goal = f" (goal < {GOAL_MB} MB)" if mode == "drop" else ""
        print(f"  {figures['books']} books, {figures['screens']} screens: RSS {final:.1f} MB, "
              f"peak {figures['peak']:.1f} MB{goal}")
        print("  largest steps: " + ", ".join(f"{name} +{mb:.1f} MB" for mb, name in figures["steps"]))
        for failure in figures["failed"]:
            print(f"  screen failed to draw: {failure}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

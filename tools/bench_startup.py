"""Start-up benchmark (issue 9): start to first frame of the real app, against a bare pygame window.

    /work/main/.venv/bin/python tools/bench_startup.py [--runs 7] [--saves 20]

Each run is a fresh interpreter with SDL_VIDEODRIVER=dummy, timed from spawn
to exit. The app run is a driver doing what ``python -m game`` does up to its
first frame (the entry point's own ``parse_args``, ``build_services`` in empty
temporary folders, the display, the BookshelfScene, one
``MainLoop.run_frames(1)``) and then exiting: nothing is added to the app. The
baseline is ``import pygame; pygame.display.set_mode((1280, 720));
pygame.display.flip()``. Runs alternate so both see the same machine load;
the figure is the median. Goal: the app under 2× the baseline. A second app
figure has ``--saves`` adventures on the shelf (a returning player). The
shelf is drawn from its index of the books (written by any earlier start; a
warm-up run writes it); the very first start, which validates every book to
write that index, is timed apart.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GOAL = 2.0

BASELINE = "import pygame; pygame.display.set_mode((1280, 720)); pygame.display.flip()"

APP = r"""
import sys
import pygame
from game.__main__ import parse_args
from game.app.display import Display
from game.app.splash import draw_splash

args = parse_args(["--config-dir", sys.argv[1], "--data-dir", sys.argv[2]])
pygame.display.init()
pygame.font.init()
display = Display(args.window_size, fullscreen=False, title="Feuille d'Aventure")
draw_splash(display)  # the first frame, as `python -m game` draws it
if sys.argv[3] == "splash":
    raise SystemExit(0)
from game.app.loop import MainLoop
from game.app.services import build_services
from game.app.scene import SceneStack
from game.scenes.bookshelf.scene import BookshelfScene

services = build_services(config_dir=args.config_dir, data_dir=args.data_dir)
stack = SceneStack()
stack.push(BookshelfScene(services))
stack.apply_pending()
drawn = MainLoop(stack, display).run_frames(1)
assert drawn == 1, "the bookshelf was not drawn"
pygame.quit()
"""


def environment() -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return env


def timed(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, env=environment(), stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def fill_shelf(data_dir: Path, count: int) -> None:
    """``count`` adventures in the saves folder, as a returning player has."""
    from game.books.loader import load_shelf
    from game.rules.dice import RandomDice
    from game.rules.session import Session
    from game.storage.saves import SaveStore

    books = load_shelf().books
    store = SaveStore(data_dir / "saves")
    for index in range(count):
        session = Session(books[("DF31", "DF49", "DF64")[index % 3]], RandomDice(index))
        session.apply({"do": "roll_hero"})
        for number in range(1, 60):
            session.apply({"do": "paragraph", "number": number})
        store.write(f"bench-{index:03d}", session)


def machine() -> str:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} CPUs ({model}), Python {platform.python_version()}, {platform.system()}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--saves", type=int, default=20, help="adventures on the shelf for the second figure")
    args = parser.parse_args(argv)
    print(f"bench_startup: {machine()}; command: {sys.executable} tools/bench_startup.py --runs {args.runs} --saves {args.saves}")
    with tempfile.TemporaryDirectory(prefix="feuille-bench-") as scratch:
        root = Path(scratch)
        empty, returning = root / "empty", root / "returning"
        fill_shelf(returning / "data", args.saves)
        base, first, fresh, shelf, cold = [], [], [], [], []
        app = [sys.executable, "-c", APP]
        # Warm the disk cache, and write the shelf's index of the books as any earlier start has.
        timed(app + [str(empty / "config"), str(empty / "data"), "shelf"])
        timed(app + [str(returning / "config"), str(returning / "data"), "shelf"])
        for run in range(args.runs):
            base.append(timed([sys.executable, "-c", BASELINE]))
            first.append(timed(app + [str(empty / "config"), str(empty / "data"), "splash"]))
            fresh.append(timed(app + [str(empty / "config"), str(empty / "data"), "shelf"]))
            shelf.append(timed(app + [str(returning / "config"), str(returning / "data"), "shelf"]))
            cold.append(timed(app + [str(root / f"first-{run}" / "config"), str(empty / "data"), "shelf"]))
    b, w, f, s, c = (statistics.median(x) for x in (base, first, fresh, shelf, cold))
    print(f"bare pygame window:                    {b * 1000:7.0f} ms (median of {args.runs})")
    print(f"app to first frame (title page):       {w * 1000:7.0f} ms = {w / b:.2f}x the bare window (goal < {GOAL:.0f}x)")
    print(f"app to the bookshelf ready, new player: {f * 1000:6.0f} ms = {f / b:.2f}x (goal < {GOAL:.0f}x)")
    print(f"app to the bookshelf ready, {args.saves} saves:   {s * 1000:6.0f} ms = {s / b:.2f}x (goal < {GOAL:.0f}x)")
    print(f"very first start (no index of the books yet, every book validated): {c * 1000:.0f} ms = {c / b:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())

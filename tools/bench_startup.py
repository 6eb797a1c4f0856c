"""Start-up benchmark (issue 9): start to first frame of the real app, against a bare pygame window.

    /work/main/.venv/bin/python tools/bench_startup.py [--runs 7] [--saves 20] [--phases] [--instructions]

Each run is a fresh interpreter with SDL_VIDEODRIVER=dummy, timed from spawn
to exit. The app run is the real entry point, ``game.__main__.main`` (what
``python -m game`` runs: the window and its title page, the stop signals, the
services in empty temporary folders, the bookshelf) whose main loop draws one
frame and returns, so the app then closes as it always does; for the first
frame, the run leaves as soon as the title page is drawn. The
baseline is ``import pygame; pygame.display.set_mode((1280, 720));
pygame.display.flip()``. Runs alternate so both see the same machine load;
the figure is the median. Goal: the app under 2× the baseline. A second app
figure has ``--saves`` adventures on the shelf (a returning player). The
shelf is drawn from its index of the books (written by any earlier start; a
warm-up run writes it); the very first start, which validates every book to
write that index, is timed apart. ``--phases`` cuts a new player's start step
by step; ``--instructions`` counts what it does with valgrind's callgrind
(instructions, so the same figures at any load), beside the bare window's.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_common import Figure, load_text, print_json, wait_for_quiet

GOAL = 2.0
FIRST_FRAME_GOAL = 1.2

BASELINE = "import pygame; pygame.display.set_mode((1280, 720)); pygame.display.flip()"

APP = r"""
import os
import sys

from game import __main__ as entry

if sys.argv[3] == "splash":  # the first frame: the title page drawn, then leave at once
    # Only what the app imports before its title page: importing the main loop here to patch it (as the
    # shelf's run does) would time its ~40 ms of imports, which the app does after the title page is shown.
    from game.app import splash

    draw = splash.draw_splash

    def draw_then_leave(display):
        draw(display)
        os._exit(0)

    splash.draw_splash = draw_then_leave
else:
    # The real entry point (window, signals, services, the shelf); its main loop draws one frame, then the
    # app closes as it always does (the screens closed, pygame quit). Importing the loop imports pygame, so
    # first what main does before anything (no mixer, no OpenSSL): without it, this patch alone had pygame
    # import its mixer, which the real start never does (about 3 ms of `-X importtime`, timed as the app's).
    from game.app.memory import leave_out_unused

    leave_out_unused()
    from game.app import loop

    loop.MainLoop.run = lambda self: None if self.run_frames(1) == 1 else sys.exit("the bookshelf was not drawn")
sys.exit(entry.main(["--config-dir", sys.argv[1], "--data-dir", sys.argv[2]]))
"""


# --phases: the same real start, each step stamped on the system's monotonic clock (the parent's too: the
# spawn is the first stamp), so the time from spawn to exit is cut where it goes.
PHASES = r"""
import importlib.abc, importlib.util, json, sys, time

stamps = [("python started, site imported", time.monotonic())]
parts = {}


def stamp(name):
    stamps.append((name, time.monotonic()))


def timed(owner, name, label):
    real = getattr(owner, name)

    def wrapped(*args, **kwargs):
        began = time.monotonic()
        try:
            return real(*args, **kwargs)
        finally:
            parts[label] = parts.get(label, 0.0) + time.monotonic() - began

    setattr(owner, name, wrapped)


def stamped(owner, name, before, after):
    real = getattr(owner, name)

    def wrapped(*args, **kwargs):
        if before:
            stamp(before)
        result = real(*args, **kwargs)
        stamp(after)
        return result

    setattr(owner, name, wrapped)


def patch_splash(module):
    stamped(module, "draw_splash", None, "window opened, title page shown (pygame imported)")


def patch_services(module):
    stamped(module, "build_services", None, "services imported and built (settings, catalogue, books index, saves)")


def patch_navigator(module):
    stamped(module.Navigator, "build", "main loop's modules imported (crash log, narrator…)", "shelf scene imported and built")


def patch_paint(module):
    for painter in ("parchment", "draw_panel", "_cards"):
        timed(module, painter, painter)


def patch_group(module):
    timed(module.WidgetGroup, "draw", "widgets")


def patch_loop(module):
    def one_frame(self):
        self.run_frames(1)
        stamp("first frame drawn and shown")

    module.MainLoop.run = one_frame


PATCHES = {
    "game.app.splash": patch_splash,
    "game.app.services": patch_services,
    "game.app.navigator": patch_navigator,
    "game.scenes.bookshelf.paint": patch_paint,
    "game.ui.group": patch_group,
    "game.app.loop": patch_loop,
}


class AfterImport(importlib.abc.MetaPathFinder):
    # Patches each module as its import ends: importing it here first would move its import time.
    def find_spec(self, name, path, target=None):
        if name not in PATCHES:
            return None
        sys.meta_path.remove(self)
        try:
            spec = importlib.util.find_spec(name)
        finally:
            sys.meta_path.insert(0, self)
        real = spec.loader.exec_module

        def exec_module(module):
            real(module)
            PATCHES[name](module)

        spec.loader.exec_module = exec_module
        return spec


sys.meta_path.insert(0, AfterImport())
from game import __main__ as entry

stamp("game.__main__ imported (argparse…)")
leave = entry.leave


def report_then_leave(code):
    stamp("app closed (screens, speech, pygame)")
    print("PHASES " + json.dumps({"stamps": stamps, "frame": parts}), flush=True)
    leave(code)


entry.leave = report_then_leave
entry.main(["--config-dir", sys.argv[1], "--data-dir", sys.argv[2]])
"""

HOME = Path(tempfile.gettempdir()) / "feuille-bench-home"  # the app's log folder: not the user's


def environment() -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    # An installed app starts from its bytecode cache: a shell with PYTHONDONTWRITEBYTECODE would time every
    # start compiling the sources again (0.98 s against 0.74 s on 2026-12-02), a start no player has.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update(HOME=str(HOME), XDG_STATE_HOME=str(HOME / "state"), XDG_CACHE_HOME=str(HOME / "cache"))
    return env


def timed(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, env=environment(), stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def phases(runs: int, config: Path, data: Path) -> None:
    """Print where the start's time goes: the median of ``runs`` stamped starts, step by step, and the first
    frame's painters (the process's spawn and exit are the parent's stamps)."""
    steps: dict[str, list[float]] = {}
    frame: dict[str, list[float]] = {}
    for _ in range(runs):
        spawned = time.monotonic()
        done = subprocess.run(
            [sys.executable, "-c", PHASES, str(config), str(data)], check=True, env=environment(), capture_output=True, text=True
        )
        ended = time.monotonic()
        line = next(line for line in done.stdout.splitlines() if line.startswith("PHASES "))
        measured = json.loads(line[len("PHASES ") :])
        previous = spawned
        for name, at in [*measured["stamps"], ("process ended (the interpreter's exit)", ended)]:
            steps.setdefault(name, []).append(at - previous)
            previous = at
        steps.setdefault("total, spawn to exit", []).append(ended - spawned)
        for name, seconds in measured["frame"].items():
            frame.setdefault(name, []).append(seconds)
    print(f"where the start goes (median of {runs}, ms):")
    for name, values in steps.items():
        print(f"  {statistics.median(values) * 1000:7.1f}  {name}")
    print("  of the first frame:")
    for name, values in frame.items():
        print(f"  {statistics.median(values) * 1000:7.1f}    {name}")


# --instructions: what a start does, counted by valgrind's callgrind: instructions, not time, so the same on a
# loaded machine as on a quiet one. Each part is the inclusive count of the functions named (callgrind_annotate);
# the programs run from files, since a program given with -c is itself a string Python compiles while running.
PARTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Python compiled while running (dataclass methods, namedtuples)", ("PyRun_StringFlags",)),
    ("modules' bytecode read (marshal)", ("marshal_loads",)),
    ("extension modules loaded and started (pygame's …)", ("_PyImport_LoadDynamicModuleWithSpec",)),
    ("text measured (SDL_ttf, FreeType's glyphs)", ("TTF_SizeUTF8",)),
    ("text rendered", ("TTF_RenderUTF8_Blended", "TTF_RenderUTF8_Blended_Wrapped")),
    ("pictures: blits, scaling, fills", ("surf_blit", "smoothscale_to", "surf_scale", "surf_fill")),
    ("garbage collections", ("gc_collect_main",)),
)
ANNOTATED = re.compile(r"\s*(?P<count>[\d,]+) \(\s*[\d.]+%\)\s+\S*:(?P<function>[^\s:]+)(\s|$)")
HINTING = "TT_RunIns"  # FreeType's TrueType bytecode interpreter: the fonts' hinting, inside measuring and rendering


def _counted(program: str, args: list[str], scratch: Path) -> dict[str, int]:
    """Inclusive instructions by function of one run of ``program`` (a file) under callgrind."""
    script, out = scratch / "program.py", scratch / "callgrind.out"
    script.write_text(program, encoding="utf-8")
    command = [sys.executable, str(script), *args]
    subprocess.run(command, check=True, env=environment(), stdout=subprocess.DEVNULL)  # the index, the bytecode
    valgrind = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
    subprocess.run(valgrind + command, check=True, env=environment(), capture_output=True)
    annotated = subprocess.run(
        ["callgrind_annotate", "--inclusive=yes", "--threshold=100", str(out)], check=True, capture_output=True, text=True
    ).stdout
    counts: dict[str, int] = {}
    for line in annotated.splitlines():
        found = ANNOTATED.match(line)  # "  63,842,380 ( 8.67%)  Python/pythonrun.c:PyRun_StringFlags [lib]"
        if found is not None:
            name = found["function"]  # a recursion's inner levels are "name'2", apart
            counts[name] = max(counts.get(name, 0), int(found["count"].replace(",", "")))
    return counts


def instructions(config: Path, data: Path) -> None:
    """Print where a new player's start spends its instructions, beside a bare pygame window's."""
    if shutil.which("valgrind") is None or shutil.which("callgrind_annotate") is None:
        print("--instructions needs valgrind (callgrind and callgrind_annotate): not found")
        return
    with tempfile.TemporaryDirectory(prefix="feuille-callgrind-") as scratch:
        app = _counted(APP, [str(config), str(data), "shelf"], Path(scratch))
        bare = _counted(BASELINE, [], Path(scratch))
    print("where a start's instructions go (millions, callgrind; the same at any load):")
    print(f"  {'':66} {'app':>7} {'bare':>7} {'app-bare':>9}")
    rows = [(label, *(sum(c.get(n, 0) for n in names) for c in (app, bare))) for label, names in PARTS]
    rest = (app["main"] - sum(r[1] for r in rows), bare["main"] - sum(r[2] for r in rows))
    rows += [("the rest: Python running (module bodies, building, drawing)", *rest)]
    for label, in_app, in_bare in rows:
        print(f"  {label:66} {in_app / 1e6:7.1f} {in_bare / 1e6:7.1f} {(in_app - in_bare) / 1e6:9.1f}")
    print(f"    {'of text: TrueType hinting bytecode (' + HINTING + ')':64} {app.get(HINTING, 0) / 1e6:7.1f}")
    total_app, total_bare = app["main"], bare["main"]
    label = "total (the program from its main)"
    print(f"  {label:66} {total_app / 1e6:7.1f} {total_bare / 1e6:7.1f} {(total_app - total_bare) / 1e6:9.1f}")
    print(f"  app / bare: {total_app / total_bare:.2f}x the instructions")


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
    parser.add_argument("--max-load", type=float, default=2.0, help="wait for the load to fall under this (0: do not)")
    parser.add_argument("--json", action="store_true", help="end with the figures as a JSON line (for bench_all)")
    parser.add_argument("--phases", action="store_true", help="then where the time of a new player's start goes")
    parser.add_argument(
        "--instructions", action="store_true", help="then where its instructions go, counted by valgrind's callgrind"
    )
    args = parser.parse_args(argv)
    wait_for_quiet(args.max_load)
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
        if args.phases:
            phases(args.runs, empty / "config", empty / "data")
        if args.instructions:
            instructions(empty / "config", empty / "data")
    b, w, f, s, c = (statistics.median(x) for x in (base, first, fresh, shelf, cold))
    print(f"bare pygame window:                    {b * 1000:7.0f} ms (median of {args.runs})")
    print(
        f"app to first frame (title page):       {w * 1000:7.0f} ms = {w / b:.2f}x the bare window (goal < {FIRST_FRAME_GOAL}x)"
    )
    print(f"app to the bookshelf ready, new player: {f * 1000:6.0f} ms = {f / b:.2f}x (goal < {GOAL:.0f}x)")
    print(f"app to the bookshelf ready, {args.saves} saves:   {s * 1000:6.0f} ms = {s / b:.2f}x (goal < {GOAL:.0f}x)")
    print(f"very first start (no index of the books yet, every book validated): {c * 1000:.0f} ms = {c / b:.2f}x")
    print(f"  {load_text()}")
    if args.json:
        print_json(
            [
                Figure(
                    row="start to bookshelf ready / first frame",
                    value=f"{f / b:.2f}× / {w / b:.2f}× a bare pygame-ce window ({f * 1000:.0f} / {w * 1000:.0f} ms, "
                    f"bare {b * 1000:.0f} ms; {args.saves} saves: {s / b:.2f}×), from the real entry point",
                    goal=f"≤ {GOAL:.0f}× / ≤ {FIRST_FRAME_GOAL}×",
                    met=f / b <= GOAL and w / b <= FIRST_FRAME_GOAL,
                )
            ]
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

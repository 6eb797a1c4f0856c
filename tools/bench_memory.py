"""Memory benchmark (issues 9, 17): resident memory with every screen drawn and a four-creature fight on the board.

    /work/main/.venv/bin/python tools/bench_memory.py [--frames 3] [--per-screen]

A fresh interpreter (SDL_VIDEODRIVER=dummy) does what ``python -m game``
does before its window (``game.app.memory.tune_allocator``), loads the shelf,
then for every entry of the showcase registry (``game.app.showcase.load_all()``)
builds its scene stack with one shared ``Services`` (the app has one) and
draws frames with ``MainLoop.run_frames``, each stack dropped before the next
(as the app goes from screen to screen). Last, a four-creature fight all
together (DF64's sample hero against SKILL 9/8/7/6, STAMINA 10) is put on the
combat board and drawn once its odds have come back from the worker. Figures:
VmRSS (/proc/self/status) after each screen — the peak RSS per screen
(``--per-screen`` lists every one) — the peak (VmHWM), and what each drawing
cache holds against its budget in bytes. Goal: under 100 MiB.

A second interpreter replays a log of 10 000 actions (the most a save holds)
and prints the time and the memory it holds (179 MB before the session kept
only checkpoints and its newest states).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

from bench_common import Figure, load_text, print_json

GOAL_MIB = 100
SMOKE_GOAL_MIB = 100
SESSION_GOAL_MIB = 70

COMMON = r"""
import json, resource, sys, time
from pathlib import Path

def status(field):
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux

from game.app.memory import leave_out_unused, tune_allocator
leave_out_unused()  # as `python -m game` does first: no sound, no OpenSSL
tuned = tune_allocator()
"""

SCREENS = (
    COMMON
    + r"""
scratch, frames = Path(sys.argv[1]), int(sys.argv[2])
rss = {"interpreter": status("VmRSS")}
import pygame
from game.app.display import Display
from game.app.loop import FakeClock, MainLoop
from game.app.services import build_services
from game.app.showcase import load_all
from game.app.scene import SceneStack

pygame.display.init()
pygame.font.init()
display = Display((1280, 720), fullscreen=False, title="bench")
rss["imports + display"] = status("VmRSS")
services = build_services(config_dir=scratch / "config", data_dir=scratch / "data", seed=7)
rss["services + all books"] = status("VmRSS")
failed, screens = [], []
for name, factory in load_all():
    stack = SceneStack()
    try:
        for scene in factory(services):
            stack.push(scene)
            stack.apply_pending()
        MainLoop(stack, display, clock=FakeClock()).run_frames(frames)
    except Exception as error:
        failed.append(f"{name}: {type(error).__name__}: {error}")
    del stack
    screens.append((name, round(status("VmRSS"), 1)))
rss["every screen drawn"] = status("VmRSS")

from game.app.navigator import Screen
from game.scenes.samples.combat import scripted_fight
enemies = [{"name": f"C{i}", "skill": skill, "stamina": 10} for i, skill in enumerate((9, 8, 7, 6))]
adventure = scripted_fight(services, "DF64", [], [{"do": "fight", "mode": "all_together", "enemies": enemies}])
stack = SceneStack()
board = services.navigator.build(Screen.COMBAT, adventure)
stack.push(board)
stack.apply_pending()
started = time.perf_counter()
board.odds.wait(120)
waited = time.perf_counter() - started
MainLoop(stack, display, clock=FakeClock()).run_frames(frames)
answer = board.odds_answer()
screens.append(("four-creature fight, odds shown", round(status("VmRSS"), 1)))
rss["+ four-creature fight"] = status("VmRSS")

from game.ui.surface_cache import memory_report
print(json.dumps({"rss": rss, "peak": status("VmHWM"), "screens": screens, "failed": failed, "tuned": tuned,
                  "books": len(services.shelf.books), "odds": answer is not None, "odds_wait": waited,
                  "caches": memory_report()}))
"""
)

SESSION = (
    COMMON
    + r"""
# A real session (issue 28 row 5): the app's start, the DF49 sheet, then a three-creature fight on the board
# with its odds shown; the peak of the whole process (VmHWM), and where the MiB are (tracemalloc's top files).
import tracemalloc
scratch, frames, trace = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "trace"
if trace:
    tracemalloc.start(1)
stages = [("interpreter", status("VmRSS"), status("VmHWM"))]  # (stage, RSS after it, the peak so far)
import pygame
stages.append(("pygame (without its mixer)", status("VmRSS"), status("VmHWM")))
import pydantic
class _FirstModel(pydantic.BaseModel):  # what building the app's first model imports (pydantic's schema machinery)
    number: int
stages.append(("pydantic, imported and a first model built", status("VmRSS"), status("VmHWM")))
from game.app.display import Display
from game.app.loop import FakeClock, MainLoop
from game.app.navigator import Screen
from game.app.scene import SceneStack
from game.app.services import build_services
from game.scenes.samples.combat import scripted_fight
stages.append(("the app's modules (its models, rules, the screens' modules)", status("VmRSS"), status("VmHWM")))

pygame.display.init()
pygame.font.init()
display = Display((1280, 720), fullscreen=False, title="bench")
stages.append(("the window (and the page it shows)", status("VmRSS"), status("VmHWM")))
services = build_services(config_dir=scratch / "config", data_dir=scratch / "data", seed=7)
stages.append(("services (settings, the books' index)", status("VmRSS"), status("VmHWM")))
stack = SceneStack()
stack.push(services.navigator.build(Screen.SHELF))
stack.apply_pending()
loop = MainLoop(stack, display, clock=FakeClock())
loop.run_frames(frames)
stages.append(("the shelf drawn (fonts, caches)", status("VmRSS"), status("VmHWM")))
enemies = [{"name": f"C{i}", "skill": skill, "stamina": 10} for i, skill in enumerate((8, 7, 6))]
adventure = scripted_fight(services, "DF49", [], [])
stages.append(("DF49 validated", status("VmRSS"), status("VmHWM")))
stack.replace(services.navigator.build(Screen.SHEET, adventure))
stack.apply_pending()
loop.run_frames(frames)
sheet_rss = status("VmRSS")
stages.append(("the sheet drawn", sheet_rss, status("VmHWM")))
import numpy  # the odds worker's first import (here before the board, to be counted apart from its tables)
stages.append(("numpy (the odds worker imports it)", status("VmRSS"), status("VmHWM")))
adventure.act({"do": "fight", "mode": "all_together", "enemies": enemies})
board = services.navigator.build(Screen.COMBAT, adventure)
stack.push(board)
stack.apply_pending()
loop.run_frames(1)
stages.append(("the board drawn (its layer)", status("VmRSS"), status("VmHWM")))
board.odds.wait(120)
loop.run_frames(frames)
stages.append(("the odds shown (the worker's tables)", status("VmRSS"), status("VmHWM")))
top, traced = [], {}
if trace:
    snapshot = tracemalloc.take_snapshot()
    every = snapshot.statistics("filename")
    top = [(str(stat.traceback[0].filename).split("site-packages/")[-1], stat.size) for stat in every[:12]]
    for stat in every:
        where = str(stat.traceback[0].filename)
        part = ("importing modules (their code and what it made)" if where.startswith("<frozen importlib")
                else "numpy" if "/numpy/" in where else "pydantic" if "pydantic" in where
                else "the app (game/)" if "/game/" in where else "the rest")
        traced[part] = traced.get(part, 0) + stat.size
smaps = {}
try:
    for line in Path("/proc/self/smaps_rollup").read_text().splitlines()[1:]:
        name, value = line.split(":", 1)
        smaps[name] = int(value.split()[0]) / 1024
except OSError:
    pass
# Where the memory of the end is: each part let go in turn, the RSS it gives back (glibc's malloc_trim returns the
# freed heap at once), then what is left: the libraries' mapped files and the anonymous rest (the modules, the books,
# numpy, the interpreter).
import ctypes, gc
from game.ui import fonts, surface_cache
try:
    trim = ctypes.CDLL("libc.so.6").malloc_trim
except (OSError, AttributeError):
    trim = lambda _pad: 0
def given_back(release):
    before = status("VmRSS")
    release()
    gc.collect()
    trim(0)
    return before - status("VmRSS")
caches = surface_cache.memory_report()
odds_answered = board.odds_answer() is not None
fonts_loaded = len(fonts._fonts)
release = [("the drawing caches", given_back(surface_cache.clear_all))]
release.append((f"the {fonts_loaded} fonts loaded", given_back(fonts.clear_caches)))
def drop_screens():
    global stack, loop, board
    stack.clear()  # each scene shut down as the app leaves it (the board's odds worker ends)
    stack.apply_pending()
    stack = loop = board = None
release.append(("the screens (widgets, the board's layer)", given_back(drop_screens)))
rest = {}
for line in Path("/proc/self/smaps_rollup").read_text().splitlines()[1:]:
    name, value = line.split(":", 1)
    rest[name] = int(value.split()[0]) / 1024
print(json.dumps({"sheet": sheet_rss, "rss": smaps.get("Rss", 0.0), "peak": status("VmHWM"), "odds": odds_answered,
                  "stages": stages, "caches": caches, "release": release,
                  "left": {"files mapped (the code of Python, SDL, numpy, pydantic-core…)": rest["Rss"] - rest["Anonymous"],
                           "anonymous (the modules, the books, numpy, the interpreter)": rest["Anonymous"]},
                  "top": top, "traced": traced,
                  "smaps": {k: smaps[k] for k in ("Rss", "Pss", "Anonymous", "Private_Dirty") if k in smaps}}))
"""
)

REPLAY = (
    COMMON
    + r"""
from game.books.loader import load_book_by_id
from game.rules.dice import RandomDice
from game.rules.session import Session, Start

book = load_book_by_id("DF31")
played = Session(book, RandomDice(1), Start(hero={"skill": 10, "stamina": 20, "luck": 9}))
for index in range(10_000):
    played.apply({"do": "paragraph", "number": index % 400 + 1} if index % 2 else
                 {"do": "change", "stat": "stamina", "by": -1 if index % 4 else 1})
log = played.to_log()
del played
before = status("VmRSS")
started = time.perf_counter()
replayed = Session.from_log(book, log)
seconds = time.perf_counter() - started
print(json.dumps({"entries": len(log["entries"]), "seconds": seconds, "held": status("VmRSS") - before,
                  "rss": status("VmRSS")}))
"""
)


def run(driver: str, *args: str) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    result = subprocess.run([sys.executable, "-c", driver, *args], env=env, capture_output=True, text=True, timeout=900)
    if result.returncode != 0:
        raise SystemExit(result.stderr[-3000:])
    return json.loads(result.stdout.strip().splitlines()[-1])


def smoke_peak(scratch: str) -> float:
    """Peak RSS (MiB) of the real ``python -m game --smoke`` (every screen drawn headless, in folders of its
    own), from its rusage; HOME points into ``scratch`` so nothing of the user's is read."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.update(HOME=scratch, XDG_CONFIG_HOME=f"{scratch}/config", XDG_DATA_HOME=f"{scratch}/data")
    command = [sys.executable, "-m", "game", "--smoke"]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, code, usage = os.wait4(process.pid, 0)
    if code != 0:
        raise SystemExit(f"python -m game --smoke failed (wait status {code})")
    return usage.ru_maxrss / 1024  # KiB on Linux


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=3, help="frames drawn per screen")
    parser.add_argument("--per-screen", action="store_true", help="print the RSS after every screen")
    parser.add_argument("--trace", action="store_true", help="the session's tracemalloc top files (slower, more memory)")
    parser.add_argument("--json", action="store_true", help="end with the figures as a JSON line (for bench_all)")
    args = parser.parse_args(argv)
    print(f"bench_memory: command: {sys.executable} tools/bench_memory.py --frames {args.frames}")
    with tempfile.TemporaryDirectory(prefix="feuille-memory-") as scratch:
        figures = run(SCREENS, scratch, str(args.frames))
    print(
        ", ".join(f"{stage} {mib:.1f}" for stage, mib in figures["rss"].items())
        + " MiB RSS"
        + ("" if figures["tuned"] else " (allocator not tuned: not glibc)")
    )
    final = figures["rss"]["+ four-creature fight"]
    verdict = "met" if figures["peak"] < GOAL_MIB else "missed"
    print(
        f"{figures['books']} books, {len(figures['screens']) - 1} screens and a four-creature fight "
        f"(odds {'shown' if figures['odds'] else 'NOT back'} after {figures['odds_wait']:.1f} s): "
        f"RSS {final:.1f} MiB, peak {figures['peak']:.1f} MiB (goal < {GOAL_MIB} MiB: {verdict})"
    )
    rows = figures["screens"]
    steps = sorted(((after - before, name) for (_, before), (name, after) in zip(rows, rows[1:], strict=False)), reverse=True)[:5]
    print("largest steps: " + ", ".join(f"{name} {mib:+.1f}" for mib, name in steps) + " MiB")
    if args.per_screen:
        for name, mib in rows:
            print(f"  {mib:6.1f} MiB after {name}")
    print(
        "drawing caches (held / budget): "
        + ", ".join(f"{name} {held / 1e6:.1f}/{budget / 1e6:.1f} MB ({count})" for name, count, held, budget in figures["caches"])
    )
    for failure in figures["failed"]:
        print(f"  screen failed to draw: {failure}")
    replay = run(REPLAY)
    print(
        f"replaying {replay['entries']} actions: {replay['seconds']:.2f} s, holds {replay['held']:+.1f} MiB "
        f"(RSS {replay['rss']:.1f} MiB)"
    )
    with tempfile.TemporaryDirectory(prefix="feuille-memory-") as scratch:
        smoke = smoke_peak(scratch)
        session = run(SESSION, scratch, str(args.frames), "trace" if args.trace else "plain")
    print(f"python -m game --smoke: peak {smoke:.1f} MiB (goal ≤ {SMOKE_GOAL_MIB} MiB)")
    print(
        f"a real session (shelf, DF49 sheet {session['sheet']:.1f} MiB, a 3-creature fight, odds "
        f"{'shown' if session['odds'] else 'NOT back'}): peak {session['peak']:.1f} MiB (goal ≤ {SESSION_GOAL_MIB} MiB); "
        + ", ".join(f"{k} {v:.1f}" for k, v in session["smaps"].items())
        + " MiB (smaps_rollup)"
    )
    previous = 0.0
    highest = 0.0
    for name, mib, peak in session["stages"]:
        # The peak is said where it rose above what the stage left: memory made and let go of within it.
        rose = peak > highest + 0.05 and peak > mib + 0.5
        print(f"  {mib:6.1f} MiB ({mib - previous:+5.1f}) after {name}" + (f" (peak {peak:.1f} within it)" if rose else ""))
        previous, highest = mib, max(highest, peak)
    print(
        f"  where the {session['rss']:.1f} MiB of the end are: "
        + ", ".join(f"{name} {mib:.1f}" for name, mib in session["release"])
        + " MiB given back when let go; left "
        + ", ".join(f"{name} {mib:.1f}" for name, mib in session["left"].items())
        + " MiB"
    )
    print(
        "  the session's drawing caches (held / budget): "
        + ", ".join(
            f"{name} {held / 1e6:.1f}/{budget / 1e6:.1f} MB ({count})" for name, count, held, budget in session["caches"] if held
        )
    )
    if session["traced"]:
        print(
            f"  Python's objects at the end (tracemalloc): {sum(session['traced'].values()) / 2**20:.1f} MiB: "
            + ", ".join(f"{name} {size / 2**20:.1f}" for name, size in sorted(session["traced"].items(), key=lambda kv: -kv[1]))
            + " MiB (by where each was allocated)"
        )
    for name, size in session["top"]:
        print(f"  {size / 2**20:6.1f} MiB allocated by Python in {name}")
    print(f"  {load_text()}")
    if args.json:
        print_json(
            [
                Figure(
                    row="peak RSS, python -m game --smoke / a real session (DF49 sheet + a 3-creature fight)",
                    value=f"{smoke:.1f} / {session['peak']:.1f} MiB (every showcase screen + 4-creature fight: "
                    f"{figures['peak']:.0f} MiB)",
                    goal=f"≤ {SMOKE_GOAL_MIB} / ≤ {SESSION_GOAL_MIB} MiB",
                    met=smoke <= SMOKE_GOAL_MIB and session["peak"] <= SESSION_GOAL_MIB,
                )
            ]
        )
    return 1 if figures["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())

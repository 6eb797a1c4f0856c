"""Every figure of issue 28's table, measured in one run, printed with its goal and the load (issue 28 item 7).

    flock /work/.bench.lock .venv/bin/python tools/bench_all.py [--quick] [--tests] [--dist DIR] [--write] [--only NAME…]

Runs each bench of ``tools/`` with ``--json`` (one at a time, each a fresh
process) and a few measures of its own, then prints one line per row of the
issue's table: what, the figure, the goal, met or not, and the 1-minute load
average it was measured at. Rows:

- replay (``bench_replay``), the book language's share of a replay
  (``bench_replay_language``: issue 24's goal), a click on a long sheet (``bench_sheet``), the
  shelf with long saves (``bench_shelf``), start-up from the real entry point
  (``bench_startup``), peak memory of ``--smoke`` and of a real session
  (``bench_memory``), frames at 1080p and 720p (``bench_frames``), the kiosk's
  title page and attract loop, each its own span (``bench_idle --kiosk``);
- the odds: four different creatures all together (``bench_odds``' child: exact
  or estimate, time, peak) and the one-fight command cold, as a player installs
  it (the package in a venv's site-packages) and in the dev venv, against
  ``python -c pass`` and, given ``--johnston-one BIN``, Johnston's C program;
- the executables, given ``--dist DIR`` (a ``tools/build_exe.py --both``
  output): the folder's and the one file's sizes and the one file's start to
  its title page;
- with ``--tests``: the README's test command (``python -m pytest``, the fast
  suite) in a child process: CPU (user + system of every process it waited
  for), wall time and peak RSS (the largest process).

``--write`` puts the table into docs/PERFORMANCE.md (between its
``bench_all`` markers; with ``--only``, just the rows measured, each saying
when) and, when ``--tests`` ran, the README's sentence on what the test
command costs: figures are printed by this tool, never typed. It waits
(up to 10 min) for the load to fall under ``--max-load`` before starting; a
machine still busy is measured anyway and says so beside every figure.
``.ci/run``'s slow step runs it (tests/test_bench_all.py) with its output kept.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_common import Figure, children_cpu, load, load_text, read_json, wait_for_quiet  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"
PERFORMANCE = ROOT / "docs" / "PERFORMANCE.md"
README = ROOT / "README.md"
BEGIN, END = "<!-- bench_all: begin -->", "<!-- bench_all: end -->"
TESTS_BEGIN, TESTS_END = "<!-- bench_all tests: begin -->", "<!-- bench_all tests: end -->"
MiB = 2**20
HERO = (10, 24, 12)  # the odds' hero (bench_odds)
FOUR_DIFFERENT = [(9, 12), (8, 12), (7, 12), (6, 12)]  # issue 28 row 8: four different creatures at STAMINA 12


def bench(script: str, *args: str, timeout: float = 1800) -> list[Figure]:
    """The figures a bench prints with ``--json`` (its output shown as it runs, for the log kept)."""
    command = [sys.executable, str(TOOLS / script), *args, "--json"]
    print(f"== {' '.join(command[1:])}", flush=True)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    shown = [line for line in done.stdout.splitlines() if not line.startswith('{"figures"')]
    print("\n".join(shown), flush=True)
    if done.returncode != 0:
        raise RuntimeError(f"{script} failed ({done.returncode}): {done.stderr[-2000:]}")
    return read_json(done.stdout)


def odds_together(quick: bool) -> list[Figure]:
    """Four different creatures all together: exact when it fits 2 s and 200 MiB, else an estimate and its range."""
    import bench_odds

    runs = 1 if quick else 3
    print(f"== bench_odds: four different creatures at STAMINA 12, all together, cold, best of {runs} CPU", flush=True)
    found = min((bench_odds._child(HERO, FOUR_DIFFERENT) for _ in range(runs)), key=lambda r: r["cpu"])
    kind = "exact" if found["exact"] else f"an estimate ±{found['margin'] * 100:.2f} %"
    value = f"{kind}, {found['cpu']:.2f} s, {found['peak'] / MiB:.0f} MiB; P(win, best Luck) {found['p']:.4f}"
    print(f"  {value}", flush=True)
    fits = found["cpu"] <= 2.0 and found["peak"] <= 200 * MiB
    return [
        Figure(
            row="all-together odds, 4 different creatures at STAMINA 12",
            value=value,
            goal="exact whenever it fits 2 s and 200 MiB; an estimate's range contains the truth",
            met=bool(found["exact"]) and fits,
        )
    ]


def odds_cold(johnston_one: str | None, quick: bool) -> list[Figure]:
    """The one-fight command, cold: its CPU against ``python -c pass`` and Johnston's C for one SKILL difference."""
    import statistics

    reps = 5 if quick else 15
    command = [sys.executable, "-m", "game.rules.odds", "--hero", "10/24/12", "--creature", "10/24"]
    print(f"== the one-fight odds command, cold, median of {reps} CPU: {' '.join(command[1:])}", flush=True)
    with tempfile.TemporaryDirectory(prefix="bench-all-") as scratch:
        children_cpu(command, ROOT)  # untimed: its bytecode cache written, as an installed program's is
        bare = statistics.median(children_cpu([sys.executable, "-c", "pass"], Path(scratch)) for _ in range(reps))
        no_site = statistics.median(children_cpu([sys.executable, "-S", "-c", "pass"], Path(scratch)) for _ in range(reps))
        ours = statistics.median(children_cpu(command, ROOT) for _ in range(reps))
        c_one = None
        if johnston_one:
            c_one = statistics.median(children_cpu([johnston_one, "0"], Path(scratch)) for _ in range(reps))
        # As a player installs it: a venv with the package in its site-packages, as `pip install .` (a wheel) puts
        # it, and no editable install's finder, which `site` runs at every start of the dev venv's interpreter.
        player_python = _player_install(Path(scratch) / "player-venv")
        player = [player_python, *command[1:]]
        children_cpu(player, Path(scratch))  # untimed: its bytecode written, as pip compiles at install
        player_bare = statistics.median(children_cpu([player_python, "-c", "pass"], Path(scratch)) for _ in range(reps))
        player_ours = statistics.median(children_cpu(player, Path(scratch)) for _ in range(reps))
    value = f"{player_ours * 1000:.1f} ms CPU = {player_ours / player_bare:.2f}× python -c pass ({player_bare * 1000:.1f} ms)"
    if c_one is not None:
        value = f"{player_ours / c_one:.1f}× Johnston's C ({c_one * 1000:.1f} ms); " + value
    value += " as a player installs it (the package in site-packages)"
    print(f"  {value}", flush=True)
    against_c = f" = {ours / c_one:.1f}× Johnston's C" if c_one is not None else ""
    print(
        f"  the dev venv (README's `pip install -e .`, its finder run by site): python -c pass {bare * 1000:.1f} ms "
        f"({no_site * 1000:.1f} ms of it without site, python -S), ours {ours * 1000:.1f} ms{against_c}",
        flush=True,
    )
    return [
        Figure(
            row="one fight's odds, cold CLI process",
            value=value if c_one is not None else value + " (Johnston's C not given: --johnston-one BIN)",
            goal="≤ 3× the C",
            met=None if c_one is None else player_ours <= 3 * c_one,
        )
    ]


def _player_install(venv: Path) -> str:
    """A venv at ``venv`` with this tree's ``game`` package copied into its site-packages (what installing the
    wheel does for the odds command, which imports nothing outside the standard library); its python."""
    import shutil

    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = str(venv / ("Scripts" if os.name == "nt" else "bin") / "python")
    where = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], capture_output=True, text=True, check=True
    )
    shutil.copytree(ROOT / "game", Path(where.stdout.strip()) / "game", ignore=shutil.ignore_patterns("__pycache__"))
    return python


def executables(dist: Path) -> list[Figure]:
    """The sizes of a ``build_exe.py --both`` output and the one file's start to its title page (median of 3)."""
    import statistics

    from build_exe import output_of, program_path, size_of

    folder, onefile = output_of(dist, "onedir", windowed=False), program_path(dist, "onefile", windowed=False)
    print(f"== the executables in {dist}", flush=True)
    starts = []
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    with tempfile.TemporaryDirectory(prefix="bench-exe-") as scratch:
        for run in range(3):
            began = time.perf_counter()
            subprocess.run(
                [str(onefile), "--smoke", "--only", "start", "--config-dir", f"{scratch}/c{run}", "--data-dir", scratch],
                check=True,
                env=env,
                stdout=subprocess.DEVNULL,
                timeout=300,
            )
            starts.append(time.perf_counter() - began)
    folder_mb, onefile_mb, start = size_of(folder) / 1e6, size_of(onefile) / 1e6, statistics.median(starts)
    value = f"{folder_mb:.1f} MB / {onefile_mb:.1f} MB / {start:.2f} s (one file, --smoke --only start)"
    print(f"  {value}", flush=True)
    return [
        Figure(
            row="executable: folder / one file / one-file start",
            value=value,
            goal="≤ 80 MB / ≤ 35 MB / ≤ 1.5 s",
            met=folder_mb <= 80 and onefile_mb <= 35 and start <= 1.5,
        )
    ]


def test_command() -> list[Figure]:
    """The README's test command (the fast suite) in a child: CPU of every process it waited for, wall, peak RSS."""
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    print(f"== the README's test command: {' '.join(command[1:])}", flush=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env={**os.environ, "CI": "true"})
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    peak = after.ru_maxrss / 1024  # KiB on Linux: the largest process it ran
    kept = ROOT / ".work" / "readme-tests.txt"  # the whole output, to read what failed
    kept.parent.mkdir(exist_ok=True)
    kept.write_text(done.stdout + done.stderr, encoding="utf-8")
    summary = (done.stdout.strip().splitlines() or ["(no output)"])[-1]
    print(f"  {summary}", flush=True)
    value = f"{cpu:.0f} s CPU, {wall / 60:.1f} min wall, {peak:.0f} MiB peak ({summary.strip('= ')})"
    return [
        Figure(
            row="the README's test command",
            value=value,
            goal="≤ 120 s CPU; the README states what it measured",
            met=done.returncode == 0 and cpu <= 120,
            detail=json.dumps(
                {"cpu": cpu, "wall": wall, "peak": peak, "summary": summary, "ok": done.returncode == 0}
                | {"when": time.strftime("%Y-%m-%d")}
            ),
        )
    ]


def parts(args: argparse.Namespace) -> dict[str, Callable[[], list[Figure]]]:
    """Each row's measure, in the issue's order."""
    runs = "3" if args.quick else "5"
    found: dict[str, Callable[[], list[Figure]]] = {
        "replay": lambda: bench("bench_replay.py", "--runs", runs, "--max-load", "0"),
        "language": lambda: bench("bench_replay_language.py", "--runs", runs),
        "sheet": lambda: bench("bench_sheet.py", "--clicks", "10" if args.quick else "30", "--max-load", "0"),
        "shelf": lambda: bench("bench_shelf.py", "--runs", runs, "--max-load", "0"),
        "startup": lambda: bench("bench_startup.py", "--runs", runs, "--max-load", "0"),
        "memory": lambda: bench("bench_memory.py"),
        "frames": lambda: (
            bench("bench_frames.py", "--window", "1920x1080", "--max-load", "0")
            + bench("bench_frames.py", "--window", "1280x720", "--max-load", "0")
        ),
        "kiosk": lambda: bench(
            "bench_idle.py",
            "--kiosk",
            "--title-seconds",
            "10" if args.quick else "20",
            "--seconds",
            "20" if args.quick else "60",
            "--max-load",
            "0",
        ),
        "odds": lambda: odds_together(args.quick),
        "odds-cold": lambda: odds_cold(args.johnston_one, args.quick),
    }
    if args.dist is not None:
        found["executables"] = lambda: executables(args.dist)
    if args.tests:
        found["tests"] = test_command
    return found


def table(figures: list[Figure], when: str) -> str:
    """The figures as the Markdown table PERFORMANCE.md keeps."""
    lines = [
        f"Measured by `tools/bench_all.py` on {when}: {load_text()} at the end; each figure carries the",
        "1-minute load average it was measured at (2 cores shared: a figure at load L reads up to about L/2 times high).",
        "",
        "| figure | measured | goal | met | load |",
        "|---|---|---|---|---|",
    ]
    for f in figures:
        met = "—" if f.met is None else ("**met**" if f.met else "not met")
        value = f.value.replace("|", "/")
        lines.append(f"| {f.row} | {value} | {f.goal} | {met} | {f.load:.2f} |")
    return "\n".join(lines)


def replace_between(text: str, begin: str, end: str, inner: str) -> str:
    """``text`` with what lies between the markers ``begin`` and ``end`` replaced by ``inner``."""
    pattern = re.compile(re.escape(begin) + r".*?" + re.escape(end), re.S)
    if not pattern.search(text):
        raise ValueError(f"the markers {begin} … {end} are missing")
    return pattern.sub(lambda _m: f"{begin}\n{inner}\n{end}", text, count=1)


def tests_sentence(figure: Figure) -> str:
    measured = json.loads(figure.detail)
    return (
        f"This runs the fast suite: {measured['summary'].strip('= ')}, {measured['cpu']:.0f} s of CPU,\n"
        f"{measured['wall'] / 60:.1f} min wall at load {figure.load:.1f} on {os.cpu_count()} cores, "
        f"{measured['peak']:.0f} MiB peak (measured by `tools/bench_all.py --tests` on {measured['when']})."
    )


def write(figures: list[Figure], when: str) -> None:
    text = PERFORMANCE.read_text(encoding="utf-8")
    PERFORMANCE.write_text(replace_between(text, BEGIN, END, table(figures, when)), encoding="utf-8")
    write_tests_sentence(figures)


def write_tests_sentence(figures: list[Figure]) -> None:
    """The README's sentence on its test command, from that row when it was measured (the README says what it measured)."""
    tests = [f for f in figures if f.row == "the README's test command"]
    if tests:
        README.write_text(
            replace_between(README.read_text(encoding="utf-8"), TESTS_BEGIN, TESTS_END, tests_sentence(tests[0])),
            encoding="utf-8",
        )


def write_rows(figures: list[Figure], when: str) -> None:
    """Only these rows of PERFORMANCE.md's table measured again (``--only … --write``): each replaces the row of
    the same figure, its measure saying when (the table's date stays that of its last full run); a new one is added."""
    text = PERFORMANCE.read_text(encoding="utf-8")
    inner = re.search(re.escape(BEGIN) + r"\n(.*?)\n" + re.escape(END), text, re.S)
    if inner is None:
        raise ValueError(f"the markers {BEGIN} … {END} are missing")
    lines = inner.group(1).splitlines()
    for figure in figures:
        new = table([Figure(**{**vars(figure), "value": f"{figure.value} (measured {when}, --only)"})], when).splitlines()[-1]
        at = [i for i, line in enumerate(lines) if line.startswith(f"| {figure.row} |")]
        if at:
            lines[at[0]] = new
        else:
            lines.append(new)
    PERFORMANCE.write_text(replace_between(text, BEGIN, END, "\n".join(lines)), encoding="utf-8")
    write_tests_sentence(figures)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs and shorter measures (CI, a first look)")
    parser.add_argument("--tests", action="store_true", help="also run the README's test command (the fast suite)")
    parser.add_argument("--dist", type=Path, help="a tools/build_exe.py --both output to measure")
    parser.add_argument("--johnston-one", metavar="BIN", help="Johnston's C program for one SKILL difference (bench_odds)")
    parser.add_argument("--only", nargs="+", help="some rows only (replay, sheet, shelf, startup, memory, frames, kiosk, odds…)")
    parser.add_argument("--max-load", type=float, default=2.0, help="wait for the load to fall under this first (0: do not)")
    parser.add_argument("--write", action="store_true", help="write docs/PERFORMANCE.md's table (and the README's sentence)")
    args = parser.parse_args(argv)
    wait_for_quiet(args.max_load)
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(f"bench_all: {when}, {sys.executable}, {load_text()}", flush=True)
    figures: list[Figure] = []
    failed = []
    for name, measure in parts(args).items():
        if args.only and name not in args.only:
            continue
        try:
            figures += measure()
        except (RuntimeError, subprocess.SubprocessError, OSError, ValueError) as error:
            failed.append(name)
            figures.append(Figure(row=name, value=f"failed: {error}", load=load()[0]))
    print()
    print(table(figures, when))
    if args.write and not failed and args.only:
        write_rows(figures, when)
        print(f"\nwritten: {len(figures)} rows of {PERFORMANCE.relative_to(ROOT)}")
    elif args.write and not failed:
        write(figures, when)
        print(f"\nwritten: {PERFORMANCE.relative_to(ROOT)}" + (f", {README.relative_to(ROOT)}" if args.tests else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

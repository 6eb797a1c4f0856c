"""What every benchmark shares: the machine's load, waiting for a quiet machine, and its figures as data.

A bench prints its figures for a person, and with ``--json`` one last line of
JSON (``{"figures": [...]}``) that ``tools/bench_all.py`` reads: each figure is
a row of issue 28's table with the value measured, the goal and whether it is
met, and the load average it was measured at.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from typing import Any


def load() -> tuple[float, float, float]:
    """The 1, 5 and 15-minute load averages (zeros where the system has none)."""
    try:
        return os.getloadavg()
    except OSError:  # pragma: no cover - Windows
        return (0.0, 0.0, 0.0)


def rss_mib(pid: int | str = "self") -> float:
    """Resident memory of process ``pid`` (this one by default) in MiB, from /proc (0 elsewhere, or once it ended)."""
    try:
        for line in open(f"/proc/{pid}/status", encoding="ascii", errors="replace"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def load_text() -> str:
    one, five, fifteen = load()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def wait_for_quiet(max_load: float, patience: float = 600.0, out: Any = sys.stderr) -> float:
    """Wait until the 1-minute load is under ``max_load`` (at most ``patience`` seconds); the load then.

    0 or less: do not wait. A machine still busy after the wait is measured anyway, its load printed
    beside the figures (they read high by about that factor).
    """
    waited = 0.0
    while max_load > 0 and load()[0] >= max_load and waited < patience:
        if waited == 0:
            print(f"waiting for the load to fall under {max_load} ({load_text()})", file=out, flush=True)
        time.sleep(10)
        waited += 10
    return load()[0]


def program_env() -> dict[str, str]:
    """The environment a timed program runs in: this one, with Python's bytecode cache on.

    An installed program starts from its bytecode cache (pip compiles it; a first run writes it): a shell
    with PYTHONDONTWRITEBYTECODE would time every start compiling sources again, a start no user has.
    One BLAS thread: a child's CPU is its own work, not idle spinning threads.
    """
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def children_cpu(command: list[str], cwd: str | os.PathLike[str]) -> float:
    """CPU seconds (user + system) of a command run to its end in ``program_env``, its output dropped."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, cwd=cwd, check=True, stdout=subprocess.DEVNULL, env=program_env())
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


@dataclass
class Figure:
    """One measured row: what, the value as printed, the goal, whether it is met (None: no goal)."""

    row: str
    value: str
    goal: str = ""
    met: bool | None = None
    load: float = field(default_factory=lambda: load()[0])
    detail: str = ""


def long_session(book: Any, actions: int, seed: int = 3) -> Any:
    """A DF31-style session of ``actions`` accepted actions: a paragraph, gold, a STAMINA change, over and over."""
    from game.rules.dice import RandomDice
    from game.rules.session import Session, Start

    session = Session(book, RandomDice(seed), Start(hero={"skill": 12, "stamina": 24, "luck": 12}))
    for index in range(actions):
        kind = index % 3
        if kind == 0:
            session.apply({"do": "paragraph", "number": 1 + (index * 7) % 400})
        elif kind == 1:
            session.apply({"do": "counter", "name": "gold", "by": 1})
        else:
            session.apply({"do": "change", "stat": "stamina", "by": -1 if index % 6 == 2 else 1})
    return session


def print_json(figures: list[Figure]) -> None:
    """The last line of a bench's output under ``--json``: its figures, for bench_all."""
    print(json.dumps({"figures": [asdict(f) for f in figures]}, ensure_ascii=False))


def read_json(output: str) -> list[Figure]:
    """The figures a bench printed with ``--json`` (its last JSON line)."""
    for line in reversed(output.strip().splitlines()):
        if line.startswith('{"figures"'):
            return [Figure(**f) for f in json.loads(line)["figures"]]
    raise ValueError("no figures line in the bench's output")

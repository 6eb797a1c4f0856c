"""Which expression engine for the book language (issue 24 item 1): the figures the choice was made on.

    flock /work/.bench.lock python tools/bench_expressions.py --python CANDIDATES_VENV/bin/python [--wheels] [--exe]

Three candidates, each measured in fresh interpreters of the same Python:
``common-expression-language`` (module ``cel``, Rust-backed CEL), ``cel-python``
(module ``celpy``, pure-Python CEL on lark) and ``ours`` (game.books.expr: a
checked subset of CEL's syntax, compiled to Python closures). ``--python``
names an interpreter that has the two CEL packages installed (the app's own
environment does not); ``ours`` only needs the standard library.

For each: import time (median of fresh processes), resident memory added by
the import and the compilation of the corpus, compile and evaluation time per
expression (the corpus below: what books write), whether a syntax error gives
its position, whether a compiled program lists the full names it reads (what
a validator needs to check ``counters.gold``), and the installed size of the
package with the dependencies the app does not already have. ``--wheels``
asks the package index whether each has wheels for Windows, macOS and Linux
(six look-ups); ``--exe`` builds a one-file PyInstaller program that imports
each engine and prints what it adds to an empty one (slow: minutes).
The load average is printed with the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CORPUS = [
    "skill + 2",
    "initial.stamina / 2",
    "counters.gold >= 5 && !flags.wizard",
    "fight.round >= 3 ? 2 : 1",
    "troops.warriors + troops.knights",
    "choices.path.wizard > 0",
    "skill - enemy.skill",
    "roll.hero == roll.enemy",
    "stamina <= 0",
    "fear >= initial.fear - 2",
    "counters.provisions > 0 && !fight.active",
    "(skill + counters.bonus) * 2 - enemy.skill > 4 || flags.wizard",
]
CONTEXT = {
    "skill": 9, "stamina": 18, "fear": 3,
    "initial": {"stamina": 20, "fear": 9},
    "counters": {"gold": 5, "provisions": 2, "bonus": 1},
    "flags": {"wizard": True},
    "fight": {"round": 2, "active": False},
    "troops": {"warriors": 10, "knights": 4},
    "choices": {"path": {"wizard": 1}},
    "enemy": {"skill": 7},
    "roll": {"hero": 8, "enemy": 8},
}  # fmt: skip
BAD = {"1 +": 3, "skill ++ 2": 7, "(skill": 6, "skill > 'a": 8}  # text -> 0-based offset of the fault

WORKER = r"""
import json, os, sys, time
t0 = time.perf_counter()
ENGINE = sys.argv[1]
def rss():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
before = rss()
t0 = time.perf_counter()
if ENGINE == "cel":
    import cel
elif ENGINE == "celpy":
    import celpy
else:
    sys.path.insert(0, sys.argv[2])
    from game.books.expr import Names, NameInfo, Type, compile_expression, ExprError
import_s = time.perf_counter() - t0
spec = json.loads(sys.stdin.read())
corpus, context, bad = spec["corpus"], spec["context"], spec["bad"]

def flatten(prefix, value, out):
    if isinstance(value, dict):
        for k, v in value.items():
            flatten(prefix + k + ".", v, out)
    else:
        out[prefix[:-1]] = value
    return out

flat = flatten("", context, {})
if ENGINE == "cel":
    compile_one = cel.compile
    run = lambda p: p.execute(context)
    names_of = lambda p: sorted(p.variables())
    def error_at(text):
        try:
            cel.compile(text)
        except Exception as e:
            import re
            m = re.search(r"<input>:1:(\d+)", str(e))
            return int(m.group(1)) - 1 if m else None
elif ENGINE == "celpy":
    env = celpy.Environment()
    activation = {k: celpy.json_to_cel(v) for k, v in context.items()}
    compile_one = lambda text: env.program(env.compile(text))
    run = lambda p: p.evaluate(activation)
    names_of = None
    def error_at(text):
        try:
            env.compile(text)
        except Exception as e:
            col = getattr(e, "column", None)
            return col - 1 if isinstance(col, int) else None
else:
    names = Names({k: NameInfo(Type.BOOL if isinstance(v, bool) else Type.INT) for k, v in flat.items()})
    compile_one = lambda text: compile_expression(text, names)
    run = lambda p: p.evaluate(flat)
    names_of = lambda p: sorted(p.reads)
    def error_at(text):
        try:
            compile_expression(text, names)
        except ExprError as e:
            return e.position

programs = [compile_one(t) for t in corpus]
memory = rss() - before
reps = 200
t0 = time.perf_counter()
for _ in range(reps):
    for text in corpus:
        compile_one(text)
compile_us = (time.perf_counter() - t0) / (reps * len(corpus)) * 1e6
values = [run(p) for p in programs]
reps = 2000
t0 = time.perf_counter()
for _ in range(reps):
    for p in programs:
        run(p)
eval_us = (time.perf_counter() - t0) / (reps * len(programs)) * 1e6
positions = {text: error_at(text) for text in bad}
listed = names_of(programs[2]) if names_of else None
print(json.dumps({"import_s": import_s, "memory": memory, "compile_us": compile_us, "eval_us": eval_us,
                  "values": [v if isinstance(v, (int, bool)) else int(v) for v in values],
                  "positions": positions, "names": listed}))
"""

PACKAGES = {"cel": "common-expression-language", "celpy": "cel-python", "ours": None}
APP_DEPENDENCIES = {"pygame-ce", "pydantic", "pydantic-core", "platformdirs", "babel", "numpy", "typing-extensions",
                    "annotated-types", "typing-inspection"}  # fmt: skip


def run_worker(python: str, engine: str) -> dict[str, object]:
    spec = json.dumps({"corpus": CORPUS, "context": CONTEXT, "bad": list(BAD)})
    done = subprocess.run(
        [python, "-c", WORKER, engine, str(ROOT)], input=spec, capture_output=True, text=True, check=False, timeout=600
    )
    if done.returncode != 0:
        raise SystemExit(f"{engine}: the worker failed:\n{done.stderr}")
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def installed_size(python: str, engine: str) -> tuple[int, list[str]]:
    """Bytes on disk of the engine's distribution and of its dependencies the app does not have (recursively)."""
    if PACKAGES[engine] is None:
        files = sorted((ROOT / "game" / "books" / "expr").glob("*.py"))
        return sum(f.stat().st_size for f in files), []
    script = r"""
import json, sys
from importlib import metadata
from packaging.requirements import Requirement
seen, todo, size = set(), [sys.argv[1]], 0
skip = set(json.loads(sys.argv[2]))
while todo:
    name = todo.pop().lower().replace("_", "-")
    if name in seen or name in skip:
        continue
    seen.add(name)
    try:
        dist = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        continue
    size += sum((dist.locate_file(f).stat().st_size for f in dist.files or [] if dist.locate_file(f).exists()))
    for req in dist.requires or []:
        r = Requirement(req)
        if r.marker is None or r.marker.evaluate({"extra": ""}):
            todo.append(r.name)
print(json.dumps([size, sorted(seen)]))
"""
    done = subprocess.run(
        [python, "-c", script, PACKAGES[engine] or "", json.dumps(sorted(APP_DEPENDENCIES))],
        capture_output=True,
        text=True,
        check=True,
    )
    size, names = json.loads(done.stdout)
    return int(size), list(names)


PLATFORMS = {"Windows": "win_amd64", "macOS": "macosx_11_0_arm64", "Linux": "manylinux2014_x86_64"}


def wheels(python: str, package: str) -> dict[str, bool]:
    """Whether the index serves a binary wheel of ``package`` for CPython 3.11 on each platform (no install)."""
    found = {}
    for label, platform in PLATFORMS.items():
        with tempfile.TemporaryDirectory() as where:
            done = subprocess.run(
                [python, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:", "--platform", platform,
                 "--python-version", "3.11", "--implementation", "cp", "-d", where, package],
                capture_output=True, text=True, check=False,
            )  # fmt: skip
            found[label] = done.returncode == 0
    return found


def exe_sizes(python: str) -> dict[str, int]:
    """What each engine adds to a one-file PyInstaller program (bytes over a program that imports nothing)."""
    programs = {
        "empty": "print(1 + 1)",
        "cel": "import cel\nprint(cel.evaluate('1 + 1'))",
        "celpy": "import celpy\ne = celpy.Environment()\nprint(e.program(e.compile('1 + 1')).evaluate({}))",
        "ours": "from game.books.expr import Names, compile_expression as c\nprint(c('1 + 1', Names({})).evaluate({}))",
    }
    sizes = {}
    with tempfile.TemporaryDirectory() as work:
        for name, source in programs.items():
            script = Path(work) / f"prog_{name}.py"
            script.write_text(source)
            subprocess.run(
                [python, "-m", "PyInstaller", "--onefile", "--noconfirm", "--log-level", "ERROR", "--paths", str(ROOT),
                 "--distpath", f"{work}/dist", "--workpath", f"{work}/build", "--specpath", work, str(script)],
                check=True, capture_output=True,
            )  # fmt: skip
            sizes[name] = (Path(work) / "dist" / f"prog_{name}").stat().st_size
    return {name: size - sizes["empty"] for name, size in sizes.items() if name != "empty"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", default=sys.executable, help="an interpreter with both CEL packages installed")
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per engine (the median is shown)")
    parser.add_argument("--wheels", action="store_true", help="ask the index for each package's wheels (six look-ups)")
    parser.add_argument("--exe", action="store_true", help="build PyInstaller programs to measure the size added (slow)")
    args = parser.parse_args(argv)
    load = os.getloadavg()
    version = subprocess.run([args.python, "-c", "import sys; print(sys.version.split()[0])"], capture_output=True, text=True)
    print(f"bench_expressions: Python {version.stdout.strip()}, {os.cpu_count()} cores, load {load[0]:.2f} {load[1]:.2f}")
    expected = None
    for engine in PACKAGES:
        runs = [run_worker(args.python, engine) for _ in range(args.runs)]
        values = runs[0]["values"]
        expected = expected or values
        agree = "same values" if values == expected else f"DIFFERENT values {values}"
        size, deps = installed_size(args.python, engine)
        keys = ("import_s", "memory", "compile_us", "eval_us")
        median = {key: statistics.median(float(r[key]) for r in runs) for key in keys}  # type: ignore[arg-type]  # JSON numbers
        positions = runs[0]["positions"]
        right = sum(1 for text, at in positions.items() if at == BAD[text])  # type: ignore[union-attr]  # a JSON object
        print(f"\n{engine} ({PACKAGES[engine] or 'game.books.expr'}): {agree}")
        print(f"  import      {median['import_s'] * 1000:8.1f} ms")
        print(f"  memory      {median['memory'] / 1e6:8.1f} MB  (resident, import + {len(CORPUS)} programs)")
        print(f"  compile     {median['compile_us']:8.1f} µs per expression")
        print(f"  evaluate    {median['eval_us']:8.2f} µs per evaluation")
        print(f"  errors      {right}/{len(BAD)} syntax errors at the right character {positions}")
        print(f"  names       {runs[0]['names'] if runs[0]['names'] is not None else 'not listed'} (of {CORPUS[2]!r})")
        print(f"  installed   {size / 1e6:8.2f} MB  ({', '.join(deps) or 'standard library only'})")
        if args.wheels and PACKAGES[engine]:
            print(f"  wheels      {wheels(args.python, PACKAGES[engine] or '')}")
    if args.exe:
        print(f"\none-file executable, bytes added over an empty program: {exe_sizes(args.python)}")
    end = os.getloadavg()
    print(f"\nload at the end {end[0]:.2f} {end[1]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

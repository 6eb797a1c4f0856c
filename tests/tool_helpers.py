"""Run a tool of ``tools/`` in the test's process: its ``main(argv)`` with what it prints captured.

A tool is a script whose last lines are ``sys.exit(main(sys.argv[1:]))``; calling ``main`` is what running it does,
without starting an interpreter and importing the game again for each run (0.3-0.5 s each; issue 28). One test of
each tool still runs it as a script (a subprocess), for the exit status the shell sees.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import subprocess
from functools import cache
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


@cache
def tool(name: str) -> ModuleType:
    """``tools/<name>.py`` as a module (loaded once)."""
    spec = importlib.util.spec_from_file_location(f"tool_{name}", ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_tool(name: str, *args: str) -> subprocess.CompletedProcess[str]:
    """What ``python tools/<name>.py ARGS…`` gives: its exit status (argparse's SystemExit too), stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = tool(name).main(list(args))
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 1
    return subprocess.CompletedProcess([name, *args], code, out.getvalue(), err.getvalue())

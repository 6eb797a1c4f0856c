"""The standalone executables: built with PyInstaller (one folder and one file), each frozen program passes --smoke.

This is the Linux leg of .github/workflows/executables.yml: the same command, ``tools/build_exe.py --both
--console --smoke``, which the workflow runs on Windows and macOS too.
"""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD = ["--both", "--console", "--smoke"]  # the workflow's command (.github/workflows/executables.yml)


@pytest.mark.slow
def test_the_frozen_programs_render_every_screen(tmp_path):
    build = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_exe.py"), *BUILD]
        + ["--dist", str(tmp_path / "dist"), "--work", str(tmp_path / "work"), "--env", str(tmp_path / "env")],
        capture_output=True,
        text=True,
        timeout=3000,
    )
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    assert build.stdout.count(": ok in ") == 2, build.stdout[-3000:]  # both programs' smoke


def test_the_workflow_runs_the_command_this_test_runs():
    workflow = (ROOT / ".github" / "workflows" / "executables.yml").read_text(encoding="utf-8")
    assert "python tools/build_exe.py " + " ".join(BUILD) in workflow
    for system in ("ubuntu-latest", "windows-latest", "macos-latest"):
        assert system in workflow

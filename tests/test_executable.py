"""The standalone executable: built with PyInstaller (one folder), the frozen program passes --smoke headless."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_the_frozen_one_folder_program_renders_every_screen(tmp_path):
    build = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools" / "build_exe.py"),
            "--console",
            "--dist",
            str(tmp_path / "dist"),
            "--work",
            str(tmp_path / "work"),
            "--env",
            str(tmp_path / "env"),
        ],
        capture_output=True,
        text=True,
        timeout=1500,
    )
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    program = tmp_path / "dist" / "feuille" / ("feuille.exe" if os.name == "nt" else "feuille")
    assert program.exists()
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "HOME": str(tmp_path / "home"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    smoke = subprocess.run([str(program), "--smoke"], capture_output=True, text=True, timeout=600, cwd=tmp_path, env=env)
    assert smoke.returncode == 0, smoke.stdout[-3000:] + smoke.stderr[-3000:]
    assert " 0 failed" in smoke.stdout

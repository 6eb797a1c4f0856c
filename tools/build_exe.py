"""Build the standalone executable with PyInstaller, for the machine this runs on.

    python tools/build_exe.py                 # one folder:  dist/feuille/feuille[.exe]
    python tools/build_exe.py --onefile       # one file:    dist/feuille[.exe]
    python tools/build_exe.py --both          # both

The package is first *installed* (not editable) into a build environment, so
PyInstaller collects the books, fonts and catalogues exactly where
importlib.resources finds them in the installed package (game.bundled.*,
game.i18n). The frozen program then runs like `feuille`, --smoke included.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "feuille"


def build_env(where: Path) -> Path:
    """A virtual environment with the package (installed from this checkout) and PyInstaller; returns its python."""
    python = where / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if not python.exists():
        venv.EnvBuilder(with_pip=True, clear=True).create(where)
    # setuptools builds in ROOT/build/lib: a stale copy there would ship old books.
    shutil.rmtree(ROOT / "build" / "lib", ignore_errors=True)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--upgrade", "--force-reinstall", "--no-deps", str(ROOT)], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", f"{ROOT}[build]"], check=True)
    return python


def pyinstaller(python: Path, mode: str, dist: Path, work: Path, windowed: bool) -> Path:
    """Run PyInstaller in ``mode`` ("onedir" or "onefile"); returns the built program."""
    command = [
        str(python), "-m", "PyInstaller", "--noconfirm", "--clean", f"--{mode}", "--name", NAME,
        "--distpath", str(dist), "--workpath", str(work / mode), "--specpath", str(work),
        # Books, fonts and catalogues are package data; screens are found by pkgutil, so take every submodule.
        "--collect-data", "game", "--collect-submodules", "game",
        str(ROOT / "tools" / "launcher.py"),
    ]
    if windowed:
        command.insert(4, "--windowed")
    # Run outside the checkout: from ROOT, `python -m` would put the source tree's game/ (where
    # books/ and assets/ are not inside the package) ahead of the installed package.
    work.mkdir(parents=True, exist_ok=True)
    subprocess.run(command, check=True, cwd=work)
    suffix = ".exe" if os.name == "nt" else ""
    if mode == "onedir":
        return dist / NAME / (NAME + suffix)
    if sys.platform == "darwin" and windowed:
        return dist / f"{NAME}.app"
    return dist / (NAME + suffix)


def size_of(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    modes = parser.add_mutually_exclusive_group()
    modes.add_argument("--onefile", action="store_true", help="build the one-file program only")
    modes.add_argument("--both", action="store_true", help="build the one-folder and the one-file programs")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the programs go (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller", help="PyInstaller's work folder")
    parser.add_argument("--env", type=Path, default=ROOT / "build" / "exe-env", help="the build environment")
    parser.add_argument("--console", action="store_true", help="keep a console window (Windows/macOS)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    python = build_env(args.env)
    modes_wanted = ["onefile"] if args.onefile else (["onedir", "onefile"] if args.both else ["onedir"])
    for mode in modes_wanted:
        if mode == "onedir" and (args.dist / NAME).exists():
            shutil.rmtree(args.dist / NAME)
        program = pyinstaller(python, mode, args.dist, args.work, windowed=not args.console)
        print(f"built {mode}: {program} ({size_of(program.parent if mode == 'onedir' else program) / 1e6:.1f} MB)")
    print(f"done in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

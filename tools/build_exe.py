"""Build the standalone executable with PyInstaller, for the machine this runs on.

    python tools/build_exe.py                 # one folder:  dist/feuille/feuille[.exe]
    python tools/build_exe.py --onefile       # one file:    dist/feuille-onefile[.exe]
    python tools/build_exe.py --both          # both, side by side

The two outputs have distinct names (on Linux a one-file ``dist/feuille``
would replace the folder ``dist/feuille/``), and each build first removes its
own previous output, whatever it was (file, folder or link), so rebuilding in
any order works. Printed sizes count every file once: symbolic links (the
shared libraries PyInstaller links on Linux and macOS) and hard links are not
counted again.

The package is first *installed* (not editable) into a build environment, so
PyInstaller collects the books, fonts and catalogues exactly where
importlib.resources finds them in the installed package (game.bundled.*,
game.i18n; pyproject.toml finds every package of game/ and maps books/ and
assets/ to game.bundled.*). The frozen program then runs like `feuille`, --smoke included.
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
ONEFILE_NAME = "feuille-onefile"
HOOKS = ROOT / "tools" / "pyinstaller_hooks"  # hook-babel.py: the locale data of the app's languages only
LANGUAGES = ("fr", "en")  # game.i18n's catalogues
SMOKE_TIMEOUT = 600


def kept_babel_file(path: str) -> bool:
    """Whether a file of Babel's goes into the executable: all but the locale data of other languages than
    ``LANGUAGES`` (``root`` stays: every locale inherits from it)."""
    file = Path(path)
    if file.parent.name != "locale-data":
        return True
    return file.name.split(".")[0].split("_")[0] in ("root", *LANGUAGES)


def build_env(where: Path) -> Path:
    """A virtual environment with the package (installed from this checkout) and PyInstaller; returns its python."""
    python = where / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if not python.exists():
        venv.EnvBuilder(with_pip=True, clear=True).create(where)
    # setuptools builds in ROOT/build/lib: a stale copy there would ship old books.
    shutil.rmtree(ROOT / "build" / "lib", ignore_errors=True)
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--upgrade", "--force-reinstall", "--no-deps", str(ROOT)], check=True
    )
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", f"{ROOT}[build]"], check=True)
    return python


def program_path(dist: Path, mode: str, windowed: bool, platform: str = sys.platform, nt: bool = os.name == "nt") -> Path:
    """Where ``mode``'s program lands: ``dist/feuille/feuille`` (one folder) or ``dist/feuille-onefile`` (one file)."""
    suffix = ".exe" if nt else ""
    if mode == "onedir":
        return dist / NAME / (NAME + suffix)
    if platform == "darwin" and windowed:
        return dist / f"{ONEFILE_NAME}.app"
    return dist / (ONEFILE_NAME + suffix)


def output_of(dist: Path, mode: str, windowed: bool) -> Path:
    """What one build writes in ``dist`` (the folder of a one-folder build, the program of a one-file build)."""
    program = program_path(dist, mode, windowed)
    return program.parent if mode == "onedir" else program


def remove_output(path: Path) -> None:
    """Remove a previous build's output, whether a folder, a file or a link (a rebuild then starts clean)."""
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)


def pyinstaller(python: Path, mode: str, dist: Path, work: Path, windowed: bool) -> Path:
    """Run PyInstaller in ``mode`` ("onedir" or "onefile"); returns the built program."""
    name = NAME if mode == "onedir" else ONEFILE_NAME
    command = [
        str(python),
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--clean",
        f"--{mode}",
        "--name",
        name,
        "--distpath",
        str(dist),
        "--workpath",
        str(work / mode),
        "--specpath",
        str(work),
        # Books, fonts and catalogues are package data; screens are found by pkgutil, so take every submodule.
        "--collect-data",
        "game",
        "--collect-submodules",
        "game",
        "--additional-hooks-dir",
        str(HOOKS),
        str(ROOT / "tools" / "launcher.py"),
    ]
    if windowed:
        command.insert(4, "--windowed")
    if os.name != "nt":  # the symbols of the shared libraries (libpython alone: 23 MB of them); not done on Windows
        command.insert(4, "--strip")
    # Run outside the checkout: from ROOT, `python -m` would put the source tree's game/ (where
    # books/ and assets/ are not inside the package) ahead of the installed package.
    work.mkdir(parents=True, exist_ok=True)
    subprocess.run(command, check=True, cwd=work)
    return program_path(dist, mode, windowed)


def size_of(path: Path) -> int:
    """Bytes on disk under ``path``, each file once: links are not followed, hard links not counted twice."""
    if path.is_symlink():
        return 0
    if not path.is_dir():
        return path.stat().st_size
    seen: set[tuple[int, int]] = set()
    total = 0
    for folder, _dirs, names in os.walk(path):  # os.walk does not descend into linked folders
        for name in names:
            info = os.lstat(os.path.join(folder, name))
            if os.path.islink(os.path.join(folder, name)) or (info.st_dev, info.st_ino) in seen:
                continue
            seen.add((info.st_dev, info.st_ino))
            total += info.st_size
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    modes = parser.add_mutually_exclusive_group()
    modes.add_argument("--onefile", action="store_true", help="build the one-file program only")
    modes.add_argument("--both", action="store_true", help="build the one-folder and the one-file programs")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the programs go (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller", help="PyInstaller's work folder")
    parser.add_argument("--env", type=Path, default=ROOT / "build" / "exe-env", help="the build environment")
    parser.add_argument("--console", action="store_true", help="keep a console window (Windows/macOS)")
    parser.add_argument("--smoke", action="store_true", help="then run each program built with --smoke (headless)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    python = build_env(args.env)
    modes_wanted = ["onefile"] if args.onefile else (["onedir", "onefile"] if args.both else ["onedir"])
    windowed = not args.console
    for mode in modes_wanted:
        remove_output(output_of(args.dist, mode, windowed))
        program = pyinstaller(python, mode, args.dist, args.work, windowed=windowed)
        print(f"built {mode}: {program} ({size_of(output_of(args.dist, mode, windowed)) / 1e6:.1f} MB)", flush=True)
    print(f"done in {time.perf_counter() - started:.0f} s", flush=True)
    failed = [mode for mode in modes_wanted if args.smoke and not smoke(program_path(args.dist, mode, windowed), args.work)]
    return 1 if failed else 0


def smoke(program: Path, work: Path) -> bool:
    """Run a built program with ``--smoke`` headless, in folders of its own; True when every screen rendered."""
    home = work / f"smoke-{program.stem}"
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "HOME": str(home),
        "USERPROFILE": str(home),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_DATA_HOME": str(home / "data"),
    }
    began = time.perf_counter()
    done = subprocess.run([str(program), "--smoke"], capture_output=True, text=True, timeout=SMOKE_TIMEOUT, cwd=work, env=env)
    good = done.returncode == 0 and " 0 failed" in done.stdout
    print(f"smoke {program.name}: {'ok' if good else 'FAILED'} in {time.perf_counter() - began:.1f} s", flush=True)
    if not good:
        print(done.stdout[-3000:] + done.stderr[-3000:], flush=True)
    return good


if __name__ == "__main__":
    sys.exit(main())

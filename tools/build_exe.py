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
import marshal
import os
import shutil
import struct
import subprocess
import sys
import time
import venv
from pathlib import Path

from game.app.memory import NEVER_IMPORTED

ROOT = Path(__file__).resolve().parent.parent
NAME = "feuille"
ONEFILE_NAME = "feuille-onefile"
HOOKS = ROOT / "tools" / "pyinstaller_hooks"  # hook-babel.py: the locale data of the app's languages only
LANGUAGES = ("fr", "en")  # game.i18n's catalogues
SMOKE_TIMEOUT = 600

#: Modules the app never imports, left out of the executables (issue 28): the one list is
#: ``game.app.memory.NEVER_IMPORTED``, whose groups of modules imported only when present (sound, OpenSSL) the
#: app's own process leaves out too. What each group saves is in docs/PERFORMANCE.md ("Executables").
EXCLUDED = NEVER_IMPORTED

#: The interpreter's options in the programs: UTF-8 mode (every file of the app is UTF-8, whatever the locale).
PYTHON_OPTIONS = ("X utf8",)
#: zlib level of the programs' archives (PyInstaller's default is 6 for the modules, 9 for the one file).
ZLIB_LEVEL = "9"
STRIP = ROOT / "tools" / "strip"  # Linux: a strip that leaves the wheels' repaired libraries alone (see the script)


def kept_babel_file(path: str) -> bool:
    """Whether a file of Babel's goes into the executable: all but the locale data of other languages than
    ``LANGUAGES`` (``root`` stays: every locale inherits from it)."""
    file = Path(path)
    if file.parent.name != "locale-data":
        return True
    return file.name.split(".")[0].split("_")[0] in ("root", *LANGUAGES)


#: The libraries of sound pygame ships (SDL2_mixer and its codecs), by the start of their names.
SOUND_LIBRARIES = ("sdl2_mixer", "libflac", "libfluidsynth", "libmodplug", "libmpg123", "libogg", "libopus", "libsndfile",
                   "libvorbis", "libwavpack", "libxmp", "libgme", "libinstpatch")  # fmt: skip

#: What each dependency costs in the one-folder program: its files (by the start of their first path part in
#: the folder) and its modules in the program's PYZ (by package). The rest is Python's: the interpreter, its
#: standard library and the system libraries (libstdc++, which numpy needs, among them).
COST_GROUPS = (
    ("numpy + OpenBLAS", ("numpy", "libscipy_openblas", "libgfortran", "libquadmath")),
    ("pydantic + pydantic-core", ("pydantic",)),
    ("Babel", ("babel",)),
    ("pygame + SDL", ("pygame",)),
    ("the app (code, books, fonts)", ("game", "feuille_aventure")),
)
PYTHON = "Python and the system libraries"


def kept_pygame_library(path: str) -> bool:
    """Whether one of pygame's libraries goes into the executable: all but those of sound (``EXCLUDED``)."""
    return not Path(path).name.lower().startswith(SOUND_LIBRARIES)


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
    # The cards of its books, made by the installed package itself (run from the environment's folder: from ROOT,
    # the checkout's game/ would be imported): the program's first start lists its books from them, by their bytes,
    # instead of validating every book (0.4-0.8 s of the one file's start; game.books.loader.write_shipped_index).
    write = "from game.books.loader import write_shipped_index; print(write_shipped_index(), 'book cards shipped')"
    subprocess.run([str(python), "-c", write], check=True, cwd=where)
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


def build_environment(platform: str = sys.platform) -> dict[str, str]:
    """PyInstaller's environment: its zlib level, and on Linux the strip of ``STRIP`` ahead of the real one."""
    env = {**os.environ, "PYINSTALLER_ZLIB_COMPRESSION_LEVEL": ZLIB_LEVEL}
    real = shutil.which("strip")
    if platform.startswith("linux") and real is not None:
        env.update(PATH=f"{STRIP}{os.pathsep}{env.get('PATH', '')}", FEUILLE_STRIP=real)
    return env


def pyinstaller(python: Path, mode: str, dist: Path, work: Path, windowed: bool, keep: tuple[str, ...] = ()) -> Path:
    """Run PyInstaller in ``mode`` ("onedir" or "onefile"); returns the built program. ``keep``: groups of
    ``EXCLUDED`` put back in (to measure what leaving each out saves)."""
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
        *(f"--exclude-module={module}" for group, modules in EXCLUDED.items() if group not in keep for module in modules),
        *(f"--python-option={option}" for option in PYTHON_OPTIONS),
        str(ROOT / "tools" / "launcher.py"),
    ]
    if windowed:
        command.insert(4, "--windowed")
    if os.name != "nt":  # the symbols of the shared libraries (libpython alone: 23 MB of them); not done on Windows
        command.insert(4, "--strip")
    # Run outside the checkout: from ROOT, `python -m` would put the source tree's game/ (where
    # books/ and assets/ are not inside the package) ahead of the installed package.
    work.mkdir(parents=True, exist_ok=True)
    subprocess.run(command, check=True, cwd=work, env=build_environment())
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


def cost_group(name: str) -> str:
    """The dependency a file or module of the program belongs to, by the first part of its path or name."""
    first = name.replace("\\", "/").split("/")[0].split(".")[0].lower()
    return next((group for group, starts in COST_GROUPS if first.startswith(starts)), PYTHON)


def pyz_entries(pyz: Path) -> dict[str, int]:
    """Compressed bytes of each module in a PyInstaller PYZ archive (its table: a marshalled list at the
    offset its header gives)."""
    with pyz.open("rb") as archive:
        header = archive.read(12)
        if header[:4] != b"PYZ\0":
            raise ValueError(f"{pyz}: not a PYZ archive")
        archive.seek(struct.unpack("!i", header[8:12])[0])
        return {name: entry[2] for name, entry in marshal.load(archive)}


def costs(folder: Path, program: Path, pyz: Path) -> dict[str, int]:
    """Bytes of the one-folder program by dependency (``COST_GROUPS``), each file once as ``size_of`` counts;
    the program file itself is its PYZ's modules plus the bootloader (Python's)."""
    total = dict.fromkeys([group for group, _ in COST_GROUPS] + [PYTHON], 0)
    inside = next((part for part in (folder / "_internal", folder) if part.is_dir()), folder)
    for path in sorted(inside.iterdir()):
        if path != program:
            total[cost_group(path.name)] += size_of(path)
    modules = pyz_entries(pyz)
    for name, length in modules.items():
        total[cost_group(name)] += length
    total[PYTHON] += size_of(program) - sum(modules.values())
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
    parser.add_argument(
        "--measure-cuts", action="store_true", help="build the folder once per group of EXCLUDED put back: what each saves"
    )
    args = parser.parse_args(argv)
    # PyInstaller runs in the work folder: a relative --dist or --work would be read from there.
    args.dist, args.work, args.env = args.dist.resolve(), args.work.resolve(), args.env.resolve()
    started = time.perf_counter()
    python = build_env(args.env)
    if args.measure_cuts:
        measure_cuts(python, args.dist, args.work)
        return 0
    modes_wanted = ["onefile"] if args.onefile else (["onedir", "onefile"] if args.both else ["onedir"])
    windowed = not args.console
    for mode in modes_wanted:
        remove_output(output_of(args.dist, mode, windowed))
        program = pyinstaller(python, mode, args.dist, args.work, windowed=windowed)
        print(f"built {mode}: {program} ({size_of(output_of(args.dist, mode, windowed)) / 1e6:.1f} MB)", flush=True)
        if mode == "onedir":
            shares = costs(program.parent, program, args.work / mode / NAME / "PYZ-00.pyz")
            print("  of which " + ", ".join(f"{group} {size / 1e6:.1f} MB" for group, size in shares.items()), flush=True)
    print(f"done in {time.perf_counter() - started:.0f} s", flush=True)
    failed = [mode for mode in modes_wanted if args.smoke and not smoke(program_path(args.dist, mode, windowed), args.work)]
    return 1 if failed else 0


def measure_cuts(python: Path, dist: Path, work: Path) -> None:
    """Print the one-folder program's size with every group of ``EXCLUDED`` left out, then what putting each
    back adds (one build each, console kept). On Windows the sound DLLs stay out whatever is put back
    (hook-pygame.py): measure the sound group on Linux or macOS."""
    sizes = {}
    for kept in ((), *((group,) for group in EXCLUDED)):
        remove_output(output_of(dist, "onedir", False))
        program = pyinstaller(python, "onedir", dist, work, windowed=False, keep=kept)
        sizes[kept] = size_of(program.parent)
    print(f"the folder with every cut: {sizes[()] / 1e6:.1f} MB; each group of EXCLUDED put back adds:", flush=True)
    for group in EXCLUDED:
        print(f"  {group:<18} {(sizes[(group,)] - sizes[()]) / 1e6:5.2f} MB", flush=True)


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

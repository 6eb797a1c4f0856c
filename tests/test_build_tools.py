"""tools/build_exe.py without building: where each output goes, clearing an old one, sizes counted once."""

import importlib.util
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("build_exe", ROOT / "tools" / "build_exe.py")
build_exe = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build_exe)


@pytest.mark.parametrize("platform, nt", [("linux", False), ("win32", True), ("darwin", False)])
def test_the_one_folder_and_the_one_file_outputs_have_distinct_names(tmp_path, platform, nt):
    folder = build_exe.program_path(tmp_path, "onedir", True, platform, nt)
    single = build_exe.program_path(tmp_path, "onefile", True, platform, nt)
    assert folder.parent != single and not str(single).startswith(str(folder.parent) + os.sep)
    assert folder.parent.name != single.name


def test_a_rebuild_removes_whatever_the_previous_output_was(tmp_path):
    stale_file = tmp_path / "feuille"  # the one-file program an old --both left where the folder goes
    stale_file.write_bytes(b"old")
    build_exe.remove_output(stale_file)
    assert not stale_file.exists()
    stale_folder = tmp_path / "feuille-onefile"
    (stale_folder / "x").mkdir(parents=True)
    build_exe.remove_output(stale_folder)
    assert not stale_folder.exists()
    build_exe.remove_output(tmp_path / "never-built")  # nothing there: nothing to do


def test_sizes_count_a_linked_library_once(tmp_path):
    folder = tmp_path / "feuille"
    (folder / "_internal").mkdir(parents=True)
    (folder / "_internal" / "libSDL2-2.0.so.0").write_bytes(b"x" * 1000)
    (folder / "libSDL2.so").symlink_to(folder / "_internal" / "libSDL2-2.0.so.0")
    os.link(folder / "_internal" / "libSDL2-2.0.so.0", folder / "hard-copy.so")
    (folder / "feuille").write_bytes(b"y" * 10)
    assert build_exe.size_of(folder) == 1010


def test_setuptools_finds_every_package_of_game_and_ships_the_bundled_folders():
    """pyproject.toml finds the packages (a new screen package needs no line there) and maps game.bundled.*
    to the top-level books/ and assets/, as the wheel, the editable install and PyInstaller take them."""
    import warnings

    from setuptools.config.pyprojecttoml import read_configuration

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # setuptools calls its [tool.setuptools] support "beta"
        config = read_configuration(ROOT / "pyproject.toml", expand=True)["tool"]["setuptools"]
    packages = set(config["packages"])
    in_tree = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "game").rglob("__init__.py")}
    assert in_tree <= packages and {"game.scenes.common", "game.scenes.samples", "game.bundled.books"} <= packages
    assert config["package-dir"] == {
        "game.bundled.books": "books",
        "game.bundled.assets": "assets",
        "game.bundled.assets.fonts": "assets/fonts",
    }
    assert all(name == "game" or name.startswith("game.") for name in packages)  # nothing else at the top of site-packages


def test_the_bundled_folders_are_the_top_level_ones_in_the_source_tree():
    from game import bundled

    assert Path(str(bundled.data("books"))) == ROOT / "books"
    assert Path(str(bundled.data("assets.fonts"))) == ROOT / "assets" / "fonts"
    assert (ROOT / "books" / "DF31.json").is_file() and any((ROOT / "assets" / "fonts").glob("*.ttf"))


def test_the_bundled_data_is_read_only_through_bundled_data():
    """importlib.resources on ``game.bundled.books`` would read the source tree's name-only package, not the books."""
    needle = "files(" + '"game.bundled'  # spelt in two so that this file is not a reader
    readers = [
        f"{path.relative_to(ROOT)}"
        for folder in ("game", "tests", "tools")
        for path in (ROOT / folder).rglob("*.py")
        if path.parent.name != "bundled" and needle in path.read_text(encoding="utf-8")
    ]
    assert readers == []


def test_the_executable_keeps_the_locale_data_of_french_and_english_only():
    for kept in (
        "babel/locale-data/fr.dat",
        "babel/locale-data/fr_CA.dat",
        "babel/locale-data/en_150.dat",
        "babel/locale-data/root.dat",
        "babel/global.dat",
        "babel/core.py",
    ):
        assert build_exe.kept_babel_file(kept), kept
    for dropped in ("babel/locale-data/de.dat", "babel/locale-data/frr.dat", "babel/locale-data/eo_001.dat"):
        assert not build_exe.kept_babel_file(dropped), dropped


def test_the_babel_hook_replaces_the_contributed_one():
    hook = (build_exe.HOOKS / "hook-babel.py").read_text(encoding="utf-8")
    assert "# $PyInstaller-Hook-Priority: 100" in hook and "kept_babel_file" in hook


def test_the_executable_leaves_the_sound_libraries_of_pygame_out_and_keeps_the_rest():
    for sound in ("SDL2_mixer.dll", "libogg-0.dll", "libvorbisfile-3.dll", "libFLAC-e7027ec5.so.14.0.0", "libxmp.dll"):
        assert not build_exe.kept_pygame_library(sound)
    for kept in ("SDL2.dll", "SDL2_ttf.dll", "SDL2_image.dll", "freetype.dll", "libpng16-16.dll", "libwebp-7.dll"):
        assert build_exe.kept_pygame_library(kept)


def test_the_pygame_hook_replaces_pygames_own():
    hook = (ROOT / "tools" / "pyinstaller_hooks" / "hook-pygame.py").read_text(encoding="utf-8")
    assert "$PyInstaller-Hook-Priority: 100" in hook and "kept_pygame_library" in hook


def _fake_strip(tmp_path):
    """A stand-in for the real strip that writes down what it was asked to strip."""
    log = tmp_path / "stripped.txt"
    real = tmp_path / "real-strip"
    real.write_text(f'#!/bin/sh\necho "$@" >> {log}\n', encoding="utf-8")
    real.chmod(0o755)
    return real, log


@pytest.mark.skipif(os.name == "nt", reason="the strip wrapper is for Linux")
def test_the_strip_of_the_build_leaves_a_wheels_repaired_libraries_alone(tmp_path):
    # Stripping numpy.libs' OpenBLAS (patched by auditwheel) made it unloadable: every fight of several creatures
    # lost its odds in the executables.
    import subprocess

    real, log = _fake_strip(tmp_path)
    env = {**os.environ, "FEUILLE_STRIP": str(real)}
    for path in ("/cache/numpy.libs/libscipy_openblas64_-32a4b2a6.so", "/cache/pygame_ce.libs/libSDL2-2.0.so.0"):
        subprocess.run([str(build_exe.STRIP / "strip"), path], check=True, env=env)
    subprocess.run([str(build_exe.STRIP / "strip"), "/cache/libpython3.11.so.1.0"], check=True, env=env)
    assert log.read_text(encoding="utf-8").split() == ["/cache/libpython3.11.so.1.0"]


def test_on_linux_pyinstaller_finds_the_build_s_strip_first():
    env = build_exe.build_environment("linux")
    if env.get("FEUILLE_STRIP") is not None:  # a machine without strip builds without the wrapper
        assert env["PATH"].split(os.pathsep)[0] == str(build_exe.STRIP)
    assert env["PYINSTALLER_ZLIB_COMPRESSION_LEVEL"] == build_exe.ZLIB_LEVEL
    assert "FEUILLE_STRIP" not in build_exe.build_environment("win32")


def test_the_costs_share_out_every_byte_of_the_folder_once(tmp_path):
    import marshal
    import struct

    folder = tmp_path / "feuille"
    inside = folder / "_internal"
    for name, size in {"numpy.libs/libscipy_openblas.so": 700, "pygame_ce.libs/libSDL2.so": 300, "game/x.json": 50,
                       "libpython3.11.so.1.0": 400, "babel/root.dat": 20, "pydantic_core/core.so": 90}.items():  # fmt: skip
        (inside / name).parent.mkdir(parents=True, exist_ok=True)
        (inside / name).write_bytes(b"x" * size)
    toc = [("numpy._core", (0, 12, 30)), ("game.rules", (0, 42, 8)), ("json", (0, 50, 5))]
    pyz = tmp_path / "PYZ-00.pyz"
    body = b"\0" * 43
    pyz.write_bytes(b"PYZ\0" + b"\xa7\r\r\n" + struct.pack("!i", 12 + len(body)) + body + marshal.dumps(toc))
    program = folder / "feuille"
    program.write_bytes(b"b" * 100)  # its PYZ (43 bytes of modules) and the bootloader
    shares = build_exe.costs(folder, program, pyz)
    assert sum(shares.values()) == build_exe.size_of(folder)
    assert shares["numpy + OpenBLAS"] == 730 and shares["the app (code, books, fonts)"] == 58
    assert shares["pygame + SDL"] == 300 and shares["Babel"] == 20 and shares["pydantic + pydantic-core"] == 90
    assert shares[build_exe.PYTHON] == 400 + 5 + 100 - 43

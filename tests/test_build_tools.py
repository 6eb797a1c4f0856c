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

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

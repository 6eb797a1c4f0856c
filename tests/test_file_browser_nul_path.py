"""A folder path holding a NUL character (no system's folder name can) is refused by the file browser with its
reason, never raised: a hand-edited settings file's recent place, a pasted path."""

from __future__ import annotations

from pathlib import Path

from app_helpers import make_services

from game.scenes.common.files.folder import read_folder
from game.scenes.common.files.scene import FileBrowserScene


def test_listing_a_folder_path_with_a_nul_says_why(tmp_path):
    listing = read_folder(Path(str(tmp_path) + "/a\x00b"))
    assert listing.entries == () and isinstance(listing.error, OSError)


def test_the_file_browser_shown_a_folder_path_with_a_nul_stays_and_says_why(tmp_path):
    services = make_services(tmp_path)
    browser = FileBrowserScene(services.ui, title="t", help_text="h", choose_label="c", start=tmp_path, mode="folder")
    browser.show(Path("/tmp/a\x00b"))
    assert browser.errors and browser.folder == tmp_path

"""Data shipped with the package: books/ and assets/ are mapped here by pyproject.toml.

Installed (wheel, editable, or frozen by PyInstaller) they are the packages
``game.bundled.books`` and ``game.bundled.assets``; run straight from a
checkout that was never installed, the same folders are found at the top of
the source tree.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

SOURCE_TREE = Path(__file__).resolve().parent.parent.parent
FOLDERS = {"books": SOURCE_TREE / "books", "assets.fonts": SOURCE_TREE / "assets" / "fonts"}


def data(name: str) -> Traversable:
    """The bundled folder ``name`` ("books" or "assets.fonts"), installed or from the source tree."""
    try:
        return files(f"game.bundled.{name}")
    except ModuleNotFoundError:
        return FOLDERS[name]

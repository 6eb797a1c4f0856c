"""Data shipped with the package: books/ and assets/ are mapped here by pyproject.toml.

Installed (wheel, editable, or frozen by PyInstaller) they are the packages
``game.bundled.books``, ``game.bundled.assets`` and ``game.bundled.assets.fonts``, holding the files of
the top-level folders. In the source tree the same names are small packages
(``game/bundled/books/__init__.py``…) that only let setuptools find them and
point at the top-level folders (``SOURCE_FOLDER``), so a checkout runs whether
it was installed or not.
"""

from __future__ import annotations

import importlib
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path


def data(name: str) -> Traversable:
    """The bundled folder ``name`` ("books" or "assets.fonts"), installed or from the source tree."""
    package = importlib.import_module(f"game.bundled.{name}")
    source: Path | None = getattr(package, "SOURCE_FOLDER", None)
    return source if source is not None else files(package)

"""In the source tree, only the name of the package ``game.bundled.assets``: its files are the top-level assets/.

pyproject.toml maps this package to assets/ (package-dir), so a wheel, an editable install and
PyInstaller ship assets/'s files here; this file lets setuptools' package search find the name.
``game.bundled.data`` reads ``SOURCE_FOLDER`` when it imports this file instead of the installed package.
"""

from pathlib import Path

SOURCE_FOLDER = Path(__file__).resolve().parents[3] / "assets"

"""In the source tree, only the name of the package ``game.bundled.books``: its files are the top-level books/.

pyproject.toml maps this package to books/ (package-dir), so a wheel, an editable install and
PyInstaller ship books/'s files here; this file lets setuptools' package search find the name.
``game.bundled.data`` reads ``SOURCE_FOLDER`` when it imports this file instead of the installed package.
"""

from pathlib import Path

SOURCE_FOLDER = Path(__file__).resolve().parents[3] / "books"

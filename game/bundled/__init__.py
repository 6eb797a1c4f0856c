"""Data shipped with the package: books/ and assets/ are mapped here by pyproject.toml."""

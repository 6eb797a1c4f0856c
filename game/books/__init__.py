"""Book models (pydantic) and the loader for books/*.json."""

"""Book models (pydantic) and the loader for books/*.json."""

#: A book's id, also its file's name (``<id>.json``): no dots, no slashes, so it never leaves its folder.
#: Here, not with the models, so that storage and the loader's shelf can use it without importing pydantic.
BOOK_ID = r"^[A-Za-z0-9_-]{1,32}$"

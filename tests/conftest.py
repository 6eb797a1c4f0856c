"""Shared test setup: headless SDL for every test, and the bundled books."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.books.loader import load_book_by_id  # noqa: E402


@pytest.fixture(scope="session")
def df31():
    return load_book_by_id("DF31")


@pytest.fixture(scope="session")
def df49():
    return load_book_by_id("DF49")


@pytest.fixture(scope="session")
def df64():
    return load_book_by_id("DF64")


@pytest.fixture(autouse=True)
def _release_adventure_locks():
    """Each test's adventures are let go after it (game.storage.lock): one process, many test folders."""
    yield
    from game.storage import lock

    lock.release_all()

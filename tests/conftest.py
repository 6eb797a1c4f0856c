"""Shared test setup: headless SDL for every test, the bundled books, and one books index for the session."""

from __future__ import annotations

import gc
import os
import shutil
import weakref

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

import game.app.services  # noqa: E402
from game.books.loader import load_book_by_id, load_shelf  # noqa: E402


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


#: The combat boards' odds workers made by the test running now (see _stop_each_tests_odds_workers).
_ODDS_WORKERS: weakref.WeakSet = weakref.WeakSet()


@pytest.fixture(autouse=True, scope="session")
def _count_the_odds_workers():
    """Each OddsWorker made during the run is noted, for the test that made it to stop it (below)."""
    from game.scenes.combat.odds import OddsWorker

    real = OddsWorker.__init__

    def noted(self, *args, **kwargs):
        real(self, *args, **kwargs)
        _ODDS_WORKERS.add(self)

    OddsWorker.__init__ = noted
    yield
    OddsWorker.__init__ = real


@pytest.fixture(autouse=True)
def _stop_each_tests_odds_workers(_count_the_odds_workers):
    """A test's combat boards stop their odds workers when it ends, as a board does when the app leaves it
    (CombatScene.shutdown): a test ends with its boards on the stack, and their workers went on solving the
    last fight asked for, in the next tests' time, for nobody (4.8 of the 7 s of CPU of the test after three
    boards at three window sizes; issue 28). What the test itself waited for was done before it ended."""
    yield
    for worker in list(_ODDS_WORKERS):
        worker.close()
    _ODDS_WORKERS.clear()


@pytest.fixture(autouse=True, scope="session")
def _one_books_index_for_the_session(tmp_path_factory):
    """Services built in a fresh test folder list the bundled books from a copy of one index made here.

    A fresh folder has no index, so each ``build_services`` validated all the bundled books again (40-70 ms,
    in about a thousand tests; issue 28). The copy holds the same cards (or errors) that validating them
    gives, keyed by the same files; a book a test opens is still validated then, as on a player's second
    start. Only the bundled books with no index yet are seeded: a test's own books folder, a ``books_dir``
    of its own or an index it planted is read as it is. tests/test_shelf_index.py tests the index itself.
    """
    shared = tmp_path_factory.mktemp("books-index") / game.app.services.BOOKS_INDEX
    load_shelf(None, None, shared)
    real = game.app.services.load_shelf

    def seeded(folder=None, own_folder=None, index=None):
        if folder is None and index is not None and not os.path.lexists(index):
            try:
                index.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(shared, index)
            except OSError:
                pass  # an odd config folder a test planted: the shelf meets it as the app would
        return real(folder, own_folder, index)

    game.app.services.load_shelf = seeded
    yield
    game.app.services.load_shelf = real


#: Collections of the middle generation between two full ones (Python's default: 10); see pytest_collection_finish.
FULL_COLLECTION_EVERY = 100


@pytest.hookimpl(wrapper=True)
def pytest_collection(session):
    """The cycle collector waits while the tests are collected: collection only makes what lives to the end of the
    run (modules, their syntax trees, their tables, the items), so each collection found nothing to free and walked
    all of it, more each time (7 of the 19 s of collection, issue 28). pytest_collection_finish below collects once,
    then freezes what is left; the collector runs again before the first test, whatever collection raised."""
    gc.disable()
    try:
        return (yield)
    finally:
        gc.enable()


def pytest_collection_finish(session):
    """What collection made (the test modules, their tables, the items, the books read) lives to the end of the
    run: frozen out of the cycle collector's view, as the app freezes its start (game.app.memory), so each full
    collection walks only what the tests made since (the collector took 10 % of a run's CPU; issue 28). A cycle
    that is garbage now is collected first. tests/test_app_memory.py freezes again after it unfreezes.

    Then a full collection waits for ten times the usual number of younger ones (threshold 10 -> 100): the objects
    a run keeps (reports, caches, the hypothesis data) grow over the run, so each full walk cost more as the run
    went on (119 of them were 16 of the collector's 22 s at 582c18a); the young generations keep their thresholds,
    which free a test's cycles (its scenes and their surfaces) soon after it ends."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTION_EVERY)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """After a test module's last test (its fixtures gone), its garbage is collected and what it leaves alive
    (caches, reports, hypothesis's data) is frozen as the collection's objects were: the full collections of the
    next module walk only what that module makes. Without it they walked everything the run had kept so far,
    more with each module (340 ms each by the end; issue 28). What is frozen and later freed by its last
    reference is freed as before; only a cycle of it that becomes garbage later waits for the run's end."""
    yield
    if nextitem is None or getattr(nextitem, "module", None) is not getattr(item, "module", None):
        gc.collect()
        gc.freeze()

"""Cancelling a long odds computation from the thread that asked for it (issue 17).

The board's worker computes odds on its own thread; when the fight moves on,
the answer is no longer wanted.  The worker runs the computation inside
``cancellable(check)``; the long loops (the all-together sweep, the Monte
Carlo rounds) poll ``requested()`` and raise ``Cancelled``.  The check is per
thread, so other callers are never affected.  No clock, no I/O.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

__all__ = ["Cancelled", "cancellable", "requested"]

_local = threading.local()


class Cancelled(Exception):
    """The caller no longer wants this answer (the fight moved on)."""


@contextmanager
def cancellable(check: Callable[[], bool]) -> Iterator[None]:
    """Run the block with ``check`` as this thread's cancel request."""
    before = getattr(_local, "check", None)
    _local.check = check
    try:
        yield
    finally:
        _local.check = before


def requested() -> bool:
    """True when this thread's caller asked to stop."""
    check = getattr(_local, "check", None)
    return bool(check is not None and check())

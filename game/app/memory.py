"""The C allocator, tuned so memory the app lets go of goes back to the system.

Surfaces are allocated by SDL with malloc. glibc's malloc raises its mmap
threshold each time a large block is freed, so after the first screens every
page-sized surface comes from the heap, and a heap with one live block near
its top cannot shrink: drawing every screen once left ~30 MB freed but held.
A fixed threshold (64 kB) keeps big surfaces in their own mappings, returned
when freed; two arenas at most keep the odds worker threads from holding
arenas of their own. Elsewhere than glibc this does nothing.

Python's cycle collector, for its part, walks every tracked object at each
collection of its oldest generation: after start-up that is every module,
book model and service, about 50 ms a time (212 ms at load 5), landing in
whichever frame allocated last. What the start made is frozen out of its
view, so those collections walk only what the screens made since.
"""

from __future__ import annotations

import ctypes
import gc
import sys

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
M_ARENA_MAX = -8
MMAP_THRESHOLD = 64 * 1024
TRIM_THRESHOLD = 1024 * 1024
ARENA_MAX = 2


def tune_allocator() -> bool:
    """Set glibc's malloc options (once, at start, before the window); True when they were applied."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        # glibc's own name first: find_library runs ldconfig in a subprocess (7 ms of every start, issue 28).
        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        from ctypes.util import find_library  # it imports subprocess, which only this fallback needs

        try:
            libc = ctypes.CDLL(find_library("c"))
        except OSError:
            return False
    try:
        mallopt = libc.mallopt
    except AttributeError:  # musl or another libc without mallopt
        return False
    return all(
        mallopt(option, value) == 1
        for option, value in ((M_MMAP_THRESHOLD, MMAP_THRESHOLD), (M_TRIM_THRESHOLD, TRIM_THRESHOLD), (M_ARENA_MAX, ARENA_MAX))
    )


def freeze_start_objects() -> None:
    """Put every object alive now out of the cycle collector's reach (``gc.freeze``).

    Called once what lives to the end exists (the modules, the services and their books): they stay
    reachable anyway, and the collections that follow walk only newer objects. A cycle among them that
    became garbage would be kept, which is why it is called after start-up, not during it. (How many it
    holds, ``gc.get_freeze_count()``, walks them all: 3.5 ms of the start, so it is not asked here.)
    """
    gc.freeze()

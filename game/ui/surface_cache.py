"""Caches of drawn pictures bounded by the bytes they hold, least recently used first out.

A count of entries says little about memory: a rendered word is a few
kilobytes, a full-page panel 3.5 MB. Each cache here has a budget in bytes
(pixels × bytes per pixel), and ``surface_cached`` replaces ``lru_cache`` for
functions that return a pygame Surface. ``memory_report`` lists what every
cache holds (tools/bench_memory.py prints it).

A cache of pictures as large as the page (the parchment, the panels) also has
a budget in *pages*: the bytes of one page at the window's current size, which
the display sets (:func:`fit_to_page`). A fixed budget either wastes memory in
a small window or, in a big one, is smaller than the one picture it must keep,
so the picture is drawn again every frame (issue 28: the kiosk at 1920×1080
spent most of its frames re-making an 8.3 MB parchment page a 4 MB cache could
not hold).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import wraps
from typing import Any, TypeVar

import pygame

T = TypeVar("T")
_CACHES: dict[str, SurfaceCache] = {}
PAGE_BYTES_PER_PIXEL = 4  # a page's surface (32 bits a pixel)
_page_bytes = 1280 * 720 * PAGE_BYTES_PER_PIXEL  # the default window's page until the display says otherwise


def surface_bytes(surface: pygame.Surface) -> int:
    """The pixel memory of ``surface``."""
    return surface.get_pitch() * surface.get_height()


class SurfaceCache:
    """An LRU of surfaces (or values holding surfaces) that keeps its total under its budget.

    The budget is ``fixed`` bytes plus ``pages`` times the bytes of one page at the window's size.
    """

    def __init__(self, name: str, fixed: int, size_of: Callable[[Any], int] = surface_bytes, *, pages: float = 0.0) -> None:
        self.name = name
        self.fixed = fixed
        self.pages = pages
        self.size_of = size_of
        self._items: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self.bytes = 0
        _CACHES[name] = self

    @property
    def budget(self) -> int:
        """The bytes this cache may hold now (its page share follows the window)."""
        return self.fixed + round(self.pages * _page_bytes)

    def get(self, key: Hashable) -> Any | None:
        """The value under ``key`` (now the most recently used), or None."""
        found = self._items.get(key)
        if found is None:
            return None
        self._items.move_to_end(key)
        return found[0]

    def put(self, key: Hashable, value: Any) -> Any:
        """Keep ``value`` under ``key``, dropping the least recently used until the budget holds; returns it.

        A single value larger than the whole budget is returned but not kept.
        """
        size = self.size_of(value)
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= old[1]
        if size > self.budget:
            return value
        self._items[key] = (value, size)
        self.bytes += size
        self.trim()
        return value

    def make_room(self, size: int) -> None:
        """Drop the least recently used until ``size`` more bytes fit the budget: a cache of page-sized pictures lets
        the old page go before the new one is drawn, so the two (and what drawing it takes) are not held at once."""
        budget = self.budget - size
        while self._items and self.bytes > budget:
            _key, (_value, dropped) = self._items.popitem(last=False)
            self.bytes -= dropped

    def trim(self) -> None:
        """Drop the least recently used until the budget holds."""
        budget = self.budget
        while self.bytes > budget:
            _key, (_value, dropped) = self._items.popitem(last=False)
            self.bytes -= dropped

    def clear(self) -> None:
        """Forget everything."""
        self._items.clear()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)


def surface_cached(
    name: str, fixed: int = 0, *, pages: float = 0.0, cache: SurfaceCache | None = None, room: bool = False
) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Like ``functools.lru_cache`` for a function returning a Surface, bounded by ``fixed`` bytes + ``pages`` pages.

    With ``cache``, the pictures are kept in that cache, beside other functions' (the key names ``name``): one
    budget for pictures never needed together, such as the pages of two screens that are never shown at once.
    With ``room``, each picture is about a page: a miss makes room for one page before drawing it
    (:meth:`SurfaceCache.make_room`).
    """

    def decorate(function: Callable[..., T]) -> Callable[..., T]:
        store = cache if cache is not None else SurfaceCache(name, fixed, pages=pages)
        shared = cache is not None

        @wraps(function)
        def cached(*args: Any, **kwargs: Any) -> T:
            key: Hashable = (args, tuple(sorted(kwargs.items()))) if kwargs else args
            if shared:
                key = (name, key)
            found = store.get(key)
            if found is None:
                if room:
                    store.make_room(_page_bytes)
                found = store.put(key, function(*args, **kwargs))
            return found

        cached.cache = store  # type: ignore[attr-defined]  # functions carry their cache as attributes, like functools.lru_cache
        cached.cache_clear = store.clear  # type: ignore[attr-defined]  # functions carry their cache as attributes, like functools.lru_cache
        return cached

    return decorate


# The pages made from the parchment for one screen (the sheet's panelled page, the death page, the combat board's
# layer): the loop draws from the topmost screen that covers the page, so one of them is shown at a time and one
# page's budget holds what a frame needs (issue 28: three such pages were kept, 11 MB at 1280×720). Going back to a
# screen draws its page again (the sheet's: a few ms at 1280×720).
SCREEN_PAGES = SurfaceCache("screen pages", 0, pages=1)


def fit_to_page(size: tuple[int, int]) -> None:
    """The page is now ``size`` (logical pixels): every page-sized budget follows, and shrinks at once."""
    global _page_bytes
    _page_bytes = max(1, size[0]) * max(1, size[1]) * PAGE_BYTES_PER_PIXEL
    for cache in _CACHES.values():
        cache.trim()


def memory_report() -> list[tuple[str, int, int, int]]:
    """Every cache as (name, entries, bytes held, budget), largest first."""
    return sorted(((c.name, len(c), c.bytes, c.budget) for c in _CACHES.values()), key=lambda row: -row[2])


def clear_all() -> None:
    """Empty every surface cache (the kiosk's fresh start, tests)."""
    for cache in _CACHES.values():
        cache.clear()

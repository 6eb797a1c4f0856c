"""Caches of drawn pictures bounded by the bytes they hold, least recently used first out.

A count of entries says little about memory: a rendered word is a few
kilobytes, a full-page panel 3.5 MB. Each cache here has a budget in bytes
(pixels × bytes per pixel), and ``surface_cached`` replaces ``lru_cache`` for
functions that return a pygame Surface. ``memory_report`` lists what every
cache holds (tools/bench_memory.py prints it).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import wraps
from typing import Any, TypeVar

import pygame

T = TypeVar("T")
_CACHES: dict[str, SurfaceCache] = {}


def surface_bytes(surface: pygame.Surface) -> int:
    """The pixel memory of ``surface``."""
    return surface.get_pitch() * surface.get_height()


class SurfaceCache:
    """An LRU of surfaces (or values holding surfaces) that keeps its total under ``budget`` bytes."""

    def __init__(self, name: str, budget: int, size_of: Callable[[Any], int] = surface_bytes) -> None:
        self.name = name
        self.budget = budget
        self.size_of = size_of
        self._items: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self.bytes = 0
        _CACHES[name] = self

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
        while self.bytes > self.budget:
            _key, (_value, dropped) = self._items.popitem(last=False)
            self.bytes -= dropped
        return value

    def clear(self) -> None:
        """Forget everything."""
        self._items.clear()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)


def surface_cached(name: str, budget: int) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Like ``functools.lru_cache`` for a function returning a Surface, bounded by ``budget`` bytes."""

    def decorate(function: Callable[..., T]) -> Callable[..., T]:
        cache = SurfaceCache(name, budget)

        @wraps(function)
        def cached(*args: Any, **kwargs: Any) -> T:
            key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
            found = cache.get(key)
            if found is None:
                found = cache.put(key, function(*args, **kwargs))
            return found

        cached.cache = cache  # type: ignore[attr-defined]  # functions carry their cache as attributes, like functools.lru_cache
        cached.cache_clear = cache.clear  # type: ignore[attr-defined]  # functions carry their cache as attributes, like functools.lru_cache
        return cached

    return decorate


def memory_report() -> list[tuple[str, int, int, int]]:
    """Every cache as (name, entries, bytes held, budget), largest first."""
    return sorted(((c.name, len(c), c.bytes, c.budget) for c in _CACHES.values()), key=lambda row: -row[2])


def clear_all() -> None:
    """Empty every surface cache (the kiosk's fresh start, tests)."""
    for cache in _CACHES.values():
        cache.clear()

"""What an all-together fight costs to solve exactly, known before starting (issue 17).

The exact solver (``together_exact``) sweeps the creature states layer by
layer (total creature STAMINA T), holding only the layers a blow can reach
back to.  Identical creatures (same SKILL) share states: the state of a group
is the sorted multiset of its STAMINAs.  This module counts, in pure Python
and without building anything, how many states there are, how many the live
window holds, how many cells the vectorised sweep touches, and turns that into
estimated CPU seconds and bytes, so that ``together_odds`` chooses the exact
answer or a Monte Carlo estimate *before* starting, never by running out of
memory.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb

from .dice import CombatNumbers
from .results import Budget

__all__ = ["Budget", "CHUNK_BYTES", "Group", "KEEP_LAYERS", "Plan", "groups_of", "layer_counts", "plan"]

#: CPU seconds of the exact sweep, by what it does (issue 28: plan on measured cost, not a pessimistic
#: guess): per value gathered by the blows (a state reached, its k planes of (hero STAMINA, LUCK), once for
#: the accepted blow and twice more with a Luck test), per value of the wound sweep (a state, j, hero
#: STAMINA, LUCK), per (layer, hero STAMINA) step of that sweep, and per state reached by a blow (its
#: position found).  Fitted by least squares on twelve fights of 6 000 to 1.4 million states, at load
#: 4.4-5.6 (``tools/bench_odds.py --only plan`` prints the fit and each fight's measure beside its plan;
#: within 0.89-1.10 of each), then taken 20 % above.  The older model, one figure per cell, read fights of
#: many states and few hero STAMINA points four times low (three creatures at STAMINA 200 against a hero
#: of STAMINA 10: 0.41 s and 58 MiB planned, 1.8 s and 106 MiB taken).
SECONDS_PER_GATHERED = 0.74e-9 * 1.2
SECONDS_PER_SWEPT = 13e-9 * 1.2
SECONDS_PER_STEP = 39e-6 * 1.2
SECONDS_PER_REACHED = 0.27e-6 * 1.2
#: Top layers of a solved fight kept for later lookups: the states the next
#: rounds reach, and those the Luck advisor asks about.
KEEP_LAYERS = 8
#: Cells beyond which the exact sweep is out of the question (minutes): not even counted.
HOPELESS_CELLS = 10**10
#: Bytes of one value (float64).
VALUE = 8
#: The blow sweep is cut into chunks of about this many bytes per array (each chunk costs some 20 µs of
#: calls: 0.25 -> 0.5 MiB took the blows of four different creatures at STAMINA 12 from 0.61 to 0.58 s).
CHUNK_BYTES = int(0.5 * (1 << 20))


@dataclass(frozen=True, order=True)
class Group:
    """Living creatures of one SKILL: how many, and the highest STAMINA among them."""

    skill: int
    count: int
    top: int


def groups_of(creatures: Sequence[tuple[int, int]]) -> tuple[Group, ...]:
    """Living creatures grouped by SKILL (sorted), the shape of the exact state space."""
    by_skill: dict[int, list[int]] = {}
    for skill, stamina in creatures:
        if stamina > 0:
            by_skill.setdefault(skill, []).append(stamina)
    return tuple(Group(s, len(v), max(v)) for s, v in sorted(by_skill.items()))


@lru_cache(maxsize=64)
def _multisets(count: int, top: int) -> tuple[int, ...]:
    """Number of multisets of ``count`` values in 0..top by sum: the Gaussian binomial [top+count, count].

    Built as the product of (1 - q^(top+i)) / (1 - q^i), i = 1..count, each
    partial product being a polynomial (no recursion, so any STAMINA works).
    """
    poly = [1]
    for i in range(1, count + 1):
        times = poly + [0] * (top + i)
        for t, v in enumerate(poly):
            times[t + top + i] -= v
        out = times[: len(times) - i]
        for t in range(i, len(out)):
            out[t] += out[t - i]
        poly = out
    return tuple(poly)


def layer_counts(groups: Sequence[Group]) -> list[int]:
    """Number of creature states by total creature STAMINA T = 0, 1, 2, ..."""
    out = [1]
    for g in groups:
        poly = _multisets(g.count, g.top)
        new = [0] * (len(out) + len(poly) - 1)
        for i, a in enumerate(out):
            if a:
                for j, b in enumerate(poly):
                    new[i + j] += a * b
        out = new
    return out


@dataclass(frozen=True)
class Plan:
    """The exact solver's size and estimated cost for one fight."""

    states: int  # creature states swept (T up to the fight's total)
    layers: int
    window: int  # states held at once (the live layers)
    cells: int  # values the blow sweep computes
    seconds: float  # estimated CPU seconds
    bytes: int  # estimated peak bytes

    def fits(self, budget: Budget) -> bool:
        """True when the exact solver stays within ``budget``."""
        return self.seconds <= budget.seconds and self.bytes <= budget.bytes


def plan(groups: Sequence[Group], total: int, hero_stamina: int, hero_luck: int, numbers: CombatNumbers) -> Plan:
    """Size and cost of solving exactly from creature total ``total`` (pure arithmetic, no allocation)."""
    k = sum(g.count for g in groups)
    grid = (hero_stamina + 1) * (hero_luck + 1)
    bound = 1
    for g in groups:
        bound *= comb(g.top + g.count, g.count)
    luck = numbers.luck_allowed and hero_luck >= 2
    # A Lucky blow that does nothing, or an Unlucky wound that costs nothing, leaves the creatures and the
    # hero's STAMINA as they were (only LUCK falls): the layered sweep has no order for that, so it is never
    # planned (the Monte Carlo plays it).
    unordered = luck and (numbers.hit_lucky == 0 or numbers.wound_unlucky == 0)
    if unordered or bound * k * k * grid > HOPELESS_CELLS:
        # Far beyond any budget (a STAMINA in the hundreds): no need to count layers.
        return Plan(
            states=bound,
            layers=total + 1,
            window=bound,
            cells=bound * k * k * grid,
            seconds=float("inf"),
            bytes=bound * k * grid * VALUE,
        )
    counts = layer_counts(groups)[: total + 1]
    reach = max(numbers.hit, numbers.hit_lucky, numbers.hit_unlucky)
    states = sum(counts)
    if numbers.double_kills:
        window = states  # a double reaches any lower layer: hold them all
    else:
        window = max(sum(counts[max(0, t - reach + 1) : t + 1]) for t in range(len(counts)))
    cells = states * k * k * grid
    # A state reached by each (state, target) pair: the blow accepted, Lucky and Unlucky with a Luck test,
    # and the target killed by a double.
    reached = states * k * ((3 if luck else 1) + (1 if numbers.double_kills else 0))
    values = hero_stamina * (hero_luck + 1)  # the (hero STAMINA, LUCK) of one plane
    seconds = (
        reached * (k * values * SECONDS_PER_GATHERED + SECONDS_PER_REACHED)
        + states * k * values * SECONDS_PER_SWEPT
        + len(counts) * hero_stamina * SECONDS_PER_STEP
    )
    total_bytes = _bytes(counts, bound, k, hero_stamina, hero_luck, window, numbers)
    return Plan(states=states, layers=len(counts), window=window, cells=cells, seconds=seconds, bytes=total_bytes)


def _bytes(counts: Sequence[int], box: int, k: int, N: int, L: int, window: int, numbers: CombatNumbers) -> int:
    """Peak bytes of the exact sweep: the arrays ``together_exact.solve`` holds, counted as it allocates them."""
    row = k * N * (L + 1) * VALUE  # a state's H_0..H_{k-1} at hero STAMINA 1..N
    ring = window * row
    lag = max(numbers.wound, numbers.wound_lucky, numbers.wound_unlucky)
    # The widest layer's buffers (_Work): the blows X, the window over n, zero, tp, tp2, V; and the Luck rows.
    work = max(counts) * (L + 1) * VALUE * (N * k + (lag + 1) * (k + 1) + 6 * k)
    kept = sum(counts[-KEEP_LAYERS:]) * (N + 1) * (L + 1) * VALUE
    chunk = 4 * CHUNK_BYTES  # three gathers and the weighted sum
    space = sum(counts) * k * 8 + box * 8  # the staminas by position, the positions by index
    pairs = max(counts) * k * (4 * k + 8) * 8  # a layer's (state, target) pairs and the states they reach
    # Building the space (every state's staminas, index, total, order) peaks, before the sweep, at 2.2-2.4
    # times its (k + 1) integers a state (tracemalloc, six spaces of 6 000 to 3.6 million states).
    building = box * (k + 1) * 8 * 5 // 2
    # Measured against this count (tools/bench_odds.py, each fight in a fresh process): four different creatures
    # at STAMINA 12, 80.4 MiB grown against 80.6 counted; small fights grow 1-2 MiB more (imports, the
    # allocator), hence 5 % and 2 MiB more.
    return max(building, ring + work + kept + chunk + space + pairs) * 21 // 20 + (2 << 20)

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

#: CPU seconds per cell of the blow sweep (three gathers, the Luck choice, the
#: weighted sum) and per (layer, hero STAMINA) step of the wound sweep: measured
#: on the 2-core reference machine at load 1.1 (issue 28: plan on measured cost,
#: not a pessimistic guess) at 4.0-5.4 ns a cell over four fights of 9 to 341
#: million cells, taken 20 % above the highest (tools/bench_odds.py prints the
#: estimate beside the measure; docs/PERFORMANCE.md).  The old 12 ns, fitted
#: under load 7-10, sent fights that fit (four different creatures at STAMINA
#: 12: 0.82 s, 117 MiB) to the Monte Carlo.
SECONDS_PER_CELL = 6.5e-9
SECONDS_PER_STEP = 20e-6
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
    if bound * k * k * grid > HOPELESS_CELLS:
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
    widest = max(counts)
    cells = states * k * k * grid
    # Three gathers a cell with Luck (accept, Lucky, Unlucky), one without; one more for a killing double.
    luck = numbers.luck_allowed and hero_luck >= 2
    gathers = (3 if luck else 1) + (1 if numbers.double_kills else 0)
    seconds = cells * SECONDS_PER_CELL * gathers / 3 + len(counts) * hero_stamina * SECONDS_PER_STEP
    ring = window * k * grid * VALUE
    layer = widest * (k + 1) * grid * VALUE  # the layer's blows, and its sweep over n
    kept = sum(counts[-KEEP_LAYERS:]) * grid * VALUE
    chunk = 6 * CHUNK_BYTES
    index = states * (k + 2) * 8 * 4
    # The arrays above are what the sweep holds; numpy's temporaries add about 7 % (measured: 88.6 MiB
    # against 83.3 planned for four different creatures at 12), so the plan takes 10 % more.
    total_bytes = (ring + layer + kept + chunk + index) * 11 // 10
    return Plan(states=states, layers=len(counts), window=window, cells=cells, seconds=seconds, bytes=total_bytes)

"""All-together odds, exact: a layered sweep over creature states, vectorised with numpy (issue 17).

Model (R-MULTI-1, R-COMBAT-1..3, R-LUCK-1), the same as docs/ODDS.md: the
hero picks one target a round; against it the exchange is normal, against
every other creature a lower hero Attack Strength wounds the hero; the wounds
of a round are settled one by one, the target exchange first, each with its
own Luck decision.  ``H_j(s, n, l)`` is the value of creature state ``s`` with
hero STAMINA ``n`` and LUCK ``l`` while ``j`` hero wounds still wait; ``H_0``
is the value at the start of a round.

Order of the sweep.  Every blow lowers the total creature STAMINA ``T`` and
every wound lowers ``n``.  Layers of equal ``T`` are swept upwards; inside a
layer, all its states are one vector.  The target's blow (and a killing
double) lands in a lower layer that is already complete, so that part of the
value is computed for every ``n`` at once; only the hero's wounds depend on
the same state at lower ``n``, swept ``n = 1..N`` with ``(state, LUCK)`` as
the vector.  A blow reaches back at most ``max(hit, hit_lucky, hit_unlucky)``
layers, so only that window is held (a ring buffer); with a killing double
every lower layer can be reached and all are held (``together_plan`` counts
that before starting).

Symmetry.  Creatures of the same SKILL are interchangeable: a group's state is
the sorted tuple of its STAMINAs (a dead creature is 0), ranked with the
combinatorial number system.  A target equal to an earlier one of its group is
the same choice and is skipped.

Only P(win) is computed (no expectations): that halves nothing in the logic
but divides the memory by three.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb

import numpy as np

from .cancel import Cancelled
from .dice import CombatNumbers, p_2d6_at_most
from .together_law import round_outcomes
from .together_plan import CHUNK_BYTES, KEEP_LAYERS, Group

__all__ = ["Solution", "solve"]


def _nondecreasing(count: int, top: int) -> np.ndarray:
    """Every sorted tuple of ``count`` values in 0..top, one a row, in lexicographic order (as
    ``itertools.combinations_with_replacement``, without a Python tuple each: a group of three at STAMINA
    200 has 1.4 million)."""
    rows = np.arange(top + 1, dtype=np.int64)[:, None]
    for _ in range(count - 1):
        last = rows[:, -1]
        more = top + 1 - last  # each row goes on with last..top
        starts = np.repeat(np.cumsum(more) - more, more)
        values = np.arange(int(more.sum()), dtype=np.int64) - starts + np.repeat(last, more)
        rows = np.column_stack([np.repeat(rows, more, axis=0), values])
    return rows


class _Space:
    """The creature states of some groups: ranking, totals, order by layer."""

    def __init__(self, groups: Sequence[Group], total: int) -> None:
        self.groups = tuple(groups)
        self.k = sum(g.count for g in groups)
        self.skills = [g.skill for g in groups for _ in range(g.count)]
        self.slices = []
        start = 0
        for g in groups:
            self.slices.append(slice(start, start + g.count))
            start += g.count
        # Binomial table for the combinatorial number system of each group.
        width = max(g.top + g.count for g in groups) + 1
        depth = max(g.count for g in groups) + 1
        self.binom = np.array([[comb(b, i) for i in range(depth)] for b in range(width)], dtype=np.int64)
        sizes = [comb(g.top + g.count, g.count) for g in groups]
        self.strides: list[int] = []
        stride = 1
        for size in reversed(sizes):
            self.strides.insert(0, stride)
            stride *= size
        stam, index, totals = self._every_state(total)
        # By layer, and inside a layer by which creatures live: the hero's wounds are then one matrix
        # product for each run of states of one pattern (``_HeroWounds.sweep``).
        pattern = np.zeros(len(stam), dtype=np.int64)
        for i in range(self.k):
            pattern |= (stam[:, i] > 0).astype(np.int64) << i
        order = np.lexsort((pattern, totals))
        del pattern
        self.stam = stam[order]  # staminas by position
        del stam  # the arrays here are as large as the ring for a fight of many states: one at a time
        self.position = np.full(stride, -1, dtype=np.int64)
        self.position[index[order]] = np.arange(len(order))
        self.bounds = np.concatenate([[0], np.cumsum(np.bincount(totals, minlength=total + 1))])

    def _every_state(self, total: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Every state of creature total <= ``total``: staminas by slot (each group in rank order), index, total."""
        per_group = []
        for g in self.groups:
            tuples = _nondecreasing(g.count, g.top)
            ranked = np.empty_like(tuples)
            ranked[self._group_rank(tuples)] = tuples
            per_group.append(ranked)
            del tuples
        if len(per_group) == 1:
            stam, index = per_group[0], np.arange(len(per_group[0]), dtype=np.int64)
        else:
            grids = np.meshgrid(*[np.arange(len(r)) for r in per_group], indexing="ij")
            stam = np.concatenate([r[gr.ravel()] for r, gr in zip(per_group, grids)], axis=1)
            index = np.zeros(grids[0].size, dtype=np.int64)
            for gr, s in zip(grids, self.strides):
                index += gr.ravel() * s
        totals = stam.sum(axis=1)
        if int(totals.max()) > total:
            keep = totals <= total
            stam, index, totals = stam[keep], index[keep], totals[keep]
        return stam, index, totals

    def _group_rank(self, sorted_tuples: np.ndarray) -> np.ndarray:
        count = sorted_tuples.shape[1]
        ranks = np.zeros(len(sorted_tuples), dtype=np.int64)
        for i in range(count):  # a column at a time: no temporary as large as the tuples
            ranks += self.binom[sorted_tuples[:, i] + i, i + 1]
        return ranks

    def positions(self, stam: np.ndarray) -> np.ndarray:
        """Positions of states given as staminas per slot (any order inside a group)."""
        index = np.zeros(len(stam), dtype=np.int64)
        for sl, stride in zip(self.slices, self.strides):
            index += self._group_rank(np.sort(stam[:, sl], axis=1)) * stride
        return self.position[index]


@dataclass
class Solution:
    """H_0 (P(win) at the start of a round) for the top layers of a solved fight."""

    space: _Space
    first: int  # position of the first retained state
    values: np.ndarray  # (states retained, N + 1, L + 1)

    def p_win(self, stam: Sequence[int], n: int, l: int) -> float | None:
        """P(win) for slot staminas ``stam`` (None when that state was not retained)."""
        pos = int(self.space.positions(np.asarray([stam], dtype=np.int64))[0])
        if pos < self.first or n >= self.values.shape[1] or l >= self.values.shape[2]:
            return None
        return float(self.values[pos - self.first, n, l])


def _laws(space: _Space, h: int, double_kills: bool, dice: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """KILL, HIT (pattern, target, k) and HW (pattern, target, j) for every alive pattern."""
    k = space.k
    shape = (1 << k, k)
    kill = np.zeros(shape + (k,))
    hit = np.zeros(shape + (k,))
    hw = np.zeros(shape + (k + 1,))
    for pat in range(1, 1 << k):
        alive = [i for i in range(k) if pat >> i & 1]
        skills = tuple(space.skills[i] for i in alive)
        for at, t in enumerate(alive):
            kl, ht, w = round_outcomes(h, skills, at, double_kills, dice)
            kill[pat, t, : len(kl)] = kl
            hit[pat, t, : len(ht)] = ht
            hw[pat, t, : len(w)] = w
    return kill, hit, hw


class _Work:
    """The sweep's buffers, taken once for the widest layer: fresh arrays each layer would be fresh pages
    that the kernel zeroes (perf: 6 % of the CPU of four different creatures at STAMINA 12, issue 28)."""

    def __init__(self, widest: int, k: int, grid: tuple[int, int], lag: int) -> None:
        cells = widest * grid[1]
        self.x = np.empty(grid[0] * k * cells)
        self.window = np.empty((lag + 1) * (k + 1) * cells)
        self.zero = np.zeros(k * cells)
        self.tp = np.empty(k * cells)
        self.tp2 = np.empty(k * cells)
        self.v = np.empty(k * cells)

    @staticmethod
    def view(buffer: np.ndarray, *shape: int) -> np.ndarray:
        """The start of ``buffer`` seen as a contiguous array of ``shape``."""
        return buffer[: int(np.prod(shape))].reshape(shape)


def solve(
    hero_skill_eff: int,
    numbers: CombatNumbers,
    N: int,
    L: int,
    groups: Sequence[Group],
    start: Sequence[int],
    keep_layers: int = KEEP_LAYERS,
    cancelled: Callable[[], bool] | None = None,
) -> Solution:
    """Solve every state up to the total of ``start`` (slot staminas, groups in order).

    Returns the retained top ``keep_layers`` layers of H_0.  ``cancelled`` is
    polled once a layer; when it returns True the sweep stops with
    ``Cancelled``.
    """
    total = int(sum(start))
    space = _Space(groups, total)
    k = space.k
    c = numbers
    grid = (N + 1, L + 1)
    hero = _HeroWounds.of(c, N, L, k)
    kill_law, hit_law, hw_law = _laws(space, hero_skill_eff, c.double_kills, c.attack_dice)
    # Weights of the round's hero wounds (pattern, target, j = 1..k), against H_j = R[j - 1] in the sweep.
    wounds = np.ascontiguousarray(hw_law[:, :, 1:])
    cap = _ring_size(space, total, max(c.hit, c.hit_lucky, c.hit_unlucky), c.double_kills)
    # Others' values H_0..H_{k-1}: a wounded target leaves at most k - 1 other attackers.  Hero STAMINA
    # 1..N only: a blow leaves the hero's STAMINA as it is, and at 0 the fight is lost (R-DEATH-1).
    ring = np.zeros((cap, k, N, L + 1))
    kk = np.arange(k)
    group_start = np.zeros(k, dtype=bool)
    for sl in space.slices:
        group_start[sl.start] = True
    work = _Work(int(np.diff(space.bounds).max()), k, (N, L + 1), max(c.wound, c.wound_lucky, c.wound_unlucky))
    first_kept = int(space.bounds[max(0, total - keep_layers + 1)])
    kept = np.zeros((int(space.bounds[-1]) - first_kept,) + grid)
    X = np.empty(0)
    hw: list[tuple[np.ndarray, int, int]] = []
    for T in range(total + 1):
        if cancelled is not None and cancelled():
            raise Cancelled()
        p0, p1 = int(space.bounds[T]), int(space.bounds[T + 1])
        size = p1 - p0
        if size == 0:
            continue
        stam = space.stam[p0:p1]
        if T:
            alive = stam > 0
            pat = (alive * (1 << kk)).sum(axis=1)
            # A target equal to the one before it in its group is the same choice.
            same = np.zeros_like(alive)
            same[:, 1:] = (stam[:, 1:] == stam[:, :-1]) & ~group_start[1:]
            valid = alive & ~same
            X = _blows(space, ring, cap, stam, valid, pat, kill_law, hit_law, c, hero, work.view(work.x, N, k, size, L + 1))
            # The layer's states come in runs of one pattern (the space's order): one weight matrix a run.
            cuts = [0, *(np.flatnonzero(pat[1:] != pat[:-1]) + 1).tolist(), size]
            hw = [(wounds[pat[a]], a, b) for a, b in zip(cuts, cuts[1:])]
        # The blows are in X: the ring rows of layer T - reach are free to take layer T.
        lo = max(p0, first_kept)
        keep = (kept[lo - first_kept : p1 - first_kept], lo - p0) if p1 > first_kept else None
        hero.sweep(work, size, X if T else None, hw, _ring_rows(ring, p0, size, cap), keep)
    return Solution(space, first_kept, kept)


def _ring_size(space: _Space, total: int, reach: int, double_kills: bool) -> int:
    """How many states the ring holds: every state with a killing double (any lower layer can be reached),
    else the widest span of ``reach`` consecutive layers."""
    if double_kills:
        return int(space.bounds[-1])
    # Layer T is written once it is complete, over layer T - reach, which
    # nothing needs any more: the ring spans layers T - reach + 1 .. T.
    return max(int(space.bounds[t + 1] - space.bounds[max(0, t - reach + 1)]) for t in range(total + 1))


def _ring_rows(ring: np.ndarray, p0: int, size: int, cap: int) -> list[tuple[np.ndarray, slice]]:
    """The ring's rows for the ``size`` states from position ``p0`` (in one or two pieces, as the ring wraps),
    each with its slice of the layer."""
    r0 = p0 % cap
    first = min(size, cap - r0)
    parts = [(ring[r0 : r0 + first], slice(0, first))]
    if first < size:
        parts.append((ring[: size - first], slice(first, size)))
    return parts


@dataclass(frozen=True)
class _HeroWounds:
    """The hero's side of the sweep over n: the wounds taken (accepted, or tested with Luck) and the Luck
    weights "for the next LUCK up" (index l' is used at LUCK l' + 1; a test that cannot succeed, R-LUCK-1:
    LUCK 0 or 1, is weighted 0: an impossible test is worth 0, and every value is >= 0, so it never wins the max)."""

    N: int
    L: int
    k: int
    wound: int
    wound_lucky: int
    wound_unlucky: int
    luck: bool
    ps_next: np.ndarray
    pf_next: np.ndarray

    def rows(self, blocks: int) -> tuple[np.ndarray, np.ndarray]:
        """``ps_next`` and ``pf_next`` repeated over ``blocks`` blocks of L + 1: one long loop a product, not one
        per block."""
        return np.tile(self.ps_next, blocks), np.tile(self.pf_next, blocks)

    @classmethod
    def of(cls, c: CombatNumbers, N: int, L: int, k: int) -> _HeroWounds:
        ps = np.array([p_2d6_at_most(l) for l in range(L + 1)])
        can = (ps > 0.0) & c.luck_allowed
        ps_next = np.zeros(L + 1)
        pf_next = np.zeros(L + 1)
        ps_next[:-1] = ps[1:]
        pf_next[:-1] = 1.0 - ps[1:]
        no_test = np.ones(L + 1, dtype=bool)
        no_test[:-1] = ~can[1:]
        pf_next[no_test] = 0.0
        ps_next[no_test] = 0.0
        return cls(N, L, k, c.wound, c.wound_lucky, c.wound_unlucky, bool(can.any()), ps_next, pf_next)

    def sweep(
        self,
        work: _Work,
        size: int,
        X: np.ndarray | None,
        hw: list[tuple[np.ndarray, int, int]],
        parts: list[tuple[np.ndarray, slice]],
        keep: tuple[np.ndarray, int] | None,
    ) -> None:
        """Sweep n = 1..N over one layer of ``size`` states (``X`` None: the layer where every creature is dead),
        holding only the last ``lag`` values of n, and write each n into the ring's ``parts`` as it is done, and
        H_0 into ``keep`` (rows, first state of the layer kept) when the layer is kept.

        The arrays here are j first, (state, LUCK) in one row: H_j of the whole layer is contiguous, so each
        step is one long loop, and the hero wounds of a run of states of one pattern (``hw``: weights, first,
        end) are one matrix product."""
        k, L, luck = self.k, self.L, self.luck
        wd, wl, wu = self.wound, self.wound_lucky, self.wound_unlucky
        cells = size * (L + 1)
        ps_row, pf_row = self.rows(k * size)
        lag = max(wd, wl, wu)
        window = work.view(work.window, lag + 1, k + 1, cells)
        zero = work.view(work.zero, k * cells)
        tp = work.view(work.tp, k * cells)
        tp2 = work.view(work.tp2, k * cells)
        V = work.view(work.v, k, cells)

        def at(m: int, window: np.ndarray = window, zero: np.ndarray = zero) -> np.ndarray:
            """H_0..H_{k-1} at hero STAMINA m, flat."""
            return window[m % (lag + 1), :k].reshape(-1) if m > 0 else zero

        for n in range(1, self.N + 1):
            cur = window[n % (lag + 1)]
            # cur[j + 1] = H_{j+1}: one more hero wound to settle, Luck or not (R-COMBAT-3).
            R = cur[1:]
            if luck:
                np.multiply(at(n - wl), ps_row, out=tp)
                np.multiply(at(n - wu), pf_row, out=tp2)
                tp += tp2
                _max_shifted(R.reshape(-1), tp, accept=at(n - wd))
            else:
                np.copyto(R.reshape(-1), at(n - wd))
            best = cur[0]
            if X is not None:
                for weights, a, b in hw:  # the hero wounds of the round
                    np.matmul(weights, R[:, a * (L + 1) : b * (L + 1)], out=V[:, a * (L + 1) : b * (L + 1)])
                V += X[n - 1].reshape(k, cells)
                np.maximum(V[0], V[1], out=best) if k > 1 else np.copyto(best, V[0])
                for t in range(2, k):
                    np.maximum(best, V[t], out=best)
            else:
                best[...] = 1.0  # every creature dead: won (R-COMBAT-4)
            by_state = cur[:k].reshape(k, size, L + 1)
            for rows, sl in parts:
                rows[:, :, n - 1, :] = by_state[:, sl].transpose(1, 0, 2)
            if keep is not None:
                kept_rows, first = keep
                kept_rows[:, n] = by_state[0, first:]


def _blows(
    space: _Space,
    ring: np.ndarray,
    cap: int,
    stam: np.ndarray,
    valid: np.ndarray,
    pat: np.ndarray,
    kill_law: np.ndarray,
    hit_law: np.ndarray,
    c: CombatNumbers,
    hero: _HeroWounds,
    X: np.ndarray,
) -> np.ndarray:
    """X[n - 1, t, s, l]: the value of the round's outcomes where the hero's blow lands (or kills).

    The target's exchange is settled first (R-COMBAT-3: accept, or Test Luck
    for 4 / 1 in all), then the k other wounds on the hero, which H_k of the
    state reached already includes.  Those states are in lower layers,
    complete for every n, so this is computed for all n at once, into ``X``.
    """
    size, k = stam.shape
    grid = (X.shape[0], X.shape[3])
    # Only when Lucky is never worse than Unlucky is more LUCK never worse, and a killing blow never tested.
    lucky_helps = c.hit_lucky >= c.hit_unlucky and c.wound_lucky <= c.wound_unlucky
    si, ti, tested = _pairs(stam, valid, None if not hero.luck else c.hit if lucky_helps else 0)

    def reached(damage: int | None, pairs: int = len(si)) -> np.ndarray:
        after = stam[si[:pairs]].copy()
        rows = np.arange(pairs)
        after[rows, ti[:pairs]] = 0 if damage is None else np.maximum(after[rows, ti[:pairs]] - damage, 0)
        return space.positions(after) % cap

    acc_at = reached(c.hit)
    lucky_at = reached(c.hit_lucky, tested)
    unlucky_at = reached(c.hit_unlucky, tested)
    kill_at = reached(None) if c.double_kills else None
    hit_w = hit_law[pat[si], ti][:, None, :]  # (pair, 1, k)
    kill_w = kill_law[pat[si], ti][:, None, :] if c.double_kills else None
    # A state's ring row is its k whole (N, L+1) planes: one take() index a state reached.
    plane = grid[0] * grid[1]
    flat = ring.reshape(cap, k * plane)
    bad_s, bad_t = np.nonzero(~valid)
    X[:, bad_t, bad_s] = -2.0  # never chosen; every other pair is written below
    step = max(1, CHUNK_BYTES // (k * plane * 8))
    # The Luck weights laid over a whole row, so that each product is one long loop, not one per (j, n).
    ps_row, pf_row = hero.rows(k * grid[0])
    buffers = np.empty((3, min(step, len(si)), k * plane))
    chunks = [(a, min(tested, a + step)) for a in range(0, tested, step)]
    chunks += [(a, min(len(si), a + step)) for a in range(tested, len(si), step)]
    for a, b in chunks:
        m = b - a

        def gather(at: np.ndarray | None, into: int, a: int = a, b: int = b, m: int = m) -> np.ndarray:
            assert at is not None
            # mode="clip" (every index is valid): with "raise", take() copies through a buffer into ``out``.
            rows: np.ndarray = np.take(flat, at[a:b], axis=0, out=buffers[into, :m], mode="clip")
            return rows

        A = gather(acc_at, 0)
        if a < tested:
            # Test Luck on the blow: Lucky hit_lucky, Unlucky hit_unlucky, at LUCK - 1
            # (R-COMBAT-3); the value at LUCK l is max(accept, test).
            tp = gather(lucky_at, 1)
            tp *= ps_row
            unlucky = gather(unlucky_at, 2)
            unlucky *= pf_row
            tp += unlucky
            _max_shifted(A, tp)
        part = np.matmul(hit_w[a:b], A.reshape(m, k, plane))[:, 0]
        if kill_w is not None:
            D = gather(kill_at, 1)
            part += np.matmul(kill_w[a:b], D.reshape(m, k, plane))[:, 0]
        X[:, ti[a:b], si[a:b]] = part.reshape((m,) + grid).transpose(1, 0, 2)
    return X


def _pairs(stam: np.ndarray, valid: np.ndarray, hit: int | None) -> tuple[np.ndarray, np.ndarray, int]:
    """The (state, target) pairs of a layer that are a real choice, those worth a Luck test first: (states,
    targets, how many are tested).  A dead target, or one equal to the one before it in its group, is never
    chosen.  A blow that kills the target (STAMINA <= ``hit``) is not tested: no state after a test is better
    than the target dead, nor is a lower LUCK better (true when Lucky is never worse than Unlucky; else
    ``hit`` is 0).  ``hit`` None: no test at all."""
    si, ti = np.nonzero(valid)
    if hit is None:
        return si, ti, 0
    plain = stam[si, ti] <= hit
    order = np.argsort(plain, kind="stable")
    return si[order], ti[order], len(si) - int(plain.sum())


def _max_shifted(A: np.ndarray, tp: np.ndarray, accept: np.ndarray | None = None) -> None:
    """A[..., l] = max(accept[..., l], tp[..., l - 1]) (accept defaults to A itself), in place.

    ``tp[..., l']`` holds the test value *for* LUCK l' + 1 (it is made from
    values at l'), 0 where no test is possible (every value is >= 0, so 0
    never wins), so the comparison runs over the flat, contiguous memory
    shifted by one value, in one pass.
    """
    flat_a = A.reshape(-1)
    flat_t = tp.reshape(-1)
    source = flat_a if accept is None else accept.reshape(-1)
    flat_a[0] = source[0]
    np.maximum(source[1:], flat_t[:-1], out=flat_a[1:])

"""Exact odds of any fight given by its round law, and a seeded estimate when it is too large (issues 24, 30).

A fight is a box of scores (``slots``: the hero's wound score, the ally's,
each creature's) and LUCK, and a *round law*: for a state, the choices the
player has at the start of a round (the target, all together), each a
distribution of ``rounds.Outcome`` whose wounds are settled in order, a
wound that Luck can change waiting for the decision (R-COMBAT-3).  The
solver knows nothing of dice: an ally (R-ALLY-1), a score that is both the
attack and the wounds, a book's own profile all come in through the law.

Exact: values are vectors over LUCK (entry l: P(win) at LUCK l; entry 0 is
never testing Luck, since a test at 0 or 1 always fails, R-LUCK-1), computed
for every state of the box in order of the sum of its scores: every outcome
that changes something lowers that sum or LUCK, and the outcome that changes
nothing (a double parry) is conditioned out, which is exact because the best
choice in a state is the same each time it recurs.  A wound that may cost 0
(armour that lessens a wound of 1, a Lucky wound of 1, a damage roll of 0)
leads back to the same scores, at the same LUCK (accepted) or one less
(tested): such a state's vector x is the fixed point of its own round,
x = f(x), f convex and piecewise linear (the best of finitely many plays,
each affine in x with non-negative slopes), found by Newton's method, which
on such an f is policy iteration: from below, each step solves the best
play's linear system exactly (forward substitution over LUCK) and rises
to the fixed point, ending when the play repeats, in a handful of sweeps where
value iteration took thousands (``_newton``; at most ``NEWTON_SWEEPS``).
A Test of Luck is taken when it raises P(win) by more than ``melee.EPS``,
as everywhere else.  Cost known before starting: the box's size (``cells``)
and the start's round, ``LOOP_WORK`` times more when it may come back.

Estimate (beyond the budget): ``estimate`` plays seeded fights of the same
law under a stated heuristic (the law's first choice; Luck on a wound that
would kill the hero, and on the hero's blow at LUCK 8 or more), so the best
play does at least as well.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from math import prod

from .cancel import Cancelled, requested
from .dice import p_2d6_at_most
from .melee import EPS
from .montecarlo import MonteCarloResult
from .rounds import KILL, Outcome, Wound

__all__ = ["Fight", "RoundLaw", "cells", "estimate", "fits", "solve"]

#: The choices of a state, each the distribution of the round under it.
RoundLaw = Callable[[tuple[int, ...]], tuple[tuple[Outcome, ...], ...]]

#: CPU seconds per unit of work (a cell times a branch of the round: each outcome, times 3 for
#: each wound waiting for Luck) and bytes per cell, measured on the reference machine at 65-75 ns
#: (hero and ally against one creature, and against two all together; tools/bench_odds.py).
SECONDS_PER_UNIT = 100e-9
BYTES_PER_CELL = 50
#: The estimate's work: rounds played in all (about 1 s of CPU), and its fights.
WORK_ROUNDS = 150_000
FIGHTS = 20_000
MAX_ROUNDS = 20_000
#: From this LUCK the estimate's play tests its blows (the all-together estimate's rule).
BLOW_LUCK = 8
#: Newton sweeps of a state whose round may lead back to its own scores (a wound that costs 0; ``_newton``)
#: at most: policy iteration ends when its play repeats, after 2 or 3 sweeps in every fight tried.
NEWTON_SWEEPS = 20
#: The work of a fight whose rounds may come back to their scores, in plain sweeps of each state: its first sweep
#: and Newton's (3 to 6 in all, with slopes); 7.5-8.7 times the same box without the loop, heavy-armour fights of
#: STAMINA 12 and 24 at LUCK 12 (every wound also one of 0), measured at load 0.6.
LOOP_WORK = 9
#: A round that leaves its scores with a smaller chance than this (a fight of a billion rounds on average,
#: or rounding of a round that only comes back) is taken as one that never ends: not won.
ONLY_LOOPS = 1e-9


@dataclass(frozen=True)
class Fight:
    """A fight for the solver: its scores, LUCK, round law and how it ends.

    ``slots``: the hero's wound score first, then the ally's (0 without one),
    then each creature's, then ``counters`` counters the rounds spend
    (ammunition: a wound of side "counter" takes from them).  ``lost``: the
    fight is lost in this state besides the hero falling (an ally who fights
    alone and falls, R-ALLY-1; no ammunition left where that loses); it is won
    when every creature is down once a round's wounds are settled (R-COMBAT-4).
    """

    slots: tuple[int, ...]
    luck: int
    law: RoundLaw
    luck_allowed: bool = True
    lost: Callable[[tuple[int, ...]], bool] | None = None
    counters: int = 0

    @property
    def first_counter(self) -> int:
        """The slot of the first counter (one past the last creature's)."""
        return len(self.slots) - self.counters


def cells(fight: Fight) -> int:
    """Values the exact solver holds (states of the box times LUCK levels), known before anything is built."""
    return prod(s + 1 for s in fight.slots) * (fight.luck + 1)


def fits(fight: Fight, seconds: float, memory: int) -> bool:
    """True when the exact solver's estimated CPU seconds and bytes are within the limits (nothing built).

    The work is the cells times the branches of the start's round (every
    choice's outcomes, three branches for each wound waiting for Luck): the
    largest round of the fight, since creatures only fall as it goes.
    """
    size = cells(fight)
    if size * BYTES_PER_CELL > memory:
        return False
    luck = fight.luck_allowed and fight.luck >= 2
    start = fight.law(fight.slots)
    branches = sum(3 ** sum(1 for w in o.wounds if luck and w.lucky is not None) for choice in start for o in choice)
    loops = any(_may_come_back(w, luck) for choice in start for o in choice for w in o.wounds)
    return bool(size * max(branches, 1) * (LOOP_WORK if loops else 1) * SECONDS_PER_UNIT <= seconds)


def _may_come_back(w: Wound, luck: bool) -> bool:
    """Whether settling ``w`` may leave every score as it was: a wound of 0 accepted, or a Lucky or Unlucky 0."""
    return w.damage == 0 or (luck and 0 in (w.lucky, w.unlucky))


def _slot(w: Wound, first_counter: int) -> int:
    if w.side == "counter":
        return first_counter + w.index
    return 0 if w.side == "hero" else 1 if w.side == "ally" else 2 + w.index


def _hit(state: tuple[int, ...], slot: int, damage: int) -> tuple[int, ...]:
    left = 0 if damage == KILL else max(0, state[slot] - damage)
    return state[:slot] + (left,) + state[slot + 1 :]


def solve(
    fight: Fight, cancelled: Callable[[], bool] | None = None, sweeps: dict[tuple[int, ...], int] | None = None
) -> list[float]:
    """P(win) at each LUCK 0..luck from the fight's start (best choices, best Luck), exactly.

    ``sweeps``, when given, is filled with the sweeps each state of a round
    that may lead back to itself took (1 for the others is not written).
    """
    if cancelled is None:
        cancelled = requested
    L = fight.luck
    ps = [p_2d6_at_most(l) for l in range(L + 1)]
    tests = [l for l in range(L + 1) if ps[l] > 0.0 and fight.luck_allowed]
    zero, one = [0.0] * (L + 1), [1.0] * (L + 1)
    lost = fight.lost
    end = fight.first_counter  # the creatures are slots 2 .. end - 1
    values: dict[tuple[int, ...], list[float]] = {}

    def settle(state: tuple[int, ...], wounds: tuple[Wound, ...], j: int) -> list[float]:
        if state[0] <= 0 or (lost is not None and lost(state)):
            return zero  # the hero (or the ally fighting alone) is down: lost (R-DEATH-1)
        if j == len(wounds):
            if not any(state[2:end]):
                return one  # every creature down, every wound settled: won (R-COMBAT-4)
            found = values.get(state)
            if found is None:
                raise ValueError(f"an outcome of the round law reaches {state}, which is not below the state solved")
            if state == current[0]:
                current[1] = True  # back to the scores being solved: a wound that cost 0 (see _newton)
            return found
        w = wounds[j]
        slot = _slot(w, end)
        accept = settle(_hit(state, slot, w.damage), wounds, j + 1)
        if w.lucky is None or w.unlucky is None or not tests:
            return accept
        lucky = settle(_hit(state, slot, w.lucky), wounds, j + 1)
        unlucky = settle(_hit(state, slot, w.unlucky), wounds, j + 1)
        out = accept[:]
        for l in tests:  # R-COMBAT-3: Test Luck (LUCK - 1 either way) when it raises P(win)
            t = ps[l] * lucky[l - 1] + (1.0 - ps[l]) * unlucky[l - 1]
            if t > out[l] + EPS:
                out[l] = t
        return out

    def sweep(state: tuple[int, ...]) -> list[float]:
        best: list[float] | None = None
        for outcomes in fight.law(state):
            acc = [0.0] * (L + 1)
            still = 0.0
            for o in outcomes:
                if not o.wounds:
                    still += o.probability  # nothing happens: conditioned out
                    continue
                v = settle(state, o.wounds, 0)
                p = o.probability
                acc = [a + p * x for a, x in zip(acc, v)]
            live = 1.0 - still
            acc = [a / live for a in acc] if live > 1e-15 else [0.0] * (L + 1)  # a fight that never ends is not won
            best = acc if best is None else [max(a, b) for a, b in zip(best, acc)]
        return best if best is not None else zero

    current: list[object] = [None, False]  # the state being solved, and whether its round leads back to it
    slope = _slope_sweep(fight, values, current, ps, tests)
    for level in range(1, sum(fight.slots) + 1):
        if cancelled():
            raise Cancelled()
        for state in _level(fight.slots, level):
            if state[0] <= 0 or not any(state[2:end]) or (lost is not None and lost(state)):
                continue
            current[0], current[1] = state, False
            values[state] = zero  # its own value taken as 0: the value without the loop
            values[state] = sweep(state)
            if current[1]:
                used = _newton(state, values, slope, cancelled)
                if sweeps is not None:
                    sweeps[state] = 1 + used
    start = fight.slots
    if start[0] <= 0 or (lost is not None and lost(start)):
        return zero
    return one if not any(start[2:end]) else [min(1.0, x) for x in values[start]]  # sums of rounded terms: at most 1


#: The slopes of a state's values with respect to its own: ``band[s][l]`` = d V[l] / d x[l - s], a return
#: to the same scores after s Tests of Luck (each reads LUCK - 1).  Rows left out are zeros.
Band = list[list[float]]


def _slope_sweep(
    fight: Fight, values: dict[tuple[int, ...], list[float]], current: list[object], ps: list[float], tests: list[int]
) -> Callable[[tuple[int, ...]], tuple[list[float], Band, tuple[int, ...]]]:
    """``solve``'s sweep carrying forward-mode slopes with respect to the state's own values (see ``_newton``).

    It also returns the play it chose (each Luck decision's LUCKs tested, each LUCK's choice, in the order
    met): the same play twice running ends the iteration.
    """
    L = fight.luck
    zero, one = [0.0] * (L + 1), [1.0] * (L + 1)
    lost = fight.lost
    end = fight.first_counter
    play: list[int] = []

    def settle(state: tuple[int, ...], wounds: tuple[Wound, ...], j: int) -> tuple[list[float], Band]:
        if state[0] <= 0 or (lost is not None and lost(state)):
            return zero, []
        if j == len(wounds):
            if not any(state[2:end]):
                return one, []
            return values[state], ([one] if state == current[0] else [])  # its own value: slope 1; others: 0
        w = wounds[j]
        slot = _slot(w, end)
        accept, da = settle(_hit(state, slot, w.damage), wounds, j + 1)
        if w.lucky is None or w.unlucky is None or not tests:
            return accept, da  # an accepted wound inherits the slope
        lucky, dl = settle(_hit(state, slot, w.lucky), wounds, j + 1)
        unlucky, du = settle(_hit(state, slot, w.unlucky), wounds, j + 1)
        out = accept[:]
        band = [r[:] for r in da] + [zero[:] for _ in range(max(len(dl), len(du)) + 1 - len(da))]
        tested = 0
        for l in tests:  # as solve's settle decides (R-COMBAT-3)
            t = ps[l] * lucky[l - 1] + (1.0 - ps[l]) * unlucky[l - 1]
            if t > out[l] + EPS:
                out[l] = t
                tested |= 1 << l
                for r in band:
                    r[l] = 0.0
                for s, r in enumerate(dl):  # the test reads LUCK - 1: one more step down the band
                    band[s + 1][l] += ps[l] * r[l - 1]
                for s, r in enumerate(du):
                    band[s + 1][l] += (1.0 - ps[l]) * r[l - 1]
        play.append(tested)
        return out, band

    def sweep(state: tuple[int, ...]) -> tuple[list[float], Band, tuple[int, ...]]:
        play.clear()
        best: list[float] = zero
        best_band: Band = []
        for i, outcomes in enumerate(fight.law(state)):
            acc, band = _weighed(outcomes, lambda wounds: settle(state, wounds, 0), L)
            if i == 0:
                best, best_band, chosen = acc, band, [0] * (L + 1)
                continue
            best_band += [[0.0] * (L + 1) for _ in range(len(band) - len(best_band))]
            band += [[0.0] * (L + 1) for _ in range(len(best_band) - len(band))]
            for l in range(L + 1):
                if acc[l] > best[l]:  # the choice that wins at this LUCK gives its slope
                    best[l], chosen[l] = acc[l], i
                    for r, dr in zip(best_band, band):
                        r[l] = dr[l]
        if best is not zero:
            play.extend(chosen)
        return best, best_band, tuple(play)

    return sweep


def _weighed(
    outcomes: tuple[Outcome, ...], settle: Callable[[tuple[Wound, ...]], tuple[list[float], Band]], L: int
) -> tuple[list[float], Band]:
    """One choice's value and slopes: its outcomes weighed, the ones that change nothing conditioned out."""
    acc: list[float] = [0.0] * (L + 1)
    band: Band = []
    still = 0.0
    for o in outcomes:
        if not o.wounds:
            still += o.probability
            continue
        v, d = settle(o.wounds)
        p = o.probability
        acc = [a + p * x for a, x in zip(acc, v)]
        band += [[0.0] * (L + 1) for _ in range(len(d) - len(band))]
        for r, dr in zip(band, d):
            r[:] = [a + p * x for a, x in zip(r, dr)]
    live = 1.0 - still
    if live > 1e-15:  # divided by live as the value is
        return [a / live for a in acc], [[a / live for a in r] for r in band]
    return [0.0] * (L + 1), []  # a fight that never ends is not won


def _newton(
    state: tuple[int, ...],
    values: dict[tuple[int, ...], list[float]],
    slope: Callable[[tuple[int, ...]], tuple[list[float], Band, tuple[int, ...]]],
    cancelled: Callable[[], bool],
) -> int:
    """Solve a state whose round may lead back to it for its own values x = V[state]; the sweeps taken.

    At each LUCK l, x[l] = f_l(x) = max over the plays (choice, each Luck
    decision) of a + sum_s b_s x[l - s]: convex and piecewise linear, the
    b_s >= 0 the chances of coming back to the same scores after s Tests of
    Luck.  Newton's step at x_k takes the play best at x_k and solves its
    linear system by forward substitution over LUCK: policy iteration, from
    below (x_0 is the value without the loop), rising to the fixed point,
    exact once the play chosen no longer changes (a few sweeps, not
    thousands).  A play that comes back to the one before last (two within
    ``EPS`` of each other, swapping) also ends it.  A LUCK at which the
    round only comes back (``ONLY_LOOPS``) keeps its value from below: a
    fight that never ends is not won.
    """
    x = values[state]
    plays: list[tuple[int, ...]] = []
    for used in range(1, NEWTON_SWEEPS + 1):
        if cancelled():
            raise Cancelled()
        f, band, play = slope(state)
        if play in plays[-2:]:
            return used  # x is that play's own solution: the fixed point (to EPS when two swap)
        plays.append(play)
        new = x[:]
        for l in range(len(x)):
            rest = f[l] - sum(r[l] * (x[l - s] - new[l - s]) for s, r in enumerate(band) if s and s <= l and r[l])
            b = band[0][l] if band else 0.0
            if 1.0 - b > ONLY_LOOPS:
                new[l] = min(1.0, max(0.0, (rest - b * x[l]) / (1.0 - b)))
        values[state] = x = new
    return NEWTON_SWEEPS


def _level(top: tuple[int, ...], level: int) -> list[tuple[int, ...]]:
    """The states of the box whose scores sum to ``level``."""
    out: list[tuple[int, ...]] = []

    def walk(prefix: tuple[int, ...], i: int, left: int) -> None:
        if i == len(top) - 1:
            if left <= top[i]:
                out.append(prefix + (left,))
            return
        rest = sum(top[i + 1 :])
        for v in range(max(0, left - rest), min(top[i], left) + 1):
            walk(prefix + (v,), i + 1, left - v)

    walk((), 0, level)
    return out


def estimate(fight: Fight, *, use_luck: bool, seed: int, cancelled: Callable[[], bool] | None = None) -> MonteCarloResult:
    """Seeded fights of the law under the stated heuristic (see the module); never more than ``WORK_ROUNDS``."""
    if cancelled is None:
        cancelled = requested
    rng = random.Random(seed)
    use_luck = use_luck and fight.luck_allowed
    laws: dict[tuple[int, ...], tuple[list[float], tuple[Outcome, ...]]] = {}
    wins = fights = spent = 0
    while fights < FIGHTS and spent < WORK_ROUNDS:
        if fights % 64 == 0 and cancelled():
            raise Cancelled()
        won, rounds = _play(fight, rng, use_luck, laws)
        wins += won
        fights += 1
        spent += rounds
    return MonteCarloResult(wins, fights)


def _play(
    fight: Fight, rng: random.Random, use_luck: bool, laws: dict[tuple[int, ...], tuple[list[float], tuple[Outcome, ...]]]
) -> tuple[bool, int]:
    state, luck = fight.slots, fight.luck
    lost = fight.lost
    for rounds in range(1, MAX_ROUNDS + 1):
        law = laws.get(state)
        if law is None:
            outcomes = fight.law(state)[0]  # the law lists its preferred choice first
            cumulative: list[float] = []
            total = 0.0
            for o in outcomes:
                total += o.probability
                cumulative.append(total)
            law = laws[state] = (cumulative, outcomes)
        cumulative, outcomes = law
        draw = rng.random() * cumulative[-1]
        o = outcomes[next(i for i, c in enumerate(cumulative) if draw < c or i == len(cumulative) - 1)]
        for w in o.wounds:
            state, luck = _settle_one(state, luck, w, rng, use_luck, fight.first_counter)
            if state[0] <= 0 or (lost is not None and lost(state)):
                return False, rounds
        if not any(state[2 : fight.first_counter]):
            return True, rounds
    return False, MAX_ROUNDS


def _settle_one(
    state: tuple[int, ...], luck: int, w: Wound, rng: random.Random, use_luck: bool, first_counter: int
) -> tuple[tuple[int, ...], int]:
    slot = _slot(w, first_counter)
    damage = w.damage
    if use_luck and w.lucky is not None and w.unlucky is not None and luck >= 2:
        left = state[slot]
        kills = damage == KILL or left <= damage
        test = (slot == 0 and kills) or (slot >= 2 and not kills and luck >= BLOW_LUCK)
        if test:
            lucky = rng.randint(1, 6) + rng.randint(1, 6) <= luck  # R-LUCK-1
            damage = w.lucky if lucky else w.unlucky
            luck -= 1
    return _hit(state, slot, damage), luck

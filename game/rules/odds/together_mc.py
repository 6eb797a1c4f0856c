"""All-together odds by seeded Monte Carlo, for fights too large to solve exactly (issue 17).

Plays ``fights`` fights side by side with numpy (R-MULTI-1, R-COMBAT-1..3,
R-LUCK-1): each round every living creature rolls 2d6 first, then the hero
(R-COMBAT-1); ties are real rounds here.  The policy is a stated heuristic,
not the optimum, so the estimate is of *that* play, a little below the best
play's odds:

* target: the living creature with the highest danger per round needed to
  kill it (P(it out-rolls the hero) / expected rounds to bring it down, the
  classic weighted-shortest-job rule);
* Luck (best-Luck estimate only, when the book allows it): on a wound to the
  hero that would kill him, whenever a test can succeed (LUCK 2 or more); on
  the hero's blow when a normal blow does not kill, at LUCK 8 or more, or at
  LUCK 7 when a Lucky blow would kill.  Tried against the exact odds
  (10/24/12 against four 8/12: 0.279 against 0.286; against 9/10, 8/10, 7/10,
  6/10: 0.754 against 0.765), testing more or less often did worse.

The dice come from Python's own generator (``random.Random``, Mersenne Twister)
seeded from the fight itself, so the same fight always gives the same estimate
(the rules stay deterministic): its bytes are drawn in bulk into numpy arrays
(``Dice``). numpy's generators are not used: ``numpy.random`` is 27 modules and
6.5 MiB of the app's memory (issue 28) to draw integers.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import numpy as np

from .cancel import Cancelled
from .dice import CombatNumbers, round_law
from .montecarlo import MonteCarloResult, seed_of

__all__ = ["Dice", "estimate", "seed_of"]


class Dice:
    """Integers drawn in bulk for numpy arrays from a seeded ``random.Random`` (exactly uniform)."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def _words(self, count: int, dtype: str) -> np.ndarray:
        size = np.dtype(dtype).itemsize
        return np.frombuffer(self._random.randbytes(size * count), dtype=dtype)  # little-endian: alike on every machine

    def integers(self, low: int, high: int, size: int | tuple[int, ...]) -> np.ndarray:
        """Integers uniform in ``[low, high)``, of shape ``size``: random words of the fewest bytes that hold the span
        (one for a 2d6 roll's 36), each taken modulo the span; the few words at or above the last whole multiple of
        the span are drawn again, so no value is favoured."""
        span = high - low
        if not 0 < span < 1 << 32:  # four bytes hold no wider span: every word would be drawn again, forever
            raise ValueError(f"Dice.integers: high - low must be 1 to 2**32 - 1, got {span}")
        dtype = "u1" if span < 1 << 8 else "<u2" if span < 1 << 16 else "<u4"
        words_of = 1 << (8 * np.dtype(dtype).itemsize)
        limit = words_of - words_of % span
        words = self._words(int(np.prod(size)), dtype)
        again = np.flatnonzero(words >= limit)
        if again.size:
            words = words.copy()
            while again.size:
                words[again] = self._words(again.size, dtype)
                again = again[words[again] >= limit]
        drawn: np.ndarray = (words % np.array(span, dtype=words.dtype)).reshape(size).astype(np.intp)
        return np.add(drawn, low) if low else drawn


#: Fights played per estimate: 95 % half-width at most 1.96 * 0.5 / sqrt(F) = 0.57 %.
FIGHTS = 30_000
#: Fights played side by side, in batches, up to FIGHTS, or fewer when WORK
#: (fights x rounds x creatures, measured on the first half batch) would be
#: exceeded, so that a long fight (a hero who needs a hundred blows) still
#: answers in time, with fewer samples and a wider margin.  About 0.2 s of CPU on the reference machine.
BATCH = 10_000
WORK = 4_000_000
#: Cap on rounds (a fight this long is counted as lost; no board fight comes near it:
#: six creatures of STAMINA 999 need about 3 000 blows).
MAX_ROUNDS = 20_000
#: LUCK from which every blow that does not kill anyway is tested (Lucky 4 beats 2 at
#: P(Lucky) >= 1/3 on average, and each creature killed sooner is one attacker less).
BLOW_LUCK = 8


def estimate(
    hero_skill_eff: int,
    hero_stamina: int,
    hero_luck: int,
    creatures: Sequence[tuple[int, int]],
    numbers: CombatNumbers,
    *,
    use_luck: bool,
    fights: int = FIGHTS,
    work: int = WORK,
    seed: int | None = None,
    cancelled: Callable[[], bool] | None = None,
    sequence: bool = False,
) -> MonteCarloResult:
    """Play up to ``fights`` all-together fights under the heuristic policy; count the wins.

    Fewer when they would cost more than ``work`` fight-rounds x creatures.
    ``sequence``: one after another instead (R-MULTI-1): only the first living
    creature, in the given order, fights.
    """
    if seed is None:
        seed = seed_of(hero_skill_eff, hero_stamina, hero_luck, tuple(creatures), numbers, use_luck, sequence)
    rng = Dice(seed)
    # A first batch measures how long these fights are; the number of fights
    # is then fixed from it (never from the outcomes), within ``work``.  Its
    # own size comes from a rough length (kill them all one by one, or fall
    # under all of them), so that fights of STAMINA 999 stay within the work too.
    first = min(
        BATCH // 2,
        fights,
        max(100, int(work / (2 * _rough_rounds(hero_skill_eff, hero_stamina, creatures, numbers, sequence) * len(creatures)))),
    )
    wins, spent = _batch(rng, first, hero_skill_eff, hero_stamina, hero_luck, creatures, numbers, use_luck, cancelled, sequence)
    total = min(fights, max(first, int(work * first / max(spent, 1))))
    played = first
    while played < total:
        size = min(BATCH, total - played)
        w, _ = _batch(rng, size, hero_skill_eff, hero_stamina, hero_luck, creatures, numbers, use_luck, cancelled, sequence)
        played += size
        wins += w
    return MonteCarloResult(wins, played)


def _rough_rounds(
    hero_skill_eff: int, hero_stamina: int, creatures: Sequence[tuple[int, int]], numbers: CombatNumbers, sequence: bool = False
) -> float:
    """A rough length of one fight in rounds (for sizing only)."""
    c = numbers
    outcomes = 36**c.attack_dice
    kill = death = 0.0
    slowest = 1.0
    for skill, stamina in creatures:
        k, win, lose, _ = round_law(hero_skill_eff - skill, c.double_kills, c.attack_dice)
        kill += -(-stamina // c.hit) * outcomes / max(win + k, 1)
        death += lose / outcomes
        slowest = min(slowest, lose / outcomes)
    if sequence:  # one creature at a time wounds the hero
        death = slowest
    return 1.0 + min(kill, -(-hero_stamina // c.wound) / max(death, 1e-9))


def _rolls(dice: int) -> tuple[np.ndarray, np.ndarray]:
    """Totals and "every die alike" flags of the 6 ** dice equally likely Attack rolls, by index."""
    faces = np.indices((6,) * dice).reshape(dice, -1).T + 1
    return faces.sum(axis=1), (faces == faces[:, :1]).all(axis=1) & (dice > 1)


def _batch(
    rng: Dice,
    fights: int,
    hero_skill_eff: int,
    hero_stamina: int,
    hero_luck: int,
    creatures: Sequence[tuple[int, int]],
    numbers: CombatNumbers,
    use_luck: bool,
    cancelled: Callable[[], bool] | None,
    sequence: bool = False,
) -> tuple[int, int]:
    """(wins, fight-rounds x creatures spent) of ``fights`` fights played side by side."""
    c = numbers
    use_luck = use_luck and c.luck_allowed
    skills = np.array([s for s, _ in creatures], dtype=np.int64)
    k = len(creatures)
    st = np.tile(np.array([m for _, m in creatures], dtype=np.int64), (fights, 1))
    n = np.full(fights, hero_stamina, dtype=np.int64)
    luck = np.full(fights, hero_luck, dtype=np.int64)
    totals, alike = _rolls(c.attack_dice)
    outcomes = len(totals)
    two_d6 = _rolls(2)[0]  # a Test of Luck is always 2d6 (R-LUCK-1)
    # Heuristic weight per creature: P(it wounds the hero) x P(the hero wounds it), per blow needed.
    weight = np.empty(k)
    for i, s in enumerate(skills):
        kill, win, lose, _tie = round_law(hero_skill_eff - int(s), c.double_kills, c.attack_dice)
        weight[i] = lose * max(win + kill, 1) / outcomes**4
    wins = spent = 0
    for _ in range(MAX_ROUNDS):
        if cancelled is not None and cancelled():
            raise Cancelled()
        alive = st > 0
        over = (n <= 0) | ~alive.any(axis=1)
        if over.any():
            wins += int(((n > 0) & over).sum())
            keep = ~over
            st, n, luck, alive = st[keep], n[keep], luck[keep], alive[keep]
        if len(n) == 0:
            break
        f = len(n)
        spent += f * k
        rows = np.arange(f)
        creature_as = totals[rng.integers(0, outcomes, (f, k))] + skills  # creatures first (R-COMBAT-1)
        hero_roll = rng.integers(0, outcomes, f)
        hero_as = totals[hero_roll] + hero_skill_eff
        if sequence:
            target = alive.argmax(axis=1)  # the creature in front (R-MULTI-1)
            alive = alive & (np.arange(k) == target[:, None])  # the others wait their turn
        else:
            score = np.where(alive, weight / np.maximum((st + c.hit - 1) // c.hit, 1), -1.0)
            target = score.argmax(axis=1)
        target_as = creature_as[rows, target]
        killed = alike[hero_roll] if c.double_kills else np.zeros(f, dtype=bool)
        # The target exchange, settled first (R-COMBAT-3).
        blow = ~killed & (hero_as > target_as)
        ts = np.where(killed, 0, st[rows, target])
        if use_luck:
            test = blow & (ts > c.hit) & (((ts <= c.hit_lucky) & (luck >= 7)) | (luck >= BLOW_LUCK))
            lucky = test & (two_d6[rng.integers(0, 36, f)] <= luck)
            damage = np.where(test, np.where(lucky, c.hit_lucky, c.hit_unlucky), c.hit)
            luck = np.where(test, np.maximum(luck - 1, 0), luck)
        else:
            damage = np.full(f, c.hit)
        st[rows, target] = np.where(blow, np.maximum(ts - damage, 0), ts)
        # Then every wound to the hero (R-MULTI-1): from the target when it out-rolls
        # him, and from every other living creature that does.
        hurt = alive & (creature_as > hero_as[:, None])
        hurt[rows, target] &= ~killed
        n, luck = _hero_wounds(rng, n, luck, hurt.sum(axis=1), c, use_luck)
    return wins, spent


def _hero_wounds(
    rng: Dice, n: np.ndarray, luck: np.ndarray, count: np.ndarray, c: CombatNumbers, use_luck: bool
) -> tuple[np.ndarray, np.ndarray]:
    """(STAMINA, LUCK) once each fight's ``count`` wounds to the hero are settled (R-COMBAT-3, R-MULTI-1)."""
    if not use_luck:
        return n - count * c.wound, luck
    two_d6 = _rolls(2)[0]  # a Test of Luck is always 2d6 (R-LUCK-1)
    f = len(n)
    # One by one, each with its own Luck choice (R-COMBAT-3): test a wound that would kill.
    for j in range(int(count.max()) if f else 0):
        now = (count > j) & (n > 0)
        test = now & (n <= c.wound) & (luck >= 2)
        lucky = test & (two_d6[rng.integers(0, 36, f)] <= luck)
        wound = np.where(test, np.where(lucky, c.wound_lucky, c.wound_unlucky), c.wound)
        luck = np.where(test, np.maximum(luck - 1, 0), luck)
        n = np.where(now, n - wound, n)
    return n, luck

"""Several creatures (R-MULTI-1): one after another, and all together.

*One after another*: fights in sequence, the hero's STAMINA and LUCK carry
over.  The best Luck policy looks ahead: the value of beating creature k with
(n, l) left is the value of the fight against creature k + 1 from (n, l), so
the melee tables are chained backwards through ``build_table(reward=...)``.
Exact for any number of creatures.

*All together*: every living creature rolls each round; the hero rolls once
and picks a target.  Against the target the exchange is normal; against each
other creature a lower hero Attack Strength wounds the hero, a higher or equal
one parries.  The wounds of a round are settled one by one, target exchange
first, then the others in list order, each with its own Luck decision
(R-COMBAT-3).  Exact model:

* state: hero STAMINA n, LUCK l and the multiset of living creatures
  (SKILL, STAMINA).  Creatures are sorted, so identical creatures share
  states, and order does not matter: every hero wound has the same numbers,
  so which creature dealt it is irrelevant to the settling.
* H_j(n, l, state): value while j hero wounds wait to be settled after the
  target exchange; H_0 is the value at the start of a round, and
  H_j = max(accept, test Luck) over H_{j-1} at lower STAMINA.
* one round against target t: the joint law of (target hit?, number k of
  hero wounds) is computed exactly from the hero's 11 totals (the creatures'
  rolls are independent given the hero's).  The only outcome that leaves the
  state unchanged is "target tie, every other creature parried", so it is
  conditioned out per target; since the best target in a state does not
  change when the state repeats, V = max_t E[value | not null, target t].

Every transition lowers n + total creature STAMINA, so a memoised recursion
over creature states, with (l, n) swept upwards inside each, is exact.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from .dice import TWO_D6, CombatNumbers, p_2d6_at_most
from .melee import EPS, build_table, decisive_probabilities
from .results import FightOdds, check_score, odds_from_value

__all__ = ["sequence_odds", "together_odds", "together_state_count",
           "TOGETHER_EXACT_LIMIT"]

_DEFAULT = CombatNumbers()

#: together_odds is documented exact for up to this many creatures; more are
#: still computed exactly when the state count stays under ``max_states``.
TOGETHER_EXACT_LIMIT = 3


def _check_common(hero_skill: int, hero_stamina: int, hero_luck: int,
                  creatures: Sequence[tuple[int, int]], attack_modifier: int,
                  numbers: CombatNumbers) -> list[tuple[int, int]]:
    check_score("hero SKILL", hero_skill)
    check_score("hero STAMINA", hero_stamina)
    check_score("hero LUCK", hero_luck)
    check_score("attack modifier", attack_modifier, minimum=-10**6)
    if not isinstance(numbers, CombatNumbers):
        raise ValueError("numbers must be a CombatNumbers")
    out = []
    for i, c in enumerate(creatures):
        try:
            sk, st = c
        except (TypeError, ValueError):
            raise ValueError(f"creature {i} must be a (SKILL, STAMINA) pair, got {c!r}") from None
        out.append((check_score(f"creature {i} SKILL", sk),
                    check_score(f"creature {i} STAMINA", st)))
    return out


# --------------------------------------------------------------------------
# One after another
# --------------------------------------------------------------------------

@lru_cache(maxsize=256)
def _sequence(hero_skill_eff: int, N: int, L: int,
              creatures: tuple[tuple[int, int], ...],
              numbers: CombatNumbers) -> tuple[float, tuple[float, float, float]]:
    # Reward after the last creature: the hero has won, with (n, l) left.
    reward = [[0.0] * ((L + 1) * (N + 1)) for _ in range(3)]
    for l in range(L + 1):
        for n in range(1, N + 1):
            j = l * (N + 1) + n
            reward[0][j], reward[1][j], reward[2][j] = 1.0, float(n), float(l)
    for skill, stamina in reversed(creatures):
        if stamina == 0:
            continue                            # already dead, nobody steps in
        p, p_kill = decisive_probabilities(hero_skill_eff - skill, numbers)
        t = build_table(p, numbers, N, stamina, L, reward, p_kill=p_kill)
        # Value of facing this creature fresh, for every (n, l) the previous
        # fight can leave (R-MULTI-1: STAMINA and LUCK carry over).
        nxt = [[0.0] * ((L + 1) * (N + 1)) for _ in range(3)]
        for l in range(L + 1):
            for n in range(1, N + 1):
                j = l * (N + 1) + n
                nxt[0][j], nxt[1][j], nxt[2][j] = t.value(n, stamina, l)
        reward = nxt
    j = L * (N + 1) + N
    # LUCK 0 throughout is the no-Luck chain (R-LUCK-1).
    return reward[0][N], (reward[0][j], reward[1][j], reward[2][j])


def sequence_odds(hero_skill: int, hero_stamina: int, hero_luck: int,
                  creatures: Sequence[tuple[int, int]], *,
                  attack_modifier: int = 0,
                  numbers: CombatNumbers = _DEFAULT) -> FightOdds:
    """Exact odds of fighting ``creatures`` (SKILL, STAMINA) one after another.

    The hero wins by killing them all; STAMINA and LUCK carry over from one
    fight to the next (R-MULTI-1), and the best Luck policy of each fight
    takes the fights still to come into account.  Creatures at STAMINA 0 are
    skipped; an empty list is a fight already won.
    """
    cs = _check_common(hero_skill, hero_stamina, hero_luck, creatures,
                       attack_modifier, numbers)
    if hero_stamina == 0:
        return odds_from_value(0.0, (0.0, 0.0, 0.0))
    p0, v = _sequence(hero_skill + attack_modifier, hero_stamina, hero_luck,
                      tuple(cs), numbers)
    return odds_from_value(p0, v)


# --------------------------------------------------------------------------
# All together
# --------------------------------------------------------------------------

State = tuple[tuple[int, int], ...]     # sorted (SKILL, STAMINA) of the living


@lru_cache(maxsize=None)
def _outcomes(hero_skill_eff: int, skills: tuple[int, ...], target: int,
              double_kills: bool = False
              ) -> tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...]]:
    """Conditioned law of one all-together round aimed at ``target``.

    Returns (kill[k], hit[k], hw[j]): P(the hero's double kills the target
    outright and k other creatures wound the hero) (all 0 unless
    ``double_kills``), P(the hero wounds the target and k other creatures
    wound the hero), and P(the target does not fall to the hero's blow and j
    creatures, the target included, wound the hero), given that the round is
    not the null outcome (target tie, all others parried).  Exact integer
    counts over 36 ** (creatures + 1), R-COMBAT-1/2, R-MULTI-1.  A double
    kills the target only: against the others the hero's total is compared
    as usual.
    """
    k_all = len(skills)
    kill = [0] * k_all
    hit = [0] * k_all
    tie = [0] * k_all
    wounded = [0] * k_all
    for r, cr in TWO_D6.items():
        H = r + hero_skill_eff
        higher = [sum(c for x, c in TWO_D6.items() if x + s > H) for s in skills]
        # Polynomial in z: ways for the *other* creatures to wound the hero k times.
        poly = [1]
        for i, _s in enumerate(skills):
            if i == target:
                continue
            w, safe = higher[i], 36 - higher[i]
            new = [0] * (len(poly) + 1)
            for k, c in enumerate(poly):
                new[k] += c * safe
                new[k + 1] += c * w
            poly = new
        lt = sum(c for x, c in TWO_D6.items() if x + skills[target] < H)
        ht = higher[target]
        et = 36 - lt - ht
        doubles = 1 if double_kills and r % 2 == 0 else 0   # one double per even total
        for k, c in enumerate(poly):
            if doubles:
                kill[k] += doubles * 36 * c
            rest = cr - doubles
            hit[k] += rest * lt * c
            tie[k] += rest * et * c
            wounded[k] += rest * ht * c
    hw = [0] * (k_all + 1)
    for k in range(k_all):
        hw[k] += tie[k]
        hw[k + 1] += wounded[k]
    total = 36 ** (k_all + 1)
    live = total - hw[0]                 # hw[0] is the null round: conditioned out
    return (tuple(x / live for x in kill), tuple(x / live for x in hit),
            (0.0,) + tuple(x / live for x in hw[1:]))


Arrays = tuple[list[float], list[float], list[float]]


class _TogetherEngine:
    """Memoised exact solver for one hero Attack Strength and (N, L) box."""

    def __init__(self, hero_skill_eff: int, numbers: CombatNumbers, N: int, L: int) -> None:
        self.h = hero_skill_eff
        self.c = numbers
        self.N, self.L = N, L
        self.memo: dict[State, list[Arrays]] = {}
        size = (L + 1) * (N + 1)
        win: Arrays = ([0.0] * size, [0.0] * size, [0.0] * size)
        for l in range(L + 1):
            for n in range(1, N + 1):
                j = l * (N + 1) + n
                win[0][j], win[1][j], win[2][j] = 1.0, float(n), float(l)
        self.win = win

    def memo_size(self) -> int:
        """How many creature states are memoised (a cost figure)."""
        return len(self.memo)

    def _after_hit(self, state: State, t: int, dmg: int) -> State:
        sk, st = state[t]
        rest = state[:t] + state[t + 1:]
        if st > dmg:
            return tuple(sorted(rest + ((sk, st - dmg),)))
        return rest

    def tables(self, state: State) -> list[Arrays]:
        """[H_0, H_1, ..., H_k] arrays for a sorted state (computed once)."""
        got = self.memo.get(state)
        if got is not None:
            return got
        if not state:
            return [self.win]
        c = self.c
        N, L = self.N, self.L
        R = N + 1
        k_alive = len(state)
        skills = tuple(s for s, _ in state)
        # Distinct targets only: identical creatures are the same choice.
        targets = []
        seen = set()
        for t, cr in enumerate(state):
            if cr in seen:
                continue
            seen.add(cr)
            kill_p, hit_p, hw_p = _outcomes(self.h, skills, t, c.double_kills)
            acc = self.tables(self._after_hit(state, t, c.hit))
            lk = self.tables(self._after_hit(state, t, c.hit_lucky))
            un = self.tables(self._after_hit(state, t, c.hit_unlucky))
            dead = self.tables(state[:t] + state[t + 1:]) if c.double_kills else None
            targets.append((kill_p, hit_p, hw_p, acc, lk, un, dead))
        size = (L + 1) * R
        H = [([0.0] * size, [0.0] * size, [0.0] * size) for _ in range(k_alive + 1)]
        wd, wl, wu = c.wound, c.wound_lucky, c.wound_unlucky
        for l in range(L + 1):
            ps = p_2d6_at_most(l)
            pf = 1.0 - ps
            can_test = ps > 0.0 and c.luck_allowed
            b = l * R
            lb = (l - 1) * R if l > 0 else 0
            for n in range(1, N + 1):
                i = b + n
                # H_j: j hero wounds waiting, settled one by one (R-COMBAT-3).
                ia = b + (n - wd if n > wd else 0)
                il = lb + (n - wl if n > wl else 0)
                iu = lb + (n - wu if n > wu else 0)
                for j in range(1, k_alive + 1):
                    Pp, Sp, Kp = H[j - 1]
                    vp, vs, vk = Pp[ia], Sp[ia], Kp[ia]
                    if can_test:
                        tp = ps * Pp[il] + pf * Pp[iu]
                        if tp > vp + EPS:
                            vp = tp
                            vs = ps * Sp[il] + pf * Sp[iu]
                            vk = ps * Kp[il] + pf * Kp[iu]
                    Hj = H[j]
                    Hj[0][i], Hj[1][i], Hj[2][i] = vp, vs, vk
                # V = H_0: best target (R-MULTI-1), null round conditioned out.
                best = None
                il2 = lb + n
                for kill_p, hit_p, hw_p, acc, lk, un, dead in targets:
                    vp = vs = vk = 0.0
                    if dead is not None:
                        # A double kills the target outright: no Luck on it.
                        for k, pk in enumerate(kill_p):
                            if pk:
                                Dp, Ds, Dk = dead[k]
                                vp += pk * Dp[i]
                                vs += pk * Ds[i]
                                vk += pk * Dk[i]
                    for k, pk in enumerate(hit_p):
                        if pk == 0.0:
                            continue
                        # The hero's blow on the target, settled first (R-COMBAT-3).
                        Ap, As, Ak = acc[k]
                        cp, cs, ck = Ap[i], As[i], Ak[i]
                        if can_test:
                            Lp, Ls, Lk = lk[k]
                            Up, Us, Uk = un[k]
                            tp = ps * Lp[il2] + pf * Up[il2]
                            if tp > cp + EPS:
                                cp = tp
                                cs = ps * Ls[il2] + pf * Us[il2]
                                ck = ps * Lk[il2] + pf * Uk[il2]
                        vp += pk * cp
                        vs += pk * cs
                        vk += pk * ck
                    for j in range(1, len(hw_p)):
                        pj = hw_p[j]
                        if pj == 0.0:
                            continue
                        Hj = H[j]
                        vp += pj * Hj[0][i]
                        vs += pj * Hj[1][i]
                        vk += pj * Hj[2][i]
                    if best is None or vp > best[0] + EPS:
                        best = (vp, vs, vk)
                H0 = H[0]
                H0[0][i], H0[1][i], H0[2][i] = best
        self.memo[state] = H
        return H


_ENGINES: dict[tuple[int, CombatNumbers], _TogetherEngine] = {}


def _engine(hero_skill_eff: int, numbers: CombatNumbers, N: int, L: int) -> _TogetherEngine:
    key = (hero_skill_eff, numbers)
    e = _ENGINES.get(key)
    if e is None or e.N < N or e.L < L:
        if e is not None:
            N, L = max(N, e.N), max(L, e.L)
        e = _TogetherEngine(hero_skill_eff, numbers, N, L)
        _ENGINES[key] = e
    return e


def clear_cache() -> None:
    """Forget the all-together memo (for cold-start benchmarks)."""
    _ENGINES.clear()
    _outcomes.cache_clear()


def together_state_count(creatures: Sequence[tuple[int, int]]) -> int:
    """Upper bound on the creature states the exact solver visits.

    The work is about this times (hero STAMINA) x (LUCK + 1) x targets.
    """
    count = 1
    for _sk, st in creatures:
        count *= st + 1
    return count


def together_odds(hero_skill: int, hero_stamina: int, hero_luck: int,
                  creatures: Sequence[tuple[int, int]], *,
                  attack_modifier: int = 0,
                  numbers: CombatNumbers = _DEFAULT,
                  max_states: int = 200_000) -> FightOdds:
    """Exact odds of fighting ``creatures`` (SKILL, STAMINA) all together.

    The hero picks the best target every round (R-MULTI-1) and the best Luck
    decision for each wound of the round in turn (R-COMBAT-3).  Exact for any
    number of creatures; up to three (TOGETHER_EXACT_LIMIT) it is the
    documented, benchmarked case.  Beyond that, or for very large STAMINAs,
    the cost grows as the product of (STAMINA + 1); if that product exceeds
    ``max_states`` a ValueError is raised rather than freezing the sheet.
    Creatures at STAMINA 0 are ignored.
    """
    cs = _check_common(hero_skill, hero_stamina, hero_luck, creatures,
                       attack_modifier, numbers)
    check_score("max_states", max_states, minimum=1)
    living = tuple(sorted(c for c in cs if c[1] > 0))
    if hero_stamina == 0:
        return odds_from_value(0.0, (0.0, 0.0, 0.0))
    if not living:
        return odds_from_value(1.0, (1.0, float(hero_stamina), float(hero_luck)))
    if together_state_count(living) > max_states:
        raise ValueError(
            f"{len(living)} creatures with STAMINA {[s for _, s in living]} are too many "
            f"for the exact all-together odds (over {max_states} creature states)")
    e = _engine(hero_skill + attack_modifier, numbers, hero_stamina, hero_luck)
    H0 = e.tables(living)[0]
    R = e.N + 1
    j = hero_luck * R + hero_stamina
    return odds_from_value(H0[0][hero_stamina], (H0[0][j], H0[1][j], H0[2][j]))

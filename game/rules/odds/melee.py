"""One hero against one creature: exact odds by backward induction.

Model (R-COMBAT-1..4, R-LUCK-1): rounds are fought until one STAMINA reaches
0.  Ties are conditioned out, so each decisive round is won by the hero with
probability ``p = P(hero wounds | not a tie)``.  After a decisive round the
wound is *pending*: the player chooses to Test Luck or to accept it
(R-COMBAT-3), then it is applied.  The player's policy maximises P(win) by
backward induction over (hero STAMINA n, creature STAMINA m, LUCK l) and the
pending outcome, as in I. G. Johnston, "Optimal strategies in the Fighting
Fantasy gaming system", arXiv:2002.10172.

Every transition lowers n + m, so one bottom-up sweep in (l, n, m) order
fills the whole table.  Each entry holds three numbers under the best policy:
P(win), E[hero STAMINA at the end; 0 if the hero loses] and E[LUCK at the end;
0 if the hero loses]; dividing the last two by P(win) gives the expectations
conditional on winning.

The value at the end of the fight need not be 1: a ``reward`` table lets the
one-after-another model (R-MULTI-1) chain fights, the value of beating a
creature with (n, l) left being the value of the next fight.
"""

from __future__ import annotations

from .dice import CombatNumbers, p_2d6_at_most, round_counts, round_law

TYPE_CHECKING = False  # what only the type checker reads is not imported (issue 28: the cold command)
if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "EPS",
    "MeleeTable",
    "build_table",
    "cached_table",
    "decisive_probabilities",
    "luck_levels",
    "p_win_closed_form",
    "table_cells",
]

#: Luck is tested only when it raises P(win) by more than this: a test that
#: changes nothing (up to float rounding) keeps the LUCK point.
EPS = 1e-12

#: Triple (P(win), E[STAMINA * win], E[LUCK * win]).
Value = tuple[float, float, float]


#: What one cell of a table costs (P, S and K as Python floats in lists), measured on the
#: reference machine at 280-360 ns and 92-96 bytes (tools/bench_odds.py prints the plan beside the
#: measure); the plan takes the high side.
SECONDS_PER_CELL = 0.4e-6
BYTES_PER_CELL = 100


def luck_levels(N: int, M: int, L: int, numbers: CombatNumbers) -> int:
    """The LUCK levels a table needs for a fight from (N, M, L): L, or fewer when the rest are the same.

    LUCK 12 and more always succeed (2d6 <= 12, R-LUCK-1).  When every blow and
    wound, Lucky or not, costs at least 1, a fight from (n, m) has at most
    n + m - 1 decisive rounds, so at most that many tests: from LUCK
    11 + (n + m - 1) up every test that can ever be made succeeds, and the
    values no longer depend on LUCK (E[LUCK] shifts by the extra points).
    Without Luck in the fight (``luck_allowed`` False) LUCK changes nothing.
    """
    c = numbers
    if not c.luck_allowed:
        return 0
    if min(c.hit_lucky, c.hit_unlucky, c.wound_lucky, c.wound_unlucky) < 1:
        return L  # a test that costs nothing in STAMINA: tests are bounded by LUCK only
    return min(L, N + M + 10)


def table_cells(N: int, M: int, L: int, numbers: CombatNumbers) -> int:
    """Cells of the table that rates a fight from (N, M, L), known before anything is built."""
    return (N + 1) * (M + 1) * (luck_levels(N, M, L, numbers) + 1)


class MeleeTable:
    """Best-policy values for every (n <= N, m <= M, l <= L) of one matchup.

    Flat lists indexed by ``(l * (N + 1) + n) * (M + 1) + m``.  Row n = 0
    (hero dead) holds zeros; column m = 0 (creature dead, n >= 1) holds the
    reward.  A *saturated* table (``luck_levels``: L covers every test a fight
    inside it can make) answers for any LUCK above L too.
    """

    __slots__ = ("p", "numbers", "N", "M", "L", "P", "S", "K", "_plane", "_width", "saturated")

    def __init__(
        self,
        p: float,
        numbers: CombatNumbers,
        N: int,
        M: int,
        L: int,
        P: list[float],
        S: list[float],
        K: list[float],
        saturated: bool = False,
    ) -> None:
        self.p = p
        self.numbers = numbers
        self.N, self.M, self.L = N, M, L
        self.P, self.S, self.K = P, S, K
        self._width = M + 1
        self._plane = (N + 1) * (M + 1)
        self.saturated = saturated

    def covers(self, n: int, m: int, l: int) -> bool:
        """True when (n, m, l) lies inside the table (any LUCK in a saturated one)."""
        return n <= self.N and m <= self.M and (l <= self.L or self.saturated)

    @property
    def cells(self) -> int:
        """Values held (each has P, S and K)."""
        return len(self.P)

    def index(self, n: int, m: int, l: int) -> int:
        """Flat index of a state; STAMINA below 0 counts as 0 (R-CAP-2)."""
        n = n if n > 0 else 0
        m = m if m > 0 else 0
        l = l if l > 0 else 0
        return l * self._plane + n * self._width + m

    def value(self, n: int, m: int, l: int) -> Value:
        """(P(win), E[STAMINA*win], E[LUCK*win]) at the start of a round."""
        if l > self.L:
            # Saturated: the same play as at L, every extra point of LUCK kept to the end.
            p, s, k = self.value(n, m, self.L)
            return p, s, k + (l - self.L) * p
        i = self.index(n, m, l)
        return self.P[i], self.S[i], self.K[i]

    def p_win(self, n: int, m: int, l: int) -> float:
        """P(win) at the start of a round, best Luck policy."""
        return self.P[self.index(n, m, l if l <= self.L else self.L)]

    def pending(self, n: int, m: int, l: int, to: str) -> tuple[Value, Value]:
        """(test Luck now, accept) for a wound pending against ``to``.

        ``to`` is "creature" (the hero's blow, R-COMBAT-3 first case) or
        "hero" (the creature's blow, second case).  Staminas are before the
        pending damage.  At LUCK 0 or 1 the test is always Unlucky (R-LUCK-1)
        and LUCK stays at 0 at worst (R-CAP-2).
        """
        c = self.numbers
        ps = p_2d6_at_most(l)
        lm = l - 1 if l > 0 else 0
        if to == "creature":
            a = self.value(n, m - c.hit, l)
            lucky = self.value(n, m - c.hit_lucky, lm)
            unlucky = self.value(n, m - c.hit_unlucky, lm)
        elif to == "hero":
            a = self.value(n - c.wound, m, l)
            lucky = self.value(n - c.wound_lucky, m, lm)
            unlucky = self.value(n - c.wound_unlucky, m, lm)
        else:
            raise ValueError(f"pending must be 'hero' or 'creature', got {to!r}")
        pf = 1.0 - ps
        t = (ps * lucky[0] + pf * unlucky[0], ps * lucky[1] + pf * unlucky[1], ps * lucky[2] + pf * unlucky[2])
        return t, a


def build_table(
    p: float, numbers: CombatNumbers, N: int, M: int, L: int, reward: Sequence[Sequence[float]] | None = None, p_kill: float = 0.0
) -> MeleeTable:
    """Fill the best-policy table by backward induction (R-COMBAT-1..4).

    ``p`` is P(hero wounds | decisive round), ``p_kill`` P(the hero's double
    kills outright | decisive round) when the book has that rule
    (``numbers.double_kills``); the creature wounds with 1 - p - p_kill.
    ``reward``, if given, is three flat lists (P, E[STAMINA], E[LUCK])
    indexed ``l * (N + 1) + n``: the value of killing the creature with n
    STAMINA and l LUCK left.  By default it is (1, n, l): winning the fight.
    """
    q = 1.0 - p - p_kill if p_kill else 1.0 - p
    W = M + 1
    plane = (N + 1) * W
    P, S, K = _dead_column(N, M, L, reward)
    hit, hit_l, hit_u = numbers.hit, numbers.hit_lucky, numbers.hit_unlucky
    wd, wd_l, wd_u = numbers.wound, numbers.wound_lucky, numbers.wound_unlucky
    for l in range(L + 1):
        ps = p_2d6_at_most(l)
        pf = 1.0 - ps
        # R-LUCK-1: at LUCK 0 or 1 the test always fails, which can only hurt
        # (one less point of damage dealt, one more taken): never test.  Some
        # books forbid Luck in a fight altogether (numbers.luck_allowed).
        can_test = ps > 0.0 and numbers.luck_allowed
        base = l * plane
        lbase = (l - 1) * plane if l > 0 else 0
        for n in range(1, N + 1):
            row = base + n * W
            lrow = lbase + n * W
            # Rows reached when the hero's pending wound is settled (R-COMBAT-3);
            # n <= 0 lands on the all-zero row n = 0 (death, R-DEATH-1).
            ra = base + (n - wd if n > wd else 0) * W
            rl = lbase + (n - wd_l if n > wd_l else 0) * W
            ru = lbase + (n - wd_u if n > wd_u else 0) * W
            for m in range(1, M + 1):
                # Pending: the hero wounded the creature (R-COMBAT-3, first case).
                a = row + (m - hit if m > hit else 0)
                cp = P[a]
                cs = S[a]
                ck = K[a]
                if can_test:
                    t1 = lrow + (m - hit_l if m > hit_l else 0)
                    t2 = lrow + (m - hit_u if m > hit_u else 0)
                    tp = ps * P[t1] + pf * P[t2]
                    if tp > cp + EPS:
                        cp = tp
                        cs = ps * S[t1] + pf * S[t2]
                        ck = ps * K[t1] + pf * K[t2]
                # Pending: the creature wounded the hero (R-COMBAT-3, second case).
                # Luck may be tested even against a fatal wound.
                a = ra + m
                hp = P[a]
                hs = S[a]
                hk = K[a]
                if can_test:
                    t1 = rl + m
                    t2 = ru + m
                    tp = ps * P[t1] + pf * P[t2]
                    if tp > hp + EPS:
                        hp = tp
                        hs = ps * S[t1] + pf * S[t2]
                        hk = ps * K[t1] + pf * K[t2]
                i = row + m
                P[i] = p * cp + q * hp
                S[i] = p * cs + q * hs
                K[i] = p * ck + q * hk
                if p_kill:
                    # The hero's double kills outright (numbers.double_kills).
                    P[i] += p_kill * P[row]
                    S[i] += p_kill * S[row]
                    K[i] += p_kill * K[row]
    return MeleeTable(p, numbers, N, M, L, P, S, K, saturated=reward is None and luck_levels(N, M, L + 1, numbers) <= L)


def _dead_column(
    N: int, M: int, L: int, reward: Sequence[Sequence[float]] | None
) -> tuple[list[float], list[float], list[float]]:
    """The three tables (P, E[STAMINA], E[LUCK]) with only column m = 0 filled: the creature is dead
    (R-COMBAT-4), the hero collects the reward (by default: won, with n STAMINA and l LUCK left)."""
    W = M + 1
    plane = (N + 1) * W
    size = (L + 1) * plane
    P = [0.0] * size
    S = [0.0] * size
    K = [0.0] * size
    for l in range(L + 1):
        for n in range(1, N + 1):
            i = l * plane + n * W
            if reward is None:
                P[i], S[i], K[i] = 1.0, float(n), float(l)
            else:
                j = l * (N + 1) + n
                P[i], S[i], K[i] = reward[0][j], reward[1][j], reward[2][j]
    return P, S, K


_DEFAULT = CombatNumbers()

#: Cells of plain tables kept between calls (about 30 MiB); the newest is kept even when larger.
KEEP_CELLS = 300_000

# Cache of plain (reward = win) tables, one per matchup, grown on demand, least recently used first.
_TABLES: dict[tuple[int, CombatNumbers], MeleeTable] = {}


def cached_table(skill_difference: int, numbers: CombatNumbers, N: int, M: int, L: int) -> MeleeTable:
    """The cached table for a matchup, rebuilt larger when (N, M, L) exceed it.

    Only the tie-free round probability depends on the SKILLs, so the key is
    the Attack Strength difference (hero SKILL + modifier - creature SKILL).
    The caller checks the size first (``table_cells``): this builds what it is asked.
    """
    key = (skill_difference, numbers)
    t = _TABLES.pop(key, None)
    if t is None or not t.covers(N, M, L):
        if t is not None:
            N, M, L = max(N, t.N), max(M, t.M), max(L, t.L)
        p, p_kill = decisive_probabilities(skill_difference, numbers)
        t = build_table(p, numbers, N, M, luck_levels(N, M, L, numbers), p_kill=p_kill)
    _TABLES[key] = t  # most recently used last
    kept = sum(x.cells for x in _TABLES.values())
    for old in list(_TABLES):
        if kept <= KEEP_CELLS or old == key:
            break
        kept -= _TABLES.pop(old).cells
    return t


def decisive_probabilities(skill_difference: int, numbers: CombatNumbers) -> tuple[float, float]:
    """(P(hero wounds), P(hero kills outright)) given a decisive round (ties conditioned out).

    The second is 0 unless the book's double kills (``numbers.double_kills``).
    """
    kill, win, lose, _ = round_law(skill_difference, numbers.double_kills, numbers.attack_dice)
    if not kill:
        return win / (win + lose), 0.0
    live = kill + win + lose
    return win / live, kill / live


def clear_cache() -> None:
    """Forget every cached table (for cold-start benchmarks)."""
    _TABLES.clear()


def p_win_closed_form(
    skill_difference: int, hero_stamina: int, creature_stamina: int, numbers: CombatNumbers = _DEFAULT
) -> float:
    """P(win) never testing Luck, as a negative binomial sum.

    The hero needs a = ceil(m / hit) decisive rounds won before
    b = ceil(n / wound) are lost: P = sum_{j<b} C(a-1+j, j) p^a q^j.
    Used to cross-check the dynamic programme (R-COMBAT-1..4); a double that
    kills (``numbers.double_kills``) is a third outcome it does not cover.
    """
    from math import comb  # a cross-check only: the one-fight command does not load math for it

    if numbers.double_kills:
        raise ValueError("the closed form has no killing double: use fight_odds")
    if creature_stamina <= 0:
        return 1.0
    if hero_stamina <= 0:
        return 0.0
    win, lose, _ = round_counts(skill_difference, numbers.attack_dice)
    p = win / (win + lose)
    q = 1.0 - p
    a = -(-creature_stamina // numbers.hit)
    b = -(-hero_stamina // numbers.wound)
    return sum(comb(a - 1 + j, j) * p**a * q**j for j in range(b))

"""Result types and input checks shared by the odds functions."""

from __future__ import annotations

from .record import Record

__all__ = ["MAX_SCORE", "Budget", "FightOdds", "LuckAdvice", "check_score", "odds_from_value"]


class Budget(Record):
    """Limits of an exact solver: estimated CPU seconds and bytes it may use.

    The board's goal is 2 s and 200 MiB for any fight (issues 17, 23); the
    defaults leave room for the estimate's error and for the app itself.
    """

    __slots__ = ("seconds", "bytes")
    seconds: float
    bytes: int

    def __init__(self, seconds: float = 1.2, bytes: int = 120 << 20) -> None:
        self._set(seconds, bytes)


class FightOdds(Record):
    """Odds of one fight (or one chain of fights) from the current state.

    ``p_win_no_luck``: P(win) if Luck is never tested.
    ``p_win_best_luck``: P(win) testing Luck exactly when it raises P(win)
    (R-COMBAT-3, R-BOW-3).  ``p_death`` is 1 - ``p_win_best_luck``: a fight
    always ends (R-COMBAT-4).  The two expectations are under the best-Luck
    policy, conditional on winning (0.0 when P(win) is 0; None where the
    model does not compute them: the all-together odds give P(win) only).

    ``exact`` is True for an exact answer.  False means a seeded Monte Carlo
    estimate (a fight too large to solve within the time and memory budget)
    of a stated play (docs/ODDS.md), from ``samples`` simulated fights: that
    play's odds are within ``margin`` of the value with 95 % confidence, and
    the best play can only do better, so the truth is *at least* the value
    minus ``margin`` (the board shows "≥ 41 %").  ``no_luck_exact`` says
    whether P(win) never testing Luck is exact all the same (a one-to-one
    fight has a closed form for it).
    """

    __slots__ = (
        "p_win_no_luck",
        "p_win_best_luck",
        "p_death",
        "expected_stamina_after_win",
        "expected_luck_after_win",
        "exact",
        "margin",
        "samples",
        "no_luck_exact",
    )
    p_win_no_luck: float
    p_win_best_luck: float
    p_death: float
    expected_stamina_after_win: float | None
    expected_luck_after_win: float | None
    exact: bool
    margin: float
    samples: int
    no_luck_exact: bool

    def __init__(
        self,
        p_win_no_luck: float,
        p_win_best_luck: float,
        p_death: float,
        expected_stamina_after_win: float | None,
        expected_luck_after_win: float | None,
        exact: bool = True,
        margin: float = 0.0,
        samples: int = 0,
        no_luck_exact: bool = True,
    ) -> None:
        self._set(
            p_win_no_luck,
            p_win_best_luck,
            p_death,
            expected_stamina_after_win,
            expected_luck_after_win,
            exact,
            margin,
            samples,
            no_luck_exact,
        )

    @property
    def at_least(self) -> tuple[float, float]:
        """Lower bounds of (P(win) never testing Luck, P(win) best Luck): the values when exact."""
        low = max(0.0, self.p_win_best_luck - self.margin) if not self.exact else self.p_win_best_luck
        never = self.p_win_no_luck if self.no_luck_exact else max(0.0, self.p_win_no_luck - self.margin)
        return never, max(low, never)


class LuckAdvice(Record):
    """P(win) for a pending decision, each way, with best play afterwards.

    ``test_luck``: the hero Tests Luck now (R-COMBAT-3 / R-BOW-3).
    ``accept``: the wound (or the miss) is accepted as it is.
    ``exact`` False: both are estimates (a fight beyond the exact budget).
    """

    __slots__ = ("test_luck", "accept", "exact")
    test_luck: float
    accept: float
    exact: bool

    def __init__(self, test_luck: float, accept: float, exact: bool = True) -> None:
        self._set(test_luck, accept, exact)

    @property
    def should_test(self) -> bool:
        """True when testing Luck gives the strictly better chance."""
        return self.test_luck > self.accept + 1e-12


#: The largest score the odds rate: the sheet's bound on a score (game.rules.ff.actions.Score), which
#: every fight the app can hold stays within; docs/LIMITS.md.  Anything within it answers within the
#: budget (exactly, or estimated and said so).
MAX_SCORE = 999


def check_score(name: str, value: object, *, minimum: int = 0, maximum: int = MAX_SCORE) -> int:
    """Validate one integer input; raise ValueError with a readable message."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an integer, got {value!r}")
    if value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    if value > maximum:
        raise ValueError(f"{name} must be <= {maximum}, got {value}")
    return value


def odds_from_value(p_no_luck: float, value: tuple[float, float, float]) -> FightOdds:
    """Turn a (P(win), E[STAMINA*win], E[LUCK*win]) triple into FightOdds."""
    p, es, el = value
    # Clamp tiny float excursions so callers may rely on 0 <= p <= 1.
    p = min(1.0, max(0.0, p))
    p_no_luck = min(1.0, max(0.0, p_no_luck))
    if p > 0.0:
        s, k = es / p, el / p
    else:
        s = k = 0.0
    return FightOdds(
        p_win_no_luck=p_no_luck, p_win_best_luck=p, p_death=1.0 - p, expected_stamina_after_win=s, expected_luck_after_win=k
    )

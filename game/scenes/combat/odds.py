"""Fight odds off the frame: one worker thread computes P(win) and the Luck advice.

All-together odds can take up to about a second cold (docs/ODDS.md), far
longer than a frame, so the combat board asks this worker and shows "calcul…"
until the answer is there. The worker takes the newest request only (older
ones are dropped, and the one in hand is cancelled: the odds module polls
``cancel.requested()``), keeps answers per state object, and posts ``ODDS_READY`` so a
sleeping main loop wakes up and redraws. States are never changed after the
rules made them (the session copies before each action), so reading one from
another thread is safe; the odds functions are pure, called from this one thread.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from typing import Any, NotRequired, Protocol, TypedDict, cast

import pygame

from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.errors import Refused
from game.rules.ff.state import SheetState
from game.rules.odds.cancel import Cancelled, cancellable

ODDS_READY = pygame.event.custom_type()
KEEP = 32  # answers remembered (undo shows an earlier state's odds at once)
LOG = logging.getLogger("feuille.odds")
RANGE = "combat.odds_error_range"  # a score beyond what the odds rate


def failure(error: BaseException) -> str:
    """The catalogue key that says why the odds are unavailable; the traceback goes to the log."""
    LOG.error("the fight odds failed", exc_info=error)
    return "combat.odds_error_memory" if isinstance(error, MemoryError) else "combat.odds_error_internal"


class LowerBounds(TypedDict):
    """Where a chance is estimated, the lower bound the board may show ("≥ 41 %"); None where it is exact."""

    no_luck: float | None
    best_luck: float | None


class FightOdds(TypedDict):
    """The rules' ``odds`` (game.rules.ff.odds_view.odds): P(win) without Luck and with the best Luck policy."""

    no_luck: float
    best_luck: float
    counts: str  # what the figure counts: "hero", "hero_and_ally", "ally_then_hero", "ally_alone" (R-ALLY-1)
    leaves_out: list[str]  # catalogue keys of the rules in force the figure does not follow
    exact: bool  # False: a Monte Carlo estimate, ``margin`` its 95 % half-width
    margin: float
    at_least: LowerBounds


class LuckAdvice(TypedDict):
    """The rules' ``advice`` (game.rules.ff.odds_view.advice) while a wound or a missed arrow waits."""

    test_luck: float
    accept: float
    p_lucky: float
    exact: bool


class OddsAnswer(TypedDict):
    """The worker's answer for one state (None where the rules refused: no fight to rate, nothing pending).

    ``error``: the catalogue key of the reason the odds are unavailable (out of memory, scores beyond what the
    odds rate, a defect: the traceback is in the log); absent when nothing failed.
    """

    odds: FightOdds | None
    advice: LuckAdvice | None
    error: NotRequired[str]


class DerivedValues(Protocol):
    """The ruleset's values computed on demand (game.rules.ff.ruleset.FightingFantasyRules.derived), handed as
    JSON-shaped dicts: the worker types them once, in ``compute``."""

    def derived(self, book: FightingFantasyBook, state: SheetState, root: str) -> dict[str, Any]: ...  # Any: JSON-shaped


class OddsWorker:
    """Computes ``{"odds": …, "advice": …}`` for fight states on a background thread."""

    def __init__(self, rules: DerivedValues, book: FightingFantasyBook, *, post_events: bool = True) -> None:
        self.rules = rules
        self.book = book
        self.post_events = post_events
        self._lock = threading.Condition()
        self._results: OrderedDict[int, tuple[SheetState, OddsAnswer]] = OrderedDict()
        self._job: SheetState | None = None
        self._busy: SheetState | None = None
        self._stopped = False
        self._thread: threading.Thread | None = None

    # -- main thread ------------------------------------------------------------------
    def request(self, state: SheetState) -> None:
        """Ask for ``state``'s odds (no-op when known or already asked)."""
        with self._lock:
            if self._stopped or id(state) in self._results and self._results[id(state)][0] is state:
                return
            if self._job is state or self._busy is state:
                return
            self._job = state
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="combat-odds", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def result(self, state: SheetState) -> OddsAnswer | None:
        """The answer for ``state``, or None while it is being computed."""
        with self._lock:
            found = self._results.get(id(state))
            return found[1] if found is not None and found[0] is state else None

    def busy(self) -> bool:
        with self._lock:
            return self._job is not None or self._busy is not None

    def wait(self, timeout: float = 10.0) -> bool:
        """Block until every request is answered (tests, screenshots, the frame bench)."""
        with self._lock:
            return self._lock.wait_for(lambda: self._job is None and self._busy is None, timeout)

    def close(self) -> None:
        """Stop the worker (the job in hand is cancelled at its next check, then it exits)."""
        with self._lock:
            self._stopped = True
            self._job = None
            self._lock.notify_all()

    # -- worker thread -----------------------------------------------------------------
    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._job is not None or self._stopped)
                if self._stopped:
                    self._busy = None
                    self._lock.notify_all()
                    return
                state, self._job = self._job, None
                assert state is not None  # woken for a job
                self._busy = state
            try:
                # A newer request (the fight moved on) or close() cancels the job in hand.
                with cancellable(self._superseded):
                    answer = self.compute(state)
            except Cancelled:
                with self._lock:
                    self._busy = None
                    self._lock.notify_all()
                continue
            except Exception as error:  # noqa: BLE001 - the worker never dies silently (issue 23): it answers why
                answer = OddsAnswer(odds=None, advice=None, error=failure(error))
            with self._lock:
                self._results[id(state)] = (state, answer)
                while len(self._results) > KEEP:
                    self._results.popitem(last=False)
                self._busy = None
                self._lock.notify_all()
            self._wake()

    def _superseded(self) -> bool:
        # Read without the lock: a stale answer only delays the cancel to the next check.
        return self._job is not None or self._stopped

    def compute(self, state: SheetState) -> OddsAnswer:
        """The odds and (while a decision waits) the advice of ``state``; None where refused.

        A computation that fails (out of memory, a defect) leaves ``"error"``: the
        catalogue key of the reason the board shows ("odds unavailable: …"); the
        traceback goes to the log.
        """
        answer = OddsAnswer(odds=None, advice=None)
        answer["odds"] = cast("FightOdds | None", self._derived(state, "odds", answer))
        answer["advice"] = cast("LuckAdvice | None", self._derived(state, "advice", answer))
        return answer

    def _derived(self, state: SheetState, root: str, answer: OddsAnswer) -> dict[str, Any] | None:  # Any: the rules' JSON
        """The rules' ``root`` value of ``state`` as they give it (``compute`` types it); why it could not be
        computed goes to ``answer["error"]``."""
        try:
            return self.rules.derived(self.book, state, root)
        except Refused:
            return None
        except ValueError as refused:  # a score beyond what the odds rate (0-999), a fight they cannot rate
            if root == "odds":
                answer["error"] = getattr(refused, "key", RANGE)
            return None
        except Cancelled:
            raise
        except Exception as error:  # noqa: BLE001 - reported, never fatal to the worker (issue 23)
            answer["error"] = failure(error)
            return None

    def _wake(self) -> None:
        if not self.post_events:
            return
        try:
            if pygame.display.get_init():
                pygame.event.post(pygame.event.Event(ODDS_READY))
        except pygame.error:  # pragma: no cover - pygame shutting down
            pass

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
from typing import Any

import pygame

from game.rules.errors import Refused
from game.rules.odds.cancel import Cancelled, cancellable

ODDS_READY = pygame.event.custom_type()
KEEP = 32  # answers remembered (undo shows an earlier state's odds at once)
LOG = logging.getLogger("feuille.odds")


def failure(error: BaseException) -> str:
    """The catalogue key that says why the odds are unavailable; the traceback goes to the log."""
    LOG.error("the fight odds failed", exc_info=error)
    return "combat.odds_error_memory" if isinstance(error, MemoryError) else "combat.odds_error_internal"


class OddsWorker:
    """Computes ``{"odds": …, "advice": …}`` for fight states on a background thread."""

    def __init__(self, rules: Any, book: Any, *, post_events: bool = True) -> None:
        self.rules = rules
        self.book = book
        self.post_events = post_events
        self._lock = threading.Condition()
        self._results: OrderedDict[int, tuple[Any, dict[str, Any]]] = OrderedDict()
        self._job: Any = None
        self._busy: Any = None
        self._stopped = False
        self._thread: threading.Thread | None = None

    # -- main thread ------------------------------------------------------------------
    def request(self, state: Any) -> None:
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

    def result(self, state: Any) -> dict[str, Any] | None:
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
                answer = {"odds": None, "advice": None, "error": failure(error)}
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

    def compute(self, state: Any) -> dict[str, Any]:
        """The odds and (while a decision waits) the advice of ``state``; None where refused.

        A computation that fails (out of memory, a defect) leaves ``"error"``: the
        catalogue key of the reason the board shows ("odds unavailable: …"); the
        traceback goes to the log.
        """
        answer: dict[str, Any] = {"odds": None, "advice": None}
        for root in ("odds", "advice"):
            try:
                answer[root] = self.rules.derived(self.book, state, root)
            except Refused:
                answer[root] = None
            except ValueError as refused:  # a score beyond what the odds rate (0-999), a fight they cannot rate
                answer[root] = None
                if root == "odds":
                    answer["error"] = getattr(refused, "key", "combat.odds_error_range")
            except Cancelled:
                raise
            except Exception as error:  # noqa: BLE001 - reported, never fatal to the worker (issue 23)
                answer[root] = None
                answer["error"] = failure(error)
        return answer

    def _wake(self) -> None:
        if not self.post_events:
            return
        try:
            if pygame.display.get_init():
                pygame.event.post(pygame.event.Event(ODDS_READY))
        except pygame.error:  # pragma: no cover - pygame shutting down
            pass

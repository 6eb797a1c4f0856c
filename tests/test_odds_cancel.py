"""Odds that never freeze the board: a computation the fight has moved past is cancelled (issue 17)."""

from __future__ import annotations

import os
import threading

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from game.rules.odds import clear_caches, together_odds
from game.rules.odds.cancel import Cancelled, cancellable, requested
from game.rules.odds.together_plan import Budget
from game.scenes.combat.odds import OddsWorker


def test_a_cancelled_exact_sweep_stops():
    clear_caches()
    with cancellable(lambda: True), pytest.raises(Cancelled):
        together_odds(10, 20, 9, [(8, 10), (7, 10)])


def test_a_cancelled_estimate_stops():
    with cancellable(lambda: True), pytest.raises(Cancelled):
        together_odds(10, 20, 9, [(8, 30)] * 6, budget=Budget(seconds=0.0))


def test_a_cancel_request_belongs_to_its_thread():
    seen = []
    with cancellable(lambda: True):
        t = threading.Thread(target=lambda: seen.append(requested()))
        t.start()
        t.join()
        assert requested()
    assert seen == [False]
    assert not requested()


class _Rules:
    """Rules whose "slow" state computes until its caller cancels it."""

    def __init__(self) -> None:
        self.started = threading.Event()

    def derived(self, book, state, root):
        if state == "slow":
            self.started.set()
            while not requested():
                threading.Event().wait(0.005)
            raise Cancelled()
        return {"state": state, "root": root}


def test_the_worker_drops_the_fight_it_has_moved_past():
    rules = _Rules()
    worker = OddsWorker(rules, book=None, post_events=False)
    slow, fast = "slow", "fast"
    worker.request(slow)
    assert rules.started.wait(5.0)
    worker.request(fast)  # the fight moved on
    assert worker.wait(5.0)
    assert worker.result(fast) == {"odds": {"state": "fast", "root": "odds"}, "advice": {"state": "fast", "root": "advice"}}
    assert worker.result(slow) is None
    worker.close()


class _FailingRules:
    """Rules whose odds fail the way a fight too large once did (issue 23), or by a defect."""

    def derived(self, book, state, root):
        if state == "huge":
            raise MemoryError()
        if state == "broken":
            raise KeyError("a defect")
        if state == "beyond":
            raise ValueError("hero STAMINA must be <= 999, got 5000")
        return {"state": state, "root": root}


@pytest.mark.parametrize(
    "state, reason",
    [("huge", "combat.odds_error_memory"), ("broken", "combat.odds_error_internal"), ("beyond", "combat.odds_error_range")],
)
def test_the_worker_never_dies_silently_it_says_why_the_odds_are_unavailable(state, reason, caplog):
    worker = OddsWorker(_FailingRules(), book=None, post_events=False)
    worker.request(state)
    assert worker.wait(5.0)
    assert worker.result(state)["odds"] is None and worker.result(state)["error"] == reason
    # The worker is still alive: the next fight's odds come.
    worker.request("next")
    assert worker.wait(5.0)
    assert worker.result("next")["odds"] == {"state": "next", "root": "odds"}
    worker.close()
    if state != "beyond":
        assert any("the fight odds failed" in r.getMessage() for r in caplog.records)

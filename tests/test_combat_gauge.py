"""The board's odds gauge says what its figure is (issues 23, 28, 30): who it counts, a lower bound, why none.

Rule ids refer to /work/shared/RULES.md.
"""

from __future__ import annotations

import pygame
import pytest
from app_helpers import make_services

from game.app.adventure import Adventure
from game.rules.dice import ScriptedDice
from game.rules.session import Session, Start
from game.scenes.combat import paint
from game.scenes.combat.scene import CombatScene


@pytest.fixture
def services(tmp_path):
    return make_services(tmp_path)


def _board(services, book_id: str, **fight) -> CombatScene:
    book = services.shelf.books[book_id]
    adventure = Adventure(
        Session(book, ScriptedDice([]), Start(hero={"skill": 10, "stamina": 20, "luck": 9})), services.saves, "gauge"
    )
    assert not hasattr(adventure.act({"do": "fight", **fight}), "code")
    scene = CombatScene(services, adventure)
    assert scene.odds.wait(30)
    return scene


def _drawn(scene: CombatScene, monkeypatch) -> list[str]:
    texts: list[str] = []
    real = paint.blit_text

    def spy(surface, text, *args, **kwargs):  # noqa: ANN001, ANN202 - records what the board writes
        texts.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(paint, "blit_text", spy)
    scene.draw(pygame.display.get_surface() or pygame.Surface((1280, 720)))
    return texts


def test_the_gauge_says_it_counts_the_ally_beside_the_hero_R_ALLY_1(services, monkeypatch):
    # Issue 30: "allié non compté" stood over a figure that counted nothing of the kind.
    scene = _board(
        services,
        "DF49",
        enemies=[{"name": "Orque", "skill": 8, "stamina": 9}],
        ally={"name": "Sorrel", "skill": 9, "stamina": 10},
    )
    texts = _drawn(scene, monkeypatch)
    assert services.ui.t("combat.odds_counts_hero_and_ally") in texts
    scene.shutdown()


def test_the_gauge_shows_an_estimate_as_a_lower_bound(services, monkeypatch):
    # Six creatures at once are beyond the exact budget: the best play does at least as well as the estimate.
    enemies = [{"name": f"Squelette {i + 1}", "skill": 3 + i % 3, "stamina": 10} for i in range(6)]
    scene = _board(services, "DF64", mode="all_together", enemies=enemies)
    assert not scene.odds_answer()["odds"]["exact"]
    texts = _drawn(scene, monkeypatch)
    assert any(text.startswith("≥") for text in texts)
    scene.shutdown()


def test_the_gauge_says_why_the_odds_are_unavailable(services, monkeypatch):
    # Issue 23: a worker that failed (out of memory) says so instead of "computing…" for ever.
    scene = _board(services, "DF31", enemies=[{"name": "Orque", "skill": 8, "stamina": 9}])
    monkeypatch.setattr(scene.odds, "result", lambda state: {"odds": None, "advice": None, "error": "combat.odds_error_memory"})
    texts = _drawn(scene, monkeypatch)
    reason = services.ui.t("combat.odds_error_memory")
    assert services.ui.t("combat.odds_unavailable", reason=reason) in texts
    scene.shutdown()

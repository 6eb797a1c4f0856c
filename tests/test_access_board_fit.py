"""The combat board at 200 % (a 960×540 page) and in a 960×540 window, with a creature's name of 50 characters,
for every book's fight (issue 29 items 2 and 5): the decision's advice ("Les deux choix se valent") stays inside
its panel, and the fight log's lines wrap, each keeping its outcome ("il vous blesse"), instead of being cut."""

from __future__ import annotations

import time

import pygame
import pytest

from game.app.adventure import Adventure
from game.app.display import Display
from game.app.loop import FakeClock, MainLoop
from game.app.navigator import Screen
from game.app.scene import SceneStack
from game.app.services import build_services
from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.scenes.combat import centre
from game.scenes.combat.text import advice_key
from game.scenes.samples.books import BOOKS, chosen_session
from game.ui.text_fit import recording

LONG_NAME = "Grand Seigneur Démon des Profondeurs de Sardath IV"  # 50 characters: a creature's name may have 80
WINDOWS = {"200%-1080p": ((1920, 1080), 2.0), "960x540": ((960, 540), 1.0)}
DECISION = ("combat decision", "combat stakes")


def board(tmp_path, book_id: str, window: tuple[int, int], scale: float):
    """The book's fight (its first combat profile, as its sample) against a far stronger creature with a long
    name, after the rounds it takes for the hero to be wounded: the decision waits."""
    services = build_services(config_dir=tmp_path / "config", data_dir=tmp_path / "data", seed=7)
    services.settings.animation_speed = "off"
    services.settings.ui_scale = scale
    services.apply_settings()
    book = services.shelf.books[book_id]
    if not isinstance(book, FightingFantasyBook):
        pytest.skip(f"{book_id} is not a Fighting Fantasy book")
    adventure = Adventure.start(chosen_session(services, book_id), services.saves)
    enemy = a.EnemySpec(name=LONG_NAME, skill=20, stamina=10)
    profile = next(iter(book.combat_profiles), None)
    if isinstance(adventure.act(a.StartFight(do="fight", enemies=[enemy], profile=profile)), Refused):
        adventure.act(a.StartFight(do="fight", enemies=[enemy]))  # the profile's conditions do not hold yet
    fight = adventure.session.state.fight
    for _ in range(6):
        if fight is None or fight.pending or not fight.active:
            break
        adventure.act(a.AttackRound(do="round"))
        fight = adventure.session.state.fight
    stack = SceneStack()
    stack.push(services.navigator.build(Screen.COMBAT, adventure))
    stack.apply_pending()
    loop = MainLoop(stack, Display(window, title="test"), clock=FakeClock(), zoom=lambda: services.settings.ui_scale)
    loop.run_frames(2)
    scene = stack.top
    for _ in range(500):  # the odds are worked out on their own thread: the advice is drawn once they come
        if not (scene.state.fight and scene.state.fight.pending) or scene.view().odds is not None:
            break
        time.sleep(0.01)
        loop.run_frames(1)
    return scene, loop


def painted(scene, loop, monkeypatch) -> tuple[list, list[tuple[str, pygame.Rect]]]:
    """Paint the board afresh: the texts drawn outside their box, and every line the centre drew, with its box."""
    drawn: list[tuple[str, pygame.Rect]] = []
    blit = centre.blit_text

    def spy(surface, text, *args, **kwargs):
        line = blit(surface, text, *args, **kwargs)
        drawn.append((text, line))
        return line

    monkeypatch.setattr(centre, "blit_text", spy)
    scene._painted = None  # the board keeps its painted layer: paint it again
    with recording() as found:
        scene.draw(loop.display.surface)
    return found, drawn


@pytest.mark.parametrize("window", WINDOWS, ids=list(WINDOWS))
@pytest.mark.parametrize("book_id", BOOKS)
def test_the_advice_of_a_wound_to_settle_lies_inside_its_panel(tmp_path, monkeypatch, book_id, window):
    scene, loop = board(tmp_path, book_id, *WINDOWS[window])
    fight = scene.state.fight
    if not fight.pending:
        pytest.skip(f"{book_id}: no wound waits on a decision in this fight (its profile settles wounds without Luck)")
    assert scene.view().odds is not None, f"{book_id}: the advisor's odds never came"
    found, drawn = painted(scene, loop, monkeypatch)
    assert [o for o in found if o.owner in DECISION] == [], f"{book_id}: {[o for o in found if o.owner in DECISION]}"
    panel = scene.regions.panel
    lowest_text, lowest = max(((t, line) for t, line in drawn if line.colliderect(panel)), key=lambda tl: tl[1].bottom)
    odds = scene.view().odds["advice"]
    assert lowest_text == scene.ui.t(advice_key(odds["test_luck"], odds["accept"])), f"{book_id}: the advice is not last"
    assert panel.contains(lowest), f"{book_id}: the advice {lowest} leaves the panel {panel}"


@pytest.mark.parametrize("book_id", BOOKS)
def test_at_200_percent_the_fight_logs_lines_wrap_and_keep_their_outcome(tmp_path, monkeypatch, book_id):
    scene, loop = board(tmp_path, book_id, *WINDOWS["200%-1080p"])
    log = scene.regions.log
    _found, drawn = painted(scene, loop, monkeypatch)
    rows = [text for text, line in drawn if log.contains(line) and line.top > log.y + 40]  # under the log's title
    assert rows, f"{book_id}: the log shows nothing"
    assert not any(row.endswith("…") for row in rows), f"{book_id}: a log line was cut: {rows}"
    shown = " ".join(rows)
    outcomes = [text for text, tone in scene.view().log if tone in ("good", "bad")]
    assert outcomes, f"{book_id}: no round was told"
    newest = outcomes[-1]
    assert " ".join(newest.split()) in shown, f"{book_id}: {newest!r} is not shown whole in {rows}"
    assert any(len(row) < len(newest) for row in rows), f"{book_id}: the long line did not wrap: {rows}"

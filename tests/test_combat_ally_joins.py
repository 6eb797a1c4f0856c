"""An ally who joins mid-fight (FF2's Creature Copy cast before the first round, issue 30 items 1-3, R-ALLY-1).

The board lays itself out again for the copy (its card, its dice, its bar), the gauge counts the hero who
fights on when the copy falls (checked against a plain recursion written here, sharing nothing with the
solver), and the board's words agree with what happens: the banner tells the copy's exchange, the hero's card
says the hero watches, and the copy "fights in your place", never also "beside you".
Rule ids refer to /work/shared/RULES.md.
"""

from __future__ import annotations

from functools import cache
from itertools import product

import pygame
import pytest
from app_helpers import Driver, make_adventure, make_services
from combat_helpers import board_texts

from game.app.navigator import Screen
from game.rules.dice import ScriptedDice
from game.scenes.combat.scene import CombatScene
from game.scenes.combat.text import tell

HERO = {"skill": 8, "stamina": 8, "luck": 9}
GANJEE = {"name": "Ganjee", "skill": 9, "stamina": 8}
CREATURE_WINS, ALLY_LOSES = [6, 6, 1, 1], "ally_wounded"  # an ally's exchange: the creature rolls first (R-ALLY-1)


@pytest.fixture
def services(tmp_path):
    return make_services(tmp_path, animation_speed="normal")  # the crash was in the bars' easing


def _copy_cast(services, dice=(), language: str = "fr") -> tuple[Driver, CombatScene]:
    """FF2's board against a Ganjee, Creature Copy cast from the board before the first round."""
    services.ui.catalogue.set_language(language)
    adventure = make_adventure(services, "FF2", hero=HERO)
    adventure.act({"do": "counter", "name": "creature_copy", "by": 1})
    adventure.act({"do": "fight", "enemies": [GANJEE]})
    driver = Driver(services.navigator.build(Screen.COMBAT, adventure))
    board = driver.top
    assert isinstance(board, CombatScene) and board.regions.ally is None
    driver.click(board.controls.spells_button)
    modal = driver.top
    modal.list.select([spell.id for spell in adventure.book.spells].index("creature_copy"))
    modal._sync()
    driver.click(modal.cast_button)
    assert driver.top is board and adventure.state.fight.ally is not None
    adventure.session.dice = ScriptedDice(list(dice))
    return driver, board


def _round(driver: Driver) -> None:
    """Press R (a round) at a player's pace (after the cast's burst of presses) and let the dice land and the bars ease."""
    driver.pause()
    driver.key(pygame.K_r)
    driver.send(frames=240)


# -- item 1: the crash, the card
def test_a_copy_wounded_in_the_first_round_does_not_break_the_board(services):
    # Issue 30 item 1: "IndexError: list index out of range" in bar_rect: the layout had no ally's card.
    driver, board = _copy_cast(services, CREATURE_WINS)
    _round(driver)
    fight = board.fight
    assert fight.last_round[0].result == ALLY_LOSES and fight.ally.stamina == GANJEE["stamina"] - 2
    assert board.regions.ally is not None
    assert board.animator.bars["ally"].value == fight.ally.stamina


def test_a_copy_cast_mid_fight_gets_its_card_with_its_skill_and_stamina(services, monkeypatch):
    driver, board = _copy_cast(services)
    texts = board_texts(board, monkeypatch)
    copy = board.fight.ally
    assert services.ui.t("combat.ally_name", name=copy.name, skill=GANJEE["skill"]) in texts
    assert "ally" in board.animator.bars and board.animator.bars["ally"].maximum == GANJEE["stamina"]


def test_undoing_the_spell_takes_the_copys_card_away(services):
    driver, board = _copy_cast(services)
    driver.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert board.fight.ally is None and board.regions.ally is None
    driver.key(pygame.K_y, mod=pygame.KMOD_CTRL)
    assert board.fight.ally is not None and board.regions.ally is not None


# -- item 2: the odds count the hero who fights on
def _exchange() -> dict[int, tuple[float, float]]:
    """(P(the first side wounds), P(it is wounded)) for each attack difference, by counting the 1296 rolls."""
    law = {}
    for diff in range(-12, 13):
        rolls = list(product(range(1, 7), repeat=4))
        wins = sum(a + b + diff > c + d for a, b, c, d in rolls)
        losses = sum(a + b + diff < c + d for a, b, c, d in rolls)
        law[diff] = (wins / len(rolls), losses / len(rolls))
    return law


def _copy_then_hero(hero: tuple[int, int], copy: tuple[int, int], creature: tuple[int, int]) -> float:
    """P(win), never Testing Luck: the copy fights alone until it falls, then the hero fights what is left.

    A plain recursion on (hero's, copy's, creature's STAMINA): a tie repeats the round, so each value is its
    wound and blow cases over (1 - P(tie)); 2 points a wound each way (R-COMBAT-2).
    """
    law = _exchange()

    @cache
    def value(n: int, a: int, m: int) -> float:
        if m <= 0:
            return 1.0
        if n <= 0:
            return 0.0
        if a > 0:
            win, lose = law[copy[0] - creature[0]]
            return (win * value(n, a, m - 2) + lose * value(n, a - 2, m)) / (win + lose)
        win, lose = law[hero[0] - creature[0]]
        return (win * value(n, 0, m - 2) + lose * value(n - 2, 0, m)) / (win + lose)

    return value(hero[1], copy[1], creature[1])


def test_the_gauge_after_the_copy_counts_the_hero_who_fights_on_R_ALLY_1(services, monkeypatch):
    # Issue 30 item 2: the gauge fell to 50 % (the copy's own chance) over "ally not counted".
    driver, board = _copy_cast(services)
    assert board.wait_for_odds(30)
    odds = board.odds_answer()["odds"]
    hero, creature = (HERO["skill"], HERO["stamina"]), (GANJEE["skill"], GANJEE["stamina"])
    assert odds["counts"] == "ally_then_hero"
    assert odds["no_luck"] == pytest.approx(_copy_then_hero(hero, creature, creature), abs=1e-9)
    assert odds["no_luck"] > 0.5  # more than the copy's own even chance: the hero fights on
    assert services.ui.t("combat.odds_counts_ally_then_hero") in board_texts(board, monkeypatch)


# -- item 3: the words agree with the fight
def test_a_round_the_copy_fights_alone_is_told_on_the_banner(services):
    # Issue 30 item 3: "Parry: no blow lands" while the copy's bar dropped.
    driver, board = _copy_cast(services, CREATURE_WINS, language="en")
    _round(driver)
    told = tell(services.ui.t, board.timeline.last)
    assert told.banner == services.ui.t("combat.banner_ally_wounded", ally=board.fight.ally.name, name="Ganjee")
    assert told.tone == "bad"


def test_the_copys_blow_is_told_on_the_banner(services):
    driver, board = _copy_cast(services, [1, 1, 6, 6], language="en")
    _round(driver)
    told = tell(services.ui.t, board.timeline.last)
    assert told.banner == services.ui.t("combat.banner_ally_hit", ally=board.fight.ally.name, name="Ganjee")


def test_the_copys_fall_tells_the_hero_to_fight_on(services):
    driver, board = _copy_cast(services, CREATURE_WINS * 4, language="en")
    for _ in range(4):
        _round(driver)
    assert board.fight.ally.stamina == 0 and board.fight.active and board.fight.ally_alone is None
    told = tell(services.ui.t, board.timeline.last)
    assert told.banner == services.ui.t("combat.banner_ally_down", ally=board.fight.ally.name)


def test_while_the_copy_fights_the_heros_card_says_the_hero_watches(services, monkeypatch):
    # Issue 30 item 3: the hero's card kept "No round fought yet".
    driver, board = _copy_cast(services, CREATURE_WINS)
    _round(driver)
    texts = board_texts(board, monkeypatch)
    assert services.ui.t("combat.hero_watching", ally=board.fight.ally.name) in texts
    assert services.ui.t("combat.no_round_yet") not in texts


def test_the_copy_fights_in_the_heros_place_and_never_also_beside_the_hero(services, monkeypatch):
    # Issue 30 item 3: "Creature copy fights alone: you watch" and "Creature copy fights beside you" at once.
    driver, board = _copy_cast(services, language="en")
    joined = " ".join(board_texts(board, monkeypatch))
    name = board.fight.ally.name
    assert services.ui.t("combat.hint_ally", name=name) not in joined
    assert services.ui.t("combat.rule_ally_alone_until_down", name=name).split(":")[0] in joined


def test_a_fight_lost_by_an_ally_fighting_alone_is_not_the_heros_death(services):
    # R-ALLY-1 ("whole_fight"): the ally's fall loses the fight; the hero lives and goes back to the sheet.
    adventure = make_adventure(services, "DF31", dice=CREATURE_WINS * 3, hero={"skill": 10, "stamina": 20, "luck": 9})
    adventure.act({"do": "fight", "enemies": [GANJEE], "ally": {"name": "Sorrel", "skill": 7, "stamina": 6}, "ally_alone": True})
    services.ui.catalogue.set_language("en")
    driver = Driver(services.navigator.build(Screen.COMBAT, adventure))
    board = driver.top
    for _ in range(3):
        _round(driver)
    assert board.fight.winner == "enemies" and adventure.state.hero.alive
    told = tell(services.ui.t, board.timeline.last)
    assert told.banner == services.ui.t("combat.banner_end_ally_fell", ally="Sorrel")
    assert board.controls.finish_button.label() == services.ui.t("combat.back")

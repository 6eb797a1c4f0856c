"""The combat board and the fight setup re-lay out for the page the window gives them (issues 13 and 16)."""

from __future__ import annotations

import pygame
import pytest
from app_helpers import Driver, make_adventure, make_services

from game.app import display as display_module
from game.rules.ff import actions as a
from game.scenes.combat.scene import CombatScene

SIX = [{"name": f"Squelette {i + 1}", "skill": 6, "stamina": 8} for i in range(6)]


def resize(driver: Driver, size: tuple[int, int]) -> None:
    driver.send(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))


def board_for(tmp_path, enemies, window=(1280, 720), **fight):
    services = make_services(tmp_path)
    adventure = make_adventure(services, "DF64", dice=[3, 3, 2, 3, 6, 6, 4, 3] * 4)
    adventure.act(a.StartFight(enemies=enemies, **fight))
    return Driver(CombatScene(services, adventure), window=window)


def test_the_combat_board_re_lays_out_when_the_window_is_resized(tmp_path):
    driver = board_for(tmp_path, [{"name": "Goule", "skill": 8, "stamina": 7}])
    board = driver.top
    resize(driver, (1920, 1080))
    assert board.page == (1920, 1080) and driver.display.surface.get_size() == (1920, 1080)
    assert board.regions.creatures[0].right == 1920 - 24
    assert board.controls.stop_button.rect.right == 1920 - 24 and board.controls.stop_button.rect.bottom < 1080
    assert board.regions.panel.width > 440  # the centre grew with the page, nothing was stretched


def test_on_a_tall_page_the_fight_log_takes_the_room_under_the_heros_card(tmp_path):
    driver = board_for(tmp_path, [{"name": "Goule", "skill": 8, "stamina": 7}], window=(1920, 1080))
    lay = driver.top.regions
    assert lay.log.x == lay.hero.x and lay.log.top > lay.hero.bottom and lay.log.bottom > lay.panel.bottom
    assert lay.log.height > 400 and not lay.log.colliderect(lay.buttons)
    assert driver.top.controls.luck_button.rect.y == lay.actions_y < lay.panel.bottom - 66  # Luck / Accept under the words


def test_on_the_smallest_page_every_control_of_the_board_stays_on_it_and_apart(tmp_path):
    driver = board_for(tmp_path, [{"name": "Goule", "skill": 8, "stamina": 7}], window=(1024, 640))
    board = driver.top
    assert board.page == (1024, 640)
    page = pygame.Rect(0, 0, 1024, 640)
    buttons = [
        board.controls.attack_button,
        board.controls.undo_button,
        board.controls.redo_button,
        board.controls.stop_button,
        board.controls.luck_button,
    ]
    assert all(page.contains(button.rect) for button in buttons)
    assert not board.controls.luck_button.rect.colliderect(board.controls.accept_button.rect)
    assert board.regions.panel.bottom < board.controls.attack_button.rect.top


def test_six_creatures_on_a_big_page_keep_full_cards_in_two_columns(tmp_path):
    driver = board_for(tmp_path, SIX, window=(1920, 1080), mode="all_together")
    board = driver.top
    assert board.regions.card_mode == "full"
    assert len({card.x for card in board.regions.creatures}) == 2
    resize(driver, (1280, 720))  # the same fight on a smaller page: one column of smaller cards
    assert len({card.x for card in board.regions.creatures}) == 1 and board.regions.card_mode != "full"


def test_twelve_creatures_on_a_small_page_get_one_line_cards_that_never_overlap(tmp_path):
    twelve = [{"name": f"Rat {i + 1}", "skill": 5, "stamina": 4} for i in range(12)]
    driver = board_for(tmp_path, twelve, window=(1024, 640), mode="all_together")
    lay = driver.top.regions
    assert lay.card_mode == "row" and all(card.height >= 25 for card in lay.creatures)
    assert all(one.bottom < other.top for one, other in zip(lay.creatures, lay.creatures[1:]))
    assert lay.creatures[-1].bottom <= lay.panel.bottom


def test_a_re_layout_keeps_the_creature_aimed_at_and_the_keyboard_focus(tmp_path):
    driver = board_for(tmp_path, SIX[:3], mode="all_together")
    board = driver.top
    driver.click(board.controls.cards[2])
    board.group.focus.focus(board.controls.undo_button)
    resize(driver, (1600, 900))
    assert board.target == 2 and board.current_target() == 2
    assert board.group.focus.focused is board.controls.undo_button
    assert board.controls.cards[2].rect == board.regions.creatures[2]


def setup_for(tmp_path, window=(1280, 720)):
    from game.scenes.fight_setup.scene import FightSetupScene

    services = make_services(tmp_path)
    adventure = make_adventure(services, "DF49")
    return Driver(FightSetupScene(services, adventure), window=window)


def test_the_fight_setup_re_lays_out_and_keeps_what_was_typed_and_chosen(tmp_path):
    driver = setup_for(tmp_path)
    setup = driver.top
    driver.click(setup.controls.creatures.name_field)
    driver.type("Loup")
    driver.click(setup.controls.options.escape_toggle)
    driver.click(setup.controls.options.mode_buttons["all_together"])
    resize(driver, (1920, 1080))
    assert setup.page == (1920, 1080)
    assert (
        setup.controls.creatures.name_field.text == "Loup"
        and setup.controls.options.escape_toggle.value
        and setup.mode == "all_together"
    )
    assert setup.controls.fight_button.rect.bottom < 1080 and setup.regions.right.right > 1280


def test_on_a_short_page_the_fight_options_scroll_inside_their_panel(tmp_path):
    driver = setup_for(tmp_path, window=(1024, 640))
    setup = driver.top
    pane = setup.controls.options.pane
    assert pane.scrolls and setup.regions.right.contains(pane.rect)
    setup.group.focus.focus(setup.controls.options.escape_counter)  # the keyboard reaches the last option: it comes into view
    driver.send()
    assert pane.rect.contains(setup.controls.options.escape_counter.rect)


def test_the_dice_overlay_keeps_the_small_page_and_centres_its_panel_on_it(tmp_path):
    from game.scenes.sheet.scene import SheetScene

    services = make_services(tmp_path, animation_speed="normal")
    driver = Driver(SheetScene(services, make_adventure(services, "DF49", dice=[3, 4])), window=(1024, 640))
    driver.click(driver.top.controls.hero.luck_button)
    overlay = driver.top
    assert type(overlay).__name__ == "DiceRollScene"
    assert overlay.page == (1024, 640) and driver.stack.scenes[0].page == (1024, 640)  # the sheet is not re-laid out
    assert overlay.panel.center == (512, 320) and pygame.Rect(0, 0, 1024, 640).contains(overlay.panel)


def test_on_the_page_of_200_percent_on_a_1080p_screen_the_luck_decision_takes_the_moves_row(tmp_path, monkeypatch):
    monkeypatch.setattr(display_module, "MIN_PAGE", (960, 540))  # the page of 200 % on a 1920×1080 screen
    driver = board_for(tmp_path, [{"name": "Goule", "skill": 8, "stamina": 7}], window=(960, 540))
    board = driver.top
    assert board.page == (960, 540)
    driver.click(board.controls.attack_button)
    board.skip()
    driver.send(frames=2)
    assert board.fight.pending, "the round's wound waits for the Luck decision"
    page = pygame.Rect(0, 0, 960, 540)
    assert (
        not board.controls.attack_button.visible and board.controls.luck_button.visible and board.controls.accept_button.visible
    )
    assert board.controls.luck_button.rect.top == board.regions.buttons.top and page.contains(board.controls.accept_button.rect)
    assert not board.controls.luck_button.rect.colliderect(board.controls.accept_button.rect)
    assert board.regions.creatures[0].right <= 960 - 20 and board.regions.panel.bottom < board.controls.luck_button.rect.top


def test_six_creatures_on_the_smallest_window_keep_each_total_off_its_stamina(tmp_path):
    # Break-it (960 x 540, six creatures at once): a creature's Attack Strength ("FA 12") was written over the
    # STAMINA written right of its bar ("8 / 8", up to "999 / 999"), on every card after the first round.
    from game.scenes.combat.layout import card_geometry
    from game.ui import fonts

    driver = board_for(tmp_path, SIX, window=(960, 540), mode="all_together")
    board = driver.top
    lay, small = board.regions, board.ui.theme.text_size("small")
    assert lay.card_mode == "compact"
    for rect in lay.creatures:
        geo = card_geometry(rect, lay.card_mode)
        total = pygame.Rect(0, 0, fonts.text_width("FA 109", "bold", small), fonts.cap_height("bold", small))
        total.midright = geo.formula
        stamina = pygame.Rect(0, 0, fonts.text_width("999 / 999", "bold", 16), fonts.cap_height("bold", 16))
        stamina.midleft = (geo.bar.right + 12, geo.bar.centery)
        assert not total.colliderect(stamina) and rect.contains(total) and rect.contains(stamina)


LONG_NAME = "Ogre du Chaos aux mille noms, Seigneur des Marches"  # 50 characters: a creature's name may have 80


def _drawn_overflows(driver: Driver) -> list:
    from game.ui.text_fit import recording

    with recording() as found:
        driver.top.draw(driver.display.surface)
    return found


@pytest.mark.parametrize("window", [(1280, 720), (960, 540)])
def test_a_long_creatures_name_stays_inside_the_banner_and_the_strip(tmp_path, window):
    """breaker: 'Ogre du Chaos … vous blesse !' was set at 14 points and still ran out of the ribbon over both cards
    (the banner shrank the text, never wrapped or shortened it); the strip's 'Ogre … 21' ran past the centre too."""
    services = make_services(tmp_path)
    adventure = make_adventure(services, "FF1", dice=[6, 6, 1, 1])  # the creature's 21 against the hero's 12
    adventure.act(a.StartFight(enemies=[{"name": LONG_NAME, "skill": 9, "stamina": 50}]))
    adventure.act({"do": "round"})
    driver = Driver(CombatScene(services, adventure), window=window)
    assert driver.top.view().told is not None and LONG_NAME in driver.top.view().told.banner
    found = _drawn_overflows(driver)
    assert [o for o in found if o.owner in ("banner", "strip") or LONG_NAME[:20] in o.text] == []


@pytest.mark.parametrize("window", [(1280, 720), (960, 540)])
def test_a_rounds_heading_in_the_fight_log_stands_apart_from_the_line_under_it(tmp_path, monkeypatch, window):
    """breaker: the red "Assaut 1" heading touched the line under it."""
    from game.scenes.combat import centre

    services = make_services(tmp_path)
    adventure = make_adventure(services, "FF1", dice=[6, 6, 1, 1, 1, 1, 6, 6])
    adventure.act(a.StartFight(enemies=[{"name": "Goule", "skill": 7, "stamina": 30}]))
    adventure.act({"do": "round"})
    driver = Driver(CombatScene(services, adventure), window=window)
    drawn = []
    real = centre.blit_text

    def spy(surface, text, at, *args, **options):
        rect = real(surface, text, at, *args, **options)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(centre, "blit_text", spy)
    board = driver.top
    board.painter.paint(pygame.Surface(board.page), board.view())  # the board's layer (draw keeps it cached)
    heading = services.ui.t("combat.log_round", n=1)  # "Assaut 1"
    headings = [i for i, (text, _) in enumerate(drawn) if text == heading]
    assert headings and all(index + 1 < len(drawn) for index in headings)  # a round's lines follow its heading
    for index in headings:
        heading, under = drawn[index][1], drawn[index + 1][1]
        assert under.top - heading.bottom >= centre.HEAD_GAP, (drawn[index][0], heading, drawn[index + 1][0], under)

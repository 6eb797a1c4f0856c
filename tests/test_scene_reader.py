"""The reader driven by the mouse: the demo adventure played to its end, each click a rules action."""

import json

import pygame
import pytest
from app_helpers import Driver, make_adventure, make_services

from game.i18n.catalogue import load_table
from game.rules.ff import sections as rules
from game.scenes.reader.scene import ReaderScene
from game.scenes.reader.text import typeset
from game.scenes.sheet.scene import SheetScene
from game.ui import fonts

HERO = {"skill": 10, "stamina": 20, "luck": 9}
# The dice of tests/cases/demo-1-willow-walk-to-victory.json, in the order the rules draw them.
WINNING_DICE = [3, 4, 2, 3, 1, 1, 1, 1, 6, 6, 1, 1, 1, 1, 6, 6, 1, 1, 6, 6, 1, 2, 2, 2, 1, 1, 6, 6, 1, 1, 6, 6, 1, 1, 6, 6]


@pytest.fixture
def services(tmp_path):
    return make_services(tmp_path)


def reader(services, dice=(), hero=None, at=None):
    adventure = make_adventure(services, "DEMO", dice, hero=hero or dict(HERO))
    if at is not None:
        adventure.act(rules.go_to(at))
    return Driver(ReaderScene(services, adventure)), adventure


def name(scene):
    return type(scene).__name__


def close_overlays(driver):
    """Close the dice overlay (one click anywhere) as a player would."""
    for _ in range(4):
        if name(driver.top) not in ("DiceRollScene",):
            return
        driver.close_dice()


def click_choice(driver, target):
    scene = driver.top
    assert isinstance(scene, ReaderScene)
    index = next(i for i, c in enumerate(scene.offer.choices) if c.target == target)
    button = scene.controls.choice_buttons[index]
    assert button.visible and button.enabled, (target, button.disabled_reason and scene.ui.text(button.disabled_reason))
    driver.click(button)
    assert driver.top.offer.number == target


BOARDS = []


def fight(driver, plan):
    """Play a fight with clicks on the combat board, then come back to the page."""
    board = driver.top
    BOARDS.append(name(board))
    for step in plan:
        button = getattr(board.controls, f"{step}_button")
        assert button.visible and button.enabled, step
        driver.pause_then_click(button)
        close_overlays(driver)
    assert board.controls.finish_button.visible
    driver.pause_then_click(board.controls.finish_button)
    assert isinstance(driver.top, ReaderScene)


WISPS = ["attack", "luck", "attack", "accept", "attack"]
WATCHER = ["shoot", "attack", "accept", "attack", "accept", "attack"]


def play_to_victory(driver):
    click_choice(driver, 3)
    driver.click(driver.top.controls.event_button)  # Test your Skill
    assert name(driver.top) == "DiceRollScene" and driver.top.groups[0].faces == (3, 4)
    close_overlays(driver)
    click_choice(driver, 6)
    click_choice(driver, 8)
    driver.click(driver.top.controls.event_button)  # Test your Luck
    close_overlays(driver)
    click_choice(driver, 9)
    click_choice(driver, 7)
    click_choice(driver, 11)
    driver.click(driver.top.controls.event_button)  # Fight
    fight(driver, WISPS)
    click_choice(driver, 13)
    click_choice(driver, 15)
    driver.click(driver.top.controls.event_button)
    close_overlays(driver)
    click_choice(driver, 17)
    driver.click(driver.top.controls.event_button)
    fight(driver, WATCHER)
    click_choice(driver, 19)
    click_choice(driver, 20)


def test_the_whole_adventure_can_be_finished_with_the_mouse_alone(services):
    adventure = make_adventure(services, "DEMO", WINNING_DICE, hero=dict(HERO))
    driver = Driver(SheetScene(services, adventure))
    driver.click(driver.top.controls.top["read"])
    assert isinstance(driver.top, ReaderScene) and adventure.state.paragraph == 1
    BOARDS.clear()
    play_to_victory(driver)
    assert BOARDS == ["CombatScene"] * 2
    scene = driver.top
    assert scene.offer.ending == "victory" and scene.controls.shelf_button.visible
    state = adventure.state
    assert state.paragraph_history == (1, 3, 6, 8, 9, 7, 11, 13, 15, 17, 19)
    assert state.counters == {"arrows": 5, "gold": 15, "potions": 2, "herbs": 2}
    assert state.calendar.ticked == 3 and state.hero.initial["luck"] == 10 and state.hero.alive
    driver.click(scene.controls.shelf_button)
    assert name(driver.top) == "BookshelfScene"


def test_the_clicks_leave_the_same_log_as_the_rules_case(services):
    case = json.loads(
        (__import__("pathlib").Path(__file__).parent / "cases" / "demo-1-willow-walk-to-victory.json").read_text(encoding="utf-8")
    )
    driver, adventure = reader(services, WINNING_DICE)
    play_to_victory(driver)
    played = [e.action["do"] for e in adventure.session.entries]
    assert played == [s["do"] for s in case["steps"]]
    assert adventure.state.counters["gold"] == case["expect"]["counters.gold"]


def test_arriving_runs_the_automatic_events_once(services):
    driver, adventure = reader(services)
    assert adventure.state.paragraph == 1 and adventure.state.calendar.ticked == 1
    driver.top.sync()
    driver.top.resume()
    assert adventure.state.calendar.ticked == 1
    click_choice(driver, 3)
    assert adventure.state.counters["herbs"] == 2


def test_choices_stay_closed_until_the_test_is_taken(services):
    driver, adventure = reader(services, [6, 6], at=3)
    scene = driver.top
    assert all(not b.enabled for b in scene.controls.choice_buttons)
    assert scene.ui.text(scene.controls.choice_buttons[0].disabled_reason) == scene.ui.t("reader.why_test_first")
    driver.click(scene.controls.choice_buttons[0])
    assert adventure.state.paragraph == 3
    driver.click(scene.controls.event_button)
    close_overlays(driver)
    assert [b.enabled for b in scene.controls.choice_buttons] == [False, True]
    click_choice(driver, 4)
    assert adventure.state.hero.scores["stamina"] == 18


def test_the_way_on_after_a_fight_opens_only_once_it_is_won(services):
    driver, adventure = reader(services, [6, 6, 1, 1, 6, 6, 6, 6], at=2)
    scene = driver.top
    assert not scene.controls.choice_buttons[0].enabled
    driver.click(scene.controls.event_button)
    board = driver.top
    assert name(board) in ("CombatScene", "ReaderScene") and adventure.state.fight.active
    assert adventure.state.fight.shots_left == 2


def test_an_escape_leads_to_the_escape_section(services):
    driver, adventure = reader(services, [6, 6, 1, 1, 6, 6], at=12)
    driver.click(driver.top.controls.event_button)
    fight(driver, ["attack", "accept", "escape", "luck"])
    scene = driver.top
    assert [(c.kind, c.enabled) for c in scene.offer.choices] == [("won", False), ("escaped", True)]
    click_choice(driver, 14)
    assert adventure.state.counters["gold"] == 2 and adventure.state.calendar.ticked == 1


def test_herbs_are_used_from_the_reader_outside_fights(services):
    driver, adventure = reader(services, at=4)
    scene = driver.top
    assert adventure.state.hero.scores["stamina"] == 18
    assert not scene.controls.use_buttons["herb"].enabled  # none yet
    adventure.act({"do": "counter", "name": "herbs", "by": 1})
    scene.sync()
    driver.click(scene.controls.use_buttons["herb"])
    assert adventure.state.hero.scores["stamina"] == 20 and adventure.state.counters["herbs"] == 0


def test_a_section_that_kills_offers_the_death_page(services):
    driver, adventure = reader(services, at=18)
    scene = driver.top
    assert not adventure.state.hero.alive and scene.controls.death_button.visible
    assert scene.offer.choices == []
    driver.click(scene.controls.death_button)
    assert name(driver.top) == "DeathScene"


def test_a_paragraph_typed_on_the_sheet_outside_the_text_can_be_left(services):
    driver, adventure = reader(services, at=7)
    adventure.act({"do": "paragraph", "number": 432})
    driver.top.sync()
    scene = driver.top
    assert scene.offer.section is None and scene.controls.event_button.visible
    driver.click(scene.controls.event_button)
    assert adventure.state.paragraph == 7


def test_sheet_button_returns_to_the_sheet_it_came_from(services):
    adventure = make_adventure(services, "DEMO", hero=dict(HERO))
    driver = Driver(SheetScene(services, adventure))
    sheet = driver.top
    driver.click(sheet.controls.top["read"])
    driver.click(driver.top.controls.sheet_button)
    assert driver.top is sheet and len(driver.stack.scenes) == 1
    assert sheet.adventure.state.paragraph == 1  # the tracker followed the reader


def test_the_sheet_has_no_read_button_for_books_without_sections(services):
    for book_id in ("DF31", "DF49", "DF64"):
        driver = Driver(SheetScene(services, make_adventure(services, book_id)))
        assert "read" not in driver.top.controls.top


def test_starting_the_demo_from_the_shelf_goes_through_creation(services):
    from game.scenes.bookshelf.scene import BookshelfScene

    driver = Driver(BookshelfScene(services))
    driver.top.show_book("DEMO")  # the shelf turns its pages when the books outnumber its cards
    button = next(b for b, book_id in driver.top.controls.book_buttons if book_id == "DEMO")
    driver.click(button)
    assert name(driver.top) == "CreationScene" and driver.top.book.id == "DEMO"


def test_long_text_scrolls_with_the_wheel(services):
    driver, _ = reader(services, at=11)
    text = driver.top.controls.text
    text.rect.height = 120  # a small window on the text
    text.key = None
    text.set_text(driver.top.offer.section.text.fr, ("x",))
    assert text.scrollable and text.scroll == 0
    driver.send(pygame.event.Event(pygame.MOUSEMOTION, pos=driver.to_window(text.rect.center), rel=(0, 0), buttons=(0, 0, 0)))
    driver.send(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert text.scroll > 0


def test_typeset_lines_are_justified_and_fit():
    import ui_helpers

    ui_helpers.init_pygame()
    lines, height, cap = typeset(
        "Un deux trois quatre cinq six sept huit neuf dix onze douze treize.\nSecond paragraphe.", 220, 22
    )
    assert cap is not None and cap[0] == "U" and height > 0
    for line in lines:
        last = line.words[-1]
        assert last.x + fonts.text_width(last.text, "body", 22) <= 221


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_reader_text_exists_in_both_languages(language):
    table = load_table(language)
    dynamic = (
        [f"reader.why_{r}" for r in ("not_here", "hero_dead", "test_first", "fight_first", "events_first", "other_outcome")]
        + [f"reader.outcome_{k}" for k in ("lucky", "unlucky", "success", "failure", "won", "escaped")]
        + [
            f"reader.verdict_{o}"
            for o in ("lucky", "unlucky", "success", "failure", "hit", "miss", "hero_hit", "hero_wounded", "parry")
        ]
        + [f"reader.mode_{m}" for m in ("one_after_another", "all_together", "as_one")]
    )
    assert [key for key in dynamic if key not in table] == []


@pytest.mark.parametrize("window", [(1024, 640), (1280, 720), (1920, 1080), (1000, 800)])
@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_reader_renders_every_section(services, window, language):
    services.ui.catalogue.set_language(language)
    adventure = make_adventure(services, "DEMO", hero=dict(HERO))
    driver = Driver(ReaderScene(services, adventure), window=window)
    for section in adventure.book.sections:
        adventure.act(rules.go_to(section.number))
        driver.top.sync()
        driver.stack.request_redraw()
        driver.send(frames=1)
        if not adventure.state.hero.alive:
            adventure.undo()
    assert driver.loop.frames_drawn >= len(adventure.book.sections)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["fr", "en"])
def test_choice_labels_fit_their_buttons(services, language, size):
    services.ui.catalogue.set_language(language)
    adventure = make_adventure(services, "DEMO", hero=dict(HERO))
    scene = ReaderScene(services, adventure, size)
    for section in adventure.book.sections:
        adventure.act(rules.go_to(section.number))
        scene.sync()
        for button in scene.controls.choice_buttons + [
            scene.controls.event_button,
            scene.controls.sheet_button,
            *scene.controls.use_buttons.values(),
        ]:
            text = scene.ui.text(button.label)
            face = "bold" if button.style == "primary" else "body"
            icon = 36 if button.icon else 0
            assert fonts.text_width(text, face, 22) <= button.rect.width - 14 - icon, text


def test_physical_dice_are_asked_for_a_test(tmp_path):
    services = make_services(tmp_path, physical_dice=True)
    driver, adventure = reader(services, [6, 6], at=8)
    driver.click(driver.top.controls.event_button)
    entry = driver.top
    assert name(entry) == "DiceEntryScene" and entry.sides == [6, 6]
    driver.click(entry.pip_buttons[0][0])
    driver.click(entry.pip_buttons[1][1])
    driver.click(entry.ok)
    close_overlays(driver)
    assert adventure.session.entries[-1].dice == [1, 2] and adventure.state.last == "lucky"
    click_choice(driver, 9)
    assert adventure.state.hero.initial["luck"] == 10


def test_the_reader_re_wraps_the_section_to_the_page_when_the_window_is_resized(services):
    adventure = make_adventure(services, "DEMO", hero=dict(HERO))
    adventure.act(rules.go_to(11))
    driver = Driver(ReaderScene(services, adventure), window=(1024, 640))
    scene = driver.top
    scene.group.focus.focus(scene.controls.event_button)
    narrow, height = scene.controls.text.rect.width, scene.controls.text.content
    driver.send(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    assert scene.page == (1920, 1080)
    assert scene.controls.text.rect.width > narrow and scene.controls.text.content < height  # longer lines, fewer of them
    assert scene.r.book_page.contains(scene.controls.text.rect) and scene.group.focus.focused is scene.controls.event_button
    for button in scene.controls.choice_buttons + [scene.controls.event_button]:
        assert scene.r.book_page.contains(button.rect)
    assert scene.controls.sheet_button.rect.right == 1920 - 16

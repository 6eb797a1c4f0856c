"""Whole games played with the keyboard alone (no pointer event at all), ending where the same actions
applied to a bare session end; what a screen-reader user heard along the way is checked too.

Tab / Shift+Tab move the focus, Enter activates, arrows change counters, letters typed into fields
are TEXTINPUT events, and the shortcuts (R, T, L, A…) act on the combat board.
"""

from __future__ import annotations

import pygame
import pytest
from app_helpers import Driver, make_services

from game.app.adventure import Adventure
from game.app.narrator import Narrator
from game.rules.dice import RandomDice, ScriptedDice
from game.rules.session import Session, Start
from game.scenes.combat.scene import CombatScene
from game.scenes.dice_roll import DiceRollScene
from game.scenes.fight_setup.scene import FightSetupScene
from game.scenes.rnp_table.scene import RnpTableScene
from game.scenes.sheet.scene import SheetScene

POINTER = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL)


class KeyboardOnly(Driver):
    """The test driver, refusing any pointer event, with the narrator of the real app."""

    def __init__(self, scene, services) -> None:
        super().__init__(scene)
        self.services = services
        self.loop.narrator = Narrator(services.ui, lambda: services.keymap)
        self.loop.run_frames(1)

    def send(self, *events, frames: int = 2) -> None:
        assert not any(e.type in POINTER for e in events), "keyboard only"
        super().send(*events, frames=frames)

    def click(self, target, frames: int = 2) -> None:
        raise AssertionError("keyboard only")

    def tab_to(self, widget, limit: int = 80) -> None:
        """Press Tab until ``widget`` has the focus (and fail if it never comes)."""
        for _ in range(limit):
            if self.top.group.focus.focused is widget:
                return
            self.key(pygame.K_TAB)
        raise AssertionError(f"Tab never reached {widget!r}")

    def press(self, char: str) -> None:
        """A shortcut key, pressed at a player's pace (after the last roll's burst of presses)."""
        self.pause()
        self.key(pygame.key.key_code(char), unicode=char)

    def enter(self) -> None:
        self.key(pygame.K_RETURN)

    def set_up_a_fight(self, sheet, name: str, skill: int, stamina: int) -> FightSetupScene:
        """From the sheet: Fight, then one creature typed in its three fields and added."""
        self.tab_to(sheet.controls.top["fight"])
        self.enter()
        setup = self.top
        assert isinstance(setup, FightSetupScene)
        self.tab_to(setup.controls.creatures.name_field)
        self.type(name)
        self.key(pygame.K_TAB)
        self.type(str(skill))
        self.key(pygame.K_TAB)
        self.type(str(stamina))
        self.tab_to(setup.controls.creatures.add_button)
        self.enter()
        return setup


HERO = {"skill": 10, "stamina": 12, "luck": 9}
# shot 3+3 ≤ 10 hits · round: Loup 6+6+7 = 19 beats 1+1+10 · Luck 2+2 ≤ 9 lucky · round: 1+1+7 < 6+6+10, accepted ·
# round: the same, and the wolf falls.
FIGHT_DICE = [3, 3, 6, 6, 1, 1, 2, 2, 1, 1, 6, 6, 1, 1, 6, 6]
FIGHT_ACTIONS = [
    {"do": "add_creature", "name": "Loup", "skill": 7, "stamina": 5, "notes": ""},
    {"do": "fight", "enemies": [{"name": "Loup", "skill": 7, "stamina": 5, "box": 0}], "mode": "one_after_another", "arrows": 2},
    {"do": "shoot", "target": 0},
    {"do": "round"},
    {"do": "luck"},
    {"do": "round"},
    {"do": "no_luck"},
    {"do": "round"},
]


@pytest.fixture
def services(tmp_path):
    return make_services(tmp_path)


def test_a_df49_fight_with_archery_a_wound_and_luck_played_with_keys_only(services):
    book = services.shelf.books["DF49"]
    adventure = Adventure.start(Session(book, ScriptedDice(list(FIGHT_DICE)), Start(hero=HERO)), services.saves)
    sheet = SheetScene(services, adventure)
    d = KeyboardOnly(sheet, services)
    heard_from = len(services.ui.speech.history)

    setup = d.set_up_a_fight(sheet, "Loup", 7, 5)
    d.tab_to(setup.controls.options.shots_counter)
    d.key(pygame.K_UP)
    d.key(pygame.K_UP)
    assert setup.controls.options.shots_counter.value == 2
    d.tab_to(setup.controls.fight_button)
    d.enter()

    board = d.top
    assert isinstance(board, CombatScene)
    d.press("t")  # shoot: a hit
    d.press("r")  # close in: the wolf wounds the hero
    assert adventure.state.fight.pending[0].to == "hero"
    d.press("l")  # test Luck: lucky, only 1 lost
    d.press("r")  # a hit on the wolf
    d.press("a")  # accepted without Luck
    d.press("r")  # the wolf falls
    assert adventure.state.fight.winner == "hero"
    d.key(pygame.K_ESCAPE)  # back to the sheet
    assert d.top is sheet

    session = Session(book, ScriptedDice(list(FIGHT_DICE)), Start(hero=HERO))
    for action in FIGHT_ACTIONS:
        session.apply(action)
    assert [e.action for e in adventure.session.entries] == [e.action for e in session.entries]
    assert adventure.state.model_dump() == session.state.model_dump()

    heard = list(services.ui.speech.history)[heard_from:]
    text = "\n".join(heard)
    assert any(line.startswith("Combat.") for line in heard)  # arriving on the board
    assert "Loup vous blesse" in text and "Chance d'être chanceux" in text  # the wound, with the advisor's odds
    assert "Chanceux" in text and "Victoire" in text
    assert heard[-1].startswith("Sur : ")  # back on the sheet, where the focus is


def test_a_refused_shortcut_says_why(services):
    book = services.shelf.books["DF49"]
    adventure = Adventure.start(Session(book, ScriptedDice([6, 6]), Start(hero=HERO)), services.saves)
    adventure.act({"do": "fight", "enemies": [{"name": "Loup", "skill": 7, "stamina": 5}]})
    d = KeyboardOnly(CombatScene(services, adventure), services)
    d.press("a")  # nothing to accept
    assert services.ui.speech.last == "Accepter : pas maintenant"
    d.press("t")  # no arrows were set aside for this fight
    assert services.ui.speech.last == "Tirer une flèche : pas maintenant"
    assert len(adventure.session.entries) == 1


def test_remapped_shortcuts_play_the_board(services):
    services.keymap.bind("round", "g")
    book = services.shelf.books["DF49"]
    adventure = Adventure.start(Session(book, ScriptedDice([1, 1, 6, 6]), Start(hero=HERO)), services.saves)
    adventure.act({"do": "fight", "enemies": [{"name": "Loup", "skill": 7, "stamina": 5}]})
    d = KeyboardOnly(CombatScene(services, adventure), services)
    d.press("r")
    assert len(adventure.session.entries) == 1
    d.press("g")
    assert adventure.session.entries[-1].action["do"] == "round"


def close_overlays(d: KeyboardOnly, scene) -> None:
    """Enter closes the dice overlay (and any window it opened) until ``scene`` is on top again."""
    assert isinstance(d.top, DiceRollScene)
    for _ in range(5):
        if d.top is scene:
            return
        d.pause()
        d.enter()
    raise AssertionError(f"{d.top!r} stays on top")


def test_a_rnp_journey_played_with_keys_only(services):
    book = services.shelf.books["rolenplay"]
    adventure = Adventure.start(Session(book, RandomDice(20), Start(language=services.language)), services.saves)
    for who, con in (("Brok", 14), ("Mira", 9)):
        adventure.act({"do": "add_character", "name": who, "scores": {"con": con}})
    scene = RnpTableScene(services, adventure, "party")
    d = KeyboardOnly(scene, services)

    def named(name):
        return scene.panel_named_all()[name]

    def fill(name, text):
        d.tab_to(named(name))
        d.key(pygame.K_a, pygame.KMOD_CTRL)
        d.type(text)

    d.tab_to(named("chrome:tab:travel"))
    d.enter()
    assert scene.tab == "travel"
    d.tab_to(named("unit:days"))
    d.enter()
    fill("amount", "1")
    d.tab_to(named("go"))
    d.enter()  # day 1 at normal pace
    d.tab_to(named("pace:fast"))
    d.enter()
    fill("extra", "2")
    d.tab_to(named("go"))
    d.enter()  # day 2: a forced march, Constitution saves rolled
    close_overlays(d, scene)
    d.tab_to(named("chrome:tab:food"))
    d.enter()
    d.tab_to(named("settle_all"))
    d.enter()  # the night without water

    reference = Session(book, RandomDice(20), Start(language=services.language))
    for who, con in (("Brok", 14), ("Mira", 9)):
        reference.apply({"do": "add_character", "name": who, "scores": {"con": con}})
    for entry in adventure.session.entries[2:]:
        reference.apply(entry.action)
    dos = [e.action["do"] for e in adventure.session.entries]
    assert dos.count("travel_party") == 2 and dos.count("drink_day") == 2
    assert adventure.state == reference.state
    assert [e.dice for e in adventure.session.entries] == [e.dice for e in reference.entries]
    heard = "\n".join(services.ui.speech.history)
    assert "Table Rôle'n Play" in heard


def test_a_hero_made_at_the_shelf_falls_on_the_board_and_the_death_page_says_so_with_keys_only(services):
    """The whole walk a blind player makes (issue 27's "break it"): shelf → creation (dice rolled, a name
    typed) → sheet → fight setup → board → death page, with Tab, Enter, letters and the board's shortcuts."""
    from game.app.navigator import Screen
    from game.scenes.creation.scene import CreationScene
    from game.scenes.death.scene import DeathScene

    shelf = services.navigator.build(Screen.SHELF)
    d = KeyboardOnly(shelf, services)
    heard_from = len(services.ui.speech.history)
    button, book_id = shelf.controls.book_buttons[0]
    title = services.shelf.books[book_id].title.get("fr")
    assert button.spoken() == f"Nouveau héros : {title}, bouton"  # six "New hero" buttons: each says whose book
    d.tab_to(button)
    d.enter()
    creation = d.top
    assert isinstance(creation, CreationScene)
    d.tab_to(creation.controls.roll_button)
    d.enter()
    assert isinstance(d.top, DiceRollScene)
    d.loop.run_frames(30)  # half a second: a press within the roll's burst lands its dice, it does not close
    d.key(pygame.K_ESCAPE)
    d.tab_to(creation.controls.name_field)
    d.type("Alwen")
    d.enter()
    sheet = d.top
    assert isinstance(sheet, SheetScene) and sheet.adventure.state.hero.name == "Alwen"

    setup = d.set_up_a_fight(sheet, "Dragon", 12, 99)
    d.tab_to(setup.controls.fight_button)
    d.enter()
    board = d.top
    assert isinstance(board, CombatScene)
    for _ in range(200):  # SKILL 12 and STAMINA 99: the hero falls, whatever the dice
        if board.adventure.state.fight.winner is not None:
            break
        d.press("r")
        d.press("a")
    assert board.adventure.state.fight.winner == "enemies"
    d.tab_to(board.controls.finish_button)
    d.enter()

    assert isinstance(d.top, DeathScene)
    heard = list(services.ui.speech.history)[heard_from:]
    assert any(line.startswith("Création du héros") for line in heard)
    assert any(line.startswith("Feuille d'aventure") and "Alwen" in line for line in heard)
    assert any(line.startswith("Combat.") for line in heard)
    assert "Le héros est mort" in "\n".join(heard)
    # the death page says what it shows: the fatal blow and the STAMINA, then the hero's scores
    assert heard[-1].startswith(f"Votre héros est mort. Dans « {title} ». ")  # no paragraph noted (spaces: plain)
    assert "Le coup fatal : Dragon. Votre ENDURANCE est tombée à 0. Alwen : " in heard[-1]


# ---------------------------------------------------------------- focus is never lost (issue 29)


def test_after_add_in_the_fight_setup_the_focus_is_on_the_cleared_name_field(services):
    adventure = Adventure.start(Session(services.shelf.books["DF49"], ScriptedDice([]), Start(hero=HERO)), services.saves)
    sheet = SheetScene(services, adventure)
    d = KeyboardOnly(sheet, services)
    setup = d.set_up_a_fight(sheet, "Loup", 7, 5)
    form = setup.controls.creatures
    assert not form.add_button.enabled  # the form is cleared: nothing to add
    assert setup.group.focus.focused is form.name_field


def test_when_the_size_reaches_200_percent_the_focus_goes_to_smaller(services):
    from game.app.display import Display
    from game.app.loop import FakeClock, MainLoop
    from game.scenes.settings import SettingsScene

    d = KeyboardOnly(SettingsScene(services), services)
    d.display = Display((1920, 1080), fullscreen=False, title="test")
    d.loop = MainLoop(d.stack, d.display, clock=FakeClock(), zoom=lambda: services.settings.ui_scale)
    d.loop.narrator = Narrator(services.ui, lambda: services.keymap)
    d.loop.run_frames(1)  # laid out again for the big window
    d.tab_to(d.top.larger_button)
    for _ in range(8):
        if services.settings.ui_scale >= 2.0:
            break
        d.enter()
    settings = d.top
    assert services.settings.ui_scale == 2.0 and settings.page == (960, 540)  # re-laid out for the big size
    assert not settings.larger_button.enabled
    assert settings.group.focus.focused is settings.smaller_button
    assert services.ui.speech.history[-1].startswith("Plus petit")


def test_on_the_combat_board_the_focus_follows_each_round(services):
    # The wolf's dice come first: 6+6 against 1+1 wounds the hero, then 1+1 against 6+6 twice: the wolf falls.
    adventure = Adventure.start(
        Session(services.shelf.books["DF49"], ScriptedDice([6, 6, 1, 1, 1, 1, 6, 6, 1, 1, 6, 6]), Start(hero=HERO)),
        services.saves,
    )
    adventure.act({"do": "fight", "enemies": [{"name": "Loup", "skill": 7, "stamina": 4}]})
    board = CombatScene(services, adventure)
    d = KeyboardOnly(board, services)
    controls = board.controls
    d.tab_to(controls.attack_button)
    for _ in range(3):
        d.pause()  # at a player's pace: a press in the last roll's burst only lands the dice
        d.enter()  # a round: Attack is off until its wound is settled, the focus is on the decision
        if adventure.state.fight.winner:
            break  # a blow that kills asks nothing
        assert adventure.state.fight.pending
        assert board.group.focus.focused is controls.luck_button
        d.tab_to(controls.accept_button)
        d.pause()
        d.enter()  # accepted: the decision goes; the next round follows
        assert board.group.focus.focused is controls.attack_button
    assert adventure.state.fight.winner == "hero"
    assert board.group.focus.focused is controls.finish_button


# ---------------------------------------------------------------- the fight's announcements, brief or full (issue 29)


@pytest.mark.parametrize(("detail", "state_said"), [("full", True), ("brief", False)])
def test_the_fight_speech_setting_says_the_state_each_round_or_only_what_changed(services, detail, state_said):
    services.settings.fight_speech = detail
    adventure = Adventure.start(
        Session(services.shelf.books["DF49"], ScriptedDice([1, 1, 6, 6]), Start(hero=HERO)), services.saves
    )
    adventure.act({"do": "fight", "enemies": [{"name": "Loup", "skill": 7, "stamina": 5}]})
    d = KeyboardOnly(CombatScene(services, adventure), services)
    d.press("r")  # the hero wounds the wolf: a wound to settle
    said = next(line for line in reversed(services.ui.speech.history) if line.startswith("Assaut 1."))
    assert "vous le blessez" in said and "pour accepter" in said  # what happened and what it asks, either way
    assert ("Vous : ENDURANCE" in said) is state_said


def test_the_fight_setups_rows_of_choices_say_which_is_chosen(services):
    adventure = Adventure.start(Session(services.shelf.books["DF49"], ScriptedDice([]), Start(hero=HERO)), services.saves)
    setup = FightSetupScene(services, adventure)
    KeyboardOnly(setup, services)
    spoken = [button.spoken() for button in setup.controls.options.mode_buttons.values()]
    assert sum(", Plusieurs adversaires, choisi" in line for line in spoken) == 1
    assert sum(", Plusieurs adversaires, non choisi" in line for line in spoken) == len(spoken) - 1

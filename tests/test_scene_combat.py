"""The fight setup and the combat board, driven by posted clicks through the real main loop.

Each whole fight is played twice: through the screens (clicks, typed text) and
as the same actions applied to a bare Session with the same scripted dice. Both
must end in the same state: the screens decide nothing themselves.
"""

from __future__ import annotations

import sys
import types

import pygame
import pytest
from ui_helpers import init_pygame, key, text_input

from game.app.adventure import Adventure
from game.app.burst import BURST_GAP
from game.app.display import Display
from game.app.loop import FakeClock, MainLoop
from game.app.scene import Scene, SceneStack
from game.app.services import build_services
from game.rules.dice import ScriptedDice
from game.rules.session import Session, Start
from game.scenes.combat.animator import Phase
from game.scenes.combat.scene import CombatScene
from game.scenes.dice_entry import DiceEntryScene
from game.scenes.fight_setup.scene import FightSetupScene

HERO = {"skill": 10, "stamina": 12, "luck": 8}


class SheetStandIn(Scene):
    """What the lead's sheet will be: the scene under the fight screens."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((200, 190, 160))


@pytest.fixture
def services(tmp_path):
    init_pygame()
    pygame.event.clear()
    services = build_services(config_dir=tmp_path / "config", data_dir=tmp_path / "data", seed=3)
    services.settings.animation_speed = "off"
    return services


def adventure_for(services, book_id: str, dice: list[int], hero=HERO) -> Adventure:
    book = services.shelf.books[book_id]
    return Adventure(Session(book, ScriptedDice(dice), Start(hero=hero)), services.saves, services.saves.new_id())


def direct(services, book_id: str, dice: list[int], actions: list[dict], hero=HERO) -> Session:
    """The same fight without any screen."""
    session = Session(services.shelf.books[book_id], ScriptedDice(dice), Start(hero=hero))
    for action in actions:
        session.apply(action)
    return session


class Driver:
    """A main loop over a stack holding a stand-in sheet and the scene under test."""

    def __init__(self, scene: Scene, window=(1280, 720)) -> None:
        self.stack = SceneStack()
        self.sheet = SheetStandIn()
        self.stack.push(self.sheet)
        self.stack.push(scene)
        self.stack.apply_pending()
        self.display = Display(window)
        self.loop = MainLoop(self.stack, self.display, clock=FakeClock())
        self.loop.run_frames(2)

    @property
    def top(self) -> Scene:
        return self.stack.top

    def click(self, target) -> None:
        """Click the centre of a widget (or a logical point), in window coordinates."""
        pos = target if isinstance(target, tuple) else target.rect.center
        assert not hasattr(target, "visible") or target.visible, f"{target} is hidden"
        window_pos = self.display.viewport.to_window(pos)
        self.loop.run_frames(
            1,
            events=[
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window_pos, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=window_pos, button=1),
            ],
        )
        self.loop.run_frames(1)

    def pause(self, seconds: float = BURST_GAP) -> None:
        """Let ``seconds`` pass with no input: the burst of presses of the last roll stops."""
        self.loop.run_frames(int(seconds * 60) + 1)

    def pause_then_click(self, target) -> None:
        """A click as a new gesture, at a player's pace."""
        self.pause()
        self.click(target)

    def type_into(self, field, text: str) -> None:
        self.click(field)
        self.loop.run_frames(1, events=[text_input(ch) for ch in text])

    def keys(self, *events) -> None:
        self.loop.run_frames(1, events=list(events))


def typed_creature(driver: Driver, setup: FightSetupScene, name: str, skill: int, stamina: int) -> None:
    driver.type_into(setup.controls.creatures.name_field, name)
    driver.type_into(setup.controls.creatures.skill_field, str(skill))
    driver.type_into(setup.controls.creatures.stamina_field, str(stamina))
    driver.click(setup.controls.creatures.add_button)


def board(driver: Driver) -> CombatScene:
    scene = driver.top
    assert isinstance(scene, CombatScene), f"top is {scene!r}"
    return scene


def same_state(adventure: Adventure, session: Session) -> None:
    assert [e.action for e in adventure.session.entries] == [e.action for e in session.entries]
    assert adventure.state.model_dump() == session.state.model_dump()


# ---------------------------------------------------------------------- whole fights


def test_as_one_fight_through_clicks(services):
    dice = [6, 6, 1, 1, 3, 3, 4, 4, 2, 3]
    adventure = adventure_for(services, "DF31", dice)
    setup = FightSetupScene(services, adventure)
    d = Driver(setup)
    setup.controls.creatures.keep_toggle.value = False
    typed_creature(d, setup, "Deux orques", 9, 4)
    d.click(setup.controls.options.mode_buttons["as_one"])
    d.click(setup.controls.fight_button)
    scene = board(d)
    d.pause_then_click(scene.controls.attack_button)
    assert adventure.state.fight.pending[0].to == "hero"
    d.pause_then_click(scene.controls.accept_button)
    d.pause_then_click(scene.controls.attack_button)
    d.pause_then_click(scene.controls.luck_button)
    fight = adventure.state.fight
    assert not fight.active and fight.winner == "hero"
    assert fight.stats.model_dump() == {"rounds": 2, "damage_dealt": 4, "damage_taken": 2, "luck_spent": 1, "arrows_spent": 0}
    same_state(
        adventure,
        direct(
            services,
            "DF31",
            dice,
            [
                {"do": "fight", "mode": "as_one", "enemies": [{"name": "Deux orques", "skill": 9, "stamina": 4}]},
                {"do": "round"},
                {"do": "no_luck"},
                {"do": "round"},
                {"do": "luck"},
            ],
        ),
    )
    assert scene.controls.finish_button.visible
    d.pause_then_click(scene.controls.finish_button)
    assert d.top is d.sheet


def test_one_after_another_from_creature_boxes(services):
    dice = [1, 1, 3, 3, 1, 1, 2, 2, 2, 2, 1, 1]
    boxes = [
        {"do": "add_creature", "name": "Gobelin", "skill": 5, "stamina": 2},
        {"do": "add_creature", "name": "Orque", "skill": 6, "stamina": 3},
    ]
    adventure = adventure_for(services, "DF31", dice)
    for action in boxes:
        adventure.act(action)
    setup = FightSetupScene(services, adventure, boxes=(0, 1))
    d = Driver(setup)
    d.click(setup.controls.fight_button)
    scene = board(d)
    d.pause_then_click(scene.controls.attack_button)  # the Gobelin falls at once; the Orque steps in
    assert adventure.state.fight.front() == 1
    d.pause_then_click(scene.controls.attack_button)
    d.pause_then_click(scene.controls.accept_button)
    d.pause_then_click(scene.controls.attack_button)
    assert adventure.state.fight.winner == "hero"
    assert [b.stamina for b in adventure.state.creature_boxes] == [0, 0]
    same_state(
        adventure,
        direct(
            services,
            "DF31",
            dice,
            boxes
            + [
                {
                    "do": "fight",
                    "mode": "one_after_another",
                    "enemies": [
                        {"name": "Gobelin", "skill": 5, "stamina": 2, "box": 0},
                        {"name": "Orque", "skill": 6, "stamina": 3, "box": 1},
                    ],
                },
                {"do": "round"},
                {"do": "round"},
                {"do": "no_luck"},
                {"do": "round"},
            ],
        ),
    )


def test_all_together_with_targeting(services):
    hero = {"skill": 10, "stamina": 14, "luck": 9}
    dice = [2, 2, 1, 2, 3, 3, 6, 6, 1, 1, 2, 2, 4, 4, 1, 1, 1, 1, 3, 3, 1, 1, 3, 3]
    adventure = adventure_for(services, "DF64", dice, hero)
    setup = FightSetupScene(services, adventure)
    d = Driver(setup)
    setup.controls.creatures.keep_toggle.value = False
    typed_creature(d, setup, "A", 6, 2)
    typed_creature(d, setup, "B", 7, 4)
    d.click(setup.controls.options.mode_buttons["all_together"])
    d.click(setup.controls.fight_button)
    scene = board(d)
    d.pause_then_click(scene.controls.cards[1])  # aim at B
    assert scene.current_target() == 1
    d.pause_then_click(scene.controls.attack_button)
    results = {x.creature: x.result for x in adventure.state.fight.last_round}
    assert results == {1: "hero_hit", 0: "dodged"}
    d.pause_then_click(scene.controls.accept_button)
    d.pause_then_click(scene.controls.cards[0])  # aim at A
    d.pause_then_click(scene.controls.attack_button)
    assert adventure.state.fight.pending[0].to == "hero"
    d.pause_then_click(scene.controls.luck_button)
    d.pause_then_click(scene.controls.attack_button)  # A falls; the aim goes back to the one standing
    assert scene.current_target() == 1
    d.pause_then_click(scene.controls.attack_button)
    assert adventure.state.fight.winner == "hero"
    same_state(
        adventure,
        direct(
            services,
            "DF64",
            dice,
            [
                {
                    "do": "fight",
                    "mode": "all_together",
                    "enemies": [{"name": "A", "skill": 6, "stamina": 2}, {"name": "B", "skill": 7, "stamina": 4}],
                },
                {"do": "round", "target": 1},
                {"do": "no_luck"},
                {"do": "round", "target": 0},
                {"do": "luck"},
                {"do": "round", "target": 0},
                {"do": "round", "target": 1},
            ],
            hero,
        ),
    )


def test_string_broken_before_an_escape_stays_broken_on_the_next_board(services):
    """R-BOW-4 (revised): only a won fight mends the string; the next fight's board shows it broken."""
    hero = {"skill": 9, "stamina": 12, "luck": 7}
    adventure = adventure_for(services, "DF49", [6, 6, 6, 6], hero)
    for action in (
        {"do": "fight", "enemies": [{"name": "Loup", "skill": 7, "stamina": 5}], "arrows": 2, "escape": True},
        {"do": "shoot"},
        {"do": "luck"},
        {"do": "escape"},
        {"do": "no_luck"},
        {"do": "fight", "enemies": [{"name": "Ours", "skill": 8, "stamina": 6}], "arrows": 2},
    ):
        adventure.act(action)
    scene = CombatScene(services, adventure)
    scene.process_event(pygame.event.Event(pygame.USEREVENT))
    scene.update(0.0)
    assert adventure.state.fight.bow_broken
    assert scene.controls.shoot_button.visible and not scene.controls.shoot_button.enabled
    assert scene.controls.shoot_button.disabled_reason


def test_archery_miss_luck_broken_string_then_melee(services):
    hero = {"skill": 9, "stamina": 12, "luck": 7}
    dice = [3, 3, 6, 6, 5, 5, 1, 1, 4, 4, 1, 1, 4, 4]
    adventure = adventure_for(services, "DF49", dice, hero)
    setup = FightSetupScene(services, adventure)
    d = Driver(setup)
    setup.controls.creatures.keep_toggle.value = False
    typed_creature(d, setup, "Loup", 7, 5)
    for _ in range(3):
        d.click(setup.controls.options.shots_counter.plus_rect().center)
    assert setup.controls.options.shots_counter.value == 3
    d.click(setup.controls.fight_button)
    scene = board(d)
    assert scene.regions.quiver is not None and scene.controls.shoot_button.visible
    d.pause_then_click(scene.controls.shoot_button)  # 6 ≤ 9: a hit
    d.pause_then_click(scene.controls.shoot_button)  # 12 > 9: a miss, Luck offered
    assert adventure.state.fight.pending[0].kind == "missed_arrow"
    assert scene.controls.luck_button.visible
    d.pause_then_click(scene.controls.luck_button)  # unlucky: the string breaks
    fight = adventure.state.fight
    assert fight.bow_broken and fight.shots_left == 1
    assert not scene.controls.shoot_button.enabled
    d.pause_then_click(scene.controls.attack_button)  # close in
    assert adventure.state.fight.shots_left == 0
    d.pause_then_click(scene.controls.accept_button)
    d.pause_then_click(scene.controls.attack_button)
    fight = adventure.state.fight
    assert fight.winner == "hero" and not fight.bow_broken and fight.stats.arrows_spent == 2
    assert adventure.state.counters["arrows"] == 4
    same_state(
        adventure,
        direct(
            services,
            "DF49",
            dice,
            [
                {
                    "do": "fight",
                    "enemies": [{"name": "Loup", "skill": 7, "stamina": 5}],
                    "mode": "one_after_another",
                    "arrows": 3,
                },
                {"do": "shoot", "target": 0},
                {"do": "shoot", "target": 0},
                {"do": "luck"},
                {"do": "round"},
                {"do": "no_luck"},
                {"do": "round"},
            ],
            hero,
        ),
    )


def test_escape_with_luck(services):
    dice = [6, 6, 1, 1, 6, 6]
    adventure = adventure_for(services, "DF31", dice)
    setup = FightSetupScene(services, adventure)
    d = Driver(setup)
    setup.controls.creatures.keep_toggle.value = False
    typed_creature(d, setup, "Géant", 12, 20)
    d.click(setup.controls.options.escape_toggle)
    d.click(setup.controls.fight_button)
    scene = board(d)
    assert scene.controls.escape_button.visible and scene.controls.escape_button.enabled
    d.pause_then_click(scene.controls.attack_button)
    d.pause_then_click(scene.controls.accept_button)
    d.pause_then_click(scene.controls.escape_button)
    assert adventure.state.fight.pending[0].escape
    d.pause_then_click(scene.controls.luck_button)  # unlucky: 3 in all
    fight = adventure.state.fight
    assert fight.winner == "escaped" and adventure.state.hero.scores["stamina"] == 7
    same_state(
        adventure,
        direct(
            services,
            "DF31",
            dice,
            [
                {
                    "do": "fight",
                    "enemies": [{"name": "Géant", "skill": 12, "stamina": 20}],
                    "mode": "one_after_another",
                    "escape": True,
                    "escape_cost": 2,
                },
                {"do": "round"},
                {"do": "no_luck"},
                {"do": "escape"},
                {"do": "luck"},
            ],
        ),
    )


def test_ally_fight_with_typed_creatures_kept_on_the_sheet(services):
    dice = [6, 6, 2, 1, 1, 2, 5, 5, 1, 1, 6, 6, 1, 1, 4, 4, 2, 2]
    adventure = adventure_for(services, "DF31", dice)
    setup = FightSetupScene(services, adventure)
    d = Driver(setup)
    typed_creature(d, setup, "Gobelin", 5, 4)
    typed_creature(d, setup, "Rat", 5, 4)
    d.click(setup.controls.options.ally_toggle)
    d.type_into(setup.controls.options.ally_name, "Sorrel")
    d.type_into(setup.controls.options.ally_skill, "8")
    d.type_into(setup.controls.options.ally_stamina, "6")
    d.click(setup.controls.fight_button)
    scene = board(d)
    assert scene.regions.ally is not None
    d.pause_then_click(scene.controls.attack_button)
    assert [x.by_ally for x in adventure.state.fight.last_round] == [False, True]
    d.pause_then_click(scene.controls.accept_button)
    d.pause_then_click(scene.controls.attack_button)
    d.pause_then_click(scene.controls.luck_button)
    assert adventure.state.fight.winner == "hero"
    assert [(b.name, b.stamina) for b in adventure.state.creature_boxes] == [("Gobelin", 0), ("Rat", 0)]
    same_state(
        adventure,
        direct(
            services,
            "DF31",
            dice,
            [
                {"do": "add_creature", "name": "Gobelin", "skill": 5, "stamina": 4, "notes": ""},
                {"do": "add_creature", "name": "Rat", "skill": 5, "stamina": 4, "notes": ""},
                {
                    "do": "fight",
                    "mode": "one_after_another",
                    "ally": {"name": "Sorrel", "skill": 8, "stamina": 6},
                    "enemies": [
                        {"name": "Gobelin", "skill": 5, "stamina": 4, "box": 0},
                        {"name": "Rat", "skill": 5, "stamina": 4, "box": 1},
                    ],
                },
                {"do": "round"},
                {"do": "no_luck"},
                {"do": "round"},
                {"do": "luck"},
            ],
        ),
    )


# ---------------------------------------------------------------------- the board's behaviour


def started(services, book_id="DF31", dice=(), hero=HERO, **fight):
    adventure = adventure_for(services, book_id, list(dice), hero)
    action = {"do": "fight", "enemies": fight.pop("enemies", [{"name": "Orque", "skill": 8, "stamina": 8}]), **fight}
    assert not hasattr(adventure.act(action), "code")
    return adventure


def test_setup_shows_the_rules_refusal(services):
    adventure = adventure_for(services, "DF31", [])
    setup = FightSetupScene(services, adventure)
    d = Driver(setup)
    setup.controls.creatures.keep_toggle.value = False
    typed_creature(d, setup, "A", 6, 2)
    typed_creature(d, setup, "B", 7, 4)
    d.click(setup.controls.options.mode_buttons["as_one"])
    assert not setup.controls.fight_button.enabled
    assert setup.controls.fight_button.tooltip_text()
    d.click(setup.controls.fight_button)
    assert d.top is setup and adventure.state.fight is None


def test_a_defeated_creature_in_the_boxes_is_refused_with_a_reason_not_a_crash(services):
    adventure = adventure_for(services, "DF31", [])
    adventure.act({"do": "add_creature", "name": "Gobelin mort", "skill": 5, "stamina": 0})
    setup = FightSetupScene(services, adventure, boxes=(0,))
    d = Driver(setup)
    assert not setup.controls.fight_button.enabled and setup.controls.fight_button.tooltip_text()
    d.click(setup.controls.fight_button)
    assert d.top is setup and adventure.state.fight is None


def test_dice_tumble_on_the_board_and_a_click_skips(services):
    services.settings.animation_speed = "normal"
    adventure = started(services, dice=[1, 1, 6, 6])
    d = Driver(CombatScene(services, adventure))
    scene = board(d)
    d.pause_then_click(scene.controls.attack_button)
    assert scene.animator.phase is Phase.TUMBLING and scene.wants_animation
    assert scene.view_state is not adventure.state  # the cards wait for the dice
    d.click((640, 400))
    assert scene.animator.phase is Phase.IDLE and scene.view_state is adventure.state
    d.pause()
    assert not scene.wants_animation


def test_dice_settle_by_themselves_and_bars_ease(services):
    services.settings.animation_speed = "fast"
    adventure = started(services, dice=[6, 6, 1, 1])
    d = Driver(CombatScene(services, adventure))
    scene = board(d)
    d.pause_then_click(scene.controls.attack_button)
    d.loop.run_frames(40)  # 0.5 s at "fast": the dice have landed
    assert scene.animator.phase is not Phase.TUMBLING
    d.pause_then_click(scene.controls.accept_button)  # no dice: the bar eases down at once
    assert scene.animator.bars["hero"].moving
    d.loop.run_frames(120)
    assert not scene.wants_animation and scene.animator.bars["hero"].value == 10


def test_no_animation_setting_shows_results_at_once(services):
    adventure = started(services, dice=[1, 1, 6, 6])
    d = Driver(CombatScene(services, adventure))
    scene = board(d)
    d.pause_then_click(scene.controls.attack_button)
    assert scene.animator.phase is Phase.IDLE
    d.pause()  # the burst of clicks is over: nothing moves
    assert not scene.wants_animation


def test_undo_round_by_round_then_back_to_the_sheet(services):
    adventure = started(services, dice=[1, 1, 6, 6, 1, 1, 6, 6])
    d = Driver(CombatScene(services, adventure))
    scene = board(d)
    d.pause_then_click(scene.controls.attack_button)
    d.pause_then_click(scene.controls.accept_button)
    d.pause_then_click(scene.controls.attack_button)
    assert adventure.state.fight.stats.rounds == 2
    d.keys(key(pygame.K_z, pygame.KMOD_CTRL))
    assert adventure.state.fight.stats.rounds == 1 and len(scene.timeline) == 3
    d.pause_then_click(scene.controls.undo_button)
    d.pause_then_click(scene.controls.undo_button)
    assert adventure.state.fight.stats.rounds == 0 and len(scene.timeline) == 1
    d.keys(key(pygame.K_y, pygame.KMOD_CTRL))  # redo
    assert adventure.state.fight.stats.rounds == 1
    d.pause_then_click(scene.controls.undo_button)
    d.pause_then_click(scene.controls.undo_button)  # undoes the fight itself
    assert adventure.state.fight is None and d.top is d.sheet


def test_physical_dice_are_asked_for(services):
    services.settings.physical_dice = True
    adventure = started(services)
    d = Driver(CombatScene(services, adventure))
    scene = board(d)
    d.pause_then_click(scene.controls.attack_button)
    entry = d.top
    assert isinstance(entry, DiceEntryScene) and entry.sides == [6, 6, 6, 6]
    for row, face in enumerate([2, 3, 5, 6]):
        d.click(entry.pip_buttons[row][face - 1])
    d.click(entry.ok)
    assert d.top is scene
    assert adventure.session.entries[-1].dice == [2, 3, 5, 6]
    assert adventure.state.fight.last_round[0].result == "hero_hit"


def test_death_goes_to_the_death_scene(services, monkeypatch):
    class DeathScene(Scene):
        def __init__(self, services, adventure):
            super().__init__()
            self.adventure = adventure

    monkeypatch.setitem(sys.modules, "game.scenes.death.scene", types.SimpleNamespace(DeathScene=DeathScene))
    adventure = started(services, dice=[6, 6, 1, 1], hero={"skill": 8, "stamina": 2, "luck": 5})
    d = Driver(CombatScene(services, adventure))
    scene = board(d)
    d.pause_then_click(scene.controls.attack_button)
    d.pause_then_click(scene.controls.accept_button)
    assert adventure.state.fight.winner == "enemies" and not adventure.state.hero.alive
    d.pause_then_click(scene.controls.finish_button)
    assert isinstance(d.top, DeathScene)


def test_odds_come_from_the_worker(services):
    adventure = started(
        services,
        book_id="DF64",
        hero={"skill": 10, "stamina": 16, "luck": 9},
        mode="all_together",
        enemies=[{"name": "A", "skill": 7, "stamina": 6}, {"name": "B", "skill": 8, "stamina": 6}],
    )
    scene = CombatScene(services, adventure)
    assert scene.odds.wait(30)
    answer = scene.odds_answer()
    expected = adventure.session.rules.derived(adventure.book, adventure.state, "odds")
    assert answer["odds"] == expected
    scene.shutdown()


@pytest.mark.parametrize("window", [(1280, 720), (1920, 1080), (1000, 800)])
def test_board_renders_and_answers_clicks_at_window_size(services, window):
    adventure = started(
        services,
        book_id="DF49",
        dice=[1, 1, 6, 6],
        arrows=2,
        ally={"name": "Sorrel", "skill": 8, "stamina": 6},
        enemies=[
            {"name": "A", "skill": 7, "stamina": 6},
            {"name": "B", "skill": 8, "stamina": 6},
            {"name": "C", "skill": 6, "stamina": 5},
        ],
        mode="all_together",
    )
    d = Driver(CombatScene(services, adventure), window=window)
    scene = board(d)
    assert d.loop.run_frames(1, events=[pygame.event.Event(pygame.VIDEORESIZE, w=window[0], h=window[1])]) == 1
    d.pause_then_click(scene.controls.cards[2])
    assert scene.current_target() == 2
    d.pause_then_click(scene.controls.shoot_button)
    assert adventure.session.entries[-1].action["do"] == "shoot"
    assert d.display.window.get_size() == window


def test_showcase_factories_build(services):
    from game.app.showcase import load_all

    factories = [(name, f) for name, f in load_all() if name.startswith("combat")]
    assert {name for name, _ in factories} >= {
        "combat-setup",
        "combat-archery",
        "combat-pending-wound",
        "combat-all-together",
        "combat-victory",
    }
    surface = pygame.Surface((1280, 720))
    for _name, factory in factories:
        for scene in factory(services):
            scene.draw(surface)


def test_the_board_paints_every_pixel_so_the_loop_does_not_clear_the_page_first(services):
    """Issue 28 item 4: the board's layer covers the page; a frame is one pass over it, and nothing of the
    page before the frame shows through."""
    adventure = started(services)
    d = Driver(CombatScene(services, adventure))
    surface = d.display.surface
    assert d.stack.covers_page(surface.get_size())
    surface.fill((255, 0, 255))
    d.loop.dirty = True
    d.loop.run_frames(1)
    left = pygame.mask.from_threshold(surface, (255, 0, 255, 255), (1, 1, 1, 255)).count()
    assert left == 0


@pytest.mark.parametrize("language", ["fr", "en"])
def test_as_one_with_several_creatures_typed_says_what_to_type_whole(services, monkeypatch, language):
    # Issue 30 item 4 (DF64, three rats): Combattre was greyed and its reason cut ("…celui du…").
    from game.scenes.fight_setup import paint as setup_paint

    services.ui.catalogue.set_language(language)
    adventure = adventure_for(services, "DF64", [])
    setup = FightSetupScene(services, adventure)
    d = Driver(setup)
    setup.controls.creatures.keep_toggle.value = False
    for name in ("Rat 1", "Rat 2", "Rat 3"):
        typed_creature(d, setup, name, 5, 4)
    d.click(setup.controls.options.mode_buttons["as_one"])
    reason = services.ui.t("refused.as_one_single")
    button = setup.controls.fight_button
    assert not button.enabled and services.ui.text(button.disabled_reason) == reason  # its tooltip
    written: list[str] = []
    real = setup_paint.blit_text
    monkeypatch.setattr(
        setup_paint, "blit_text", lambda surface, text, *a, **k: written.append(text) or real(surface, text, *a, **k)
    )
    setup.draw(pygame.Surface(setup.page))
    start = next(i for i, text in enumerate(written) if reason.startswith(text))
    lines = written[start : start + 3]
    assert " ".join(line for line in lines if reason.find(line) >= 0) == reason  # every word shown, none cut

"""The Rôle'n Play table's samples: a sample table (real actions) for the showcase, the tests and the tools,
and the showcase's ``rnp-*`` screens (every tab, the character form, the players' view, the dice, the saves)."""

from __future__ import annotations

from typing import TypeVar

from game.app.adventure import Adventure
from game.app.navigator import Screen
from game.app.scene import Scene
from game.app.services import Services
from game.app.showcase import showcase
from game.rules.dice import RandomDice
from game.rules.rnp import actions as a
from game.rules.rnp.actions import RnpAction
from game.rules.rnp.state import TableState
from game.rules.session import Entry, Session, Start
from game.scenes.rnp_table.breath import BreathPanel
from game.scenes.rnp_table.character_form import CharacterForm
from game.scenes.rnp_table.data import last_saves
from game.scenes.rnp_table.fall import FallPanel
from game.scenes.rnp_table.hiding import HidePanel
from game.scenes.rnp_table.panel import Panel
from game.scenes.rnp_table.players import PlayersScene, players_view
from game.scenes.rnp_table.saves import SavesScene
from game.scenes.rnp_table.scene import RnpTableScene
from game.scenes.rnp_table.travel import TravelPanel, present_travel

P = TypeVar("P", bound=Panel)

SAMPLE_PARTY: tuple[a.Action, ...] = (
    a.AddCharacter(
        name="Brok",
        scores={"str": 16, "dex": 10, "con": 16, "int": 9, "wis": 12, "cha": 8},
        skills=["athletics"],
        saves=["str", "con"],
        senses=a.SensesSpec(darkvision=18),
    ),
    a.AddCharacter(
        name="Elwen",
        scores={"str": 10, "dex": 17, "con": 12, "int": 13, "wis": 14, "cha": 11},
        skills=["stealth", "perception", "acrobatics"],
        saves=["dex", "int"],
        senses=a.SensesSpec(darkvision=18),
    ),
    a.AddCharacter(
        name="Mira",
        scores={"str": 12, "dex": 13, "con": 9, "int": 11, "wis": 15, "cha": 14},
        proficiency=2,
        skills=["perception"],
        saves=["wis", "cha"],
    ),
    a.AddCharacter(
        name="Pip",
        scores={"str": 8, "dex": 16, "con": 13, "int": 12, "wis": 10, "cha": 13},
        skills=["stealth"],
        saves=["dex", "cha"],
    ),
)
SAMPLE_SHEETS: tuple[a.Action, ...] = (
    a.SetHp(character="Brok", maximum=28),
    a.SetHp(character="Elwen", maximum=19),
    a.SetHp(character="Mira", maximum=16),
    a.SetHp(character="Pip", maximum=17),
    a.SetSupplies(character="Brok", rations=5, water_l=8),
    a.SetSupplies(character="Elwen", rations=4, water_l=6),
    a.SetSupplies(character="Mira", rations=2, water_l=4, ration="half"),
    a.SetSupplies(character="Pip", rations=3, water_l=5),
)


def sample_table(services: Services, *, journey: bool = True, seed: int = 12) -> Adventure:
    """Three adventurers (a dwarf with darkvision, an elf, a human) and, with ``journey``, two days on the road
    with a forced march, a day short of water and an ambush avoided: all real actions."""
    book = services.shelf.books["rolenplay"]
    session: Session[TableState, RnpAction] = Session(book, RandomDice(seed), Start(language=services.language))
    for action in SAMPLE_PARTY + SAMPLE_SHEETS:
        session.apply(action)
    if journey:
        for step in (
            a.Advance(amount=8),
            a.TravelParty(mode="foot", pace="normal", terrain="normal", days=1),
            a.EatDay(character="Mira", ration="half"),
            a.TravelParty(mode="foot", pace="fast", terrain="normal", days=1, extra_hours=3),
            a.Drink(character="Brok", litres=3),
            a.Drink(character="Elwen", litres=3),
            a.Drink(character="Mira", litres=1),
            a.DrinkDay(character="Brok"),
            a.DrinkDay(character="Elwen"),
            a.DrinkDay(character="Mira"),
            a.Damage(character="Brok", amount=9),
            a.SetHp(character="Elwen", temporary=5),
            a.AddTimer(label="Repos long", amount=16, scale="hour"),
            a.SetScale(scale="minute"),
            a.AddTimer(label="Torche", amount=60, scale="minute", character="Mira"),
            a.Advance(amount=20),
            a.Hide(
                character="Elwen",
                condition="cover",
                watchers=[a.Watcher(name="Orc", passive_perception=10), a.Watcher(name="Warg", passive_perception=13)],
            ),
        ):
            session.apply(step)
    return Adventure.start(session, services.saves)


def table_on(services: Services, tab: str, adventure: Adventure | None = None) -> RnpTableScene:
    """The sample table (or ``adventure``'s) open on ``tab``."""
    return RnpTableScene(services, adventure or sample_table(services), tab)


def opened(services: Services, tab: str, cls: type[P], adventure: Adventure | None = None) -> tuple[RnpTableScene, P]:
    """The sample table (or ``adventure``'s) open on ``tab``, and that tab's panel (a ``cls``)."""
    scene = table_on(services, tab, adventure)
    panel = scene.panels[tab]
    assert isinstance(panel, cls)
    return scene, panel


def plain_table(name: str, tab: str) -> None:
    """The showcase's ``name``: the sample table open on ``tab``, as it is."""

    def build(services: Services) -> list[Scene]:
        return [table_on(services, tab)]

    showcase(name)(build)


plain_table("rnp-party", "party")


plain_table("rnp-clock", "clock")


@showcase("rnp-timers")
def _timers(services: Services) -> list[Scene]:
    adventure = sample_table(services)
    adventure.act(a.HoldBreath(do="hold_breath", character="Pip", timer=True))
    adventure.act(a.Advance(do="advance", amount=1))
    return [table_on(services, "timers", adventure)]


@showcase("rnp-travel")
def _travel(services: Services) -> list[Scene]:
    scene, planner = opened(services, "travel", TravelPanel)
    planner.plan.update(mode="foot", pace="fast", terrain="difficult", unit="days")
    planner.texts.update(amount="1", extra="2")
    scene.rebuild()
    return [scene]


@showcase("rnp-travel-relay")
def _travel_relay(services: Services) -> list[Scene]:
    """A gallop of 3 h with relay mounts (R-RNP-MOUNT-1 revised): the fresh mounts and changes in the preview."""
    scene, planner = opened(services, "travel", TravelPanel)
    planner.plan.update(mode="gallop", unit="hours", relay=True)
    planner.texts.update(amount="3")
    scene.rebuild()
    return [scene]


@showcase("rnp-travel-ride")
def _travel_ride(services: Services) -> list[Scene]:
    """A day on horseback at the normal pace, one hour of it galloped."""
    scene, planner = opened(services, "travel", TravelPanel)
    planner.plan.update(mode="ride", pace="normal", unit="days")
    planner.texts.update(amount="1", gallop_hours="1")
    scene.rebuild()
    return [scene]


plain_table("rnp-calculators", "jump")


@showcase("rnp-fall")
def _fall(services: Services) -> list[Scene]:
    adventure = sample_table(services)
    adventure.act(a.Fall(do="fall", metres=10, character="Mira"))
    scene, fall = opened(services, "fall", FallPanel, adventure)
    fall.texts["metres"] = "10"
    fall.who = "Mira"
    scene.rebuild()
    return [scene]


@showcase("rnp-breath")
def _breath(services: Services) -> list[Scene]:
    scene, breath = opened(services, "breath", BreathPanel)
    breath.who = "Brok"
    breath.hold()
    scene.act(a.SetScale(do="set_scale", scale="round"))
    scene.act(a.Advance(do="advance", amount=12))
    return [scene]


plain_table("rnp-food", "food")


@showcase("rnp-light")
def _light(services: Services) -> list[Scene]:
    scene = table_on(services, "light")
    scene.act(a.AdvanceTo(do="advance_to", to="dusk"))  # outdoors the clock sets the light: dusk is dim
    scene.shared.obscurement = "light"
    scene.rebuild()
    return [scene]


@showcase("rnp-hiding")
def _hiding(services: Services) -> list[Scene]:
    scene, hiding = opened(services, "hide", HidePanel)
    hiding.who = "Mira"
    hiding.condition = "darkness"
    scene.act(a.SetLight(do="set_light", light="darkness"))
    hiding.watch.update({"Brok": "passive", "c1": "passive", "c2": "active"})
    hiding.texts.update(c1_name="Orc", c2_name="Warg", c2_pp="13")
    scene.rebuild()
    return [scene]


@showcase("rnp-form")
def _form(services: Services) -> list[Scene]:
    scene = table_on(services, "party", sample_table(services, journey=False))
    elwen = scene.rules["party"]["Elwen"]
    return [scene, CharacterForm(services.ui, scene, scene.book, elwen, scene.written_passive(elwen), scene.page)]


@showcase("rnp-players")
def _players(services: Services) -> list[Scene]:
    adventure = sample_table(services)
    adventure.act(a.AdvanceTo(to="dusk"))
    table = table_on(services, "clock", adventure)
    return [table, PlayersScene(services.ui, players_view(services.ui, table.book, table.rules), table.page)]


@showcase("rnp-dice")
def _dice(services: Services) -> list[Scene]:
    adventure = sample_table(services, journey=False)
    scene = table_on(services, "travel", adventure)
    entry = adventure.act(a.TravelParty(do="travel_party", mode="foot", pace="normal", days=1, extra_hours=2))
    assert isinstance(entry, Entry)
    title, groups, verdict, tone = present_travel(services.ui, adventure.state.result or {})
    overlay = services.navigator.build(Screen.DICE_ROLL, title, groups, verdict, tone=tone, rng=services.rng, animation_factor=0)
    return [scene, overlay]


@showcase("rnp-saves")
def _saves(services: Services) -> list[Scene]:
    scene = table_on(services, "travel")
    entry = last_saves(scene.rules)
    assert entry is not None
    return [scene, SavesScene(services.ui, scene.book, entry, scene.page)]

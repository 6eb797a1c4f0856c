"""A sample Rôle'n Play table for the showcase, the tests and the tools: real actions, no screen."""

from __future__ import annotations

from game.app.adventure import Adventure
from game.app.services import Services
from game.rules.dice import RandomDice
from game.rules.rnp import actions as a
from game.rules.rnp.actions import RnpAction
from game.rules.rnp.state import TableState
from game.rules.session import Session, Start

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

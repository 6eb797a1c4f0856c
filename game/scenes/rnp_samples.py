"""A sample Rôle'n Play table for the showcase, the tests and the tools: real actions, no screen."""

from __future__ import annotations

from game.app.adventure import Adventure
from game.app.services import Services
from game.rules.dice import RandomDice
from game.rules.rnp.actions import RnpAction
from game.rules.rnp.state import TableState
from game.rules.session import Session, Start

SAMPLE_PARTY = (
    {
        "do": "add_character",
        "name": "Brok",
        "scores": {"str": 16, "dex": 10, "con": 16, "int": 9, "wis": 12, "cha": 8},
        "skills": ["athletics"],
        "saves": ["str", "con"],
        "senses": {"darkvision": 18},
    },
    {
        "do": "add_character",
        "name": "Elwen",
        "scores": {"str": 10, "dex": 17, "con": 12, "int": 13, "wis": 14, "cha": 11},
        "skills": ["stealth", "perception", "acrobatics"],
        "saves": ["dex", "int"],
        "senses": {"darkvision": 18},
    },
    {
        "do": "add_character",
        "name": "Mira",
        "scores": {"str": 12, "dex": 13, "con": 9, "int": 11, "wis": 15, "cha": 14},
        "proficiency": 2,
        "skills": ["perception"],
        "saves": ["wis", "cha"],
    },
    {
        "do": "add_character",
        "name": "Pip",
        "scores": {"str": 8, "dex": 16, "con": 13, "int": 12, "wis": 10, "cha": 13},
        "skills": ["stealth"],
        "saves": ["dex", "cha"],
    },
)
SAMPLE_SHEETS = (
    {"do": "set_hp", "character": "Brok", "maximum": 28},
    {"do": "set_hp", "character": "Elwen", "maximum": 19},
    {"do": "set_hp", "character": "Mira", "maximum": 16},
    {"do": "set_hp", "character": "Pip", "maximum": 17},
    {"do": "set_supplies", "character": "Brok", "rations": 5, "water_l": 8},
    {"do": "set_supplies", "character": "Elwen", "rations": 4, "water_l": 6},
    {"do": "set_supplies", "character": "Mira", "rations": 2, "water_l": 4, "ration": "half"},
    {"do": "set_supplies", "character": "Pip", "rations": 3, "water_l": 5},
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
            {"do": "advance", "amount": 8},
            {"do": "travel_party", "mode": "foot", "pace": "normal", "terrain": "normal", "days": 1},
            {"do": "eat_day", "character": "Mira", "ration": "half"},
            {"do": "travel_party", "mode": "foot", "pace": "fast", "terrain": "normal", "days": 1, "extra_hours": 3},
            {"do": "drink", "character": "Brok", "litres": 3},
            {"do": "drink", "character": "Elwen", "litres": 3},
            {"do": "drink", "character": "Mira", "litres": 1},
            {"do": "drink_day", "character": "Brok"},
            {"do": "drink_day", "character": "Elwen"},
            {"do": "drink_day", "character": "Mira"},
            {"do": "damage", "character": "Brok", "amount": 9},
            {"do": "set_hp", "character": "Elwen", "temporary": 5},
            {"do": "add_timer", "label": "Repos long", "amount": 16, "scale": "hour"},
            {"do": "set_scale", "scale": "minute"},
            {"do": "add_timer", "label": "Torche", "amount": 60, "scale": "minute", "character": "Mira"},
            {"do": "advance", "amount": 20},
            {
                "do": "hide",
                "character": "Elwen",
                "condition": "cover",
                "watchers": [{"name": "Orc", "passive_perception": 10}, {"name": "Warg", "passive_perception": 13}],
            },
        ):
            session.apply(step)
    return Adventure.start(session, services.saves)

"""The table as plain nested data: the ``result.*`` and other paths of the rules cases, and the screen's data."""

from __future__ import annotations

from typing import Any

from game.books.rolenplay import RolenplayBook
from game.rules.rnp.abilities import modifier, passive_perception
from game.rules.rnp.clock import clock_view, daylight, light_now
from game.rules.rnp.context import tidy
from game.rules.rnp.exhaustion import effects, hp_maximum, is_dead, recovery_blocked
from game.rules.rnp.state import Character, TableState
from game.rules.rnp.sustenance import safe_fasting_days
from game.rules.rnp.timers import timers_view


def character_view(book: RolenplayBook, state: TableState, member: Character, language: str) -> dict[str, Any]:
    """One party member with everything derived: modifiers, passive Perception, exhaustion effects."""
    level = member.exhaustion
    return {
        "name": member.name,
        "scores": dict(member.scores),
        "modifiers": {ability: modifier(book, score) for ability, score in member.scores.items()},
        "proficiency": member.proficiency,
        "skills": list(member.skills),
        "saves": list(member.saves),
        "passive_perception": passive_perception(book, member, state.pace),
        "passive_perception_at_rest": passive_perception(book, member),
        "exhaustion": level,
        "exhaustion_effects": effects(book, level),
        "exhaustion_text": [lv.text.get(language) for lv in book.exhaustion.levels if lv.level <= level],
        "alive": not is_dead(book, member),
        "fasting_days": member.fasting_days,
        "safe_fasting_days": safe_fasting_days(book, member.scores[book.food.ability]),
        "water_today_l": member.water_today_l,
        "dehydrated": member.dehydrated,
        "recovery_blocked": recovery_blocked(member),
        "senses": member.senses.model_dump(),
        "hidden": member.hidden,
        "stealth_dc": member.stealth_dc,
        "hp": member.hp,
        "hp_max": member.hp_max,
        "hp_max_now": hp_maximum(book, member),
        "hp_temp": member.hp_temp,
        "dying": member.hp_max > 0 and member.hp == 0 and not is_dead(book, member),
        "rations": member.rations,
        "water_l": member.water_l,
        "ration": member.ration,
        "max_pace": member.max_pace,
        "left_at_s": member.left_at_s,
    }


def table_view(book: RolenplayBook, state: TableState, language: str = "fr") -> dict[str, Any]:
    """Everything a case or the screen reads; ``result`` is the last action's result (or null)."""
    pace = None if state.pace is None else book.pace(state.pace)
    period = daylight(book, state.clock.elapsed_s)
    return {
        "result": state.result,
        "clock": clock_view(book, state.clock),
        "pace": state.pace,
        "mode": state.mode,
        "pace_effects": {
            "stealth": bool(pace and pace.stealth),
            "passive_perception": pace.passive_perception if pace else 0,
        },
        "party": {m.name: character_view(book, state, m, language) for m in state.party},
        "party_order": [m.name for m in state.party],
        "journal": [tidy(entry.model_dump()) for entry in state.journal],
        "timers": timers_view(book, state),
        "daylight": period.id,
        "daylight_light": period.light,
        "light_override": state.light_override,
        "light": light_now(book, state),
    }

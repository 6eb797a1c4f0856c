"""The table as plain nested data: the ``result.*`` and other paths of the rules cases, and the screen's data."""

from __future__ import annotations

from typing import Any

from game.books.rolenplay import RolenplayBook
from game.rules.rnp.abilities import modifier, passive_perception
from game.rules.rnp.clock import clock_view, daylight, light_now, outdoor_light
from game.rules.rnp.context import tidy
from game.rules.rnp.exhaustion import blocked_levels, causes, effects, hp_maximum, is_dead, recovery_blocked
from game.rules.rnp.state import Character, TableState, pace_in_force
from game.rules.rnp.sustenance import safe_fasting_days
from game.rules.rnp.timers import timers_view


def character_view(book: RolenplayBook, state: TableState, member: Character, language: str) -> dict[str, Any]:
    """One party member with everything derived: modifiers, passive Perception, exhaustion effects."""
    level = member.exhaustion
    breath = next((t for t in state.timers if t.kind == "breath" and t.character == member.name), None)
    out_of_air = breath is not None and state.clock.elapsed_s - breath.start_s >= breath.duration_s
    dead = is_dead(book, member)
    return {
        "name": member.name,
        "scores": dict(member.scores),
        "modifiers": {ability: modifier(book, score) for ability, score in member.scores.items()},
        "proficiency": member.proficiency,
        "skills": list(member.skills),
        "saves": list(member.saves),
        "passive_perception": passive_perception(book, member, pace_in_force(state)),
        "passive_perception_at_rest": passive_perception(book, member),
        "exhaustion": level,
        "exhaustion_effects": effects(book, level),
        "exhaustion_causes": causes(member),
        "blocked_levels": blocked_levels(member),
        "exhaustion_text": [lv.text.get(language) for lv in book.exhaustion.levels if lv.level <= level],
        "alive": not dead,
        "fasting_days": member.fasting_days,
        "safe_fasting_days": safe_fasting_days(book, member.scores[book.food.ability]),
        "water_today_l": member.water_today_l,
        "dehydrated": member.dehydrated,
        "recovery_blocked": recovery_blocked(member),
        "senses": member.senses.model_dump(),
        "hidden": member.hidden,
        "stealth_dc": member.stealth_dc,
        "hidden_by": member.hidden_at.condition if member.hidden_at else None,
        "search_offered": member.search_offered,
        "hp": member.hp,
        "hp_max": member.hp_max,
        "hp_max_now": hp_maximum(book, member),
        "hp_temp": member.hp_temp,
        "dying": not dead and ((member.hp_max > 0 and member.hp == 0) or out_of_air),
        # R-RNP-AIR-1: a breath countdown runs (no hit point regained), and once it is out.
        "cannot_breathe": breath is not None,
        "out_of_air": out_of_air,
        "rations": member.rations,
        "water_l": member.water_l,
        "ration": member.ration,
        "max_pace": member.max_pace,
        "left_at_s": member.left_at_s,
    }


def table_view(book: RolenplayBook, state: TableState, language: str = "fr") -> dict[str, Any]:
    """Everything a case or the screen reads; ``result`` is the last action's result (or null)."""
    in_force = pace_in_force(state)
    pace = None if in_force is None else book.pace(in_force)
    period = daylight(book, state.clock.elapsed_s)
    return {
        "result": state.result,
        "clock": clock_view(book, state.clock),
        "pace": state.pace,
        "mode": state.mode,
        "resting": state.resting,
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
        "moon": book.time.moon_phase(state.moon).id,
        "outdoor_light": outdoor_light(book, state),
        "light": light_now(book, state),
    }

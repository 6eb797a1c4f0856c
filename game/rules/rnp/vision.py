"""Light, visibility and senses (R-RNP-LIGHT-1)."""

from __future__ import annotations

from dataclasses import dataclass

from game.books.rolenplay import RolenplayBook
from game.rules.rnp import actions as a
from game.rules.rnp.context import Context, not_negative


@dataclass(frozen=True)
class Sight:
    """What one observer makes of a zone: the visibility, through which sense, in colour or not."""

    visibility: str
    sense: str | None
    colours: bool


def worst(book: RolenplayBook, *visibilities: str) -> str:
    """The worse of several visibilities (fog in bright light is still fog)."""
    return max(visibilities, key=lambda v: book.visibility_def(v).rank)


def zone_visibility(book: RolenplayBook, light: str, obscurement: str) -> str:
    """Plain sight: the light's visibility, worsened by fog or foliage."""
    return worst(book, book.light_def(light).visibility, book.obscurement_def(obscurement).visibility)


def sight(book: RolenplayBook, light: str, obscurement: str, senses: dict[str, float], distance: float | None) -> Sight:
    """R-RNP-LIGHT-1: the best of plain sight and each sense within range.

    Darkvision sees darkness as dim light, in greys; blindsight ignores light (and, not
    being sight, fog and foliage); truesight sees in darkness. The mapping is book data.
    A sense works within its range; with no distance given the target is taken as in range.
    """
    best = Sight(zone_visibility(book, light, obscurement), None, True)
    for sense_id, reach in senses.items():
        if reach <= 0 or (distance is not None and distance > reach):
            continue
        sense = book.sense(sense_id)
        seen_light: str = light
        for seen, as_light in sense.sees_light_as.items():  # the book's light ids; ``light`` is any text
            if seen == light:
                seen_light = as_light
        fog = "normal" if sense.ignores_obscurement else book.obscurement_def(obscurement).visibility
        visibility = worst(book, book.light_def(seen_light).visibility, fog)
        if book.visibility_def(visibility).rank < book.visibility_def(best.visibility).rank:
            best = Sight(visibility, sense_id, light not in sense.colourless_in)
    return best


def sees_invisible(book: RolenplayBook, senses: dict[str, float], distance: float | None) -> str | None:
    """The sense (truesight, blindsight) that shows an invisible creature within range, if any."""
    for sense_id, reach in senses.items():
        if reach > 0 and (distance is None or distance <= reach) and book.sense(sense_id).sees_invisible:
            return sense_id
    return None


def visibility(ctx: Context, action: a.Visibility) -> None:
    """``visibility``: what an observer (a party member or given senses) sees in a zone, and the effects."""
    senses = {
        "darkvision": not_negative(action.darkvision_m, "darkvision_m"),
        "blindsight": not_negative(action.blindsight_m, "blindsight_m"),
        "truesight": not_negative(action.truesight_m, "truesight_m"),
    }
    if action.character is not None:
        member = ctx.character(action.character)
        senses = {k: max(v, getattr(member.senses, k)) for k, v in senses.items()}
    distance = None if action.distance_m is None else not_negative(action.distance_m, "distance_m")
    seen = sight(ctx.book, action.light, action.obscurement, senses, distance)
    effects = ctx.book.visibility_def(seen.visibility).effects
    ctx.set_result(
        "visibility",
        visibility=seen.visibility,
        sense=seen.sense,
        colours=seen.colours,
        zone=zone_visibility(ctx.book, action.light, action.obscurement),
        effects=list(effects),
        blinded="blinded" in effects,
        # A blinded creature attacks with disadvantage; attacks against it have advantage (book data).
        attacks="disadvantage" if "attacks_disadvantage" in effects else None,
        attacked="advantage" if "attacked_advantage" in effects else None,
    )

"""Hiding and revealing one's position (R-RNP-HIDE-1; travel pace per R-RNP-PACE-1)."""

from __future__ import annotations

from typing import Any

from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.rnp.abilities import ability_check, check_score, modifier, passive_perception, test_roll
from game.rules.rnp.clock import light_now
from game.rules.rnp.context import Context, not_negative
from game.rules.rnp.state import Character, HidingPlace, TableState, pace_in_force
from game.rules.rnp.vision import sees_invisible, sight, zone_visibility


def watcher_senses(ctx: Context, watcher: a.Watcher) -> dict[str, float]:
    """A watcher's sense ranges: the party sheet's, or the ones given."""
    given = {
        "darkvision": not_negative(watcher.darkvision_m, "darkvision_m"),
        "blindsight": not_negative(watcher.blindsight_m, "blindsight_m"),
        "truesight": not_negative(watcher.truesight_m, "truesight_m"),
    }
    if watcher.character is not None:
        member = ctx.character(watcher.character)
        return {k: max(v, getattr(member.senses, k)) for k, v in given.items()}
    return given


def watcher_name(watcher: a.Watcher, index: int) -> str:
    return watcher.character or watcher.name or f"watcher {index + 1}"


def check_unseen(ctx: Context, action: a.Hide) -> None:
    """R-RNP-HIDE-1: the hider must be unseen by every watcher before trying; refuse otherwise."""
    book = ctx.book
    condition = book.condition(action.condition)
    distance = None if action.distance_m is None else not_negative(action.distance_m, "distance_m")
    if condition.needs_gm_leave and not action.gm_leave:
        raise Refused("gm_leave", "hiding in an unobserved spot needs the game master's leave (gm_leave)")
    if action.condition == "darkness" and zone_visibility(book, action.light, action.obscurement) != "none":
        raise Refused("zone_visible", "the hider's zone is not a zone of no visibility (darkness, thick fog…)")
    for index, watcher in enumerate(action.watchers):
        senses = watcher_senses(ctx, watcher)
        name = watcher_name(watcher, index)
        if action.condition == "darkness":
            seen = sight(book, action.light, action.obscurement, senses, distance)
            if seen.visibility != "none":
                raise Refused(
                    "watcher_sees",
                    f"{name} sees into that zone ({seen.sense}): the hider is not unseen",
                    watcher=name,
                    sense=seen.sense,
                )
        if action.condition == "invisible":
            sense = sees_invisible(book, senses, distance)
            if sense is not None:
                raise Refused(
                    "watcher_sees", f"{name} sees the invisible ({sense}): the hider is not unseen", watcher=name, sense=sense
                )


def check_travel_pace(ctx: Context, action: a.Hide) -> None:
    """R-RNP-PACE-1 / R-RNP-HIDE-1: travelling stealthily needs the slow pace (no boat: no slow-pace benefit)."""
    if not action.travelling:
        return
    if action.pace is None and ctx.state.mode == "boat":
        raise Refused("boat_no_stealth", "a boat gives no slow-pace benefit: no stealth while sailing")
    pace = action.pace or ctx.state.pace
    if pace is None or not ctx.book.pace(pace).stealth:
        raise Refused("travel_pace", "travelling stealthily needs the slow pace", pace=pace)


def hider(ctx: Context, action: a.Hide) -> tuple[Character | None, str]:
    """The party member hiding (alive), or the name of a hider given by its DEX score."""
    if (action.character is None) == (action.dex is None):
        raise Refused("hider", "give either a party character or the hider's dex score")
    if action.character is not None:
        if action.proficient:
            raise Refused("proficient_on_sheet", "a party member's Stealth proficiency is on the sheet (skills)")
        member = ctx.living(action.character)
        return member, member.name
    check_score(ctx.book, action.dex, "Dexterity")
    return None, "hider"


def stealth_roll(ctx: Context, member: Character | None, action: a.Hide) -> dict[str, Any]:
    """The Dexterity (Stealth) check whose total is the DC to spot the hider."""
    book = ctx.book
    if member is not None:
        roll = ability_check(ctx, member, book.hiding.stealth_skill)
        if action.bonus:
            roll = {**roll, "modifier": roll["modifier"] + action.bonus, "total": roll["total"] + action.bonus}
        return roll
    assert action.dex is not None  # hider() checked it: a hider who is not a party member gives Dexterity
    bonus = modifier(book, action.dex) + (book.abilities.proficiency_default if action.proficient else 0) + action.bonus
    return {"who": "hider", **test_roll(ctx, bonus, None)}


def spot(ctx: Context, watcher: a.Watcher, name: str, dc: int) -> dict[str, Any]:
    """Does one watcher reach the Stealth total? Passive Perception, or an active Wisdom (Perception) check."""
    book = ctx.book
    if watcher.character is not None:
        member = ctx.character(watcher.character)
        if watcher.active:
            roll = ability_check(ctx, member, book.hiding.perception_skill)
            return {"name": name, "active": True, "roll": roll, "value": roll["total"], "spots": roll["total"] >= dc}
        value = passive_perception(book, member, pace_in_force(ctx.state))
        return {"name": name, "active": False, "value": value, "spots": value >= dc}
    if watcher.active:
        bonus = watcher.perception_bonus
        if bonus is None:
            assert watcher.passive_perception is not None  # the action's validator requires one of the two values
            bonus = watcher.passive_perception - book.abilities.passive_base
        roll = test_roll(ctx, bonus, None)
        return {"name": name, "active": True, "roll": roll, "value": roll["total"], "spots": roll["total"] >= dc}
    passive = watcher.passive_perception
    if passive is None:
        assert watcher.perception_bonus is not None  # the action's validator requires one of the two values
        passive = book.abilities.passive_base + watcher.perception_bonus
    return {"name": name, "active": False, "value": passive, "spots": passive >= dc}


def check_watchers(ctx: Context, watchers: list[a.Watcher]) -> None:
    """Each watcher is a party member or has a Perception value of its own."""
    for index, watcher in enumerate(watchers):
        if watcher.character is not None:
            ctx.character(watcher.character)
        elif watcher.passive_perception is None and watcher.perception_bonus is None:
            raise Refused(
                "watcher_perception",
                f"give {watcher_name(watcher, index)} a passive_perception or a perception_bonus (or name a party character)",
                watcher=watcher_name(watcher, index),
            )


def hide(ctx: Context, action: a.Hide) -> str:
    """R-RNP-HIDE-1: once unseen, a Stealth check sets the DC; each watcher's passive Perception
    (or active check) must reach it. Dice: the hider's d20 first, then each active watcher's, in order."""
    member, name = hider(ctx, action)
    check_watchers(ctx, action.watchers)
    check_unseen(ctx, action)
    check_travel_pace(ctx, action)
    stealth = stealth_roll(ctx, member, action)
    dc = stealth["total"]
    results = [spot(ctx, w, watcher_name(w, i), dc) for i, w in enumerate(action.watchers)]
    spotted_by = [r["name"] for r in results if r["spots"]]
    hidden = not spotted_by
    if member is not None:
        member.hidden = hidden
        member.stealth_dc = dc if hidden else None
        member.search_offered = False
        member.hidden_at = (
            HidingPlace(
                condition=action.condition,
                light=action.light,
                obscurement=action.obscurement,
                distance_m=action.distance_m,
                table_light=action.light == light_now(ctx.book, ctx.state),
                watchers=[w.model_dump(exclude_defaults=True) for w in action.watchers],
            )
            if hidden
            else None
        )
    ctx.set_result(
        "hide",
        character=action.character,
        condition=action.condition,
        stealth=dc,
        roll=stealth,
        watchers=results,
        hidden_from=[r["name"] for r in results if not r["spots"]],
        spotted_by=spotted_by,
        hidden=hidden,
    )
    ctx.log("hide", [name] if member is not None else [], stealth=dc, hidden=hidden, spotted_by=spotted_by)
    return "hidden" if hidden else "spotted"


def reveal(ctx: Context, action: a.Reveal) -> None:
    """R-RNP-HIDE-1: a hidden character's position is given away (a reason from the book's list)."""
    member = ctx.character(action.character)
    reasons = [r.id for r in ctx.book.hiding.reveal_reasons]
    if action.reason not in reasons:
        raise Refused("reveal_reason", f"'{action.reason}' is not a reason of the book ({', '.join(reasons)})", reasons=reasons)
    if not member.hidden:
        raise Refused("not_hidden", f"{member.name} is not hidden", name=member.name)
    unhide(member)
    ctx.set_result("reveal", character=member.name, reason=action.reason)
    ctx.log("reveal", [member.name], reason=action.reason)


def unhide(member: Character) -> None:
    member.hidden = False
    member.stealth_dc = None
    member.hidden_at = None
    member.search_offered = False


def hidden_member(ctx: Context, name: str) -> Character:
    member = ctx.character(name)
    if not member.hidden or member.stealth_dc is None:
        raise Refused("not_hidden", f"{member.name} is not hidden", name=member.name)
    return member


# -- when hiding stops holding (R-RNP-HIDE-1, revised) ------------------------------------------------------
def conditions_hold(ctx: Context, member: Character) -> bool:
    """Whether a hidden character is still unseen as it was: a zone of no visibility in the table's light
    stays one (a hider in the dark at dawn no longer is). Cover and unobserved spots are the game
    master's to judge (``conditions_lost``)."""
    place = member.hidden_at
    if place is None or place.condition != "darkness" or not place.table_light:
        return True
    return zone_visibility(ctx.book, light_now(ctx.book, ctx.state), place.obscurement) == "none"


def settle_hiding_places(ctx: Context) -> None:
    """After every action: a hidden character whose conditions stopped holding (the light came) offers
    the creatures a new Wisdom (Perception) check (``search``); the journal says so once."""
    for member in ctx.state.party:
        place = member.hidden_at
        if member.hidden and place is not None and not place.lost and not conditions_hold(ctx, member):
            place.lost = True
            member.search_offered = True
            ctx.log("hiding_lost", [member.name], reason="light", light=light_now(ctx.book, ctx.state))


def conditions_lost(ctx: Context, action: a.ConditionsLost) -> None:
    """The game master says a hidden character's conditions no longer hold (cover lost, the creatures look
    that way): still hidden, but the creatures may now search (R-RNP-HIDE-1)."""
    member = hidden_member(ctx, action.character)
    member.search_offered = True
    if member.hidden_at is not None:
        member.hidden_at.lost = True
    ctx.set_result("conditions_lost", character=member.name, stealth=member.stealth_dc)
    ctx.log("hiding_lost", [member.name], reason="game_master")


def search(ctx: Context, action: a.Search) -> str:
    """R-RNP-HIDE-1: the creatures' Wisdom (Perception) checks against the hider's Stealth total: the
    watchers given, or those it hid from. One d20 per watcher in order; reaching the total spots it."""
    member = hidden_member(ctx, action.character)
    dc = member.stealth_dc
    assert dc is not None  # hidden_member checked it
    kept = member.hidden_at.watchers if member.hidden_at is not None else []
    watchers = list(action.watchers) if action.watchers is not None else [a.Watcher.model_validate(w) for w in kept]
    if not watchers:
        raise Refused("no_watchers", f"name the creatures who search for {member.name}", name=member.name)
    check_watchers(ctx, watchers)
    results = [spot(ctx, w.model_copy(update={"active": True}), watcher_name(w, i), dc) for i, w in enumerate(watchers)]
    spotted_by = [r["name"] for r in results if r["spots"]]
    if spotted_by:
        unhide(member)
    else:
        member.search_offered = False
    ctx.set_result("search", character=member.name, stealth=dc, watchers=results, spotted_by=spotted_by, hidden=not spotted_by)
    ctx.log("search", [member.name], stealth=dc, spotted_by=spotted_by, hidden=not spotted_by)
    return "spotted" if spotted_by else "hidden"


def follow_rename(state: TableState, old: str, new: str) -> None:
    """The creatures a character hid from keep naming a renamed party member."""
    for member in state.party:
        if member.hidden_at is not None:
            for watcher in member.hidden_at.watchers:
                if watcher.get("character") == old:
                    watcher["character"] = new


def forget_watcher(state: TableState, name: str) -> None:
    """A character who leaves the table no longer watches anyone."""
    for member in state.party:
        if member.hidden_at is not None:
            member.hidden_at.watchers = [w for w in member.hidden_at.watchers if w.get("character") != name]

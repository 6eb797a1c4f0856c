"""The party sheet: add, edit and remove characters (scores, proficiencies, senses)."""

from __future__ import annotations

from game.books.rolenplay import RolenplayBook
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.rnp import hiding
from game.rules.rnp.abilities import check_score
from game.rules.rnp.actions import MAX_HP
from game.rules.rnp.context import Context, not_negative
from game.rules.rnp.state import Character, Senses
from game.rules.rnp.timers import drop_character_timers, follow_rename

# How many characters a party sheet holds: a screen limit, not a rule.
MAX_PARTY = 30


def check_name(ctx: Context, name: str, current: str | None = None) -> str:
    """A usable, unique name (no dot: names are path parts, e.g. ``party.Aria.exhaustion``)."""
    name = name.strip()
    if not name or "." in name:
        raise Refused("bad_name", "a name needs a letter and no dot", name=name)
    if name != current and any(m.name == name for m in ctx.state.party):
        raise Refused("name_taken", f"there is already a character called '{name}'", name=name)
    return name


def check_scores(book: RolenplayBook, scores: dict[str, int]) -> dict[str, int]:
    """Known abilities, each score within the book's range (R-RNP-ABILITY-1)."""
    ids = [ability.id for ability in book.abilities.scores]
    unknown = sorted(set(scores) - set(ids))
    if unknown:
        raise Refused("unknown_ability", f"unknown abilities {unknown} (use {', '.join(ids)})", abilities=unknown)
    for ability in book.abilities.scores:
        if ability.id in scores:
            check_score(book, scores[ability.id], ability.name.en)
    return scores


def check_lists(book: RolenplayBook, skills: list[str], saves: list[str]) -> None:
    """Skill and save proficiencies name the book's skills and abilities."""
    known_skills = [s.id for s in book.skills]
    for skill in skills:
        if skill not in known_skills:
            raise Refused("unknown_skill", f"'{skill}' is not a skill of this book ({', '.join(known_skills)})", skill=skill)
    known_abilities = [ability.id for ability in book.abilities.scores]
    for save in saves:
        if save not in known_abilities:
            raise Refused("unknown_ability", f"'{save}' is not an ability ({', '.join(known_abilities)})", abilities=[save])


def check_proficiency(book: RolenplayBook, value: int) -> int:
    top = book.abilities.proficiency_max
    if not 0 <= value <= top:
        raise Refused("proficiency_range", f"the proficiency bonus is from 0 to {top}", maximum=top)
    return value


def check_passive(value: int | None) -> int | None:
    if value is not None and value < 0:
        raise Refused("negative", "passive Perception cannot be negative", what="passive_perception", value=value)
    return value


def senses_of(spec: a.SensesSpec) -> Senses:
    return Senses(
        darkvision=not_negative(spec.darkvision, "darkvision"),
        blindsight=not_negative(spec.blindsight, "blindsight"),
        truesight=not_negative(spec.truesight, "truesight"),
    )


def add_character(ctx: Context, action: a.AddCharacter) -> None:
    """A new party member; scores not given are the modifier base (10: modifier 0)."""
    book = ctx.book
    if len(ctx.state.party) >= MAX_PARTY:
        raise Refused("party_full", f"a party holds {MAX_PARTY} characters at most", maximum=MAX_PARTY)
    name = check_name(ctx, action.name)
    given = check_scores(book, dict(action.scores))
    scores = {ab.id: given.get(ab.id, book.abilities.modifier_base) for ab in book.abilities.scores}
    check_lists(book, action.skills, action.saves)
    proficiency = check_proficiency(
        book, book.abilities.proficiency_default if action.proficiency is None else action.proficiency
    )
    member = Character(
        name=name,
        scores=scores,
        proficiency=proficiency,
        skills=list(dict.fromkeys(action.skills)),
        saves=list(dict.fromkeys(action.saves)),
        passive_perception=check_passive(action.passive_perception),
        senses=senses_of(action.senses),
        max_pace=action.max_pace,
    )
    if action.hp_max is not None:
        if not 0 <= action.hp_max <= MAX_HP:
            raise Refused("hp_range", f"maximum hit points are from 0 to {MAX_HP}", what="maximum", maximum=MAX_HP)
        member.hp = member.hp_max = action.hp_max
    ctx.state.party.append(member)
    ctx.set_result("add_character", character=name)
    ctx.log("add_character", [name])


def edit_character(ctx: Context, action: a.EditCharacter) -> None:
    """Change what is given (scores merge), keep the rest; a rename keeps the history's old name."""
    book = ctx.book
    member = ctx.character(action.name)
    new_name = member.name if action.rename is None else check_name(ctx, action.rename, member.name)
    if action.scores is not None:
        member.scores = {**member.scores, **check_scores(book, dict(action.scores))}
    check_lists(book, action.skills or [], action.saves or [])
    if action.skills is not None:
        member.skills = list(dict.fromkeys(action.skills))
    if action.saves is not None:
        member.saves = list(dict.fromkeys(action.saves))
    if action.proficiency is not None:
        member.proficiency = check_proficiency(book, action.proficiency)
    if action.clear_passive_perception and action.passive_perception is not None:
        raise Refused("passive_both", "give passive_perception or clear it, not both")
    if action.clear_passive_perception:
        member.passive_perception = None
    elif action.passive_perception is not None:
        member.passive_perception = check_passive(action.passive_perception)
    if action.senses is not None:
        member.senses = senses_of(action.senses)
    if action.clear_max_pace and action.max_pace is not None:
        raise Refused("pace_both", "give max_pace or clear it, not both")
    if action.clear_max_pace:
        member.max_pace = None
    elif action.max_pace is not None:
        member.max_pace = action.max_pace
    old = member.name
    member.name = new_name
    if new_name != old:
        follow_rename(ctx.state, old, new_name)  # R-RNP-AIR-1: a breath belongs to its character
        hiding.follow_rename(ctx.state, old, new_name)
    ctx.set_result("edit_character", character=new_name, before=old)
    ctx.log("edit_character", [new_name], before=old)


def rejoin(ctx: Context, action: a.Rejoin) -> None:
    """A character left behind is with the party again."""
    member = ctx.character(action.character)
    if member.left_at_s is None:
        raise Refused("not_left_behind", f"{member.name} is with the party", name=member.name)
    before = member.left_at_s
    member.left_at_s = None
    ctx.set_result("rejoin", character=member.name, left_at_s=before)
    ctx.log("rejoin", [member.name], left_at_s=before)


def remove_character(ctx: Context, action: a.RemoveCharacter) -> None:
    member = ctx.character(action.name)
    ctx.state.party.remove(member)
    timers = drop_character_timers(ctx.state, member.name)  # R-RNP-AIR-1: their breath goes with them
    hiding.forget_watcher(ctx.state, member.name)
    ctx.set_result("remove_character", character=member.name, timers=timers)
    ctx.log("remove_character", [member.name])

"""Hit points per character: current, maximum, temporary.

The chapter "L'aventure" sends damage (falls, R-RNP-FALL-1) and exhaustion (level 4
halves the maximum, level 6 is death: R-RNP-ABILITY-1) to hit points kept in "La
santé"; the table keeps them so the game master does not have to. Temporary hit
points absorb damage first (5e convention, like the rest of this system).
"""

from __future__ import annotations

from game.books.rolenplay import RolenplayBook
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.rnp.actions import MAX_HP
from game.rules.rnp.context import Context
from game.rules.rnp.exhaustion import clamp_hp, hp_maximum
from game.rules.rnp.state import Character
from game.rules.rnp.timers import refuse_if_breathless


def _points(value: int, what: str) -> int:
    if not 0 <= value <= MAX_HP:
        raise Refused("hp_range", f"{what} hit points are from 0 to {MAX_HP} (got {value})", what=what, maximum=MAX_HP)
    return value


def take_damage(book: RolenplayBook, member: Character, amount: int) -> dict[str, int]:
    """Temporary hit points first, then current ones, never below 0; returns what each lost."""
    from_temp = min(member.hp_temp, amount)
    member.hp_temp -= from_temp
    from_hp = min(member.hp, amount - from_temp)
    member.hp -= from_hp
    return {"temporary": from_temp, "current": from_hp}


def set_hp(ctx: Context, action: a.SetHp) -> None:
    """The eraser: current (at most the maximum in force), maximum, temporary."""
    member = ctx.character(action.character)
    before = member.hp
    if action.maximum is not None:
        member.hp_max = _points(action.maximum, "maximum")
        if action.current is None and member.hp == 0:
            member.hp = member.hp_max  # a new sheet starts unhurt
    if action.current is not None:
        current = _points(action.current, "current")
        top = hp_maximum(ctx.book, member)
        if current > top:
            raise Refused("hp_above_max", f"{member.name} has at most {top} hit points now", maximum=top)
        member.hp = current
    if action.temporary is not None:
        member.hp_temp = _points(action.temporary, "temporary")
    clamp_hp(ctx.book, member)
    if member.hp > before:
        refuse_if_breathless(ctx.state, member.name)  # R-RNP-AIR-1: even the eraser gives none back
    ctx.set_result("set_hp", character=member.name, hp=member.hp, hp_max=member.hp_max, hp_temp=member.hp_temp)
    ctx.log("set_hp", [member.name], hp=member.hp, hp_max=member.hp_max, hp_temp=member.hp_temp)


def damage(ctx: Context, action: a.Damage) -> None:
    member = ctx.living(action.character)
    lost = take_damage(ctx.book, member, _points(action.amount, "damage"))
    ctx.set_result(
        "damage",
        character=member.name,
        amount=action.amount,
        hp=member.hp,
        hp_temp=member.hp_temp,
        lost=lost,
        dying=member.hp_max > 0 and member.hp == 0,
    )
    ctx.log("damage", [member.name], amount=action.amount, hp=member.hp)


def heal(ctx: Context, action: a.Heal) -> None:
    """Hit points regained up to the maximum in force; none while the character cannot breathe (R-RNP-AIR-1)."""
    member = ctx.living(action.character)
    _points(action.amount, "healed")
    refuse_if_breathless(ctx.state, member.name)
    before = member.hp
    member.hp = min(hp_maximum(ctx.book, member), member.hp + _points(action.amount, "healed"))
    ctx.set_result("heal", character=member.name, amount=member.hp - before, hp=member.hp)
    ctx.log("heal", [member.name], amount=member.hp - before, hp=member.hp)

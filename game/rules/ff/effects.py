"""Book-defined mechanics in play: creation choices (``choose``), spells (``cast``) and their effects.

The effects are the book's data (game.books.ff_mechanics); this module is the
one place that applies them, for a choice at creation and for a spell alike.
"""

from __future__ import annotations

import re

from game.books.ff_mechanics import (
    AllyEffect,
    Amount,
    AttackModifierEffect,
    ChangeEffect,
    ChoiceStep,
    CounterEffect,
    DamageEffect,
    Effect,
    FleeEffect,
    ItemEffect,
    RaiseInitialEffect,
    RestoreEffect,
    Spell,
)
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.ff.combat import damage_creature, hero_died_outside_round
from game.rules.ff.context import Context, clamp_counter, clamp_score
from game.rules.ff.state import Combatant, Fight

DICE = re.compile(r"^(-?)([0-9]+)d([0-9]+)([+-][0-9]+)?$")


def amount(ctx: Context, value: Amount, half_of: int) -> int:
    """A number of points: as given, half of ``half_of`` ("half_initial"), or rolled dice ("-1d6+1")."""
    if isinstance(value, int):
        return value
    if value == "half_initial":
        return half_of // 2
    match = DICE.match(value)
    assert match is not None  # the book model checked the pattern
    sign, count, sides, plus = match.groups()
    total = sum(ctx.roll(int(count), int(sides), what="effect")) + int(plus or 0)
    return -total if sign else total


def _target(ctx: Context, fight: Fight, requested: int | None) -> int:
    if requested is None:
        front = fight.front()
        assert front is not None  # an active fight has a creature standing
        return front
    if not 0 <= requested < len(fight.enemies) or requested not in fight.living():
        raise Refused("no_such_creature", f"there is no creature {requested} standing in this fight", index=requested)
    return requested


def apply_effect(ctx: Context, effect: Effect, target: int | None = None) -> None:
    """Apply one effect of the book to the sheet (and to the current fight for fight effects)."""
    hero = ctx.hero()
    book = ctx.book
    if isinstance(effect, ChangeEffect):
        by = amount(ctx, effect.by, hero.initial[effect.stat])
        hero.scores[effect.stat] = clamp_score(book, hero, effect.stat, hero.scores[effect.stat] + by)
    elif isinstance(effect, RaiseInitialEffect):
        floor = book.stat(effect.stat).floor
        hero.initial[effect.stat] = max(floor, hero.initial[effect.stat] + effect.by)
        hero.scores[effect.stat] = clamp_score(book, hero, effect.stat, hero.scores[effect.stat] + effect.by)
    elif isinstance(effect, RestoreEffect):
        hero.scores[effect.stat] = clamp_score(book, hero, effect.stat, hero.initial[effect.stat])
    elif isinstance(effect, CounterEffect):
        ctx.state.counters[effect.counter] = clamp_counter(book, effect.counter, ctx.state.counters[effect.counter] + effect.by)
    elif isinstance(effect, ItemEffect):
        ctx.state.equipment.append(effect.item.get(ctx.language))
    else:
        _fight_effect(ctx, effect, target)


def _fight_effect(ctx: Context, effect: Effect, requested: int | None) -> None:
    fight = ctx.active_fight()
    target = _target(ctx, fight, requested)
    creature = fight.enemies[target]
    if isinstance(effect, AttackModifierEffect):
        if effect.who == "hero":
            fight.hero_modifier += effect.by
        else:
            creature.modifier += effect.by
    elif isinstance(effect, AllyEffect):
        skill = creature.skill if effect.copy_creature else effect.skill
        stamina = creature.stamina if effect.copy_creature else effect.stamina
        assert skill is not None and stamina is not None  # the book model checked it
        fight.ally = Combatant(name=effect.name.get(ctx.language), skill=skill, stamina=stamina, initial_stamina=stamina)
        fight.ally_alone = "until_down"
    elif isinstance(effect, FleeEffect):
        creature.fled = True
    elif isinstance(effect, DamageEffect):
        damage_creature(ctx, fight, target, max(0, amount(ctx, effect.by, creature.initial_stamina)))


def may_choose(ctx: Context) -> None:
    """Whether a creation choice is left to make (the sheet offers the choice only then)."""
    ctx.living_hero()
    if not ctx.book.creation:
        raise Refused("no_choices", "this book has no choices to make at creation")
    if all(step.id in ctx.state.choices for step in ctx.book.creation):
        raise Refused("choices_made", "every choice of this book is made")


def may_cast(ctx: Context) -> None:
    """Whether the book has anything to cast (each spell is then checked on its own)."""
    ctx.living_hero()
    if not ctx.book.spells:
        raise Refused("no_spells", "this book has no spells or abilities to cast")


def _picks(step: ChoiceStep, picks: list[str] | dict[str, int]) -> dict[str, int]:
    """The picks as {option: times}; refuses unknown options and repeats the step does not allow."""
    counted: dict[str, int] = {}
    if isinstance(picks, list):
        for option in picks:
            counted[option] = counted.get(option, 0) + 1
    else:
        counted = {option: times for option, times in picks.items() if times > 0}
    known = [o.id for o in step.options]
    for option, times in counted.items():
        if option not in known:
            raise Refused("unknown_option", f"'{option}' is not an option of '{step.id}' ({', '.join(known)})", option=option)
        if times > 1 and not step.repeats:
            raise Refused("no_repeats", f"'{option}' can be picked only once", option=option)
        if step.max_each is not None and times > step.max_each:
            raise Refused(
                "too_many_of_one", f"'{option}' can be picked at most {step.max_each} times", option=option, most=step.max_each
            )
    return counted


def step_count(ctx: Context, step: ChoiceStep) -> int:
    """How many picks the step asks for: its number, or the hero's initial score it names (MAGIC)."""
    if isinstance(step.count, int):
        return step.count
    return ctx.hero().initial[step.count]


def choose(ctx: Context, action: a.Choose) -> None:
    """A creation step: the picks must keep to the book's limits; each pick grants its option's effects."""
    ctx.living_hero()
    step = ctx.book.step(action.step)
    if step is None:
        steps = ", ".join(s.id for s in ctx.book.creation) or "none"
        raise Refused("unknown_step", f"'{action.step}' is not a creation step of this book ({steps})", step=action.step)
    if step.id in ctx.state.choices:
        raise Refused("step_done", f"the choice '{step.id}' is already made", step=step.id)
    counted = _picks(step, action.picks)
    total, wanted = sum(counted.values()), step_count(ctx, step)
    if total > wanted or (step.exact and total != wanted):
        exactly = "exactly" if step.exact else "at most"
        raise Refused(
            "pick_count", f"'{step.id}' takes {exactly} {wanted} picks, not {total}", step=step.id, wanted=wanted, given=total
        )
    ctx.state.choices[step.id] = counted
    for option in step.options:
        for _ in range(counted.get(option.id, 0)):
            for effect in option.grants:
                apply_effect(ctx, effect)
    hero_died_outside_round(ctx)


def _can_cast(ctx: Context, spell: Spell) -> None:
    in_fight = ctx.in_fight()
    if spell.needs_fight and not in_fight:
        raise Refused("spell_needs_fight", f"{spell.name.en} can only be cast during a fight", spell=spell.id)
    if spell.when == "outside_fight" and in_fight:
        raise Refused("spell_not_in_fight", f"{spell.name.en} cannot be cast during a fight", spell=spell.id)
    if spell.requires is not None and ctx.state.counters[spell.requires] <= 0:
        raise Refused("spell_unavailable", f"{spell.name.en} cannot be cast by this hero", spell=spell.id, counter=spell.requires)
    if spell.counter is not None and ctx.state.counters[spell.counter] <= 0:
        raise Refused("spell_spent", f"no {spell.name.en} left to cast", spell=spell.id, counter=spell.counter)
    hero = ctx.hero()
    for stat, cost in spell.cost.items():
        if hero.scores[stat] < cost:
            raise Refused(
                "spell_cost",
                f"{spell.name.en} costs {cost} {stat}; the hero has {hero.scores[stat]}",
                spell=spell.id,
                stat=stat,
                cost=cost,
            )


def cast(ctx: Context, action: a.Cast) -> None:
    """Cast a spell: check when and what it costs, spend it, apply its effects in order."""
    hero = ctx.living_hero()
    spell = ctx.book.spell(action.spell)
    if spell is None:
        known = ", ".join(s.id for s in ctx.book.spells) or "none"
        raise Refused("unknown_spell", f"'{action.spell}' is not a spell of this book ({known})", spell=action.spell)
    _can_cast(ctx, spell)
    if action.target is not None:
        _target(ctx, ctx.active_fight(), action.target)  # refuse a bad target before anything changes
    if spell.counter is not None:
        ctx.state.counters[spell.counter] -= 1
    for stat, cost in spell.cost.items():
        hero.scores[stat] = max(ctx.book.stat(stat).floor, hero.scores[stat] - cost)
    for effect in spell.effects:
        apply_effect(ctx, effect, action.target)
    hero_died_outside_round(ctx)

"""Book-defined mechanics in play: creation choices (``choose``), spells (``cast``) and their effects.

The effects are the book's data (game.books.ff_mechanics); this module is the
one place that applies them, for a choice at creation and for a spell alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from game.books.common import Amount
from game.books.expr import Value
from game.books.ff_compile import ROUND, book_rule
from game.books.ff_mechanics import (
    FIGHT_EFFECTS,
    AddEffect,
    AllyEffect,
    AttackModifierEffect,
    ChoiceStep,
    DamageEffect,
    Effect,
    FleeEffect,
    ItemEffect,
    MessageEffect,
    RaiseInitialEffect,
    RestoreEffect,
    SetEffect,
)
from game.books.ff_rules import Use
from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.dice import ScriptedDice, Transaction
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.ff.context import Context, clamp_counter, clamp_score, list_limit, read_target, update_death
from game.rules.ff.state import Combatant, Fight, SheetState, Winner


def _target(ctx: Context, fight: Fight, requested: int | None) -> int:
    if requested is None:
        front = fight.front()
        assert front is not None  # an active fight has a creature standing
        return front
    if not 0 <= requested < len(fight.enemies) or requested not in fight.living():
        raise Refused("no_such_creature", f"there is no creature {requested} standing in this fight", index=requested)
    return requested


def apply_effect(
    ctx: Context,
    effect: Effect,
    target: int | None = None,
    round: Mapping[str, Value] | None = None,
    context: str | None = None,
) -> None:
    """Apply one effect of the book to the sheet (and to the current fight for fight effects); caps apply.

    ``round`` and ``context``: where the effect's expressions are read (a round's trigger reads the round's dice).
    """
    hero = ctx.hero()

    def number(amount: Amount) -> int:
        if isinstance(amount, int):
            return amount  # no scope to make for a number as written (most effects)
        return ctx.number(amount, ctx.scope(round=round, target=target), context)

    if isinstance(effect, AddEffect):
        set_target(ctx, effect.to, _read(ctx, effect.to) + number(effect.by))
    elif isinstance(effect, SetEffect):
        if isinstance(effect.value, bool):
            set_flag(ctx, effect.to.partition(".")[2], effect.value)
        else:
            set_target(ctx, effect.to, number(effect.value))
    elif isinstance(effect, RaiseInitialEffect):
        by = number(effect.by)
        floor = ctx.book.stat(effect.to).floor
        hero.initial[effect.to] = max(floor, hero.initial[effect.to] + by)
        hero.scores[effect.to] = clamp_score(ctx.book, hero, effect.to, hero.scores[effect.to] + by, ctx.state)
    elif isinstance(effect, RestoreEffect):
        hero.scores[effect.to] = clamp_score(ctx.book, hero, effect.to, hero.initial[effect.to], ctx.state)
    elif isinstance(effect, ItemEffect):
        add_to_list(ctx, effect.in_list, effect.item.get(ctx.language))
    elif isinstance(effect, MessageEffect):
        ctx.state.messages.append(effect.text.get(ctx.language))
    else:
        _fight_effect(ctx, effect, target, number)


def _read(ctx: Context, target: str) -> int:
    return read_target(ctx, target)


def set_target(ctx: Context, target: str, value: int) -> None:
    """Write a score, a counter or a track, within its caps and floor (R-CAP-1/2, a counter's maximum)."""
    prefix, _, name = target.partition(".")
    if prefix == "counters":
        ctx.state.counters[name] = clamp_counter(ctx.book, name, value, ctx.state)
    elif prefix == "tracks":
        maximum = ctx.book.track(name).maximum
        ctx.state.tracks[name] = max(0, min(value, maximum) if maximum is not None else value)
    else:
        hero = ctx.hero()
        hero.scores[target] = clamp_score(ctx.book, hero, target, value, ctx.state)


def set_flag(ctx: Context, flag: str, on: bool) -> None:
    """Give the hero a flag or take it away (kept in the book's order)."""
    flags = set(ctx.state.flags)
    flags.add(flag) if on else flags.discard(flag)
    ctx.state.flags = [f.id for f in ctx.book.flags if f.id in flags]


def add_to_list(ctx: Context, list_id: str | None, text: str) -> None:
    """Write an item in the equipment or one of the book's lists; refused when the list is full."""
    if list_id is None:
        ctx.state.equipment.append(text)
        return
    definition = ctx.book.item_list(list_id)
    items = ctx.state.lists.setdefault(list_id, [])
    limit = list_limit(ctx.book, list_id, ctx.state)
    if limit is not None and len(items) >= limit:
        message = f"{definition.name.en} holds at most {limit} items"
        if definition.full is not None:  # the book's own words say why (the Backpack's Meals among its 8)
            why = {"fr": definition.full.fr, "en": definition.full.en}
            raise Refused("book_rule", message, why=why, list=list_id, most=limit)
        raise Refused("list_full", message, list=list_id, most=limit)
    items.append(text)


def _fight_effect(ctx: Context, effect: Effect, requested: int | None, number: Callable[[Amount], int]) -> None:
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
        damage_creature(ctx, fight, target, max(0, number(effect.by)))


def use(ctx: Context, used: Use, target: int | None = None) -> None:
    """Do one of the book's uses (a spell, a meal, a potion…): its checks, then its costs, then its effects in order."""
    ctx.check(used.checks)
    if target is not None:
        _target(ctx, ctx.active_fight(), target)  # refuse a bad target before anything changes
    ctx.pay(used.costs)
    for effect in used.effects:
        apply_effect(ctx, effect, target)
    if used.fires is not None:
        fire(ctx, used.fires)
    hero_died_outside_round(ctx)


def fire(ctx: Context, event: str, track: str | None = None, round: dict[str, Value] | None = None) -> None:
    """The book's triggers on ``event``: each whose condition holds applies its effects and says its message.

    Triggers never fire triggers: what an effect changes here sets nothing else off (bounded).
    """
    if ctx.firing:
        return
    context = ROUND if event in ("round", "wound", "wounded") else None
    ctx.firing = True
    try:
        for trigger, condition in ctx.book.rules.fired_by(event, track, context):
            if condition is not None and ctx.run(condition, ctx.scope(round=round)) is not True:
                continue
            for effect in trigger.effects:
                if isinstance(effect, FIGHT_EFFECTS) and (ctx.state.fight is None or ctx.state.fight.front() is None):
                    continue  # the round just won left no creature standing: nothing for it to act on
                apply_effect(ctx, effect, round=round, context=context)
            if trigger.message is not None:
                ctx.state.messages.append(trigger.message.get(ctx.language))
    finally:
        ctx.firing = False


def hero_standing(ctx: Context) -> bool:
    hero = ctx.hero()
    update_death(ctx.book, ctx.state)
    return hero.alive and ctx.state.ended is None and read_target(ctx, ctx.rules().wounds) > 0


def damage_creature(ctx: Context, fight: Fight, index: int, damage: int) -> None:
    """The creature loses ``damage`` STAMINA, never below 0 (R-CAP-2)."""
    creature = fight.enemies[index]
    dealt = min(damage, creature.stamina)
    creature.stamina -= dealt  # R-CAP-2: never below 0
    fight.stats.damage_dealt += dealt


def damage_hero(ctx: Context, damage: int) -> None:
    """A wound to the hero's side: the score (or counter) the fight's profile names (STAMINA, ARMOUR, troops)."""
    target = ctx.rules().wounds
    prefix, _, name = target.partition(".")
    floor = 0 if prefix == "counters" else ctx.book.stat(target).floor
    have = read_target(ctx, target)
    taken = max(0, min(damage, have - floor))
    set_target(ctx, target, have - taken)
    if ctx.state.fight is not None and ctx.state.fight.active:
        ctx.state.fight.stats.damage_taken += taken


def check_end(ctx: Context) -> None:
    """R-COMBAT-4: the fight ends when the hero or every creature reaches 0 STAMINA."""
    fight = ctx.state.fight
    if fight is None or not fight.active:
        return
    if not hero_standing(ctx):
        end_fight(ctx, fight, "enemies")
    elif fight.ally_alone == "whole_fight" and fight.ally is not None and fight.ally.stamina <= 0:
        end_fight(ctx, fight, "enemies")
    elif not fight.living() and not fight.pending:
        end_fight(ctx, fight, "hero")


def end_fight(ctx: Context, fight: Fight, winner: Winner) -> None:
    fire(ctx, "fight_end")
    fight.active = False
    fight.winner = winner
    fight.pending = []
    fight.shots_left = 0
    if winner == "hero":
        # R-BOW-4 (revised): mended "only after defeating your adversary"; an escape or a stopped
        # fight leaves it broken into the next fight.
        fight.bow_broken = False
    for creature in fight.enemies:
        if creature.box is not None and creature.box < len(ctx.state.creature_boxes):
            ctx.state.creature_boxes[creature.box].stamina = creature.stamina


def hero_died_outside_round(ctx: Context) -> None:
    """A loss of STAMINA from the book during a fight can end it too (and any death condition is noted)."""
    if ctx.state.hero is None:
        return
    update_death(ctx.book, ctx.state)
    check_end(ctx)


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


def step_refusal(book: FightingFantasyBook, state: SheetState, step: ChoiceStep) -> Refused | None:
    """Why ``step`` is not offered now (the first of its conditions that fails: Weaponskill's weapon without
    Weaponskill), None when it is. A step not offered is not needed to begin. Changes nothing."""
    ctx = Context(book, state, Transaction(ScriptedDice(), []))
    try:
        ctx.check(book_rule(c) for c in step.conditions)
    except Refused as refused:
        return refused
    return None


def _drawn(ctx: Context, step: ChoiceStep, picks: list[str] | dict[str, int]) -> dict[str, int]:
    """A step the book draws: the roll names the option (the player's own Random Number Table comes in as dice)."""
    assert step.roll is not None
    if picks:
        raise Refused("step_drawn", f"'{step.id}' is drawn by a roll, not chosen", step=step.id)
    faces = ctx.roll(step.roll.dice, step.roll.sides, who="hero", what=step.id, zero_based=step.roll.zero_based)
    return {step.drawn(step.roll.total(faces)).id: 1}


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
    ctx.check(book_rule(c) for c in step.conditions)
    counted = _drawn(ctx, step, action.picks) if step.roll is not None else _picks(step, action.picks)
    refused = _refused_options(ctx, step)
    for option in step.options:
        if counted.get(option.id) and option.id in refused:
            raise refused[option.id]
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


def _refused_options(ctx: Context, step: ChoiceStep) -> dict[str, Refused]:
    """The step's options whose conditions do not hold now, each with its refusal (the book's words)."""
    out: dict[str, Refused] = {}
    for option in step.options:
        try:
            ctx.check(book_rule(c) for c in option.conditions)
        except Refused as refused:
            out[option.id] = refused
    return out


def refused_options(book: FightingFantasyBook, state: SheetState, step: ChoiceStep) -> dict[str, Refused]:
    """Which options of ``step`` may not be picked now, and why (R-CHOOSE-1..3): the picker greys them with
    the refusal's words before any pick, instead of refusing after the click. Changes nothing."""
    return _refused_options(Context(book, state, Transaction(ScriptedDice(), [])), step)


def cast(ctx: Context, action: a.Cast) -> None:
    """Cast a spell: check when and what it costs, spend it, apply its effects in order (R-CAST-1..4)."""
    ctx.living_hero()
    spell = ctx.book.spell(action.spell)
    if spell is None:
        known = ", ".join(s.id for s in ctx.book.spells) or "none"
        raise Refused("unknown_spell", f"'{action.spell}' is not a spell of this book ({known})", spell=action.spell)
    use(ctx, ctx.book.rules.uses[f"spell:{spell.id}"], action.target)

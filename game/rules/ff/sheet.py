"""Scores, counters, recovery, the calendar and the rest of the sheet.

Rules R-CAP-1/2, R-FOOD-1/2, R-HERB-1, R-POTION-1, R-GOLD-1, R-COMBAT-6,
R-TIME-1, R-DEATH-1, R-ENCOUNTER-1, plus the eraser.
"""

from __future__ import annotations

from game.books.fighting_fantasy import Calendar, FightingFantasyBook, Healing
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.ff.combat import hero_died_outside_round
from game.rules.ff.context import Context, clamp_counter, clamp_score, known_counter, known_stat
from game.rules.ff.state import CreatureBox

MAX_HISTORY = 500


def change_stat(ctx: Context, action: a.ChangeStat) -> None:
    """The book says "lose / gain N": R-CAP-1 caps at the initial score, R-CAP-2 floors."""
    hero = ctx.living_hero()
    stat = known_stat(ctx.book, action.stat)
    hero.scores[stat] = clamp_score(ctx.book, hero, stat, hero.scores[stat] + action.by)
    hero_died_outside_round(ctx)


def raise_initial(ctx: Context, action: a.RaiseInitial) -> None:
    """R-CAP-1 decision: the initial and current score move together, then the cap applies."""
    hero = ctx.living_hero()
    stat = known_stat(ctx.book, action.stat)
    floor = ctx.book.stat(stat).floor
    hero.initial[stat] = max(floor, hero.initial[stat] + action.by)
    hero.scores[stat] = clamp_score(ctx.book, hero, stat, hero.scores[stat] + action.by)
    hero_died_outside_round(ctx)


def set_score(ctx: Context, action: a.SetScore) -> None:
    """The eraser: correct a score or initial score; impossible values are refused, not bent."""
    hero = ctx.hero()
    stat = known_stat(ctx.book, action.stat)
    definition = ctx.book.stat(stat)
    name = definition.name.en
    if action.value < definition.floor:
        raise Refused("below_floor", f"{name} cannot be below {definition.floor}", stat=stat, floor=definition.floor)
    # a current score under its initial is bounded by it (above_initial below); the ceiling bounds the rest
    ceiling = eraser_ceiling(ctx.book, stat, hero.initial[stat])
    bounded_by_initial = definition.capped_at_initial and not action.initial
    if ceiling is not None and action.value > ceiling and not bounded_by_initial:
        raise Refused(
            "above_possible",
            f"{name} cannot be {action.value}: at most {ceiling} (a higher initial score needs the book's own instruction)",
            stat=stat,
            value=action.value,
            ceiling=ceiling,
        )
    if action.initial:
        hero.initial[stat] = action.value
        hero.scores[stat] = clamp_score(ctx.book, hero, stat, hero.scores[stat])
    else:
        if definition.capped_at_initial and action.value > hero.initial[stat]:
            raise Refused(
                "above_initial",
                f"{name} cannot be above its initial score {hero.initial[stat]}; change the initial score first",
                stat=stat,
                initial=hero.initial[stat],
            )
        hero.scores[stat] = action.value
    hero_died_outside_round(ctx)


def eraser_ceiling(book: FightingFantasyBook, stat: str, initial: int) -> int | None:
    """ERASER decision: the highest score the eraser may write for ``stat`` (None: no ceiling).

    A score the book caps (``cap``) stays under its cap. A rolled score's
    initial value stays within what creation can give (SKILL 1d6+6: 12), or
    the hero's present initial score when the book already raised it: a higher
    one needs the book's own instruction (``raise_initial``), so SKILL 99 is
    refused. A fixed score the text gives no maximum (WILLPOWER) has none.
    """
    definition = book.stat(stat)
    if definition.cap is not None:
        return definition.cap
    if definition.roll is not None:
        return max(definition.roll.maximum, initial)
    return None


def change_counter(ctx: Context, action: a.ChangeCounter) -> None:
    """Gain or spend: a counter stays between 0 and its maximum (R-BOW-1: 6 arrows at most)."""
    ctx.living_hero()
    name = known_counter(ctx.book, action.name)
    ctx.state.counters[name] = clamp_counter(ctx.book, name, ctx.state.counters[name] + action.by)


def set_counter(ctx: Context, action: a.SetCounter) -> None:
    """The eraser for counters; a value outside 0..maximum is refused."""
    name = known_counter(ctx.book, action.name)
    maximum = ctx.book.counter(name).maximum
    if action.value < 0 or (maximum is not None and action.value > maximum):
        top = "" if maximum is None else f" to {maximum}"
        raise Refused("counter_range", f"{name} must be from 0{top}", counter=name, maximum=maximum)
    ctx.state.counters[name] = action.value


def _heal(ctx: Context, healing: Healing | None, absent: Refused, in_fight: Refused) -> None:
    hero = ctx.living_hero()
    if healing is None:
        raise absent
    if ctx.in_fight() and not healing.in_fight:
        raise in_fight
    if ctx.state.counters[healing.counter] <= 0:
        raise Refused("none_left", f"no {healing.counter} left", counter=healing.counter)
    ctx.state.counters[healing.counter] -= 1
    hero.scores["stamina"] = clamp_score(ctx.book, hero, "stamina", hero.scores["stamina"] + healing.stamina)


def eat(ctx: Context, action: a.Eat) -> None:
    """R-FOOD-1: one meal at a time, +4 STAMINA capped, never in a fight; R-FOOD-2: not in DF64."""
    _heal(
        ctx,
        ctx.book.meal,
        Refused("no_meals", "meals restore no STAMINA in this book"),
        Refused("meals_in_fight", "no meal during a fight"),
    )


def use_herb(ctx: Context, action: a.UseHerb) -> None:
    """R-HERB-1: +4 STAMINA capped, any time except during a fight."""
    _heal(
        ctx,
        ctx.book.herb,
        Refused("no_herbs", "this book has no healing herbs"),
        Refused("herbs_in_fight", "no herb during a fight"),
    )


def drink_potion(ctx: Context, action: a.DrinkPotion) -> None:
    """R-POTION-1 / R-GOLD-1: any kind uses one potion; it restores the initial score (Luck: +1 first)."""
    hero = ctx.living_hero()
    potions = ctx.book.potions
    if potions is None:
        raise Refused("no_potions", "this book has no potions")
    effect = potions.kinds.get(action.kind)
    if effect is None:
        raise Refused(
            "unknown_potion", f"'{action.kind}' is not a potion of this book ({', '.join(potions.kinds)})", kind=action.kind
        )
    if ctx.in_fight() and not potions.in_fight:
        raise Refused("potion_in_fight", "no potion during a fight")
    counter = effect.counter or potions.counter
    assert counter is not None  # the book model checked that every kind has doses somewhere
    if ctx.state.counters[counter] <= 0:
        raise Refused("none_left", f"no {effect.name.en} left", counter=counter)
    ctx.state.counters[counter] -= 1
    stat = effect.restores
    hero.initial[stat] += effect.raise_initial
    hero.scores[stat] = hero.initial[stat]


def lose_weapon(ctx: Context, action: a.LoseWeapon) -> None:
    """R-COMBAT-6: fists, Attack Strength −2 (book data) until a new weapon is found."""
    hero = ctx.living_hero()
    if hero.weapon_lost:
        raise Refused("weapon_already_lost", "the hero already fights bare-handed")
    hero.weapon_lost = True


def find_weapon(ctx: Context, action: a.FindWeapon) -> None:
    """R-COMBAT-6: a new weapon ends the penalty."""
    hero = ctx.living_hero()
    if not hero.weapon_lost:
        raise Refused("weapon_not_lost", "the hero has a weapon")
    hero.weapon_lost = False


def _calendar(ctx: Context) -> Calendar:
    if ctx.book.calendar is None:
        raise Refused("no_calendar", "this book has no calendar")
    return ctx.book.calendar


def tick_day(ctx: Context, action: a.TickDay) -> None:
    """R-TIME-1: tick the next day; the week wraps after the last day."""
    _calendar(ctx)
    ctx.living_hero()
    ctx.state.calendar.ticked += 1


def set_days(ctx: Context, action: a.SetDays) -> None:
    """The eraser for the calendar."""
    _calendar(ctx)
    ctx.state.calendar.ticked = action.ticked


def rename_day(ctx: Context, action: a.RenameDay) -> None:
    """R-TIME-1 decision: the days the text does not name can be renamed from the printed sheet."""
    calendar = _calendar(ctx)
    if action.index not in calendar.renamable:
        raise Refused("day_not_renamable", "the book names this day", index=action.index)
    name = action.name.strip()
    if not name:
        raise Refused("empty_name", "a day needs a name")
    ctx.state.calendar.renames[action.index] = name


def die(ctx: Context, action: a.Die) -> None:
    """The book says the hero dies: STAMINA 0 (R-DEATH-1)."""
    hero = ctx.living_hero()
    hero.scores["stamina"] = 0
    hero_died_outside_round(ctx)


def revive(ctx: Context, action: a.Revive) -> None:
    """R-DEATH-1 (DF64): the book tells the player to carry on; STAMINA capped at the initial score."""
    hero = ctx.hero()
    if not ctx.book.death.may_continue:
        raise Refused("death_is_final", "in this book death is the end: start over")
    if hero.alive:
        raise Refused("hero_alive", "the hero is alive")
    if action.stamina < 1:
        raise Refused("revive_stamina", "give at least 1 STAMINA")
    hero.scores["stamina"] = min(action.stamina, hero.initial["stamina"])


def go_to_paragraph(ctx: Context, action: a.GoToParagraph) -> None:
    """The paragraph tracker: the current § and the history of § visited, within the book's sections."""
    count = ctx.book.section_count
    if count is not None and action.number > count:
        raise Refused("no_such_paragraph", f"this book has {count} paragraphs", number=action.number, count=count)
    if ctx.state.paragraph is not None:
        ctx.state.paragraph_history.append(ctx.state.paragraph)
        del ctx.state.paragraph_history[:-MAX_HISTORY]
    ctx.state.paragraph = action.number


def set_notes(ctx: Context, action: a.SetNotes) -> None:
    ctx.state.notes = action.text


def add_item(ctx: Context, action: a.AddItem) -> None:
    text = action.text.strip()
    if not text:
        raise Refused("empty_item", "write the item's name")
    ctx.state.equipment.append(text)


def remove_item(ctx: Context, action: a.RemoveItem) -> None:
    if not 0 <= action.index < len(ctx.state.equipment):
        raise Refused("no_such_item", f"there is no item {action.index}", index=action.index)
    del ctx.state.equipment[action.index]


def _box(ctx: Context, index: int) -> int:
    if not 0 <= index < len(ctx.state.creature_boxes):
        raise Refused("no_such_creature_box", f"there is no creature box {index}", index=index)
    fight = ctx.state.fight
    if fight is not None and fight.active and any(e.box == index for e in fight.enemies):
        raise Refused("box_in_fight", "this creature is in the fight; edit it when the fight is over")
    return index


def add_creature(ctx: Context, action: a.AddCreature) -> None:
    """R-ENCOUNTER-1: write a creature in the first empty box."""
    if not action.name.strip():
        raise Refused("empty_name", "a creature needs a name")
    ctx.state.creature_boxes.append(
        CreatureBox(
            name=action.name.strip(), skill=action.skill, stamina=action.stamina, notes=action.notes, maximum=action.stamina
        )
    )


def edit_creature(ctx: Context, action: a.EditCreature) -> None:
    index = _box(ctx, action.index)
    if not action.name.strip():
        raise Refused("empty_name", "a creature needs a name")
    old = ctx.state.creature_boxes[index]
    maximum = max(action.stamina, old.maximum if old.maximum is not None else old.stamina)
    ctx.state.creature_boxes[index] = CreatureBox(
        name=action.name.strip(), skill=action.skill, stamina=action.stamina, notes=action.notes, maximum=maximum
    )


def remove_creature(ctx: Context, action: a.RemoveCreature) -> None:
    index = _box(ctx, action.index)
    fight = ctx.state.fight
    if fight is not None and fight.active and any(e.box is not None for e in fight.enemies):
        raise Refused("box_in_fight", "creature boxes are in the fight; remove them when it is over")
    del ctx.state.creature_boxes[index]

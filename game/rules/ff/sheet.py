"""Scores, counters, recovery, the calendar and the rest of the sheet.

Rules R-CAP-1/2, R-FOOD-1/2, R-HERB-1, R-POTION-1, R-GOLD-1, R-COMBAT-6,
R-TIME-1, R-DEATH-1, R-ENCOUNTER-1, plus the eraser.
"""

from __future__ import annotations

from game.books.ff_compile import book_rule
from game.books.ff_sheet import Shop, ShopItem
from game.books.fighting_fantasy import Calendar, FightingFantasyBook
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.ff.context import Context, clamp_counter, clamp_score, counter_maximum, known_counter, known_stat
from game.rules.ff.effects import add_to_list, apply_effect, fire, hero_died_outside_round, use
from game.rules.ff.state import CreatureBox

MAX_HISTORY = 500


def change_stat(ctx: Context, action: a.ChangeStat) -> None:
    """The book says "lose / gain N": R-CAP-1 caps at the initial score, R-CAP-2 floors."""
    hero = ctx.living_hero()
    stat = known_stat(ctx.book, action.stat)
    hero.scores[stat] = clamp_score(ctx.book, hero, stat, hero.scores[stat] + action.by, ctx.state)
    hero_died_outside_round(ctx)


def raise_initial(ctx: Context, action: a.RaiseInitial) -> None:
    """R-CAP-1 decision: the initial and current score move together, then the cap applies."""
    hero = ctx.living_hero()
    stat = known_stat(ctx.book, action.stat)
    floor = ctx.book.stat(stat).floor
    hero.initial[stat] = max(floor, hero.initial[stat] + action.by)
    hero.scores[stat] = clamp_score(ctx.book, hero, stat, hero.scores[stat] + action.by, ctx.state)
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
        hero.scores[stat] = clamp_score(ctx.book, hero, stat, hero.scores[stat], ctx.state)
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
    if isinstance(definition.cap, int):
        return definition.cap
    if definition.roll is not None:
        return max(definition.roll.maximum, initial)
    return None


def change_counter(ctx: Context, action: a.ChangeCounter) -> None:
    """Gain or spend: a counter stays between 0 and its maximum (R-BOW-1: 6 arrows at most)."""
    ctx.living_hero()
    name = known_counter(ctx.book, action.name)
    ctx.state.counters[name] = clamp_counter(ctx.book, name, ctx.state.counters[name] + action.by, ctx.state)


def set_counter(ctx: Context, action: a.SetCounter) -> None:
    """The eraser for counters; a value outside 0..maximum is refused."""
    name = known_counter(ctx.book, action.name)
    maximum = counter_maximum(ctx.book, name, ctx.state)
    if action.value < 0 or (maximum is not None and action.value > maximum):
        top = "" if maximum is None else f" to {maximum}"
        raise Refused("counter_range", f"{name} must be from 0{top}", counter=name, maximum=maximum)
    ctx.state.counters[name] = action.value


def _heal(ctx: Context, key: str, absent: Refused) -> None:
    ctx.living_hero()
    used = ctx.book.rules.uses.get(key)
    if used is None:
        raise absent
    use(ctx, used)


def eat(ctx: Context, action: a.Eat) -> None:
    """R-FOOD-1: one meal at a time, +4 STAMINA capped, never in a fight; R-FOOD-2: not in DF64."""
    _heal(ctx, "meal", Refused("no_meals", "meals restore no STAMINA in this book"))


def use_herb(ctx: Context, action: a.UseHerb) -> None:
    """R-HERB-1: +4 STAMINA capped, any time except during a fight."""
    _heal(ctx, "herb", Refused("no_herbs", "this book has no healing herbs"))


def drink_potion(ctx: Context, action: a.DrinkPotion) -> None:
    """R-POTION-1 / R-GOLD-1: any kind uses one potion; it restores the initial score (Luck: +1 first)."""
    ctx.living_hero()
    potions = ctx.book.potions
    if potions is None:
        raise Refused("no_potions", "this book has no potions")
    if action.kind not in potions.kinds:
        raise Refused(
            "unknown_potion", f"'{action.kind}' is not a potion of this book ({', '.join(potions.kinds)})", kind=action.kind
        )
    use(ctx, ctx.book.rules.uses[f"potion:{action.kind}"])


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
    """R-TIME-1: tick the next day; the week wraps after the last day; the book's `day` triggers follow."""
    _calendar(ctx)
    ctx.living_hero()
    ctx.state.calendar.ticked += 1
    fire(ctx, "day")
    hero_died_outside_round(ctx)


def tick(ctx: Context, action: a.Tick) -> None:
    """A track moves on (days of a voyage, hours): within its maximum; the book's `track` triggers follow."""
    ctx.living_hero()
    try:
        track = ctx.book.track(action.track)
    except KeyError:
        known = ", ".join(t.id for t in ctx.book.tracks) or "none"
        raise Refused("unknown_track", f"'{action.track}' is not a track of this book ({known})", track=action.track) from None
    now = ctx.state.tracks.get(track.id, track.start)
    if track.maximum is not None and now + action.by > track.maximum:
        raise Refused("track_full", f"{track.name.en} goes no further than {track.maximum}", track=track.id, most=track.maximum)
    ctx.state.tracks[track.id] = now + action.by
    fire(ctx, "track", track=track.id)
    if track.unit.en.lower().startswith("day"):
        fire(ctx, "day")
    hero_died_outside_round(ctx)


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
        ctx.state.paragraph_history = (*ctx.state.paragraph_history, ctx.state.paragraph)[-MAX_HISTORY:]
    ctx.state.paragraph = action.number
    if ctx.state.hero is not None and ctx.state.hero.alive and ctx.state.ended is None:
        fire(ctx, "paragraph")  # `section.fought` still tells about the section left
        hero_died_outside_round(ctx)
    ctx.state.section_fought = ctx.in_fight()


def set_notes(ctx: Context, action: a.SetNotes) -> None:
    ctx.state.notes = action.text


def _known_list(ctx: Context, list_id: str | None) -> None:
    if list_id is not None and all(x.id != list_id for x in ctx.book.lists):
        known = ", ".join(x.id for x in ctx.book.lists) or "none"
        raise Refused("unknown_list", f"'{list_id}' is not a list of this book ({known})", list=list_id)


def add_item(ctx: Context, action: a.AddItem) -> None:
    """Write an item in the equipment, or in one of the book's lists (refused when it is full)."""
    text = action.text.strip()
    if not text:
        raise Refused("empty_item", "write the item's name")
    _known_list(ctx, action.list)
    add_to_list(ctx, action.list, text)


def _held(ctx: Context, list_id: str | None, index: int) -> list[str]:
    """The equipment or the book's list ``list_id``, refused unless it holds an item ``index``."""
    _known_list(ctx, list_id)
    items = ctx.state.equipment if list_id is None else ctx.state.lists.setdefault(list_id, [])
    if not 0 <= index < len(items):
        raise Refused("no_such_item", f"there is no item {index}", index=index)
    return items


def remove_item(ctx: Context, action: a.RemoveItem) -> None:
    del _held(ctx, action.list, action.index)[action.index]


def rename_item(ctx: Context, action: a.RenameItem) -> None:
    """An item written again under another name, in its place (a list's limit is not at stake: it holds as many)."""
    text = action.text.strip()
    if not text:
        raise Refused("empty_item", "write the item's name")
    _held(ctx, action.list, action.index)[action.index] = text


def _shop_item(ctx: Context, shop_id: str, item_id: str) -> tuple[Shop, ShopItem]:
    try:
        shop = ctx.book.shop(shop_id)
    except KeyError:
        known = ", ".join(s.id for s in ctx.book.shops) or "none"
        raise Refused("unknown_shop", f"'{shop_id}' is not a shop of this book ({known})", shop=shop_id) from None
    for item in shop.items:
        if item.id == item_id:
            return shop, item
    raise Refused("unknown_shop_item", f"'{item_id}' is not sold at {shop.name.en}", shop=shop_id, item=item_id)


def buy(ctx: Context, action: a.Buy) -> None:
    """Buy one item of a shop: its conditions, then its price in the shop's currency, then the item and its effects."""
    ctx.living_hero()
    shop, item = _shop_item(ctx, action.shop, action.item)
    ctx.check(book_rule(c) for c in [*shop.conditions, *item.conditions])
    price = ctx.paid(item.price, "price")
    _, _, currency = shop.currency.partition(".")
    have = ctx.state.counters.get(currency, 0)
    if have < price:
        raise Refused(
            "too_dear",
            f"{item.name.en} costs {price}; the hero has {have}",
            item=item.id,
            cost=price,
            have=have,
            counter=currency,
        )
    ctx.state.counters[currency] = have - price
    if item.item is not None:
        add_to_list(ctx, item.in_list, item.item.get(ctx.language))
    for effect in item.effects:
        apply_effect(ctx, effect)
    hero_died_outside_round(ctx)


def sell(ctx: Context, action: a.Sell) -> None:
    """Sell an item back to a shop that buys it: it leaves the sheet, its price goes into the currency (capped)."""
    ctx.living_hero()
    shop, item = _shop_item(ctx, action.shop, action.item)
    if item.sell_price is None or item.item is None:
        raise Refused("not_bought_back", f"{shop.name.en} does not buy {item.name.en}", item=item.id)
    ctx.check(book_rule(c) for c in shop.conditions)
    items = ctx.state.equipment if item.in_list is None else ctx.state.lists.setdefault(item.in_list, [])
    names = {item.item.fr, item.item.en}
    index = next((i for i, text in enumerate(items) if text in names), None)
    if index is None:
        raise Refused("nothing_to_sell", f"the hero has no {item.item.en} to sell", item=item.id)
    price = ctx.paid(item.sell_price, "price")
    del items[index]
    _, _, currency = shop.currency.partition(".")
    ctx.state.counters[currency] = clamp_counter(ctx.book, currency, ctx.state.counters.get(currency, 0) + price, ctx.state)


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

"""Words for the combat board: the banner and the fight log lines of each action, the dice's names.

Pure functions of (entry, state before, state after): the board and the log are
both rebuilt from the session, so undo, redo and reopening a saved fight all
read the same. No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from game.app.book_texts import amount_text
from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.dice import DieUse
from game.rules.ff.combat import luck_stakes
from game.rules.ff.state import Fight, Hero, Roll, SheetState, TableRoll
from game.scenes.combat.timeline import Step
from game.ui.context import UIContext

#: The catalogue's translate (``ui.t``): a key and its parameters to the words in the player's language.
Translate = Callable[..., str]


@dataclass(frozen=True)
class Told:
    """What the board says about a step: a banner (text, tone) and log lines (text, tone)."""

    banner: str
    tone: str  # "good", "bad", "neutral"
    lines: tuple[tuple[str, str], ...]


def fight_of(state: SheetState) -> Fight:
    """The fight of a state the board shows (the board is only ever opened on a fight)."""
    assert state.fight is not None, "the combat board shows a state with a fight"
    return state.fight


def hero_of(state: SheetState) -> Hero:
    """The hero of a state the board shows (a fight needs a hero)."""
    assert state.hero is not None, "the combat board shows a state with a hero"
    return state.hero


def name_of(state: SheetState, index: int) -> str:
    fight = state.fight
    return fight.enemies[index].name if fight is not None and 0 <= index < len(fight.enemies) else "?"


def roll_text(t: Translate, roll: Roll) -> str:
    """ "5+4 + 11 = 20": the dice, the modifier and the total."""
    dice = "+".join(str(d) for d in roll.dice)
    sign = "+" if roll.modifier >= 0 else "−"
    return t("combat.roll_formula", dice=dice, sign=sign, modifier=abs(roll.modifier), total=roll.total)


def percent(ui: UIContext, value: float) -> str:
    """ "64 %"; one decimal near the ends, so 99.8 % never reads as a certain 100 %."""
    pct = value * 100
    if 0 < pct < 1 or 99 < pct < 100:
        text = f"{min(99.9, max(0.1, pct)):.1f}"
        if ui.catalogue.language == "fr":
            text = text.replace(".", ",")
    else:
        text = f"{pct:.0f}"
    return ui.t("combat.percent", value=text)


def signed(value: int) -> str:
    """A ratio as the paper writes it: "+3", "−4", "0"."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


@dataclass(frozen=True)
class TableWords:
    """How the board names a results table: its index (the *rapport de force*) and each column's heading."""

    index_name: str
    headings: tuple[str, ...]

    def heading(self, column: int) -> str:
        """Column ``column``'s heading ("−4/−3", "+11 ou plus"), "?" past the table's columns."""
        return self.headings[column] if 0 <= column < len(self.headings) else "?"


def table_words(t: Translate, book: FightingFantasyBook, profile: str | None, language: str) -> TableWords | None:
    """The words of the table a fight of ``profile`` is read on (None: not a table fight).

    Each heading is the paper's, from the book's ``columns``; without them it is worked out from the bounds
    ("−10/−9", "−11 ou moins", "+11 ou plus"), never a column's number."""
    table = book.profile(profile).table
    if table is None:
        return None
    index = table.index_name.get(language) if table.index_name is not None else amount_text(book, table.index, language)
    if table.columns is not None:
        return TableWords(index, tuple(heading.get(language) for heading in table.columns))
    headings = []
    for column in range(len(table.bounds) + 1):
        low, high = table.column_range(column)
        if low is None and high is not None:
            headings.append(t("combat.column_at_most", value=signed(high)))
        elif high is None and low is not None:
            headings.append(t("combat.column_at_least", value=signed(low)))
        elif low == high and low is not None:
            headings.append(signed(low))
        else:
            headings.append(t("combat.column_range", low=signed(low or 0), high=signed(high or 0)))
    return TableWords(index, tuple(headings))


def table_text(t: Translate, read: TableRoll, words: TableWords | None, short: bool = False) -> str:
    """A round read on the book's table: the number drawn, the index (the ratio), its column's heading, the losses
    (``short``: the number, the column and the losses, for a card)."""

    def loss(value: int | str) -> str:
        return t("combat.table_kill") if value == "K" else f"−{value}" if value else "0"

    losses = t("combat.table_cell", enemy=loss(read.enemy_loss), hero=loss(read.hero_loss))
    name, column = (words.index_name, words.heading(read.column)) if words is not None else ("", str(read.column + 1))
    key = "combat.table_read_short" if short else "combat.table_read"
    return t(key, number=read.roll, name=name, index=signed(read.index), column=column, losses=losses)


def result_key(result: str) -> str:
    """The catalogue key of an exchange result as a card tag."""
    return f"combat.result_{result}"


def _hero_loss(step: Step) -> int:
    """What the wound took: every score of the hero that dropped (STAMINA, or ARMOUR in a vehicle fight), LUCK's test aside."""
    before, after = hero_of(step.before).scores, hero_of(step.after).scores
    return sum(max(0, before[stat] - after.get(stat, 0)) for stat in before if stat != "luck")


def _creature_loss(step: Step, index: int) -> int:
    return fight_of(step.before).enemies[index].stamina - fight_of(step.after).enemies[index].stamina


def _ended(step: Step) -> str | None:
    """The winner when this step ended the fight, else None."""
    before, after = step.before.fight, step.after.fight
    if before is not None and before.active and after is not None and not after.active:
        return after.winner
    return None


def lost_by_the_ally(state: SheetState) -> bool:
    """The fight was lost because the ally fighting it alone fell: the hero lives (R-ALLY-1, "whole_fight")."""
    fight = state.fight
    return fight is not None and fight.winner == "enemies" and fight.ally_alone == "whole_fight" and hero_of(state).alive


FIGHT_ACTIONS = ("round", "shoot", "luck", "no_luck", "escape", "stop_fight")


def tell(t: Translate, step: Step, spell_names: Mapping[str, str] | None = None, table: TableWords | None = None) -> Told:
    """Banner and log lines of one step of the fight (``t``: the catalogue's translate; ``spell_names``: the book's, by id;
    ``table``: the words of the table a round is read on)."""
    spell_names = spell_names or {}
    do = step.do
    lines: list[tuple[str, str]] = []
    banner, tone = "", "neutral"
    after = step.after
    fight = after.fight
    if do == "fight":
        assert fight is not None  # the fight's own entry starts it
        names = ", ".join(e.name for e in fight.enemies)
        banner = t("combat.banner_start")
        lines.append((t("combat.log_start", names=names, mode=t(f"combat.mode_{fight.mode}")), "neutral"))
    elif do == "round":
        banner, tone = _tell_round(t, step, lines, table)
    elif do == "shoot":
        aimed = step.entry.action.get("target")
        target = int(aimed) if aimed is not None else fight_of(step.before).front() or 0
        shot = after.last_test
        total = sum(shot.dice) if shot else 0
        name = name_of(after, target)
        if step.entry.outcome == "hit":
            killed = fight_of(after).enemies[target].stamina == 0
            banner, tone = (t("combat.banner_shot_kill", name=name) if killed else t("combat.banner_shot_hit", name=name)), "good"
            lines.append(
                (
                    t(
                        "combat.log_shot_hit",
                        name=name,
                        total=total,
                        skill=shot.target if shot else 0,
                        damage=_creature_loss(step, target),
                    ),
                    "good",
                )
            )
        else:
            banner, tone = t("combat.banner_shot_miss"), "bad"
            lines.append((t("combat.log_shot_miss", name=name, total=total, skill=shot.target if shot else 0), "bad"))
    elif do in ("luck", "no_luck"):
        banner, tone = _tell_settle(t, step, lines)
    elif do == "escape":
        banner, tone = t("combat.banner_escape"), "neutral"
        read = next((x.table for x in fight_of(after).last_round if x.table is not None), None) if table else None
        if read is not None:  # an evasion on the table: one more round read there, where only the hero loses
            lines.append((t("combat.log_escape_table"), "neutral"))
            lines.append((table_text(t, read, table), "bad"))
        else:
            lines.append((t("combat.log_escape", damage=fight_of(step.before).escape_damage), "neutral"))
    elif do == "cast":
        # The spell's own name is the book's; the log keeps the id when the board has no book at hand.
        spell = str(step.entry.action.get("spell", ""))
        banner = t("combat.banner_cast", spell=spell_names.get(spell, spell))
        lines.append((t("combat.log_cast", spell=spell_names.get(spell, spell)), "neutral"))
    elif do == "stop_fight":
        banner = t("combat.banner_stopped")
        lines.append((t("combat.log_stopped"), "neutral"))
    else:
        banner = t("combat.banner_sheet")
        lines.append((t("combat.log_sheet"), "neutral"))
    lines.extend((message, "neutral") for message in after.messages)  # what the book's triggers said (Mindforce: −2)
    before_front = step.before.fight.front() if step.before.fight is not None and do != "fight" else None
    if fight is not None and fight.active and fight.mode == "one_after_another" and do != "fight":
        front = fight.front()
        if front is not None and before_front is not None and front != before_front:
            lines.append((t("combat.log_next", name=name_of(after, front)), "neutral"))
    winner = _ended(step)
    if winner is not None:
        ending = winner
        if lost_by_the_ally(after):
            ending = "ally_fell"
        banner, tone = (
            t(f"combat.banner_end_{ending}", ally=fight.ally.name if fight is not None and fight.ally else ""),
            "bad" if winner == "enemies" else "good" if winner == "hero" else "neutral",
        )
        lines.append((t(f"combat.log_end_{ending}"), tone))
    return Told(banner, tone, tuple(lines))


def _tell_round(t: Translate, step: Step, lines: list[tuple[str, str]], table: TableWords | None) -> tuple[str, str]:
    after = step.after
    fight = fight_of(after)
    lines.append((t("combat.log_round", n=fight.stats.rounds), "head"))
    target_exchange = next((x for x in fight.last_round if not x.by_ally), None)
    for x in fight.last_round:
        name = name_of(after, x.creature)
        if x.by_ally:
            ally = fight.ally.name if fight.ally else "?"
            lines.append(
                (
                    t(
                        "combat.log_ally_exchange",
                        ally=ally,
                        name=name,
                        theirs=roll_text(t, x.creature_roll),
                        ours=roll_text(t, x.hero_roll),
                        result=t(result_key(x.result)),
                    ),
                    _tone(x.result),
                )
            )
        elif x.table is not None:  # a round read on the book's table
            lines.append((table_text(t, x.table, table), _tone(x.result)))
        else:
            lines.append(
                (
                    t(
                        "combat.log_exchange",
                        name=name,
                        theirs=roll_text(t, x.creature_roll),
                        ours=roll_text(t, x.hero_roll),
                        result=t(result_key(x.result)),
                    ),
                    _tone(x.result),
                )
            )
            if x.protected is not None and x.result == "hero_wounded" and not fight.pending:  # armour's roll, settled
                lines.append((t("combat.log_protection", roll=x.protected, loss=_hero_loss(step)), "neutral"))
    if target_exchange is None:  # the ally fought alone (a summoned creature): the banner tells its exchange
        return _tell_ally_round(t, step)
    name = name_of(after, target_exchange.creature)
    result = target_exchange.result
    index = target_exchange.creature
    killed = fight.enemies[index].stamina == 0 and fight_of(step.before).enemies[index].stamina > 0
    if result in ("hero_hit", "both_hit") and killed:
        banner, tone = t("combat.banner_kill", name=name), "good"
    elif result == "hero_hit":
        banner, tone = t("combat.banner_hit", name=name), "good"
    elif result == "both_hit":  # a table's cell, or two hit rules that both hold: each side loses
        banner, tone = t("combat.banner_both_hit", name=name), "neutral"
    elif result == "hero_wounded" and protection_held(step, target_exchange.protected):
        banner, tone = t("combat.banner_protected", name=name), "good"
    elif result == "hero_wounded":
        banner, tone = t("combat.banner_wounded", name=name), "bad"
    else:
        banner, tone = t("combat.banner_parry"), "neutral"
    wounds = len(fight.pending)
    if wounds > 1:
        banner = t("combat.banner_with_wounds", banner=banner, n=wounds)
    return banner, tone


def protection_held(step: Step, roll: int | None) -> bool:
    """The hero's protection roll (armour) stopped the whole wound: nothing lost and nothing left to settle."""
    return roll is not None and _hero_loss(step) == 0 and not fight_of(step.after).pending


def _tell_ally_round(t: Translate, step: Step) -> tuple[str, str]:
    """The banner of a round the ally fought alone while the hero watched (R-ALLY-1, FF2's Creature Copy)."""
    after = step.after
    fight = fight_of(after)
    exchange = next((x for x in fight.last_round if x.by_ally), None)
    if exchange is None or fight.ally is None:
        return t("combat.banner_parry"), "neutral"
    name, ally = name_of(after, exchange.creature), fight.ally.name
    if exchange.result == "ally_hit":
        killed = fight.enemies[exchange.creature].stamina == 0 < fight_of(step.before).enemies[exchange.creature].stamina
        return (t("combat.banner_kill", name=name) if killed else t("combat.banner_ally_hit", ally=ally, name=name)), "good"
    if exchange.result == "ally_wounded":
        if fight.ally.stamina <= 0 and fight.active:  # until it falls: the hero fights on
            return t("combat.banner_ally_down", ally=ally), "bad"
        return t("combat.banner_ally_wounded", ally=ally, name=name), "bad"
    return t("combat.banner_parry"), "neutral"


def _tone(result: str) -> str:
    return {"hero_hit": "good", "ally_hit": "good", "hero_wounded": "bad", "ally_wounded": "bad"}.get(result, "neutral")


def _tell_settle(t: Translate, step: Step, lines: list[tuple[str, str]]) -> tuple[str, str]:
    pending = fight_of(step.before).pending[0]
    lucky = step.entry.outcome  # "lucky", "unlucky" or None (accepted)
    roll = step.after.last_test
    name = name_of(step.after, pending.creature)
    if pending.kind == "missed_arrow":
        if lucky == "lucky":
            effect, tone = t("combat.effect_arrow_lucky", name=name, damage=_creature_loss(step, pending.creature)), "good"
        elif lucky == "unlucky":
            effect, tone = t("combat.effect_string_broken"), "bad"
        else:
            effect, tone = t("combat.effect_arrow_lost"), "neutral"
    elif pending.to == "creature":
        effect, tone = t("combat.effect_creature_loses", name=name, damage=_creature_loss(step, pending.creature)), "good"
    else:
        effect, tone = t("combat.effect_hero_loses", damage=_hero_loss(step)), "bad"
    if lucky is None:
        banner = t("combat.banner_accepted", effect=effect)
        lines.append((t("combat.log_accepted", effect=effect), tone))
        return banner, tone
    total = sum(roll.dice) if roll else 0
    luck = roll.target if roll and roll.target is not None else 0
    key = "lucky" if lucky == "lucky" else "unlucky"
    banner = t(f"combat.banner_{key}", effect=effect)
    lines.append((t(f"combat.log_{key}", total=total, luck=luck, effect=effect), "good" if lucky == "lucky" else "bad"))
    return banner, "good" if lucky == "lucky" else "bad"


def rules_in_force(t: Translate, book: FightingFantasyBook, fight: Fight, language: str) -> list[str]:
    """What this book's combat rules change from the usual fight, for the board to say (issue 12).

    The profile's name and scores (a vehicle fights FIREPOWER against ARMOUR),
    damage other than 2 each way, no Luck in the fight, a killing double, an
    ally fighting alone: each one a line; the usual rules give none.
    """
    profile = book.rules.profile(fight.profile)
    rules = profile.rules

    def stat(ident: int | str) -> str:  # a score, a counter, or an expression: in the book's names
        return amount_text(book, ident, language)

    lines = []
    if fight.profile is not None or (rules.attack, rules.stamina) != ("skill", "stamina"):
        name = rules.name.get(language) if rules.name is not None else fight.profile
        lines.append(t("combat.rule_profile", name=name, attack=stat(rules.attack), stamina=stat(rules.stamina)))
    if (rules.hit_damage, rules.wound_damage) != (2, 2):
        hit, wound = stat(rules.hit_damage), stat(rules.wound_damage)
        lines.append(t("combat.rule_damage", hit=hit, wound=wound, stamina=stat(rules.stamina)))
    if book.has_stat("luck") and not profile.luck_allowed:  # a book without LUCK: nothing to say
        lines.append(t("combat.rule_no_luck"))
    if rules.double_kills:
        lines.append(t("combat.rule_double_kills"))
    elif profile.kills_if is not None:
        lines.append(t("combat.rule_kills_if", rule=stat(profile.kills_if)))
    if rules.protection is not None:
        lines.append(t("combat.rule_protection", dice=f"{rules.protection.roll.dice}d{rules.protection.roll.sides}"))
    if rules.round_cost is not None:
        cost = ", ".join(f"{stat(target)} −{stat(amount)}" for target, amount in rules.round_cost.cost.items())
        lines.append(t("combat.rule_round_cost", cost=cost))
    if rules.table is not None:
        table = rules.table
        index = table.index_name.get(language) if table.index_name is not None else stat(table.index)
        lines.append(t("combat.rule_table", index=index))
    for option in rules.options:
        if option.id in fight.options:
            lines.append(option.name.get(language))
    if fight.ally_alone is not None and fight.ally is not None:
        lines.append(t(f"combat.rule_ally_alone_{fight.ally_alone}", name=fight.ally.name))
    return lines


def stakes_words(t: Translate, book: FightingFantasyBook, state: SheetState) -> tuple[str, str]:
    """The first pending wound, hit or missed arrow in words, and what Luck changes (the rules' numbers,
    R-COMBAT-LUCK). Shared by the board's decision panel and what a screen-reader user hears."""
    fight = fight_of(state)
    pending = fight.pending[0]
    name = name_of(state, pending.creature)
    if pending.kind == "missed_arrow":
        return t("combat.decide_arrow", name=name), t("combat.stakes_arrow")
    lucky, unlucky = luck_stakes(book.profile(fight.profile), pending)
    side = "creature" if pending.to == "creature" else "hero"
    if pending.escape:
        what = t("combat.decide_escape", damage=pending.damage)
    else:
        what = t(f"combat.decide_{side}", name=name, damage=pending.damage)
    return what, t(f"combat.stakes_{side}", lucky=lucky, unlucky=unlucky)


def advice_key(test: float, accept: float) -> str:
    """The advisor's verdict from the two chances of winning: test Luck, accept, or either."""
    if test > accept + 1e-9:
        return "combat.advice_test"
    return "combat.advice_accept" if accept > test + 1e-9 else "combat.advice_same"


def die_label(t: Translate, state: SheetState, use: DieUse) -> str:
    """Whose die it is, as the rules' dice plan says (physical dice entry)."""
    if use.what == "shot":
        return t("combat.shot_die")
    if use.what == "luck":
        return t("combat.luck_die")
    fight = fight_of(state)
    if use.who == "ally" and fight.ally is not None:
        return str(fight.ally.name)
    if use.who.startswith("creature:"):
        return name_of(state, int(use.who.split(":")[1]))
    return t("combat.you")

"""Rules at hand: the rules of *this* book for the screen in front of the player, with the book's numbers.

Generated from the book data, never written per book: the stats and counters
the book defines, its tests, its combat numbers (and any other combat profile
it names), archery, escape, meals, herbs, potions, the calendar, death. Texts
come from the catalogue (``rules_help.*``), so French and English follow the
language setting. Pure: no pygame.
"""

from __future__ import annotations

from typing import Any

from game.books.fighting_fantasy import FightingFantasyBook
from game.books.models import AnyBook
from game.ui.context import UIContext

SCREENS = ("creation", "sheet", "combat")
Section = tuple[str, list[str]]  # a heading and its paragraphs


def rules_help(ui: UIContext, book: AnyBook, screen: str) -> list[Section]:
    """The sections of rules to show on ``screen`` (one of SCREENS) for ``book``."""
    if not isinstance(book, FightingFantasyBook):  # a Rôle'n Play book has no such rules
        return []
    builders = {
        "creation": (_scores, _starting_kit, *_choice_builders(book), _tests),
        "sheet": (_tests, _scores_in_play, _spells, _healing, _calendar, _thresholds, _death),
        "combat": (_attack_round, _luck_in_combat, _archery, _escape_and_weapon, _other_profiles, _spells, _healing),
    }.get(screen, (_scores,))
    sections: list[Section] = []
    for build in builders:
        section = build(ui, book)
        if section is not None and section[1]:
            sections.append(section)
    return sections


def _lang(ui: UIContext) -> str:
    return ui.catalogue.language


def _stat_name(ui: UIContext, book: FightingFantasyBook, stat: str) -> str:
    try:
        return book.stat(stat).name.get(_lang(ui))
    except KeyError:
        return stat


def _counter_name(ui: UIContext, book: FightingFantasyBook, counter: str | None) -> str | None:
    """The counter's name in the book (its id when the book has no such counter)."""
    if counter is None:
        return None
    try:
        return book.counter(counter).name.get(_lang(ui))
    except KeyError:
        return counter


def _scores(ui: UIContext, book: FightingFantasyBook) -> Section:
    lines = []
    for stat in book.stats:
        name = stat.name.get(_lang(ui))
        if stat.roll is not None:
            roll = stat.roll
            plus = f" + {roll.plus}" if roll.plus > 0 else (f" − {-roll.plus}" if roll.plus < 0 else "")
            lines.append(
                ui.t(
                    "rules_help.stat_rolled",
                    stat=name,
                    formula=f"{roll.dice}d{roll.sides}{plus}",
                    low=roll.minimum,
                    high=roll.maximum,
                )
            )
        else:
            lines.append(ui.t("rules_help.stat_fixed", stat=name, value=stat.fixed))
        lines.extend(_stat_limits(ui, stat))
    if getattr(book, "ready_heroes", None):
        lines.append(ui.t("rules_help.ready_heroes", n=len(book.ready_heroes)))
    return ui.t("rules_help.h_scores"), lines


def _stat_limits(ui: UIContext, stat: Any) -> list[str]:
    name = stat.name.get(_lang(ui))
    lines = []
    cap = getattr(stat, "cap", None)
    if stat.capped_at_initial:
        lines.append(ui.t("rules_help.capped", stat=name))
    elif cap is None:
        lines.append(ui.t("rules_help.no_maximum", stat=name))
    if cap is not None:
        lines.append(ui.t("rules_help.cap", stat=name, cap=cap))
    if stat.floor > 0:
        lines.append(ui.t("rules_help.floor", stat=name, floor=stat.floor))
    return lines


def _scores_in_play(ui: UIContext, book: FightingFantasyBook) -> Section:
    lines = []
    for stat in book.stats:
        lines.extend(_stat_limits(ui, stat))
    lines.append(ui.t("rules_help.raise_initial"))
    return ui.t("rules_help.h_book_scores"), lines


def _starting_kit(ui: UIContext, book: FightingFantasyBook) -> Section:
    lines = []
    for counter in book.counters:
        name = counter.name.get(_lang(ui))
        if counter.maximum is not None:
            lines.append(ui.t("rules_help.counter_max", counter=name, start=counter.start, maximum=counter.maximum))
        else:
            lines.append(ui.t("rules_help.counter", counter=name, start=counter.start))
    return ui.t("rules_help.h_kit"), lines


def _tests(ui: UIContext, book: FightingFantasyBook) -> Section:
    lines = []
    for stat_id, test in (("luck", book.luck_test), ("skill", book.skill_test)):
        if test is None or not book.has_stat(stat_id):
            continue  # no such test in this book
        cost = ui.t("rules_help.test_cost", cost=test.cost, stat=_stat_name(ui, book, stat_id)) if test.cost else ""
        lines.append(ui.t("rules_help.test", stat=_stat_name(ui, book, stat_id), dice=test.dice) + cost)
    for stat in book.stats:
        own_test = getattr(stat, "test", None)
        if own_test is not None and stat.id not in ("luck", "skill"):
            cost = ui.t("rules_help.test_cost", cost=own_test.cost, stat=stat.name.get(_lang(ui))) if own_test.cost else ""
            lines.append(ui.t("rules_help.test", stat=stat.name.get(_lang(ui)), dice=own_test.dice) + cost)
    return ui.t("rules_help.h_tests"), lines


def _healing(ui: UIContext, book: FightingFantasyBook) -> Section:
    lines = []
    stamina = _stat_name(ui, book, "stamina")
    for key, healing in (("rules_help.meal", book.meal), ("rules_help.herb", book.herb)):
        if healing is not None:
            when = ui.t("rules_help.in_fight_too") if healing.in_fight else ui.t("rules_help.not_in_fight")
            lines.append(
                ui.t(key, counter=_counter_name(ui, book, healing.counter), gain=healing.stamina, stat=stamina) + " " + when
            )
    if book.meal is None:
        lines.append(ui.t("rules_help.no_meal", stat=stamina))
    potions = book.potions
    if potions is not None:
        for effect in potions.kinds.values():
            stat = _stat_name(ui, book, effect.restores)
            text = ui.t("rules_help.potion", potion=effect.name.get(_lang(ui)), stat=stat)
            if effect.raise_initial:
                text += " " + ui.t("rules_help.potion_raise", stat=stat, by=effect.raise_initial)
            lines.append(text)
        lines.append(
            ui.t("rules_help.potion_count", counter=_counter_name(ui, book, potions.counter))
            + " "
            + (ui.t("rules_help.in_fight_too") if potions.in_fight else ui.t("rules_help.not_in_fight"))
        )
    return ui.t("rules_help.h_healing"), lines


def _calendar(ui: UIContext, book: FightingFantasyBook) -> Section | None:
    calendar = book.calendar
    if calendar is None:
        return None
    days = ", ".join(day.get(_lang(ui)) for day in calendar.days)
    lines = [ui.t("rules_help.calendar", name=calendar.name.get(_lang(ui)), n=len(calendar.days), days=days)]
    if calendar.renamable:
        lines.append(ui.t("rules_help.calendar_rename", n=len(calendar.renamable)))
    return calendar.name.get(_lang(ui)), lines


def _death(ui: UIContext, book: FightingFantasyBook) -> Section:
    stamina = _stat_name(ui, book, "stamina")
    lines = [ui.t("rules_help.death", stat=stamina)]
    lines.append(ui.t("rules_help.may_continue") if book.death.may_continue else ui.t("rules_help.death_final"))
    return ui.t("rules_help.h_death"), lines


def _attack_round(ui: UIContext, book: FightingFantasyBook) -> Section:
    combat = book.combat
    skill, stamina = _stat_name(ui, book, "skill"), _stat_name(ui, book, "stamina")
    return ui.t("rules_help.h_attack_round"), [
        ui.t("rules_help.attack_strength", dice=combat.attack_dice, skill=skill),
        ui.t("rules_help.hit", damage=combat.hit_damage, stat=stamina),
        ui.t("rules_help.wound", damage=combat.wound_damage, stat=stamina),
        ui.t("rules_help.parry"),
        ui.t("rules_help.several"),
    ]


def _luck_in_combat(ui: UIContext, book: FightingFantasyBook) -> Section:
    combat = book.combat
    luck, stamina = _stat_name(ui, book, "luck"), _stat_name(ui, book, "stamina")
    return ui.t("rules_help.h_luck_in_combat", stat=luck), [
        ui.t(
            "rules_help.luck_hit",
            lucky=combat.hit_luck.lucky,
            unlucky=combat.hit_luck.unlucky,
            normal=combat.hit_damage,
            stat=stamina,
        ),
        ui.t(
            "rules_help.luck_wound",
            lucky=combat.wound_luck.lucky,
            unlucky=combat.wound_luck.unlucky,
            normal=combat.wound_damage,
            stat=stamina,
        ),
        ui.t("rules_help.luck_cost", stat=luck, cost=book.luck_test.cost),
    ]


def _archery(ui: UIContext, book: FightingFantasyBook) -> Section | None:
    archery = book.archery
    if archery is None:
        return None
    counter = book.counter(archery.counter)
    return ui.t("rules_help.h_archery"), [
        ui.t(
            "rules_help.shot",
            dice=archery.shot_dice,
            skill=_stat_name(ui, book, "skill"),
            damage=archery.shot_damage,
            stat=_stat_name(ui, book, "stamina"),
        ),
        ui.t(
            "rules_help.quiver",
            counter=counter.name.get(_lang(ui)),
            maximum=counter.maximum if counter.maximum is not None else "—",
        ),
        ui.t("rules_help.missed_arrow", stat=_stat_name(ui, book, "luck")),
    ]


def _escape_and_weapon(ui: UIContext, book: FightingFantasyBook) -> Section:
    combat = book.combat
    return ui.t("rules_help.h_escape"), [
        ui.t("rules_help.escape", damage=combat.escape_damage, stat=_stat_name(ui, book, "stamina")),
        ui.t("rules_help.lost_weapon", penalty=combat.lost_weapon_penalty),
    ]


def _other_profiles(ui: UIContext, book: FightingFantasyBook) -> Section | None:
    profiles = getattr(book, "combat_profiles", None) or {}
    if not profiles:
        return None
    lines = [
        ui.t("rules_help.profile", name=name, dice=rules.attack_dice, hit=rules.hit_damage, wound=rules.wound_damage)
        for name, rules in profiles.items()
    ]
    return ui.t("rules_help.h_profiles"), lines


def _choice_builders(book: FightingFantasyBook) -> list[Any]:
    """One section per creation choice the book defines (a potion, spells…), its options described."""

    def builder(step: Any) -> Any:
        def build(ui: UIContext, book: FightingFantasyBook) -> Section:
            lines = [step.help.get(_lang(ui))] if step.help is not None else []
            for option in step.options:
                text = option.name.get(_lang(ui))
                if option.description is not None:
                    text += " : " if _lang(ui) == "fr" else ": "
                    text += option.description.get(_lang(ui))
                lines.append(text)
            return step.name.get(_lang(ui)), lines

        return build

    return [builder(step) for step in getattr(book, "creation", None) or []]


def _spells(ui: UIContext, book: FightingFantasyBook) -> Section | None:
    spells = getattr(book, "spells", None) or []
    if not spells:
        return None
    lines = []
    for spell in spells:
        text = spell.name.get(_lang(ui))
        if spell.description is not None:
            text += (" : " if _lang(ui) == "fr" else ": ") + spell.description.get(_lang(ui))
        when = getattr(spell, "when", "any")
        if when != "any":
            text += " " + ui.t(f"rules_help.when_{when}")
        lines.append(text)
    return ui.t("rules_help.h_spells"), lines


def _thresholds(ui: UIContext, book: FightingFantasyBook) -> Section | None:
    """The book's score thresholds beyond STAMINA 0: deaths and warnings (FEAR at its maximum…)."""
    lines = []
    for threshold in getattr(book, "thresholds", None) or []:
        if threshold.stat == "stamina" and threshold.at_most == 0 and threshold.consequence == "death":
            continue  # said under "Death"
        bound = threshold.at_most if threshold.at_most is not None else threshold.at_least
        side = "at_most" if threshold.at_most is not None else "at_least"
        offset = f" {'−' if threshold.offset < 0 else '+'} {abs(threshold.offset)}" if threshold.offset else ""
        key = f"rules_help.threshold_initial_{side}" if bound == "initial" else f"rules_help.threshold_{side}"
        text = ui.t(
            key,
            stat=_stat_name(ui, book, threshold.stat),
            bound=bound,
            offset=offset,
            what=ui.t(f"rules_help.consequence_{threshold.consequence}"),
        )
        if threshold.message is not None:
            text += " " + threshold.message.get(_lang(ui))
        lines.append(text)
    return (ui.t("rules_help.h_thresholds"), lines) if lines else None

"""Showing the sheet in its controls: the values, the limits, and which actions the rules allow now.

After every change the scene asks :func:`show` to bring its controls up to the
moment. Showing gets the controls, the :class:`~game.scenes.sheet.view.SheetView`,
a :class:`Moment` (the rules state, the journal's lines, what undo and redo may
do) and a :class:`Judge` (the rules' yes or no on an action, with the reason as
the disabled control's tooltip), never the scene: it decides nothing and
changes nothing but its widgets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from pydantic import BaseModel

from game.app.book_texts import formula_text
from game.books.fighting_fantasy import FightingFantasyBook
from game.i18n.catalogue import TextSource
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.ff.context import counter_maximum
from game.rules.ff.ruleset import computed_scores
from game.rules.ff.state import SheetState
from game.rules.session import make_action
from game.scenes.common.spells import spell_label
from game.scenes.sheet import items, paint
from game.scenes.sheet.controls import BackpackControls, HeroControls, ParagraphControls, SheetControls, SideControls
from game.scenes.sheet.layout import SheetRegions
from game.scenes.sheet.tools import ToolsControls
from game.scenes.sheet.view import SheetView
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.widget import Widget


class Judge(Protocol):
    """The rules' word on an action now: the widget is enabled when they accept it, else disabled with why."""

    def allow(self, widget: Widget, action: BaseModel | Refused) -> None: ...

    def allow_kind(self, widget: Widget, kind: type[BaseModel]) -> None: ...


@dataclass(frozen=True)
class Moment:
    """What the controls show beside the view: the rules state now, the journal's lines, undo and redo, the stand's lock."""

    state: SheetState
    item_list: str | None  # the list the backpack panel shows (None: the equipment)
    journal: Sequence[str]  # the entries' lines, newest first
    undo: tuple[bool, TextSource | None]  # enabled, and why not
    can_redo: bool
    locked: bool  # a convention stand: nothing leaves its slot


def cast_action(book: FightingFantasyBook, state: SheetState, index: int) -> a.Cast:
    """Casting spell ``index`` of the book now: in a fight, on the creature in front."""
    fight = state.fight
    target = fight.front() if fight is not None and fight.active else None
    return a.Cast(spell=book.spells[index].id, target=target)


def show(
    controls: SheetControls,
    view: SheetView,
    moment: Moment,
    regions: SheetRegions,
    ui: UIContext,
    book: FightingFantasyBook,
    judge: Judge,
) -> None:
    """Show ``view`` and ``moment`` in ``controls``: values, limits, and which actions ``judge`` allows now."""
    why = ui.tr("kiosk.locked")
    for button in (controls.top["settings"], *controls.side.journal_buttons[1:]):  # settings, chronicles, share
        button.set_enabled(not moment.locked, why)
    _hero(controls.hero, view, moment.state, regions, ui, book, judge)
    _paragraph(controls.paragraph, moment.state)
    _backpack(controls.backpack, moment, ui, book, judge)
    _side(controls.side, view, moment, ui, book, judge)
    _top(controls.top, moment, ui, judge)


def _hero(
    controls: HeroControls,
    view: SheetView,
    state: SheetState,
    regions: SheetRegions,
    ui: UIContext,
    book: FightingFantasyBook,
    judge: Judge,
) -> None:
    hero = state.hero
    assert hero is not None  # the sheet opens only once the hero is made (navigator.resume)
    computed = computed_scores(book, state)
    for stat in book.stats:
        counter = controls.stat_counters[stat.id]
        if stat.computed:  # read-only: worked out from other scores, its formula on hover
            value = computed.get(stat.id)
            counter.value = value if value is not None else 0
            counter.maximum = None
            language, formula = ui.catalogue.language, stat.value or ""
            counter.set_enabled(False, f"{stat.name.get(language)} = {formula_text(book, formula, language)}")
            controls.stat_erasers[stat.id].visible = False  # nothing to correct: it follows the scores it reads
            continue
        counter.value = hero.scores[stat.id]
        counter.maximum = hero.initial[stat.id] if stat.capped_at_initial else None
        judge.allow(counter, a.ChangeStat(stat=stat.id, by=0))
    controls.weapon_toggle.value = hero.weapon_lost
    judge.allow(controls.weapon_toggle, a.FindWeapon() if hero.weapon_lost else a.LoseWeapon())
    controls.luck_button.visible = book.has_stat("luck")  # a book without LUCK has no Luck control at all
    controls.skill_button.visible = book.test_rules("skill") is not None
    judge.allow(controls.luck_button, a.TestLuck())
    judge.allow(controls.skill_button, a.TestSkill())
    # A name shortened to fit is read whole on the Rename button's hover (the name itself is no control).
    shown, _ = paint.shown_name(view, regions, ui)
    controls.rename_button.tooltip = view.hero_name if shown != view.hero_name else None


def _paragraph(controls: ParagraphControls, state: SheetState) -> None:
    """The chips of the paragraphs visited last, the newest first."""
    history = list(reversed(state.paragraph_history))
    for index, button in enumerate(controls.history_buttons):
        button.visible = index < len(history)
        button.label = f"§ {history[index]}" if index < len(history) else ""


def _backpack(controls: BackpackControls, moment: Moment, ui: UIContext, book: FightingFantasyBook, judge: Judge) -> None:
    state = moment.state
    for counter_def in book.counters:
        widget = controls.counter_widgets[counter_def.id]
        widget.value = state.counters[counter_def.id]
        widget.maximum = counter_maximum(book, counter_def.id, state)
        judge.allow(widget, a.ChangeCounter(name=counter_def.id, by=0))
    use = controls.use_buttons
    if book.meal:
        judge.allow(use[book.meal.counter], a.Eat())
    if book.herb:
        judge.allow(use[book.herb.counter], a.UseHerb())
    if book.potions:
        if book.potions.counter is not None:
            judge.allow(use[book.potions.counter], a.DrinkPotion(kind=next(iter(book.potions.kinds))))
        for kind, effect in book.potions.kinds.items():
            if effect.counter is not None:
                judge.allow(use[effect.counter], a.DrinkPotion(kind=kind))
    show_items(controls, state, moment.item_list, ui, book, judge)
    if controls.tick_button is not None:
        judge.allow(controls.tick_button, a.TickDay())


def show_items(
    controls: BackpackControls,
    state: SheetState,
    list_id: str | None,
    ui: UIContext,
    book: FightingFantasyBook,
    judge: Judge,
) -> None:
    """The list shown: its items, and Add, Remove and Rename as the rules allow them on it now."""
    shown = items.items_shown(ui, book, state, list_id)
    controls.equipment.set_items(list(shown.items))
    controls.equipment.spoken_name = shown.heading
    text = controls.item_field.text.strip()
    add = controls.add_item_button
    judge.allow(add, make_action(a.AddItem, text=text or "…", list=list_id))  # full: the book's words say why
    if add.enabled and not text:
        add.set_enabled(False, ui.tr("sheet.write_item_first"))  # a second fast click adds nothing
    add.tooltip = ui.tr("sheet.add_item_tip", list=shown.name)
    selected = controls.equipment.selected
    for button, key in ((controls.remove_item_button, "remove"), (controls.rename_item_button, "rename")):
        button.tooltip = ui.tr(f"sheet.{key}_item_tip", list=shown.name)
        button.set_enabled(selected is not None and selected < len(shown.items), ui.tr("sheet.select_item_first"))
    if controls.list_buttons is not None:
        for button, step, key in zip(controls.list_buttons, (-1, 1), ("list_before", "list_after")):
            button.tooltip = ui.tr(f"sheet.{key}", list=items.list_name(ui, book, items.turned(book, list_id, step)))


def _side(side: SideControls, view: SheetView, moment: Moment, ui: UIContext, book: FightingFantasyBook, judge: Judge) -> None:
    tab = view.tab
    for name, button in side.tab_buttons.items():
        button.set_chosen(name == tab)
    _creatures(side, moment.state, tab == "creatures", ui, book, judge)
    _week(side, view, tab == "calendar", ui)
    if not side.notes.focused:
        side.notes.text = moment.state.notes
    side.notes.visible = tab == "notes"
    side.journal.set_items(list(moment.journal))
    side.journal.visible = tab == "journal"
    for button in side.journal_buttons:
        button.visible = tab == "journal"
    _tools(side.tools, moment.state, tab == "tools", ui, book, judge)


def _creatures(
    side: SideControls, state: SheetState, shown: bool, ui: UIContext, book: FightingFantasyBook, judge: Judge
) -> None:
    rows = [
        ui.t(
            "sheet.creature_row",
            name=b.name if b.stamina > 0 else ui.t("play.card_defeated", name=b.name),
            skill=b.skill,
            stamina=b.stamina,
        )
        for b in state.creature_boxes
    ]
    side.creature_list.set_items(rows)
    selected = side.creature_list.selected
    for button in (side.creature_edit, side.creature_remove, side.creature_fight):
        button.set_enabled(selected is not None, ui.tr("sheet.select_creature_first"))
    if selected is not None:
        judge.allow(side.creature_remove, a.RemoveCreature(index=selected))
        judge.allow_kind(side.creature_fight, a.StartFight)
        box = state.creature_boxes[selected]
        if box.stamina <= 0 and side.creature_fight.enabled:  # the setup leaves the defeated out: nothing to fight
            stamina = book.stat("stamina").name.get(ui.catalogue.language)
            side.creature_fight.set_enabled(False, ui.tr("sheet.creature_nothing_to_fight", name=box.name, stat=stamina))
    for widget in (side.creature_list, side.creature_add, side.creature_edit, side.creature_remove, side.creature_fight):
        widget.visible = shown


def _week(side: SideControls, view: SheetView, shown: bool, ui: UIContext) -> None:
    """The days' Rename buttons: shown on the calendar tab for the days the book lets the player rename."""
    calendar = view.calendar
    if calendar is None:
        return
    for index, button in enumerate(side.day_buttons):
        button.visible = shown and index in calendar.renamable
        # The pencil says whose name it changes, the whole name even where it is shortened before it.
        button.tooltip = button.spoken_name = ui.tr("sheet.rename_day_named", day=calendar.days[index])


def _tools(tools: ToolsControls, state: SheetState, shown: bool, ui: UIContext, book: FightingFantasyBook, judge: Judge) -> None:
    language = ui.catalogue.language
    for widget in tools.widgets:
        widget.visible = shown
    if tools.spells is not None and tools.cast_button is not None:
        tools.spells.set_items([spell_label(book, spell, state, language) for spell in book.spells])
        selected = tools.spells.selected
        if selected is None:
            tools.cast_button.set_enabled(False, ui.tr("powers.select_spell"))
        else:
            judge.allow(tools.cast_button, cast_action(book, state, selected))
    for stat, button in tools.test_buttons.items():
        judge.allow(button, a.Test(stat=stat))
    for track, button in tools.track_buttons.items():
        judge.allow(button, a.Tick(track=track))
    for dice, button in tools.tray_buttons.items():
        judge.allow(button, a.RollDice(dice=dice))


def _top(top: dict[str, Button], moment: Moment, ui: UIContext, judge: Judge) -> None:
    top["undo"].set_enabled(*moment.undo)
    top["redo"].set_enabled(moment.can_redo, ui.tr("sheet.nothing_to_redo"))
    fight = moment.state.fight
    fighting = fight is not None and fight.active
    top["fight"].label = ui.tr("sheet.resume_fight") if fighting else ui.tr("sheet.fight")
    if not fighting:
        judge.allow_kind(top["fight"], a.StartFight)
    else:
        top["fight"].set_enabled(True)

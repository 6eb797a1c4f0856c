"""The Adventure Sheet: the hero's scores, backpack, calendar, paragraph, creatures, notes and journal.

A thin screen: every click becomes a rules action through the Adventure
(autosaved), and everything drawn is read back from the rules state. Buttons
the rules would refuse are disabled with the reason as their tooltip. What the
book does not use (a quiver in DF31, meals in DF64…) is not shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.app.adventure import Change
from game.app.adventure_scene import AdventureScene
from game.app.book_texts import item_texts
from game.app.fluid import FluidLayout
from game.app.journal import describe_entry, undo_state
from game.app.navigator import Screen
from game.app.rolling import DiceGroup, roll_action
from game.app.scene import Scene
from game.app.services import Services
from game.app.showcase import sample_adventure, showcase
from game.rules.dice import ScriptedDice
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.ff.outcome import good
from game.rules.ff.ruleset import calendar_view
from game.rules.session import Entry, make_action
from game.scenes.sheet import controls as sheet_widgets
from game.scenes.sheet import paint as sheet_paint
from game.scenes.sheet import questions as sheet_forms
from game.scenes.sheet.heal import heal
from game.scenes.sheet.layout import HISTORY_CHIPS, sheet_regions
from game.scenes.sheet.tools import ToolsTab
from game.ui.button import Button
from game.ui.counter import Counter
from game.ui.layout import ScrollPane
from game.ui.notes import NotesArea
from game.ui.scroll_list import ScrollList
from game.ui.text_field import TextField
from game.ui.theme import LOGICAL_SIZE
from game.ui.toggle import Toggle

if TYPE_CHECKING:
    from game.app.adventure import FFAdventure


class SheetScene(FluidLayout, AdventureScene):
    """The Fighting Fantasy Adventure Sheet."""

    screen = Screen.SHEET
    help_topic = "sheet"
    dies_to_death_page = True

    adventure: FFAdventure
    # The widgets (built by sheet_widgets.build, from the book):
    top: dict[str, Button]
    rename_button: Button
    stats_pane: ScrollPane  # the scores (and the lost-weapon toggle), scrolling when the book has many
    counters_pane: ScrollPane  # the backpack's counters, likewise
    side: pygame.Rect  # the side panel, below its tabs (one or two rows of them)
    stat_counters: dict[str, Counter]
    stat_erasers: dict[str, Button]
    weapon_toggle: Toggle
    luck_button: Button
    skill_button: Button
    paragraph_field: TextField
    go_button: Button
    history_buttons: list[Button]
    counter_widgets: dict[str, Counter]
    use_buttons: dict[str, Button]
    equipment: ScrollList
    item_field: TextField
    add_item_button: Button
    remove_item_button: Button
    day_buttons: list[Button]
    tick_button: Button
    tabs: list[str]
    tab_buttons: dict[str, Button]
    creature_list: ScrollList
    creature_add: Button
    creature_edit: Button
    creature_remove: Button
    creature_fight: Button
    notes: NotesArea
    journal: ScrollList
    journal_buttons: list[Button]
    tools: ToolsTab

    def __init__(self, services: Services, adventure: FFAdventure, size: tuple[int, int] = LOGICAL_SIZE) -> None:
        super().__init__(services, adventure)
        self.tab = "creatures"
        self.layout(size)

    def place_widgets(self) -> None:
        """Build every panel's widgets for ``self.page`` and show the state in them."""
        self.r = sheet_regions(self.page)
        sheet_widgets.build(self)
        self.sync()

    def keep_view(self) -> tuple[int, int]:
        """A resize keeps the notes being typed and where the score and counter panes are scrolled."""
        self._commit_notes()
        return self.stats_pane.offset, self.counters_pane.offset

    def restore_view(self, kept: tuple[int, int]) -> None:
        self.stats_pane.scroll_to(kept[0])
        self.counters_pane.scroll_to(kept[1])

    # =====================================================================================
    # building
    # =====================================================================================

    def stat_counter_width(self) -> int:
        """Score counters are narrower in a narrow hero panel, leaving room for the names."""
        return self.r.stat_counter_width

    def stat_column(self) -> int:
        """The x of the score counters (the "current" column): left of the "initial" one and the eraser."""
        return self.r.stat_column

    # =====================================================================================
    # reading the state back
    # =====================================================================================
    def sync(self) -> None:
        """Show the rules state: values, limits, and which actions the rules allow now."""
        state, book, ui = self.adventure.state, self.book, self.ui
        hero = state.hero
        assert hero is not None  # the sheet opens only once the hero is made (navigator.resume)
        self.top["settings"].set_enabled(not self.services.locked, ui.tr("kiosk.locked"))  # a convention stand
        for stat in book.stats:
            counter = self.stat_counters[stat.id]
            counter.value = hero.scores[stat.id]
            counter.maximum = hero.initial[stat.id] if stat.capped_at_initial else None
            self.allow(counter, a.ChangeStat(stat=stat.id, by=0))
        self.weapon_toggle.value = hero.weapon_lost
        self.allow(self.weapon_toggle, a.FindWeapon() if hero.weapon_lost else a.LoseWeapon())
        self.allow(self.luck_button, a.TestLuck())
        self.allow(self.skill_button, a.TestSkill())
        for counter_def in book.counters:
            widget = self.counter_widgets[counter_def.id]
            widget.value = state.counters[counter_def.id]
            self.allow(widget, a.ChangeCounter(name=counter_def.id, by=0))
        if book.meal:
            self.allow(self.use_buttons[book.meal.counter], a.Eat())
        if book.herb:
            self.allow(self.use_buttons[book.herb.counter], a.UseHerb())
        if book.potions:
            if book.potions.counter is not None:
                self.allow(self.use_buttons[book.potions.counter], a.DrinkPotion(kind=next(iter(book.potions.kinds))))
            for kind, effect in book.potions.kinds.items():
                if effect.counter is not None:
                    self.allow(self.use_buttons[effect.counter], a.DrinkPotion(kind=kind))
        self.equipment.set_items(item_texts(self.book, list(state.equipment), self.ui.catalogue.language))
        self.remove_item_button.set_enabled(self.equipment.selected is not None, ui.tr("sheet.select_item_first"))
        history = list(reversed(state.paragraph_history))[:HISTORY_CHIPS]
        for index, button in enumerate(self.history_buttons):
            button.visible = index < len(history)
            button.label = f"§ {history[index]}" if index < len(history) else ""
        if book.calendar:
            for index, button in enumerate(self.day_buttons):
                button.visible = self.tab == "calendar" and index in book.calendar.renamable
                button.tooltip = ui.tr("sheet.rename_day_tip")
            self.allow(self.tick_button, a.TickDay())
        boxes = state.creature_boxes
        self.creature_list.set_items(
            [
                ui.t(
                    "sheet.creature_row",
                    name=b.name if b.stamina > 0 else ui.t("play.card_defeated", name=b.name),
                    skill=b.skill,
                    stamina=b.stamina,
                )
                for b in boxes
            ]
        )
        selected = self.creature_list.selected
        for button in (self.creature_edit, self.creature_remove, self.creature_fight):
            button.set_enabled(selected is not None, ui.tr("sheet.select_creature_first"))
        if selected is not None:
            self.allow(self.creature_remove, a.RemoveCreature(index=selected))
            self.allow_kind(self.creature_fight, a.StartFight)
        if not self.notes.focused:
            self.notes.text = state.notes
        self.journal.set_items([describe_entry(ui, book, e) for e in reversed(self.adventure.session.entries)])
        self.top["undo"].set_enabled(*undo_state(ui, self.adventure, "sheet.nothing_to_undo"))
        self.top["redo"].set_enabled(self.adventure.session.can_redo, ui.tr("sheet.nothing_to_redo"))
        fighting = state.fight is not None and state.fight.active
        self.top["fight"].label = ui.tr("sheet.resume_fight") if fighting else ui.tr("sheet.fight")
        if not fighting:
            self.allow_kind(self.top["fight"], a.StartFight)
        else:
            self.top["fight"].set_enabled(True)
        for tab, button in self.tab_buttons.items():
            button.style = "primary" if tab == self.tab else "normal"
        self.creature_list.visible = self.creature_add.visible = self.creature_edit.visible = self.tab == "creatures"
        self.creature_remove.visible = self.creature_fight.visible = self.tab == "creatures"
        self.notes.visible = self.tab == "notes"
        self.journal.visible = self.tab == "journal"
        self.tools.sync(self.tab == "tools")
        for button in self.journal_buttons:
            button.visible = self.tab == "journal"

    def refresh(self, changes: list[Change]) -> None:
        self.sync()

    # =====================================================================================
    # actions
    # =====================================================================================
    def act(self, action: Any, success: str | None = None) -> Entry | None:
        """Apply an action through the rules; show the refusal or ``success``; go to the death page if it kills."""
        return self._after(self.adventure.act(action), success)

    def _after(self, result: Entry | Refused | None, success: str | None = None) -> Entry | None:
        if result is None:
            return None
        if success and not isinstance(result, Refused):
            self.say(success)
        entry = self.settle(result)
        if entry is None:
            self.sync()  # a refused change leaves the widgets as the state has them
        return entry

    def _submit(self, action: Any) -> str | None:
        """A form's action: None when done, else the refusal's text for the form to show."""
        result = self.adventure.act(action)
        self._after(result)
        return self.refusal_text(result) if isinstance(result, Refused) else None

    def shortcut_buttons(self) -> dict[str, Any]:
        book, use = self.book, self.use_buttons
        return {
            "test_luck": self.luck_button,
            "test_skill": self.skill_button,
            "tick_day": getattr(self, "tick_button", None),
            "eat": use.get(book.meal.counter) if book.meal else None,
            "herb": use.get(book.herb.counter) if book.herb else None,
            "potion": use.get(book.potions.counter) if book.potions else None,
        }

    def shortcut(self, action: str) -> bool:
        """ "Next paragraph" puts the focus in the paragraph field; the others press their buttons."""
        if action != "next_paragraph":
            return super().shortcut(action)
        self.group.focus.focus(self.paragraph_field)
        self.group.focus.visible = True
        self.ui.say(self.paragraph_field.spoken())
        return True

    def stat_name(self, stat_id: str) -> str:
        return self.book.stat(stat_id).name.get(self.ui.catalogue.language)

    def change_stat(self, stat: str, value: int) -> None:
        hero = self.adventure.state.hero
        assert hero is not None  # the sheet opens only once the hero is made (navigator.resume)
        current = hero.scores[stat]
        self.act(make_action(a.ChangeStat, stat=stat, by=value - current))

    def change_counter(self, counter: str, value: int) -> None:
        self.act(make_action(a.ChangeCounter, name=counter, by=value - self.adventure.state.counters[counter]))

    def toggle_weapon(self, lost: bool) -> None:
        self.act(a.LoseWeapon() if lost else a.FindWeapon())

    def _roll(self, action: a.TestLuck | a.TestSkill, title_key: str, target_stat: str) -> None:
        hero = self.adventure.state.hero
        assert hero is not None  # the sheet opens only once the hero is made (navigator.resume)
        target = hero.scores[target_stat]
        stat_name = self.stat_name(target_stat)

        def present(entry: Entry):
            total = sum(entry.dice)
            verdict = self.ui.t(f"sheet.verdict_{entry.outcome}")
            group = DiceGroup(
                self.ui.t("sheet.your_dice"),
                tuple(entry.dice),
                6,
                self.ui.t("sheet.roll_detail", total=total, target=target, stat=stat_name),
            )
            return self.ui.t(title_key), [group], verdict, "good" if good(entry.outcome) else "bad"

        def done(result: Entry | Refused) -> None:
            self._after(result, None if isinstance(result, Refused) else self.ui.t(f"sheet.verdict_{result.outcome}"))

        roll_action(self, self.services, self.adventure, action, present, on_done=done)

    def test_luck(self) -> None:
        self._roll(a.TestLuck(), "sheet.test_luck", "luck")

    def test_skill(self) -> None:
        self._roll(a.TestSkill(), "sheet.test_skill", "skill")

    def eat(self) -> None:
        heal(self, a.Eat(), "play.ate")

    def use_herb(self) -> None:
        heal(self, a.UseHerb(), "play.herb_used")

    def ask_potion(self) -> None:
        sheet_forms.ask_potion(self)

    def go_to_paragraph(self) -> None:
        value = self.paragraph_field.value
        if value is None or not self.paragraph_field.valid:
            self.say(self.ui.t("sheet.paragraph_needed"), "bad")
            return
        if self.act(make_action(a.GoToParagraph, number=value)):
            self.paragraph_field.text = ""
            self.message = None  # an earlier refusal of the field no longer applies

    def jump_back(self, index: int) -> None:
        history = list(reversed(self.adventure.state.paragraph_history))
        if index < len(history):
            self.act(a.GoToParagraph(number=history[index]))

    def add_item(self) -> None:
        text = self.item_field.text.strip()
        if self.act(make_action(a.AddItem, text=text)):
            self.item_field.text = ""

    def remove_item(self) -> None:
        if self.equipment.selected is not None:
            self.act(a.RemoveItem(index=self.equipment.selected))
            self.equipment.select(None)
            self.sync()

    def tick_day(self) -> None:
        self.act(a.TickDay())
        view = calendar_view(self.book, self.adventure.state, self.ui.catalogue.language)
        assert view is not None  # its only way in, the tick button, is built only for a book with a calendar
        self.say(self.ui.t("sheet.day_ticked", day=view["today"], ticked=view["ticked"]))

    def ask_rename_day(self, index: int) -> None:
        sheet_forms.ask_rename_day(self, index)

    def ask_name(self) -> None:
        sheet_forms.ask_name(self)

    def ask_score(self, stat: str) -> None:
        sheet_forms.ask_score(self, stat)

    def ask_creature(self, index: int | None) -> None:
        sheet_forms.ask_creature(self, index)

    def remove_creature(self) -> None:
        index = self.creature_list.selected
        if index is None:
            return
        self.act(a.RemoveCreature(index=index))
        self.creature_list.select(None)
        self.sync()

    def fight_selected(self) -> None:
        index = self.creature_list.selected
        self.open_fight(boxes=(index,) if index is not None else ())

    def open_fight(self, boxes: tuple[int, ...] = ()) -> None:
        state = self.adventure.state
        if state.fight is not None and state.fight.active:
            self.navigator.open(self, Screen.COMBAT, self.adventure)
            return
        self.navigator.open(self, Screen.FIGHT_SETUP, self.adventure, boxes=boxes)

    def open_reader(self) -> None:
        self.navigator.open(self, Screen.READER, self.adventure)

    def show_tab(self, tab: str) -> None:
        self._commit_notes()
        self.tab = tab
        self.sync()

    def _commit_notes(self) -> None:
        """Notes are written to the sheet (one logged action) when the player leaves them."""
        if self.notes.text != self.adventure.state.notes:
            self.act(make_action(a.SetNotes, text=self.notes.text))

    def before_history(self) -> None:
        self._commit_notes()

    def undo(self) -> Entry | None:
        entry = super().undo()
        if entry is not None:
            self.say(self.ui.t("sheet.undone", what=describe_entry(self.ui, self.book, entry)))
        return entry

    def redo(self) -> Entry | None:
        entry = super().redo()
        if entry is not None:
            self.say(self.ui.t("sheet.redone", what=describe_entry(self.ui, self.book, entry)))
        return entry

    def back(self) -> None:
        """Escape: first leave the control in hand (a field being typed in), then go back to the bookshelf."""
        if self.group.focus.focused is not None:
            self.group.focus.focus(None)
            self.ui.say(self.ui.t("access.left_control"))
            return
        self.to_shelf()

    def to_shelf(self) -> None:
        self._commit_notes()
        self.navigator.to_shelf(self)

    def open_settings(self) -> None:
        self.navigator.open(self, Screen.SETTINGS)

    def open_help(self) -> None:
        """F1 / Help: the rules of this book for the sheet (the shortcuts are one click further)."""
        self.navigator.open(self, Screen.RULES_HELP, self.book, "sheet")

    # =====================================================================================
    # frame
    # =====================================================================================

    def pause(self) -> None:
        self._commit_notes()

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        was_focused = self.notes.focused
        if self.group.process_event(event):
            if was_focused and not self.notes.focused:
                self._commit_notes()
            return None
        if was_focused and not self.notes.focused:
            self._commit_notes()
        if self.history_key(event) or self.help_key(event):
            return None
        if self.shortcut_key(event):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return None
        if event.type == pygame.MOUSEBUTTONUP and self.equipment.contains(getattr(event, "pos", (-1, -1))):
            self.sync()
        return event

    def draw(self, surface: pygame.Surface) -> None:
        sheet_paint.draw(self, surface)


@showcase("sheet-df49")
def _showcase_df49(services: Services) -> list[Scene]:
    return [SheetScene(services, sample_adventure(services, "DF49"))]


@showcase("sheet-df49-broken-bow")
def _showcase_broken_bow(services: Services) -> list[Scene]:
    """R-BOW-4 (revised): the string broke, the hero escaped: the sheet shows it still broken."""
    adventure = sample_adventure(services, "DF49")
    adventure.act(a.StartFight(enemies=[{"name": "Aile Noire", "skill": 7, "stamina": 6}], arrows=2, escape=True))
    adventure.act(a.Shoot(), ScriptedDice([6, 6]))
    adventure.act(a.UseLuck(), ScriptedDice([6, 6]))
    adventure.act(a.Escape())
    adventure.act(a.NoLuck())
    return [SheetScene(services, adventure)]


@showcase("sheet-df31")
def _showcase_df31(services: Services) -> list[Scene]:
    return [SheetScene(services, sample_adventure(services, "DF31"))]


@showcase("sheet-df64-journal")
def _showcase_df64(services: Services) -> list[Scene]:
    scene = SheetScene(services, sample_adventure(services, "DF64"))
    scene.show_tab("journal")
    return [scene]


@showcase("sheet-test-luck")
def _showcase_luck(services: Services) -> list[Scene]:
    scene = SheetScene(services, sample_adventure(services, "DF49"))
    # Run the real flow on a throwaway stack and show what it pushed (the dice overlay).
    from game.app.stack import SceneStack

    stack = SceneStack()
    stack.push(scene)
    stack.apply_pending()
    scene.test_luck()
    stack.apply_pending()
    return list(stack.scenes)

"""The Adventure Sheet: the hero's scores, backpack, calendar, paragraph, creatures, notes and journal.

A thin screen: every click becomes a rules action through the Adventure
(autosaved), and everything drawn is read back from the rules state. Buttons
the rules would refuse are disabled with the reason as their tooltip. What the
book does not use (a quiver in DF31, meals in DF64…) is not shown.

The scene implements the sheet's intents (``controls.SheetIntents``): its
controls call them, it acts, then shows the state again in its controls
(``sync``, through ``show.show``, which gets the view and the rules' word, not
the scene) and paints a :class:`~game.scenes.sheet.view.SheetView` of it. Its
forms and dialogs are ``asking.SheetQuestions``, whose answers come back to
``submit``, ``submit_scores`` and ``heal``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.app.adventure import Change
from game.app.adventure_scene import AdventureScene
from game.app.fluid import FluidLayout
from game.app.journal import JournalLines, describe_changes, describe_entry, describe_gain, undo_state
from game.app.navigator import Screen
from game.app.rolling import Presentation, roll_action
from game.app.services import Services
from game.app.timeline import changes
from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.ff.ruleset import calendar_view
from game.rules.session import Entry, make_action
from game.scenes.common.narration import backpack_words, hero_words
from game.scenes.sheet import items, paint, rolls
from game.scenes.sheet.asking import SheetQuestions
from game.scenes.sheet.controls import SheetControls, build_controls
from game.scenes.sheet.heal import healed_stat, would_gain_nothing, would_kill
from game.scenes.sheet.layout import SheetRegions, sheet_regions, sheet_shape
from game.scenes.sheet.show import Moment, cast_action, show, show_items
from game.scenes.sheet.view import SheetView, sheet_view
from game.ui.speech import join
from game.ui.theme import LOGICAL_SIZE
from game.ui.widget import Widget

if TYPE_CHECKING:
    from game.app.adventure import FFAdventure
    from game.rules.ff.actions import FFAction
    from game.rules.ff.state import Hero


class SheetScene(FluidLayout, AdventureScene):
    """The Fighting Fantasy Adventure Sheet."""

    screen = Screen.SHEET
    help_topic = "sheet"
    dies_to_death_page = True

    adventure: FFAdventure
    book: FightingFantasyBook
    regions: SheetRegions
    controls: SheetControls
    view: SheetView  # what the sheet shows now: painted, and read by the panes' rows

    def __init__(self, services: Services, adventure: FFAdventure, size: tuple[int, int] = LOGICAL_SIZE) -> None:
        super().__init__(services, adventure)
        self.tab = "creatures"
        self.item_list: str | None = None  # the list the backpack panel shows (None: the equipment)
        self._journal = JournalLines()  # each entry described once: a click describes the one it played
        self.layout(size)

    @property
    def hero(self) -> Hero:
        hero = self.adventure.state.hero
        assert hero is not None  # the sheet opens only once the hero is made (navigator.resume)
        return hero

    def place_widgets(self) -> None:
        """Build every panel's widgets for ``self.page`` and show the state in them."""
        self.regions = sheet_regions(self.page, sheet_shape(self.book, self.ui, self.hero))
        self.controls = build_controls(self.ui, self.regions, self.book, self)
        self.group.add(*self.controls.widgets)
        self.sync()

    def keep_view(self) -> tuple[int, int, int | None]:
        """A resize keeps the notes being typed, where the score and counter panes are scrolled and the item chosen."""
        self._commit_notes()
        backpack = self.controls.backpack
        return self.controls.hero.stats_pane.offset, backpack.counters_pane.offset, backpack.equipment.selected

    def restore_view(self, kept: tuple[int, int, int | None]) -> None:
        self.controls.hero.stats_pane.scroll_to(kept[0])
        self.controls.backpack.counters_pane.scroll_to(kept[1])
        self.controls.backpack.equipment.select(kept[2])

    # =====================================================================================
    # reading the state back
    # =====================================================================================
    def view_now(self) -> SheetView:
        """What the sheet shows now: the state, the tab, the selections and the status line."""
        tools = self.controls.side.tools
        return sheet_view(
            self.adventure,
            self.ui,
            tab=self.tab,
            creature=self.controls.side.creature_list.selected,
            spell=tools.spells.selected if tools.spells is not None else None,
            message=self.message,
            tone=self.tone,
            save_problem=self.save_failed_text() if self.adventure.save_problem else None,
            item_list=self.item_list,
        )

    def sync(self) -> None:
        """Show the rules state in the controls: values, limits, and which actions the rules allow now."""
        self.view = self.view_now()
        show(self.controls, self.view, self.moment(), self.regions, self.ui, self.book, self)

    def moment(self) -> Moment:
        """What the controls show beside the view: the state, the journal, undo and redo, the stand's lock."""
        adventure = self.adventure
        return Moment(
            state=adventure.state,
            item_list=self.item_list,
            journal=self._journal.newest_first(self.ui, self.book, adventure.session),
            undo=undo_state(self.ui, adventure, "sheet.nothing_to_undo"),
            can_redo=adventure.session.can_redo,
            locked=self.services.locked,
        )

    def refresh(self, changes: list[Change]) -> None:
        self._let_go_of_the_fallen(len(changes))
        self.sync()

    def _let_go_of_the_fallen(self, changed: int) -> None:
        """A creature box that fell in these changes (a fight from the box) is no longer the one chosen (issue 30 item 7)."""
        creatures, session = self.controls.side.creature_list, self.adventure.session
        index, before_at = creatures.selected, session.length - changed
        if index is None or not 0 <= before_at < session.length:
            return
        boxes, before = self.adventure.state.creature_boxes, session.state_at(before_at).creature_boxes
        if index < min(len(boxes), len(before)) and boxes[index].stamina <= 0 < before[index].stamina:
            creatures.select(None)

    def selection_changed(self) -> None:
        """A creature box or a spell was selected: the buttons that act on it follow."""
        self.sync()

    # =====================================================================================
    # actions
    # =====================================================================================
    def act(self, action: FFAction | Refused, success: str | None = None) -> Entry | None:
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

    def shortcut_buttons(self) -> dict[str, Widget | None]:
        book, use, hero = self.book, self.controls.backpack.use_buttons, self.controls.hero
        return {
            "test_luck": hero.luck_button,
            "test_skill": hero.skill_button,
            "tick_day": self.controls.backpack.tick_button,
            "eat": use.get(book.meal.counter) if book.meal else None,
            "herb": use.get(book.herb.counter) if book.herb else None,
            "potion": use.get(book.potions.counter) if book.potions and book.potions.counter else None,
        }

    def shortcut(self, action: str) -> bool:
        """ "Next paragraph" puts the focus in the paragraph field; the others press their buttons."""
        if action != "next_paragraph":
            return super().shortcut(action)
        field = self.controls.paragraph.paragraph_field
        self.group.focus.focus(field)
        self.group.focus.visible = True
        self.ui.say(field.spoken())
        return True

    def stat_name(self, stat_id: str) -> str:
        return self.book.stat(stat_id).name.get(self.ui.catalogue.language)

    def change_stat(self, stat: str, value: int) -> None:
        self.act(make_action(a.ChangeStat, stat=stat, by=value - self.hero.scores[stat]))

    def change_counter(self, counter: str, value: int) -> None:
        self.act(make_action(a.ChangeCounter, name=counter, by=value - self.adventure.state.counters[counter]))

    def toggle_weapon(self, lost: bool) -> None:
        self.act(a.LoseWeapon() if lost else a.FindWeapon())

    def _roll_test(self, action: a.TestLuck | a.TestSkill, title_key: str, target_stat: str) -> None:
        present = rolls.test_shown(self.ui, self.ui.t(title_key), self.hero.scores[target_stat], self.stat_name(target_stat))

        def done(result: Entry | Refused) -> None:
            self._after(result, None if isinstance(result, Refused) else self.ui.t(f"sheet.verdict_{result.outcome}"))

        roll_action(self, self.services, self.adventure, action, present, on_done=done)

    def test_luck(self) -> None:
        self._roll_test(a.TestLuck(), "sheet.test_luck", "luck")

    def test_skill(self) -> None:
        self._roll_test(a.TestSkill(), "sheet.test_skill", "skill")

    def eat(self) -> None:
        self.heal(a.Eat(), "play.ate")

    def use_herb(self) -> None:
        self.heal(a.UseHerb(), "play.herb_used")

    def drink_kind(self, kind: str) -> None:
        """Drink one dose of a potion kind that keeps its own doses."""
        self.heal(a.DrinkPotion(kind=kind), "play.potion_drunk")

    def heal(self, action: a.Eat | a.UseHerb | a.DrinkPotion, done_key: str) -> None:
        """A heal (eat, an herb, a potion), said with what it gained; one that would gain nothing asks first."""
        if not would_gain_nothing(self.adventure.session, action) or self.stack is None:
            self._apply_heal(action, done_key)
            return
        ui, stat = self.ui, healed_stat(self.book, action)
        question = ui.tr("play.heal_full_question", stat=self.stat_name(stat), value=self.hero.scores[stat])
        self.questions.confirm(question, "play.heal_full_title", "play.heal_anyway", lambda: self._apply_heal(action, done_key))

    def _apply_heal(self, action: a.Eat | a.UseHerb | a.DrinkPotion, done_key: str) -> None:
        """Apply the heal and say how much it gained ("+3 ENDURANCE (17 → 20)")."""
        session = self.adventure.session
        before = session.state
        result = self.adventure.act(action)
        if isinstance(result, Refused):
            self._after(result)
            return
        gained = describe_gain(self.ui, self.book, changes(session, before, session.state))
        self._after(result, self.ui.t(done_key, gain=gained))

    def go_to_paragraph(self) -> None:
        field = self.controls.paragraph.paragraph_field
        if field.value is None or not field.valid:
            self.say(self.ui.t("sheet.paragraph_needed"), "bad")
            return
        if self.act(make_action(a.GoToParagraph, number=field.value)):
            field.text = ""
            self.message = None  # an earlier refusal of the field no longer applies

    def jump_back(self, index: int) -> None:
        history = list(reversed(self.adventure.state.paragraph_history))
        if index < len(history):
            self.act(a.GoToParagraph(number=history[index]))

    def add_item(self) -> None:
        """Write the field's item in the list shown (the rules refuse it when the list is full, in the book's words)."""
        field, list_id = self.controls.backpack.item_field, self.item_list
        text = field.text.strip()
        if self.act(make_action(a.AddItem, text=text, list=list_id)):
            field.text = ""
            self.sync_items()
            self.say(self._item_words("sheet.item_added", text))

    def remove_item(self) -> None:
        """Take the item chosen off the list shown."""
        equipment, list_id = self.controls.backpack.equipment, self.item_list
        index = equipment.selected
        current = items.held(self.adventure.state, list_id)
        if index is None or index >= len(current):
            return
        name = items.item_shown(self.ui, self.book, self.adventure.state, list_id, index)  # as the list shows it
        if self.act(a.RemoveItem(index=index, list=list_id)):
            self.say(self._item_words("sheet.item_removed", name))
        equipment.select(None)
        self.sync()

    def _item_words(self, key: str, item: str) -> str:
        """What is said once an item is added or removed: the list's name, the item and how many it holds now
        against its limit ("2 / 2": a screen-reader user hears the list is full)."""
        shown = items.items_shown(self.ui, self.book, self.adventure.state, self.item_list)
        return self.ui.t(key, list=shown.name, item=item, count=shown.count)

    def sync_items(self) -> None:
        """The list shown: its items, and Add, Remove and Rename as the rules allow them on it now."""
        show_items(self.controls.backpack, self.adventure.state, self.item_list, self.ui, self.book, self)

    def turn_list(self, step: int) -> None:
        """‹ ›: the backpack panel shows the list before or after (the equipment, then the book's lists)."""
        self.item_list = items.turned(self.book, self.item_list, step)
        self.controls.backpack.equipment.select(None)
        self.sync()
        self.say(items.turned_words(self.ui, items.items_shown(self.ui, self.book, self.adventure.state, self.item_list)))

    def ask_rename_item(self) -> None:
        """Rename the item chosen in the list shown (the Rename button, Enter or a double click on it)."""
        self.questions.rename_item(self.adventure.state, self.item_list, self.controls.backpack.equipment.selected)

    def tick_day(self) -> None:
        self.act(a.TickDay())
        view = calendar_view(self.book, self.adventure.state, self.ui.catalogue.language)
        assert view is not None  # its only way in, the tick button, is built only for a book with a calendar
        self.say(self.ui.t("sheet.day_ticked", day=view["today"], ticked=view["ticked"]))

    def click_day(self, index: int) -> None:
        """A click on a day box of the week: the next day is ticked; any other box says why not (issue 30 item 8)."""
        lines = self.view.calendar
        if lines is None:
            return
        if index == lines.next_index:
            self.tick_day()
            return
        key = "sheet.day_already_ticked" if lines.crossed[index] else "sheet.day_not_next"
        self.say(self.ui.t(key, day=lines.days[index], next=lines.days[lines.next_index]), "bad")

    def remove_creature(self) -> None:
        creatures = self.controls.side.creature_list
        if creatures.selected is None:
            return
        self.act(a.RemoveCreature(index=creatures.selected))
        creatures.select(None)
        self.sync()

    def fight_selected(self) -> None:
        index = self.controls.side.creature_list.selected
        self.open_fight(boxes=(index,) if index is not None else ())

    # -- the Tools tab -----------------------------------------------------------------------------
    def cast_spell(self) -> None:
        """Cast the spell selected in the Tools tab (in a fight, on the creature in front)."""
        spells = self.controls.side.tools.spells
        if spells is None or spells.selected is None:
            return
        name = self.book.spells[spells.selected].name.get(self.ui.catalogue.language)
        success = self.ui.t("powers.cast_done", spell=name)
        present = rolls.cast_shown(self.ui, self.ui.t("powers.cast_title", spell=name), success)
        action = cast_action(self.book, self.adventure.state, spells.selected)
        if not would_kill(self.adventure.session, action) or self.stack is None:
            self._roll_tool(action, present, success)
            return
        question = self.ui.tr("powers.fatal_question", spell=name, stat=self.stat_name("stamina"))
        self.questions.confirm(
            question, "powers.fatal_title", "powers.cast_anyway", lambda: self._roll_tool(action, present, success)
        )

    def test_stat(self, stat: str) -> None:
        """Test a score the book makes testable (the book's dice, at or under the score)."""
        name = self.stat_name(stat)
        title = self.ui.t("powers.test", stat=name)
        self._roll_tool(a.Test(stat=stat), rolls.test_shown(self.ui, title, self.hero.scores[stat], name))

    def tick_track(self, track: str) -> None:
        """One of the book's tracks moves on by one (its triggers and endings follow)."""
        self.act(a.Tick(track=track))

    def roll_dice(self, dice: str) -> None:
        """The dice tray: the dice roll, the overlay shows them, the journal keeps them."""
        self._roll_tool(a.RollDice(dice=dice), rolls.tray_shown(self.ui, dice))

    def _roll_tool(self, action: FFAction, present: Callable[[Entry], Presentation], success: str | None = None) -> None:
        """Roll a Tools tab's ``action`` through the dice overlay; ``success``: the message when a spell works."""
        roll_action(self, self.services, self.adventure, action, present, on_done=lambda result: self._tool_done(result, success))

    def _tool_done(self, result: Entry | Refused, success: str | None) -> None:
        if isinstance(result, Refused):
            self.say(self.refusal_text(result), "bad")
            return
        if success:
            session = self.adventure.session
            states = session.states  # what the spell changed (a heal says how much it gained)
            gained = describe_changes(self.ui, self.book, changes(session, states[-2], states[-1])) if len(states) > 1 else ""
            self.say(f"{success} — {gained}" if gained else success, "good")
        elif result.outcome:
            self.say(self.ui.t(f"sheet.verdict_{result.outcome}"))
        self.settle(result)
        self.navigator.hero_fell(self, self.adventure)

    # -- questions (forms and dialogs over the sheet: asking.SheetQuestions) ------------------------------
    @property
    def questions(self) -> SheetQuestions:
        """The sheet's forms and dialogs, opened over it; their answers come back to ``submit`` and ``heal``."""
        return SheetQuestions(self.ui, self.book, self.navigator, self, self)

    def ask_potion(self) -> None:
        self.questions.potion()

    def ask_rename_day(self, index: int) -> None:
        self.questions.rename_day(self.adventure.state, index)

    def ask_name(self) -> None:
        self.questions.name(self.hero)

    def ask_score(self, stat: str) -> None:
        self.questions.score(self.hero, stat)

    def ask_creature(self, index: int | None) -> None:
        self.questions.creature(self.adventure.state, index)

    def submit(self, action: FFAction | Refused, success: str | None = None) -> str | None:
        """A form's action: None when done (``success`` said), else the refusal's text for the form to show."""
        result = self.adventure.act(action)
        self._after(result, success)
        return self.refusal_text(result) if isinstance(result, Refused) else None

    def submit_scores(self, actions: list[a.SetScore | Refused], name: str) -> str | None:
        """The eraser's scores, all or nothing: a refusal writes none of them (and leaves the redo list as it was)."""
        result = self.adventure.act_all(actions)
        if isinstance(result, Refused):
            self.sync()
            return self.refusal_text(result)
        self._after(result[-1] if result else None, self.ui.t("sheet.corrected", stat=name))
        return None

    # -- moving on ---------------------------------------------------------------------------------
    def open_fight(self, boxes: tuple[int, ...] = ()) -> None:
        if self.stack is not None and self.stack.has_pending:  # a second press in the frame that opened it: one board
            return
        state = self.adventure.state
        if state.fight is not None and state.fight.active:
            self.navigator.open(self, Screen.COMBAT, self.adventure)
            return
        self.navigator.open(self, Screen.FIGHT_SETUP, self.adventure, boxes=boxes)

    def open_reader(self) -> None:
        self.navigator.open(self, Screen.READER, self.adventure)

    def open_timeline(self) -> None:
        self.navigator.open(self, Screen.TIMELINE, self.adventure)

    def open_chronicles(self) -> None:
        self.navigator.open(self, Screen.CHRONICLES, self.book, current=self.adventure)

    def open_share(self) -> None:
        self.navigator.open(self, Screen.SHARE, self.adventure)

    def show_tab(self, tab: str) -> None:
        self._commit_notes()
        self.tab = tab
        self.sync()

    def _commit_notes(self) -> None:
        """Notes are written to the sheet (one logged action) when the player leaves them."""
        notes = self.controls.side.notes
        if notes.text != self.adventure.state.notes:
            self.act(make_action(a.SetNotes, text=notes.text))

    def before_history(self) -> None:
        self._commit_notes()

    def undo(self) -> Entry | None:
        entry = super().undo()
        if entry is not None:
            # The state now is the one it was played on: a removed item is named, not numbered.
            self.say(self.ui.t("sheet.undone", what=describe_entry(self.ui, self.book, entry, self.adventure.state)))
        return entry

    def redo(self) -> Entry | None:
        entry = super().redo()
        if entry is not None:
            session = self.adventure.session
            before = session.state_at(len(session.entries) - 1)  # the state it was played on again
            self.say(self.ui.t("sheet.redone", what=describe_entry(self.ui, self.book, entry, before)))
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
        notes = self.controls.side.notes
        was_focused = notes.focused
        if self.group.process_event(event):
            if was_focused and not notes.focused:
                self._commit_notes()
            return None
        if was_focused and not notes.focused:
            self._commit_notes()
        if self.history_key(event) or self.help_key(event):
            return None
        if self.shortcut_key(event):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return None
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1 and self.tab == "calendar":
            day = next((i for i, box in enumerate(self.regions.side.day_boxes) if box.collidepoint(event.pos)), None)
            if day is not None:
                self.click_day(day)
                return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        self.view = self.view_now()
        paint.draw(surface, self.view, self.regions, self.ui)
        self.group.draw(surface)
        paint.draw_status(surface, self.view, self.regions, self.ui)

    def spoken_summary(self) -> str:
        """What a screen-reader user hears on arriving at the sheet (and on F3): the hero, the paragraph, the backpack."""
        ui, book, state = self.ui, self.book, self.adventure.state
        paragraph = ui.t("access.paragraph", n=state.paragraph) if state.paragraph else ui.t("access.no_paragraph")
        fight = state.fight
        fighting = ui.t("access.fight_running") if fight is not None and fight.active else ""
        return join(
            ui.t("access.screen_sheet", book=book.title.get(ui.catalogue.language)),
            hero_words(ui, book, state),
            paragraph,
            backpack_words(ui, book, state),
            items.turned_words(ui, items.items_shown(ui, book, state, self.item_list)),  # the list shown and its items
            fighting,
            ui.t("access.tab_hint"),
        )

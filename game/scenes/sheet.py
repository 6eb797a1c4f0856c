"""The Adventure Sheet: the hero's scores, backpack, calendar, paragraph, creatures, notes and journal.

A thin screen: every click becomes a rules action through the Adventure
(autosaved), and everything drawn is read back from the rules state. Buttons
the rules would refuse are disabled with the reason as their tooltip. What the
book does not use (a quiver in DF31, meals in DF64…) is not shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.app.adventure import Change
from game.app.adventure_scene import AdventureScene
from game.app.journal import describe_entry, play_badge, undo_state
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
from game.rules.session import Entry
from game.scenes.form import FieldSpec, FormScene
from game.scenes.heal_ask import heal
from game.scenes.journal_links import journal_buttons
from game.scenes.sheet_powers import ToolsTab
from game.ui import fonts
from game.ui.button import Button
from game.ui.counter import Counter
from game.ui.dialog import Dialog
from game.ui.draw import blit_text, draw_icon, draw_panel, parchment, wrap_words
from game.ui.group import WidgetGroup
from game.ui.notes import NotesArea
from game.ui.scroll_list import ScrollList
from game.ui.text_field import TextField
from game.ui.toggle import Toggle

if TYPE_CHECKING:
    from game.app.adventure import FFAdventure

HERO = pygame.Rect(16, 70, 400, 440)
PARAGRAPH = pygame.Rect(16, 520, 400, 164)
BACKPACK = pygame.Rect(432, 70, 400, 614)
CALENDAR_HEIGHT = 72
SIDE = pygame.Rect(848, 122, 416, 562)
STAT_ROW = 54
STATS_TOP = 76  # below the hero's name and the column headings
COUNTER_ROW = 54
ICONS = {"arrow": "arrow", "herb": "herbs", "potion": "potion", "provisions": "provisions", "gold": "gold"}
TAB_ORDER = ("creatures", "calendar", "notes", "journal", "tools")
HISTORY_CHIPS = 8


class SheetScene(AdventureScene):
    """The Fighting Fantasy Adventure Sheet."""

    screen = Screen.SHEET
    dies_to_death_page = True

    adventure: FFAdventure

    def __init__(self, services: Services, adventure: FFAdventure) -> None:
        super().__init__(services, adventure)
        self.group = WidgetGroup(self.ui)
        self.tab = "creatures"
        self._build()
        self.sync()

    # =====================================================================================
    # building
    # =====================================================================================
    def _build(self) -> None:
        ui, g, book = self.ui, self.group, self.book
        # -- top bar ------------------------------------------------------------------------
        specs = [("undo", "sheet.undo", self.undo, "normal"), ("redo", "sheet.redo", self.redo, "normal"),
                 ("fight", "sheet.fight", self.open_fight, "primary"), ("shelf", "sheet.shelf", self.to_shelf, "normal"),
                 ("settings", "sheet.settings", self.open_settings, "normal"), ("help", "sheet.help", self.open_help, "normal")]
        widths = {"undo": 118, "redo": 118, "fight": 130, "shelf": 118, "settings": 118, "help": 96}
        x = 1264 - sum(widths.values()) - 8 * (len(specs) - 1)
        self.top: dict[str, Button] = {}
        for name, key, action, style in specs:
            self.top[name] = g.add(Button(ui, (x, 12, widths[name], 44), ui.tr(key), on_click=action, style=style))
            x += widths[name] + 8
        self.top["undo"].tooltip = ui.tr("sheet.undo_tip")
        self.top["redo"].tooltip = ui.tr("sheet.redo_tip")
        if book.sections:  # a book with its text (the demo): open it in the reader
            self.top["read"] = g.add(Button(ui, (self.top["undo"].rect.x - 126, 12, 118, 44), ui.tr("reader.open"),
                                            style="primary", on_click=self.open_reader))
        # -- hero ------------------------------------------------------------------------------
        self.rename_button = g.add(Button(ui, (HERO.right - 124, HERO.y + 12, 108, 36), ui.tr("sheet.rename"),
                                          on_click=self.ask_name))
        self.stat_counters: dict[str, Counter] = {}
        self.stat_erasers: dict[str, Button] = {}
        for index, stat in enumerate(book.stats):
            y = HERO.y + STATS_TOP + index * STAT_ROW
            self.stat_counters[stat.id] = g.add(Counter(
                ui, (HERO.x + 140, y, 140, 46), value=0, minimum=stat.floor, spoken_name=self._book_name(stat),
                on_request=lambda value, s=stat.id: self.change_stat(s, value)))
            self.stat_erasers[stat.id] = g.add(Button(ui, (HERO.right - 56, y + 2, 42, 42), "",
                                                      tooltip=ui.tr("sheet.eraser_tip"),
                                                      spoken_name=ui.tr("access.eraser", stat=stat.name.get(ui.catalogue.language)),
                                                      on_click=lambda s=stat.id: self.ask_score(s)))
        y = HERO.y + STATS_TOP + len(book.stats) * STAT_ROW + 2
        self.weapon_toggle = g.add(Toggle(ui, (HERO.x + 20, y, HERO.width - 40, 30),
                                          ui.tr("sheet.weapon_lost", penalty=book.combat.lost_weapon_penalty),
                                          on_change=self.toggle_weapon))
        y = HERO.bottom - 104
        self.luck_button = g.add(Button(ui, (HERO.x + 20, y, HERO.width - 40, 44), ui.tr("sheet.test_luck"), icon="heart",
                                        style="primary", on_click=self.test_luck))
        self.skill_button = g.add(Button(ui, (HERO.x + 20, y + 50, HERO.width - 40, 44), ui.tr("sheet.test_skill"), icon="shield",
                                         style="primary", on_click=self.test_skill))
        # -- paragraph ---------------------------------------------------------------------------
        self.paragraph_field = g.add(TextField(ui, (PARAGRAPH.x + 20, PARAGRAPH.y + 58, 150, 42), numeric=True, minimum=1,
                                               maximum=100000, max_length=6, placeholder=ui.tr("sheet.paragraph_placeholder"),
                                               on_submit=lambda text: self.go_to_paragraph()))
        self.go_button = g.add(Button(ui, (PARAGRAPH.x + 180, PARAGRAPH.y + 58, 110, 42), ui.tr("sheet.go"),
                                      on_click=self.go_to_paragraph))
        self.history_buttons: list[Button] = []
        for index in range(HISTORY_CHIPS):
            x = PARAGRAPH.x + 20 + (index % 4) * 92
            y = PARAGRAPH.y + 108 + (index // 4) * 26
            if index >= 4:
                y += 2
            button = Button(ui, (x, y, 84, 24), "", on_click=lambda i=index: self.jump_back(i),
                            tooltip=ui.tr("sheet.jump_back_tip"))
            self.history_buttons.append(g.add(button))
        # -- backpack ------------------------------------------------------------------------------
        self.counter_widgets: dict[str, Counter] = {}
        self.use_buttons: dict[str, Button] = {}
        use = {}
        if book.meal:
            use[book.meal.counter] = ("sheet.eat", self.eat)
        if book.herb:
            use[book.herb.counter] = ("sheet.use_herb", self.use_herb)
        if book.potions:
            if book.potions.counter is not None:
                use[book.potions.counter] = ("sheet.drink", self.ask_potion)
            for kind, effect in book.potions.kinds.items():
                if effect.counter is not None:  # a kind with doses of its own: its button drinks that kind
                    use[effect.counter] = ("sheet.drink", lambda k=kind: self.act(a.DrinkPotion(kind=k), self.ui.t("sheet.potion_drunk")))
        for index, counter in enumerate(book.counters):
            y = BACKPACK.y + 60 + index * COUNTER_ROW
            self.counter_widgets[counter.id] = g.add(Counter(
                ui, (BACKPACK.x + 178, y, 126, 44), value=0, minimum=0, maximum=counter.maximum, spoken_name=self._book_name(counter),
                on_request=lambda value, c=counter.id: self.change_counter(c, value)))
            if counter.id in use:
                key, action = use[counter.id]
                self.use_buttons[counter.id] = g.add(Button(ui, (BACKPACK.right - 86, y, 72, 44), ui.tr(key), on_click=action))
        top = BACKPACK.y + 60 + len(book.counters) * COUNTER_ROW + 36
        bottom = BACKPACK.bottom - (CALENDAR_HEIGHT + 10 if book.calendar else 0) - 64
        self.equipment = g.add(ScrollList(ui, (BACKPACK.x + 16, top, BACKPACK.width - 32, max(80, bottom - top)), row_height=32,
                                              spoken_name=ui.tr("sheet.equipment")))
        y = bottom + 10
        self.item_field = g.add(TextField(ui, (BACKPACK.x + 16, y, BACKPACK.width - 180, 42), max_length=80,
                                          placeholder=ui.tr("sheet.item_placeholder"), on_submit=lambda text: self.add_item()))
        self.add_item_button = g.add(Button(ui, (BACKPACK.right - 158, y, 70, 42), "+", on_click=self.add_item,
                                            tooltip=ui.tr("sheet.add_item_tip")))
        self.remove_item_button = g.add(Button(ui, (BACKPACK.right - 82, y, 66, 42), "−", on_click=self.remove_item,
                                               tooltip=ui.tr("sheet.remove_item_tip")))
        # -- calendar ---------------------------------------------------------------------------------
        self.day_buttons: list[Button] = []
        if book.calendar:
            cal = self.calendar_rect()
            self.tick_button = g.add(Button(ui, (cal.right - 176, cal.y + 14, 160, 44), ui.tr("sheet.tick_day"),
                                            style="primary", on_click=self.tick_day))
        # -- side tabs ---------------------------------------------------------------------------------
        self.tabs = [t for t in TAB_ORDER if t != "calendar" or book.calendar]
        self.tab_buttons: dict[str, Button] = {}
        # Each tab as wide as its label in bold (the selected look) plus an even share of what is left.
        needs = [fonts.text_width(ui.t(f"sheet.tab_{tab}"), "bold", 17) + 16 for tab in self.tabs]
        spare = max(0, SIDE.width - 8 * (len(self.tabs) - 1) - sum(needs)) // len(self.tabs)
        x = SIDE.x
        for tab, need in zip(self.tabs, needs):
            self.tab_buttons[tab] = g.add(Button(ui, (x, 70, need + spare, 44), ui.tr(f"sheet.tab_{tab}"),
                                                 on_click=lambda t=tab: self.show_tab(t)))
            x += need + spare + 8
        inner = SIDE.inflate(-32, -32)
        self.creature_list = g.add(ScrollList(ui, (inner.x, inner.y + 4, inner.width, inner.height - 210), row_height=44,
                                              on_select=lambda i: self.sync(), on_activate=lambda i: self.ask_creature(i),
                                              spoken_name=ui.tr("sheet.tab_creatures")))
        y = inner.bottom - 108
        third = (inner.width - 16) // 3
        self.creature_add = g.add(Button(ui, (inner.x, y, third, 46), ui.tr("sheet.creature_add"), on_click=lambda: self.ask_creature(None)))
        self.creature_edit = g.add(Button(ui, (inner.x + third + 8, y, third, 46), ui.tr("sheet.creature_edit"),
                                          on_click=lambda: self.ask_creature(self.creature_list.selected)))
        self.creature_remove = g.add(Button(ui, (inner.x + 2 * (third + 8), y, third, 46), ui.tr("sheet.creature_remove"),
                                            style="danger", on_click=self.remove_creature))
        self.creature_fight = g.add(Button(ui, (inner.x, y + 56, inner.width, 46), ui.tr("sheet.creature_fight"),
                                           style="primary", on_click=self.fight_selected))
        if book.calendar:
            for index in range(len(book.calendar.days)):
                rect = (inner.right - 150, inner.y + 40 + index * 56, 150, 44)
                self.day_buttons.append(g.add(Button(ui, rect, ui.tr("sheet.rename_short"),
                                                     on_click=lambda i=index: self.ask_rename_day(i))))
        self.notes = g.add(NotesArea(ui, inner, max_length=10000, placeholder=ui.tr("sheet.notes_placeholder")))
        self.journal = g.add(ScrollList(ui, (inner.x, inner.y, inner.width, inner.height - 112), row_height=30,
                                        spoken_name=ui.tr("sheet.tab_journal")))
        self.journal_buttons = journal_buttons(self, (inner.x, inner.bottom - 104, inner.width, 104))
        self.tools = ToolsTab(self, inner)  # the book's spells, tests, dice tray, crew and end conditions

    def _book_name(self, item) -> Callable[[], str]:
        """A score's or counter's name in the book, in the language of the moment (what a screen reader calls it)."""
        return lambda: item.name.get(self.ui.catalogue.language)

    def calendar_rect(self) -> pygame.Rect:
        return pygame.Rect(BACKPACK.x, BACKPACK.bottom - CALENDAR_HEIGHT, BACKPACK.width, CALENDAR_HEIGHT)

    # =====================================================================================
    # reading the state back
    # =====================================================================================
    def sync(self) -> None:
        """Show the rules state: values, limits, and which actions the rules allow now."""
        state, book, ui = self.adventure.state, self.book, self.ui
        hero = state.hero
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
        self.equipment.set_items(list(state.equipment))
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
        self.creature_list.set_items([ui.t("sheet.creature_row", name=b.name if b.stamina > 0 else ui.t("play.card_defeated", name=b.name),
                                           skill=b.skill, stamina=b.stamina) for b in boxes])
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
        return {"test_luck": self.luck_button, "test_skill": self.skill_button, "tick_day": getattr(self, "tick_button", None),
                "eat": use.get(book.meal.counter) if book.meal else None, "herb": use.get(book.herb.counter) if book.herb else None,
                "potion": use.get(book.potions.counter) if book.potions else None}

    def shortcut(self, action: str) -> bool:
        """"Next paragraph" puts the focus in the paragraph field; the others press their buttons."""
        if action != "next_paragraph":
            return super().shortcut(action)
        self.group.focus.focus(self.paragraph_field)
        self.group.focus.visible = True
        self.ui.say(self.paragraph_field.spoken())
        return True

    def stat_name(self, stat_id: str) -> str:
        return self.book.stat(stat_id).name.get(self.ui.catalogue.language)

    def change_stat(self, stat: str, value: int) -> None:
        current = self.adventure.state.hero.scores[stat]
        self.act(a.ChangeStat(stat=stat, by=value - current))

    def change_counter(self, counter: str, value: int) -> None:
        self.act(a.ChangeCounter(name=counter, by=value - self.adventure.state.counters[counter]))

    def toggle_weapon(self, lost: bool) -> None:
        self.act(a.LoseWeapon() if lost else a.FindWeapon())

    def _roll(self, action: dict, title_key: str, target_stat: str) -> None:
        target = self.adventure.state.hero.scores[target_stat]
        stat_name = self.stat_name(target_stat)

        def present(entry: Entry):
            total = sum(entry.dice)
            verdict = self.ui.t(f"sheet.verdict_{entry.outcome}")
            group = DiceGroup(self.ui.t("sheet.your_dice"), tuple(entry.dice), 6,
                              self.ui.t("sheet.roll_detail", total=total, target=target, stat=stat_name))
            return self.ui.t(title_key), [group], verdict, "good" if good(entry.outcome) else "bad"

        roll_action(self, self.services, self.adventure, action, present, on_done=lambda result: self._after(
            result, None if isinstance(result, Refused) else self.ui.t(f"sheet.verdict_{result.outcome}")))

    def test_luck(self) -> None:
        self._roll(a.TestLuck(), "sheet.test_luck", "luck")

    def test_skill(self) -> None:
        self._roll(a.TestSkill(), "sheet.test_skill", "skill")

    def eat(self) -> None:
        heal(self, a.Eat(), "play.ate")

    def use_herb(self) -> None:
        heal(self, a.UseHerb(), "play.herb_used")

    def ask_potion(self) -> None:
        potions = self.book.potions
        language = self.ui.catalogue.language
        buttons = [(self.ui.tr("common.cancel"), None)] + [(effect.name.get(language), kind) for kind, effect in potions.kinds.items()]
        self.stack.push(Dialog(self.ui, self.ui.tr("sheet.potion_question"), buttons, title=self.ui.tr("sheet.drink_title"),
                               cancel_value=None, default_index=0, width=820,
                               on_result=lambda kind: heal(self, a.DrinkPotion(kind=kind), "play.potion_drunk")
                               if kind else None))

    def go_to_paragraph(self) -> None:
        value = self.paragraph_field.value
        if value is None or not self.paragraph_field.valid:
            self.say(self.ui.t("sheet.paragraph_needed"), "bad")
            return
        if self.act(a.GoToParagraph(number=value)):
            self.paragraph_field.text = ""
            self.message = None  # an earlier refusal of the field no longer applies

    def jump_back(self, index: int) -> None:
        history = list(reversed(self.adventure.state.paragraph_history))
        if index < len(history):
            self.act(a.GoToParagraph(number=history[index]))

    def add_item(self) -> None:
        text = self.item_field.text.strip()
        if self.act(a.AddItem(text=text)):
            self.item_field.text = ""

    def remove_item(self) -> None:
        if self.equipment.selected is not None:
            self.act(a.RemoveItem(index=self.equipment.selected))
            self.equipment.select(None)
            self.sync()

    def tick_day(self) -> None:
        self.act(a.TickDay())
        view = calendar_view(self.book, self.adventure.state, self.ui.catalogue.language)
        self.say(self.ui.t("sheet.day_ticked", day=view["today"], ticked=view["ticked"]))

    def ask_rename_day(self, index: int) -> None:
        current = calendar_view(self.book, self.adventure.state, self.ui.catalogue.language)["days"][index]

        def submit(values: dict[str, str]) -> str | None:
            return self._submit(a.RenameDay(index=index, name=values["name"]))

        self.stack.push(FormScene(self.ui, self.ui.t("sheet.rename_day"), [FieldSpec("name", self.ui.t("sheet.day_name"), current, max_length=40)],
                                  submit, note=self.ui.t("sheet.rename_day_note")))

    def ask_name(self) -> None:
        def submit(values: dict[str, str]) -> str | None:
            return self._submit(a.NameHero(name=values["name"]))

        self.stack.push(FormScene(self.ui, self.ui.t("sheet.rename_title"),
                                  [FieldSpec("name", self.ui.t("sheet.hero_name"), self.adventure.state.hero.name, max_length=60)], submit))

    def ask_score(self, stat: str) -> None:
        """The eraser: write the current and initial score directly."""
        hero = self.adventure.state.hero
        name = self.stat_name(stat)

        def submit(values: dict[str, str]) -> str | None:
            initial, current = int(values["initial"]), int(values["current"])
            actions = []
            if initial != hero.initial[stat]:
                actions.append(a.SetScore(stat=stat, value=initial, initial=True))
            if current != hero.scores[stat] or actions:
                actions.append(a.SetScore(stat=stat, value=current))
            for count, action in enumerate(actions):
                result = self.adventure.act(action)
                if isinstance(result, Refused):
                    for _ in range(count):  # all or nothing: take back the part already written
                        self.adventure.undo()
                    self.sync()
                    return self.refusal_text(result)
            self._after(actions and self.adventure.session.entries[-1] or None, self.ui.t("sheet.corrected", stat=name))
            return None

        self.stack.push(FormScene(self.ui, self.ui.t("sheet.eraser_title", stat=name), [
            FieldSpec("current", self.ui.t("sheet.current_score"), str(hero.scores[stat]), numeric=True, minimum=0, maximum=999, max_length=3),
            FieldSpec("initial", self.ui.t("sheet.initial_score"), str(hero.initial[stat]), numeric=True, minimum=0, maximum=999, max_length=3),
        ], submit, note=self.ui.t("sheet.eraser_note")))

    def ask_creature(self, index: int | None) -> None:
        boxes = self.adventure.state.creature_boxes
        box = boxes[index] if index is not None and index < len(boxes) else None

        def submit(values: dict[str, str]) -> str | None:
            name, skill, stamina, notes = values["name"], int(values["skill"]), int(values["stamina"]), values["notes"]
            if box is None or index is None:
                return self._submit(a.AddCreature(name=name, skill=skill, stamina=stamina, notes=notes))
            return self._submit(a.EditCreature(index=index, name=name, skill=skill, stamina=stamina, notes=notes))

        skill_name, stamina_name = self.stat_name("skill"), self.stat_name("stamina")
        self.stack.push(FormScene(self.ui, self.ui.t("sheet.creature_title"), [
            FieldSpec("name", self.ui.t("sheet.creature_name"), box.name if box else "", max_length=60),
            FieldSpec("skill", skill_name, str(box.skill) if box else "", numeric=True, minimum=0, maximum=99, max_length=2),
            FieldSpec("stamina", stamina_name, str(box.stamina) if box else "", numeric=True, minimum=0, maximum=999, max_length=3),
            FieldSpec("notes", self.ui.t("sheet.creature_notes"), box.notes if box else "", max_length=200),
        ], submit, width=640))

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
            self.act(a.SetNotes(text=self.notes.text))

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
        if self.history_key(event):
            return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F1:
                self.open_help()
                return None
        if self.shortcut_key(event):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return None
        if event.type == pygame.MOUSEBUTTONUP and self.equipment.contains(getattr(event, "pos", (-1, -1))):
            self.sync()
        return event

    def update(self, dt: float) -> None:
        super().update(dt)
        self.group.update(dt)

    @property
    def wants_animation(self) -> bool:
        return self.group.wants_animation

    def draw(self, surface: pygame.Surface) -> None:
        ui, p, book, state = self.ui, self.ui.palette, self.book, self.adventure.state
        language = ui.catalogue.language
        hero = state.hero
        surface.blit(parchment(surface.get_size(), p), (0, 0))
        heading, body, small = ui.theme.text_size("heading"), ui.theme.text_size("body"), ui.theme.text_size("small")
        label = book.label(language)
        title = (f"{label} · " if label else "") + book.title.get(language)
        blit_text(surface, title, (20, 29), "title", heading, p.rubric, "midleft")
        blit_text(surface, play_badge(ui, self.adventure.session), (22, 55), "italic", small, p.ink_soft, "midleft")
        # hero
        draw_panel(surface, HERO, p)
        blit_text(surface, hero.name or ui.t("sheet.nameless"), (HERO.x + 20, HERO.y + 14), "title", heading, p.ink)
        for index, stat in enumerate(book.stats):
            y = HERO.y + STATS_TOP + index * STAT_ROW
            name = stat.name.get(language)
            size = body if fonts.text_width(name, "title", body) <= 116 else small
            blit_text(surface, name, (HERO.x + 20, y + 23), "title", size, p.ink, "midleft")
            initial = str(hero.initial[stat.id]) if stat.capped_at_initial else "—"
            blit_text(surface, initial, (HERO.x + 313, y + 23), "body", body, p.ink_soft, "center")
        blit_text(surface, ui.t("sheet.heading_current"), (HERO.x + 210, HERO.y + STATS_TOP - 14), "italic", small, p.ink_soft, "center")
        blit_text(surface, ui.t("sheet.heading_initial"), (HERO.x + 313, HERO.y + STATS_TOP - 14), "italic", small, p.ink_soft, "center")
        # paragraph
        draw_panel(surface, PARAGRAPH, p)
        blit_text(surface, ui.t("sheet.paragraph"), (PARAGRAPH.x + 20, PARAGRAPH.y + 14), "title", heading, p.ink)
        current = f"§ {state.paragraph}" if state.paragraph else "§ —"
        blit_text(surface, current, (PARAGRAPH.right - 20, PARAGRAPH.y + 34), "bold", 34, p.rubric, "midright")
        if not state.paragraph_history:
            blit_text(surface, ui.t("sheet.no_history"), (PARAGRAPH.x + 20, PARAGRAPH.y + 128), "italic", small, p.ink_faint)
        # backpack
        draw_panel(surface, BACKPACK, p)
        blit_text(surface, ui.t("sheet.backpack"), (BACKPACK.x + 20, BACKPACK.y + 14), "title", heading, p.ink)
        for index, counter in enumerate(book.counters):
            y = BACKPACK.y + 60 + index * COUNTER_ROW
            draw_icon(surface, ICONS.get(counter.icon, "shield"), pygame.Rect(BACKPACK.x + 16, y + 4, 36, 36), p.ink, p.parchment_light)
            name = counter.name.get(language)
            size = body if fonts.text_width(name, "body", body) <= 116 else small
            for i, line in enumerate(wrap_words(name, "body", size, 118)[:2]):
                blit_text(surface, line, (BACKPACK.x + 58, y + 22 + (i - 0.5 * (len(wrap_words(name, "body", size, 118)[:2]) - 1)) * 20),
                          "body", size, p.ink, "midleft")
            if counter.icon == "arrow" and counter.maximum:
                self._draw_quiver(surface, pygame.Rect(BACKPACK.x + 312, y, BACKPACK.right - 328 - 0, 44), state.counters[counter.id], counter.maximum)
                if state.fight is not None and state.fight.bow_broken:
                    # R-BOW-4 (revised): a string broken in a fight not won stays broken until a fight is won.
                    blit_text(surface, ui.t("sheet.bow_broken"), (BACKPACK.x + 58, y + 44), "italic", small - 2, p.bad, "midleft")
        blit_text(surface, ui.t("sheet.equipment"), (BACKPACK.x + 20, self.equipment.rect.y - 30), "title", body, p.ink_soft)
        if book.calendar:
            self._draw_calendar(surface)
        # side
        draw_panel(surface, SIDE, p)
        if self.tab == "creatures":
            if not state.creature_boxes:
                blit_text(surface, ui.t("sheet.no_creatures"), (SIDE.centerx, SIDE.y + 180), "italic", body, p.ink_faint, "center")
            selected = self.creature_list.selected
            if selected is not None and selected < len(state.creature_boxes) and state.creature_boxes[selected].notes:
                inner = SIDE.inflate(-32, -32)
                y = self.creature_list.rect.bottom + 8
                for line in wrap_words(state.creature_boxes[selected].notes, "italic", small, inner.width)[:3]:
                    blit_text(surface, line, (inner.x, y), "italic", small, p.ink_soft)
                    y += 24
        if self.tab == "calendar":
            self._draw_week(surface)
        if self.tab == "tools":
            self.tools.draw(surface)
        self.group.draw(surface)
        for stat in book.stats:
            self._draw_pencil(surface, self.stat_erasers[stat.id].rect)
        if self.message:
            colour = {"bad": p.bad, "good": p.good}.get(self.tone, p.ink)
            blit_text(surface, wrap_words(self.message, "body", small, 1240)[0], (640, 703), "body", small, colour, "center")
        elif self.adventure.save_problem:
            blit_text(surface, self.save_failed_text(), (640, 703), "body", small, p.bad, "center")

    def _draw_quiver(self, surface: pygame.Surface, rect: pygame.Rect, arrows: int, maximum: int) -> None:
        p = self.ui.palette
        slot = min(20, rect.width // max(1, maximum))
        for index in range(maximum):
            slot_rect = pygame.Rect(rect.x + index * slot, rect.y + 4, slot - 2, rect.height - 8)
            if index < arrows:
                pygame.draw.line(surface, p.ink, (slot_rect.centerx, slot_rect.bottom), (slot_rect.centerx, slot_rect.top + 6), 2)
                pygame.draw.polygon(surface, p.ink, [(slot_rect.centerx, slot_rect.top), (slot_rect.centerx - 4, slot_rect.top + 8),
                                                     (slot_rect.centerx + 4, slot_rect.top + 8)])
                pygame.draw.line(surface, p.rubric, (slot_rect.centerx - 3, slot_rect.bottom - 2), (slot_rect.centerx, slot_rect.bottom - 8), 2)
                pygame.draw.line(surface, p.rubric, (slot_rect.centerx + 3, slot_rect.bottom - 2), (slot_rect.centerx, slot_rect.bottom - 8), 2)
            else:
                pygame.draw.line(surface, p.ink_faint, (slot_rect.centerx, slot_rect.bottom), (slot_rect.centerx, slot_rect.top + 6), 1)

    def _draw_pencil(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The eraser button's icon: a pencil with its eraser end, drawn in ink."""
        p = self.ui.palette
        c = pygame.Vector2(rect.center)
        tip, end = c + (-11, 11), c + (10, -10)
        pygame.draw.line(surface, p.ink, tip + (3, -3), end, 7)
        pygame.draw.line(surface, p.parchment_light, tip + (4, -4), end - (1, -1), 3)
        pygame.draw.polygon(surface, p.ink, [tip, tip + (7, -2), tip + (2, -7)])
        pygame.draw.line(surface, p.rubric, end, end + (3, -3), 7)

    def _draw_calendar(self, surface: pygame.Surface) -> None:
        """The compact line in the backpack: today's name and the count of days."""
        ui, p = self.ui, self.ui.palette
        cal = self.calendar_rect()
        pygame.draw.line(surface, p.ink_faint, (cal.x + 16, cal.y), (cal.right - 16, cal.y))
        view = calendar_view(self.book, self.adventure.state, ui.catalogue.language)
        today = view["today"] or ui.t("sheet.no_day_yet")
        small = ui.theme.text_size("small")
        blit_text(surface, ui.t("sheet.today", day=today), (cal.x + 20, cal.y + 24), "body", small, p.ink, "midleft")
        summary = ui.t("sheet.calendar_short", ticked=view["ticked"], weeks=view["weeks"])
        blit_text(surface, summary, (cal.x + 20, cal.y + 50), "italic", small, p.ink_soft, "midleft")

    def _draw_week(self, surface: pygame.Surface) -> None:
        """R-TIME-1: the seven day boxes of the week, ticked days crossed, today marked."""
        ui, p = self.ui, self.ui.palette
        inner = SIDE.inflate(-32, -32)
        calendar = self.book.calendar
        view = calendar_view(self.book, self.adventure.state, ui.catalogue.language)
        length = len(calendar.days)
        blit_text(surface, calendar.name.get(ui.catalogue.language), (inner.x, inner.y), "title", ui.theme.text_size("body"), p.ink_soft)
        done = view["ticked"] % length if view["ticked"] % length or view["ticked"] == 0 else length
        body = ui.theme.text_size("body")
        for index in range(length):
            y = inner.y + 40 + index * 56
            box = pygame.Rect(inner.x, y + 4, 36, 36)
            pygame.draw.rect(surface, p.parchment_light, box, border_radius=4)
            pygame.draw.rect(surface, p.ink, box, width=2, border_radius=4)
            if (index - calendar.first_tick) % length < done:
                pygame.draw.line(surface, p.rubric, (box.x + 6, box.centery), (box.centerx - 2, box.bottom - 7), 4)
                pygame.draw.line(surface, p.rubric, (box.centerx - 2, box.bottom - 7), (box.right - 5, box.y + 6), 4)
            colour = p.rubric if view["today_index"] == index else p.ink
            blit_text(surface, view["days"][index], (inner.x + 50, y + 22), "bold" if view["today_index"] == index else "body", body, colour, "midleft")
        blit_text(surface, ui.t("sheet.calendar_summary", ticked=view["ticked"], weeks=view["weeks"]),
                  (inner.x, inner.bottom - 12), "italic", ui.theme.text_size("small"), p.ink_soft, "midleft")


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

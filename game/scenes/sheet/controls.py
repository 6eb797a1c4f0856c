"""The Adventure Sheet's widgets: built from the book (its scores, counters, calendar, tabs) where the layout puts them.

What the book does not use is not built. Each widget calls one of the sheet's
intents (:class:`SheetIntents`, which the scene implements), and the scene
turns it into a rules action. The scrolling panes' rows are painted from the
sheet's current view (``intents.view``), never from the scene.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Protocol, TypeVar

import pygame

from game.books.fighting_fantasy import CounterDef, FightingFantasyBook, StatDef
from game.rules.ff.context import counter_maximum
from game.scenes.sheet import paint
from game.scenes.sheet.layout import EQUIPMENT_ROW, ICONS, WEAPON_ROW, SheetRegions
from game.scenes.sheet.tools import ToolsControls, ToolsIntents, build_tools
from game.scenes.sheet.view import SheetView, counter_uses
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.counter import Counter
from game.ui.layout import Painter, ScrollPane, fixed, split
from game.ui.notes import NotesArea
from game.ui.scroll_list import ScrollList
from game.ui.text_field import TextField
from game.ui.toggle import Toggle
from game.ui.widget import Widget

W = TypeVar("W", bound=Widget)


class SheetIntents(ToolsIntents, Protocol):
    """What the sheet's controls ask for: each a player's intent, which the scene turns into rules actions."""

    @property
    def view(self) -> SheetView:
        """What the sheet shows now (the panes' rows paint from it)."""
        ...

    def undo(self) -> object: ...

    def redo(self) -> object: ...

    def open_fight(self) -> None: ...

    def to_shelf(self) -> None: ...

    def open_settings(self) -> None: ...

    def open_help(self) -> None: ...

    def open_reader(self) -> None: ...

    def ask_name(self) -> None: ...

    def change_stat(self, stat: str, value: int) -> None: ...

    def ask_score(self, stat: str) -> None: ...

    def toggle_weapon(self, lost: bool) -> None: ...

    def test_luck(self) -> None: ...

    def test_skill(self) -> None: ...

    def go_to_paragraph(self) -> None: ...

    def jump_back(self, index: int) -> None: ...

    def change_counter(self, counter: str, value: int) -> None: ...

    def eat(self) -> None: ...

    def use_herb(self) -> None: ...

    def ask_potion(self) -> None: ...

    def drink_kind(self, kind: str) -> None: ...

    def add_item(self) -> None: ...

    def remove_item(self) -> None: ...

    def ask_rename_item(self) -> None: ...

    def sync_items(self) -> None: ...

    def turn_list(self, step: int) -> None: ...

    def tick_day(self) -> None: ...

    def show_tab(self, tab: str) -> None: ...

    def ask_creature(self, index: int | None) -> None: ...

    def remove_creature(self) -> None: ...

    def fight_selected(self) -> None: ...

    def ask_rename_day(self, index: int) -> None: ...

    def open_timeline(self) -> None: ...

    def open_chronicles(self) -> None: ...

    def open_share(self) -> None: ...


class _Reading(list[Widget]):
    """The widgets in reading order (the focus goes that way), as they are built."""

    def put(self, widget: W) -> W:
        self.append(widget)
        return widget


@dataclass
class HeroControls:
    """The hero panel: Rename, the scores (counter and eraser each) with the lost-weapon toggle, the two tests."""

    rename_button: Button
    stats_pane: ScrollPane  # the scores (and the lost-weapon toggle), scrolling when the book has many
    stat_counters: dict[str, Counter]
    stat_erasers: dict[str, Button]
    weapon_toggle: Toggle
    luck_button: Button
    skill_button: Button


@dataclass
class ParagraphControls:
    """The paragraph field, Go, and the chips of the paragraphs visited last."""

    paragraph_field: TextField
    go_button: Button
    history_buttons: list[Button]


@dataclass
class BackpackControls:
    """The counters (with their use buttons), the items of the list shown and its field, Tick a day."""

    counters_pane: ScrollPane  # the backpack's counters, scrolling when the book has many
    counter_widgets: dict[str, Counter]
    use_buttons: dict[str, Button]
    equipment: ScrollList  # the items of the list shown: the equipment, or one of the book's lists
    item_field: TextField
    add_item_button: Button
    remove_item_button: Button
    rename_item_button: Button
    list_buttons: tuple[Button, Button] | None  # ‹ › to the list before and after (a book with lists)
    tick_button: Button | None  # a book with a calendar


@dataclass
class SideControls:
    """The tabs and what each shows: the creature boxes, the week's Rename buttons, notes, journal, tools."""

    tab_buttons: dict[str, Button]
    creature_list: ScrollList
    creature_add: Button
    creature_edit: Button
    creature_remove: Button
    creature_fight: Button
    day_buttons: list[Button]
    notes: NotesArea
    journal: ScrollList
    journal_buttons: list[Button]
    tools: ToolsControls


@dataclass
class SheetControls:
    """Every widget of the sheet, by panel; ``widgets`` in reading order (for the scene's group)."""

    top: dict[str, Button]
    hero: HeroControls
    paragraph: ParagraphControls
    backpack: BackpackControls
    side: SideControls
    widgets: list[Widget]


def build_controls(ui: UIContext, regions: SheetRegions, book: FightingFantasyBook, intents: SheetIntents) -> SheetControls:
    """The sheet's widgets for ``book``, placed in ``regions``, calling ``intents``."""
    order, paragraph_order, backpack_order = _Reading(), _Reading(), _Reading()
    top = _top_bar(order, ui, regions, intents)
    hero = _hero(order, ui, regions, book, intents)
    paragraph = _paragraph(paragraph_order, ui, regions, intents)
    backpack = _backpack(backpack_order, ui, regions, book, intents)
    # On a short page the paragraph panel sits under the backpack: it is read after it, as it is seen.
    para, pack = regions.paragraph.panel, regions.backpack.panel
    under_backpack = para.top >= pack.bottom and min(para.right, pack.right) > max(para.left, pack.left)
    order += [*backpack_order, *paragraph_order] if under_backpack else [*paragraph_order, *backpack_order]
    return SheetControls(
        top=top, hero=hero, paragraph=paragraph, backpack=backpack, side=_side(order, ui, regions, book, intents), widgets=order
    )


def _top_bar(order: _Reading, ui: UIContext, regions: SheetRegions, intents: SheetIntents) -> dict[str, Button]:
    specs: tuple[tuple[str, str, Callable[[], object], str], ...] = (
        ("undo", "sheet.undo", intents.undo, "normal"),
        ("redo", "sheet.redo", intents.redo, "normal"),
        ("fight", "sheet.fight", intents.open_fight, "primary"),
        ("shelf", "sheet.shelf", intents.to_shelf, "normal"),
        ("settings", "sheet.settings", intents.open_settings, "normal"),
        ("help", "sheet.help", intents.open_help, "normal"),
    )
    top = {
        name: order.put(Button(ui, regions.top[name], ui.tr(key), on_click=action, style=style))
        for name, key, action, style in specs
    }
    top["undo"].tooltip = ui.tr("sheet.undo_tip")
    top["redo"].tooltip = ui.tr("sheet.redo_tip")
    if "read" in regions.top:  # a book with its text (the demo): open it in the reader
        top["read"] = order.put(
            Button(ui, regions.top["read"], ui.tr("reader.open"), style="primary", on_click=intents.open_reader)
        )
    return top


RowPainter = Callable[[pygame.Surface, SheetView, SheetRegions, UIContext, pygame.Rect, int], None]


def _row_painter(painter: RowPainter, intents: SheetIntents, regions: SheetRegions, ui: UIContext, index: int) -> Painter:
    """What a pane's row ``index`` paints: ``painter`` with the sheet's view of the moment, wherever the row has scrolled."""

    def paint_row(surface: pygame.Surface, row: pygame.Rect) -> None:
        painter(surface, intents.view, regions, ui, row, index)

    return paint_row


def _named(ui: UIContext, item: StatDef | CounterDef) -> Callable[[], str]:
    """A score's or counter's name in the book, in the language of the moment (what a screen reader calls it)."""
    return lambda: item.name.get(ui.catalogue.language)


def _hero(
    order: _Reading, ui: UIContext, regions: SheetRegions, book: FightingFantasyBook, intents: SheetIntents
) -> HeroControls:
    """Rename, the scores (as many as the book has) scrolling above the two tests."""
    hero = regions.hero
    rename = order.put(Button(ui, hero.rename, ui.tr("sheet.rename"), on_click=intents.ask_name))
    pane = order.put(ScrollPane(ui, hero.pane, spoken_name=ui.tr("sheet.hero_scores")))
    counters: dict[str, Counter] = {}
    erasers: dict[str, Button] = {}
    language = ui.catalogue.language
    for index, stat in enumerate(book.stats):
        row = hero.stat_row(index)
        name, short = stat.name.get(language), stat.short.get(language) if stat.short is not None else None
        cut = paint.score_name(name, short, hero.name_room, ui)[0] != name
        counters[stat.id] = order.put(
            Counter(
                ui,
                hero.counter_in(row),
                value=0,
                minimum=stat.floor,
                spoken_name=_named(ui, stat),
                tooltip=_named(ui, stat) if cut else None,  # the row says it short: the whole name on hover
                on_request=partial(intents.change_stat, stat.id),
            )
        )
        erasers[stat.id] = order.put(
            Button(
                ui,
                hero.eraser_in(row),
                "",
                icon="pencil",
                tooltip=ui.tr("sheet.eraser_tip"),
                spoken_name=ui.tr("access.eraser", stat=stat.name.get(ui.catalogue.language)),
                on_click=partial(intents.ask_score, stat.id),
            )
        )
        pane.add_row(
            row.height,
            counters[stat.id],
            erasers[stat.id],
            paint=_row_painter(paint.stat_row, intents, regions, ui, index),
        )
    lost = ui.tr("sheet.weapon_lost", penalty=book.combat.lost_weapon_penalty)
    weapon = order.put(Toggle(ui, hero.weapon, lost, on_change=intents.toggle_weapon))
    pane.add_row(WEAPON_ROW, weapon)
    luck, skill = ui.tr("sheet.test_luck"), ui.tr("sheet.test_skill")
    # Side by side (a short page) they say it short; their whole names are the tooltip and what a listener hears.
    luck_whole, skill_whole = (luck, skill) if hero.paired else (None, None)
    if hero.paired:
        luck, skill = ui.tr("sheet.test_luck_short"), ui.tr("sheet.test_skill_short")
    tested = partial(Button, ui, style="primary")
    return HeroControls(
        rename_button=rename,
        stats_pane=pane,
        stat_counters=counters,
        stat_erasers=erasers,
        weapon_toggle=weapon,
        luck_button=order.put(
            tested(hero.luck, luck, icon="heart", on_click=intents.test_luck, tooltip=luck_whole, spoken_name=luck_whole)
        ),
        skill_button=order.put(
            tested(hero.skill, skill, icon="shield", on_click=intents.test_skill, tooltip=skill_whole, spoken_name=skill_whole)
        ),
    )


def _paragraph(order: _Reading, ui: UIContext, regions: SheetRegions, intents: SheetIntents) -> ParagraphControls:
    paragraph = regions.paragraph
    field = order.put(
        TextField(
            ui,
            paragraph.field,
            numeric=True,
            minimum=1,
            maximum=100000,
            max_length=6,
            placeholder=ui.tr("sheet.paragraph_placeholder"),
            on_submit=lambda text: intents.go_to_paragraph(),
            spoken_name=ui.tr("sheet.paragraph"),  # the placeholder "n°" says little by ear
        )
    )
    go = order.put(Button(ui, paragraph.go, ui.tr("sheet.go"), on_click=intents.go_to_paragraph))
    tip = ui.tr("sheet.jump_back_tip")
    chips = [
        order.put(Button(ui, rect, "", on_click=partial(intents.jump_back, index), tooltip=tip))
        for index, rect in enumerate(paragraph.chips)
    ]
    return ParagraphControls(field, go, chips)


def _use_buttons(book: FightingFantasyBook, intents: SheetIntents) -> dict[str, tuple[str, Callable[[], object]]]:
    """The counters with a button that uses one (eat, an herb, drink): its word and what it does."""
    words = {"eat": "sheet.eat", "herb": "sheet.use_herb", "drink": "sheet.drink"}
    actions: dict[str, Callable[[], object]] = {"eat": intents.eat, "herb": intents.use_herb, "drink": intents.ask_potion}
    return {
        counter: (words[use], actions[use] if kind is None else partial(intents.drink_kind, kind))
        for counter, (use, kind) in counter_uses(book).items()
    }


def _calendar_said(view: SheetView) -> str:
    """Today and the days and weeks gone, in full."""
    return f"{view.calendar.today} · {view.calendar.summary}" if view.calendar is not None else ""


def _use_button(
    ui: UIContext, regions: SheetRegions, row: pygame.Rect, counter: CounterDef, use: tuple[str, Callable[[], object]]
) -> Button:
    """A counter's use button (eat, drink…): its word, or in a narrow backpack its icon, the word its tooltip and name."""
    key, action = use
    rect = regions.backpack.use_in(row)
    if regions.backpack.narrow:
        word = ui.tr(key)
        return Button(ui, rect, "", icon=ICONS.get(counter.icon, "shield"), tooltip=word, spoken_name=word, on_click=action)
    return Button(ui, rect, ui.tr(key), on_click=action)


def _backpack(
    order: _Reading, ui: UIContext, regions: SheetRegions, book: FightingFantasyBook, intents: SheetIntents
) -> BackpackControls:
    """The counters scroll above the equipment list; Tick a day on the calendar line at the foot."""
    backpack = regions.backpack
    use = _use_buttons(book, intents)
    pane = order.put(ScrollPane(ui, backpack.pane, spoken_name=ui.tr("sheet.backpack")))
    counters: dict[str, Counter] = {}
    use_buttons: dict[str, Button] = {}
    for index, counter in enumerate(book.counters):
        row = backpack.counter_row(index)
        counters[counter.id] = Counter(
            ui,
            backpack.counter_in(row),
            value=0,
            minimum=0,
            maximum=counter_maximum(book, counter.id),  # a computed one follows the state (scene.sync)
            spoken_name=_named(ui, counter),
            on_request=partial(intents.change_counter, counter.id),
        )
        widgets: list[Widget] = [counters[counter.id]]
        if counter.id in use:
            use_buttons[counter.id] = _use_button(ui, regions, row, counter, use[counter.id])
            # Read where it stands: a narrow backpack's icon button before the counter, a word after it.
            widgets.insert(0 if backpack.narrow else 1, use_buttons[counter.id])
        for widget in widgets:
            order.put(widget)
        pane.add_row(
            row.height,
            *widgets,
            paint=_row_painter(paint.counter_row, intents, regions, ui, index),
        )
    turns = None
    if backpack.lists is not None:  # the equipment, then each of the book's lists, one at a time
        back, on = backpack.lists
        turns = (
            order.put(Button(ui, back, "‹", on_click=partial(intents.turn_list, -1))),
            order.put(Button(ui, on, "›", on_click=partial(intents.turn_list, 1))),
        )
    equipment = order.put(
        ScrollList(
            ui,
            backpack.equipment,
            row_height=EQUIPMENT_ROW,
            middle=True,  # items named alike ("Potion de soin 1", "… 2") stay told apart by their end
            on_select=lambda index: intents.sync_items(),  # Remove and Rename follow the item chosen
            on_activate=lambda index: intents.ask_rename_item(),  # Enter on an item renames it
        )
    )
    field = order.put(
        TextField(
            ui,
            backpack.item_field,
            max_length=80,
            placeholder=ui.tr("sheet.item_placeholder"),
            on_change=lambda text: intents.sync_items(),  # Add waits for a name
            on_submit=lambda text: intents.add_item(),
        )
    )
    add = order.put(Button(ui, backpack.add_item, "+", on_click=intents.add_item))
    remove = order.put(Button(ui, backpack.remove_item, "−", on_click=intents.remove_item))
    rename = order.put(Button(ui, backpack.rename_item, "", icon="pencil", on_click=intents.ask_rename_item))
    tick = None
    if backpack.tick is not None:
        tick = order.put(
            Button(
                ui,
                backpack.tick,
                ui.tr("sheet.tick_day"),
                style="primary",
                on_click=intents.tick_day,
                tooltip=lambda: _calendar_said(intents.view),  # the calendar line whole, where it says only the day
            )
        )
    return BackpackControls(pane, counters, use_buttons, equipment, field, add, remove, rename, turns, tick)


def _side(
    order: _Reading, ui: UIContext, regions: SheetRegions, book: FightingFantasyBook, intents: SheetIntents
) -> SideControls:
    """The side tabs, and what each tab shows under them."""
    side = regions.side
    tabs = {
        tab: order.put(Button(ui, rect, ui.tr(f"sheet.tab_{tab}"), on_click=partial(intents.show_tab, tab)))
        for tab, rect in side.tabs.items()
    }
    for button in tabs.values():
        button.choice_of = ui.tr("sheet.tabs")  # a listener hears the row and which tab is shown
    creatures = order.put(
        ScrollList(
            ui,
            side.creature_list,
            row_height=44,
            middle=True,  # twenty creatures named alike stay told apart by their end
            on_select=lambda i: intents.selection_changed(),
            on_activate=lambda i: intents.ask_creature(i),
            empty=ui.tr("sheet.no_creatures"),
            spoken_name=ui.tr("sheet.tab_creatures"),
        )
    )
    add, edit, remove = side.creature_buttons
    edit_selected = lambda: intents.ask_creature(creatures.selected)  # noqa: E731
    rename = ui.tr("sheet.rename_short")
    return SideControls(
        tab_buttons=tabs,
        creature_list=creatures,
        creature_add=order.put(Button(ui, add, ui.tr("sheet.creature_add"), on_click=lambda: intents.ask_creature(None))),
        creature_edit=order.put(Button(ui, edit, ui.tr("sheet.creature_edit"), on_click=edit_selected)),
        creature_remove=order.put(
            Button(ui, remove, ui.tr("sheet.creature_remove"), style="danger", on_click=intents.remove_creature)
        ),
        creature_fight=order.put(
            Button(ui, side.creature_fight, ui.tr("sheet.creature_fight"), style="primary", on_click=intents.fight_selected)
        ),
        day_buttons=[
            order.put(
                Button(
                    ui,
                    rect,
                    "",
                    icon="pencil",
                    tooltip=rename,
                    on_click=partial(intents.ask_rename_day, index),
                )
            )
            for index, rect in enumerate(side.days)
        ],
        notes=order.put(NotesArea(ui, side.inner, max_length=10000, placeholder=ui.tr("sheet.notes_placeholder"))),
        journal=order.put(ScrollList(ui, side.journal, row_height=30, wrap=True, spoken_name=ui.tr("sheet.tab_journal"))),
        journal_buttons=[order.put(button) for button in _journal_links(ui, side.journal_links, intents)],
        tools=_tools(order, ui, regions, book, intents),
    )


def _tools(
    order: _Reading, ui: UIContext, regions: SheetRegions, book: FightingFantasyBook, intents: SheetIntents
) -> ToolsControls:
    """The book's spells, tests and the dice tray (the Tools tab)."""
    tools = build_tools(ui, regions.side.tools, book, intents)
    for widget in tools.widgets:
        order.put(widget)
    return tools


def _journal_links(ui: UIContext, area: pygame.Rect, intents: SheetIntents) -> list[Button]:
    """The journal tab's way out: the timeline (full width), then the chronicles and share side by side."""
    timeline, links = split(area, [fixed(46), fixed(46)], gap=10, vertical=True)
    half = (area.width - 8) // 2
    chronicles, share = split(links, [fixed(half), fixed(half)], gap=8)
    return [
        Button(
            ui,
            timeline,
            ui.tr("play.open_timeline"),
            style="primary",
            on_click=intents.open_timeline,
            tooltip=ui.tr("play.open_timeline_tip"),
        ),
        Button(
            ui,
            chronicles,
            ui.tr("play.open_chronicles"),
            on_click=intents.open_chronicles,
            tooltip=ui.tr("play.open_chronicles_tip"),
        ),
        Button(ui, share, ui.tr("play.share"), on_click=intents.open_share, tooltip=ui.tr("play.share_tip")),
    ]

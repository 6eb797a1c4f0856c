"""The Adventure Sheet's widgets: built once from the book (its scores, counters, calendar, tabs).

What the book does not use is not built; each widget calls back into the
scene, which turns the click into a rules action.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.rules.ff import actions as a
from game.scenes.common.journal_links import journal_buttons
from game.scenes.sheet.layout import (
    CALENDAR_HEIGHT,
    COUNTER_ROW,
    EQUIPMENT_MIN,
    STACKED_ROW,
    STAT_ROW,
    STATS_TOP,
    TAB_ORDER,
    calendar_rect,
    week_pitch,
)
from game.scenes.sheet.paint import draw_counter_row, draw_pencil, draw_stat_row
from game.scenes.sheet.tools import ToolsTab
from game.ui import fonts
from game.ui.button import Button
from game.ui.counter import Counter
from game.ui.layout import ScrollPane
from game.ui.notes import NotesArea
from game.ui.scroll_list import ScrollList
from game.ui.text_field import TextField
from game.ui.toggle import Toggle

if TYPE_CHECKING:
    from game.scenes.sheet.scene import SheetScene


def build(scene: SheetScene) -> None:
    ui, g, book = scene.ui, scene.group, scene.book
    # -- top bar ------------------------------------------------------------------------
    specs = [
        ("undo", "sheet.undo", scene.undo, "normal"),
        ("redo", "sheet.redo", scene.redo, "normal"),
        ("fight", "sheet.fight", scene.open_fight, "primary"),
        ("shelf", "sheet.shelf", scene.to_shelf, "normal"),
        ("settings", "sheet.settings", scene.open_settings, "normal"),
        ("help", "sheet.help", scene.open_help, "normal"),
    ]
    widths = {"undo": 118, "redo": 118, "fight": 130, "shelf": 118, "settings": 118, "help": 96}
    x = scene.r.page[0] - 16 - sum(widths.values()) - 8 * (len(specs) - 1)
    scene.top = {}
    for name, key, action, style in specs:
        scene.top[name] = g.add(Button(ui, (x, 12, widths[name], 44), ui.tr(key), on_click=action, style=style))
        x += widths[name] + 8
    scene.top["undo"].tooltip = ui.tr("sheet.undo_tip")
    scene.top["redo"].tooltip = ui.tr("sheet.redo_tip")
    if book.sections:  # a book with its text (the demo): open it in the reader
        scene.top["read"] = g.add(
            Button(
                ui,
                (scene.top["undo"].rect.x - 126, 12, 118, 44),
                ui.tr("reader.open"),
                style="primary",
                on_click=scene.open_reader,
            )
        )
    # -- hero: the scores (as many as the book has) scroll above the two tests -------------------
    hero = scene.r.hero
    scene.rename_button = g.add(
        Button(ui, (hero.right - 124, hero.y + 12, 108, 36), ui.tr("sheet.rename"), on_click=scene.ask_name)
    )
    scene.stat_counters = {}
    scene.stat_erasers = {}
    pane_top = hero.y + STATS_TOP
    # The two tests at the foot of the panel (a little shorter on a compact page, to leave the scores two rows).
    test_height, tests_top = (40, hero.bottom - 96) if scene.r.compact else (44, hero.bottom - 104)
    scene.stats_pane = g.add(
        ScrollPane(ui, (hero.x, pane_top, hero.width - 4, tests_top - 8 - pane_top), spoken_name=ui.tr("sheet.hero_scores"))
    )
    for index, stat in enumerate(book.stats):
        y = pane_top + index * STAT_ROW
        scene.stat_counters[stat.id] = g.add(
            Counter(
                ui,
                (scene.stat_column(), y, scene.stat_counter_width(), 46),
                value=0,
                minimum=stat.floor,
                spoken_name=book_name(scene, stat),
                on_request=partial(scene.change_stat, stat.id),
            )
        )
        scene.stat_erasers[stat.id] = g.add(
            Button(
                ui,
                (hero.right - 56, y + 2, 42, 42),
                "",
                tooltip=ui.tr("sheet.eraser_tip"),
                spoken_name=ui.tr("access.eraser", stat=stat.name.get(ui.catalogue.language)),
                on_click=partial(scene.ask_score, stat.id),
            )
        )
        scene.stats_pane.add_row(
            STAT_ROW,
            scene.stat_counters[stat.id],
            scene.stat_erasers[stat.id],
            paint=partial(draw_stat_row, scene, stat=stat),
            paint_over=partial(_draw_eraser_pencil, scene, stat.id),
        )
    y = pane_top + len(book.stats) * STAT_ROW + 2
    scene.weapon_toggle = g.add(
        Toggle(
            ui,
            (hero.x + 20, y, hero.width - 48, 30),
            ui.tr("sheet.weapon_lost", penalty=book.combat.lost_weapon_penalty),
            on_change=scene.toggle_weapon,
        )
    )
    scene.stats_pane.add_row(34, scene.weapon_toggle)
    HERO = hero
    y = tests_top
    scene.luck_button = g.add(
        Button(
            ui,
            (HERO.x + 20, y, HERO.width - 40, test_height),
            ui.tr("sheet.test_luck"),
            icon="heart",
            style="primary",
            on_click=scene.test_luck,
        )
    )
    scene.skill_button = g.add(
        Button(
            ui,
            (HERO.x + 20, y + test_height + 6, HERO.width - 40, test_height),
            ui.tr("sheet.test_skill"),
            icon="shield",
            style="primary",
            on_click=scene.test_skill,
        )
    )
    # -- paragraph ---------------------------------------------------------------------------
    PARAGRAPH = scene.r.paragraph
    scene.paragraph_field = g.add(
        TextField(
            ui,
            (PARAGRAPH.x + 20, PARAGRAPH.y + 58, 150, 42),
            numeric=True,
            minimum=1,
            maximum=100000,
            max_length=6,
            placeholder=ui.tr("sheet.paragraph_placeholder"),
            on_submit=lambda text: scene.go_to_paragraph(),
        )
    )
    scene.go_button = g.add(
        Button(ui, (PARAGRAPH.x + 180, PARAGRAPH.y + 58, 110, 42), ui.tr("sheet.go"), on_click=scene.go_to_paragraph)
    )
    scene.history_buttons = []
    chip_width = min(84, (PARAGRAPH.width - 40 - 3 * 8) // 4)  # four chips a row, inside the panel
    for index in range(scene.r.history_chips):
        x = PARAGRAPH.x + 20 + (index % 4) * (chip_width + 8)
        y = PARAGRAPH.y + (104 if scene.r.compact else 108) + (index // 4) * 28
        button = Button(
            ui, (x, y, chip_width, 24), "", on_click=partial(scene.jump_back, index), tooltip=ui.tr("sheet.jump_back_tip")
        )
        scene.history_buttons.append(g.add(button))
    # -- backpack: the counters scroll above the equipment list ------------------------------------
    BACKPACK = scene.r.backpack
    scene.counter_widgets = {}
    scene.use_buttons = {}
    use: dict[str, tuple[str, Callable[[], object]]] = {}
    if book.meal:
        use[book.meal.counter] = ("sheet.eat", scene.eat)
    if book.herb:
        use[book.herb.counter] = ("sheet.use_herb", scene.use_herb)
    if book.potions:
        if book.potions.counter is not None:
            use[book.potions.counter] = ("sheet.drink", scene.ask_potion)
        for kind, effect in book.potions.kinds.items():
            if effect.counter is not None:  # a kind with doses of its own: its button drinks that kind
                use[effect.counter] = (
                    "sheet.drink",
                    partial(_drink_kind, scene, kind),
                )
    stacked = scene.r.stacked_counters
    row_height = STACKED_ROW if stacked else COUNTER_ROW
    pane_top = BACKPACK.y + 60
    bottom = BACKPACK.bottom - (CALENDAR_HEIGHT + 10 if book.calendar else 0) - 64
    room = max(row_height, bottom - 36 - EQUIPMENT_MIN - pane_top)
    if len(book.counters) * row_height > room:  # the counters scroll: show whole rows, the equipment takes the rest
        room = max(row_height, room // row_height * row_height)
    scene.counters_pane = g.add(
        ScrollPane(
            ui,
            (BACKPACK.x, pane_top, BACKPACK.width - 4, min(room, len(book.counters) * row_height)),
            spoken_name=ui.tr("sheet.backpack"),
        )
    )
    for index, counter in enumerate(book.counters):
        y = pane_top + index * row_height + (28 if stacked else 0)
        x = BACKPACK.x + 58 if stacked else BACKPACK.right - 96 - 126
        scene.counter_widgets[counter.id] = g.add(
            Counter(
                ui,
                (x, y, 126, 44),
                value=0,
                minimum=0,
                maximum=counter.maximum,
                spoken_name=book_name(scene, counter),
                on_request=partial(scene.change_counter, counter.id),
            )
        )
        widgets: list = [scene.counter_widgets[counter.id]]
        if counter.id in use:
            key, use_action = use[counter.id]
            scene.use_buttons[counter.id] = g.add(Button(ui, (BACKPACK.right - 86, y, 72, 44), ui.tr(key), on_click=use_action))
            widgets.append(scene.use_buttons[counter.id])
        scene.counters_pane.add_row(row_height, *widgets, paint=partial(draw_counter_row, scene, counter=counter))
    top = scene.counters_pane.rect.bottom + 36
    scene.equipment = g.add(
        ScrollList(
            ui,
            (BACKPACK.x + 16, top, BACKPACK.width - 32, max(80, bottom - top)),
            row_height=32,
            spoken_name=ui.tr("sheet.equipment"),
        )
    )
    y = bottom + 10
    scene.item_field = g.add(
        TextField(
            ui,
            (BACKPACK.x + 16, y, BACKPACK.width - 180, 42),
            max_length=80,
            placeholder=ui.tr("sheet.item_placeholder"),
            on_submit=lambda text: scene.add_item(),
        )
    )
    scene.add_item_button = g.add(
        Button(ui, (BACKPACK.right - 158, y, 70, 42), "+", on_click=scene.add_item, tooltip=ui.tr("sheet.add_item_tip"))
    )
    scene.remove_item_button = g.add(
        Button(ui, (BACKPACK.right - 82, y, 66, 42), "−", on_click=scene.remove_item, tooltip=ui.tr("sheet.remove_item_tip"))
    )
    # -- calendar ---------------------------------------------------------------------------------
    scene.day_buttons = []
    if book.calendar:
        cal = calendar_rect(scene.r.backpack)
        scene.tick_button = g.add(
            Button(ui, (cal.right - 176, cal.y + 14, 160, 44), ui.tr("sheet.tick_day"), style="primary", on_click=scene.tick_day)
        )
    # -- side tabs (on two rows when one is too narrow for them) ------------------------------------
    scene.tabs = [t for t in TAB_ORDER if t != "calendar" or book.calendar]
    scene.tab_buttons = {}
    column = scene.r.side_column
    needs = [fonts.text_width(ui.t(f"sheet.tab_{tab}"), "bold", 17) + 16 for tab in scene.tabs]
    half = (len(scene.tabs) + 1) // 2
    rows = [scene.tabs] if sum(needs) + 8 * (len(needs) - 1) <= column.width else [scene.tabs[:half], scene.tabs[half:]]
    y = column.y
    for row in rows:
        # Each tab as wide as its label in bold (the selected look) plus an even share of what is left.
        row_needs = [needs[scene.tabs.index(tab)] for tab in row]
        spare = max(0, column.width - 8 * (len(row) - 1) - sum(row_needs)) // len(row)
        x = column.x
        for tab, need in zip(row, row_needs):
            scene.tab_buttons[tab] = g.add(
                Button(ui, (x, y, need + spare, 44), ui.tr(f"sheet.tab_{tab}"), on_click=partial(scene.show_tab, tab))
            )
            x += need + spare + 8
        y += 52
    scene.side = SIDE = pygame.Rect(column.x, y, column.width, column.bottom - y)
    inner = SIDE.inflate(-32, -32)
    scene.creature_list = g.add(
        ScrollList(
            ui,
            (inner.x, inner.y + 4, inner.width, inner.height - 210),
            row_height=44,
            on_select=lambda i: scene.sync(),
            on_activate=lambda i: scene.ask_creature(i),
            empty=ui.tr("sheet.no_creatures"),
            spoken_name=ui.tr("sheet.tab_creatures"),
        )
    )
    y = inner.bottom - 108
    third = (inner.width - 16) // 3
    scene.creature_add = g.add(
        Button(ui, (inner.x, y, third, 46), ui.tr("sheet.creature_add"), on_click=lambda: scene.ask_creature(None))
    )
    scene.creature_edit = g.add(
        Button(
            ui,
            (inner.x + third + 8, y, third, 46),
            ui.tr("sheet.creature_edit"),
            on_click=lambda: scene.ask_creature(scene.creature_list.selected),
        )
    )
    scene.creature_remove = g.add(
        Button(
            ui,
            (inner.x + 2 * (third + 8), y, third, 46),
            ui.tr("sheet.creature_remove"),
            style="danger",
            on_click=scene.remove_creature,
        )
    )
    scene.creature_fight = g.add(
        Button(
            ui, (inner.x, y + 56, inner.width, 46), ui.tr("sheet.creature_fight"), style="primary", on_click=scene.fight_selected
        )
    )
    if book.calendar:
        pitch = week_pitch(inner, len(book.calendar.days))
        for index in range(len(book.calendar.days)):
            width = 150 if inner.width >= 300 else 112  # a narrow side panel leaves the day names room
            rect = (inner.right - width, inner.y + 40 + index * pitch, width, min(44, pitch - 4))
            scene.day_buttons.append(
                g.add(Button(ui, rect, ui.tr("sheet.rename_short"), on_click=partial(scene.ask_rename_day, index)))
            )
    scene.notes = g.add(NotesArea(ui, inner, max_length=10000, placeholder=ui.tr("sheet.notes_placeholder")))
    scene.journal = g.add(
        ScrollList(ui, (inner.x, inner.y, inner.width, inner.height - 112), row_height=30, spoken_name=ui.tr("sheet.tab_journal"))
    )
    scene.journal_buttons = journal_buttons(scene, (inner.x, inner.bottom - 104, inner.width, 104))
    scene.tools = ToolsTab(scene, inner)  # the book's spells, tests, dice tray, crew and end conditions


def book_name(scene: SheetScene, item) -> Callable[[], str]:
    """A score's or counter's name in the book, in the language of the moment (what a screen reader calls it)."""
    return lambda: item.name.get(scene.ui.catalogue.language)


def _draw_eraser_pencil(scene: SheetScene, stat: str, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Paint the pencil over a score's eraser button, wherever the pane has scrolled it."""
    draw_pencil(scene, surface, scene.stat_erasers[stat].rect)


def _drink_kind(scene: SheetScene, kind: str) -> None:
    """Drink one dose of a potion kind that keeps its own doses."""
    scene.act(a.DrinkPotion(kind=kind), scene.ui.t("sheet.potion_drunk"))

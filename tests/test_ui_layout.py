"""The layout model: rows and columns from the page size, panes that scroll, a window that re-lays out."""

import pygame
import pytest
from app_helpers import Driver, make_adventure, make_services
from ui_helpers import key, ui, wheel  # noqa: F401  (ui is a fixture)

from game.app.display import MIN_PAGE, Viewport, fluid_page
from game.scenes.sheet.scene import SheetScene
from game.ui.button import Button
from game.ui.group import WidgetGroup
from game.ui.layout import PANEL_HEADING, Column, RowStops, ScrollPane, fill, fixed, heading_at, split


def test_fixed_parts_keep_their_size_and_fill_parts_share_the_rest():
    a, b, c = split(pygame.Rect(0, 0, 500, 40), [fixed(100), fill(1), fill(3)], gap=10)
    assert (a.width, b.width, c.width) == (100, 95, 285)
    assert a.x == 0 and b.x == 110 and c.right == 500


def test_a_fill_part_never_shrinks_below_its_minimum_and_the_others_give_way():
    a, b = split(pygame.Rect(0, 0, 400, 40), [fill(1, minimum=300), fill(1, minimum=50)])
    assert (a.width, b.width) == (300, 100)


def test_a_vertical_split_cuts_a_column():
    top, bottom = split(pygame.Rect(0, 0, 50, 300), [fixed(60), fill()], gap=4, vertical=True)
    assert (top.height, bottom.y, bottom.bottom) == (60, 64, 300)


def pane_of_buttons(ui, count=10, height=200):  # noqa: F811
    group = WidgetGroup(ui)
    pane = group.add(ScrollPane(ui, (0, 100, 300, height)))
    buttons = []
    for index in range(count):
        button = group.add(Button(ui, (10, 100 + index * 50, 200, 44), f"B{index}"))
        pane.add_row(50, button)
        buttons.append(button)
    return group, pane, buttons


def test_a_column_places_each_row_under_the_last_after_its_gap_and_none_before_the_first():
    column = Column((10, 100, 200, 80), gap=4)
    first, second = column.rows(2, 20)
    third = column.row(10, gap=12)
    assert (first.topleft, second.y, third.y) == ((10, 100), 124, 156)
    assert first.width == second.width == 200


def test_a_column_says_whether_a_row_still_fits_above_its_foot():
    column = Column((0, 0, 50, 45), gap=1)
    column.row(22)
    assert column.fits(22)  # 23 + 22 = 45, the foot
    column.row(22)
    assert not column.fits(22)


def test_skipping_leaves_room_before_the_next_row():
    column = Column((0, 0, 50, 100))
    column.row(10)
    column.skip(6)
    assert column.row(10).y == 16


def test_a_column_inside_a_panel_starts_at_its_inset_and_keeps_the_same_margin_right():
    column = Column.inside(pygame.Rect(100, 50, 300, 200), PANEL_HEADING, bottom=10)
    assert column.rect == pygame.Rect(120, 64, 260, 176)
    assert heading_at(pygame.Rect(100, 50, 300, 200)) == column.rect.topleft


def test_rows_that_do_not_fit_scroll_with_the_wheel_a_row_a_notch(ui):  # noqa: F811
    group, pane, buttons = pane_of_buttons(ui)
    assert pane.scrolls and not buttons[6].contains(buttons[6].rect.center)
    group.process_event(wheel(-3, (150, 200)))
    assert pane.offset == 150 and buttons[5].rect.y == 100 + 250 - 150


def test_a_pane_scrolls_by_whole_rows_and_shows_no_half_row(ui):  # noqa: F811
    # Issue 30 item 12: half rows peeked at the scroll edges.
    group, pane, buttons = pane_of_buttons(ui, count=7, height=180)  # 3.6 rows of 50
    assert pane.view.height == 150  # three whole rows; the foot of the pane stays blank
    assert not buttons[3].contains((buttons[3].rect.centerx, pane.rect.bottom - 2))  # the peeking row takes no click
    for asked in (7, 30, 140, 1000):
        pane.scroll_to(asked)
        assert pane.offset % 50 == 0 and pane.view.height % 50 == 0
    assert pane.offset == 200 and pane.view.contains(buttons[-1].rect)  # the last row reached, wholly


def test_a_list_scrolls_by_whole_rows_and_a_row_peeking_at_its_foot_takes_no_click(ui):  # noqa: F811
    from game.ui.scroll_list import ScrollList

    rows = ScrollList(ui, (0, 0, 300, 100), row_height=30)
    rows.set_items([f"objet {n}" for n in range(10)])
    rows.scroll_to(44)
    assert rows.scroll_y == 30
    rows.process_event(wheel(-1, (150, 50)))
    assert rows.scroll_y == 60
    assert rows.row_at((150, 95)) is None and rows.row_at((150, 85)) == 4  # 90..100 is the next row's first third
    rows.select(9)
    assert rows.scroll_y == 210 and rows.row_at((150, 85)) == 9


class _WalkedStops:
    """Whole-row stops worked out by walking every row, as their definition reads (issue 30 item 12)."""

    def __init__(self, tops: list[int], view: int) -> None:
        self.tops, self.view = tops, view
        end, stops = tops[-1] if tops else 0, []
        for top in tops[:-1]:
            stops.append(top)
            if end - top <= view:
                break
        self.stops = stops or [0]

    def nearest(self, offset: int) -> int:
        return min(self.stops, key=lambda stop: (abs(stop - offset), stop))

    def at_least(self, offset: int) -> int:
        return next((stop for stop in self.stops if stop >= offset), self.stops[-1])

    def step(self, offset: int, rows: int) -> int:
        index = self.stops.index(self.nearest(offset))
        return self.stops[max(0, min(len(self.stops) - 1, index + rows))]

    def shown(self, offset: int) -> int:
        bottom = 0
        for top, end in zip(self.tops, self.tops[1:]):
            if top >= offset and end - offset <= self.view:
                bottom = end - offset
            elif top >= offset:
                break
        return bottom if bottom else min(self.view, (self.tops[-1] if self.tops else 0) - offset)


def test_whole_row_stops_answer_as_walking_every_row_does():
    # The stops are found by bisection (a journal of 10 000 rows asks several a click, issue 28 row 2): the same
    # answers as the walk, for rows of any height (none included), views shorter and longer than the content.
    import random

    chance = random.Random(28)
    for _ in range(400):
        heights = [chance.choice((0, 1, 20, 30, 45, 90)) for _ in range(chance.randrange(0, 12))]
        tops = [0]
        for height in heights:
            tops.append(tops[-1] + height)
        view = chance.choice((0, 25, 60, 100, 400))
        fast, walked = RowStops(tuple(tops), view), _WalkedStops(tops, view)
        assert list(fast.stops) == walked.stops
        for offset in range(-10, tops[-1] + 40, 7):
            assert fast.nearest(offset) == walked.nearest(offset)
            assert fast.at_least(offset) == walked.at_least(offset)
            assert fast.shown(offset) == walked.shown(offset)
            for rows in (-3, -1, 1, 4):
                assert fast.step(offset, rows) == walked.step(offset, rows)


def test_a_widget_scrolled_out_of_view_takes_no_click(ui):  # noqa: F811
    group, pane, buttons = pane_of_buttons(ui)
    assert not buttons[5].contains(buttons[5].rect.center)  # below the pane: outside its view
    pane.scroll_to(250)
    assert buttons[5].contains(buttons[5].rect.center) and not buttons[0].contains(buttons[0].rect.center)


def test_the_keyboard_focus_brings_its_row_into_view(ui):  # noqa: F811
    group, pane, buttons = pane_of_buttons(ui)
    for _ in range(8):
        group.process_event(key(pygame.K_TAB))
    group.update(0.0)
    assert group.focus.focused is buttons[7]
    assert pane.rect.contains(buttons[7].rect)


def test_a_pane_whose_rows_fit_does_not_scroll(ui):  # noqa: F811
    group, pane, buttons = pane_of_buttons(ui, count=3)
    group.process_event(wheel(-3, (150, 200)))
    assert not pane.scrolls and pane.offset == 0


@pytest.mark.parametrize(
    "window, zoom, page",
    [
        ((1280, 720), 1.0, (1280, 720)),
        ((1920, 1080), 1.0, (1920, 1080)),
        ((1920, 1080), 1.5, (1280, 720)),
        ((2560, 1440), 2.0, (1280, 720)),
        ((3840, 2160), 1.0, (1920, 1080)),
    ],
)
def test_a_fluid_page_takes_the_window_size_divided_by_the_interface_size(window, zoom, page):
    assert fluid_page(window, zoom)[0] == page


def test_an_interface_size_that_would_make_the_page_too_small_magnifies_it_instead():
    page, zoom = fluid_page((1280, 720), 2.0)
    assert page == MIN_PAGE
    assert Viewport(page, (1280, 720), zoom=zoom).scale == pytest.approx(2.0)


def sheet_driver(tmp_path, book_id, window=(1280, 720)):
    services = make_services(tmp_path)
    adventure = make_adventure(services, book_id)
    return Driver(SheetScene(services, adventure), window=window)


def test_the_sheet_re_lays_out_when_the_window_is_resized(tmp_path):
    driver = sheet_driver(tmp_path, "DF49")
    driver.send(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    sheet = driver.top
    assert sheet.page == (1920, 1080) and driver.display.surface.get_size() == (1920, 1080)
    assert sheet.controls.top["help"].rect.right == 1920 - 16
    assert sheet.regions.backpack.panel.width > 400  # the panels grew, they were not stretched


def test_with_five_scores_the_lost_weapon_toggle_is_never_under_test_your_luck(tmp_path):
    driver = sheet_driver(tmp_path, "FF13", window=(1024, 640))
    sheet = driver.top
    assert len(sheet.book.stats) == 5
    sheet.controls.hero.stats_pane.reveal(sheet.controls.hero.weapon_toggle)
    assert sheet.controls.hero.stats_pane.rect.contains(sheet.controls.hero.weapon_toggle.rect)
    assert sheet.controls.hero.stats_pane.rect.bottom <= sheet.controls.hero.luck_button.rect.top


def test_with_twelve_spell_counters_the_backpack_scrolls_inside_its_panel(tmp_path):
    driver = sheet_driver(tmp_path, "FF2")
    sheet = driver.top
    pane = sheet.controls.backpack.counters_pane
    assert len(sheet.book.counters) >= 12 and pane.scrolls
    assert sheet.regions.backpack.panel.contains(pane.rect) and pane.rect.bottom < sheet.controls.backpack.equipment.rect.top
    last = sheet.controls.backpack.counter_widgets[sheet.book.counters[-1].id]
    driver.send(wheel(-20, driver.to_window(pane.rect.center)))
    assert pane.rect.contains(last.rect)


def test_a_re_layout_keeps_the_keyboard_focus_and_the_scrolled_panes(tmp_path):
    driver = sheet_driver(tmp_path, "FF2")
    sheet = driver.top
    sheet.controls.backpack.counters_pane.scroll_to(60)
    kept = sheet.controls.backpack.counters_pane.offset
    assert kept > 0
    sheet.group.focus.focus(sheet.controls.hero.luck_button)
    sheet.group.focus.visible = True
    driver.send(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900)))
    assert sheet.page == (1600, 900)
    assert sheet.group.focus.focused is sheet.controls.hero.luck_button and sheet.group.focus.visible
    assert sheet.controls.backpack.counters_pane.offset == kept


@pytest.mark.parametrize("book_id", ["DF49", "FF2", "FF13"])
def test_on_the_page_of_200_percent_on_a_1080p_screen_every_sheet_tab_keeps_its_controls_in_the_side_panel(tmp_path, book_id):
    sheet = sheet_driver(tmp_path, book_id).top
    sheet.layout((960, 540))
    page = pygame.Rect(0, 0, 960, 540)
    for tab in sheet.regions.side.tabs:
        sheet.show_tab(tab)
        shown = [w for w in sheet.group.widgets if w.visible and getattr(w, "pane", None) is None]
        assert all(page.contains(w.rect) for w in shown), tab
        in_side = [w for w in shown if w.rect.x >= sheet.regions.side.panel.x and w.rect.y >= sheet.regions.side.panel.y]
        assert all(sheet.regions.side.panel.contains(w.rect) for w in in_side), tab
        focusable = [w for w in shown if w.focusable]
        assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(focusable) for b in focusable[i + 1 :]), tab


def test_on_a_960_wide_page_the_sheet_keeps_three_columns_and_the_scores_their_names(tmp_path):
    sheet = sheet_driver(tmp_path, "DF49").top
    sheet.layout((960, 540))
    hero, backpack, side = sheet.regions.hero.panel, sheet.regions.backpack.panel, sheet.regions.side_column
    assert hero.right < backpack.x and backpack.right < side.x and side.right <= 960 - 16
    assert sheet.regions.hero.stat_column - hero.x >= 100  # room for "HABILETÉ" left of its counter
    scrollbar = sheet.controls.hero.stats_pane.scrollbar.rect
    erasers = sheet.controls.hero.stat_erasers.values()
    assert all(button.rect.right <= scrollbar.x for button in erasers)  # the pencils are not under it
    assert sheet.regions.paragraph.panel.contains(sheet.controls.paragraph.history_buttons[-1].rect)


# -- issue 30 item 12: the sheet's panels laid out by what each holds, at 1280×720, 1024×640 and 960×540 (200 %)
LAYOUT_SIZES = ((1280, 720), (1024, 640), (960, 540))


def _shipped_books():
    import json

    from game.books.loader import bundled_books_dir

    paths = sorted(bundled_books_dir().glob("*.json"))
    return [p.stem for p in paths if json.loads(p.read_text(encoding="utf-8")).get("kind") == "fighting_fantasy"]


def _book_sheet(tmp_path, book_id):
    """The sheet of a hero of ``book_id`` with a value for each score the book rolls (FF12 has no LUCK)."""
    services = make_services(tmp_path)
    book = services.shelf.books[book_id]
    hero = {stat.id: 10 for stat in book.stats if not stat.computed}
    return Driver(SheetScene(services, make_adventure(services, book_id, hero=hero))).top


def _wholly_shown(pane, widget):
    return pane.view.contains(widget.rect)


@pytest.mark.parametrize("book_id", _shipped_books())
def test_every_score_is_in_view_or_a_whole_row_scroll_away_and_a_four_score_book_shows_its_four(tmp_path, book_id):
    sheet = _book_sheet(tmp_path, book_id)
    for size in LAYOUT_SIZES:
        sheet.layout(size)
        hero = sheet.controls.hero
        pane, counters = hero.stats_pane, list(hero.stat_counters.values())
        assert pane.rect.bottom <= hero.luck_button.rect.top, size  # the scores never under the tests
        shown = [c for c in counters if _wholly_shown(pane, c)]
        assert shown == counters[: len(shown)] and len(shown) >= min(4, len(counters)), size
        for counter in counters:
            pane.reveal(counter)
            assert _wholly_shown(pane, counter), (size, counter.spoken_name)
        pane.reveal(hero.weapon_toggle)
        assert _wholly_shown(pane, hero.weapon_toggle), size
        pane.scroll_to(0)
        for panel in (sheet.regions.paragraph.panel, sheet.regions.backpack.panel):  # the columns' panels never overlap
            assert not panel.colliderect(sheet.regions.hero.panel), size


@pytest.mark.parametrize("book_id", _shipped_books())
def test_the_backpack_shows_every_counter_or_keeps_the_equipment_list_at_its_least(tmp_path, book_id):
    from game.scenes.sheet.layout import EQUIPMENT_MIN, SHORT_CONTENT, SHORT_EQUIPMENT_MIN

    sheet = _book_sheet(tmp_path, book_id)
    for size in LAYOUT_SIZES:
        sheet.layout(size)
        backpack, regions = sheet.controls.backpack, sheet.regions.backpack
        pane = backpack.counters_pane
        least = SHORT_EQUIPMENT_MIN if sheet.regions.side_column.height < SHORT_CONTENT else EQUIPMENT_MIN
        if pane.scrolls:  # the counters took every whole row they could: one more would leave the list short of its least
            assert regions.equipment.height - regions.row_height < least, size
            assert pane.view.height == pane.rect.height and pane.rect.height % regions.row_height == 0, size
        for counter in backpack.counter_widgets.values():
            pane.reveal(counter)
            assert _wholly_shown(pane, counter), size
            use = next((b for b in backpack.use_buttons.values() if b.rect.y == counter.rect.y), None)
            assert use is None or _wholly_shown(pane, use), size  # a potion's Drink comes with its row


@pytest.mark.parametrize("book_id", ["DF49", "DEMO"])
def test_the_week_keeps_every_day_name_whole_beside_its_pencil(tmp_path, book_id):
    from game.scenes.sheet import paint

    sheet = sheet_driver(tmp_path, book_id).top
    for size in LAYOUT_SIZES:
        sheet.layout(size)
        sheet.show_tab("calendar")
        calendar = sheet.view_now().calendar
        names = [name for name, _ in paint.day_names(calendar, sheet.regions, sheet.ui)]
        assert names == list(calendar.days), size  # DF49's "Deuxième…" was cut by the Rename buttons
        for index in calendar.renamable:
            button = sheet.controls.side.day_buttons[index]
            assert button.visible and button.rect.width == button.rect.height  # a pencil, not a word
            assert calendar.days[index] in sheet.ui.text(button.spoken_name)


def test_on_a_short_page_the_two_tests_stand_side_by_side_and_say_their_whole_names(tmp_path):
    sheet = sheet_driver(tmp_path, "DF49").top
    sheet.layout((960, 540))
    luck, skill = sheet.controls.hero.luck_button, sheet.controls.hero.skill_button
    assert luck.rect.y == skill.rect.y and luck.rect.right < skill.rect.x
    assert sheet.ui.text(luck.label) == "Chance" and sheet.ui.text(luck.spoken_name) == "Tenter sa Chance"
    sheet.layout((1280, 720))
    luck, skill = sheet.controls.hero.luck_button, sheet.controls.hero.skill_button
    assert luck.rect.bottom < skill.rect.y and sheet.ui.text(luck.label) == "Tenter sa Chance"


def test_a_book_of_four_scores_and_one_counter_puts_the_paragraph_under_its_backpack_on_a_short_page(tmp_path):
    sheet = sheet_driver(tmp_path, "DF64").top  # DF64: WILLPOWER besides the three, one counter
    sheet.layout((960, 540))
    regions = sheet.regions
    assert regions.paragraph.panel.x == regions.backpack.panel.x and regions.paragraph.panel.y > regions.backpack.panel.bottom
    assert regions.hero.panel.height > 400 and not sheet.controls.hero.stats_pane.scrolls
    field, go = sheet.controls.paragraph.paragraph_field, sheet.controls.paragraph.go_button
    assert regions.paragraph.panel.contains(field.rect) and regions.paragraph.panel.contains(go.rect)


# -- issue 30 items 12 and 13, what was left: whole names, every counter and the Tools tab on the short page
def _language_sheet(tmp_path, book_id, language, dice=()):
    """A sheet of ``book_id`` (see _book_sheet) read in ``language``."""
    services = make_services(tmp_path / language, language=language)
    services.ui.catalogue.set_language(language)
    book = services.shelf.books[book_id]
    hero = {stat.id: 10 for stat in book.stats if not stat.computed}
    return Driver(SheetScene(services, make_adventure(services, book_id, dice=dice, hero=hero))).top


def _drawn(monkeypatch, module, draw, *args):
    """Every line ``module`` draws through blit_text while ``draw(*args)`` runs, with where it went; and the overflows."""
    from game.ui import text_fit

    lines = []
    real = module.blit_text

    def record(surface, text, at, *args, **options):
        rect = real(surface, text, at, *args, **options)
        lines.append((text, options.get("owner"), rect))
        return rect

    monkeypatch.setattr(module, "blit_text", record)
    with text_fit.recording() as overflows:
        draw(*args)
    monkeypatch.setattr(module, "blit_text", real)
    return lines, overflows


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("book_id", _shipped_books())
def test_the_tools_tab_shows_whole_spell_rows_and_every_end_condition_on_its_panel(tmp_path, monkeypatch, book_id, language):
    # FF2 at 960×540 showed two spells, and its end conditions were not drawn: no room was kept for them.
    from game.rules.ff import actions as a
    from game.scenes.sheet import tools as tools_module

    sheet = _language_sheet(tmp_path, book_id, language, dice=[3, 4])
    sheet.adventure.act(a.RollDice(dice="2d6"))  # the last roll takes its line too
    for size in LAYOUT_SIZES:
        sheet.layout(size)
        sheet.show_tab("tools")
        panel, regions, controls = sheet.regions.side.panel, sheet.regions.side.tools, sheet.controls.side.tools
        surface = pygame.Surface(size)
        lines, overflows = _drawn(monkeypatch, tools_module, sheet.draw, surface)
        assert overflows == [], size
        assert all(panel.contains(rect) for _, _, rect in lines), (size, [t for t, _, r in lines if not panel.contains(r)])
        assert all(panel.contains(widget.rect) for widget in controls.widgets), size
        texts = [text for text, _, _ in lines]
        view = sheet.view_now().tools
        assert view.last_roll in texts, size
        for condition in view.conditions:
            assert condition.label in texts, (size, condition.label)
            written = " ".join(texts)  # a long condition wraps over two lines
            assert all(said in written for said, _ in condition.lines), (size, condition.lines)
        if controls.spells is not None:
            rows = controls.spells.rect.height // regions.spell_row
            assert controls.spells.rect.height == rows * regions.spell_row, size  # whole rows, no half row
            assert rows >= min(4, len(sheet.book.spells)), size


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("book_id", _shipped_books())
def test_on_the_960_page_every_score_and_counter_name_is_drawn_whole(tmp_path, monkeypatch, book_id, language):
    # DF49 at 960×540 read "ENDURA…" beside its counter; a long counter name lost its last words.
    from game.scenes.sheet import paint

    sheet = _language_sheet(tmp_path, book_id, language)
    sheet.layout((960, 540))
    view, regions = sheet.view_now(), sheet.regions
    surface = pygame.Surface((960, 540))

    def rows():
        for index in range(len(view.stats)):
            paint.stat_row(surface, view, regions, sheet.ui, regions.hero.stat_row(index), index)
        for index in range(len(view.counters)):
            paint.counter_row(surface, view, regions, sheet.ui, regions.backpack.counter_row(index), index)

    lines, overflows = _drawn(monkeypatch, paint, rows)
    assert overflows == []
    scores = [text for text, owner, _ in lines if owner == "score name"]
    assert all(text in (line.name, line.short) for text, line in zip(scores, view.stats)), scores
    names = [text for text, owner, _ in lines if owner == "counter name"]
    assert " ".join(names) == " ".join(line.name for line in view.counters)  # every word, none cut with "…"
    for stat, line in zip(sheet.book.stats, view.stats):
        counter = sheet.controls.hero.stat_counters[stat.id]
        if line.short is not None and line.name not in scores:  # said short: the whole name on hover and by ear
            assert sheet.ui.text(counter.tooltip) == line.name == sheet.ui.text(counter.spoken_name)


@pytest.mark.parametrize("book_id", _shipped_books())
def test_on_the_960_page_a_book_of_up_to_five_counters_shows_them_all(tmp_path, book_id):
    # DF49's four counters and FF1's five scrolled in a box at 960×540, one or two in view.
    sheet = _book_sheet(tmp_path, book_id)
    sheet.layout((960, 540))
    backpack = sheet.controls.backpack
    if len(sheet.book.counters) <= 5:
        assert not backpack.counters_pane.scrolls
        assert all(_wholly_shown(backpack.counters_pane, counter) for counter in backpack.counter_widgets.values())
        assert all(_wholly_shown(backpack.counters_pane, use) for use in backpack.use_buttons.values())
    panel = sheet.regions.backpack.panel
    for widget in (backpack.item_field, backpack.add_item_button, backpack.equipment, backpack.tick_button):
        assert widget is None or panel.contains(widget.rect)


@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_narrow_backpacks_use_buttons_are_the_counters_icons_and_say_what_they_do(tmp_path, language):
    sheet = _language_sheet(tmp_path, "DF49", language)
    sheet.layout((960, 540))
    drink = sheet.controls.backpack.use_buttons["potions"]
    word = {"fr": "Boire", "en": "Drink"}[language]
    assert drink.icon == "potion" and sheet.ui.text(drink.label) == ""
    assert sheet.ui.text(drink.tooltip) == word == sheet.ui.text(drink.spoken_name)
    sheet.layout((1280, 720))
    assert sheet.ui.text(sheet.controls.backpack.use_buttons["potions"].label) == word


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("book_id", ["DF49", "DEMO"])
def test_on_a_narrow_backpack_the_calendar_line_and_the_item_hint_are_whole(tmp_path, monkeypatch, book_id, language):
    # DF49 at 960×540: "Aujourd'…", "0 jour · 0…" and "Nouvel…" beside the counters.
    from game.scenes.sheet import paint

    sheet = _language_sheet(tmp_path, book_id, language)
    for size in LAYOUT_SIZES[1:]:
        sheet.layout(size)
        lines, overflows = _drawn(monkeypatch, paint, sheet.draw, pygame.Surface(size))
        assert overflows == [], size
        said = [text for text, owner, _ in lines if owner in ("calendar today", "calendar summary")]
        calendar = sheet.view_now().calendar
        assert said[0] in (calendar.today, calendar.day) and said[1] == calendar.short, (size, said)
        tick = sheet.controls.backpack.tick_button
        assert calendar.today in sheet.ui.text(tick.tooltip) and calendar.summary in sheet.ui.text(tick.tooltip)
        field = sheet.controls.backpack.item_field
        assert field.tooltip_text() is None, size  # the hint is whole: no tooltip needed to read it


@pytest.mark.parametrize("book_id", _shipped_books())
def test_every_value_on_the_sheet_keeps_its_gap_from_its_buttons_even_at_99(tmp_path, monkeypatch, book_id):
    # The 22 of ENDURANCE nearly touched its − button at 960×540.
    from game.ui import counter as counter_module
    from game.ui.counter import VALUE_GAP

    sheet = _book_sheet(tmp_path, book_id)
    for size in LAYOUT_SIZES:
        sheet.layout(size)
        counters = [*sheet.controls.hero.stat_counters.values(), *sheet.controls.backpack.counter_widgets.values()]
        for counter in counters:
            for value in (8, 22, 99, 120):
                counter.value = value
                lines, _ = _drawn(monkeypatch, counter_module, counter.draw, pygame.Surface(size))
                ((_, _, drawn),) = [line for line in lines if line[0] == str(value)]
                left, right = counter.minus_rect().right, counter.plus_rect().left
                assert drawn.left >= left + VALUE_GAP - 2 and drawn.right <= right - VALUE_GAP + 2, (size, value, drawn)


PLACES = ("York", "Kent", "Bath", "Wells", "Ely", "Derby", "Leeds", "Hull", "Ripon", "Truro")


def test_twenty_creatures_and_two_hundred_items_named_alike_stay_apart_on_the_960_page(tmp_path, monkeypatch):
    # breaker: names that differ only at their end all read "Sir Reginald…" once shortened at 960×540.
    from game.rules.ff import actions as a
    from game.ui import scroll_list

    sheet = _book_sheet(tmp_path, "FF1")
    creatures = [f"Gobelin de la Tour Noire de {place} {n}" for n in (1, 2) for place in PLACES]
    items = [f"Potion de soin de l'apothicaire de {place} n° {n}" for n in range(20) for place in PLACES]
    for name in creatures:
        sheet.adventure.act(a.AddCreature(name=name, skill=7, stamina=9))
    for name in items:
        sheet.adventure.act(a.AddItem(text=name))
    sheet.layout((960, 540))
    sheet.show_tab("creatures")
    sheet.sync()
    rows = []
    for rows_list in (sheet.controls.side.creature_list, sheet.controls.backpack.equipment):
        assert len(rows_list.items) in (len(creatures), len(items) + 4)  # FF1's own four items besides
        for index in range(len(rows_list.items)):  # every row, scrolled into view in turn
            rows_list.scroll_to(rows_list.row_top(index))
            lines, _ = _drawn(monkeypatch, scroll_list, rows_list.draw, pygame.Surface((960, 540)))
            rows += [text for text, _, _ in lines]
    for text in set(rows):
        head, _, tail = text.partition("…")
        told = [name for name in creatures + items if name.startswith(head) and name.endswith(tail)]
        if not told:  # FF1's own items, whole
            continue
        assert len(told) == 1, (text, told[:3])
    assert any("…" in text for text in rows)  # they were shortened at this size

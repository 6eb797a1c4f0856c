"""The Rôle'n Play table on any page (issues 13 and 16): it re-lays out when the window changes, keeps what the
game master was doing, scrolls what a small page cannot hold and uses a big page's room."""

from __future__ import annotations

import itertools

import pygame
import pytest
from app_helpers import Driver, make_services

from game.app import display as display_module
from game.app.display import Display
from game.app.loop import FakeClock, MainLoop
from game.app.scene import SceneStack
from game.app.services import build_services
from game.app.showcase import load_all
from game.scenes.rnp_table.character_form import CharacterForm
from game.scenes.rnp_table.saves import SavesScene
from game.scenes.rnp_table.scene import RnpTableScene
from game.scenes.samples.rnp import sample_table

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def services(tmp_path):
    return make_services(tmp_path)


def resize(driver, width, height):
    driver.send(pygame.event.Event(pygame.VIDEORESIZE, w=width, h=height, size=(width, height)))


def table(services, tab, window=(1280, 720)):
    scene = RnpTableScene(services, sample_table(services), tab)
    return scene, Driver(scene, window)


def named(scene, name):
    return scene.panel_named_all()[name]


def test_the_table_re_lays_out_when_the_window_is_resized(services):
    scene, driver = table(services, "clock")
    narrow = scene.panel.journal.rect.width
    resize(driver, 1920, 1080)
    assert scene.page == (1920, 1080) and driver.display.surface.get_size() == (1920, 1080)
    assert named(scene, "chrome:back").rect.right == 1920 - 16
    assert scene.panel.journal.rect.width > narrow  # the journal took the room, nothing was stretched


def test_a_resize_keeps_the_focused_field_and_what_was_typed_in_it(services):
    scene, driver = table(services, "clock")
    driver.click(named(scene, "amount"))
    driver.type("1h30")
    resize(driver, 1024, 640)
    assert scene.page == (1024, 640)
    field = named(scene, "amount")
    assert scene.group.focus.focused is field and field.text == "1h30"


def test_on_a_small_page_the_panel_scrolls_to_the_control_the_keyboard_reaches(services):
    scene, driver = table(services, "travel", (1024, 640))
    go = named(scene, "go")
    assert not scene.panel.viewport.contains(go.rect)  # below the fold of a small page
    for _ in range(80):
        if scene.group.focus.focused is named(scene, "go"):
            break
        driver.key(pygame.K_TAB)
    assert scene.panel.viewport.contains(named(scene, "go").rect)


def test_a_wide_page_shows_more_of_the_party_side_by_side(services):
    scene, driver = table(services, "party", (1024, 640))
    small = len(scene.panel.cards())
    resize(driver, 1920, 1080)
    assert len(scene.panel.cards()) > small
    assert len(scene.panel.cards()) == len(scene.rules["party_order"])


def test_the_wheel_scrolls_the_party_a_small_page_cannot_hold(services):
    scene, driver = table(services, "party", (1024, 640))
    last = scene.rules["party_order"][-1]
    assert last not in [name for name, _ in scene.panel.cards()]
    pane = scene.panel.pane
    driver.send(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-30, pos=driver.to_window(pane.rect.center)))
    assert pane.offset > 0 and last in [name for name, _ in scene.panel.cards()]


def test_the_character_form_stays_centred_and_keeps_what_is_typed(services):
    scene, driver = table(services, "party")
    driver.click(named(scene, "add"))
    form = driver.top
    assert isinstance(form, CharacterForm)
    driver.type("Zora")
    resize(driver, 1920, 1080)
    assert form.page == (1920, 1080) and form.rect.center == (960, 540)
    assert form.fields["name"].text == "Zora" and form.group.focus.focused is form.fields["name"]


def test_on_a_page_too_short_for_the_form_its_buttons_go_up_beside_the_title(services, monkeypatch):
    monkeypatch.setattr(display_module, "MIN_PAGE", (960, 540))  # 200 % on a 1080p screen
    scene, driver = table(services, "party", (960, 540))
    driver.click(named(scene, "add"))
    form = driver.top
    assert form.compact and pygame.Rect((0, 0), (960, 540)).contains(form.rect)
    lowest = max(w.rect.bottom for w in form.fields.values())
    assert form.ok_button.rect.top < form.fields["name"].rect.top and form.ok_button.rect.bottom < lowest
    driver.type("Brok")  # a name already at the table
    driver.click(form.ok_button)
    assert driver.top is form and "Brok" in form.error
    resize(driver, 1024, 640)
    lowest = max(w.rect.bottom for w in [*form.fields.values(), *form.save_buttons.values()])
    assert not form.compact and form.ok_button.rect.top > lowest  # a page with room puts them back at the foot


def test_a_taller_page_lists_more_hours_of_forced_march(services):
    scene, driver = table(services, "travel", (1024, 640))
    saves = [
        {"day": day, "hour": hour, "dc": 10 + hour, "who": who, "success": who == "Brok", "total": 12}
        for day in range(1, 6)
        for hour in range(1, 5)
        for who in ("Brok", "Mira")
    ]  # five days of four forced-march hours: twenty hours, R-RNP-MARCH-1
    scene.open_saves({"at_s": 0, "do": "travel_party", "data": {"saves": saves}})
    driver.send()
    window = driver.top
    assert isinstance(window, SavesScene)
    small = window.max_hours
    assert small < 20
    resize(driver, 1920, 1200)
    assert window.page == (1920, 1200) and small < window.max_hours == 20
    assert pygame.Rect((0, 0), window.page).contains(window.panel_rect())


def test_a_big_party_keeps_every_name_button_inside_the_panel(services):
    scene, driver = table(services, "hide", (1024, 640))
    for name in ("Bartholomew", "Wilhelmina", "Grimbold", "Zoraida"):
        scene.act({"do": "add_character", "name": name})
    driver.send()
    area = scene.panel.inner()
    names = [w for n, w in scene.panel.named.items() if n.startswith(("who:", "watch:"))]
    assert len(names) >= 8 and all(area.left <= w.rect.left and w.rect.right <= area.right for w in names)


def test_the_travel_planner_previews_a_leg_given_as_a_distance(services):
    scene, driver = table(services, "travel")
    driver.click(named(scene, "unit:distance"))
    fill = named(scene, "amount")
    driver.click(fill)
    driver.key(pygame.K_a, CTRL)
    driver.type("45")
    preview = scene.panel.current
    assert preview is not None and preview.refused is None
    assert (preview.result["days"], preview.result["hours"]) == (1, 2)  # R-RNP-MARCH-1: 36 km a day, 4.5 km an hour
    assert named(scene, "go").enabled


@pytest.mark.parametrize("window", [(960, 540), (1024, 640), (1200, 640), (1920, 1080)], ids=lambda w: f"{w[0]}x{w[1]}")
def test_every_control_of_every_tab_is_inside_its_panel_reachable_and_alone(services, window, monkeypatch):
    monkeypatch.setattr(display_module, "MIN_PAGE", (960, 540))  # 960×540: 200 % on a 1080p screen
    scene, driver = table(services, "party", window)
    assert scene.page == window
    chrome = list(scene.chrome.values())  # the top buttons and the tabs: inside the page, none over another
    assert all(pygame.Rect((0, 0), window).contains(w.rect) for w in chrome)
    assert not any(one.rect.colliderect(other.rect) for one, other in itertools.combinations(chrome, 2))
    for name in ("Bartholomew", "Wilhelmina", "Grimbold", "Zoraida"):  # a big party with long names
        scene.act({"do": "add_character", "name": name})
    for tab in list(scene.panels):
        driver.click(named(scene, f"chrome:tab:{tab}"))
        panel, pane = scene.panel, scene.panel.pane
        area = panel.inner()
        controls = [w for w in panel.named.values() if w.visible and w.focusable and w.pane is pane]
        for control in controls:
            top = control.rect.top + pane.offset - pane.rect.top  # where it is in the scrolled content
            assert area.left <= control.rect.left and control.rect.right <= area.right, (tab, control.rect, area)
            assert 0 <= top and top + control.rect.height <= pane.content_height, (tab, control.rect)
        for one, other in itertools.combinations(controls, 2):
            assert not one.rect.colliderect(other.rect), (tab, one.rect, other.rect)


def test_the_players_view_opens_on_a_magnified_page_without_failing(tmp_path):
    factory = dict(load_all())["rnp-players"]
    services = build_services(config_dir=tmp_path / "config", data_dir=tmp_path / "data", seed=7)
    services.settings.ui_scale = 2.0
    services.apply_settings()
    stack = SceneStack()
    for scene in factory(services):
        stack.push(scene)
        stack.apply_pending()
    display = Display((1280, 720), title="test")
    loop = MainLoop(stack, display, clock=FakeClock(), zoom=lambda: services.settings.ui_scale)
    assert loop.run_frames(3) >= 1  # the magnifier asks the players' view for its panel
    assert display.zoom > 1.0 and stack.top.panel_rect().width > 0

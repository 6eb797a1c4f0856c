"""The game master's table tightened (issue 30 items 14-15, issue 31 items 10-13), driven with the mouse as a
game master would: what the screen shows is what the rules hold now, a rest says when it ends, counts read in
the language's plurals."""

from __future__ import annotations

import pygame
import pytest
from app_helpers import make_services
from test_scene_rnp_table import fill, table, widget

from game.i18n.catalogue import Catalogue
from game.rules.rnp import actions as a
from game.scenes.dice_roll import DiceRollScene
from game.scenes.rnp_table.pen import Pen
from game.scenes.rnp_table.words import amount, journal_line


@pytest.fixture
def services(tmp_path):
    return make_services(tmp_path)


def painted(scene, driver, monkeypatch) -> list[str]:
    """Every line the table's pens paint in one frame."""
    lines: list[str] = []
    original = Pen.text

    def record(self, text, pos, **kwargs):
        lines.append(text)
        return original(self, text, pos, **kwargs)

    monkeypatch.setattr(Pen, "text", record)
    scene.draw(pygame.Surface(scene.regions.page))
    monkeypatch.setattr(Pen, "text", original)
    return lines


def close_dice(driver) -> None:
    for _ in range(4):  # skip the tumble, then close (never loops for ever)
        if not isinstance(driver.top, DiceRollScene):
            return
        driver.click((640, 360))
    assert not isinstance(driver.top, DiceRollScene)


# -- issue 30 item 14: the food tab shows the stock; the load is an action ------------------------------------
def test_the_food_tab_shows_what_the_pack_holds_after_a_day_on_the_road(services, monkeypatch):
    scene, driver = table(services, "food", ("Aria",))
    fill(driver, widget(scene, "rations:Aria"), "4")
    fill(driver, widget(scene, "water:Aria"), "4")
    driver.click(widget(scene, "pack:Aria"))
    scene.act(a.TravelParty(mode="foot", pace="normal", days=1, supplies=True))  # a day eats 1 and drinks 3
    assert (scene.rules["party"]["Aria"]["rations"], scene.rules["party"]["Aria"]["water_l"]) == (3, 1)
    assert services.ui.t("rnp.pack", rations=3, water=1) in painted(scene, driver, monkeypatch)
    assert scene.panel.texts["rations:Aria"] == scene.panel.texts["water:Aria"] == ""  # nothing that looks like a stock


def test_loading_the_pack_adds_to_what_it_holds_instead_of_putting_an_old_load_back(services):
    scene, driver = table(services, "food", ("Aria",))
    scene.act(a.SetSupplies(character="Aria", rations=3, water_l=1))
    fill(driver, widget(scene, "rations:Aria"), "2")
    driver.click(widget(scene, "pack:Aria"))
    member = scene.rules["party"]["Aria"]
    assert (member["rations"], member["water_l"]) == (5, 1)  # the water field left empty adds nothing
    fill(driver, widget(scene, "water:Aria"), "-1")  # a negative amount takes some out
    driver.click(widget(scene, "pack:Aria"))
    assert scene.rules["party"]["Aria"]["water_l"] == 0


def test_a_load_that_would_empty_the_pack_below_nothing_is_refused_and_changes_nothing(services):
    scene, driver = table(services, "food", ("Aria",))
    scene.act(a.SetSupplies(character="Aria", rations=1, water_l=1))
    fill(driver, widget(scene, "rations:Aria"), "-5")
    driver.click(widget(scene, "pack:Aria"))
    assert scene.rules["party"]["Aria"]["rations"] == 1 and scene.status_bad
    assert scene.panel.texts["rations:Aria"] == "-5"  # kept, to correct


def test_an_empty_load_says_to_type_an_amount(services):
    scene, driver = table(services, "food", ("Aria",))
    driver.click(widget(scene, "pack:Aria"))
    assert scene.status == services.ui.t("rnp.type_amount") and scene.status_bad


# -- issue 30 item 15: the ration choice shows which is chosen -------------------------------------------------
def test_the_daily_ration_is_a_choice_whose_chosen_one_is_filled(services):
    scene, driver = table(services, "food", ("Aria",))
    assert widget(scene, "ration:Aria:full").chosen and not widget(scene, "ration:Aria:half").chosen
    driver.click(widget(scene, "ration:Aria:half"))
    assert scene.rules["party"]["Aria"]["ration"] == "half"
    assert widget(scene, "ration:Aria:half").chosen and not widget(scene, "ration:Aria:full").chosen
    journal = len(scene.rules["journal"])
    driver.click(widget(scene, "ration:Aria:half"))  # the chosen one again: nothing to change
    assert len(scene.rules["journal"]) == journal


# -- issue 30 item 15: "1 rations" — counts in the catalogue's CLDR plurals -----------------------------------
@pytest.mark.parametrize(
    ("language", "rations", "text"),
    [
        ("fr", 1, "Porte 1 ration · 0,5 L"),
        ("fr", 0, "Porte 0 ration · 0,5 L"),  # French: 0 and 1 are singular
        ("fr", 1.5, "Porte 1,5 ration · 0,5 L"),
        ("fr", 3, "Porte 3 rations · 0,5 L"),
        ("en", 1, "Carries 1 ration · 0.5 L"),
        ("en", 0, "Carries 0 rations · 0.5 L"),
        ("en", 1.5, "Carries 1.5 rations · 0.5 L"),
    ],
)
def test_a_pack_of_one_ration_is_singular_in_both_languages(language, rations, text):
    assert Catalogue(language).t("rnp.pack", rations=amount(rations), water=amount(0.5)) == text


def test_the_journal_counts_rations_and_rounds_in_the_languages_plurals(services):
    book = services.shelf.books["rolenplay"]
    supplies = {"do": "set_supplies", "at_s": 0, "who": ["Aria"], "data": {"rations": 1, "water_l": 2, "ration": "full"}}
    assert "porte 1 ration et 2 L" in journal_line(services.ui, book, supplies)
    breath = {"do": "hold_breath", "at_s": 0, "who": ["Aria"], "data": {"seconds": 60, "rounds": 1}}
    assert journal_line(services.ui, book, breath).endswith("puis 1 round.")


# -- issue 30 item 15: a night in camp ends at dawn, and each rest says when it ends --------------------------
def test_a_night_in_camp_begun_in_the_evening_ends_at_dawn(services):
    scene, driver = table(services, "clock", ("Aria",))
    scene.act(a.SetTimeOfDay(hour=18, minute=0))
    night = widget(scene, "camp_night")
    assert "J2 06:00" in services.ui.text(night.label)
    driver.click(night)
    clock = scene.rules["clock"]
    assert (clock["day"], clock["hour"], clock["minute"]) == (2, 6, 0)


def test_the_long_rest_says_it_ends_at_two_in_the_morning(services):
    scene, _ = table(services, "clock", ("Aria",))
    scene.act(a.SetTimeOfDay(hour=18, minute=0))
    assert "J2 02:00" in services.ui.text(widget(scene, "rest").tooltip)


def test_a_night_in_camp_begun_after_midnight_still_lasts_a_long_rest(services):
    scene, driver = table(services, "clock", ("Aria",))
    scene.act(a.SetTimeOfDay(hour=2, minute=0))
    driver.click(widget(scene, "camp_night"))
    assert scene.rules["clock"]["hour"] == 10  # dawn is 4 h away: a long rest is never cut short


# -- issue 30 item 15: the fast pace's -5 passive Perception ends with the camp ------------------------------
def test_the_fast_paces_perception_penalty_ends_after_a_night_in_camp(services):
    scene, driver = table(services, "clock", ("Aria",))
    scene.act(a.TravelParty(mode="foot", pace="fast", hours=2))
    assert scene.rules["party"]["Aria"]["passive_perception"] == scene.rules["party"]["Aria"]["passive_perception_at_rest"] - 5
    scene.rebuild()
    driver.click(widget(scene, "camp_night"))
    member = scene.rules["party"]["Aria"]
    assert member["passive_perception"] == member["passive_perception_at_rest"]
    assert scene.rules["pace_effects"]["passive_perception"] == 0


def test_every_food_and_clock_control_fits_its_button(services):
    for tab in ("food", "clock"):
        scene, _ = table(services, tab, ("Aria", "Brok de la Montagne"))
        for name, w in scene.panel.named.items():
            label = getattr(w, "label", None)
            if isinstance(label, str) or callable(label):
                assert w.rect.right <= scene.panel.inner().right + 1, name


def test_the_status_line_keeps_a_long_message_whole(services, monkeypatch):
    scene, driver = table(services, "clock", ("Aria",))
    long = "Brok, Elwen, Mira et Pip ne peuvent pas voyager : " + "un très long motif de refus, " * 6 + "fin."
    scene.show(long, bad=True)
    drawn: list[str] = []
    import game.scenes.rnp_table.paint as paint

    original = paint.blit_text

    def record(surface, text, *args, **kwargs):
        drawn.append(text)
        return original(surface, text, *args, **kwargs)

    monkeypatch.setattr(paint, "blit_text", record)
    scene.draw(pygame.Surface(scene.regions.page))
    assert " ".join(drawn).endswith("fin.") and "…" not in "".join(drawn[-3:])


# -- issue 30 item 15: the forced-march dialog shows d20 + CON against the DC --------------------------------
def test_the_forced_march_overlay_shows_each_total_against_its_dc(services):
    from game.scenes.rnp_table.travel import present_travel

    scene, _ = table(services, "travel", ())
    scene.act(a.AddCharacter(name="Brok", scores={"con": 14}))  # CON 14: +2
    scene.act(a.TravelParty(mode="foot", pace="normal", days=1, extra_hours=2))
    saves = scene.state.result["saves"]
    _, groups, _, _ = present_travel(services.ui, scene.state.result)
    (group,) = groups
    assert group.label == "Brok — d20 +2"
    assert group.faces == tuple(s["roll"] for s in saves)
    expected = [f"{s['roll'] + 2} {'≥' if s['roll'] + 2 >= dc else '<'} DD {dc}" for s, dc in zip(saves, (11, 12))]
    assert group.detail == " · ".join(expected)


# -- issue 30 item 15: no English OS error inside a French sentence -------------------------------------------
@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (PermissionError(13, "Permission denied", "/saves/t1.json"), "accès refusé à t1.json"),
        (OSError(28, "No space left on device", "/saves/t1.json"), "plus de place sur le disque pour t1.json"),
        (OSError(5, "Input/output error", "/saves/t1.json"), "erreur d'écriture de t1.json (code système EIO)"),
    ],
)
def test_a_failed_save_on_the_table_says_why_in_french(services, monkeypatch, error, reason):
    scene, driver = table(services, "clock", ("Aria",))

    def refuse(*args, **kwargs):
        raise error

    monkeypatch.setattr(scene.adventure.store, "write", refuse)
    driver.click(widget(scene, "to:dawn"))
    assert scene.status_bad and reason in scene.status
    assert error.strerror not in scene.status


# -- issue 30 item 15: the character form's − / + -------------------------------------------------------------
def open_form(scene, driver):
    from game.scenes.rnp_table.character_form import CharacterForm

    driver.click(widget(scene, "add"))
    assert isinstance(driver.top, CharacterForm)
    return driver.top


def test_a_character_is_made_with_the_mouse_alone_through_minus_and_plus(services):
    scene, driver = table(services, "party", ())
    form = open_form(scene, driver)
    fill(driver, form.fields["name"], "Brok")
    minus, plus = form.steppers["con"]
    for _ in range(4):
        driver.click(plus)
    driver.click(minus)
    assert form.fields["con"].text == "13"
    for _ in range(3):
        driver.click(form.steppers["hp_max"][1])
    driver.click(form.steppers["proficiency"][1])
    driver.click(form.ok_button)
    member = scene.rules["party"]["Brok"]
    assert (member["scores"]["con"], member["hp_max"], member["proficiency"]) == (13, 3, 3)


def test_minus_and_plus_stop_at_the_books_limits(services):
    scene, driver = table(services, "party", ())
    form = open_form(scene, driver)
    book = services.shelf.books["rolenplay"]
    form.fields["str"].text = str(book.abilities.score_max)
    driver.click(form.steppers["str"][1])
    assert form.fields["str"].text == str(book.abilities.score_max)
    form.fields["str"].text = str(book.abilities.score_min)
    driver.click(form.steppers["str"][0])
    assert form.fields["str"].text == str(book.abilities.score_min)
    form.fields["proficiency"].text = "0"
    driver.click(form.steppers["proficiency"][0])
    assert form.fields["proficiency"].text == "0"


def test_plus_on_a_field_of_nonsense_starts_from_the_lowest_score(services):
    scene, driver = table(services, "party", ())
    form = open_form(scene, driver)
    form.fields["dex"].text = "abc"
    driver.click(form.steppers["dex"][1])
    assert form.fields["dex"].text == str(services.shelf.books["rolenplay"].abilities.score_min + 1)
    form.fields["dex"].text = "12,5"
    driver.click(form.steppers["dex"][1])
    assert form.fields["dex"].text == "13"


def test_each_step_button_says_what_it_changes(services):
    scene, driver = table(services, "party", ())
    form = open_form(scene, driver)
    minus, plus = form.steppers["con"]
    assert services.ui.text(minus.spoken_name) == "Constitution : un de moins"
    assert services.ui.text(plus.tooltip) == "Constitution : un de plus"


# -- issue 31 items 10-11 and R-RNP-MOUNT-1 (revised): the gallop's hour, relay mounts, a day on horseback -------
def travel_tab(services, party=("Aria", "Bran", "Cid")):
    scene, driver = table(services, "travel", party)
    return scene, driver, scene.panel


def test_the_gallop_says_one_hour_at_most_and_a_march_two_more_with_relays(services, monkeypatch):
    from game.scenes.rnp_table.travel import amount_caption

    scene, driver, planner = travel_tab(services)
    driver.click(widget(scene, "mode:gallop"))
    driver.click(widget(scene, "unit:hours"))
    assert amount_caption(services.ui, planner.shown()) == "Heures (1 au plus)"
    assert "Heures (1 au plus)" in painted(scene, driver, monkeypatch)
    driver.click(widget(scene, "relay"))
    assert amount_caption(services.ui, planner.shown()) == "Heures (8 au plus)"
    driver.click(widget(scene, "mode:foot"))
    assert amount_caption(services.ui, planner.shown()) == "Heures (8 au plus)"
    driver.click(widget(scene, "unit:minutes"))
    assert amount_caption(services.ui, planner.shown()) == "Minutes (480 au plus)"


def test_a_gallop_of_three_hours_is_refused_without_relay_and_goes_with_it(services):
    scene, driver, planner = travel_tab(services)
    driver.click(widget(scene, "mode:gallop"))
    driver.click(widget(scene, "unit:hours"))
    fill(driver, widget(scene, "amount"), "3")
    assert not widget(scene, "go").enabled  # the rules' reason on the button
    driver.click(widget(scene, "relay"))
    fill(driver, widget(scene, "amount"), "3")
    assert widget(scene, "go").enabled
    assert planner.current.result["fresh_mounts"] == 9 and planner.current.result["relays"] == 2
    driver.click(widget(scene, "go"))
    close_dice(driver)
    assert scene.rules["result"]["distance_m"] == 36000  # 12 km an hour for 3 hours


def test_the_relay_preview_counts_fresh_mounts_and_changes_in_words(services, monkeypatch):
    scene, driver, _ = travel_tab(services)
    driver.click(widget(scene, "mode:gallop"))
    driver.click(widget(scene, "unit:hours"))
    driver.click(widget(scene, "relay"))
    fill(driver, widget(scene, "amount"), "3")
    assert "9 montures fraîches, 2 changements de monture par cavalier" in " ".join(painted(scene, driver, monkeypatch))


def test_a_day_on_horseback_with_an_hour_of_gallop_covers_the_pace_day_plus_the_gallop(services):
    scene, driver, _ = travel_tab(services)
    driver.click(widget(scene, "mode:ride"))
    driver.click(widget(scene, "pace:normal"))
    fill(driver, widget(scene, "amount"), "1")
    fill(driver, widget(scene, "gallop_hours"), "1")
    driver.click(widget(scene, "go"))
    close_dice(driver)
    assert scene.rules["result"]["distance_m"] == 36000 - 4500 + 12000  # the normal day, one hour galloped
    assert scene.rules["mode"] == "ride"


def test_a_ride_gallops_an_hour_a_day_at_most(services):
    scene, driver, planner = travel_tab(services)
    driver.click(widget(scene, "mode:ride"))
    fill(driver, widget(scene, "amount"), "1")
    fill(driver, widget(scene, "gallop_hours"), "2")
    assert not widget(scene, "go").enabled and planner.current.refused.code == "gallop_too_long"


def test_the_modes_end_before_the_preview_column(services):
    scene, _, planner = travel_tab(services)
    regions = planner.regions()
    assert all(widget(scene, f"mode:{m}").rect.right <= regions.preview.left for m in ("foot", "ride", "gallop", "cart", "boat"))


# -- break it: hostile game-master input -----------------------------------------------------------------------
def test_set_off_is_greyed_for_a_march_of_no_length_with_the_rules_reason(services):
    scene, driver, planner = travel_tab(services)
    driver.click(widget(scene, "unit:hours"))
    fill(driver, widget(scene, "amount"), "0")
    go = widget(scene, "go")
    assert not go.enabled and planner.current.refused.code == "empty_leg"
    journal = len(scene.rules["journal"])
    driver.click(go)
    assert len(scene.rules["journal"]) == journal


def test_a_forced_march_of_more_hours_than_a_day_holds_is_greyed(services):
    scene, driver, planner = travel_tab(services)
    fill(driver, widget(scene, "amount"), "1")
    fill(driver, widget(scene, "extra"), "17")
    assert not widget(scene, "go").enabled and planner.current.refused.code == "extra_over_day"
    assert "16" in services.ui.text(widget(scene, "go").tooltip_text())
    fill(driver, widget(scene, "extra"), "16")
    assert widget(scene, "go").enabled


def test_a_march_of_a_thousand_hours_is_refused_with_the_forced_march_advice(services):
    scene, driver, planner = travel_tab(services)
    driver.click(widget(scene, "unit:hours"))
    fill(driver, widget(scene, "amount"), "1000")
    assert not widget(scene, "go").enabled and planner.current.refused.code == "hours_over_day"


def test_twenty_characters_with_long_names_fit_every_tab(services):
    names = tuple(f"P{i:02d}-" + "é" * 14 for i in range(20))
    scene, driver = table(services, "party", names)
    for tab in ("party", "clock", "timers", "travel", "jump", "fall", "breath", "food", "light", "hide"):
        driver.click(widget(scene, f"chrome:tab:{tab}"))
        scene.draw(pygame.Surface(scene.regions.page))
        inner = scene.panel.inner()
        assert all(w.rect.right <= inner.right + 1 for w in scene.panel.named.values()), tab
    assert sum(1 for k in scene.panel.named if k.startswith("who:")) < len(names)


@pytest.mark.parametrize("tab", ["hide", "jump"])
def test_a_big_partys_who_row_stops_before_the_column_beside_it(services, tab):
    names = tuple(f"P{i:02d}-" + "é" * 14 for i in range(20))
    scene, driver = table(services, tab, names)
    row = [w for k, w in scene.panel.named.items() if k.startswith("who:")]
    beside = scene.panel.who_room() + scene.panel.inner().left  # the checklist (hide) or the figures (jump)
    assert beside < scene.panel.inner().right - 100  # on this page the column beside the controls is shown
    assert all(w.rect.right <= beside for w in row)


def test_a_big_partys_who_row_brings_the_next_names_with_its_more_button(services):
    names = tuple(f"P{i:02d}-" + "é" * 14 for i in range(20))
    scene, driver = table(services, "fall", names)
    first = [k for k in scene.panel.named if k.startswith("who:P")]
    assert first[0] == "who:" + names[0] and "who:" + names[19] not in scene.panel.named
    driver.click(widget(scene, "who:__more__"))
    after = [k for k in scene.panel.named if k.startswith("who:P")]
    assert after[0] == "who:" + names[len(first)] and scene.panel.who == names[len(first)]
    for _ in range(3):
        driver.click(widget(scene, "who:__more__"))
    assert scene.panel.who in names  # it wraps round the party


def test_a_big_partys_watchers_row_pages_with_more_and_every_watcher_can_be_set(services):
    names = tuple(f"P{i:02d}-" + "é" * 14 for i in range(20))
    scene, driver = table(services, "hide", names)
    watchers = [n for n in names if n != scene.panel.who]  # R-RNP-HIDE-1: the party but who hides watches
    seen: list[str] = []
    for _ in range(len(watchers)):
        page = [k.removeprefix("watch:") for k in scene.panel.named if k.startswith("watch:P")]
        assert page and len(page) < len(watchers)
        seen += [n for n in page if n not in seen]
        if len(seen) == len(watchers):
            break
        driver.click(widget(scene, "watch:__more__"))
    assert seen == watchers  # page after page, in the party's order, nobody skipped
    last = watchers[-1]
    driver.click(widget(scene, f"watch:{last}"))
    assert scene.panel.watch[last] == "passive"  # a watcher on a later page is set as on the first
    assert widget(scene, f"watch:{last}").rect.right <= scene.panel.inner().right + 1


def test_a_big_party_wraps_its_travellers_and_every_one_can_be_left_behind(services):
    names = tuple(f"P{i:02d}-" + "é" * 14 for i in range(20))
    scene, driver = table(services, "travel", names)
    buttons = [widget(scene, f"who:{n}") for n in names]
    assert len({b.rect.top for b in buttons}) > 1  # more than one line
    go = widget(scene, "go")
    assert all(b.rect.bottom < go.rect.top for b in buttons)
    assert widget(scene, "camp").rect.top > max(b.rect.bottom for b in buttons)
    last = widget(scene, f"who:{names[19]}")
    scene.panel.pane.reveal(last)  # the panel scrolls to it, as the keyboard's focus would
    driver.send(frames=1)
    driver.click(last)
    assert names[19] in scene.panel.left_out


# -- R-RNP-LIGHT-1 (revised): the moon the game master sets; a blinded creature's attacks -------------------------
def test_a_particularly_bright_full_moon_set_on_the_light_tab_makes_the_night_dim(services):
    scene, driver = table(services, "light", ("Aria",))
    scene.act(a.SetTimeOfDay(hour=23, minute=0))
    assert scene.rules["light"] == "darkness"
    assert widget(scene, "moon:new").chosen
    driver.click(widget(scene, "moon:bright_full"))
    assert scene.rules["moon"] == "bright_full" and scene.rules["light"] == "dim"
    driver.click(widget(scene, "moon:full"))  # a full moon that is not particularly bright: still dark
    assert scene.rules["light"] == "darkness"
    assert "La lune : Pleine lune." in scene.status


def test_a_blinded_character_is_said_to_attack_with_disadvantage(services, monkeypatch):
    scene, driver = table(services, "light", ("Aria",))
    scene.act(a.SetTimeOfDay(hour=23, minute=0))  # darkness, no darkvision: blinded
    assert services.ui.t("rnp.blinded_attacks") in painted(scene, driver, monkeypatch)
    scene.act(a.SetTimeOfDay(hour=12, minute=0))
    assert services.ui.t("rnp.blinded_attacks") not in painted(scene, driver, monkeypatch)


# -- R-RNP-HIDE-1 (revised): when hiding stops holding, the table offers the creatures' search ----------------
def test_dawn_over_a_character_hidden_in_the_dark_offers_the_creatures_search(services):
    scene, driver = table(services, "hide", ())
    scene.act(a.AddCharacter(name="Jamba", scores={"dex": 14}, skills=["stealth"]))
    scene.act(a.SetTimeOfDay(hour=22, minute=0))
    watcher = a.Watcher(name="gobelin", passive_perception=12, perception_bonus=2)
    for _ in range(40):  # until the table's dice hide Jamba
        scene.act(a.Hide(character="Jamba", condition="darkness", light="darkness", watchers=[watcher]))
        if scene.rules["party"]["Jamba"]["hidden"]:
            break
    assert scene.rules["party"]["Jamba"]["hidden"]
    assert widget(scene, "search").style == "normal"
    scene.act(a.AdvanceTo(to="dawn"))
    assert scene.rules["party"]["Jamba"]["search_offered"]
    search = widget(scene, "search")
    assert search.style == "primary" and search.enabled
    assert not widget(scene, "conditions_lost").enabled  # already lost: said why
    scene.panel.pane.reveal(search)  # under "Hide": the panel scrolls to it
    driver.send(frames=1)
    driver.click(search)
    overlay = driver.top
    assert isinstance(overlay, DiceRollScene) and overlay.groups[0].label == "gobelin — Perception"
    overlay.skip()
    overlay.close()
    driver.send(frames=1)
    assert scene.rules["result"]["do"] == "search"
    assert not scene.rules["party"]["Jamba"]["search_offered"]  # the search is made, hidden or not


def test_the_game_master_says_cover_is_lost_and_the_search_is_offered(services):
    scene, driver = table(services, "hide", ())
    scene.act(a.AddCharacter(name="Jamba", scores={"dex": 14}, skills=["stealth"]))
    watcher = a.Watcher(name="gobelin", passive_perception=5, perception_bonus=2)
    scene.act(a.Hide(character="Jamba", condition="cover", watchers=[watcher]))
    assert scene.rules["party"]["Jamba"]["hidden"]
    scene.panel.pane.reveal(widget(scene, "conditions_lost"))
    driver.send(frames=1)
    driver.click(widget(scene, "conditions_lost"))
    assert scene.rules["party"]["Jamba"]["search_offered"] and widget(scene, "search").style == "primary"
    assert "les créatures peuvent chercher" in scene.status


# -- issue 31 item 12: the clock's timers and the breaths in one list, sorted by what runs out first -------------
def test_timers_and_breaths_sort_by_what_runs_out_first_on_both_tabs(services):
    scene, driver = table(services, "timers", ("Aria",))
    scene.act(a.AddTimer(label="Torche", amount=1, scale="hour"))
    scene.act(a.AddTimer(label="Repos", amount=8, scale="hour"))
    scene.act(a.HoldBreath(character="Aria", timer=True))  # CON 10: 1 min, then 1 round: 66 s
    scene.act(a.AddTimer(label="Sablier", amount=10, scale="minute"))
    labels = lambda view: [t["label"] if t["kind"] != "breath" else "souffle" for t in view.timers]  # noqa: E731
    assert labels(scene.panel.shown()) == ["Torche", "Repos", "souffle", "Sablier"]  # as started
    driver.click(widget(scene, "order:soonest"))
    assert widget(scene, "order:soonest").chosen
    assert labels(scene.panel.shown()) == ["souffle", "Sablier", "Torche", "Repos"]
    scene.act(a.Advance(amount=2, scale="minute"))  # the breath is out: a warning, still first
    assert labels(scene.panel.shown())[0] == "souffle"
    driver.click(widget(scene, "chrome:tab:clock"))
    assert labels(scene.panel.shown())[:2] == ["souffle", "Sablier"]


PLACES = ("York", "Kent", "Bath", "Wells", "Ely", "Derby", "Leeds", "Hull", "Ripon", "Truro")
ALIKE = tuple(f"Sir Reginald Fitzwilliam of {place} {n}" for n in (1, 2) for place in PLACES)  # twenty


@pytest.mark.parametrize("tab", ["party", "travel", "jump", "fall", "breath", "food", "hide"])
def test_twenty_names_alike_but_for_their_end_stay_apart_on_the_960_page(services, monkeypatch, tab):
    # breaker: at 960×540 the who and watchers rows shortened twenty such names to the same "Sir Reginald…".
    from game.scenes.rnp_table import pen as pen_module
    from game.ui import button as button_module

    scene, driver = table(services, tab, ALIKE)
    driver.send(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    scene.layout((960, 540))
    first = scene.panel_named_all().get(f"who:{ALIKE[0]}")
    if first is not None and getattr(scene.panel, "pane", None) is not None:
        scene.panel.pane.reveal(first)  # the travellers sit under the form: scrolled into view
    said: list[str] = []
    for module in (button_module, pen_module):
        real = module.blit_text

        def record(surface, text, *args, _real=real, **options):
            said.append(text)
            return _real(surface, text, *args, **options)

        monkeypatch.setattr(module, "blit_text", record)
    scene.draw(pygame.Surface((960, 540)))
    drawn = {text for text in said if text.startswith("Sir")}
    assert drawn
    for text in drawn:  # whole, or shortened so that it still names one of them, and only one
        head, _, tail = text.partition("…")
        assert len([name for name in ALIKE if name.startswith(head) and name.endswith(tail)]) == 1, text

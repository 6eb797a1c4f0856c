"""The Adventure Sheet driven by clicks and keys: what it does is what the rules say."""

import pygame
import pytest
from app_helpers import Driver, make_adventure, make_services

from game.rules.dice import ScriptedDice
from game.rules.session import Session, Start
from game.scenes.sheet.scene import SheetScene
from game.ui import fonts


@pytest.fixture
def services(tmp_path):
    return make_services(tmp_path)


def sheet(services, book_id="DF31", dice=(), **kwargs):
    adventure = make_adventure(services, book_id, dice, **kwargs)
    return Driver(SheetScene(services, adventure)), adventure


def test_plus_on_stamina_regains_one_point_up_to_the_initial_score_R_CAP_1(services):
    driver, adventure = sheet(services)
    adventure.act({"do": "change", "stat": "stamina", "by": -3})
    driver.top.sync()
    driver.click(driver.top.controls.hero.stat_counters["stamina"].plus_rect())
    assert adventure.state.hero.scores["stamina"] == 18
    assert adventure.session.entries[-1].action == {"do": "change", "stat": "stamina", "by": 1}


def test_plus_is_disabled_at_the_initial_score(services):
    driver, adventure = sheet(services)
    driver.click(driver.top.controls.hero.stat_counters["stamina"].plus_rect())
    assert adventure.state.hero.scores["stamina"] == 20 and len(adventure.session.entries) == 0


def test_test_luck_rolls_through_the_rules_and_shows_the_dice(services):
    driver, adventure = sheet(services, dice=[2, 3])
    driver.click(driver.top.controls.hero.luck_button)
    assert type(driver.top).__name__ == "DiceRollScene"
    assert driver.top.groups[0].faces == (2, 3)
    driver.close_dice()
    assert isinstance(driver.top, SheetScene)
    assert adventure.state.last == "lucky" and adventure.state.hero.scores["luck"] == 8


def test_physical_dice_are_asked_then_used_for_the_test(tmp_path):
    services = make_services(tmp_path, physical_dice=True)
    driver, adventure = sheet(services, dice=[6, 6])
    driver.click(driver.top.controls.hero.skill_button)
    entry = driver.top
    assert type(entry).__name__ == "DiceEntryScene" and entry.sides == [6, 6]
    driver.click(entry.pip_buttons[0][2])
    driver.click(entry.pip_buttons[1][3])
    driver.click(entry.ok)
    assert adventure.session.entries[-1].dice == [3, 4]
    assert adventure.state.last == "success"


def test_the_same_actions_through_the_sheet_and_the_session_give_the_same_state(services):
    driver, adventure = sheet(services, book_id="DF49", dice=[1, 1, 5, 6])
    driver.click(driver.top.controls.backpack.counter_widgets["herbs"].plus_rect())
    driver.click(driver.top.controls.hero.stat_counters["stamina"].minus_rect())
    driver.click(driver.top.controls.backpack.use_buttons["herbs"])
    driver.click(driver.top.controls.hero.luck_button)
    driver.close_dice()
    driver.click(driver.top.controls.hero.skill_button)
    driver.close_dice()
    direct = Session(adventure.book, ScriptedDice([1, 1, 5, 6]), Start(hero={"skill": 10, "stamina": 20, "luck": 9}))
    for action in (
        {"do": "counter", "name": "herbs", "by": 1},
        {"do": "change", "stat": "stamina", "by": -1},
        {"do": "herb"},
        {"do": "test_luck"},
        {"do": "test_skill"},
    ):
        direct.apply(action)
    assert adventure.state == direct.state


def test_a_refused_action_is_disabled_with_the_reason_as_tooltip(services):
    driver, adventure = sheet(services)
    adventure.act({"do": "fight", "enemies": [{"name": "Rat", "skill": 5, "stamina": 4}]})
    driver.top.sync()
    eat = driver.top.controls.backpack.use_buttons["provisions"]
    assert not eat.enabled and "combat" in eat.tooltip_text().lower()
    driver.click(eat)
    assert adventure.state.counters["provisions"] == 4


def test_ctrl_z_undoes_and_ctrl_y_redoes(services):
    driver, adventure = sheet(services)
    driver.click(driver.top.controls.hero.stat_counters["luck"].minus_rect())
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert adventure.state.hero.scores["luck"] == 9
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    assert adventure.state.hero.scores["luck"] == 8


def test_ctrl_y_on_a_redo_whose_dice_no_longer_fit_says_why_and_the_sheet_stays(services):
    """A save's redo list, edited by hand or left by another edition of the book, is not replayed when read."""
    driver, adventure = sheet(services, dice=[1, 2])
    adventure.act({"do": "test_luck"})
    adventure.undo()
    log = adventure.session.to_log()
    log["redo"][0]["dice"] = []
    adventure.session = Session.from_log(adventure.book, log)
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    assert isinstance(driver.top, SheetScene) and adventure.session.can_redo and not adventure.session.entries
    assert driver.top.message.startswith("Cette action ne peut plus être refaite")


def test_typing_a_paragraph_and_enter_goes_there_and_keeps_the_history(services):
    driver, adventure = sheet(services)
    for number in ("12", "345"):
        driver.click(driver.top.controls.paragraph.paragraph_field)
        driver.type(number)
        driver.key(pygame.K_RETURN)
    assert adventure.state.paragraph == 345 and adventure.state.paragraph_history == (12,)
    driver.click(driver.top.controls.paragraph.history_buttons[0])
    assert adventure.state.paragraph == 12


def test_equipment_is_added_and_removed(services):
    driver, adventure = sheet(services)
    driver.click(driver.top.controls.backpack.item_field)
    driver.type("Corde")
    driver.click(driver.top.controls.backpack.add_item_button)
    assert adventure.state.equipment[-1] == "Corde"
    driver.top.controls.backpack.equipment.select(len(adventure.state.equipment) - 1)
    driver.top.sync()
    driver.click(driver.top.controls.backpack.remove_item_button)
    assert "Corde" not in adventure.state.equipment


def test_notes_are_written_when_the_player_leaves_them(services):
    driver, adventure = sheet(services)
    driver.click(driver.top.controls.side.tab_buttons["notes"])
    driver.click(driver.top.controls.side.notes)
    driver.type("La clé est sous la pierre.")
    driver.click(driver.top.controls.side.tab_buttons["journal"])
    assert adventure.state.notes == "La clé est sous la pierre."


def test_ticking_a_day_shows_tonnerdi_first_R_TIME_1(services):
    driver, adventure = sheet(services, book_id="DF49")
    driver.click(driver.top.controls.backpack.tick_button)
    assert adventure.state.calendar.ticked == 1 and "Tonnerdi" in driver.top.message


def test_what_the_book_does_not_use_is_not_shown(services):
    df31, _ = sheet(services, "DF31")
    df64, _ = sheet(services, "DF64")
    assert "arrows" not in df31.top.controls.backpack.counter_widgets and "calendar" not in df31.top.regions.side.tabs
    assert "provisions" not in df64.top.controls.backpack.counter_widgets and "willpower" in df64.top.controls.hero.stat_counters


def test_the_eraser_corrects_initial_and_current_scores(services):
    driver, adventure = sheet(services)
    driver.click(driver.top.controls.hero.stat_erasers["skill"])
    form = driver.top
    form.fields["initial"].text = "11"
    form.fields["current"].text = "11"
    driver.click(form.ok_button)
    hero = adventure.state.hero
    assert (hero.scores["skill"], hero.initial["skill"]) == (11, 11)


def test_the_eraser_refuses_an_impossible_value_and_changes_nothing(services):
    driver, adventure = sheet(services)
    driver.click(driver.top.controls.hero.stat_erasers["luck"])
    form = driver.top
    form.fields["current"].text = "15"
    driver.click(form.ok_button)
    assert form.problem and adventure.state.hero.scores["luck"] == 9 and not adventure.session.entries


def test_a_creature_box_is_written_from_the_form_R_ENCOUNTER_1(services):
    driver, adventure = sheet(services)
    driver.click(driver.top.controls.side.creature_add)
    form = driver.top
    for key, text in (("name", "Homme-Lézard"), ("skill", "8"), ("stamina", "7"), ("notes", "Queue fouettante")):
        form.fields[key].text = text
    driver.click(form.ok_button)
    box = adventure.state.creature_boxes[0]
    assert (box.name, box.skill, box.stamina, box.notes) == ("Homme-Lézard", 8, 7, "Queue fouettante")


def test_losing_all_stamina_leads_to_the_death_page(services):
    driver, adventure = sheet(services)
    adventure.act({"do": "change", "stat": "stamina", "by": -19})
    driver.top.sync()
    driver.click(driver.top.controls.hero.stat_counters["stamina"].minus_rect())
    assert type(driver.top).__name__ == "DeathScene"


def test_every_action_is_saved_and_reloads_exactly(services):
    driver, adventure = sheet(services, dice=[3, 3])
    driver.click(driver.top.controls.hero.luck_button)
    driver.close_dice()
    _, loaded = services.saves.load(adventure.save_id, services.shelf.books)
    assert loaded.state == adventure.state


@pytest.mark.parametrize("window", [(1280, 720), (1920, 1080), (1000, 800)])
@pytest.mark.parametrize("book_id", ["DF31", "DF49", "DF64"])
def test_the_sheet_renders_at_every_window_size(services, window, book_id):
    driver, _ = sheet(services, book_id)
    driver = Driver(SheetScene(services, driver.top.adventure), window=window)
    driver.send(frames=1)
    assert driver.loop.frames_drawn >= 1


@pytest.mark.parametrize("language", ["fr", "en"])
def test_button_labels_fit_without_shrinking_much(services, language):
    services.ui.catalogue.set_language(language)
    driver, _ = sheet(services, "DF49")
    scene = driver.top
    for widget in scene.group.widgets:
        label = getattr(widget, "label", None)
        if isinstance(label, str) or callable(label):
            text = scene.ui.text(label)
            if not text:
                continue  # an icon alone (the pencils): no words to fit
            face = "bold" if getattr(widget, "style", "") == "primary" else "body"
            icon = 36 if getattr(widget, "icon", None) else 0
            assert fonts.text_width(text, face, 17) <= widget.rect.width - 14 - icon, text


@pytest.mark.parametrize(
    "error, advice",
    [
        (PermissionError(13, "Permission denied", "/saves/a1.json"), "sheet.save_hint_permission"),
        (OSError(28, "No space left on device", "/saves/a1.json"), "sheet.save_hint_space"),
    ],
)
def test_a_failed_save_gives_the_advice_that_fits_the_error(services, monkeypatch, error, advice):
    driver, adventure = sheet(services)

    def refuse(*args, **kwargs):
        raise error

    monkeypatch.setattr(adventure.store, "write", refuse)
    driver.click(driver.top.controls.hero.stat_counters["stamina"].minus_rect())
    text = driver.top.save_failed_text()
    assert services.ui.t(advice) in text and "a1.json" in text
    assert error.strerror not in text  # the reason in the player's language, not the OS's English (issue 30 item 15)
    if advice == "sheet.save_hint_permission":
        assert services.ui.t("sheet.save_hint_space") not in text  # no "free some space" for a locked folder


def test_a_counter_whose_maximum_the_book_computes_follows_the_state_on_the_sheet(services):
    """Book format 2 (issue 24): a gold purse of at most 10 × initial LUCK is worked out on the hero, not read raw."""
    from game.app.adventure import Adventure

    book = services.shelf.books["DF31"]
    counters = [c.model_copy(update={"maximum": "10 * initial.luck"}) if c.id == "gold" else c for c in book.counters]
    book = book.model_copy(update={"counters": counters})
    start = Start(hero={"skill": 10, "stamina": 20, "luck": 9}, language=services.language)
    adventure = Adventure.start(Session(book, ScriptedDice([]), start), services.saves)
    driver = Driver(SheetScene(services, adventure))
    gold = driver.top.controls.backpack.counter_widgets["gold"]
    assert gold.maximum == 90
    adventure.act({"do": "set_score", "stat": "luck", "value": 7, "initial": True})
    driver.send()
    assert gold.maximum == 70


# -- issue 30 item 7: a defeated creature box
def _fight_the_rat_from_its_box(services):
    from game.rules.ff import actions as a

    driver, adventure = sheet(services, dice=[1, 1, 6, 6] * 3)
    adventure.act(a.AddCreature(name="Rat", skill=5, stamina=2))
    driver.top.show_tab("creatures")
    driver.send()
    driver.top.controls.side.creature_list.select(0)
    driver.top.selection_changed()
    driver.click(driver.top.controls.side.creature_fight)
    driver.click(driver.top.controls.fight_button)  # the setup, the rat ticked
    board = driver.top
    driver.pause_then_click(board.controls.attack_button)
    driver.pause_then_click(board.controls.accept_button)  # the rat falls (2 − 2)
    assert not adventure.state.fight.active
    driver.pause_then_click(board.controls.finish_button)
    assert isinstance(driver.top, SheetScene) and adventure.state.creature_boxes[0].stamina == 0
    return driver, adventure


def test_a_creature_box_that_fell_in_the_fight_is_no_longer_the_one_chosen(services):
    driver, _ = _fight_the_rat_from_its_box(services)
    side = driver.top.controls.side
    assert side.creature_list.selected is None
    assert not side.creature_fight.enabled


def test_fight_the_chosen_creature_is_greyed_with_the_reason_when_it_is_defeated(services):
    driver, _ = _fight_the_rat_from_its_box(services)
    side = driver.top.controls.side
    side.creature_list.select(0)  # chosen again (to edit or remove it)
    driver.top.selection_changed()
    assert not side.creature_fight.enabled
    assert services.ui.text(side.creature_fight.disabled_reason) == "Rien à combattre : Rat est à 0 en ENDURANCE"
    assert side.creature_edit.enabled and side.creature_remove.enabled


# -- issue 30 item 8: the week's day boxes
def _week(services):
    book = next(book for book in services.shelf.books.values() if getattr(book, "calendar", None))
    driver, adventure = sheet(services, book_id=book.id)
    driver.top.show_tab("calendar")
    driver.send()
    return driver, adventure, book


def test_a_click_on_the_next_day_box_ticks_that_day(services):
    driver, adventure, book = _week(services)
    boxes = driver.top.regions.side.day_boxes
    first = book.calendar.first_tick
    driver.click(boxes[first])
    assert adventure.state.calendar.ticked == 1
    driver.click(boxes[(first + 1) % len(boxes)])
    assert adventure.state.calendar.ticked == 2
    assert adventure.session.entries[-1].action == {"do": "tick_day"}


def test_a_click_on_another_day_box_says_which_day_is_next(services):
    driver, adventure, book = _week(services)
    boxes, days = driver.top.regions.side.day_boxes, driver.top.view.calendar.days
    first = book.calendar.first_tick
    driver.click(boxes[(first + 2) % len(boxes)])
    assert adventure.state.calendar.ticked == 0
    assert driver.top.message == f"Les jours se cochent dans l'ordre : le prochain est {days[first]}"
    driver.click(boxes[first])
    driver.click(boxes[first])  # already crossed
    assert adventure.state.calendar.ticked == 1
    assert driver.top.message.startswith(f"{days[first]} est déjà coché")


# -- issue 30 item 11: every potion says what it changed
def test_a_potion_of_fortune_says_luck_and_initial_luck_old_to_new(services):
    driver, adventure = sheet(services, book_id="FF1", hero={"skill": 10, "stamina": 20, "luck": 10})
    adventure.act({"do": "counter", "name": "potion_luck", "by": 1})
    driver.top.sync()
    driver.click(driver.top.controls.backpack.use_buttons["potion_luck"])
    assert adventure.state.hero.scores["luck"] == 11 and adventure.state.hero.initial["luck"] == 11
    assert driver.top.message == "Potion bue : +1 CHANCE (10 → 11), CHANCE de départ 10 → 11."


def test_every_potion_kind_says_the_score_it_raised_old_to_new(services):
    driver, adventure = sheet(services, book_id="FF1", hero={"skill": 10, "stamina": 20, "luck": 10})
    adventure.act({"do": "change", "stat": "stamina", "by": -5})
    adventure.act({"do": "counter", "name": "potion_stamina", "by": 1})
    driver.top.sync()
    driver.click(driver.top.controls.backpack.use_buttons["potion_stamina"])
    assert driver.top.message == "Potion bue : +5 ENDURANCE (15 → 20)."


# -- issue 30 item 9: the journal names the creature, whole, at one size
def test_the_journal_names_the_creature_the_hero_wounded_or_was_wounded_by(services):
    from game.rules.ff import actions as a

    driver, adventure = sheet(services, dice=[1, 1, 6, 6, 6, 6, 1, 1])
    adventure.act(a.StartFight(enemies=[a.EnemySpec(name="Aile Noire", skill=5, stamina=9)]))
    adventure.act(a.AttackRound())
    adventure.act(a.NoLuck())
    adventure.act(a.AttackRound())
    driver.top.show_tab("journal")
    driver.send()
    rows = driver.top.controls.side.journal.items
    assert any(row.endswith("vous blessez Aile Noire") for row in rows)
    assert any(row.endswith("Aile Noire vous blesse") for row in rows)
    assert not any("la créature" in row for row in rows)
    assert driver.top.controls.side.journal.wrap  # a long entry goes on over two lines, never cut nor set smaller


# -- issue 30 item 6: Escape in a fight shows the sheet, the fight in progress
def test_escape_in_a_fight_shows_the_sheet_and_the_fight_goes_on_where_it_was(services):
    from game.rules.ff import actions as a
    from game.scenes.combat.scene import CombatScene

    driver, adventure = sheet(services, dice=[1, 1, 6, 6, 3, 3, 3, 3])
    adventure.act(a.StartFight(enemies=[a.EnemySpec(name="Orque", skill=5, stamina=9)]))
    driver.top.sync()
    driver.click(driver.top.controls.top["fight"])  # "Au combat !"
    board = driver.top
    assert isinstance(board, CombatScene)
    driver.pause_then_click(board.controls.attack_button)
    driver.pause()
    assert board.controls.sheet_button.visible
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, SheetScene)
    fight = adventure.state.fight
    assert fight.active and fight.pending[0].to == "creature"  # nothing ended: the wound waits for its decision
    assert services.ui.text(driver.top.controls.top["fight"].label) == "Au combat !"
    driver.click(driver.top.controls.top["fight"])
    back = driver.top
    assert isinstance(back, CombatScene) and back.controls.accept_button.visible  # the wound still waits
    driver.pause_then_click(back.controls.accept_button)
    assert adventure.session.entries[-1].action["do"] == "no_luck" and adventure.state.fight.enemies[0].stamina == 7


def test_the_tools_spell_list_takes_the_room_the_tab_has_in_whole_rows(services):
    # Issue 30 item 13: FF2's Tools tab showed five spells in a small box above an empty half panel.
    from game.scenes.sheet.layout import END_LINE, LAST_ROLL, SPELL_ROW

    book = services.shelf.books["FF2"]
    driver, _ = sheet(services, book_id="FF2", hero={"skill": 10, "stamina": 20, "luck": 9, "magic": 10})
    tools = driver.top.regions.side.tools
    rows = tools.spells.height // SPELL_ROW
    assert tools.spells.height == rows * SPELL_ROW  # whole rows, no half row peeking
    assert 5 < rows <= len(book.spells)
    kept = LAST_ROLL + 2 * END_LINE  # the last roll and the end condition ("ENDURANCE ≤ 0" under its heading)
    assert tools.area.bottom - tools.after_tray_y >= kept
    assert tools.area.bottom - tools.after_tray_y < kept + SPELL_ROW + 8 or rows == len(book.spells)  # no room wasted


def test_fast_clicks_on_to_the_fight_open_one_board(services):
    # Found breaking issue 30 item 6: three clicks in one frame on "Au combat !" stacked three boards.
    from game.rules.ff import actions as a
    from game.scenes.combat.scene import CombatScene

    driver, adventure = sheet(services, dice=[3] * 8)
    adventure.act(a.StartFight(enemies=[a.EnemySpec(name="Orque", skill=5, stamina=9)]))
    driver.top.sync()
    pos = driver.to_window(driver.top.controls.top["fight"].rect.center)
    press = [pygame.event.Event(kind, pos=pos, button=1) for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)]
    driver.send(*(press * 3))
    assert [type(scene) for scene in driver.stack.scenes] == [SheetScene, CombatScene]


def _wizard_at(services, stamina):
    """A SOR1 wizard (R-CAST-3: ZAP costs 4 STAMINA) on the Tools tab with ZAP chosen."""
    adventure = make_adventure(services, "SOR1", hero={"skill": 10, "stamina": stamina, "luck": 9})
    adventure.act({"do": "choose", "step": "path", "picks": ["wizard"]})
    driver = Driver(SheetScene(services, adventure))
    sheet = driver.top
    sheet.show_tab("tools")
    sheet.controls.side.tools.spells.select(next(i for i, s in enumerate(sheet.book.spells) if s.id == "zap"))
    return driver, sheet


def test_a_spell_that_costs_the_stamina_left_asks_before_it_kills_the_caster(services):
    """Issue 31 item 9: at 4 STAMINA ZAP is accepted and kills the caster (case sor1-R-CAST-3), so the sheet asks."""
    driver, sheet = _wizard_at(services, 4)
    sheet.cast_spell()
    driver.loop.run_frames(1)
    assert type(driver.top).__name__ == "Dialog"
    driver.top.close(False)  # Cancel: nothing cast
    driver.loop.run_frames(1)
    assert sheet.adventure.state.hero.scores["stamina"] == 4
    assert all(e.action.get("do") != "cast" for e in sheet.adventure.session.entries)


def test_casting_the_deadly_spell_anyway_kills_the_caster(services):
    driver, sheet = _wizard_at(services, 4)
    sheet.cast_spell()
    driver.loop.run_frames(1)
    driver.top.close(True)
    driver.loop.run_frames(3)
    assert any(e.action.get("do") == "cast" for e in sheet.adventure.session.entries)
    assert not sheet.adventure.state.hero.alive


def test_a_spell_that_leaves_the_caster_standing_is_cast_without_a_question(services):
    from game.scenes.sheet.heal import would_kill
    from game.scenes.sheet.show import cast_action

    driver, sheet = _wizard_at(services, 10)
    selected = sheet.controls.side.tools.spells.selected
    assert not would_kill(sheet.adventure.session, cast_action(sheet.book, sheet.adventure.state, selected))
    sheet.cast_spell()
    driver.loop.run_frames(1)
    assert type(driver.top).__name__ != "Dialog"


def test_an_eraser_refused_halfway_writes_nothing_and_leaves_the_redo_list_as_it_was(services):
    """All or nothing: the initial score the form accepted is not left waiting on the redo list (Ctrl+Y would
    write half of a correction the sheet refused), and the player's own undone action can still be redone."""
    driver, adventure = sheet(services)
    adventure.act({"do": "change", "stat": "luck", "by": -1})
    adventure.undo()
    redo = adventure.session.to_log()["redo"]
    driver.top.ask_score("skill")
    driver.send()
    form = driver.top
    form.fields["initial"].text, form.fields["current"].text = "5", "12"  # above the initial it writes: refused
    driver.click(form.ok_button)
    assert form.problem and not adventure.session.entries and adventure.session.to_log()["redo"] == redo
    assert adventure.state.hero.initial["skill"] == adventure.state.hero.scores["skill"] == 10
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    assert adventure.state.hero.scores["luck"] == 8 and adventure.state.hero.initial["skill"] == 10


def test_rename_then_remove_clicked_in_one_frame_renames_the_item_the_form_names(services):
    driver, adventure = sheet(services)
    for text in ("Corde", "Pelle"):
        adventure.act({"do": "add_item", "text": text})
    driver.top.sync()
    backpack = driver.top.controls.backpack
    backpack.equipment.select(len(adventure.state.equipment) - 2)  # la Corde
    driver.top.sync()
    driver.send(*_double_click(driver, backpack.rename_item_button), *_double_click(driver, backpack.remove_item_button))
    form = driver.top
    assert not isinstance(form, SheetScene) and adventure.state.equipment[-2:] == ["Corde", "Pelle"]
    form.fields["name"].text = "Hache"
    driver.click(form.ok_button)
    assert adventure.state.equipment[-2:] == ["Hache", "Pelle"]


# -- fast double presses on an overlay: one answer, nothing pressed below (found after issue 30)
def _double_click(driver, target):
    window = driver.to_window(target.rect.center)
    press, release = (pygame.event.Event(kind, pos=window, button=1) for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP))
    return press, release


def test_a_double_click_on_the_number_entry_ok_writes_the_score_once(services):
    driver, adventure = sheet(services)
    driver.top.ask_score("skill")
    driver.send()
    form = driver.top
    field = form.fields[next(iter(form.fields))]
    field.text = "7"
    driver.send(*_double_click(driver, form.ok_button), *_double_click(driver, form.ok_button))  # both clicks in one frame
    assert isinstance(driver.top, SheetScene)
    assert [entry.action["do"] for entry in adventure.session.entries].count("set_score") == 1
    assert adventure.state.hero.scores["skill"] == 7


def test_enter_pressed_twice_on_the_number_entry_answers_once_and_presses_nothing_below(services):
    driver, adventure = sheet(services)
    eraser = driver.top.controls.hero.stat_erasers["skill"]
    driver.top.group.focus.focus(eraser)  # a keyboard player: the eraser in hand, Enter opens the form
    driver.key(pygame.K_RETURN)
    form = driver.top
    assert not isinstance(form, SheetScene)
    form.fields[next(iter(form.fields))].text = "7"
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_RETURN)  # two frames later: the form has gone, the eraser is in hand again
    assert isinstance(driver.top, SheetScene)  # the second Enter did not open the form again
    assert len(adventure.session.entries) == 1


def test_a_double_click_on_the_physical_dice_ok_is_one_roll(tmp_path):
    services = make_services(tmp_path, physical_dice=True)
    driver, adventure = sheet(services, dice=[6, 6, 6, 6])
    driver.click(driver.top.controls.hero.skill_button)
    entry = driver.top
    driver.click(entry.pip_buttons[0][2])
    driver.click(entry.pip_buttons[1][3])
    driver.send(*_double_click(driver, entry.ok), *_double_click(driver, entry.ok))
    assert len(adventure.session.entries) == 1 and adventure.session.entries[-1].dice == [3, 4]


def _board_over_the_sheet(services):
    """A fight's board opened from the sheet ("Au combat !"), the sheet under it with nothing in hand."""
    from game.rules.ff import actions as a
    from game.scenes.combat.scene import CombatScene

    driver, adventure = sheet(services)
    adventure.act(a.StartFight(enemies=[a.EnemySpec(name="Orque", skill=5, stamina=9)]))
    driver.top.sync()
    sheet_scene = driver.top
    driver.click(driver.top.controls.top["fight"])
    assert isinstance(driver.top, CombatScene)
    driver.pause()
    sheet_scene.group.focus.focus(None)  # nothing in hand on the sheet: its Escape goes to the shelf
    return driver, adventure


def test_two_quick_escapes_close_the_fight_board_and_leave_the_sheet_open(services):
    driver, adventure = _board_over_the_sheet(services)
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)  # 2 frames later, as fast as a player presses twice
    assert isinstance(driver.top, SheetScene) and adventure.state.fight.active
    for _ in range(2):  # new gestures after a pause: Escape on the sheet leaves the control in hand, then the sheet
        driver.pause()
        driver.key(pygame.K_ESCAPE)
    assert not isinstance(driver.top, SheetScene)


def test_a_held_escape_closes_one_screen(services):
    from game.scenes.combat.scene import CombatScene

    driver, _ = _board_over_the_sheet(services)
    for _ in range(40):  # the key repeat (every 35 ms after 400 ms): about two seconds held
        driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, SheetScene) and not isinstance(driver.top, CombatScene)

"""Issue 15: the journal as a timeline, the story of every run, a sheet to share."""

import json

import pygame
import pytest
from app_helpers import Driver, make_services

from game.app.adventure import Adventure
from game.app.chronicle import book_chronicle, book_runs, keep_before_delete, keep_run, layout, run_record
from game.app.dialog import Dialog
from game.app.export import journal_markdown
from game.app.journal import describe_entry
from game.app.timeline import rows
from game.rules.dice import ScriptedDice
from game.rules.session import Session, Start
from game.scenes.chronicles import ChroniclesScene
from game.scenes.common.sheet_card import CARD_SIZE
from game.scenes.share import ShareScene
from game.scenes.sheet.scene import SheetScene
from game.scenes.timeline import TimelineScene

HERO = {"skill": 10, "stamina": 20, "luck": 9}


@pytest.fixture
def services(tmp_path):
    services = make_services(tmp_path)
    services.exports_dir = tmp_path / "exports"
    return services


def adventure_of(services, dice=(), play="bookmark", book_id="DF31", book=None):
    book = book or services.shelf.books[book_id]
    session = Session(book, ScriptedDice(list(dice)), Start(hero=dict(HERO), language=services.language, play=play))
    return Adventure.start(session, services.saves)


def play_a_little(adventure):
    for action in (
        {"do": "name_hero", "name": "Brenna"},
        {"do": "paragraph", "number": 1},
        {"do": "test_luck"},
        {"do": "paragraph", "number": 48},
        {"do": "fight", "enemies": [{"name": "Orc", "skill": 5, "stamina": 2}]},
        {"do": "round"},
        {"do": "counter", "name": "gold", "by": 3},
    ):
        result = adventure.act(action)
        assert not hasattr(result, "code"), result


DICE = [2, 3, 1, 1, 6, 6]  # Luck 2+3 lucky; the Orc rolls 5+2=7, the hero 10+12=22: the Orc dies


# -- a sheet to share ------------------------------------------------------------------------------
def test_an_honest_adventure_exported_deleted_and_imported_replays_to_the_same_sheet(services):
    adventure = adventure_of(services, DICE, play="honest")
    play_a_little(adventure)
    share = ShareScene(services, adventure)
    share.export("run")
    exported = share.target("run")
    before = adventure.state.model_dump()
    services.saves.delete(adventure.save_id)
    assert not services.saves.path(adventure.save_id).exists()
    new_id = services.saves.import_file(exported, services.shelf.books)
    _save, session = services.saves.load(new_id, services.shelf.books)
    assert session.play == "honest" and session.state.model_dump() == before
    assert [e.dice for e in session.entries] == [e.dice for e in adventure.session.entries]
    assert session.undo_refusal() is None  # the gold was typed: correctable; the rolls stay
    session.undo()
    assert session.undo_refusal().code == "honest_dice"


def test_the_run_file_carries_the_play_mode_and_every_die(services):
    adventure = adventure_of(services, DICE, play="honest")
    play_a_little(adventure)
    share = ShareScene(services, adventure)
    share.export("run")
    data = json.loads(share.target("run").read_text(encoding="utf-8"))
    assert data["log"]["start"]["play"] == "honest"
    assert [e["dice"] for e in data["log"]["entries"] if e["dice"]] == [[2, 3], [1, 1, 6, 6]]


def test_the_journal_exports_as_markdown_with_paragraph_dice_and_consequences(services):
    adventure = adventure_of(services, DICE)
    play_a_little(adventure)
    text = journal_markdown(services.ui, adventure)
    assert "| 3 | 1 | Tenter sa Chance — dés 2·3 — Chanceux | CHANCE 9 → 8 |" in text
    assert "Marque-page" in text and "Orc : ENDURANCE 2 → 0" in text


def test_the_sheet_exports_as_a_one_page_png(services):
    adventure = adventure_of(services, DICE)
    play_a_little(adventure)
    driver = Driver(SheetScene(services, adventure))
    driver.top.show_tab("journal")
    driver.click(driver.top.controls.side.journal_buttons[2])
    share = driver.top
    assert isinstance(share, ShareScene)
    driver.click(share.buttons["png"])
    picture = pygame.image.load(str(share.target("png")))
    assert picture.get_size() == CARD_SIZE and str(share.target("png")) in share.result


def test_an_export_that_cannot_be_written_says_why(services, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    services.exports_dir = blocker
    share = ShareScene(services, adventure_of(services))
    share.export("markdown")
    assert share.bad and "not-a-folder" in share.result


# -- the timeline -------------------------------------------------------------------------------------
def test_timeline_rows_carry_paragraph_dice_and_consequences(services):
    adventure = adventure_of(services, DICE)
    play_a_little(adventure)
    found = rows(adventure.session)
    luck = found[2]
    assert luck.paragraph == 1 and luck.entry.dice == [2, 3] and luck.category == "tests"
    assert [(c.ident, c.before, c.after) for c in luck.changes] == [("luck", 9, 8)]
    assert [r.category for r in found if r.category == "fights"] == ["fights", "fights"]


def test_timeline_filters_keep_only_fights(services):
    adventure = adventure_of(services, DICE)
    play_a_little(adventure)
    driver = Driver(TimelineScene(services, adventure))
    driver.click(driver.top.filter_buttons["fights"])
    assert [r.entry.action["do"] for r in driver.top.shown] == ["round", "fight"]
    driver.click(driver.top.filter_buttons["resources"])
    assert [r.entry.action["do"] for r in driver.top.shown] == ["counter"]


def test_back_here_previews_what_it_reverts_then_goes_back_with_the_mouse(services):
    adventure = adventure_of(services, DICE)
    play_a_little(adventure)
    driver = Driver(TimelineScene(services, adventure))
    timeline = driver.top
    target = next(i for i, r in enumerate(timeline.shown) if r.entry.action.get("number") == 48)
    timeline.list.select(target)
    timeline.sync()
    assert timeline.preview_lines(timeline.shown[target])[0] == describe_entry(
        services.ui, adventure.book, adventure.session.entries[-1]
    )
    driver.click(timeline.back_here)
    dialog = driver.top
    assert isinstance(dialog, Dialog) and "3" in services.ui.text(dialog.message)
    driver.click(dialog.buttons[1])
    assert adventure.state.paragraph == 48 and len(adventure.session.entries) == 4
    assert adventure.state.fight is None and adventure.session.can_redo


def test_honest_back_here_is_refused_across_a_roll_with_the_reason(services):
    adventure = adventure_of(services, DICE, play="honest")
    play_a_little(adventure)
    driver = Driver(TimelineScene(services, adventure))
    timeline = driver.top
    timeline.list.select(len(timeline.shown) - 1)  # the first entry: going back would undo the rolls
    timeline.sync()
    assert not timeline.back_here.enabled
    assert "intègre" in services.ui.text(timeline.back_here.disabled_reason).lower()


def test_a_reroll_is_marked_in_the_journal(services):
    adventure = adventure_of(services, [6, 6, 1, 1])
    adventure.act({"do": "test_luck"})
    adventure.undo()
    entry = adventure.act({"do": "test_luck"})
    assert entry.reroll == 1 and describe_entry(services.ui, adventure.book, entry).endswith("relancé (1)")


# -- the story of every run ----------------------------------------------------------------------------
def dead_run(services, road, name):
    adventure = adventure_of(services, [6, 6, 1, 1, 6, 6])
    adventure.act({"do": "name_hero", "name": name})
    for number in road:
        adventure.act({"do": "paragraph", "number": number})
    adventure.act({"do": "change", "stat": "stamina", "by": -19})
    adventure.act({"do": "fight", "enemies": [{"name": "Troll", "skill": 10, "stamina": 10}]})
    adventure.act({"do": "round"})
    adventure.act({"do": "luck"})
    return adventure


def test_a_run_record_keeps_outcome_road_and_fights(services):
    adventure = dead_run(services, (1, 12, 97), "Oswin")
    record = run_record(adventure.session, adventure.save_id)
    assert record.outcome == "died" and record.paragraph == 97 and record.cause == "Troll"
    assert record.paragraphs == (1, 12, 97)
    assert [(f.enemies, f.paragraph, f.winner) for f in record.fights] == [(("Troll",), 97, "enemies")]


def test_deaths_by_paragraph_deadliest_first_and_the_share_explored(services):
    book = services.shelf.books["DF31"].model_copy(update={"section_count": 400})
    runs = [
        run_record(dead_run(services, road, name).session, name)
        for road, name in (((1, 12, 97), "a"), ((1, 48, 97), "b"), ((1, 12), "c"))
    ]
    chronicle = book_chronicle(runs, book.section_count)
    assert chronicle.deaths == [(97, 2), (12, 1)]
    assert chronicle.nodes == [1, 12, 97, 48] and chronicle.explored == pytest.approx(4 / 400)
    assert chronicle.edges[(1, 12)] == 2 and layout(chronicle)[1] == (0, 0) and layout(chronicle)[97][0] == 2


def test_a_deleted_save_leaves_its_run_in_the_chronicles_as_abandoned(services):
    adventure = adventure_of(services)
    adventure.act({"do": "paragraph", "number": 7})
    keep_before_delete(services.saves, services.shelf.books, adventure.save_id)
    services.saves.delete(adventure.save_id)
    runs, problems = book_runs(services.saves, services.shelf.books, "DF31")
    assert not problems and [(r.outcome, r.paragraph) for r in runs] == [("abandoned", 7)]


def test_chronicles_mark_the_current_run_won_with_the_mouse(services):
    adventure = adventure_of(services)
    adventure.act({"do": "paragraph", "number": 400})
    driver = Driver(ChroniclesScene(services, adventure.book, current=adventure))
    driver.click(driver.top.mark_buttons["won"])
    runs, _problems = book_runs(services.saves, services.shelf.books, "DF31")
    assert [r.outcome for r in runs] == ["won"] and driver.top.chronicle.wins == 1


def test_the_map_stays_hidden_until_the_spoiler_switch_is_on(services):
    adventure = dead_run(services, (1, 12), "a")
    driver = Driver(ChroniclesScene(services, adventure.book, current=adventure))
    scene = driver.top
    assert not scene.spoiler.value
    driver.click(scene.spoiler)
    assert scene.spoiler.value and scene.chronicle.nodes == [1, 12]


def chronicles_with_file(services, text: str):
    """The chronicles of DF31 opened with ``text`` as its kept runs' file; the adventure and the screen."""
    adventure = adventure_of(services)
    folder = services.saves.root / "chronicles"
    folder.mkdir(parents=True)
    (folder / "DF31.json").write_text(text, encoding="utf-8")
    return adventure, Driver(ChroniclesScene(services, adventure.book)).top


def test_a_broken_chronicles_file_is_reported_and_the_screen_still_opens(services):
    adventure, scene = chronicles_with_file(services, "{not json")
    assert scene.problems and "DF31.json" in scene.problems[0]
    keep_run(services.saves, adventure.session, adventure.save_id, "now")  # rewrites a good file


def test_a_run_that_reaches_a_victory_ending_is_won(services):
    adventure = adventure_of(services, book_id="DEMO")
    adventure.act({"do": "paragraph", "number": 20})  # the demo's victory ending
    assert run_record(adventure.session, adventure.save_id).outcome == "won"


def test_a_death_by_a_book_condition_counts_as_died(services):
    adventure = adventure_of(services)
    adventure.act({"do": "die"})
    record = run_record(adventure.session, adventure.save_id, outcome="won")  # the player cannot undo death by saying so
    assert record.outcome == "died" and record.cause == "die"


def test_the_bookshelf_opens_the_chronicles_of_the_selected_adventures_book(services):
    from game.scenes.bookshelf.scene import BookshelfScene

    dead_run(services, (1, 12), "Oswin")
    driver = Driver(BookshelfScene(services))
    shelf = driver.top
    assert not shelf.controls.chronicles_button.enabled
    shelf.controls.saves_list.select(0)
    shelf.selection_changed()
    driver.click(shelf.controls.chronicles_button)
    scene = driver.top
    assert isinstance(scene, ChroniclesScene) and scene.book.id == "DF31" and not scene.mark_buttons
    assert [r.outcome for r in scene.chronicle.runs] == ["died"]


def test_chronicles_replay_a_save_only_when_it_changed(services, monkeypatch):
    adventure = dead_run(services, (1, 12), "Oswin")
    assert [r.outcome for r in book_runs(services.saves, services.shelf.books, "DF31")[0]] == ["died"]
    loads = []
    real_load = services.saves.load
    monkeypatch.setattr(services.saves, "load", lambda *args, **kw: loads.append(args) or real_load(*args, **kw))
    assert [r.paragraph for r in book_runs(services.saves, services.shelf.books, "DF31")[0]] == [12]
    assert loads == []  # unchanged since the last look: read from the cache
    adventure.undo()  # the save changes (a death by choice, undone)
    runs, _problems = book_runs(services.saves, services.shelf.books, "DF31")
    assert len(loads) == 1 and [r.outcome for r in runs] == ["playing"]


def test_the_timeline_reads_consequences_only_for_the_rows_it_shows(services):
    adventure = adventure_of(services)
    for number in range(1, 131):
        adventure.act({"do": "paragraph", "number": number})
    found = rows(adventure.session)
    consequences = found[0].consequences
    assert consequences._found == {}  # nothing replayed to list the rows
    assert found[-1].changes == ()  # a paragraph changes no score
    assert set(consequences._found) == set(range(100, 130))


def test_a_long_road_wraps_on_the_map(services):
    from game.app.chronicle import RunRecord

    run = RunRecord("r", "DF31", "Oswin", "bookmark", "playing", 30, paragraphs=tuple(range(1, 31)))
    place = layout(book_chronicle([run], 400), max_columns=12)
    assert place[1] == (0, 0) and place[12] == (11, 0) and place[13] == (0, 1) and place[30] == (5, 2)
    assert max(column for column, _row in place.values()) == 11


def test_the_shared_card_keeps_long_creature_names_and_many_boxes_inside_their_panel(services):
    """Twelve creatures with long names: each name stops short of its scores with "…", and the boxes that do not
    fit are counted ("and 4 more") inside the panel, not drawn over its border (text_fit's recorder finds no overlap)."""
    from game.rules.ff.state import CreatureBox
    from game.scenes.common.sheet_card import render_sheet_card
    from game.ui.text_fit import recording

    adventure = adventure_of(services)
    long_name = "Créature au nom très très long qui ne tient pas"
    adventure.state.creature_boxes = [CreatureBox(name=long_name, skill=7, stamina=i % 3) for i in range(12)]
    with recording() as found:
        card = render_sheet_card(services.ui, adventure)
    assert card.get_size() == CARD_SIZE
    assert found == []


def test_the_chronicles_problems_are_said_in_french(services):
    _adventure, scene = chronicles_with_file(services, '{"runs": {"r1": 3, "r2": {"outcome": "won"}}}')
    shown = " / ".join(scene.problems)
    assert "DF31.json" in shown and "doit être un objet" in shown and "ce récit de partie gardé ne se lit pas" in shown, shown
    assert "must be" not in shown and "$" not in shown and "KeyError" not in shown, shown


def test_a_broken_chronicles_file_is_said_in_french(services):
    _adventure, scene = chronicles_with_file(services, '{"runs": []}')
    assert scene.problems == [
        "DF31.json : à runs : n'a pas de liste de parties gardées (« runs » doit être un objet : id de partie → récit)"
    ]

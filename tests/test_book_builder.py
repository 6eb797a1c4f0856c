"""The book builder in the app (issue 26 item 1): "Nouveau livre…" on the shelf makes a book from a form.

Driven as a player does, once with the mouse and once with the keyboard alone: a book with five scores, a
potion chosen at creation and a calendar is made and saved into the books folder, a fight is played in it,
the book is edited ("Modifier…" in its menu on the shelf) and the adventure replays on the new version.
"""

from __future__ import annotations

import errno
import json
import os

import pygame
import pytest
from app_helpers import Driver, book_data, make_services, write_json
from test_access_keyboard_play import KeyboardOnly

from game.app.adventure import Adventure
from game.app.dialog import Dialog
from game.app.navigator import Screen
from game.app.recovery import open_saved
from game.books import builder as b
from game.books.loader import load_book
from game.rules.dice import ScriptedDice
from game.rules.ff import actions as a
from game.rules.session import Session, Start
from game.scenes.book_builder.scene import BookBuilderScene
from game.scenes.bookshelf.scene import BookshelfScene
from game.scenes.combat.scene import CombatScene
from game.scenes.creation.scene import CreationScene
from game.scenes.sheet.scene import SheetScene
from game.ui.text_field import TextField

BOOK_ID = "LE-VAL-DES-BRUMES"
HERO = {"skill": 10, "stamina": 20, "luck": 9, "fear": 9, "faith": 3}


@pytest.fixture
def services(tmp_path):
    return make_services(tmp_path)


def own_book(services, source: str, book_id: str) -> None:
    """A book file of the player's own in the books folder (a bundled book's rules under another id), on the shelf."""
    services.own_books.mkdir(parents=True, exist_ok=True)
    write_json(services.own_books / f"{book_id}.json", book_data(source, id=book_id))
    services.reload_books()


def answer(driver, label: str) -> None:
    """Click the button of the dialog on top whose label is ``label``."""
    dialog = driver.top
    assert isinstance(dialog, Dialog), dialog
    button = next(b for b in dialog.buttons if dialog.ui.text(b.label) == label)
    driver.click(button)


def field(driver, name: str):
    """The builder's field at a place of the form (looked up again: adding a row lays the form out anew)."""
    return driver.top.controls.named[name]


# -- the mouse -------------------------------------------------------------------------------------------------------


def show(driver, widget) -> None:
    """Turn the mouse wheel over the form until ``widget`` is in view."""
    pane = driver.top.controls.pane
    for _ in range(400):
        if pane.rect.contains(widget.rect):
            return
        up = widget.rect.top < pane.rect.top
        driver.send(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if up else -1, pos=driver.to_window(pane.rect.center)))
    raise AssertionError(f"{widget!r} never came into view")


def click(driver, name: str, times: int = 1) -> None:
    for _ in range(times):
        widget = field(driver, name)
        show(driver, widget)
        driver.click(widget)


def fill(driver, name: str, text: str) -> None:
    """Click a field, select what it holds and type ``text`` over it."""
    click(driver, name)
    driver.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    driver.type(text)
    assert field(driver, name).text == text


def fill_words(driver, name: str, fr: str, en: str) -> None:
    fill(driver, f"{name}.fr", fr)
    fill(driver, f"{name}.en", en)


def build_by_mouse(driver) -> None:
    """The misty vale: five scores (FEAR kills at its maximum), two potions chosen one of two, a week, a killing double."""
    fill_words(driver, "title", "Le Val des Brumes", "The Misty Vale")
    click(driver, "add.score", times=2)
    fill_words(driver, "scores.3.name", "PEUR", "FEAR")
    fill_words(driver, "scores.3.about", "monte à chaque frayeur", "rises with each fright")
    fill(driver, "scores.3.start", "0")
    click(driver, "scores.3.threshold", times=2)  # none → death at ≤ → death at ≥
    fill(driver, "scores.3.limit", "initial")
    fill_words(driver, "scores.4.name", "FOI", "FAITH")
    fill_words(driver, "scores.4.about", "votre foi", "your faith")
    fill(driver, "scores.4.roll", "3")
    click(driver, "add.potion", times=2)
    fill_words(driver, "potions.0.name", "Potion de Vigueur", "Potion of Strength")
    click(driver, "potions.0.restores")  # SKILL → STAMINA
    fill_words(driver, "potions.1.name", "Potion de Fortune", "Potion of Fortune")
    click(driver, "potions.1.restores", times=2)  # → LUCK
    fill(driver, "potions.1.raise", "1")
    click(driver, "add.step")
    fill_words(driver, "steps.0.name", "Potion", "Potion")
    fill_words(driver, "steps.0.options.0.name", "Vigueur", "Strength")
    click(driver, "steps.0.options.0.grant")  # nothing → a counter
    click(driver, "steps.0.options.0.target", times=2)  # provisions → the first potion
    fill(driver, "steps.0.options.0.amount", "2")
    click(driver, "steps.0.add_option")
    fill_words(driver, "steps.0.options.1.name", "Fortune", "Fortune")
    click(driver, "steps.0.options.1.grant")
    click(driver, "steps.0.options.1.target", times=3)
    fill(driver, "steps.0.options.1.amount", "2")
    click(driver, "time.kind")  # none → a calendar
    fill_words(driver, "time.name", "Semaine", "Week")
    fill_words(driver, "time.days", "Lundi, Mardi, Mercredi", "Monday, Tuesday, Wednesday")
    click(driver, "fight.double")


def open_builder(services) -> Driver:
    shelf = BookshelfScene(services)
    driver = Driver(shelf)
    driver.click(shelf.controls.books_button)
    answer(driver, "Nouveau livre…")
    assert isinstance(driver.top, BookBuilderScene)
    return driver


def the_misty_vale(services):
    book = services.shelf.books[BOOK_ID]
    assert [s.id for s in book.stats] == ["skill", "stamina", "luck", "fear", "faith"]
    assert book.stat("fear").start == 0 and book.thresholds[1].at_least == "initial"
    assert [o.id for o in book.creation[0].options] == ["strength", "fortune"]
    assert book.potions is not None and sorted(book.potions.kinds) == ["potion_of_fortune", "potion_of_strength"]
    assert book.calendar is not None and len(book.calendar.days) == 3 and book.combat.double_kills
    return book


def fight_in(services) -> Adventure:
    """A hero of the book takes the Potion of Fortune and kills an Orc with a double (the book's killing double)."""
    book = services.shelf.books[BOOK_ID]
    session = Session(book, ScriptedDice([2, 3, 4, 1, 1, 2, 6, 6]), Start(hero=HERO, language="fr"))
    adventure = Adventure.start(session, services.saves)
    adventure.act(a.NameHero(do="name_hero", name="Alwen"))
    adventure.act(a.Choose(do="choose", step="potion", picks=["fortune"]))
    adventure.act(a.StartFight(do="fight", enemies=[a.EnemySpec(name="Orc", skill=7, stamina=6)]))
    adventure.act(a.AttackRound(do="round"))  # Orc 2+3+7 = 12 < Alwen 4+1+10 = 15: the Orc is wounded
    adventure.act(a.NoLuck())
    adventure.act(a.AttackRound(do="round"))  # Alwen rolls a double: the Orc (STAMINA 4) dies at once
    assert adventure.state.fight.winner == "hero"
    return adventure


def test_a_book_made_with_the_mouse_is_saved_played_edited_and_its_adventure_replays(services):
    driver = open_builder(services)
    build_by_mouse(driver)
    builder = driver.top
    assert builder.problems == ()
    driver.click(builder.controls.save_button)
    assert (services.own_books / f"{BOOK_ID}.json").exists()
    assert "Le Val des Brumes" in builder.message and not builder.message_bad
    the_misty_vale(services)

    adventure = fight_in(services)
    potion = services.shelf.books[BOOK_ID].potions.kinds["potion_of_fortune"].counter
    before = adventure.state

    driver.click(builder.controls.leave_button)
    shelf = driver.top
    assert isinstance(shelf, BookshelfScene)
    shelf.show_book(BOOK_ID)
    menu = next(button for button, book_id in shelf.controls.menu_buttons if book_id == BOOK_ID)
    driver.click(menu)
    answer(driver, "Modifier…")
    editor = driver.top
    assert isinstance(editor, BookBuilderScene) and editor.read_only is None
    assert field(driver, "scores.3.name.fr").text == "PEUR"
    click(driver, "add.item")
    fill_words(driver, "equipment.2", "Corde", "Rope")
    driver.click(editor.controls.save_button)
    assert isinstance(driver.top, BookBuilderScene)  # its own book: saved without a question
    assert [e.en for e in services.shelf.books[BOOK_ID].equipment] == ["Sword", "Backpack", "Rope"]

    again = open_saved(services.saves, services.shelf.books, adventure.save_id)
    state = again.state
    assert state.hero.scores == before.hero.scores and state.counters[potion] == before.counters[potion] == 2
    assert state.fight.winner == "hero" and "Corde" in state.equipment  # replayed on the book as edited


# -- the keyboard ----------------------------------------------------------------------------------------------------


def keys_fill(d: KeyboardOnly, name: str, text: str) -> None:
    d.tab_to(field(d, name), limit=400)
    d.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    d.type(text)


def keys_press(d: KeyboardOnly, name: str, times: int = 1) -> None:
    for _ in range(times):
        d.tab_to(field(d, name), limit=400)
        d.enter()


def build_by_keys(d: KeyboardOnly) -> None:
    for name, fr, en in (("title", "Le Val des Brumes", "The Misty Vale"),):
        keys_fill(d, f"{name}.fr", fr)
        keys_fill(d, f"{name}.en", en)
    keys_press(d, "add.score", times=2)
    steps = [
        ("scores.3.name.fr", "PEUR"), ("scores.3.name.en", "FEAR"), ("scores.3.about.fr", "la peur"),
        ("scores.3.about.en", "fear"), ("scores.3.start", "0"),
    ]  # fmt: skip
    for name, text in steps:
        keys_fill(d, name, text)
    keys_press(d, "scores.3.threshold", times=2)
    for name, text in (
        ("scores.3.limit", "initial"),
        ("scores.4.name.fr", "FOI"),
        ("scores.4.name.en", "FAITH"),
        ("scores.4.roll", "3"),
    ):
        keys_fill(d, name, text)
    keys_fill(d, "scores.4.about.fr", "votre foi")
    keys_press(d, "add.potion", times=2)
    keys_fill(d, "potions.0.name.fr", "Potion de Vigueur")
    keys_fill(d, "potions.0.name.en", "Potion of Strength")
    keys_press(d, "potions.0.restores")
    keys_fill(d, "potions.1.name.fr", "Potion de Fortune")
    keys_fill(d, "potions.1.name.en", "Potion of Fortune")
    keys_press(d, "potions.1.restores", times=2)
    keys_press(d, "add.step")
    for name, text in (
        ("steps.0.name.fr", "Potion"),
        ("steps.0.options.0.name.fr", "Vigueur"),
        ("steps.0.options.0.name.en", "Strength"),
    ):
        keys_fill(d, name, text)
    keys_press(d, "steps.0.options.0.grant")
    keys_press(d, "steps.0.options.0.target", times=2)
    keys_fill(d, "steps.0.options.0.amount", "2")
    keys_press(d, "steps.0.add_option")
    keys_fill(d, "steps.0.options.1.name.fr", "Fortune")
    keys_press(d, "steps.0.options.1.grant")
    keys_press(d, "steps.0.options.1.target", times=3)
    keys_fill(d, "steps.0.options.1.amount", "2")
    keys_press(d, "time.kind")
    keys_fill(d, "time.name.fr", "Semaine")
    keys_fill(d, "time.days.fr", "Lundi, Mardi, Mercredi")
    keys_press(d, "fight.double")


def test_a_book_made_with_the_keyboard_alone_is_played_edited_and_replayed(services):
    shelf = services.navigator.build(Screen.SHELF)
    d = KeyboardOnly(shelf, services)
    d.tab_to(shelf.controls.books_button)
    d.enter()
    dialog = d.top
    d.tab_to(next(b for b in dialog.buttons if dialog.ui.text(b.label) == "Nouveau livre…"))
    d.enter()
    builder = d.top
    assert isinstance(builder, BookBuilderScene)
    assert builder.controls.named["title.fr"].spoken().startswith("Le livre — Titre, en français")
    build_by_keys(d)
    assert builder.problems == ()
    d.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    assert services.ui.speech.history[-1].startswith("« Le Val des Brumes » est enregistré")
    the_misty_vale(services)

    d.key(pygame.K_ESCAPE)  # saved: back to the shelf without a question
    shelf = d.top
    assert isinstance(shelf, BookshelfScene)
    shelf.show_book(BOOK_ID)
    d.tab_to(next(button for button, book_id in shelf.controls.book_buttons if book_id == BOOK_ID))
    d.enter()
    creation = d.top
    assert isinstance(creation, CreationScene)
    d.tab_to(creation.controls.roll_button)
    d.enter()
    d.loop.run_frames(30)
    d.key(pygame.K_ESCAPE)
    d.tab_to(creation.controls.step_buttons["potion"])
    d.enter()
    picker = d.top
    d.tab_to(picker.widgets["fortune"])
    d.key(pygame.K_SPACE)
    d.enter()  # the picker's Enter confirms
    d.tab_to(creation.controls.name_field)
    d.type("Alwen")
    d.enter()
    sheet = d.top
    assert isinstance(sheet, SheetScene) and sheet.adventure.state.hero.name == "Alwen"
    setup = d.set_up_a_fight(sheet, "Rat", 1, 1)
    d.tab_to(setup.controls.fight_button)
    d.enter()
    board = d.top
    assert isinstance(board, CombatScene)
    for _ in range(100):  # SKILL 1, STAMINA 1: the rat falls at the hero's first blow
        if board.adventure.state.fight.winner is not None:
            break
        d.press("r")
        d.press("a")
    assert board.adventure.state.fight.winner == "hero"
    adventure = board.adventure
    played = len(adventure.session.entries)

    editor = BookBuilderScene(services, BOOK_ID)
    e = KeyboardOnly(editor, services)
    keys_press(e, "add.item")
    keys_fill(e, "equipment.2.fr", "Corde")
    e.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    assert "Corde" in [item.fr for item in services.shelf.books[BOOK_ID].equipment]
    again = open_saved(services.saves, services.shelf.books, adventure.save_id)
    assert len(again.session.entries) == played and again.state.fight.winner == "hero"
    assert again.state.hero.scores == adventure.state.hero.scores and "Corde" in again.state.equipment


# -- breaking it -----------------------------------------------------------------------------------------------------

HOSTILE = ["", "مرحبا بالعالم", "🧙‍♂️🐉👨‍👩‍👧", "x" * 10_000, "\u202eRTL override", "a\u0000b", "\ud800"]


@pytest.mark.parametrize("text", HOSTILE, ids=["empty", "rtl", "emoji", "10000", "override", "nul", "surrogate"])
def test_hostile_text_in_every_field_never_breaks_the_builder_and_says_what_is_wrong(services, text):
    builder = BookBuilderScene(services)
    for name in ("add.score", "add.counter", "add.potion", "add.item", "add.step"):
        builder.controls.named[name].activate()
    builder.form.time.kind = "track"
    builder.reshape()
    for widget in list(builder.controls.named.values()):
        if isinstance(widget, TextField):  # what the field holds once the text is typed or pasted in
            widget.text = text[: widget.max_length]
            widget.on_change(widget.text)
    builder.draw(pygame.Surface(builder.page))
    if builder.problems:
        assert not builder.controls.save_button.enabled
        builder.save()
        assert builder.message_bad and not any(services.own_books.glob("*.json"))
    else:
        builder.save()
        assert any(services.own_books.glob("*.json"))
    builder.update(1.0)  # the preview is drawn, or waits for the problems to go
    builder.draw(pygame.Surface(builder.page))


def test_extreme_values_are_the_validators_refusals_not_a_crash(services):
    builder = BookBuilderScene(services)
    score = builder.form.scores[0]
    score.roll = "99d999+999"
    builder.form.counters[0].start = "999999999"
    builder.form.fight.wound_damage = "99d999"
    builder.changed()
    assert any("stats" in line or "Score 1" in line for line in builder.problems)
    assert any("Compteur 1" in line for line in builder.problems)
    assert not builder.controls.save_button.enabled


def test_fast_double_clicks_on_save_write_one_book_and_ask_nothing(services):
    driver = Driver(BookBuilderScene(services))
    builder = driver.top
    save = builder.controls.save_button
    window = driver.to_window(save.rect.center)
    presses = [pygame.event.Event(kind, pos=window, button=1) for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)]
    driver.send(*(presses * 4))
    assert sorted(p.name for p in services.own_books.glob("*.json")) == ["MON-LIVRE.json"]
    assert driver.top is builder and not builder.message_bad


def test_fast_double_clicks_on_save_of_a_taken_name_ask_once(services):
    driver = Driver(BookBuilderScene(services))
    builder = driver.top
    builder.form.title.fr = "FF1"
    builder.changed()
    window = driver.to_window(builder.controls.save_button.rect.center)
    presses = [pygame.event.Event(kind, pos=window, button=1) for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)]
    driver.send(*(presses * 3))
    assert isinstance(driver.top, Dialog) and isinstance(driver.stack.scenes[-2], BookBuilderScene)
    assert not any(services.own_books.glob("*.json"))


def saving_as_a_bundled_id(services) -> Driver:
    """The builder saving a book titled as a shipped book's id (FF1): the question is open."""
    driver = Driver(BookBuilderScene(services))
    builder = driver.top
    builder.form.title.fr = "FF1"
    builder.changed()
    driver.click(builder.controls.save_button)
    return driver


def test_a_bundled_books_id_is_never_shadowed_silently(services):
    driver = saving_as_a_bundled_id(services)
    dialog = driver.top
    assert isinstance(dialog, Dialog) and "Le Sorcier de la Montagne de Feu" in dialog.ui.text(dialog.message)
    assert not (services.own_books / "FF1.json").exists()
    answer(driver, "Enregistrer sous FF1-2")
    assert (services.own_books / "FF1-2.json").exists() and not (services.own_books / "FF1.json").exists()
    assert services.shelf.books["FF1"].title.fr == "Le Sorcier de la Montagne de Feu"


def test_replacing_a_bundled_book_is_asked_and_then_done(services):
    driver = saving_as_a_bundled_id(services)
    answer(driver, "Remplacer")
    assert (services.own_books / "FF1.json").exists() and "FF1" in services.shelf.replaced


def test_a_name_clash_with_one_of_the_players_books_asks_which(services):
    own_book(services, "FF24", "MON-LIVRE")
    driver = Driver(BookBuilderScene(services))
    driver.click(driver.top.controls.save_button)
    dialog = driver.top
    assert isinstance(dialog, Dialog) and "MON-LIVRE" in dialog.ui.text(dialog.message)
    answer(driver, "Annuler")
    assert load_book(services.own_books / "MON-LIVRE.json").title.fr != "Mon livre"


def refuse_writes_in(monkeypatch, folder):
    """The system refuses to create a file in ``folder``, as a read-only folder does (root included): every
    ``os.open`` that would write there raises PermissionError, the way the kernel says EACCES."""
    real_open = os.open

    def refusing_open(path, flags, *args, **kwargs):
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT) and os.path.dirname(os.path.abspath(path)) == str(folder):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing_open)


def save_into_read_only_folder(services) -> BookBuilderScene:
    builder = BookBuilderScene(services)
    builder.form.title.fr = "Gardé"
    builder.changed()
    builder.save()
    return builder


def assert_refused_and_kept(services, builder):
    assert builder.message_bad and str(services.own_books) in builder.message and "accès refusé" in builder.message
    assert builder.form.title.fr == "Gardé" and builder.unsaved() and not any(services.own_books.glob("*.json"))


def test_a_read_only_books_folder_says_so_and_keeps_the_form(services, monkeypatch):
    services.own_books.mkdir(parents=True, exist_ok=True)
    refuse_writes_in(monkeypatch, services.own_books)
    assert_refused_and_kept(services, save_into_read_only_folder(services))


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="chmod refuses nothing to root")
def test_a_books_folder_made_read_only_by_its_permissions_says_so_and_keeps_the_form(services):
    services.own_books.mkdir(parents=True, exist_ok=True)
    services.own_books.chmod(0o500)
    try:
        builder = save_into_read_only_folder(services)
    finally:
        services.own_books.chmod(0o700)
    assert_refused_and_kept(services, builder)


def test_a_books_folder_that_cannot_be_made_says_so_and_keeps_the_form(services):
    services.own_books.parent.mkdir(parents=True, exist_ok=True)
    services.own_books.write_text("not a folder", encoding="utf-8")  # what root's permissions cannot refuse
    builder = BookBuilderScene(services)
    builder.save()
    assert builder.message_bad and "n'a pas été enregistré" in builder.message
    assert builder.form.title.fr == "Mon livre" and builder.unsaved() is False and builder.editing is None


def test_a_hand_written_book_opens_read_only_and_says_why(services):
    own_book(services, "FF2", "MINE")
    builder = BookBuilderScene(services, "MINE")
    assert builder.read_only is not None and "spells" in builder.read_only
    assert builder.read_only.startswith("Lecture seule : ce livre utilise des règles que l'éditeur ne modifie pas")
    assert not builder.controls.save_button.enabled and not builder.controls.named["title.fr"].enabled
    builder.save()
    assert json.loads((services.own_books / "MINE.json").read_text())["spells"]  # untouched


def test_the_read_only_words_in_english(tmp_path):
    services = make_services(tmp_path, language="en")
    services.apply_settings()
    own_book(services, "FF2", "MINE")
    assert BookBuilderScene(services, "MINE").read_only.startswith("Read-only: this book uses rules the builder does not edit")


def test_leaving_with_changes_not_saved_asks_first(services):
    driver = Driver(BookshelfScene(services))
    services.navigator.open(driver.top, Screen.BOOK_BUILDER, None)
    driver.loop.run_frames(2)
    builder = driver.top
    builder.form.title.fr = "Brouillon"
    builder.changed()
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, Dialog)
    answer(driver, "Annuler")
    assert driver.top is builder


def test_the_problems_are_said_at_their_place_in_the_form(services):
    builder = BookBuilderScene(services)
    builder.form.scores[1].name.fr = builder.form.scores[1].name.en = ""
    builder.form.scores[0].roll = "beaucoup"
    builder.changed()
    assert "Score 1 (HABILETÉ) — « beaucoup » n'est ni des dés (2d6+12) ni une valeur (7)" in builder.problems
    assert "Score 2 — Nom : ne doit pas être vide" in builder.problems  # once for both languages, in the builder's words
    assert "problème" in builder.spoken_summary()


def test_a_book_whose_scores_are_named_in_french_only_previews_and_plays(services):
    builder = BookBuilderScene(services)
    for row, name in zip(builder.form.scores, ("ADRESSE", "VIGUEUR", "FORTUNE"), strict=True):
        row.name.fr, row.name.en = name, ""
    builder.changed()
    assert builder.problems == ()
    builder.update(1.0)
    assert builder.preview is not None  # the creation screen of the book, drawn beside the form
    builder.show_preview("sheet")
    builder.update(1.0)
    assert builder.preview is not None
    builder.save()
    book = services.shelf.books["MON-LIVRE"]
    assert [s.id for s in book.stats] == ["skill", "stamina", "luck"]
    assert [s.name.fr for s in book.stats] == ["ADRESSE", "VIGUEUR", "FORTUNE"]
    hero = {"skill": 10, "stamina": 20, "luck": 9}
    adventure = Adventure.start(Session(book, ScriptedDice([2, 3, 4, 1]), Start(hero=hero, language="fr")), services.saves)
    adventure.act(a.StartFight(do="fight", enemies=[a.EnemySpec(name="Orc", skill=7, stamina=6)]))
    adventure.act(a.AttackRound(do="round"))  # Orc 2+3+7 = 12 < 4+1+10 = 15: ADRESSE is the fight's SKILL
    adventure.act(a.NoLuck())  # FORTUNE is the Luck Tested on a wound
    assert adventure.state.fight.enemies[0].stamina == 4


def test_the_part_of_each_score_is_a_choice_in_the_form(services):
    builder = BookBuilderScene(services)
    choice = builder.controls.named["scores.0.role"]
    assert services.ui.text(choice.spoken_name).startswith("Score 1 — Pour les règles")
    builder.form.scores[0].role = "other"
    builder.changed()
    assert "Le livre" not in "\n".join(builder.problems)  # a book without SKILL is said where it is
    assert any("HABILETÉ" in line for line in builder.problems)


def test_the_add_buttons_stop_at_what_a_book_may_hold_and_say_so(services):
    builder = BookBuilderScene(services)
    for _ in range(30):  # a key held down on "+ Ajouter un score"
        builder.add_row("score")
    assert len(builder.form.scores) == 24  # the book format's limit (FightingFantasyBook.stats)
    add = builder.controls.named["add.score"]
    assert not add.enabled and services.ui.text(add.disabled_reason) == "Au plus 24 : la limite d'un livre est atteinte"
    builder.add_row("step")
    options = builder.form.steps[0].options
    options += [b.OptionRow(f"o{n}", b.Words(f"Option {n}", f"Option {n}")) for n in range(58)]
    builder.add_option(0)
    builder.add_option(0)  # one beyond the limit: nothing added
    assert len(options) == 60 and not builder.controls.named["steps.0.add_option"].enabled


def test_the_preview_is_kept_at_the_size_of_its_frame(services):
    # Not the 1280×720 page or the 900×1272 card it was drawn on, shrunk again every frame (issue 28, memory).
    builder = BookBuilderScene(services)
    builder.changed()
    for tab in ("creation", "sheet"):
        builder.show_preview(tab)
        assert builder.preview is not None
        frame = builder.r.preview
        assert builder.preview.get_width() <= frame.width and builder.preview.get_height() <= frame.height

"""Any Unicode, anywhere: every text widget draws whatever string it is given, and never raises."""

import pygame
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ui_helpers import init_pygame, key, mouse_down, mouse_up

from game.app.dialog import Dialog
from game.i18n.catalogue import Catalogue
from game.ui import fonts
from game.ui.button import Button
from game.ui.clipboard import Clipboard
from game.ui.context import UIContext
from game.ui.counter import Counter
from game.ui.draw import blit_text
from game.ui.notes import NotesArea
from game.ui.scroll_list import ScrollList
from game.ui.text_field import TextField
from game.ui.text_fit import wrap_words
from game.ui.theme import Theme
from game.ui.toggle import Toggle

HOSTILE = [
    "🏳️‍🌈",
    "👨‍👩‍👧",
    "\ufe0f",
    "\u200d",
    "\u0301",
    "a\u0301\u0301\u0301",
    "\u202eevil",
    "שלום עולם",
    "مرحبا",
    "\x00\x07\x1b",
    "\ud800",
    "x\udfff",
    "\U000e0001",
    "😀" * 50,
    "W" * 10000,
    "\t\n\n",
    "",
    " ",
    "ﷺ",
    "𒐫",
]
# Every code point, surrogates and private use included (the strategies' default leaves surrogates out).
ANY_TEXT = st.one_of(st.text(st.characters(codec=None, exclude_categories=()), max_size=60), st.sampled_from(HOSTILE))
SLOW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def ui_context() -> UIContext:
    init_pygame()
    return UIContext(Theme(), Catalogue("fr"), Clipboard(use_system=False))


def test_the_reported_strings_render_and_measure():
    init_pygame()
    for text in HOSTILE:
        for face in fonts.FACE_FILES:
            image = fonts.render(text, face, 18, (0, 0, 0))
            assert image.get_height() > 0 and fonts.text_width(text, face, 18) >= 0


def test_a_glyph_no_font_has_is_drawn_as_a_visible_box():
    init_pygame()
    assert fonts.displayable("a😀b") == f"a{fonts.PLACEHOLDER}b"
    assert fonts.text_width("😀", "body", 18) > 0


def test_a_joined_emoji_is_one_box_and_its_joiners_and_selectors_are_dropped():
    init_pygame()
    assert fonts.displayable("🏳️‍🌈") == fonts.PLACEHOLDER
    assert fonts.displayable("👨‍👩‍👧 !") == f"{fonts.PLACEHOLDER} !"


def test_surrogates_and_control_characters_show_the_replacement_character():
    init_pygame()
    assert fonts.displayable("\ud800a\x00") == f"{fonts.REPLACEMENT}a{fonts.REPLACEMENT}"


@SLOW
@given(text=ANY_TEXT)
def test_blit_text_and_wrap_words_never_raise(text):
    init_pygame()
    surface = pygame.Surface((400, 200))
    blit_text(surface, text, (10, 10), "body", 18, (0, 0, 0))
    blit_text(surface, text, (200, 100), "title", 22, (0, 0, 0), "center")
    for line in wrap_words(text, "italic", 16, 120):
        assert fonts.text_width(line, "italic", 16) <= 120 or len(fonts.displayable(line)) <= 1


@SLOW
@given(text=ANY_TEXT)
def test_every_text_widget_draws_any_text(text):
    ui = ui_context()
    surface = pygame.Surface((1280, 720))
    widgets = [
        Button(ui, (10, 10, 200, 44), text, tooltip=text),
        Toggle(ui, (10, 60, 300, 30), text),
        Counter(ui, (10, 100, 300, 60), value=3, label=text),
        TextField(ui, (10, 170, 300, 42), text=text, placeholder=text),
        NotesArea(ui, (10, 220, 400, 200), text=text, placeholder=text),
        ScrollList(ui, (420, 10, 400, 300), [text, text, "ok"]),
    ]
    for widget in widgets:
        widget.draw(surface)
        widget.focused = True
        widget.draw(surface)


@SLOW
@given(text=ANY_TEXT)
def test_typing_pasting_and_editing_any_text_never_raises(text):
    ui = ui_context()
    surface = pygame.Surface((1280, 720))
    for widget in (TextField(ui, (10, 10, 300, 42)), NotesArea(ui, (10, 60, 400, 200))):
        widget.process_event(mouse_down(widget.rect.center))
        widget.process_event(mouse_up(widget.rect.center))
        widget.on_focus()
        widget.focused = True
        widget.process_event(pygame.event.Event(pygame.TEXTINPUT, text=text))
        widget.draw(surface)
        ui.clipboard.put(text)
        widget.process_event(key(pygame.K_v, pygame.KMOD_CTRL))
        for k in (pygame.K_LEFT, pygame.K_BACKSPACE, pygame.K_HOME, pygame.K_DELETE, pygame.K_END):
            widget.process_event(key(k))
        widget.draw(surface)


@SLOW
@given(text=ANY_TEXT)
def test_a_dialog_and_a_tooltip_show_any_text(text):
    ui = ui_context()
    surface = pygame.Surface((1280, 720))
    Dialog(ui, text, [(text, 1)], title=text).draw(surface)
    button = Button(ui, (10, 10, 200, 44), "x", tooltip=text)
    ui_layer = __import__("game.ui.tooltip", fromlist=["TooltipLayer"]).TooltipLayer(ui)
    ui_layer.show_for_focus(button)
    ui_layer.update(5.0)
    ui_layer.draw(surface)


def test_smoke_text_swaps_the_player_written_texts_of_an_action():
    from game.app.text_fill import swapped

    fight = {"do": "fight", "enemies": [{"name": "Orque", "skill": 7, "stamina": 6}], "ally": {"name": "Sorrel"}}
    assert swapped(fight, "🏳️‍🌈")["enemies"][0]["name"] == "🏳️‍🌈"
    assert swapped(fight, "🏳️‍🌈")["ally"]["name"] == "🏳️‍🌈"
    assert swapped({"do": "add_item", "text": "Corde"}, "x") == {"do": "add_item", "text": "x"}
    assert swapped({"do": "test_luck"}, "x") is None


def test_smoke_text_reaches_the_typed_actions_the_samples_apply():
    """The samples build typed actions (issue 14): the hostile text still goes into their written fields."""
    from game.app.text_fill import hostile_actions
    from game.books.loader import load_book_by_id
    from game.rules.dice import ScriptedDice
    from game.rules.rnp import actions as rnp
    from game.rules.session import Session

    session = Session(load_book_by_id("rolenplay"), ScriptedDice([]))
    with hostile_actions("Ünïcødé 🏳️‍🌈"):
        session.apply(rnp.AddCharacter(name="Brok"))
        session.apply(rnp.SetHp(character="Brok", maximum=20))
    assert session.view()["party_order"] == ["Ünïcødé 🏳️‍🌈"]

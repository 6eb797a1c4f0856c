"""Text that always fits: labels shrink a little, then end in "…" with the whole text on hover; overflows are recorded."""

import sys
from pathlib import Path

import pygame
import pytest
from sample_tiers import FAST_SAMPLES
from ui_helpers import motion, ui  # noqa: F401  (ui is a fixture)

from game.app.scene import Scene
from game.ui import fonts
from game.ui.button import Button
from game.ui.draw import blit_text, draw_panel
from game.ui.group import WidgetGroup
from game.ui.scroll_list import ScrollList
from game.ui.text_fit import fit_line, recording
from game.ui.toggle import Toggle

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import check_text_fit  # noqa: E402


def test_a_label_that_fits_is_left_alone(ui):  # noqa: F811
    assert fit_line("Aller", "body", 18, 200) == ("Aller", 18)


def test_a_label_slightly_too_wide_is_set_smaller_first(ui):  # noqa: F811
    width = fonts.text_width("Combattre la créature", "body", 17)
    text, size = fit_line("Combattre la créature", "body", 18, width)
    assert text == "Combattre la créature" and size <= 17


def test_a_label_far_too_wide_ends_with_an_ellipsis_inside_its_room(ui):  # noqa: F811
    text, size = fit_line("malchanceux : la créature vous blesse deux fois", "body", 18, 120)
    assert text.endswith("…") and fonts.text_width(text, "body", size) <= 120


def test_text_drawn_outside_its_box_is_recorded_with_its_owner(ui):  # noqa: F811
    surface = pygame.Surface((400, 100))
    with recording() as found:
        blit_text(
            surface,
            "Un texte bien trop long pour sa boîte",
            (10, 10),
            "body",
            18,
            (0, 0, 0),
            box=pygame.Rect(0, 0, 80, 40),
            owner="label",
        )
        blit_text(surface, "court", (10, 60), "body", 18, (0, 0, 0), box=pygame.Rect(0, 50, 200, 40), owner="ok")
    assert [(o.owner, o.text) for o in found] == [("label", "Un texte bien trop long pour sa boîte")]


LONG = "Une phrase libre bien trop longue pour le petit panneau où elle est posée"


def test_free_text_that_leaves_the_panel_it_is_drawn_in_is_recorded(ui):  # noqa: F811
    surface = pygame.Surface((800, 300))
    with recording() as found:
        draw_panel(surface, pygame.Rect(20, 20, 200, 120), ui.palette)
        blit_text(surface, LONG, (30, 30), "body", 18, (0, 0, 0))
    assert [(o.owner, o.text, o.kind, o.box) for o in found] == [("panel", LONG, "outside", (20, 20, 200, 120))]


def test_free_text_inside_its_panel_is_not_recorded(ui):  # noqa: F811
    surface = pygame.Surface((800, 300))
    with recording() as found:
        draw_panel(surface, pygame.Rect(20, 20, 700, 120), ui.palette)
        blit_text(surface, LONG, (30, 30), "body", 18, (0, 0, 0))
    assert found == []


def test_free_text_leaving_the_page_is_recorded_unless_a_clip_hides_what_leaves(ui):  # noqa: F811
    surface = pygame.Surface((300, 100))
    with recording() as found:
        blit_text(surface, LONG, (200, 30), "body", 18, (0, 0, 0))  # runs off the page: the player loses its end
        surface.set_clip(pygame.Rect(200, 30, 90, 30))  # a text field scrolls its text inside its own frame
        blit_text(surface, LONG, (200, 30), "body", 18, (0, 0, 0))
    assert [(o.owner, o.kind) for o in found] == [("page", "outside")]


def test_free_text_is_checked_against_the_innermost_panel_holding_its_start(ui):  # noqa: F811
    surface = pygame.Surface((800, 300))
    with recording() as found:
        draw_panel(surface, pygame.Rect(10, 10, 780, 280), ui.palette)
        draw_panel(surface, pygame.Rect(20, 20, 200, 120), ui.palette)
        blit_text(surface, LONG, (30, 30), "body", 18, (0, 0, 0))
        blit_text(surface, LONG, (30, 200), "body", 18, (0, 0, 0))  # in the outer panel only, where it fits
    assert [(o.text, o.box) for o in found] == [(LONG, (20, 20, 200, 120))]


def test_a_line_drawn_over_another_line_is_recorded(ui):  # noqa: F811
    surface = pygame.Surface((800, 300))
    with recording() as found:
        blit_text(surface, "Chiffres uniquement", (30, 30), "body", 18, (0, 0, 0), owner="hint")
        blit_text(surface, "HABILETÉ", (60, 34), "body", 18, (0, 0, 0), owner="label")
    assert [(o.owner, o.text, o.kind) for o in found] == [("label", "HABILETÉ", "over text")]


def test_a_shadow_or_an_outline_is_not_text_over_text(ui):  # noqa: F811
    surface = pygame.Surface((800, 300))
    with recording() as found:
        for dx, dy in ((2, 2), (-1, 0), (1, 0), (0, 0)):
            blit_text(surface, "Vous êtes mort", (30 + dx, 30 + dy), "title", 30, (0, 0, 0))
    assert found == []


def test_lines_set_one_below_the_other_do_not_overlap(ui):  # noqa: F811
    surface = pygame.Surface((800, 300))
    height = fonts.line_height("body", 18)
    with recording() as found:
        for row, text in enumerate(("Première ligne, assez longue", "Qjgpy deuxième ligne", "ÉÀÇ troisième")):
            blit_text(surface, text, (30, 30 + row * height), "body", 18, (0, 0, 0))
    assert found == []


def test_a_dialog_panel_hides_the_text_drawn_before_it(ui):  # noqa: F811
    surface = pygame.Surface((800, 300))
    with recording() as found:
        blit_text(surface, "Texte de l'écran du dessous", (30, 30), "body", 18, (0, 0, 0))
        draw_panel(surface, pygame.Rect(0, 0, 600, 200), ui.palette)
        blit_text(surface, "Question du dialogue", (40, 32), "body", 18, (0, 0, 0))
    assert found == []


def test_free_text_drawn_over_a_button_is_recorded_but_the_button_label_is_not(ui):  # noqa: F811
    surface = pygame.Surface((800, 300))
    group = WidgetGroup(ui)
    group.add(Button(ui, (100, 100, 200, 44), "Valider"))
    with recording() as found:
        group.draw(surface)
        blit_text(surface, "Un conseil posé sur le bouton", (250, 110), "body", 18, (0, 0, 0), owner="hint")
    assert [(o.owner, o.kind) for o in found] == [("hint", "over control Button")]


def test_a_button_never_draws_its_label_past_its_frame_and_tells_the_whole_label_on_hover(ui):  # noqa: F811
    button = Button(ui, (0, 0, 90, 40), "Combattre la créature choisie")
    with recording() as found:
        button.draw(pygame.Surface((200, 60)))
    assert found == [] and button.tooltip_text() == "Combattre la créature choisie"


def test_a_toggle_label_too_long_is_shortened_and_its_hover_shows_it_whole(ui):  # noqa: F811
    toggle = Toggle(ui, (0, 0, 160, 30), "Arme perdue : −2 en Force d'Attaque jusqu'à la prochaine")
    with recording() as found:
        toggle.draw(pygame.Surface((300, 60)))
    assert found == [] and toggle.tooltip_text() == "Arme perdue : −2 en Force d'Attaque jusqu'à la prochaine"


def test_a_list_row_too_long_is_shortened_and_its_hover_shows_it_whole(ui):  # noqa: F811
    rows = ScrollList(ui, (0, 0, 200, 120), ["Aile Noire — SKILL 7 · STAMINA 6 · notes"], row_height=30)
    with recording() as found:
        rows.draw(pygame.Surface((300, 200)))
    rows.process_event(motion((50, 15)))
    assert found == [] and rows.tooltip_text() == "Aile Noire — SKILL 7 · STAMINA 6 · notes"


def test_every_kind_of_screen_fits_its_text_in_both_languages_at_the_smallest_window():
    """One sample of each kind of screen, and the stress fixtures (the slow test below checks every sample)."""
    names = FAST_SAMPLES | {"fixture-sheet-6-scores-24-counters", "fixture-shelf-30-books"}
    assert check_text_fit.check(sizes=[(1024, 640)], out=lambda line: None, names=names) == []


@pytest.mark.slow
def test_every_screen_fits_its_text_at_every_size_in_both_languages():
    assert check_text_fit.check(out=lambda line: None) == []


def test_a_field_hint_too_long_ends_with_an_ellipsis_and_its_hover_shows_it_whole(ui):  # noqa: F811
    from game.ui.text_field import TextField

    field = TextField(ui, (0, 0, 110, 44), placeholder="Nouvel objet, une arme ou un sort…")
    with recording() as found:
        field.draw(pygame.Surface((300, 60)))
    assert found == [] and field.tooltip_text() == "Nouvel objet, une arme ou un sort…"


def test_an_empty_list_says_it_once_in_the_screen_s_words(ui, monkeypatch):  # noqa: F811
    import game.ui.scroll_list as scroll_list

    said: list[str] = []

    def blit(surface, text, *args, **kwargs):
        said.append(text)
        return blit_text(surface, text, *args, **kwargs)

    monkeypatch.setattr(scroll_list, "blit_text", blit)
    rows = ScrollList(ui, (0, 0, 480, 120), [], empty="Aucune aventure sauvegardée pour l'instant")
    with recording() as found:
        rows.draw(pygame.Surface((500, 200)))
    assert found == [] and said == ["Aucune aventure sauvegardée pour l'instant"]


LONG_NAME = "Wolfgang Amadeus von Hohenzollern-Sigmaringen le Magnifique"


def test_the_sheet_and_the_table_hold_a_long_name_typed_by_the_player():
    quiet = lambda line: None  # noqa: E731
    assert check_text_fit.check(sizes=[(1024, 640)], languages=["fr"], only="sheet,rnp", texts=[LONG_NAME], out=quiet) == []


@pytest.mark.slow
def test_every_screen_holds_a_long_name_typed_by_the_player_at_every_size_in_both_languages():
    assert check_text_fit.check(texts=[LONG_NAME], out=lambda line: None) == []


PLACES = ("York", "Kent", "Bath", "Wells", "Ely", "Derby", "Leeds", "Hull", "Ripon", "Truro")
ALIKE = [f"Sir Reginald Fitzwilliam de Montmorency of {place} {n}" for n in (1, 2) for place in PLACES]  # twenty


def test_twenty_names_that_differ_only_at_their_end_stay_apart_when_shortened_in_their_middle():
    # breaker: twenty names alike but for their end all shortened to the same "Sir Reginald…" at 960×540.
    from game.ui.text_fit import ellipsize, ellipsize_middle

    assert len({ellipsize(name, "body", 18, 150) for name in ALIKE}) == 1  # cut at their end they read the same
    shortened = [ellipsize_middle(name, "body", 18, 150) for name in ALIKE]
    assert len(set(shortened)) == len(ALIKE)
    for name, short in zip(ALIKE, shortened):
        head, tail = short.split("…")
        assert name.startswith(head) and name.endswith(tail) and tail.endswith(name.split()[-1])
        assert fonts.text_width(short, "body", 18) <= 150
    assert ellipsize_middle("Aria", "body", 18, 150) == "Aria"  # what fits is left whole


def test_a_list_of_names_shortens_each_in_its_middle_and_shows_it_whole_on_hover(ui, monkeypatch):  # noqa: F811
    import game.ui.scroll_list as scroll_list

    said: list[str] = []

    def blit(surface, text, *args, **kwargs):
        said.append(text)
        return blit_text(surface, text, *args, **kwargs)

    monkeypatch.setattr(scroll_list, "blit_text", blit)
    rows = ScrollList(ui, (0, 0, 220, 20 * 32), ALIKE, row_height=32, middle=True)
    with recording() as found:
        rows.draw(pygame.Surface((300, 700)))
    assert found == [] and len(said) == len(ALIKE) == len(set(said)) and all("…" in text for text in said)
    rows.process_event(motion((rows.rect.x + 20, rows.rect.y + 10)))
    assert rows.tooltip_text() == ALIKE[0]


class TextPlantedOutsideItsBox(Scene):
    """A screen drawing one label wider than its box (the check's own check: it must see it)."""

    def draw(self, surface: pygame.Surface) -> None:
        box = pygame.Rect(20, 20, 80, 40)
        blit_text(surface, "Un texte bien trop long pour sa boîte", box.topleft, "body", 18, (0, 0, 0), box=box, owner="planted")


def test_the_text_fit_check_reports_a_text_planted_outside_its_box(monkeypatch):
    """Every other use of the check expects no overflow: a recorder that saw nothing would pass them all."""
    monkeypatch.setattr(check_text_fit, "samples", lambda: [("planted", lambda services: [TextPlantedOutsideItsBox()], False)])
    found = check_text_fit.check(sizes=[(1024, 640)], languages=["fr"], out=lambda line: None)
    assert len(found) == 1 and "1024x640 fr planted  planted: 'Un texte bien trop long pour sa boîte'" in found[0]


def test_a_recording_inside_another_leaves_the_outer_one_recording(ui):  # noqa: F811
    surface = pygame.Surface((400, 100))
    with recording() as outer:
        with recording() as inner:
            pass  # nothing drawn yet: both recordings hold the same (nothing)
        blit_text(
            surface, "Un texte bien trop long pour sa boîte", (10, 10), "body", 18, (0, 0, 0), box=pygame.Rect(0, 0, 80, 40)
        )
    assert inner == [] and [o.text for o in outer] == ["Un texte bien trop long pour sa boîte"]

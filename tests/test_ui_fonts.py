"""Fonts come from the package, are cached, and never show missing-glyph boxes."""

import pygame
from ui_helpers import init_pygame

from game import bundled
from game.ui import fonts


def test_every_face_file_ships_in_the_package():
    folder = bundled.data("assets.fonts")  # what the package ships (tests/test_build_tools.py: the mapping)
    for name in fonts.FACE_FILES.values():
        assert folder.joinpath(name).is_file()


def test_licence_files_ship_beside_the_fonts():
    folder = bundled.data("assets.fonts")  # what the package ships (tests/test_build_tools.py: the mapping)
    assert folder.joinpath("EBGaramond-copyright.txt").is_file()
    assert "Open Font License" in folder.joinpath("Cardo-copyright.txt").read_text(encoding="utf-8")


def test_fonts_are_cached_by_face_and_size():
    init_pygame()
    assert fonts.font("body", 20) is fonts.font("body", 20)
    assert fonts.font("body", 20) is not fonts.font("body", 21)


def test_missing_glyph_falls_back_to_cardo():
    init_pygame()
    assert ("fallback", "⟦") in fonts.runs("⟦key⟧", "body")


def test_french_accents_use_the_main_face():
    init_pygame()
    assert fonts.runs("Épée", "body") == [("body", "Épée")]


def test_digits_use_lining_figures():
    init_pygame()
    assert fonts.runs("212", "body") == [("fallback", "212")]


def test_rendered_lines_of_one_style_have_equal_height():
    init_pygame()
    assert (
        fonts.render("HABILETÉ", "title", 22, (0, 0, 0)).get_height()
        == fonts.render("ENDURANCE", "title", 22, (0, 0, 0)).get_height()
    )


def test_glyphs_are_still_checked_after_pygame_quits_and_starts_again():
    # The smoke ends with pygame.quit(); a later pygame.init() starts freetype again before a glyph is checked.
    init_pygame()
    fonts.has_glyph("title", "’")  # beyond Latin-1: asked of FreeType
    pygame.quit()
    pygame.init()
    init_pygame()
    fonts.has_glyph.cache_clear()
    assert fonts.has_glyph("title", "…")


def test_every_face_has_every_printable_latin_1_character_as_freetype_says():
    init_pygame()
    for face in fonts.FACE_FILES:
        coverage = fonts._coverage_font(face)
        missing = [char for char in sorted(fonts.IN_EVERY_FACE) if coverage.get_metrics(char)[0] is None]
        assert missing == [], face


def test_the_faces_are_opened_from_their_files():
    # FreeType reads what it needs from the file: the faces' bytes are not held in memory (issue 28).
    assert all(isinstance(fonts.font_source(face), str) for face in fonts.FACE_FILES)

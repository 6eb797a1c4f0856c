"""Fonts come from the package, are cached, and never show missing-glyph boxes."""

import random

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
    assert "ł" not in fonts.IN_EVERY_FACE  # asked of FreeType
    fonts.has_glyph("title", "ł")
    pygame.quit()
    pygame.init()
    init_pygame()
    fonts.has_glyph.cache_clear()
    assert fonts.has_glyph("title", "ł")


def test_every_face_has_every_character_said_to_be_in_every_face_as_freetype_says():
    init_pygame()
    fonts._ensure_init()
    for face in fonts.FACE_FILES:
        coverage = fonts._coverage_font(face)
        missing = [char for char in sorted(fonts.IN_EVERY_FACE) if coverage.get_metrics(char)[0] is None]
        assert missing == [], face


def test_the_faces_are_opened_from_their_files():
    # FreeType reads what it needs from the file: the faces' bytes are not held in memory (issue 28).
    assert all(isinstance(fonts.font_source(face), str) for face in fonts.FACE_FILES)


def _runs_char_by_char(text: str, face: str) -> list[tuple[str, str]]:
    """What runs() means, one character at a time (its path for any text with a character beyond SHOWN_AS_IS)."""
    result: list[tuple[str, str]] = []
    for char in "".join(fonts._displayable_char(c) for c in text):
        use = fonts._face_for(face, char)
        if result and result[-1][0] == use:
            result[-1] = (use, result[-1][1] + char)
        else:
            result.append((use, char))
    return result


SHOWN_TEXTS = ("", "Épée", "DF 31 · La Forteresse du Chaos", "212", "Œil 3", "à 10 h 05", "«\xa0Çà\xa0»", "9", "ÿ0a1b22")
MORE_TEXTS = ("Le Sorcier de la Montagne de Feu…", "‹ 1/3 ›", "cœur — 12 − 3 → 9", "“Oui” ‘non’ – 5 €")


def test_text_of_characters_shown_as_is_is_split_as_character_by_character_in_every_face():
    init_pygame()
    rng = random.Random(28)
    alphabet = sorted(fonts.SHOWN_AS_IS)
    texts = [*SHOWN_TEXTS, *MORE_TEXTS, *alphabet, *("".join(rng.choices(alphabet, k=rng.randint(1, 30))) for _ in range(300))]
    for face in fonts.FACE_FILES:
        for text in texts:
            assert fonts.runs(text, face) == _runs_char_by_char(text, face), (face, text)
            assert fonts.displayable(text) == text


def test_text_with_any_other_character_still_goes_character_by_character():
    init_pygame()
    for text in ("a\u00adb", "x\u00a0y", "\u2014 3 \u2026", "e\u0301", "\ud83d", "\x00a", "🙂 7"):
        for face in fonts.FACE_FILES:
            assert fonts.runs(text, face) == _runs_char_by_char(text, face), (face, text)

"""A save whose head holds one value the reader refuses (NaN, a lone surrogate, a byte that is not UTF-8, a field
written twice) is still listed on the shelf, with its file and why, and no listing, selection or opening changes it.

A save is the app's own file and replays whole, so one bad field makes the adventure unusable (it is not opened
with a default in its place, unlike a setting): what matters is that it is never hidden and never overwritten.
"""

from __future__ import annotations

import os

import pytest
from app_helpers import Driver, make_services
from test_hostile_save_heads import stamps, with_value, written

from game.scenes.bookshelf.scene import BookshelfScene
from game.storage import lock

REFUSED = {
    "NaN in the summary": (lambda text: with_value(text, "paragraph", "NaN", in_summary=True), "$.summary.paragraph", "NaN"),
    "Infinity as the format": (lambda text: with_value(text, "save_format", "Infinity"), "$.save_format", "Infinity"),
    "a lone surrogate in the hero": (
        lambda text: with_value(text, "hero", '"\\udce9"', in_summary=True), "$.summary.hero", "surrogate",
    ),
    "a byte that is not UTF-8 in the hero": (None, "$.summary.hero", "not UTF-8"),
}  # fmt: skip


def broken(path, edit) -> bytes:
    text = path.read_text(encoding="utf-8")
    if edit is None:  # the hero's name with one byte of Latin-1 in it, as another program might write it
        content = text.replace('  "hero": "', '  "hero": "Caf\x00', 1).encode("utf-8").replace(b"\x00", b"\xe9")
    else:
        content = edit(text).encode("utf-8")
    path.write_bytes(content)
    os.utime(path, (1_000_000_000, 1_000_000_000))
    return content


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_save_whose_head_holds_a_refused_value_is_listed_with_its_file_and_why(tmp_path, case):
    edit, where, words = REFUSED[case]
    services = make_services(tmp_path)
    written(services.saves.root, save_id="fine")
    path = written(services.saves.root, save_id="bad")
    broken(path, edit)
    listing = {item.id: item for item in services.saves.listing()}
    assert sorted(listing) == ["bad", "fine"] and listing["fine"].error is None
    error = listing["bad"].error
    assert listing["bad"].save is None and error.file == "bad.json" and error.path == where and words in error.reason


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_selecting_and_opening_a_save_with_a_refused_head_value_says_why_and_changes_no_file(tmp_path, case):
    services = make_services(tmp_path)
    path = written(services.saves.root, save_id="bad")
    broken(path, REFUSED[case][0])
    before = stamps(services.saves.root)
    driver = Driver(BookshelfScene(services))
    shelf = driver.top
    shelf.select_save("bad")
    said = shelf.message
    if shelf.controls.open_button.enabled:
        driver.click(shelf.controls.open_button)
    lock.release_all()
    assert said and "bad" in said and shelf.message_bad, said
    assert stamps(services.saves.root) == before


def test_a_head_field_written_twice_is_listed_with_its_last_value_as_every_json_reader_gives_it(tmp_path):
    path = written(tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(' "updated": ', ' "updated": "2000-01-01T00:00:00+00:00",\n "updated": ', 1), encoding="utf-8")
    from game.storage.saves import SaveStore

    listed = SaveStore(tmp_path).listed("a1")
    assert listed.error is None and listed.save.updated != "2000-01-01T00:00:00+00:00"


def latin1_hero(path) -> bytes:
    """The save with one byte of Latin-1 in the hero's name ("Café" from another program), as its bytes."""
    return broken(path, None)


@pytest.mark.parametrize(
    ("language", "words"), [("en", "byte that is not UTF-8 (0xe9)"), ("fr", "octet qui n'est pas de l'UTF-8 (0xe9)")]
)
def test_a_byte_that_is_not_utf8_in_a_head_field_is_said_by_that_field_on_the_shelf(tmp_path, language, words):
    services = make_services(tmp_path, language=language)
    services.ui.catalogue.set_language(language)
    latin1_hero(written(services.saves.root, save_id="bad"))
    shelf = Driver(BookshelfScene(services)).top
    shelf.select_save("bad")
    lock.release_all()
    assert "summary.hero" in shelf.message and words in shelf.message and shelf.message_bad, shelf.message


def test_a_byte_that_is_not_utf8_in_a_head_key_is_named_by_its_escape(tmp_path):
    path = written(tmp_path)
    path.write_bytes(path.read_bytes().replace(b'  "hero": "', b'  "he\xe9ro": "x\xe9', 1))
    from game.storage.saves import SaveStore

    error = SaveStore(tmp_path).listed("a1").error
    assert error.file == "a1.json" and "\\udce9" in error.path and "not UTF-8" in error.reason
    str(error).encode("utf-8")  # no surrogate reaches the log or the screen


def test_a_byte_that_is_not_utf8_after_the_head_is_said_at_its_byte_in_the_file(tmp_path):
    path = written(tmp_path)
    content = path.read_bytes()
    at = content.index(b'"log": ') + len(b'"log": {"')
    path.write_bytes(content[:at] + b"\xff" + content[at + 1 :])
    from game.storage.saves import SaveStore

    error = SaveStore(tmp_path).listed("a1").error
    assert (error.file, error.path, error.code, dict(error.params)) == ("a1.json", "$", "not_utf8", {"byte": at})


@pytest.mark.parametrize("byte", [b"\xff", b"\xe9", b"\xc3", b"\x80"])
def test_a_hostile_byte_anywhere_in_a_save_head_leaves_it_listed_named_and_unchanged(tmp_path, byte):
    from game.storage.saves import SaveStore

    path = written(tmp_path)
    content = path.read_bytes()
    for at in range(content.index(b'"snapshot"') + 1):
        hostile = content[:at] + byte + content[at + 1 :]
        path.write_bytes(hostile)
        listed = SaveStore(tmp_path).listed("a1")
        assert listed.id == "a1" and (listed.save is None) == (listed.error is not None), at
        if listed.error is not None:
            assert listed.error.file == "a1.json" and listed.error.reason, at
            str(listed.error).encode("utf-8")
        assert path.read_bytes() == hostile, at

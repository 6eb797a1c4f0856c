"""Each bundled text file is read when the first of its keys is asked (issue 28): a key's first part names its file.

``sheet.title`` is in sheet.<language>.json; a key whose first part has no file of its own is in <language>.json.
The texts read file by file are the merged tables' texts, key for key.
"""

from __future__ import annotations

import threading

import pytest

from game.i18n import catalogue
from game.i18n.catalogue import LANGUAGES, BundledTexts, Catalogue, base_key, checked_file, file_of, load_table


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_read_file_by_file_is_the_merged_tables_text(language):
    merged = load_table(language)
    texts = BundledTexts(language)
    assert all(texts.get(key) == text for key, text in merged.items())
    assert len(texts) == len(merged) and set(texts) == set(merged)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_key_no_file_holds_has_no_text(language):
    texts = BundledTexts(language)
    assert texts.get("shelf.no_such_text") is None and texts.get("nosection.nothing") is None
    assert "shelf.no_such_text" not in texts
    with pytest.raises(KeyError):
        texts["shelf.no_such_text"]


def test_a_key_is_in_its_first_parts_file_else_in_the_languages_own():
    assert file_of("fr", "shelf.books") == "shelf.fr.json"
    assert file_of("en", "action.roll_hero") == "action.en.json"
    assert file_of("fr", "common.ok") == "fr.json"
    assert file_of("en", "nodot") == "en.json"


def test_a_file_holding_a_key_of_another_file_is_refused():
    with pytest.raises(ValueError, match=r"sheet.fr.json holds keys .* \['shelf.books'\]"):
        checked_file("sheet.fr.json", {"sheet.title": "Feuille", "shelf.books": "Les livres"})
    with pytest.raises(ValueError, match="fr.json holds keys"):
        checked_file("fr.json", {"common.ok": "OK", "sheet.title": "Feuille"})


def test_a_file_that_is_not_a_flat_object_of_strings_is_refused():
    with pytest.raises(ValueError, match="flat object of strings"):
        checked_file("shelf.fr.json", {"shelf.books": ["Les livres"]})


def test_the_shelfs_texts_read_only_the_shelfs_file_and_the_languages_own():
    catalogue = Catalogue("fr")
    catalogue.t("shelf.books")
    catalogue.t("common.ok")
    catalogue.t("shelf.no_such_text")
    texts = catalogue._table("fr")
    assert isinstance(texts, BundledTexts) and texts._files == {"shelf.fr.json", "fr.json"}


def test_the_keys_under_a_first_part_read_only_its_file():
    catalogue = Catalogue("en")
    merged = load_table("en")
    assert catalogue.keys_under("reasons.") == {base_key(k).removeprefix("reasons.") for k in merged if k.startswith("reasons.")}
    texts = catalogue._table("en")
    assert isinstance(texts, BundledTexts) and texts._files == {"reasons.en.json"}


def test_a_text_asked_by_another_thread_while_its_file_is_being_read_is_found(monkeypatch):
    """The speech thread and the odds worker ask texts too: a file being read is not yet a file read."""
    texts = BundledTexts("fr")
    read = catalogue._read_file
    answers: list[str | None] = []

    def read_while_another_thread_asks(name: str) -> dict[str, str]:
        if not answers:
            answers.append("asking")
            asker = threading.Thread(target=lambda: answers.append(texts.get("shelf.books")))
            asker.start()
            asker.join()
        return read(name)

    monkeypatch.setattr(catalogue, "_read_file", read_while_another_thread_asks)
    assert texts.get("shelf.books") == answers[1] == read("shelf.fr.json")["shelf.books"]


def test_the_keys_under_a_prefix_are_listed_while_another_file_is_read():
    texts = BundledTexts("en")
    keys = iter(texts.under("shelf."))
    next(keys)
    texts.get("sheet.title")  # another thread's first text of the sheet, while the shelf's keys are listed
    assert all(key.startswith("shelf.") for key in keys)

"""A system's refusal said in the player's language (game.ui.file_words): no English from the system in a
French sentence (issue 30 item 15: « Permission denied » inside a French message), every refusal of
game.safe_file and every errno the app names has words in both catalogues."""

from __future__ import annotations

import errno
import os

import pytest
from app_helpers import make_services
from test_drop_files import drop, shelf_driver, summary

from game.i18n.catalogue import Catalogue
from game.safe_file import KIND_WORDS, REFUSALS, FileRefused, read_bytes
from game.safe_json import InputError, read_text_file
from game.scenes.common.files.folder import read_folder
from game.scenes.common.files.view import folder_status
from game.ui.file_words import ERRNO_KEYS, input_error_words, os_error_words

ENGLISH_OF_THE_SYSTEM = ("Permission denied", "No such file", "named pipe", "not a file", "is not read")


@pytest.fixture
def services(tmp_path):
    return make_services(tmp_path)


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_refusal_and_every_kind_of_file_has_words_in_both_languages(language):
    catalogue = Catalogue(language)
    keys = [f"files.not_read.{code}" for code in REFUSALS] + [f"files.kind.{code}" for code in KIND_WORDS]
    keys += [f"files.os.{key}" for key in set(ERRNO_KEYS.values())]
    keys += ["files.os.other", "files.os.missing_named", "files.unreadable"]
    missing = [key for key in keys if not catalogue.has(key)]
    assert not missing


def test_a_fifo_refused_is_said_in_french_with_its_kind(services, tmp_path):
    os.mkfifo(tmp_path / "pipe.json")
    with pytest.raises(FileRefused) as refused:
        read_bytes(tmp_path / "pipe.json", 1000)
    words = os_error_words(services.ui, refused.value)
    assert words == "est un tube nommé (FIFO), pas un fichier : il n'est pas ouvert"
    assert "named pipe" in refused.value.reason  # the logs and the tools keep the English sentence


def test_a_file_over_its_limit_says_its_size_and_the_limit(services, tmp_path):
    (tmp_path / "big.json").write_bytes(b" " * 2000)
    with pytest.raises(FileRefused) as refused:
        read_bytes(tmp_path / "big.json", 1000)
    words = os_error_words(services.ui, refused.value)
    assert words == "fait 2000 octets, plus que la limite de 1000 octets : il n'est pas lu"


def test_permission_denied_is_said_in_french(services):
    error = PermissionError(errno.EACCES, "Permission denied", "/saves/a1.json")
    assert os_error_words(services.ui, error) == "accès refusé"


def test_a_missing_file_with_a_name_is_named(services):
    error = FileNotFoundError(errno.ENOENT, "No such file or directory", "/usr/bin/xdg-open")
    assert os_error_words(services.ui, error) == "xdg-open n'existe pas"


def test_an_errno_without_words_keeps_its_code_beside_the_systems_own_words(services):
    error = OSError(errno.ENOLINK, "Link has been severed")
    assert os_error_words(services.ui, error) == "erreur du système ENOLINK (Link has been severed)"


def test_the_same_refusal_reads_in_english_when_the_player_chose_english(services):
    services.ui.catalogue.set_language("en")
    assert os_error_words(services.ui, OSError(errno.ENOSPC, "No space left on device")) == "no space left on the disk"


def test_a_file_the_system_will_not_read_gives_an_input_error_that_keeps_the_cause(services, tmp_path, monkeypatch):
    def denied(*_args, **_kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    (tmp_path / "book.json").write_text("{}", encoding="utf-8")
    monkeypatch.setattr("game.safe_file.os.open", denied)
    with pytest.raises(InputError) as error:
        read_text_file(tmp_path / "book.json")
    assert isinstance(error.value.cause, PermissionError)
    assert input_error_words(services.ui, error.value) == "illisible (accès refusé)"


def test_odd_files_dropped_on_a_french_shelf_are_refused_in_french_only(services, tmp_path):
    driver = shelf_driver(services)
    os.mkfifo(tmp_path / "pipe.json")
    (tmp_path / "folder.json").mkdir()
    drop(driver, tmp_path / "pipe.json", tmp_path / "folder.json", tmp_path / "missing.json")
    said = summary(driver)
    assert "tube nommé" in said and "un dossier" in said and "missing.json n'existe pas" in said
    assert not [words for words in ENGLISH_OF_THE_SYSTEM if words in said], said


def test_a_folder_the_browser_cannot_list_says_why_in_french(services, tmp_path):
    listing = read_folder(tmp_path / "nowhere")
    assert isinstance(listing.error, OSError)
    lines = folder_status(services.ui, listing, ".json")
    assert "nowhere n'existe pas" in lines[0] and "No such file" not in lines[0]

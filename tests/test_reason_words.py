"""Why a file is refused, in the player's language (issue 26): the JSON reader's, the validator's and pydantic's
reasons are codes with parameters, said by the catalogue (``reasons.<code>``, fr and en, CLDR plurals); no English
reason reaches a French screen (the builder, the import dialog, the shelf's errors, the ``--book`` window, the
settings' problems), and the English stays for the logs and ``tools/validate_books.py``."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from app_helpers import Driver, book_data, make_services, write_json
from tool_helpers import run_tool

from game import __main__ as entry
from game.app.dialog import Dialog
from game.app.display import Display
from game.app.lifecycle import StopSignals
from game.app.scene import SceneStack
from game.books.loader import PATTERNS
from game.i18n.catalogue import load_table, ordered_placeholders
from game.rules.dice import RandomDice
from game.rules.session import Session
from game.safe_json import JSON_MISTAKES, SAME_AS
from game.scenes.book_builder.scene import BookBuilderScene
from game.scenes.bookshelf.importer import ImportScene
from game.scenes.bookshelf.scene import BookshelfScene
from game.storage import lock
from game.ui.file_words import error_words

ROOT = Path(__file__).resolve().parent.parent
EN, FR = load_table("en"), load_table("fr")


def english_fragments() -> set[str]:
    """The words of every English reason between its placeholders (long enough to be telling), and pydantic's."""
    pieces = {"Input should", "Value error", "Field required", "Unable to extract", "Extra inputs", "is not valid JSON"}
    for key, text in EN.items():
        if key.startswith("reasons.") and not key.startswith("reasons.word.") and FR.get(key) != text:
            pieces.update(piece.strip() for piece in re.split(r"\{[^}]*\}", text) if len(piece.strip()) >= 14)
    return pieces


ENGLISH = english_fragments()


def english_in(text: str) -> list[str]:
    """The English reasons' words found in ``text`` (none on a French screen)."""
    return sorted(piece for piece in ENGLISH if piece in text)


# -- every code has its words --------------------------------------------------------------------------


def codes_raised() -> set[str]:
    """Every reason code the game's source gives: the first text of a call that makes a reason, and the codes
    built from tables (the JSON reader's mistakes, the patterns said in words, an expression's "_end" variants)."""
    makers = {"refusal", "coded", "coded_refusal", "_error", "ExprError", "MigrationError", "_Refused", "error"}
    found: set[str] = set()
    for path in (ROOT / "game").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name not in makers:
                continue
            texts = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            code = texts[1] if name == "MigrationError" and len(texts) > 1 else next(iter(texts[-1:]), None)
            if name in ("coded", "coded_refusal", "_error"):
                code = texts[-1] if texts else None
            if code is None or not re.fullmatch(r"[a-z][a-z0-9_]*", code):
                continue
            if name == "ExprError":
                code = f"expr_{code}"
            if name == "error":  # the expression parser's: the code, and its "_end" variant
                found.update({f"expr_{code}", f"expr_{code}_end"})
                continue
            found.add(code)
    found |= {f"json_{mistake}" for mistake in JSON_MISTAKES.values()} | {"json_empty", "json_broken", "other"}
    found |= set(PATTERNS.values()) | set(SAME_AS.values())
    found |= {f"expr_expected_{what}{end}" for what in ("colon", "parenthesis", "comma") for end in ("", "_end")}
    found |= {f"expr_operand_{what}" for what in ("not", "minus", "side", "condition", "argument")}
    found |= {f"expr_constant_{kind}" for kind in ("divide_by_zero", "overflow", "unavailable")}
    return found - {"side", "not", "minus", "condition", "argument", "colon", "parenthesis", "comma"}


def has_words(table: dict[str, str], key: str) -> bool:
    return key in table or f"{key}.other" in table


def test_every_reason_code_the_game_gives_has_words_in_french_and_english():
    codes = codes_raised()
    assert len(codes) > 150  # the scan found the reasons (a broken scan would find none and pass)
    missing = sorted(code for code in codes if not (has_words(FR, f"reasons.{code}") and has_words(EN, f"reasons.{code}")))
    assert missing == []


def test_every_word_a_reason_names_has_words_in_french_and_english():
    words = {key for key in EN if key.startswith("reasons.word.")}
    assert words == {key for key in FR if key.startswith("reasons.word.")}
    for kinds in ("score", "counter", "track", "score+counter", "score+counter+track", "score+counter+track+flag"):
        assert f"reasons.word.{kinds}" in words  # every target kind the checks name (ff_checks._known)


def test_a_reason_counted_has_its_plural_forms_in_both_languages():
    counted = [key for key in EN if key.startswith("reasons.") and key.endswith(".other") and key.count(".") > 1]
    assert counted and all(key.replace(".other", ".one") in EN and key in FR for key in counted)
    fr = {key: ordered_placeholders(text) for key, text in FR.items() if key.startswith("reasons.")}
    assert all(sorted(fr[key]) == sorted(ordered_placeholders(EN[key])) for key in fr)


# -- the import dialog, in French, on broken files of every kind ------------------------------------------------


def ff1(**changes):
    return book_data("FF1", id="MINE", **changes)


def ending(test):
    return {"id": "end", "if": test, "outcome": "victory", "message": {"fr": "Fin", "en": "End"}}


def with_stat(change):
    data = ff1()
    change(data["stats"][0])
    return data


BROKEN = {
    "invalid_json": (b"{ nope", "n'est pas du JSON valide : une clé entre guillemets droits est attendue ligne 1, colonne 3"),
    "empty": (b"", "le fichier est vide : il faut un texte JSON"),
    "not_utf8": ('{"id": "Élan"}'.encode("latin-1"), "n'est pas un texte UTF-8 (octet 8) : enregistrez-le en UTF-8"),
    "deep": (b"[" * 5000 + b"]" * 5000, "s'imbrique plus profondément que la limite de 32 niveaux"),
    "huge_number": (b'{"n": ' + b"9" * 5000 + b"}", "contient un nombre de 5000 chiffres"),
    "not_an_object": (b"[1, 2]", "doit être un objet { … }"),
    "no_kind": (b'{"id": "X"}', "le champ « kind » est obligatoire"),
    "wrong_union_tag": (json.dumps(ff1(kind="dnd")).encode(), "« dnd » n'est pas l'un des genres permis pour « kind »"),
    "missing_field": (
        json.dumps({k: v for k, v in ff1().items() if k != "title"}).encode(),
        "à title : ce champ est obligatoire",
    ),
    "wrong_type": (json.dumps(ff1(section_count="x")).encode(), "à section_count : doit être un nombre entier"),
    "bad_dice": (
        json.dumps(with_stat(lambda s: s["roll"].update(dice="deux"))).encode(),
        "roll.dice : doit être un nombre entier",
    ),
    "out_of_bounds": (json.dumps(with_stat(lambda s: s["roll"].update(sides=1))).encode(), "roll.sides : doit valoir au moins 2"),
    "typo": (json.dumps(ff1(sectoin_count=3)).encode(), "ce champ ne fait pas partie du format du fichier"),
    "reference": (json.dumps(ff1(meal={"counter": "nope", "stamina": 4})).encode(), "« nope » n'est pas l'un des compteurs"),
    "expression": (
        json.dumps(ff1(endings=[ending("skil > 3")])).encode(),
        "« skil » n'est pas un nom de ce livre (vouliez-vous dire 'skill' ?)",
    ),
}


def import_through_the_dialog(services, path, adventure=False):
    """The shelf's import dialog (a book's, or an adventure's) given ``path``: the driver once it is confirmed."""
    driver = Driver(BookshelfScene(services))
    driver.top.ask_import() if adventure else driver.top.ask_import_book()
    driver.send()
    assert isinstance(driver.top, ImportScene)
    driver.top.field.text = str(path)
    driver.top.confirm()
    driver.send()
    return driver


def import_dialog(services, path, adventure=False):
    """What the import dialog says of ``path``, refused (the dialog stays open)."""
    driver = import_through_the_dialog(services, path, adventure)
    assert isinstance(driver.top, ImportScene), "a broken file is refused and the dialog stays open"
    return "\n".join(driver.top.errors)


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_the_import_dialog_says_in_french_why_a_broken_book_is_refused(tmp_path, kind):
    content, french = BROKEN[kind]
    path = tmp_path / "mine.json"
    path.write_bytes(content)
    shown = import_dialog(make_services(tmp_path), path)
    assert french in shown and english_in(shown) == [] and "$" not in shown, shown


def test_a_book_file_that_starts_with_a_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "mine.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(ff1()).encode())  # Notepad's UTF-8
    services = make_services(tmp_path)
    import_through_the_dialog(services, path)
    assert "MINE" in services.shelf.books


def test_the_import_dialog_says_in_french_why_an_adventure_is_refused(tmp_path):
    path = write_json(tmp_path / "adventure.json", {"save_format": 99, "app_version": "9.0"})
    shown = import_dialog(make_services(tmp_path), path, adventure=True)
    assert "vient de Feuille d'Aventure 9.0, une version plus récente" in shown and english_in(shown) == [], shown


def test_the_same_refusal_reads_in_english_when_the_player_chose_english(tmp_path):
    path = tmp_path / "mine.json"
    path.write_bytes(json.dumps(ff1(section_count="x")).encode())
    services = make_services(tmp_path)
    services.settings.language = "en"
    services.apply_settings()
    assert "at section_count: must be a whole number" in import_dialog(services, path)


# -- the builder, the shelf's errors, the --book window, the settings -------------------------------------------


def test_the_builder_says_every_problem_in_french(tmp_path):
    builder = BookBuilderScene(make_services(tmp_path))
    builder.form.scores[0].name.fr = builder.form.scores[0].name.en = ""  # missing
    builder.form.scores[1].roll = "99d6"  # out of bounds
    builder.form.scores[2].roll = "deux dés"  # not a dice formula
    builder.changed()
    shown = "\n".join(builder.problems)
    assert "ne doit pas être vide" in shown and "doit valoir au plus 10" in shown, shown
    assert "« deux dés » n'est ni des dés" in shown, shown
    assert english_in(shown) == [], shown


def test_a_book_without_stamina_is_said_in_french_in_the_builder(tmp_path):
    builder = BookBuilderScene(make_services(tmp_path))
    del builder.form.scores[1]  # STAMINA
    builder.changed()
    shown = "\n".join(builder.problems)
    assert "est obligatoire" in shown and english_in(shown) == [], shown


def test_the_shelf_says_the_errors_of_a_broken_book_of_its_folder_in_french(tmp_path):
    services = make_services(tmp_path)
    services.own_books.mkdir(parents=True, exist_ok=True)
    write_json(services.own_books / "MINE.json", ff1(section_count="x", meal={"counter": "nope", "stamina": 4}))
    services.reload_books()
    driver = Driver(BookshelfScene(services))
    driver.click(driver.top.controls.error_buttons[0])
    assert isinstance(driver.top, Dialog)
    shown = str(driver.top.message)
    assert "à section_count : doit être un nombre entier" in shown and "« nope » n'est pas l'un des compteurs" in shown
    assert english_in(shown) == [] and "$" not in shown, shown


def test_the_book_window_says_the_errors_in_french(tmp_path):
    path = write_json(tmp_path / "AUTHOR1.json", book_data("FF1", id="OTHER"))  # its id is not its file's name
    services = make_services(tmp_path)
    stack = SceneStack()
    args = entry.parse_args(["--book", str(path)])
    loop = entry.main_loop(args, services, stack, Display((1280, 720), fullscreen=False, title="t"), StopSignals())
    loop.run_frames(2)
    assert isinstance(stack.top, Dialog)
    shown = str(stack.top.message)
    assert "à id : vaut « OTHER » mais le fichier s'appelle « AUTHOR1.json »" in shown and english_in(shown) == [], shown


def test_the_settings_problems_are_said_in_french_on_the_shelf_and_in_english_in_the_start_check(tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps({"demo_book": 42, "ui_scale": "big"}), encoding="utf-8")
    services = make_services(tmp_path)
    shown = "\n".join(services.problems)
    assert "settings.json : le réglage « demo_book » n'est pas utilisé (doit être un texte entre guillemets)" in shown
    assert english_in(shown) == [], shown
    assert any("demo_book: must be a text in quotes" in str(p) for p in services.settings_problems)
    driver = Driver(BookshelfScene(services))
    assert "le réglage « demo_book »" in driver.top.message


def test_a_settings_file_that_is_not_json_is_said_in_french(tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_bytes(b"\xff\xfe garbage")
    shown = "\n".join(make_services(tmp_path).problems)
    assert "settings.json n'est pas utilisé (n'est pas un texte UTF-8" in shown and english_in(shown) == [], shown


# -- the tool ------------------------------------------------------------------------------------------


def test_validate_books_prints_every_error_in_french_in_one_pass_with_plurals(tmp_path):
    write_json(tmp_path / "MINE.json", ff1(section_count="x", meal={"counter": "nope", "stamina": 4}))
    (tmp_path / "Broken.json").write_bytes(b"{oops")
    result = run_tool("validate_books", "--language", "fr", str(tmp_path), str(tmp_path / "absent.json"))
    lines = result.stdout.splitlines()
    assert "ERREUR MINE.json : à section_count : doit être un nombre entier" in lines
    assert any(line.startswith("ERREUR MINE.json : à meal.counter : « nope »") for line in lines)
    assert f"ERREUR {tmp_path / 'absent.json'} : le fichier ou le dossier n'existe pas" in lines
    assert lines[-1] == "0 livre valide, 3 fichiers en erreur (4 erreurs)" and "$" not in result.stdout
    assert english_in(result.stdout) == [] and result.returncode == 1
    one = run_tool("validate_books", "--language", "fr", str(ROOT / "books" / "FF1.json"))
    assert one.stdout.splitlines()[-1] == "1 livre valide, 0 fichier en erreur (0 erreur)"


def test_validate_books_takes_its_language_from_the_environment(tmp_path, monkeypatch):
    (tmp_path / "Broken.json").write_bytes(b"")
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)  # LANG alone, as in an environment that sets only it
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    french = run_tool("validate_books", str(tmp_path))
    assert "ERREUR Broken.json : le fichier est vide" in french.stdout
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    english = run_tool("validate_books", str(tmp_path))
    assert "ERROR Broken.json: the file is empty" in english.stdout


def test_an_expression_refusal_keeps_its_place_and_its_english_for_the_logs(tmp_path):
    from game.books.loader import BookError, load_book

    path = write_json(tmp_path / "MINE.json", ff1(endings=[ending("skill > ")]))
    error = pytest.raises(BookError, load_book, path).value
    assert error.path == "$.endings[0].if" and error.code == "expression"
    assert error.reason.startswith("at character 9: expected a value (a number, a name, a text in quotes)")


def test_a_huge_text_of_the_file_named_in_a_reason_is_said_shortened(tmp_path):
    path = tmp_path / "mine.json"
    path.write_bytes(json.dumps(ff1(kind="k" * 19_000)).encode())
    shown = import_dialog(make_services(tmp_path), path)
    assert "« " + "k" * 119 + "… » n'est pas l'un des genres permis" in shown and len(shown) < 1000


def test_a_broken_books_line_on_a_narrow_shelf_ends_in_an_ellipsis_when_cut(tmp_path, monkeypatch):
    import game.scenes.bookshelf.paint as paint

    drawn: list[str] = []
    real = paint.fit_lines

    def recording(text, *args, **kwargs):
        lines, cut = real(text, *args, **kwargs)
        if text.startswith("Livre illisible"):
            drawn[:] = lines
        return lines, cut

    monkeypatch.setattr(paint, "fit_lines", recording)
    services = make_services(tmp_path)
    services.own_books.mkdir(parents=True, exist_ok=True)
    write_json(services.own_books / "BAD.json", ff1(section_count="x", meal={"counter": "nope", "stamina": 4}))
    services.reload_books()
    Driver(BookshelfScene(services), window=(960, 540)).send()
    assert len(drawn) == 2 and drawn[-1].endswith("…") and english_in(" ".join(drawn)) == [], drawn


def test_what_was_in_the_way_of_the_saves_is_said_in_french_on_the_shelf(tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "saves").write_text("not a folder", encoding="utf-8")
    services = make_services(tmp_path)
    driver = Driver(BookshelfScene(services))
    shown = driver.top.message
    assert "est un fichier, pas le dossier des sauvegardes ; la prochaine sauvegarde l'écarte" in shown, shown
    assert english_in(shown) == [], shown


def save_refused_at_its_last_action(services, action: dict) -> str:
    """An adventure of DF49 saved at paragraph 3, its log's last action changed to ``action``."""
    session = Session(services.shelf.books["DF49"], RandomDice(2))
    session.apply({"do": "roll_hero"})
    session.apply({"do": "paragraph", "number": 3})
    services.saves.write("a1", session)
    lock.release_all()  # saved by an earlier run
    path = services.saves.path("a1")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["log"]["entries"][-1]["action"] = action
    path.write_text(json.dumps(data), encoding="utf-8")
    return "a1"


def test_a_save_the_rules_refuse_to_replay_names_its_action_and_the_rules_reason_in_french(tmp_path):
    services = make_services(tmp_path)
    save_refused_at_its_last_action(services, {"do": "roll_hero"})
    driver = Driver(BookshelfScene(services))
    driver.top.select_save("a1")
    shown = driver.top.message
    assert "les règles refusent son action n° 2 (Création du héros aux dés)" in shown, shown
    assert "Le héros est déjà créé" in shown and "en anglais" not in shown, shown
    assert english_in(shown) == [] and "already created" not in shown, shown


def test_a_refusal_the_catalogue_has_no_words_for_keeps_the_rules_english_inside_french_words():
    from game.i18n.catalogue import Catalogue
    from game.safe_json import refusal_words

    said = refusal_words(Catalogue("fr").t, {"refused": "no_such_code", "params": {}, "message": "a new refusal"})
    assert said == "Action impossible pour le moment : a new refusal"


def test_a_system_refusal_in_a_storage_notice_is_said_in_french(tmp_path, monkeypatch):
    import errno

    import game.storage.saves as saves

    real = saves.atomic_write_text

    def refusing(path, text):
        if path.name == "last.txt":
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path, text)

    monkeypatch.setattr(saves, "atomic_write_text", refusing)
    services = make_services(tmp_path)
    services.saves.set_last("a1")
    [notice] = services.saves.take_notices()
    shown = error_words(services.ui, notice)
    assert "impossible de retenir l'aventure à continuer (accès refusé)" in shown, shown
    assert "Permission denied" not in shown and "le système dit" not in shown, shown
    assert "Permission denied" in notice.reason  # the logs keep the system's words


def test_a_stray_that_cannot_be_moved_aside_is_said_with_the_system_refusal_in_french(tmp_path, monkeypatch):
    import errno

    from game.storage import versions

    (tmp_path / "last.txt").mkdir()
    notices = []

    def refusing(source, target):
        raise OSError(errno.EROFS, "Read-only file system", str(source))

    monkeypatch.setattr(versions.os, "rename", refusing)
    assert versions.move_aside(tmp_path / "last.txt", "folder", notices.append, required=False) is False
    shown = error_words(make_services(tmp_path / "app").ui, notices[0])
    assert "ne peut pas être écarté" in shown and "Read-only" not in shown and english_in(shown) == [], shown


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("window", [(960, 540), (1280, 720)])
def test_a_counters_captions_are_whole_in_the_builder(tmp_path, language, window):
    from game.ui.text_fit import ellipsize

    services = make_services(tmp_path)
    services.settings.language = language
    services.apply_settings()
    builder = Driver(BookBuilderScene(services), window=window).top
    size = services.ui.theme.text_size("small") - 2  # the captions' size (paint_captions)
    for field, key in (("start", "builder.start"), ("maximum", "builder.maximum"), ("meal", "builder.meal")):
        widget = next(
            w for name, w in builder.controls.named.items() if name.startswith("counter") and name.endswith(f".{field}")
        )
        caption = services.ui.t(key)
        assert ellipsize(caption, "italic", size, widget.rect.width) == caption, (field, caption, widget.rect.width)

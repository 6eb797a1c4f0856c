"""A save whose head is hostile is listed as the model lists it, says what is wrong, and is never changed.

The shelf reads a head the app wrote as plain data (game.storage.save_head.plain_head) and any other through
the model (game.storage.save_file.read_save_head). Here the heads are real files, written as a hand or a broken
disk leaves them: every field of the wrong JSON type or out of bounds, JSON escapes the reader refuses, a head
that claims another book or hero than its log, a truncated file; then a shelf of 20 saves, some broken, whose
broken ones are selected and opened: each says why, and no file changes (bytes and modification time).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from app_helpers import Driver, make_services
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.books.loader import load_shelf
from game.rules.dice import RandomDice
from game.rules.session import Session
from game.scenes.bookshelf.scene import BookshelfScene
from game.storage import lock, save_file
from game.storage.save_head import Head, SaveError
from game.storage.saves import SaveStore, read_save_head

BOOKS = load_shelf().books
HEAD_FIELDS = ["app", "save_format", "app_version", "id", "book", "book_hash", "created", "updated", "summary"]
SUMMARY_FIELDS = ["hero", "paragraph", "alive", "detail"]
# JSON texts, as written in the file (escapes included): the reader refuses some, the model others.
HOSTILE = [
    "null", "true", "false", "0", "-0", "-0.0", "3", "3.0", "2", "4", "99", "1e308", "1e400", "9" * 30, "NaN",
    "-Infinity", '""', '"3"', '"\\u0000"', '"\\ud800"', '"DF49\\n"', '"a\\u0000b"', '"' + "x" * 65 + '"',
    '"' + "y" * 1001 + '"', "[]", "{}", '["DF49"]', '{"hero": "x"}', "100000", "100001", "-1", '"\\u00e9"',
]  # fmt: skip


def written(tmp_path: Path, paragraph: int = 1, save_id: str = "a1") -> Path:
    store = SaveStore(tmp_path)
    session = Session(BOOKS["DF49"], RandomDice(paragraph))
    session.apply({"do": "roll_hero"})
    session.apply({"do": "paragraph", "number": paragraph})
    store.write(save_id, session)
    lock.release_all()
    return store.path(save_id)


def with_value(text: str, name: str, value: str, in_summary: bool = False) -> str:
    """The save's text with one field of its head (or of its summary) written as ``value``, as a hand would."""
    lines = text.split("\n")
    indent = '  "' if in_summary else ' "'
    for index, line in enumerate(lines):
        if line.startswith(f'{indent}{name}": '):
            comma = "," if line.endswith(",") else ""
            lines[index] = f'{indent}{name}": {value}{comma}'
            return "\n".join(lines)
    raise AssertionError(f"no line for {name}")


def listed_by_the_model(path: Path) -> tuple[str, object]:
    try:
        return "head", Head.of(save_file.read_save_head(path, path.parent))
    except SaveError as error:
        return "error", (error.path, error.code)


def listed(path: Path) -> tuple[str, object]:
    try:
        return "head", read_save_head(path, path.parent)
    except SaveError as error:
        return "error", (error.path, error.code)


@pytest.fixture(scope="module")
def save_text(tmp_path_factory) -> str:
    return written(tmp_path_factory.mktemp("written")).read_text(encoding="utf-8")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    field=st.sampled_from([(name, False) for name in HEAD_FIELDS] + [(name, True) for name in SUMMARY_FIELDS]),
    value=st.sampled_from(HOSTILE),
)
def test_a_hand_edited_head_is_listed_as_the_model_lists_it(tmp_path, save_text, field, value):
    name, in_summary = field
    path = tmp_path / "a1.json"
    if name == "summary":  # the summary's lines, then the value in their place
        head, _, rest = save_text.partition(' "summary": {')
        text = head + f' "summary": {value},' + rest[rest.index("\n },") + len("\n },") :]
    else:
        text = with_value(save_text, name, value, in_summary)
    path.write_text(text, encoding="utf-8")
    assert listed(path) == listed_by_the_model(path)


@pytest.mark.parametrize(
    ("edit", "where", "code"),
    [
        (lambda text: with_value(text, "save_format", '"3"'), "$.save_format", "save_format_not_number"),
        (lambda text: with_value(text, "save_format", "99"), "$.save_format", "save_format_newer_by"),
        (lambda text: with_value(text, "book", '"DF49\\n"'), "$.book", "string_pattern_mismatch"),
        (lambda text: with_value(text, "paragraph", "-1", in_summary=True), "$.summary.paragraph", "greater_than_equal"),
        (lambda text: with_value(text, "hero", '"\\ud800"', in_summary=True), "$.summary.hero", "json_surrogate"),
        (lambda text: with_value(text, "created", "NaN"), "$.created", "json_not_a_number"),
        (lambda text: text[:150], "$", "json_string"),
    ],
)
def test_a_broken_head_is_listed_with_where_and_why(tmp_path, edit, where, code):
    path = written(tmp_path)
    path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    listing = SaveStore(tmp_path).listed("a1")
    assert listing.save is None and (listing.error.path, listing.error.code) == (where, code), listing.error


def test_a_head_that_claims_another_book_than_its_log_is_said_when_selected_and_the_file_kept(tmp_path):
    path = written(tmp_path)
    path.write_text(with_value(path.read_text(encoding="utf-8"), "book", '"DF31"'), encoding="utf-8")
    before = path.read_bytes()
    store = SaveStore(tmp_path)
    assert store.listed("a1").save.book == "DF31"  # the head says so, until the log is read
    problem = store.replay_problem("a1", 0, BOOKS)
    assert problem is not None and "DF49" in problem.reason and "DF31" in problem.reason
    assert path.read_bytes() == before


def test_a_head_that_claims_another_hero_is_listed_with_what_its_log_replays_to_once_selected(tmp_path):
    path = written(tmp_path, paragraph=12)
    text = with_value(path.read_text(encoding="utf-8"), "hero", '"Liar"', in_summary=True)
    path.write_text(with_value(text, "paragraph", "400", in_summary=True), encoding="utf-8")
    before = path.read_bytes()
    store = SaveStore(tmp_path)
    assert store.listed("a1").save.summary.hero == "Liar"
    assert store.replay_problem("a1", 0, BOOKS) is None
    assert store.listed("a1").save.summary.paragraph == 12 and path.read_bytes() == before


def test_a_head_edited_into_a_broken_one_while_the_shelf_is_open_is_said_when_selected(tmp_path):
    services = make_services(tmp_path)
    path = written(services.saves.root)
    driver = Driver(BookshelfScene(services))
    shelf = driver.top
    path.write_text(with_value(path.read_text(encoding="utf-8"), "save_format", "99"), encoding="utf-8")
    before = path.read_bytes()
    shelf.select_save("a1")
    assert shelf.message_bad and "99" in shelf.message and path.read_bytes() == before


BROKEN = {
    "s00": lambda text: with_value(text, "save_format", '"3"'),
    "s01": lambda text: with_value(text, "paragraph", "-4", in_summary=True),
    "s02": lambda text: with_value(text, "save_format", "9"),
    "s03": lambda text: text[:100],
    "s04": lambda text: with_value(text, "book", '"DF31"'),
    "s05": lambda text: with_value(text, "book", '"NOPE"'),
    "s06": lambda text: with_value(text, "created", "5"),
    "s07": lambda text: text[: len(text) - 60],
    "s08": lambda text: with_value(text, "app", '"other-app"'),
    "s09": lambda text: with_value(text, "hero", "[1]", in_summary=True),
    "s10": lambda text: "\ufeff" + text + "\x00",
}


@pytest.fixture
def shelf_of_twenty(tmp_path):
    services = make_services(tmp_path)
    for number in range(20):
        path = written(services.saves.root, paragraph=number + 1, save_id=f"s{number:02d}")
        if path.stem in BROKEN:
            path.write_text(BROKEN[path.stem](path.read_text(encoding="utf-8")), encoding="utf-8")
        os.utime(path, (1_000_000_000, 1_000_000_000 + number))
    return services


def stamps(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.iterdir() if not p.name.endswith(".lock")}


def test_a_shelf_of_twenty_saves_lists_every_one_and_names_what_is_wrong_with_each_broken_head(shelf_of_twenty):
    listing = {item.id: item for item in shelf_of_twenty.saves.listing()}
    assert sorted(listing) == [f"s{number:02d}" for number in range(20)]
    refused_heads = {save_id for save_id, item in listing.items() if item.error is not None}
    assert refused_heads == {"s00", "s01", "s02", "s03", "s06", "s08", "s09", "s10"}  # s10: read whole, for its mark
    for save_id in refused_heads:
        assert listing[save_id].error.file == f"{save_id}.json" and listing[save_id].error.reason


def test_opening_each_broken_save_from_the_shelf_says_why_and_changes_no_file(shelf_of_twenty):
    services = shelf_of_twenty
    before = stamps(services.saves.root)
    for save_id in sorted(BROKEN):
        driver = Driver(BookshelfScene(services))
        shelf = driver.top
        shelf.select_save(save_id)
        said = shelf.message
        if shelf.controls.open_button.enabled:
            driver.click(shelf.controls.open_button)
        assert said and save_id in said and shelf.message_bad, (save_id, said)
        lock.release_all()
    assert stamps(services.saves.root) == before


def test_the_app_starts_on_a_shelf_of_twenty_saves_some_broken_and_changes_none(shelf_of_twenty):
    import subprocess
    import sys

    services = shelf_of_twenty
    data = services.saves.root.parent
    before = stamps(services.saves.root)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "game",
            "--smoke",
            "--only",
            "start",
            "--config-dir",
            str(data.parent / "c"),
            "--data-dir",
            str(data),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "HOME": str(data.parent)},
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stdout + done.stderr
    said = "\n".join(line for line in done.stdout.splitlines() if line.startswith("said  "))
    for save_id in ("s00", "s01", "s02", "s03", "s06", "s08", "s09", "s10"):
        assert f"{save_id}.json: " in said, said
    assert stamps(services.saves.root) == before

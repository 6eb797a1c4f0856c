"""The shelf reads a head the app wrote as plain data, and any other by the model (issue 28, start-up).

A head of the current format whose every field is of its own type within its bounds is listed without
pydantic; every head the plain reading keeps is the one save_file.SaveHead gives, and every other (an
earlier format, a value out of bounds, a field missing or unknown) is read by the model, which names
what is wrong.
"""

import json
import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st

from game.rules.dice import RandomDice
from game.rules.session import Session
from game.storage import lock
from game.storage.save_file import SaveHead
from game.storage.save_head import Head, plain_head
from game.storage.saves import SaveStore, read_save_head

WRITTEN = {
    "app": "feuille-aventure",
    "save_format": 3,
    "app_version": "0.1.0",
    "id": "a1",
    "book": "DF49",
    "book_hash": "ab" * 32,
    "created": "2026-12-03T13:00:00+00:00",
    "updated": "2026-12-03T13:05:00+00:00",
    "summary": {"hero": "Aldo", "paragraph": 12, "alive": True, "detail": "18"},
}
ODD = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 200_000),
    st.floats(allow_nan=False),
    st.text(max_size=70),
    st.sampled_from(["", "x" * 64, "x" * 65, "y" * 1000, "y" * 1001, "a1\n", "DF49\n", "ab" * 32, "AB" * 32, 3, 2, 4]),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.sampled_from(["hero", "paragraph", "alive", "detail", "other"]), st.integers(0, 3), max_size=3),
)
FIELDS = st.sampled_from([*WRITTEN, "unknown"])
SUMMARY_FIELDS = st.sampled_from(["hero", "paragraph", "alive", "detail", "other"])


def model_head(data: dict) -> Head | None:
    try:
        return Head.of(SaveHead.model_validate(data))
    except ValueError:
        return None


@given(st.lists(st.tuples(FIELDS, ODD), max_size=3), st.lists(st.tuples(SUMMARY_FIELDS, ODD), max_size=3), st.sets(FIELDS))
def test_a_head_read_plainly_is_the_head_the_model_gives(changes, summary_changes, removed):
    data = json.loads(json.dumps(WRITTEN))
    data.update(changes)
    if isinstance(data.get("summary"), dict):
        data["summary"].update(summary_changes)
    for name in removed:
        data.pop(name, None)
    plain = plain_head(data)
    if plain is not None:
        assert plain == model_head(data)


def test_the_head_the_app_writes_is_read_plainly(tmp_path):
    store = SaveStore(tmp_path)
    from game.books.loader import load_shelf

    session = Session(load_shelf().books["DF49"], RandomDice(3))
    session.apply({"do": "roll_hero"})
    store.write("a1", session)
    lock.release_all()
    text = store.path("a1").read_text(encoding="utf-8")
    head_text = text[: text.index('\n "snapshot"')].rstrip(",") + "}"
    assert (
        plain_head(json.loads(head_text)) == read_save_head(store.path("a1")) == Head.of(SaveHead.model_validate_json(head_text))
    )


def test_an_earlier_format_or_a_field_out_of_bounds_is_left_to_the_model():
    assert plain_head({**WRITTEN, "save_format": 2}) is None
    assert plain_head({**WRITTEN, "summary": {"paragraph": 100_001}}) is None
    assert plain_head({k: v for k, v in WRITTEN.items() if k != "app_version"}) is None  # its default is the model's
    assert plain_head({**WRITTEN, "extra": 1}) is None
    assert plain_head(WRITTEN) == model_head(WRITTEN)


def test_a_shelf_of_saves_the_app_wrote_is_listed_without_pydantic(tmp_path):
    from game.books.loader import load_shelf

    store = SaveStore(tmp_path)
    for index in range(3):
        session = Session(load_shelf().books["DF31"], RandomDice(index))
        session.apply({"do": "roll_hero"})
        store.write(f"a{index}", session)
    lock.release_all()
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from game.storage.saves import SaveStore\n"
        f"listed = SaveStore(Path({str(tmp_path)!r})).listing()\n"
        "print(len(listed), all(item.error is None for item in listed), 'pydantic' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["3", "True", "False"], done.stderr[-2000:]

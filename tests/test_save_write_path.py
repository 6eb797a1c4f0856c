"""An autosave's file and version (issue 28 row 2): the digest of a long log is kept hashed up to the bytes the next
autosave begins with too, and names exactly the version the whole file's hash names, whatever the play did."""

import pydantic_core
from app_helpers import make_adventure, make_services

from game.storage import saves
from game.storage.save_file import bytes_digest, file_digest, read_save_file, save_bytes


def written_digest(store, adventure) -> str:
    """The version the adventure's file on disk holds, hashed whole from its text (what the backups compare)."""
    path = store.path(adventure.save_id)
    return file_digest(read_save_file(path), path.read_text(encoding="utf-8"))


def test_the_kept_digest_is_the_whole_logs_through_acts_undos_redos_and_a_jump_back(tmp_path, monkeypatch):
    monkeypatch.setattr(saves, "HASHED_AGAIN", 64)  # a few entries: the kept part is most of the log
    services = make_services(tmp_path)
    adventure = make_adventure(services)
    store, session = services.saves, adventure.session
    steps = [lambda n=n: adventure.act({"do": "change", "stat": "stamina", "by": -1 if n % 2 else 1}) for n in range(12)]
    steps += [adventure.undo, adventure.undo, adventure.redo, lambda: adventure.undo_to(3)]
    steps += [lambda n=n: adventure.act({"do": "counter", "name": "gold", "by": n}) for n in range(1, 6)]
    for step in steps:
        step()
        log = session.log_json()
        head = store.listed(adventure.save_id).save
        assert store.log_digest("other", head, log) == bytes_digest(head, log + b"\n}")  # hashed whole: no kept part
        assert (
            store.log_digest(adventure.save_id, head, log) == bytes_digest(head, log + b"\n}") == written_digest(store, adventure)
        )


def test_another_edition_of_the_book_is_hashed_again_from_the_start(tmp_path):
    services = make_services(tmp_path)
    adventure = make_adventure(services)
    store = services.saves
    adventure.act({"do": "change", "stat": "stamina", "by": -1})
    head = store.listed(adventure.save_id).save
    log = adventure.session.log_json()
    other = head.model_copy(update={"book_hash": "0" * 64})
    whole = bytes_digest(other, log + b"\n}")
    assert store.log_digest(adventure.save_id, other, log) == whole != bytes_digest(head, log + b"\n}")


def test_an_autosave_writes_the_same_bytes_as_the_whole_save_written_again(tmp_path):
    services = make_services(tmp_path)
    adventure = make_adventure(services)
    for n in range(30):
        adventure.act({"do": "counter", "name": "gold", "by": 1 + n % 3})
    adventure.undo()
    path = services.saves.path(adventure.save_id)
    save = read_save_file(path)
    assert path.read_bytes() == save_bytes(save, pydantic_core.to_json(save.log))

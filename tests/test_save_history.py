"""Issue 23: the backups of a save keep the last good versions, whatever is in the saves folder.

Rows 1, 2, 3 and 13 of the issue: a directory in place of the save, of a
backup, of a temporary file or of last.txt; the saves folder being a file; a
save that is a link to /dev/zero or to a file outside; identical backups.
"""

from __future__ import annotations

import os
import stat

import pytest

from game.app.adventure import Adventure
from game.atomic import backup_path
from game.books.loader import load_shelf
from game.rules.dice import RandomDice
from game.rules.session import Session
from game.storage.save_file import version_digest
from game.storage.saves import BACKUPS, SaveStore

BOOKS = load_shelf().books


def playing(tmp_path, actions: int = BACKUPS + 2) -> Adventure:
    """An adventure autosaved after each of ``actions`` paragraphs (so its backups are full)."""
    session = Session(BOOKS["DF49"], RandomDice(8))
    session.apply({"do": "roll_hero"})
    game = Adventure(session, SaveStore(tmp_path / "saves"), "a1")
    game.save()
    for number in range(1, actions + 1):
        game.act({"do": "paragraph", "number": number})
    return game


def backups(game: Adventure) -> list[str]:
    return [version_digest(game.store.read("a1", backup=n)) for n in game.store.backups("a1")]


def paragraphs(game: Adventure) -> list[int | None]:
    """The paragraph each backup stands at, newest first."""
    found = []
    for number in game.store.backups("a1"):
        _, session = game.store.load("a1", BOOKS, backup=number)
        found.append(session.view()["paragraph"])
    return found


def reopen_backup(game: Adventure, number: int = 1) -> Adventure:
    """What the shelf does with "open the backup": replay it and play on in the same slot."""
    save, session = game.store.load("a1", BOOKS, backup=number)
    return Adventure(session, game.store, "a1", created=save.created)


def test_each_version_is_kept_once_and_in_order(tmp_path):
    game = playing(tmp_path)
    assert paragraphs(game) == [6, 5, 4, 3, 2]
    assert len(set(backups(game))) == BACKUPS


def test_saving_the_same_play_again_makes_no_new_version(tmp_path):
    game = playing(tmp_path)
    before = backups(game)
    for _ in range(BACKUPS + 1):
        game.save()
    assert backups(game) == before


def test_identical_backups_left_by_an_older_app_collapse_into_one_version(tmp_path):
    game = playing(tmp_path)
    path = game.store.path("a1")
    for index in range(1, BACKUPS + 1):  # row 2 before the fix: five copies of the same save
        backup_path(path, index).write_bytes(path.read_bytes())
    game.act({"do": "paragraph", "number": 50})
    assert paragraphs(game) == [7]
    game.act({"do": "paragraph", "number": 51})
    assert paragraphs(game) == [50, 7]


def test_a_directory_in_place_of_the_save_is_moved_aside_and_the_backups_are_all_kept(tmp_path):
    game = playing(tmp_path)
    path = game.store.path("a1")
    os.unlink(path)
    path.mkdir()
    (path / "inside.txt").write_text("the player's")
    [item] = game.store.listing()
    assert item.save is None and "is a directory" in item.error.reason
    before = paragraphs(game)
    game = reopen_backup(game, 1)
    for number in range(60, 60 + BACKUPS + 2):  # row 1: five more actions used to leave no backup at all
        game.act({"do": "paragraph", "number": number})
        assert game.save_problem is None
    assert paragraphs(game) == [65, 64, 63, 62, 61]
    assert (path.parent / "a1.json.stray" / "inside.txt").read_text() == "the player's"
    assert any("a1.json was a directory" in said(notice) for notice in game.take_notices())
    game.act({"do": "paragraph", "number": 80})
    assert game.take_notices() == []  # said once
    assert before[0] == 6


def said(notice) -> str:
    """A notice as the log has it: the file's name, then why (in English)."""
    return f"{os.path.basename(notice.file)} {notice.reason}"


def test_a_directory_at_the_oldest_backup_does_not_stop_the_saves(tmp_path):
    game = playing(tmp_path)
    slot = backup_path(game.store.path("a1"), BACKUPS)
    os.unlink(slot)
    slot.mkdir()
    for number in range(70, 73):
        game.act({"do": "paragraph", "number": number})
        assert game.save_problem is None
    assert paragraphs(game) == [71, 70, 7, 6, 5]
    assert (slot.parent / f"{slot.name}.stray").is_dir()
    assert [notice for notice in game.take_notices() if slot.name in said(notice)]


def test_a_directory_at_the_old_fixed_temporary_name_is_reported_and_ignored(tmp_path):
    game = playing(tmp_path)
    stray = game.store.root / "a1.json.bak1.tmp"
    stray.mkdir()
    game.store.listing()
    game.act({"do": "paragraph", "number": 90})
    assert game.save_problem is None and stray.is_dir()
    assert any(str(stray) in notice.file for notice in game.take_notices())


def test_a_directory_at_last_txt_is_moved_aside_and_continue_works_again(tmp_path):
    game = playing(tmp_path)
    last = game.store.root / "last.txt"
    os.unlink(last)
    last.mkdir()
    game.act({"do": "paragraph", "number": 91})
    assert game.save_problem is None and game.store.last() == "a1"
    assert any("last.txt was a directory" in said(notice) for notice in game.take_notices())


def test_a_saves_folder_that_is_a_file_is_reported_then_moved_aside_by_the_next_save(tmp_path):
    root = tmp_path / "saves"
    root.write_text("not a folder")
    store = SaveStore(root)
    assert store.listing() == [] and any("not the saves folder" in said(n) for n in store.take_notices())
    session = Session(BOOKS["DF49"], RandomDice(8))
    session.apply({"do": "roll_hero"})
    game = Adventure(session, store, "a1")
    game.save()
    assert game.save_problem is None and [item.id for item in store.listing()] == ["a1"]
    assert (tmp_path / "saves.stray").read_text() == "not a folder"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_save_that_is_a_link_to_dev_zero_is_refused_and_never_copied(tmp_path):
    game = playing(tmp_path)
    path = game.store.path("a1")
    os.unlink(path)
    path.symlink_to("/dev/zero")
    [item] = game.store.listing()
    assert "/dev/zero" in item.error.reason
    game = reopen_backup(game, 1)
    game.act({"do": "paragraph", "number": 92})  # row 3: copied /dev/zero until the disk was full
    assert game.save_problem is None and not path.is_symlink()
    sizes = [os.lstat(p).st_size for p in game.store.root.iterdir()]
    assert max(sizes) < 1_000_000
    assert paragraphs(game)[0] == 6


def test_a_save_that_links_to_a_file_outside_is_never_copied_into_a_backup(tmp_path):
    game = playing(tmp_path)
    secret = tmp_path / "passwd"
    secret.write_text("root:x:0:0")
    path = game.store.path("a1")
    os.unlink(path)
    path.symlink_to(secret)
    game = reopen_backup(game, 1)
    game.act({"do": "paragraph", "number": 93})
    assert secret.read_text() == "root:x:0:0"
    assert not any(b"root:x" in p.read_bytes() for p in game.store.root.iterdir() if p.is_file())


def test_a_broken_save_is_kept_aside_when_a_backup_takes_its_place(tmp_path):
    game = playing(tmp_path)
    path = game.store.path("a1")
    path.write_text("garbage the player may want to look at")
    before = backups(game)
    game = reopen_backup(game, 2)
    game.act({"do": "paragraph", "number": 94})
    assert (path.parent / "a1.json.broken").read_text() == "garbage the player may want to look at"
    assert set(before) - {backups(game)[-1]} <= set(backups(game))  # only the oldest left, none of them broken


def test_an_adventure_whose_save_is_gone_but_whose_backups_remain_is_listed(tmp_path):
    game = playing(tmp_path)
    os.unlink(game.store.path("a1"))
    [item] = game.store.listing()
    assert item.id == "a1" and item.save is None and "5 backups remain" in item.error.reason


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_in_place_of_a_backup_is_moved_aside_and_never_opened(tmp_path):
    game = playing(tmp_path)
    slot = backup_path(game.store.path("a1"), 2)
    os.unlink(slot)
    os.mkfifo(slot)
    game.store.listing()
    game.act({"do": "paragraph", "number": 95})
    assert game.save_problem is None
    assert stat.S_ISFIFO(os.lstat(slot.with_name(slot.name + ".stray")).st_mode)


def test_without_hard_links_the_backups_are_bounded_copies(tmp_path, monkeypatch):
    """A FAT or exFAT stick has no hard links: the version kept is copied (within the read limit)."""

    def no_links(*args, **kwargs):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    game = playing(tmp_path)
    assert paragraphs(game) == [6, 5, 4, 3, 2]
    kept = [p for p in game.store.root.glob("a1.json*") if not p.name.endswith(".lock")]
    assert len({os.lstat(p).st_ino for p in kept}) == len(kept) == BACKUPS + 1


def test_where_link_cannot_be_told_not_to_follow_a_link_it_is_not_asked(tmp_path, monkeypatch):
    """Windows: os.link has no follow_symlinks there (NotImplementedError if it is passed)."""
    real = os.link

    def windows_link(source, target, **kwargs):
        if kwargs:
            raise NotImplementedError("link: follow_symlinks unavailable on this platform")
        return real(source, target)

    monkeypatch.setattr(os, "link", windows_link)
    monkeypatch.setattr(os, "supports_follow_symlinks", set())
    game = playing(tmp_path)
    assert game.save_problem is None and paragraphs(game) == [6, 5, 4, 3, 2]


def test_a_write_never_reads_back_a_version_it_wrote_itself(tmp_path, monkeypatch):
    """Issue 28: the rotation after a commit compared the new file with the backups by parsing it (230 ms at
    10 000 actions, every autosave); the write tells the judge the version it just made."""
    store = SaveStore(tmp_path)
    session = Session(BOOKS["DF49"], RandomDice(2))
    session.apply({"do": "roll_hero"})
    for number in range(1, 4):
        session.apply({"do": "paragraph", "number": number})
        store.write("a1", session)
    monkeypatch.setattr("game.storage.saves.parse_save", lambda *a: pytest.fail("a file this store wrote was read back"))
    for number in range(4, 9):
        session.apply({"do": "paragraph", "number": number})
        store.write("a1", session)
    assert len(store.backups("a1")) == BACKUPS


def test_the_adventure_to_continue_is_written_only_when_it_changes(tmp_path):
    store = SaveStore(tmp_path)
    session = Session(BOOKS["DF49"], RandomDice(2))
    session.apply({"do": "roll_hero"})
    store.write("a1", session)
    store.set_last("a1")
    first = os.stat(store.last_path)
    store.set_last("a1")  # every autosave says it again
    again = os.stat(store.last_path)
    assert (again.st_ino, again.st_mtime_ns) == (first.st_ino, first.st_mtime_ns)
    store.write("a2", session)
    store.set_last("a2")
    assert store.last() == "a2"

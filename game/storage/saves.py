"""Adventures on disk: one JSON file per adventure holding the session's action log.

Every write is atomic and keeps the previous good versions as backups
(``<id>.json.bak1`` newest … ``.bak5``, game.storage.versions): the new version
is written and fsynced first, the backups rotate only after it is committed,
a backup slot takes only a readable save, and a failing write (any errno)
leaves the save and its backups as they were. A file that cannot be read is
reported with file, JSON path and reason; the player can be offered its
backups, and when a new version replaces it, it is kept as ``<id>.json.broken``.
Every file is read through game.safe_file (a regular file inside the saves
folder, within the size limit), and something in the way (a directory where a
save or a backup goes, the saves folder being a file) is moved aside and
reported once in ``notices``: it never stops the autosave. Loading replays the
log, so a save restores exactly the state, the undo history and the redo list.

The file format is game.storage.save_file. Format 2 (see
game/storage/migrations.py, which reads every earlier format) records the app
version that wrote the file and ``book_hash``, the hash of the book's content:
:func:`book_changed` tells the bookshelf that an adventure was saved with
another edition of its book's file, and a replay that fails then says so.
Format 3 adds a snapshot of the state before the last actions
(game.storage.snapshot).
Limits (file size, log entries, strings…) are in docs/LIMITS.md; the app never
writes a save it would refuse to read.
"""

from __future__ import annotations

import errno
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import safe_file, safe_json
from game.atomic import atomic_write_bytes, atomic_write_text
from game.books.edition import book_hash
from game.rules.errors import ReplayError
from game.safe_json import InputError
from game.storage import lock
from game.storage.save_head import (
    MAX_LOG_ENTRIES,
    MAX_SAVE_BYTES,
    SAVE_ID,
    Head,
    SaveError,
    Summary,
    now_text,
    plain_head,
    read_head_text,
)
from game.storage.versions import History, move_aside

if TYPE_CHECKING:  # the models and the session: imported when a save is read whole, written or replayed
    from game.rules.session import Session
    from game.storage.save_file import SaveFile, SaveHead
    from game.storage.snapshot import SnapshotWriter

BACKUPS = 5
BUSY = "this adventure is open in another window: this window does not save it"
STALE_TEMP_SECONDS = 60  # a write's temporary file older than this was left by a crash
HASHED_AGAIN = 64 * 1024  # the end of a log each autosave hashes again (its newest entries, what an undo reaches)


@dataclass(frozen=True)
class Version:
    """One version of an adventure on disk: the save itself (``number`` 0) or backup ``number``; parsed, not replayed."""

    number: int
    path: Path
    save: SaveFile | None
    error: SaveError | None


@dataclass(frozen=True)
class Listing:
    """One adventure on the shelf: its file's head (its summary: the log is not read), or why that cannot be read."""

    id: str
    path: Path
    save: Head | None
    error: SaveError | None


@dataclass
class _LogHash:
    """What an autosave of one adventure hashed: the log's first ``length`` bytes, after ``seed``, are in
    ``state``; the next autosave, whose log starts with the same bytes, hashes only what follows them."""

    seed: bytes
    log: bytes
    length: int
    state: Any  # a hashlib sha256 object (its type is private to hashlib)


def read_save_head(path: Path, folder: Path | None = None) -> Head:
    """What the bookshelf lists of a save, from the file's first HEAD_BYTES: its fields before the snapshot.

    A head the app wrote is taken as plain data (save_head.plain_head); any other is read by the model
    (game.storage.save_file.read_save_head: an earlier format migrated, or a SaveError naming what is wrong).
    """
    text = read_head_text(path, folder)
    members = safe_json.parse_json_head(text, "snapshot")
    head = plain_head(members) if members is not None else None
    if head is not None:
        return head
    from game.storage import save_file

    return Head.of(save_file.read_save_head(path, folder))


def parse_save(name: str, data: object) -> SaveFile:
    """game.storage.save_file.parse_save, imported with the models when a save is first checked."""
    from game.storage import save_file

    return save_file.parse_save(name, data)


def _signature(info: os.stat_result) -> tuple[int, int, int, int]:
    """A file's identity and content stamp: kept by a rename or a hard link, new for every file written."""
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns


def _head_key(info: os.stat_result) -> tuple[int, ...]:
    """A save's stamp for the shelf's summaries: its signature and its inode's change time.

    The change time cannot be set back (``touch`` sets the modification time only), so a file edited
    behind the app's back is read again even when its size and modification time were put back.
    """
    return (*_signature(info), info.st_ctime_ns)


def book_changed(save: Head | SaveHead, book: Any) -> bool:
    """True when ``save`` was written with another edition of ``book``'s file (unknown for format-1 saves: False)."""
    current = getattr(book, "book_hash", None)  # a shelf card carries it; a book is hashed
    return save.book_hash is not None and save.book_hash != (current if isinstance(current, str) else book_hash(book))


class SaveStore:
    """A folder of adventures (the player's, or the convention demo's separate slot)."""

    def __init__(self, root: Path, notices: list[str | InputError] | None = None) -> None:
        self.root = Path(root)
        # Things in the way that did not stop a save, each said once (take_notices); the app passes its
        # list of problems to show, so the first screen shown says them.
        self.notices: list[str | InputError] = notices if notices is not None else []
        self._told: set[str] = set()
        self._digests: dict[tuple[int, int, int, int], str | None] = {}  # file_digest by file signature
        self._replayed: dict[tuple[tuple[int, int, int, int], int], SaveError | None] = {}  # by file and shelf
        # What the shelf lists of each adventure, by the file's stamp (_head_key): a file changed since is read again.
        self._heads: dict[str, tuple[tuple[int, ...], Listing]] = {}
        self._log_hashes: dict[str, _LogHash] = {}  # by adventure: what its last autosave hashed (log_digest)
        self._snapshots: dict[str, SnapshotWriter] = {}  # the snapshot each adventure's autosave writes, by id
        # Autosaves waiting for the frame that shows their action (hold_writes), by adventure; None: none held.
        self._held: dict[str, Callable[[], bool]] | None = None

    # -- autosaves held while a frame is made ------------------------------------------------
    def hold_writes(self) -> None:
        """From now on :meth:`write_soon` keeps its writes until :meth:`write_held`.

        The main loop holds them while it makes a frame: the frame answering a click is shown without waiting
        on the disk, and the write is done (fsynced) right after it, before the next event is read. Anything
        else asked of the store meanwhile (a listing, a read, a delete, the locks) writes what is held first.
        """
        if self._held is None:
            self._held = {}

    def write_soon(self, save_id: str, write: Callable[[], bool]) -> bool:
        """``write`` now (its result), or, while writes are held, at :meth:`write_held` (False: not yet done).

        ``write`` says whether its outcome is news for the screen (a failure, a notice); asked twice for one
        adventure, the write is done once, for the latest state.
        """
        if self._held is None:
            return write()
        self._held.pop(save_id, None)
        self._held[save_id] = write
        return False

    def write_held(self) -> bool:
        """Do the held writes, in the order asked, and hold no more; True when one has news for the screen."""
        held, self._held = self._held, None
        return self._write(held)

    def _catch_up(self) -> None:
        """Do the writes held so far (they stay held from now on): what follows reads or changes the files."""
        if self._held:
            held, self._held = self._held, {}
            self._write(held)

    @staticmethod
    def _write(held: dict[str, Callable[[], bool]] | None) -> bool:
        news, failure = False, None
        for write in (held or {}).values():
            try:
                news = write() or news
            except Exception as error:  # noqa: BLE001 - a write that raises must not cost the other adventures theirs
                failure = failure or error
        if failure is not None:
            raise failure
        return news

    # -- what the player is told once -------------------------------------------------------
    def notice(self, notice: InputError) -> None:
        """Keep ``notice`` for the screen (said in the player's words there), once per run of the app."""
        if str(notice) not in self._told:
            self._told.add(str(notice))
            self.notices.append(notice)

    def take_notices(self) -> list[str | InputError]:
        """The notices not yet shown (and forget them: each is shown once)."""
        taken = list(self.notices)
        self.notices.clear()
        return taken

    # -- paths -----------------------------------------------------------------------------
    def path(self, save_id: str) -> Path:
        if not SAVE_ID.match(save_id):
            raise SaveError.coded(save_id, "$", "not_an_adventure_id")
        return self.root / f"{save_id}.json"

    def new_id(self) -> str:
        """A fresh id that sorts by creation time and never collides with an existing file."""
        while True:
            import secrets  # here: the shelf lists saves without OpenSSL's hashing (issue 28)
            from datetime import UTC, datetime  # here too: a new player's shelf never asks the time

            save_id = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3)
            if not self.path(save_id).exists():
                return save_id

    # -- writing -----------------------------------------------------------------------------
    def write(self, save_id: str, session: Session, created: str | None = None) -> SaveHead:
        """Save ``session`` atomically, rotating the previous versions into backups; the head written."""
        from game.storage.save_file import SaveHead, save_bytes, summarize
        from game.storage.snapshot import SnapshotWriter

        path = self.path(save_id)
        stamp = now_text()
        save = SaveHead(
            id=save_id,
            book=session.book.id,
            book_hash=book_hash(session.book),
            created=created or stamp,
            updated=stamp,
            summary=summarize(session),
        )
        # Never write what reading would refuse: the last good save stays, and the reason is an OSError
        # (Adventure.save shows it as its save_problem).
        actions = session.logged
        if actions > MAX_LOG_ENTRIES:
            raise OSError(
                errno.EFBIG,
                f"the adventure holds {actions} actions, more than a save can hold ({MAX_LOG_ENTRIES}); the last save is kept",
            )
        log = session.log_json()  # the log's JSON, each entry made once (not the whole log each autosave)
        data = save_bytes(save, log, self._snapshots.setdefault(save_id, SnapshotWriter()).snapshot_json(session))
        size = len(data)
        if size > MAX_SAVE_BYTES:
            raise OSError(
                errno.EFBIG, f"the save would be {size} bytes, more than the limit of {MAX_SAVE_BYTES}; the last save is kept"
            )
        self._ensure_root()
        if not self.lock(save_id):
            raise OSError(errno.EBUSY, BUSY, str(self.lock_path(save_id)))
        digest = self.log_digest(save_id, save, log)
        self.history(save_id).commit(data, digest)
        try:
            info = os.lstat(path)
        except OSError:
            return save
        self._heads[save_id] = (_head_key(info), Listing(save_id, path, Head.of(save), None))  # what was just written
        return save

    def log_digest(self, save_id: str, save: Head | SaveHead, log: bytes) -> str:
        """``bytes_digest(save, log + b"\\n}")``, the version a write of ``log`` makes, hashing only what follows the
        bytes this adventure's last autosave began with too (a log of 10 000 entries grows by one a click)."""
        seed = f"{save.book}\n{save.book_hash}\n".encode()
        known = self._log_hashes.get(save_id)
        view = memoryview(log)
        if known is not None and known.seed == seed and log.startswith(memoryview(known.log)[: known.length]):
            state, done = known.state.copy(), known.length
        else:
            import hashlib  # here: OpenSSL's hashing is loaded by the first write, not by the shelf (issue 28)

            state, done = hashlib.sha256(seed), 0
        kept = max(done, len(log) - HASHED_AGAIN)
        state.update(view[done:kept])
        self._log_hashes[save_id] = _LogHash(seed, log, kept, state.copy())
        state.update(view[kept:])
        state.update(b"\n}")
        return str(state.hexdigest())

    def history(self, save_id: str) -> History:
        """The versions of an adventure's file (its backups) and the write that keeps them."""
        return History(self.path(save_id), BACKUPS, self._digest, MAX_SAVE_BYTES, self.notice, self._know_digest)

    def _know_digest(self, path: Path, digest: str) -> None:
        """The version a file the write just made holds (kept by its signature: the judge need not read it)."""
        self._digests[_signature(os.lstat(path))] = digest

    def _digest(self, path: Path) -> str | None:
        """The version of a save file (None when it is not a readable save); OSError when it cannot be read now."""
        from game.storage.save_file import file_digest

        signature = _signature(os.lstat(path))
        if signature in self._digests:
            return self._digests[signature]
        try:
            data = safe_file.read_bytes(path, MAX_SAVE_BYTES, self.root)
            text = data.decode("utf-8")
            digest: str | None = file_digest(parse_save(path.name, safe_json.parse_json_text(path.name, text, SaveError)), text)
        except (safe_file.FileRefused, UnicodeDecodeError, SaveError):
            digest = None
        self._digests[signature] = digest
        return digest

    def _ensure_root(self) -> None:
        """The saves folder exists; a file in its place is moved aside (and said) rather than stopping every save."""
        kind = safe_file.entry_kind(self.root)
        if kind not in (None, "a directory", "link"):
            move_aside(self.root, "a file" if kind == "file" else kind, self.notice, required=True)
        self.root.mkdir(parents=True, exist_ok=True)

    def remove_stale_temporaries(self, save_id: str | None = None, older_than: float = STALE_TEMP_SECONDS) -> int:
        """Delete temporary files killed writes left behind (of one adventure, or all); returns how many.

        The bookshelf's listing calls it; files younger than ``older_than`` seconds may belong to a write
        in progress (another window) and are kept. Only regular files are deleted: anything else found
        under such a name is reported once (``notices``) and left.
        """
        if safe_file.entry_kind(self.root) != "a directory":
            return 0
        name = f"{save_id}.json" if save_id else "*.json"
        left = [*self.root.glob(f".{name}.*.tmp"), *self.root.glob(f"{name}.bak1.tmp")]
        if save_id is None:
            left += self.root.glob(".last.txt.*.tmp")
        removed = 0
        limit = time.time() - older_than
        for path in left:
            kind = safe_file.entry_kind(path)
            if kind != "file":
                self.notice(InputError.coded(str(path), "$", "stray_temporary", file_kind=safe_file.kind_code_of(kind or "")))
                continue
            try:
                if os.lstat(path).st_mtime < limit:
                    os.unlink(path)
                    removed += 1
            except OSError:
                continue
        return removed

    def delete(self, save_id: str) -> None:
        """Remove an adventure, its backups and its kept broken file (files only: a stray directory stays).

        Refused (OSError EBUSY) while another window has the adventure open: its next autosave would bring it back.
        """
        self._catch_up()
        if safe_file.entry_kind(self.root) == "a directory" and not self.lock(save_id):
            raise OSError(errno.EBUSY, BUSY, str(self.lock_path(save_id)))
        history = self.history(save_id)
        for path in [*(history.slot(i) for i in range(BACKUPS + 1)), history.broken_path, self.path(save_id)]:
            if safe_file.entry_kind(path) in ("file", "link"):
                os.unlink(path)
        self.unlock(save_id)

    # -- one writer per adventure -----------------------------------------------------------
    def lock_path(self, save_id: str) -> Path:
        return self.path(save_id).with_name(f"{save_id}.json.lock")

    def lock(self, save_id: str) -> bool:
        """Hold the adventure for this window (game.storage.lock); False while another window holds it."""
        path = self.lock_path(save_id)
        self._ensure_root()
        try:
            return lock.acquire(path)
        except (IsADirectoryError, lock.NotALockFile):
            move_aside(path, safe_file.entry_kind(path) or "not a file", self.notice, required=True)
            return lock.acquire(path)

    def unlock(self, save_id: str) -> None:
        """Let go of the adventure (its held write done first: a write takes the lock again)."""
        self._catch_up()
        lock.release(self.lock_path(save_id))

    def keep_locks(self, save_ids: set[str]) -> None:
        """Let go of every adventure of this folder this window holds, but ``save_ids`` (those still on screen)."""
        self._catch_up()
        keep = {os.path.realpath(self.lock_path(save_id)) for save_id in save_ids}
        folder = os.path.realpath(self.root)
        for held in lock.held_paths():
            if os.path.dirname(held) == folder and held not in keep:
                lock.release(Path(held))

    def copy(self, save_id: str, version: int = 0) -> str:
        """A new adventure holding this one's save (or backup ``version``; not the others), under a new id; its id."""
        from game.storage.save_file import save_text

        self._catch_up()
        save = self.read(save_id, version)
        new_id = self.new_id()
        atomic_write_text(self.path(new_id), save_text(save.model_copy(update={"id": new_id})))
        return new_id

    def export(self, save_id: str, destination: Path) -> None:
        """Copy an adventure's file to ``destination`` (checked readable first; bounded like every read)."""
        self._catch_up()
        self.read(save_id)
        atomic_write_bytes(destination, safe_file.read_bytes(self.path(save_id), MAX_SAVE_BYTES, self.root))

    def import_file(self, source: Path, books: Mapping[str, Any]) -> str:
        """Add the adventure in ``source`` under a new id, after checking it replays; never overwrites."""
        from game.storage.save_file import read_save_file, save_text

        save = read_save_file(source)
        restore(save.model_copy(update={"snapshot": None}), books, source.name)  # the whole log: a file from outside
        save_id = self.new_id()
        self._ensure_root()
        atomic_write_text(self.path(save_id), save_text(save.model_copy(update={"id": save_id})))
        return save_id

    @property
    def last_path(self) -> Path:
        return self.root / "last.txt"

    def set_last(self, save_id: str) -> None:
        """Remember the adventure that "continue" reopens (a failure is a notice: the save itself is done).

        Written only when it names another adventure: an autosave does not rewrite (and fsync) it every action.
        """
        if self.last() == self.path(save_id).stem:
            return
        try:
            kind = safe_file.entry_kind(self.last_path)
            if kind not in (None, "file", "link"):
                move_aside(self.last_path, kind, self.notice, required=True)
            atomic_write_text(self.last_path, self.path(save_id).stem)
        except OSError as error:
            self.notice(InputError.coded_refusal(str(self.last_path), "$", "last_not_kept", error))

    def last(self) -> str | None:
        """The adventure "continue" reopens, if it still exists."""
        try:
            save_id = safe_file.read_bytes(self.last_path, 256, self.root).decode("utf-8").strip()
            return save_id if safe_file.entry_kind(self.path(save_id)) in ("file", "link") else None
        except (OSError, UnicodeDecodeError, SaveError):
            return None

    # -- reading -----------------------------------------------------------------------------
    def version_paths(self, save_id: str) -> list[Path]:
        """The backup files of an adventure, newest first (backup number n is the n-th of them)."""
        self._catch_up()
        return self.history(save_id).versions()

    def read(self, save_id: str, backup: int = 0) -> SaveFile:
        """Read one save (or its backup number ``backup``, 1 = newest), or raise SaveError."""
        from game.storage.save_file import read_save_file

        self._catch_up()
        if not (isinstance(backup, int) and 0 <= backup <= BACKUPS + 1):
            raise SaveError.coded(save_id, "$", "backup_number", number=repr(backup)[:20], last=BACKUPS)
        if backup == 0:
            return read_save_file(self.path(save_id), self.root)
        versions = self.version_paths(save_id)
        if backup > len(versions):
            raise SaveError.coded(save_id, "$", "no_backup", number=backup)
        return read_save_file(versions[backup - 1], self.root)

    def backups(self, save_id: str) -> list[int]:
        """The backup numbers that exist for an adventure, newest first (1, 2, …)."""
        return list(range(1, len(self.version_paths(save_id)) + 1))

    def versions(self, save_id: str) -> list[Version]:
        """The save itself (when there is a file), then each backup, newest first: parsed, not replayed."""
        self._catch_up()
        found = []
        for number, path in enumerate([self.path(save_id), *self.version_paths(save_id)]):
            if number == 0 and safe_file.entry_kind(path) is None:
                continue
            try:
                found.append(Version(number, path, self.read(save_id, number), None))
            except SaveError as error:
                found.append(Version(number, path, None, error))
        return found

    def replay_problem(self, save_id: str, number: int, books: Mapping[str, Any]) -> SaveError | None:
        """Why version ``number`` (0: the save) does not read and replay, or None; each file is replayed once."""
        from game.storage.save_file import summarize

        self._catch_up()
        paths = [self.path(save_id), *self.version_paths(save_id)]
        if not 0 <= number < len(paths):
            return SaveError.coded(save_id, "$", "no_version", number=number)
        try:
            info = os.lstat(paths[number])
            key = (_signature(info), id(books))
        except OSError as error:
            return SaveError(paths[number].name, "$", f"cannot be read ({error.strerror or error})", cause=error)
        if key not in self._replayed:
            try:
                session = restore(self.read(save_id, number), books, paths[number].name, self.notice)
                self._replayed[key] = None
            except SaveError as error:
                self._replayed[key] = error
            else:
                if number == 0:
                    self._correct_summary(save_id, _head_key(info), summarize(session))
        return self._replayed[key]

    def _correct_summary(self, save_id: str, key: tuple[int, ...], replayed: Any) -> None:
        """The shelf lists what the log replays to (``replayed``, a SaveSummary) when the file's summary says
        otherwise (a file edited by hand).

        ``key``: the stamp of the file replayed; a file changed since keeps its own head until it is replayed.
        """
        summary = Summary.of(replayed)
        listed = self.listed(save_id)
        known = self._heads.get(save_id)
        if known is not None and known[0] == key and listed.save is not None and listed.save.summary != summary:
            self._heads[save_id] = (key, replace(listed, save=listed.save.model_copy(update={"summary": summary})))

    def listing(self) -> list[Listing]:
        """Every adventure in the folder, newest first; unreadable ones carry their error.

        An adventure whose file is gone but whose backups remain is listed too (with that error), so its
        backups can be opened. The saves folder being something else than a folder is said once.
        """
        self._catch_up()
        kind = safe_file.entry_kind(self.root)
        if kind is None:
            return []
        if kind not in ("a directory", "link") or not self.root.is_dir():
            what = "file" if kind == "file" else safe_file.kind_code_of(kind)
            self.notice(InputError.coded(str(self.root), "$", "saves_not_a_folder", file_kind=what))
            return []
        self.remove_stale_temporaries()
        ids = {path.name[: -len(".json")] for path in self.root.glob("*.json")}
        ids |= {path.name.split(".json.bak", 1)[0] for path in self.root.glob("*.json.bak[0-9]")}
        result = [self.listed(save_id) for save_id in sorted(ids) if SAVE_ID.match(save_id)]
        return sorted(result, key=lambda item: item.save.updated if item.save else "", reverse=True)

    def listed(self, save_id: str) -> Listing:
        """One adventure as the shelf lists it: the head of its file (game.storage.save_file.read_save_head).

        Read once per version of the file: kept by the file's stamp (_head_key), the head just written by this
        window included, and read again as soon as the file on disk is another (never trusted over the file).
        The log is read and replayed when the adventure is selected or opened (replay_problem, load).
        """
        self._catch_up()
        path = self.path(save_id)
        kind = safe_file.entry_kind(path)
        if kind is None:
            count = len(self.version_paths(save_id))
            return Listing(save_id, path, None, SaveError.coded(path.name, "$", "save_missing", count=count))
        try:
            key = _head_key(os.lstat(path)) if kind == "file" else None  # a link's target may change under it: read
        except OSError:
            key = None
        known = self._heads.get(save_id)
        if key is not None and known is not None and known[0] == key:
            return known[1]
        try:
            listing = Listing(save_id, path, read_save_head(path, self.root), None)
        except SaveError as error:
            listing = Listing(save_id, path, None, error)
        if key is not None:
            self._heads[save_id] = (key, listing)
        return listing

    def load(self, save_id: str, books: Mapping[str, Any], backup: int = 0) -> tuple[SaveFile, Session]:
        """Read and replay an adventure; raise SaveError naming what fails."""
        self._catch_up()
        save = self.read(save_id, backup)
        return save, restore(save, books, self.path(save_id).name, self.notice)


def restore(save: SaveFile, books: Mapping[str, Any], name: str, notice: Callable[[SaveError], None] | None = None) -> Session:
    """Replay a save's log into a session, or raise SaveError naming the failing part.

    From its snapshot when it has one that holds (game.storage.snapshot: its last entries replayed, the
    rest checked later by Session.verify); a snapshot refused is said to ``notice`` and the log replayed whole.
    """
    from game.rules.session import Session
    from game.storage.snapshot import snapshot_session

    book = books.get(save.book)
    if book is None:
        raise SaveError.coded(name, "$.book", "book_not_on_shelf", book=save.book)
    try:
        session = snapshot_session(save, book, name, notice or (lambda _error: None))
    except Exception:  # noqa: BLE001 - the last entries do not replay on that snapshot: the whole log decides
        session = None
    try:
        return session if session is not None else Session.from_log(book, save.log)
    except ReplayError as error:  # an entry: said by its action and, when the rules refused it, their reason
        raise _entry_refused(save, book, name, error) from None
    except Exception as error:  # noqa: BLE001 - whatever the rules raise, the file is what is wrong
        detail = str(error) if isinstance(error, ValueError) else f"{type(error).__name__}: {error}"
        code = "replay_failed_book_changed" if book_changed(save, book) else "replay_failed"
        raise SaveError.coded(name, "$.log", code, detail=detail[:400], book=save.book) from None


def _entry_refused(save: SaveFile, book: Any, name: str, error: ReplayError) -> SaveError:
    """A log entry that does not replay, as a coded reason: its number, its action and the rules' refusal (their
    code, params and English message: words of ``refused.<code>``), or the dice it lacked."""
    changed = "_book_changed" if book_changed(save, book) else ""
    place = "$.log"  # the entry is said by its number in the words
    refused = error.refused
    if refused is None:
        return SaveError.coded(name, place, f"replay_entry_failed{changed}", entry=error.index + 1, do=error.do, book=save.book)
    refusal = {"refused": refused.code, "params": dict(refused.params), "message": refused.message}
    return SaveError.coded(
        name, place, f"replay_refused{changed}", entry=error.index + 1, do=error.do, refusal=refusal, book=save.book
    )

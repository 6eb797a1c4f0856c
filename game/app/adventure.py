"""An adventure in play: the rules session and its save slot, autosaved after every change.

Scenes call :meth:`Adventure.act` with an action; the rules decide, and a
change is written to disk (atomic write, rotated backups): at once, or, in the
app's main loop, right after the frame that shows it and before the next event
is read (``SaveStore.hold_writes``: the click is answered without waiting on
the disk). A refusal comes back as the Refused itself so the screen can show
why; nothing changes.
"""

from __future__ import annotations

import errno
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from game.rules.dice import DiceError, DiceSource, DieUse
from game.rules.errors import Refused
from game.safe_json import InputError
from game.storage.saves import SaveStore

if TYPE_CHECKING:
    from game.rules.session import ActionT, Entry, Session, StateT
else:  # the session's pydantic is not imported with the screens: the type variables are the session's for mypy
    StateT, ActionT = TypeVar("StateT"), TypeVar("ActionT")


class ChangeKind(StrEnum):
    """How the session moved: an action accepted, one undone, one redone."""

    ACT = "act"
    UNDO = "undo"
    REDO = "redo"


@dataclass(frozen=True)
class Change:
    """What every listener of an adventure hears after the state changed (saved, or its write held for the frame)."""

    kind: ChangeKind
    entry: Entry


Listener = Callable[[Change], None]
VERIFY_SECONDS = 0.004  # a frame's share of checking a save's snapshot after it opened (Adventure.verify)


def read_only_refusal() -> Refused:
    """Why a change is refused on an adventure open in another window."""
    return Refused("read_only", "this adventure is open in another window; it is shown read-only")


@dataclass
class Adventure(Generic[StateT, ActionT]):
    """One adventure: a session bound to a save slot (generic like its session)."""

    session: Session[StateT, ActionT]
    store: SaveStore
    save_id: str
    created: str | None = None
    save_problem: str | None = None  # the last autosave failure, shown on the sheet until a save succeeds
    save_problem_kind: str = "other"  # "space", "permission" or "other": which advice goes with it
    # The failure in the player's words, not the OS's English: the file's name and the errno's name ("EIO").
    save_problem_file: str = ""
    save_problem_code: str = ""
    listeners: list[Listener] = field(default_factory=list)  # told of every change (the screens showing it)
    # Open in another window (game.storage.lock): shown as it is, every change refused, nothing written.
    read_only: bool = False
    # Autosaves whose outcome was news (a failure, a notice): a screen that has not said the latest says it.
    outcomes: int = 0

    @classmethod
    def start(cls, session: Session[StateT, ActionT], store: SaveStore) -> Adventure[StateT, ActionT]:
        """A new adventure in a new slot, saved at once and remembered for "continue"."""
        adventure = cls(session, store, store.new_id())
        adventure.save()
        return adventure

    @classmethod
    def unsaved(cls, session: Session[Any, Any], store: SaveStore) -> Adventure[Any, Any]:
        """A new adventure whose slot is written at its first accepted action (opening a table saves nothing)."""
        return cls(session, store, store.new_id())

    @property
    def book(self) -> Any:
        return self.session.book

    @property
    def state(self) -> StateT:
        return self.session.state

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener`` after every change (act, undo, redo), once the save is written or held."""
        if listener not in self.listeners:
            self.listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        if listener in self.listeners:
            self.listeners.remove(listener)

    def act(self, action: Any, dice: DiceSource | None = None) -> Entry | Refused:
        """Apply ``action`` (``dice``: physical dice typed in); autosave; return the entry or the refusal."""
        return self._change(ChangeKind.ACT, lambda: self.session.apply(action, dice))

    def act_all(self, actions: Sequence[Any]) -> list[Entry] | Refused:
        """Apply ``actions``, all or none (Session.apply_all); autosave once; the entries or the refusal."""
        return self._change_each(ChangeKind.ACT, lambda: self.session.apply_all(actions))

    def _refuse_if_read_only(self) -> None:
        if self.read_only:
            raise read_only_refusal()

    def undo(self) -> Entry | Refused:
        """Step back one action (see Session.undo); autosave; tell the listeners."""
        return self._change(ChangeKind.UNDO, self.session.undo)

    def undo_to(self, index: int) -> list[Entry] | Refused:
        """The journal's "revenir ici": back to just after entry ``index``; the reverted entries, or the refusal."""
        return self._change_each(ChangeKind.UNDO, lambda: self.session.undo_to(index), newest_first=True)

    def _change_each(
        self, kind: ChangeKind, step: Callable[[], list[Entry]], newest_first: bool = False
    ) -> list[Entry] | Refused:
        """Do ``step`` (several entries at once): its refusal as it is, or its entries, saved once and each told
        (``newest_first``: an undo of several is heard one entry at a time, the newest first)."""
        try:
            self._refuse_if_read_only()
            entries = step()
        except Refused as refused:
            return refused
        self.autosave()
        for entry in reversed(entries) if newest_first else entries:
            self._tell(Change(kind, entry))
        return entries

    def redo(self) -> Entry | Refused:
        """Re-apply the last undone action with its recorded dice; autosave; tell the listeners."""
        return self._change(ChangeKind.REDO, self.session.redo)

    def _change(self, kind: ChangeKind, step: Callable[[], Entry]) -> Entry | Refused:
        """Do ``step`` on the session: its refusal as it is (nothing changed), or its entry, saved and told."""
        try:
            self._refuse_if_read_only()
            entry = step()
        except Refused as refused:
            return refused
        self.autosave()
        self._tell(Change(kind, entry))
        return entry

    def _tell(self, change: Change) -> None:
        for listener in list(self.listeners):
            listener(change)

    def refusal(self, action: Any) -> Refused | None:
        """Why ``action`` would be refused now (None when allowed); changes nothing."""
        return read_only_refusal() if self.read_only else self.session.refusal(action)

    def dice_needed(self, action: Any) -> list[DieUse]:
        """The dice ``action`` would draw now, in order (sides, whose, what for): for physical dice entry."""
        return self.session.dice_needed(action)

    def autosave(self) -> None:
        """Save after a change: now, or right after the frame showing it while the store holds writes."""
        self.store.write_soon(self.save_id, self._save_with_news)

    def _save_with_news(self) -> bool:
        """:meth:`save`; True when its outcome is news for the screens (a failure, or a notice to say), counted
        in ``outcomes`` so a screen says a held write's outcome on the frame after."""
        before = self.save_problem
        self.save()
        news = self.save_problem != before or bool(self.store.notices)
        if news:
            self.outcomes += 1
        return news

    def save(self) -> None:
        """Write the adventure; a failure is kept in ``save_problem`` (the play goes on). Read-only: nothing."""
        if self.read_only:
            return
        try:
            saved = self.store.write(self.save_id, self.session, self.created)
        except OSError as error:
            self.save_problem = describe_failure(error)
            self.save_problem_kind = save_problem_kind(error)
            self.save_problem_file = Path(error.filename).name if isinstance(error.filename, str) and error.filename else ""
            self.save_problem_code = errno.errorcode.get(error.errno or 0, "")
            return
        self.created = saved.created
        self.save_problem = None
        self.store.set_last(self.save_id)  # a failure there is a notice: the adventure itself is saved

    def verify(self, seconds: float = VERIFY_SECONDS) -> str | None:
        """Check the snapshot the save opened from (Session.verify), a few entries at a time for about
        ``seconds`` (a frame's share); what it found. When the replay disagreed it won, and is saved."""
        deadline = time.perf_counter() + seconds
        found = self.session.verify()
        while found == "checking" and time.perf_counter() < deadline:
            found = self.session.verify()
        if found == "replaced":
            self.save()
        return found

    def take_notices(self) -> list[str | InputError]:
        """What got in the way of the saves without stopping them (a stray directory moved aside…), once each."""
        return self.store.take_notices()


def describe_failure(error: OSError) -> str:
    """Why a save failed, with the file it failed on: "a1.json: No space left on device"."""
    reason = error.strerror or str(error)
    name = Path(error.filename).name if isinstance(error.filename, str) and error.filename else ""
    return f"{name}: {reason}" if name and name not in reason else reason


def save_problem_kind(error: OSError) -> str:
    """What the player can do about a failed save: "space" (a full disk), "permission" (a folder they may not
    write, or a read-only disk), "busy" (open in another window) or "other" — so the message gives the right
    advice."""
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return "space"
    if error.errno == errno.EBUSY:
        return "busy"
    if isinstance(error, PermissionError) or error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "permission"
    return "other"


__all__ = ["Adventure", "Change", "ChangeKind", "DiceError", "Listener"]


if TYPE_CHECKING:  # the adventure of a Fighting Fantasy book, as its screens see it
    from game.rules.ff.actions import FFAction
    from game.rules.ff.state import SheetState

    FFAdventure = Adventure[SheetState, FFAction]

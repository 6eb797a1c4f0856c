"""A play session: one book's rules, a state, and the action log with undo, redo and replay.

The session is the only way the state changes. Each accepted action is
recorded with the dice it drew; undo steps back, redo re-applies the recorded
action with its recorded dice (drawing nothing), and replaying the log from
the start rebuilds the same state. The log is what a save stores.

Two ways to play (chosen when the adventure starts, kept in the log):
*bookmark* undoes anything, and a roll undone then drawn again is marked as a
reroll (the run counts them); *honest* refuses to undo a result the dice
decided, while what the player typed or set by hand can still be undone.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from importlib import import_module
from typing import Any, Generic, Protocol, TypeVar

import pydantic_core
from pydantic import BaseModel, ValidationError

from game.rules.dice import DiceError, DiceSource, DieUse, FixedDice, RandomDice, ScriptedDice, Transaction
from game.rules.errors import Refused, ReplayError
from game.rules.fork import fork

LOG_FORMAT = 1
# Memory: a state is kept after every CHECKPOINT_EVERY-th entry and after each of the RECENT_STATES
# newest ones (what undo, redo and the combat board's timeline read); any other is rebuilt on demand
# by replaying the recorded entries from the checkpoint before it. 10 000 actions used to hold 10 000
# states (179 MB); now about 260.
CHECKPOINT_EVERY = 50
RECENT_STATES = 64
MAX_UNDONE_ROLLS = 100  # older undone rolls are forgotten: a reroll is counted against a recent undo
PLAY_MODES = ("bookmark", "honest")
BOOKMARK, HONEST = PLAY_MODES


StateT = TypeVar("StateT", bound=BaseModel)
ActionT = TypeVar("ActionT", bound=BaseModel)
ModelT = TypeVar("ModelT", bound=BaseModel)
#: What a caller may hand the session as an action: the ruleset's typed model, or its JSON form, or the
#: Refused that :func:`make_action` gave for values that make no action (refused as it is).
ActionLike = BaseModel | Mapping[str, Any] | Refused


class Ruleset(Protocol):
    """What a kind of book plugs into a session (see game.rules.ff.ruleset)."""

    @property
    def kind(self) -> str: ...

    @property
    def state_type(self) -> type[BaseModel]: ...

    def start(self, book: Any, hero: dict[str, int] | None, language: str) -> Any: ...

    def apply(self, book: Any, state: Any, action: Any, dice: Transaction) -> str | None:
        """Change ``state`` (a private copy) or raise Refused; return the action's outcome, if any."""

    def available(self, book: Any, state: Any) -> dict[str, Refused | None]:
        """Each kind of action (its ``do``) and why it cannot be done now (None: it can, given fit data)."""

    def view(self, book: Any, state: Any, language: str = "fr") -> dict[str, Any]: ...

    action_adapter: Any


#: Each kind of book and where the rules that play it are (module, class): a ruleset's modules are imported
#: when a book of its kind is first played, so a session of one kind holds no model of the other (issue 28:
#: the Rôle'n Play rules are 1 MiB of a Fighting Fantasy session).
RULESETS = {
    "fighting_fantasy": ("game.rules.ff.ruleset", "FightingFantasyRules"),
    "rolenplay": ("game.rules.rnp.ruleset", "RolenplayRules"),
}


def ruleset_for(book: Any) -> Ruleset:
    """The rules that play ``book``, chosen by its ``kind``."""
    module, name = RULESETS[book.kind]
    rules: Ruleset = getattr(import_module(module), name)()
    return rules


@dataclass(frozen=True)
class Start:
    """How the session began: the hero given directly (cases, tests) and the sheet's language."""

    hero: dict[str, int] | None = None
    language: str = "fr"
    play: str = BOOKMARK  # one of PLAY_MODES

    def __post_init__(self) -> None:
        if self.play not in PLAY_MODES:
            raise ValueError(f"play must be one of {', '.join(PLAY_MODES)}, not {self.play!r}")

    def to_json(self) -> dict[str, Any]:
        return {"hero": self.hero, "language": self.language, "play": self.play}


@dataclass(frozen=True)
class Entry:
    """One accepted action with the dice it drew and the outcome it had."""

    action: dict[str, Any]
    dice: list[int]
    outcome: str | None = None
    reroll: int = 0  # bookmark play: how many times this roll was undone and drawn again

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"action": self.action, "dice": list(self.dice), "outcome": self.outcome}
        if self.reroll:
            data["reroll"] = self.reroll
        return data


@dataclass
class Session(Generic[StateT, ActionT]):
    """Plays one book: apply actions, refuse illegal ones, undo, redo, replay.

    Generic over the ruleset's state and action models (``Session[SheetState,
    FFAction]`` plays a Fighting Fantasy book), so screens read typed states.
    """

    book: Any
    dice: DiceSource = field(default_factory=RandomDice)
    start: Start = field(default_factory=Start)

    def __post_init__(self) -> None:
        self.rules = ruleset_for(self.book)
        # The state after i entries, for i a checkpoint or one of the recent ones (see state_at).
        self._states: dict[int, StateT] = {0: self.rules.start(self.book, self.start.hero, self.start.language)}
        self._available: tuple[StateT, dict[str, Refused | None]] | None = None
        self._entries: list[Entry] = []
        # Each entry's JSON as log_json writes it, for the entries it was made for (they change only at the end:
        # an autosave of 10 000 actions serializes the one new entry, not the whole log).
        self._json_for: list[Entry] = []
        # Their JSON joined by commas (kept whole, not joined again each autosave), and where each one ends in it.
        self._json = bytearray()
        self._json_ends: list[int] = []
        self._rerolls = 0  # sum of the entries' reroll marks, kept as entries come and go
        self._redo: list[Entry] = []
        self._pushed_back: list[tuple[int, int]] = []
        self._undone_rolls: list[Entry] = []  # rolls undone and neither redone nor drawn again yet
        # A snapshot's state not yet checked (from_snapshot): where it stands, and how far verify has replayed.
        self._unverified: tuple[int, StateT] | None = None
        self._checked: tuple[int, StateT, bool] | None = None

    # -- reading -------------------------------------------------------------------------
    @property
    def state(self) -> StateT:
        """The current state (treat as read-only: change it through :meth:`apply`)."""
        return self._states[len(self._entries)]

    @property
    def states(self) -> tuple[StateT, ...]:
        """The state before the first entry, then after each entry, oldest first (read-only).

        Rebuilt from the checkpoints at each call: for a one-off walk over the whole log
        (an export, a run's record); screens read ``state_at`` or ``states_from``.
        """
        return tuple(self.states_from(0))

    def state_at(self, index: int) -> StateT:
        """The state after the first ``index`` entries (0: the start); read-only.

        Kept for checkpoints and the newest entries, otherwise rebuilt by replaying
        the recorded entries (their own dice, nothing drawn) from the checkpoint before.
        """
        if not 0 <= index <= len(self._entries):
            raise IndexError(f"there is no state after {index} entries (the log has {len(self._entries)})")
        return next(iter(self.states_from(index)))

    def states_from(self, index: int) -> Iterator[StateT]:
        """The states after ``index``, ``index + 1``… entries up to the current one, each rebuilt at most once."""
        if not 0 <= index <= len(self._entries):
            raise IndexError(f"there is no state after {index} entries (the log has {len(self._entries)})")
        at = max(i for i in self._states if i <= index)
        state = self._states[at]
        owned = False  # a state rebuilt here that nobody has seen: the next entry may change it in place
        while True:
            if at >= index:
                yield state
                owned = False
            if at == len(self._entries):
                return
            entry = self._entries[at]
            at += 1
            kept = self._states.get(at)
            if kept is None:
                kept = state if owned else fork(state)
                self.rules.apply(self.book, kept, self.parse(entry.action), Transaction(ScriptedDice(entry.dice), []))
                owned = at % CHECKPOINT_EVERY != 0
                if not owned:  # a checkpoint missing below a snapshot (from_snapshot): kept, as it would have been
                    self._states[at] = kept
            else:
                owned = False
            state = kept

    @property
    def entries(self) -> list[Entry]:
        """The accepted actions from the start, oldest first (a copy: for a count, read ``length``)."""
        return list(self._entries)

    @property
    def length(self) -> int:
        """How many actions the log holds (``len(entries)`` without copying them)."""
        return len(self._entries)

    @property
    def play(self) -> str:
        """How this adventure is played: ``bookmark`` or ``honest`` (PLAY_MODES)."""
        return self.start.play

    @property
    def rerolls(self) -> int:
        """Bookmark play: how many rolls were undone and drawn again in the actions that stand."""
        return self._rerolls

    @property
    def logged(self) -> int:
        """How many actions the log holds: the entries and the redo list (what a save's limit counts)."""
        return len(self._entries) + len(self._redo)

    @property
    def can_undo(self) -> bool:
        return bool(self._entries) and self.undo_refusal() is None

    def undo_refusal(self) -> Refused | None:
        """Why the last action cannot be undone now (None when it can)."""
        if not self._entries:
            return Refused("nothing_to_undo", "nothing to undo")
        return _honest_refusal(self.play, self._entries[-1:])

    def undo_to_refusal(self, index: int) -> Refused | None:
        """Why the session cannot go back to just after entry ``index`` (-1: the start); None when it can."""
        if not -1 <= index < len(self._entries):
            return Refused("no_such_entry", f"there is no journal entry {index}", index=index)
        if index == len(self._entries) - 1:
            return Refused("nothing_to_undo", "this is the last entry: nothing to undo")
        return _honest_refusal(self.play, self._entries[index + 1 :])

    def entries_after(self, index: int) -> list[Entry]:
        """What going back to entry ``index`` would revert, oldest first (the journal's preview)."""
        return list(self._entries[max(index + 1, 0) :])

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def view(self, language: str | None = None) -> dict[str, Any]:
        """The state as plain nested data (the rules cases' paths)."""
        return self.rules.view(self.book, self.state, language or self.start.language)

    # -- acting --------------------------------------------------------------------------
    def parse(self, action: ActionLike) -> ActionT:
        """Turn a JSON-like dict (or an action model) into this ruleset's action, or refuse.

        A Refused (what :func:`make_action` gives for values that make no action) is refused as it is."""
        if isinstance(action, Refused):
            raise action
        if isinstance(action, BaseModel):
            return action  # type: ignore[return-value]  # a model is trusted to be one of this ruleset's actions
        try:
            parsed: ActionT = self.rules.action_adapter.validate_python(action)
            return parsed
        except ValidationError as error:
            raise bad_action(error, action.get("do")) from None

    def apply(self, action: ActionLike, dice: DiceSource | None = None) -> Entry:
        """Apply one action; returns its log entry, or raises Refused (nothing changed, no dice drawn).

        ``dice`` overrides the session's source for this action (physical dice typed in).
        """
        parsed = self.parse(action)
        entry = self._run(parsed, dice or self.dice, pushed_back=self._pushed_back if dice is None else [])
        self._redo.clear()
        if entry.dice:
            entry = self._mark_reroll(entry)
        return entry

    def apply_all(self, actions: Sequence[ActionLike]) -> list[Entry]:
        """Apply ``actions`` in turn, all or none: a refusal takes back those applied and raises, the redo list and
        the undone rolls as they were (a form that writes two scores: its half never waits to be redone)."""
        redo, undone = list(self._redo), list(self._undone_rolls)
        applied: list[Entry] = []
        try:
            for action in actions:
                applied.append(self.apply(action))
        except (Refused, DiceError):
            for _ in applied:
                self._pop()
            self._redo, self._undone_rolls = redo, undone
            raise
        return applied

    def available(self) -> dict[str, Refused | None]:
        """What can be done now, and why not: each kind of action (its ``do``) with its refusal or None.

        Like python-chess's ``legal_moves``: screens enable or disable a control
        by asking this, never by probing with made-up data. An action whose
        parameters matter (which creature, how much) is then checked whole with
        :meth:`refusal`. Computed once per state.
        """
        state = self.state
        if self._available is None or self._available[0] is not state:
            self._available = (state, self.rules.available(self.book, state))
        return self._available[1]

    def refusal(self, action: ActionLike) -> Refused | None:
        """Why ``action`` would be refused now (None when it would be accepted). Changes nothing."""
        try:
            self._dry_run(action)
        except Refused as refused:
            return refused
        return None

    def preview(self, action: ActionLike) -> Any | None:
        """The state ``action`` would leave (dice all 1s for a rolling action); None when refused. Changes nothing.

        The sheet asks before a heal that would gain nothing (a meal at full STAMINA).
        """
        try:
            return self._dry_run(action)
        except Refused:
            return None

    def _dry_run(self, action: ActionLike) -> Any:
        parsed = self.parse(action)
        state = fork(self.state)
        self.rules.apply(self.book, state, parsed, Transaction(FixedDice(1), []))
        return state

    def dice_needed(self, action: ActionLike) -> list[DieUse]:
        """Each die ``action`` would draw now, in order: its sides, whose it is, what for (physical dice entry).

        A dry run with the highest faces; where the number of dice depends on
        the values (a failed save stopping a march), more may be asked later.
        """
        parsed = self.parse(action)
        state = fork(self.state)
        transaction = Transaction(_HighestFace(), [])
        self.rules.apply(self.book, state, parsed, transaction)
        return list(transaction.uses)

    def undo(self) -> Entry:
        """Step back one action (dice are never given back); honest play refuses to undo a roll."""
        refused = self.undo_refusal()
        if refused is not None:
            raise refused
        return self._pop()

    def undo_to(self, index: int) -> list[Entry]:
        """Go back to just after entry ``index`` (-1: the start); the reverted entries can be redone.

        All or nothing: honest play refuses when any reverted entry drew dice.
        Returns the reverted entries, oldest first.
        """
        refused = self.undo_to_refusal(index)
        if refused is not None:
            raise refused
        undone = [self._pop() for _ in range(len(self._entries) - index - 1)]
        return undone[::-1]

    def redo(self) -> Entry:
        """Re-apply the last undone action with the dice it drew, drawing nothing new."""
        if not self._redo:
            raise Refused("nothing_to_redo", "nothing to redo")
        entry = self._redo[-1]
        try:
            self._replay_entry(entry)
        except DiceError as error:  # a save's redo list is not replayed when read: a hand-edited file, a book changed
            raise Refused("redo_does_not_replay", f"the action to redo no longer replays: {error}") from None
        self._redo.pop()
        for position in range(len(self._undone_rolls) - 1, -1, -1):
            if self._undone_rolls[position] is entry:  # redone as it was: no longer waiting to be drawn again
                del self._undone_rolls[position]
                break
        return entry

    # -- the log ---------------------------------------------------------------------------
    def to_log(self) -> dict[str, Any]:
        """The whole history as JSON-ready data (what a save stores): actions with their dice."""
        return {
            "format": LOG_FORMAT,
            "book": self.book.id,
            "start": self.start.to_json(),
            "entries": [e.to_json() for e in self._entries],
            "redo": [e.to_json() for e in reversed(self._redo)],
            "undone": [e.to_json() for e in self._undone_rolls],
        }

    def log_json(self) -> bytes:
        """:meth:`to_log` as compact JSON (the bytes ``pydantic_core.to_json(self.to_log())`` gives).

        What an autosave writes: each entry is serialized once, when it joins the log, so a save of a long
        adventure costs its new entries, not the whole log again.
        """
        self.entries_json(len(self._entries))
        head = pydantic_core.to_json({"format": LOG_FORMAT, "book": self.book.id, "start": self.start.to_json()})
        tail = pydantic_core.to_json(
            {"redo": [e.to_json() for e in reversed(self._redo)], "undone": [e.to_json() for e in self._undone_rolls]}
        )
        return b"".join((head[:-1], b',"entries":[', self._json, b"],", tail[1:]))

    def entries_json(self, count: int) -> bytes:
        """The first ``count`` entries as compact JSON, comma-separated, as :meth:`log_json` writes them (each
        entry made once, when it joins the log)."""
        entries = self._entries
        kept = entries_kept(self._json_for, entries)
        del self._json_for[kept:], self._json_ends[kept:], self._json[self._json_ends[-1] if kept else 0 :]
        for entry in entries[kept:]:
            if self._json_for:
                self._json += b","
            self._json_for.append(entry)
            self._json += pydantic_core.to_json(entry.to_json())
            self._json_ends.append(len(self._json))
        return bytes(self._json[: self._json_ends[count - 1]]) if count else b""

    @classmethod
    def from_log(cls, book: Any, log: dict[str, Any], dice: DiceSource | None = None) -> Session[Any, Any]:
        """Rebuild a session by replaying a log. Raises ValueError naming what fails (ReplayError: an entry)."""
        session = cls._begun(book, log, dice)
        session._replay_from(log.get("entries", []), 0)
        session._read_redo(log)
        return session

    @classmethod
    def from_snapshot(
        cls, book: Any, log: dict[str, Any], at: int, state: BaseModel, dice: DiceSource | None = None
    ) -> Session[Any, Any]:
        """A session from a log whose state after its first ``at`` entries is given (a save's snapshot): only
        the entries after ``at`` are replayed. The snapshot stands unchecked until :meth:`verify` has replayed
        the log up to it; ``at`` is a checkpoint (a multiple of CHECKPOINT_EVERY), ``state`` is not changed.
        Raises ValueError like :meth:`from_log`."""
        session = cls._begun(book, log, dice)
        entries = log.get("entries", [])
        if not 0 < at <= len(entries) or at % CHECKPOINT_EVERY:
            raise ValueError(f"a snapshot after {at} entries does not fit a log of {len(entries)}")
        for index, raw in enumerate(entries[:at]):
            try:
                session._entries.append(_entry_from_json(raw))
            except TypeError as error:
                raise ReplayError(index, _do_of(raw), error) from None
        session._rerolls = sum(entry.reroll for entry in session._entries)
        session._states[at] = state  # the caller validated it as this ruleset's state
        session._unverified = (at, state)
        session._replay_from(entries, at)
        session._read_redo(log)
        return session

    @classmethod
    def _begun(cls, book: Any, log: dict[str, Any], dice: DiceSource | None) -> Session[Any, Any]:
        """A session at the start ``log`` gives (nothing replayed yet), or ValueError."""
        if log.get("format") != LOG_FORMAT:
            raise ValueError(f"log format {log.get('format')!r} is not {LOG_FORMAT}")
        if log.get("book") != book.id:
            raise ValueError(f"the log is for book {log.get('book')!r}, not {book.id!r}")
        start = log.get("start") or {}
        try:
            begin = Start(hero=start.get("hero"), language=start.get("language", "fr"), play=start.get("play", BOOKMARK))
        except ValueError as error:
            raise ValueError(f"start: {error}") from None
        return cls(book, dice or RandomDice(), begin)

    def _replay_from(self, entries: list[Any], first: int) -> None:
        """Replay ``entries[first:]`` (the session holds the first ``first``), or ReplayError naming the entry."""
        parsed: dict[tuple[Any, ...], tuple[BaseModel, dict[str, Any]]] = {}  # a log repeats its actions (a round…)
        for index in range(first, len(entries)):
            raw = entries[index]
            try:
                self._replay_entry(_entry_from_json(raw), in_place=not _kept_after(index, len(entries)), parsed=parsed)
            except (Refused, DiceError, KeyError, TypeError) as error:
                raise ReplayError(index, _do_of(raw), error) from None

    def _read_redo(self, log: dict[str, Any]) -> None:
        self._redo = [_entry_from_json(raw) for raw in reversed(log.get("redo", []))]
        # the redo list and the undone rolls share entries: an undone roll still redoable is the same object
        redoable = {json.dumps(e.to_json(), sort_keys=True): e for e in self._redo}
        for raw in log.get("undone", []):
            entry = _entry_from_json(raw)
            self._undone_rolls.append(redoable.get(json.dumps(entry.to_json(), sort_keys=True), entry))

    # -- a snapshot checked -------------------------------------------------------------------
    def verify(self, steps: int = 25) -> str | None:
        """Check the snapshot :meth:`from_snapshot` started from, replaying up to ``steps`` more entries of the
        log from the start (each call goes on where the last stopped; the checkpoints it passes are kept).

        Returns None when there is nothing (left) to check — no snapshot, or the log was undone below it, so
        no state stands on it any more; ``"checking"`` while some is left; then once ``"agreed"``, or
        ``"replaced"``: the replay disagreed and won (the entries after the snapshot are replayed from it, and
        any that no longer applies waits in the redo list), or ``"unreplayable"``: the log does not replay
        from the start (the snapshot's states stay).
        """
        if self._unverified is None:
            return None
        at, snapshot = self._unverified
        if self._states.get(at) is not snapshot:  # undone below it: every state now comes from the log
            self._unverified = self._checked = None
            return None
        index, state, owned = self._checked or (0, self._states[0], False)
        stop = min(at, index + steps)
        try:
            while index < stop:
                entry = self._entries[index]
                state = state if owned else fork(state)
                scripted = ScriptedDice(entry.dice)
                self.rules.apply(self.book, state, self.parse(entry.action), Transaction(scripted, []))
                if scripted.remaining:
                    raise DiceError(f"{len(scripted.remaining)} recorded dice were not used")
                index += 1
                owned = not (index % CHECKPOINT_EVERY == 0 and index < at and index not in self._states)
                if not owned:  # kept like any checkpoint: an undo below the snapshot replays from here
                    self._states[index] = state
        except Exception:  # noqa: BLE001 - whatever the rules raise on an entry of the log, it does not replay
            self._unverified = self._checked = None
            return "unreplayable"
        if index < at:
            self._checked = (index, state, owned)
            return "checking"
        self._unverified = self._checked = None
        if state == snapshot:
            return "agreed"
        self._replay_after(at, state)
        return "replaced"

    def _replay_after(self, at: int, state: StateT) -> None:
        """The state after ``at`` entries is ``state``: the entries after it are replayed from it again."""
        tail = self._entries[at:]
        while len(self._entries) > at:
            self._pop_entry()
        for index in [i for i in self._states if i > at]:
            del self._states[index]
        self._states[at] = state
        for number, entry in enumerate(tail):
            try:
                self._replay_entry(entry)
            except Exception:  # noqa: BLE001 - whatever the rules raise, the entry waits to be redone
                self._redo.extend(reversed(tail[number:]))  # kept, to be redone: nothing of the log is lost
                break

    # -- internals ---------------------------------------------------------------------------
    def _keep(self, index: int, state: StateT) -> None:
        """Hold the state after ``index`` entries, and let go of the one that just left the recent window."""
        self._states[index] = state
        old = index - RECENT_STATES
        if old > 0 and old % CHECKPOINT_EVERY:
            self._states.pop(old, None)

    def _pop(self) -> Entry:
        count = len(self._entries)
        previous = self.state_at(count - 1)  # rebuilt first, if it had left the recent window
        self._states.pop(count, None)
        self._states[count - 1] = previous
        entry = self._pop_entry()
        self._redo.append(entry)
        if entry.dice:
            self._undone_rolls.append(entry)
            del self._undone_rolls[:-MAX_UNDONE_ROLLS]
        return entry

    def _mark_reroll(self, entry: Entry) -> Entry:
        """Bookmark play: a roll drawn again after the same kind of roll was undone is a reroll."""
        for position in range(len(self._undone_rolls) - 1, -1, -1):
            earlier = self._undone_rolls[position]
            if earlier.action.get("do") == entry.action.get("do"):
                del self._undone_rolls[position]
                marked = replace(entry, reroll=earlier.reroll + 1)
                self._replace_last(marked)
                return marked
        return entry

    def _run(
        self,
        parsed: Any,
        source: DiceSource,
        pushed_back: list[tuple[int, int]],
        in_place: bool = False,
        dumped: dict[str, Any] | None = None,
    ) -> Entry:
        """Apply ``parsed`` to a fork of the current state; ``in_place``: to the current state itself, which
        is then no longer kept (a replay of a whole log, where a refusal abandons the session).
        ``dumped``: the action's JSON form, when the caller has it already."""
        if in_place:
            state = self._states.pop(len(self._entries))
        else:
            state = fork(self.state)
        transaction = Transaction(source, pushed_back)
        try:
            outcome = self.rules.apply(self.book, state, parsed, transaction)
        except (Refused, DiceError):
            transaction.give_back()
            raise
        entry = Entry(parsed.model_dump(mode="json") if dumped is None else dumped, transaction.drawn, outcome)
        self._entries.append(entry)
        self._rerolls += entry.reroll
        self._keep(len(self._entries), state)
        return entry

    def _pop_entry(self) -> Entry:
        entry = self._entries.pop()
        self._rerolls -= entry.reroll
        return entry

    def _replace_last(self, entry: Entry) -> None:
        self._rerolls += entry.reroll - self._entries[-1].reroll
        self._entries[-1] = entry

    def _replay_entry(
        self,
        entry: Entry,
        in_place: bool = False,
        parsed: dict[tuple[Any, ...], tuple[BaseModel, dict[str, Any]]] | None = None,
    ) -> None:
        """Apply a recorded entry again with its own dice. ``parsed``: the actions already parsed in this
        replay, with their JSON form, by :func:`_flat_key` (an action model is frozen: one serves them all)."""
        key = None if parsed is None else _flat_key(entry.action)
        found = None if key is None or parsed is None else parsed.get(key)
        if found is None:
            action = self.parse(entry.action)
            found = (action, action.model_dump(mode="json"))
            if key is not None and parsed is not None:
                parsed[key] = found
        scripted = ScriptedDice(entry.dice)
        self._run(found[0], scripted, pushed_back=[], in_place=in_place, dumped=dict(found[1]))
        if scripted.remaining:
            self._states.pop(len(self._entries), None)
            self._pop_entry()
            raise DiceError(f"{len(scripted.remaining)} recorded dice were not used")
        if entry.reroll:
            self._replace_last(replace(self._entries[-1], reroll=entry.reroll))


def _kept_after(index: int, total: int) -> bool:
    """Whether a replay of ``total`` entries keeps the state after ``index`` of them (see ``Session._keep``):
    the start, each checkpoint and the recent ones. Any other is changed in place by the next entry."""
    return index == 0 or index % CHECKPOINT_EVERY == 0 or index > total - RECENT_STATES


_FLAT = (str, int, float, bool, type(None))


def _flat_key(action: dict[str, Any]) -> tuple[Any, ...] | None:
    """A key telling apart every action whose values are all plain (each value's type in it: 1, 1.0 and True
    differ), or None for one that holds a list or an object (a fight's creatures: parsed each time)."""
    key = []
    for name, value in action.items():
        kind = type(value)
        if kind not in _FLAT:
            return None
        key.append((name, kind, value))
    return tuple(key)


def entries_kept(before: Sequence[Entry], now: Sequence[Entry]) -> int:
    """How many of ``before`` (an earlier copy of a session's entries) still stand, first, in ``now``.

    A session's entries change only at their end (an action appends one, an undo drops the last, a reroll
    mark replaces it), so an entry still in place is the same object: the first ``n`` stand when the n-th
    does. What a screen made from the entries (the journal's lines, the timeline's rows) is kept for those.
    """
    kept = min(len(before), len(now))
    while kept and before[kept - 1] is not now[kept - 1]:
        kept -= 1
    return kept


def make_action(model: type[ModelT], /, **fields: Any) -> ModelT | Refused:
    """The typed action ``model`` built from ``fields`` (what the player typed), or why not.

    Parse or refuse, in one place: a value that makes no action (an empty name,
    an hour of 5000, a number that is not one) gives the same Refused as
    :meth:`Session.parse` gives for that action as a dict, naming the field in
    ``params["what"]``; never an exception. Hand the result to the session (or
    ``act``/``allow``/``reason`` of a screen) as it is: a Refused is refused there.
    """
    try:
        return model(**fields)
    except ValidationError as error:
        return bad_action(error)


def bad_action(error: ValidationError, tag: Any = None) -> Refused:
    """An action that does not fit its model (a screen built it from impossible values), as a refusal.

    ``params["what"]``: the field at fault (its last name: ``label``, ``skill``), or ``do`` when the
    action itself is unknown. ``tag``: the ``do`` of a dict, whose place in the error is not a field.
    """
    first = error.errors(include_url=False)[0]
    loc = list(first["loc"])
    if loc and tag is not None and loc[0] == tag:
        loc = loc[1:]  # the union's branch, not a field: the same place as in the model built directly
    where = ".".join(str(p) for p in loc) or "do"
    names = [str(p) for p in loc if isinstance(p, str)]
    what = names[-1] if names else "do"
    return Refused("bad_action", f"not an action of this book: {where}: {first['msg']}", what=what)


def _honest_refusal(play: str, entries: list[Entry]) -> Refused | None:
    """Honest play: a result the dice decided stands (what the player typed or set can be undone)."""
    if play != HONEST:
        return None
    for entry in entries:
        if entry.dice:
            return Refused(
                "honest_dice",
                f"honest play: the dice decided '{entry.action.get('do')}' ({'·'.join(map(str, entry.dice))}), it stands",
                do=entry.action.get("do"),
            )
    return None


class _HighestFace:
    """A dice source for dry runs: always the highest face."""

    def roll(self, sides: int) -> int:
        return sides


def _do_of(raw: Any) -> str:
    """The ``do`` of a log entry's action as written ("" when the entry has none)."""
    action = raw.get("action") if isinstance(raw, dict) else None
    do = action.get("do") if isinstance(action, dict) else None
    return do if isinstance(do, str) else ""


def _entry_from_json(raw: Any) -> Entry:
    if not isinstance(raw, dict) or not isinstance(raw.get("action"), dict) or not isinstance(raw.get("dice", []), list):
        raise TypeError("an entry needs an 'action' object and a 'dice' list")
    reroll = raw.get("reroll", 0)
    if not isinstance(reroll, int) or isinstance(reroll, bool) or reroll < 0:
        raise TypeError("an entry's 'reroll' must be a whole number from 0")
    return Entry(raw["action"], list(raw.get("dice", [])), raw.get("outcome"), reroll)

"""The journal as a timeline: each entry with its paragraph, dice and what it changed.

Pure data from a session (no pygame, no catalogue): the timeline screen, the
Markdown export and the heal messages read it. Consequences compare the state
before and after an entry through the rules' ``view`` (the case paths), so any
book's stats and counters are covered without naming them here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules.session import Entry, Session, entries_kept

FIGHT_ACTIONS = frozenset({"fight", "round", "shoot", "luck", "no_luck", "escape", "stop_fight", "cast"})
TEST_ACTIONS = frozenset({"test_luck", "test_skill", "test", "roll", "roll_hero"})
RESOURCE_ACTIONS = frozenset(
    {"eat", "herb", "potion", "counter", "set_counter", "add_item", "remove_item", "rename_item", "eat_day", "drink", "drink_day"}
)
FILTERS = ("all", "fights", "tests", "resources")


@dataclass(frozen=True)
class Change:
    """One number that an entry changed: ``kind`` is ``stat``, ``initial``, ``counter``, ``creature`` or ``ally``."""

    kind: str
    ident: str  # the stat or counter id; for a creature, its name
    before: int
    after: int
    stat: str = ""  # for a creature or the ally: which of its scores

    @property
    def gain(self) -> int:
        return self.after - self.before


class Consequences:
    """What each entry of a session changed, computed on demand a block of entries at a time.

    The session keeps only checkpoints of its states (game.rules.session), so a
    state is rebuilt by replaying; a block is replayed once and every entry in
    it is read then. A long journal opens at once and pays only for the rows
    shown.
    """

    BLOCK = 50

    def __init__(self, session: Session[Any, Any]) -> None:
        self.session = session
        self._found: dict[int, tuple[Change, ...]] = {}

    def of(self, index: int) -> tuple[Change, ...]:
        """The changes of entry ``index``."""
        if index not in self._found:
            first = index - index % self.BLOCK
            last = min(first + self.BLOCK, self.session.length)
            previous = None
            for at, state in zip(range(first, last + 1), self.session.states_from(first)):
                if previous is not None:
                    self._found[at - 1] = changes(self.session, previous, state)
                previous = state
        return self._found.get(index, ())

    def forget_from(self, index: int) -> None:
        """Entries from ``index`` on are not those read any more (an undo, another action): read them again."""
        for at in [at for at in self._found if at >= index]:
            del self._found[at]


@dataclass(frozen=True)
class Row:
    """One line of the timeline."""

    index: int  # the entry's index in the log (for undo_to)
    entry: Entry
    paragraph: int | None  # where it happened (a paragraph action: the § reached)
    category: str  # fights, tests, resources or other
    consequences: Consequences | None = None

    @property
    def changes(self) -> tuple[Change, ...]:
        """The scores, counters and fighters' STAMINA this entry changed."""
        return () if self.consequences is None else self.consequences.of(self.index)

    def shown_by(self, name: str) -> bool:
        """Whether the filter ``name`` (FILTERS) keeps this row."""
        return name == "all" or self.category == name


def category(action: dict[str, Any]) -> str:
    """Which filter an action belongs to: ``fights``, ``tests``, ``resources`` or ``other``."""
    do = action.get("do")
    if do in FIGHT_ACTIONS:
        return "fights"
    if do in TEST_ACTIONS:
        return "tests"
    if do in RESOURCE_ACTIONS:
        return "resources"
    return "other"


def changes(session: Session[Any, Any], before: Any, after: Any) -> tuple[Change, ...]:
    """The scores, initial scores, counters and fighters' STAMINA that differ between two states."""
    if not hasattr(session.book, "stats"):
        return ()
    old, new = _numbers(session, before), _numbers(session, after)
    found: list[Change] = []
    old_hero, new_hero = old.get("hero") or {}, new.get("hero") or {}
    for stat in session.book.stats:
        for kind, a, b in (
            ("stat", old_hero.get(stat.id), new_hero.get(stat.id)),
            ("initial", (old_hero.get("initial") or {}).get(stat.id), (new_hero.get("initial") or {}).get(stat.id)),
        ):
            if isinstance(a, int) and isinstance(b, int) and a != b:
                found.append(Change(kind, stat.id, a, b))
    for name, value in (new.get("counters") or {}).items():
        was = (old.get("counters") or {}).get(name)
        if isinstance(was, int) and was != value:
            found.append(Change("counter", name, was, value))
    old_fight, new_fight = old.get("fight") or {}, new.get("fight") or {}
    old_enemies = old_fight.get("enemies") or []
    for index, enemy in enumerate(new_fight.get("enemies") or []):
        if index < len(old_enemies) and old_enemies[index]["stamina"] != enemy["stamina"]:
            found.append(Change("creature", enemy["name"], old_enemies[index]["stamina"], enemy["stamina"], "stamina"))
    old_ally, new_ally = old_fight.get("ally"), new_fight.get("ally")
    if old_ally and new_ally and old_ally["stamina"] != new_ally["stamina"]:
        found.append(Change("ally", new_ally["name"], old_ally["stamina"], new_ally["stamina"], "stamina"))
    return tuple(found)


def _numbers(session: Session[Any, Any], state: Any) -> dict[str, Any]:
    """The parts of a state's view that changes compare: hero, counters, fight (read straight from a sheet state).

    A Fighting Fantasy state is read directly (the full view also builds the
    calendar and the boxes: a long journal took a millisecond per entry);
    any other state goes through the rules' view.
    """
    hero, fight = getattr(state, "hero", None), getattr(state, "fight", None)
    if not hasattr(state, "counters") or not hasattr(state, "fight"):
        return session.rules.view(session.book, state)
    return {
        "hero": None if hero is None else {**hero.scores, "initial": dict(hero.initial)},
        "counters": dict(state.counters),
        "fight": {}
        if fight is None
        else {
            "enemies": [{"name": e.name, "stamina": e.stamina} for e in fight.enemies],
            "ally": None if fight.ally is None else {"name": fight.ally.name, "stamina": fight.ally.stamina},
        },
    }


def preview_changes(session: Session[Any, Any], action: Any) -> tuple[Change, ...] | None:
    """What ``action`` would change now, without applying it (None: the rules refuse it)."""
    after = session.preview(action)
    return None if after is None else changes(session, session.state, after)


class Timeline:
    """A session's timeline rows, kept as it moves (issue 28): an action adds its row, an undo drops rows,
    and the rows of the entries still standing are kept, their consequences too (game.rules.session.entries_kept)."""

    def __init__(self, session: Session[Any, Any]) -> None:
        self.session = session
        self.consequences = Consequences(session)
        self._rows: list[Row] = []
        self._entries: list[Entry] = []
        self.changed_from = 0  # the first row the last rows() made anew (the rows before it were kept)

    def rows(self) -> list[Row]:
        """Every standing entry as a timeline row, oldest first; their changes are read when asked for."""
        entries = self.session.entries
        kept = entries_kept(self._entries, entries)
        if kept < len(self._rows):
            del self._rows[kept:], self._entries[kept:]
            self.consequences.forget_from(kept)
        if kept:
            paragraph = self._rows[-1].paragraph
        else:
            paragraph = getattr(self.session.state_at(0), "paragraph", None) if entries else None
        for index in range(kept, len(entries)):
            entry = entries[index]
            if entry.action.get("do") == "paragraph" and isinstance(entry.action.get("number"), int):
                paragraph = entry.action["number"]  # the § reached; the entries after it happened there
            self._rows.append(Row(index, entry, paragraph, category(entry.action), self.consequences))
            self._entries.append(entry)
        self.changed_from = kept
        return list(self._rows)


def rows(session: Session[Any, Any]) -> list[Row]:
    """Every standing entry as a timeline row, oldest first; their changes are read when asked for."""
    return Timeline(session).rows()


def visited_paragraphs(session: Session[Any, Any]) -> list[int]:
    """The paragraphs reached, in order (every ``paragraph`` action that stands)."""
    return [e.action["number"] for e in session.entries if e.action.get("do") == "paragraph" and "number" in e.action]

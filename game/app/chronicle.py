"""The story of every run: its outcome, the paragraphs visited in order, its fights; a book's chronicles.

A run's record is read from its session (pure: no files, no pygame). The
book's chronicles gather the records of every run (saves still on the shelf,
and runs kept after their save was deleted, game.storage.chronicles): deaths
by paragraph, deadliest first, and the graph of the paths taken with the share
of the book explored (its ``section_count``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from game.app.timeline import visited_paragraphs
from game.books.models import AnyBook
from game.safe_json import InputError
from game.storage.chronicles import ChronicleError, RecordCache, store_for

OUTCOMES = ("playing", "won", "died", "lost", "abandoned")  # lost: one of the book's defeats, the hero alive


@dataclass(frozen=True)
class FightRecord:
    """One fight of a run: who, where, and how it ended (``hero``, ``enemies``, ``escaped``, or None: unfinished)."""

    enemies: tuple[str, ...]
    paragraph: int | None
    winner: str | None


@dataclass(frozen=True)
class RunRecord:
    """One adventure, finished or not."""

    id: str
    book: str
    hero: str
    play: str
    outcome: str  # OUTCOMES
    paragraph: int | None  # where it stands or ended
    cause: str = ""  # for a death: the creature that won, else the action that killed (``test_luck``…); a defeat: its words
    paragraphs: tuple[int, ...] = ()
    fights: tuple[FightRecord, ...] = ()
    rerolls: int = 0
    updated: str = ""

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["paragraphs"] = list(self.paragraphs)
        data["fights"] = [{**asdict(f), "enemies": list(f.enemies)} for f in self.fights]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RunRecord:
        """Read a stored record; raises (KeyError, TypeError, ValueError) when it is not one."""
        if data.get("outcome") not in OUTCOMES:
            raise ValueError(f"outcome must be one of {', '.join(OUTCOMES)}")
        paragraph = data.get("paragraph")
        if paragraph is not None and not isinstance(paragraph, int):
            raise TypeError("paragraph must be a whole number or null")
        paragraphs = tuple(int(n) for n in data.get("paragraphs", []))
        fights = tuple(
            FightRecord(tuple(str(e) for e in f.get("enemies", [])), f.get("paragraph"), f.get("winner"))
            for f in data.get("fights", [])
        )
        return cls(
            str(data["id"]),
            str(data["book"]),
            str(data.get("hero", "")),
            str(data.get("play", "bookmark")),
            data["outcome"],
            paragraph,
            str(data.get("cause", "")),
            paragraphs,
            fights,
            int(data.get("rerolls", 0)),
            str(data.get("updated", "")),
        )


def run_record(session: Any, save_id: str, updated: str = "", outcome: str | None = None) -> RunRecord:
    """The record of the run in ``session``; ``outcome`` (``won``, ``abandoned``) when the player said so."""
    state = session.state
    hero = getattr(state, "hero", None)
    seen = session.view().get("hero")  # the rules' verdict: any of the book's death conditions (R-DEATH-1)
    alive = seen.get("alive", True) if isinstance(seen, dict) else getattr(hero, "alive", True)
    paragraph = getattr(state, "paragraph", None)
    ended = session.view().get("ended")  # one of the book's endings that is not death: a defeat or a victory
    cause = "" if alive else death_cause(session)
    if not alive:
        found = "died"
    elif isinstance(ended, dict) and ended.get("outcome") in ("defeat", "victory"):
        found = "lost" if ended["outcome"] == "defeat" else "won"
        cause = ending_words(session.book, state, session.start.language)
    elif outcome in ("won", "abandoned"):
        found = outcome
    else:
        found = "won" if _victory(session.book, paragraph) else "playing"
    return RunRecord(
        id=save_id,
        book=session.book.id,
        hero=getattr(hero, "name", "") or "",
        play=session.play,
        outcome=found,
        paragraph=paragraph,
        cause=cause,
        paragraphs=tuple(visited_paragraphs(session)),
        fights=tuple(fights(session)),
        rerolls=session.rerolls,
        updated=updated,
    )


def ending_words(book: AnyBook, state: object, language: str) -> str:
    """The words of the book's ending that closed the adventure (a defeat, a victory), "" when none did."""
    index = getattr(state, "ended", None)
    rules = getattr(book, "rules", None)
    if index is None or rules is None or not 0 <= index < len(rules.endings):
        return ""
    return str(rules.endings[index].message.get(language))


def _victory(book: AnyBook, paragraph: int | None) -> bool:
    """Whether ``paragraph`` is a victory ending of a book that has its text (the reader's sections)."""
    finder = getattr(book, "section", None)
    section = finder(paragraph) if finder is not None and paragraph is not None else None
    return getattr(section, "end", None) == "victory"


def death_cause(session: Any) -> str:
    """The creature that won the last fight, else the last action that drew dice or changed a score."""
    fight = getattr(session.state, "fight", None)
    if fight is not None and fight.winner == "enemies" and fight.enemies:
        front = fight.front() if hasattr(fight, "front") else None
        return str(fight.enemies[front if front is not None else 0].name)
    entries = session.entries
    return entries[-1].action.get("do", "") if entries else ""


def fights(session: Any) -> list[FightRecord]:
    """Every fight begun in the run, in order, with how it ended."""
    found: list[FightRecord] = []
    states = session.states
    open_fight: dict[str, Any] | None = None
    for index, entry in enumerate(session.entries):
        before, after = states[index], states[index + 1]
        if entry.action.get("do") == "fight":
            if open_fight is not None:
                found.append(FightRecord(**open_fight))
            names = tuple(e.get("name", "?") for e in entry.action.get("enemies", []))
            open_fight = {"enemies": names, "paragraph": getattr(before, "paragraph", None), "winner": None}
        fight = getattr(after, "fight", None)
        if open_fight is not None and fight is not None and fight.winner is not None:
            open_fight["winner"] = fight.winner
            found.append(FightRecord(**open_fight))
            open_fight = None
    if open_fight is not None:
        found.append(FightRecord(**open_fight))
    return found


@dataclass
class BookChronicle:
    """What the Chroniques screen shows for one book."""

    runs: list[RunRecord]
    deaths: list[tuple[int | None, int]] = field(default_factory=list)  # (paragraph, deaths), deadliest first
    nodes: list[int] = field(default_factory=list)  # paragraphs visited by any run, in first-visit order
    edges: dict[tuple[int, int], int] = field(default_factory=dict)  # (from, to) → how many times taken
    death_nodes: set[int] = field(default_factory=set)
    explored: float | None = None  # share of the book's sections visited (None: the book does not say how many)

    @property
    def wins(self) -> int:
        return sum(r.outcome == "won" for r in self.runs)


def book_chronicle(runs: list[RunRecord], section_count: int | None) -> BookChronicle:
    """Deaths by paragraph (deadliest first, then by number), the paths graph and the share explored."""
    ordered = sorted(runs, key=lambda r: r.updated, reverse=True)
    deaths = Counter(r.paragraph for r in ordered if r.outcome == "died")
    death_list = sorted(deaths.items(), key=lambda item: (-item[1], item[0] if item[0] is not None else 10**9))
    nodes: list[int] = []
    seen: set[int] = set()
    edges: Counter[tuple[int, int]] = Counter()
    for run in sorted(ordered, key=lambda r: r.updated):
        previous = None
        for number in run.paragraphs:
            if number not in seen:
                seen.add(number)
                nodes.append(number)
            if previous is not None and previous != number:
                edges[(previous, number)] += 1
            previous = number
    explored = min(1.0, len(seen) / section_count) if section_count else None
    return BookChronicle(ordered, death_list, nodes, dict(edges), {p for p, _n in death_list if p is not None}, explored)


def layout(chronicle: BookChronicle, max_columns: int = 12) -> dict[int, tuple[int, int]]:
    """(column, row) of each paragraph: the column is its depth along the paths from the first one visited.

    Deeper than ``max_columns``, the map wraps: depths go on in a band below,
    so a long road stays readable on one screen.
    """
    sources: dict[int, list[int]] = {}
    for a, b in chronicle.edges:
        sources.setdefault(b, []).append(a)
    depth: dict[int, int] = {}
    for number in chronicle.nodes:
        incoming = [depth[a] for a in sources.get(number, ()) if a in depth]
        depth[number] = (min(incoming) + 1) if incoming else 0
    rows: Counter[int] = Counter()
    place: dict[int, tuple[int, int]] = {}
    for number in chronicle.nodes:
        column = depth[number]
        place[number] = (column, rows[column])
        rows[column] += 1
    bands = max((column // max_columns for column, _row in place.values()), default=0) + 1
    if bands == 1:
        return place
    height = [max((rows[c] for c in rows if c // max_columns == band), default=1) for band in range(bands)]
    offset = [sum(height[:band]) for band in range(bands)]
    return {n: (column % max_columns, row + offset[column // max_columns]) for n, (column, row) in place.items()}


# -- the runs of a book on disk (the saves, and the runs kept by game.storage.chronicles) ----------------------
def kept_runs(saves: Any, book_id: str) -> tuple[dict[str, RunRecord], list[InputError]]:
    """The runs kept for a book, read; a record that cannot be read is left out with its reason (coded)."""
    raw, problems = store_for(saves).runs(book_id)
    found: dict[str, RunRecord] = {}
    for run_id, data in raw.items():
        try:
            found[run_id] = RunRecord.from_json(data)
        except (KeyError, TypeError, ValueError, AttributeError):
            problems.append(ChronicleError.coded(f"{book_id}.json", f"$.runs.{run_id}", "chronicle_run_unreadable"))
    return found, problems


def book_runs(saves: Any, books: Mapping[str, Any], book_id: str) -> tuple[list[RunRecord], list[InputError | OSError]]:
    """Every run of a book: the saves on the shelf (replayed) and the runs kept after deletion.

    A live save takes the outcome the player gave it (won, abandoned) when one
    was kept; a save that cannot be read is left out with its reason.
    """
    kept, unread = kept_runs(saves, book_id)
    problems: list[InputError | OSError] = list(unread)  # said by the screen in the player's words (error_words)
    runs = dict(kept)
    cache = RecordCache(store_for(saves), book_id)  # a save unchanged since the last look is not replayed again
    live: set[str] = set()
    for item in saves.listing():
        if item.save is None or item.save.book != book_id:
            continue
        live.add(item.id)
        stamp = _stamp(item)
        record = _cached(cache, item.id, stamp)
        if record is None:
            try:
                _save, session = saves.load(item.id, books)
            except InputError as error:
                problems.append(error)
                continue
            record = run_record(session, item.id, item.save.updated)
            cache.put(item.id, stamp, record.to_json())
        marked = kept.get(item.id)
        if marked is not None and marked.outcome in ("won", "abandoned") and record.outcome != "died":
            record = replace(record, outcome=marked.outcome)
        runs[item.id] = record
    cache.keep_only(live)
    try:
        cache.write()
    except OSError as error:
        problems.append(error if error.filename else OSError(error.errno, error.strerror, str(cache.path)))
    return list(runs.values()), problems


def _stamp(item: Any) -> str:
    """What says a save changed: its time of writing, and its file's nanosecond time and size (two writes a second)."""
    try:
        info = item.path.stat()
    except OSError:
        return str(item.save.updated)
    return f"{item.save.updated}|{info.st_mtime_ns}|{info.st_size}"


def _cached(cache: RecordCache, save_id: str, updated: str) -> RunRecord | None:
    raw = cache.get(save_id, updated)
    if raw is None:
        return None
    try:
        return RunRecord.from_json(raw)
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def keep_run(saves: Any, session: Any, save_id: str, updated: str, outcome: str | None = None) -> RunRecord:
    """Keep a run's record now (the player said "won" or "abandoned", or its save is about to be deleted)."""
    marked = kept_runs(saves, session.book.id)[0].get(save_id)
    if outcome is None and marked is not None and marked.outcome in ("won", "abandoned"):
        outcome = marked.outcome
    record = run_record(session, save_id, updated, outcome)
    store_for(saves).keep(record.book, record.id, record.to_json())
    return record


def keep_before_delete(saves: Any, books: Mapping[str, Any], save_id: str) -> RunRecord | None:
    """A save about to be deleted leaves its run in the chronicles (unfinished: abandoned); None if unreadable."""
    try:
        save, session = saves.load(save_id, books)
    except InputError:
        return None
    hero = getattr(session.state, "hero", None)
    if hero is None:  # nothing was played: no story to keep
        return None
    marked = kept_runs(saves, session.book.id)[0].get(save_id)
    unfinished = "won" if marked is not None and marked.outcome == "won" else "abandoned"
    return keep_run(saves, session, save_id, save.updated, unfinished if getattr(hero, "alive", True) else None)

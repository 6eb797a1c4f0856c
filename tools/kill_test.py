"""Kill test of the saves (issue 9): SIGKILL a writer at random instants, then check the save it leaves.

    /work/main/.venv/bin/python tools/kill_test.py [-n 1000] [--seed S] [--book DF49] [--spawn] [--max-delay 0.1]
                                                   [--odd] [--faults 0.2]

The writer plays random actions on an adventure (undo and redo included) the
way the app does: ``Adventure.act`` autosaves after each change through
``SaveStore`` (atomic write, five rotated backups, then ``last.txt``). It runs
in a child process — forked (fast) or, with ``--spawn``, a fresh interpreter —
and tells the parent through a pipe what it is doing: ``W <hash>`` just before
a save of the log with that hash, ``S`` when the save is complete. The parent
kills it with SIGKILL after a random delay, then, like the app starting again:

* lists the saves folder (the bookshelf) and loads the adventure, which must
  read and replay (``Session.from_log``) to a valid state that writes back the
  same log — otherwise the save is **lost**;
* the loaded log must be the last *completed* save, or the one being written
  when the kill landed (``W`` with no ``S``): anything older is **lost**
  (more than one action gone). So at most the action in flight is lost;
* "continue" (``last.txt``) must still name it, and every backup must load.

* every backup must read, and none may hold the same play as the version
  just newer (the save itself for backup 1): the history keeps distinct versions.

``--odd`` (issue 23) fills the saves folder first with what a broken disk or a
hostile user leaves: a FIFO and a link to /dev/zero named like saves, a 100 GB
sparse save, a link to a file outside, a directory at the writer's ``.bak5``,
at the old fixed temporary name ``.bak1.tmp`` and at ``last.txt``: the writer
must go on saving through all of it. ``--faults RATE`` makes that share of the
writes fail at a random system call with a random errno (EISDIR, ENOSPC,
EACCES, EIO; tests/faults.py): the writer says ``F`` for a write that failed,
and the save must then still be the last one completed.

The next writer starts from the save just checked. Exit status 1 if anything
was lost. SIGKILL tests the death of the process, not a power cut (for that the
writes fsync the file and the folder, which this test cannot check).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

SAVE_ID = "kill-test"
MAX_ENTRIES = 120  # past this the writer mostly undoes, so saves stay the size of a real adventure


def log_hash(log: dict) -> str:
    return hashlib.sha256(json.dumps(log, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()[:16]


# -- the writer (child process) ----------------------------------------------------------------


def random_action(rng: random.Random, book, state) -> dict:
    """One action a player might take now (the rules may refuse it: then nothing is saved)."""
    fight = getattr(state, "fight", None)
    if fight is not None and getattr(fight, "active", False) and rng.random() < 0.8:
        return rng.choice(
            [{"do": "round"}, {"do": "round"}, {"do": "luck"}, {"do": "no_luck"}, {"do": "escape"}, {"do": "stop_fight"}]
        )
    counters = [c.id for c in book.counters] or ["gold"]
    text = "".join(rng.choice("abcdefghij klmnopqrstuvwxyz éèàçœ «»—\n") for _ in range(rng.choice((0, 20, 300, 2000))))
    return rng.choice(
        [
            {"do": "paragraph", "number": rng.randint(1, 400)},
            {"do": "counter", "name": rng.choice(counters), "by": rng.randint(-3, 3) or 1},
            {"do": "change", "stat": "stamina", "by": rng.randint(-4, 3) or -1},
            {"do": "test_luck"},
            {"do": "test_skill"},
            {"do": "eat"},
            {"do": "herb"},
            {"do": "tick_day"},
            {"do": "notes", "text": text},
            {"do": "add_creature", "name": "Orque", "skill": rng.randint(4, 10), "stamina": rng.randint(3, 12)},
            {"do": "fight", "enemies": [{"name": "Gobelin", "skill": rng.randint(4, 9), "stamina": rng.randint(2, 8)}]},
            {"do": "revive", "stamina": rng.randint(1, 10)},
        ]
    )


FAULT_ERRNOS = ("EISDIR", "ENOSPC", "EACCES", "EIO")


def writer(folder: Path, book_id: str, seed: int, out_fd: int, faults: float = 0.0) -> None:
    """Play and autosave until killed, reporting each save to ``out_fd`` (never returns normally)."""
    import errno

    from game.app.adventure import Adventure
    from game.books.loader import load_shelf
    from game.rules.dice import RandomDice
    from game.rules.session import Session
    from game.storage.saves import SaveStore

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from faults import Faults

    def say(text: str) -> None:
        os.write(out_fd, (text + "\n").encode("utf-8"))  # one write of < PIPE_BUF bytes: whole or nothing

    chance = random.Random(seed ^ 0x5EED)

    class ReportingStore(SaveStore):
        def write(self, save_id, session, created=None):
            say(f"W {log_hash(session.to_log())}")
            if faults and chance.random() < faults:
                code = getattr(errno, chance.choice(FAULT_ERRNOS))
                try:
                    with Faults(self.root, code, at=chance.randint(1, 20), persistent=chance.random() < 0.3):
                        saved = super().write(save_id, session, created)
                except OSError:
                    say("F")
                    raise
            else:
                saved = super().write(save_id, session, created)
            say("S")
            return saved

    books = load_shelf().books
    store = ReportingStore(folder)
    rng = random.Random(seed)
    if store.path(SAVE_ID).exists():
        save, session = store.load(SAVE_ID, books)
        session.dice = RandomDice(seed)
        adventure = Adventure(session, store, SAVE_ID, created=save.created)
    else:
        session = Session(books[book_id], RandomDice(seed))
        session.apply({"do": "roll_hero"})
        session.apply({"do": "name_hero", "name": "Kill Test"})
        adventure = Adventure(session, store, SAVE_ID)
        while adventure.save_problem is not None or not store.path(SAVE_ID).exists():
            adventure.save()  # the first save of the adventure must be there before the kills start
    say(f"R {log_hash(session.to_log())}")
    while True:
        roll = rng.random()
        if len(session.entries) > MAX_ENTRIES and roll < 0.7 or roll < 0.12:
            adventure.undo()
        elif roll < 0.18:
            adventure.redo()
        else:
            adventure.act(random_action(rng, session.book, session.state))
        if adventure.save_problem and not faults:
            raise RuntimeError(f"autosave failed: {adventure.save_problem}")


def writer_main(folder: str, book_id: str, seed: int, faults: float) -> None:
    """Entry point of a ``--spawn`` writer: reports on stdout."""
    try:
        writer(Path(folder), book_id, seed, sys.stdout.fileno(), faults)
    except BaseException:
        os.write(sys.stdout.fileno(), ("E " + traceback.format_exc().replace("\n", " | ") + "\n").encode())
        os._exit(1)


# -- the parent ----------------------------------------------------------------------------------


@dataclass
class Tally:
    kills: int = 0
    mid_write: int = 0
    actions_saved: int = 0
    lost_unreadable: int = 0
    lost_replay: int = 0
    lost_older: int = 0
    continue_lost: int = 0
    backups_checked: int = 0
    backups_unreadable: int = 0
    got_completed: int = 0
    got_in_flight: int = 0
    temporaries: int = 0
    writes_failed: int = 0
    versions_repeated: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def lost(self) -> int:
        return self.lost_unreadable + self.lost_replay + self.lost_older


def start_writer(folder: Path, book_id: str, seed: int, spawn: bool, faults: float = 0.0) -> tuple[int, int]:
    """Start a writer; returns (pid, read fd)."""
    if spawn:
        process = subprocess.Popen(
            [sys.executable, __file__, "--writer", str(folder), book_id, str(seed), str(faults)],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        return process.pid, os.dup(process.stdout.fileno())
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: write, never return into the parent's code
        os.close(read_fd)
        code = 0
        try:
            writer(folder, book_id, seed, write_fd, faults)
        except BaseException:
            os.write(write_fd, ("E " + traceback.format_exc().replace("\n", " | ") + "\n").encode())
            code = 1
        os._exit(code)
    os.close(write_fd)
    return pid, read_fd


def read_line(fd: int, buffer: bytearray) -> str | None:
    """The next line from the pipe (blocking), or None at end of file."""
    while b"\n" not in buffer:
        chunk = os.read(fd, 65536)
        if not chunk:
            return None
        buffer.extend(chunk)
    line, _, rest = bytes(buffer).partition(b"\n")
    buffer[:] = rest
    return line.decode("utf-8")


def check(folder: Path, books: dict, markers: list[str], start_hash: str, tally: Tally, kill: int) -> None:
    """After a kill: the bookshelf lists and loads the adventure; compare with what the writer reported."""
    from game.storage.save_file import version_digest
    from game.storage.saves import SaveError, SaveStore

    store = SaveStore(folder)
    completed, in_flight = start_hash, None
    for marker in markers:
        if marker.startswith("W "):
            in_flight = marker[2:]
        elif marker == "S":
            completed, in_flight = in_flight, None
            tally.actions_saved += 1
        elif marker == "F":  # a write failed (an injected fault): the save must still be the last completed
            in_flight = None
            tally.writes_failed += 1
        elif marker.startswith("E "):
            raise SystemExit(f"kill {kill}: the writer failed: {marker[2:]}")
    tally.mid_write += in_flight is not None
    listing = {item.id: item for item in store.listing()}
    item = listing.get(SAVE_ID)
    if item is None or item.error is not None:
        tally.lost_unreadable += 1
        tally.problems.append(f"kill {kill}: not readable: {item.error if item else 'missing'}")
        return
    try:
        save, session = store.load(SAVE_ID, books)
    except SaveError as error:
        tally.lost_replay += 1
        tally.problems.append(f"kill {kill}: does not replay: {error}")
        return
    state = session.state
    if session.to_log() != save.log or type(state).model_validate(state.model_dump()) != state:
        tally.lost_replay += 1
        tally.problems.append(f"kill {kill}: the replayed state does not write back the same log")
        return
    got = log_hash(save.log)
    if got == completed:
        tally.got_completed += 1
    elif got == in_flight:
        tally.got_in_flight += 1
    else:
        tally.lost_older += 1
        tally.problems.append(
            f"kill {kill}: the save is older than the last completed one ({got} not in {completed}, {in_flight})"
        )
    if store.last() != SAVE_ID:
        tally.continue_lost += 1
        tally.problems.append(f"kill {kill}: last.txt does not name the adventure")
    versions = [version_digest(save)]
    for backup in store.backups(SAVE_ID):
        tally.backups_checked += 1
        try:
            versions.append(version_digest(store.load(SAVE_ID, books, backup=backup)[0]))
        except SaveError as error:
            tally.backups_unreadable += 1
            tally.problems.append(f"kill {kill}: backup {backup}: {error}")
    if any(newer == older for newer, older in zip(versions, versions[1:])):  # a backup like the one before it
        tally.versions_repeated += 1
        tally.problems.append(f"kill {kill}: a backup holds the same play as the version before it")


def plant_odd_files(folder: Path) -> list[str]:
    """What a broken disk or a hostile user leaves in a saves folder (``--odd``); what was planted."""
    folder.mkdir(parents=True, exist_ok=True)
    planted = []
    (folder / f"{SAVE_ID}.json.bak5").mkdir()
    (folder / f"{SAVE_ID}.json.bak1.tmp").mkdir()
    (folder / "last.txt").mkdir()
    planted += [f"{SAVE_ID}.json.bak5/", f"{SAVE_ID}.json.bak1.tmp/", "last.txt/"]
    with open(folder / "huge.json", "wb") as handle:
        handle.truncate(100 << 30)
    (folder.parent / "secret.json").write_text('{"secret": true}')  # beside the saves folder, in the test's own
    (folder / "outside.json").symlink_to(folder.parent / "secret.json")
    planted += ["huge.json (100 GB sparse)", "outside.json -> ../secret.json"]
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "fifo.json")
        (folder / "zero.json").symlink_to("/dev/zero")
        planted += ["fifo.json (FIFO)", "zero.json -> /dev/zero"]
    return planted


def run(n: int, seed: int, book_id: str, spawn: bool, max_delay: float, folder: Path, faults: float = 0.0) -> Tally:
    from game.books.loader import load_shelf
    from game.storage.saves import SaveStore

    books = load_shelf().books
    rng = random.Random(seed)
    tally = Tally()
    start_hash = ""
    for kill in range(n):
        pid, fd = start_writer(folder, book_id, rng.randrange(2**32), spawn, faults)
        buffer = bytearray()
        ready = read_line(fd, buffer)
        while ready is not None and ready[:2] in ("W ", "S", "F"):  # the first writer saves the new adventure
            ready = read_line(fd, buffer)
        if ready is None or not ready.startswith("R "):
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            raise SystemExit(f"kill {kill}: the writer did not start: {ready}")
        if kill == 0:
            start_hash = ready[2:]
        elif ready[2:] != start_hash:
            tally.lost_older += 1
            tally.problems.append(f"kill {kill}: the writer resumed from another save than the one checked")
            start_hash = ready[2:]
        time.sleep(rng.uniform(0, max_delay))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        markers = []
        while (line := read_line(fd, buffer)) is not None:
            markers.append(line)
        os.close(fd)
        tally.kills += 1
        check(folder, books, markers, start_hash, tally, kill)
        start_hash = log_hash(SaveStore(folder).read(SAVE_ID).log) if tally.lost == 0 else start_hash
        if tally.lost:
            break
    tally.temporaries = SaveStore(folder).remove_stale_temporaries(older_than=0)
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=1000, help="number of kills (default 1000)")
    parser.add_argument("--seed", type=int, help="random seed (default: a new one, printed)")
    parser.add_argument("--book", default="DF49")
    parser.add_argument("--spawn", action="store_true", help="a fresh interpreter per writer instead of fork")
    parser.add_argument("--max-delay", type=float, default=0.1, help="kill after 0..this many seconds (default 0.1)")
    parser.add_argument("--dir", type=Path, help="folder to work in, its saves in DIR/saves (default: a temporary one)")
    parser.add_argument("--odd", action="store_true", help="odd files in the saves folder (FIFO, /dev/zero, directories…)")
    parser.add_argument("--faults", type=float, default=0.0, help="share of the writes failing at a random system call")
    parser.add_argument("--writer", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.writer:
        writer_main(args.writer[0], args.writer[1], int(args.writer[2]), float(args.writer[3]))
        return 0
    spawn = args.spawn or not hasattr(os, "fork")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    command = (
        f"{sys.executable} tools/kill_test.py -n {args.n} --seed {seed} --book {args.book} "
        f"--max-delay {args.max_delay}{' --spawn' if spawn else ''}{' --odd' if args.odd else ''}"
        f"{f' --faults {args.faults}' if args.faults else ''}"
    )
    print(f"kill_test: seed {seed}, {args.n} kills, book {args.book}, writer {'spawned' if spawn else 'forked'}", flush=True)
    work = args.dir or Path(tempfile.mkdtemp(prefix="feuille-kill-"))
    folder = work / "saves"
    if args.odd:
        print("odd files in the saves folder: " + ", ".join(plant_odd_files(folder)), flush=True)
    started = time.perf_counter()
    try:
        tally = run(args.n, seed, args.book, spawn, args.max_delay, folder, args.faults)
    finally:
        if args.dir is None:
            shutil.rmtree(work, ignore_errors=True)
    elapsed = time.perf_counter() - started
    print(f"kills: {tally.kills} in {elapsed:.1f} s; saves completed by the writers: {tally.actions_saved}")
    print(f"kills that landed mid-write (between the start and the end of a save): {tally.mid_write}")
    print(
        f"loaded after a kill: the last completed save {tally.got_completed}, "
        f"the save being written (it completed before the kill) {tally.got_in_flight}"
    )
    print(
        f"saves lost: {tally.lost} (unreadable {tally.lost_unreadable}, failed to replay {tally.lost_replay}, "
        f"older than the last completed save {tally.lost_older}) - goal 0"
    )
    print(
        f"'continue' lost: {tally.continue_lost}; backups checked {tally.backups_checked}, "
        f"unreadable {tally.backups_unreadable}; backups repeating the version before {tally.versions_repeated}"
    )
    if args.faults:
        print(f"writes failed by an injected fault: {tally.writes_failed} (the save stayed the last completed one)")
    print(f"temporary files left by killed writes: {tally.temporaries} (SaveStore.remove_stale_temporaries)")
    for problem in tally.problems[:20]:
        print(f"  {problem}")
    print(f"reproduce: {command}")
    return 1 if tally.lost or tally.continue_lost or tally.backups_unreadable or tally.versions_repeated else 0


if __name__ == "__main__":
    sys.exit(main())

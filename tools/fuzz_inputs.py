"""Fuzz the loaders of books and saves with bad input (issue 9): refused with a clear error, never a traceback.

    /work/main/.venv/bin/python tools/fuzz_inputs.py [-n 10000] [--seed S] [--case I] [--quiet]

Each case takes a real book (DF31, DF49, DF64, rolenplay) or a real save
(format 1 fixtures, fresh format 2 saves) and mutates it: wrong types,
missing and extra fields, huge numbers, deep nesting, long and invalid strings,
10 MB files, invalid UTF-8, truncation, byte flips, ids and book ids that
point outside their folder ("../../etc/passwd", "a/b"), a save that is a link
to a file outside the saves folder, foreign save formats, shuffled dice.
And files that are not what they seem (issue 23): a FIFO, a link to
/dev/zero, a 100 GB sparse file, a link out of its folder, a link loop, a
directory, in place of a book, a save, a backup, settings, last.txt or a file
to import — each must be refused at once (under 2 s) with its path and
reason, nothing copied out of it; and failing writes: a save written while one system
call fails (EISDIR, ENOSPC, EACCES, EIO, EROFS, EDQUOT at a random step, once
or from then on, tests/faults.py) must leave the save and every backup
readable and distinct, losing at most the action in flight.

A book goes through ``load_book`` and ``load_shelf``; a save through the
listing, ``SaveStore.read``, ``load`` (replay) and ``import_file``; a save that
loads is written back and must reload to the same state. Every case must end
either accepted or refused with an InputError (BookError / SaveError) whose
file, JSON path ($…) and reason are non-empty. It is a failure when:

* any other exception escapes (a traceback);
* something is executed: a ``compile``/``exec`` of code not from a module
  file, ``os.system``, a subprocess, or a file opened for writing outside the
  fuzz folder (checked by an audit hook);
* a file already saved changes (the saves folder is hashed before and after),
  or reading changes the fuzzed file itself.

Books the loader accepts are also played a little (a session, a hero, a view);
what the rules raise there is listed as a finding, not a loader failure.
The seed is printed; ``--case I`` reruns one case and shows what it did.
"""

from __future__ import annotations

import argparse
import copy
import errno
import hashlib
import json
import os
import random
import re
import shutil
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from game.app.settings import SettingsStore
from game.books.loader import BookError, book_from_text, bundled_books_dir, load_book, load_shelf
from game.i18n.catalogue import format_number
from game.rules.dice import RandomDice
from game.rules.errors import Refused
from game.rules.session import Session
from game.safe_json import InputError
from game.storage.library import import_book
from game.storage.save_file import version_digest
from game.storage.saves import BACKUPS, SaveError, SaveStore

ROOT = Path(__file__).resolve().parent.parent
V1_FIXTURES = ROOT / "tests" / "data" / "saves_v1"
BOOK_IDS = ("DF31", "DF49", "DF64", "rolenplay")
RAW = "\x00raw:"  # a string standing for JSON text put in verbatim (numbers JSON can write but Python cannot hold)
RAW_STRING = re.compile('"' + re.escape(json.dumps(RAW)[1:-1]) + '([^"]*)"')
CANARY = "fuzz-canary"
BIG = 10 * 1024 * 1024

ESCAPES = [
    "../../etc/passwd",
    "/etc/passwd",
    "..\\..\\windows\\win.ini",
    "a/b",
    "DF49/../DF31",
    "C:\\x",
    "~/x",
    "DF49\x00",
    "",
    ".",
    "..",
    "DF49.json",
    "%2e%2e%2fetc",
    "file:///etc/passwd",
    "\\\\server\\share",
]
INJECTIONS = [
    f"__import__('os').system('touch {CANARY}')",
    f"$(touch {CANARY})",
    f"`touch {CANARY}`",
    "{{7*7}}",
    "${jndi:ldap://x/a}",
    "<script>alert(1)</script>",
    "'; DROP TABLE saves; --",
    "%s%s%s%n",
    f"!!python/object/apply:os.system ['touch {CANARY}']",
    "{0.__class__.__mro__}",
]
ODD_TEXT = ["\ud800", "a\udfffb", "\x00", "\u202eevil", "🐉" * 50, "é" * 4001, "x" * 20_001, "\r\n\t", " ", "Ｆｕｌｌ"]
HUGE = [
    10**15,
    2**53,
    2**53 + 1,
    2**63,
    -(2**63),
    10**30,
    1e308,
    -1.5e300,
    0.1,
    -0,
    1e-320,
    RAW + "1" * 5000,
    RAW + "1e999",
    RAW + "-1e999",
    RAW + "NaN",
    RAW + "Infinity",
    RAW + "-Infinity",
    RAW + "9" * 400,
    4294967296,
    -1,
    99999,
    1000001,
]
VALUES = [None, True, False, 0, -1, 1.5, "", "x", [], {}, [1, 2], {"a": 1}, [[[]]], "1", "true", "null"]
POSIX_ODD = ["fifo", "device", "sparse", "link-outside", "link-loop", "directory"]
ODD_KINDS = POSIX_ODD if hasattr(os, "mkfifo") else ["sparse", "directory"]
ODD_PLACES = ["book", "save", "backup", "settings", "import-save", "import-book", "last"]
WRITE_ERRNOS = ["EISDIR", "ENOSPC", "EACCES", "EIO", "EROFS", "EDQUOT"]
ODD_SECONDS = 2.0  # a refusal of what a file is takes no time: more is a hang in the making


# -- mutations of the parsed document --------------------------------------------------------------


def nodes(doc):
    """Every (path, value) of a JSON tree, the root first (no recursion: trees may be very deep)."""
    stack = [((), doc)]
    while stack:
        path, value = stack.pop()
        yield path, value
        if isinstance(value, dict):
            stack.extend((path + (key,), item) for key, item in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((path + (index,), item) for index, item in reversed(list(enumerate(value))))


def get(doc, path):
    for part in path:
        doc = doc[part]
    return doc


def put(doc, path, value):
    if not path:
        return value
    get(doc, path[:-1])[path[-1]] = value
    return doc


def pick(rng, doc, want=None):
    candidates = [(p, v) for p, v in nodes(doc) if want is None or isinstance(v, want)]
    return rng.choice(candidates) if candidates else ((), doc)


def m_wrong_type(rng, doc, kind):
    path, value = pick(rng, doc)
    choices = [v for v in VALUES if type(v) is not type(value)]
    return put(doc, path, copy.deepcopy(rng.choice(choices))), f"wrong type at {list(path)}"


def m_missing_field(rng, doc, kind):
    path, value = pick(rng, doc, dict)
    if not isinstance(value, dict) or not value:
        return m_wrong_type(rng, doc, kind)
    key = rng.choice(list(value))
    del value[key]
    return doc, f"missing {list(path) + [key]}"


def m_extra_field(rng, doc, kind):
    path, value = pick(rng, doc, dict)
    if not isinstance(value, dict):
        return m_wrong_type(rng, doc, kind)
    key = rng.choice(["zz_extra", "__proto__", "__class__", "$ref", "__init__", "constructor", "x" * 300, "", "é"])
    value[key] = copy.deepcopy(rng.choice(VALUES + INJECTIONS))
    return doc, f"extra {list(path) + [key[:20]]}"


def m_huge_number(rng, doc, kind):
    numbers = [(p, v) for p, v in nodes(doc) if isinstance(v, (int, float)) and not isinstance(v, bool)]
    path = rng.choice(numbers)[0] if numbers and rng.random() < 0.8 else pick(rng, doc)[0]
    number = rng.choice(HUGE)
    return put(doc, path, number), f"number {str(number)[:20]} at {list(path)}"


def m_deep_nesting(rng, doc, kind):
    path, value = pick(rng, doc)
    depth = rng.choice([31, 33, 60, 400, 1000, 100_000])
    if depth > 400:  # deeper than json.dumps can write: raw text
        return doc, f"{RAW}{'[' * depth}{']' * depth}"
    wrapped = value
    for _ in range(depth):
        wrapped = [wrapped] if rng.random() < 0.5 else {"a": wrapped}
    return put(doc, path, wrapped), f"nesting {depth} at {list(path)}"


def m_strings(rng, doc, kind):
    strings = [(p, v) for p, v in nodes(doc) if isinstance(v, str)]
    path = rng.choice(strings)[0] if strings else pick(rng, doc)[0]
    text = rng.choice(ODD_TEXT + INJECTIONS + ["y" * rng.choice([4001, 10_001, 1_000_000])])
    return put(doc, path, text), f"string {text[:12]!r} at {list(path)}"


def m_escape_ids(rng, doc, kind):
    target = rng.choice(["id", "book"] if kind == "save" else ["id"])
    where = doc if isinstance(doc, dict) else {}
    if kind == "save" and rng.random() < 0.3 and isinstance(where.get("log"), dict):
        where = where["log"]
        target = "book"
    text = rng.choice(ESCAPES)
    if isinstance(doc, dict):
        where[target] = text
    return doc, f"{target} = {text!r}"


def m_big_list(rng, doc, kind):
    lists = [(p, v) for p, v in nodes(doc) if isinstance(v, list) and v]
    if not lists:
        return m_wrong_type(rng, doc, kind)
    path, value = rng.choice(lists)
    count = rng.choice([50, 1000, 10_001, 30_000])
    try:
        size = len(json.dumps(value[0])) + 2
    except (RecursionError, ValueError):
        size = 1_000_000
    count = max(2, min(count, BIG // size + 1))  # a little past 10 MB at most: the harness must not eat the machine
    value[:] = [copy.deepcopy(value[0]) for _ in range(count)] if count <= 1000 else [value[0]] * count
    return doc, f"{count} items at {list(path)}"


def m_save_format(rng, doc, kind):
    if isinstance(doc, dict):
        doc["save_format" if kind == "save" else "format"] = rng.choice([0, 1, 2, 3, 99, -1, "1", True, None, 1.0])
        if kind == "save" and rng.random() < 0.5:
            doc["app_version"] = rng.choice(["9.9.9", "", "x" * 100, None, 3])
    return doc, "format"


def m_log(rng, doc, kind):
    log = doc.get("log") if isinstance(doc, dict) else None
    if kind != "save" or not isinstance(log, dict) or not log.get("entries"):
        return m_wrong_type(rng, doc, kind)
    entries = log["entries"]
    choice = rng.randrange(7)
    if choice == 0:
        rng.shuffle(entries)
    elif choice == 1:
        entry = rng.choice(entries)
        entry["dice"] = [rng.choice([0, 7, 1000, 1001, -1, True, 6, 1]) for _ in range(rng.randint(0, 6))]
    elif choice == 2:
        rng.choice(entries)["action"] = rng.choice(VALUES + [{"do": "eval", "code": INJECTIONS[0]}, {"do": "__class__"}])
    elif choice == 3:
        log["start"] = rng.choice(
            [
                {"hero": {"skill": 10**9, "stamina": -5, "luck": 3}},
                {"hero": "abc"},
                {"language": "de"},
                [],
                None,
                {"hero": {"x" * 50: 1}},
            ]
        )
    elif choice == 4:
        log["redo"] = rng.choice([entries[:], "abc", [1, 2], None, [{"action": {"do": "paragraph", "number": 0}}]])
    elif choice == 5:
        log["format"] = rng.choice([0, 2, "1", None])
    else:
        del entries[rng.randrange(len(entries))]
    return doc, f"log mutation {choice}"


STRUCTURAL = [
    m_wrong_type,
    m_missing_field,
    m_extra_field,
    m_huge_number,
    m_deep_nesting,
    m_strings,
    m_escape_ids,
    m_big_list,
    m_save_format,
    m_log,
]


def serialise(doc, note: str) -> bytes:
    if note.startswith(RAW):
        return note[len(RAW) :].encode()
    text = json.dumps(doc, ensure_ascii=True)  # lone surrogates become \\ud800 escapes
    # RAW markers become verbatim JSON text (json.dumps escaped the NUL as \u0000)
    return RAW_STRING.sub(lambda match: match.group(1), text).encode("utf-8")


def byte_mutation(rng, data: bytes) -> tuple[bytes, str]:
    choice = rng.randrange(9)
    if choice == 0 and data:
        cut = rng.randrange(len(data))
        return data[:cut], f"truncated at {cut}"
    if choice == 1:
        bad = rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xc0\xaf", b"\xfe\xff", b"\x80\x80", b"\xf4\x90\x80\x80"])
        at = rng.randrange(len(data) + 1)
        return data[:at] + bad + data[at:], f"invalid UTF-8 {bad!r} at {at}"
    if choice == 2:
        return data + b" " * (BIG - len(data)), "padded to 10 MB"
    if choice == 3:
        filler = b'"' + b"z" * BIG + b'"'
        return b'{"padding": ' + filler + b', "x": ' + data + b"}", "10 MB string"
    if choice == 4 and data:
        flipped = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            flipped[rng.randrange(len(flipped))] = rng.randrange(256)
        return bytes(flipped), "byte flips"
    if choice == 5:
        return rng.choice([b"", b"null", b"[]", b"0", b'"x"', b"{}", b"\x00" * 10, b"{" * 10]), "tiny"
    if choice == 6:
        return b"\xef\xbb\xbf" + data, "UTF-8 BOM"
    if choice == 7:
        return data.replace(b"\n", b"\r\n"), "CRLF (harmless)"
    return data.decode("utf-8").encode("utf-16"), "UTF-16"


# -- the harness -------------------------------------------------------------------------------------


INSPECT_SIGNATURE = re.compile(rb"^def foo\(.*\): pass$")  # inspect._signature_fromstr's own program


class Watch:
    """An audit hook: what was executed or written outside the fuzz folder while ``active``."""

    def __init__(self, root: Path) -> None:
        self.root = str(root.resolve())
        self.active = False
        self.seen: list[str] = []
        sys.addaudithook(self)

    def __call__(self, event: str, args: tuple) -> None:
        if not self.active:
            return
        if event == "compile" and args and INSPECT_SIGNATURE.match(bytes(args[0]) if isinstance(args[0], bytes) else b""):
            return  # inspect reading a builtin's signature (pydantic's default factories): no data is compiled
        if event in (
            "os.system",
            "subprocess.Popen",
            "os.exec",
            "os.posix_spawn",
            "os.spawn",
            "os.fork",
            "ctypes.dlopen",
            "socket.connect",
            "compile",
            "pickle.find_class",
            "marshal.loads",
        ):
            self.seen.append(f"{event} {str(args)[:80]}")
        elif event == "exec":
            code = args[0] if args else None
            filename = getattr(code, "co_filename", "")
            if not (filename and os.path.isfile(filename)):  # importing a module is fine; code from data is not
                self.seen.append(f"exec {filename!r}")
        elif event == "open" and len(args) >= 2:
            path, mode = args[0], args[1]
            flags = args[2] if len(args) > 2 else 0
            writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
                isinstance(flags, int) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT)
            )
            if writing and isinstance(path, (str, bytes, os.PathLike)):
                where = os.path.realpath(os.fsdecode(path))
                if not where.startswith(self.root):
                    self.seen.append(f"write to {where}")


@dataclass
class Result:
    case: int
    kind: str
    what: str
    outcome: str  # accepted / refused / FAIL
    detail: str = ""
    seconds: float = 0.0


@dataclass
class Report:
    results: list[Result] = field(default_factory=list)
    findings: list[str] = field(default_factory=list)
    reasons: Counter = field(default_factory=Counter)

    def count(self, outcome: str) -> int:
        return sum(r.outcome == outcome for r in self.results)


def tree_hash(folder: Path, skip: set[str]) -> str:
    digest = hashlib.sha256()
    for path in sorted(folder.iterdir()):
        if path.name in skip or path.name.startswith("fuzz") or path.name.endswith(".lock"):
            continue
        digest.update(path.name.encode())
        digest.update(path.read_bytes() if path.is_file() else b"<dir>")
    return digest.hexdigest()


class Fuzzer:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.books_dir = root / "books"
        self.fuzz_books = root / "fuzz-books"
        self.saves = SaveStore(root / "saves")
        self.outside = root / "outside"
        for folder in (self.books_dir, self.fuzz_books, self.saves.root, self.outside):
            folder.mkdir(parents=True, exist_ok=True)
        for book_id in BOOK_IDS:
            shutil.copy(bundled_books_dir() / f"{book_id}.json", self.books_dir)
        self.books = load_shelf(self.books_dir).books
        self.book_docs = {b: json.loads((self.books_dir / f"{b}.json").read_text(encoding="utf-8")) for b in BOOK_IDS}
        for path in V1_FIXTURES.glob("*.json"):
            shutil.copy(path, self.saves.root)
        self._write_fresh_saves()
        self.save_docs = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in self.saves.root.glob("*.json")}
        self.protected = tree_hash(self.saves.root, set())
        self.protected_names = {path.name for path in self.saves.root.iterdir()}
        self.watch = Watch(root)
        self.warm_up()

    def _write_fresh_saves(self) -> None:
        session = Session(self.books["DF64"], RandomDice(1))
        for action in (
            {"do": "roll_hero"},
            {"do": "name_hero", "name": "Zed"},
            {"do": "paragraph", "number": 9},
            {"do": "fight", "enemies": [{"name": "Rat", "skill": 5, "stamina": 4}]},
            {"do": "round"},
        ):
            session.apply(action)
        for _ in range(3):  # backups too
            self.saves.write("v2-df64-fight", session)
        party = Session(self.books["rolenplay"], RandomDice(2))
        party.apply({"do": "add_character", "name": "Aria", "scores": {"con": 12, "dex": 16}, "skills": ["stealth"]})
        party.apply({"do": "travel_party", "pace": "normal", "days": 1, "extra_hours": 2})
        self.saves.write("v2-rolenplay", party)

    def warm_up(self) -> None:
        """Import everything the loaders use once, so the audit hook sees only what the data causes."""
        if str(ROOT / "tests") not in sys.path:
            sys.path.insert(0, str(ROOT / "tests"))  # the storage tests' fault-injection layer (failing writes)
        import faults  # noqa: F401

        for save_id in self.save_docs:
            _, session = self.saves.load(save_id, self.books)
            self.saves.write("fuzz-warm", session)
            self.saves.delete("fuzz-warm")
        for book in self.books.values():
            self.play(book)
        self.saves.listing()
        load_shelf(self.books_dir)
        # A refusal's reason is said from the catalogue (issue 26): its first one loads Babel's locale data and
        # compiles its plural rules. Done here, that is the app's own start, not something the data ran.
        for text in ("{", "[" * 100_000, '{"kind": "rolenplay"}', '{"kind": "fighting_fantasy", "stats": 1}', "\ufeff{}"):
            try:
                book_from_text(self.books_dir / "warm.json", text)
            except InputError as error:
                _ = error.reason, str(error)
        # A position past 9 999 ("column 612,881") is written with Babel's number format, whose first use
        # reads the language's locale data (a pickle): the app's own first large number, not the data's doing.
        for language in ("fr", "en"):
            format_number(language, 612_881)
            format_number(language, 0.5)

    # -- one case -------------------------------------------------------------------------------
    def make(self, case: int, seed: int) -> tuple[str, str, bytes, str]:
        rng = random.Random(f"{seed}:{case}")
        roll = rng.random()
        if roll < 0.06:  # a file that is not what it seems, where the app reads one
            return "file", rng.choice(ODD_PLACES), b"", rng.choice(ODD_KINDS)
        if roll < 0.09:  # a save written while a system call fails
            return "write", rng.choice(WRITE_ERRNOS), b"", f"step {rng.randint(1, 24)}{' on' if rng.random() < 0.3 else ''}"
        kind = "save" if rng.random() < 0.55 else "book"
        docs = self.save_docs if kind == "save" else self.book_docs
        base = rng.choice(sorted(docs))
        doc = copy.deepcopy(docs[base])
        notes = []
        raw = None
        if rng.random() < 0.75:
            for _ in range(rng.choice([1, 1, 1, 2, 3])):
                mutation = rng.choice(STRUCTURAL)
                if mutation is m_big_list and any(" items at " in note for note in notes):
                    mutation = m_wrong_type  # one big list a case: two would multiply (shared items)
                try:
                    doc, note = mutation(rng, doc, kind)
                except (TypeError, KeyError, IndexError, AttributeError, RecursionError):  # an earlier one changed the shape
                    doc, note = m_wrong_type(rng, doc, kind)
                if note.startswith(RAW):
                    raw, note = note, "nesting 100000 (raw text)"
                notes.append(note)
            try:
                data = serialise(doc, raw or "")
            except RecursionError:  # nested deeper than json.dumps goes: the same, as raw text
                data, notes[-1] = b"[" * 5000 + b"]" * 5000, notes[-1] + " (raw)"
        else:
            data = json.dumps(doc, ensure_ascii=False, indent=1).encode("utf-8")
        if rng.random() < 0.3 or not notes:
            data, note = byte_mutation(rng, data)
            notes.append(note)
        return kind, base, data, "; ".join(notes)

    def run_case(self, case: int, seed: int, report: Report) -> Result:
        kind, base, data, what = self.make(case, seed)
        started = time.perf_counter()
        (Path.cwd() / CANARY).unlink(missing_ok=True)
        self.watch.seen.clear()
        self.watch.active = True
        try:
            if kind == "book":
                outcome, detail = self.book_case(base, data, random.Random(f"{seed}:{case}:file"), report)
            elif kind == "file":
                outcome, detail = self.odd_file_case(base, what)
            elif kind == "write":
                outcome, detail = self.failing_write_case(base, what)
            else:
                outcome, detail = self.save_case(data, random.Random(f"{seed}:{case}:file"), report)
        except InputError as error:  # escaped from a place that should have handled it: still a clear refusal?
            outcome, detail = "FAIL", f"{type(error).__name__} escaped the harness's expectations: {error}"
        except Exception:  # noqa: BLE001 - exactly what we hunt
            outcome, detail = "FAIL", traceback.format_exc(limit=6)
        finally:
            self.watch.active = False
        if self.watch.seen:
            outcome, detail = "FAIL", f"executed or wrote outside: {self.watch.seen[:3]}; {detail}"
        if (Path.cwd() / CANARY).exists():
            outcome, detail = "FAIL", f"the canary file was created; {detail}"
        if tree_hash(self.saves.root, set()) != self.protected:
            outcome, detail = "FAIL", f"a file already saved changed; {detail}"
        for path in self.saves.root.iterdir():  # back to the saves of the start, whatever the case left
            if path.name not in self.protected_names:
                path.unlink() if path.is_file() or path.is_symlink() else shutil.rmtree(path)
        result = Result(case, kind, f"{base}: {what}", outcome, detail, time.perf_counter() - started)
        report.results.append(result)
        return result

    def clear(self, error: InputError, file: str, cls: type) -> str | None:
        """Why a refusal is not clear enough (None when it names file, path and reason)."""
        if not isinstance(error, cls):
            return f"{type(error).__name__} where a {cls.__name__} was expected: {error}"
        if not (error.file and error.path and error.path.startswith("$") and error.reason and error.reason.strip()):
            return f"refusal without file, path or reason: {error!r}"
        if Path(error.file).name != file:  # a file refused for what it is (game.safe_file) is named by its path
            return f"refusal names file {error.file!r}, not {file!r}"
        return None

    def book_case(self, base: str, data: bytes, rng: random.Random, report: Report) -> tuple[str, str]:
        for old in self.fuzz_books.iterdir():
            old.unlink()
        name = base if rng.random() < 0.9 else rng.choice(["Other", "a b", "x" * 60, "é"])
        path = self.fuzz_books / f"{name}.json"
        path.write_bytes(data)
        try:
            book = load_book(path)
        except BookError as error:
            problem = self.clear(error, path.name, BookError)
            shelf = load_shelf(self.fuzz_books)
            if problem is None and [Path(e.file).name for e in shelf.errors] != [path.name]:
                problem = f"load_shelf did not list it as broken: {shelf.errors}"
            if problem:
                return "FAIL", problem
            report.reasons[error.reason.split(":")[0][:60]] += 1
            return "refused", str(error)[:200]
        shelf = load_shelf(self.fuzz_books)
        if list(shelf.books) != [book.id] or shelf.errors:
            return "FAIL", f"load_book accepted it but load_shelf gave {list(shelf.books)} {shelf.errors}"
        finding = self.play(book)
        if finding:
            report.findings.append(f"{book.id}: {finding}")
        return "accepted", finding or ""

    def play(self, book) -> str | None:
        """A little play on an accepted book: what the rules raise besides refusals is a finding."""
        try:
            session = Session(book, RandomDice(3))
            session.view()
            for action in (
                {"do": "roll_hero"},
                {"do": "pick_hero", "name": "x"},
                {"do": "tick_day"},
                {"do": "counter", "name": "gold", "by": 1},
                {"do": "long_rest"},
            ):
                try:
                    session.apply(action)
                except Refused:
                    pass
            session.view("en")
            Session.from_log(book, session.to_log())
        except Exception as error:  # noqa: BLE001
            return f"{type(error).__name__}: {str(error)[:120]}"
        return None

    # -- files that are not what they seem, failing writes (issue 23) ----------------------------
    def plant(self, path: Path, odd: str) -> None:
        """Put an odd thing at ``path`` (where the app expects a file)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        if odd == "fifo":
            os.mkfifo(path)
        elif odd == "device":
            path.symlink_to("/dev/zero")
        elif odd == "sparse":
            with open(path, "wb") as handle:
                handle.truncate(100 << 30)
        elif odd == "link-outside":
            secret = self.outside / "secret.json"
            secret.write_text('{"secret": "root:x:0:0"}')
            path.symlink_to(secret)
        elif odd == "link-loop":
            path.symlink_to(path.name)
        else:
            path.mkdir()

    def odd_file_case(self, place: str, odd: str) -> tuple[str, str]:
        folder = self.root / "odd"
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        started = time.monotonic()
        problem = getattr(self, "odd_" + place.replace("-", "_"))(folder, odd)
        took = time.monotonic() - started
        if problem is None and took > ODD_SECONDS:
            problem = f"took {took:.1f} s"
        # Data written (blocks on disk, not a sparse size): nothing may have been copied out of /dev/zero or a huge file.
        copied = [p for p in folder.rglob("*") if not p.is_symlink() and p.is_file() and p.stat().st_blocks * 512 > BIG]
        if problem is None and copied:
            problem = f"something was copied out of it: {copied}"
        if (self.outside / "secret.json").exists() and "root:x" not in (self.outside / "secret.json").read_text():
            problem = "the file a link pointed to was changed"
        shutil.rmtree(folder, ignore_errors=True)
        return ("FAIL", problem) if problem else ("refused", f"{odd} as {place}")

    def _fresh(self, root: Path, writes: int = 1) -> tuple[SaveStore, Session]:
        store = SaveStore(root)
        session = Session(self.books["DF49"], RandomDice(5))
        session.apply({"do": "roll_hero"})
        for number in range(1, writes + 1):
            session.apply({"do": "paragraph", "number": number})
            store.write("odd", session)
        return store, session

    def odd_book(self, folder: Path, odd: str) -> str | None:
        path = folder / "books" / "DF99.json"
        self.plant(path, odd)
        try:
            load_book(path, path.parent)
            return "load_book accepted it"
        except BookError as error:
            if not error.reason:
                return f"refused without a reason: {error!r}"
        shelf = load_shelf(self.books_dir, path.parent)
        return None if [Path(e.file).name for e in shelf.errors] == ["DF99.json"] else f"the shelf says {shelf.errors}"

    def odd_save(self, folder: Path, odd: str) -> str | None:
        store = SaveStore(folder / "saves")
        self.plant(store.path("odd"), odd)
        listed = {item.id: item for item in store.listing()}
        if "odd" not in listed or listed["odd"].error is None:
            return f"the listing does not say it is unreadable: {listed}"
        _, session = self._fresh(folder / "other")
        store.write("odd", session)  # the app opens a backup in its place and plays on
        return None if store.read("odd").log == session.to_log() else "the save written over it does not read back"

    def odd_backup(self, folder: Path, odd: str) -> str | None:
        store, session = self._fresh(folder / "saves", writes=3)
        slot = store.version_paths("odd")[1]
        slot.unlink()
        self.plant(slot, odd)
        store.listing()
        session.apply({"do": "paragraph", "number": 50})
        store.write("odd", session)
        digests = [version_digest(v.save) for v in store.versions("odd") if v.save is not None]
        return None if len(set(digests)) == len(digests) >= 3 else f"versions after the write: {digests}"

    def odd_settings(self, folder: Path, odd: str) -> str | None:
        settings = SettingsStore(folder / "config")
        self.plant(settings.path, odd)
        loaded = settings.load()
        if loaded.ok:
            return "settings read it as fine"
        settings.save(loaded.settings)
        return None if settings.load().ok else "settings saved over it do not read back"

    def odd_import_save(self, folder: Path, odd: str) -> str | None:
        path = folder / "import" / "run.json"
        self.plant(path, odd)
        try:
            SaveStore(folder / "saves").import_file(path, self.books)
        except SaveError as error:
            return None if error.reason else f"refused without a reason: {error!r}"
        return "imported"

    def odd_import_book(self, folder: Path, odd: str) -> str | None:
        path = folder / "import" / "DF99.json"
        self.plant(path, odd)
        try:
            import_book(path, folder / "mine")
        except BookError as error:
            return None if error.reason else f"refused without a reason: {error!r}"
        return "imported"

    def odd_last(self, folder: Path, odd: str) -> str | None:
        store, _ = self._fresh(folder / "saves")
        self.plant(store.last_path, odd)
        if store.last() not in (None, "odd"):
            return f"continue names {store.last()!r}"
        store.set_last("odd")
        return None if store.last() == "odd" else "continue does not work again after set_last"

    def failing_write_case(self, code_name: str, what: str) -> tuple[str, str]:
        from faults import Faults  # imported by warm_up, before the audit hook watches

        at, persistent = int(what.split()[1]), what.endswith(" on")
        folder = self.root / "faulty"
        shutil.rmtree(folder, ignore_errors=True)
        store, session = self._fresh(folder, writes=BACKUPS + 2)
        old = [version_digest(store.read("odd", n)) for n in (0, *store.backups("odd"))]
        may_be = [session.to_log()]  # the save after the faults: the last one written, or one in flight
        with Faults(store.root, getattr(errno, code_name), at=at, persistent=persistent):
            for number in range(2 if persistent else 1):
                session.apply({"do": "paragraph", "number": 200 + number})
                may_be.append(session.to_log())
                try:
                    store.write("odd", session)
                except OSError:
                    pass
        now = [version_digest(store.read("odd", n)) for n in (0, *store.backups("odd"))]  # every one must read
        if not set(old[:BACKUPS]) <= set(now) or store.read("odd").log not in may_be:
            return "FAIL", f"a version was lost: {len(set(old[:BACKUPS]) - set(now))} of the last {BACKUPS}"
        store.write("odd", session)
        now = [version_digest(store.read("odd", n)) for n in (0, *store.backups("odd"))]
        if len(set(now)) != len(now) or store.read("odd").log != session.to_log():
            return "FAIL", "after the next write the versions are not distinct or the play is not all saved"
        shutil.rmtree(folder, ignore_errors=True)
        return "survived", f"{code_name} at {what}"

    def save_case(self, data: bytes, rng: random.Random, report: Report) -> tuple[str, str]:
        store = self.saves
        target = store.root / "fuzz.json"
        how = rng.random()
        if how < 0.05:  # a save that is a link to a file outside the saves folder (the file is a good save)
            outside = self.outside / "escaped.json"
            outside.write_bytes((store.root / "v2-df64-fight.json").read_bytes())
            target.symlink_to(outside)
        elif how < 0.07:
            target.mkdir()
        else:
            target.write_bytes(data)
        before = target.read_bytes() if target.is_file() else b""
        listing = {item.id: item for item in store.listing()}
        if "fuzz" not in listing or any(i.error for k, i in listing.items() if k != "fuzz"):
            return "FAIL", "the listing lost or broke another save"
        refusal = None
        try:
            save, session = store.load("fuzz", self.books)
        except SaveError as error:
            refusal = error
        if target.is_file() and target.read_bytes() != before:
            return "FAIL", "reading changed the file"
        imported = None
        source = self.outside / "import-me.json"
        if target.is_file() and not target.is_symlink():
            source.write_bytes(before)
            try:
                imported = store.import_file(source, self.books)
            except SaveError as error:
                problem = self.clear(error, source.name, SaveError)
                if problem:
                    return "FAIL", "import: " + problem
                if refusal is None:
                    return "FAIL", f"loads but import refuses: {error}"
        if refusal is not None:
            problem = self.clear(refusal, "fuzz.json", SaveError)
            if problem:
                return "FAIL", problem
            if imported is not None:
                return "FAIL", f"refused ({refusal}) but imported as {imported}"
            report.reasons[refusal.reason.split(":")[0].split("(")[0][:60]] += 1
            return "refused", str(refusal)[:200]
        if imported is not None:
            store.delete(imported)
        # Accepted: the app would autosave it; that must write and reload to the same state.
        store.write("fuzz-again", session, save.created)
        _, again = store.load("fuzz-again", self.books)
        if again.state != session.state or again.to_log() != session.to_log():
            return "FAIL", "accepted, but saving it again does not reload to the same state"
        store.delete("fuzz-again")
        return "accepted", ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=10_000, help="number of cases (default 10 000)")
    parser.add_argument("--seed", type=int, help="random seed (default: a new one, printed)")
    parser.add_argument("--case", type=int, help="run only this case and show it")
    parser.add_argument("--quiet", action="store_true", help="only the summary")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    cases = [args.case] if args.case is not None else range(args.n)
    print(f"fuzz_inputs: seed {seed}, {len(cases)} cases", flush=True)
    started = time.perf_counter()
    report = Report()
    with tempfile.TemporaryDirectory(prefix="feuille-fuzz-") as scratch:
        os.chdir(scratch)  # the canary would land here
        fuzzer = Fuzzer(Path(scratch))
        for done, case in enumerate(cases, 1):
            result = fuzzer.run_case(case, seed, report)
            if done % 1000 == 0:
                print(
                    f"  {done} cases, {report.count('FAIL')} failures, {time.perf_counter() - started:.0f} s",
                    file=sys.stderr,
                    flush=True,
                )
            if args.case is not None or (result.outcome == "FAIL" and not args.quiet):
                print(f"case {case} [{result.kind}] {result.what}\n  -> {result.outcome}: {result.detail}")
        os.chdir(ROOT)
    elapsed = time.perf_counter() - started
    fails = [r for r in report.results if r.outcome == "FAIL"]
    kinds = Counter((r.kind, r.outcome) for r in report.results)
    print(
        f"cases: {len(report.results)} in {elapsed:.1f} s (books {kinds['book', 'refused']} refused / "
        f"{kinds['book', 'accepted']} accepted; saves {kinds['save', 'refused']} refused / "
        f"{kinds['save', 'accepted']} accepted; odd files {kinds['file', 'refused']} refused at once; "
        f"failing writes {kinds['write', 'survived']} survived)"
    )
    print(f"failures (a traceback, an unclear refusal, something executed, a saved file changed): {len(fails)} - goal 0")
    print("most common refusals: " + "; ".join(f"{reason!r} x{n}" for reason, n in report.reasons.most_common(8)))
    findings = Counter(f.split(": ", 1)[1] for f in report.findings)
    print(f"accepted books the rules then choked on (findings for the rules, not loader failures): {len(report.findings)}")
    for finding, n in findings.most_common(10):
        print(f"  x{n} {finding}")
    slowest = sorted(report.results, key=lambda r: -r.seconds)[:3]
    print("slowest cases (loaders only): " + "; ".join(f"{r.case} {r.seconds:.2f} s ({r.what[:60]})" for r in slowest))
    for result in fails[:10]:
        print(f"FAIL case {result.case}: {result.what}\n  {result.detail.strip().splitlines()[-1][:300]}")
    case = f" --case {fails[0].case}" if fails else ""
    print(
        f"reproduce: {sys.executable} tools/fuzz_inputs.py -n {args.n} --seed {seed}"
        f"{' (one failing case:' + case + ')' if case else ''}"
    )
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())

"""Render every screen sample and list every text drawn outside its box; exit 1 if there is one.

    python tools/check_text_fit.py                      # French and English, 960×540, 1024×640, 1280×720, 1920×1080
    python tools/check_text_fit.py --sizes 1280x720 --languages fr --only sheet
    python tools/check_text_fit.py --text names.txt     # with each line as every name, note, item…

Every sample of the showcase (``game.app.showcase.load_all()``) is drawn, plus
two made for this check from ``tests/data/layout``: the sheet of a book with 6
scores and 24 counters, and a shelf of 30 books. Widgets and screens report a
text that leaves the box they gave it (``game.ui.text_fit``); each is printed as
``size language screen  widget: text``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Collection, Iterable, Sequence
from contextlib import nullcontext
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SIZES = ((960, 540), (1024, 640), (1280, 720), (1920, 1080))
LANGUAGES = ("fr", "en")
FIXTURES = ROOT / "tests" / "data" / "layout"
SHELF_BOOKS = 30


def _books(scratch: Path, shelf: bool) -> Path:
    """A books folder: the bundled books and the big test book; for the shelf sample, enough copies to make 30."""
    from game.books.loader import bundled_books_dir

    folder = scratch / ("shelf-books" if shelf else "books")
    if folder.exists():
        return folder
    folder.mkdir(parents=True)
    bundled = sorted(bundled_books_dir().glob("*.json"))
    for path in bundled:
        shutil.copy(path, folder)
    big = json.loads((FIXTURES / "BIG.json").read_text(encoding="utf-8"))
    (folder / "BIG.json").write_text(json.dumps(big, ensure_ascii=False), encoding="utf-8")
    if shelf:
        count = len(list(folder.glob("*.json")))
        for index in range(max(0, SHELF_BOOKS - count)):
            copy = dict(big, id=f"BIG{index + 2}")
            copy["title"] = {"fr": f"{big['title']['fr']}, tome {index + 2}", "en": f"{big['title']['en']}, volume {index + 2}"}
            (folder / f"BIG{index + 2}.json").write_text(json.dumps(copy, ensure_ascii=False), encoding="utf-8")
    return folder


def _big_adventure(services):
    """A hero of the big test book with every score and counter set (big numbers where they fit least)."""
    from game.app.adventure import Adventure
    from game.rules.dice import RandomDice
    from game.rules.session import Session, Start

    book = services.shelf.books["BIG"]
    hero = {stat.id: 12 + 2 * index for index, stat in enumerate(book.stats)}
    session = Session(book, RandomDice(3), Start(hero=hero, language=services.language))
    adventure = Adventure.start(session, services.saves)
    for index, counter in enumerate(book.counters):
        adventure.act({"do": "counter", "name": counter.id, "by": 9 if index % 3 else 120})
    return adventure


def samples() -> list[tuple[str, Callable, bool]]:
    """(name, factory, needs the 30-book shelf) for every screen to check."""
    from game.app.showcase import load_all
    from game.scenes.bookshelf.scene import BookshelfScene
    from game.scenes.sheet.scene import SheetScene

    entries: list[tuple[str, Callable, bool]] = [(name, factory, False) for name, factory in load_all()]
    entries.append(("fixture-sheet-6-scores-24-counters", lambda s: [SheetScene(s, _big_adventure(s))], False))
    entries.append(("fixture-shelf-30-books", lambda s: [BookshelfScene(s)], True))
    return entries


def check(
    sizes: Iterable[tuple[int, int]] = SIZES,
    languages: Iterable[str] = LANGUAGES,
    only: str | None = None,
    out: Callable[[str], None] = print,
    texts: Sequence[str | None] = (None,),
    names: Collection[str] | None = None,
) -> list[str]:
    """Render the samples and return one line per overflow (also passed to ``out`` as found).

    ``texts``: with a line (not None), each sample is built with it as every name, note, item and
    creature a player typed (as ``python -m game --smoke --text``), to see how screens hold any text.
    ``names``: only the samples of these exact names (``only`` matches parts of names, as the command line does).
    """
    import pygame

    from game.app.display import Display
    from game.app.loop import FakeClock, MainLoop
    from game.app.scene import SceneStack
    from game.app.services import BOOKS_INDEX, build_services
    from game.app.text_fill import fill_widgets, hostile_actions
    from game.ui.text_fit import recording

    found: list[str] = []
    indexes: dict[Path, Path] = {}  # a books folder: the index of it the first sample wrote
    entries = [e for e in samples() if not only or any(part in e[0] for part in only.split(","))]
    entries = [e for e in entries if names is None or e[0] in names]
    pygame.display.init()
    pygame.font.init()
    try:
        with tempfile.TemporaryDirectory(prefix="feuille-fit-") as scratch_name:
            scratch = Path(scratch_name)
            for size in sizes:
                display = Display(size, fullscreen=False, title="check_text_fit")
                for language, text, (name, factory, shelf) in itertools.product(languages, texts, entries):
                    home = scratch / f"{size[0]}x{size[1]}-{language}-{name}-{texts.index(text)}"
                    books = _books(scratch, shelf)
                    # Each sample's new config folder starts with a copy of its books folder's index, made by the
                    # first sample that read it: the shelf lists the books without validating them all each time.
                    if books in indexes:
                        (home / "config").mkdir(parents=True)
                        shutil.copyfile(indexes[books], home / "config" / BOOKS_INDEX)
                    services = build_services(config_dir=home / "config", data_dir=home / "data", books_dir=books, seed=7)
                    if books not in indexes and services.books_index is not None and services.books_index.is_file():
                        indexes[books] = scratch / f"{books.name}-{BOOKS_INDEX}"  # as written now, before the sample
                        shutil.copyfile(services.books_index, indexes[books])
                    services.settings.language = language
                    services.ui.catalogue.set_language(language)
                    services.settings.animation_speed = "off"
                    services.apply_settings()
                    stack = SceneStack()
                    label = f"{size[0]}x{size[1]} {language} {name}" + (f" [{text[:24]!r}]" if text is not None else "")
                    try:
                        with hostile_actions(text) if text is not None else nullcontext():
                            for scene in factory(services):
                                stack.push(scene)
                                stack.apply_pending()
                        if text is not None:
                            fill_widgets(stack.scenes, text)
                        loop = MainLoop(stack, display, clock=FakeClock(), zoom=lambda s=services: s.settings.ui_scale)
                        loop.run_frames(5)  # lay out for the window (animations are off)
                        with recording() as overflows:
                            loop.dirty = True
                            loop.step(1 / 60)
                    except Exception as error:  # a broken sample is a finding too, not the end of the check
                        line = f"{label}  ERROR {type(error).__name__}: {error}"
                        found.append(line)
                        out(line)
                        continue
                    seen = set()
                    for overflow in overflows:
                        key = (overflow.owner, overflow.text, overflow.kind)
                        if key in seen:
                            continue
                        seen.add(key)
                        where = f"drawn {overflow.drawn} {overflow.kind} {overflow.box}"
                        line = f"{label}  {overflow.owner}: {overflow.text!r} {where}"
                        found.append(line)
                        out(line)
    finally:
        pygame.quit()
    return found


def _size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    return int(width), int(height)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", nargs="+", type=_size, default=list(SIZES), metavar="WxH")
    parser.add_argument("--languages", nargs="+", default=list(LANGUAGES))
    parser.add_argument("--only", help="only the samples whose name contains this (or one of these, comma-separated)")
    parser.add_argument("--text", type=Path, help="also build every sample with each line of this file as the player's texts")
    args = parser.parse_args(argv)
    texts: list[str | None] = [None]
    if args.text:
        from game.app.text_fill import read_lines

        texts += read_lines(args.text)
    found = check(args.sizes, args.languages, args.only, texts=texts)
    print(f"{len(found)} overflow(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

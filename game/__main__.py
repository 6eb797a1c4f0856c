"""Start Feuille d'Aventure: ``feuille`` or ``python -m game``.

feuille                      open the bookshelf in a window (F11: fullscreen)
feuille --smoke              render every screen once headless, exit 0 when all draw
feuille --smoke --config-dir C --data-dir D [--only start]
                             first start the app for real on those folders (their settings, books,
                             saves), headless, and print what it refused; --only start: only that
feuille --smoke --text FILE  the same with every player-written text set to each line of FILE
feuille --screenshots [DIR]  write one PNG per screen (sample hero) to DIR (default: .work/screenshots,
                             the checkout's git-ignored working folder; docs/screenshots keeps a few, optimised)
feuille --screenshots DIR --matrix
                             also each screen in French and English at 1024×640, 1280×720
                             and 1920×1080, under DIR/sizes/<language>-<W>x<H>/
feuille --screenshots DIR --books FOLDER
                             creation, sheet (Tools tab) and a fight of every book of FOLDER, in French
                             and English, under DIR/fr/ and DIR/en/ (an author's look at their own books)
feuille --demo               the convention kiosk (fullscreen, attract loop)
feuille --book FILE          open on FILE's creation screen; saving FILE shows it again (its errors in a window)
feuille --speech-log FILE    also write every spoken announcement to FILE, one per line
                             (with --smoke: what a screen-reader user hears on each screen)
"""

from __future__ import annotations

import argparse
import gc
import os
import shutil
import sys
import tempfile
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from game.app.author import BookWatcher
    from game.app.display import Display
    from game.app.kiosk import KioskMode
    from game.app.lifecycle import StopSignals
    from game.app.loop import MainLoop
    from game.app.scene import SceneStack
    from game.app.services import Services


def _size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    try:
        size = (int(width), int(height))
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not WIDTHxHEIGHT, e.g. 1280x720") from None
    if min(size) < 200 or max(size) > 10000:
        raise argparse.ArgumentTypeError(f"'{text}' is not a usable window size")
    return size


SCREENSHOTS = Path(".work") / "screenshots"  # --screenshots without a folder (git-ignored, never docs/)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="feuille", description="Feuille d'Aventure: an Adventure Sheet for gamebooks")
    parser.add_argument("--smoke", action="store_true", help="render every screen once headless and exit")
    parser.add_argument(
        "--screenshots",
        metavar="DIR",
        type=Path,
        nargs="?",
        const=SCREENSHOTS,
        help=f"write one PNG per screen to DIR (default: {SCREENSHOTS}, git-ignored) and exit",
    )
    parser.add_argument(
        "--books",
        metavar="FOLDER",
        type=Path,
        help="with --screenshots: creation, sheet (Tools tab) and a fight of every book of FOLDER, in French and English",
    )
    parser.add_argument("--demo", action="store_true", help="convention kiosk mode")
    parser.add_argument(
        "--book",
        metavar="FILE",
        type=Path,
        help="open on this book file's creation screen, read again whenever the file changes (its errors shown)",
    )
    parser.add_argument("--window-size", type=_size, default=(1280, 720), metavar="WxH")
    parser.add_argument("--language", choices=("fr", "en"), help="override the language setting")
    parser.add_argument("--config-dir", type=Path, help="settings folder (default: the user config folder)")
    parser.add_argument("--data-dir", type=Path, help="saves folder (default: the user data folder)")
    parser.add_argument(
        "--only", help="with --smoke/--screenshots: only the screens whose name contains this (or one of these, comma-separated)"
    )
    parser.add_argument(
        "--matrix",
        action="store_true",
        help="with --screenshots: also every screen in both languages at the three checked window sizes",
    )
    parser.add_argument(
        "--text",
        metavar="FILE",
        type=Path,
        help="with --smoke: fill every name, note, item and text field with each line of FILE in turn",
    )
    parser.add_argument(
        "--palette", choices=("parchment", "colourblind", "contrast"), help="with --smoke/--screenshots: render in this palette"
    )
    parser.add_argument(
        "--ui-scale",
        type=float,
        metavar="SIZE",
        help="with --smoke/--screenshots: interface size, 1.0 to 2.0 (the window as the player sees it)",
    )
    parser.add_argument(
        "--speech-log",
        metavar="FILE",
        type=Path,
        help="write each spoken announcement to FILE, one per line (works without any speech library)",
    )
    return parser.parse_args(argv)


def render_showcase(args: argparse.Namespace) -> int:
    """Render every registered screen headless (and save PNGs with --screenshots); 0 when all drew."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    from game.app.memory import tune_allocator

    tune_allocator()
    import pygame

    from game.app.display import Display
    from game.app.showcase import load_all
    from game.ui.speech import SpeechLog

    wanted = [part for part in (args.only or "").split(",") if part]
    if args.books is not None:
        entries, book_errors = book_entries(args.books)
        for line in book_errors:
            print(line)
        if book_errors and not entries:
            return 1
    else:
        entries = [(n, f) for n, f in load_all() if not wanted or any(part in n for part in wanted)]
    texts: list[str | None] = [None]
    if args.text:
        from game.app.text_fill import read_lines

        texts = list(read_lines(args.text))
    failures = 0
    speech_log = SpeechLog(args.speech_log) if args.speech_log else None
    with tempfile.TemporaryDirectory(prefix="feuille-showcase-") as scratch:
        pygame.display.init()
        pygame.font.init()
        # What is alive now (modules, the samples, the books) lives to the end: frozen out of the collector's
        # view, the collection after each screen walks only that screen's objects (55 -> a few ms a screen).
        from game.app.memory import freeze_start_objects

        freeze_start_objects()
        if args.screenshots:
            args.screenshots.mkdir(parents=True, exist_ok=True)
        for index, (variant, folder) in enumerate(variants(args)):
            display = Display(variant.window_size, fullscreen=False, title="Feuille d'Aventure")
            if folder is not None:
                folder.mkdir(parents=True, exist_ok=True)
            for number, text in enumerate(texts, start=1):
                for name, factory in entries:
                    try:
                        render_entry(
                            display, Path(scratch) / f"{index}-{number}-{name}", name, factory, variant, text, speech_log
                        )
                        if folder is not None and text is None:
                            # Magnified, the player sees a part of the page: picture the window, not the page.
                            display.save_screenshot(str(folder / f"{name}.png"), window=display.zoom > 1.0)
                        if text is None:
                            print(f"ok    {name}" + (f" ({folder.name})" if folder is not None and args.matrix else ""))
                    except Exception as error:  # report every broken screen, then fail
                        failures += 1
                        where = name if text is None else f"{name} with line {number} {text!r:.80}"
                        print(f"FAIL  {where}: {type(error).__name__}: {error}")
                    # A screen's scenes, widgets and surfaces are held in reference cycles until the collector's
                    # oldest generation runs: freed here, before the next screen, the smoke's peak is ~12 MiB lower.
                    gc.collect()
        pygame.quit()
    if speech_log is not None:
        speech_log.close()
    total = len(entries) * len(texts) * len(variants(args))
    print(
        f"{total - failures} screens rendered, {failures} failed" + (f" ({len(texts)} lines of {args.text})" if args.text else "")
    )
    return 1 if failures or not entries else 0


SCREENSHOT_SIZES = ((1024, 640), (1280, 720), (1920, 1080))  # the sizes tools/check_text_fit.py checks


def book_entries(folder: Path) -> tuple[list[tuple[str, Any]], list[str]]:  # Any: a showcase factory
    """``--screenshots DIR --books FOLDER``: the creation, sheet (Tools tab) and fight samples of every Fighting
    Fantasy book of FOLDER (an author's own, issue 26 item 4), and an ERROR line for each error of a broken file."""
    from game.books.loader import load_shelf
    from game.safe_json import in_words
    from game.scenes.samples.books import creation_sample, fight_sample, sheet_sample

    shelf = load_shelf(folder)
    entries: list[tuple[str, Any]] = []
    for book_id in sorted(shelf.books):
        book = shelf.books[book_id]
        if book.kind != "fighting_fantasy":
            continue
        for part, sample in (("creation", creation_sample), ("sheet-tools", sheet_sample), ("fight", fight_sample)):
            entries.append((f"{book_id}-{part}", partial(_with_book, book, sample)))
    errors = [f"ERROR {in_words(each)}" for error in shelf.errors for each in error.every()]
    if not shelf.books and not shelf.errors:
        errors.append(f"ERROR {folder}: no book file (*.json) in this folder")
    return entries, errors


def _with_book(book: Any, sample: Any, services: Services) -> Any:  # Any: a book, a sample and its scenes
    services.shelf.books[book.id] = book  # the author's book on the sample's shelf, as if imported
    return sample(services, book.id)


def variants(args: argparse.Namespace) -> list[tuple[argparse.Namespace, Path | None]]:
    """The (options, PNG folder) of each rendering: the asked one, then with --matrix every language × size."""
    if getattr(args, "books", None) is not None:  # an author's books: both languages, each in its own folder
        return [
            (
                argparse.Namespace(**{**vars(args), "language": language}),
                args.screenshots / language if args.screenshots else None,
            )
            for language in ("fr", "en")
        ]
    result: list[tuple[argparse.Namespace, Path | None]] = [(args, args.screenshots)]
    if args.screenshots and args.matrix:
        for language in ("fr", "en"):
            for width, height in SCREENSHOT_SIZES:
                options = argparse.Namespace(**{**vars(args), "language": language, "window_size": (width, height)})
                result.append((options, args.screenshots / "sizes" / f"{language}-{width}x{height}"))
    return result


def render_entry(
    display, folder: Path, name: str, factory, args: argparse.Namespace, text: str | None = None, speech_log=None
) -> None:
    """Build one screen sample (with ``text`` in its player-written texts when given) and draw it."""
    from contextlib import nullcontext

    from game.app.loop import FakeClock, MainLoop
    from game.app.narrator import Narrator
    from game.app.scene import SceneStack
    from game.app.services import BOOKS_INDEX, build_services
    from game.app.text_fill import fill_widgets, hostile_actions

    # Each screen gets fresh services in a scratch folder: nothing touches the player's files. The books'
    # index is made once a run (the first start validates every book to write it, 0.3 s and some MiB each
    # time): each screen's new config folder starts with a copy, so it validates only the books it opens.
    shared_index = folder.parent / BOOKS_INDEX
    if shared_index.is_file():
        (folder / "config").mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shared_index, folder / "config" / BOOKS_INDEX)
    services = build_services(config_dir=folder / "config", data_dir=folder / "data", seed=7)
    if not shared_index.is_file() and services.books_index is not None and services.books_index.is_file():
        shutil.copyfile(services.books_index, shared_index)  # written by this run just now
    if getattr(args, "language", None):
        services.settings.language = args.language
        services.ui.catalogue.set_language(args.language)
    if getattr(args, "palette", None):
        services.settings.palette = args.palette
    if getattr(args, "ui_scale", None):
        services.settings.ui_scale = max(1.0, min(2.0, args.ui_scale))
    services.apply_settings()
    if speech_log is not None:
        speech_log.prefix = f"{name}: "
        services.ui.speech.log = speech_log
    stack = SceneStack()
    try:
        with hostile_actions(text) if text is not None else nullcontext():
            for scene in factory(services):
                stack.push(scene)
                stack.apply_pending()
        if text is not None:
            fill_widgets(stack.scenes, text)
        services.ui.speech.history.clear()  # what was said while the sample was built is not heard here
        narrator = Narrator(services.ui, lambda: services.keymap)
        loop = MainLoop(stack, display, clock=FakeClock(), narrator=narrator, zoom=lambda: services.settings.ui_scale)
        loop.run_frames(3)
        loop.run_frames(240 if text is None else 20)  # let animations settle so the picture shows results
    finally:
        # Its screens leave as the app's do, so what they hold goes with them (each board's odds worker waited on
        # its thread for ever: a hundred threads, and every screen they held, by the end of a --text run).
        stack.clear()
        stack.apply_pending()
        services.ui.speech.log = None
        services.saves.keep_locks(set())  # a sample's adventures are let go with its scratch folder


def run(args: argparse.Namespace) -> int:
    """The real app in a window, until the window closes or a stop signal (SIGTERM, SIGINT) arrives.

    Either way the screens are closed and every adventure saved before the process exits.
    """
    from game.app.lifecycle import StopSignals, close_app

    stop = StopSignals()
    display = open_window(args, stop)

    from game.app.scene import SceneStack
    from game.app.services import build_services

    services = build_services(config_dir=args.config_dir, data_dir=args.data_dir, demo=args.demo)
    if args.language:
        services.settings.language = args.language
        services.ui.catalogue.set_language(args.language)
    if args.speech_log:
        services.ui.speech.open_log(args.speech_log)
    display.letterbox_colour = services.ui.palette.letterbox
    if services.settings.fullscreen and not args.demo:
        display.set_fullscreen(True)
    from game.app.memory import freeze_start_objects

    freeze_start_objects()  # no 50-200 ms collection of the start's objects in a later frame (game.app.memory)
    stack = SceneStack()
    try:
        main_loop(args, services, stack, display, stop).run()
    finally:
        close_app(stack)
        services.ui.speech.close()
        import pygame

        pygame.quit()
    return 0


def open_window(args: argparse.Namespace, stop: StopSignals) -> Display:
    """The window and its title page first (the books and saves load behind it); the stop signals from now on."""
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # the app makes no sound
    from game.app.lifecycle import leave_signals_to_the_app
    from game.app.memory import tune_allocator

    tune_allocator()
    import pygame

    from game.app.display import Display
    from game.app.splash import draw_splash

    # SDL would turn SIGTERM/SIGINT into a window-close event a dialog or the kiosk never acts on:
    # the app handles them itself (game.app.lifecycle), so a shutdown or Ctrl+C saves and ends it.
    leave_signals_to_the_app()
    if args.demo:
        # Fullscreen at the screen's origin, also on a display without a window manager to place it.
        os.environ["SDL_VIDEO_WINDOW_POS"] = "0,0"
    pygame.display.init()
    pygame.font.init()
    stop.install()
    pygame.key.set_repeat(400, 35)
    display = Display(args.window_size, fullscreen=args.demo, title="Feuille d'Aventure")
    draw_splash(display)
    return display


def main_loop(args: argparse.Namespace, services: Services, stack: SceneStack, display: Display, stop: StopSignals) -> MainLoop:
    """The first screen (the shelf, or the kiosk's fresh start) on ``stack`` and the loop that runs it."""
    import pygame

    from game.app.crash import LOGGER, CrashRecovery, setup_logging
    from game.app.drops import DropImport
    from game.app.lifecycle import locks_follow_the_screens
    from game.app.loop import MainLoop
    from game.app.narrator import Narrator
    from game.app.navigator import Screen

    pygame.display.set_caption(services.ui.t("app.title"))
    try:
        width, height = display.window.get_size()  # a fullscreen stand takes the screen's size, not --window-size
        LOGGER.info("start (demo=%s, window %dx%d, log at %s)", args.demo, width, height, setup_logging())
    except OSError:
        pass  # no log folder: the app still runs, errors still show their dialog
    kiosk: KioskMode | BookWatcher | None = None
    if args.book is not None and not args.demo:
        from game.app.author import BookWatcher

        kiosk = BookWatcher(services, stack, args.book)  # the author's book, shown again when the file changes
        kiosk.start()
        home = partial(services.navigator.build, Screen.SHELF)
    elif args.demo:
        from game.app.kiosk import KioskMode, demo_fresh_start

        kiosk = KioskMode(services, stack, lambda: demo_fresh_start(services), display=display)
        kiosk.reset("the stand starts")
        home = partial(demo_fresh_start, services)
    else:
        stack.push(services.navigator.build(Screen.SHELF))
        stack.apply_pending()
        home = partial(services.navigator.build, Screen.SHELF)

    def remember_fullscreen(on: bool) -> None:
        services.settings.fullscreen = on
        services.save_settings()

    # The stand's animations run at 30 frames a second: the page is scaled to a big screen at each one.
    return MainLoop(
        stack,
        display,
        fps=30 if args.demo else 60,
        zoom=lambda: services.settings.ui_scale,
        on_fullscreen=None if args.demo else remember_fullscreen,
        on_error=CrashRecovery(services, stack, home=home),
        supervisor=kiosk,
        narrator=Narrator(services.ui, lambda: services.keymap),
        stop=stop,
        on_stack_change=locks_follow_the_screens(services.saves),
        on_drop=DropImport(services),
        writes=services.saves,  # a click's frame is shown before its autosave, which is done before the next event
    )


def smoke_start(args: argparse.Namespace) -> int:
    """The app's real start on ``--config-dir`` / ``--data-dir``, headless: their settings, books and saves are
    read, the shelf is built and drawn; every refusal it shows is printed ("said"). 0 when it started."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    import time

    import pygame

    from game.app.display import Display
    from game.app.loop import FakeClock, MainLoop
    from game.app.navigator import Screen
    from game.app.scene import SceneStack
    from game.app.services import build_services

    started = time.perf_counter()
    pygame.display.init()
    pygame.font.init()
    try:
        display = Display(args.window_size, fullscreen=False, title="Feuille d'Aventure")
        services = build_services(config_dir=args.config_dir, data_dir=args.data_dir)
        shown = services.problems[len(services.settings_problems) :]  # the settings' are first, said in English here
        said = [str(error) for error in services.shelf.errors] + [str(p) for p in services.settings_problems]
        said += [str(p) for p in shown]
        stack = SceneStack()
        shelf = services.navigator.build(Screen.SHELF)
        stack.push(shelf)
        stack.apply_pending()
        MainLoop(stack, display, clock=FakeClock()).run_frames(3)
        said += [str(item.error) for item in getattr(shelf, "listing", []) if item.error is not None]
        said += [str(notice) for notice in services.saves.take_notices()]
    except Exception as error:  # the start itself failed: say how, and fail
        print(f"FAIL  start: {type(error).__name__}: {error}")
        return 1
    finally:
        pygame.quit()
    for line in said:
        print(f"said  {line}")
    print(f"ok    start ({time.perf_counter() - started:.1f} s)")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``feuille`` command (the app's run ends the process: :func:`leave`)."""
    from game.app.memory import leave_out_unused

    leave_out_unused()  # before pygame: no mixer, no OpenSSL, as in the executables (6 MiB)
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.smoke and (args.config_dir or args.data_dir):
        code = smoke_start(args)
        if code or args.only == "start":
            return code
    if args.smoke or args.screenshots:
        return render_showcase(args)
    leave(run(args))


def leave(code: int) -> NoReturn:
    """End the process once the app has closed, without the interpreter freeing its objects one by one.

    Everything was saved and closed before (close_app: the adventures; the speech log; pygame), the threads
    left are daemons, the adventures' locks are the system's and go with the process: what is left to do at
    exit is the log's handlers and the standard streams, flushed here. Freeing every module, book and
    service for nothing was 10-15 ms of each close, timed by the start-up bench (issue 28).
    """
    import logging

    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed or broken stream: nothing more can be said there
            pass
    os._exit(code)


if __name__ == "__main__":
    sys.exit(main())

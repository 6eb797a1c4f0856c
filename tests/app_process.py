"""Run the real app (``game.__main__.main``) in a state a test wants, then hand over to the real main loop.

    python tests/app_process.py STATE [feuille's options…]

The app starts exactly as ``python -m game`` (window, signals, services, the
shelf); just before its main loop runs, the state is reached through the
shelf's own methods and ``READY <state>`` is printed, so a test can send a
signal at that moment. States:

``shelf``    nothing more (the bookshelf)
``typing``   the adventure ``a1`` open on its sheet, notes typed and not yet left
``dialog``   the shelf's "delete this adventure?" dialog open
``import``   the import of ``$IMPORT`` (a long adventure) under way when READY is printed: it is held, once
             replayed, until the stop signal has come (so the signal always lands during the import)
``stuck``    the main thread blocked for good in a call (the signal's grace period must end the app)
``playing``  the adventure ``a1`` open on its sheet, one more action played (a first window)
``second-read`` / ``second-copy``  a second window opening ``a1``: asked, it opens it read-only / makes a copy
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from typing import Any

from game import __main__ as entry
from game.app import loop


def reach(state: str, main_loop: loop.MainLoop) -> None:
    """Reach ``state`` from the shelf on top of ``main_loop``'s stack."""
    import os

    stack = main_loop.stack
    shelf = stack.top

    def ready() -> None:
        print(f"READY {state}", flush=True)

    if state == "typing":
        shelf.open("a1")
        stack.apply_pending()
        sheet = stack.top
        sheet.tab = "notes"
        sheet.controls.side.notes.focused = True
        sheet.controls.side.notes.text = "typed, not yet left"
        ready()
    elif state == "dialog":
        shelf.select_save("a1")
        shelf.ask_delete()
        stack.apply_pending()
        ready()
    elif state == "import":
        hold_imports_until_stopped()
        shelf.ask_import()
        stack.apply_pending()
        dialog = stack.top
        dialog.field.text = os.environ["IMPORT"]
        ready()
        dialog.confirm()  # the import runs now, in the main thread, as when the player presses Enter
        print(f"IMPORTED {dialog.errors or 'ok'}", flush=True)
    elif state == "playing":  # the first window: a1 open on its sheet, one more action played
        shelf.open("a1")
        stack.apply_pending()
        for number in range(int(os.environ.get("PLAY", "1"))):  # $PLAY actions, the last at paragraph 99
            stack.top.adventure.act({"do": "paragraph", "number": 99 - number % 50})
        ready()
    elif state in ("second-read", "second-copy"):  # the second window on the same adventure
        shelf.open("a1")
        stack.apply_pending()
        dialog = stack.top
        print(f"ASKED {dialog.ui.text(dialog.title)}", flush=True)
        stack.pop(dialog)  # as the dialog does when a button is pressed: it leaves, then answers
        dialog.on_result("read" if state == "second-read" else "copy")
        stack.apply_pending()
        adventure = stack.top.adventure
        for number in range(int(os.environ.get("PLAY", "1"))):  # $PLAY actions, the last at paragraph 7
            refused = adventure.act({"do": "paragraph", "number": 7 + number % 50})
        print(f"OPENED {adventure.save_id} read_only={adventure.read_only} refused={getattr(refused, 'code', None)}")
        ready()
    elif state == "stuck":
        ready()
        threading.Event().wait()  # never returns: only the grace period ends the process
    else:
        ready()


def hold_imports_until_stopped() -> None:
    """Make an import wait, after its replay, for the app's stop signal (however fast the replay is)."""
    from game.storage import saves

    replay = saves.restore

    def held(*args: Any, **kwargs: Any) -> Any:
        done = replay(*args, **kwargs)
        stop = getattr(signal.getsignal(signal.SIGTERM), "__self__", None)  # the app's StopSignals
        deadline = time.monotonic() + 60
        while stop is not None and stop.requested is None and time.monotonic() < deadline:
            time.sleep(0.01)
        return done

    saves.restore = held  # type: ignore[assignment]  # the test's hook: the import lasts until the signal


def main() -> int:
    state, argv = sys.argv[1], sys.argv[2:]
    original = loop.MainLoop.run

    def run(self: loop.MainLoop) -> None:
        reach(state, self)
        original(self)

    loop.MainLoop.run = run  # type: ignore[method-assign]  # the one hook: the state is reached, then the real loop
    return entry.main(argv)


if __name__ == "__main__":
    sys.exit(main())

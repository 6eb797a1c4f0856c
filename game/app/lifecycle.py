"""Ending the app cleanly: SIGTERM and SIGINT (Ctrl+C, a logout, a shutdown) save, then exit, in every state.

SDL would turn these signals into a window-close event, which a dialog or a
blocked loop never reads (issue 23: an app frozen on a FIFO could not even be
terminated). So the app asks SDL to leave them alone (``SDL_NO_SIGNAL_HANDLERS``,
set before the display starts) and handles them itself with
:class:`StopSignals`: the first signal asks the main loop to stop, whatever is
on screen — a dialog, the combat board, an import — and the loop ends within
a frame; :func:`close_app` then commits what the screens hold (the sheet's
notes being typed) and saves every adventure on the stack. Should the loop not
end within ``GRACE_SECONDS`` (stuck in a call that does not return), or a
second signal arrive, the process exits at once: every action was already
autosaved when it was made (right after the frame that showed it, before the
next event was read), so at most what was being typed is lost.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
from collections.abc import Callable, Iterable
from types import FrameType
from typing import TYPE_CHECKING, Any

from game import safe_file

if TYPE_CHECKING:  # for the checker only: `python -m game` installs the signals before its title page, so this
    # module must not bring the save layer (pydantic) nor the scenes (Babel) in ahead of that first frame
    from game.app.scene import SceneStack
    from game.storage.saves import SaveStore

LOGGER = logging.getLogger("feuille")
GRACE_SECONDS = 5.0
SIGNAL_NAMES = ("SIGTERM", "SIGINT", "SIGHUP", "SIGBREAK")  # those the system has (SIGBREAK: Ctrl+Break on Windows)


def leave_signals_to_the_app() -> None:
    """Tell SDL not to catch SIGTERM/SIGINT (call before ``pygame.display.init``)."""
    os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"


class StopSignals:
    """The stop signals, once installed: ``requested`` is the first one received (None before)."""

    def __init__(self, grace: float = GRACE_SECONDS) -> None:
        self.grace = grace
        self.requested: int | None = None
        self._previous: dict[int, Any] = {}  # Any: what signal.signal returned (a handler, an int, None)

    @property
    def signals(self) -> list[int]:
        return [getattr(signal, name) for name in SIGNAL_NAMES if hasattr(signal, name)]

    def install(self) -> None:
        """Handle the stop signals from now on (the main thread only, as Python requires)."""
        for number in self.signals:
            self._previous[number] = signal.signal(number, self._received)

    def uninstall(self) -> None:
        for number, previous in self._previous.items():
            signal.signal(number, previous)
        self._previous.clear()

    def _received(self, number: int, _frame: FrameType | None) -> None:
        if self.requested is not None:  # asked twice: now
            os._exit(128 + number)
        self.requested = number
        LOGGER.info("%s received: saving, then closing", signal.Signals(number).name)
        timer = threading.Timer(self.grace, self._too_late, args=(number,))
        timer.daemon = True
        timer.start()

    def _too_late(self, number: int) -> None:
        LOGGER.error("the app did not close within %.0f s of %s: leaving now", self.grace, signal.Signals(number).name)
        logging.shutdown()
        os._exit(128 + number)


def adventures_on(scenes: Iterable[object]) -> list[Any]:
    """The adventures the scenes show, each once (bottom first). Any: an Adventure of any book kind."""
    found: dict[int, Any] = {}
    for scene in scenes:
        adventure = getattr(scene, "adventure", None)
        if adventure is not None:
            found.setdefault(id(adventure), adventure)
    return list(found.values())


def save_all(scenes: Iterable[object]) -> None:
    """Save every adventure the scenes show; a failure is logged, never raised (the app is closing or recovering)."""
    save_adventures(adventures_on(scenes))


def save_adventures(adventures: Iterable[Any]) -> None:
    """Save each adventure that has something to save (a table opened and never used stays unsaved)."""
    for adventure in adventures:
        if not adventure.session.entries and safe_file.entry_kind(adventure.store.path(adventure.save_id)) is None:
            continue
        try:
            adventure.save()
        except Exception:  # noqa: BLE001 - one failing save must not stop the others
            LOGGER.exception("saving %s failed", getattr(adventure, "save_id", "?"))


def locks_follow_the_screens(store: SaveStore) -> Callable[[SceneStack], None]:
    """For the main loop: after screens came or went, this window holds the adventures it shows, and only those
    (one writer per adventure: another window may open one this window left)."""

    def follow(stack: SceneStack) -> None:
        store.keep_locks({a.save_id for a in adventures_on(stack.scenes) if not a.read_only})

    return follow


def close_app(stack: SceneStack) -> None:
    """Close every screen (the top one commits what it holds, as when it is left), then save every adventure."""
    adventures = adventures_on(stack.scenes)
    try:
        stack.clear()
        stack.apply_pending()
    except Exception:  # noqa: BLE001 - a screen failing as it closes must not cost the saves below
        LOGGER.exception("closing the screens failed")
    save_adventures(adventures)

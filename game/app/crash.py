"""Surviving a broken screen: log the error, save the sheet, go back to the last good screen.

An unexpected exception in a scene does not close the app: the report goes to
the log file (platformdirs' user log folder), every adventure on the stack is
saved, the failing screen is taken off, and a dialog offers to copy the report.
A screen that keeps failing falls back to the bookshelf; if even that fails
repeatedly, the error is raised (after logging) rather than looping forever.
"""

from __future__ import annotations

import logging
import os
import platform
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

import platformdirs

from game.app.lifecycle import save_all
from game.app.navigator import Screen
from game.app.scene import Scene, SceneStack
from game.app.services import APP_NAME, Services
from game.safe_file import entry_kind, open_to_append

LOGGER = logging.getLogger("feuille")
CRASHES_BEFORE_GIVING_UP = 6


def log_path() -> Path:
    """Where the app writes its log."""
    return Path(platformdirs.user_log_dir(APP_NAME)) / "feuille.log"


LOG_BYTES = 1_000_000  # past this, the log is set aside as feuille.log.1 and a new one begun
LOGS_KEPT = 3  # the logs set aside: feuille.log.1 (the latest) to feuille.log.3


class LogFile(logging.StreamHandler[TextIO]):
    """The app's log file, set aside when it passes LOG_BYTES, the last LOGS_KEPT kept.

    Opened by ``safe_file.open_to_append``: a FIFO at its path made ``logging.handlers.RotatingFileHandler`` wait
    at the start for ever (it opens it to append), and a link or a folder there is refused too; that module, with
    the socket, pickle and queue modules it imports for handlers the app has no use for, was also 26 M instructions
    of a start (issue 28). Raises FileRefused or OSError when the log cannot be opened.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lost = False
        self._set_aside_if_full()
        super().__init__(open_to_append(path))

    def emit(self, record: logging.LogRecord) -> None:
        """Write ``record``; then, past LOG_BYTES, begin a new file. Never raises: a failure (a full disk, a log that
        cannot be begun again) is said on stderr, as logging does, and the app runs on."""
        if self.lost and not self._begun_again():
            return  # the log still cannot be begun again (said once): the app runs on without one
        try:
            self.stream.write(self.format(record) + self.terminator)
            self.stream.flush()
            if self.stream.tell() > LOG_BYTES:
                self._begin_again()
        except RecursionError:
            raise
        except Exception:  # noqa: BLE001 - a logging call must not raise: a crash's report is logged from on_error
            self.handleError(record)

    def _begin_again(self) -> None:
        try:
            self.stream.close()
        except OSError:
            pass  # its last records could not be written (a full disk): the file is closed all the same
        self._set_aside_if_full()
        try:
            self.stream = open_to_append(self.path)
        except OSError:
            self.lost = True
            raise

    def _begun_again(self) -> bool:
        """Try again to begin the log that could not be: a stand runs for days, and a folder read-only for a while
        or too many files open for a moment must not end its log for good (one lstat and one open a record)."""
        try:
            self.stream = open_to_append(self.path)
        except OSError:
            return False
        self.lost = False
        return True

    def close(self) -> None:
        """Close the file too (StreamHandler leaves its stream open: it may be stderr, never a file of its own)."""
        self.acquire()
        try:
            self.stream.close()
        except OSError:
            pass  # a full disk: its last records are lost, the file is closed all the same
        finally:
            self.release()
        super().close()

    def _set_aside_if_full(self) -> None:
        try:
            if os.lstat(self.path).st_size <= LOG_BYTES:
                return
        except OSError:
            return  # no log there (another window set it aside): the open begins one
        from game.storage.lock import held_for_a_write  # past LOG_BYTES only: at most once a megabyte

        # One window sets the log aside at a time: two shifting .1 -> .2 -> .3 at once moved one log onto another,
        # its records lost. Unlocked when the lock cannot be had (a read-only folder: nothing can be moved there).
        with held_for_a_write(Path(f"{self.path}.lock")):
            self._shift()

    def _shift(self) -> None:
        slots = [self.path, *(Path(f"{self.path}.{number}") for number in range(1, LOGS_KEPT + 1))]
        try:
            if os.lstat(self.path).st_size <= LOG_BYTES:
                return  # set aside by the other window while this one waited for it
            if any(entry_kind(slot) not in (None, "file") for slot in slots):
                return  # a folder or a link where a log goes is not the app's: never moved nor replaced
            for older, newer in zip(reversed(slots[:-1]), reversed(slots[1:])):
                if os.path.lexists(older):
                    os.replace(older, newer)  # the last one kept is replaced: the oldest goes
        except OSError:
            pass  # a log that cannot be set aside goes on growing: the app runs on


def setup_logging(path: Path | None = None) -> Path:
    """Send the app's log to its file (:class:`LogFile`: 1 MB, the last 3 kept); returns its path."""
    path = path or log_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = LogFile(path)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    LOGGER.addHandler(handler)
    LOGGER.setLevel(logging.INFO)
    return path


def crash_report(error: BaseException, stack: SceneStack) -> str:
    """A plain-text report a player can paste in a message to us."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        app_version = version("feuille-aventure")
    except PackageNotFoundError:
        app_version = "unknown"
    scenes = " > ".join(type(scene).__name__ for scene in stack.scenes) or "(none)"
    trace = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    return (
        f"Feuille d'Aventure {app_version}\nPython {sys.version.split()[0]} on {platform.platform()}\n"
        f"Screens: {scenes}\n\n{trace}"
    )


def failing_scene(error: BaseException, stack: SceneStack) -> Scene | None:
    """The lowest scene of the stack whose code is in the error's traceback (else the top one).

    A scene failing under an overlay (the sheet drawing under a form) must go, not only
    the overlay: otherwise the same draw fails again on every frame.
    """
    on_stack = {id(scene): scene for scene in stack.scenes}
    found: list[Scene] = []
    trace = error.__traceback__
    while trace is not None:
        owner = trace.tb_frame.f_locals.get("self")
        if id(owner) in on_stack and on_stack[id(owner)] is owner:
            found.append(on_stack[id(owner)])  # owner itself: the identity was just checked
        trace = trace.tb_next
    if not found:
        return stack.top
    return min(found, key=lambda scene: stack.scenes.index(scene))


class CrashRecovery:
    """The main loop's ``on_error``: recover from an exception raised by a scene."""

    def __init__(self, services: Services, stack: SceneStack, home: Callable[[], Scene]) -> None:
        self.services = services
        self.stack = stack
        self.home = home  # builds the screen to fall back to (the bookshelf)
        self.crashes = 0
        self.reports: list[str] = []

    def __call__(self, error: Exception) -> None:
        self.crashes += 1
        report = crash_report(error, self.stack)
        self.reports.append(report)
        LOGGER.error("unexpected error\n%s", report)
        save_all(self.stack.scenes)  # a failing save is logged: it must not hide the first error
        if self.crashes >= CRASHES_BEFORE_GIVING_UP:
            raise error
        failing = failing_scene(error, self.stack)
        if failing is not None and failing.screen is not Screen.CRASH_REPORT:
            # The screen that raised and everything above it (its dialogs) go; the ones below stay.
            index = self.stack.scenes.index(failing)
            for scene in reversed(self.stack.scenes[index:]):
                self._forget(scene)
                self.stack.pop(scene)
        self.stack.apply_pending()
        if self.stack.empty or self.crashes >= CRASHES_BEFORE_GIVING_UP // 2:
            for scene in self.stack.scenes:
                self._forget(scene)
            self.stack.clear()
            self.stack.apply_pending()
            self.stack.push(self.home())
            self.stack.apply_pending()
        self.stack.push(self.services.navigator.build(Screen.CRASH_REPORT, report, on_close=self._recovered))
        self.stack.apply_pending()

    def _forget(self, scene: object) -> None:
        """A screen showing an adventure failed: the bookshelf will offer that adventure's backup."""
        adventure = getattr(scene, "adventure", None)
        if adventure is not None:
            self.services.failing_saves.add(adventure.save_id)

    def _recovered(self) -> None:
        self.crashes = 0

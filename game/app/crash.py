"""Surviving a broken screen: log the error, save the sheet, go back to the last good screen.

An unexpected exception in a scene does not close the app: the report goes to
the log file (platformdirs' user log folder), every adventure on the stack is
saved, the failing screen is taken off, and a dialog offers to copy the report.
A screen that keeps failing falls back to the bookshelf; if even that fails
repeatedly, the error is raised (after logging) rather than looping forever.
"""

from __future__ import annotations

import logging
import platform
import sys
import traceback
from collections.abc import Callable
from logging.handlers import RotatingFileHandler
from pathlib import Path

import platformdirs

from game.app.lifecycle import save_all
from game.app.navigator import Screen
from game.app.scene import Scene, SceneStack
from game.app.services import APP_NAME, Services

LOGGER = logging.getLogger("feuille")
CRASHES_BEFORE_GIVING_UP = 6


def log_path() -> Path:
    """Where the app writes its log."""
    return Path(platformdirs.user_log_dir(APP_NAME)) / "feuille.log"


def setup_logging(path: Path | None = None) -> Path:
    """Send the app's log to a rotating file (1 MB × 3); returns its path."""
    path = path or log_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = RotatingFileHandler(path, maxBytes=1_000_000, backupCount=3, encoding="utf-8")
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

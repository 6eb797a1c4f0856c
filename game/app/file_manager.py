"""Showing a folder in the system's file manager (the shelf's "open the books folder").

Started and left running: the app never waits for the file manager, and a
system without one (no ``xdg-open``) is said in words rather than failing.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def opener_command(folder: Path, platform: str = sys.platform) -> list[str]:
    """The command that opens ``folder`` in the file manager of ``platform`` (not used on Windows: os.startfile)."""
    if platform == "darwin":
        return ["open", str(folder)]
    return ["xdg-open", str(folder)]


def open_folder(folder: Path) -> OSError | None:
    """Open ``folder`` in the system's file manager; None when started, else the error that stopped it."""
    try:
        if sys.platform == "win32":
            os.startfile(folder)  # type: ignore[attr-defined]  # Windows only
            return None
        subprocess.Popen(
            opener_command(folder),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # the file manager outlives the app, and a signal to the app is not its
        )
    except OSError as error:
        return error
    return None

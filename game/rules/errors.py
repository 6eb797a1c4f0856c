"""Refusals: an illegal action is refused with a reason the sheet can show."""

from __future__ import annotations

from typing import Any


class Refused(Exception):
    """The rules refuse an action; nothing changed and no dice were drawn.

    ``code`` names the reason (the app shows the catalogue text ``refused.<code>``
    with ``params``); ``message`` is the English sentence used by the cases
    runner and the log.
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params

    def __repr__(self) -> str:
        return f"Refused({self.code!r}, {self.message!r})"


class ReplayError(ValueError):
    """A log entry that does not replay: its place (``index``, from 0), its action's ``do`` and, when the rules
    refused it, their ``refused`` (so a screen names the action and the reason in the player's words)."""

    def __init__(self, index: int, do: str, cause: Exception) -> None:
        super().__init__(f"entries[{index}] does not replay: {cause}")
        self.index = index
        self.do = do
        self.refused = cause if isinstance(cause, Refused) else None

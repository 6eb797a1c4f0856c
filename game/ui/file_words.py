"""Why a file or a folder could not be used, in the player's language.

The one way a screen says a system's refusal: a refusal of game.safe_file (a
FIFO, a link out of its folder, a file over its limit…) by its code, and an
``OSError`` by its errno ("Permission denied" becomes « accès refusé »), so no
English reason from the system lands in a French sentence. What the system says
in its own words is kept only for an error the catalogue has no words for,
beside its code.
"""

from __future__ import annotations

import errno
import os
from typing import Protocol

from game.safe_file import FileRefused
from game.safe_json import InputError, place_in_file, reason_words


class Says(Protocol):
    """What these words need of the ui: its catalogue's ``t`` (a UIContext, or a Catalogue for a tool)."""

    def t(self, key: str, **params: object) -> str: ...


# errno → files.os.<key>; several errnos say the same thing to a player.
ERRNO_KEYS = {
    errno.ENOENT: "missing",
    errno.EACCES: "denied",
    errno.EPERM: "denied",
    errno.EROFS: "read_only",
    errno.ENOSPC: "no_space",
    errno.EDQUOT: "no_space",
    errno.EISDIR: "is_folder",
    errno.ENOTDIR: "not_folder",
    errno.EBUSY: "busy",
    errno.ENAMETOOLONG: "name_too_long",
    errno.ELOOP: "loop",
    errno.EEXIST: "exists",
    errno.EFBIG: "too_big",
    errno.EIO: "io",
    errno.ENOTEMPTY: "not_empty",
    errno.EXDEV: "other_disk",
    errno.EINVAL: "invalid_name",
}


def os_error_words(ui: Says, error: OSError) -> str:
    """What went wrong with a file, in words of the player's language (a refusal's own words, or the errno's)."""
    if isinstance(error, FileRefused):
        params = dict(error.params)
        if "kind" in params:
            params["kind"] = ui.t(f"files.kind.{params['kind']}")
        for amount in ("size", "limit"):  # a count of bytes, with its plural
            if amount in params:
                params[amount] = ui.t("files.bytes", count=params[amount])
        return ui.t(f"files.not_read.{error.code}", **params)
    key = ERRNO_KEYS.get(error.errno or 0)
    if key == "missing" and isinstance(error.filename, str) and error.filename:
        return ui.t("files.os.missing_named", name=os.path.basename(error.filename) or error.filename)
    if key is not None:
        return ui.t(f"files.os.{key}")
    code = errno.errorcode.get(error.errno or 0, "?")
    return ui.t("files.os.other", code=code, words=error.strerror or str(error))


def input_error_reason(ui: Says, error: InputError) -> str:
    """An input error's reason in the player's words: the file's checks' by its reason code (``reasons.<code>``,
    the system's refusal ``cause`` as its ``why``), or the system's refusal alone; only an error with neither
    keeps its English ``reason``."""
    cause = error.cause
    if cause is None:
        return reason_words(ui.t, error.code, dict(error.params)) if error.code else error.reason
    if error.code:  # a coded error about the system's refusal: its ``why`` in the player's words
        return reason_words(ui.t, error.code, {**dict(error.params), "why": os_error_words(ui, cause)})
    if isinstance(cause, FileRefused):
        return os_error_words(ui, cause)
    return ui.t("files.unreadable", cause=os_error_words(ui, cause))


def input_error_words(ui: Says, error: InputError) -> str:
    """An error in words: its reason, and where in the file when it is not the whole file (no ``$:``)."""
    place = place_in_file(error.path)
    reason = input_error_reason(ui, error)
    return reason if place is None else ui.t("drop.at", place=place, reason=reason)


def error_words(ui: Says, error: BaseException | str) -> str:
    """Any error a screen says, in the player's words: a file's refusal with the file and where in it (and how many
    more errors it has), a system's refusal by its errno, words already said (a ``str``) and anything else as
    they read."""
    if isinstance(error, InputError):
        words = ui.t("files.on_file", file=os.path.basename(error.file) or error.file, reason=input_error_words(ui, error))
        more = len(getattr(error, "others", ()))
        return f"{words} ({ui.t('files.more_errors', count=more)})" if more else words
    if isinstance(error, OSError):  # with the file it failed on, when the system names it
        words = os_error_words(ui, error)
        name = os.path.basename(error.filename) if isinstance(error.filename, str) and error.filename else ""
        return ui.t("files.on_file", file=name, reason=words) if name and name not in words else words
    return str(error)

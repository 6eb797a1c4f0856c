"""What the file browser shows, in words from the catalogue: each row's text, icon and spoken name, the status
lines under the rows (the folder's counts, or what went wrong), and a place's label."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.scenes.common.files.folder import Entry, FolderListing
from game.scenes.common.files.places import Place
from game.ui.context import UIContext
from game.ui.file_words import os_error_words


@dataclass(frozen=True)
class RowView:
    """One row of the folder: its text, its icon, what a screen reader says."""

    text: str
    icon: str | None
    spoken: str


@dataclass(frozen=True)
class BrowserView:
    """The browser of one frame: its title and help, the status lines and whether they say a problem."""

    title: str
    help: str
    status: tuple[str, ...]
    status_bad: bool


def size_text(ui: UIContext, size: int) -> str:
    """A file size in the player's words ("3,1 Mo", "2.0 MB")."""
    for unit, scale in (("gb", 1 << 30), ("mb", 1 << 20), ("kb", 1 << 10)):
        if size >= scale:
            return ui.t(f"files.size_{unit}", n=round(size / scale, 1))
    return ui.t("files.size_b", n=size)


def row_view(ui: UIContext, entry: Entry) -> RowView:
    """A row: a folder, a file that can be chosen, or something else with why it cannot be."""
    if entry.kind == "folder":
        return RowView(entry.name, "folder", ui.t("files.spoken_folder", name=entry.name))
    if entry.kind == "file":
        return RowView(entry.name, "file", ui.t("files.spoken_file", name=entry.name, size=size_text(ui, entry.size)))
    why = refusal_text(ui, entry)
    text = ui.t("files.row_refused", name=entry.name, why=why)
    return RowView(text, None, text)


def refusal_text(ui: UIContext, entry: Entry) -> str:
    """Why ``entry`` cannot be chosen, in words."""
    if entry.refusal == "too_big":
        return ui.t("files.refused_too_big", size=size_text(ui, entry.size))
    return ui.t(f"files.refused_{entry.refusal}")


def folder_status(ui: UIContext, listing: FolderListing, suffix: str) -> list[str]:
    """The line under the rows: how many folders and files, what was left out; or why the folder is unreadable."""
    if listing.error is not None:
        return [ui.t("files.folder_unreadable", folder=str(listing.folder), reason=os_error_words(ui, listing.error))]
    parts = [ui.t("files.count_folders", count=listing.folders), ui.t("files.count_files", count=listing.files, suffix=suffix)]
    if listing.hidden:
        parts.append(ui.t("files.count_hidden", count=listing.hidden))
    lines = [" · ".join(parts)]
    if listing.more:
        lines.append(ui.t("files.more_entries", count=listing.more))
    return lines


def place_label(ui: UIContext, place: Place) -> str:
    """A place's button: "Documents", "Mes livres", or a recent folder's name."""
    return place.name if place.name is not None else ui.t(f"files.place_{place.key}")


def status_lines(errors: Sequence[str], fallback: Sequence[str]) -> tuple[tuple[str, ...], bool]:
    """The status shown: the errors when there are some (bad), else the folder's counts."""
    return (tuple(errors), True) if errors else (tuple(fallback), False)

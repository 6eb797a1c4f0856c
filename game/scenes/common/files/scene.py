"""The file browser's scene: which folder is shown, its rows, the path typed, the errors said; its intents.

An overlay opened through the navigator (``Screen.FILE_BROWSER``, or a screen's
own subclass such as the shelf's import box). ``mode`` "file" chooses a file
of the kinds asked for (``suffixes``); "folder" chooses a folder (where an
export goes). The player may click or walk the rows with the keyboard (Enter
opens a folder or chooses a file, Backspace or Alt+Up goes up), jump to a
place, or type a path (Enter goes there or chooses it). A choice goes to
``choose_file`` / ``choose_folder``, which a subclass overrides; the chosen
folder is remembered among the recent places.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Literal

import pygame

from game.app.modal import ModalScene
from game.safe_json import MAX_FILE_BYTES
from game.scenes.common.files.controls import BrowserControls, build_controls
from game.scenes.common.files.folder import Entry, FolderListing, parent_of, read_folder, typed_path
from game.scenes.common.files.layout import PANEL, BrowserLayout, browser_layout
from game.scenes.common.files.paint import paint_browser
from game.scenes.common.files.places import Place, places, remembered
from game.scenes.common.files.view import BrowserView, folder_status, place_label, refusal_text, row_view, status_lines
from game.ui.context import UIContext
from game.ui.speech import join


class FileBrowserScene(ModalScene):
    """Browse folders and choose a file (or a folder); ``on_choose(path)`` gets the choice (then it closes)."""

    def __init__(
        self,
        ui: UIContext,
        *,
        title: str,
        help_text: str,
        choose_label: str,
        start: Path | None = None,
        mode: Literal["file", "folder"] = "file",
        suffixes: Sequence[str] = (".json",),
        extra_places: Sequence[Place] = (),
        recent: Sequence[str] = (),
        on_recent: Callable[[list[str]], object] | None = None,
        on_choose: Callable[[Path], object] | None = None,
    ) -> None:
        super().__init__(ui)
        self.title, self.help_text, self.choose_label = title, help_text, choose_label
        self.mode = mode
        self.suffixes = tuple(suffixes)
        self.recent = list(recent)
        self.on_recent = on_recent
        self.on_choose = on_choose
        self.places = places(extra_places, self.recent)
        self.errors: list[str] = []
        self.listing = FolderListing(Path("."), ())
        self.folder = self._first_folder(start)
        self._pressed_row: int | None = None
        self.layout(self.page)
        self.show(self.folder)

    def _first_folder(self, start: Path | None) -> Path:
        """Where the browser opens: ``start`` when it is a folder, else the first place, else the home."""
        for candidate in (start, *(place.path for place in self.places)):
            if candidate is not None and _is_folder(candidate):
                return candidate
        return Path.home()

    # -- layout -----------------------------------------------------------------------------
    def panel_size(self) -> tuple[int, int]:
        return PANEL

    def parts(self) -> BrowserLayout:
        return browser_layout(self.panel_rect(), len(self.places))

    def place_widgets(self) -> None:
        labels = [place_label(self.ui, place) for place in self.places]
        self.controls: BrowserControls = build_controls(self.ui, self.parts(), labels, self.choose_label, self)
        for widget in self.controls.widgets():
            self.group.add(widget)
        self.field = self.controls.field
        if self.listing.folder == self.folder:
            self._fill_rows()

    def on_enter(self) -> None:
        self.group.focus.focus(self.controls.rows if self.listing.entries else self.controls.field)

    # -- state ------------------------------------------------------------------------------
    def show(self, folder: Path) -> bool:
        """List ``folder`` (True); one that cannot be read leaves the folder shown as it was and says why."""
        listing = read_folder(folder, self.suffixes, MAX_FILE_BYTES)
        if listing.error is not None and self.listing.folder != Path("."):
            self.errors = folder_status(self.ui, listing, self._suffix())
            return False
        self.folder, self.listing = folder, listing
        self.errors = []
        self.field.text = str(folder) + ("" if str(folder).endswith(("/", "\\")) else _separator())
        self._fill_rows()
        return True

    def _fill_rows(self) -> None:
        rows = [row_view(self.ui, entry) for entry in self.listing.entries]
        self.controls.rows.set_items([r.text for r in rows], icons=[r.icon for r in rows], spoken=[r.spoken for r in rows])
        self.controls.rows.selected = None
        self.controls.rows.scroll_to(0)

    def _suffix(self) -> str:
        return self.suffixes[0] if self.suffixes else ""

    def selected_entry(self) -> Entry | None:
        index = self.controls.rows.selected
        entries = self.listing.entries
        return entries[index] if index is not None and index < len(entries) else None

    # -- intents ----------------------------------------------------------------------------
    def go_to_place(self, index: int) -> None:
        if 0 <= index < len(self.places):
            self.show(self.places[index].path)

    def go_up(self) -> None:
        parent = parent_of(self.folder)
        if parent is not None:
            self.show(parent)

    def path_typed(self, text: str) -> None:
        """Enter in the path: a folder is shown; a file is chosen; anything else says why."""
        if not text.strip():
            return
        path = typed_path(text, self.folder)
        if _is_folder(path):
            self.show(path)
        elif self.mode == "file":
            self.choose_file(path)
        else:
            self.errors = [self.ui.t("files.not_a_folder", path=str(path))]

    def row_selected(self, index: int) -> None:
        """A row picked: a file's path goes into the field (Enter or the action then chooses it)."""
        entry = self.selected_entry()
        if entry is None:
            return
        self.errors = [self.ui.t("files.cannot_choose", why=refusal_text(self.ui, entry))] if entry.kind == "other" else []
        if entry.kind == "file" and self.mode == "file":
            self.field.text = str(entry.path)

    def row_activated(self, index: int) -> None:
        """Enter (or a second click) on a row: open a folder, choose a file."""
        entry = self.selected_entry()
        if entry is None:
            return
        if entry.kind == "folder":
            self.show(entry.path)
        elif entry.kind == "file" and self.mode == "file":
            self.choose_file(entry.path)

    def choose_pressed(self) -> None:
        """The action button: the file (or folder) in the path field, or the folder shown."""
        if self.mode == "folder":
            entry = self.selected_entry()
            folder = entry.path if entry is not None and entry.kind == "folder" else typed_path(self.field.text, self.folder)
            if _is_folder(folder):
                self.choose_folder(folder)
            else:
                self.errors = [self.ui.t("files.not_a_folder", path=str(folder))]
            return
        self.path_typed(self.field.text)

    def remember(self, folder: Path) -> None:
        """Keep ``folder`` first among the recent places."""
        self.recent = remembered(self.recent, folder)
        if self.on_recent is not None:
            self.on_recent(self.recent)

    def choose_file(self, path: Path) -> None:
        """A file was chosen: by default, hand it to ``on_choose`` and close (a subclass imports it instead)."""
        self.remember(path.parent)
        self.dismiss()
        if self.on_choose is not None:
            self.on_choose(path)

    def choose_folder(self, folder: Path) -> None:
        """A folder was chosen (mode "folder"): hand it to ``on_choose`` and close."""
        self.remember(folder)
        self.dismiss()
        if self.on_choose is not None:
            self.on_choose(folder)

    # -- events -----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Alt+Up (anywhere) or Backspace on the rows goes up; a second click on the selected row opens it."""
        rows = self.controls.rows
        if event.type == pygame.KEYDOWN:
            alt_up = event.key == pygame.K_UP and event.mod & pygame.KMOD_ALT
            if alt_up or (event.key == pygame.K_BACKSPACE and self.group.focus.focused is rows):
                self.go_up()
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = rows.row_at(event.pos)
            self._pressed_row = row if row is not None and row == rows.selected else None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._pressed_row is not None:
            row, self._pressed_row = self._pressed_row, None
            self.group.process_event(event)
            if rows.row_at(event.pos) == row:
                self.row_activated(row)
            return True
        return False

    # -- frame ------------------------------------------------------------------------------
    def view(self) -> BrowserView:
        status, bad = status_lines(self.errors, folder_status(self.ui, self.listing, self._suffix()))
        return BrowserView(self.title, self.help_text, status, bad)

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view()
        self.draw_frame(surface, view.title)
        paint_browser(surface, view, self.parts(), self.ui)
        self.group.draw(surface)

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: what to choose, where, how many rows (or what went wrong)."""
        view = self.view()
        status = [*view.status[:6]]
        return join(view.title, view.help, self.ui.t("files.spoken_folder_shown", folder=str(self.folder)), *status)


def _is_folder(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


def _separator() -> str:
    return os.sep

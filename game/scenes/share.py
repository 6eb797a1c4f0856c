"""Share the adventure: the sheet as a one-page PNG, the journal as Markdown, the run as a file.

The run file is the save itself: its log carries the play mode and every die,
so whoever imports it (bookshelf → Import) replays it and sees the same sheet.
Files go to the user's documents folder, or the folder chosen in the file
browser ("Choisir le dossier…", kept in the settings: game.app.export.export_folder);
the panel says where each one was written, or why it could not be.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pygame

from game.app.adventure import Adventure
from game.app.export import export_folder, journal_markdown
from game.app.modal import ModalScene
from game.app.navigator import Screen
from game.app.services import Services
from game.atomic import atomic_write_text
from game.scenes.common.files.folder import shown_name
from game.storage.saves import SaveError
from game.ui.button import Button
from game.ui.draw import blit_text
from game.ui.file_words import error_words
from game.ui.layout import Column
from game.ui.speech import join
from game.ui.text_fit import wrap_words

KINDS = ("png", "markdown", "run")
PANEL = (860, 460)
ROW_INSET, FIRST_ROW, ROW_PITCH = 30, 84, 62  # the export buttons, one under the other: in from the left, from the top
ROW_BUTTON = (360, 48)
CLOSE = (140, 46)
CLOSE_AT = (170, 66)  # the close button's top-left, in from the panel's right and up from its foot
TIP_GAP, TIP_ROOM, TIP_DROP, TIP_LINE, TIP_LINES = 20, 50, 2, 22, 2  # a button's tip, right of it
RESULT_ROOM, RESULT_RISE, RESULT_LINES = 240, 82, 3  # the last export's result, above the panel's foot


class ShareScene(ModalScene):
    """Three buttons, one per kind of export, and the result of the last one."""

    def __init__(self, services: Services, adventure: Adventure) -> None:
        super().__init__(services.ui)
        self.services = services
        self.adventure = adventure
        self.result: str | None = None
        self.bad = False
        self.layout(self.page)

    def panel_size(self) -> tuple[int, int]:
        return PANEL

    def place_widgets(self) -> None:
        panel, ui = self.panel_rect(), self.ui
        self.buttons: dict[str, Button] = {}
        for index, kind in enumerate(KINDS):
            self.buttons[kind] = self.group.add(
                Button(
                    ui,
                    (panel.x + ROW_INSET, panel.y + FIRST_ROW + index * ROW_PITCH, *ROW_BUTTON),
                    ui.tr(f"play.share_{kind}"),
                    on_click=partial(self.export, kind),
                    tooltip=ui.tr(f"play.share_{kind}_tip"),
                )
            )
        self.close_button = self.group.add(
            Button(
                ui, (panel.right - CLOSE_AT[0], panel.bottom - CLOSE_AT[1], *CLOSE), ui.tr("play.close"), on_click=self.dismiss
            )
        )
        self.folder_button = self.group.add(
            Button(
                ui,
                (panel.x + ROW_INSET, panel.y + FIRST_ROW + len(KINDS) * ROW_PITCH, *ROW_BUTTON),
                ui.tr("play.share_folder"),
                on_click=self.ask_folder,
                tooltip=lambda: self.ui.t("play.share_folder_tip", folder=str(export_folder(self.services))),
            )
        )
        self.folder_button.visible = not self.services.locked  # a stand writes nowhere but its own folder

    def target(self, kind: str) -> Path:
        """The file an export of ``kind`` writes."""
        suffix = {"png": "-feuille.png", "markdown": "-journal.md", "run": ".json"}[kind]
        return export_folder(self.services) / f"feuille-{self.adventure.save_id}{suffix}"

    def ask_folder(self) -> None:
        """Choose where the exports go, in the file browser (remembered in the settings)."""
        services, ui = self.services, self.ui
        services.navigator.open(
            self,
            Screen.FILE_BROWSER,
            title=ui.t("play.share_folder_title"),
            help_text=ui.t("play.share_folder_help"),
            choose_label=ui.t("files.choose_folder"),
            start=export_folder(services),
            mode="folder",
            recent=services.settings.recent_places,
            on_recent=self._remember_places,
            on_choose=self._folder_chosen,
        )

    def _remember_places(self, recent: list[str]) -> None:
        self.services.settings.recent_places = recent

    def _folder_chosen(self, folder: Path) -> None:
        try:
            self.services.settings.export_folder = str(folder)
        except ValueError:  # a name that is not UTF-8 (lone surrogates): the settings file cannot hold it
            self.result, self.bad = self.ui.t("play.share_folder_not_kept", folder=shown_name(str(folder))), True
            return
        self.services.save_settings()
        self.result, self.bad = self.ui.t("play.share_folder_chosen", folder=str(folder)), False

    def export(self, kind: str) -> None:
        """Write one export; say where, or why not."""
        if self.services.locked:  # a convention stand: nothing leaves the demo's slot (issue 30 item 17)
            self.result, self.bad = self.ui.t("kiosk.locked"), True
            return
        target = self.target(kind)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            if kind == "png":
                from game.scenes.common.sheet_card import render_sheet_card

                pygame.image.save(render_sheet_card(self.ui, self.adventure), str(target))
            elif kind == "markdown":
                atomic_write_text(target, journal_markdown(self.ui, self.adventure))
            else:
                self.adventure.save()
                self.services.saves.export(self.adventure.save_id, target)
        except (OSError, SaveError, pygame.error) as error:
            self.result, self.bad = self.ui.t("play.share_failed", reason=error_words(self.ui, error)), True
            return
        self.result, self.bad = self.ui.t("play.shared", path=str(target)), False

    def draw(self, surface: pygame.Surface) -> None:
        p, small = self.ui.palette, self.ui.theme.text_size("small")
        panel = self.draw_frame(surface, self.ui.t("play.share_title"))
        folder = self.ui.t("play.share_folder_tip", folder=str(export_folder(self.services)))
        tips = [(self.buttons[kind].rect, self.ui.t(f"play.share_{kind}_tip")) for kind in KINDS]
        for button, tip in [*tips, (self.folder_button.rect, folder)]:
            column = Column((button.right + TIP_GAP, button.y + TIP_DROP, panel.right - button.right - TIP_ROOM, button.height))
            for line in wrap_words(tip, "italic", small, panel.right - button.right - TIP_ROOM)[:TIP_LINES]:
                blit_text(surface, line, column.row(TIP_LINE).topleft, "italic", small, p.ink_soft)
        if self.result:
            column = Column((panel.x + ROW_INSET, panel.bottom - RESULT_RISE, panel.width - RESULT_ROOM, RESULT_RISE))
            for line in wrap_words(self.result, "body", small, panel.width - RESULT_ROOM)[:RESULT_LINES]:
                blit_text(surface, line, column.row(TIP_LINE).topleft, "body", small, p.bad if self.bad else p.ink)
        self.group.draw(surface)

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: sharing the adventure."""
        return join(self.ui.t("play.share_title"), self.ui.t("access.tab_hint"))

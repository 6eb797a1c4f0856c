"""A small modal form: a few labelled fields and OK / Cancel.

Used for the eraser (correct a score), creature boxes, renaming a day, the
hero's name. ``on_submit`` receives the typed values and returns None to close
or the text of a problem to show (the form stays open, nothing is lost).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.app.modal import ModalScene
from game.ui import fonts
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.draw import blit_text
from game.ui.layout import Column
from game.ui.speech import join
from game.ui.text_field import TextField
from game.ui.text_fit import fit_lines, wrap_words

ROW_H = 78
PAD = 30
WIDTH = 620  # a form's panel, unless it asks for another width
FIELDS_TOP, NOTE_TOP, NOTE_LINE = 86, 74, 26  # the first row, and the note above the rows, from the panel's top
LABEL_ROW, FIELD_H = 26, 42  # a row: its label's line, then its field
LABEL_RISE = 28  # a label's top above its field
NUMBER_WIDTH = 160
BUTTONS_FOOT, BUTTON_H = 66, 46  # Cancel and OK: their top above the panel's foot, their height
CANCEL, OK = (330, 140), (176, 146)  # each: its left in from the panel's right, its width
FOOT_ROOM = 60 + 80  # under the rows: the problem's lines and the buttons
PROBLEM_GAP, PROBLEM_FOOT = 24, 4  # the problem under the last field; above the buttons


@dataclass(frozen=True)
class FieldSpec:
    """One field: its key in the result, its label, its first text, and numeric limits if any."""

    key: str
    label: str
    text: str = ""
    numeric: bool = False
    minimum: int | None = None
    maximum: int | None = None
    max_length: int = 80


class FormScene(ModalScene):
    """Modal form over the current screen."""

    def __init__(
        self,
        ui: UIContext,
        title: str,
        fields: list[FieldSpec],
        on_submit: Callable[[dict[str, str]], str | None],
        *,
        note: str = "",
        width: int = WIDTH,
    ) -> None:
        super().__init__(ui)
        self.title = title
        self.specs = fields
        self.on_submit = on_submit
        self.note = note
        self.width = width
        self.problem: str | None = None
        self.layout(self.page)

    def place_widgets(self) -> None:
        ui, panel = self.ui, self.panel_rect()
        self.fields: dict[str, TextField] = {}
        for index, spec in enumerate(self.specs):
            y = panel.y + FIELDS_TOP + self._note_height() + index * ROW_H + LABEL_ROW
            width = NUMBER_WIDTH if spec.numeric else panel.width - 2 * PAD
            self.fields[spec.key] = self.group.add(
                TextField(
                    ui,
                    (panel.x + PAD, y, width, FIELD_H),
                    text=spec.text,
                    numeric=spec.numeric,
                    minimum=spec.minimum,
                    maximum=spec.maximum,
                    max_length=spec.max_length,
                    on_submit=lambda text: self.submit(),
                )
            )
        self.cancel_button = self.group.add(
            Button(
                ui,
                (panel.right - CANCEL[0], panel.bottom - BUTTONS_FOOT, CANCEL[1], BUTTON_H),
                ui.tr("common.cancel"),
                on_click=self.dismiss,
            )
        )
        self.ok_button = self.group.add(
            Button(
                ui,
                (panel.right - OK[0], panel.bottom - BUTTONS_FOOT, OK[1], BUTTON_H),
                ui.tr("common.ok"),
                style="primary",
                on_click=self.submit,
            )
        )

    def _note_height(self) -> int:
        width = self.fit((self.width, 1)).width - 2 * PAD
        return NOTE_LINE * len(wrap_words(self.note, "italic", self.ui.theme.text_size("small"), width)) if self.note else 0

    def panel_size(self) -> tuple[int, int]:
        return self.width, FIELDS_TOP + self._note_height() + ROW_H * len(self.specs) + FOOT_ROOM

    def on_enter(self) -> None:
        if self.specs:
            self.group.focus.focus(self.fields[self.specs[0].key])

    def submit(self) -> None:
        for spec in self.specs:
            field = self.fields[spec.key]
            if spec.numeric and (not field.text.strip() or not field.valid):
                self.problem = field.message() or self.ui.t("form.number_needed", label=spec.label)
                return
        problem = self.on_submit({key: field.text.strip() for key, field in self.fields.items()})
        if problem:
            self.problem = problem
            return
        self.dismiss()

    def draw(self, surface: pygame.Surface) -> None:
        p = self.ui.palette
        panel = self.draw_frame(surface, self.title, title_x=self.panel_rect().x + PAD)
        small = self.ui.theme.text_size("small")
        column = Column((panel.x + PAD, panel.y + NOTE_TOP, panel.width - 2 * PAD, panel.height))
        for line in wrap_words(self.note, "italic", small, panel.width - 2 * PAD) if self.note else []:
            blit_text(surface, line, column.row(NOTE_LINE).topleft, "italic", small, p.ink_soft)
        for spec in self.specs:
            field = self.fields[spec.key]
            blit_text(surface, spec.label, (field.rect.x, field.rect.y - LABEL_RISE), "italic", small, p.ink_soft)
        if self.problem:
            # The whole width between the last field (and its hint line) and the buttons: the reason is read in full.
            top = max((f.rect.bottom for f in self.fields.values()), default=panel.y + NOTE_TOP) + PROBLEM_GAP
            area = pygame.Rect(panel.x + PAD, top, panel.width - 2 * PAD, panel.bottom - BUTTONS_FOOT - PROBLEM_FOOT - top)
            line_h = fonts.line_height("body", small)
            lines, _ = fit_lines(self.problem, "body", small, area.width, max(1, area.height // line_h))
            for i, line in enumerate(lines):
                blit_text(surface, line, (area.x, area.y + i * line_h), "body", small, p.bad, box=area, owner="form problem")
        self.group.draw(surface)

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: the form's title, its note, how to fill it in."""
        ui = self.ui
        note = getattr(self, "note", None)
        return join(self.title, ui.text(note) if note else "", ui.t("access.form_hint"))

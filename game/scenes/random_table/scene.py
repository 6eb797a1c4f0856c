"""The Random Number Table's scene: the numbers asked, the shuffled grid, pointing, typing and undoing.

The mouse points at a cell; from the keyboard the arrows move over the grid and Enter or Space points, a digit
key types the number from one's own book, Backspace takes the last number back. Each number is said. OK hands
the die faces to ``on_done`` (a 0 is the d10's face 10); Cancel or Escape hands back nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from game.app.modal import ModalScene
from game.scenes.random_table.controls import TableControls, build_controls
from game.scenes.random_table.layout import SIDE, TableRegions, table_regions
from game.scenes.random_table.paint import paint_table
from game.scenes.random_table.view import PickRow, TableView
from game.ui.context import UIContext

SIDES = 10  # a random number is a zero-based d10: the digit 0 is its face 10
_DIGIT_KEYS = {getattr(pygame, f"K_{n}"): n for n in range(10)} | {getattr(pygame, f"K_KP{n}"): n for n in range(10)}
_MOVES = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0)}


def face_of(number: int) -> int:
    """The d10 face the rules read as ``number`` (0-9): a 0 is the face 10."""
    return number if number else SIDES


def shuffled_grid(rng: random.Random) -> list[int]:
    """A table of 100 digits, each of 0-9 ten times, in a random order."""
    digits = [digit for digit in range(10) for _ in range(SIDE)]
    rng.shuffle(digits)
    return digits


class RandomTableScene(ModalScene):
    """Modal overlay: one random number per label, pointed at on the grid or typed; OK sends the faces."""

    r: TableRegions
    controls: TableControls

    def __init__(
        self,
        ui: UIContext,
        title: str,
        labels: list[str],
        on_done: Callable[[list[int]], None],
        *,
        rng: random.Random,
        hidden: bool = False,
        on_cancel: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(ui)
        self.title = title
        self.labels = labels or [ui.t("random_table.number", n=1)]
        self.rng = rng
        self.hidden = hidden  # honest play: the digits are face down until pointed at
        self.digits = shuffled_grid(rng)
        self.values: list[int] = []
        self.pointed: int | None = None
        self.cursor: int | None = None
        self.on_done = on_done
        self.on_cancel = on_cancel
        self.answered = False  # OK or Cancel was pressed: a second press in the same frame sends nothing
        self.layout(self.page)

    @property
    def complete(self) -> bool:
        return len(self.values) == len(self.labels)

    def panel_size(self) -> tuple[int, int]:
        return 900, 640

    def place_widgets(self) -> None:
        self.r = table_regions(self.panel_rect(), len(self.labels))
        self.controls = build_controls(self.ui, self.r, self)
        for widget in self.controls.widgets():
            self.group.add(widget)
        self._refresh()

    # -- intents --------------------------------------------------------------------------------------
    def point(self, cell: int) -> None:
        """The pencil lands on ``cell``: its digit is the next number; the table is shuffled for the next."""
        if self.complete or self.answered:
            self.ui.say(self.ui.t("random_table.all_set"))
            return
        self._take(self.digits[cell])
        self.pointed = cell
        self._reshuffle_unless_shown(cell)

    def _reshuffle_unless_shown(self, cell: int) -> None:
        """Shuffle for the next number, keeping the digit just pointed at where it was (so it is seen)."""
        digit = self.digits[cell]
        self.digits = shuffled_grid(self.rng)
        other = self.digits.index(digit)
        self.digits[cell], self.digits[other] = self.digits[other], self.digits[cell]

    def type_number(self, number: int) -> None:
        """A number from the player's own book."""
        if self.complete:
            self.ui.say(self.ui.t("random_table.all_set"))
            return
        self._take(number)
        self.pointed = None

    def use_typed(self) -> None:
        field = self.controls.typed
        if field.text and field.valid and field.value is not None:
            self.type_number(field.value)
            field.text = ""

    def _take(self, number: int) -> None:
        label = self.labels[len(self.values)]
        self.values.append(number)
        self.ui.say(self.ui.t("random_table.said", label=label, number=number))
        self._refresh()

    def undo(self) -> None:
        """Take the last number back."""
        if self.values:
            self.values.pop()
            self.pointed = None
            self._refresh()

    def confirm(self) -> None:
        if not self.complete or self.answered:
            return
        self.answered = True
        if self.stack is not None:
            self.stack.pop(self)
        self.on_done([face_of(number) for number in self.values])

    def dismiss(self) -> None:
        if self.answered:
            return
        self.answered = True
        if self.stack is not None:
            self.stack.pop(self)
        if self.on_cancel is not None:
            self.on_cancel()

    def _refresh(self) -> None:
        self.controls.ok.set_enabled(self.complete, self.ui.tr("random_table.point_every_number"))
        self.controls.undo.set_enabled(bool(self.values), self.ui.tr("random_table.nothing_to_undo"))
        for widget in (self.controls.typed, self.controls.use_typed):
            widget.set_enabled(not self.complete, self.ui.tr("random_table.all_set"))

    # -- events ---------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            cell = self.r.cell_at(event.pos)
            if cell is not None:
                self.cursor = None
                self.point(cell)
                return True
            return False
        if event.type != pygame.KEYDOWN:
            return False
        if self.group.focus.focused is self.controls.typed:
            return False  # the field takes its digits
        if event.key in _DIGIT_KEYS:
            self.type_number(_DIGIT_KEYS[event.key])
            return True
        if event.key == pygame.K_BACKSPACE:
            self.undo()
            return True
        if event.key in _MOVES and (self.cursor is not None or self.group.focus.focused is None):
            self._move(*_MOVES[event.key])
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.cursor is not None:
            if self.complete:
                self.confirm()
            else:
                self.point(self.cursor)
            return True
        return False

    def _move(self, rows: int, columns: int) -> None:
        row, column = divmod(self.cursor if self.cursor is not None else 0, SIDE)
        if self.cursor is not None:
            row, column = (row + rows) % SIDE, (column + columns) % SIDE
        self.cursor = row * SIDE + column
        self.group.focus.focus(None)
        shown = self.ui.t("access.empty") if self.hidden else str(self.digits[self.cursor])
        self.ui.say(self.ui.t("random_table.cell", row=row + 1, column=column + 1, digit=shown))

    # -- frame ----------------------------------------------------------------------------------------
    def view(self) -> TableView:
        """What the table shows now."""
        asked = len(self.values)
        rows = tuple(PickRow(label, self.values[i] if i < asked else None, i == asked) for i, label in enumerate(self.labels))
        if self.complete:
            prompt = self.ui.t("random_table.prompt_done")
        else:
            prompt = self.ui.t("random_table.prompt", label=self.labels[asked])
        digits: tuple[int | None, ...] = tuple(
            None if self.hidden and i != self.pointed else digit for i, digit in enumerate(self.digits)
        )
        return TableView(self.title, prompt, digits, self.pointed, self.cursor, rows, self.ui.t("random_table.typed_label"))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface, self.title, centred=True)
        paint_table(surface, self.view(), self.r, self.ui)
        self.group.draw(surface)

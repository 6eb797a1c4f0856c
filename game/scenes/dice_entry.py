"""Physical dice: the player rolls real dice at the table and types what they show.

Asks for each die the rules will draw (their sides come from a dry run of the
action); d6 values are picked with six buttons, other dice typed in. The
values then go to the rules as a scripted dice source for that one action.

From the keyboard: left and right change the face of the die in hand, up and
down move to the die above or below, a digit sets the die and moves on to the
next, Enter confirms once every die is set. Each change is said.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import cast

import pygame

from game.app.modal import ModalScene
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.draw import blit_text
from game.ui.layout import ScrollPane
from game.ui.speech import join
from game.ui.text_field import TextField
from game.ui.widget import Widget

ROW_H = 58
PIP_BUTTON = 48


class DiceEntryScene(ModalScene):
    """Modal overlay: one row per die; OK sends the values, Cancel sends nothing."""

    def __init__(
        self,
        ui: UIContext,
        title: str,
        sides: list[int],
        on_done: Callable[[list[int]], None],
        on_cancel: Callable[[], None] | None = None,
        labels: list[str] | None = None,
    ) -> None:
        super().__init__(ui)
        self.title = title
        self.sides = sides
        self.labels = labels or [ui.t("dice.die_number", n=i + 1) for i in range(len(sides))]
        self.values: list[int | None] = [None] * len(sides)
        self.on_done = on_done
        self.on_cancel = on_cancel
        self.layout(self.page)

    def panel_size(self) -> tuple[int, int]:
        return 700, 170 + ROW_H * max(1, len(self.sides))

    def place_widgets(self) -> None:
        """One row per die in a pane (it scrolls when the page is too short for them all), OK and Cancel below."""
        ui, panel = self.ui, self.panel_rect()
        self.fields: dict[int, TextField] = {}
        self.pip_buttons: dict[int, list[Button]] = {}
        top = panel.y + 80
        self.rows = self.group.add(ScrollPane(ui, (panel.x + 20, top, panel.width - 40, panel.bottom - 90 - top)))
        for row, die_sides in enumerate(self.sides):
            y = top + row * ROW_H
            widgets: list[Widget] = []
            if die_sides == 6:
                for face in range(1, 7):
                    rect = (panel.x + 230 + (face - 1) * (PIP_BUTTON + 8), y, PIP_BUTTON, PIP_BUTTON)
                    widgets.append(self.group.add(Button(ui, rect, str(face), on_click=partial(self.pick, row, face))))
                self.pip_buttons[row] = cast(list[Button], widgets)
            else:
                self.fields[row] = self.group.add(
                    TextField(
                        ui,
                        (panel.x + 230, y, 120, PIP_BUTTON),
                        numeric=True,
                        minimum=1,
                        maximum=die_sides,
                        max_length=len(str(die_sides)),
                        on_change=partial(self._typed, row),
                    )
                )
                widgets.append(self.fields[row])
            self.rows.add_row(ROW_H, *widgets, paint=partial(self._paint_label, row))
        self.ok = self.group.add(
            Button(
                ui, (panel.right - 300, panel.bottom - 64, 130, 46), ui.tr("common.ok"), style="primary", on_click=self.confirm
            )
        )
        self.cancel = self.group.add(
            Button(ui, (panel.right - 160, panel.bottom - 64, 130, 46), ui.tr("common.cancel"), on_click=self.dismiss)
        )
        self._refresh()

    def _paint_label(self, row: int, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The die's name and kind, left of its buttons."""
        label = f"{self.labels[row]} (d{self.sides[row]})"
        blit_text(
            surface,
            label,
            (rect.x + 10, rect.y + PIP_BUTTON // 2),
            "body",
            self.ui.theme.text_size("body"),
            self.ui.palette.ink,
            "midleft",
        )

    def pick(self, row: int, face: int) -> None:
        """Set die ``row`` to ``face``."""
        self.values[row] = face
        self._refresh()

    def _row_in_hand(self) -> int:
        """The d6 row whose face button has the keyboard focus (the first row otherwise)."""
        focused = self.group.focus.focused
        for row, buttons in self.pip_buttons.items():
            if focused in buttons:
                return row
        return min(self.pip_buttons) if self.pip_buttons else 0

    def _hold(self, row: int) -> None:
        """Focus row ``row``'s chosen face (or its first) and say the die and its value."""
        buttons = self.pip_buttons[row]
        value = self.values[row]
        self.group.focus.focus(buttons[(value or 1) - 1])
        self.group.focus.visible = True
        shown = str(value) if value is not None else self.ui.t("access.empty")
        self.ui.say(self.ui.t("access.die_value", label=self.labels[row], value=shown))

    def handle(self, event: pygame.event.Event) -> bool:
        """Arrows and digits on the d6 rows (see the module's docstring)."""
        if event.type != pygame.KEYDOWN or not self.pip_buttons:
            return False
        focused = self.group.focus.focused
        if (
            focused is not None
            and focused not in [b for row in self.pip_buttons.values() for b in row]
            and event.key in (pygame.K_LEFT, pygame.K_RIGHT)
        ):
            return False  # a text field or OK/Cancel has the focus: arrows are theirs
        row = self._row_in_hand()
        rows = sorted(self.pip_buttons)
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if event.key == pygame.K_RIGHT else -1
            current = self.values[row]
            self.pick(row, (1 if step > 0 else 6) if current is None else max(1, min(6, current + step)))
            self._hold(row)
            return True
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            index = rows.index(row) + (1 if event.key == pygame.K_DOWN else -1)
            self._hold(rows[max(0, min(len(rows) - 1, index))])
            return True
        digit = event.key - pygame.K_1 + 1 if pygame.K_1 <= event.key <= pygame.K_6 else None
        if digit is None and pygame.K_KP1 <= event.key <= pygame.K_KP6:
            digit = event.key - pygame.K_KP1 + 1
        if digit is not None:
            self.pick(row, digit)
            self._hold(row)
            later = [r for r in rows if r > row]
            if later:
                self._hold(later[0])
            elif self.ok.enabled:
                self.group.focus.focus(self.ok)
                self.ui.say(self.ok.spoken(), interrupt=False)
            return True
        return False

    def _typed(self, row: int, _text: str = "") -> None:
        field = self.fields[row]
        self.values[row] = field.value if field.valid and field.text else None
        self._refresh()

    def _refresh(self) -> None:
        for row, buttons in self.pip_buttons.items():
            for face, button in enumerate(buttons, start=1):
                button.choice_of = self.ui.tr("dice.die_number", n=row + 1)
                button.set_chosen(self.values[row] == face)
        missing = any(v is None for v in self.values)
        self.ok.set_enabled(not missing, self.ui.tr("dice.enter_every_die"))

    def confirm(self) -> None:
        if any(v is None for v in self.values):
            return
        if self.stack is not None:
            self.stack.pop(self)
        self.on_done([int(v) for v in self.values])  # type: ignore[arg-type]  # every value is set before OK is enabled

    def dismiss(self) -> None:
        if self.stack is not None:
            self.stack.pop(self)
        if self.on_cancel is not None:
            self.on_cancel()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface, self.title, centred=True)
        self.group.draw(surface)

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: the dice to type, each with its number of sides."""
        labels = ", ".join(f"{label} (d{sides})" for label, sides in zip(self.labels, self.sides))
        return join(self.title, self.ui.t("access.dice_entry", dice=labels))

"""What the Random Number Table shows in one frame: the prompt, the grid's digits, the picks so far."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PickRow:
    """A number the rules asked for: its name and the value pointed at or typed (None: not yet)."""

    label: str
    value: int | None
    current: bool  # the next one to point at


@dataclass(frozen=True)
class TableView:
    """The Random Number Table now."""

    title: str
    prompt: str  # what to do, naming the number asked (or that every number is set)
    digits: tuple[int | None, ...]  # the grid's 100 digits, row by row; None: face down (honest play)
    pointed: int | None  # the cell the last number came from (None: typed, or nothing yet)
    cursor: int | None  # the keyboard's cell (None: the grid does not have the focus)
    rows: tuple[PickRow, ...]
    typed_label: str  # "or your own number:"

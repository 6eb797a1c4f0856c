"""The base of the Rôle'n Play table's panels (party, clock, travel, calculators…) and what they see of the table.

A panel is one tab. It owns the form values the game master is typing (scene memory:
what is not yet an action); from them and from the rules' view it makes a frozen view of
what the tab shows (``<tab>.py``: ``…View``), has its controls built from that view and
its regions (``build_…_controls``, through the :class:`Kit`) and its text painted
(``paint_…``, with a :class:`~game.scenes.rnp_table.pen.Pen`). It never changes the table
itself: it hands actions to its :class:`Table` (``act`` / ``roll``), which sends them to
the rules. The table scene implements :class:`Table`; a panel sees nothing else of it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Protocol, TypeVar

import pygame

from game.app.rolling import Presentation
from game.books.rolenplay import RolenplayBook
from game.i18n.catalogue import TextSource
from game.rules.errors import Refused
from game.rules.rnp.preview import Preview, preview
from game.rules.rnp.state import TableState
from game.rules.session import ActionLike, Entry
from game.scenes.rnp_table.data import Json, living
from game.scenes.rnp_table.layout import ROW, PanelFrame, PanelPane, panel_frame
from game.scenes.rnp_table.words import parse_number
from game.ui import fonts
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.draw import Colour, blit_text, draw_panel
from game.ui.text_field import TextField
from game.ui.toggle import Toggle
from game.ui.widget import Widget

W = TypeVar("W", bound=Widget)
RectLike = pygame.Rect | tuple[int, int, int, int]
#: What the dice overlay shows for the result an action left (``TableState.result``).
Present = Callable[[Json], Presentation]
D6, D20 = 6, 20  # the dice the overlay shows: a fall's d6s; the d20 of a save or a check
CHOICE_GAP = 6  # between the buttons of a row of choices
CHOICE_LEAST = 70  # the narrowest choice button
LABEL_PADDING = 28  # round a bold button label
SHRINK_LEAST = 56  # a narrowed button of a row keeps at least this width
NAME_LEAST = 90  # a paged row of names (who, watchers) shows as many as keep this width each: names stay legible


@dataclass
class Shared:
    """What the game master chose on one tab that another tab uses."""

    hot: bool = False  # the weather of Food and water: a day on the road drinks by it too
    obscurement: str = "none"  # set on Light: hiding is checked in it
    timer_order: str = "started"  # Timers (and the Clock's timers in force): as started, or what runs out first


class Table(Protocol):
    """What a panel sees of its table: the rules' view and dry runs to show, the table's actions to call."""

    @property
    def ui(self) -> UIContext: ...

    @property
    def book(self) -> RolenplayBook: ...

    @property
    def rules(self) -> Json:
        """The rules' view of the table now."""
        ...

    @property
    def state(self) -> TableState:
        """The table's state (dry runs start from it; ``result`` is the last action's)."""
        ...

    @property
    def shared(self) -> Shared: ...

    def add_widget(self, widget: W) -> W:
        """Add ``widget`` to the table's controls (after the tabs, in the order added)."""
        ...

    def act(self, action: ActionLike, message: str | None = None) -> Entry | None:
        """Send ``action`` to the rules; the entry, or None when refused (the refusal is on the status line)."""
        ...

    def roll(self, action: ActionLike, present: Present, after: Callable[[Entry | Refused], None] | None = None) -> None:
        """An action that rolls: physical dice if set, the rules decide, the overlay shows what ``present`` says."""
        ...

    def rebuild(self) -> None:
        """New widgets from the rules' view and the panels' form values (after a choice)."""
        ...

    def refresh_soft(self) -> None:
        """After a keystroke: the panel updates its previews, the widgets stay."""
        ...

    def show(self, message: str | None, bad: bool = False) -> None:
        """The status line."""
        ...

    def refusal(self, action: ActionLike) -> Refused | None: ...

    def refusal_text(self, refused: Refused) -> str: ...

    def open_form(self, member: Json | None) -> None:
        """The character form: a new character (None) or ``member`` to edit."""
        ...

    def ask_remove(self, name: str) -> None:
        """Ask before removing ``name`` from the party."""
        ...

    def open_saves(self, entry: Json) -> None:
        """Every forced-march save of the leg of the journal ``entry``."""
        ...


class ChoiceButton(Button):
    """A button of a choice row: the chosen one stays filled even when the rules refuse choosing it again."""

    def __init__(
        self,
        ui: UIContext,
        rect: RectLike,
        label: TextSource,
        *,
        on_click: Callable[[], object],
        chosen: bool = False,
        tooltip: TextSource | None = None,
        middle: bool = False,
    ) -> None:
        super().__init__(ui, rect, label, on_click=on_click, tooltip=tooltip, middle=middle)
        self.chosen = chosen
        self.set_chosen(chosen)  # said too ("…, choisi") with its row's name

    def _colours(self) -> tuple[tuple, tuple, tuple]:
        if self.chosen and not self.enabled:
            p = self.ui.palette
            return p.accent, p.ink, p.accent_text
        return super()._colours()


class Kit:
    """What a panel's controls are built with: widgets made, named (the panel's ``named``) and added to the
    table; text fields whose text survives rebuilds (the panel's ``texts``) and updates the previews."""

    def __init__(self, table: Table, named: dict[str, Widget], texts: dict[str, str], area: Callable[[], pygame.Rect]) -> None:
        self.ui = table.ui
        self.table = table
        self.named = named
        self.texts = texts
        self.area = area  # the panel's content (a row of choices ends at its right unless told)

    def add(self, name: str, widget: W) -> W:
        self.named[name] = widget
        return self.table.add_widget(widget)

    def button(
        self,
        name: str,
        rect: RectLike,
        label: TextSource,
        on_click: Callable[[], object],
        *,
        refused: Refused | None = None,
        style: str = "normal",
        tooltip: TextSource | None = None,
        chosen: bool = False,
        middle: bool = False,
        group: TextSource | None = None,
    ) -> Button:
        """A button, disabled with the refusal's text as its tooltip when ``refused`` is a Refused; ``middle``:
        a label too long loses its middle (a name: "Sir Reginald…of York"); one of the choices of ``group`` (its
        name: said with whether it is ``chosen``) when a group is given."""
        if group is not None:
            button: Button = ChoiceButton(self.ui, rect, label, on_click=on_click, tooltip=tooltip, chosen=chosen, middle=middle)
            button.choice_of = group
        else:
            button = Button(self.ui, rect, label, on_click=on_click, style=style, tooltip=tooltip, middle=middle)
        if refused is not None:
            button.set_enabled(False, self.table.refusal_text(refused))
        return self.add(name, button)

    def action_button(
        self,
        name: str,
        rect: RectLike,
        label: TextSource,
        action: ActionLike,
        *,
        chosen: bool = False,
        tooltip: TextSource | None = None,
        group: TextSource | None = None,
    ) -> Button:
        """A button that sends ``action`` to the rules, disabled with the rules' reason while they refuse it (one of
        ``group``'s choices when a group is given)."""
        act = partial(self.table.act, action)
        refused = self.table.refusal(action)
        return self.button(name, rect, label, act, refused=refused, chosen=chosen, tooltip=tooltip, group=group)

    def who_row(
        self,
        x: int,
        y: int,
        options: Sequence[tuple[str, TextSource]],
        current: str | None,
        on_pick: Callable[[str], object],
        group: TextSource,
        right: int | None = None,
    ) -> int:
        """The row of who does it (a panel's ``who_options``): names, shortened in their middle when narrowed."""
        return self.choices("who", x, y, options, current, on_pick, group=group, right=right, middle=True)

    def choices(
        self,
        name: str,
        x: int,
        y: int,
        options: Sequence[tuple[str, TextSource]],
        current: str | None,
        on_pick: Callable[[str], object],
        *,
        group: TextSource,
        width: int | None = None,
        right: int | None = None,
        middle: bool = False,
    ) -> int:
        """A row of buttons, the current one filled, narrowed to end before ``right`` (the content's right
        edge unless told; a narrowed label ends with "…", or with ``middle`` loses its middle, and shows whole
        as its tooltip); returns the x after the row. ``group``: the row's name, the caption the panel draws
        above it, said with each choice."""
        natural = self.choice_widths(options, width)
        widths = shrink_row(natural, (self.area().right if right is None else right) - x)
        for (value, label), w in zip(options, widths):
            pick = partial(on_pick, value)
            button = ChoiceButton(self.ui, (x, y, w, ROW), label, on_click=pick, chosen=value == current, middle=middle)
            button.choice_of = group
            self.add(f"{name}:{value}", button)
            x += w + CHOICE_GAP
        return x

    def choice_widths(self, options: Sequence[tuple[str, TextSource]], width: int | None = None) -> list[int]:
        return choice_widths(self.ui, options, width)

    def field(
        self,
        name: str,
        rect: RectLike,
        default: str = "",
        *,
        placeholder: TextSource | None = None,
        max_length: int = 12,
        spoken_name: TextSource | None = None,
    ) -> TextField:
        """A text field whose text survives rebuilds; each keystroke updates the panel's previews; ``spoken_name``:
        what a screen reader calls it (the caption the panel draws above it)."""
        self.texts.setdefault(name, default)

        def changed(text: str) -> None:
            self.texts[name] = text
            self.table.refresh_soft()

        widget = TextField(
            self.ui,
            rect,
            text=self.texts[name],
            placeholder=placeholder,
            max_length=max_length,
            on_change=changed,
            spoken_name=spoken_name,
        )
        return self.add(name, widget)

    def toggle(self, name: str, rect: RectLike, label: TextSource, value: bool, on_change: Callable[[bool], object]) -> Toggle:
        return self.add(name, Toggle(self.ui, rect, label, value=value, on_change=on_change))


class Panel:
    """One tab of the table: widgets made with its :class:`Kit`, text painted in :meth:`draw_content`."""

    tab: str = ""

    def __init__(self, table: Table, rect: pygame.Rect) -> None:
        self.table = table
        self.ui = table.ui
        self.rect = pygame.Rect(rect)
        self.frame: PanelFrame = panel_frame(self.rect)
        self.named: dict[str, Widget] = {}
        self.texts: dict[str, str] = {}  # text fields' contents, kept across rebuilds
        self.pane: PanelPane | None = None
        self.scroll = 0  # how far the panel is scrolled, kept across rebuilds
        self.content = self.rect.inflate(-40, -72)
        self.painting = False  # while the pane paints, ``content`` is where the scrolled content is
        self.kit = Kit(table, self.named, self.texts, self.inner)

    # -- what it shows ------------------------------------------------------------------------
    @property
    def book(self) -> RolenplayBook:
        return self.table.book

    @property
    def rules(self) -> Json:
        """The rules' view of the table."""
        return self.table.rules

    @property
    def language(self) -> str:
        return self.ui.catalogue.language

    def inner(self) -> pygame.Rect:
        """The panel's content below its heading: as tall as the panel needs (it scrolls when taller than the
        view); while painting, where the scrolled content is on the page."""
        return self.content

    @property
    def viewport(self) -> pygame.Rect:
        """The part of the page the content shows through."""
        return self.pane.rect if self.pane is not None else self.content

    def on_page(self, rect: pygame.Rect) -> pygame.Rect:
        """Where a rect of the content is on the page now (the content is scrolled, except while painting)."""
        return rect if self.painting or self.pane is None else rect.move(0, -self.pane.offset)

    def content_height(self, width: int) -> int:
        """The height the panel's content needs in ``width`` (more than the view: it scrolls)."""
        return 0

    def living(self) -> list[str]:
        return living(self.rules)

    def heading(self) -> str:
        return self.ui.t(f"rnp.tab_{self.tab}")

    def refusal_text(self, refused: Refused | None) -> str | None:
        """A refusal in words (None for none)."""
        return None if refused is None else self.table.refusal_text(refused)

    def act(self, action: ActionLike, message: str | None = None) -> Entry | None:
        """Send ``action`` to the rules through the table (the entry, or None when refused)."""
        return self.table.act(action, message)

    # -- building ---------------------------------------------------------------------------
    def place(self, rect: pygame.Rect) -> None:
        """Start a build in ``rect`` (the table's content region): the scrolling view, then the content size."""
        self.named.clear()
        self.rect = pygame.Rect(rect)
        self.frame = panel_frame(self.rect)
        if self.pane is not None:
            self.scroll = self.pane.offset
        self.pane = self.table.add_widget(PanelPane(self.ui, self.frame.view, spoken_name=self.heading()))
        self.content = self.frame.content(self.content_height(self.frame.content_width()))

    def build(self) -> None:
        """Add this panel's widgets (called after every change), placed in ``self.inner()``."""

    def finish(self) -> None:
        """The built widgets scroll with the content, which the pane paints under them (a control in the
        heading's band, above the view, stays put)."""
        assert self.pane is not None  # place() came first
        scrolled = [w for w in self.named.values() if w.rect.bottom > self.pane.rect.top]
        lowest = max((w.rect.bottom - self.pane.rect.top + 10 for w in scrolled), default=0)  # every control reachable
        self.pane.add_row(max(self.content.height + 14, lowest), *scrolled, paint=self._paint)
        self.pane.scroll_to(self.scroll)

    def _paint(self, surface: pygame.Surface, row: pygame.Rect) -> None:
        placed = self.content
        self.content = pygame.Rect(placed.x, row.y + 8, placed.width, placed.height)
        self.painting = True
        try:
            self.draw_content(surface)
        finally:
            self.content, self.painting = placed, False

    def number(self, name: str) -> float | None:
        """The number typed in field ``name`` (None when empty or not a number)."""
        return parse_number(self.texts.get(name, ""))

    def whole(self, name: str) -> int | None:
        """The whole number typed in field ``name`` (None when empty, not a number or not whole)."""
        value = self.number(name)
        return int(value) if value is not None and float(value).is_integer() else None

    # -- live updates -------------------------------------------------------------------------
    def soft_update(self) -> None:
        """After a keystroke: recompute previews and enable/disable buttons without rebuilding."""

    def preview(self, action: ActionLike | None) -> Preview | None:
        """The dry run of ``action`` (the result and the table it would leave, or its refusal); None while the
        form is incomplete. ``action`` may be the Refused ``make_action`` gave for what was typed."""
        return None if action is None else preview(self.book, self.table.state, action, self.language)

    def enable_for(self, button: Button | None, action: ActionLike | None, empty: str = "rnp.type_amount") -> None:
        """``button`` enabled when ``action`` is complete and the rules accept it; else disabled with why."""
        self.enable_from(button, self.preview(action), empty)

    def enable_from(self, button: Button | None, current: Preview | None, empty: str = "rnp.type_amount") -> None:
        """``button`` enabled when the dry run ``current`` was accepted; else disabled with why (``empty``: the
        form is incomplete)."""
        if button is None:
            return
        if current is None:
            button.set_enabled(False, self.ui.tr(empty))
        else:
            refused = current.refused
            button.set_enabled(refused is None, None if refused is None else self.table.refusal_text(refused))

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The panel's frame and heading (the content is painted by its pane, under the widgets)."""
        paint_frame(surface, self.frame, self.heading(), self.ui)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Text and figures of the panel, painted by its pane under the widgets (clipped to the view)."""


def paint_frame(surface: pygame.Surface, frame: PanelFrame, heading: str, ui: UIContext) -> None:
    """A panel's frame, its heading and the rule under it."""
    p, theme = ui.palette, ui.theme
    draw_panel(surface, frame.rect, p)
    blit_text(surface, heading, frame.heading, "title", theme.text_size("heading"), p.rubric)
    pygame.draw.line(surface, p.ink_faint, *frame.rule)


OTHER = "__other__"
MORE = "__more__"  # the who row's last button when the party is too big for one row: the next names


class WhoPanel(Panel):
    """A panel that asks who does it: one of the living party or, with ``other``, someone outside the party."""

    other = False
    who: str | None = None

    def settle_who(self) -> str | None:
        """The one chosen, or the first living member when the chosen one is gone (someone else for nobody)."""
        living = self.living()
        if self.who not in living and self.who != OTHER:
            self.who = living[0] if living else (OTHER if self.other else None)
        return self.who

    def who_options(self) -> tuple[tuple[str, TextSource], ...]:
        """The choices of who: the living, then someone else where the panel allows it. A party too big for one
        row (twenty at the table) shows the names from the chosen one on, as many as fit, and a "more" button
        that brings the next ones: no button runs off the panel."""
        living = self.living()
        extra: list[tuple[str, TextSource]] = [(OTHER, self.ui.tr("rnp.someone_else"))] if self.other else []
        most = max(2, self.who_room() // (NAME_LEAST + CHOICE_GAP))
        if len(living) + len(extra) <= most:
            return tuple([(name, name) for name in living] + extra)
        keep = max(1, most - 1 - len(extra))
        start = living.index(self.who) if self.who in living else 0
        shown = [living[(start + i) % len(living)] for i in range(keep)]
        self.more_from = living[(start + keep) % len(living)]
        return tuple([(name, name) for name in shown] + extra + [(MORE, self.ui.tr("rnp.who_more"))])

    more_from: str | None = None  # who "more" picks: the first name after those shown

    def who_room(self) -> int:
        """The width the who row may take (the panel's, unless a tab puts something beside the row)."""
        return self.inner().width

    def pick_who(self, name: str) -> None:
        self.who = self.more_from if name == MORE and self.more_from is not None else name
        self.table.rebuild()

    def someone(self) -> str:
        """Who does it, as the journal and the verdicts name them."""
        return self.who if self.who not in (None, OTHER) else self.ui.t("rnp.someone_else")


def choice_widths(ui: UIContext, options: Sequence[tuple[str, TextSource]], width: int | None = None) -> list[int]:
    """The natural width of each button of a row of choices (its label in bold, or ``width``)."""
    return [width or max(CHOICE_LEAST, fit_width(ui, ui.text(label))) for _, label in options]


def row_end(ui: UIContext, x: int, options: Sequence[tuple[str, TextSource]], right: int) -> int:
    """The x after a row of choices from ``x``, narrowed to end before ``right`` (as :meth:`Panel.choices` lays it)."""
    return x + sum(w + CHOICE_GAP for w in shrink_row(choice_widths(ui, options), right - x))


def fit_width(ui: UIContext, label: str, role: str = "button") -> int:
    """A button width that fits its label."""
    return fonts.text_width(label, "bold", ui.theme.text_size(role)) + LABEL_PADDING


def shrink_row(widths: Sequence[int], room: int, gap: int = CHOICE_GAP, least: int = SHRINK_LEAST) -> list[int]:
    """Widths for a row of buttons that fits ``room``: the widest are narrowed to a common width first (a
    long name gives way before a short one), none below ``least``."""
    count = len(widths)
    if not count or sum(widths) + gap * (count - 1) <= room:
        return list(widths)
    left, others = room - gap * (count - 1), count
    cap = left / count
    for width in sorted(widths):
        if width > left / others:
            cap = left / others
            break
        left -= width
        others -= 1
    return [max(least, int(min(width, cap))) for width in widths]


def fit(text: str, face: str, size: int, width: int) -> str:
    """``text`` cut with an ellipsis to fit ``width`` (cards and timer rows are narrow)."""
    if fonts.text_width(text, face, size) <= width:
        return text
    while len(text) > 1 and fonts.text_width(text + "…", face, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def draw_mark(surface: pygame.Surface, centre: tuple[int, int], met: bool | None, ui: UIContext) -> None:
    """A drawn tick (met), cross (not met) or question mark (unknown): never a font glyph that may be missing."""
    x, y = centre
    palette = ui.palette
    if met is None:
        blit_text(surface, "?", centre, "bold", 22, palette.ink_soft, "center")
        return
    colour: Colour = palette.good if met else palette.bad
    pygame.draw.circle(surface, colour, centre, 10, 2)
    if met:
        pygame.draw.lines(surface, colour, False, [(x - 5, y), (x - 1, y + 4), (x + 5, y - 4)], 3)
    else:
        pygame.draw.line(surface, colour, (x - 4, y - 4), (x + 4, y + 4), 3)
        pygame.draw.line(surface, colour, (x - 4, y + 4), (x + 4, y - 4), 3)

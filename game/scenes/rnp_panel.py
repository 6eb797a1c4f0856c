"""The base of the Rôle'n Play table's panels (party, clock, travel, calculators).

A panel owns the form values the game master is typing (scene memory: what is
not yet an action) and rebuilds its widgets from them and from the rules' view
after every change. It never changes the table itself: it hands actions to the
table scene (``table.act`` / ``table.roll``), which sends them to the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n.catalogue import TextSource
from game.rules.rnp.preview import Preview, preview
from game.rules.session import ActionLike
from game.scenes.rnp_layout import PanelPane
from game.ui import fonts
from game.ui.button import Button
from game.ui.draw import blit_text, draw_panel, wrap_words
from game.ui.text_field import TextField
from game.ui.text_fit import fit_line
from game.ui.toggle import Toggle
from game.ui.widget import Widget

if TYPE_CHECKING:
    from game.scenes.rnp_table import RnpTableScene

ROW = 44  # control height
GAP = 10


class ChoiceButton(Button):
    """A button of a choice row: the chosen one stays filled even when the rules refuse choosing it again."""

    def __init__(self, *args: Any, chosen: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, style="primary" if chosen else "normal", **kwargs)
        self.chosen = chosen

    def _colours(self) -> tuple[tuple, tuple, tuple]:
        if self.chosen and not self.enabled:
            p = self.ui.palette
            return p.accent, p.ink, p.accent_text
        return super()._colours()


def draw_mark(surface: pygame.Surface, centre: tuple[int, int], met: bool | None, palette: Any) -> None:
    """A drawn tick (met), cross (not met) or question mark (unknown): never a font glyph that may be missing."""
    x, y = centre
    if met is None:
        blit_text(surface, "?", centre, "bold", 22, palette.ink_soft, "center")
        return
    colour = palette.good if met else palette.bad
    pygame.draw.circle(surface, colour, centre, 10, 2)
    if met:
        pygame.draw.lines(surface, colour, False, [(x - 5, y), (x - 1, y + 4), (x + 5, y - 4)], 3)
    else:
        pygame.draw.line(surface, colour, (x - 4, y - 4), (x + 4, y + 4), 3)
        pygame.draw.line(surface, colour, (x - 4, y + 4), (x + 4, y - 4), 3)


class Panel:
    """One tab of the table: widgets added through :meth:`add`, text drawn in :meth:`draw_content`."""

    tab: str = ""

    def __init__(self, table: RnpTableScene, rect: pygame.Rect) -> None:
        self.table = table
        self.ui = table.ui
        self.rect = pygame.Rect(rect)
        self.named: dict[str, Widget] = {}
        self.texts: dict[str, str] = {}  # text fields' contents, kept across rebuilds
        self.pane: PanelPane | None = None
        self.scroll = 0  # how far the panel is scrolled, kept across rebuilds
        self.content = self.rect.inflate(-40, -72)
        self.painting = False  # while the pane paints, ``content`` is where the scrolled content is

    # -- shortcuts ------------------------------------------------------------------------
    @property
    def book(self) -> Any:
        return self.table.book

    @property
    def view(self) -> dict[str, Any]:
        return self.table.view

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
        return [name for name in self.view["party_order"] if self.view["party"][name]["alive"]]

    # -- building ---------------------------------------------------------------------------
    def place(self, rect: pygame.Rect) -> None:
        """Start a build in ``rect`` (the table's content region): the scrolling view, then the content size."""
        self.rect = pygame.Rect(rect)
        if self.pane is not None:
            self.scroll = self.pane.offset
        view = pygame.Rect(rect.left + 8, rect.top + 50, rect.width - 16, rect.height - 58)
        self.pane = self.table.group.add(PanelPane(self.ui, view, spoken_name=self.heading()))
        width = view.width - 24
        self.content = pygame.Rect(view.left + 12, view.top + 8, width, max(view.height - 14, self.content_height(width)))

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

    def add(self, name: str, widget: Widget) -> Widget:
        self.named[name] = widget
        self.table.group.add(widget)
        return widget

    def button(
        self,
        name: str,
        rect: Any,
        label: TextSource,
        on_click: Callable[[], object],
        *,
        refused: Any = None,
        style: str = "normal",
        tooltip: TextSource | None = None,
        chosen: bool = False,
    ) -> Button:
        """A button, disabled with the refusal's text as its tooltip when ``refused`` is a Refused."""
        if chosen:
            button: Button = ChoiceButton(self.ui, rect, label, on_click=on_click, tooltip=tooltip, chosen=True)
        else:
            button = Button(self.ui, rect, label, on_click=on_click, style=style, tooltip=tooltip)
        if refused is not None:
            button.set_enabled(False, self.table.refusal_text(refused))
        return self.add(name, button)  # type: ignore[return-value]  # add returns the widget it was given, typed as a Widget

    def action_button(self, name: str, rect: Any, label: TextSource, action: ActionLike, **options: Any) -> Button:
        """A button that sends ``action`` to the rules, disabled with the rules' reason while they refuse it."""
        return self.button(name, rect, label, partial(self.table.act, action), refused=self.table.refusal(action), **options)

    def choices(
        self,
        name: str,
        x: int,
        y: int,
        options: Sequence[tuple[str, TextSource]],
        current: str | None,
        on_pick: Callable[[str], object],
        *,
        width: int | None = None,
        height: int = ROW,
        disabled: dict[str, TextSource] | None = None,
        right: int | None = None,
    ) -> int:
        """A row of buttons, the current one filled, narrowed to end before ``right`` (the content's right
        edge unless told; a narrowed label ends with "…" and shows whole as its tooltip); returns the x after
        the row."""
        natural = self.choice_widths(options, width)
        widths = shrink_row(natural, (self.inner().right if right is None else right) - x)
        for (value, label), w in zip(options, widths):
            button = ChoiceButton(self.ui, (x, y, w, height), label, on_click=lambda v=value: on_pick(v), chosen=value == current)
            if disabled and value in disabled:
                button.set_enabled(False, disabled[value])
            self.add(f"{name}:{value}", button)
            x += w + 6
        return x

    def choice_widths(self, options: Sequence[tuple[str, TextSource]], width: int | None = None) -> list[int]:
        """The natural width of each button of a ``choices`` row (its label in bold, or ``width``)."""
        size = self.ui.theme.text_size("button")
        return [width or max(70, fonts.text_width(self.ui.text(label), "bold", size) + 28) for _, label in options]

    def field(
        self,
        name: str,
        rect: Any,
        default: str = "",
        *,
        placeholder: TextSource | None = None,
        max_length: int = 12,
        on_change: Callable[[], object] | None = None,
        spoken_name: TextSource | None = None,
    ) -> TextField:
        """A text field whose text survives rebuilds; ``on_change`` runs after each keystroke; ``spoken_name``:
        what a screen reader calls it (the caption the panel draws above it)."""
        self.texts.setdefault(name, default)

        def changed(text: str) -> None:
            self.texts[name] = text
            if on_change is not None:
                on_change()
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
        return self.add(name, widget)  # type: ignore[return-value]  # add returns the widget it was given, typed as a Widget

    def toggle(self, name: str, rect: Any, label: TextSource, value: bool, on_change: Callable[[bool], object]) -> Toggle:
        return self.add(name, Toggle(self.ui, rect, label, value=value, on_change=on_change))  # type: ignore[return-value]  # add returns the widget it was given, typed as a Widget

    def number(self, name: str) -> float | None:
        from game.scenes.rnp_format import parse_number

        return parse_number(self.texts.get(name, ""))

    # -- live updates -------------------------------------------------------------------------
    def soft_update(self) -> None:
        """After a keystroke: recompute previews and enable/disable buttons without rebuilding."""

    def preview(self, action: ActionLike | None) -> Preview | None:
        """The dry run of ``action`` (the result and the table it would leave, or its refusal); None while the
        form is incomplete. ``action`` may be the Refused ``make_action`` gave for what was typed."""
        return None if action is None else preview(self.book, self.table.adventure.state, action, self.language)

    def enable_for(self, name: str, action: ActionLike | None, empty: str = "rnp.type_amount") -> None:
        """Button ``name`` enabled when ``action`` is complete and the rules accept it; else disabled with why."""
        self.enable_from(name, self.preview(action), empty)

    def enable_from(self, name: str, current: Preview | None, empty: str = "rnp.type_amount") -> None:
        """Button ``name`` enabled when the dry run ``current`` was accepted; else disabled with why (``empty``:
        the form is incomplete)."""
        button = self.named.get(name)
        if button is None:
            return
        if current is None:
            button.set_enabled(False, self.ui.tr(empty))
        else:
            refused = current.refused
            button.set_enabled(refused is None, None if refused is None else self.table.refusal_text(refused))

    # -- drawing -------------------------------------------------------------------------------
    def heading(self) -> str:
        return self.ui.t(f"rnp.tab_{self.tab}")

    def draw(self, surface: pygame.Surface) -> None:
        p, theme = self.ui.palette, self.ui.theme
        draw_panel(surface, self.rect, p)
        blit_text(
            surface, self.heading(), (self.rect.left + 20, self.rect.top + 10), "title", theme.text_size("heading"), p.rubric
        )
        pygame.draw.line(
            surface, p.ink_faint, (self.rect.left + 20, self.rect.top + 48), (self.rect.right - 20, self.rect.top + 48)
        )

    def draw_content(self, surface: pygame.Surface) -> None:
        """Text and figures of the panel, painted by its pane under the widgets (clipped to the view)."""

    # -- text helpers -----------------------------------------------------------------------------
    def text(
        self,
        surface: pygame.Surface,
        text: str,
        pos: tuple[int, int],
        *,
        face: str = "body",
        role: str = "body",
        colour: Any = None,
        anchor: str = "topleft",
        width: int | None = None,
    ) -> pygame.Rect:
        """One line; a line scrolled wholly out of the view is not drawn (only its place is returned).

        ``width``: the room it has (a name in a column): set smaller, then shortened with "…".
        """
        size = self.ui.theme.text_size(role)
        if width is not None:
            text, size = fit_line(text, face, size, width)
        line = pygame.Rect(0, 0, fonts.text_width(text, face, size), fonts.line_height(face, size))
        setattr(line, anchor, (round(pos[0]), round(pos[1])))
        clip = surface.get_clip()
        if not line.colliderect(clip):
            return line
        if width is None:
            return blit_text(surface, text, pos, face, size, colour or self.ui.palette.ink, anchor)
        box = pygame.Rect(line.x, line.y, width, line.height)
        return blit_text(surface, text, pos, face, size, colour or self.ui.palette.ink, anchor, box=box, owner="rnp column")

    def label(self, surface: pygame.Surface, text: str, pos: tuple[int, int]) -> pygame.Rect:
        """A small italic caption above a control."""
        return self.text(surface, text, pos, face="italic", role="small", colour=self.ui.palette.ink_soft)

    def paragraph(
        self,
        surface: pygame.Surface,
        text: str,
        x: int,
        y: int,
        width: int,
        *,
        face: str = "body",
        role: str = "body",
        colour: Any = None,
        max_lines: int = 20,
    ) -> int:
        """Wrapped text; returns the y below it."""
        size = self.ui.theme.text_size(role)
        height = self.line_height(role, face)
        for line in wrap_words(text, face, size, width)[:max_lines]:
            self.text(surface, line, (x, y), face=face, role=role, colour=colour)
            y += height
        return y

    def note(self, surface: pygame.Surface, text: str, x: int, y: int, width: int, max_lines: int = 20) -> int:
        """The book's small print under a result (italic, soft ink); returns the y below it."""
        return self.paragraph(
            surface, text, x, y, width, face="italic", role="small", colour=self.ui.palette.ink_soft, max_lines=max_lines
        )

    def line_height(self, role: str = "body", face: str = "body") -> int:
        """A line's height with a little leading (the Garamond faces have none of their own)."""
        height = fonts.line_height(face, self.ui.theme.text_size(role))
        return height if face == "bold" else height + 3

    def bold_line(self, surface: pygame.Surface, text: str, x: int, y: int, *, role: str = "body", colour: Any = None) -> int:
        """One bold line; returns the y below it (bold lines are taller than body lines)."""
        self.text(surface, text, (x, y), face="bold", role=role, colour=colour)
        return y + self.line_height(role, "bold")


OTHER = "__other__"


def fit_width(ui: Any, label: str, role: str = "button") -> int:
    """A button width that fits its label."""
    return fonts.text_width(label, "bold", ui.theme.text_size(role)) + 28


class WhoChooser:
    """A chooser of the living party members (plus, optionally, someone outside the party)."""

    who: str | None = None

    def who_choices(self: Any, x: int, y: int, *, other: bool = False, right: int | None = None) -> int:
        """The row of who does it (ending before ``right``); returns the x after it."""
        living = self.living()
        if self.who not in living and self.who != OTHER:
            self.who = living[0] if living else (OTHER if other else None)
        options = [(n, n) for n in living]
        if other:
            options.append((OTHER, self.ui.tr("rnp.someone_else")))
        return int(self.choices("who", x, y, options, self.who, self.pick_who, right=right))

    def pick_who(self: Any, name: str) -> None:
        self.who = name
        self.table.rebuild()


def shrink_row(widths: Sequence[int], room: int, gap: int = 6, least: int = 56) -> list[int]:
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

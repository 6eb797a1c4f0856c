"""Screens that lay themselves out for any page: the one way to rebuild on a resize.

A fluid screen (``Scene.fluid``) is given a page of the window's size divided by
the interface size (``game.app.display.fluid_page``) and, when that page changes,
``layout(size)``. Every fluid screen re-lays out the same way: keep what the
player sees (state, keyboard focus, scroll positions), throw the widgets away,
place them again for the new page with ``place_widgets``, and put focus and
scrolls back. Nothing is stretched; regions come from ``game.ui.layout``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from game.ui.context import UIContext
from game.ui.group import WidgetGroup
from game.ui.theme import LOGICAL_SIZE


class FluidLayout:
    """Mixin for a screen with ``ui`` and ``group``: ``layout(size)`` rebuilds it for a page of ``size``.

    Subclasses implement ``place_widgets`` (add every widget to ``self.group``, placed from
    ``self.page``) and may keep more across a rebuild with ``keep_view`` / ``restore_view``
    (scroll offsets, a half-typed field). Put the mixin first: ``class X(FluidLayout, Scene)``.
    """

    fluid: ClassVar[bool] = True
    ui: UIContext
    group: WidgetGroup
    page: tuple[int, int] = LOGICAL_SIZE

    def place_widgets(self) -> None:
        """Add every widget to ``self.group``, placed for a page of ``self.page``."""
        raise NotImplementedError

    def keep_view(self) -> Any:
        """What the rebuild must not lose besides the focus (called on the old widgets)."""
        return None

    def restore_view(self, kept: Any) -> None:
        """Put back what ``keep_view`` returned (called on the new widgets)."""

    def layout(self, size: tuple[int, int]) -> None:
        """Place everything for a page of ``size``: same state, same focused control, same scrolls."""
        old = self.group if getattr(self, "group", None) is not None and self.group.widgets else None
        focus_index: int | None = None
        kept = None
        if old is not None:
            kept = self.keep_view()
            focused = old.focus.focused
            focus_index = old.widgets.index(focused) if focused in old.widgets else None
        self.page = (int(size[0]), int(size[1]))
        self.group = WidgetGroup(self.ui)
        self.place_widgets()
        if old is not None:
            old.successor = self.group  # a change that laid the screen out again is read from the new widgets
            self.restore_view(kept)
            if focus_index is not None and focus_index < len(self.group.widgets):
                self.group.focus.take_over(old.focus, self.group.widgets[focus_index])
            self.group.focus.visible = old.focus.visible

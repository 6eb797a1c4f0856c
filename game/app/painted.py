"""A screen drawn from its frozen view in three layers, written once for the screen packages (issue 27).

A screen package paints with functions of ``(surface, view, regions, ui)`` (docs/ARCHITECTURE.md): the page
under the widgets, then the widgets, then what stands over them (the message line, which a button must not
hide). :class:`PaintedPage` is that ``draw``: a screen names its painters and builds its view, e.g.::

    class DeathScene(PaintedPage[DeathView, DeathRegions], FluidLayout, AdventureScene):
        paint_under = staticmethod(paint_page)
        paint_over = staticmethod(paint_message)

        def view(self) -> DeathView: ...

mypy holds each painter to the screen's view and regions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

import pygame

from game.ui.context import UIContext
from game.ui.group import WidgetGroup

ViewT = TypeVar("ViewT")
RegionsT = TypeVar("RegionsT")


class PaintedPage(Generic[ViewT, RegionsT]):
    """A mixin, before the scene's bases: ``draw`` paints ``view()`` in the regions ``r`` under and over the
    widgets of ``group``."""

    ui: UIContext
    group: WidgetGroup
    r: RegionsT  # the regions of the page, laid out by the scene for its size
    paint_under: Callable[[pygame.Surface, ViewT, RegionsT, UIContext], None]  # the page below the widgets
    paint_over: Callable[[pygame.Surface, ViewT, RegionsT, UIContext], None] | None = None  # above them

    def view(self) -> ViewT:
        """What the page shows now (a frozen value built from the session, the book and the screen's state)."""
        raise NotImplementedError

    def draw(self, surface: pygame.Surface) -> None:
        """The page from the view, the widgets on it, then what stands over them."""
        view = self.view()
        self.paint_under(surface, view, self.r, self.ui)
        self.group.draw(surface)
        if self.paint_over is not None:
            self.paint_over(surface, view, self.r, self.ui)

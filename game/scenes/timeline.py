"""The journal as a timeline: every entry with its paragraph, dice and consequences; "revenir ici".

A full screen over the sheet. Filters keep fights, tests or resources; a
selected entry shows what it changed and what going back to it would revert
(the rules decide whether it may: honest play refuses to revert a roll). The
play mode and the rerolls counted are in the header; the export buttons write
the journal as Markdown, the sheet as a PNG and the run as a file to share.
"""

from __future__ import annotations

from functools import partial

import pygame

from game.app.adventure import Adventure
from game.app.fluid import FluidLayout
from game.app.journal import describe_changes, describe_entry, play_badge
from game.app.navigator import Screen
from game.app.refusals import describe_refusal
from game.app.services import Services
from game.app.timeline import FILTERS, Row, Timeline
from game.app.widget_screen import WidgetScreen
from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.errors import Refused
from game.ui.button import Button
from game.ui.draw import blit_text, draw_panel
from game.ui.layout import fill, split
from game.ui.scroll_list import ScrollList
from game.ui.speech import join
from game.ui.text_fit import fit_line, wrap_words
from game.ui.theme import LOGICAL_SIZE

TOP = 128  # below the title, the top buttons and the filters
PREVIEW_LINES = 7


def timeline_regions(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """The journal's list and the selected entry's detail on a page of ``size``: the list takes the most width."""
    width, height = size
    journal, detail = split(pygame.Rect(16, TOP, width - 32, height - TOP - 16), [fill(1.6, 500), fill(1, 400)], gap=16)
    return journal, detail


class TimelineScene(FluidLayout, WidgetScreen):
    """The adventure's journal, newest first, with filters and undo-to-here."""

    def __init__(self, services: Services, adventure: Adventure, size: tuple[int, int] = LOGICAL_SIZE) -> None:
        super().__init__(services.ui)
        self.services = services
        self.adventure = adventure
        self.filter = "all"
        self.message: str | None = None
        self.shown: list[Row] = []
        self._timeline = Timeline(adventure.session)
        self._texts: dict[tuple[int, str], str] = {}
        self.layout(size)

    @property
    def book(self) -> FightingFantasyBook:
        return self.adventure.book

    def place_widgets(self) -> None:
        """The top buttons, the filters, the list and "back here", placed for ``self.page``; the journal shown in them."""
        ui, g = self.ui, self.group
        self.journal_rect, self.detail_rect = journal, detail = timeline_regions(self.page)
        right = self.page[0] - 16
        self.export_button = g.add(
            Button(
                ui,
                (right - 150 - 8 - 190, 14, 190, 44),
                ui.tr("play.share"),
                on_click=lambda: self.services.navigator.open(self, Screen.SHARE, self.adventure),
                tooltip=ui.tr("play.share_tip"),
            )
        )
        # Share, then Back: left to right (focus order is reading order)
        self.back_button = g.add(Button(ui, (right - 150, 14, 150, 44), ui.tr("play.back"), on_click=self.close))
        self.filter_buttons: dict[str, Button] = {}
        x = 16
        for name in FILTERS:
            self.filter_buttons[name] = g.add(
                Button(ui, (x, 72, 150, 44), ui.tr(f"play.filter_{name}"), on_click=partial(self.set_filter, name))
            )
            x += 158
        self.list = g.add(
            ScrollList(
                ui,
                journal.inflate(-24, -24),
                row_height=34,
                on_select=lambda i: self.sync(),
                on_activate=lambda i: self.ask_back_here(),
                spoken_name=ui.tr("access.timeline"),
            )
        )
        self.back_here = g.add(
            Button(
                ui,
                (detail.x + 20, detail.bottom - 64, detail.width - 40, 46),
                ui.tr("play.back_here"),
                style="primary",
                on_click=self.ask_back_here,
            )
        )
        self.sync()

    def keep_view(self) -> tuple[int | None, int]:
        """A re-layout keeps the selected entry and how far the journal is scrolled."""
        return self.list.selected, self.list.scroll_y

    def restore_view(self, kept: tuple[int | None, int]) -> None:
        self.list.selected, scrolled = kept
        self.list.scroll_to(scrolled)
        self.sync()

    # -- reading ------------------------------------------------------------------------------
    def lock_changed(self) -> None:
        self.sync()

    def sync(self) -> None:
        """Rows of the current filter, newest first; the button follows what the rules allow."""
        ui = self.ui
        if self._timeline.session is not self.adventure.session:
            self._timeline, self._texts = Timeline(self.adventure.session), {}
        self.export_button.set_enabled(not self.services.locked, ui.tr("kiosk.locked"))  # a stand exports nothing
        rows = self._timeline.rows()  # the rows of the entries still standing are kept (an action adds one)
        changed = self._timeline.changed_from
        for key in [key for key in self._texts if key[0] >= changed]:
            del self._texts[key]
        self.shown = [row for row in reversed(rows) if row.shown_by(self.filter)]
        # each row's text is made when the list first draws it: a long journal opens at once
        self.list.set_items([partial(self.list_text, row) for row in self.shown])
        for name, button in self.filter_buttons.items():
            button.choice_of = ui.tr("play.filters")
            button.set_chosen(name == self.filter)
        row = self.selected_row()
        if row is None:
            self.back_here.set_enabled(False, ui.tr("play.select_entry"))
            return
        refused = self.adventure.session.undo_to_refusal(row.index)
        self.back_here.set_enabled(refused is None, None if refused is None else self.describe(refused))

    def selected_row(self) -> Row | None:
        index = self.list.selected
        return self.shown[index] if index is not None and index < len(self.shown) else None

    def list_text(self, row: Row) -> str:
        """A row of the list with its consequences, made once per language."""
        key = (row.index, self.ui.catalogue.language)
        if key not in self._texts:
            self._texts[key] = self.row_text(row, with_changes=True)
        return self._texts[key]

    def row_text(self, row: Row, with_changes: bool = False) -> str:
        """ "12 · § 48 · Tenter sa Chance — dés 2·3 — Chanceux", then "⇒ CHANCE 9 → 8" in the list."""
        where = f"§ {row.paragraph}" if row.paragraph else "§ —"
        text = f"{row.index + 1} · {where} · {describe_entry(self.ui, self.book, row.entry)}"
        consequences = describe_changes(self.ui, self.book, row.changes) if with_changes else ""
        return f"{text}  ⇒ {consequences}" if consequences else text

    def describe(self, refused: Refused) -> str:
        return describe_refusal(self.ui.catalogue, refused, self.book)

    def preview_lines(self, row: Row, most: int = PREVIEW_LINES) -> list[str]:
        """What going back to ``row`` reverts, newest first, in ``most`` lines and "and N more" (the confirmation
        and the detail panel show it)."""
        reverted = self.adventure.session.entries_after(row.index)
        lines = [describe_entry(self.ui, self.book, entry) for entry in reversed(reverted)]
        if len(lines) > most:
            lines = lines[:most] + [self.ui.t("play.and_more", n=len(lines) - most)]
        return lines

    # -- actions ------------------------------------------------------------------------------
    def set_filter(self, name: str) -> None:
        self.filter = name
        self.list.select(None)
        self.list.scroll_to(0)
        self.sync()

    def ask_back_here(self) -> None:
        """Confirm, with the list of what would be reverted, then go back to the selected entry."""
        row = self.selected_row()
        if row is None or self.stack is None:
            return
        refused = self.adventure.session.undo_to_refusal(row.index)
        if refused is not None:
            self.message = self.describe(refused)
            return
        count = len(self.adventure.session.entries_after(row.index))
        text = (
            self.ui.t("play.back_here_question", n=count, entry=self.row_text(row))
            + "\n"
            + "\n".join("– " + line for line in self.preview_lines(row))
        )
        self.services.navigator.open(
            self,
            Screen.DIALOG,
            text,
            [(self.ui.tr("common.cancel"), False), (self.ui.tr("play.back_here"), True)],
            title=self.ui.tr("play.back_here_title"),
            cancel_value=False,
            default_index=0,
            width=900,
            on_result=lambda yes: self.back_to(row.index) if yes else None,
        )

    def back_to(self, index: int) -> None:
        result = self.adventure.undo_to(index)
        if isinstance(result, Refused):
            self.message = self.describe(result)
        else:
            self.message = self.ui.t("play.went_back", n=len(result))
            self.list.select(None)
        self.sync()

    # -- frame ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ui, p, theme = self.ui, self.ui.palette, self.ui.theme
        hero = getattr(self.adventure.state, "hero", None)
        name = getattr(hero, "name", "") or ui.t("sheet.nameless")
        room = self.export_button.rect.x - 16 - 20
        self.draw_page(surface, ui.t("play.timeline_title", hero=name), (20, 29), room=room)
        body, small = theme.text_size("body"), theme.text_size("small")
        badge, size = fit_line(play_badge(ui, self.adventure.session), "italic", small, room)
        blit_text(surface, badge, (22, 55), "italic", size, p.ink_soft, "midleft")
        draw_panel(surface, self.journal_rect, p)
        draw_panel(surface, self.detail_rect, p)
        self._draw_detail(surface, body, small)
        self.group.draw(surface)
        if self.message:  # right of the filters
            left = max(button.rect.right for button in self.filter_buttons.values()) + 16
            box = pygame.Rect(left, 72, self.page[0] - 16 - left, 44)
            line, size = fit_line(self.message, "body", small, box.width)
            blit_text(surface, line, box.center, "body", size, p.ink, "center", box=box, owner="timeline message")

    def _draw_detail(self, surface: pygame.Surface, body: int, small: int) -> None:
        ui, p = self.ui, self.ui.palette
        x, y, width = self.detail_rect.x + 20, self.detail_rect.y + 18, self.detail_rect.width - 40
        row = self.selected_row()
        if row is None:
            for line in wrap_words(ui.t("play.select_entry"), "italic", body, width):
                blit_text(surface, line, (x, y), "italic", body, p.ink_faint)
                y += 28
            return
        for line in wrap_words(self.row_text(row), "bold", body, width)[:3]:
            blit_text(surface, line, (x, y), "bold", body, p.ink)
            y += 28
        consequences = describe_changes(ui, self.book, row.changes) or ui.t("play.no_change")
        for line in wrap_words(consequences, "body", small, width)[:4]:
            blit_text(surface, line, (x, y), "body", small, p.rubric)
            y += 24
        y += 10
        count = len(self.adventure.session.entries_after(row.index))
        title = ui.t("play.reverts", n=count) if count else ui.t("play.reverts_nothing")
        blit_text(surface, title, (x, y), "title", small, p.ink_soft)
        y += 28
        room = max(1, (self.back_here.rect.y - 2 - y) // 24 - 1)  # a taller page lists more of what is reverted
        for line in self.preview_lines(row, room):
            if y > self.back_here.rect.y - 26:
                break
            blit_text(surface, wrap_words("– " + line, "body", small, width)[0], (x, y), "body", small, p.ink_soft)
            y += 24

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: the hero's timeline."""
        ui = self.ui
        hero = self.adventure.state.hero
        name = getattr(hero, "name", "") or ui.t("sheet.nameless")
        return join(ui.t("play.timeline_title", hero=name), ui.t("access.tab_hint"))

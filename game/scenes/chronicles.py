"""Chroniques: the story of every run of one book.

Past runs (won, died at § N of what, abandoned, still playing), the
deadliest paragraphs, and — behind a spoiler switch — the map of the
paragraphs visited as a graph of the paths taken, with the share of the book
explored. Opened from an adventure, it also lets the player say that this
run was won or abandoned.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import pygame

from game.app.adventure import Adventure
from game.app.chronicle import BookChronicle, FightRecord, RunRecord, book_chronicle, book_runs, keep_run
from game.app.chronicle import layout as map_layout
from game.app.fluid import FluidLayout
from game.app.services import Services
from game.app.widget_screen import WidgetScreen
from game.books.models import Book
from game.ui.button import Button
from game.ui.draw import blit_text, draw_panel
from game.ui.file_words import os_error_words
from game.ui.layout import fill, fixed, split
from game.ui.scroll_list import ScrollList
from game.ui.speech import join
from game.ui.text_fit import fit_line, wrap_words
from game.ui.theme import LOGICAL_SIZE
from game.ui.toggle import Toggle

TOP = 72  # below the title and the back button
DEATH_ROW = 30


@dataclass(frozen=True)
class ChroniclesRegions:
    """The runs panel on the left, the deadliest paragraphs and the map on the right, for one page size."""

    page: tuple[int, int]
    runs: pygame.Rect
    deaths: pygame.Rect
    map: pygame.Rect

    @property
    def deadliest_shown(self) -> int:
        """How many of the deadliest paragraphs the panel lists (more on a taller page)."""
        return max(1, (self.deaths.height - 56 - 8) // DEATH_ROW)

    def runs_list(self, marks: bool) -> pygame.Rect:
        """The list of runs: the upper part of its panel, above the selected run's detail (and the mark buttons)."""
        bottom = self.runs.bottom - (70 if marks else 14)
        column = pygame.Rect(self.runs.x + 12, self.runs.y + 56, self.runs.width - 24, bottom - self.runs.y - 56)
        return split(column, [fill(3, 160), fill(2, 120)], gap=12, vertical=True)[0]


def chronicles_regions(size: tuple[int, int]) -> ChroniclesRegions:
    """The panels on a page of ``size``: the runs take two fifths of the width, the map grows with the page."""
    width, height = size
    runs, right = split(pygame.Rect(16, TOP, width - 32, height - TOP - 16), [fill(1, 420), fill(1.45, 540)], gap=16)
    deaths_height = max(190, min(280, height * 26 // 100))
    deaths, map_rect = split(right, [fixed(deaths_height), fill()], gap=14, vertical=True)
    return ChroniclesRegions(size, runs, deaths, map_rect)


class ChroniclesScene(FluidLayout, WidgetScreen):
    """One book's runs, deaths by paragraph and the map of paths taken."""

    def __init__(
        self, services: Services, book: Book, current: Adventure | None = None, size: tuple[int, int] = LOGICAL_SIZE
    ) -> None:
        super().__init__(services.ui)
        self.services = services
        self.book = book
        self.current = current  # the adventure it was opened from, if any
        self.message: str | None = None
        self.chronicle = BookChronicle([])
        self.place: dict[int, tuple[int, int]] = {}  # the map's layout, made when the runs are read
        self.problems: list[str] = []
        self.layout(size)
        self.reload()

    def place_widgets(self) -> None:
        """The back button, the runs list, the mark buttons and the spoiler switch, placed for ``self.page``."""
        self.r = r = chronicles_regions(self.page)
        ui, g = self.ui, self.group
        self.back_button = g.add(Button(ui, (self.page[0] - 16 - 150, 14, 150, 44), ui.tr("play.back"), on_click=self.close))
        self.runs_list = g.add(
            ScrollList(ui, r.runs_list(self.current is not None), row_height=34, spoken_name=ui.tr("access.runs"))
        )
        self.runs_list.set_items([self.run_text(run) for run in self.chronicle.runs])
        self.mark_buttons: dict[str, Button] = {}
        if self.current is not None:
            width = (r.runs.width - 24 - 8) // 2
            for index, outcome in enumerate(("won", "abandoned")):
                self.mark_buttons[outcome] = g.add(
                    Button(
                        ui,
                        (r.runs.x + 12 + index * (width + 8), r.runs.bottom - 58, width, 46),
                        ui.tr(f"play.mark_{outcome}"),
                        on_click=partial(self.mark, outcome),
                        tooltip=ui.tr("play.mark_tip"),
                    )
                )
        # the map's switch is in the right column: after the runs and their buttons (reading order)
        self.spoiler = g.add(
            Toggle(
                ui,
                (r.map.x + 20, r.map.y + 12, min(470, r.map.width - 40), 32),
                ui.tr("play.spoiler_toggle"),
                value=False,
                on_change=lambda on: None,
                tooltip=ui.tr("play.spoiler_tip"),
            )
        )

    def keep_view(self) -> tuple[bool, int | None, int]:
        """A re-layout keeps the map shown or hidden, the selected run and how far the list is scrolled."""
        return self.spoiler.value, self.runs_list.selected, self.runs_list.scroll_y

    def restore_view(self, kept: tuple[bool, int | None, int]) -> None:
        self.spoiler.value, self.runs_list.selected, scrolled = kept
        self.runs_list.scroll_to(scrolled)

    # -- data ------------------------------------------------------------------------------------
    def reload(self) -> None:
        runs, self.problems = book_runs(self.services.saves, self.services.shelf.books, self.book.id)
        self.chronicle = book_chronicle(runs, getattr(self.book, "section_count", None))
        self.place = map_layout(self.chronicle)
        self.runs_list.set_items([self.run_text(run) for run in self.chronicle.runs])

    def run_text(self, run: RunRecord) -> str:
        """ "Alwen — mort au § 213 (Troll)"."""
        name = run.hero or self.ui.t("sheet.nameless")
        where = run.paragraph if run.paragraph is not None else "—"
        cause = f" ({self.cause_text(run.cause)})" if run.outcome in ("died", "lost") and run.cause else ""
        text = f"{name} — {self.ui.t(f'play.outcome_{run.outcome}', paragraph=where)}{cause}"
        return text + (" · " + self.ui.t("play.honest_short") if run.play == "honest" else "")

    def cause_text(self, cause: str) -> str:
        key = f"action.{cause}"
        return self.ui.t(key) if self.ui.catalogue.has(key) and "{" not in self.ui.catalogue.t(key) else cause

    def fight_text(self, fight: FightRecord) -> str:
        """ "Troll (§ 48, gagné)"."""
        outcome = self.ui.t(f"play.fight_{fight.winner or 'open'}")
        return f"{', '.join(fight.enemies)} (§ {fight.paragraph or '—'}, {outcome})"

    def selected_run(self) -> RunRecord | None:
        index = self.runs_list.selected
        runs = self.chronicle.runs
        return runs[index] if index is not None and index < len(runs) else None

    # -- actions -----------------------------------------------------------------------------------
    def mark(self, outcome: str) -> None:
        """The player says this run was won, or abandoned: kept in the chronicles."""
        adventure = self.current
        if adventure is None:  # the buttons are there only for the adventure the chronicles were opened from
            return
        try:
            keep_run(self.services.saves, adventure.session, adventure.save_id, _now(), outcome)
        except OSError as error:
            self.message = self.ui.t("play.mark_failed", reason=os_error_words(self.ui, error))
            return
        self.message = self.ui.t(f"play.marked_{outcome}")
        self.reload()

    # -- frame ---------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ui, p, theme = self.ui, self.ui.palette, self.ui.theme
        title = ui.t("play.chronicles_title", book=self.book.title.get(ui.catalogue.language))
        self.draw_page(surface, title, (20, 36), room=self.r.runs.width)
        body, small = theme.text_size("body"), theme.text_size("small")
        for rect in (self.r.runs, self.r.deaths, self.r.map):
            draw_panel(surface, rect, p)
        runs = self.chronicle.runs
        blit_text(
            surface,
            ui.t("play.runs_heading", n=len(runs), wins=self.chronicle.wins),
            (self.r.runs.x + 20, self.r.runs.y + 14),
            "title",
            body,
            p.ink,
        )
        self._draw_run_detail(surface, small)
        self._draw_deaths(surface, body, small)
        if self.spoiler.value:
            self._draw_map(surface, small)
        else:
            map_rect = self.r.map
            for i, line in enumerate(wrap_words(ui.t("play.spoiler_hidden"), "italic", body, map_rect.width - 80)):
                blit_text(surface, line, (map_rect.centerx, map_rect.centery + i * 30), "italic", body, p.ink_faint, "center")
        self.group.draw(surface)
        note = self.message or (self.problems[0] if self.problems else None)
        if note:
            box = pygame.Rect(self.r.map.x, 14, self.back_button.rect.x - 16 - self.r.map.x, 44)
            line, size = fit_line(note, "body", small, box.width)
            blit_text(surface, line, (box.x, 36), "body", size, p.ink, "midleft", box=box, owner="chronicles note")

    def _draw_run_detail(self, surface: pygame.Surface, small: int) -> None:
        ui, p = self.ui, self.ui.palette
        runs = self.r.runs
        x, width = runs.x + 20, runs.width - 40
        y = self.runs_list.rect.bottom + 12
        bottom = runs.bottom - (70 if self.mark_buttons else 14)
        run = self.selected_run()
        if run is None:
            blit_text(surface, ui.t("play.select_run"), (x, y), "italic", small, p.ink_faint)
            return
        road = " → ".join(str(n) for n in run.paragraphs) or "—"
        fights = "; ".join(self.fight_text(f) for f in run.fights) or "—"
        lines = wrap_words(ui.t("play.run_road", road=road), "body", small, width)
        lines += wrap_words(ui.t("play.run_fights", fights=fights), "body", small, width)
        if run.rerolls:
            lines.append(ui.t("play.rerolls", n=run.rerolls))
        for line in lines:
            if y + 22 > bottom:
                break
            blit_text(surface, line, (x, y), "body", small, p.ink)
            y += 23

    def _draw_deaths(self, surface: pygame.Surface, body: int, small: int) -> None:
        ui, p, deaths_rect = self.ui, self.ui.palette, self.r.deaths
        blit_text(surface, ui.t("play.deadliest"), (deaths_rect.x + 20, deaths_rect.y + 14), "title", body, p.ink)
        deaths = self.chronicle.deaths
        if not deaths:
            blit_text(surface, ui.t("play.no_deaths"), (deaths_rect.x + 20, deaths_rect.y + 60), "italic", small, p.ink_faint)
        for i, (paragraph, count) in enumerate(deaths[: self.r.deadliest_shown]):
            y = deaths_rect.y + 56 + i * 30
            where = f"§ {paragraph}" if paragraph is not None else "§ —"
            blit_text(surface, where, (deaths_rect.x + 30, y), "bold", body, p.rubric)
            blit_text(surface, ui.t("play.deaths_count", n=count), (deaths_rect.x + 140, y + 2), "body", small, p.ink)
            bar = int(min(420, deaths_rect.width - 380) * count / deaths[0][1])
            pygame.draw.rect(surface, p.rubric, (deaths_rect.x + 340, y + 6, max(4, bar), 14), border_radius=3)

    def _draw_map(self, surface: pygame.Surface, small: int) -> None:
        ui, p = self.ui, self.ui.palette
        chronicle = self.chronicle
        explored = chronicle.explored
        share = (
            ui.t(
                "play.explored",
                n=len(chronicle.nodes),
                total=getattr(self.book, "section_count", None),
                share=round(100 * explored),
            )
            if explored is not None
            else ui.t("play.explored_unknown", n=len(chronicle.nodes))
        )
        map_rect = self.r.map
        box = pygame.Rect(map_rect.x + 20, map_rect.y + 46, map_rect.width - 40, 26)  # under the switch
        share, size = fit_line(share, "italic", small, box.width)
        blit_text(
            surface, share, (box.right, box.centery), "italic", size, p.ink_soft, "midright", box=box, owner="chronicles map"
        )
        area = pygame.Rect(map_rect.x + 30, map_rect.y + 76, map_rect.width - 60, map_rect.height - 96)
        place = self.place
        if not place:
            blit_text(surface, ui.t("play.no_paragraphs"), area.center, "italic", small, p.ink_faint, "center")
            return
        columns = max(c for c, _r in place.values()) + 1
        rows = max(r for _c, r in place.values()) + 1
        step_x = area.width / max(1, columns)
        step_y = area.height / max(1, rows)
        radius = int(max(3, min(20, step_x / 2.6, step_y / 2.6)))

        def centre(number: int) -> tuple[int, int]:
            column, row = place[number]
            return int(area.x + (column + 0.5) * step_x), int(area.y + (row + 0.5) * step_y)

        for (a, b), count in chronicle.edges.items():
            pygame.draw.line(surface, p.ink_soft, centre(a), centre(b), min(5, count))
        for number in chronicle.nodes:
            colour = p.bad if number in chronicle.death_nodes else p.parchment_light
            pygame.draw.circle(surface, colour, centre(number), radius)
            pygame.draw.circle(surface, p.ink, centre(number), radius, 1)
            if radius >= 11:
                ink = p.parchment_light if number in chronicle.death_nodes else p.ink
                blit_text(surface, str(number), centre(number), "body", max(11, radius - 1), ink, "center")

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: the book's chronicles."""
        ui = self.ui
        return join(ui.t("play.chronicles_title", book=self.book.title.get(ui.catalogue.language)), ui.t("access.tab_hint"))


def _now() -> str:
    from game.storage.saves import now_text

    return now_text()

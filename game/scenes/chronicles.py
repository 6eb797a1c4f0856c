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
from game.ui.file_words import error_words, os_error_words
from game.ui.layout import PANEL_HEADING, Column, fill, fixed, heading_at, split
from game.ui.scroll_list import ScrollList
from game.ui.speech import join
from game.ui.text_fit import fit_line, wrap_words
from game.ui.theme import LOGICAL_SIZE
from game.ui.toggle import Toggle

TOP = 72  # below the title and the back button
MARGIN = 16  # round the page, and between the runs and the right column
RIGHT_GAP = 14  # between the deadliest paragraphs and the map
RUNS_MIN_WIDTH, MAP_MIN_WIDTH = 420, 540
RUNS_SHARE, MAP_SHARE = 1, 1.45
DEATHS_HEIGHT = (190, 280)  # the deadliest paragraphs' panel: at least, at most
DEATHS_PERCENT = 26  # of the page's height, between the two
DEATH_ROW = 30
DEATHS_TOP = 56  # the first of the deadliest paragraphs, under the panel's heading
DEATHS_FOOT = 8
NO_DEATHS_TOP = 60
DEATH_PARAGRAPH_X, DEATH_COUNT_X, DEATH_BAR_X = 30, 140, 340
DEATH_COUNT_DROP, DEATH_BAR_DROP, DEATH_BAR_HEIGHT = 2, 6, 14
DEATH_BAR_LONGEST, DEATH_BAR_ROOM, DEATH_BAR_LEAST = 420, 380, 4  # room: the panel's width the bar does not take
LIST_INSET = (12, 56)  # the runs list in its panel, under the heading
LIST_SPLIT = (fill(3, 160), fill(2, 120))  # the list above the selected run's detail
LIST_GAP = 12
LIST_ROW = 34
MARKS_FOOT, NO_MARKS_FOOT = 70, 14  # room the mark buttons take at the panel's foot (or the foot's margin)
MARK_HEIGHT, MARK_GAP, MARK_RISE = 46, 8, 58  # the mark buttons, side by side, their top MARK_RISE above the foot
DETAIL_LINE, DETAIL_LINE_GAP = 22, 1  # a line of the selected run's detail
BACK = (150, 44)  # the back button, at the top right
BACK_TOP = 14
NOTE_HEIGHT, NOTE_MIDDLE = 44, 36  # the note line left of the back button, and its text's middle
TITLE_AT = (20, 36)
SWITCH_INSET = (20, 12)
SWITCH_SIZE = (470, 32)  # at most
SHARE_TOP, SHARE_HEIGHT = 46, 26  # the share explored, under the switch
MAP_INSET = (30, 76)
MAP_FOOT = 20
HIDDEN_MARGIN, HIDDEN_LINE = 80, 30  # the map hidden: its words, in the middle
NODE_RADIUS = (3, 20)  # at least, at most
NODE_PITCH = 2.6  # a node's radius: the step between two, over this
NUMBERED_RADIUS = 11  # a node this large writes its number
THICKEST_PATH = 5


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
        return max(1, (self.deaths.height - DEATHS_TOP - DEATHS_FOOT) // DEATH_ROW)

    def runs_list(self, marks: bool) -> pygame.Rect:
        """The list of runs: the upper part of its panel, above the selected run's detail (and the mark buttons)."""
        column = Column.inside(self.runs, LIST_INSET, bottom=self.foot(marks)).rect
        return split(column, LIST_SPLIT, gap=LIST_GAP, vertical=True)[0]

    def foot(self, marks: bool) -> int:
        """The room at the runs panel's foot: the mark buttons', or a margin."""
        return MARKS_FOOT if marks else NO_MARKS_FOOT

    def detail(self, marks: bool) -> Column:
        """The selected run's lines, under the runs list (the list's height is the same whatever is selected)."""
        top = self.runs_list(marks).bottom + LIST_GAP
        left = self.runs.x + PANEL_HEADING[0]
        bottom = self.runs.bottom - self.foot(marks)
        return Column((left, top, self.runs.width - 2 * PANEL_HEADING[0], bottom - top), gap=DETAIL_LINE_GAP)

    def marks(self) -> list[pygame.Rect]:
        """Won and Abandoned, side by side at the foot of the runs panel."""
        left, top = self.runs.x + LIST_INSET[0], self.runs.bottom - MARK_RISE
        width = (self.runs.width - 2 * LIST_INSET[0] - MARK_GAP) // 2
        return [pygame.Rect(left + index * (width + MARK_GAP), top, width, MARK_HEIGHT) for index in range(2)]

    def back(self) -> pygame.Rect:
        return pygame.Rect(self.page[0] - MARGIN - BACK[0], BACK_TOP, *BACK)

    def switch(self) -> pygame.Rect:
        """The map's spoiler switch, at the top of its panel."""
        left, top = SWITCH_INSET
        return pygame.Rect(self.map.x + left, self.map.y + top, min(SWITCH_SIZE[0], self.map.width - 2 * left), SWITCH_SIZE[1])

    def share(self) -> pygame.Rect:
        """The share of the book explored, under the switch."""
        left = SWITCH_INSET[0]
        return pygame.Rect(self.map.x + left, self.map.y + SHARE_TOP, self.map.width - 2 * left, SHARE_HEIGHT)

    def graph(self) -> pygame.Rect:
        """Where the map's paragraphs are drawn."""
        return Column.inside(self.map, MAP_INSET, bottom=MAP_FOOT).rect

    def death_row(self, index: int) -> pygame.Rect:
        """The row of the ``index``-th deadliest paragraph."""
        return pygame.Rect(self.deaths.x, self.deaths.y + DEATHS_TOP + index * DEATH_ROW, self.deaths.width, DEATH_ROW)


def chronicles_regions(size: tuple[int, int]) -> ChroniclesRegions:
    """The panels on a page of ``size``: the runs take two fifths of the width, the map grows with the page."""
    width, height = size
    page = pygame.Rect(MARGIN, TOP, width - 2 * MARGIN, height - TOP - MARGIN)
    runs, right = split(page, [fill(RUNS_SHARE, RUNS_MIN_WIDTH), fill(MAP_SHARE, MAP_MIN_WIDTH)], gap=MARGIN)
    least, most = DEATHS_HEIGHT
    deaths_height = max(least, min(most, height * DEATHS_PERCENT // 100))
    deaths, map_rect = split(right, [fixed(deaths_height), fill()], gap=RIGHT_GAP, vertical=True)
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
        self.back_button = g.add(Button(ui, r.back(), ui.tr("play.back"), on_click=self.close))
        self.runs_list = g.add(
            ScrollList(ui, r.runs_list(self.current is not None), row_height=LIST_ROW, spoken_name=ui.tr("access.runs"))
        )
        self.runs_list.set_items([self.run_text(run) for run in self.chronicle.runs])
        self.mark_buttons: dict[str, Button] = {}
        if self.current is not None:
            for rect, outcome in zip(r.marks(), ("won", "abandoned")):
                self.mark_buttons[outcome] = g.add(
                    Button(
                        ui,
                        rect,
                        ui.tr(f"play.mark_{outcome}"),
                        on_click=partial(self.mark, outcome),
                        tooltip=ui.tr("play.mark_tip"),
                    )
                )
        # the map's switch is in the right column: after the runs and their buttons (reading order)
        self.spoiler = g.add(
            Toggle(
                ui,
                r.switch(),
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
        runs, problems = book_runs(self.services.saves, self.services.shelf.books, self.book.id)
        self.problems = [error_words(self.ui, each) for each in problems]  # in the player's words
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
        self.draw_page(surface, title, TITLE_AT, room=self.r.runs.width)
        body, small = theme.text_size("body"), theme.text_size("small")
        for rect in (self.r.runs, self.r.deaths, self.r.map):
            draw_panel(surface, rect, p)
        runs = self.chronicle.runs
        blit_text(
            surface,
            ui.t("play.runs_heading", n=len(runs), wins=self.chronicle.wins),
            heading_at(self.r.runs),
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
            lines = wrap_words(ui.t("play.spoiler_hidden"), "italic", body, map_rect.width - HIDDEN_MARGIN)
            for i, line in enumerate(lines):
                at = (map_rect.centerx, map_rect.centery + i * HIDDEN_LINE)
                blit_text(surface, line, at, "italic", body, p.ink_faint, "center")
        self.group.draw(surface)
        note = self.message or (self.problems[0] if self.problems else None)
        if note:
            box = pygame.Rect(self.r.map.x, BACK_TOP, self.back_button.rect.x - MARGIN - self.r.map.x, NOTE_HEIGHT)
            line, size = fit_line(note, "body", small, box.width)
            blit_text(surface, line, (box.x, NOTE_MIDDLE), "body", size, p.ink, "midleft", box=box, owner="chronicles note")

    def _draw_run_detail(self, surface: pygame.Surface, small: int) -> None:
        ui, p = self.ui, self.ui.palette
        column = self.r.detail(bool(self.mark_buttons))
        width = column.rect.width
        run = self.selected_run()
        if run is None:
            blit_text(surface, ui.t("play.select_run"), column.rect.topleft, "italic", small, p.ink_faint)
            return
        road = " → ".join(str(n) for n in run.paragraphs) or "—"
        fights = "; ".join(self.fight_text(f) for f in run.fights) or "—"
        lines = wrap_words(ui.t("play.run_road", road=road), "body", small, width)
        lines += wrap_words(ui.t("play.run_fights", fights=fights), "body", small, width)
        if run.rerolls:
            lines.append(ui.t("play.rerolls", n=run.rerolls))
        for line in lines:
            if not column.fits(DETAIL_LINE):
                break
            blit_text(surface, line, column.row(DETAIL_LINE).topleft, "body", small, p.ink)

    def _draw_deaths(self, surface: pygame.Surface, body: int, small: int) -> None:
        ui, p, deaths_rect = self.ui, self.ui.palette, self.r.deaths
        blit_text(surface, ui.t("play.deadliest"), heading_at(deaths_rect), "title", body, p.ink)
        deaths = self.chronicle.deaths
        if not deaths:
            at = (deaths_rect.x + PANEL_HEADING[0], deaths_rect.y + NO_DEATHS_TOP)
            blit_text(surface, ui.t("play.no_deaths"), at, "italic", small, p.ink_faint)
        for i, (paragraph, count) in enumerate(deaths[: self.r.deadliest_shown]):
            row = self.r.death_row(i)
            where = f"§ {paragraph}" if paragraph is not None else "§ —"
            blit_text(surface, where, (row.x + DEATH_PARAGRAPH_X, row.y), "bold", body, p.rubric)
            at = (row.x + DEATH_COUNT_X, row.y + DEATH_COUNT_DROP)
            blit_text(surface, ui.t("play.deaths_count", n=count), at, "body", small, p.ink)
            bar = int(min(DEATH_BAR_LONGEST, row.width - DEATH_BAR_ROOM) * count / deaths[0][1])
            bar_rect = (row.x + DEATH_BAR_X, row.y + DEATH_BAR_DROP, max(DEATH_BAR_LEAST, bar), DEATH_BAR_HEIGHT)
            pygame.draw.rect(surface, p.rubric, bar_rect, border_radius=3)

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
        box = self.r.share()
        share, size = fit_line(share, "italic", small, box.width)
        blit_text(
            surface, share, (box.right, box.centery), "italic", size, p.ink_soft, "midright", box=box, owner="chronicles map"
        )
        area = self.r.graph()
        place = self.place
        if not place:
            blit_text(surface, ui.t("play.no_paragraphs"), area.center, "italic", small, p.ink_faint, "center")
            return
        columns = max(c for c, _r in place.values()) + 1
        rows = max(r for _c, r in place.values()) + 1
        step_x = area.width / max(1, columns)
        step_y = area.height / max(1, rows)
        least, most = NODE_RADIUS
        radius = int(max(least, min(most, step_x / NODE_PITCH, step_y / NODE_PITCH)))

        def centre(number: int) -> tuple[int, int]:
            column, row = place[number]
            return int(area.x + (column + 0.5) * step_x), int(area.y + (row + 0.5) * step_y)

        for (a, b), count in chronicle.edges.items():
            pygame.draw.line(surface, p.ink_soft, centre(a), centre(b), min(THICKEST_PATH, count))
        for number in chronicle.nodes:
            colour = p.bad if number in chronicle.death_nodes else p.parchment_light
            pygame.draw.circle(surface, colour, centre(number), radius)
            pygame.draw.circle(surface, p.ink, centre(number), radius, 1)
            if radius >= NUMBERED_RADIUS:
                ink = p.parchment_light if number in chronicle.death_nodes else p.ink
                blit_text(surface, str(number), centre(number), "body", max(NUMBERED_RADIUS, radius - 1), ink, "center")

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: the book's chronicles."""
        ui = self.ui
        return join(ui.t("play.chronicles_title", book=self.book.title.get(ui.catalogue.language)), ui.t("access.tab_hint"))


def _now() -> str:
    from game.storage.saves import now_text

    return now_text()

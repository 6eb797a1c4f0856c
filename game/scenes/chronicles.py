"""Chroniques: the story of every run of one book.

Past runs (won, died at § N of what, abandoned, still playing), the
deadliest paragraphs, and — behind a spoiler switch — the map of the
paragraphs visited as a graph of the paths taken, with the share of the book
explored. Opened from an adventure, it also lets the player say that this
run was won or abandoned.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game.app.chronicle import BookChronicle, RunRecord, book_chronicle, book_runs, keep_run, layout
from game.app.scene import Scene
from game.app.services import Services
from game.app.showcase import sample_adventure, showcase
from game.app.widget_screen import WidgetScreen
from game.ui.button import Button
from game.ui.draw import blit_text, draw_panel, parchment, wrap_words
from game.ui.scroll_list import ScrollList
from game.ui.theme import LOGICAL_SIZE
from game.ui.toggle import Toggle

RUNS = pygame.Rect(16, 72, 500, 632)
DEATHS = pygame.Rect(532, 72, 732, 190)
MAP = pygame.Rect(532, 276, 732, 428)
DEADLIEST_SHOWN = 4


class ChroniclesScene(WidgetScreen):
    """One book's runs, deaths by paragraph and the map of paths taken."""

    def __init__(self, services: Services, book: Any, current: Any = None) -> None:
        super().__init__(services.ui)
        self.services = services
        self.book = book
        self.current = current  # the adventure it was opened from, if any
        self.message: str | None = None
        self.chronicle = BookChronicle([])
        self.place: dict[int, tuple[int, int]] = {}  # the map's layout, made when the runs are read
        self.problems: list[str] = []
        self._build()
        self.reload()

    def _build(self) -> None:
        ui, g = self.ui, self.group
        self.back_button = g.add(Button(ui, (1264 - 150, 14, 150, 44), ui.tr("play.back"), on_click=self.close))
        self.spoiler = g.add(
            Toggle(
                ui,
                (MAP.x + 20, MAP.y + 12, 470, 32),
                ui.tr("play.spoiler_toggle"),
                value=False,
                on_change=lambda on: None,
                tooltip=ui.tr("play.spoiler_tip"),
            )
        )
        self.runs_list = g.add(
            ScrollList(ui, (RUNS.x + 12, RUNS.y + 56, RUNS.width - 24, 300), row_height=34, spoken_name=ui.tr("access.runs"))
        )
        self.mark_buttons: dict[str, Button] = {}
        if self.current is not None:
            for index, outcome in enumerate(("won", "abandoned")):
                self.mark_buttons[outcome] = g.add(
                    Button(
                        ui,
                        (RUNS.x + 12 + index * 244, RUNS.bottom - 58, 236, 46),
                        ui.tr(f"play.mark_{outcome}"),
                        on_click=partial(self.mark, outcome),
                        tooltip=ui.tr("play.mark_tip"),
                    )
                )

    # -- data ------------------------------------------------------------------------------------
    def reload(self) -> None:
        runs, self.problems = book_runs(self.services.saves, self.services.shelf.books, self.book.id)
        self.chronicle = book_chronicle(runs, getattr(self.book, "section_count", None))
        self.place = layout(self.chronicle)
        self.runs_list.set_items([self.run_text(run) for run in self.chronicle.runs])

    def run_text(self, run: RunRecord) -> str:
        """ "Alwen — mort au § 213 (Troll)"."""
        name = run.hero or self.ui.t("sheet.nameless")
        where = run.paragraph if run.paragraph is not None else "—"
        cause = f" ({self.cause_text(run.cause)})" if run.outcome == "died" and run.cause else ""
        text = f"{name} — {self.ui.t(f'play.outcome_{run.outcome}', paragraph=where)}{cause}"
        return text + (" · " + self.ui.t("play.honest_short") if run.play == "honest" else "")

    def cause_text(self, cause: str) -> str:
        key = f"action.{cause}"
        return self.ui.t(key) if self.ui.catalogue.has(key) and "{" not in self.ui.catalogue.t(key) else cause

    def fight_text(self, fight: Any) -> str:
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
        try:
            keep_run(self.services.saves, adventure.session, adventure.save_id, _now(), outcome)
        except OSError as error:
            self.message = self.ui.t("play.mark_failed", reason=error.strerror or str(error))
            return
        self.message = self.ui.t(f"play.marked_{outcome}")
        self.reload()

    # -- frame ---------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ui, p, theme = self.ui, self.ui.palette, self.ui.theme
        surface.blit(parchment(LOGICAL_SIZE, p), (0, 0))
        heading, body, small = theme.text_size("heading"), theme.text_size("body"), theme.text_size("small")
        title = ui.t("play.chronicles_title", book=self.book.title.get(ui.catalogue.language))
        blit_text(surface, title, (20, 36), "title", heading, p.rubric, "midleft")
        for rect in (RUNS, DEATHS, MAP):
            draw_panel(surface, rect, p)
        runs = self.chronicle.runs
        blit_text(
            surface,
            ui.t("play.runs_heading", n=len(runs), wins=self.chronicle.wins),
            (RUNS.x + 20, RUNS.y + 14),
            "title",
            body,
            p.ink,
        )
        self._draw_run_detail(surface, small)
        self._draw_deaths(surface, body, small)
        if self.spoiler.value:
            self._draw_map(surface, small)
        else:
            for i, line in enumerate(wrap_words(ui.t("play.spoiler_hidden"), "italic", body, MAP.width - 80)):
                blit_text(surface, line, (MAP.centerx, MAP.centery + i * 30), "italic", body, p.ink_faint, "center")
        self.group.draw(surface)
        note = self.message or (self.problems[0] if self.problems else None)
        if note:
            blit_text(surface, wrap_words(note, "body", small, 720)[0], (MAP.x, 36), "body", small, p.ink, "midleft")

    def _draw_run_detail(self, surface: pygame.Surface, small: int) -> None:
        ui, p = self.ui, self.ui.palette
        x, width = RUNS.x + 20, RUNS.width - 40
        y = self.runs_list.rect.bottom + 12
        bottom = RUNS.bottom - (70 if self.mark_buttons else 14)
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
        ui, p = self.ui, self.ui.palette
        blit_text(surface, ui.t("play.deadliest"), (DEATHS.x + 20, DEATHS.y + 14), "title", body, p.ink)
        deaths = self.chronicle.deaths
        if not deaths:
            blit_text(surface, ui.t("play.no_deaths"), (DEATHS.x + 20, DEATHS.y + 60), "italic", small, p.ink_faint)
        for i, (paragraph, count) in enumerate(deaths[:DEADLIEST_SHOWN]):
            y = DEATHS.y + 56 + i * 30
            where = f"§ {paragraph}" if paragraph is not None else "§ —"
            blit_text(surface, where, (DEATHS.x + 30, y), "bold", body, p.rubric)
            blit_text(surface, ui.t("play.deaths_count", n=count), (DEATHS.x + 140, y + 2), "body", small, p.ink)
            bar = int((DEATHS.width - 380) * count / deaths[0][1])
            pygame.draw.rect(surface, p.rubric, (DEATHS.x + 340, y + 6, max(4, bar), 14), border_radius=3)

    def _draw_map(self, surface: pygame.Surface, small: int) -> None:
        ui, p = self.ui, self.ui.palette
        chronicle = self.chronicle
        explored = chronicle.explored
        share = (
            ui.t("play.explored", n=len(chronicle.nodes), total=self.book.section_count, share=round(100 * explored))
            if explored is not None
            else ui.t("play.explored_unknown", n=len(chronicle.nodes))
        )
        blit_text(surface, share, (MAP.right - 20, MAP.y + 28), "italic", small, p.ink_soft, "midright")
        area = pygame.Rect(MAP.x + 30, MAP.y + 64, MAP.width - 60, MAP.height - 84)
        place = self.place
        if not place:
            blit_text(surface, ui.t("play.no_paragraphs"), area.center, "italic", small, p.ink_faint, "center")
            return
        columns = max(c for c, _r in place.values()) + 1
        rows = max(r for _c, r in place.values()) + 1
        step_x = area.width / max(1, columns)
        step_y = area.height / max(1, rows)
        radius = int(max(3, min(16, step_x / 2.6, step_y / 2.6)))

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


def _now() -> str:
    from game.storage.saves import now_text

    return now_text()


@showcase("chronicles")
def _showcase_chronicles(services: Services) -> list[Scene]:
    adventure = sample_adventure(services)
    _sample_runs(services, adventure.book)
    scene = ChroniclesScene(services, adventure.book, current=adventure)
    scene.spoiler.value = True
    scene.runs_list.select(0)
    return [scene]


def _sample_runs(services: Services, book: Any) -> None:
    """Three past runs of the sample book for the screenshot: two deaths at § 213, one abandoned."""
    from game.rules.dice import RandomDice
    from game.rules.ff import actions as a
    from game.rules.ff.actions import FFAction
    from game.rules.ff.state import SheetState
    from game.rules.session import Session, Start

    roads = ((1, 48, 213), (1, 12, 97, 213), (1, 12, 150))
    for index, road in enumerate(roads):
        hero = {"skill": 9, "stamina": 18, "luck": 9}
        session: Session[SheetState, FFAction] = Session(
            book, RandomDice(index), Start(hero=hero, play="honest" if index else "bookmark")
        )
        session.apply(a.NameHero(name=("Brenna", "Oswin", "Maelis")[index]))
        for number in road:
            session.apply(a.GoToParagraph(number=number))
        if index < 2:
            session.apply(a.StartFight(enemies=[a.EnemySpec(name="Troll des collines", skill=12, stamina=14)]))
            session.apply(a.Die())
        keep_run(
            services.saves, session, f"sample-{index}", f"2026-11-2{index}T10:00:00+00:00", None if index < 2 else "abandoned"
        )

"""The players' view of the Rôle'n Play table: the time and the light, without the game master's numbers.

For a screen the players see: the day and the hour, the period of the day and the
light it gives (or the game master's light), what that light means for sight (the
book's text), the party's timers as bars without figures, and who is left behind.
It is a full-window overlay the navigator opens over the table (one window: the app's
loop takes every window's events as the main one's, so a second OS window would need
it to route them by window first); a click, Escape or F2 goes back.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import pygame

from game.app.modal import ModalScene
from game.books.rolenplay import RolenplayBook
from game.scenes.rnp_table.data import Json, left_behind
from game.scenes.rnp_table.timers import draw_bar
from game.scenes.rnp_table.words import lang, name_of
from game.ui.context import UIContext
from game.ui.draw import blit_text, draw_panel, parchment
from game.ui.speech import join
from game.ui.text_fit import wrap_words

# The sky behind the clock, by period: an illustration, not a rule.
SKY = {"night": (28, 34, 58), "dawn": (196, 150, 120), "day": (150, 190, 222), "dusk": (122, 70, 62)}
DARK_SKIES = ("night", "dusk")
SKY_TEXT = (245, 238, 220)  # the clock's ink on a dark sky
MARGIN, TOP, GAP, FOOT = 60, 40, 30, 50  # round the sky and the box, between them, the line at the foot
SKY_HEIGHT = 300  # the sky's height at scale 1: its lines keep their places as it grows or shrinks
SKY_LINES = (60, 150, 248)  # the day, the time and the period, down the sky
TIME_SIZE = 96
CORNER, BORDER = 18, 3
BOX_PAD, BOX_HEAD, BOX_LINE, SIGHT_LINES = 30, 24, 30, 3  # inside the box: margin, heading, a line of the sight's text
BODY_DY, TIMERS_GAP, TIMER_ROW, BAR_X, BAR_DY, BAR_H = 76, 10, 36, 300, 8, 14
BEHIND_DY, BACK_DY = 40, 22  # who is behind, above the box's foot; the way back, above the page's foot
SCALE_TALL = (720, 1.6)  # a page this tall draws at scale 1; the most it grows


@dataclass(frozen=True)
class PlayersView:
    """What the players see: day, time, period, light, what it means, the party's timers and who is behind."""

    day: str
    time: str
    period: str
    light: str
    sight: str
    override: bool
    timers: list[Json]
    behind: list[str]
    daylight: str  # the period's id (the sky's colour)


def players_view(ui: UIContext, book: RolenplayBook, rules: Json) -> PlayersView:
    """The players' view of the table ``rules`` (the rules' view)."""
    clock = rules["clock"]
    language = lang(ui)
    period = next(p for p in book.time.daylight if p.id == rules["daylight"])
    light = book.light_def(rules["light"])
    return PlayersView(
        day=ui.t("rnp.day", day=clock["day"]),
        time=ui.t("rnp.time_of_day", hour=f"{clock['hour']:02d}", minute=f"{clock['minute']:02d}"),
        period=period.name.get(language),
        light=name_of(ui, book.light_def, light.id),
        sight=book.visibility_def(light.visibility).text.get(language),
        override=bool(rules["light_override"]),
        timers=[t for t in rules["timers"] if t["kind"] == "timer"],
        behind=left_behind(rules),
        daylight=rules["daylight"],
    )


@dataclass(frozen=True)
class PlayersRegions:
    """The sky (the time) and the box (the light and the timers) sharing the page's height."""

    page: tuple[int, int]
    sky: pygame.Rect
    box: pygame.Rect
    scale: float  # a tall page (a screen the players look at from across the table) draws everything bigger


def players_regions(page: tuple[int, int]) -> PlayersRegions:
    width, height = page
    tall, most = SCALE_TALL
    scale = max(1.0, min(most, height / tall))
    room = height - TOP - GAP - FOOT
    sky = pygame.Rect(MARGIN, TOP, width - 2 * MARGIN, min(round(SKY_HEIGHT * scale), room // 2))
    box = pygame.Rect(MARGIN, sky.bottom + GAP, width - 2 * MARGIN, room - sky.height)
    return PlayersRegions(page, sky, box, scale)


def paint_players(surface: pygame.Surface, view: PlayersView, regions: PlayersRegions, ui: UIContext) -> None:
    """The page: the sky with the time, the box with the light and the timers, the way back at the foot."""
    p, theme = ui.palette, ui.theme
    surface.blit(parchment(regions.page, p), (0, 0))
    paint_sky(surface, view, regions.sky, ui)
    paint_box(surface, view, regions, ui)
    back = (regions.page[0] // 2, regions.page[1] - BACK_DY)
    blit_text(surface, ui.t("rnp.players_back"), back, "italic", theme.text_size("small"), p.ink_faint, "center")


def paint_sky(surface: pygame.Surface, view: PlayersView, sky: pygame.Rect, ui: UIContext) -> None:
    """The sky in the period's colour, with the day, the time and the period."""
    p, theme = ui.palette, ui.theme
    at = sky.height / SKY_HEIGHT
    pygame.draw.rect(surface, SKY.get(view.daylight, p.parchment_dark), sky, border_radius=CORNER)
    pygame.draw.rect(surface, p.ink, sky, BORDER, border_radius=CORNER)
    ink = SKY_TEXT if view.daylight in DARK_SKIES else p.ink
    day_size, period_size = round((theme.text_size("title") + 8) * at), round((theme.text_size("heading") + 6) * at)
    day_y, time_y, period_y = (sky.top + round(dy * at) for dy in SKY_LINES)
    blit_text(surface, view.day, (sky.centerx, day_y), "title", day_size, ink, "center")
    blit_text(surface, view.time, (sky.centerx, time_y), "bold", round(TIME_SIZE * at), ink, "center")
    blit_text(surface, view.period, (sky.centerx, period_y), "title", period_size, ink, "center")


def paint_box(surface: pygame.Surface, view: PlayersView, regions: PlayersRegions, ui: UIContext) -> None:
    """The light and what it means for sight, the timers as bars (as many as the box holds), who is behind."""
    p, theme, box, k = ui.palette, ui.theme, regions.box, regions.scale
    draw_panel(surface, box, p)
    head = ui.t("rnp.players_light", light=view.light)
    body, small = round(theme.text_size("body") * k), round(theme.text_size("small") * k)
    left = box.left + BOX_PAD
    blit_text(surface, head, (left, box.top + BOX_HEAD), "title", round((theme.text_size("heading") + 4) * k), p.rubric)
    y = box.top + round(BODY_DY * k)
    for line in wrap_words(view.sight, "body", body, box.width - 2 * BOX_PAD)[:SIGHT_LINES]:
        blit_text(surface, line, (left, y), "body", body, p.ink)
        y += round(BOX_LINE * k)
    y += TIMERS_GAP
    row = round(TIMER_ROW * k)
    room = max(0, (box.bottom - FOOT - y) // row)  # a taller box shows more timers
    for timer in view.timers[:room]:
        blit_text(surface, timer["label"], (left, y), "bold", body, p.ink)
        bar = pygame.Rect(
            box.left + round(BAR_X * k), y + round(BAR_DY * k), box.width - round(BAR_X * k) - MARGIN, round(BAR_H * k)
        )
        draw_bar(surface, bar, timer, p)
        y += row
    if view.behind:
        behind = ui.t("rnp.players_behind", names=", ".join(view.behind))
        blit_text(surface, behind, (left, box.bottom - BEHIND_DY), "italic", small, p.ink_soft, "midleft")


class PlayersScene(ModalScene):
    """What the players may see of the table (``view``: :func:`players_view`); it covers the page, the sky and the
    light box sharing its height."""

    transparent = False

    def __init__(self, ui: UIContext, view: PlayersView, page: tuple[int, int] | None = None) -> None:
        super().__init__(ui)
        self.shown = view
        if page is not None:
            self.page = page

    def place_widgets(self) -> None:
        """No controls: a click anywhere goes back."""

    def panel_size(self) -> tuple[int, int]:
        """The players' view covers the whole page."""
        return self.page

    def lines(self) -> dict[str, object]:
        """What the players see, as text: day, time, period, light, its meaning, timers and who is behind."""
        shown = asdict(self.shown)
        del shown["daylight"]
        return shown

    def handle(self, event: pygame.event.Event) -> bool:
        """A click or F2 goes back to the table (Escape too, as in every overlay)."""
        if (event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1) or (
            event.type == pygame.KEYDOWN and event.key == pygame.K_F2
        ):
            self.dismiss()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        paint_players(surface, self.shown, players_regions(self.page), self.ui)

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: the players' screen (day, time, period) and how to go back."""
        shown = self.lines()
        return join(
            self.ui.t("rnp.players"),
            *(str(shown[k]) for k in ("day", "time", "period") if shown.get(k)),
            self.ui.t("rnp.players_back"),
        )

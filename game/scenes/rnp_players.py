"""The players' view of the Rôle'n Play table: the time and the light, without the game master's numbers.

For a screen the players see: the day and the hour, the period of the day and the
light it gives (or the game master's light), what that light means for sight (the
book's text), the party's timers as bars without figures, and who is left behind.
It is a full-window scene over the table (one window: the app's loop takes every
window's events as the main one's, so a second OS window would need it to route them
by window first); a click, Escape or F2 goes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import pygame

from game.app.navigator import Screen
from game.app.scene import Scene
from game.app.services import Services
from game.app.showcase import showcase
from game.rules.rnp import actions as a
from game.scenes.rnp_format import lang, name_of
from game.scenes.rnp_samples import sample_table
from game.scenes.rnp_timers import draw_bar
from game.ui.draw import blit_text, draw_panel, parchment, wrap_words
from game.ui.modal import ModalScene

if TYPE_CHECKING:
    from game.scenes.rnp_table import RnpTableScene

# The sky behind the clock, by period: an illustration, not a rule.
SKY = {"night": (28, 34, 58), "dawn": (196, 150, 120), "day": (150, 190, 222), "dusk": (170, 104, 92)}


class PlayersScene(ModalScene):
    """What the players may see of the table (``table``: the game master's table scene); it covers the page,
    the sky and the light box sharing its height."""

    transparent = False

    def __init__(self, table: RnpTableScene) -> None:
        super().__init__(table.ui)
        self.table = table
        self.page = table.page

    def place_widgets(self) -> None:
        """No controls: a click anywhere goes back."""

    def panel_size(self) -> tuple[int, int]:
        """The players' view covers the whole page."""
        return self.page

    @property
    def scale(self) -> float:
        """A tall page (a screen the players look at from across the table) draws everything bigger."""
        return max(1.0, min(1.6, self.page[1] / 720))

    def regions(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The sky (the time) and the box (the light and the timers) for the page."""
        width, height = self.page
        room = height - 40 - 30 - 50  # margins, the gap between them, the line at the foot
        sky_height = min(round(300 * self.scale), room // 2)
        sky = pygame.Rect(60, 40, width - 120, sky_height)
        return sky, pygame.Rect(60, sky.bottom + 30, width - 120, room - sky_height)

    @property
    def view(self) -> dict[str, Any]:
        return self.table.view

    def handle(self, event: pygame.event.Event) -> bool:
        """A click or F2 goes back to the table (Escape too, as in every overlay)."""
        if (event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1) or (
            event.type == pygame.KEYDOWN and event.key == pygame.K_F2
        ):
            self.dismiss()
            return True
        return False

    def lines(self) -> dict[str, Any]:
        """What the players see, as text: day, time, period, light, its meaning, timers and who is behind."""
        ui, book, view = self.ui, self.table.book, self.view
        clock = view["clock"]
        language = lang(ui)
        period = next(p for p in book.time.daylight if p.id == view["daylight"])
        light = book.light_def(view["light"])
        visibility = book.visibility_def(light.visibility)
        party_timers = [t for t in view["timers"] if t["kind"] == "timer"]
        behind = [n for n in view["party_order"] if view["party"][n]["left_at_s"] is not None]
        return {
            "day": ui.t("rnp.day", day=clock["day"]),
            "time": ui.t("rnp.time_of_day", hour=f"{clock['hour']:02d}", minute=f"{clock['minute']:02d}"),
            "period": period.name.get(language),
            "light": name_of(ui, book.light_def, light.id),
            "sight": visibility.text.get(language),
            "override": bool(view["light_override"]),
            "timers": party_timers,
            "behind": behind,
        }

    def draw(self, surface: pygame.Surface) -> None:
        ui, p, theme = self.ui, self.ui.palette, self.ui.theme
        shown = self.lines()
        surface.blit(parchment(self.page, p), (0, 0))
        sky, box = self.regions()
        at, k = sky.height / 300, self.scale  # the sky's lines keep their places as it grows or shrinks
        pygame.draw.rect(surface, SKY.get(self.view["daylight"], p.parchment_dark), sky, border_radius=18)
        pygame.draw.rect(surface, p.ink, sky, 3, border_radius=18)
        text_colour = (245, 238, 220) if self.view["daylight"] in ("night", "dusk") else p.ink
        day_size, period_size = round((theme.text_size("title") + 8) * at), round((theme.text_size("heading") + 6) * at)
        blit_text(surface, shown["day"], (sky.centerx, sky.top + round(60 * at)), "title", day_size, text_colour, "center")
        blit_text(surface, shown["time"], (sky.centerx, sky.top + round(150 * at)), "bold", round(96 * at), text_colour, "center")
        blit_text(surface, shown["period"], (sky.centerx, sky.top + round(248 * at)), "title", period_size, text_colour, "center")
        draw_panel(surface, box, p)
        head = ui.t("rnp.players_light", light=shown["light"])
        body, small = round(theme.text_size("body") * k), round(theme.text_size("small") * k)
        blit_text(surface, head, (box.left + 30, box.top + 24), "title", round((theme.text_size("heading") + 4) * k), p.rubric)
        y = box.top + round(76 * k)
        for line in wrap_words(shown["sight"], "body", body, box.width - 60)[:3]:
            blit_text(surface, line, (box.left + 30, y), "body", body, p.ink)
            y += round(30 * k)
        y += 10
        row = round(36 * k)
        room = max(0, (box.bottom - 50 - y) // row)  # a taller box shows more timers
        for timer in shown["timers"][:room]:
            blit_text(surface, timer["label"], (box.left + 30, y), "bold", body, p.ink)
            bar = pygame.Rect(box.left + round(300 * k), y + round(8 * k), box.width - round(300 * k) - 60, round(14 * k))
            draw_bar(surface, bar, timer, p)
            y += row
        if shown["behind"]:
            behind = ui.t("rnp.players_behind", names=", ".join(shown["behind"]))
            blit_text(surface, behind, (box.left + 30, box.bottom - 40), "italic", small, p.ink_soft, "midleft")
        blit_text(
            surface,
            ui.t("rnp.players_back"),
            (self.page[0] // 2, self.page[1] - 22),
            "italic",
            theme.text_size("small"),
            p.ink_faint,
            "center",
        )


@showcase("rnp-players")
def _players(services: Services) -> list[Scene]:
    adventure = sample_table(services)
    adventure.act(a.AdvanceTo(to="dusk"))
    table = cast("RnpTableScene", services.navigator.build(Screen.RNP_TABLE, adventure, "clock"))  # the table screen
    return [table, PlayersScene(table)]

"""The death page (R-DEATH-1): STAMINA 0 is death, and the sheet hands over to this screen.

A darkened parchment with a skull over crossed bones (drawn with pygame.draw),
the hero's name, the paragraph and, when the last fight was lost, the creature
that struck the blow. The player may undo the last action (a misclick, a
forgotten Luck test), start over with a new hero, go back to the bookshelf, or
— only in books whose data say death may not be the end (DF64) — follow the
book's instruction to carry on, typing the STAMINA it gives back (the rules cap
it at the initial score and refuse 0).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.app.adventure import Adventure, Change
from game.app.adventure_scene import AdventureScene
from game.app.book_texts import threshold_text
from game.app.fluid import FluidLayout
from game.app.journal import undo_state
from game.app.navigator import Screen
from game.app.scene import Scene
from game.app.services import Services
from game.app.showcase import sample_adventure, showcase
from game.rules.ff import actions as a
from game.rules.session import HONEST, make_action
from game.scenes.death_layout import BUTTON_H, BUTTON_MIN, death_regions
from game.ui import fonts
from game.ui.button import Button
from game.ui.draw import (
    SUPERSAMPLE,
    blit_text,
    draw_panel,
    draw_rule,
    parchment,
)
from game.ui.surface_cache import surface_cached
from game.ui.text_field import TextField
from game.ui.text_fit import fit_line, fit_lines
from game.ui.theme import LOGICAL_SIZE, Palette

if TYPE_CHECKING:
    from game.app.adventure import FFAdventure
    from game.rules.ff.actions import FFAction
    from game.rules.ff.state import SheetState


def _mix(a: tuple, b: tuple, t: float) -> tuple[int, int, int]:
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))


@surface_cached("death pages", 9_500_000)  # one full page, up to 1920×1200
def dark_page(size: tuple[int, int], palette: Palette) -> pygame.Surface:
    """The parchment, darkened as if by candle soot, with a heavy vignette."""
    page = parchment(size, palette).copy()
    page.fill((92, 78, 70), special_flags=pygame.BLEND_RGB_MULT)
    vignette = pygame.Surface((32, 18))
    for vy in range(18):
        for vx in range(32):
            distance = min(1.0, math.hypot((vx - 15.5) / 15.5, (vy - 7.5) / 9.5) / 1.2)
            shade = round(255 - 150 * distance**1.8)
            vignette.set_at((vx, vy), (shade, shade, shade))
    page.blit(pygame.transform.smoothscale(vignette, size), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return page


@surface_cached("skulls", 1_000_000)
def skull_image(size: tuple[int, int], palette: Palette) -> pygame.Surface:
    """A skull over two crossed bones, supersampled for smooth edges."""
    s = SUPERSAMPLE
    w, h = size[0] * s, size[1] * s
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    bone = _mix(palette.parchment_light, palette.parchment_dark, 0.25)
    ink = palette.ink
    line = max(2, round(w * 0.012))

    def knob(centre: tuple[float, float], radius: float) -> None:
        pygame.draw.circle(big, ink, centre, radius + line)
        pygame.draw.circle(big, bone, centre, radius)

    # Crossed bones behind the skull: two shafts, each with a pair of knobs at both ends.
    for (x1, y1), (x2, y2) in (((0.1, 0.9), (0.9, 0.3)), ((0.1, 0.3), (0.9, 0.9))):
        a, b = (x1 * w, y1 * h), (x2 * w, y2 * h)
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
        half = 0.035 * w
        shaft = [
            (a[0] + nx * half, a[1] + ny * half),
            (b[0] + nx * half, b[1] + ny * half),
            (b[0] - nx * half, b[1] - ny * half),
            (a[0] - nx * half, a[1] - ny * half),
        ]
        pygame.draw.polygon(big, ink, shaft, 0)
        inner = [
            (a[0] + nx * (half - line), a[1] + ny * (half - line)),
            (b[0] + nx * (half - line), b[1] + ny * (half - line)),
            (b[0] - nx * (half - line), b[1] - ny * (half - line)),
            (a[0] - nx * (half - line), a[1] - ny * (half - line)),
        ]
        for end in (a, b):
            for side in (1, -1):
                knob((end[0] + nx * half * 1.1 * side, end[1] + ny * half * 1.1 * side), 0.045 * w)
        pygame.draw.polygon(big, bone, inner, 0)
    # The skull: cranium, cheeks and jaw, outlined in ink.
    cx = w / 2
    cranium_c, cranium_r = (cx, 0.4 * h), 0.27 * w
    jaw = pygame.Rect(0, 0, round(0.3 * w), round(0.26 * h))
    jaw.midtop = (round(cx), round(0.56 * h))
    pygame.draw.circle(big, ink, cranium_c, cranium_r + line)
    pygame.draw.rect(big, ink, jaw.inflate(2 * line, 2 * line), border_radius=round(0.05 * w))
    pygame.draw.circle(big, bone, cranium_c, cranium_r)
    pygame.draw.rect(big, bone, jaw, border_radius=round(0.05 * w))
    # Cheekbones, so cranium and jaw read as one skull.
    cheeks = pygame.Rect(0, 0, round(0.46 * w), round(0.14 * h))
    cheeks.center = (round(cx), round(0.6 * h))
    pygame.draw.ellipse(big, bone, cheeks)
    # Eye sockets, nose, teeth.
    hollow = _mix(ink, (0, 0, 0), 0.3)
    for side in (-1, 1):
        eye = pygame.Rect(0, 0, round(0.13 * w), round(0.16 * h))
        eye.center = (round(cx + side * 0.095 * w), round(0.47 * h))
        pygame.draw.ellipse(big, hollow, eye)
    nose = [(cx, 0.56 * h), (cx - 0.03 * w, 0.64 * h), (cx + 0.03 * w, 0.64 * h)]
    pygame.draw.polygon(big, hollow, nose)
    teeth_top, teeth_bottom = 0.7 * h, 0.8 * h
    pygame.draw.line(big, ink, (jaw.left + 0.02 * w, teeth_top), (jaw.right - 0.02 * w, teeth_top), line)
    for i in range(1, 6):
        x = jaw.left + jaw.width * i / 6
        pygame.draw.line(big, ink, (x, teeth_top - 0.015 * h), (x, teeth_bottom), line)
    # A crack on the brow: this hero met something hard.
    crack = [(cx + 0.06 * w, 0.15 * h), (cx + 0.03 * w, 0.22 * h), (cx + 0.07 * w, 0.27 * h), (cx + 0.04 * w, 0.33 * h)]
    pygame.draw.lines(big, ink, False, crack, line)
    return pygame.transform.smoothscale(big, size)


class DeathScene(FluidLayout, AdventureScene):
    """The hero is dead: undo, start over, carry on (when the book allows), or leave."""

    screen = Screen.DEATH
    help_topic = "sheet"

    adventure: FFAdventure

    def __init__(self, services: Services, adventure: FFAdventure, size: tuple[int, int] = LOGICAL_SIZE) -> None:
        super().__init__(services, adventure)
        self.reviving = False
        # honest play: the death screen offers no undo of the fatal roll (a death set by hand can still be undone)
        self.honest_roll = adventure.session.undo_refusal() is not None and adventure.session.play == HONEST
        self.layout(size)

    def place_widgets(self) -> None:
        """The buttons in a row under the story, and the STAMINA panel's field and buttons, for ``self.page``."""
        ui = self.ui
        self.r = death_regions(self.page, self.may_continue)
        self.undo_button = Button(
            ui, (0, 0, 10, BUTTON_H), ui.tr("death.undo"), on_click=self.undo, tooltip=ui.tr("death.undo_tooltip")
        )
        self.restart_button = Button(
            ui, (0, 0, 10, BUTTON_H), ui.tr("death.restart"), on_click=self.restart, tooltip=ui.tr("death.restart_tooltip")
        )
        self.continue_button: Button | None = None
        if self.may_continue:
            self.continue_button = Button(
                ui,
                (0, 0, 10, BUTTON_H),
                ui.tr("death.continue"),
                style="primary",
                on_click=self.ask_revive,
                tooltip=ui.tr("death.continue_tooltip"),
            )
        self.shelf_button = Button(ui, (0, 0, 10, BUTTON_H), ui.tr("death.shelf"), on_click=self.to_shelf)
        self.undo_button.visible = not self.honest_roll
        self.buttons = [
            b for b in (self.undo_button, self.restart_button, self.continue_button, self.shelf_button) if b and b.visible
        ]
        self.group.add(*self.buttons)
        panel = self.r.revive
        self.stamina_field = TextField(
            ui,
            (panel.x + 24, panel.y + 60, 110, 46),
            numeric=True,
            max_length=3,
            on_submit=lambda _text: self.revive(),
            visible=False,
            spoken_name=lambda: self.ui.t("death.revive_prompt", maximum=self.initial_stamina() or "—"),
        )
        self.revive_button = Button(
            ui,
            (panel.right - 24 - 420, panel.y + 60, 260, 46),
            ui.tr("death.revive"),
            style="primary",
            on_click=self.revive,
            visible=False,
        )
        self.cancel_revive = Button(
            ui, (panel.right - 24 - 150, panel.y + 60, 150, 46), ui.tr("common.cancel"), on_click=self.close_revive, visible=False
        )
        self.group.add(self.stamina_field, self.revive_button, self.cancel_revive)
        self._layout()
        self._refresh()

    def keep_view(self) -> str:
        """A re-layout keeps the STAMINA being typed."""
        return self.stamina_field.text

    def restore_view(self, kept: str) -> None:
        self.stamina_field.text = kept

    # -- what happened ------------------------------------------------------------------------
    @property
    def may_continue(self) -> bool:
        return bool(getattr(getattr(self.book, "death", None), "may_continue", False))

    def killer(self) -> str | None:
        """The creature that won the last fight, if the hero died in it."""
        fight = getattr(self.adventure.state, "fight", None)
        if fight is None or fight.winner != "enemies" or not fight.enemies:
            return None
        for exchange in reversed(fight.last_round):
            if exchange.result == "hero_wounded" and not exchange.by_ally and exchange.creature < len(fight.enemies):
                return fight.enemies[exchange.creature].name
        front = fight.front()
        return fight.enemies[front if front is not None else 0].name

    def hero_name(self) -> str:
        hero = self.adventure.state.hero
        return hero.name if hero is not None and hero.name else self.ui.t("death.nameless")

    def initial_stamina(self) -> int | None:
        hero = self.adventure.state.hero
        return None if hero is None else hero.initial.get("stamina")

    # -- widgets ----------------------------------------------------------------------------------
    def _layout(self) -> None:
        """Buttons sized to their labels (both languages), centred in one row."""
        size = self.ui.theme.text_size("button")
        widths = []
        for button in self.buttons:
            face = "bold" if button.style == "primary" else "body"
            widths.append(max(BUTTON_MIN, fonts.text_width(self.ui.text(button.label), face, size) + 44))
        for button, rect in zip(self.buttons, self.r.button_row(widths)):
            button.rect = rect

    def _refresh(self) -> None:
        self.undo_button.set_enabled(*undo_state(self.ui, self.adventure, "death.nothing_to_undo"))
        for widget in (self.stamina_field, self.revive_button, self.cancel_revive):
            widget.visible = self.reviving
        if self.continue_button is not None:
            self.continue_button.set_enabled(not self.reviving, self.ui.tr("death.continue_open"))

    # -- actions ------------------------------------------------------------------------------------
    def refresh(self, changes: list[Change]) -> None:
        """Undo (the button, Ctrl+Z) or revive brought the hero back: the sheet again."""
        hero = self.adventure.state.hero
        if hero is not None and hero.alive and self.stack is not None:
            self.navigator.go(self, Screen.SHEET, self.adventure)
            return
        self._refresh()

    def restart(self) -> None:
        """A new hero for the same book (this adventure's save stays on the shelf)."""
        if self.stack is not None:
            self.navigator.go(self, Screen.CREATION, self.book)

    def to_shelf(self) -> None:
        if self.stack is not None:
            self.navigator.to_shelf(self)

    def ask_revive(self) -> None:
        """Show the STAMINA field: the book says how much the hero gets back."""
        if not self.may_continue:
            return
        self.reviving = True
        self.message = None
        self._refresh()
        self.group.focus.focus(self.stamina_field)

    def close_revive(self) -> None:
        self.reviving = False
        self.message = None
        self._refresh()
        self.group.focus.focus(None)

    def revive(self) -> None:
        """Apply ``revive`` with the typed STAMINA; a refusal is shown under the field."""
        value = self.stamina_field.value
        if value is None:
            self.message = self.ui.t("death.stamina_missing")
            return
        self.act(make_action(a.Revive, stamina=value))

    # -- frame -----------------------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.help_key(event):
            return None
        if event.type == pygame.KEYDOWN:
            if not self.stamina_field.focused and self.history_key(event):
                return None
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            self._layout()
        if self.group.process_event(event):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.reviving:
            self.close_revive()
            return None
        return event

    def resume(self) -> None:
        self._layout()  # the language may have changed under an overlay
        super().resume()

    def cause(self) -> str | None:
        """R-DEATH-1 as data: which of the book's death conditions holds, in the book's words."""
        hero = self.adventure.state.hero
        index = getattr(hero, "died_of", None)
        thresholds = getattr(self.book, "thresholds", [])
        if hero is None or index is None or not 0 <= index < len(thresholds):
            return None
        threshold, language = thresholds[index], self.ui.catalogue.language
        if threshold.message is not None:
            return threshold.message.get(language)
        return self.ui.t("death.condition", condition=threshold_text(self.book, threshold, language, hero))

    def draw(self, surface: pygame.Surface) -> None:
        ui, p, theme = self.ui, self.ui.palette, self.ui.theme
        language = ui.catalogue.language
        r, cx = self.r, self.r.centre_x
        surface.blit(dark_page(self.page, p), (0, 0))
        surface.blit(skull_image(r.skull.size, p), r.skull)
        light, soft = p.parchment_light, p.parchment_dark
        title_colour = _mix(p.rubric, p.parchment_light, 0.45)
        title, size = fit_line(ui.t("death.title"), "title", theme.text_size("title") + 6, self.page[0] - 48)
        blit_text(surface, title, (cx, r.title_y), "title", size, title_colour, "midtop")
        draw_rule(surface, cx - 240, cx + 240, r.title_y + 62, soft)
        name, size = fit_line(self.hero_name(), "bold", theme.text_size("heading"), self.page[0] - 48)
        blit_text(surface, name, (cx, r.title_y + 76), "bold", size, light, "midtop")
        body, small = theme.text_size("body"), theme.text_size("small")
        lines: list[tuple[str, str, int, tuple]] = []
        paragraph = getattr(self.adventure.state, "paragraph", None)
        title = self.book.title.get(language)
        if paragraph is not None:
            lines.append((ui.t("death.where", paragraph=paragraph, book=title), "italic", body, soft))
        else:
            lines.append((ui.t("death.where_book", book=title), "italic", body, soft))
        killer = self.killer()
        if killer:
            lines.append((ui.t("death.killed_by", name=killer), "body", body, light))
        cause = self.cause()
        if cause:
            lines.append((cause, "body", body, light))
        note = getattr(getattr(self.book, "death", None), "note", None)
        if self.may_continue and note is not None:
            lines.append((note.get(language), "italic", small, soft))
        if self.honest_roll:
            lines.append((ui.t("play.death_honest"), "italic", small, soft))
        # What happened, two lines at most each, as much of it as the room left for it holds.
        y = r.story.y
        for text, face, size, colour in lines:
            line_h = fonts.line_height(face, size)
            room = (r.story.bottom - y) // line_h
            if room < 1:
                break
            for line in fit_lines(text, face, size, r.story.width, min(2, room))[0]:
                blit_text(surface, line, (cx, y), face, size, colour, "midtop", box=r.story, owner="death story")
                y += line_h
            y += 6
        if self.reviving:
            self._draw_revive(surface)
        self.group.draw(surface)
        if self.message:
            if self.reviving:
                panel = r.revive
                message, size = fit_line(self.message, "body", small, panel.width - 48)
                blit_text(surface, message, (panel.x + 24, panel.bottom - 32), "body", size, p.bad, box=panel, owner="death")
            else:
                message, size = fit_line(self.message, "body", small, self.page[0] - 48)
                blit_text(surface, message, (cx, r.buttons_y + BUTTON_H + 18), "body", size, _mix(p.bad, light, 0.5), "midtop")

    def _draw_revive(self, surface: pygame.Surface) -> None:
        """The panel behind the STAMINA field (the widgets are drawn by the group)."""
        ui, p, theme = self.ui, self.ui.palette, self.ui.theme
        panel = self.r.revive
        draw_panel(surface, panel, p, fill_alpha=245)
        initial = self.initial_stamina()
        prompt = ui.t("death.revive_prompt", maximum=initial if initial is not None else "—")
        blit_text(surface, prompt, (panel.x + 24, panel.y + 20), "body", theme.text_size("body"), p.ink)


# -- showcase -------------------------------------------------------------------------------------------


@showcase("death-df64")
def _showcase_death(services: Services) -> list[Scene]:
    adventure = sample_adventure(services, "DF64")
    adventure.act(a.Die())
    return [DeathScene(services, adventure)]


@showcase("death-df64-continue")
def _showcase_continue(services: Services) -> list[Scene]:
    adventure = sample_adventure(services, "DF64")
    adventure.act(a.Die())
    scene = DeathScene(services, adventure)
    scene.ask_revive()
    scene.stamina_field.text = "0"
    scene.revive()  # shows the rules' refusal under the field
    return [scene]


@showcase("death-df31-fight")
def _showcase_fight(services: Services) -> list[Scene]:
    adventure = sample_adventure(services, "DF31")
    adventure.act(a.StartFight(enemies=[{"name": "Homme-Lézard", "skill": 8, "stamina": 9}]))
    adventure.act(a.ChangeStat(stat="stamina", by=-99))
    return [DeathScene(services, adventure)]


@showcase("death-honest")
def _showcase_honest(services: Services) -> list[Scene]:
    # honest play: an unlucky Luck test on the wound kills; the page offers no undo of that roll
    from game.rules.dice import ScriptedDice
    from game.rules.session import Session, Start

    book = services.shelf.books["DF31"]
    session: Session[SheetState, FFAction] = Session(
        book,
        ScriptedDice([6, 6, 1, 1, 6, 5]),
        Start(hero={"skill": 10, "stamina": 20, "luck": 9}, language=services.language, play=HONEST),
    )
    for action in (
        a.NameHero(name="Brenna"),
        a.GoToParagraph(number=97),
        a.ChangeStat(stat="stamina", by=-19),
        a.StartFight(enemies=[{"name": "Homme-Lézard", "skill": 10, "stamina": 9}]),
        a.AttackRound(),
        a.UseLuck(),
    ):
        session.apply(action)
    return [DeathScene(services, Adventure.start(session, services.saves))]

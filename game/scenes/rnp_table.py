"""The Rôle'n Play table: party, clock and journal, travel planner, calculators.

For the game master of a Rôle'n Play game: one screen with a side menu of
panels (party, clock, travel, jump, fall, breath, food and water, light,
hiding). Every change is an action sent to the rules through
``adventure.act`` (logged, undoable, autosaved); actions that roll go through
``roll_action`` (physical dice, dice overlay). The screen decides nothing:
previews are dry runs of the rules (``game.rules.rnp.preview``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game.app.adventure import Adventure, Change
from game.app.adventure_scene import AdventureScene
from game.app.fluid import FluidLayout
from game.app.navigator import Screen
from game.app.rolling import Presentation, roll_action
from game.app.scene import Scene
from game.app.services import Services
from game.app.showcase import showcase
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.session import ActionLike, Entry
from game.scenes.rnp_format import clock_time, duration, journal_line, scale_name
from game.scenes.rnp_layout import TAB_GAP, TableRegions, table_regions
from game.scenes.rnp_panel import Panel
from game.scenes.rnp_samples import sample_table
from game.scenes.rnp_timers import timer_label
from game.ui import fonts
from game.ui.button import Button
from game.ui.draw import blit_text, draw_rule, parchment
from game.ui.speech import SpokenText
from game.ui.text_fit import ellipsize
from game.ui.theme import LOGICAL_SIZE


def _panel_classes() -> list[tuple[str, type[Panel]]]:
    from game.scenes.rnp_body import BreathPanel, FallPanel, JumpPanel
    from game.scenes.rnp_clock import ClockPanel
    from game.scenes.rnp_food import FoodPanel
    from game.scenes.rnp_party import PartyPanel
    from game.scenes.rnp_sight import HidePanel, LightPanel
    from game.scenes.rnp_timers import TimersPanel
    from game.scenes.rnp_travel import TravelPanel

    return [
        ("party", PartyPanel),
        ("clock", ClockPanel),
        ("timers", TimersPanel),
        ("travel", TravelPanel),
        ("jump", JumpPanel),
        ("fall", FallPanel),
        ("breath", BreathPanel),
        ("food", FoodPanel),
        ("light", LightPanel),
        ("hide", HidePanel),
    ]


class RnpTableScene(FluidLayout, AdventureScene):
    """The game master's table for one Rôle'n Play adventure, laid out for any page (``rnp_layout``)."""

    screen = Screen.RNP_TABLE
    help_topic = "rnp"

    status = SpokenText()  # shown on the screen and said to a screen reader

    def __init__(self, services: Services, adventure: Adventure, tab: str = "party") -> None:
        super().__init__(services, adventure)
        self.chrome: dict[str, Button] = {}
        self.panels: dict[str, Panel] = {}
        self.r: TableRegions = table_regions(LOGICAL_SIZE)
        for name, cls in _panel_classes():
            panel = cls(self, self.r.content)
            panel.tab = name
            self.panels[name] = panel
        self.tab = tab if tab in self.panels else "party"
        self.status = None
        self.status_bad = False
        self.view: dict[str, Any] = {}
        self.refresh()

    # -- the rules -------------------------------------------------------------------------------
    @property
    def panel(self) -> Panel:
        return self.panels[self.tab]

    def refresh(self, changes: list[Change] | None = None) -> None:
        """Re-read the table from the rules and rebuild the widgets."""
        self.view = self.adventure.session.view(self.ui.catalogue.language)
        self.rebuild()

    def refresh_soft(self) -> None:
        """After a keystroke: the panel updates its previews, widgets stay (focus and caret too)."""
        self.panel.soft_update()

    def refusal(self, action: ActionLike) -> Refused | None:
        return self.adventure.refusal(action)

    def act(self, action: Any, message: str | None = None) -> Entry | None:
        """Send ``action`` to the rules; show what happened (``message``, or the journal's new line) and return
        the entry, or show the refusal on the status line and return None."""
        result = self.adventure.act(action)
        self._after(result, message)
        return None if isinstance(result, Refused) else result

    def roll(
        self,
        action: ActionLike,
        present: Callable[[Entry], Presentation],
        after: Callable[[Entry | Refused], None] | None = None,
    ) -> None:
        """An action that rolls: physical dice if set, the rules decide, the overlay shows the dice."""
        journal_before = len(self.view.get("journal", []))

        def done(result: Entry | Refused) -> None:
            self._after(result, None, journal_before)
            if after is not None:
                after(result)

        roll_action(self, self.services, self.adventure, action, present, done)

    def _after(self, result: Entry | Refused, message: str | None, journal_before: int | None = None) -> None:
        if isinstance(result, Refused):
            self.show(self.refusal_text(result), bad=True)
            return
        before = len(self.view.get("journal", [])) if journal_before is None else journal_before
        self.flush()
        journal = self.view["journal"]
        if message is None and len(journal) > before:
            message = journal_line(self.ui, self.book, journal[-1])
        self.show(message)

    def show(self, message: str | None, bad: bool = False) -> None:
        problem = self.adventure.save_problem
        if problem:
            message, bad = self.ui.t("rnp.save_problem", reason=problem), True
        self.status, self.status_bad = message, bad

    def say(self, text: str | None, tone: str = "neutral") -> None:
        self.show(text, bad=tone == "bad")

    def undo(self) -> Entry | None:
        entry = super().undo()
        if entry is not None:
            self.show(self.ui.t("rnp.undone", what=self.action_name(entry.action)))
        return entry

    def redo(self) -> Entry | None:
        entry = super().redo()
        if entry is not None:
            self.show(self.ui.t("rnp.redone", what=self.action_name(entry.action)))
        return entry

    def action_name(self, action: dict[str, Any]) -> str:
        key = f"rnp.do_{action.get('do')}"
        return self.ui.t(key) if self.ui.catalogue.has(key) else str(action.get("do"))

    def round_number(self) -> int | None:
        """The round under way since the clock last switched to rounds (the journal time of that switch)."""
        clock = self.view["clock"]
        if clock["scale"] != "round":
            return None
        start = 0.0
        for entry in reversed(self.view["journal"]):
            if entry["do"] == "set_scale" and entry["data"].get("scale") == "round":
                start = entry["at_s"]
                break
        return int((clock["elapsed_s"] - start) // self.book.scale("round").seconds) + 1

    # -- navigation -------------------------------------------------------------------------------
    def select(self, tab: str) -> None:
        if tab in self.panels and tab != self.tab:
            self.tab = tab
            self.rebuild()

    def show_players(self) -> None:
        """The players' view over the table (time and light, none of the game master's numbers)."""
        from game.scenes.rnp_players import PlayersScene

        if self.stack is not None:
            self.stack.push(PlayersScene(self))

    def back(self) -> None:
        if self.stack is not None:
            self.navigator.to_shelf(self)

    # -- widgets ---------------------------------------------------------------------------------------
    def rebuild(self) -> None:
        """New widgets from the current view and the panels' form values; focus stays on the same name."""
        focused = self.group.focus.focused if self.group else None
        focus_name = next((n for n, w in self.panel_named_all().items() if w is focused), None)
        self.layout(self.page)
        if focus_name is not None:
            widget = self.panel_named_all().get(focus_name)
            self.group.focus.focus(widget if widget is not None and widget.accepts_focus() else None)

    def place_widgets(self) -> None:
        """The top buttons, the tabs and the open panel's controls, placed for ``self.page``."""
        self.r = table_regions(self.page, len(self.panels))
        self.chrome = {}
        self.panel.named = {}
        self._build_chrome()
        self.panel.place(self.r.content)
        self.panel.build()
        self.panel.finish()
        self.panel.soft_update()

    def panel_named_all(self) -> dict[str, Any]:
        return {**{f"chrome:{k}": v for k, v in self.chrome.items()}, **self.panel.named}

    def _build_chrome(self) -> None:
        ui = self.ui
        size = ui.theme.text_size("button")
        specs = [
            ("players", ui.tr("rnp.players"), self.show_players, True, None),
            ("undo", ui.tr("rnp.undo"), self.undo, self.adventure.session.can_undo, ui.tr("rnp.nothing_to_undo")),
            ("redo", ui.tr("rnp.redo"), self.redo, self.adventure.session.can_redo, ui.tr("rnp.nothing_to_redo")),
            ("help", ui.tr("rnp.help"), self.open_help, True, None),
            ("back", ui.tr("rnp.back"), self.back, True, None),
        ]
        labels = [fonts.text_width(ui.text(label), "body", size) for _, label, *_ in specs]
        title_end = 24 + fonts.text_width(ui.t("rnp.title"), "title", ui.theme.text_size("heading") + 4) + 16
        for least, padding in ((96, 30), (64, 22)):  # a narrow page (960 wide) tightens the buttons, not the title
            widths = [max(least, width + padding) for width in labels]
            x = self.page[0] - 16 - sum(widths) - 8 * (len(widths) - 1)
            if x >= title_end:
                break
        for (name, label, action, enabled, reason), width in zip(specs, widths):
            button = Button(ui, (x, 12, width, 42), label, on_click=action, tooltip=ui.tr(f"rnp.tip_{name}"))
            if not enabled:
                button.set_enabled(False, reason)
            self.chrome[name] = self.group.add(button)
            x += width + 8
        menu, y = self.r.menu, self.r.menu.top
        for name in self.panels:
            button = Button(
                ui,
                (menu.left, y, menu.width, self.r.tab_height),
                ui.tr(f"rnp.tab_{name}"),
                on_click=partial(self.select, name),
                style="primary" if name == self.tab else "normal",
            )
            self.chrome[f"tab:{name}"] = self.group.add(button)
            y += self.r.tab_height + TAB_GAP

    # -- frame ----------------------------------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.history_key(event) or self.help_key(event):
            return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F2:
                self.show_players()
                return None
        consumed = self.group.process_event(event)
        if not consumed and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return None
        return None if consumed else event

    def draw(self, surface: pygame.Surface) -> None:
        p, theme, r = self.ui.palette, self.ui.theme, self.r
        surface.blit(parchment(self.page, p), (0, 0))
        blit_text(surface, self.ui.t("rnp.title"), (24, 10), "title", theme.text_size("heading") + 4, p.rubric)
        self.draw_summary(surface)
        draw_rule(surface, 16, self.page[0] - 16, r.band, p.ink_faint)
        self.panel.draw(surface)
        if self.status:
            size = theme.text_size("small")
            text = ellipsize(self.status, "italic", size, self.page[0] - 40)
            colour = p.bad if self.status_bad else p.ink_soft
            blit_text(surface, text, (20, r.status_y), "italic", size, colour, "midleft")
        self.group.draw(surface)

    def draw_summary(self, surface: pygame.Surface) -> None:
        """The clock (time, scale, round) and the timers run out, between the title and the buttons, or on a
        line of their own under them on a narrow page."""
        p, theme = self.ui.palette, self.ui.theme
        clock = self.view["clock"]
        summary = self.ui.t(
            "rnp.clock_summary",
            time=clock_time(self.ui, self.book, clock["elapsed_s"]),
            scale=scale_name(self.ui, self.book, clock["scale"]),
        )
        rnd = self.round_number()
        if rnd is not None:
            summary += " · " + self.ui.t("rnp.round", n=rnd)
        out = [
            timer_label(self.ui, t) + (f" ({t['character']})" if t["character"] else "")
            for t in self.view["timers"]
            if t["expired"] or t.get("phase") in ("suffocating", "out")
        ]
        warning = self.ui.t("rnp.timers_out", names=", ".join(out)) if out else ""
        small, body = theme.text_size("small"), theme.text_size("body")
        if self.r.two_lines:
            left, right, y = 24, self.page[0] - 24, 72
            if out:
                half = (right - left) // 2
                blit_text(
                    surface, ellipsize(summary, "italic", small, half - 12), (left, y), "italic", small, p.ink_soft, "midleft"
                )
                blit_text(surface, ellipsize(warning, "bold", small, half - 12), (right, y), "bold", small, p.bad, "midright")
            else:
                blit_text(
                    surface, ellipsize(summary, "italic", body, right - left), (left, y), "italic", body, p.ink_soft, "midleft"
                )
            return
        left = 24 + fonts.text_width(self.ui.t("rnp.title"), "title", theme.text_size("heading") + 4) + 28
        right = min(b.rect.left for n, b in self.chrome.items() if not n.startswith("tab:")) - 16
        centre = (left + right) // 2
        if out:  # a timer ran out: the warning is part of the clock
            blit_text(
                surface, ellipsize(summary, "italic", small, right - left), (centre, 22), "italic", small, p.ink_soft, "center"
            )
            blit_text(surface, ellipsize(warning, "bold", small, right - left), (centre, 46), "bold", small, p.bad, "center")
        else:
            blit_text(
                surface, ellipsize(summary, "italic", body, right - left), (centre, 33), "italic", body, p.ink_soft, "center"
            )


# -- showcase ----------------------------------------------------------------------------------------------
@showcase("rnp-party")
def _party(services: Services) -> list[Scene]:
    return [RnpTableScene(services, sample_table(services), "party")]


@showcase("rnp-clock")
def _clock(services: Services) -> list[Scene]:
    return [RnpTableScene(services, sample_table(services), "clock")]


@showcase("rnp-timers")
def _timers(services: Services) -> list[Scene]:
    adventure = sample_table(services)
    adventure.act(a.HoldBreath(do="hold_breath", character="Pip", timer=True))
    adventure.act(a.Advance(do="advance", amount=1))
    return [RnpTableScene(services, adventure, "timers")]


@showcase("rnp-travel")
def _travel(services: Services) -> list[Scene]:
    scene = RnpTableScene(services, sample_table(services), "travel")
    planner = scene.panels["travel"]
    planner.plan.update(mode="foot", pace="fast", terrain="difficult", unit="days")  # type: ignore[attr-defined]  # the showcase reaches into a known panel class
    planner.texts.update(amount="1", extra="2")
    scene.rebuild()
    return [scene]


@showcase("rnp-calculators")
def _calculators(services: Services) -> list[Scene]:
    scene = RnpTableScene(services, sample_table(services), "jump")
    return [scene]


@showcase("rnp-fall")
def _fall(services: Services) -> list[Scene]:
    adventure = sample_table(services)
    adventure.act(a.Fall(do="fall", metres=10, character="Mira"))
    scene = RnpTableScene(services, adventure, "fall")
    scene.panels["fall"].texts["metres"] = "10"
    scene.panels["fall"].who = "Mira"  # type: ignore[attr-defined]  # the showcase reaches into a known panel class
    scene.rebuild()
    return [scene]


@showcase("rnp-breath")
def _breath(services: Services) -> list[Scene]:
    adventure = sample_table(services)
    scene = RnpTableScene(services, adventure, "breath")
    breath = scene.panels["breath"]
    breath.who = "Brok"  # type: ignore[attr-defined]  # the showcase reaches into a known panel class
    breath.hold()  # type: ignore[attr-defined]  # the showcase reaches into a known panel class
    scene.act(a.SetScale(do="set_scale", scale="round"))
    scene.act(a.Advance(do="advance", amount=12))
    return [scene]


@showcase("rnp-food")
def _food(services: Services) -> list[Scene]:
    return [RnpTableScene(services, sample_table(services), "food")]


@showcase("rnp-light")
def _light(services: Services) -> list[Scene]:
    scene = RnpTableScene(services, sample_table(services), "light")
    scene.act(a.AdvanceTo(do="advance_to", to="dusk"))  # outdoors the clock sets the light: dusk is dim
    scene.panels["light"].obscurement = "light"  # type: ignore[attr-defined]  # the showcase reaches into a known panel class
    scene.rebuild()
    return [scene]


@showcase("rnp-hiding")
def _hiding(services: Services) -> list[Scene]:
    scene = RnpTableScene(services, sample_table(services), "hide")
    hiding = scene.panels["hide"]
    hiding.who = "Mira"  # type: ignore[attr-defined]  # the showcase reaches into a known panel class
    hiding.condition = "darkness"  # type: ignore[attr-defined]  # the showcase reaches into a known panel class
    scene.act(a.SetLight(do="set_light", light="darkness"))
    hiding.watch.update({"Brok": "passive", "c1": "passive", "c2": "active"})  # type: ignore[attr-defined]  # the showcase reaches into a known panel class
    hiding.texts.update(c1_name="Orc", c2_name="Warg", c2_pp="13")
    scene.rebuild()
    return [scene]


@showcase("rnp-form")
def _form(services: Services) -> list[Scene]:
    from game.scenes.rnp_character_form import CharacterForm

    scene = RnpTableScene(services, sample_table(services, journey=False), "party")
    form = CharacterForm(scene, scene.view["party"]["Elwen"])
    return [scene, form]


@showcase("rnp-dice")
def _dice(services: Services) -> list[Scene]:
    from game.scenes.rnp_travel import present_travel

    adventure = sample_table(services, journey=False)
    scene = RnpTableScene(services, adventure, "travel")
    entry = adventure.act(a.TravelParty(do="travel_party", mode="foot", pace="normal", days=1, extra_hours=2))
    assert isinstance(entry, Entry)
    title, groups, verdict, tone = present_travel(scene, entry)
    overlay = services.navigator.build(Screen.DICE_ROLL, title, groups, verdict, tone=tone, rng=services.rng, animation_factor=0)
    return [scene, overlay]


@showcase("rnp-saves")
def _saves(services: Services) -> list[Scene]:
    from game.scenes.rnp_saves import SavesScene
    from game.scenes.rnp_travel import last_saves

    scene = RnpTableScene(services, sample_table(services), "travel")
    entry = last_saves(scene.view)
    assert entry is not None
    return [scene, SavesScene(scene, entry)]


__all__ = ["RnpTableScene", "duration"]

"""The Rôle'n Play table: party, clock and journal, travel planner, calculators.

For the game master of a Rôle'n Play game: one screen with a side menu of
panels (party, clock, timers, travel, jump, fall, breath, food and water, light,
hiding). Every change is an action sent to the rules through ``adventure.act``
(logged, undoable, autosaved); actions that roll go through ``roll_action``
(physical dice, dice overlay). The screen decides nothing: previews are dry runs
of the rules (``game.rules.rnp.preview``). The panels see the scene only as their
:class:`~game.scenes.rnp_table.panel.Table`; the overlays (the character form, the
players' view, the saves window, the question before a removal) open through the navigator.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app.adventure import Adventure, Change
from game.app.adventure_scene import AdventureScene
from game.app.fluid import FluidLayout
from game.app.navigator import Screen
from game.app.rolling import roll_action
from game.app.services import Services
from game.books.rolenplay import RolenplayBook
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.rnp.state import TableState
from game.rules.session import ActionLike, Entry
from game.scenes.rnp_table.breath import BreathPanel
from game.scenes.rnp_table.clock import ClockPanel
from game.scenes.rnp_table.controls import RnpTableControls, build_controls, top_labels
from game.scenes.rnp_table.data import Json, round_number
from game.scenes.rnp_table.fall import FallPanel
from game.scenes.rnp_table.food import FoodPanel
from game.scenes.rnp_table.hiding import HidePanel
from game.scenes.rnp_table.jump import JumpPanel
from game.scenes.rnp_table.layout import TableRegions, table_regions
from game.scenes.rnp_table.light import LightPanel
from game.scenes.rnp_table.paint import paint_band, paint_status
from game.scenes.rnp_table.panel import Panel, Present, Shared, W
from game.scenes.rnp_table.party import PartyPanel
from game.scenes.rnp_table.players import players_view
from game.scenes.rnp_table.timers import TimersPanel
from game.scenes.rnp_table.travel import TravelPanel
from game.scenes.rnp_table.view import RnpTableView, view_of
from game.scenes.rnp_table.words import journal_line
from game.ui.speech import SpokenText, join
from game.ui.theme import LOGICAL_SIZE
from game.ui.widget import Widget

#: The tabs, in the menu's order, and the panel each opens.
PANELS: tuple[tuple[str, type[Panel]], ...] = (
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
)


class RnpTableScene(FluidLayout, AdventureScene):
    """The game master's table for one Rôle'n Play adventure, laid out for any page (``layout.py``)."""

    screen = Screen.RNP_TABLE
    help_topic = "rnp"

    status = SpokenText()  # shown on the screen and said to a screen reader

    def __init__(self, services: Services, adventure: Adventure, tab: str = "party") -> None:
        super().__init__(services, adventure)
        self.book: RolenplayBook = adventure.book
        self.shared = Shared()
        self.controls: RnpTableControls | None = None
        self.regions: TableRegions = table_regions(LOGICAL_SIZE)
        self.panels: dict[str, Panel] = {}
        for name, cls in PANELS:
            panel = cls(self, self.regions.content)
            panel.tab = name
            self.panels[name] = panel
        self.tab = tab if tab in self.panels else "party"
        self.status = None
        self.status_bad = False
        self.rules: Json = {}
        self.refresh()

    # -- what the panels see (panel.Table) ------------------------------------------------------------
    @property
    def panel(self) -> Panel:
        return self.panels[self.tab]

    @property
    def state(self) -> TableState:
        state: TableState = self.adventure.state
        return state

    def add_widget(self, widget: W) -> W:
        return self.group.add(widget)

    def refresh(self, changes: list[Change] | None = None) -> None:
        """Re-read the table from the rules and rebuild the widgets."""
        self.rules = self.adventure.session.view(self.ui.catalogue.language)
        self.rebuild()

    def refresh_soft(self) -> None:
        """After a keystroke: the panel updates its previews, widgets stay (focus and caret too)."""
        self.panel.soft_update()

    def refusal(self, action: ActionLike) -> Refused | None:
        return self.adventure.refusal(action)

    def act(self, action: ActionLike, message: str | None = None) -> Entry | None:
        """Send ``action`` to the rules; show what happened (``message``, or the journal's new line) and return
        the entry, or show the refusal on the status line and return None."""
        result = self.adventure.act(action)
        self._after(result, message)
        return None if isinstance(result, Refused) else result

    def roll(self, action: ActionLike, present: Present, after: Callable[[Entry | Refused], None] | None = None) -> None:
        """An action that rolls: physical dice if set, the rules decide, the overlay shows the dice."""
        journal_before = len(self.rules.get("journal", []))

        def done(result: Entry | Refused) -> None:
            self._after(result, None, journal_before)
            if after is not None:
                after(result)

        roll_action(self, self.services, self.adventure, action, lambda entry: present(self.state.result or {}), done)

    def _after(self, result: Entry | Refused, message: str | None, journal_before: int | None = None) -> None:
        if isinstance(result, Refused):
            self.show(self.refusal_text(result), bad=True)
            return
        before = len(self.rules.get("journal", [])) if journal_before is None else journal_before
        self.flush()
        journal = self.rules["journal"]
        if message is None and len(journal) > before:
            message = journal_line(self.ui, self.book, journal[-1])
        self.show(message)

    def show(self, message: str | None, bad: bool = False) -> None:
        if self.adventure.save_problem:  # the sheet's words for it: the reason in the player's language
            message, bad = self.save_failed_text(), True
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

    def action_name(self, action: Json) -> str:
        key = f"rnp.do_{action.get('do')}"
        return self.ui.t(key) if self.ui.catalogue.has(key) else str(action.get("do"))

    def round_number(self) -> int | None:
        """The round under way since the clock last switched to rounds."""
        return round_number(self.book, self.rules)

    # -- the overlays ------------------------------------------------------------------------------------
    def open_form(self, member: Json | None) -> None:
        """The character form: a new character, or ``member`` to edit."""
        if self.stack is not None:
            self.navigator.open(self, Screen.RNP_FORM, self, self.book, member, self.written_passive(member), self.page)

    def written_passive(self, member: Json | None) -> bool:
        """Whether ``member``'s sheet holds a written passive Perception (read from the table's state, not the
        one the rules work out)."""
        return member is not None and any(c.name == member["name"] and c.passive_perception is not None for c in self.state.party)

    def ask_remove(self, name: str) -> None:
        """Ask before removing ``name``; the removal is an action like any other (undoable)."""
        if self.stack is None:
            return
        ui = self.ui

        def answered(yes: object) -> None:
            if yes:
                self.act(a.RemoveCharacter(name=name))

        self.navigator.open(
            self,
            Screen.DIALOG,
            ui.tr("rnp.remove_question", name=name),
            [(ui.tr("common.cancel"), False), (ui.tr("rnp.remove"), True)],
            title=ui.tr("rnp.remove_title"),
            cancel_value=False,
            on_result=answered,
        )

    def open_saves(self, entry: Json) -> None:
        """Every forced-march save of the leg of the journal ``entry``."""
        if self.stack is not None:
            self.navigator.open(self, Screen.RNP_SAVES, self.book, entry, self.page)

    def show_players(self) -> None:
        """The players' view over the table (time and light, none of the game master's numbers)."""
        if self.stack is not None:
            self.navigator.open(self, Screen.RNP_PLAYERS, players_view(self.ui, self.book, self.rules), self.page)

    # -- navigation -------------------------------------------------------------------------------
    def select(self, tab: str) -> None:
        if tab in self.panels and tab != self.tab:
            self.tab = tab
            self.rebuild()

    def back(self) -> None:
        if self.stack is not None:
            self.navigator.to_shelf(self)

    # -- widgets ---------------------------------------------------------------------------------------
    @property
    def chrome(self) -> dict[str, Widget]:
        """The top buttons and the tabs (``tab:<tab>``) by name."""
        return dict(self.controls.named) if self.controls is not None else {}

    def shown(self) -> RnpTableView:
        session = self.adventure.session
        return view_of(
            self.ui,
            self.book,
            self.rules,
            tab=self.tab,
            tabs=tuple(self.panels),
            status=self.status,
            status_bad=self.status_bad,
            can_undo=session.can_undo,
            can_redo=session.can_redo,
        )

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
        ui = self.ui
        self.regions = table_regions(self.page, len(self.panels), ui=ui, title=ui.t("rnp.title"), labels=top_labels(ui))
        self.controls = build_controls(ui, self.regions, self.shown(), self)
        for widget in self.controls.named.values():
            self.group.add(widget)
        self.panel.place(self.regions.content)
        self.panel.build()
        self.panel.finish()
        self.panel.soft_update()

    def panel_named_all(self) -> dict[str, Widget]:
        return {**{f"chrome:{k}": v for k, v in self.chrome.items()}, **self.panel.named}

    # -- frame ----------------------------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.history_key(event) or self.help_key(event):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F2:
            self.show_players()
            return None
        consumed = self.group.process_event(event)
        if not consumed and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return None
        return None if consumed else event

    def draw(self, surface: pygame.Surface) -> None:
        view = self.shown()
        paint_band(surface, view, self.regions, self.ui)
        self.panel.draw(surface)
        paint_status(surface, view, self.regions, self.ui)
        self.group.draw(surface)

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: the game master's table and its open tab."""
        ui = self.ui
        key = f"rnp.tab_{self.tab}"
        return join(ui.t("access.screen_rnp", tab=ui.t(key) if ui.catalogue.has(key) else self.tab), ui.t("access.tab_hint"))

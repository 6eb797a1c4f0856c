"""The Rôle'n Play table's parts (issue 27): a tab works against any Table, not only the table scene, and a
painter needs only its view, its regions and the UI context."""

from __future__ import annotations

import pygame
import pytest
from app_helpers import make_services

from game.rules.dice import RandomDice
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.session import Session, Start
from game.scenes.rnp_table.layout import panel_frame
from game.scenes.rnp_table.panel import Shared
from game.scenes.rnp_table.party import PartyPanel
from game.scenes.rnp_table.players import paint_players, players_regions, players_view
from game.scenes.rnp_table.timers import TimersPanel, paint_timers, timers_regions
from game.scenes.rnp_table.view import view_of
from game.scenes.samples.rnp import sample_table
from game.ui.group import WidgetGroup

AREA = pygame.Rect(210, 110, 1040, 560)


class FakeTable:
    """A Table (game.scenes.rnp_table.panel) over a bare session: it records what the panel asks of it."""

    def __init__(self, services, session) -> None:
        self.ui, self.book, self.session = services.ui, session.book, session
        self.shared = Shared()
        self.group = WidgetGroup(self.ui)
        self.asked: list[tuple] = []

    @property
    def rules(self):
        return self.session.view(self.ui.catalogue.language)

    @property
    def state(self):
        return self.session.state

    def add_widget(self, widget):
        return self.group.add(widget)

    def act(self, action, message=None):
        self.asked.append(("act", action))
        result = self.session.apply(action)
        return None if isinstance(result, Refused) else result

    def roll(self, action, present, after=None):
        self.asked.append(("roll", action))

    def rebuild(self) -> None:
        self.asked.append(("rebuild",))

    def refresh_soft(self) -> None:
        self.asked.append(("refresh_soft",))

    def show(self, message, bad=False) -> None:
        self.asked.append(("show", message, bad))

    def refusal(self, action):
        return self.session.refusal(action)

    def refusal_text(self, refused) -> str:
        return refused.code

    def open_form(self, member) -> None:
        self.asked.append(("open_form", member and member["name"]))

    def ask_remove(self, name) -> None:
        self.asked.append(("ask_remove", name))

    def open_saves(self, entry) -> None:
        self.asked.append(("open_saves", entry["do"]))


@pytest.fixture
def services(tmp_path):
    return make_services(tmp_path)


@pytest.fixture
def table(services):
    session = Session(services.shelf.books["rolenplay"], RandomDice(3), Start(language=services.language))
    session.apply(a.AddCharacter(name="Aria"))
    return FakeTable(services, session)


def opened(panel_class, table):
    """``panel_class`` built against ``table`` as the table scene builds its open tab."""
    panel = panel_class(table, AREA)
    panel.place(AREA)
    panel.build()
    panel.finish()
    panel.soft_update()
    return panel


def test_a_timer_started_on_its_tab_is_the_add_timer_action_the_tab_hands_its_table(table):
    panel = opened(TimersPanel, table)
    panel.texts.update(label="Torche", amount="30")  # what the fields' keystrokes keep
    panel.pick_scale("minute")
    panel.soft_update()  # what a keystroke asks (the table would: refresh_soft)
    panel.named["add"].activate()
    assert ("act", a.AddTimer(label="Torche", amount=30, scale="minute")) in table.asked
    assert [t["label"] for t in table.rules["timers"]] == ["Torche"]


def test_a_refused_timer_disables_its_button_with_the_tables_words_for_the_refusal(table):
    panel = opened(TimersPanel, table)
    panel.texts.update(label="", amount="30")
    panel.soft_update()
    button = panel.named["add"]
    assert not button.enabled and button.disabled_reason  # the table's refusal_text gave the words


def test_the_party_tab_asks_its_table_for_the_form_and_the_question_before_a_removal(table):
    panel = opened(PartyPanel, table)
    for name in ("add", "edit:Aria", "remove:Aria"):
        panel.named[name].activate()
    assert ("open_form", None) in table.asked and ("open_form", "Aria") in table.asked
    assert ("ask_remove", "Aria") in table.asked
    assert table.rules["party_order"] == ["Aria"]  # nothing removed before the answer


def test_the_timers_painter_draws_from_its_view_and_regions_alone(table, services):
    table.act(a.AddTimer(label="Torche", amount=1, scale="hour"))
    panel = opened(TimersPanel, table)
    surface = pygame.Surface((1280, 720))
    surface.fill((0, 0, 0))
    paint_timers(surface, panel.shown(), timers_regions(panel_frame(AREA).content(400), services.ui), services.ui)
    assert surface.get_bounding_rect().width > 0  # the captions, the timer's line and its bar


def test_the_players_view_is_made_from_the_rules_view_and_painted_without_the_table(services):
    adventure = sample_table(services)
    view = players_view(services.ui, adventure.book, adventure.session.view(services.language))
    assert view.timers and not {"party", "hp", "journal"} & set(vars(view))
    surface = pygame.Surface((960, 540))
    paint_players(surface, view, players_regions((960, 540)), services.ui)
    assert surface.get_at((480, 100)) != surface.get_at((5, 5))  # the sky is drawn over the parchment


def test_the_tables_view_says_the_round_and_the_timers_run_out(services):
    adventure = sample_table(services, journey=False)
    adventure.act(a.SetScale(scale="round"))
    adventure.act(a.Advance(amount=2))
    adventure.act(a.AddTimer(label="Torche", amount=1, scale="round"))
    adventure.act(a.Advance(amount=1))
    rules = adventure.session.view(services.language)
    view = view_of(
        services.ui,
        adventure.book,
        rules,
        tab="clock",
        tabs=("clock",),
        status=None,
        status_bad=False,
        can_undo=True,
        can_redo=False,
    )
    assert services.ui.t("rnp.round", n=4) in view.summary
    assert "Torche" in view.warning

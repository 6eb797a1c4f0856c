"""The reader: a book's numbered sections on parchment, beside a compact sheet; choices as buttons.

For books that carry their text (``book.sections``, the demo adventure). The
screen only executes what ``game.rules.ff.sections`` says: on arrival at a
section its automatic events (gains, losses, a day, death) are applied as rules
actions; a test is rolled through ``roll_action`` with the dice overlay; a
fight is started with the section's creatures and played on the combat board
(the navigator opens it). Choices are enabled only when the rules' outcomes
open them (a test's result, the fight's winner) and each one is the
``paragraph`` action, so the sheet's paragraph tracker always follows.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.app.adventure import Adventure, Change
from game.app.adventure_scene import AdventureScene
from game.app.fluid import FluidLayout
from game.app.navigator import Screen
from game.app.rolling import DiceGroup, roll_action
from game.app.scene import Scene
from game.app.services import Services
from game.app.showcase import showcase
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.ff import sections as rules
from game.rules.ff.outcome import good
from game.rules.session import ActionLike, Entry, Session, Start
from game.scenes import reader_paint
from game.scenes.reader_layout import (
    CHOICE_GAP,
    CHOICE_H,
    MAX_AUTOMATIC,
    STRIP_H,
    TEXT_TOP,
    WHEEL_STEP,
    ReaderRegions,
    reader_regions,
)
from game.scenes.reader_text import SectionText
from game.ui.button import Button
from game.ui.keymap import press
from game.ui.theme import LOGICAL_SIZE

if TYPE_CHECKING:
    from game.app.adventure import FFAdventure
    from game.rules.ff.actions import FFAction
    from game.rules.ff.state import SheetState


#: The compact sheet's recovery buttons (by their key) and the typed action each sends.
USES: dict[str, type[a.Action]] = {"herb": a.UseHerb, "eat": a.Eat}


class ReaderScene(FluidLayout, AdventureScene):
    """Read the book section by section; the rules decide what each section allows."""

    screen = Screen.READER
    help_topic = "sheet"
    back_control = "sheet_button"  # Escape

    adventure: FFAdventure
    r: ReaderRegions

    def __init__(self, services: Services, adventure: FFAdventure, size: tuple[int, int] = LOGICAL_SIZE) -> None:
        super().__init__(services, adventure)
        self.offer: rules.Offer | None = None
        self.layout(size)
        self.sync()

    # =====================================================================================
    # building
    # =====================================================================================
    def place_widgets(self) -> None:
        """Build the widgets for ``self.page``; the section shown so far is placed (and its text re-wrapped) at once."""
        self.r = reader_regions(self.page)
        page = self.r.book_page
        self.strip = pygame.Rect(page.x + 24, page.bottom - 20, page.width - 48, 0)
        self.choice_buttons: list[Button] = []
        self._choice_key: Any = None
        self._build()
        if self.offer is not None:
            self._refresh(self.offer)

    def keep_view(self) -> float:
        """A re-layout keeps the place in the text (as a share of it: the lines re-wrap)."""
        return self.text.scroll / max(1, self.text.content)

    def restore_view(self, kept: float) -> None:
        self.text.scroll_to(round(kept * self.text.content))

    def _build(self) -> None:
        ui, g, book, page, side = self.ui, self.group, self.book, self.r.book_page, self.r.side
        self.sheet_button = g.add(
            Button(ui, self.r.sheet_button, ui.tr("reader.sheet"), on_click=self.to_sheet, tooltip=ui.tr("reader.sheet_tip"))
        )
        text_x, text_width = self.r.text_column
        self.text = g.add(SectionText(ui, pygame.Rect(text_x, page.y + TEXT_TOP, text_width, 300)))
        self.event_button = g.add(Button(ui, (page.x + 24, 0, 300, 48), "", style="primary", on_click=self.run_event))
        self.death_button = g.add(
            Button(ui, (page.x + 24, 0, 300, 48), ui.tr("reader.to_death"), style="danger", on_click=self.to_death, visible=False)
        )
        self.shelf_button = g.add(
            Button(
                ui, (page.x + 24, 0, 300, 48), ui.tr("reader.to_shelf"), style="primary", on_click=self.to_shelf, visible=False
            )
        )
        # the compact sheet: recovery that the rules allow outside fights
        self.use_buttons: dict[str, Button] = {}
        y = self._side_buttons_top()
        for key, healing, action in (("reader.use_herb", book.herb, "herb"), ("reader.eat", book.meal, "eat")):
            if healing is not None:
                self.use_buttons[action] = g.add(
                    Button(
                        ui,
                        (side.x + 20, y, side.width - 40, 44),
                        ui.tr(key, stamina=healing.stamina),
                        icon="herbs" if action == "herb" else "provisions",
                        on_click=partial(self.heal, action),
                    )
                )
                y += 52

    def _side_buttons_top(self) -> int:
        return self.r.side.bottom - 16 - 52 * sum(1 for h in (self.book.herb, self.book.meal) if h is not None) + 8

    # =====================================================================================
    # reading the rules
    # =====================================================================================
    @property
    def language(self) -> str:
        return self.ui.catalogue.language

    def sync(self) -> None:
        """Arrive if needed, apply the automatic events, then show what the section offers now."""
        state = self.adventure.state
        if state.hero is None:
            return
        if state.paragraph is None:
            self._act(rules.go_to(self.book.entry_section))
        for _ in range(MAX_AUTOMATIC):
            state = self.adventure.state
            number = state.paragraph if state.paragraph is not None else self.book.entry_section
            offer = rules.offer(self.book, state, self.adventure.session.entries, number, self.language)
            if offer.automatic is None or self._act(offer.automatic) is None:
                break
        self.offer = offer
        self._refresh(offer)
        self._speak_new_section(offer.number)

    def _speak_new_section(self, number: int) -> None:
        """A new section is read aloud (the first one is, with the screen, by the narrator)."""
        previous, self._spoken_number = getattr(self, "_spoken_number", None), number
        if previous is not None and previous != number:
            from game.scenes.narration import describe_screen

            self.ui.say(describe_screen(self))

    def shortcut(self, action: str) -> bool:
        """ "Next paragraph": the section's event, else its only way on, else the focus on the first choice."""
        if action != "next_paragraph":
            return False
        visible = [b for b in self.choice_buttons if b.visible and b.enabled]
        if self.event_button.visible:
            press(self.ui, self.event_button, action)
        elif len(visible) == 1:
            visible[0].activate()
        elif visible:
            self.group.focus.focus(visible[0])
            self.group.focus.visible = True
            self.ui.say(self.ui.t("access.choices", choices=", ".join(self.ui.text(b.label) for b in visible)))
        else:
            press(self.ui, None, action)
        return True

    def refresh(self, changes: list[Change]) -> None:
        self.sync()

    def _act(self, action: ActionLike) -> Entry | None:
        """Apply ``action`` without refreshing (``sync`` itself applies the automatic events)."""
        result = self.adventure.act(action)
        if isinstance(result, Refused):
            self.say(self.refusal_text(result), "bad")
            return None
        return result

    def _refresh(self, offer: rules.Offer) -> None:
        ui, state = self.ui, self.adventure.state
        section = offer.section
        self.text.set_text(
            section.text.get(self.language) if section else ui.t("reader.not_in_book", number=offer.number),
            (offer.number, self.language),
        )
        # the event strip
        nxt = offer.next
        self.event_button.visible = False
        self.death_button.visible = offer.dead
        self.shelf_button.visible = offer.ending is not None and not offer.dead
        if section is None:
            self.event_button.visible = True
            self.event_button.label = ui.tr("reader.resume_at", number=rules.resume_number(self.book, state))
            self.event_button.icon = None
        elif not offer.dead and nxt is not None and not nxt.automatic:
            self.event_button.visible = True
            self.event_button.label, self.event_button.icon = self._event_label(nxt)
            if nxt.kind == "fight" and not nxt.started:
                self.allow(self.event_button, nxt.action)
            elif nxt.kind in ("test_luck", "test_skill"):
                self.allow(self.event_button, nxt.action)
            else:
                self.event_button.set_enabled(True)
        self.shelf_button.label = ui.tr("reader.to_shelf_victory" if offer.ending == "victory" else "reader.to_shelf")
        # choices
        self._layout(offer)
        for choice, button in zip(offer.choices, self.choice_buttons):
            button.label = self._choice_label(choice)
            button.style = "primary" if choice.enabled and choice.kind != "choice" else "normal"
            button.set_enabled(choice.enabled, None if choice.enabled else ui.tr(f"reader.why_{choice.reason}"))
        for action, button in self.use_buttons.items():
            self.allow(button, USES[action]())

    def _event_label(self, status: rules.EventStatus) -> tuple[Any, str | None]:
        ui = self.ui
        if status.kind == "test_luck":
            return ui.tr("reader.test_luck"), "heart"
        if status.kind == "test_skill":
            return ui.tr("reader.test_skill"), "shield"
        if status.kind == "fight":
            return ui.tr("reader.resume_fight" if status.started else "reader.fight"), None
        return ui.tr("reader.continue"), None

    def _choice_label(self, choice: rules.ChoiceOffer) -> Callable[[], str]:
        ui = self.ui
        if choice.kind == "choice":
            return lambda: ui.t("reader.choice", label=choice.label.get(ui.catalogue.language), number=choice.target)
        return ui.tr(f"reader.outcome_{choice.kind}", number=choice.target)

    def _strip_height(self) -> int:
        buttons = (self.event_button, self.death_button, self.shelf_button)
        return STRIP_H if any(b.visible for b in buttons) or reader_paint.strip_note(self)[0] else 0

    def _layout(self, offer: rules.Offer) -> None:
        """Place the text, the event strip and the choice buttons down the page for this section."""
        count = len(offer.choices)
        strip_height = self._strip_height()
        key = (offer.number, count, strip_height)
        page = self.r.book_page
        text_x, text_width = self.r.text_column
        bottom = page.bottom - 20
        choices_top = bottom - count * (CHOICE_H + CHOICE_GAP) + CHOICE_GAP if count else bottom
        strip_top = choices_top - (16 if count and strip_height else 0) - strip_height
        self.strip = pygame.Rect(page.x + 24, strip_top, page.width - 48, self._strip_height())
        text_top = page.y + TEXT_TOP
        text_rect = pygame.Rect(text_x, text_top, text_width, strip_top - (14 if strip_height else 22) - text_top)
        if text_rect != self.text.rect:
            self.text.rect = text_rect
            section = offer.section
            self.text.key = None
            self.text.set_text(
                section.text.get(self.language) if section else self.ui.t("reader.not_in_book", number=offer.number),
                (offer.number, self.language),
            )
        for button in (self.event_button, self.death_button, self.shelf_button):
            button.rect = pygame.Rect(self.strip.x, self.strip.y + 8, 330, 48)
        if key == self._choice_key:
            return
        self._choice_key = key
        for button in self.choice_buttons:
            self.group.remove(button)
        self.choice_buttons = []
        for index, _choice in enumerate(offer.choices):
            rect = (page.x + 24, choices_top + index * (CHOICE_H + CHOICE_GAP), page.width - 48, CHOICE_H)
            self.choice_buttons.append(self.group.add(Button(self.ui, rect, "", on_click=partial(self.choose, index))))

    # =====================================================================================
    # actions
    # =====================================================================================
    def choose(self, index: int) -> None:
        offer = self.offer
        if offer is None or index >= len(offer.choices) or not offer.choices[index].enabled:
            return
        self.say(None)
        self._act(offer.choices[index].action)
        self.sync()

    def run_event(self) -> None:
        offer = self.offer
        if offer is None:
            return
        if offer.section is None:
            self._act(rules.go_to(rules.resume_number(self.book, self.adventure.state)))
            self.sync()
            return
        nxt = offer.next
        if nxt is None:
            return
        if nxt.kind in ("test_luck", "test_skill"):
            self._test(nxt.action)
        elif nxt.kind == "fight":
            if not nxt.started and self._act(nxt.action) is None:
                self.sync()
                return
            self.open_fight()

    def _test(self, action: a.Action) -> None:
        stat = "luck" if isinstance(action, a.TestLuck) else "skill"
        hero = self.adventure.state.hero
        assert hero is not None  # the reader shows only once the hero is made
        target = hero.scores[stat]
        name = self.book.stat(stat).name.get(self.language)
        title = self.ui.t(f"reader.test_{stat}")

        def present(entry: Entry):
            group = DiceGroup(
                self.ui.t("reader.your_dice"),
                tuple(entry.dice),
                6,
                self.ui.t("reader.roll_detail", total=sum(entry.dice), target=target, stat=name),
            )
            return title, [group], self.ui.t(f"reader.verdict_{entry.outcome}"), "good" if good(entry.outcome) else "bad"

        roll_action(self, self.services, self.adventure, action, present, on_done=self._rolled)

    def _rolled(self, result: Entry | Refused) -> None:
        if isinstance(result, Refused):
            self.say(self.refusal_text(result), "bad")
        elif result.outcome:
            self.say(self.ui.t(f"reader.verdict_{result.outcome}"), "good" if good(result.outcome) else "bad")
        self.sync()

    def open_fight(self) -> None:
        """The combat board plays the fight over the page."""
        self.navigator.open(self, Screen.COMBAT, self.adventure)

    # navigation -------------------------------------------------------------------------------
    def heal(self, action: str) -> None:
        if self._act(USES[action]()) is not None:
            hero = self.adventure.state.hero
            assert hero is not None  # healing was accepted, so there is a hero
            self.say(self.ui.t("reader.healed", stamina=hero.scores["stamina"]), "good")
        self.sync()

    def to_sheet(self) -> None:
        self.navigator.to_sheet(self, self.adventure)

    def to_death(self) -> None:
        self.navigator.hero_fell(self, self.adventure)

    def to_shelf(self) -> None:
        self.navigator.to_shelf(self)

    # =====================================================================================
    # frame
    # =====================================================================================
    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.group.process_event(event):
            return None
        if self.shortcut_key(event):
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_UP, pygame.K_DOWN):
            step = {pygame.K_UP: -WHEEL_STEP, pygame.K_DOWN: WHEEL_STEP}.get(event.key, self.text.rect.height - 40)
            self.text.scroll_to(self.text.scroll + (-step if event.key == pygame.K_PAGEUP else step))
            return None
        if self.help_key(event):
            return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        reader_paint.draw(self, surface)


# =====================================================================================
# showcase
# =====================================================================================
def _demo_adventure(services: Services, path: list[tuple[Any, list[int]]]) -> Adventure[Any, Any]:
    """The demo book with a named hero, played along ``path`` (each action with its dice)."""
    from game.rules.dice import ScriptedDice

    book = services.shelf.books["DEMO"]
    # The sample's own dice are given action by action; whatever is rolled afterwards is random.
    session: Session[SheetState, FFAction] = Session(book, services.new_dice(), Start(language=services.language))
    session.apply(a.SetHero(scores={"skill": 10, "stamina": 19, "luck": 9}))
    session.apply(a.NameHero(name="Maëlle"))
    for action, dice in path:
        session.apply(action, ScriptedDice(list(dice)))
    return Adventure.start(session, services.saves)


@showcase("reader-start")
def _showcase_start(services: Services) -> list[Scene]:
    return [ReaderScene(services, _demo_adventure(services, []))]


@showcase("reader-fight")
def _showcase_fight(services: Services) -> list[Scene]:
    path = [
        (rules.go_to(1), []),
        (a.TickDay(), []),
        (rules.go_to(3), []),
        (a.ChangeCounter(name="herbs", by=2), []),
        (a.TestSkill(), [2, 5]),
        (rules.go_to(6), []),
        (rules.go_to(7), []),
        (a.TickDay(), []),
        (rules.go_to(11), []),
    ]
    return [ReaderScene(services, _demo_adventure(services, path))]


@showcase("reader-ending")
def _showcase_ending(services: Services) -> list[Scene]:
    path = [
        (rules.go_to(1), []),
        (a.TickDay(), []),
        (rules.go_to(7), []),
        (a.TickDay(), []),
        (rules.go_to(13), []),
        (a.TickDay(), []),
        (rules.go_to(15), []),
        (a.TestLuck(), [3, 3]),
        (rules.go_to(17), []),
        (a.ChangeStat(stat="stamina", by=-6), []),
    ]
    adventure = _demo_adventure(services, path)
    fight = rules.events_as_actions(adventure.book, 17, services.language)[0]
    from game.rules.dice import ScriptedDice

    for action, dice in (
        (fight, []),
        (a.Shoot(), [3, 4]),
        (a.AttackRound(), [2, 3, 5, 6]),
        (a.NoLuck(), []),
        (a.AttackRound(), [4, 4, 6, 5]),
        (a.UseLuck(), [2, 2]),
        (rules.go_to(19), []),
        (a.ChangeStat(stat="stamina", by=4), []),
        (rules.go_to(20), []),
    ):
        adventure.act(action, ScriptedDice(list(dice)))
    return [ReaderScene(services, adventure)]

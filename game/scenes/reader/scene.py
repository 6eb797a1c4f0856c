"""The reader's scene: it follows the rules' offer for the section and turns clicks into rules actions.

On arrival at a section its automatic events are applied (``sync``); the event
strip's button rolls a test through ``roll_action`` or opens the combat board
through the navigator; a choice is the ``paragraph`` action. Each frame is
painted from a new :class:`~game.scenes.reader.view.ReaderView`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.app.adventure import Change
from game.app.adventure_scene import AdventureScene
from game.app.fluid import FluidLayout
from game.app.navigator import Screen
from game.app.painted import PaintedPage
from game.app.rolling import DiceGroup, Presentation, roll_action
from game.app.services import Services
from game.books.fighting_fantasy import FightingFantasyBook
from game.i18n.catalogue import TextSource
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.ff import sections as rules
from game.rules.ff.outcome import good
from game.rules.session import ActionLike, Entry
from game.scenes.common.narration import hero_words
from game.scenes.reader.controls import ReaderControls, build_choices, build_controls, uses
from game.scenes.reader.layout import MAX_AUTOMATIC, WHEEL_STEP, ReaderRegions, reader_regions
from game.scenes.reader.paint import paint_message, paint_page
from game.scenes.reader.view import ReaderView, Tone, strip_note, view_of
from game.ui.keymap import press
from game.ui.speech import join
from game.ui.theme import LOGICAL_SIZE

if TYPE_CHECKING:
    from game.app.adventure import FFAdventure


#: The compact sheet's recovery buttons (by their key) and the typed action each sends.
USES: dict[str, type[a.Action]] = {"herb": a.UseHerb, "eat": a.Eat}


class ReaderScene(PaintedPage[ReaderView, ReaderRegions], FluidLayout, AdventureScene):
    """Read the book section by section; the rules decide what each section allows."""

    screen = Screen.READER
    paint_under = staticmethod(paint_page)
    paint_over = staticmethod(paint_message)
    help_topic = "sheet"
    back_control = "sheet_button"  # Escape

    adventure: FFAdventure
    book: FightingFantasyBook
    r: ReaderRegions
    controls: ReaderControls

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
        self.r = reader_regions(self.page, len(uses(self.book)))
        self.controls = build_controls(self.ui, self.r, self.book, self)
        self.group.add(*self.controls.widgets())
        self._choice_key: tuple[int, int, bool] | None = None
        if self.offer is not None:
            self._refresh(self.offer)

    def keep_view(self) -> float:
        """A re-layout keeps the place in the text (as a share of it: the lines re-wrap)."""
        return self.controls.text.scroll / max(1, self.controls.text.content)

    def restore_view(self, kept: float) -> None:
        self.controls.text.scroll_to(round(kept * self.controls.text.content))

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
            self.ui.say(self.spoken_summary())

    def shortcut(self, action: str) -> bool:
        """ "Next paragraph": the section's event, else its only way on, else the focus on the first choice."""
        if action != "next_paragraph":
            return False
        event_button = self.controls.event_button
        visible = [b for b in self.controls.choice_buttons if b.visible and b.enabled]
        if event_button.visible:
            press(self.ui, event_button, action)
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

    def _section_text(self, offer: rules.Offer) -> str:
        section = offer.section
        return section.text.get(self.language) if section else self.ui.t("reader.not_in_book", number=offer.number)

    def _refresh(self, offer: rules.Offer) -> None:
        self.controls.text.set_text(self._section_text(offer), (offer.number, self.language))
        self._refresh_strip(offer)
        self._layout(offer)
        for choice, button in zip(offer.choices, self.controls.choice_buttons):
            button.label = self._choice_label(choice)
            button.style = "primary" if choice.enabled and choice.kind != "choice" else "normal"
            button.set_enabled(choice.enabled, None if choice.enabled else self.ui.tr(f"reader.why_{choice.reason}"))
        for action, button in self.controls.use_buttons.items():
            self.allow(button, USES[action]())

    def _refresh_strip(self, offer: rules.Offer) -> None:
        """The event strip's button: the section's next test or fight, death, the end, or "resume at"."""
        ui, controls, nxt = self.ui, self.controls, offer.next
        event = controls.event_button
        event.visible = False
        controls.death_button.visible = offer.dead
        controls.shelf_button.visible = offer.ending is not None and not offer.dead
        if offer.section is None:
            event.visible = True
            event.label = ui.tr("reader.resume_at", number=rules.resume_number(self.book, self.adventure.state))
            event.icon = None
        elif not offer.dead and nxt is not None and not nxt.automatic:
            event.visible = True
            event.label, event.icon = self._event_label(nxt)
            if nxt.kind == "fight" and not nxt.started:
                self.allow(event, nxt.action)
            elif nxt.kind in ("test_luck", "test_skill"):
                self.allow(event, nxt.action)
            else:
                event.set_enabled(True)
        controls.shelf_button.label = ui.tr("reader.to_shelf_victory" if offer.ending == "victory" else "reader.to_shelf")

    def _event_label(self, status: rules.EventStatus) -> tuple[TextSource, str | None]:
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

    def _strip_shown(self) -> bool:
        """Something shows in the event strip: one of its buttons, or its note."""
        buttons = self.controls.strip_buttons
        return any(b.visible for b in buttons) or bool(strip_note(self.ui, self.offer, self.adventure.state)[0])

    def _layout(self, offer: rules.Offer) -> None:
        """Place the text, the event strip and the choice buttons down the page for this section."""
        count, strip = len(offer.choices), self._strip_shown()
        self.r = self.r.place(count, strip)
        text = self.controls.text
        if self.r.section.text != text.rect:
            text.rect = self.r.section.text.copy()
            text.key = None
            text.set_text(self._section_text(offer), (offer.number, self.language))
        self.controls.place(self.r)
        key = (offer.number, count, strip)
        if key == self._choice_key:
            return
        self._choice_key = key
        for button in self.controls.choice_buttons:
            self.group.remove(button)
        self.controls.choice_buttons = build_choices(self.ui, self.r, self)
        # The choices end the section: read after its text, before the side sheet's buttons (reading order).
        after = next(iter(self.controls.use_buttons.values()), None)  # None: appended
        self.group.add_before(after, *self.controls.choice_buttons)

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

        def present(entry: Entry) -> Presentation:
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
            text = self.controls.text
            step = {pygame.K_UP: -WHEEL_STEP, pygame.K_DOWN: WHEEL_STEP}.get(event.key, text.rect.height - 40)
            text.scroll_to(text.scroll + (-step if event.key == pygame.K_PAGEUP else step))
            return None
        if self.help_key(event):
            return None
        return event

    def _message(self) -> tuple[str | None, Tone]:
        """The message line: the screen's own, else a failed autosave."""
        if self.message:
            return self.message, "bad" if self.tone == "bad" else "good" if self.tone == "good" else "neutral"
        if self.adventure.save_problem:
            return self.save_failed_text(), "bad"
        return None, "neutral"

    def view(self) -> ReaderView:
        """What the reader shows now."""
        text = self.controls.text
        return view_of(
            self.ui,
            self.book,
            self.adventure.state,
            self.offer,
            strip_button=any(b.visible for b in self.controls.strip_buttons),
            text_end=text.rect.y + text.content - text.scroll,
            message=self._message(),
        )

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: the paragraph's number and text, the hero's scores."""
        ui = self.ui
        offer = getattr(self, "offer", None)
        section = getattr(offer, "section", None)
        text = section.text.get(ui.catalogue.language) if section is not None else ""
        number = getattr(offer, "number", None)
        return join(
            ui.t("access.paragraph", n=number) if number is not None else "",
            text,
            hero_words(ui, self.book, self.adventure.state),
            ui.t("access.tab_hint"),
        )

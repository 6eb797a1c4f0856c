"""The reader: a book's numbered sections on parchment, beside a compact sheet; choices as buttons.

For books that carry their text (``book.sections``, the demo adventure). The
screen only executes what ``game.rules.ff.sections`` says: on arrival at a
section its automatic events (gains, losses, a day, death) are applied as rules
actions; a test is rolled through ``roll_action`` with the dice overlay; a
fight is started with the section's creatures and played on the combat board
(``game.scenes.combat``), or, where that board is not installed, with the
reader's own fight controls. Choices are enabled only when the rules' outcomes
open them (a test's result, the fight's winner) and each one is the
``paragraph`` action, so the sheet's paragraph tracker always follows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.app.adventure import Adventure, Change
from game.app.adventure_scene import AdventureScene
from game.app.navigator import Screen
from game.app.rolling import DiceGroup, roll_action
from game.app.scene import Scene
from game.app.services import Services
from game.app.showcase import showcase
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.ff import sections as rules
from game.rules.ff.outcome import good
from game.rules.ff.ruleset import calendar_view
from game.rules.session import Entry, Session, Start
from game.ui import fonts
from game.ui.button import Button
from game.ui.draw import (
    blit_text,
    draw_icon,
    draw_panel,
    draw_rule,
    parchment,
    wrap_words,
)
from game.ui.group import WidgetGroup
from game.ui.scrollbar import Scrollbar
from game.ui.widget import Widget
from game.ui.keymap import press

if TYPE_CHECKING:
    from game.app.adventure import FFAdventure

PAGE = pygame.Rect(16, 70, 840, 614)
SIDE = pygame.Rect(872, 70, 392, 614)
TEXT_X = PAGE.x + 40
TEXT_WIDTH = PAGE.width - 80
CHOICE_H = 46
CHOICE_GAP = 8
STRIP_H = 64  # the event strip: the test / fight button and what happened
MAX_AUTOMATIC = 50  # events applied in one go on arrival (a section has at most 20)
ICONS = {"arrow": "arrow", "herb": "herbs", "potion": "potion", "provisions": "provisions", "gold": "gold"}
WHEEL_STEP = 60


@dataclass(frozen=True)
class Word:
    text: str
    x: int


@dataclass(frozen=True)
class Line:
    words: tuple[Word, ...]
    y: int


def typeset(text: str, width: int, size: int, drop_cap: bool = True) -> tuple[list[Line], int, tuple[str, int, int] | None]:
    """Justified lines of ``text`` (paragraphs split on newlines), an indented first line per later paragraph
    and a two-line drop cap; returns the lines, the total height and the cap (letter, top, size)."""
    leading = fonts.line_height("body", size) + 5
    space = fonts.text_width(" ", "body", size)
    lines: list[Line] = []
    y = 0
    cap = None
    cap_width = 0
    cap_lines = 0
    paragraphs = [p.strip() for p in text.split("\n") if p.strip()]
    for number, paragraph in enumerate(paragraphs):
        words = paragraph.split()
        if number == 0 and drop_cap and words and words[0][0].isalpha() and len(words[0]) > 1:
            letter, words[0] = words[0][0], words[0][1:]
            # Two lines tall: from the first line's capitals down to the second line's baseline.
            wanted = leading + fonts.cap_height("body", size)
            cap_size = size
            while fonts.cap_height("title", cap_size + 1) <= wanted and cap_size < 6 * size:
                cap_size += 1
            cap_width = fonts.text_width(letter, "title", cap_size) + 8
            cap_top = leading + fonts.ascent("body", size) - fonts.ascent("title", cap_size)
            cap = (letter, cap_top, cap_size)
            cap_lines = 2
        indent_first = 28 if number > 0 else 0
        current: list[str] = []
        row = 0

        def room(row_index: int) -> int:
            offset = cap_width if number == 0 and row_index < cap_lines else 0
            return width - offset - (indent_first if row_index == 0 else 0)

        def start_x(row_index: int) -> int:
            return (cap_width if number == 0 and row_index < cap_lines else 0) + (indent_first if row_index == 0 else 0)

        def flush(justify: bool) -> None:
            nonlocal y, row
            widths = [fonts.text_width(w, "body", size) for w in current]
            gap = space
            if justify and len(current) > 1:
                gap = (room(row) - sum(widths)) / (len(current) - 1)
                gap = min(gap, space * 3)
            x = float(start_x(row))
            placed = []
            for word, word_width in zip(current, widths):
                placed.append(Word(word, round(x)))
                x += word_width + gap
            lines.append(Line(tuple(placed), y))
            y += leading
            row += 1

        for word in words:
            if not word:
                continue
            candidate = current + [word]
            needed = sum(fonts.text_width(w, "body", size) for w in candidate) + space * (len(candidate) - 1)
            if current and needed > room(row):
                flush(justify=True)
                current = [word]
            else:
                current = candidate
        if current:
            flush(justify=False)
        if number == 0 and row < cap_lines:
            y += leading * (cap_lines - row)
        y += 8
    return lines, max(0, y - 8), cap


class SectionText(Widget):
    """The section's text, typeset once; scrolls with the wheel, a drag, the scrollbar or the keys."""

    captures_activation_keys = False

    def __init__(self, ui: Any, rect: pygame.Rect) -> None:
        super().__init__(ui, rect)
        self.scroll = 0
        self.content = 0
        self.image: pygame.Surface | None = None
        self.key: Any = None
        self.scrollbar = Scrollbar(ui, self._bar_rect())
        self._press: tuple[int, int] | None = None
        self._press_scroll = 0

    def _bar_rect(self) -> pygame.Rect:
        width = self.ui.theme.sizes.scrollbar
        return pygame.Rect(self.rect.right + 14, self.rect.top, width, self.rect.height)

    def set_text(self, text: str, key: Any) -> None:
        """Typeset ``text`` for the current rect (only when the text, the language or the rect changed)."""
        full = (key, self.rect.size, self.ui.theme.text_size("body"), self.ui.palette)
        if full == self.key:
            return
        if self.key is None or full[0] != self.key[0]:
            self.scroll = 0
        self.key = full
        size = self.ui.theme.text_size("body")
        lines, height, cap = typeset(text, self.rect.width, size)
        p = self.ui.palette
        image = pygame.Surface((self.rect.width, max(1, height + 8)), pygame.SRCALPHA)
        if cap is not None:
            letter, cap_top, cap_size = cap
            blit_text(image, letter, (0, cap_top), "title", cap_size, p.rubric)
        for line in lines:
            for word in line.words:
                blit_text(image, word.text, (word.x, line.y), "body", size, p.ink)
        self.image = image
        self.content = height + 8
        self.scroll_to(self.scroll)

    @property
    def scrollable(self) -> bool:
        return self.content > self.rect.height

    def scroll_to(self, y: int) -> None:
        self.scroll = max(0, min(max(0, self.content - self.rect.height), int(y)))

    def process_event(self, event: pygame.event.Event) -> bool:
        super().process_event(event)
        self.scrollbar.rect = self._bar_rect()
        self.scrollbar.set_extent(self.content, self.rect.height, self.scroll)
        if self.scrollbar.process_event(event):
            self.scroll_to(self.scrollbar.offset)
            return True
        pos = getattr(event, "pos", (-1, -1))
        if event.type == pygame.MOUSEWHEEL and (self.contains(pos) or self.scrollbar.rect.collidepoint(pos)):
            self.scroll_to(self.scroll - event.y * WHEEL_STEP)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(pos) and self.scrollable:
            self._press, self._press_scroll = pos, self.scroll
            return True
        if event.type == pygame.MOUSEMOTION and self._press is not None:
            self.scroll_to(self._press_scroll - (pos[1] - self._press[1]))
            return True
        if event.type == pygame.MOUSEBUTTONUP and self._press is not None:
            self._press = None
            return True
        if event.type == pygame.KEYDOWN and self.focused:
            step = {pygame.K_UP: -WHEEL_STEP, pygame.K_DOWN: WHEEL_STEP, pygame.K_PAGEUP: -self.rect.height + 40,
                    pygame.K_PAGEDOWN: self.rect.height - 40, pygame.K_HOME: -10**6, pygame.K_END: 10**6}.get(event.key)
            if step is not None:
                self.scroll_to(self.scroll + step)
                return True
        return False

    def accepts_focus(self) -> bool:
        return self.scrollable and super().accepts_focus()

    def draw(self, surface: pygame.Surface) -> None:
        if self.image is None:
            return
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip))
        surface.blit(self.image, (self.rect.x, self.rect.y - self.scroll))
        surface.set_clip(clip)
        p = self.ui.palette
        if self.scroll > 0:
            _fade(surface, pygame.Rect(self.rect.x, self.rect.y, self.rect.width, 18), p.parchment_light, top=True)
        if self.scroll < self.content - self.rect.height:
            _fade(surface, pygame.Rect(self.rect.x, self.rect.bottom - 18, self.rect.width, 18), p.parchment_light, top=False)
        self.scrollbar.rect = self._bar_rect()
        self.scrollbar.draw_for(surface, self.content, self.rect.height, self.scroll)


def _fade(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], top: bool) -> None:
    """A soft edge where text continues beyond the visible part."""
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    for row in range(rect.height):
        alpha = round(200 * (1 - row / rect.height)) if top else round(200 * row / rect.height)
        pygame.draw.line(shade, (*colour, alpha), (0, row), (rect.width, row))
    surface.blit(shade, rect)


class ReaderScene(AdventureScene):
    """Read the book section by section; the rules decide what each section allows."""

    screen = Screen.READER
    back_control = "sheet_button"  # Escape

    adventure: FFAdventure

    def __init__(self, services: Services, adventure: FFAdventure) -> None:
        super().__init__(services, adventure)
        self.group = WidgetGroup(self.ui)
        self.offer: rules.Offer | None = None
        self.strip = pygame.Rect(PAGE.x + 24, PAGE.bottom - 20, PAGE.width - 48, 0)
        self.choice_buttons: list[Button] = []
        self._choice_key: Any = None
        self._build()
        self.sync()

    # =====================================================================================
    # building
    # =====================================================================================
    def _build(self) -> None:
        ui, g, book = self.ui, self.group, self.book
        self.sheet_button = g.add(Button(ui, (1264 - 150, 12, 150, 44), ui.tr("reader.sheet"), on_click=self.to_sheet,
                                         tooltip=ui.tr("reader.sheet_tip")))
        self.text = g.add(SectionText(ui, pygame.Rect(TEXT_X, PAGE.y + 84, TEXT_WIDTH, 300)))
        self.event_button = g.add(Button(ui, (PAGE.x + 24, 0, 300, 48), "", style="primary", on_click=self.run_event))
        self.death_button = g.add(Button(ui, (PAGE.x + 24, 0, 300, 48), ui.tr("reader.to_death"), style="danger",
                                         on_click=self.to_death, visible=False))
        self.shelf_button = g.add(Button(ui, (PAGE.x + 24, 0, 300, 48), ui.tr("reader.to_shelf"), style="primary",
                                         on_click=self.to_shelf, visible=False))
        # the compact sheet: recovery that the rules allow outside fights
        self.use_buttons: dict[str, Button] = {}
        y = self._side_buttons_top()
        for key, healing, action in (("reader.use_herb", book.herb, "herb"), ("reader.eat", book.meal, "eat")):
            if healing is not None:
                self.use_buttons[action] = g.add(Button(ui, (SIDE.x + 20, y, SIDE.width - 40, 44),
                                                        ui.tr(key, stamina=healing.stamina), icon="herbs" if action == "herb" else "provisions",
                                                        on_click=lambda a=action: self.heal(a)))
                y += 52

    def _side_buttons_top(self) -> int:
        return SIDE.bottom - 16 - 52 * sum(1 for h in (self.book.herb, self.book.meal) if h is not None) + 8

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
        self._refresh()
        self._speak_new_section(offer.number)

    def _speak_new_section(self, number: int) -> None:
        """A new section is read aloud (the first one is, with the screen, by the narrator)."""
        previous, self._spoken_number = getattr(self, "_spoken_number", None), number
        if previous is not None and previous != number:
            from game.scenes.narration import describe_screen

            self.ui.say(describe_screen(self))

    def shortcut(self, action: str) -> bool:
        """"Next paragraph": the section's event, else its only way on, else the focus on the first choice."""
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

    def _act(self, action: dict) -> Entry | None:
        """Apply ``action`` without refreshing (``sync`` itself applies the automatic events)."""
        result = self.adventure.act(action)
        if isinstance(result, Refused):
            self.say(self.refusal_text(result), "bad")
            return None
        return result

    def _refresh(self) -> None:
        ui, offer, state = self.ui, self.offer, self.adventure.state
        section = offer.section
        self.text.set_text(section.text.get(self.language) if section else ui.t("reader.not_in_book", number=offer.number),
                           (offer.number, self.language))
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
            self.allow(button, {"do": action})

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
        return STRIP_H if any(b.visible for b in buttons) or self._strip_note()[0] else 0

    def _layout(self, offer: rules.Offer) -> None:
        """Place the text, the event strip and the choice buttons down the page for this section."""
        count = len(offer.choices)
        strip_height = self._strip_height()
        key = (offer.number, count, strip_height)
        bottom = PAGE.bottom - 20
        choices_top = bottom - count * (CHOICE_H + CHOICE_GAP) + CHOICE_GAP if count else bottom
        strip_top = choices_top - (16 if count and strip_height else 0) - strip_height
        self.strip = pygame.Rect(PAGE.x + 24, strip_top, PAGE.width - 48, self._strip_height())
        text_rect = pygame.Rect(TEXT_X, PAGE.y + 84, TEXT_WIDTH, strip_top - (14 if strip_height else 22) - (PAGE.y + 84))
        if text_rect != self.text.rect:
            self.text.rect = text_rect
            section = offer.section
            self.text.key = None
            self.text.set_text(section.text.get(self.language) if section else self.ui.t("reader.not_in_book", number=offer.number),
                               (offer.number, self.language))
        for button in (self.event_button, self.death_button, self.shelf_button):
            button.rect = pygame.Rect(self.strip.x, self.strip.y + 8, 330, 48)
        if key == self._choice_key:
            return
        self._choice_key = key
        for button in self.choice_buttons:
            self.group.remove(button)
        self.choice_buttons = []
        for index, choice in enumerate(offer.choices):
            rect = (PAGE.x + 24, choices_top + index * (CHOICE_H + CHOICE_GAP), PAGE.width - 48, CHOICE_H)
            self.choice_buttons.append(self.group.add(Button(self.ui, rect, "", on_click=lambda i=index: self.choose(i))))

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

    def _test(self, action: dict) -> None:
        stat = "luck" if action["do"] == "test_luck" else "skill"
        target = self.adventure.state.hero.scores[stat]
        name = self.book.stat(stat).name.get(self.language)
        title = self.ui.t(f"reader.{action['do']}")

        def present(entry: Entry):
            group = DiceGroup(self.ui.t("reader.your_dice"), tuple(entry.dice), 6,
                              self.ui.t("reader.roll_detail", total=sum(entry.dice), target=target, stat=name))
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
        if self._act({"do": action}) is not None:
            self.say(self.ui.t("reader.healed", stamina=self.adventure.state.hero.scores["stamina"]), "good")
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
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.navigator.open(self, Screen.HELP, "sheet")
            return None
        return event

    def update(self, dt: float) -> None:
        super().update(dt)
        self.group.update(dt)

    @property
    def wants_animation(self) -> bool:
        return self.group.wants_animation

    def draw(self, surface: pygame.Surface) -> None:
        ui, p = self.ui, self.ui.palette
        surface.blit(parchment(surface.get_size(), p), (0, 0))
        heading = ui.theme.text_size("heading")
        blit_text(surface, self.book.title.get(self.language), (20, 34), "title", heading, p.rubric, "midleft")
        draw_panel(surface, PAGE, p)
        self._draw_header(surface)
        self._draw_strip(surface)
        self._draw_finis(surface)
        draw_panel(surface, SIDE, p)
        self._draw_side(surface)
        self.group.draw(surface)
        if self.message:
            colour = {"bad": p.bad, "good": p.good}.get(self.tone, p.ink)
            small = ui.theme.text_size("small")
            blit_text(surface, wrap_words(self.message, "body", small, 1200)[0], (640, 703), "body", small, colour, "center")
        elif self.adventure.save_problem:
            blit_text(surface, self.save_failed_text(), (640, 703), "body",
                      ui.theme.text_size("small"), p.bad, "center")

    def _draw_header(self, surface: pygame.Surface) -> None:
        p = self.ui.palette
        number = str(self.offer.number) if self.offer else "—"
        centre = PAGE.centerx
        blit_text(surface, number, (centre, PAGE.y + 40), "bold", 40, p.rubric, "center")
        width = fonts.text_width(number, "bold", 40)
        draw_rule(surface, PAGE.x + 60, centre - width // 2 - 24, PAGE.y + 42, p.ink_soft)
        draw_rule(surface, centre + width // 2 + 24, PAGE.right - 60, PAGE.y + 42, p.ink_soft)

    def _draw_finis(self, surface: pygame.Surface) -> None:
        """An ending closes with a centred "Fin" between two rules, under the text when there is room."""
        offer, p = self.offer, self.ui.palette
        if offer is None or offer.ending is None:
            return
        y = self.text.rect.y + self.text.content - self.text.scroll + 44
        if y > self.text.rect.bottom - 20:
            return
        word = self.ui.t("reader.finis")
        width = fonts.text_width(word, "title", 34)
        centre = PAGE.centerx
        blit_text(surface, word, (centre, y), "title", 34, p.rubric, "center")
        draw_rule(surface, centre - width // 2 - 150, centre - width // 2 - 20, y + 2, p.ink_soft)
        draw_rule(surface, centre + width // 2 + 20, centre + width // 2 + 150, y + 2, p.ink_soft)

    def _strip_note(self) -> tuple[str | None, tuple[int, int, int]]:
        """The line beside the strip's button: the fight ahead, the test's verdict, death or the end."""
        ui, p, offer = self.ui, self.ui.palette, self.offer
        if offer is None or offer.section is None:
            return None, p.ink_soft
        if offer.dead:
            return ui.t("reader.dead"), p.bad
        if offer.ending == "victory":
            return ui.t("reader.end_victory"), p.good
        if offer.ending == "defeat":
            return ui.t("reader.end_defeat"), p.bad
        if offer.next is not None and offer.next.kind == "fight":
            return self._fight_note(self.adventure.state, offer.next), p.ink_soft
        return self._last_outcome_note(offer)

    def _draw_strip(self, surface: pygame.Surface) -> None:
        ui, p, offer = self.ui, self.ui.palette, self.offer
        if offer is None or self.strip.height == 0:
            return
        strip = self.strip
        pygame.draw.line(surface, p.parchment_dark, (strip.x, strip.y - 6), (strip.right, strip.y - 6), 2)
        body, small = ui.theme.text_size("body"), ui.theme.text_size("small")
        buttons = (self.event_button, self.death_button, self.shelf_button)
        note_x = strip.x + (350 if any(b.visible for b in buttons) else 0)
        note, colour = self._strip_note()
        if note:
            size = body if fonts.text_width(note, "italic", body) <= strip.right - note_x else small
            lines = wrap_words(note, "italic", size, strip.right - note_x)[:3]
            top = strip.y + 32 - (len(lines) - 1) * 10
            for i, line in enumerate(lines):
                blit_text(surface, line, (note_x, top + i * 20), "italic", size, colour, "midleft")

    def _fight_note(self, state: Any, status: rules.EventStatus) -> str:
        ui = self.ui
        enemies = status.action["enemies"]
        if status.started and state.fight is not None:
            enemies = [{"name": e.name, "skill": e.skill, "stamina": e.stamina} for e in state.fight.enemies if e.stamina > 0]
        names = ", ".join(ui.t("reader.creature", name=e["name"], skill=e["skill"], stamina=e["stamina"]) for e in enemies)
        extras = []
        if status.action.get("arrows"):
            extras.append(ui.t("reader.arrows_allowed", count=status.action["arrows"]))
        if len(enemies) > 1:
            extras.append(ui.t(f"reader.mode_{status.action['mode']}"))
        if status.action.get("escape"):
            extras.append(ui.t("reader.escape_allowed"))
        return names + (" — " + " · ".join(extras) if extras else "")

    def _last_outcome_note(self, offer: rules.Offer) -> tuple[str | None, tuple[int, int, int]]:
        p = self.ui.palette
        for status in reversed(offer.events):
            if status.done and status.kind in ("test_luck", "test_skill"):
                return self.ui.t(f"reader.verdict_{status.outcome}"), p.good if good(status.outcome) else p.bad
            if status.done and status.kind == "fight":
                return self.ui.t("reader.fight_won" if status.outcome == "hero" else "reader.fight_escaped"), p.ink_soft
        return None, p.ink_soft

    def _draw_side(self, surface: pygame.Surface) -> None:
        ui, p, book, state = self.ui, self.ui.palette, self.book, self.adventure.state
        hero = state.hero
        if hero is None:
            return
        body, small, heading = ui.theme.text_size("body"), ui.theme.text_size("small"), ui.theme.text_size("heading")
        x, right = SIDE.x + 20, SIDE.right - 20
        blit_text(surface, hero.name or ui.t("sheet.nameless"), (x, SIDE.y + 14), "title", heading, p.ink)
        y = SIDE.y + 62
        for stat in book.stats:
            name = stat.name.get(self.language)
            blit_text(surface, name, (x, y + 14), "title", body, p.ink, "midleft")
            value = str(hero.scores[stat.id])
            initial = f"/ {hero.initial[stat.id]}" if stat.capped_at_initial else ""
            colour = p.bad if stat.id == "stamina" and hero.scores[stat.id] <= max(4, hero.initial[stat.id] // 4) else p.ink
            blit_text(surface, initial, (right - 40, y + 14), "body", body, p.ink_soft, "midleft")
            blit_text(surface, value, (right - 46, y + 14), "bold", 26, colour, "midright")
            y += 34
        draw_rule(surface, x, right, y + 6, p.ink_faint)
        y += 18
        for counter in book.counters:
            draw_icon(surface, ICONS.get(counter.icon, "shield"), pygame.Rect(x, y, 28, 28), p.ink, p.parchment_light)
            blit_text(surface, counter.name.get(self.language), (x + 38, y + 14), "body", body, p.ink, "midleft")
            value = str(state.counters[counter.id]) + (f" / {counter.maximum}" if counter.maximum else "")
            blit_text(surface, value, (right, y + 14), "bold", body, p.ink, "midright")
            y += 34
        if book.calendar is not None:
            draw_rule(surface, x, right, y + 6, p.ink_faint)
            y += 20
            view = calendar_view(book, state, self.language)
            blit_text(surface, ui.t("reader.today"), (x, y), "italic", small, p.ink_soft)
            if view["today"] is None:
                blit_text(surface, ui.t("sheet.no_day_yet"), (x, y + 24), "italic", body, p.ink_soft)
            else:
                blit_text(surface, view["today"], (x, y + 22), "bold", body, p.rubric)
                key = "reader.days_ticked_one" if view["ticked"] == 1 else "reader.days_ticked"
                blit_text(surface, ui.t(key, ticked=view["ticked"]), (right, y + 26), "italic", small, p.ink_soft, "topright")
            y += 56
        if hero.weapon_lost:
            blit_text(surface, ui.t("reader.weapon_lost"), (x, y + 4), "italic", small, p.bad)
            y += 28
        bottom = self._side_buttons_top() - 12
        if state.equipment and y + 50 < bottom:
            draw_rule(surface, x, right, y + 6, p.ink_faint)
            y += 18
            blit_text(surface, ui.t("reader.equipment"), (x, y), "italic", small, p.ink_soft)
            y += 26
            lines = wrap_words(" · ".join(state.equipment), "body", small, right - x)
            room = max(1, (bottom - y) // 23)
            if len(lines) > room:
                lines = lines[:room - 1] + [ui.t("reader.more_items")]
            for line in lines:
                blit_text(surface, line, (x, y), "italic" if line == ui.t("reader.more_items") else "body", small, p.ink)
                y += 23


# =====================================================================================
# showcase
# =====================================================================================
def _demo_adventure(services: Services, path: list[tuple[dict, list[int]]]) -> Adventure:
    """The demo book with a named hero, played along ``path`` (each action with its dice)."""
    from game.rules.dice import ScriptedDice

    book = services.shelf.books["DEMO"]
    # The sample's own dice are given action by action; whatever is rolled afterwards is random.
    session = Session(book, services.new_dice(), Start(language=services.language))
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
    path = [(rules.go_to(1), []), (a.TickDay(), []), (rules.go_to(3), []), (a.ChangeCounter(name="herbs", by=2), []),
            (a.TestSkill(), [2, 5]), (rules.go_to(6), []), (rules.go_to(7), []), (a.TickDay(), []), (rules.go_to(11), [])]
    return [ReaderScene(services, _demo_adventure(services, path))]


@showcase("reader-ending")
def _showcase_ending(services: Services) -> list[Scene]:
    path = [(rules.go_to(1), []), (a.TickDay(), []), (rules.go_to(7), []), (a.TickDay(), []), (rules.go_to(13), []),
            (a.TickDay(), []), (rules.go_to(15), []), (a.TestLuck(), [3, 3]), (rules.go_to(17), []),
            (a.ChangeStat(stat="stamina", by=-6), [])]
    adventure = _demo_adventure(services, path)
    fight = rules.events_as_actions(adventure.book, 17, services.language)[0]
    from game.rules.dice import ScriptedDice

    for action, dice in ((fight, []), (a.Shoot(), [3, 4]), (a.AttackRound(), [2, 3, 5, 6]), (a.NoLuck(), []),
                         (a.AttackRound(), [4, 4, 6, 5]), (a.UseLuck(), [2, 2]),
                         (rules.go_to(19), []), (a.ChangeStat(stat="stamina", by=4), []), (rules.go_to(20), [])):
        adventure.act(action, ScriptedDice(list(dice)))
    return [ReaderScene(services, adventure)]

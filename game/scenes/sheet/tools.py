"""The sheet's "Tools" tab: what a book adds beyond SKILL, STAMINA and LUCK.

Every row comes from the book data (issue 12, "the screens follow the data"):
the spells and abilities the hero may cast, the scores the book makes
testable, the dice tray, the crew rolled at creation and the book's death
conditions and warnings. The tab only builds actions (``cast``, ``test``,
``roll``) and shows the state; the rules decide and refuse.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game.app.book_texts import threshold_text
from game.app.journal import describe_changes
from game.app.rolling import DiceGroup, Presentation, roll_action
from game.app.timeline import changes
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.session import Entry
from game.scenes.common.spells import spell_label
from game.ui.button import Button
from game.ui.draw import blit_text, wrap_words
from game.ui.scroll_list import ScrollList
from game.ui.text_fit import fit_line

TRAY = ("1d6", "2d6", "3d6")
BUTTON_H = 40
GAP = 8


def short_name(stat: Any, language: str) -> str:
    """The stat's short name where the book gives one (HAB, END), else its name."""
    return (stat.short or stat.name).get(language)


def testable_stats(book: Any) -> list[Any]:
    """The scores the book makes testable besides SKILL and LUCK (which the hero panel tests)."""
    return [stat for stat in book.stats if stat.id not in ("skill", "luck") and stat.test is not None]


class ToolsTab:
    """Widgets and drawing of the tab; ``scene`` is the SheetScene that owns the widget group."""

    def __init__(self, scene: Any, rect: pygame.Rect) -> None:
        self.scene = scene
        self.ui = scene.ui
        self.book = scene.book
        self.rect = rect
        ui, group, book = self.ui, scene.group, self.book
        self.widgets: list[Any] = []
        y = rect.y
        self.spells = None
        self.cast_button = None
        tests = testable_stats(book)
        if book.spells:
            y += 32
            # Up to five spells in view, fewer on a short page (the list scrolls): the tests and the tray stay in the tab.
            below = 52 + BUTTON_H + 14 + (36 + ((len(tests) + 1) // 2) * (BUTTON_H + GAP) if tests else 0) + 30 + BUTTON_H
            rows = max(2, min(len(book.spells), 5, (rect.bottom - y - below) // 34))
            self.spells = group.add(
                ScrollList(
                    ui,
                    (rect.x, y, rect.width, rows * 34),
                    row_height=34,
                    on_select=lambda i: scene.sync(),
                    on_activate=lambda i: self.cast(),
                )
            )
            y += rows * 34 + 52
            self.cast_button = group.add(
                Button(ui, (rect.x, y, rect.width, BUTTON_H), ui.tr("powers.cast"), style="primary", on_click=self.cast)
            )
            self.widgets += [self.spells, self.cast_button]
            y += BUTTON_H + 14
        self.description_y = self.cast_button.rect.y - 48 if self.cast_button else 0
        self.test_buttons: dict[str, Button] = {}
        if tests:
            y += 30
            half = (rect.width - GAP) // 2
            for index, stat in enumerate(tests):
                x = rect.x + (index % 2) * (half + GAP)
                row_y = y + (index // 2) * (BUTTON_H + GAP)
                button = Button(
                    ui, (x, row_y, half, BUTTON_H), ui.tr("powers.test", stat=stat.name), on_click=partial(self.test, stat.id)
                )
                self.test_buttons[stat.id] = group.add(button)
                self.widgets.append(button)
            y += ((len(tests) + 1) // 2) * (BUTTON_H + GAP) + 6
        self.tests_heading_y = y - ((len(tests) + 1) // 2) * (BUTTON_H + GAP) - 36 if tests else 0
        self.tray_heading_y = y
        y += 30
        width = (rect.width - GAP * (len(TRAY) - 1)) // len(TRAY)
        self.tray_buttons: dict[str, Button] = {}
        for index, dice in enumerate(TRAY):
            button = Button(
                ui,
                (rect.x + index * (width + GAP), y, width, BUTTON_H),
                dice,
                on_click=partial(self.roll, dice),
                tooltip=ui.tr("powers.tray_tip", dice=dice),
            )
            self.tray_buttons[dice] = group.add(button)
            self.widgets.append(button)
        self.after_tray_y = y + BUTTON_H + 8

    # -- state ---------------------------------------------------------------------------------
    def sync(self, visible: bool) -> None:
        """Show the state of the book's tools; hide every widget when the tab is not shown."""
        state, language = self.scene.adventure.state, self.ui.catalogue.language
        for widget in self.widgets:
            widget.visible = visible
        if self.spells is not None and self.cast_button is not None:
            self.spells.set_items([spell_label(self.book, spell, state, language) for spell in self.book.spells])
            selected = self.spells.selected
            if selected is None:
                self.cast_button.set_enabled(False, self.ui.tr("powers.select_spell"))
            else:
                self.scene.allow(self.cast_button, self._cast_action(selected))
        for stat, button in self.test_buttons.items():
            self.scene.allow(button, a.Test(stat=stat))
        for dice, button in self.tray_buttons.items():
            self.scene.allow(button, a.RollDice(dice=dice))

    def _cast_action(self, index: int) -> a.Cast:
        fight = self.scene.adventure.state.fight
        target = fight.front() if fight is not None and fight.active else None
        return a.Cast(spell=self.book.spells[index].id, target=target)

    # -- actions -------------------------------------------------------------------------------
    def cast(self) -> None:
        """Cast the selected spell (in a fight, on the creature in front)."""
        if self.spells is None or self.spells.selected is None:
            return
        spell = self.book.spells[self.spells.selected]
        name = spell.name.get(self.ui.catalogue.language)
        title, success = self.ui.t("powers.cast_title", spell=name), self.ui.t("powers.cast_done", spell=name)

        def present(entry: Entry) -> tuple[str, list[DiceGroup], str, str]:
            # A spell whose effect draws dice (a fire bolt of 1d6) shows them; others need no overlay.
            total = self.ui.t("powers.total", total=sum(entry.dice))
            groups = [DiceGroup(title, tuple(entry.dice), 6, total)] if entry.dice else []
            return title, groups, success, "good"

        self._roll(self._cast_action(self.spells.selected), present, success)

    def test(self, stat: str) -> None:
        """Test a score the book makes testable (the book's dice, at or under the score)."""
        name = self.book.stat(stat).name.get(self.ui.catalogue.language)
        target = self.scene.adventure.state.hero.scores[stat]

        def present(entry: Entry) -> tuple[str, list[DiceGroup], str, str]:
            verdict = self.ui.t(f"sheet.verdict_{entry.outcome}")
            group = DiceGroup(
                self.ui.t("sheet.your_dice"),
                tuple(entry.dice),
                6,
                self.ui.t("sheet.roll_detail", total=sum(entry.dice), target=target, stat=name),
            )
            return self.ui.t("powers.test", stat=name), [group], verdict, "good" if entry.outcome == "success" else "bad"

        self._roll(a.Test(stat=stat), present)

    def roll(self, dice: str) -> None:
        """The dice tray: the dice roll, the overlay shows them, the journal keeps them."""
        sides = int(dice.split("d")[1])

        def present(entry: Entry) -> tuple[str, list[DiceGroup], str, str]:
            total = sum(entry.dice)
            group = DiceGroup(self.ui.t("powers.tray"), tuple(entry.dice), sides, self.ui.t("powers.total", total=total))
            return self.ui.t("powers.tray_title", dice=dice), [group], self.ui.t("powers.total", total=total), "neutral"

        self._roll(a.RollDice(dice=dice), present)

    def _roll(self, action: Any, present: Callable[[Entry], Presentation], success: str | None = None) -> None:
        """Roll ``action`` through the dice overlay; ``success``: the message when a spell works."""
        scene = self.scene
        roll_action(scene, scene.services, scene.adventure, action, present, on_done=lambda result: self._done(result, success))

    def _done(self, result: Entry | Refused, success: str | None) -> None:
        if isinstance(result, Refused):
            self.scene.say(self.scene.refusal_text(result), "bad")
            return
        if success:
            session = self.scene.adventure.session
            states = session.states  # what the spell changed (a heal says how much it gained)
            gained = describe_changes(self.ui, self.book, changes(session, states[-2], states[-1])) if len(states) > 1 else ""
            self.scene.say(f"{success} — {gained}" if gained else success, "good")
        elif result.outcome:
            self.scene.say(self.ui.t(f"sheet.verdict_{result.outcome}"))
        self.scene.settle(result)
        self.scene.navigator.hero_fell(self.scene, self.scene.adventure)

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Headings, the selected spell's description, the last roll, the crew and the end conditions."""
        ui, p, book = self.ui, self.ui.palette, self.book
        state, language = self.scene.adventure.state, ui.catalogue.language
        body, small = ui.theme.text_size("body"), ui.theme.text_size("small")
        rect = self.rect
        if self.spells is not None:
            blit_text(surface, ui.t("powers.spells"), (rect.x, rect.y), "title", body, p.ink_soft)
            selected = self.spells.selected
            if selected is not None and book.spells[selected].description is not None:
                text = book.spells[selected].description.get(language)
                for index, line in enumerate(wrap_words(text, "italic", small, rect.width)[:2]):
                    blit_text(surface, line, (rect.x, self.description_y + index * 22), "italic", small, p.ink_soft)
            elif selected is None:
                blit_text(surface, ui.t("powers.pick_a_spell"), (rect.x, self.description_y), "italic", small, p.ink_faint)
        if self.test_buttons:
            blit_text(surface, ui.t("powers.tests"), (rect.x, self.tests_heading_y), "title", body, p.ink_soft)
        blit_text(surface, ui.t("powers.tray"), (rect.x, self.tray_heading_y), "title", body, p.ink_soft)
        y = self.after_tray_y
        if state.last_roll is not None:
            roll = state.last_roll
            text = ui.t("powers.last_roll", dice=roll.formula, faces=" + ".join(str(d) for d in roll.dice), total=roll.total)
            blit_text(surface, text, (rect.x, y), "body", small, p.ink)
            y += 28
        conditions = sum(22 * (1 + n) for n in self._condition_counts() if n)
        y = self._draw_crew(surface, y + 4, self.rect.bottom - conditions - 4)
        self._draw_conditions(surface, y + 4)

    def _condition_counts(self) -> list[int]:
        """How many death conditions and how many warnings the book has (each takes a heading and a line apiece)."""
        return [sum(1 for t in self.book.thresholds if t.consequence == kind) for kind in ("death", "warning")]

    def _draw_crew(self, surface: pygame.Surface, y: int, bottom: int) -> int:
        """One line per crew member above ``bottom`` (set smaller, then shortened); "… and N more" when they do not all fit."""
        ui, p, book = self.ui, self.ui.palette, self.book
        state, language = self.scene.adventure.state, ui.catalogue.language
        if not book.crew or not state.crew:
            return y
        small = ui.theme.text_size("small")
        blit_text(surface, ui.t("powers.crew"), (self.rect.x, y), "title", ui.theme.text_size("body"), p.ink_soft)
        y += 30
        for index, member in enumerate(book.crew):
            left = len(book.crew) - index
            if left > 1 and y + 44 > bottom:  # room for this line and the "more" line, or say how many are left
                blit_text(surface, ui.t("play.and_more", n=left), (self.rect.x, y), "italic", small, p.ink_soft)
                return y + 22
            scores = state.crew.get(member.id, {})
            values = " · ".join(f"{short_name(book.stat(s), language)} {v}" for s, v in scores.items())
            line, size = fit_line(
                ui.t("powers.member", name=member.name.get(language), scores=values), "body", small, self.rect.width
            )
            room = pygame.Rect(self.rect.x, y, self.rect.width, 22)
            blit_text(surface, line, room.topleft, "body", size, p.ink, box=room, owner="crew member")
            y += 22
        return y

    def _draw_conditions(self, surface: pygame.Surface, y: int) -> None:
        """R-DEATH-1 as data: the book's death conditions and warnings; one that holds now is in red."""
        ui, p, book = self.ui, self.ui.palette, self.book
        hero, language = self.scene.adventure.state.hero, ui.catalogue.language
        small = ui.theme.text_size("small")
        for kind in ("death", "warning"):
            thresholds = [t for t in book.thresholds if t.consequence == kind]
            if not thresholds or y + 22 * (1 + len(thresholds)) > self.rect.bottom + 4:
                continue  # not all of it fits: none of it rather than half the conditions
            parts = []
            for threshold in thresholds:
                text = threshold_text(book, threshold, language, hero)
                parts.append((text, threshold.holds(hero.scores[threshold.stat], hero.initial[threshold.stat])))
            label = ui.t(f"powers.{kind}_if")
            blit_text(surface, label, (self.rect.x, y), "italic", small, p.ink_soft)
            y += 22
            for text, holds in parts:
                mark = ui.t("powers.holds") if holds else ""
                blit_text(
                    surface,
                    f"• {text}{mark}",
                    (self.rect.x + 12, y),
                    "bold" if holds else "body",
                    small,
                    p.bad if holds else p.ink,
                )
                y += 22

"""The picker of one of the book's creation choices (issue 12: creation choices as data).

A book may ask the player to choose after rolling: one potion out of three
(The Warlock of Firetop Mountain), as many spells as MAGIC allows, repeats
allowed (The Citadel of Chaos), a special skill… The creation screen shows
each step with what was picked and a button to choose; ``ChoicePicker`` is the
overlay where the options are picked. The rules (``choose``) check the picks:
the picker asks them (``check``) before enabling "Valider" and shows their
reason.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from game.app.modal import ModalScene
from game.books.ff_mechanics import ChoiceOption, ChoiceStep
from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.ff import actions as a
from game.rules.ff.state import Hero
from game.scenes.creation.view import step_count
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.counter import Counter
from game.ui.draw import blit_text
from game.ui.modal import MARGIN
from game.ui.speech import join
from game.ui.text_fit import wrap_words
from game.ui.toggle import Toggle

PICKER_ROW = 50
PICKER_MAX_ROWS = 12  # rows shown at once at most (as many as the page allows); more options turn by pages
PAD = 30
PICKER_CHROME = 120 + 40 + 46 + PAD + 24  # the picker's height besides its rows: heading, help, buttons


def option_name(ui: UIContext, option: ChoiceOption) -> str:
    """An option's name in the language of the moment (what a screen reader calls its control)."""
    return option.name.get(ui.catalogue.language)


class ChoicePicker(ModalScene):
    """Pick the options of one creation step: toggles (once each) or counters (repeats allowed)."""

    def __init__(
        self,
        ui: UIContext,
        book: FightingFantasyBook,
        step: ChoiceStep,
        hero: Hero | None,
        current: dict[str, int],
        check: Callable[[a.Choose], str | None],
        on_done: Callable[[a.Choose], None],
        refused: dict[str, str] | None = None,
    ) -> None:
        super().__init__(ui)
        self.book = book
        self.step = step
        self.count = step_count(step, hero)
        self.check = check
        self.on_done = on_done
        #: Options this hero may not pick (their conditions fail), with the book's words: greyed, never picked.
        self.refused = refused or {}
        self.picks: dict[str, int] = {
            option.id: 0 if option.id in self.refused else current.get(option.id, 0) for option in step.options
        }
        self.option_page = 0
        self.problem: str | None = None
        self.layout(self.page)

    @property
    def rows_per_page(self) -> int:
        """As many options at once as the page's height allows (8 on a 1280×720 page)."""
        return max(1, min(PICKER_MAX_ROWS, (self.room()[1] - 2 * MARGIN - PICKER_CHROME) // PICKER_ROW))

    def place_widgets(self) -> None:
        ui, panel, step, rows = self.ui, self.panel_rect(), self.step, self.rows_per_page
        self.list_top = panel.y + 120
        self.widgets: dict[str, Counter | Toggle] = {}
        for index, option in enumerate(step.options):
            y = self.list_top + (index % rows) * PICKER_ROW + 4
            widget: Counter | Toggle
            if step.repeats:
                widget = Counter(
                    ui,
                    (panel.right - PAD - 140, y, 140, 42),
                    value=self.picks[option.id],
                    minimum=0,
                    maximum=step.max_each or self.count or 99,
                    on_request=partial(self.set_pick, option.id),
                    spoken_name=partial(option_name, ui, option),
                )
            else:
                widget = Toggle(
                    ui,
                    (panel.right - PAD - 130, y + 5, 126, 32),
                    "",
                    value=bool(self.picks[option.id]),
                    on_change=partial(self.toggle_pick, option.id),
                    spoken_name=partial(option_name, ui, option),
                )
            widget.choice_of = partial(lambda st: st.name.get(ui.catalogue.language), step)  # "Potion, activé"
            if option.id in self.refused:
                widget.set_enabled(False, self.refused[option.id])
            self.widgets[option.id] = self.group.add(widget)
        bottom = panel.bottom - PAD - 46
        self.prev_button = self.group.add(
            Button(ui, (panel.x + PAD, bottom, 60, 46), "‹", on_click=lambda: self.turn(-1), tooltip=ui.tr("steps.previous_page"))
        )
        self.next_button = self.group.add(
            Button(ui, (panel.x + PAD + 70, bottom, 60, 46), "›", on_click=lambda: self.turn(1), tooltip=ui.tr("steps.next_page"))
        )
        self.cancel_button = self.group.add(
            Button(ui, (panel.right - PAD - 370, bottom, 170, 46), ui.tr("common.cancel"), on_click=self.dismiss)
        )
        self.ok_button = self.group.add(
            Button(ui, (panel.right - PAD - 190, bottom, 190, 46), ui.tr("steps.confirm"), style="primary", on_click=self.confirm)
        )
        self._sync()

    def keep_view(self) -> int:
        """The first option in view stays in view when the page holds more or fewer rows."""
        return self.option_page * self.rows_per_page

    def restore_view(self, kept: int) -> None:
        self.option_page = kept // self.rows_per_page
        self._sync()

    def toggle_pick(self, option: str, on: bool) -> None:
        """A toggle of an option taken once at most: on picks it, off drops it."""
        self.set_pick(option, 1 if on else 0)

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.step.options) // self.rows_per_page))

    def panel_size(self) -> tuple[int, int]:
        rows = min(self.rows_per_page, len(self.step.options))
        return 800, PICKER_CHROME + rows * PICKER_ROW

    def action(self) -> a.Choose:
        """The picks as the rules' action: ids, or {id: count} where the book allows repeats."""
        chosen = {option: times for option, times in self.picks.items() if times}
        picks: list[str] | dict[str, int] = chosen if self.step.repeats else list(chosen)
        return a.Choose(do="choose", step=self.step.id, picks=picks)

    def set_pick(self, option: str, times: int) -> None:
        """Pick ``option`` that many times; where only one option may be had, it replaces the other.
        An option the book refuses this hero stays unpicked (its control is greyed with the reason)."""
        if option in self.refused:
            self._sync()
            return
        if times and self.count == 1 and not self.step.repeats:
            self.picks = dict.fromkeys(self.picks, 0)
        self.picks[option] = max(0, times)
        self._sync()

    def turn(self, by: int) -> None:
        self.option_page = max(0, min(self.pages - 1, self.option_page + by))
        self._sync()

    def _sync(self) -> None:
        self.option_page = min(self.option_page, self.pages - 1)
        for index, option in enumerate(self.step.options):
            widget = self.widgets[option.id]
            widget.visible = index // self.rows_per_page == self.option_page
            widget.value = self.picks[option.id] if self.step.repeats else bool(self.picks[option.id])
        self.prev_button.visible = self.next_button.visible = self.pages > 1
        self.prev_button.set_enabled(self.option_page > 0)
        self.next_button.set_enabled(self.option_page < self.pages - 1)
        self.problem = self.check(self.action())  # the rules' reason, in the player's words
        self.ok_button.set_enabled(self.problem is None, self.problem)

    def confirm(self) -> None:
        if self.check(self.action()) is not None:
            return
        if self.stack is not None:
            self.stack.pop(self)
        self.on_done(self.action())

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.pages > 1:
            self.turn(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        ui, p = self.ui, self.ui.palette
        language = ui.catalogue.language
        panel = self.draw_frame(surface, self.step.name.get(language))
        body, small = ui.theme.text_size("body"), ui.theme.text_size("small")
        x, width = panel.x + PAD, panel.width - 2 * PAD
        chosen = sum(self.picks.values())
        if self.count is None:
            target = ui.t("steps.picked_free", chosen=chosen)
        elif self.step.exact:
            target = ui.t("steps.picked_exact", chosen=chosen, count=self.count)
        else:
            target = ui.t("steps.picked_at_most", chosen=chosen, count=self.count)
        blit_text(surface, target, (panel.right - PAD, panel.y + 30), "bold", body, p.rubric, "midright")
        help_text = self.step.help.get(language) if self.step.help else ""
        for index, line in enumerate(wrap_words(help_text, "italic", small, width)[:2]):
            blit_text(surface, line, (x, panel.y + 62 + index * 22), "italic", small, p.ink_soft)
        right = panel.right - PAD - (150 if self.step.repeats else 100)
        for index, option in enumerate(self.step.options):
            if index // self.rows_per_page != self.option_page:
                continue
            top = self.list_top + (index % self.rows_per_page) * PICKER_ROW
            pygame.draw.line(surface, p.ink_faint, (x, top), (panel.right - PAD, top))
            why_not = self.refused.get(option.id)
            ink = p.ink if why_not is None else p.ink_faint
            blit_text(surface, option.name.get(language), (x, top + 14), "bold", small, ink, "midleft")
            about = option.description.get(language) if option.description else None
            if why_not is not None:
                about = ui.t("access.unavailable", reason=why_not)  # "unavailable: <the book's words>"
            if about is not None:
                lines = wrap_words(about, "italic", small - 2, right - x)
                text = lines[0] + ("…" if len(lines) > 1 else "")
                blit_text(surface, text, (x, top + 36), "italic", small - 2, p.ink_soft, "midleft")
        if self.pages > 1:
            blit_text(
                surface,
                ui.t("steps.page", page=self.option_page + 1, pages=self.pages),
                (self.next_button.rect.right + 14, self.next_button.rect.centery),
                "italic",
                small,
                p.ink_soft,
                "midleft",
            )
        if self.problem:
            lines = wrap_words(self.problem, "body", small, width)
            blit_text(surface, lines[0], (x, self.ok_button.rect.y - 16), "body", small, p.bad, "midleft")
        self.group.draw(surface)

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: the creation step and its options."""
        ui = self.ui
        language = ui.catalogue.language
        # A greyed option takes no focus: its reason is said here, with its name.
        options = ", ".join(
            option.name.get(language)
            if option.id not in self.refused
            else f"{option.name.get(language)} ({ui.t('access.unavailable', reason=self.refused[option.id])})"
            for option in self.step.options
        )
        return join(self.step.name.get(language), ui.t("access.choices", choices=options), ui.t("access.tab_hint"))

"""The book builder's scene: the form's intents (a row added or taken away, a choice turned, save, leave) and its
state (the form, the book it makes now, its problems, the preview shown).

Every change checks the book again at once (the builder's problems and the validator's, in words); the preview
follows a moment after the typing stops, once the book has no problem. Saving writes through the books folder's
one writer (game.storage.library.save_book: validated, atomic, never replacing a book without asking).
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

import pygame

from game.app.fluid import FluidLayout
from game.app.navigator import Screen
from game.app.services import Services
from game.app.widget_screen import WidgetScreen
from game.books import builder as b
from game.books.fighting_fantasy import FightingFantasyBook
from game.books.loader import BookError, validate_book
from game.scenes.book_builder.controls import BuilderControls, build_controls
from game.scenes.book_builder.layout import BuilderRegions, builder_regions
from game.scenes.book_builder.paint import fit_preview, paint_message, paint_page
from game.scenes.book_builder.preview import creation_picture, sheet_picture
from game.scenes.book_builder.view import BuilderView, problem_lines
from game.storage.library import BookTaken, save_book
from game.ui.file_words import error_words, input_error_words
from game.ui.speech import SpokenText, join
from game.ui.theme import LOGICAL_SIZE

PREVIEW_DELAY = 0.35  # seconds without typing before the preview is drawn again
SPOKEN_PROBLEMS = 4


class BookBuilderScene(FluidLayout, WidgetScreen):
    """Make a book from a form (``book_id`` None), or edit one of the player's books made with it.

    A book the form cannot show whole (spells, triggers… written by hand) opens read-only, saying so.
    """

    screen = Screen.BOOK_BUILDER
    message = SpokenText()  # shown above the buttons and said to a screen reader
    r: BuilderRegions
    controls: BuilderControls

    def __init__(self, services: Services, book_id: str | None = None, size: tuple[int, int] = LOGICAL_SIZE) -> None:
        super().__init__(services.ui)
        self.services = services
        self.not_shown: list[str] = []
        book = services.shelf.books.get(book_id) if book_id is not None else None
        # the player's book being edited (None: a new book, not saved yet; also when that book no longer reads)
        self.editing = book_id if isinstance(book, FightingFantasyBook) else None
        if isinstance(book, FightingFantasyBook):
            self.form = b.form_of(book)
            self.not_shown = b.not_shown(book)
        else:
            self.form = b.new_form()
        self.message, self.message_bad = None, False
        self.preview_tab = "creation"
        self.preview: pygame.Surface | None = None
        self.waited: float | None = PREVIEW_DELAY  # time since the last change (None: the preview is up to date)
        self.asking = False  # a question about saving is open: another press of Save waits for it
        self.check()
        self.saved = self.built.data if book is not None else None  # what the file holds (leaving asks when it differs)
        self.layout(size)

    @property
    def read_only(self) -> str | None:
        """Why the fields are off (a book that uses rules the builder does not edit), or None."""
        if not self.not_shown:
            return None
        return self.ui.t("builder.read_only", parts=", ".join(self.not_shown))

    # -- layout -------------------------------------------------------------------------------------------------
    def place_widgets(self) -> None:
        self.r = builder_regions(self.page, self.read_only is not None)
        if self.preview is not None:
            self.waited = PREVIEW_DELAY  # the preview is kept at its frame's size: drawn again for the new frame
        self.controls = build_controls(self.ui, self.r, self.form, self, self.read_only)
        self.group.add(*self.controls.widgets())
        self._enable()

    def keep_view(self) -> int:
        return self.controls.pane.offset

    def restore_view(self, kept: int) -> None:
        self.controls.pane.scroll_to(kept)

    def _enable(self) -> None:
        controls = self.controls
        for tab, name in zip(controls.tabs, ("creation", "sheet"), strict=True):
            tab.set_chosen(name == self.preview_tab)
        ready = not self.problems
        if self.read_only is not None:
            controls.save_button.set_enabled(False, self.read_only)
        else:
            controls.save_button.set_enabled(ready, self.ui.t("builder.fix_first", count=len(self.problems)))

    # -- the book as typed --------------------------------------------------------------------------------------
    def check(self) -> None:
        """Make the book from the form and validate it: its problems in words, the book when it has none."""
        self.built = b.book_data(self.form)
        self.book: FightingFantasyBook | None = None
        self.error: BookError | None = None
        try:
            book = validate_book(f"{self.built.data['id']}.json", self.built.data)
        except BookError as error:
            self.error = error
        else:
            self.book = book if isinstance(book, FightingFantasyBook) else None
        self.problems = problem_lines(self.ui, self.form, self.built, self.error)

    def changed(self) -> None:
        """A field changed: check the book again now, draw the preview again once the typing stops."""
        before = len(self.problems)
        self.check()
        self.waited = 0.0
        self.message = None
        self._enable()
        if (before == 0) != (len(self.problems) == 0):
            key = "builder.now_ready" if not self.problems else "builder.now_problems"
            self.ui.say(self.ui.t(key, count=len(self.problems)), interrupt=False, kind="value")

    def reshape(self) -> None:
        """A choice that shows other fields changed: the form is laid out again."""
        self.changed()
        self.layout(self.page)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.waited is None:
            return
        self.waited += dt
        if self.waited >= PREVIEW_DELAY:
            self.waited = None
            self.draw_preview()

    def draw_preview(self) -> None:
        """The preview of the book as it is now (none while it has problems)."""
        book = self.book if not self.built.problems else None
        if book is None:
            self.preview = None
            return
        if self.preview_tab == "sheet":
            picture = sheet_picture(self.ui, book, self.services.saves)
        else:
            picture = creation_picture(partial(self.services.navigator.build, Screen.CREATION, book))
        self.preview = fit_preview(picture, self.r)

    # -- the form's rows ----------------------------------------------------------------------------------------
    def add_row(self, section: str) -> None:
        """A new row at the end of a section (a score, a counter, a potion, an item, a creation choice)."""
        form = self.form
        count, most = b.room_left(form, section)
        if count >= most:  # the button is off at the limit; a key held down stops there too
            return
        if section == "score":
            form.scores.append(b.ScoreRow(form.new_key("score"), roll="1d6+6"))
        elif section == "counter":
            form.counters.append(b.CounterRow(form.new_key("counter")))
        elif section == "potion":
            restores = form.scores[0].key if form.scores else ""
            form.potions.append(b.PotionRow(form.new_key("potion"), restores=restores))
        elif section == "item":
            form.equipment.append(b.Words())
        elif section == "step":
            form.steps.append(b.StepRow(form.new_key("step"), options=[b.OptionRow(form.new_key("option"))]))
        self.reshape()
        self._focus_last(section)

    def _focus_last(self, section: str) -> None:
        """The keyboard goes to the new row's first field (and the pane shows it)."""
        lists = {"score": "scores", "counter": "counters", "potion": "potions", "item": "equipment", "step": "steps"}
        rows = getattr(self.form, lists[section])
        prefix = f"{lists[section]}.{len(rows) - 1}"
        found = next((w for name, w in self.controls.named.items() if name.startswith(prefix)), None)
        if found is not None:
            self.group.focus.focus(found)
            self.controls.pane.reveal(found)

    def remove_row(self, section: str, index: int) -> None:
        rows = getattr(self.form, section)
        if 0 <= index < len(rows):
            del rows[index]
            self.reshape()

    def add_option(self, step: int) -> None:
        count, most = b.room_left(self.form, "option", step)
        if 0 <= step < len(self.form.steps) and count < most:
            self.form.steps[step].options.append(b.OptionRow(self.form.new_key("option")))
            self.reshape()

    def remove_option(self, step: int, index: int) -> None:
        if 0 <= step < len(self.form.steps) and 0 <= index < len(self.form.steps[step].options):
            del self.form.steps[step].options[index]
            self.reshape()

    def show_preview(self, tab: str) -> None:
        self.preview_tab = tab
        self.draw_preview()
        self._enable()

    # -- saving -------------------------------------------------------------------------------------------------
    def save(self, replace_taken: bool = False, book_id: str | None = None) -> None:
        """Write the book into the player's books folder (a book with its id already there is asked about first)."""
        if self.asking or self.read_only is not None:
            return
        self.check()
        folder = self.services.own_books
        if self.problems:
            self.say(self.ui.t("builder.fix_first", count=len(self.problems)), bad=True)
            return
        if folder is None or self.services.locked:
            self.say(self.ui.t("shelf.no_import_in_demo"), bad=True)
            return
        data = dict(self.built.data, id=book_id) if book_id is not None else self.built.data
        shelf = self.services.shelf
        bundled = [each for each in shelf.cards if each not in shelf.own]
        try:
            book, target = save_book(data, folder, replace_taken=replace_taken or data["id"] == self.editing, bundled=bundled)
        except BookTaken as taken:
            self.ask_taken(taken)
            return
        except BookError as error:
            self.say(self.ui.t("builder.save_failed", folder=str(folder), reason=input_error_words(self.ui, error)), bad=True)
            return
        except OSError as error:
            self.say(self.ui.t("builder.save_failed", folder=str(folder), reason=error_words(self.ui, error)), bad=True)
            return
        self.editing = book.id
        self.form = replace(self.form, id=book.id)
        self.check()
        self.saved = self.built.data
        self.services.reload_books()
        self._enable()
        self.say(self.ui.t("builder.saved", title=book.title.get(self.ui.catalogue.language), file=str(target)))

    def ask_taken(self, taken: BookTaken) -> None:
        """A book with this id is on the shelf already: replace it (named), save beside it, or cancel."""
        language = self.ui.catalogue.language
        card = self.services.shelf.cards.get(taken.book.id)
        old = card.title.get(language) if card is not None else taken.book.id
        beside = b.book_id_for(taken.book.id, self.services.shelf.cards)
        key = "builder.taken_own" if taken.own else "builder.taken_bundled"
        self.asking = True
        self.services.navigator.open(
            self,
            Screen.DIALOG,
            self.ui.t(key, old=old, id=taken.book.id, beside=beside),
            [
                (self.ui.tr("common.cancel"), None),
                (self.ui.t("builder.save_beside", id=beside), ("beside", beside)),
                (self.ui.tr("builder.replace"), ("replace", taken.book.id)),
            ],
            title=self.ui.tr("builder.taken_title"),
            cancel_value=None,
            default_index=1,
            width=820,
            on_result=self._taken_answer,
        )

    def _taken_answer(self, answer: object) -> None:
        self.asking = False
        if isinstance(answer, tuple) and answer[0] == "beside":
            self.save(book_id=str(answer[1]))
        elif isinstance(answer, tuple) and answer[0] == "replace":
            self.save(replace_taken=True)

    # -- leaving ------------------------------------------------------------------------------------------------
    def unsaved(self) -> bool:
        """Whether the form says something its file does not (a new book: anything typed)."""
        if self.read_only is not None:
            return False
        return self.built.data != (self.saved if self.saved is not None else b.book_data(b.new_form()).data)

    def leave(self) -> None:
        """Back to the shelf; with changes not saved, asked first."""
        if not self.unsaved():
            self.close()
            return
        self.services.navigator.open(
            self,
            Screen.DIALOG,
            self.ui.tr("builder.leave_unsaved"),
            [(self.ui.tr("common.cancel"), False), (self.ui.tr("builder.leave_anyway"), True)],
            title=self.ui.tr("builder.leave_title"),
            cancel_value=False,
            default_index=0,
            on_result=lambda yes: self.close() if yes else None,
        )

    def escape(self) -> None:
        self.leave()

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            self.save()
            return None
        return super().process_event(event)

    def say(self, text: str, bad: bool = False) -> None:
        self.message, self.message_bad = text, bad

    # -- frame --------------------------------------------------------------------------------------------------
    def view(self) -> BuilderView:
        ui = self.ui
        title_key = "builder.title_edit" if self.editing is not None else "builder.title_new"
        problems_title = ui.t("builder.problems", count=len(self.problems)) if self.problems else ui.t("builder.ready")
        if self.read_only is not None:
            problems_title = ui.t("builder.shown_only")
        note = ui.t("builder.preview_waits") if self.problems else ui.t("builder.preview_drawing")
        return BuilderView(
            title=ui.t(title_key, title=self.form.title.get(ui.catalogue.language)),
            banner=self.read_only,
            problems_title=problems_title,
            problems=self.problems,
            message=self.message,
            message_bad=self.message_bad,
            preview_tab=self.preview_tab,
            preview=self.preview if not self.problems else None,
            preview_note=note,
        )

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view()
        paint_page(surface, view, self.r, self.ui)
        self.group.draw(surface)
        paint_message(surface, view, self.r, self.ui)

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: the screen, the book shown read-only or its problems, how to go on."""
        ui, view = self.ui, self.view()
        problems = list(view.problems[:SPOKEN_PROBLEMS])
        if len(view.problems) > SPOKEN_PROBLEMS:
            problems.append(ui.t("builder.more_problems", count=len(view.problems) - SPOKEN_PROBLEMS))
        return join(view.title, view.banner or "", view.problems_title, *problems, ui.t("builder.spoken_hint"))

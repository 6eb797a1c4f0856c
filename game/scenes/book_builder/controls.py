"""The builder's controls: the form's rows of fields in a scrolling pane, the preview's tabs, leave and save.

Each field writes what is typed into the form model (game.books.builder) and tells the intents; a row added
or taken away, or a choice that shows other fields (a counter's kind, a calendar or a count of days), makes
the scene lay the form out again. Every field has a caption drawn above it and says it to a screen reader
with its place ("Score 4 — name in French"); a choice says what it is set to.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol, TypeVar

import pygame

from game.books import builder as b
from game.scenes.book_builder.layout import HEADING_ROW, LABEL_H, PLAIN_ROW, ROW_H, BuilderRegions
from game.scenes.book_builder.paint import paint_captions, paint_heading
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.layout import ScrollPane
from game.ui.text_field import TextField
from game.ui.toggle import Toggle
from game.ui.widget import Widget

Maker = Callable[[pygame.Rect], tuple[Widget, str, str]]
"""Makes one field of a row in its rect: the widget, its place's name ("scores.3.roll") and its caption."""

NAME_LENGTH = 120  # a name's field takes at most this many characters (the book allows 4000)
TEXT_LENGTH = 600  # a sentence (what a score means, a blurb, the notes, a calendar's days)
NUMBER_LENGTH = 12
Row = TypeVar("Row")
TOGGLE_W = 112  # a switch and its state ("Non", "Off"): its caption is above it


class BuilderIntents(Protocol):
    """What the player does in the builder."""

    def changed(self) -> None: ...
    def reshape(self) -> None: ...
    def add_row(self, section: str) -> None: ...
    def remove_row(self, section: str, index: int) -> None: ...
    def add_option(self, step: int) -> None: ...
    def remove_option(self, step: int, index: int) -> None: ...
    def show_preview(self, tab: str) -> None: ...
    def save(self) -> None: ...
    def leave(self) -> None: ...


class Choice(Button):
    """A button that turns through a few choices (a threshold's kind, the score a potion restores): its label is the
    one chosen; a click or Enter takes the next, and says it."""

    def __init__(
        self,
        ui: UIContext,
        rect: pygame.Rect,
        caption: str,
        options: Callable[[], Sequence[tuple[str, str]]],
        get: Callable[[], str],
        put: Callable[[str], object],
    ) -> None:
        self.options, self.get, self.put, self.caption = options, get, put, caption
        super().__init__(ui, rect, self.current_label, on_click=self.turn)
        self.spoken_name = self.spoken_choice

    def spoken_choice(self) -> str:
        """What a screen reader calls it: its place and caption, and the choice it is set to."""
        return self.ui.t("builder.choice_spoken", what=self.caption, value=self.current_label())

    def current_label(self) -> str:
        now = self.get()
        return next((label for value, label in self.options() if value == now), "—")

    def turn(self) -> None:
        values = [value for value, _label in self.options()]
        if not values:
            return
        now = self.get()
        self.put(values[(values.index(now) + 1) % len(values)] if now in values else values[0])
        self.ui.say(self.current_label())


@dataclass
class BuilderControls:
    """The builder's widgets: the form's pane and its fields (in the keyboard's order), the tabs, the bar."""

    pane: ScrollPane
    fields: list[Widget]
    tabs: tuple[Button, Button]
    leave_button: Button
    save_button: Button
    named: dict[str, Widget] = field(default_factory=dict)  # by place ("scores.3.roll"): what tests and focus find

    def widgets(self) -> list[Widget]:
        return [self.pane, *self.fields, *self.tabs, self.leave_button, self.save_button]


class _Rows:
    """Adds the form's rows to the pane, one section after the other, keeping the fields in order."""

    def __init__(
        self, ui: UIContext, r: BuilderRegions, pane: ScrollPane, intents: BuilderIntents, read_only: str | None, form: b.BookForm
    ) -> None:
        self.ui, self.r, self.pane, self.intents, self.read_only, self.form = ui, r, pane, intents, read_only, form
        self.fields: list[Widget] = []
        self.named: dict[str, Widget] = {}

    def t(self, key: str, **params: object) -> str:
        return self.ui.t(f"builder.{key}", **params)

    def heading(self, key: str, add: str | None = None) -> None:
        widgets: list[Widget] = []
        if add is not None:
            rect = pygame.Rect(self.r.form.right - 16 - 8 - 220, self.pane_top() + 6, 220, 36)
            button = Button(self.ui, rect, self.t(f"add_{add}"), on_click=partial(self.intents.add_row, add))
            widgets.append(self.keep(self.at_most(button, *b.room_left(self.form, add)), f"add.{add}"))
        self.pane.add_row(HEADING_ROW, *widgets, paint=partial(paint_heading, self.ui, self.t(key)))

    def at_most(self, button: Button, count: int, most: int) -> Button:
        """An "Add" button, off once its list holds what a book may hold (and saying so)."""
        if count >= most:
            button.set_enabled(False, self.t("full", count=most))
        return button

    def section(self, section: str, noun: str, items: Sequence[Row]) -> Iterator[tuple[int, Row, str, str]]:
        """A section of rows: its heading (with "+ Add" a ``noun``), then each item with its index, its place in
        words ("Score 2") and its fields' names ("scores.1")."""
        self.heading(f"section_{section}", noun)
        for index, item in enumerate(items):
            yield index, item, self.t(f"{noun}_n", n=index + 1), f"{section}.{index}"

    def options(self, prefix: str, values: Sequence[str]) -> Callable[[], list[tuple[str, str]]]:
        """The choices of a field whose choices never change (a threshold's kinds), each said ``<prefix>_<value>``."""
        return partial(list, [(value, self.t(f"{prefix}_{value}")) for value in values])

    def pane_top(self) -> int:
        return self.pane.rect.y + self.pane.content_height + (self.pane.gap if self.pane.rows else 0)

    def keep(self, widget: Widget, name: str) -> Widget:
        if self.read_only is not None and not name.startswith("preview"):
            widget.set_enabled(False, self.read_only)
        self.fields.append(widget)
        self.named[name] = widget
        return widget

    def row(self, shares: list[float], makers: Sequence[Maker | None], captions: bool = True) -> None:
        """One row of fields: each maker gets its rect and gives its widget, its name and its caption (None: room
        left empty, an indent)."""
        top = self.pane_top()
        offset = top - self.r.form.y + (0 if captions else -LABEL_H)
        rects = [rect.move(0, offset) for rect in self.r.row(shares)]
        made = [maker(rect) for maker, rect in zip(makers, rects, strict=True) if maker is not None]
        widgets = [self.keep(widget, name) for widget, name, _caption in made]
        shown = [(widget, caption) for (widget, _name, caption) in made if caption]
        self.pane.add_row(ROW_H if captions else PLAIN_ROW, *widgets, paint=partial(paint_captions, self.ui, shown))

    # -- fields --------------------------------------------------------------------------------------------------

    def text(
        self, name: str, caption: str, spoken: str, get: str, put: Callable[[str], object], length: int = NAME_LENGTH
    ) -> Maker:
        def make(rect: pygame.Rect) -> tuple[Widget, str, str]:
            def typed(text: str) -> None:
                put(text)
                self.intents.changed()

            widget = TextField(self.ui, rect, text=get, max_length=length, on_change=typed, spoken_name=spoken)
            return widget, name, caption

        return make

    def words(self, name: str, caption: str, where: str, words: b.Words, length: int = NAME_LENGTH) -> list[Maker]:
        """Two fields: the French and the English text."""
        return [
            self.text(
                f"{name}.{language}",
                f"{caption} ({language})",
                self.t(f"spoken_{language}", where=where, what=caption),
                getattr(words, language),
                partial(setattr, words, language),
                length,
            )
            for language in ("fr", "en")
        ]

    def toggle(self, name: str, caption: str, where: str, get: bool, put: Callable[[bool], object]) -> Maker:
        def make(rect: pygame.Rect) -> tuple[Widget, str, str]:
            def flipped(value: bool) -> None:
                put(value)
                self.intents.changed()

            # The caption is drawn above, as every field's: the switch itself shows its state ("Oui", "Non").
            widget = Toggle(self.ui, rect, "", value=get, on_change=flipped, spoken_name=f"{where} — {caption}")
            return widget, name, caption

        return make

    def choice(
        self,
        name: str,
        caption: str,
        where: str,
        options: Callable[[], Sequence[tuple[str, str]]],
        get: Callable[[], str],
        put: Callable[[str], object],
        reshape: bool = False,
    ) -> Maker:
        def make(rect: pygame.Rect) -> tuple[Widget, str, str]:
            def chosen(value: str) -> None:
                put(value)
                (self.intents.reshape if reshape else self.intents.changed)()

            widget = Choice(self.ui, rect, f"{where} — {caption}", options, get, chosen)
            return widget, name, caption

        return make

    def remove(self, name: str, where: str, action: Callable[[], object]) -> Maker:
        def make(rect: pygame.Rect) -> tuple[Widget, str, str]:
            widget = Button(self.ui, rect, "×", on_click=action, tooltip=self.t("remove", where=where))
            return widget, name, ""

        return make

    def button(self, name: str, label: str, action: Callable[[], object], room: tuple[int, int] = (0, 1)) -> Maker:
        def make(rect: pygame.Rect) -> tuple[Widget, str, str]:
            return self.at_most(Button(self.ui, rect, label, on_click=action), *room), name, ""

        return make


def _setter(obj: object, attribute: str) -> Callable[[Any], None]:  # Any: the field's own type (a text, a switch)
    return partial(setattr, obj, attribute)


def _count_score(step: b.StepRow) -> str:
    return step.count_score or ""


def _set_count_score(step: b.StepRow, value: str) -> None:
    step.count_score = value or None


def _book_rows(rows: _Rows, form: b.BookForm) -> None:
    t = rows.t
    rows.heading("section_book")
    where = t("section_book")
    rows.row([1, 1], rows.words("title", t("title"), where, form.title))
    rows.row(
        [1.2, 1.2, 0.6, 0.6, 0.6],
        [
            *rows.words("series", t("series"), where, form.series),
            *rows.words("short", t("short"), where, form.short),
            rows.text("number", t("number"), f"{where} — {t('number')}", form.number, _setter(form, "number"), NUMBER_LENGTH),
        ],
    )
    rows.row([1, 1], rows.words("blurb", t("blurb"), where, form.blurb, TEXT_LENGTH))
    rows.row(
        [1.2, 1.2, 0.6],
        [
            *rows.words("notes", t("notes"), where, form.notes, TEXT_LENGTH),
            rows.text(
                "sections", t("sections"), f"{where} — {t('sections')}", form.sections, _setter(form, "sections"), NUMBER_LENGTH
            ),
        ],
    )


def _score_rows(rows: _Rows, form: b.BookForm) -> None:
    t = rows.t
    kinds, roles = rows.options("threshold", b.THRESHOLD_KINDS), rows.options("role", b.ROLES)
    for index, score, where, name in rows.section("scores", "score", form.scores):
        rows.row(
            [1, 1, 0.6, -44],
            [
                *rows.words(f"{name}.name", t("name"), where, score.name),
                rows.text(f"{name}.roll", t("roll"), f"{where} — {t('roll')}", score.roll, _setter(score, "roll"), 24),
                rows.remove(f"{name}.remove", where, partial(rows.intents.remove_row, "scores", index)),
            ],
        )
        rows.row(
            [1, -TOGGLE_W, -TOGGLE_W, 0.5],
            [
                rows.choice(f"{name}.role", t("role"), where, roles, partial(getattr, score, "role"), _setter(score, "role")),
                rows.toggle(f"{name}.capped", t("capped"), where, score.capped, _setter(score, "capped")),
                rows.toggle(f"{name}.testable", t("testable"), where, score.testable, _setter(score, "testable")),
                rows.text(
                    f"{name}.start", t("start"), f"{where} — {t('start')}", score.start, _setter(score, "start"), NUMBER_LENGTH
                ),
            ],
        )
        rows.row(
            [1, 1, 0.75, 0.75],
            [
                *rows.words(f"{name}.about", t("about"), where, score.about, TEXT_LENGTH),
                rows.choice(
                    f"{name}.threshold",
                    t("threshold"),
                    where,
                    kinds,
                    partial(getattr, score, "threshold"),
                    _setter(score, "threshold"),
                ),
                rows.text(f"{name}.limit", t("limit"), f"{where} — {t('limit')}", score.limit, _setter(score, "limit"), 24),
            ],
        )


def _counter_rows(rows: _Rows, form: b.BookForm) -> None:
    t = rows.t
    kinds = rows.options("counter", b.COUNTER_KINDS)
    for index, counter, where, name in rows.section("counters", "counter", form.counters):
        rows.row(  # two rows, as a score's: at 960×540 one row cut "Maxim…" and "Repas :…"
            [0.8, 1, 1, -44],
            [
                rows.choice(
                    f"{name}.kind",
                    t("kind"),
                    where,
                    kinds,
                    partial(getattr, counter, "kind"),
                    _setter(counter, "kind"),
                    reshape=True,
                ),
                *rows.words(f"{name}.name", t("name"), where, counter.name),
                rows.remove(f"{name}.remove", where, partial(rows.intents.remove_row, "counters", index)),
            ],
        )
        meal = None
        if counter.kind == "provisions":
            meal = rows.text(
                f"{name}.meal", t("meal"), f"{where} — {t('meal')}", counter.meal, _setter(counter, "meal"), NUMBER_LENGTH
            )
        rows.row(
            [0.8, 0.6, 0.6, 0.6, -44],
            [
                None,  # under the kind: the numbers read as the counter's
                rows.text(
                    f"{name}.start",
                    t("start"),
                    f"{where} — {t('start')}",
                    counter.start,
                    _setter(counter, "start"),
                    NUMBER_LENGTH,
                ),
                rows.text(
                    f"{name}.maximum",
                    t("maximum"),
                    f"{where} — {t('maximum')}",
                    counter.maximum,
                    _setter(counter, "maximum"),
                    NUMBER_LENGTH,
                ),
                meal,
                None,
            ],
        )


def _score_choices(form: b.BookForm, language: str) -> list[tuple[str, str]]:
    return [(score.key, score.name.get(language) or score.key) for score in form.scores]


def _potion_rows(rows: _Rows, form: b.BookForm) -> None:
    t, language = rows.t, rows.ui.catalogue.language
    for index, potion, where, name in rows.section("potions", "potion", form.potions):
        rows.row(
            [1, 1, 0.8, 0.45, 0.45, 0.45, -44],
            [
                *rows.words(f"{name}.name", t("name"), where, potion.name),
                rows.choice(
                    f"{name}.restores",
                    t("restores"),
                    where,
                    partial(_score_choices, form, language),
                    partial(getattr, potion, "restores"),
                    _setter(potion, "restores"),
                ),
                rows.text(
                    f"{name}.raise",
                    t("raise_initial"),
                    f"{where} — {t('raise_initial')}",
                    potion.raise_initial,
                    _setter(potion, "raise_initial"),
                    NUMBER_LENGTH,
                ),
                rows.text(
                    f"{name}.doses", t("doses"), f"{where} — {t('doses')}", potion.doses, _setter(potion, "doses"), NUMBER_LENGTH
                ),
                rows.text(
                    f"{name}.maximum",
                    t("maximum"),
                    f"{where} — {t('maximum')}",
                    potion.maximum,
                    _setter(potion, "maximum"),
                    NUMBER_LENGTH,
                ),
                rows.remove(f"{name}.remove", where, partial(rows.intents.remove_row, "potions", index)),
            ],
        )


def _equipment_rows(rows: _Rows, form: b.BookForm) -> None:
    t = rows.t
    for index, item, where, name in rows.section("equipment", "item", form.equipment):
        rows.row(
            [1, 1, -44],
            [
                *rows.words(name, t("item"), where, item),
                rows.remove(f"{name}.remove", where, partial(rows.intents.remove_row, "equipment", index)),
            ],
        )


def _time_rows(rows: _Rows, form: b.BookForm) -> None:
    t, time = rows.t, form.time
    rows.heading("section_time")
    where = t("section_time")
    kinds = rows.options("time", b.TIME_KINDS)
    chooser = rows.choice(
        "time.kind", t("time_kind"), where, kinds, partial(getattr, time, "kind"), _setter(time, "kind"), reshape=True
    )
    if time.kind == "none":
        rows.row([1, 2], [chooser, None])
        return
    rows.row([0.8, 1, 1], [chooser, *rows.words("time.name", t("time_name"), where, time.name)])
    if time.kind == "calendar":
        rows.row([1, 1], rows.words("time.days", t("days"), where, time.days, TEXT_LENGTH))
    else:
        rows.row(
            [1, 1, 0.5],
            [
                *rows.words("time.unit", t("unit"), where, time.unit),
                rows.text(
                    "time.maximum",
                    t("maximum"),
                    f"{where} — {t('maximum')}",
                    time.maximum,
                    _setter(time, "maximum"),
                    NUMBER_LENGTH,
                ),
            ],
        )


def _target_choices(form: b.BookForm, option: b.OptionRow, language: str) -> list[tuple[str, str]]:
    if option.grant == "counter":
        rows: list[b.CounterRow | b.PotionRow] = [*form.counters, *form.potions]
        return [(row.key, row.name.get(language) or row.key) for row in rows]
    if option.grant == "score":
        return _score_choices(form, language)
    return []


def _step_rows(rows: _Rows, form: b.BookForm) -> None:
    t, language = rows.t, rows.ui.catalogue.language
    for index, step, where, name in rows.section("steps", "step", form.steps):

        def counts(form: b.BookForm = form) -> list[tuple[str, str]]:
            return [
                ("", t("count_number")),
                *((key, t("count_score", score=label)) for key, label in _score_choices(form, language)),
            ]

        rows.row(
            [1, 1, 0.4, 0.9, -TOGGLE_W, -TOGGLE_W, -44],
            [
                *rows.words(f"{name}.name", t("name"), where, step.name),
                rows.text(
                    f"{name}.count", t("count"), f"{where} — {t('count')}", step.count, _setter(step, "count"), NUMBER_LENGTH
                ),
                rows.choice(
                    f"{name}.count_of",
                    t("count_of"),
                    where,
                    counts,
                    partial(_count_score, step),
                    partial(_set_count_score, step),
                ),
                rows.toggle(f"{name}.at_most", t("at_most"), where, step.at_most, _setter(step, "at_most")),
                rows.toggle(f"{name}.repeats", t("repeats"), where, step.repeats, _setter(step, "repeats")),
                rows.remove(f"{name}.remove", where, partial(rows.intents.remove_row, "steps", index)),
            ],
        )
        rows.row([1, 1], rows.words(f"{name}.help", t("help"), where, step.help, TEXT_LENGTH))
        grants = rows.options("grant", b.GRANT_KINDS)
        for number, option in enumerate(step.options):
            there = t("option_n", step=index + 1, n=number + 1)
            place = f"{name}.options.{number}"
            rows.row(
                [-24, 1, 1, 0.7, 0.9, 0.4, -44],
                [
                    None,
                    *rows.words(f"{place}.name", t("option"), there, option.name),
                    rows.choice(
                        f"{place}.grant",
                        t("grant"),
                        there,
                        grants,
                        partial(getattr, option, "grant"),
                        _setter(option, "grant"),
                    ),
                    rows.choice(
                        f"{place}.target",
                        t("target"),
                        there,
                        partial(_target_choices, form, option, language),
                        partial(getattr, option, "target"),
                        _setter(option, "target"),
                    ),
                    rows.text(
                        f"{place}.amount",
                        t("amount"),
                        f"{there} — {t('amount')}",
                        option.amount,
                        _setter(option, "amount"),
                        NUMBER_LENGTH,
                    ),
                    rows.remove(f"{place}.remove", there, partial(rows.intents.remove_option, index, number)),
                ],
            )
        add = rows.button(
            f"{name}.add_option", t("add_option"), partial(rows.intents.add_option, index), b.room_left(form, "option", index)
        )
        rows.row([-24, 1, 2], [None, add, None], captions=False)


def _fight_rows(rows: _Rows, form: b.BookForm) -> None:
    t, fight = rows.t, form.fight
    rows.heading("section_fight")
    where = t("section_fight")
    rows.row(
        [-TOGGLE_W - 40, 0.6, 0.6, -TOGGLE_W - 40, 1],
        [
            rows.toggle("fight.luck", t("luck_allowed"), where, fight.luck_allowed, _setter(fight, "luck_allowed")),
            rows.text(
                "fight.hit", t("hit_damage"), f"{where} — {t('hit_damage')}", fight.hit_damage, _setter(fight, "hit_damage"), 24
            ),
            rows.text(
                "fight.wound",
                t("wound_damage"),
                f"{where} — {t('wound_damage')}",
                fight.wound_damage,
                _setter(fight, "wound_damage"),
                24,
            ),
            rows.toggle("fight.double", t("double_kills"), where, fight.double_kills, _setter(fight, "double_kills")),
            None,
        ],
    )


SECTIONS = (_book_rows, _score_rows, _counter_rows, _potion_rows, _equipment_rows, _time_rows, _step_rows, _fight_rows)


def build_controls(
    ui: UIContext, r: BuilderRegions, form: b.BookForm, intents: BuilderIntents, read_only: str | None
) -> BuilderControls:
    """The form's rows for ``form`` in a pane of ``r.form``, the tabs and the bar (``read_only``: the reason every field
    is off, a book that uses rules the builder does not edit)."""
    pane = ScrollPane(ui, r.form, gap=2, spoken_name=ui.tr("builder.form_name"))
    rows = _Rows(ui, r, pane, intents, read_only, form)
    for section in SECTIONS:
        section(rows, form)
    creation_tab = Button(ui, r.tabs[0], ui.tr("builder.preview_creation"), on_click=partial(intents.show_preview, "creation"))
    sheet_tab = Button(ui, r.tabs[1], ui.tr("builder.preview_sheet"), on_click=partial(intents.show_preview, "sheet"))
    for tab in (creation_tab, sheet_tab):
        tab.choice_of = ui.tr("builder.preview_name")
    leave, save = r.bar_buttons()
    return BuilderControls(
        pane=pane,
        fields=rows.fields,
        tabs=(creation_tab, sheet_tab),
        leave_button=Button(ui, leave, ui.tr("builder.leave"), on_click=intents.leave),
        save_button=Button(ui, save, ui.tr("builder.save"), style="primary", on_click=intents.save),
        named=rows.named,
    )

"""The character form of the Rôle'n Play table: add a character or edit one (an overlay the navigator opens).

It builds ``add_character`` / ``edit_character`` actions (and ``set_hp`` for a new
maximum), hands them to its :class:`Roster` (the table) and shows the rules' refusal
when there is one. Centred on any page; on a page too short for the whole form
(960×540, 200 % on a 1080p screen) Cancel and Save go up beside the title.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Protocol

import pygame

from game.app.modal import ModalScene
from game.books.rolenplay import RolenplayBook
from game.i18n.catalogue import TextSource
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.rnp.abilities import modifier
from game.rules.session import ActionLike, Entry, make_action
from game.scenes.rnp_table.data import Json
from game.scenes.rnp_table.layout import ROW
from game.scenes.rnp_table.party import SENSES
from game.scenes.rnp_table.words import num, parse_number, signed
from game.ui import fonts
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.draw import blit_text, draw_panel, draw_veil
from game.ui.speech import SpokenText, join
from game.ui.text_field import TextField
from game.ui.text_fit import ellipsize, wrap_words

FORM_WIDTH = 960
FULL_HEIGHT = 600  # the whole form, its buttons under the saving throws
PAGE_MARGIN = 12  # a page shorter than the form leaves this much round it
PAD, BODY_DY, TITLE_DY = 28, 70, 18  # the form's sides; where its body starts; its title
CAPTION = 24  # a caption's band above its field
# The first row: name, proficiency, passive Perception, maximum hit points (x from the body's left, and width).
NAME = (0, 400)
PROFICIENCY = (450, 90)
PASSIVE = (570, 150)
HP_MAX = (750, 120)
SCORES_DY, SCORE_STEP, SCORE_W = 80, 140, 128  # the abilities' caption; a field between − and + each, SCORE_STEP apart
SAVE_STEP, SAVE_W = 110, 96  # the saving throws' buttons
SCORE_NAME_DY, SCORE_FIELD_DY = 106, 130  # an ability's short name above its field
SENSES_DY, SENSE_STEP, SENSE_W = 204, 300, 90
SKILLS_DY, PACE_X = 286, 650  # skills on the left, the fastest pace right of them
SKILL_PADDING, SKILL_GAP, PACE_PADDING, PACE_GAP = 34, 8, 24, 6
SAVES_DY = 368
BUTTONS = (340, 178, 150, 46)  # Cancel and Save: their left from the form's right, width and height
BUTTONS_FOOT, BUTTONS_TOP = 64, 12  # above the form's foot, or from its top on a short page
ERROR_FOOT, ERROR_ROOM, ERROR_GAP, ERROR_LINES = 78, 400, 14, 3
STEP_W = 28  # the − and + beside a number's field (issue 30 item 15: a score no longer has to be typed)


class Roster(Protocol):
    """What the form sees of its table: where the actions go, and the status line that says a refusal."""

    @property
    def status(self) -> str | None: ...

    def act(self, action: ActionLike, message: str | None = None) -> Entry | None: ...


@dataclass(frozen=True)
class FormRegions:
    """The form's panel and where its parts go on a page."""

    rect: pygame.Rect
    compact: bool  # the page is too short for the whole form

    @property
    def left(self) -> int:
        return self.rect.left + PAD

    @property
    def top(self) -> int:
        """The top of the body (the first row's captions)."""
        return self.rect.top + BODY_DY

    def first_row(self, part: tuple[int, int]) -> pygame.Rect:
        return pygame.Rect(self.left + part[0], self.top + CAPTION, part[1], ROW)

    def score(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.left + index * SCORE_STEP, self.top + SCORE_FIELD_DY, SCORE_W, ROW)

    def sense(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.left + index * SENSE_STEP, self.top + SENSES_DY + 22, SENSE_W, ROW)

    @property
    def flips(self) -> int:
        """The row of skills and paces."""
        return self.top + SKILLS_DY + 22

    def save(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.left + index * SAVE_STEP, self.top + SAVES_DY + 22, SAVE_W, ROW)

    def buttons(self) -> tuple[pygame.Rect, pygame.Rect]:
        cancel, ok, width, height = BUTTONS
        y = self.rect.top + BUTTONS_TOP if self.compact else self.rect.bottom - BUTTONS_FOOT
        return pygame.Rect(self.rect.right - cancel, y, width, height), pygame.Rect(self.rect.right - ok, y, width, height)

    def error(self, saves: int) -> tuple[int, int, int]:
        """Where a refusal is written (x, y, width): above the buttons, or beside the saving throws on a short page."""
        if self.compact:  # beside the saving throws, the room the buttons left
            x = self.left + saves * SAVE_STEP + ERROR_GAP
            return x, self.top + SAVES_DY, self.rect.right - PAD - x
        return self.left, self.rect.bottom - ERROR_FOOT, self.rect.width - ERROR_ROOM


def form_regions(page: tuple[int, int]) -> FormRegions:
    """The form centred on ``page``: 960×600, or shorter on a page too short for that."""
    rect = pygame.Rect(0, 0, FORM_WIDTH, min(FULL_HEIGHT, page[1] - PAGE_MARGIN))
    rect.center = (page[0] // 2, page[1] // 2)
    return FormRegions(rect, rect.height < FULL_HEIGHT)


class CharacterForm(ModalScene):
    """Add a character, or edit one (``member``: the rules' view of that character; ``explicit_passive``: whether
    the sheet holds a written passive Perception rather than the one the rules work out)."""

    error = SpokenText()  # shown on the screen and said to a screen reader

    def __init__(
        self,
        ui: UIContext,
        table: Roster,
        book: RolenplayBook,
        member: Json | None,
        explicit_passive: bool = False,
        page: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(ui)
        self.table = table
        self.book = book
        self.member = member
        self.explicit_passive = explicit_passive
        self.error = None
        self.skills = set(member["skills"]) if member else set()
        self.saves = set(member["saves"]) if member else set()
        self.max_pace: str | None = member["max_pace"] if member else None
        self.fields: dict[str, TextField] = {}
        self.steppers: dict[str, tuple[Button, Button]] = {}  # the − and + of each stepped field
        self.pace_buttons: dict[str | None, Button] = {}
        self.skill_buttons: dict[str, Button] = {}
        self.save_buttons: dict[str, Button] = {}
        self.regions = form_regions(page or self.page)
        self.layout(page or self.page)

    @property
    def rect(self) -> pygame.Rect:
        return self.regions.rect

    @property
    def compact(self) -> bool:
        """Whether the page is too short for the whole form: the buttons then go up beside the title and a
        refusal is written beside the saving throws."""
        return self.regions.compact

    def keep_view(self) -> dict[str, str]:
        """A resize keeps what is typed in every field."""
        return {key: field.text for key, field in self.fields.items()}

    def restore_view(self, kept: dict[str, str]) -> None:
        for key, text in kept.items():
            self.fields[key].text = text

    def place_widgets(self) -> None:
        """The form's fields and buttons in a panel centred on the page."""
        self.regions = form_regions(self.page)
        self.fields = {}
        self.steppers = {}
        cancel, ok = self.regions.buttons()
        self.cancel_button = Button(self.ui, cancel, self.ui.tr("common.cancel"), on_click=self.close)
        save = self.ui.tr("rnp.save_character" if self.member else "rnp.add_character")
        self.ok_button = Button(self.ui, ok, save, style="primary", on_click=self.submit)
        if self.compact:  # on a short page the buttons sit at the top: read (and Tabbed to) first
            self.group.add(self.cancel_button, self.ok_button)
        self.add_numbers()
        self.add_pace_and_senses()
        self.add_flips()
        if not self.compact:
            self.group.add(self.cancel_button, self.ok_button)
        self._style_flips()

    def add_field(
        self,
        key: str,
        rect: pygame.Rect,
        text: str,
        max_length: int,
        *,
        placeholder: TextSource | None = None,
        spoken_name: TextSource | None = None,
    ) -> None:
        field = TextField(self.ui, rect, text=text, max_length=max_length, placeholder=placeholder, spoken_name=spoken_name)
        self.fields[key] = self.group.add(field)

    def add_stepped(self, key: str, rect: pygame.Rect, text: str, limits: tuple[int, int], spoken: TextSource) -> None:
        """A whole number's field between a − and a + (each one step, kept within ``limits``; a field empty or not a
        number steps from the lowest). The field still takes a typed number."""
        minus = pygame.Rect(rect.left, rect.top, STEP_W, rect.height)
        plus = pygame.Rect(rect.right - STEP_W, rect.top, STEP_W, rect.height)
        field = pygame.Rect(minus.right + 2, rect.top, rect.width - 2 * STEP_W - 4, rect.height)
        buttons = []
        for sign, delta, way, rect_ in (("−", -1, "down", minus), ("+", 1, "up", plus)):
            what = self.ui.tr(f"rnp.form_step_{way}", what=self.ui.text(spoken))
            buttons.append(
                Button(self.ui, rect_, sign, on_click=partial(self.step, key, delta, limits), tooltip=what, spoken_name=what)
            )
        # −, the field, + : left to right, the Tab order is reading order
        self.group.add(buttons[0])
        self.add_field(key, field, text, len(str(limits[1])), spoken_name=spoken)
        self.group.add(buttons[1])
        self.steppers[key] = (buttons[0], buttons[1])

    def step(self, key: str, delta: int, limits: tuple[int, int]) -> None:
        """One more or one less in field ``key``, within ``limits`` (a fraction is first rounded down)."""
        low, high = limits
        value = parse_number(self.fields[key].text)
        current = low if value is None else int(value // 1)
        self.fields[key].text = str(max(low, min(high, current + delta)))

    def add_numbers(self) -> None:
        """The name, the abilities' scores, the proficiency, the passive Perception and the maximum hit points (in
        this order: the keyboard's order and a resize's focus follow it)."""
        ui, book, member, r = self.ui, self.book, self.member, self.regions
        self.add_field("name", r.first_row(NAME), member["name"] if member else "", 40, placeholder=ui.tr("rnp.name_placeholder"))
        for i, ability in enumerate(book.abilities.scores):
            value = member["scores"][ability.id] if member else book.abilities.modifier_base
            spoken = partial(lambda ab: ab.name.get(ui.catalogue.language), ability)
            self.add_stepped(ability.id, r.score(i), str(value), (book.abilities.score_min, book.abilities.score_max), spoken)
        prof = member["proficiency"] if member else book.abilities.proficiency_default
        limits = (0, book.abilities.proficiency_max)
        self.add_stepped("proficiency", r.first_row(PROFICIENCY), str(prof), limits, ui.tr("rnp.form_proficiency"))
        passive = ""
        if member and member["passive_perception_at_rest"] is not None and self.explicit_passive:
            passive = str(member["passive_perception_at_rest"])
        spoken_passive = ui.tr("rnp.form_passive")
        self.add_field("passive", r.first_row(PASSIVE), passive, 3, placeholder=ui.tr("rnp.auto"), spoken_name=spoken_passive)
        hp_max = str(member["hp_max"]) if member and member["hp_max"] else ""
        self.add_stepped("hp_max", r.first_row(HP_MAX), hp_max, (0, a.MAX_HP), ui.tr("rnp.form_hp_max"))
        self.fields["hp_max"].placeholder = "—"

    def add_pace_and_senses(self) -> None:
        """The fastest pace (a row of buttons), then the senses' ranges."""
        ui, book, member, r = self.ui, self.book, self.member, self.regions
        self.pace_buttons = {}
        x, size = r.left + PACE_X, ui.theme.text_size("button")
        paces = [(None, ui.tr("rnp.any_pace"))] + [(pc.id, pc.name.get(ui.catalogue.language)) for pc in book.travel.paces[:2]]
        for pace_id, label in paces:
            width = fonts.text_width(ui.text(label), "bold", size) + PACE_PADDING
            button = Button(ui, (x, r.flips, width, ROW), label, on_click=partial(self._pick_pace, pace_id))
            button.choice_of = ui.tr("rnp.form_max_pace")  # one of them: said with whether it is the one
            self.pace_buttons[pace_id] = self.group.add(button)
            x += width + PACE_GAP
        for i, sense in enumerate(SENSES):
            value = num(ui, member["senses"][sense]) if member else "0"
            spoken = partial(lambda s: book.sense(s).name.get(ui.catalogue.language), sense)
            self.add_field(sense, r.sense(i), value, 5, spoken_name=spoken)

    def add_flips(self) -> None:
        """The skills and the saving throws the character is proficient in, each a button that flips."""
        ui, book, r = self.ui, self.book, self.regions
        language, size = ui.catalogue.language, ui.theme.text_size("button")
        self.skill_buttons, x = {}, r.left
        for skill in book.skills:
            label = skill.name.get(language)
            width = fonts.text_width(label, "bold", size) + SKILL_PADDING
            button = Button(ui, (x, r.flips, width, ROW), label, on_click=partial(self._flip, self.skills, skill.id))
            button.choice_of = ui.tr("rnp.form_skills")  # any of them: each said with whether it is chosen
            self.skill_buttons[skill.id] = self.group.add(button)
            x += width + SKILL_GAP
        self.save_buttons = {}
        for i, ability in enumerate(book.abilities.scores):
            flip = partial(self._flip, self.saves, ability.id)
            whole = partial(lambda ab: ab.name.get(ui.catalogue.language), ability)  # "Force", not "FOR"
            button = Button(ui, r.save(i), ability.short.get(language), on_click=flip, spoken_name=whole)
            button.choice_of = ui.tr("rnp.form_saves")
            self.save_buttons[ability.id] = self.group.add(button)

    def _flip(self, chosen: set[str], value: str) -> None:
        chosen.symmetric_difference_update({value})
        self._style_flips()

    def _pick_pace(self, pace: str | None) -> None:
        self.max_pace = pace
        self._style_flips()

    def _style_flips(self) -> None:
        for pace, button in self.pace_buttons.items():
            button.set_chosen(pace == self.max_pace)
        for skill, button in self.skill_buttons.items():
            button.set_chosen(skill in self.skills)
        for ability, button in self.save_buttons.items():
            button.set_chosen(ability in self.saves)

    # -- the action ----------------------------------------------------------------------------------------
    def whole(self, key: str, what: str) -> int | str:
        """The whole number typed in field ``key``, or the text of what to fix (``what`` names it)."""
        value = parse_number(self.fields[key].text)
        if value is None or not float(value).is_integer():
            return self.ui.t("rnp.form_whole", what=what)
        return int(value)

    def optional_whole(self, key: str, what: str) -> int | None | str:
        """Like :meth:`whole`, an empty field being None."""
        return None if not self.fields[key].text.strip() else self.whole(key, what)

    def action(self) -> a.AddCharacter | a.EditCharacter | Refused | str:
        """The action the form describes, the text of what to fix first, or the refusal of what makes no action
        (an empty name)."""
        ui, book = self.ui, self.book
        language = ui.catalogue.language
        scores = {}
        for ability in book.abilities.scores:
            score = self.whole(ability.id, ability.name.get(language))
            if isinstance(score, str):
                return score
            scores[ability.id] = score
        proficiency = self.whole("proficiency", ui.t("rnp.form_proficiency"))
        if isinstance(proficiency, str):
            return proficiency
        senses = {}
        for sense in SENSES:
            value = parse_number(self.fields[sense].text or "0")
            if value is None:
                return ui.t("rnp.form_number", what=book.sense(sense).name.get(language))
            senses[sense] = value
        passive = self.optional_whole("passive", ui.t("rnp.form_passive"))
        hp_max = self.optional_whole("hp_max", ui.t("rnp.form_hp_max"))
        if isinstance(passive, str) or isinstance(hp_max, str):
            return passive if isinstance(passive, str) else str(hp_max)
        common: Json = {
            "scores": scores,
            "proficiency": proficiency,
            "skills": [s.id for s in book.skills if s.id in self.skills],
            "saves": [ab.id for ab in book.abilities.scores if ab.id in self.saves],
            "senses": senses,
            "passive_perception": passive,
            "max_pace": self.max_pace,
        }
        name = self.fields["name"].text.strip()
        if self.member is None:
            return make_action(a.AddCharacter, name=name, hp_max=hp_max, **common)
        return make_action(
            a.EditCharacter,
            name=self.member["name"],
            rename=name if name != self.member["name"] else None,
            clear_passive_perception=passive is None,
            clear_max_pace=self.max_pace is None,
            **common,
        )

    def submit(self) -> None:
        action = self.action()
        if isinstance(action, str):
            self.error = action
            return
        if self.table.act(action) is None:
            self.error = self.table.status  # the refusal, as the table's status line says it
            return
        hp_text = self.fields["hp_max"].text.strip()
        if self.member is not None and hp_text and int(float(hp_text)) != self.member["hp_max"]:
            name = (action.rename if isinstance(action, a.EditCharacter) else None) or self.member["name"]
            if self.table.act(make_action(a.SetHp, character=name, maximum=int(float(hp_text)))) is None:
                self.error = self.table.status
                return
        self.close()

    def close(self) -> None:
        self.leave_once()

    dismiss = close  # Escape: the form closes without acting

    # -- frame -------------------------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.group.focus.focus(self.fields["name"])

    def handle(self, event: pygame.event.Event) -> bool:
        """Enter in a field submits the form (Escape and the widgets are the modal base's)."""
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and isinstance(self.group.focus.focused, TextField)
        ):
            self.submit()
            return True
        return False

    def panel_rect(self) -> pygame.Rect:
        return self.rect

    def draw(self, surface: pygame.Surface) -> None:
        p = self.ui.palette
        draw_veil(surface, p)
        draw_panel(surface, self.rect, p, fill_alpha=255)
        self.draw_title(surface)
        self.draw_captions(surface)
        if self.error:
            x, y, width = self.regions.error(len(self.save_buttons))
            small = self.ui.theme.text_size("small")
            for line in wrap_words(self.error, "italic", small, width)[:ERROR_LINES]:
                blit_text(surface, line, (x, y), "italic", small, p.bad)
                y += fonts.line_height("italic", small)
        self.group.draw(surface)

    def draw_title(self, surface: pygame.Surface) -> None:
        """Add a character, or edit one by name (shortened to end before the buttons beside it on a short page)."""
        ui, r = self.ui, self.regions
        title = ui.t("rnp.form_edit", name=self.member["name"]) if self.member else ui.t("rnp.form_add")
        heading = ui.theme.text_size("heading")
        room = (self.cancel_button.rect.left - 16 if self.compact else r.rect.right - PAD) - r.left
        title = ellipsize(title, "title", heading, room)
        blit_text(surface, title, (r.left, r.rect.top + TITLE_DY), "title", heading, ui.palette.rubric)

    def draw_captions(self, surface: pygame.Surface) -> None:
        """Each field's caption, the abilities' short names and modifiers, the senses' names."""
        ui, p, book, r = self.ui, self.ui.palette, self.book, self.regions
        language, small = ui.catalogue.language, ui.theme.text_size("small")
        left, top = r.left, r.top

        def caption(text: str, pos: tuple[int, int]) -> None:
            blit_text(surface, text, pos, "italic", small, p.ink_soft)

        for key, x in (("name", NAME), ("proficiency", PROFICIENCY), ("passive", PASSIVE), ("hp_max", HP_MAX)):
            caption(ui.t(f"rnp.form_{key}"), (left + x[0], top))
        caption(ui.t("rnp.form_max_pace"), (left + PACE_X, top + SKILLS_DY))
        caption(ui.t("rnp.form_scores"), (left, top + SCORES_DY))
        for i, ability in enumerate(book.abilities.scores):
            centre = r.score(i).centerx
            blit_text(surface, ability.short.get(language), (centre, top + SCORE_NAME_DY), "title", small, p.ink, "midtop")
            value = parse_number(self.fields[ability.id].text)
            if value is not None and float(value).is_integer():
                mod = signed(modifier(book, int(value)))
                blit_text(surface, mod, (centre, r.score(i).bottom + 2), "body", small, p.ink_soft, "midtop")
        caption(ui.t("rnp.form_senses"), (left, top + SENSES_DY))
        for i, sense in enumerate(SENSES):
            field = r.sense(i)
            blit_text(
                surface, book.sense(sense).name.get(language), (field.right + 8, field.centery), "body", small, p.ink, "midleft"
            )
        caption(ui.t("rnp.form_skills"), (left, top + SKILLS_DY))
        caption(ui.t("rnp.form_saves"), (left, top + SAVES_DY))

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: adding a character, or editing one by name."""
        ui = self.ui
        title = ui.t("rnp.form_edit", name=self.member["name"]) if self.member else ui.t("rnp.form_add")
        return join(title, ui.t("access.form_hint"))

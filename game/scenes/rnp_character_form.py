"""The character form of the Rôle'n Play table: add a character or edit one.

It builds ``add_character`` / ``edit_character`` actions (and ``set_hp`` for a new
maximum) and shows the rules' refusal when there is one.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.rnp.abilities import modifier
from game.rules.session import make_action
from game.scenes.rnp_format import num, parse_number, signed
from game.scenes.rnp_panel import ROW
from game.ui import fonts
from game.ui.button import Button
from game.ui.draw import blit_text, draw_panel, draw_veil, wrap_words
from game.ui.modal import ModalScene
from game.ui.speech import SpokenText
from game.ui.text_field import TextField
from game.ui.text_fit import ellipsize

if TYPE_CHECKING:
    from game.scenes.rnp_table import RnpTableScene

SENSES = ("darkvision", "blindsight", "truesight")
FULL_HEIGHT = 600  # the whole form, its buttons under the saving throws


class CharacterForm(ModalScene):
    """Add a character, or edit one (``member``: the rules' view of that character); centred on any page."""

    error = SpokenText()  # shown on the screen and said to a screen reader

    def __init__(self, table: RnpTableScene, member: dict[str, Any] | None) -> None:
        super().__init__(table.ui)
        self.table = table
        self.book = table.book
        self.member = member
        self.error = None
        self.skills = set(member["skills"]) if member else set()
        self.saves = set(member["saves"]) if member else set()
        self.fields: dict[str, TextField] = {}
        self.rect = pygame.Rect(0, 0, 960, FULL_HEIGHT)
        self.max_pace: str | None = member["max_pace"] if member else None
        self.layout(table.page)

    def keep_view(self) -> dict[str, str]:
        """A resize keeps what is typed in every field."""
        return {key: field.text for key, field in self.fields.items()}

    def restore_view(self, kept: dict[str, str]) -> None:
        for key, text in kept.items():
            self.fields[key].text = text

    def place_widgets(self) -> None:
        """The form's fields and buttons in a panel centred on the page: 960×600, or on a page too short for
        that (960×540, 200 % on a 1080p screen) a shorter panel with Cancel and Save beside the title."""
        ui, book, member = self.ui, self.book, self.member
        self.fields = {}
        self.rect = pygame.Rect(0, 0, 960, min(FULL_HEIGHT, self.page[1] - 12))
        self.rect.center = (self.page[0] // 2, self.page[1] // 2)
        left, top = self.rect.left + 28, self.rect.top + 70
        self.fields["name"] = self.group.add(
            TextField(
                ui,
                (left, top + 24, 400, ROW),
                text=member["name"] if member else "",
                placeholder=ui.tr("rnp.name_placeholder"),
                max_length=40,
            )
        )
        base = book.abilities.modifier_base
        for i, ability in enumerate(book.abilities.scores):
            value = member["scores"][ability.id] if member else base
            self.fields[ability.id] = self.group.add(
                TextField(
                    ui,
                    (left + i * 110, top + 130, 96, ROW),
                    text=str(value),
                    max_length=2,
                    spoken_name=lambda a=ability: a.name.get(ui.catalogue.language),
                )
            )
        prof = member["proficiency"] if member else book.abilities.proficiency_default
        self.fields["proficiency"] = self.group.add(
            TextField(
                ui, (left + 450, top + 24, 90, ROW), text=str(prof), max_length=1, spoken_name=ui.tr("rnp.form_proficiency")
            )
        )
        passive = ""
        if member and member["passive_perception_at_rest"] is not None and self._explicit_passive(member):
            passive = str(member["passive_perception_at_rest"])
        self.fields["passive"] = self.group.add(
            TextField(
                ui,
                (left + 570, top + 24, 150, ROW),
                text=passive,
                placeholder=ui.tr("rnp.auto"),
                max_length=3,
                spoken_name=ui.tr("rnp.form_passive"),
            )
        )
        hp_max = str(member["hp_max"]) if member and member["hp_max"] else ""
        self.fields["hp_max"] = self.group.add(
            TextField(
                ui,
                (left + 750, top + 24, 120, ROW),
                text=hp_max,
                placeholder="—",
                max_length=4,
                spoken_name=ui.tr("rnp.form_hp_max"),
            )
        )
        self.pace_buttons: dict[str | None, Button] = {}
        x = left + 650
        for pace_id, label in [(None, ui.tr("rnp.any_pace"))] + [
            (pc.id, pc.name.get(ui.catalogue.language)) for pc in book.travel.paces[:2]
        ]:
            width = fonts.text_width(ui.text(label), "bold", ui.theme.text_size("button")) + 24
            self.pace_buttons[pace_id] = self.group.add(
                Button(ui, (x, top + 308, width, ROW), label, on_click=partial(self._pick_pace, pace_id))
            )
            x += width + 6
        for i, sense in enumerate(SENSES):
            value = num(ui, member["senses"][sense]) if member else "0"
            self.fields[sense] = self.group.add(
                TextField(
                    ui,
                    (left + i * 300, top + 226, 90, ROW),
                    text=value,
                    max_length=5,
                    spoken_name=lambda s=sense: book.sense(s).name.get(ui.catalogue.language),
                )
            )
        self.skill_buttons: dict[str, Button] = {}
        x = left
        for skill in book.skills:
            label = skill.name.get(ui.catalogue.language)
            width = fonts.text_width(label, "bold", ui.theme.text_size("button")) + 34
            self.skill_buttons[skill.id] = self.group.add(
                Button(ui, (x, top + 308, width, ROW), label, on_click=partial(self._flip, self.skills, skill.id))
            )
            x += width + 8
        self.save_buttons: dict[str, Button] = {}
        for i, ability in enumerate(book.abilities.scores):
            self.save_buttons[ability.id] = self.group.add(
                Button(
                    ui,
                    (left + i * 110, top + 390, 96, ROW),
                    ability.short.get(ui.catalogue.language),
                    on_click=partial(self._flip, self.saves, ability.id),
                )
            )
        buttons_y = self.rect.top + 12 if self.compact else self.rect.bottom - 64
        self.cancel_button = self.group.add(
            Button(ui, (self.rect.right - 340, buttons_y, 150, 46), ui.tr("common.cancel"), on_click=self.close)
        )
        self.ok_button = self.group.add(
            Button(
                ui,
                (self.rect.right - 178, buttons_y, 150, 46),
                ui.tr("rnp.save_character" if member else "rnp.add_character"),
                style="primary",
                on_click=self.submit,
            )
        )
        self._style_flips()

    @property
    def compact(self) -> bool:
        """Whether the page is too short for the whole form: the buttons then go up beside the title and a
        refusal is written beside the saving throws."""
        return self.rect.height < FULL_HEIGHT

    def _explicit_passive(self, member: dict[str, Any]) -> bool:
        """Whether the sheet holds a written passive Perception (read from the table's state, not recomputed)."""
        for character in self.table.adventure.state.party:
            if character.name == member["name"]:
                return character.passive_perception is not None
        return False

    def _flip(self, chosen: set[str], value: str) -> None:
        chosen.symmetric_difference_update({value})
        self._style_flips()

    def _pick_pace(self, pace: str | None) -> None:
        self.max_pace = pace
        self._style_flips()

    def _style_flips(self) -> None:
        for pace, button in self.pace_buttons.items():
            button.style = "primary" if pace == self.max_pace else "normal"
        for skill, button in self.skill_buttons.items():
            button.style = "primary" if skill in self.skills else "normal"
        for ability, button in self.save_buttons.items():
            button.style = "primary" if ability in self.saves else "normal"

    # -- the action ----------------------------------------------------------------------------------------
    def action(self) -> a.AddCharacter | a.EditCharacter | Refused | str:
        """The action the form describes, the text of what to fix first, or the refusal of what makes no action
        (an empty name)."""
        ui, book = self.ui, self.book
        language = ui.catalogue.language
        scores = {}
        for ability in book.abilities.scores:
            value = parse_number(self.fields[ability.id].text)
            if value is None or not float(value).is_integer():
                return ui.t("rnp.form_whole", what=ability.name.get(language))
            scores[ability.id] = int(value)
        proficiency = parse_number(self.fields["proficiency"].text)
        if proficiency is None or not float(proficiency).is_integer():
            return ui.t("rnp.form_whole", what=ui.t("rnp.form_proficiency"))
        senses = {}
        for sense in SENSES:
            value = parse_number(self.fields[sense].text or "0")
            if value is None:
                return ui.t("rnp.form_number", what=book.sense(sense).name.get(language))
            senses[sense] = value
        passive_text = self.fields["passive"].text.strip()
        passive = parse_number(passive_text) if passive_text else None
        if passive_text and (passive is None or not float(passive).is_integer()):
            return ui.t("rnp.form_whole", what=ui.t("rnp.form_passive"))
        hp_text = self.fields["hp_max"].text.strip()
        hp_max = parse_number(hp_text) if hp_text else None
        if hp_text and (hp_max is None or not float(hp_max).is_integer()):
            return ui.t("rnp.form_whole", what=ui.t("rnp.form_hp_max"))
        order_skills = [s.id for s in book.skills if s.id in self.skills]
        order_saves = [ab.id for ab in book.abilities.scores if ab.id in self.saves]
        name = self.fields["name"].text.strip()
        common: dict[str, Any] = {
            "scores": scores,
            "proficiency": int(proficiency),
            "skills": order_skills,
            "saves": order_saves,
            "senses": senses,
            "passive_perception": None if passive is None else int(passive),
            "max_pace": self.max_pace,
        }
        if self.member is None:
            return make_action(a.AddCharacter, name=name, hp_max=None if hp_max is None else int(hp_max), **common)
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
        result = self.table.act(action)
        if result is None:
            self.error = self.table.status  # the refusal, as the table's status line says it
            return
        hp_text = self.fields["hp_max"].text.strip()
        if self.member is not None and hp_text and int(float(hp_text)) != self.member["hp_max"]:
            name = (action.rename if isinstance(action, a.EditCharacter) else None) or self.member["name"]
            result = self.table.act(make_action(a.SetHp, character=name, maximum=int(float(hp_text))))
            if result is None:
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
        ui, p, book = self.ui, self.ui.palette, self.book
        language = ui.catalogue.language
        draw_veil(surface, p)
        draw_panel(surface, self.rect, p, fill_alpha=255)
        title = ui.t("rnp.form_edit", name=self.member["name"]) if self.member else ui.t("rnp.form_add")
        heading = ui.theme.text_size("heading")
        room = (self.cancel_button.rect.left - 16 if self.compact else self.rect.right - 28) - self.rect.left - 28
        title = ellipsize(title, "title", heading, room)
        blit_text(surface, title, (self.rect.left + 28, self.rect.top + 18), "title", heading, p.rubric)
        small = ui.theme.text_size("small")
        left, top = self.rect.left + 28, self.rect.top + 70

        def caption(text: str, pos: tuple[int, int]) -> None:
            blit_text(surface, text, pos, "italic", small, p.ink_soft)

        caption(ui.t("rnp.form_name"), (left, top))
        caption(ui.t("rnp.form_proficiency"), (left + 450, top))
        caption(ui.t("rnp.form_passive"), (left + 570, top))
        caption(ui.t("rnp.form_hp_max"), (left + 750, top))
        caption(ui.t("rnp.form_max_pace"), (left + 650, top + 286))
        caption(ui.t("rnp.form_scores"), (left, top + 80))
        for i, ability in enumerate(book.abilities.scores):
            value = parse_number(self.fields[ability.id].text)
            mod = ""
            if value is not None and float(value).is_integer():
                mod = signed(modifier(book, int(value)))
            blit_text(surface, ability.short.get(language), (left + i * 110 + 48, top + 106), "title", small, p.ink, "midtop")
            if mod:
                blit_text(surface, mod, (left + i * 110 + 48, top + 130 + ROW + 2), "body", small, p.ink_soft, "midtop")
        caption(ui.t("rnp.form_senses"), (left, top + 204))
        for i, sense in enumerate(SENSES):
            blit_text(
                surface,
                book.sense(sense).name.get(language),
                (left + i * 300 + 98, top + 226 + ROW // 2),
                "body",
                small,
                p.ink,
                "midleft",
            )
        caption(ui.t("rnp.form_skills"), (left, top + 286))
        caption(ui.t("rnp.form_saves"), (left, top + 368))
        if self.error:
            x, y, width = left, self.rect.bottom - 78, self.rect.width - 400
            if self.compact:  # beside the saving throws, the room the buttons left
                x, y = left + len(self.save_buttons) * 110 + 14, top + 368
                width = self.rect.right - 28 - x
            lines = wrap_words(self.error, "italic", small, width)
            for line in lines[:3]:
                blit_text(surface, line, (x, y), "italic", small, p.bad)
                y += fonts.line_height("italic", small)
        self.group.draw(surface)

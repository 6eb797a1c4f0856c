"""The party panel (a card per character) and the character form (add / edit).

Cards show what the rules' view says: scores and modifiers, passive Perception
(with the pace's effect), senses, the exhaustion track 0–6 with the book's text
of every effect in force, days without food and water drunk today. The track's
boxes are the eraser (``set_exhaustion``); the form builds ``add_character`` /
``edit_character`` actions and shows the rules' refusal when there is one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.app.scene import Scene
from game.rules.errors import Refused
from game.rules.rnp.abilities import modifier
from game.scenes.rnp_format import num, parse_number, signed
from game.scenes.rnp_panel import ROW, Panel
from game.ui import fonts
from game.ui.button import Button
from game.ui.dialog import Dialog
from game.ui.draw import blit_text, draw_panel, rounded_box, wrap_words
from game.ui.group import WidgetGroup
from game.ui.text_field import TextField

if TYPE_CHECKING:
    from game.scenes.rnp_table import RnpTableScene

PER_PAGE = 3
CARD_BUTTON = 38
SENSES = ("darkvision", "blindsight", "truesight")


class TrackBox(Button):
    """One box of the exhaustion track: levels reached are filled; the current one is ringed."""

    def __init__(self, *args: Any, reached: bool, current: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.reached, self.current = reached, current

    def _colours(self) -> tuple[tuple, tuple, tuple]:
        p = self.ui.palette
        if self.reached:
            return p.rubric, p.ink, p.accent_text
        if self.current:  # level 0, the current one
            return p.parchment_dark, p.ink, p.ink
        return super()._colours()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.current:
            pygame.draw.rect(surface, self.ui.palette.ink, self.rect.inflate(6, 6), 2, border_radius=8)


class PartyPanel(Panel):
    """Every character of the party, three cards a page."""

    def __init__(self, table: RnpTableScene, rect: pygame.Rect) -> None:
        super().__init__(table, rect)
        self.page = 0

    def cards(self) -> list[tuple[str, pygame.Rect]]:
        area = self.inner()
        names = self.view["party_order"]
        pages = max(1, -(-len(names) // PER_PAGE))
        self.page = min(self.page, pages - 1)
        shown = names[self.page * PER_PAGE:(self.page + 1) * PER_PAGE]
        width = (area.width - 2 * 16) // PER_PAGE
        top = area.top
        return [(name, pygame.Rect(area.left + i * (width + 16), top, width, area.bottom - top)) for i, name in enumerate(shown)]

    def build(self) -> None:
        ui, area = self.ui, self.inner()
        head = self.rect.top + 6
        self.button("add", (area.right - 260, head, 260, 38), ui.tr("rnp.party_add"), self.open_add, style="primary")
        names = self.view["party_order"]
        pages = max(1, -(-len(names) // PER_PAGE))
        if pages > 1:
            prev = self.button("prev", (area.right - 570, head, 146, 38), ui.tr("rnp.previous"), lambda: self.turn(-1))
            nxt = self.button("next", (area.right - 416, head, 146, 38), ui.tr("rnp.next"), lambda: self.turn(1))
            prev.set_enabled(self.page > 0, ui.tr("rnp.first_page"))
            nxt.set_enabled(self.page < pages - 1, ui.tr("rnp.last_page"))
        top = self.book.exhaustion.maximum
        for name, card in self.cards():
            member = self.view["party"][name]
            x = card.left + 14
            box = (card.width - 28 - 6 * top) // (top + 1)
            for level in range(top + 1):
                action = {"do": "set_exhaustion", "character": name, "level": level}
                button = TrackBox(ui, (x + level * (box + 6), card.top + 224, box, 36), str(level),
                                  on_click=lambda a=action: self.table.act(a), reached=0 < level <= member["exhaustion"],
                                  current=level == member["exhaustion"],
                                  tooltip=ui.tr("rnp.set_exhaustion_tip", name=name, level=level))
                if level == member["exhaustion"]:
                    button.set_enabled(False, ui.tr("rnp.exhaustion_current", level=level))
                self.add(f"exh:{name}:{level}", button)
            half = (card.width - 28 - 8) // 2
            self.button(f"edit:{name}", (x, card.bottom - CARD_BUTTON - 10, half, CARD_BUTTON), ui.tr("rnp.edit"),
                        lambda n=name: self.open_edit(n))
            self.button(f"remove:{name}", (x + half + 8, card.bottom - CARD_BUTTON - 10, half, CARD_BUTTON), ui.tr("rnp.remove"),
                        lambda n=name: self.confirm_remove(n), style="danger")

    def turn(self, step: int) -> None:
        self.page = max(0, self.page + step)
        self.table.rebuild()

    # -- actions -------------------------------------------------------------------------------------
    def open_add(self) -> None:
        if self.table.stack is not None:
            self.table.stack.push(CharacterForm(self.table, None))

    def open_edit(self, name: str) -> None:
        if self.table.stack is not None:
            self.table.stack.push(CharacterForm(self.table, self.view["party"][name]))

    def confirm_remove(self, name: str) -> None:
        if self.table.stack is None:
            return
        ui = self.ui
        self.table.stack.push(Dialog(ui, ui.tr("rnp.remove_question", name=name),
                                     [(ui.tr("common.cancel"), False), (ui.tr("rnp.remove"), True)],
                                     title=ui.tr("rnp.remove_title"), cancel_value=False,
                                     on_result=lambda yes: yes and self.table.act({"do": "remove_character", "name": name})))

    # -- drawing -----------------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        ui, p = self.ui, self.ui.palette
        if not self.view["party_order"]:
            area = self.inner()
            self.paragraph(surface, ui.t("rnp.party_empty"), area.left, area.top + 20, area.width,
                           face="italic", colour=p.ink_soft)
            return
        names = self.view["party_order"]
        if len(names) > PER_PAGE:
            pages = -(-len(names) // PER_PAGE)
            area = self.inner()
            self.text(surface, ui.t("rnp.page", page=self.page + 1, pages=pages), (area.right - 586, self.rect.top + 25),
                      face="italic", role="small", colour=p.ink_soft, anchor="midright")
        for name, card in self.cards():
            self.draw_card(surface, name, card)

    def draw_card(self, surface: pygame.Surface, name: str, card: pygame.Rect) -> None:
        ui, p, book, language = self.ui, self.ui.palette, self.book, self.language
        member = self.view["party"][name]
        surface.blit(rounded_box(card.size, p.parchment_light, p.ink_soft, 8, 2), card)
        x, width = card.left + 14, card.width - 28
        title = self.text(surface, name, (x, card.top + 8), face="title", role="heading", colour=p.ink)
        tags = []
        if not member["alive"]:
            tags.append(ui.t("rnp.dead"))
        if member["hidden"]:
            tags.append(ui.t("rnp.hidden_dc", dc=member["stealth_dc"]))
        if tags:
            self.text(surface, " · ".join(tags), (card.right - 14, title.centery), face="italic", role="small",
                      colour=p.bad if not member["alive"] else p.ink_soft, anchor="midright")
        # the six abilities
        cell = width // 6
        y = card.top + 50
        for i, ability in enumerate(book.abilities.scores):
            cx = x + i * cell + cell // 2
            self.text(surface, ability.short.get(language), (cx, y), face="title", role="small", colour=p.ink_soft, anchor="midtop")
            self.text(surface, str(member["scores"][ability.id]), (cx, y + 20), face="bold", role="body", anchor="midtop")
            self.text(surface, signed(member["modifiers"][ability.id]), (cx, y + 46), role="small", colour=p.ink_soft,
                      anchor="midtop")
        pygame.draw.line(surface, p.ink_faint, (x, y + 72), (x + width, y + 72))
        y += 78
        small = self.line_height("small")
        passive, at_rest = member["passive_perception"], member["passive_perception_at_rest"]
        pp = ui.t("rnp.passive", value=passive) if passive == at_rest else ui.t("rnp.passive_pace", value=passive, rest=at_rest)
        self.text(surface, pp, (x, y), role="small")
        y += small
        senses = [ui.t("rnp.sense_range", sense=book.sense(s).name.get(language), m=num(ui, member["senses"][s]))
                  for s in SENSES if member["senses"].get(s)]
        self.text(surface, ", ".join(senses) if senses else ui.t("rnp.no_senses"), (x, y), role="small",
                  colour=p.ink if senses else p.ink_soft)
        y += small
        skills = [book.skill(s).name.get(language) for s in member["skills"]]
        profs = ui.t("rnp.proficiency", bonus=signed(member["proficiency"]))
        if skills:
            profs += " · " + ", ".join(skills)
        text = profs
        while fonts.text_width(text, "body", self.ui.theme.text_size("small")) > width and len(text) > 4:
            text = text[:-2]
        self.text(surface, text if text == profs else text + "…", (x, y), role="small", colour=p.ink_soft)
        # exhaustion (boxes are buttons at card.top + 224)
        maximum = book.exhaustion.maximum
        self.text(surface, ui.t("rnp.exhaustion", level=member["exhaustion"], max=maximum), (x, card.top + 198),
                  face="title", role="small", colour=p.rubric if member["exhaustion"] else p.ink_soft)
        y = card.top + 268
        texts = member["exhaustion_text"] or [ui.t("rnp.no_exhaustion")]
        if not member["alive"]:
            texts = texts[-1:]  # death: the other effects no longer matter
        food_top = card.bottom - CARD_BUTTON - 10 - 3 * small - 4
        for line in texts:
            if y + small > food_top - 4:
                break
            y = self.paragraph(surface, "• " + line if member["exhaustion"] else line, x, y, width, role="small",
                               colour=p.bad if member["exhaustion"] else p.ink_soft, max_lines=2)
        # food and water
        y = max(y + 6, food_top)
        pygame.draw.line(surface, p.ink_faint, (x, y - 4), (x + width, y - 4))
        self.text(surface, ui.t("rnp.fasting", days=num(ui, member["fasting_days"]), safe=member["safe_fasting_days"]),
                  (x, y), role="small")
        self.text(surface, ui.t("rnp.water_today", litres=num(ui, member["water_today_l"])), (x, y + small), role="small")
        flags = []
        if member["dehydrated"]:
            flags.append(ui.t("rnp.dehydrated"))
        if member["recovery_blocked"]:
            flags.append(ui.t(f"rnp.blocked_{member['recovery_blocked']}"))
        if flags:
            self.text(surface, " · ".join(flags), (x, y + 2 * small), face="italic", role="small", colour=p.bad)


class CharacterForm(Scene):
    """Add a character, or edit one (``member``: the rules' view of that character)."""

    transparent = True

    def __init__(self, table: RnpTableScene, member: dict[str, Any] | None) -> None:
        super().__init__()
        self.table = table
        self.ui = table.ui
        self.book = table.book
        self.member = member
        self.error: str | None = None
        self.skills = set(member["skills"]) if member else set()
        self.saves = set(member["saves"]) if member else set()
        self.group = WidgetGroup(self.ui)
        self.fields: dict[str, TextField] = {}
        self.rect = pygame.Rect(0, 0, 960, 600)
        self.rect.center = (640, 360)
        self.closed = False
        self._build()

    def _build(self) -> None:
        ui, book, member = self.ui, self.book, self.member
        left, top = self.rect.left + 28, self.rect.top + 70
        self.fields["name"] = self.group.add(TextField(ui, (left, top + 24, 400, ROW), text=member["name"] if member else "",
                                                       placeholder=ui.tr("rnp.name_placeholder"), max_length=40))
        base = book.abilities.modifier_base
        for i, ability in enumerate(book.abilities.scores):
            value = member["scores"][ability.id] if member else base
            self.fields[ability.id] = self.group.add(TextField(ui, (left + i * 110, top + 130, 96, ROW), text=str(value),
                                                               max_length=2))
        prof = member["proficiency"] if member else book.abilities.proficiency_default
        self.fields["proficiency"] = self.group.add(TextField(ui, (left + 450, top + 24, 90, ROW), text=str(prof), max_length=1))
        passive = ""
        if member and member["passive_perception_at_rest"] is not None and self._explicit_passive(member):
            passive = str(member["passive_perception_at_rest"])
        self.fields["passive"] = self.group.add(TextField(ui, (left + 570, top + 24, 150, ROW), text=passive,
                                                          placeholder=ui.tr("rnp.auto"), max_length=3))
        for i, sense in enumerate(SENSES):
            value = num(ui, member["senses"][sense]) if member else "0"
            self.fields[sense] = self.group.add(TextField(ui, (left + i * 300, top + 226, 90, ROW), text=value, max_length=5))
        self.skill_buttons: dict[str, Button] = {}
        x = left
        for skill in book.skills:
            label = skill.name.get(ui.catalogue.language)
            width = fonts.text_width(label, "bold", ui.theme.text_size("button")) + 34
            self.skill_buttons[skill.id] = self.group.add(Button(ui, (x, top + 308, width, ROW), label,
                                                                 on_click=lambda s=skill.id: self._flip(self.skills, s)))
            x += width + 8
        self.save_buttons: dict[str, Button] = {}
        for i, ability in enumerate(book.abilities.scores):
            self.save_buttons[ability.id] = self.group.add(Button(
                ui, (left + i * 110, top + 390, 96, ROW), ability.short.get(ui.catalogue.language),
                on_click=lambda a=ability.id: self._flip(self.saves, a)))
        self.cancel_button = self.group.add(Button(ui, (self.rect.right - 340, self.rect.bottom - 64, 150, 46),
                                                   ui.tr("common.cancel"), on_click=self.close))
        self.ok_button = self.group.add(Button(ui, (self.rect.right - 178, self.rect.bottom - 64, 150, 46),
                                               ui.tr("rnp.save_character" if member else "rnp.add_character"),
                                               style="primary", on_click=self.submit))
        self._style_flips()

    def _explicit_passive(self, member: dict[str, Any]) -> bool:
        """Whether the sheet holds a written passive Perception (read from the table's state, not recomputed)."""
        for character in self.table.adventure.state.party:
            if character.name == member["name"]:
                return character.passive_perception is not None
        return False

    def _flip(self, chosen: set[str], value: str) -> None:
        chosen.symmetric_difference_update({value})
        self._style_flips()

    def _style_flips(self) -> None:
        for skill, button in self.skill_buttons.items():
            button.style = "primary" if skill in self.skills else "normal"
        for ability, button in self.save_buttons.items():
            button.style = "primary" if ability in self.saves else "normal"

    # -- the action ----------------------------------------------------------------------------------------
    def action(self) -> dict[str, Any] | str:
        """The action the form describes, or the text of what to fix first."""
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
        order_skills = [s.id for s in book.skills if s.id in self.skills]
        order_saves = [a.id for a in book.abilities.scores if a.id in self.saves]
        name = self.fields["name"].text.strip()
        action: dict[str, Any]
        if self.member is None:
            action = {"do": "add_character", "name": name, "scores": scores, "proficiency": int(proficiency),
                      "skills": order_skills, "saves": order_saves, "senses": senses}
            if passive is not None:
                action["passive_perception"] = int(passive)
            return action
        action = {"do": "edit_character", "name": self.member["name"], "scores": scores,
                  "proficiency": int(proficiency), "skills": order_skills, "saves": order_saves, "senses": senses}
        if name != self.member["name"]:
            action["rename"] = name
        if passive is not None:
            action["passive_perception"] = int(passive)
        else:
            action["clear_passive_perception"] = True
        return action

    def submit(self) -> None:
        action = self.action()
        if isinstance(action, str):
            self.error = action
            return
        result = self.table.act(action)
        if isinstance(result, Refused):
            self.error = self.table.refusal_text(result)
            return
        self.close()

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.stack is not None:
            self.stack.pop(self)

    # -- frame -------------------------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.group.focus.focus(self.fields["name"])

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.QUIT:
            return event
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and isinstance(self.group.focus.focused, TextField):
            self.submit()
            return None
        self.group.process_event(event)
        return None

    def update(self, dt: float) -> None:
        self.group.update(dt)

    @property
    def wants_animation(self) -> bool:
        return self.group.wants_animation

    def draw(self, surface: pygame.Surface) -> None:
        ui, p, book = self.ui, self.ui.palette, self.book
        language = ui.catalogue.language
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill(p.overlay)
        surface.blit(veil, (0, 0))
        draw_panel(surface, self.rect, p, fill_alpha=255)
        title = ui.t("rnp.form_edit", name=self.member["name"]) if self.member else ui.t("rnp.form_add")
        heading = ui.theme.text_size("heading")
        blit_text(surface, title, (self.rect.left + 28, self.rect.top + 18), "title", heading, p.rubric)
        small = ui.theme.text_size("small")
        left, top = self.rect.left + 28, self.rect.top + 70

        def caption(text: str, pos: tuple[int, int]) -> None:
            blit_text(surface, text, pos, "italic", small, p.ink_soft)

        caption(ui.t("rnp.form_name"), (left, top))
        caption(ui.t("rnp.form_proficiency"), (left + 450, top))
        caption(ui.t("rnp.form_passive"), (left + 570, top))
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
            blit_text(surface, book.sense(sense).name.get(language), (left + i * 300 + 98, top + 226 + ROW // 2),
                      "body", small, p.ink, "midleft")
        caption(ui.t("rnp.form_skills"), (left, top + 286))
        caption(ui.t("rnp.form_saves"), (left, top + 368))
        if self.error:
            lines = wrap_words(self.error, "italic", small, self.rect.width - 400)
            y = self.rect.bottom - 78
            for line in lines[:3]:
                blit_text(surface, line, (left, y), "italic", small, p.bad)
                y += fonts.line_height("italic", small)
        self.group.draw(surface)

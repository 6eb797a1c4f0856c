"""The party panel: a card per character, as many a row as the width holds, rows scrolling (the form is in
rnp_character_form).

Cards show what the rules' view says: scores and modifiers, passive Perception
(with the pace's effect), senses, the exhaustion track 0–6 with the book's text
of every effect in force, days without food and water drunk today. The track's
boxes are the eraser (``set_exhaustion``); the form builds ``add_character`` /
``edit_character`` actions and shows the rules' refusal when there is one.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.session import make_action
from game.scenes.rnp_character_form import SENSES, CharacterForm
from game.scenes.rnp_format import clock_time, num, signed
from game.scenes.rnp_panel import Panel, fit
from game.ui.button import Button
from game.ui.dialog import Dialog
from game.ui.draw import blit_text, rounded_box

CARD_WIDTH = 236  # the narrowest card: a row holds as many as fit
CARD_WIDEST = 400  # a small party on a wide page: wider cards, not a row of narrow ones
CARD_HEIGHT = 530  # the shortest card: a short page scrolls
CARD_BUTTON = 36
CARD_GAP = 12
# Where the card's parts start, from its top (the track and the hit point controls are widgets).
HP_Y, TRACK_Y = 216, 308


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
    """Every character of the party: a row of cards as wide as the panel, more rows scroll."""

    @property
    def per_row(self) -> int:
        """How many cards a row holds in the panel's width."""
        return max(1, (self.content.width + CARD_GAP) // (CARD_WIDTH + CARD_GAP))

    def card_height(self) -> int:
        return max(CARD_HEIGHT, self.viewport.height - 6)

    def content_height(self, width: int) -> int:
        per_row = max(1, (width + CARD_GAP) // (CARD_WIDTH + CARD_GAP))
        rows = max(1, -(-len(self.table.view["party_order"]) // per_row))
        return rows * (self.card_height() + CARD_GAP) - CARD_GAP - 10

    def all_cards(self) -> list[tuple[str, pygame.Rect]]:
        """Every card, row by row, in the content (scrolled with it while painting)."""
        area, per_row, height = self.inner(), self.per_row, self.card_height()
        shown = max(1, min(per_row, len(self.view["party_order"])))
        width = (area.width - (shown - 1) * CARD_GAP) // shown
        if shown < per_row:
            width = min(CARD_WIDEST, width)
        return [
            (
                name,
                pygame.Rect(
                    area.left + (i % per_row) * (width + CARD_GAP),
                    area.top - 6 + (i // per_row) * (height + CARD_GAP),
                    width,
                    height,
                ),
            )
            for i, name in enumerate(self.view["party_order"])
        ]

    def cards(self) -> list[tuple[str, pygame.Rect]]:
        """The cards in view (at least in part)."""
        return [(name, card) for name, card in self.all_cards() if self.on_page(card).colliderect(self.viewport)]

    def build(self) -> None:
        ui, area = self.ui, self.inner()
        head = self.rect.top + 6
        self.button("add", (area.right - 260, head, 260, 38), ui.tr("rnp.party_add"), self.open_add, style="primary")
        top = self.book.exhaustion.maximum
        for name, card in self.all_cards():
            member = self.view["party"][name]
            x = card.left + 12
            box = (card.width - 24 - 4 * top) // (top + 1)
            for level in range(top + 1):
                erase = a.SetExhaustion(character=name, level=level)
                button = TrackBox(
                    ui,
                    (x + level * (box + 4), card.top + TRACK_Y, box, 32),
                    str(level),
                    on_click=partial(self.table.act, erase),
                    reached=0 < level <= member["exhaustion"],
                    current=level == member["exhaustion"],
                    tooltip=ui.tr("rnp.set_exhaustion_tip", name=name, level=level),
                )
                if level == member["exhaustion"]:
                    button.set_enabled(False, ui.tr("rnp.exhaustion_current", level=level))
                self.add(f"exh:{name}:{level}", button)
            self.hp_controls(name, member, card)
            half = (card.width - 24 - 8) // 2
            self.button(
                f"edit:{name}",
                (x, card.bottom - CARD_BUTTON - 10, half, CARD_BUTTON),
                ui.tr("rnp.edit"),
                partial(self.open_edit, name),
            )
            self.button(
                f"remove:{name}",
                (x + half + 8, card.bottom - CARD_BUTTON - 10, half, CARD_BUTTON),
                ui.tr("rnp.remove"),
                partial(self.confirm_remove, name),
                style="danger",
            )

    def hp_controls(self, name: str, member: dict[str, Any], card: pygame.Rect) -> None:
        """Hit points: a typed amount, then damage or healing; without a maximum, a field to set one."""
        ui = self.ui
        x, y, width = card.left + 12, card.top + HP_Y + 26, card.width - 24
        field_w = 56
        self.field(
            f"hp:{name}", (x, y, field_w, 36), "", placeholder="0", max_length=4, spoken_name=ui.tr("access.rnp_hp", name=name)
        )
        if not member["hp_max"]:
            self.button(
                f"hp_max:{name}",
                (x + field_w + 6, y, width - field_w - 6, 36),
                ui.tr("rnp.hp_set_max"),
                lambda: self.hp_act(name, "set_hp"),
            )
            return
        half = (width - field_w - 12) // 2
        self.button(
            f"damage:{name}",
            (x + field_w + 6, y, half, 36),
            ui.tr("rnp.hp_damage"),
            lambda: self.hp_act(name, "damage"),
            style="danger",
        )
        self.button(
            f"heal:{name}", (x + field_w + 12 + half, y, half, 36), ui.tr("rnp.hp_heal"), lambda: self.hp_act(name, "heal")
        )

    def hp_act(self, name: str, do: str) -> None:
        amount = self.number(f"hp:{name}")
        if amount is None or not float(amount).is_integer():
            self.table.show(self.ui.t("rnp.type_whole"), bad=True)
            return
        action: a.Action | Refused
        if do == "set_hp":
            action = make_action(a.SetHp, character=name, maximum=int(amount))
        else:
            action = make_action(a.Damage if do == "damage" else a.Heal, character=name, amount=int(amount))
        self.texts[f"hp:{name}"] = ""
        self.table.act(action)

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

        def answered(yes: object) -> None:
            if yes:
                self.table.act(a.RemoveCharacter(name=name))

        self.table.stack.push(
            Dialog(
                ui,
                ui.tr("rnp.remove_question", name=name),
                [(ui.tr("common.cancel"), False), (ui.tr("rnp.remove"), True)],
                title=ui.tr("rnp.remove_title"),
                cancel_value=False,
                on_result=answered,
            )
        )

    # -- drawing -----------------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        ui, p = self.ui, self.ui.palette
        if not self.view["party_order"]:
            area = self.inner()
            self.paragraph(
                surface, ui.t("rnp.party_empty"), area.left, area.top + 20, area.width, face="italic", colour=p.ink_soft
            )
            return
        for name, card in self.cards():
            self.draw_card(surface, name, card)

    def draw_card(self, surface: pygame.Surface, name: str, card: pygame.Rect) -> None:
        ui, p, book, language = self.ui, self.ui.palette, self.book, self.language
        member = self.view["party"][name]
        surface.blit(rounded_box(card.size, p.parchment_light, p.ink_soft, 8, 2), card)
        x, width = card.left + 12, card.width - 24
        small = self.line_height("small")
        self.text(
            surface,
            fit(name, "title", ui.theme.text_size("heading"), width),
            (x, card.top + 6),
            face="title",
            role="heading",
            colour=p.ink,
        )
        tags = []
        if not member["alive"]:
            tags.append(ui.t("rnp.dead"))
        elif member["dying"]:
            tags.append(ui.t("rnp.dying"))
        if member["hidden"]:
            tags.append(ui.t("rnp.hidden_dc", dc=member["stealth_dc"]))
        if member["left_at_s"] is not None:
            tags.append(ui.t("rnp.left_behind_at", time=clock_time(ui, book, member["left_at_s"])))
        if tags:
            self.text(
                surface,
                fit(" · ".join(tags), "italic", ui.theme.text_size("small"), width),
                (x, card.top + 36),
                face="italic",
                role="small",
                colour=p.bad if not member["alive"] or member["dying"] else p.ink_soft,
            )
        # the six abilities
        cell = width / 6
        y = card.top + 58
        size = ui.theme.text_size("small")
        for i, ability in enumerate(book.abilities.scores):
            cx = round(x + i * cell + cell / 2)
            if card.colliderect(self.viewport):
                blit_text(surface, ability.short.get(language), (cx, y), "body", size - 3, p.ink_soft, "midtop")
            self.text(surface, str(member["scores"][ability.id]), (cx, y + 18), face="bold", role="body", anchor="midtop")
            self.text(
                surface, signed(member["modifiers"][ability.id]), (cx, y + 42), role="small", colour=p.ink_soft, anchor="midtop"
            )
        y += 66
        pygame.draw.line(surface, p.ink_faint, (x, y), (x + width, y))
        y += 4
        passive, at_rest = member["passive_perception"], member["passive_perception_at_rest"]
        pp = ui.t("rnp.passive", value=passive) if passive == at_rest else ui.t("rnp.passive_short", value=passive, rest=at_rest)
        senses = [
            ui.t("rnp.sense_range", sense=book.sense(s).name.get(language), m=num(ui, member["senses"][s]))
            for s in SENSES
            if member["senses"].get(s)
        ]
        skills = [book.skill(s).name.get(language) for s in member["skills"]]
        profs = ui.t("rnp.proficiency", bonus=signed(member["proficiency"]))
        if skills:
            profs += " · " + ", ".join(skills)
        saves = [book.ability(a).short.get(language) for a in member["saves"]]
        lines = [
            (pp, p.ink),
            (", ".join(senses) if senses else ui.t("rnp.no_senses"), p.ink if senses else p.ink_soft),
            (profs, p.ink_soft),
            (ui.t("rnp.saves_prof", saves=", ".join(saves) if saves else "—"), p.ink_soft),
        ]
        for text, colour in lines:
            self.text(surface, fit(text, "body", size, width), (x, y), role="small", colour=colour)
            y += small
        # hit points (controls are widgets at HP_Y + 26)
        hp_y = card.top + HP_Y
        if member["hp_max"]:
            hp = ui.t("rnp.hp", hp=member["hp"], max=member["hp_max_now"])
            if member["hp_max_now"] != member["hp_max"]:
                hp += " " + ui.t("rnp.hp_halved", max=member["hp_max"])
            if member["hp_temp"]:
                hp += " " + ui.t("rnp.hp_temp", n=member["hp_temp"])
            colour = p.bad if member["hp"] * 2 <= member["hp_max_now"] else p.ink
            self.text(surface, fit(hp, "bold", size, width), (x, hp_y), face="bold", role="small", colour=colour)
        else:
            self.text(surface, ui.t("rnp.hp_untracked"), (x, hp_y), face="italic", role="small", colour=p.ink_soft)
        # exhaustion (boxes are buttons at TRACK_Y)
        maximum = book.exhaustion.maximum
        self.text(
            surface,
            ui.t("rnp.exhaustion", level=member["exhaustion"], max=maximum),
            (x, card.top + TRACK_Y - 26),
            face="title",
            role="small",
            colour=p.rubric if member["exhaustion"] else p.ink_soft,
        )
        y = card.top + TRACK_Y + 38
        texts = member["exhaustion_text"] or [ui.t("rnp.no_exhaustion")]
        if not member["alive"]:
            texts = texts[-1:]  # death: the other effects no longer matter
        food_top = card.bottom - CARD_BUTTON - 12 - 4 * small - 4
        for line in texts:
            if y + small > food_top - 4:
                break
            y = self.paragraph(
                surface,
                "• " + line if member["exhaustion"] else line,
                x,
                y,
                width,
                role="small",
                colour=p.bad if member["exhaustion"] else p.ink_soft,
                max_lines=2,
            )
        # packs, food and water
        y = max(y + 6, food_top)
        pygame.draw.line(surface, p.ink_faint, (x, y - 4), (x + width, y - 4))
        pack = ui.t("rnp.pack", rations=num(ui, member["rations"]), water=num(ui, member["water_l"]))
        rows = [
            (pack, p.ink),
            (ui.t("rnp.fasting_short", days=num(ui, member["fasting_days"]), safe=member["safe_fasting_days"]), p.ink),
            (ui.t("rnp.water_today", litres=num(ui, member["water_today_l"])), p.ink),
        ]
        flags = []
        if member["dehydrated"]:
            flags.append(ui.t("rnp.dehydrated"))
        if member["recovery_blocked"]:
            flags.append(ui.t(f"rnp.blocked_{member['recovery_blocked']}"))
        if flags:
            rows.append((" · ".join(flags), p.bad))
        for text, colour in rows:
            self.text(surface, fit(text, "body", size, width), (x, y), role="small", colour=colour)
            y += small

"""Setting up a fight: the creatures (from the sheet's creature boxes or typed in),
the mode, the shots allowed before melee, an ally, and whether escape is allowed.

"Combattre" builds one typed ``StartFight`` action (``make_action``) and lets the rules decide;
a refusal is shown under the form. Creatures typed in can be written into the
sheet's creature boxes first (with their notes), so the fight updates them at
its end like the others (R-ENCOUNTER-1).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.app.adventure_scene import AdventureScene
from game.app.navigator import Screen
from game.app.scene import Scene
from game.app.services import Services
from game.app.showcase import sample_adventure, showcase
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.session import make_action
from game.scenes import fight_setup_paint
from game.scenes.fight_setup_paint import LEFT, RIGHT, ROW_H
from game.ui.button import Button
from game.ui.counter import Counter
from game.ui.speech import SpokenText
from game.ui.text_field import TextField
from game.ui.toggle import Toggle

if TYPE_CHECKING:
    from game.app.adventure import FFAdventure

MODES = ("one_after_another", "all_together", "as_one")
MAX_BOX_ROWS = 4
MAX_ENEMIES = 12


class FightSetupScene(AdventureScene):
    """The form before a fight; replaces itself with the combat board once the rules accept."""

    screen = Screen.FIGHT_SETUP

    status = SpokenText()  # shown on the screen and said to a screen reader

    adventure: FFAdventure

    def __init__(self, services: Services, adventure: FFAdventure, boxes: tuple[int, ...] | list[int] = ()) -> None:
        super().__init__(services, adventure)
        self.mode = "one_after_another"
        self.typed: list[dict[str, Any]] = []
        self.preselected = set(boxes)
        self._build()
        self._refresh()

    # ------------------------------------------------------------------ widgets
    def _build(self) -> None:
        ui, g = self.ui, self.group
        state = self.adventure.state
        x = LEFT.x + 22
        y = LEFT.y + 60
        self.box_toggles: list[tuple[int, Toggle]] = []
        # dead creatures leave the list (they stay in the sheet's boxes, marked defeated)
        living = [(index, box) for index, box in enumerate(state.creature_boxes) if box.stamina > 0]
        self.hidden_boxes = max(0, len(living) - MAX_BOX_ROWS)
        for index, box in living[:MAX_BOX_ROWS]:
            toggle = Toggle(
                ui,
                (x, y, LEFT.width - 44, 32),
                self._box_label(box),
                value=index in self.preselected,
                on_change=lambda _v: self._refresh(),
            )
            self.box_toggles.append((index, g.add(toggle)))
            y += ROW_H
        if not self.box_toggles:
            y += ROW_H
        self.typed_label_y = y + 2
        self.typed_top = y + 28
        self.form_y = LEFT.bottom - 196
        self.typed_rows = max(1, (self.form_y - 14 - self.typed_top) // ROW_H)
        self.remove_buttons: list[Button] = []
        for row in range(self.typed_rows):
            button = Button(
                ui,
                (LEFT.right - 140, self.typed_top + row * ROW_H, 118, 32),
                ui.tr("combat.setup_remove"),
                on_click=partial(self.remove_typed, row),
                visible=False,
            )
            self.remove_buttons.append(g.add(button))
        fy = self.form_y + 30
        submit = lambda _t: self.add_typed()  # noqa: E731
        self.name_field = g.add(
            TextField(
                ui,
                (x, fy, 300, 42),
                placeholder=ui.tr("combat.setup_name_placeholder"),
                max_length=80,
                on_change=lambda _t: self._refresh(),
                on_submit=submit,
            )
        )
        # What a screen reader calls the number fields: the book's own names of the scores.
        skill = lambda: self.book.stat("skill").name.get(ui.catalogue.language)  # noqa: E731
        stamina = lambda: self.book.stat("stamina").name.get(ui.catalogue.language)  # noqa: E731
        self.skill_field = g.add(
            TextField(
                ui,
                (x + 316, fy, 110, 42),
                numeric=True,
                minimum=0,
                maximum=99,
                max_length=2,
                spoken_name=skill,
                on_change=lambda _t: self._refresh(),
                on_submit=submit,
            )
        )
        self.stamina_field = g.add(
            TextField(
                ui,
                (x + 442, fy, 118, 42),
                numeric=True,
                minimum=1,
                maximum=999,
                spoken_name=stamina,
                max_length=3,
                on_change=lambda _t: self._refresh(),
                on_submit=submit,
            )
        )
        self.notes_field = g.add(
            TextField(
                ui, (x, fy + 74, 426, 42), placeholder=ui.tr("combat.setup_notes_placeholder"), max_length=300, on_submit=submit
            )
        )
        self.add_button = g.add(Button(ui, (x + 442, fy + 74, 118, 42), ui.tr("combat.setup_add"), on_click=self.add_typed))
        self.keep_toggle = g.add(
            Toggle(ui, (x, fy + 124, 500, 32), ui.tr("combat.setup_keep"), value=True, tooltip=ui.tr("combat.setup_keep_tip"))
        )

        rx = RIGHT.x + 22
        self.mode_buttons: dict[str, Button] = {}
        for i, mode in enumerate(MODES):
            self.mode_buttons[mode] = g.add(
                Button(
                    ui,
                    (rx + i * 190, RIGHT.y + 84, 180, 44),
                    ui.tr(f"combat.mode_{mode}_short"),
                    on_click=partial(self.set_mode, mode),
                    tooltip=ui.tr(f"combat.setup_mode_{mode}_tip"),
                )
            )
        y = RIGHT.y + 148
        # A book with vehicle or ship fights (combat profiles): which kind of fight this is.
        self.profile: str | None = None
        self.profile_buttons: dict[str | None, Button] = {}
        self.profile_y = y
        if self.book.combat_profiles:
            choices: list[str | None] = [None, *self.book.combat_profiles]
            width = (RIGHT.width - 44 - 10 * (len(choices) - 1)) // len(choices)
            for i, ident in enumerate(choices):
                self.profile_buttons[ident] = g.add(
                    Button(
                        ui,
                        (rx + i * (width + 10), y + 28, width, 44),
                        self.profile_name(ident),
                        on_click=partial(self.set_profile, ident),
                    )
                )
            y += 88
        self.archery_y = y
        self.shots_counter: Counter | None = None
        archery = self.book.archery
        if archery is not None:
            arrows = state.counters.get(archery.counter, 0)
            self.shots_counter = g.add(
                Counter(
                    ui,
                    (rx + 360, y, 200, 76),
                    value=0,
                    minimum=0,
                    maximum=max(0, arrows),
                    label=ui.tr("combat.setup_shots"),
                    on_request=self._set_shots,
                )
            )
            y += 96
        self.ally_y = y
        self.ally_toggle = g.add(Toggle(ui, (rx, y, 300, 32), ui.tr("combat.setup_ally"), on_change=lambda _v: self._refresh()))
        # A fight only the ally (or a summoned creature) fights, the hero watching (the book says so).
        self.ally_alone_toggle = g.add(
            Toggle(
                ui,
                (rx + 316, y, 244, 32),
                ui.tr("combat.setup_ally_alone"),
                tooltip=ui.tr("combat.setup_ally_alone_tip"),
                on_change=lambda _v: self._refresh(),
            )
        )
        self.ally_name = g.add(
            TextField(
                ui,
                (rx, y + 64, 300, 42),
                placeholder=ui.tr("combat.setup_ally_placeholder"),
                max_length=80,
                on_change=lambda _t: self._refresh(),
            )
        )
        self.ally_skill = g.add(
            TextField(
                ui,
                (rx + 316, y + 64, 110, 42),
                numeric=True,
                minimum=0,
                maximum=99,
                max_length=2,
                spoken_name=skill,
                on_change=lambda _t: self._refresh(),
            )
        )
        self.ally_stamina = g.add(
            TextField(
                ui,
                (rx + 442, y + 64, 118, 42),
                numeric=True,
                minimum=1,
                maximum=999,
                max_length=3,
                spoken_name=stamina,
                on_change=lambda _t: self._refresh(),
            )
        )
        y += 132
        self.escape_y = y
        self.escape_toggle = g.add(
            Toggle(ui, (rx, y + 22, 340, 32), ui.tr("combat.setup_escape"), on_change=lambda _v: self._refresh())
        )
        self.escape_counter = g.add(
            Counter(
                ui,
                (rx + 360, y, 200, 76),
                value=self.book.combat.escape_damage,
                minimum=0,
                maximum=20,
                label=ui.tr("combat.setup_escape_cost"),
                on_request=self._set_escape_cost,
            )
        )
        self.cancel_button = g.add(Button(ui, (RIGHT.right - 440, 652, 200, 52), ui.tr("common.cancel"), on_click=self.cancel))
        self.fight_button = g.add(
            Button(ui, (RIGHT.right - 224, 652, 224, 52), ui.tr("combat.setup_fight"), style="primary", on_click=self.start)
        )

    def _box_label(self, box: Any) -> str:
        stamina = box.stamina if not box.maximum or box.maximum == box.stamina else f"{box.stamina}/{box.maximum}"
        label = self.ui.t("combat.setup_box", name=box.name, skill=box.skill, stamina=stamina)
        return label if not box.notes else f"{label} — {box.notes}"

    def _set_shots(self, value: int) -> None:
        if self.shots_counter is not None:
            self.shots_counter.value = value
            self._refresh()

    def _set_escape_cost(self, value: int) -> None:
        self.escape_counter.value = value
        self._refresh()

    def set_mode(self, mode: str) -> None:
        self.mode = mode
        self._refresh()

    def profile_name(self, ident: str | None) -> str:
        """A kind of fight as the book names it (the hero's own fight by default)."""
        rules = self.book.profile(ident)
        return rules.name.get(self.ui.catalogue.language) if rules.name is not None else self.ui.t("combat.profile_default")

    def set_profile(self, ident: str | None) -> None:
        self.profile = ident
        self._refresh()

    def score_names(self) -> tuple[str, str]:
        """The creature's two scores in this kind of fight (SKILL / STAMINA, FIREPOWER / ARMOUR…)."""
        rules, language = self.book.profile(self.profile), self.ui.catalogue.language
        attack, stamina = self.book.stat(rules.attack), self.book.stat(rules.stamina)
        return (attack.short or attack.name).get(language), (stamina.short or stamina.name).get(language)

    # ------------------------------------------------------------------ the creatures
    def selected_boxes(self) -> list[int]:
        return [index for index, toggle in self.box_toggles if toggle.value and toggle.enabled]

    def typed_entry(self) -> dict[str, Any] | None:
        """The creature in the form, or None while it is incomplete."""
        name = self.name_field.text.strip()
        skill, stamina = self.skill_field.value, self.stamina_field.value
        if not name or skill is None or stamina is None or not self.skill_field.valid or not self.stamina_field.valid:
            return None
        return {"name": name, "skill": skill, "stamina": stamina, "notes": self.notes_field.text.strip()}

    def add_typed(self) -> None:
        entry = self.typed_entry()
        if entry is None or len(self.typed) >= self.typed_rows or len(self.selected_boxes()) + len(self.typed) >= MAX_ENEMIES:
            return
        self.typed.append(entry)
        for field in (self.name_field, self.skill_field, self.stamina_field, self.notes_field):
            field.text = ""
        self._refresh()

    def remove_typed(self, row: int) -> None:
        if 0 <= row < len(self.typed):
            del self.typed[row]
            self._refresh()

    def pending_typed(self) -> list[dict[str, Any]]:
        """The typed creatures, with the one still in the form when all its fields are filled ("Ajouter" not pressed)."""
        entry = self.typed_entry()
        return self.typed + ([entry] if entry is not None and len(self.typed) < self.typed_rows else [])

    def enemy_count(self) -> int:
        return len(self.selected_boxes()) + len(self.pending_typed())

    def ally_spec(self) -> dict[str, Any] | None:
        if not self.ally_toggle.value:
            return None
        name = self.ally_name.text.strip() or self.ui.t("combat.setup_ally_default")
        skill, stamina = self.ally_skill.value, self.ally_stamina.value
        if skill is None or stamina is None or not self.ally_skill.valid or not self.ally_stamina.valid:
            return None
        return {"name": name, "skill": skill, "stamina": stamina}

    def fight_action(self, typed_boxes: list[int] | None = None) -> a.StartFight | Refused:
        """The ``fight`` action the form describes (``typed_boxes``: the boxes the typed creatures were written to),
        or why those values cannot make one (a defeated creature's box has no STAMINA left to fight with)."""
        boxes = self.adventure.state.creature_boxes
        enemies: list[dict[str, Any]] = [
            {"name": boxes[i].name, "skill": boxes[i].skill, "stamina": boxes[i].stamina, "box": i} for i in self.selected_boxes()
        ]
        for row, typed in enumerate(self.pending_typed()):
            enemies.append({**typed, "box": None if typed_boxes is None else typed_boxes[row]})
        ally = self.ally_spec()
        return make_action(
            a.StartFight,
            enemies=enemies,
            mode=self.mode,
            profile=self.profile,
            arrows=self.shots_counter.value if self.shots_counter is not None else 0,
            ally=ally,
            ally_alone=ally is not None and self.ally_alone_toggle.value,
            escape=self.escape_toggle.value,
            escape_cost=self.escape_counter.value if self.escape_toggle.value else None,
        )

    def problem(self) -> str | None:
        """Why "Combattre" cannot be pressed now (None when it can)."""
        t = self.ui.t
        if self.enemy_count() == 0:
            return t("combat.setup_need_enemy")
        if self.enemy_count() > MAX_ENEMIES:
            return t("combat.setup_too_many", n=MAX_ENEMIES)
        if self.ally_toggle.value and self.ally_spec() is None:
            return t("combat.setup_ally_incomplete")
        return self.reason(self.fight_action())

    def _refresh(self) -> None:
        for mode, button in self.mode_buttons.items():
            button.style = "primary" if mode == self.mode else "normal"
        for ident, button in self.profile_buttons.items():
            button.style = "primary" if ident == self.profile else "normal"
        for row, button in enumerate(self.remove_buttons):
            button.visible = row < len(self.typed)
            if button.visible:
                button.spoken_name = self.ui.t("access.remove_row", name=self.typed[row]["name"])
        full = len(self.typed) >= self.typed_rows or len(self.selected_boxes()) + len(self.typed) >= MAX_ENEMIES
        self.add_button.set_enabled(
            self.typed_entry() is not None and not full,
            self.ui.tr("combat.setup_list_full" if full else "combat.setup_add_incomplete"),
        )
        for field in (self.ally_name, self.ally_skill, self.ally_stamina, self.ally_alone_toggle):
            field.set_enabled(self.ally_toggle.value)
        self.escape_counter.set_enabled(self.escape_toggle.value)
        problem = self.problem()
        self.fight_button.set_enabled(problem is None, problem)

    # ------------------------------------------------------------------ leaving
    def cancel(self) -> None:
        if self.stack is not None:
            self.navigator.close(self)

    def start(self) -> None:
        """Write typed creatures into boxes (if asked), start the fight, open the board."""
        problem = self.problem()
        if problem is not None:
            self.say(problem, "bad")
            return
        if self.typed_entry() is not None:  # filled in but not added: it fights all the same
            self.add_typed()
        typed_boxes: list[int] | None = None
        if self.typed and self.keep_toggle.value:
            typed_boxes = []
            for typed in self.typed:
                if self.act(make_action(a.AddCreature, **typed)) is None:
                    return
                typed_boxes.append(len(self.adventure.state.creature_boxes) - 1)
        if self.act(self.fight_action(typed_boxes)) is not None and self.stack is not None:
            self.navigator.go(self, Screen.COMBAT, self.adventure)

    # ------------------------------------------------------------------ frame
    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.QUIT:
            return event
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return None
        consumed = self.group.process_event(event)
        if consumed and event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN, pygame.TEXTINPUT):
            self._refresh()
        return event if not consumed and event.type == pygame.KEYDOWN else None  # F1 and other global keys go on

    def draw(self, surface: pygame.Surface) -> None:
        fight_setup_paint.draw(self, surface)


@showcase("combat-setup")
def _showcase_setup(services: Services) -> list[Scene]:
    adventure = sample_adventure(services, "DF49")
    scene = FightSetupScene(services, adventure, boxes=(0,))
    scene.name_field.text = "Loup des bois"
    scene.skill_field.text = "6"
    scene.stamina_field.text = "7"
    scene.add_typed()
    scene.shots_counter.value = 2  # type: ignore[union-attr]  # the showcase book (DF49) has a bow
    scene.escape_toggle.value = True
    scene._refresh()
    return [scene]

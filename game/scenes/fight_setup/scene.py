"""Setting up a fight: the creatures (from the sheet's creature boxes or typed in),
the mode, the shots allowed before melee, an ally, and whether escape is allowed.

"Combattre" builds one typed ``StartFight`` action (``make_action``) and lets the rules decide;
a refusal is shown under the form. Creatures typed in can be written into the
sheet's creature boxes first (with their notes), so the fight updates them at
its end like the others (R-ENCOUNTER-1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.app.adventure_scene import AdventureScene
from game.app.fluid import FluidLayout
from game.app.navigator import Screen
from game.app.scene import Scene
from game.app.services import Services
from game.app.showcase import sample_adventure, showcase
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.session import make_action
from game.scenes.fight_setup import controls as fight_setup_widgets
from game.scenes.fight_setup import paint as fight_setup_paint
from game.scenes.fight_setup.controls import MAX_ENEMIES, SetupRegions
from game.ui.button import Button
from game.ui.counter import Counter
from game.ui.layout import ScrollPane
from game.ui.speech import SpokenText
from game.ui.text_field import TextField
from game.ui.theme import LOGICAL_SIZE
from game.ui.toggle import Toggle

if TYPE_CHECKING:
    from game.app.adventure import FFAdventure


def creature_spec(name: str, skill: TextField, stamina: TextField) -> dict[str, Any] | None:
    """A creature (or the ally) as typed: its name and valid SKILL and STAMINA, or None while incomplete."""
    if not name or skill.value is None or stamina.value is None or not skill.valid or not stamina.valid:
        return None
    return {"name": name, "skill": skill.value, "stamina": stamina.value}


class FightSetupScene(FluidLayout, AdventureScene):
    """The form before a fight; replaces itself with the combat board once the rules accept."""

    screen = Screen.FIGHT_SETUP

    status = SpokenText()  # shown on the screen and said to a screen reader

    adventure: FFAdventure
    # The controls (made by fight_setup_widgets.make, placed by .place for the page):
    r: SetupRegions
    all_boxes: list[tuple[int, Toggle]]  # a toggle for each living creature box
    box_toggles: list[tuple[int, Toggle]]  # the ones the left panel shows
    hidden_boxes: int
    remove_buttons: list[Button]
    name_field: TextField
    skill_field: TextField
    stamina_field: TextField
    notes_field: TextField
    add_button: Button
    keep_toggle: Toggle
    mode_buttons: dict[str, Button]
    profile_buttons: dict[str | None, Button]
    shots_counter: Counter | None
    ally_toggle: Toggle
    ally_alone_toggle: Toggle
    ally_name: TextField
    ally_skill: TextField
    ally_stamina: TextField
    escape_toggle: Toggle
    escape_counter: Counter
    cancel_button: Button
    fight_button: Button
    options_pane: ScrollPane
    form_y: int
    typed_label_y: int
    typed_top: int
    typed_rows: int

    def __init__(
        self,
        services: Services,
        adventure: FFAdventure,
        boxes: tuple[int, ...] | list[int] = (),
        size: tuple[int, int] = LOGICAL_SIZE,
    ) -> None:
        super().__init__(services, adventure)
        self.mode = "one_after_another"
        self.typed: list[dict[str, Any]] = []
        self.preselected = set(boxes)
        self.profile: str | None = None
        fight_setup_widgets.make(self)
        self.layout(size)

    def place_widgets(self) -> None:
        """Place the form's controls (made once: they hold what was typed) for ``self.page``."""
        fight_setup_widgets.place(self)
        self._refresh()

    def keep_view(self) -> int:
        """A resize keeps where the options are scrolled."""
        return self.options_pane.offset

    def restore_view(self, kept: int) -> None:
        self.options_pane.scroll_to(kept)

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
        spec = creature_spec(self.name_field.text.strip(), self.skill_field, self.stamina_field)
        return None if spec is None else {**spec, "notes": self.notes_field.text.strip()}

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
        return creature_spec(name, self.ally_skill, self.ally_stamina)

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
            button.visible = row < min(len(self.typed), self.typed_rows)
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

"""Setting up a fight: the creatures (from the sheet's creature boxes or typed in),
the mode, the shots allowed before melee, an ally, and whether escape is allowed.

"Combattre" builds one typed ``StartFight`` action (``make_action``) and lets the rules decide;
a refusal is shown under the form. Creatures typed in can be written into the
sheet's creature boxes first (with their notes), so the fight updates them at
its end like the others (R-ENCOUNTER-1).

The scene implements the setup's intents (``controls.SetupIntents``) and keeps
what the form describes (the mode, the kind of fight, the typed creatures);
its controls are made once, so they keep what was typed across a re-layout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.adventure_scene import AdventureScene
from game.app.fluid import FluidLayout
from game.app.navigator import Screen
from game.app.services import Services
from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.session import make_action
from game.scenes.fight_setup import paint
from game.scenes.fight_setup.controls import Box, SetupControls, build_controls, place_controls
from game.scenes.fight_setup.layout import MAX_ENEMIES, SetupRegions, SetupShape, setup_regions
from game.scenes.fight_setup.view import Fighter, SetupView, TypedCreature, box_label, setup_view
from game.ui.speech import SpokenText, join
from game.ui.text_field import TextField
from game.ui.theme import LOGICAL_SIZE
from game.ui.toggle import Toggle

if TYPE_CHECKING:
    from game.app.adventure import FFAdventure


def creature_spec(name: str, skill: TextField, stamina: TextField) -> Fighter | None:
    """A creature (or the ally) as typed: its name and valid SKILL and STAMINA, or None while incomplete."""
    if not name or skill.value is None or stamina.value is None or not skill.valid or not stamina.valid:
        return None
    return Fighter(name=name, skill=skill.value, stamina=stamina.value)


class FightSetupScene(FluidLayout, AdventureScene):
    """The form before a fight; replaces itself with the combat board once the rules accept."""

    screen = Screen.FIGHT_SETUP

    status = SpokenText()  # shown on the screen and said to a screen reader

    adventure: FFAdventure
    book: FightingFantasyBook
    controls: SetupControls
    regions: SetupRegions
    view: SetupView  # what the setup shows now: painted, and read by the options' rows

    def __init__(
        self,
        services: Services,
        adventure: FFAdventure,
        boxes: tuple[int, ...] | list[int] = (),
        size: tuple[int, int] = LOGICAL_SIZE,
    ) -> None:
        super().__init__(services, adventure)
        self.mode = "one_after_another"
        self.typed: list[TypedCreature] = []
        self.profile: str | None = None
        chosen = set(boxes)
        living = [  # dead creatures leave the list (they stay in the sheet's boxes, marked defeated)
            Box(index, box_label(self.ui, box), index in chosen)
            for index, box in enumerate(adventure.state.creature_boxes)
            if box.stamina > 0
        ]
        archery = self.book.archery
        arrows = adventure.state.counters.get(archery.counter, 0) if archery is not None else 0
        self.controls = build_controls(self.ui, self.book, living, arrows, self)
        form = self.controls.creatures
        form.add_button.focus_after = (form.name_field,)  # added: the next creature's name, in a cleared form
        self.shape = SetupShape(len(living), len(self.controls.options.profile_buttons), archery is not None)
        self.layout(size)

    def place_widgets(self) -> None:
        """Place the form's controls (made once: they hold what was typed) for ``self.page``."""
        self.regions = setup_regions(self.page, self.shape)
        self.group.add(*place_controls(self.controls, self.regions, self.ui, self))
        self.refresh_form()

    def keep_view(self) -> int:
        """A resize keeps where the options are scrolled."""
        assert self.controls.options.pane is not None  # placed by every layout
        return self.controls.options.pane.offset

    def restore_view(self, kept: int) -> None:
        assert self.controls.options.pane is not None
        self.controls.options.pane.scroll_to(kept)

    def view_now(self) -> SetupView:
        """What the setup shows now: the typed creatures, the options, the refusal under the form."""
        reason = self.controls.fight_button.disabled_reason
        options = self.controls.options
        return setup_view(
            self.ui,
            self.book,
            self.adventure.state,
            typed=self.typed,
            profile=self.profile,
            ally=options.ally_toggle.value,
            escape=options.escape_toggle.value,
            message=self.message or (self.ui.text(reason) if reason else None),
        )

    def set_shots(self, value: int) -> None:
        if self.controls.options.shots_counter is not None:
            self.controls.options.shots_counter.value = value
            self.refresh_form()

    def set_escape_cost(self, value: int) -> None:
        self.controls.options.escape_counter.value = value
        self.refresh_form()

    def set_mode(self, mode: str) -> None:
        self.mode = mode
        self.refresh_form()

    def set_profile(self, ident: str | None) -> None:
        self.profile = ident
        self.refresh_form()

    # ------------------------------------------------------------------ the creatures
    def shown_boxes(self) -> list[tuple[int, Toggle]]:
        """The creature boxes the left panel has room for (by their index in the sheet)."""
        return self.controls.creatures.all_boxes[: self.regions.creatures.shown]

    def selected_boxes(self) -> list[int]:
        return [index for index, toggle in self.shown_boxes() if toggle.value and toggle.enabled]

    def typed_entry(self) -> TypedCreature | None:
        """The creature in the form, or None while it is incomplete."""
        form = self.controls.creatures
        spec = creature_spec(form.name_field.text.strip(), form.skill_field, form.stamina_field)
        if spec is None:
            return None
        return TypedCreature(name=spec["name"], skill=spec["skill"], stamina=spec["stamina"], notes=form.notes_field.text.strip())

    def _form_full(self) -> bool:
        return len(self.typed) >= self.regions.creatures.typed_rows or len(self.selected_boxes()) + len(self.typed) >= MAX_ENEMIES

    def add_typed(self) -> None:
        entry = self.typed_entry()
        if entry is None or self._form_full():
            return
        self.typed.append(entry)
        form = self.controls.creatures
        for field in (form.name_field, form.skill_field, form.stamina_field, form.notes_field):
            field.text = ""
        self.refresh_form()
        self.ui.say(self.ui.t("combat.setup_added", name=entry["name"], n=self.enemy_count()))

    def remove_typed(self, row: int) -> None:
        if 0 <= row < len(self.typed):
            removed = self.typed.pop(row)
            self.refresh_form()
            self.ui.say(self.ui.t("combat.setup_removed", name=removed["name"]))

    def pending_typed(self) -> list[TypedCreature]:
        """The typed creatures, with the one still in the form when all its fields are filled ("Ajouter" not pressed)."""
        entry = self.typed_entry()
        return self.typed + ([entry] if entry is not None and len(self.typed) < self.regions.creatures.typed_rows else [])

    def enemy_count(self) -> int:
        return len(self.selected_boxes()) + len(self.pending_typed())

    def ally_spec(self) -> Fighter | None:
        options = self.controls.options
        if not options.ally_toggle.value:
            return None
        name = options.ally_name.text.strip() or self.ui.t("combat.setup_ally_default")
        return creature_spec(name, options.ally_skill, options.ally_stamina)

    def fight_action(self, typed_boxes: list[int] | None = None) -> a.StartFight | Refused:
        """The ``fight`` action the form describes (``typed_boxes``: the boxes the typed creatures were written to),
        or why those values cannot make one (a defeated creature's box has no STAMINA left to fight with)."""
        boxes = self.adventure.state.creature_boxes
        enemies: list[dict[str, object]] = [
            {"name": boxes[i].name, "skill": boxes[i].skill, "stamina": boxes[i].stamina, "box": i} for i in self.selected_boxes()
        ]
        for row, typed in enumerate(self.pending_typed()):
            enemies.append({**typed, "box": None if typed_boxes is None else typed_boxes[row]})
        ally, options = self.ally_spec(), self.controls.options
        return make_action(
            a.StartFight,
            enemies=enemies,
            mode=self.mode,
            profile=self.profile,
            arrows=options.shots_counter.value if options.shots_counter is not None else 0,
            ally=ally,
            ally_alone=ally is not None and options.ally_alone_toggle.value,
            escape=options.escape_toggle.value,
            escape_cost=options.escape_counter.value if options.escape_toggle.value else None,
        )

    def problem(self) -> str | None:
        """Why "Combattre" cannot be pressed now (None when it can)."""
        t = self.ui.t
        if self.enemy_count() == 0:
            return t("combat.setup_need_enemy")
        if self.enemy_count() > MAX_ENEMIES:
            return t("combat.setup_too_many", n=MAX_ENEMIES)
        if self.controls.options.ally_toggle.value and self.ally_spec() is None:
            return t("combat.setup_ally_incomplete")
        return self.reason(self.fight_action())

    def refresh_form(self) -> None:
        """Show what the form describes in its controls: the choices, the rows, what may be pressed now."""
        form, options = self.controls.creatures, self.controls.options
        for mode, button in options.mode_buttons.items():
            button.choice_of = self.ui.tr("combat.setup_mode")  # said with its row ("Plusieurs adversaires, choisi")
            button.set_chosen(mode == self.mode)
        for ident, button in options.profile_buttons.items():
            button.choice_of = self.ui.tr("combat.setup_profile")
            button.set_chosen(ident == self.profile)
        for row, button in enumerate(form.remove_buttons):
            button.visible = row < min(len(self.typed), self.regions.creatures.typed_rows)
            if button.visible:
                button.spoken_name = self.ui.t("access.remove_row", name=self.typed[row]["name"])
        full = self._form_full()
        form.add_button.set_enabled(
            self.typed_entry() is not None and not full,
            self.ui.tr("combat.setup_list_full" if full else "combat.setup_add_incomplete"),
        )
        for field in (options.ally_name, options.ally_skill, options.ally_stamina, options.ally_alone_toggle):
            field.set_enabled(options.ally_toggle.value)
        options.escape_counter.set_enabled(options.escape_toggle.value)
        problem = self.problem()
        self.controls.fight_button.set_enabled(problem is None, problem)
        self.view = self.view_now()

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
        if self.typed and self.controls.creatures.keep_toggle.value:
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
            self.refresh_form()
        return event if not consumed and event.type == pygame.KEYDOWN else None  # F1 and other global keys go on

    def draw(self, surface: pygame.Surface) -> None:
        self.view = self.view_now()
        paint.draw(surface, self.view, self.regions, self.ui)
        self.group.draw(surface)

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: the fight setup, then how to move through its controls."""
        return join(self.ui.t("access.screen_fight_setup"), self.ui.t("access.tab_hint"))

"""The base of every screen that shows an adventure: one refresh model, undo and redo in one place.

A screen built on :class:`AdventureScene` listens to its :class:`Adventure`.
Whatever changes the session (a click here, the combat board above, the dice
overlay's callback, undo from the keyboard) reaches every such screen as a
:class:`Change`; the screen is refreshed once from the state, at the first of:
its own action returning, its next ``update``, or its ``resume`` when it comes
back to the top. A covered screen is never refreshed for nothing.

Actions go through :meth:`act` (a refusal becomes the screen's message, in the
player's language), Ctrl+Z / Ctrl+Y / Ctrl+Shift+Z through :meth:`history_key`.
"""

from __future__ import annotations

from typing import Any

import pygame
from pydantic import BaseModel

from game.app.adventure import Adventure, Change, ChangeKind, read_only_refusal
from game.app.journal import describe_entry
from game.app.navigator import Navigator, Screen
from game.app.refusals import describe_refusal
from game.app.services import Services
from game.app.widget_screen import WidgetScene
from game.books.models import AnyBook
from game.rules.availability import kind_of
from game.rules.errors import Refused
from game.rules.session import Entry
from game.ui.file_words import error_words
from game.ui.keymap import press, shortcut_action
from game.ui.speech import SpokenText, join
from game.ui.widget import Widget


class AdventureScene(WidgetScene):
    """A screen of one adventure: services, the adventure, a message line and the refresh cycle."""

    #: The message line is also said to a screen reader (game.ui.speech): refusals, verdicts, save problems.
    message = SpokenText()

    #: The help page F1 opens here (None: F1 is left to the screen).
    help_topic: str | None = None
    #: R-DEATH-1: screens where the hero's death sends the player to the death page at once.
    dies_to_death_page: bool = False
    #: The control each keyboard shortcut presses, by name ({"test_luck": "luck_button"}; game.ui.keymap; see ``control``).
    shortcut_controls: dict[str, str] = {}
    #: The control Escape presses when it is shown, by attribute name (None: Escape is not taken here).
    back_control: str | None = None
    #: Whether an action's result is said when the screen itself said nothing about it (issue 29).
    speaks_results: bool = True

    def __init__(self, services: Services, adventure: Adventure[Any, Any]) -> None:
        super().__init__(services.ui)  # the ui and the screen's widgets (a screen may build a new group to re-lay out)
        self.services = services
        self.adventure = adventure
        self.book: AnyBook = adventure.book  # a screen of one kind of book declares which (book: FightingFantasyBook)
        self.message = None
        self.tone = "neutral"
        self._changes: list[Change] = []
        self._told = 0  # the announcer's count when the first change since the last refresh came
        self._outcomes = adventure.outcomes  # the autosaves' news said so far (a write held for the frame says later)
        adventure.subscribe(self._heard)

    @property
    def navigator(self) -> Navigator:
        return self.services.navigator

    # -- the refresh cycle ----------------------------------------------------------------------
    def refresh(self, changes: list[Change]) -> None:
        """Show the state again after ``changes`` (oldest first; empty on the first show). Override."""

    def flush(self, always: bool = False) -> None:
        """Refresh now if anything changed since the last refresh (or ``always``); then the death page if the hero fell."""
        if not self._changes and not always:
            return
        changes, self._changes = self._changes, []
        self.refresh(changes)
        if self.stack is not None:
            # The screen looks new: all of it is drawn again, even while an overlay above redraws only its own
            # part (the kiosk's press comes after the screens' update: their refresh, a frame later).
            self.stack.request_redraw()
        self._say_results(changes)
        if self.dies_to_death_page and self.stack is not None:
            self.navigator.hero_fell(self, self.adventure)

    def lock_changed(self) -> None:
        self.flush(always=True)  # what the stand's lock allows (share, chronicles, settings) is part of the view

    def resume(self) -> None:
        self.flush(always=True)  # back on top: the settings (language, palette) may have changed too
        if self.adventure.read_only and self.message is None:  # open in another window: say it stays as it is
            self.say(self.refusal_text(read_only_refusal()), "bad")

    def update(self, dt: float) -> None:
        found = self.adventure.verify()  # the snapshot the save opened from, checked a slice a frame
        if found in ("replaced", "unreplayable"):
            self.say(self.ui.t(f"play.snapshot_{found}"), "bad")
        if self._outcomes != self.adventure.outcomes:  # a write held for the last frame failed, or had a notice
            self._say_save_outcome()
            self.flush(always=True)
        self.flush(always=found == "replaced")
        super().update(dt)

    def shutdown(self) -> None:
        self.adventure.unsubscribe(self._heard)

    def _heard(self, change: Change) -> None:
        if not self._changes:
            self._told = self.ui.speech.told
        self._changes.append(change)

    def _say_results(self, changes: list[Change]) -> None:
        """Each action's result said once, briefly, in the journal's words ("Équipement : + Corde", "Nom du
        héros : Tarkan"), when the screen on top said nothing of it itself (a verdict, the fight's voice); the
        dice's results are the dice window's to say."""
        if not changes or not self.speaks_results or self.ui.speech.told != self._told:
            return
        if self.stack is None or self.stack.top is not self:
            return
        acts = [c.entry for c in changes if c.kind is ChangeKind.ACT and not c.entry.dice]
        self.ui.say(join(*(describe_entry(self.ui, self.book, entry) for entry in acts)))

    # -- acting -------------------------------------------------------------------------------------
    def say(self, text: str | None, tone: str = "neutral") -> None:
        """The screen's message line (a refusal, a verdict, a save problem), said aloud as well."""
        self.tone = tone
        self.message = text

    def control(self, name: str) -> Any:
        """The control called ``name``: in the screen's ``controls`` (the dataclass its package's
        ``build_controls`` made) when it has them, else an attribute of the screen itself (None: no such control)."""
        controls = getattr(self, "controls", None)
        if controls is not None and hasattr(controls, name):
            return getattr(controls, name)
        return getattr(self, name, None)

    def shortcut_buttons(self) -> dict[str, Any]:
        """The control each keyboard shortcut of this screen presses now (from ``shortcut_controls``)."""
        return {action: self.control(name) for action, name in self.shortcut_controls.items()}

    def shortcut(self, action: str) -> bool:
        """Do the keyboard shortcut ``action`` (game.ui.keymap) as its button would, or say why not; False when
        this screen has no such shortcut."""
        buttons = self.shortcut_buttons()
        if action not in buttons:
            return False
        press(self.ui, buttons[action], action)
        return True

    def shortcut_key(self, event: pygame.event.Event) -> bool:
        """A shortcut key for this screen (never while a text field is typed in), or Escape on the
        ``back_control`` when it is shown; True when it acted."""
        group = getattr(self, "group", None)
        if group is None:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            control = self.control(self.back_control) if self.back_control else None
            if control is None or not control.visible or not control.enabled:
                return False
            control.activate()
            return True
        action = shortcut_action(self.services.keymap, group, event)
        return action is not None and self.shortcut(action)

    def refusal_text(self, refused: Refused) -> str:
        """``refused`` in the player's language, with the book's names."""
        return describe_refusal(self.ui.catalogue, refused, self.book)

    def reason(self, action: BaseModel | Refused) -> str | None:
        """Why the rules would refuse ``action`` now, in words (None when allowed): a disabled control's tooltip.

        ``action`` may already be a Refused (a builder that could not make the action from the values typed)."""
        refused = action if isinstance(action, Refused) else self.adventure.refusal(action)
        return None if refused is None else self.refusal_text(refused)

    def allow_kind(self, widget: Widget, kind: type[BaseModel]) -> None:
        """Enable ``widget`` when the rules allow that kind of action now (``Session.available``), else say why."""
        refused = self.adventure.session.available().get(kind_of(kind))
        widget.set_enabled(refused is None, None if refused is None else self.refusal_text(refused))

    def allow(self, widget: Widget, action: BaseModel | Refused) -> None:
        """Enable ``widget`` when the rules accept ``action`` now, else disable it with the reason."""
        reason = self.reason(action)
        widget.set_enabled(reason is None, reason)

    def settle(self, result: Entry | Refused) -> Entry | None:
        """After any change: a refusal becomes the message; a change refreshes the screen now."""
        if isinstance(result, Refused):
            self.say(self.refusal_text(result), "bad")
            return None
        self._say_save_outcome()
        self.flush()
        return result

    def _say_save_outcome(self) -> None:
        """The last autosave's failure, or what was in its way (moved aside: said once), on the message line."""
        self._outcomes = self.adventure.outcomes
        if self.adventure.save_problem:
            self.say(self.save_failed_text(), "bad")
        elif notices := self.adventure.take_notices():  # saved, but something was in the way (moved aside): said once
            self.say(" ".join(error_words(self.ui, notice) for notice in notices), "bad")

    def save_failed_text(self) -> str:
        """The autosave failure with the advice that fits it (free some space, or check the folder's rights),
        all in the player's language: the reason is the catalogue's for its kind with the file's name, never
        the operating system's English ("Permission denied" inside a French sentence, issue 30 item 15)."""
        adventure = self.adventure
        kind = adventure.save_problem_kind
        where = adventure.save_problem_file or adventure.save_id
        reason = self.ui.t(f"sheet.save_reason_{kind}", file=where, code=adventure.save_problem_code or "?")
        hint = self.ui.t(f"sheet.save_hint_{kind}")
        return self.ui.t("sheet.save_failed", reason=reason, hint=hint)

    def act(self, action: Any) -> Entry | None:
        """Apply ``action`` through the rules; the entry, or None when refused (the reason is shown).

        ``action`` may already be a Refused (see :meth:`reason`): it is shown as any refusal."""
        return self.settle(action if isinstance(action, Refused) else self.adventure.act(action))

    def before_history(self) -> None:
        """Called before undo and redo (the sheet writes pending notes first). Override."""

    def undo(self) -> Entry | None:
        """Step back one action; the entry undone, or None (the reason is shown)."""
        self.before_history()
        entries = self.adventure.session.entries
        if entries and entries[-1].action.get("do") in ("roll_hero", "pick_hero", "set_hero"):
            # Every adventure screen draws its hero: the hero's creation is not undone from here.
            self.say(self.ui.t("sheet.nothing_to_undo"), "bad")
            return None
        return self.settle(self.adventure.undo())

    def redo(self) -> Entry | None:
        """Re-apply the last undone action; the entry, or None (the reason is shown)."""
        self.before_history()
        return self.settle(self.adventure.redo())

    def open_help(self) -> None:
        """The help on this screen's ``help_topic`` (a screen may open a richer page)."""
        if self.help_topic is not None and self.stack is not None:
            self.navigator.open(self, Screen.HELP, self.help_topic)

    def help_key(self, event: pygame.event.Event) -> bool:
        """F1 opens :meth:`open_help` (True when ``event`` was F1 on a screen with a ``help_topic``)."""
        if event.type != pygame.KEYDOWN or event.key != pygame.K_F1 or self.help_topic is None:
            return False
        self.open_help()
        return True

    def history_key(self, event: pygame.event.Event) -> bool:
        """Ctrl+Z undoes, Ctrl+Y and Ctrl+Shift+Z redo; True when ``event`` was one of them."""
        if event.type != pygame.KEYDOWN or not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            return False
        if event.key == pygame.K_y or event.key == pygame.K_z and event.mod & pygame.KMOD_SHIFT:
            self.redo()
            return True
        if event.key == pygame.K_z:
            self.undo()
            return True
        return False

"""Eating, an herb or a potion that would gain nothing asks first; every heal says what it gained.

Shared by the sheet (and any screen with a heal button): the rules' dry run
(``Session.preview``) tells whether the action would raise a score; when it
would not, a dialog asks before spending the provision, herb or potion.
"""

from __future__ import annotations

from typing import Any

from game.app.journal import describe_gain
from game.app.timeline import changes, preview_changes
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.ui.dialog import Dialog


def healed_stat(book: Any, action: a.Action) -> str:
    """The score a heal restores: the potion kind's score, else STAMINA (meals and herbs, R-FOOD-1, R-HERB-1)."""
    if isinstance(action, a.DrinkPotion) and getattr(book, "potions", None) is not None:
        effect = book.potions.kinds.get(action.kind)
        if effect is not None:
            return effect.restores
    return "stamina"


def would_gain_nothing(session: Any, action: a.Action) -> bool:
    """True when the rules accept ``action`` but no score would rise (a meal at full STAMINA)."""
    found = preview_changes(session, action)
    return found is not None and not any(c.kind == "stat" and c.gain > 0 for c in found)


def heal(scene: Any, action: a.Action, done_key: str) -> None:
    """Apply a heal from ``scene`` (a sheet: ``adventure``, ``ui``, ``book``, ``stack``, ``_after``); ask first if useless."""
    session = scene.adventure.session
    if not would_gain_nothing(session, action) or scene.stack is None:
        apply_heal(scene, action, done_key)
        return
    ui, book = scene.ui, scene.book
    stat = healed_stat(book, action)
    name = book.stat(stat).name.get(ui.catalogue.language)
    value = session.state.hero.scores[stat]
    scene.stack.push(
        Dialog(
            ui,
            ui.tr("play.heal_full_question", stat=name, value=value),
            [(ui.tr("common.cancel"), False), (ui.tr("play.heal_anyway"), True)],
            title=ui.tr("play.heal_full_title"),
            cancel_value=False,
            default_index=0,
            width=760,
            on_result=lambda yes: apply_heal(scene, action, done_key) if yes else None,
        )
    )


def apply_heal(scene: Any, action: a.Action, done_key: str) -> None:
    """Apply the heal and say how much it gained ("+3 ENDURANCE (17 → 20)")."""
    session = scene.adventure.session
    before = session.state
    result = scene.adventure.act(action)
    if isinstance(result, Refused):
        scene._after(result)
        return
    gained = describe_gain(scene.ui, scene.book, changes(session, before, session.state))
    scene._after(result, scene.ui.t(done_key, gain=gained))

"""What a screen-reader user hears on arriving at each screen (and on F3, "where am I").

One function per screen, picked by the scene's class name so this module needs
no import of the screens it describes (and follows them when they are split or
moved); a screen may instead say it itself with a ``spoken_summary()`` method.
Every word comes from the catalogue, the book and the rules' state:
nothing is read off the pixels. A screen without its own line is announced by
its ``title`` when it has one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.app.scene import Scene
from game.i18n.catalogue import resolve
from game.rules.ff.ruleset import computed_scores
from game.ui.context import UIContext

Describer = Callable[[Any], str]
DESCRIBERS: dict[str, Describer] = {}


def describes(*class_names: str) -> Callable[[Describer], Describer]:
    """Register a describer for the scenes with these class names (decorator)."""

    def register(function: Describer) -> Describer:
        for name in class_names:
            DESCRIBERS[name] = function
        return function

    return register


#: Screens described by their title alone, then how to move through their controls.
TITLED = {
    "FightSetupScene": "access.screen_fight_setup",
    "SettingsScene": "settings.title",
    "AccessSettingsScene": "access.title",
}


def describe_screen(scene: Scene) -> str:
    """The arrival announcement of ``scene`` ("" when there is nothing to say)."""
    own = getattr(scene, "spoken_summary", None)
    if callable(own):
        return str(own())
    for cls in type(scene).__mro__:
        describer = DESCRIBERS.get(cls.__name__)
        if describer is not None:
            return describer(scene)
        if cls.__name__ in TITLED:
            ui = scene.ui  # type: ignore[attr-defined]  # every screen has its UI context
            return join(ui.t(TITLED[cls.__name__]), ui.t("access.tab_hint"))
    title = getattr(scene, "title", None)
    return resolve(title) if isinstance(title, str) or callable(title) else ""


def join(*parts: str) -> str:
    """Sentences joined by spaces, empty ones dropped, each ending with a full stop."""
    out = []
    for part in parts:
        part = " ".join(str(part).split())
        if part:
            out.append(part if part[-1] in ".!?:…" else part + ".")
    return " ".join(out)


def hero_words(ui: UIContext, book: Any, state: Any) -> str:
    """ "Alwen: SKILL 11 of 11, STAMINA 15 of 20, LUCK 8 of 9"."""
    hero = state.hero
    if hero is None:
        return ""
    language = ui.catalogue.language
    scores = []
    computed = computed_scores(book, state)
    for stat in book.stats:
        name = stat.name.get(language)
        if stat.computed:
            scores.append(ui.t("access.score", stat=name, value=computed.get(stat.id, "—")))
        elif stat.capped_at_initial:
            scores.append(ui.t("access.score_of", stat=name, value=hero.scores[stat.id], initial=hero.initial[stat.id]))
        else:
            scores.append(ui.t("access.score", stat=name, value=hero.scores[stat.id]))
    return ui.t("access.hero", name=hero.name or ui.t("sheet.nameless"), scores=", ".join(scores))


def backpack_words(ui: UIContext, book: Any, state: Any) -> str:
    """ "Backpack: arrows 4, herbs 2, gold 12"."""
    language = ui.catalogue.language
    counters = [ui.t("access.score", stat=c.name.get(language), value=state.counters[c.id]) for c in book.counters]
    return ui.t("access.backpack", items=", ".join(counters)) if counters else ""


@describes("SheetScene")
def _sheet(scene: Any) -> str:
    ui, book, state = scene.ui, scene.book, scene.adventure.state
    paragraph = ui.t("access.paragraph", n=state.paragraph) if state.paragraph else ui.t("access.no_paragraph")
    fight = state.fight
    fighting = ui.t("access.fight_running") if fight is not None and fight.active else ""
    return join(
        ui.t("access.screen_sheet", book=book.title.get(ui.catalogue.language)),
        hero_words(ui, book, state),
        paragraph,
        backpack_words(ui, book, state),
        fighting,
        ui.t("access.tab_hint"),
    )


@describes("DiceRollScene")
def _dice_roll(scene: Any) -> str:
    ui = scene.ui
    groups = [
        ui.t("access.dice_group", label=g.label, dice=", ".join(str(f) for f in g.faces), detail=g.detail) for g in scene.groups
    ]
    return join(scene.title, *groups, scene.verdict, ui.t("access.dice_close_hint"))


@describes("DiceEntryScene")
def _dice_entry(scene: Any) -> str:
    ui = scene.ui
    labels = ", ".join(f"{label} (d{sides})" for label, sides in zip(scene.labels, scene.sides))
    return join(scene.title, ui.t("access.dice_entry", dice=labels))


@describes("Dialog")
def _dialog(scene: Any) -> str:
    ui = scene.ui
    buttons = ", ".join(ui.text(b.label) for b in scene.buttons)
    return join(
        ui.text(scene.title) if scene.title is not None else "", ui.text(scene.message), ui.t("access.choices", choices=buttons)
    )


@describes("FormScene")
def _form(scene: Any) -> str:
    ui = scene.ui
    note = getattr(scene, "note", None)
    return join(scene.title, ui.text(note) if note else "", ui.t("access.form_hint"))


@describes("BookshelfScene")
def _bookshelf(scene: Any) -> str:
    ui = scene.ui
    language = ui.catalogue.language
    titles = ", ".join(card.title.get(language) for card in scene.services.shelf.cards.values())
    return join(ui.t("access.screen_shelf", titles=titles), ui.t("access.saves", n=len(scene.listing)), ui.t("access.tab_hint"))


@describes("CreationScene")
def _creation(scene: Any) -> str:
    ui = scene.ui
    return join(ui.t("access.screen_creation", book=scene.book.title.get(ui.catalogue.language)), ui.t("access.tab_hint"))


@describes("DeathScene")
def _death(scene: Any) -> str:
    ui = scene.ui
    return join(ui.t("access.screen_death"), hero_words(ui, scene.adventure.book, scene.adventure.state), ui.t("access.tab_hint"))


@describes("ReaderScene")
def _reader(scene: Any) -> str:
    ui = scene.ui
    offer = getattr(scene, "offer", None)
    section = getattr(offer, "section", None)
    text = section.text.get(ui.catalogue.language) if section is not None else ""
    number = getattr(offer, "number", None)
    return join(
        ui.t("access.paragraph", n=number) if number is not None else "",
        text,
        hero_words(ui, scene.book, scene.adventure.state),
        ui.t("access.tab_hint"),
    )


@describes("RnpTableScene")
def _rnp(scene: Any) -> str:
    ui = scene.ui
    key = f"rnp.tab_{scene.tab}"
    return join(ui.t("access.screen_rnp", tab=ui.t(key) if ui.catalogue.has(key) else scene.tab), ui.t("access.tab_hint"))


@describes("CrashReportScene")
def _crash(scene: Any) -> str:
    return join(scene.ui.t("access.screen_crash"))


@describes("RulesHelpScene")
def _rules_help(scene: Any) -> str:
    ui = scene.ui
    parts = []
    for title, lines in scene.sections():
        parts.append(title)
        parts.extend(lines)
    return join(*parts, ui.t("access.rules_help_keys"))


@describes("ChoicePicker")
def _choice_picker(scene: Any) -> str:
    ui = scene.ui
    language = ui.catalogue.language
    options = ", ".join(option.name.get(language) for option in scene.step.options)
    return join(scene.step.name.get(language), ui.t("access.choices", choices=options), ui.t("access.tab_hint"))


@describes("ChroniclesScene")
def _chronicles(scene: Any) -> str:
    ui = scene.ui
    return join(ui.t("play.chronicles_title", book=scene.book.title.get(ui.catalogue.language)), ui.t("access.tab_hint"))


@describes("TimelineScene")
def _timeline(scene: Any) -> str:
    ui = scene.ui
    hero = scene.adventure.state.hero
    name = getattr(hero, "name", "") or ui.t("sheet.nameless")
    return join(ui.t("play.timeline_title", hero=name), ui.t("access.tab_hint"))


@describes("CharacterForm")
def _character_form(scene: Any) -> str:
    ui = scene.ui
    title = ui.t("rnp.form_edit", name=scene.member["name"]) if scene.member else ui.t("rnp.form_add")
    return join(title, ui.t("access.form_hint"))


@describes("SavesScene")
def _saves(scene: Any) -> str:
    return join(scene.ui.t("rnp.saves_title"), scene.ui.t("access.dice_close_hint"))


@describes("ShareScene")
def _share(scene: Any) -> str:
    return join(scene.ui.t("play.share_title"), scene.ui.t("access.tab_hint"))


@describes("ImportScene")
def _import(scene: Any) -> str:
    ui = scene.ui
    title, help_key = scene.keys
    return join(ui.t(title), ui.t(help_key), *scene.errors, ui.t("access.form_hint"))


@describes("SpellsModal")
def _spells(scene: Any) -> str:
    ui = scene.ui
    return join(ui.t("powers.spells"), scene.list.spoken_value(), ui.t("access.tab_hint"))


@describes("PlayersScene")
def _players(scene: Any) -> str:
    shown = scene.lines()
    return join(
        scene.ui.t("rnp.players"),
        *(str(shown[k]) for k in ("day", "time", "period") if shown.get(k)),
        scene.ui.t("rnp.players_back"),
    )


@describes("TitleScene")
def _title(scene: Any) -> str:
    ui = scene.ui
    book = getattr(scene, "book", None)
    return join(ui.t("app.title"), book.title.get(ui.catalogue.language) if book is not None else "", ui.t("kiosk.touch_to_play"))

"""The light panel of the Rôle'n Play table (R-RNP-LIGHT-1): the light in force, the obscurement, who sees what.

Outdoors the clock's daylight sets the light, unless the game master sets one (saved
with the table); what each character sees is a dry run of the rules
(``game.rules.rnp.preview``) in that light and the obscurement chosen here, which the
hiding panel checks in too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from game.books.rolenplay import RolenplayBook
from game.i18n.catalogue import TextSource
from game.rules.rnp import actions as a
from game.rules.rnp.preview import Preview
from game.rules.session import make_action
from game.scenes.rnp_table.data import Json
from game.scenes.rnp_table.layout import CAPTION, LINE, ROW
from game.scenes.rnp_table.panel import CHOICE_GAP, Kit, Panel, Table, choice_widths
from game.scenes.rnp_table.pen import Pen
from game.ui.context import UIContext
from game.ui.text_field import TextField

AUTO = "__clock__"
SIGHT_TOP, SIGHT_ROW = 200 + LINE, 78  # what each character sees, one row each, below the choices and the examples
DISTANCE_W, DISTANCE_ROOM = 120, 130  # the distance field at the right of the light row, and the room it takes
EXAMPLES_DY, EXAMPLES_GAP, EXAMPLES_LINES = 150 + LINE, 10, 2  # under the light, the obscurement and the moon
NAME_W, TEXT_X = 170, 180  # a character's name, and what they see right of it
ROW_RULE, NAME_DY, REFUSAL_DY = 4, 4, 8
REFUSED_ROW = 74  # a character the rules refuse a sight for takes a shorter row
TEXT_LINES = 2


@dataclass(frozen=True)
class Sight:
    """What one character sees: the rules' dry run, or the refusal in words."""

    name: str
    result: Json | None
    refusal: str | None


@dataclass(frozen=True)
class LightView:
    """What the light tab shows: the light in force and the choices, the book's examples, who sees what."""

    book: RolenplayBook
    light: str  # the light in force
    override: str | None  # the game master's light (None: the clock's)
    obscurement: str
    lights: tuple[tuple[str, TextSource], ...]  # the light's choices, the clock's first
    veils: tuple[tuple[str, TextSource], ...]
    sights: tuple[Sight, ...]
    moon: str = ""  # the moon's phase the game master set (R-RNP-LIGHT-1, revised: a bright full moon lights the night)
    moons: tuple[tuple[str, TextSource], ...] = ()


@dataclass(frozen=True)
class LightRegions:
    area: pygame.Rect
    distance: pygame.Rect  # beside the light row, or the obscurement row when the light row needs the room
    light_end: int  # where the light row ends

    @property
    def veils(self) -> int:
        """The obscurement's caption."""
        return self.area.top + LINE

    @property
    def moons(self) -> int:
        """The moon's caption."""
        return self.area.top + 2 * LINE


def light_regions(
    area: pygame.Rect, ui: UIContext, lights: tuple[tuple[str, TextSource], ...], veils: tuple[tuple[str, TextSource], ...]
) -> LightRegions:
    """The light tab in ``area``. The distance field sits at the right of the light row; when the light row needs
    that room (a narrow page) and the obscurement row has it, the field goes down there, else the light row narrows."""
    room = area.width - DISTANCE_ROOM
    light_row = sum(choice_widths(ui, lights)) + CHOICE_GAP * len(lights)
    veil_row = sum(choice_widths(ui, veils)) + CHOICE_GAP * len(veils)
    down = light_row > room and veil_row <= room
    y = area.top + (LINE if down else 0) + CAPTION
    distance = pygame.Rect(area.right - DISTANCE_W, y, DISTANCE_W, ROW)
    return LightRegions(area, distance, area.right if down else area.right - DISTANCE_ROOM)


class LightIntents(Protocol):
    def set_light(self, value: str) -> None: ...

    def set_obscurement(self, value: str) -> None: ...

    def set_moon(self, value: str) -> None: ...


@dataclass(frozen=True)
class LightControls:
    distance: TextField


def build_light_controls(kit: Kit, regions: LightRegions, view: LightView, intents: LightIntents) -> LightControls:
    """The light (the clock's or one of the book's), the obscurement, the distance."""
    area, ui = regions.area, kit.ui
    kit.choices(
        "light",
        area.left,
        area.top + CAPTION,
        view.lights,
        view.override or AUTO,
        intents.set_light,
        group=ui.tr("rnp.light"),
        right=regions.light_end,
    )
    # the distance ends the light row, or the obscurement row when the lights need the room: Tab reads it there
    down = regions.distance.top >= regions.veils

    def distance_field() -> TextField:
        return kit.field("distance", regions.distance, placeholder="—", max_length=6, spoken_name=ui.tr("rnp.distance_opt"))

    distance = None if down else distance_field()
    veils = ui.tr("rnp.obscurement")
    kit.choices(
        "obscurement", area.left, regions.veils + CAPTION, view.veils, view.obscurement, intents.set_obscurement, group=veils
    )
    distance = distance or distance_field()
    kit.choices("moon", area.left, regions.moons + CAPTION, view.moons, view.moon, intents.set_moon, group=ui.tr("rnp.moon"))
    return LightControls(distance)


def paint_light(surface: pygame.Surface, view: LightView, regions: LightRegions, ui: UIContext) -> None:
    """The captions, the book's examples of the light and the obscurement, then what each character sees."""
    pen, p, book, language, area = Pen(surface, ui), ui.palette, view.book, ui.catalogue.language, regions.area
    pen.label(ui.t("rnp.light"), area.topleft)
    pen.label(ui.t("rnp.obscurement"), (area.left, regions.veils))
    pen.label(ui.t("rnp.moon"), (area.left, regions.moons))
    pen.label(ui.t("rnp.distance_opt"), (regions.distance.left, regions.distance.top - CAPTION))
    examples = (
        f"{book.light_def(view.light).examples.get(language)} {book.obscurement_def(view.obscurement).examples.get(language)}"
    )
    y = pen.paragraph(
        examples,
        area.left,
        area.top + EXAMPLES_DY,
        area.width,
        face="italic",
        role="small",
        colour=p.ink_soft,
        max_lines=EXAMPLES_LINES,
    )
    y += EXAMPLES_GAP
    if not view.sights:
        pen.soft(ui.t("rnp.party_empty"), area.left, y, area.width)
    for sight in view.sights:
        y += paint_sight(pen, view.book, sight, area, y)


def paint_sight(pen: Pen, book: RolenplayBook, sight: Sight, area: pygame.Rect, y: int) -> int:
    """One character's row: their name and what they see (in colour where the light is good); its height."""
    ui, p, language = pen.ui, pen.ui.palette, pen.ui.catalogue.language
    x, width = area.left + TEXT_X, area.width - TEXT_X
    pen.divider((area.left, y - ROW_RULE), (area.right, y - ROW_RULE))
    pen.text(sight.name, (area.left, y + NAME_DY), face="title", role="heading", width=NAME_W)
    r = sight.result
    if r is None:
        pen.paragraph(sight.refusal or "", x, y + REFUSAL_DY, width, colour=p.bad)
        return REFUSED_ROW
    vis = book.visibility_def(r["visibility"])
    head = ui.t("rnp.visibility_is", name=vis.name.get(language))
    extras = []
    if r.get("sense"):
        extras.append(book.sense(r["sense"]).name.get(language).lower())
    if not r.get("colours", True):
        extras.append(ui.t("rnp.greys"))
    if extras:
        head += f" ({', '.join(extras)})"
    colour = {"normal": p.good, "reduced": p.ink, "none": p.bad}.get(r["visibility"], p.ink)
    below = pen.bold_line(head, x, y + NAME_DY, colour=colour)
    if r.get("blinded"):  # R-RNP-LIGHT-1 (revised): said where the game master looks
        below = pen.paragraph(ui.t("rnp.blinded_attacks"), x, below, width, role="small", colour=p.bad, max_lines=1)
    lines = 1 if r.get("blinded") else TEXT_LINES
    pen.paragraph(vis.text.get(language), x, below, width, role="small", colour=p.ink_soft, max_lines=lines)
    return SIGHT_ROW


class LightPanel(Panel):
    """The light in force (outdoors the clock's daylight, or the game master's, saved with the table: R-RNP-LIGHT-1),
    the obscurement, and what each character sees."""

    def __init__(self, table: Table, rect: pygame.Rect) -> None:
        super().__init__(table, rect)
        self.texts["distance"] = ""

    @property
    def light(self) -> str:
        """The light in force on the table (the clock's daylight or the game master's)."""
        light: str = self.rules["light"]
        return light

    def shown(self) -> LightView:
        book, ui, language, rules = self.book, self.ui, self.language, self.rules
        period = next(p for p in book.time.daylight if p.id == rules["daylight"]).name.get(language)
        lights: list[tuple[str, TextSource]] = [(AUTO, ui.tr("rnp.light_auto", period=period))]
        lights += [(lt.id, lt.name.get(language)) for lt in book.light]
        return LightView(
            book=book,
            light=self.light,
            override=rules["light_override"],
            obscurement=self.table.shared.obscurement,
            lights=tuple(lights),
            veils=tuple((o.id, o.name.get(language)) for o in book.obscurement),
            sights=tuple(self.sight(name) for name in rules["party_order"]),
            moon=rules["moon"],
            moons=tuple((m.id, m.name.get(language)) for m in book.time.moon),
        )

    def sight(self, name: str) -> Sight:
        """What ``name`` sees in the light and the obscurement (a dry run of ``visibility``)."""
        obscurement, distance = self.table.shared.obscurement, self.number("distance")
        action = make_action(a.Visibility, light=self.light, obscurement=obscurement, character=name, distance_m=distance)
        current: Preview | None = self.preview(action)
        assert current is not None  # an action (or its refusal) always has a dry run
        return Sight(name, current.result if current.refused is None else None, self.refusal_text(current.refused))

    def regions(self, view: LightView) -> LightRegions:
        return light_regions(self.inner(), self.ui, view.lights, view.veils)

    controls: LightControls | None = None

    def build(self) -> None:
        view = self.shown()
        self.controls = build_light_controls(self.kit, self.regions(view), view, self)

    def draw_content(self, surface: pygame.Surface) -> None:
        view = self.shown()
        paint_light(surface, view, self.regions(view), self.ui)

    def content_height(self, width: int) -> int:
        return SIGHT_TOP + 10 + SIGHT_ROW * len(self.rules["party_order"])

    # -- intents ----------------------------------------------------------------------------------
    def set_obscurement(self, value: str) -> None:
        self.table.shared.obscurement = value
        self.table.rebuild()

    def set_moon(self, value: str) -> None:
        if value != self.rules["moon"]:
            self.table.act(make_action(a.SetMoon, phase=value))

    def set_light(self, value: str) -> None:
        self.table.act(make_action(a.SetLight, light=None if value == AUTO else value))

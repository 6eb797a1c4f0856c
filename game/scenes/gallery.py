"""Widget gallery: every widget and drawing primitive on one parchment page.

Used for screenshots (docs/screenshots/gallery.png) and as a living example of
how a screen is written: widgets in a WidgetGroup, state owned by the scene,
counters that *request* changes which the scene (standing in for the rules)
accepts, a Dialog pushed on the stack, and an animation that asks for frames
only while it runs.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial

import pygame

from game.app.fluid import FluidLayout
from game.app.navigator import Navigator, Screen, UIOnly
from game.app.scene import Scene
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.counter import Counter
from game.ui.draw import blit_text, draw_die, draw_panel, draw_rule, parchment
from game.ui.icons import ICONS, draw_icon
from game.ui.layout import Column, fill, fixed, split
from game.ui.notes import NotesArea
from game.ui.scroll_list import ScrollList
from game.ui.text_field import TextField
from game.ui.theme import LOGICAL_SIZE
from game.ui.toggle import Toggle
from game.ui.widget import Widget

TUMBLE_SECONDS = 0.9
INVENTORY = (
    ("gallery.item_sword", "shield"),
    ("gallery.item_armour", "shield"),
    ("gallery.item_herbs", "herbs"),
    ("gallery.item_potion", "potion"),
    ("gallery.item_provisions", "provisions"),
    ("gallery.item_quiver", "arrow"),
    ("gallery.item_lantern", None),
    ("gallery.item_rope", None),
    ("gallery.item_key", None),
    ("gallery.item_amulet", None),
    ("gallery.item_map", None),
)

HEADINGS = {
    "buttons": "gallery.buttons",
    "toggles": "gallery.toggles",
    "fields": "gallery.fields",
    "counters": "gallery.counters",
    "notes": "gallery.notes",
    "dice": "gallery.dice",
    "icons": "gallery.icons",
    "inventory": "gallery.inventory",
}
HEADING_SPACE = (50, 40)  # room for a panel's heading and rule: on a roomy page, on a short one (540 px)
PANEL_PAD = (16, 10)  # below a panel's content
PANEL_GAP = (14, 10)
COMPACT_BELOW = 600  # a page less tall than this (200 % on a 1080p screen) closes up the panels' headings
# The height of the content of the panels that have a fixed one; the notes, the fields and the inventory take what is left.
CONTENT = {"buttons": 156, "toggles": 70, "counters": 196, "dice": 130, "icons": 50}
SHORT_COUNTERS = (166, 162)  # the counters' rows closer on a short page, leaving the notes more lines
ROOM = {"fields": (120, 200), "notes": (120, 110), "inventory": (120, 120)}  # the least a filling panel gets
TOP = {"roomy": 92, "short": 76, "compact": 60}  # the panels' top: a page of ROOMY_FROM px or more, shorter, compact
ROOMY_FROM = 700
TITLE_TOP = {"roomy": 18, "short": 8, "compact": 4}
RULE_RISE = (18, 8)  # the title's rule, above the panels: on a roomy page, on a compact one
RULE_HALF = 320
MARGIN, FOOT = 28, 12  # the page's sides (and between the columns), the panels' foot
FOOT_ROOMY = 4  # more at the foot, unless compact
TOGGLES_WITH_FIELDS = 212  # the least height of the fields panel that keeps the toggles in the first column
PANEL_INSET = 20  # a panel's content and heading, in from its sides
HEADING_ROW = ((12, 44), (6, 34))  # a panel's heading and its rule, down from its top: roomy, compact
WIDE, ROW, ROW_GAP = 240, 46, 10  # the buttons, one under the other
TOGGLE_ROW, TOGGLE_GAP = 32, 8
LABEL_ROW, FIELD_ROW, FIELD_GAP, NUMBER_WIDTH = 26, 42, 14, 140  # a label over its field
COUNTER_HEIGHT, COUNTER_GAP = 76, 24  # the counters, two by two
COUNTER_PITCH, COUNTER_FOOT = 108, 80  # at most from one row to the next; a short panel: its height less this
LIST_ROW = 38
SAMPLE_DIE, SAMPLE_COUNTERS = 4, {"skill": 11, "stamina": 17, "luck": 9, "gold": 12}
SAMPLE_MAXIMA = {"skill": 11, "stamina": 19, "luck": 9, "gold": None}
SAMPLE_NAME_LENGTH, SAMPLE_NUMBER = 40, (212, 400)  # the number field's text and maximum
FACES = 6
FACES_DROP, FACE_SIZE = 26, 44  # the six faces' middle, down from the panel's content
ROLLED_AT, ROLLED_SIZE, ROLLED_TILT = (36, 94), 56, -12  # the rolled die
STATUS_X = 80
TUMBLE_SPEED = 540  # degrees a second
ICON_SIZE, ICON_SPACING = 44, 4
GOLD = (214, 170, 72)


@dataclass(frozen=True)
class Kept:
    """What survives a re-layout: the texts typed (name, number, notes), the switch, the item picked and the scroll."""

    texts: tuple[str, str, str]
    sword: bool
    selected: int | None
    scrolled: int


def gallery_panels(size: tuple[int, int]) -> dict[str, pygame.Rect]:
    """The panels in three columns sharing the page; on a short page the toggles move to the middle column
    and on a very short one (under COMPACT_BELOW) the title and the panels' headings close up."""
    width, height = size
    compact = height < COMPACT_BELOW
    top = TOP[_kind(height)]
    body = pygame.Rect(MARGIN, top, width - 2 * MARGIN, height - top - FOOT - FOOT_ROOMY * (not compact))
    chrome, gap = HEADING_SPACE[compact] + PANEL_PAD[compact], PANEL_GAP[compact]
    tall = body.height >= CONTENT["buttons"] + CONTENT["toggles"] + TOGGLES_WITH_FIELDS + 2 * (chrome + gap)
    columns = (
        ("buttons", "toggles", "fields") if tall else ("buttons", "fields"),
        ("counters", "notes") if tall else ("counters", "toggles", "notes"),
        ("dice", "icons", "inventory"),
    )
    heights = dict(CONTENT, counters=CONTENT["counters"] if tall else SHORT_COUNTERS[compact])
    panels: dict[str, pygame.Rect] = {}
    for column, names in zip(split(body, [fill(), fill(), fill()], gap=MARGIN), columns, strict=True):
        parts = [fixed(heights[name] + chrome) if name in heights else fill(1, ROOM[name][compact]) for name in names]
        panels.update(zip(names, split(column, parts, gap=gap, vertical=True), strict=True))
    return panels


def _kind(height: int) -> str:
    """A page of ``height``: roomy, short, or compact (under COMPACT_BELOW)."""
    return "roomy" if height >= ROOMY_FROM else "compact" if height < COMPACT_BELOW else "short"


def _content(rect: pygame.Rect, compact: bool) -> pygame.Rect:
    """The area of a panel below its heading."""
    heading = HEADING_SPACE[compact]
    return Column.inside(rect, (PANEL_INSET, heading), bottom=PANEL_PAD[compact]).rect


def _field_rows(area: pygame.Rect) -> list[pygame.Rect]:
    """The fields panel: the name's label and field, then the number's."""
    column = Column(area)
    return [column.row(LABEL_ROW), column.row(FIELD_ROW), column.row(LABEL_ROW, gap=FIELD_GAP), column.row(FIELD_ROW)]


class GalleryScene(FluidLayout, Scene):
    """Shows every widget; its counters and die behave like a tiny sheet."""

    def __init__(
        self,
        ui: UIContext,
        *,
        rng: random.Random | None = None,
        animation_factor: float = 1.0,
        size: tuple[int, int] = LOGICAL_SIZE,
    ) -> None:
        super().__init__()
        self.ui = ui
        self.navigator = Navigator(UIOnly(ui))  # the gallery runs without the app's services: its overlays need the ui
        self.rng = rng or random.Random(0)
        self.animation_factor = animation_factor
        self.die_value = SAMPLE_DIE
        self.tumble_left = 0.0
        self.tumble_face = SAMPLE_DIE
        self.tumble_angle = 0.0
        self.counter_values = dict(SAMPLE_COUNTERS)
        self.layout(size)
        self.inventory.select(2)
        self.status: str | None = ui.t("gallery.rolled", value=self.die_value)

    def place_widgets(self) -> None:
        """Every widget in its panel, the panels placed for ``self.page``."""
        self.compact = self.page[1] < COMPACT_BELOW
        self.panels = gallery_panels(self.page)
        self._build()
        # The panels move with the page (the toggles go to the middle column on a short one): Tab reads them
        # as they are placed, line by line, each panel's controls in their own order.
        panels = sorted(self.panels.values(), key=lambda rect: (rect.top, rect.left))

        def panel_of(widget: Widget) -> int:
            return next((i for i, rect in enumerate(panels) if rect.collidepoint(widget.rect.center)), len(panels))

        self.group.focus.widgets.sort(key=panel_of)

    def keep_view(self) -> Kept:
        """What the visitor typed, switched and picked survives a re-layout."""
        texts = (self.name_field.text, self.number_field.text, self.notes.text)
        return Kept(texts, self.sword_toggle.value, self.inventory.selected, self.inventory.scroll_y)

    def restore_view(self, kept: Kept) -> None:
        self.name_field.text, self.number_field.text, self.notes.text = kept.texts
        self.sword_toggle.value = kept.sword
        self.inventory.selected = kept.selected
        self.inventory.scroll_to(kept.scrolled)

    def spoken_summary(self) -> str:
        """What a screen reader says on arriving: the page's title."""
        return self.ui.t("gallery.title")

    # -- widgets ------------------------------------------------------------------

    def _build(self) -> None:
        ui, g = self.ui, self.group
        area = _content(self.panels["buttons"], self.compact)
        roll, dialog, disabled = Column(area, gap=ROW_GAP).rows(3, ROW)
        self.roll_button = g.add(
            Button(
                ui,
                (roll.left, roll.top, WIDE, ROW),
                ui.tr("gallery.button_roll"),
                style="primary",
                on_click=self.roll,
                tooltip=ui.tr("gallery.tooltip_roll"),
            )
        )
        self.dialog_button = g.add(
            Button(ui, (dialog.left, dialog.top, WIDE, ROW), ui.tr("gallery.button_dialog"), on_click=self.open_dialog)
        )
        self.luck_button = g.add(
            Button(
                ui,
                (disabled.left, disabled.top, WIDE, ROW),
                ui.tr("gallery.button_disabled"),
                icon="heart",
                enabled=False,
                disabled_reason=ui.tr("gallery.disabled_reason"),
            )
        )

        sword, palette = Column(_content(self.panels["toggles"], self.compact), gap=TOGGLE_GAP).rows(2, TOGGLE_ROW)
        self.sword_toggle = g.add(Toggle(ui, sword, ui.tr("gallery.toggle_sword"), value=True))
        self.palette_toggle = g.add(
            Toggle(
                ui,
                palette,
                ui.tr("gallery.toggle_palette"),
                value=ui.theme.palette.name == "colourblind",
                on_change=self._switch_palette,
            )
        )

        self._build_fields()
        self._build_counters()
        self.notes = g.add(NotesArea(ui, _content(self.panels["notes"], self.compact), text=ui.t("gallery.notes_text")))

        area = _content(self.panels["inventory"], self.compact)
        self.inventory = g.add(
            ScrollList(ui, area, [ui.tr(k) for k, _ in INVENTORY], icons=[i for _, i in INVENTORY], row_height=LIST_ROW)
        )

    def _build_fields(self) -> None:
        ui, g = self.ui, self.group
        _, name_row, _, number_row = _field_rows(_content(self.panels["fields"], self.compact))
        self.name_field = g.add(
            TextField(
                ui,
                name_row,
                text="Isolde Laodegan",
                placeholder=ui.tr("gallery.name_placeholder"),
                max_length=SAMPLE_NAME_LENGTH,
            )
        )
        text, most = SAMPLE_NUMBER
        number_row.width = NUMBER_WIDTH
        self.number_field = g.add(
            TextField(ui, number_row, text=str(text), numeric=True, minimum=1, maximum=most, max_length=len(str(most)))
        )

    def _build_counters(self) -> None:
        ui, g = self.ui, self.group
        area = _content(self.panels["counters"], self.compact)
        maxima = SAMPLE_MAXIMA
        labels = {"skill": "gallery.skill", "stamina": "gallery.stamina", "luck": "gallery.luck", "gold": "gallery.gold"}
        self.counters: dict[str, Counter] = {}
        half = (area.width - COUNTER_GAP) // 2
        for index, name in enumerate(("skill", "stamina", "luck", "gold")):
            x = area.left + (index % 2) * (half + COUNTER_GAP)
            y = area.top + (index // 2) * min(COUNTER_PITCH, area.height - COUNTER_FOOT)  # rows closer in a short panel
            self.counters[name] = g.add(
                Counter(
                    ui,
                    (x, y, half, COUNTER_HEIGHT),
                    value=self.counter_values[name],
                    label=ui.tr(labels[name]),
                    minimum=0,
                    maximum=maxima[name],
                    on_request=partial(self._accept_counter, name),
                )
            )

    def _accept_counter(self, name: str, value: int) -> None:
        # Stands in for the rules session: the request is accepted, then the
        # counter shows the model's value (a refusal would simply not set it).
        self.counter_values[name] = value
        self.counters[name].value = value
        self.luck_button.set_enabled(self.counter_values["luck"] > 0, self.ui.tr("gallery.disabled_reason"))

    def _switch_palette(self, colourblind: bool) -> None:
        self.ui.theme.set_palette("colourblind" if colourblind else "parchment")

    # -- actions ------------------------------------------------------------------

    def roll(self) -> None:
        """Roll the die, tumbling for a moment unless animations are off."""
        self.die_value = self.rng.randint(1, FACES)
        self.tumble_left = TUMBLE_SECONDS / self.animation_factor if self.animation_factor > 0 else 0.0
        self.status = self.ui.t("gallery.rolled", value=self.die_value) if self.tumble_left == 0 else None

    def open_dialog(self) -> None:
        """Ask a yes/no question in a modal Dialog."""
        if self.stack is None:
            return
        self.navigator.open(
            self,
            Screen.DIALOG,
            self.ui.tr("gallery.dialog_message"),
            [(self.ui.tr("common.no"), False), (self.ui.tr("common.yes"), True)],
            title=self.ui.tr("gallery.dialog_title"),
            cancel_value=False,
            on_result=self._dialog_answer,
        )

    def _dialog_answer(self, value: object) -> None:
        answer = self.ui.t("common.yes") if value else self.ui.t("common.no")
        self.status = self.ui.t("gallery.dialog_result", answer=answer)

    # -- frame --------------------------------------------------------------------

    @property
    def wants_animation(self) -> bool:
        return self.tumble_left > 0 or self.group.wants_animation

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return None if self.group.process_event(event) else event

    def update(self, dt: float) -> None:
        self.group.update(dt)
        if self.tumble_left > 0:
            self.tumble_left = max(0.0, self.tumble_left - dt)
            if self.tumble_left == 0:
                self.tumble_angle = 0.0
                self.status = self.ui.t("gallery.rolled", value=self.die_value)
            else:
                self.tumble_face = self.rng.randint(1, FACES)
                self.tumble_angle = (self.tumble_angle + TUMBLE_SPEED * dt) % 360

    def draw(self, surface: pygame.Surface) -> None:
        p, theme = self.ui.palette, self.ui.theme
        surface.blit(parchment(self.page, p), (0, 0))
        top, centre = min(panel.top for panel in self.panels.values()), self.page[0] // 2
        # a short page: the title moves up with the panels
        title_y = TITLE_TOP["roomy" if top >= TOP["roomy"] else "compact" if self.compact else "short"]
        blit_text(surface, self.ui.t("gallery.title"), (centre, title_y), "title", theme.text_size("title"), p.rubric, "midtop")
        draw_rule(surface, centre - RULE_HALF, centre + RULE_HALF, top - RULE_RISE[self.compact], p.ink_soft)
        heading_y, rule_y = HEADING_ROW[self.compact]
        for name, rect in self.panels.items():
            draw_panel(surface, rect, p)
            heading, left, right = self.ui.t(HEADINGS[name]), rect.left + PANEL_INSET, rect.right - PANEL_INSET
            blit_text(surface, heading, (left, rect.top + heading_y), "title", theme.text_size("heading"), p.ink)
            pygame.draw.line(surface, p.ink_faint, (left, rect.top + rule_y), (right, rect.top + rule_y))
        name_label, _, number_label, _ = _field_rows(_content(self.panels["fields"], self.compact))
        small = theme.text_size("small")
        blit_text(surface, self.ui.t("gallery.name_label"), name_label.topleft, "italic", small, p.ink_soft)
        blit_text(surface, self.ui.t("gallery.number_label"), number_label.topleft, "italic", small, p.ink_soft)
        self._draw_dice(surface)
        self._draw_icons(surface)
        self.group.draw(surface)

    def _draw_dice(self, surface: pygame.Surface) -> None:
        p, area = self.ui.palette, _content(self.panels["dice"], self.compact)
        step = area.width // FACES
        for value in range(1, FACES + 1):
            draw_die(surface, (area.left + step * (value - 1) + step // 2, area.top + FACES_DROP), FACE_SIZE, value, p)
        tumbling = self.tumble_left > 0
        face = self.tumble_face if tumbling else self.die_value
        x, y = ROLLED_AT
        angle = self.tumble_angle if tumbling else ROLLED_TILT
        draw_die(surface, (area.left + x, area.top + y), ROLLED_SIZE, face, p, angle=angle)
        if self.status:
            at = (area.left + STATUS_X, area.top + y)
            blit_text(surface, self.status, at, "italic", self.ui.theme.text_size("body"), p.ink, "midleft")

    def _draw_icons(self, surface: pygame.Surface) -> None:
        p, area = self.ui.palette, _content(self.panels["icons"], self.compact)
        step = area.width // len(ICONS)
        fills = {"potion": p.good, "gold": GOLD, "heart": p.bad, "herbs": p.good}
        for index, name in enumerate(ICONS):
            size = min(ICON_SIZE, step - ICON_SPACING)  # a narrow column: smaller icons, never one over the next
            top = area.top + (ICON_SIZE - size) // 2
            rect = pygame.Rect(area.left + index * step + (step - size) // 2, top, size, size)
            draw_icon(surface, name, rect, p.ink, fills.get(name, p.parchment_dark))

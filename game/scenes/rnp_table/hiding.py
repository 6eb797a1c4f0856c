"""The hiding panel of the Rôle'n Play table (R-RNP-HIDE-1): who hides, how, who watches, and the rules' checklist.

Each precondition of hiding is asked of the rules on its own (a dry run,
``game.rules.rnp.preview``), so the game master sees which one fails before rolling;
hiding rolls through the table (the dice overlay), revealing is an action.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Protocol

import pygame

from game.app.rolling import DiceGroup, Presentation
from game.books.rolenplay import RolenplayBook
from game.i18n.catalogue import TextSource
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.rnp.preview import preview
from game.rules.session import make_action
from game.scenes.rnp_table.data import Json, hidden, last_result
from game.scenes.rnp_table.layout import CAPTION, GAP, LINE, ROW, SIDE_GAP, side_by_side
from game.scenes.rnp_table.panel import (
    CHOICE_GAP,
    D20,
    MORE,
    NAME_LEAST,
    OTHER,
    Kit,
    Table,
    WhoPanel,
    draw_mark,
    fit_width,
    row_end,
    shrink_row,
)
from game.scenes.rnp_table.pen import Pen
from game.scenes.rnp_table.words import name_of, signed
from game.ui.button import Button
from game.ui.context import UIContext

HIDE_FORM, CHECKLIST = 600, 300  # the hiding controls and the checklist beside them (or below, from HIDE_BELOW)
HIDE_BELOW = 480
SEARCH_ROW = ROW + 10  # under "Hide": the conditions lost, the creatures' search (R-RNP-HIDE-1 revised)
SEARCH_W = 300
CHECKLIST_BELOW = 420  # what the checklist below the controls adds to the panel
DEX_ROOM, DEX_GAP, DEX_W = 90, 10, 70  # a typed Dexterity after the row of who hides
CONDITION_W, CONDITION_STEP, CONDITION_ROW = 290, 296, 50  # the conditions, two a row
ZONE_DY, WATCHERS_DY = 198, 272  # the zone's caption (light and obscurement), the watchers' caption
CREATURES_DY, CREATURE_ROW = 346, 52  # the creatures' caption; each creature's row under it
CREATURE_NAME_W, CREATURE_PP_X, CREATURE_PP_W, CREATURE_WATCH_X, CREATURE_WATCH_W = 220, 230, 70, 310, 200
HIDE_W = 240
REVEAL_BELOW_X = 250  # the reveal buttons right of "Hide" when the checklist is below
REVEAL_W, REASON_ROOM = 170, 178  # "Reveal", and what it leaves the reason beside it
MARK_AT = (10, 11)  # a checklist item's mark, from the item's top left
ITEM_X, WHY_X = 28, 26
ITEM_LINES, WHY_LINES, WATCHER_LINES, HIDDEN_LINES = 2, 3, 2, 2
RESULT_GAP, HIDDEN_GAP = 10, 8

WATCH_CYCLE = {"off": "passive", "passive": "active", "active": "off"}
CREATURES = ("c1", "c2")
Item = tuple[str, bool | None, str | None]  # a checklist item: what, met (None: unknown), why not


def present_search(ui: UIContext, result: Json) -> Presentation:
    """The dice overlay of the creatures' search (R-RNP-HIDE-1): each one's Wisdom (Perception) against the
    hider's Stealth total, and whether it is spotted."""
    who, dc = result.get("character", ""), result.get("stealth")
    groups = []
    for watcher in result.get("watchers", [])[:4]:
        w = watcher.get("roll")
        if w:
            verdict = "pass" if watcher["spots"] else "fail"
            detail = f"{w['roll']} {signed(w['modifier'])} = " + ui.t(f"rnp.save_vs_dc_{verdict}", total=w["total"], dc=dc)
            groups.append(DiceGroup(ui.t("rnp.perception_of", who=watcher["name"]), tuple(w["dice"]), D20, detail))
    if result.get("hidden"):
        return ui.t("rnp.search_title"), groups, ui.t("rnp.hidden_verdict", who=who, dc=dc), "good"
    spotted = ui.t("rnp.spotted_verdict", who=who, by=", ".join(result.get("spotted_by", [])))
    return ui.t("rnp.search_title"), groups, spotted, "bad"


def present_hide(ui: UIContext, result: Json) -> Presentation:
    """The dice overlay of a hiding attempt: the Stealth check, the active watchers' Perception, the verdict."""
    roll = result.get("roll") or {}
    who = result.get("character") or ui.t("rnp.someone_else")
    groups = [
        DiceGroup(
            ui.t("rnp.stealth_of", who=who),
            tuple(roll.get("dice", ())),
            D20,
            f"{roll.get('roll')} {signed(roll.get('modifier', 0))} = {roll.get('total')}",
        )
    ]
    for watcher in result.get("watchers", []):
        if watcher.get("active") and watcher.get("roll") and len(groups) < 4:
            w = watcher["roll"]
            detail = f"{w['roll']} {signed(w['modifier'])} = {w['total']}"
            groups.append(DiceGroup(ui.t("rnp.perception_of", who=watcher["name"]), tuple(w["dice"]), D20, detail))
    if result.get("hidden"):
        verdict, tone = ui.t("rnp.hidden_verdict", who=who, dc=result.get("stealth")), "good"
    else:
        verdict, tone = ui.t("rnp.spotted_verdict", who=who, by=", ".join(result.get("spotted_by", []))), "bad"
    return ui.t("rnp.hide_title"), groups, verdict, tone


@dataclass(frozen=True)
class HideView:
    """What the hiding tab shows: who hides and how, who watches, the rules' checklist, the last attempt."""

    book: RolenplayBook
    who: str | None
    who_options: tuple[tuple[str, TextSource], ...]
    condition: str
    gm_leave: bool
    travelling: bool
    light: str
    obscurement: str
    watch: dict[str, str]  # party names and creature slots → off, passive or active
    watchers: tuple[tuple[str, str], ...]  # (name, its button's label): the party but who hides
    reason: str  # why the hidden one would be revealed (its button cycles through the book's reasons)
    hidden: tuple[tuple[str, int], ...]  # who is hidden, with their Stealth DC
    checklist: tuple[Item, ...]
    last: Json | None  # the last hiding attempt (the rules' result) while it is the last action

    watch_from: int = 0  # the first watcher of the row when the party is too big for one row
    search_offered: bool = False  # the first hidden one's conditions stopped holding: the creatures may search
    search_refused: Refused | None = None  # why the creatures cannot search now

    @property
    def typed(self) -> bool:
        """Whether the Dexterity is typed (someone outside the party hides)."""
        return self.who == OTHER


@dataclass(frozen=True)
class HideRegions:
    area: pygame.Rect
    right: int  # the rows end before the checklist beside them
    dex_x: int  # where the typed Dexterity goes, after the row of who hides
    hide_y: int
    reveal_x: int
    checklist: pygame.Rect
    beside: bool  # the checklist is beside the controls (else below them)


def controls_right(area: pygame.Rect) -> int:
    """Where the hiding controls end: before the checklist when it is beside them."""
    columns = side_by_side(area, HIDE_FORM, CHECKLIST)
    return columns[0].right if columns is not None else area.right


def hide_regions(area: pygame.Rect, ui: UIContext, who_options: tuple[tuple[str, TextSource], ...]) -> HideRegions:
    """The hiding tab in ``area``: the checklist right of the controls on a wide panel, else below them."""
    columns = side_by_side(area, HIDE_FORM, CHECKLIST)
    right = columns[0].right if columns is not None else area.right
    dex_x = row_end(ui, area.left, who_options, right - DEX_ROOM) + DEX_GAP
    hide_y = area.top + HIDE_BELOW
    if columns is not None:
        return HideRegions(area, right, dex_x, hide_y, columns[1].left, columns[1], True)
    below = hide_y + ROW + SEARCH_ROW + SIDE_GAP
    checklist = pygame.Rect(area.left, below, area.width, area.bottom - below)
    return HideRegions(area, right, dex_x, hide_y, area.left + REVEAL_BELOW_X, checklist, False)


class HideIntents(Protocol):
    def pick_who(self, name: str) -> None: ...

    def set(self, attr: str, value: object) -> None: ...

    def cycle(self, key: str) -> None: ...

    def hide(self) -> None: ...

    def next_reason(self) -> None: ...

    def reveal(self, name: str) -> None: ...

    def lose_conditions(self, name: str) -> None: ...

    def search(self, name: str) -> None: ...

    def page_watchers(self, start: int) -> None: ...


@dataclass(frozen=True)
class HideControls:
    hide: Button


def build_hide_controls(kit: Kit, regions: HideRegions, view: HideView, intents: HideIntents) -> HideControls:
    """Who hides, the condition, the zone's travel and the game master's leave, the watchers, the creatures,
    then "Hide" and, while someone is hidden, the reason and "Reveal"."""
    ui, area, x, y = kit.ui, regions.area, regions.area.left, regions.area.top
    who = ui.tr("rnp.who_hides")
    kit.who_row(x, y + CAPTION, view.who_options, view.who, intents.pick_who, who, right=regions.right - DEX_ROOM)
    if view.typed:
        kit.field("dex", (regions.dex_x, y + CAPTION, DEX_W, ROW), max_length=2, spoken_name=ui.tr("rnp.dex_score"))
    condition_controls(kit, regions, view, intents)
    watcher_controls(kit, regions, view, intents)
    hide = kit.button("hide", (x, regions.hide_y, HIDE_W, ROW), ui.tr("rnp.hide_do"), intents.hide, style="primary")
    if view.hidden:
        first = view.hidden[0][0]
        reason = (regions.reveal_x, regions.hide_y, area.right - regions.reveal_x - REASON_ROOM, ROW)
        kit.button("reason", reason, view.reason, intents.next_reason, tooltip=ui.tr("rnp.reason_tip"))
        reveal = (area.right - REVEAL_W, regions.hide_y, REVEAL_W, ROW)
        kit.button("reveal", reveal, ui.tr("rnp.reveal_who", name=first), partial(intents.reveal, first))
        search_controls(kit, regions, view, intents, first)
    return HideControls(hide)


def search_controls(kit: Kit, regions: HideRegions, view: HideView, intents: HideIntents, first: str) -> None:
    """R-RNP-HIDE-1 (revised): when the conditions for hiding stop holding, the creatures may search again. The
    game master says so for cover ("conditions lost"); the light coming does it by itself. The search button is
    offered then (filled), and rolls the creatures' Wisdom (Perception) against the Stealth total."""
    ui, x, y = kit.ui, regions.area.left, regions.hide_y + SEARCH_ROW
    lost = (x, y, SEARCH_W, ROW)
    lose = kit.button("conditions_lost", lost, ui.tr("rnp.conditions_lost", name=first), partial(intents.lose_conditions, first))
    if view.search_offered:
        lose.set_enabled(False, ui.tr("rnp.search_offered", name=first))
    style = "primary" if view.search_offered else "normal"
    rect = (x + SEARCH_W + GAP, y, SEARCH_W, ROW)
    search = kit.button("search", rect, ui.tr("rnp.search"), partial(intents.search, first), style=style)
    if view.search_refused is not None:
        search.set_enabled(False, kit.table.refusal_text(view.search_refused))


def condition_controls(kit: Kit, regions: HideRegions, view: HideView, intents: HideIntents) -> None:
    """The conditions (two a row), the game master's leave when the condition needs it, and travelling."""
    ui, book, x, y = kit.ui, view.book, regions.area.left, regions.area.top + LINE + CAPTION
    language = ui.catalogue.language
    for i, condition in enumerate(book.hiding.conditions):
        at = (x + (i % 2) * CONDITION_STEP, y + (i // 2) * CONDITION_ROW)
        options = [(condition.id, condition.name.get(language))]
        pick = partial(intents.set, "condition")  # one condition of them all: a row each
        kit.choices(f"cond{i}", *at, options, view.condition, pick, group=ui.tr("rnp.unseen_by"), width=CONDITION_W)
    y = regions.area.top + ZONE_DY + CAPTION
    leave, also = book.condition(view.condition).needs_gm_leave, ui.tr("rnp.hide_circumstances")
    if leave:
        gm = [("yes", ui.tr("rnp.gm_leave"))]
        flip = lambda v: intents.set("gm_leave", not view.gm_leave)  # noqa: E731  # the row's one choice flips it
        kit.choices("gm", x, y, gm, "yes" if view.gm_leave else None, flip, group=also, width=CONDITION_W)
    travel = [("yes", ui.tr("rnp.travelling"))]
    flip = lambda v: intents.set("travelling", not view.travelling)  # noqa: E731  # the row's one choice flips it
    kit.choices(
        "travel",
        x + (CONDITION_STEP if leave else 0),
        y,
        travel,
        "yes" if view.travelling else None,
        flip,
        group=also,
        width=CONDITION_W,
    )


def watcher_page(count: int, start: int, room: int) -> tuple[list[int], int | None]:
    """Which watchers the row shows: all when they fit ``room``, else as many as fit from ``start`` (wrapping
    round the party) and the index the row's "more" button brings next (None: no such button). As the who
    row does (``WhoPanel.who_options``), so that no button runs off the panel with twenty at the table."""
    most = max(2, room // (NAME_LEAST + CHOICE_GAP))
    if count <= most:
        return list(range(count)), None
    keep = max(1, most - 1)
    start %= count
    return [(start + i) % count for i in range(keep)], (start + keep) % count


def watcher_controls(kit: Kit, regions: HideRegions, view: HideView, intents: HideIntents) -> None:
    """The party's watchers (each cycles off, passive, active), paged with "more" when they do not fit one
    row, and two creatures with their passive Perception."""
    ui, x, y = kit.ui, regions.area.left, regions.area.top + WATCHERS_DY + CAPTION
    shown, more_from = watcher_page(len(view.watchers), view.watch_from, regions.right - x)
    row = [view.watchers[i] for i in shown] + ([(MORE, ui.t("rnp.who_more"))] if more_from is not None else [])
    widths = shrink_row([max(NAME_LEAST, fit_width(ui, label)) for _, label in row], regions.right - x)
    bx = x
    for (name, label), width in zip(row, widths):
        rect = (bx, y, width, ROW)
        if name == MORE and more_from is not None:
            kit.button(f"watch:{MORE}", rect, ui.tr("rnp.who_more"), partial(intents.page_watchers, more_from))
        else:
            mode = view.watch.get(name, "off")
            style = "normal" if mode == "off" else "primary"
            tip = ui.tr("rnp.watch_tip")
            button = kit.button(f"watch:{name}", rect, label, partial(intents.cycle, name), style=style, tooltip=tip, middle=True)
            button.spoken_name = watcher_words(ui, name, mode)  # off or passive: not by the fill alone
        bx += width + CHOICE_GAP
    for i, slot in enumerate(CREATURES):
        cy = regions.area.top + CREATURES_DY + CAPTION + i * CREATURE_ROW
        kit.field(f"{slot}_name", (x, cy, CREATURE_NAME_W, ROW), placeholder=ui.tr("rnp.creature", n=i + 1), max_length=20)
        spoken = ui.tr("rnp.creature_caption")
        kit.field(f"{slot}_pp", (x + CREATURE_PP_X, cy, CREATURE_PP_W, ROW), max_length=2, spoken_name=spoken)
        mode = view.watch.get(slot, "off")
        rect = (x + CREATURE_WATCH_X, cy, CREATURE_WATCH_W, ROW)
        style = "normal" if mode == "off" else "primary"
        watch = kit.button(
            f"watch:{slot}",
            rect,
            ui.tr(f"rnp.watch_{mode}"),
            partial(intents.cycle, slot),
            style=style,
            tooltip=ui.tr("rnp.watch_tip"),
        )
        watch.spoken_name = watcher_words(ui, ui.tr("rnp.creature", n=i + 1), mode)


def watcher_words(ui: UIContext, name: TextSource, mode: str) -> TextSource:
    """A watcher's button as a listener hears it: who, and how they watch ("Mira : Passive")."""
    return lambda: ui.t("rnp.watcher_spoken", name=ui.text(name), mode=ui.t(f"rnp.watch_{mode}"))


def paint_hide(surface: pygame.Surface, view: HideView, regions: HideRegions, ui: UIContext) -> None:
    """The captions of the controls, then the checklist, the last attempt and who is hidden."""
    pen, book, x, y = Pen(surface, ui), view.book, regions.area.left, regions.area.top
    pen.label(ui.t("rnp.who_hides"), (x, y))
    if view.typed:
        pen.label(ui.t("rnp.dex_score"), (regions.dex_x, y))
    pen.label(ui.t("rnp.unseen_by"), (x, y + LINE))
    light, veil = name_of(ui, book.light_def, view.light), name_of(ui, book.obscurement_def, view.obscurement)
    pen.label(ui.t("rnp.zone_is", light=light, obscurement=veil), (x, y + ZONE_DY))
    pen.label(ui.t("rnp.watchers"), (x, y + WATCHERS_DY))
    pen.label(ui.t("rnp.creature_caption"), (x + CREATURE_PP_X, y + CREATURES_DY))
    column = regions.checklist
    pen.column_rule(column, regions.beside)
    pen.heading(ui.t("rnp.checklist"), column.topleft)
    ry = paint_checklist(pen, view, column, column.top + pen.line_height("heading", "title"))
    paint_last_hide(pen, view, column, ry + RESULT_GAP)
    if view.hidden:
        text = ", ".join(ui.t("rnp.hidden_dc_of", name=n, dc=dc) for n, dc in view.hidden)
        bottom = regions.hide_y if regions.beside else column.bottom
        at = bottom - HIDDEN_GAP - 2 * pen.line_height("small")
        pen.paragraph(text, column.left, at, column.width, role="small", colour=ui.palette.ink_soft, max_lines=HIDDEN_LINES)


def paint_checklist(pen: Pen, view: HideView, column: pygame.Rect, y: int) -> int:
    """Each precondition with its mark and, when it fails, why; returns the y below them."""
    ui, p, x, width = pen.ui, pen.ui.palette, column.left, column.width
    if not view.checklist:
        return pen.paragraph(ui.t("rnp.need_watchers"), x, y, width, face="italic", role="small", colour=p.ink_soft)
    for text, met, why in view.checklist:
        draw_mark(pen.surface, (x + MARK_AT[0], y + MARK_AT[1]), met, ui)
        y = pen.paragraph(text, x + ITEM_X, y + 2, width - ITEM_X, role="small", max_lines=ITEM_LINES) + 4
        if why:
            y = pen.paragraph(why, x + WHY_X, y, width - WHY_X, face="italic", role="small", colour=p.bad, max_lines=WHY_LINES)
    return y


def paint_last_hide(pen: Pen, view: HideView, column: pygame.Rect, y: int) -> None:
    """The last hiding attempt: the Stealth total, and each watcher who spotted or missed."""
    result = view.last
    if result is None:
        return
    ui, p, x = pen.ui, pen.ui.palette, column.left
    who = result.get("character") or ui.t("rnp.someone_else")
    y = pen.bold_line(ui.t("rnp.stealth_total", who=who, dc=result["stealth"]), x, y)
    for watcher in result["watchers"]:
        how = ui.t("rnp.active_check") if watcher["active"] else ui.t("rnp.passive_short")
        key = "rnp.watcher_spots" if watcher["spots"] else "rnp.watcher_misses"
        line = ui.t(key, name=watcher["name"], how=how, value=watcher["value"])
        colour = p.bad if watcher["spots"] else p.good
        y = pen.paragraph(line, x, y, column.width, role="small", colour=colour, max_lines=WATCHER_LINES)


class HidePanel(WhoPanel):
    """Who hides, the condition, who watches; the rules' checklist; hide, and reveal who is hidden."""

    other = True

    def __init__(self, table: Table, rect: pygame.Rect) -> None:
        super().__init__(table, rect)
        self.condition = "cover"
        self.gm_leave = False
        self.travelling = False
        self.watch: dict[str, str] = {"c1": "passive", "c2": "off"}  # party names and creature slots → off/passive/active
        self.texts.update({"dex": "14", "c1_name": "", "c1_pp": "12", "c2_name": "", "c2_pp": "10"})
        self.reason_index = 0
        self.watch_from = 0  # the watchers' row starts here when the party does not fit one row
        self.controls: HideControls | None = None

    @property
    def light(self) -> str:
        """The light in force on the table (R-RNP-LIGHT-1: the clock's daylight or the game master's)."""
        light: str = self.rules["light"]
        return light

    @property
    def obscurement(self) -> str:
        """The obscurement set on the Light tab."""
        return self.table.shared.obscurement

    def shown(self) -> HideView:
        who, ui, rules = self.settle_who(), self.ui, self.rules
        watchers = [n for n in rules["party_order"] if n != who]
        labels = [n if self.watch.get(n, "off") != "active" else ui.t("rnp.active_watcher", name=n) for n in watchers]
        reasons = self.book.hiding.reveal_reasons
        return HideView(
            book=self.book,
            who=who,
            who_options=self.who_options(),
            condition=self.condition,
            gm_leave=self.gm_leave,
            travelling=self.travelling,
            light=self.light,
            obscurement=self.obscurement,
            watch=dict(self.watch),
            watchers=tuple(zip(watchers, labels)),
            watch_from=self.watch_from,
            reason=reasons[self.reason_index % len(reasons)].name.get(self.language),
            hidden=tuple((n, rules["party"][n]["stealth_dc"]) for n in hidden(rules)),
            search_offered=bool(hidden(rules)) and bool(rules["party"][hidden(rules)[0]]["search_offered"]),
            search_refused=self.table.refusal(a.Search(character=hidden(rules)[0])) if hidden(rules) else None,
            checklist=tuple(self.checklist()),
            last=last_result(rules, "hide"),
        )

    def who_room(self) -> int:
        """The who row ends before the typed Dexterity and the checklist beside the controls."""
        inner = self.inner()
        return controls_right(inner) - DEX_ROOM - inner.left

    def regions(self, view: HideView) -> HideRegions:
        return hide_regions(self.inner(), self.ui, view.who_options)

    def build(self) -> None:
        view = self.shown()
        self.controls = build_hide_controls(self.kit, self.regions(view), view, self)

    def draw_content(self, surface: pygame.Surface) -> None:
        view = self.shown()
        paint_hide(surface, view, self.regions(view), self.ui)

    def content_height(self, width: int) -> int:
        wide = width >= HIDE_FORM + SIDE_GAP + CHECKLIST
        return HIDE_BELOW + ROW + SEARCH_ROW if wide else HIDE_BELOW + ROW + SEARCH_ROW + SIDE_GAP + CHECKLIST_BELOW

    # -- the action and its checklist ----------------------------------------------------------------
    def watchers(self) -> list[Json]:
        """Who watches: the party's watchers but who hides, then the creatures the game master set."""
        out: list[Json] = []
        for name in self.rules["party_order"]:
            mode = self.watch.get(name, "off")
            if name != self.who and mode != "off":
                out.append({"character": name, "active": mode == "active"})
        for i, slot in enumerate(CREATURES):
            mode = self.watch.get(slot, "off")
            if mode == "off":
                continue
            watcher: Json = {
                "name": self.texts.get(f"{slot}_name", "").strip() or self.ui.t("rnp.creature", n=i + 1),
                "active": mode == "active",
            }
            pp = self.whole(f"{slot}_pp")
            if pp is not None:
                watcher["passive_perception"] = pp
            out.append(watcher)
        return out

    def fields(self) -> Json | None:
        """The hide's fields as the game master set them, or None while nobody (or no typed Dexterity) is chosen."""
        if self.who is None:
            return None
        fields: Json = {
            "condition": self.condition,
            "gm_leave": self.gm_leave,
            "light": self.light,
            "obscurement": self.obscurement,
            "travelling": self.travelling,
            "watchers": self.watchers(),
        }
        if self.who == OTHER:
            dex = self.whole("dex")
            if dex is None:
                return None
            fields["dex"] = dex
        else:
            fields["character"] = self.who
        return fields

    def action(self, **override: object) -> a.Hide | Refused | None:
        """The hide action (``override``: fields changed for one check of the list), or why what is typed makes none."""
        fields = self.fields()
        return None if fields is None else make_action(a.Hide, **{**fields, **override})

    def refused(self, **override: object) -> Refused | None:
        """Why the rules would refuse the hide with ``override`` (None: they would not)."""
        return preview(self.book, self.table.state, self.action(**override), self.language).refused

    def checklist(self) -> list[Item]:
        """(item, met?, why not): each precondition asked of the rules on its own."""
        fields = self.fields()
        if fields is None or not fields["watchers"]:
            return []
        ui, items = self.ui, list[Item]()
        unseen = self.refused(travelling=False)
        code = unseen.code if unseen else None
        if self.book.condition(self.condition).needs_gm_leave:
            items.append((ui.t("rnp.check_gm"), code != "gm_leave", None))
        if self.condition == "darkness":
            why = self.refusal_text(unseen) if code == "zone_visible" else None
            items.append((ui.t("rnp.check_zone"), code != "zone_visible", why))
        items += [self.watcher_item(watcher) for watcher in fields["watchers"]]
        if self.travelling:
            pace = self.refused(condition="cover", gm_leave=False)
            bad = pace is not None and pace.code in ("travel_pace", "boat_no_stealth")
            items.append((ui.t("rnp.check_pace"), not bad, self.refusal_text(pace) if bad else None))
        return items

    def watcher_item(self, watcher: Json) -> Item:
        """Whether ``watcher`` alone would see the one who hides."""
        ui, label = self.ui, watcher.get("character") or watcher.get("name")
        alone = self.refused(travelling=False, gm_leave=True, watchers=[watcher])
        if alone is not None and alone.code == "zone_visible":
            return ui.t("rnp.check_unseen", name=label), None, None
        if alone is not None and alone.code == "watcher_sees":
            return ui.t("rnp.check_unseen", name=label), False, self.refusal_text(alone)
        if alone is not None and alone.code not in ("gm_leave",):
            return ui.t("rnp.check_watcher", name=label), False, self.refusal_text(alone)
        return ui.t("rnp.check_unseen", name=label), True, None

    # -- intents ----------------------------------------------------------------------------------
    def set(self, attr: str, value: object) -> None:
        setattr(self, attr, value)
        self.table.rebuild()

    def cycle(self, key: str) -> None:
        self.watch[key] = WATCH_CYCLE[self.watch.get(key, "off")]
        self.table.rebuild()

    def page_watchers(self, start: int) -> None:
        self.watch_from = start
        self.table.rebuild()

    def next_reason(self) -> None:
        self.reason_index += 1
        self.table.rebuild()

    def reveal(self, name: str) -> None:
        reasons = self.book.hiding.reveal_reasons
        self.table.act(a.Reveal(character=name, reason=reasons[self.reason_index % len(reasons)].id))

    def soft_update(self) -> None:
        self.enable_for(self.controls.hide if self.controls else None, self.action())

    def lose_conditions(self, name: str) -> None:
        self.table.act(a.ConditionsLost(character=name))

    def search(self, name: str) -> None:
        self.table.roll(a.Search(character=name), partial(present_search, self.ui))

    def hide(self) -> None:
        action = self.action()
        if action:
            self.table.roll(action, partial(present_hide, self.ui))

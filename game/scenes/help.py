"""F1 help: a modal overlay listing what the mouse and the keyboard do on the current screen.

Two columns — the mouse on the left, the keyboard on the right — with the
screen's own gestures first, then those every screen shares. Escape, F1 or a
click closes it. ``topic`` is one of ``TOPICS``; an unknown topic shows the
shared entries only.

Tab (or the arrows) turns to a second page: the keyboard shortcuts of the screen
and the two every screen shares, with the keys in force (they can be changed in
the settings). Both pages are also what a screen-reader user hears on opening it.
"""

from __future__ import annotations

import pygame

from game.app.modal import ModalScene
from game.app.services import Services
from game.ui import fonts
from game.ui.draw import blit_text, draw_panel, draw_rule, draw_veil, parchment
from game.ui.keymap import GLOBAL_SHORTCUTS, TOPIC_SHORTCUTS
from game.ui.modal import MARGIN
from game.ui.reading import ReadingPane, in_view
from game.ui.text_fit import fit_line, wrap_words

PANEL_W = 1140
MAX_PANEL_W = 1480  # on a big page the columns widen up to this (lines stay readable)
PAD = 40
HEADER_H = 96
FOOTER_H = 56
COLUMN_GAP = 44
GESTURE_MIN_W = 110
ITEM_GAP = 10
GROUP_GAP = 18
PAGE_ROOM = 120  # a big page: the panel leaves it this much of the page's width
GESTURE_SHARE, GESTURE_PAD = 0.45, 28  # a gesture's column: at most this share of a column; its words' room
HEADING_GAP = 14  # under a column's heading
KEY_LEADING = 14  # a shortcut's row: a line of text and this
RULE_DROP, RULE_GAP = 4, 10  # the rule under a column's heading: under it, then the room under the rule
NOTE_GAP = 10  # the shortcuts page's note, under the keys
KEY_RISE, KEY_LEAST, KEY_PAD, KEY_TRIM, KEY_RADIUS = 4, 56, 20, 8, 6  # a key's box on the shortcuts page
WHAT_X = 100  # what a key does, in from its column's left
GROUP_RULE_INSET = 80
PANEL_ALPHA = 252
TITLE_TOP, TITLE_RULE, TITLE_RULE_INSET = 16, 74, 240
HINT_RISE = 30  # the close hint's middle, above the panel's foot
BAR_GRIP = 12  # the scrollbar takes a press this much wider than it is drawn

TOPICS = ("bookshelf", "creation", "sheet", "combat", "rnp")

# (gesture key, description key) per topic, then the shared ones.
MOUSE: dict[str, list[tuple[str, str]]] = {
    "bookshelf": [("help.g_click_book", "help.d_click_book"), ("help.g_click_save", "help.d_click_save")],
    "creation": [("help.g_roll", "help.d_roll"), ("help.g_score_boxes", "help.d_score_boxes"), ("help.g_pick", "help.d_pick")],
    "sheet": [("help.g_minus_plus", "help.d_minus_plus"), ("help.g_disabled", "help.d_disabled")],
    "combat": [
        ("help.g_click_creature", "help.d_click_creature"),
        ("help.g_round", "help.d_round"),
        ("help.g_luck", "help.d_luck"),
    ],
    "rnp": [("help.g_rnp_fields", "help.d_rnp_fields")],
}
MOUSE_COMMON = [
    ("help.g_click", "help.d_click"),
    ("help.g_hover", "help.d_hover"),
    ("help.g_wheel", "help.d_wheel"),
    ("help.g_drag", "help.d_drag"),
]
KEYS: dict[str, list[tuple[str, str]]] = {
    "bookshelf": [],
    "creation": [("help.k_enter_name", "help.d_enter_name")],
    "sheet": [("help.k_arrows", "help.d_arrows"), ("help.k_undo", "help.d_undo")],
    "combat": [("help.k_undo", "help.d_undo")],
    "rnp": [("help.k_undo", "help.d_undo"), ("help.k_players", "help.d_players")],
}
KEYS_COMMON = [
    ("help.k_tab", "help.d_tab"),
    ("help.k_activate", "help.d_activate"),
    ("help.k_clipboard", "help.d_clipboard"),
    ("help.k_f11", "help.d_f11"),
    ("help.k_f1", "help.d_f1"),
    ("help.k_escape", "help.d_escape"),
]
TOPIC_TITLES = {
    "bookshelf": "help.topic_bookshelf",
    "creation": "help.topic_creation",
    "sheet": "help.topic_sheet",
    "combat": "help.topic_combat",
    "rnp": "help.topic_rnp",
}
PAGES = ("gestures", "shortcuts")
PAGE_KEYS = (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_PAGEUP, pygame.K_PAGEDOWN)
SCROLL_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END)  # the page keys turn pages here


def shortcuts(services: Services, topic: str) -> list[tuple[str, str]]:
    """(key, what it does) for the shortcuts of ``topic`` and the shared ones, with the keys in force."""
    keymap, t = services.keymap, services.ui.t
    actions = [*TOPIC_SHORTCUTS.get(topic, ()), *GLOBAL_SHORTCUTS]
    return [(keymap.label(action), t(f"access.action_{action}")) for action in actions]


def entries(topic: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The (gesture, description) keys of the mouse column and of the keyboard column."""
    return MOUSE.get(topic, []) + MOUSE_COMMON, KEYS.get(topic, []) + KEYS_COMMON


def all_keys() -> set[str]:
    """Every catalogue key this screen may show (for the tests)."""
    keys = {
        "help.title",
        "help.mouse",
        "help.keyboard",
        "help.close_hint",
        "access.help_shortcuts",
        "access.help_close",
        "access.help_page_hint",
        "access.help_remap",
        *TOPIC_TITLES.values(),
    }
    for table in (MOUSE, KEYS):
        for items in table.values():
            for pair in items:
                keys.update(pair)
    for pair in MOUSE_COMMON + KEYS_COMMON:
        keys.update(pair)
    return keys


class HelpScene(ModalScene):
    """Modal, transparent: the screen below stays visible under a veil. Long help scrolls (wheel, Up/Down)."""

    def __init__(self, services: Services, topic: str = "sheet") -> None:
        super().__init__(services.ui)
        self.services = services
        self.topic = topic
        self.help_page = "gestures"
        self._pressed_on_bar = False  # a press on the scrollbar: its release scrolls, it does not close
        self.layout(self.page)

    def spoken_summary(self) -> str:
        """What a screen-reader user hears on opening the help (game.app.narrator): its title, the keyboard
        column, then the shortcuts."""
        t = self.ui.t
        _mouse, keys = entries(self.topic)
        lines = [self.title_text(), t("help.keyboard")]
        lines += [f"{t(gesture)} : {t(description)}" for gesture, description in keys]
        lines.append(t("access.help_shortcuts"))
        lines += [f"{key} : {what}" for key, what in shortcuts(self.services, self.topic)]
        lines.append(t("access.help_close"))
        return " ".join(line if line.endswith((".", ":", "?", "!")) else line + "." for line in lines)

    def title_text(self) -> str:
        """ "Help — Adventure Sheet"."""
        title_key = TOPIC_TITLES.get(self.topic)
        return self.ui.t("help.title", topic=self.ui.t(title_key) if title_key else "")

    def turn_page(self) -> None:
        """Between the gestures and the shortcuts; the new page is said."""
        self.help_page = PAGES[(PAGES.index(self.help_page) + 1) % len(PAGES)]
        self.layout(self.page)  # the other page has its own height: a new reading pane, from its top
        self.pane.scroll_to(0)
        if self.help_page == "shortcuts":
            pairs = shortcuts(self.services, self.topic)
            self.ui.say(self.ui.t("access.help_shortcuts") + " " + " ".join(f"{k} : {w}." for k, w in pairs))
        else:
            self.ui.say(self.spoken_summary())

    def close(self) -> None:
        self.leave_once()

    def dismiss(self) -> None:
        self.close()

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.QUIT:
            return event
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1):
            self.close()
        elif event.type == pygame.KEYDOWN and event.key in PAGE_KEYS:
            self.turn_page()
        elif self.pane.scroll_key(event, SCROLL_KEYS):
            pass
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._pressed_on_bar = self.pane.scrolls and self.pane.scrollbar.rect.inflate(BAR_GRIP, 0).collidepoint(event.pos)
            self.group.process_event(event)
        elif event.type == pygame.MOUSEBUTTONUP and (self._pressed_on_bar or self.pane.scrollbar.dragging):
            self._pressed_on_bar = False
            self.group.process_event(event)
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) in (1, 3):
            self.close()
        else:
            self.group.process_event(event)  # the wheel and the scrollbar's drag
        return None  # modal: the screen below gets nothing (F11 is handled by the loop first)

    # -- layout -------------------------------------------------------------------------------------
    def _panel_width(self) -> int:
        """1140 on a 1280×720 page; wider on a bigger page, narrower on a smaller one."""
        return self.fit((max(PANEL_W, min(MAX_PANEL_W, self.room()[0] - PAGE_ROOM)), 1)).width

    def _room(self) -> int:
        """The most height the columns can have on this page before they scroll."""
        return self.room()[1] - 2 * MARGIN - HEADER_H - FOOTER_H

    def text_size(self) -> int:
        """Body size when both columns fit the tallest panel, else the small size."""
        theme = self.ui.theme
        room = self._room()
        for role in ("body", "small"):
            size = theme.text_size(role)
            if max(self._column_height(items, size) for items in entries(self.topic)) <= room:
                return size
        return theme.text_size("small")

    def _column_width(self) -> int:
        return (self._panel_width() - 2 * PAD - COLUMN_GAP) // 2

    def _gesture_width(self, items: list[tuple[str, str]], size: int) -> int:
        """As wide as the column's longest gesture, within bounds."""
        widest = max((fonts.text_width(self.ui.t(gesture), "bold", size) for gesture, _d in items), default=0)
        return max(GESTURE_MIN_W, min(int(self._column_width() * GESTURE_SHARE), widest + GESTURE_PAD))

    def item_lines(self, description: str, size: int, gesture_w: int) -> list[str]:
        return wrap_words(description, "body", size, self._column_width() - gesture_w)

    def _column_height(self, items: list[tuple[str, str]], size: int) -> int:
        head = self.ui.theme.text_size("heading")
        height = fonts.line_height("title", head) + HEADING_GAP
        line_h = fonts.line_height("body", size)
        gesture_w = self._gesture_width(items, size)
        for _gesture, description in items:
            height += len(self.item_lines(self.ui.t(description), size, gesture_w)) * line_h + ITEM_GAP
        return height + GROUP_GAP

    def _shortcuts_height(self, size: int) -> int:
        head = self.ui.theme.text_size("heading")
        half = (len(shortcuts(self.services, self.topic)) + 1) // 2
        note = fonts.line_height("italic", self.ui.theme.text_size("small"))
        key_row = fonts.line_height("body", size) + KEY_LEADING
        return fonts.line_height("title", head) + HEADING_GAP + half * key_row + NOTE_GAP + note

    def _content_height(self, help_page: str) -> int:
        size = self.text_size()
        if help_page == "shortcuts":
            return self._shortcuts_height(size)
        return max(self._column_height(items, size) for items in entries(self.topic))

    def panel_size(self) -> tuple[int, int]:
        """As tall as the taller of its two pages needs (the page shrinks it, then the help scrolls)."""
        content = max(self._content_height(page) for page in PAGES)
        return self._panel_width(), HEADER_H + content + FOOTER_H

    def place_widgets(self) -> None:
        panel = self.panel_rect()
        rect = pygame.Rect(panel.x + PAD, panel.y + HEADER_H, panel.width - 2 * PAD, panel.height - HEADER_H - FOOTER_H)
        self.pane = self.group.add(ReadingPane(self.ui, rect, self._content_height(self.help_page), self._paint))

    def keep_view(self) -> int:
        return self.pane.offset

    def restore_view(self, kept: int) -> None:
        self.pane.scroll_to(kept)

    def column_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The two columns where the content starts (before any scrolling)."""
        top, width = self.pane.rect.y, self._column_width()
        left = pygame.Rect(self.pane.rect.x, top, width, self.pane.rect.height)
        return left, left.move(width + COLUMN_GAP, 0)

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ui, p, theme = self.ui, self.ui.palette, self.ui.theme
        if self.stack is None or not self.stack.scenes or self.stack.scenes[0] is self:
            surface.blit(parchment(surface.get_size(), p), (0, 0))
        draw_veil(surface, p)
        panel = self.panel_rect()
        draw_panel(surface, panel, p, fill_alpha=PANEL_ALPHA)
        title_at = (panel.centerx, panel.y + TITLE_TOP)
        blit_text(surface, self.title_text(), title_at, "title", theme.text_size("title"), p.rubric, "midtop")
        draw_rule(surface, panel.x + TITLE_RULE_INSET, panel.right - TITLE_RULE_INSET, panel.y + TITLE_RULE, p.ink_soft)
        self.group.draw(surface)
        page_hint = ui.t("access.help_page_hint", page=PAGES.index(self.help_page) + 1, pages=len(PAGES))
        hint_box = pygame.Rect(panel.x + PAD, panel.bottom - FOOTER_H, panel.width - 2 * PAD, FOOTER_H)
        hint, size = fit_line(ui.t("help.close_hint") + " " + page_hint, "italic", theme.text_size("small"), hint_box.width)
        at = (panel.centerx, panel.bottom - HINT_RISE)
        blit_text(surface, hint, at, "italic", size, p.ink_soft, "center", box=hint_box, owner="help hint")

    def _paint(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The page shown, from the top of the (scrolled) content."""
        size = self.text_size()
        if self.help_page == "shortcuts":
            self._draw_shortcuts(surface, rect, size)
            return
        ui = self.ui
        columns = (
            (ui.t("help.mouse"), MOUSE.get(self.topic, []), MOUSE_COMMON),
            (ui.t("help.keyboard"), KEYS.get(self.topic, []), KEYS_COMMON),
        )
        width = self._column_width()
        for index, (heading, specific, common) in enumerate(columns):
            column = pygame.Rect(rect.x + index * (width + COLUMN_GAP), rect.y, width, rect.height)
            self._draw_column(surface, column, heading, specific, common, size)

    def _draw_shortcuts(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        """The shortcuts page: the key in a box, what it does, in two columns; where to change them."""
        ui, p, theme = self.ui, self.ui.palette, self.ui.theme
        width = self._column_width()
        left, right = (
            pygame.Rect(rect.x, rect.y, width, rect.height),
            pygame.Rect(rect.x + width + COLUMN_GAP, rect.y, width, rect.height),
        )
        head = theme.text_size("heading")
        blit_text(surface, ui.t("access.help_shortcuts"), (left.x, left.y), "title", head, p.ink)
        y0 = left.y + fonts.line_height("title", head) + HEADING_GAP
        pairs = shortcuts(self.services, self.topic)
        half = (len(pairs) + 1) // 2
        line_h = fonts.line_height("body", size) + KEY_LEADING
        for index, (key, what) in enumerate(pairs):
            column = left if index < half else right
            y = y0 + (index % half) * line_h
            if not in_view(surface, y - KEY_RISE, line_h):
                continue
            key_width = max(KEY_LEAST, fonts.text_width(key, "bold", size) + KEY_PAD)
            box = pygame.Rect(column.x, y - KEY_RISE, key_width, line_h - KEY_TRIM)
            pygame.draw.rect(surface, p.parchment_light, box, border_radius=KEY_RADIUS)
            pygame.draw.rect(surface, p.ink, box, width=2, border_radius=KEY_RADIUS)
            blit_text(surface, key, box.center, "bold", size, p.ink, "center")
            blit_text(surface, what, (column.x + WHAT_X, box.centery), "body", size, p.ink, "midleft")
        note_y = y0 + half * line_h + NOTE_GAP
        blit_text(surface, ui.t("access.help_remap"), (left.x, note_y), "italic", theme.text_size("small"), p.ink_soft)

    def _draw_column(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        heading: str,
        specific: list[tuple[str, str]],
        common: list[tuple[str, str]],
        size: int,
    ) -> None:
        ui, p, theme = self.ui, self.ui.palette, self.ui.theme
        head = theme.text_size("heading")
        blit_text(surface, heading, (rect.x, rect.y), "title", head, p.ink)
        y = rect.y + fonts.line_height("title", head) + RULE_DROP
        pygame.draw.line(surface, p.ink_faint, (rect.x, y), (rect.right, y))
        y += RULE_GAP
        line_h = fonts.line_height("body", size)
        # The gesture in bold sits on the description's first baseline (the faces differ in ascent).
        shift = fonts.ascent("body", size) - fonts.ascent("bold", size)
        gesture_w = self._gesture_width(specific + common, size)
        for group_index, items in enumerate((specific, common)):
            if group_index and specific:
                draw_rule(
                    surface,
                    rect.x + GROUP_RULE_INSET,
                    rect.right - GROUP_RULE_INSET,
                    y + GROUP_GAP // 2 - ITEM_GAP // 2,
                    p.ink_faint,
                )
                y += GROUP_GAP
            for gesture_key, description_key in items:
                lines = self.item_lines(ui.t(description_key), size, gesture_w)
                if in_view(surface, y, line_h):
                    blit_text(surface, ui.t(gesture_key), (rect.x, y + shift), "bold", size, p.rubric)
                for line in lines:
                    if in_view(surface, y, line_h):
                        blit_text(surface, line, (rect.x + gesture_w, y), "body", size, p.ink)
                    y += line_h
                y += ITEM_GAP


# -- showcase ------------------------------------------------------------------------------------------

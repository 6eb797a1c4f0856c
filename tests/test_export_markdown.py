"""Issue 23 row 12 / item 6: the journal's Markdown carries what the player and the book wrote as text.

A hero, a creature or a book named with ``\\r``, ``<script>``, ``![x](http://…)`` or a table separator is
exported, and the page is read back with a CommonMark parser (markdown-it-py, tables on): one heading
holding the names as they were, one table row per entry with four cells, and no HTML, link or image.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from app_helpers import make_services
from markdown_it import MarkdownIt

from game.app.adventure import Adventure
from game.app.export import journal_markdown, markdown_text
from game.app.text_fill import read_lines
from game.rules.dice import ScriptedDice
from game.rules.session import Session, Start

HOSTILE_FILE = Path(__file__).parent / "data" / "hostile_strings.txt"
MARKDOWN_ATTACKS = [
    "Brenna\r# Titre",
    "a\rb\nc\r\n| x | y |",
    "<script>alert(1)</script>",
    "![x](http://example.invalid/pixel.png)",
    "[clic](javascript:alert(1))",
    "<http://example.invalid>",
    "&lt;b&gt; &#x3C;i&#x3E;",
    "**gras** _ital_ `code` ~~barré~~",
    "nom # fin ##",
    "fin\\",
    "x\u2028y\u2029z\u0085w\x0bv\x0cu\x00t",
    "| | |",
    "<img src=x onerror=alert(1)>",
]


def hostile_names():
    lines = [line for line in read_lines(HOSTILE_FILE) if line]
    # A hero's name holds 80 characters; a lone surrogate is refused by the actions, so it never reaches a page.
    return [name[:80] for name in lines + MARKDOWN_ATTACKS if not any(0xD800 <= ord(c) < 0xE000 for c in name)]


def as_text(name: str) -> str:
    """What a reader of the page must see: the name, with control and separator characters as spaces."""
    return "".join(" " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c for c in name)


def parse(markdown: str):
    return MarkdownIt("commonmark").enable("table").parse(markdown)


def inline_text(token) -> str:
    return "".join(child.content for child in token.children or [] if child.type in ("text", "text_special"))


def export_with(services, name: str) -> str:
    book = services.shelf.books["DF31"]
    session = Session(book, ScriptedDice([1, 1, 6, 6]), Start(hero={"skill": 10, "stamina": 20, "luck": 9}, language="fr"))
    adventure = Adventure.start(session, services.saves)
    for action in (
        {"do": "name_hero", "name": name},
        {"do": "paragraph", "number": 48},
        {"do": "fight", "enemies": [{"name": name, "skill": 5, "stamina": 2}]},
        {"do": "round"},
    ):
        result = adventure.act(action)
        assert not hasattr(result, "code"), result
    return journal_markdown(services.ui, adventure), adventure.session.state.hero.name or services.ui.t("sheet.nameless")


@pytest.fixture(scope="module")
def services(tmp_path_factory):
    return make_services(tmp_path_factory.mktemp("export"))


@pytest.mark.parametrize("name", hostile_names())
def test_a_hostile_name_exports_as_literal_text_in_one_heading_and_whole_table_rows(services, name):
    markdown, shown = export_with(services, name)  # the name as the rules keep it
    tokens = parse(markdown)
    kinds = [token.type for token in tokens] + [child.type for token in tokens for child in token.children or []]
    assert not set(kinds) & {"html_block", "html_inline", "link_open", "image", "code_inline", "strong_open", "s_open"}
    assert kinds.count("em_open") == 3  # the page's own labels: play mode, scores, paragraph
    headings = [tokens[i + 1] for i, token in enumerate(tokens) if token.type == "heading_open"]
    assert len(headings) == 1
    title = services.shelf.books["DF31"].title.get("fr")
    assert inline_text(headings[0]) == f"{title} — {as_text(shown)}".strip()
    rows = [i for i, token in enumerate(tokens) if token.type == "tr_open"]
    assert len(rows) == 1 + 4  # the header, then one row per entry
    for start in rows:
        end = next(i for i in range(start, len(tokens)) if tokens[i].type == "tr_close")
        assert sum(token.type in ("th_open", "td_open") for token in tokens[start:end]) == 4
    creature_cell = inline_text(tokens[rows[3] + 8])  # the fight's row: its action cell names the creature
    assert as_text(name).strip() in creature_cell


def test_markdown_text_puts_everything_on_one_line_and_escapes_each_mark():
    assert markdown_text("a\r\nb") == "a  b"
    assert markdown_text("![x](u)") == "!\\[x\\](u)"
    assert markdown_text("<b>&") == "\\<b\\>\\&"
    assert markdown_text("Épée, 3 pièces d'or.") == "Épée, 3 pièces d'or."

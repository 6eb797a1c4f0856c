"""A sheet to share: the journal as Markdown, and where exported files go.

The run itself is shared as its save file (``SaveStore.export``): the log
carries the play mode and every die, so importing it replays and checks it.
The sheet as a picture is drawn by game.scenes.common.sheet_card.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

import platformdirs

from game.app.journal import describe_changes, describe_entry, play_badge
from game.app.timeline import rows
from game.ui.context import UIContext


def export_folder(services: Any) -> Path:
    """Where exports are written: ``services.exports_dir`` when set (tests, kiosk), else the folder the player
    chose (``settings.export_folder``), else the user's documents."""
    folder = getattr(services, "exports_dir", None)
    if folder:
        return Path(folder)
    chosen = getattr(getattr(services, "settings", None), "export_folder", "")
    return Path(chosen) if chosen else Path(platformdirs.user_documents_dir())


MARKDOWN_MARKS = frozenset("\\`*_[]<>|~#&")
"""What starts Markdown syntax inside a line: emphasis, code, links and images, raw HTML and autolinks,
table cells, strikethrough, a heading's closing marks, entities. Each is escaped with a backslash (CommonMark)."""


def markdown_text(text: str) -> str:
    """``text`` (a name, a title, a journal line the player or a book wrote) as literal Markdown on one line.

    Control and separator characters (``\\r``, ``\\n``, tabs, NEL, U+2028/2029, escape sequences) become
    spaces, so a name never starts a heading or breaks a table row (issue 23 row 12); every mark that
    Markdown would read is escaped, so HTML, links and remote images arrive as the text they were.
    """
    out = []
    for char in text:
        if unicodedata.category(char) in ("Cc", "Zl", "Zp"):
            out.append(" ")
        elif char in MARKDOWN_MARKS:
            out.append("\\" + char)
        else:
            out.append(char)
    return "".join(out)


def journal_markdown(ui: UIContext, adventure: Any) -> str:
    """The adventure's journal as a Markdown page: the hero, the play mode, then one table row per entry."""
    session, book = adventure.session, adventure.book
    language = ui.catalogue.language
    state = session.state
    hero = getattr(state, "hero", None)
    name = getattr(hero, "name", "") or ui.t("sheet.nameless")
    lines = [
        f"# {markdown_text(book.title.get(language))} — {markdown_text(name)}",
        "",
        ui.t("play.md_line", label=ui.t("play.md_play"), value=markdown_text(play_badge(ui, session))) + "  ",
    ]
    if hero is not None and hasattr(book, "stats"):
        scores = " · ".join(
            f"{markdown_text(s.name.get(language))} {hero.scores.get(s.id, '—')}/{hero.initial.get(s.id, '—')}"
            for s in book.stats
        )
        lines.append(ui.t("play.md_line", label=ui.t("play.md_scores"), value=scores) + "  ")
    paragraph = getattr(state, "paragraph", None)
    if paragraph is not None:
        lines.append(ui.t("play.md_line", label=ui.t("sheet.paragraph"), value=f"§ {paragraph}") + "  ")
    lines += ["", f"| # | § | {ui.t('play.md_action')} | {ui.t('play.md_changes')} |", "|---|---|---|---|"]
    for row in rows(session):
        where = str(row.paragraph) if row.paragraph else "—"
        lines.append(
            f"| {row.index + 1} | {where} | {markdown_text(describe_entry(ui, book, row.entry))} | "
            f"{markdown_text(describe_changes(ui, book, row.changes))} |"
        )
    lines.append("")
    return "\n".join(lines)

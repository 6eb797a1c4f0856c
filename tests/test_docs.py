"""The documents' links and pictures: every link leads to a file, every picture is shown, and the
pictures stay small enough for a newcomer to clone the repository in seconds (issue 27)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SCREENSHOTS = ROOT / "docs" / "screenshots"
MAX_SCREENSHOT_BYTES = 5 * 1024 * 1024  # the developers' guide: docs/screenshots stays under 5 MB

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")  # [text](target) and ![alt](target)
NAMED_PICTURE = re.compile(r"`((?:docs/)?[\w./-]+\.png)`")  # a picture named in backticks


def targets(document: Path) -> list[tuple[str, Path]]:
    """Each local target a document links to or names (web links and anchors left aside), resolved."""
    text = document.read_text(encoding="utf-8")
    found = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        found.append((target, (document.parent / target.split("#", 1)[0]).resolve()))
    for name in NAMED_PICTURE.findall(text):
        found.append((name, (ROOT / name if name.startswith("docs/") else document.parent / name).resolve()))
    return found


def test_every_link_of_the_documents_leads_to_a_file():
    broken = [f"{doc.relative_to(ROOT)}: {target}" for doc in DOCUMENTS for target, path in targets(doc) if not path.exists()]
    assert broken == []


def test_every_picture_of_docs_screenshots_is_shown_by_a_document():
    shown = {path for doc in DOCUMENTS for _, path in targets(doc)}
    unshown = sorted(str(p.relative_to(ROOT)) for p in SCREENSHOTS.rglob("*") if p.is_file() and p.resolve() not in shown)
    assert unshown == [], "a picture no document shows: delete it (python -m game --screenshots writes the full set to .work/)"


def test_the_pictures_stay_under_five_megabytes():
    total = sum(p.stat().st_size for p in SCREENSHOTS.rglob("*") if p.is_file())
    assert 0 < total < MAX_SCREENSHOT_BYTES, f"{total / 1e6:.1f} MB in docs/screenshots"


def test_the_link_reader_sees_links_pictures_and_named_files(tmp_path):
    doc = tmp_path / "docs" / "X.md"
    doc.parent.mkdir()
    doc.write_text(
        '![a](screenshots/a.png) [b](../README.md#top "t") [w](https://x.org) [s](#here) `c.png` `d.md`', encoding="utf-8"
    )
    assert [t for t, _ in targets(doc)] == ["screenshots/a.png", "../README.md#top", "c.png"]


SOURCE_PATH = re.compile(r"\b((?:game|tools|tests)/[\w/]+\.py)\b")  # a module the documents name by its path


def test_every_module_the_documents_name_by_its_path_exists():
    """A module moved (issue 27: screens into packages) takes its documents' mentions with it."""
    missing = sorted(
        f"{doc.relative_to(ROOT)}: {path}"
        for doc in DOCUMENTS
        for path in SOURCE_PATH.findall(doc.read_text(encoding="utf-8"))
        if not (ROOT / path).is_file()
    )
    assert missing == []


def routes_built() -> dict[str, tuple[str, str]]:
    """``{Screen member name: (module, class)}`` as game/scenes/routes.py's ROUTES builds each one."""
    tree = ast.parse((ROOT / "game" / "scenes" / "routes.py").read_text(encoding="utf-8"))
    table = next(n.value for n in tree.body if isinstance(n, ast.AnnAssign | ast.Assign) and isinstance(n.value, ast.Dict))
    built = {}
    for key, value in zip(table.keys, table.values, strict=True):
        assert isinstance(key, ast.Attribute) and isinstance(value, ast.Call), ast.unparse(value)
        module, cls = (arg.value for arg in value.args[:2] if isinstance(arg, ast.Constant))
        built[key.attr] = (module, cls)
    return built


def test_the_architecture_documents_every_route_as_the_route_table_builds_it():
    """docs/ARCHITECTURE.md's navigator table has one row per Screen, naming the module and the class routes.py
    builds it from (issue 27: the route table is the one place that knows the screens; the document follows it)."""
    from game.app.navigator import Screen

    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| ([A-Z_]+) \| `([\w.]+)` · `(\w+)`", text, re.MULTILINE)
    documented = {screen: (module, cls) for screen, module, cls in rows}
    assert len(rows) == len(documented), "a screen has two rows"
    assert set(routes_built()) == {screen.name for screen in Screen}
    assert documented == routes_built()

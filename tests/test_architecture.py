"""The layers of docs/ARCHITECTURE.md, checked on the source: who may import whom.

Read from the syntax tree of every module of ``game/`` (imports inside
functions count too), so a lazy import cannot hide a dependency.
"""

from __future__ import annotations

import ast
from pathlib import Path

from game.app.navigator import Screen
from game.scenes.routes import ROUTES

GAME = Path(__file__).resolve().parent.parent / "game"


def module_name(path: Path) -> str:
    parts = path.relative_to(GAME.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """Every module ``path`` imports at run time, at the top or inside a function (not for type hints only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    hints_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
        for inner in ast.walk(node)
    }
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in hints_only:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


MODULES = {module_name(path): imports_of(path) for path in GAME.rglob("*.py")}
SCREEN_MODULES = {
    f"game.scenes.{name}"
    for name in (
        "bookshelf",
        "creation",
        "sheet",
        "death",
        "fight_setup",
        "combat",
        "reader",
        "rnp_table",
        "settings",
        "help",
        "dice_roll",
        "dice_entry",
        "crash_report",
        "gallery",
        "title",
        "rules_help",
        "timeline",
        "chronicles",
        "share",
    )
}


def importers_of(prefix: str) -> dict[str, set[str]]:
    return {
        name: {i for i in imported if i == prefix or i.startswith(prefix + ".")}
        for name, imported in MODULES.items()
        if any(i == prefix or i.startswith(prefix + ".") for i in imported)
    }


def test_the_app_layer_imports_no_screen():
    offenders = {name: found for name, found in importers_of("game.scenes").items() if name.startswith("game.app")}
    assert offenders == {}


def test_rules_books_and_storage_import_no_app_no_widget_and_no_screen():
    lower = ("game.rules", "game.books", "game.storage", "game.i18n")
    for upper in ("game.scenes", "game.app", "game.ui"):
        offenders = {name for name in importers_of(upper) if name.startswith(lower)}
        assert offenders == set(), upper


def test_widgets_know_only_the_scene_base_of_the_app():
    """Modal widgets are scenes (``game.app.scene``) laid out like screens (``game.app.fluid``); nothing else."""
    bases = {"game.app.scene", "game.app.scene.Scene", "game.app.fluid", "game.app.fluid.FluidLayout"}
    for name, found in importers_of("game.app").items():
        if name.startswith("game.ui"):
            assert found <= bases, name
    assert not any(name.startswith("game.ui") for name in importers_of("game.scenes"))


def test_no_screen_imports_another_screen_only_the_route_table_names_them():
    for screen in SCREEN_MODULES:
        importers = set(importers_of(screen)) - {screen, "game.scenes.routes", "game.gallery"}  # the gallery's own entry point
        assert importers == set(), f"{screen} is imported by {sorted(importers)}: ask the navigator instead"


def test_every_screen_has_a_route_and_every_route_a_screen_module():
    assert set(ROUTES) == set(Screen)
    assert all((GAME / "scenes" / f"{module.rsplit('.', 1)[1]}.py").exists() for module in SCREEN_MODULES)


def test_no_module_hides_a_missing_import():
    """A module that exists is imported plainly: no ``except ImportError`` fallbacks in the app."""
    offenders = []
    for path in GAME.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ExceptHandler) and isinstance(node.type, ast.Name) and node.type.id == "ImportError":
                offenders.append(f"{path.relative_to(GAME.parent)}:{node.lineno}")
    assert offenders == []


def _builds_a_dict_action(node: ast.AST) -> bool:
    """``{"do": ...}`` (also with ``**spread``) or ``dict(do=...)``: an action in its untyped JSON form."""
    if isinstance(node, ast.Dict):
        return any(isinstance(key, ast.Constant) and key.value == "do" for key in node.keys)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict":
        return any(keyword.arg == "do" for keyword in node.keywords)
    return False


def test_screens_and_the_app_build_typed_actions_never_do_dicts():
    """Issue 14: a screen builds the rules' pydantic action (``a.TickDay()``; typed input through
    ``make_action``), so a misspelt field fails where it is written; the log keeps the JSON form.
    Only the rules read actions as JSON (the cases runner, a save replayed)."""
    offenders = [
        f"{path.relative_to(GAME.parent)}:{node.lineno}"
        for path in GAME.rglob("*.py")
        if "rules" not in path.relative_to(GAME).parts[:1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if _builds_a_dict_action(node)
    ]
    assert offenders == []


def test_the_dict_action_check_sees_each_way_of_writing_one():
    tree = ast.parse('{"do": "tick_day"}; {**base, "do": "fight"}; dict(do="die"); {"done": 1}; d.get("do")')
    assert [_builds_a_dict_action(node) for node in ast.walk(tree) if isinstance(node, (ast.Dict, ast.Call))] == [
        True,
        True,
        True,
        False,
        False,
    ]


MAX_MODULE_LINES = 500  # developers' guide: small modules, one job (issue 14)
MAX_CLASS_LINES = 400


def test_no_module_of_game_is_over_500_lines():
    too_long = {
        module_name(path): lines
        for path in GAME.rglob("*.py")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert too_long == {}


def test_no_class_of_game_is_over_400_lines():
    too_long = {
        f"{module_name(path)}.{node.name}": node.end_lineno - node.lineno + 1
        for path in GAME.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef) and node.end_lineno is not None and node.end_lineno - node.lineno + 1 > MAX_CLASS_LINES
    }
    assert too_long == {}

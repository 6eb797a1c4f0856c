"""Print the shape of the screens (issue 27): files, circles, arrows up, long functions, scene-taking
functions, ``Any``, integer literals, and the big files and classes (a report, not a limit).

    python tools/scene_report.py                 # this checkout's game/
    python tools/scene_report.py --game DIR      # another tree's game/ (e.g. an old commit unpacked with git archive)
    python tools/scene_report.py --write --before d32bab5 --before 5b70aef
        # docs/ARCHITECTURE.md's table: the figures at each commit (read with git archive) and now

Everything is read from the syntax tree by tools/architecture.py, the reader the architecture test uses.
How each figure is counted:

- *literals*: integer constants of the syntax tree other than 0, 1 and 2 (a ``-5`` counts its 5; booleans
  are not integers here), per 1 000 lines of source (every line of every file, blank ones included). They
  are told apart by where they stand: *named* when they are the value of a named constant (a module's
  ``UPPER_CASE = …``, or an attribute in a class's body: a dataclass's field default, a theme metric), the
  one place a layout says its margin or its row height; *spread* everywhere else (in a function's code,
  a call's argument, a default parameter), a number the layout model or a named metric should give. The
  goal (issue 27: game/scenes no denser in literals than game/ui) is read on the spread ones, counted the
  same way for both; the first figure, *all*, is the issue's own count (every literal, named or not),
  kept so the figures of earlier reports still compare.
- *Any*: the word ``Any`` wherever it stands in the source (imports and comments too), like ``grep -w``.
- *arrows up*: imports of a module of a higher layer (tools/architecture.py ``LAYERS``); *parts → their
  scene*: imports by a screen's part of its screen's scene module (type hints included).
- *circles*: strongly connected sets of modules in the import graph (every import counts).
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import architecture as arch  # noqa: E402

BIG_FILE_LINES = 500
BIG_CLASS_LINES = 400
SMALL_INTEGERS = (0, 1, 2)
CONSTANT_NAME = re.compile(r"_?[A-Z][A-Z0-9_]*")


def _literals(node: ast.AST) -> int:
    """Integer constants other than 0, 1 and 2 under ``node``."""
    return sum(
        1
        for inner in ast.walk(node)
        if isinstance(inner, ast.Constant) and type(inner.value) is int and inner.value not in SMALL_INTEGERS
    )


def integer_literals(module: arch.Module) -> int:
    """Integer constants other than 0, 1 and 2 (layout numbers, mostly), named or spread."""
    return _literals(module.tree)


def named_literals(module: arch.Module) -> int:
    """The integer literals that are the value of a named constant: a module-level ``UPPER_CASE = …`` (or
    ``WIDTH, HEIGHT = …``) or an assignment in a class's body (a dataclass field's default, a class attribute)."""
    count = 0
    for node in module.tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [n for t in targets for n in (t.elts if isinstance(t, (ast.Tuple, ast.List)) else [t])]
            if all(isinstance(n, ast.Name) and CONSTANT_NAME.fullmatch(n.id) for n in names):
                count += _literals(node.value)
    for cls in ast.walk(module.tree):
        if isinstance(cls, ast.ClassDef):
            count += sum(
                _literals(node.value)
                for node in cls.body
                if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None
            )
    return count


def _deeper_scene_target(node: ast.AST) -> bool:
    """``scene.x.y = …`` (or ``scene.x[i] = …``): a target that changes something the scene holds."""
    return (
        isinstance(node, (ast.Attribute, ast.Subscript))
        and isinstance(node.ctx, ast.Store)
        and isinstance(node.value, (ast.Attribute, ast.Subscript))
        and any(
            isinstance(i, ast.Attribute) and isinstance(i.value, ast.Name) and i.value.id == "scene" for i in ast.walk(node.value)
        )
    )


def under(modules: dict[str, arch.Module], prefix: str) -> dict[str, arch.Module]:
    return {name: module for name, module in modules.items() if name == prefix or name.startswith(prefix + ".")}


def literal_figures(modules: dict[str, arch.Module]) -> tuple[int, int, int]:
    """(all the integer literals, the named ones, lines) of ``modules``."""
    return (
        sum(integer_literals(m) for m in modules.values()),
        sum(named_literals(m) for m in modules.values()),
        sum(m.lines for m in modules.values()),
    )


def per_thousand(count: int, lines: int) -> float:
    return 1000 * count / max(1, lines)


def literal_line(label: str, modules: dict[str, arch.Module]) -> str:
    every, named, lines = literal_figures(modules)
    return (
        f"  {label:<12} {every:>5} in {lines:>6} lines = {per_thousand(every, lines):>4.0f} per 1 000 lines; "
        f"spread {every - named:>5} = {per_thousand(every - named, lines):>4.0f}, named {named:>4}"
    )


def literal_parts(scenes: dict[str, arch.Module], screens: set[str]) -> dict[str, dict[str, arch.Module]]:
    """game/scenes by where its numbers belong: ``layout.py`` (the regions of a page: their place), the
    samples (a showcase's values), ``paint.py`` and ``controls.py``, and the rest (scenes, parts, one-file
    screens), where a number is a rectangle the layout model should have given."""
    parts: dict[str, dict[str, arch.Module]] = {"layout.py": {}, "samples": {}, "paint.py": {}, "controls.py": {}}
    parts["the rest"] = {}
    for name, module in scenes.items():
        leaf = name.rpartition(".")[2]
        if arch.unit_of(name, screens) == "samples":
            parts["samples"][name] = module
        else:
            parts.get(f"{leaf}.py", parts["the rest"])[name] = module
    return parts


def report(modules: dict[str, arch.Module], where: str) -> list[str]:
    """The report's lines for ``modules`` (a tree read by tools/architecture.py from ``where``)."""
    graph = arch.import_graph(modules)
    routes = arch.routes_of(modules)
    screens = {route.screen for route in routes}
    screen_classes = {route.cls for route in routes}
    scene_modules = {route.module for route in routes}
    scenes, app, ui = under(modules, "game.scenes"), under(modules, "game.app"), under(modules, "game.ui")
    out = [f"game/ at {where}"]

    packages = sorted({name for name, m in scenes.items() if m.is_package and name != "game.scenes"})
    out.append(f"files in game/scenes: {len(scenes)} modules, {sum(m.lines for m in scenes.values())} lines")
    out.append(f"  packages under game/scenes: {len(packages)} {' '.join(p.split('.', 2)[2] for p in packages)}".rstrip())
    share = sum(m.lines for m in scenes.values()) / max(1, sum(m.lines for m in modules.values()))
    out.append(f"  share of game/'s lines: {100 * share:.0f} %")

    circles = arch.circles(graph)
    in_scenes = [c for c in circles if all(name.startswith("game.scenes") for name in c)]
    out.append(f"import circles in game/: {len(circles)} ({len(in_scenes)} inside game/scenes)")
    for circle in sorted(circles, key=lambda c: sorted(c)):
        out.append(f"  {len(circle):>2}: {' '.join(sorted(circle))}")

    up = sorted((a, b) for a, targets in graph.items() for b in targets if arch.layer_of(b) > arch.layer_of(a))
    back = sorted(
        (a, b)
        for a, targets in graph.items()
        if a not in scene_modules and arch.unit_of(a, screens) in screens
        for b in targets
        if b in scene_modules and arch.unit_of(b, screens) == arch.unit_of(a, screens)
    )
    sideways = sorted(o for o in arch.offences(modules) if o.rule == "imports")
    out.append(f"arrows running back up: {len(up) + len(back)} ({len(up)} to a higher layer, {len(back)} parts → their scene)")
    out += [f"  {a} → {b}" for a, b in up + back]
    out.append(f"imports across screens (a screen → another's part, common → a screen): {len(sideways)}")
    out += [f"  {o.module} → {o.detail}" for o in sideways]

    long = sorted(
        (arch.function_lines(f), name, q)
        for name, m in modules.items()
        for q, f in arch._functions(m.tree)
        if arch.function_lines(f) > arch.MAX_FUNCTION_LINES
    )
    out.append(f"functions over {arch.MAX_FUNCTION_LINES} lines in game/: {len(long)}")
    out += [f"  {n:>4} {name}.{q}" for n, name, q in reversed(long)]

    taking = [(name, f) for name, m in scenes.items() for f in arch.scene_functions(m, screen_classes)]
    taking_lines = sum(
        arch.function_lines(node)
        for name, m in scenes.items()
        for node in m.tree.body
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in arch.scene_functions(m, screen_classes)
    )
    out.append(f"module-level functions taking the scene (game/scenes): {len(taking)} ({taking_lines} lines)")
    assigned = {
        name: len(arch.scene_assignments(m))
        for name, m in scenes.items()
        if name not in scene_modules and arch.unit_of(name, screens) != "samples" and arch.scene_assignments(m)
    }
    deeper = sum(1 for name in assigned for node in ast.walk(scenes[name].tree) if _deeper_scene_target(node))
    out.append(
        f"`scene.x = …` outside the scene's module (game/scenes, samples aside): {sum(assigned.values())} "
        f"({sum(assigned.values()) - deeper} on the scene itself, {deeper} on what it holds: `scene.x.y = …`)"
    )
    out += [f"  {n:>4} {name}" for name, n in sorted(assigned.items(), key=lambda item: -item[1])[:5]]
    pushes = sum(len(arch.stack_pushes(m)) for name, m in scenes.items() if arch.unit_of(name, screens) != "samples")
    out.append(f"`stack.push` in screens (samples aside): {pushes}")

    def words(modules: dict[str, arch.Module], pattern: str) -> int:
        return sum(len(re.findall(pattern, m.source)) for m in modules.values())

    any_word, book_any = r"\bAny\b", r"\bbook: Any\b"
    out.append(
        f"Any: {words(scenes, any_word)} in game/scenes ({words(scenes, book_any)} `book: Any`), "
        f"{words(app, any_word)} in game/app ({words(app, book_any)} `book: Any`)"
    )
    out.append(
        f"  unexplained (no `# Any:` reason on the line) in game/scenes: {sum(map(arch.unexplained_any, scenes.values()))}"
    )

    out.append("integer literals (other than 0, 1, 2): all; spread (in code) and named (a constant's value):")
    out.append(literal_line("game/scenes", scenes))
    for label, part in literal_parts(scenes, screens).items():
        out.append("  " + literal_line(label, part))
    spread = sorted(
        ((integer_literals(m) - named_literals(m), name) for name, m in literal_parts(scenes, screens)["the rest"].items()),
        reverse=True,
    )
    out.append("    the most spread among the rest: " + ", ".join(f"{name} {n}" for n, name in spread[:5]))
    out.append(literal_line("game/ui", ui))
    out.append(literal_line("game/app", app))
    (s_all, s_named, s_lines), (u_all, u_named, u_lines) = literal_figures(scenes), literal_figures(ui)
    scenes_spread, ui_spread = per_thousand(s_all - s_named, s_lines), per_thousand(u_all - u_named, u_lines)
    out.append(
        f"  goal, spread literals per 1 000 lines: game/scenes {scenes_spread:.0f} at or under game/ui's {ui_spread:.0f}: "
        + ("met" if scenes_spread <= ui_spread else f"not met ({(s_all - s_named) - int(ui_spread * s_lines / 1000)} to move)")
    )

    big_files = sorted(((m.lines, name) for name, m in modules.items() if m.lines > BIG_FILE_LINES), reverse=True)
    out.append(f"files over {BIG_FILE_LINES} lines (a report, not a limit): {len(big_files)}")
    out += [f"  {n:>4} {name}" for n, name in big_files]
    classes = sorted(
        (
            ((node.end_lineno or node.lineno) - node.lineno + 1, f"{name}.{node.name}")
            for name, m in modules.items()
            for node in ast.walk(m.tree)
            if isinstance(node, ast.ClassDef)
        ),
        reverse=True,
    )
    big_classes = [(n, q) for n, q in classes if n > BIG_CLASS_LINES]
    out.append(
        f"classes over {BIG_CLASS_LINES} lines: {len(big_classes)}; the largest: " + ", ".join(f"{q} {n}" for n, q in classes[:3])
    )
    out += [f"  {n:>4} {q}" for n, q in big_classes]
    return out


ARCHITECTURE = arch.ROOT / "docs" / "ARCHITECTURE.md"
BEGIN, END = "<!-- scene_report: begin -->", "<!-- scene_report: end -->"


def summary(modules: dict[str, arch.Module]) -> dict[str, str]:
    """The issue's closing figures for one tree, by row of the table ``--write`` makes."""
    graph = arch.import_graph(modules)
    routes = arch.routes_of(modules)
    screens, scene_modules = {route.screen for route in routes}, {route.module for route in routes}
    scenes, app, ui = under(modules, "game.scenes"), under(modules, "game.app"), under(modules, "game.ui")
    up = sum(1 for a, targets in graph.items() for b in targets if arch.layer_of(b) > arch.layer_of(a))
    back = sum(
        1
        for a, targets in graph.items()
        if a not in scene_modules and arch.unit_of(a, screens) in screens
        for b in targets
        if b in scene_modules and arch.unit_of(b, screens) == arch.unit_of(a, screens)
    )
    long = sum(
        1 for m in modules.values() for _, f in arch._functions(m.tree) if arch.function_lines(f) > arch.MAX_FUNCTION_LINES
    )
    any_count = sum(len(re.findall(r"\bAny\b", m.source)) for m in scenes.values())
    parts = literal_parts(scenes, screens)

    def literals(modules: dict[str, arch.Module]) -> str:
        every, named, lines = literal_figures(modules)
        return f"{per_thousand(every, lines):.0f} / {per_thousand(every - named, lines):.0f}" if modules else "none"

    # A flat folder of screens (before issue 27) has no package to tell a part of a screen from its scene by:
    # its parts were files named after their screen (issue 27 counted 23 that imported their screen's class).
    packaged = any(m.is_package for name, m in scenes.items() if arch.unit_of(name, screens) in screens)
    arrows = f"{up + back} ({up} + {back})" if packaged else f"{up} + ? (no screen packages)"

    return {
        "files in game/scenes (modules, lines)": f"{len(scenes)}, {sum(m.lines for m in scenes.values())}",
        "import circles in game/": str(len(arch.circles(graph))),
        "arrows running back up (to a higher layer + parts → their scene)": arrows,
        f"functions over {arch.MAX_FUNCTION_LINES} lines in game/": str(long),
        "`Any` in game/scenes": str(any_count),
        "integer literals per 1 000 lines, all / spread: game/scenes": literals(scenes),
        "— of which layout.py": literals(parts["layout.py"]),
        "— of which paint.py": literals(parts["paint.py"]),
        "— game/ui (the goal: scenes' spread at or under it)": literals(ui),
        "— game/app": literals(app),
    }


def tree_at(revision: str, into: Path) -> Path:
    """``game/`` as it was at ``revision`` (git archive), unpacked under ``into``; its folder."""
    archive = subprocess.run(
        ["git", "-C", str(arch.ROOT), "archive", "--format=tar", revision, "game"], check=True, capture_output=True
    ).stdout
    target = into / revision
    target.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(target, filter="data")
    return target / "game"


def table(columns: list[tuple[str, dict[str, str]]]) -> str:
    """The Markdown table of ``columns`` (a heading and its figures), rows in the order of the first."""
    rows = list(columns[0][1])
    lines = ["| figure | " + " | ".join(name for name, _ in columns) + " |", "|---" * (len(columns) + 1) + "|"]
    lines += [f"| {row} | " + " | ".join(figures[row] for _, figures in columns) + " |" for row in rows]
    return "\n".join(lines)


def write(columns: list[tuple[str, dict[str, str]]], path: Path = ARCHITECTURE) -> None:
    """Put the table between the markers of ``path``."""
    text = path.read_text(encoding="utf-8")
    pattern = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.S)
    if not pattern.search(text):
        raise SystemExit(f"{path}: the markers {BEGIN} … {END} are missing")
    inner = "Printed by `python tools/scene_report.py --write " + " ".join(f"--before {n}" for n, _ in columns[:-1]) + "`"
    inner += " (commits read with git archive):\n\n" + table(columns)
    path.write_text(pattern.sub(lambda _m: f"{BEGIN}\n{inner}\n{END}", text, count=1), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", type=Path, default=arch.GAME, help="the game/ folder to read (default: this checkout's)")
    parser.add_argument("--write", action="store_true", help="write docs/ARCHITECTURE.md's table of figures")
    parser.add_argument("--before", action="append", default=[], metavar="REV", help="with --write: a column for REV")
    args = parser.parse_args(argv)
    game = args.game.resolve()
    print("\n".join(report(arch.read_tree(game), str(game))))
    if args.write:
        with tempfile.TemporaryDirectory() as folder:
            columns = [(rev, summary(arch.read_tree(tree_at(rev, Path(folder))))) for rev in args.before]
        columns.append((time.strftime("at writing (%Y-%m-%d %H:%M UTC)", time.gmtime()), summary(arch.read_tree(game))))
        write(columns)
        print(f"\nwritten into {ARCHITECTURE.relative_to(arch.ROOT)}:\n{table(columns)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The shape of game/ read from the syntax tree: modules, imports, screens and the offences to its rules.

One reader for two users: tests/test_architecture.py fails on any offence, and
tools/scene_report.py prints the figures. Every
import counts, at the top, under ``if TYPE_CHECKING:`` and inside a function:
a lazy import or a type hint is a dependency all the same.

The rules (issue 27, docs/ARCHITECTURE.md), each with the id an offence carries:

``imports``        a module of a screen (``game/scenes/<screen>/`` or ``<screen>.py``) imports only its own
                   screen, ``game.scenes.common`` and the layers below; common imports no screen; only the
                   route table and ``samples`` import screens.
``names-screen``   no module names a screen class (type hints and strings included) but its own scene
                   module, the route table and the samples: a part gets a view, regions, the ui and intents.
``scene-function`` no module-level function of game/scenes takes the scene (a ``scene`` parameter, or one
                   typed as a screen class).
``scene-assign``   no ``scene.x = …`` in game/scenes outside the scene's own module (the app's stack, loop
                   and navigator handle scenes: that is their job).
``long-function``  no function over 80 lines in game/.
``stack-push``     no ``stack.push`` in a screen: every overlay opens through the navigator.
``circle``         no import circle in game/ (an arrow on a circle: ``circle A B``, A imports B).
``layer``          no import of a higher layer (books < rules < storage < ui < app < scenes < entry points);
                   ``game.ui`` does not import ``game.app``, ``game.books`` not ``game.storage``.
``package-init``   a screen package's ``__init__.py`` is a docstring only (no import-time coupling).
``any``            ``Any`` in game/scenes only with a ``# Any: reason`` on its line (detail: how many lack it).

An offence is one line ``rule module detail``: stable across edits (no line numbers), so two runs compare
line by line.
"""

from __future__ import annotations

import ast
import heapq
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
MAX_FUNCTION_LINES = 80

#: The layers from the bottom up: a module may import its own layer and those below.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("game.books", "game.i18n", "game.safe_json", "game.safe_file", "game.atomic", "game.bundled", "game.value_rules"),
    ("game.rules",),
    ("game.storage",),
    ("game.ui",),
    ("game.app",),
    ("game.scenes",),
    ("game", "game.gallery", "game.__main__"),
)
ROUTES_MODULE = "game.scenes.routes"
ANY = re.compile(r"\bAny\b")


@dataclass(frozen=True)
class Module:
    """One module of the tree: its dotted name, whether it is a package's ``__init__``, its source."""

    name: str
    source: str
    is_package: bool = False
    tree: ast.Module = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "tree", ast.parse(self.source))

    @cached_property
    def nodes(self) -> list[ast.AST]:
        """Every node of the tree in ``ast.walk``'s order, listed once."""
        return _walk(self.tree)

    @cached_property
    def _by_kind(self) -> dict[type, list[tuple[int, ast.AST]]]:
        """The nodes of each class, each with its place in ``nodes``."""
        found: dict[type, list[tuple[int, ast.AST]]] = {}
        for place, node in enumerate(self.nodes):
            found.setdefault(type(node), []).append((place, node))
        return found

    def of_kind(self, *kinds: type) -> list[ast.AST]:
        """The nodes of these classes (exactly: ast's node classes have no subclasses) in ``nodes``' order: each rule
        asks for the few kinds it reads instead of looking through every node (a million of them in game/)."""
        lists = [self._by_kind.get(kind, []) for kind in kinds]
        return [node for _, node in (lists[0] if len(lists) == 1 else heapq.merge(*lists, key=lambda pair: pair[0]))]

    @property
    def lines(self) -> int:
        return len(self.source.splitlines())


def _walk(tree: ast.AST) -> list[ast.AST]:
    """``list(ast.walk(tree))``, the same nodes in the same order (breadth first), without ``ast.iter_child_nodes``'
    two generators a node: the tree's whole walk was a third of the checker's time."""
    found = [tree]
    for node in found:  # the list grows as it is read: each node's children go to its end, as ast.walk's queue
        for name in node._fields:
            value = getattr(node, name, None)
            if isinstance(value, ast.AST):
                found.append(value)
            elif isinstance(value, list):
                found.extend(item for item in value if isinstance(item, ast.AST))
    return found


@dataclass(frozen=True, order=True)
class Offence:
    """One breach of a rule: ``rule module detail``."""

    rule: str
    module: str
    detail: str

    def __str__(self) -> str:
        return f"{self.rule} {self.module} {self.detail}"


def read_tree(root: Path = GAME) -> dict[str, Module]:
    """Every module under ``root`` (the ``game`` package), by dotted name."""
    found: dict[str, Module] = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        package = parts[-1] == "__init__"
        name = ".".join(parts[:-1] if package else parts)
        found[name] = Module(name, path.read_text(encoding="utf-8"), package)
    return found


def from_sources(sources: dict[str, str]) -> dict[str, Module]:
    """Modules from ``{dotted name: source}`` (a test's synthetic tree); a name with children is a package."""
    return {
        name: Module(name, source, any(other.startswith(name + ".") for other in sources)) for name, source in sources.items()
    }


# -- imports ----------------------------------------------------------------------------------------------


def _resolve(module: Module, node: ast.ImportFrom) -> str:
    """The absolute module a ``from … import`` names (relative imports resolved)."""
    if not node.level:
        return node.module or ""
    base = module.name.split(".")
    base = base if module.is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(module: Module, known: Iterable[str]) -> set[str]:
    """Every module of ``known`` that ``module`` imports, anywhere in its source (``from X import Y`` is
    ``X.Y`` when that is a module, else ``X``)."""
    known = set(known)
    found: set[str] = set()
    for node in module.of_kind(ast.Import, ast.ImportFrom):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, node)
            names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        for name in names:
            while name and name not in known:  # ``import game.scenes.sheet.scene`` of a tree without it
                name = name.rpartition(".")[0]
            if name and name != module.name:
                found.add(name)
    return found


def import_graph(modules: dict[str, Module]) -> dict[str, set[str]]:
    """Who imports whom, inside the tree."""
    return {name: imports_of(module, modules) for name, module in modules.items()}


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected parts of ``graph`` with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[set[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    part = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        part.add(member)
                        if member == node:
                            break
                    if len(part) > 1:
                        found.append(part)
            elif child not in index:
                index[child] = low[child] = counter
                counter += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph.get(child, ())))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def layer_of(name: str) -> int:
    """The rank of ``name``'s layer (0: the bottom); the most specific prefix wins."""
    best, rank = -1, len(LAYERS) - 1
    for level, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and len(prefix) > best:
                best, rank = len(prefix), level
    return rank


# -- screens --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Route:
    """One route of the table: the screen's package (its first name under game.scenes), its scene module
    and its class."""

    screen: str
    module: str
    cls: str


def routes_of(modules: dict[str, Module]) -> list[Route]:
    """The routes ``game/scenes/routes.py`` builds with ``_scene("<module>", "<Class>")``."""
    table = modules.get(ROUTES_MODULE)
    if table is None:
        return []
    found = []
    for node in ast.walk(table.tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_scene":
            module, cls = (arg.value for arg in node.args[:2] if isinstance(arg, ast.Constant))
            found.append(Route(str(module).split(".")[0], f"game.scenes.{module}", str(cls)))
    return found


def unit_of(name: str, screens: Iterable[str]) -> str | None:
    """What ``name`` is part of under game/scenes: a screen, ``common``, ``samples``, ``routes`` (the table
    and the package that installs it), or a loose module on its own (shared, not yet in common); None
    outside game/scenes."""
    parts = name.split(".")
    if parts[:2] != ["game", "scenes"]:
        return None
    if len(parts) == 2 or parts[2] == "routes":
        return "routes"
    head = parts[2]
    if head == "samples":
        return "samples"
    screens = set(screens)
    if head == "common" or head in screens:
        return head
    return f"loose:{head}"


# -- the rules ------------------------------------------------------------------------------------------


#: The nodes a ``def`` or a ``class`` can sit in: statements and the clauses that hold statements (``except``,
#: ``case``). An expression, an argument list or an alias holds none (a lambda is no ``def``), so the walk below
#: never enters them: nine nodes in ten are in expressions, and walking them made this the checker's largest cost.
_HOLDS_STATEMENTS = (ast.stmt, ast.excepthandler, ast.match_case)


def _functions(tree: ast.AST, prefix: str = "") -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """Every function with its qualified name (``Class.method``, ``outer.inner``), in the order of the source."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield prefix + node.name, node
            yield from _functions(node, f"{prefix}{node.name}.")
        elif isinstance(node, ast.ClassDef):
            yield from _functions(node, f"{prefix}{node.name}.")
        elif isinstance(node, _HOLDS_STATEMENTS):
            yield from _functions(node, prefix)


def function_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """A function's length from its ``def`` to its last line."""
    return (node.end_lineno or node.lineno) - node.lineno + 1


def _names(node: ast.AST | None, strings: bool = True) -> set[str]:
    """The names an expression mentions (with ``strings``, the words of its strings too: a quoted hint)."""
    found: set[str] = set()
    for inner in ast.walk(node) if node is not None else ():
        if (name := _name_of(inner)) is not None:
            found.add(name)
        elif strings and isinstance(inner, ast.Constant) and isinstance(inner.value, str):
            found.update(re.findall(r"[A-Za-z_]\w*", inner.value))
    return found


def _name_of(node: ast.AST) -> str | None:
    """The name a node mentions: a name, an attribute's, an imported name's (None for any other node)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.alias):
        return node.asname or node.name.rpartition(".")[2]
    return None


def named_in(module: Module) -> set[str]:
    """The names a module's code uses: names, attributes, imported names, and the words of quoted type hints
    (``"SheetScene"``, ``cast("SheetScene", …)``), not those of docstrings or messages."""
    found: set[str] = set()
    # One look: the names of every node that has one (as _names without strings) and the hints.
    for node in module.of_kind(
        ast.Name, ast.Attribute, ast.alias, ast.FunctionDef, ast.AsyncFunctionDef, ast.AnnAssign, ast.Call
    ):
        if (name := _name_of(node)) is not None:
            found.add(name)
        hints: list[ast.AST | None] = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            arguments = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
            hints = [arg.annotation for arg in arguments] + [node.returns, node.args.vararg, node.args.kwarg]
        elif isinstance(node, ast.AnnAssign):
            hints = [node.annotation]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "cast" and node.args:
            hints = [node.args[0]]
        for hint in hints:
            if isinstance(hint, ast.arg):
                hint = hint.annotation
            found |= _names(hint)
    return found


def _enclosing(tree: ast.AST) -> dict[int, str]:
    """For each node, the qualified name of the function it sits in (``<module>`` outside any)."""
    owner: dict[int, str] = {}
    for node in ast.walk(tree):
        owner.setdefault(id(node), "<module>")
    for name, function in _functions(tree):
        for inner in ast.walk(function):
            owner[id(inner)] = name  # deeper functions come later and win
    return owner


def scene_functions(module: Module, screen_classes: set[str]) -> list[str]:
    """Module-level functions that take the scene: a ``scene`` parameter or one typed as a screen class."""
    found = []
    for node in module.tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            arguments = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
            if any(arg.arg == "scene" or _names(arg.annotation) & screen_classes for arg in arguments):
                found.append(node.name)
    return found


def scene_assignments(module: Module) -> list[str]:
    """Each ``scene.x = …`` (also ``+=``, annotated, unpacked) as ``scene.x``, once per occurrence."""
    found = []
    for node in module.of_kind(ast.Assign, ast.AugAssign, ast.AnnAssign):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for target in targets:
            for inner in ast.walk(target):
                if isinstance(inner, ast.Attribute) and isinstance(inner.value, ast.Name) and inner.value.id == "scene":
                    found.append(f"scene.{inner.attr}")
    return found


def stack_pushes(module: Module) -> list[str]:
    """The functions that call ``….stack.push(…)`` or ``stack.push(…)`` (once per call)."""
    calls = []
    for node in module.of_kind(ast.Call):
        if isinstance(node.func, ast.Attribute) and node.func.attr == "push":
            target = node.func.value
            if (isinstance(target, ast.Name) and target.id == "stack") or (
                isinstance(target, ast.Attribute) and target.attr == "stack"
            ):
                calls.append(node)
    if not calls:
        return []  # most modules push nothing: their owners are not worked out (a walk per function)
    owner = _enclosing(module.tree)
    return [owner[id(node)] for node in calls]


def unexplained_any(module: Module) -> int:
    """``Any`` on lines without a ``# Any: reason`` (the import of ``Any`` itself does not count)."""
    count = 0
    for line in module.source.splitlines():
        code, _, comment = line.partition("#")
        if code.lstrip().startswith(("from typing import", "import typing")):
            continue
        if ANY.search(code) and not re.search(r"#\s*Any:", line):
            count += len(ANY.findall(code))
    return count


def offences(modules: dict[str, Module]) -> set[Offence]:
    """Every breach of the rules in ``modules``."""
    graph = import_graph(modules)
    routes = routes_of(modules)
    screens = {route.screen for route in routes}
    screen_classes = {route.cls for route in routes}
    scene_module = {route.cls: route.module for route in routes}
    found: set[Offence] = set()

    def add(rule: str, module: str, detail: str) -> None:
        found.add(Offence(rule, module, detail))

    for name, module in modules.items():
        unit = unit_of(name, screens)
        for target in graph[name]:
            if layer_of(target) > layer_of(name):
                add("layer", name, target)
            target_unit = unit_of(target, screens)
            if unit in (None, "routes", "samples") or target_unit is None:
                continue
            if target_unit != unit and (target_unit != "common" or unit == "common"):
                add("imports", name, target)
        if unit not in ("routes", "samples"):
            own = {cls for cls, where in scene_module.items() if where == name}
            for cls in sorted(named_in(module) & (screen_classes - own)):
                add("names-screen", name, cls)
        if unit not in (None, "samples"):  # the app's stack, loop and navigator handle scenes: that is their job
            for function in scene_functions(module, screen_classes):
                add("scene-function", name, function)
            if name not in scene_module.values():
                for assigned in scene_assignments(module):
                    add("scene-assign", name, assigned)
        for qualified, function in _functions(module.tree):
            if function_lines(function) > MAX_FUNCTION_LINES:
                add("long-function", name, qualified)
        if unit not in (None, "routes", "samples"):
            for where in stack_pushes(module):
                add("stack-push", name, where)
            if count := unexplained_any(module):
                add("any", name, str(count))
        if module.is_package and unit in screens and name.count(".") == 2:
            if any(not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)) for node in module.tree.body):
                add("package-init", name, "more than a docstring")
    for part in circles(graph):
        for name in part:
            for target in graph[name] & part:
                add("circle", name, target)
    return found

"""The package's architecture, read from the source with ``ast`` (nothing here imports it).

Layers, bottom to top; each module may import its own layer and the ones listed:

============================  ====================================================
layer                         may import (of the package)
============================  ====================================================
errors                        nothing
model                         errors, model
engine                        errors, model, engine
pricing, stats, combination   errors, model, engine, pricing, stats, combination
blackjack                     errors, model, blackjack
analysis                      the low layers above, blackjack and analysis
report                        all of the above, blackjack and report (not cli)
commands                      all of the above, commands and the façade (its version)
cli                           anything
tuning                        nothing
============================  ====================================================

``baccarat_exact/__init__.py`` and ``__main__.py`` are the façade: exempt, except that
``__init__`` must not import cli, analysis or report. The façade itself
(``import baccarat_exact`` / ``from baccarat_exact import Shoe``) is only for the CLI.

Imports are counted wherever they are: at module level, inside functions (lazy
imports), under ``if TYPE_CHECKING:``, relative ones, and ``importlib.import_module``
with a literal name. ``from pkg import name`` counts as importing ``pkg.name`` when that
is a module of the package, else ``pkg``.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import pytest

PACKAGE = "baccarat_exact"
PACKAGE_ROOT = Path(__file__).resolve().parent.parent / PACKAGE

Scope = Literal["module", "function", "type-checking"]

FACADE = "façade"
_LOW = frozenset({"errors", "model", "engine", "pricing", "stats", "combination"})
ALLOWED: Mapping[str, frozenset[str]] = {
    "errors": frozenset({"errors"}),
    "model": frozenset({"errors", "model"}),
    "engine": frozenset({"errors", "model", "engine"}),
    "pricing": _LOW,
    "stats": _LOW,
    "combination": _LOW,
    "blackjack": frozenset({"errors", "model", "blackjack"}),
    "analysis": _LOW | {"analysis", "blackjack"},
    "report": _LOW | {"analysis", "blackjack", "report"},
    "commands": _LOW | {"analysis", "blackjack", "report", "commands", "tuning", FACADE},
    "cli": _LOW | {"analysis", "blackjack", "report", "commands", "cli", "tuning", FACADE},
    "tuning": frozenset({"tuning"}),
}
"""Layer → the layers of the package it may import."""

FACADE_INIT_FORBIDDEN = frozenset({"cli", "analysis", "report"})
"""What ``baccarat_exact/__init__.py`` must not import (importing the package would load them)."""

MAX_TOP_LEVEL_MODULES = 8
ORACLE_FILES = ("blackjack/reference.py", "blackjack/simulate.py", "reference.py")
"""Test oracles: they belong in tests/, never in the package."""


# --- reading the source --------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Import:
    """One import statement's target, as seen in the importing module's source."""

    importer: str
    imported: str
    line: int
    scope: Scope

    def __str__(self) -> str:
        return f"{self.importer} -> {self.imported}  (line {self.line}, {self.scope})"


def package_modules(root: Path, package: str) -> dict[str, Path]:
    """Every module of the package under ``root`` (the package directory), by dotted name."""
    modules: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        parts = [package, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _literal_module_name(node: ast.expr) -> str | None:
    """The module named by ``importlib.import_module``'s argument, as far as it is literal:
    a constant string, or the constant start of an f-string up to its last dot."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr) and node.values:
        first = node.values[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str) and "." in first.value:
            return first.value.rsplit(".", 1)[0]
    return None


class _ImportCollector(ast.NodeVisitor):
    def __init__(self, module: str, is_package: bool, known: frozenset[str]) -> None:
        self.module = module
        self.package = module if is_package else module.rpartition(".")[0]
        self.known = known
        self.function_depth = 0
        self.type_checking_depth = 0
        self.found: list[Import] = []

    @property
    def scope(self) -> Scope:
        if self.type_checking_depth:
            return "type-checking"
        return "function" if self.function_depth else "module"

    def add(self, imported: str, node: ast.AST) -> None:
        self.found.append(Import(self.module, imported, getattr(node, "lineno", 0), self.scope))

    def _in_function(self, node: ast.AST) -> None:
        self.function_depth += 1
        self.generic_visit(node)
        self.function_depth -= 1

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._in_function(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._in_function(node)

    def visit_Lambda(self, node: ast.Lambda) -> None:
        self._in_function(node)

    def visit_If(self, node: ast.If) -> None:
        if not _is_type_checking(node.test):
            self.generic_visit(node)
            return
        self.type_checking_depth += 1
        for statement in node.body:
            self.visit(statement)
        self.type_checking_depth -= 1
        for statement in node.orelse:  # the ``else`` of TYPE_CHECKING runs
            self.visit(statement)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self.add(alias.name, node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            base_parts = self.package.split(".")
            if node.level > 1:
                base_parts = base_parts[: -(node.level - 1)]
            base = ".".join([*base_parts, node.module] if node.module else base_parts)
        else:
            base = node.module or ""
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            self.add(submodule if submodule in self.known else base, node)

    def visit_Call(self, node: ast.Call) -> None:
        function = node.func
        name = function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", "")
        if name in ("import_module", "__import__") and node.args:
            literal = _literal_module_name(node.args[0])
            if literal is not None:
                self.add(literal, node)
        self.generic_visit(node)


def imports_of(module: str, path: Path, known: frozenset[str]) -> list[Import]:
    """Every import in one module's source."""
    collector = _ImportCollector(module, path.name == "__init__.py", known)
    collector.visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
    return collector.found


def all_imports(root: Path, package: str) -> list[Import]:
    modules = package_modules(root, package)
    known = frozenset(modules)
    found = {found for name, path in modules.items() for found in imports_of(name, path, known)}
    return sorted(found)  # one entry per imported module and line


@functools.cache
def the_package_imports() -> tuple[Import, ...]:
    return tuple(all_imports(PACKAGE_ROOT, PACKAGE))


# --- the checks ----------------------------------------------------------------------


def layer_of(module: str, package: str = PACKAGE) -> str | None:
    """The layer of a module of the package; None for a module outside the package, and
    ``"?"`` for one the table does not place."""
    parts = module.split(".")
    if parts[0] != package:
        return None
    if len(parts) == 1 or parts[1] == "__main__":
        return FACADE
    return parts[1] if parts[1] in ALLOWED else "?"


def layer_violations(imports: Iterable[Import], package: str = PACKAGE) -> list[str]:
    """``importer -> imported`` for every import that goes up or sideways."""
    problems: list[str] = []
    for found in sorted(imports):
        importer = layer_of(found.importer, package)
        imported = layer_of(found.imported, package)
        if imported is None or found.imported == found.importer:
            continue
        if importer == FACADE:
            if found.importer == package and imported in FACADE_INIT_FORBIDDEN:
                problems.append(f"{found}: the package's __init__ must not import {imported}")
            continue
        if importer == "?" or importer is None:
            problems.append(f"{found}: {found.importer} is in no layer of the table")
        elif imported == "?":
            problems.append(f"{found}: {found.imported} is in no layer of the table")
        elif imported not in ALLOWED[importer]:
            problems.append(f"{found}: {importer} may not import {imported}")
    return problems


def strongly_connected(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm: the strongly connected components of a directed graph."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for successor in sorted(graph.get(node, ())):
            if successor not in index:
                visit(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            component: list[str] = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return components


def import_graph(imports: Iterable[Import], package: str = PACKAGE) -> dict[str, set[str]]:
    """Module → modules of the package it imports: when run, lazily, or for its types only
    (a ``TYPE_CHECKING`` import still ties the two modules together for a reader)."""
    graph: dict[str, set[str]] = {}
    for found in imports:
        if layer_of(found.imported, package) is None:
            continue
        graph.setdefault(found.importer, set())
        if found.imported != found.importer:
            graph[found.importer].add(found.imported)
    return graph


def import_cycles(imports: Iterable[Import], package: str = PACKAGE) -> list[list[str]]:
    """Sets of modules that import each other, directly or round a loop."""
    return [c for c in strongly_connected(import_graph(imports, package)) if len(c) > 1]


def a_loop(component: list[str], graph: Mapping[str, set[str]]) -> list[str]:
    """One import loop through a cycle's first module, for the failure message."""
    start = component[0]
    members = set(component)
    paths: dict[str, list[str]] = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for successor in sorted(graph.get(node, set()) & members):
            if successor == start:
                return [*paths[node], start]
            if successor not in paths:
                paths[successor] = [*paths[node], successor]
                queue.append(successor)
    return component  # pragma: no cover - a strongly connected component always loops


def _names(tree: ast.AST) -> Iterator[tuple[str, int]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            yield node.id, node.lineno
        elif isinstance(node, ast.Attribute):
            yield node.attr, node.lineno
        elif isinstance(node, ast.Constant) and node.value == "mallopt":
            yield "mallopt", node.lineno  # getattr(libc, "mallopt")


def tuning_violations(root: Path, package: str = PACKAGE) -> list[str]:
    """Library modules that tune the process: import ``tuning`` or touch ``mallopt``."""
    tuning = f"{package}.tuning"
    modules = package_modules(root, package)
    known = frozenset(modules)
    problems: list[str] = []
    for name, path in modules.items():
        if name == tuning or name == f"{package}.cli" or name.startswith(f"{package}.cli."):
            continue
        for found in imports_of(name, path, known):
            if found.imported == tuning or found.imported.startswith(f"{tuning}."):
                problems.append(f"{found}: imports {tuning}")
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        problems.extend(
            f"{name}: uses mallopt  (line {line})"
            for word, line in _names(tree)
            if word == "mallopt"
        )
    return problems


# --- the package ---------------------------------------------------------------------


def test_the_source_is_read() -> None:
    """Guard against a vacuous pass: the reader finds the imports we know are there."""
    imports = the_package_imports()
    pairs = {(found.importer, found.imported, found.scope) for found in imports}
    assert ("baccarat_exact.stats", "baccarat_exact.pricing", "module") in pairs
    assert ("baccarat_exact.commands.formula", "baccarat_exact.report.formula", "function") in pairs
    assert (
        "baccarat_exact.analysis.simulate_results",
        "baccarat_exact.analysis.eor",
        "type-checking",
    ) in pairs
    assert len(package_modules(PACKAGE_ROOT, PACKAGE)) > 40


def test_every_module_is_in_a_layer() -> None:
    unplaced = [name for name in package_modules(PACKAGE_ROOT, PACKAGE) if layer_of(name) == "?"]
    assert not unplaced, f"modules in no layer of tests/test_layers.py: {unplaced}"


def test_imports_respect_the_layers() -> None:
    problems = layer_violations(the_package_imports())
    assert not problems, "imports against the layers (importer -> imported):\n" + "\n".join(
        problems
    )


def test_no_module_of_the_package_imports_the_tests() -> None:
    problems = [
        str(found)
        for found in the_package_imports()
        if found.imported.split(".")[0] in ("tests", "conftest")
    ]
    assert not problems, "the package imports test code:\n" + "\n".join(problems)


def test_there_is_no_import_cycle() -> None:
    imports = the_package_imports()
    graph = import_graph(imports)
    cycles = import_cycles(imports)
    assert not cycles, "modules that import each other (module-level, lazy and type-only):\n" + (
        "\n".join(
            f"{', '.join(cycle)}: e.g. {' -> '.join(a_loop(cycle, graph))}" for cycle in cycles
        )
    )


def test_few_modules_sit_at_the_top_of_the_package() -> None:
    top = sorted(path.name for path in PACKAGE_ROOT.glob("*.py"))
    assert len(top) <= MAX_TOP_LEVEL_MODULES, (
        f"{len(top)} modules directly in {PACKAGE}/ (at most {MAX_TOP_LEVEL_MODULES}): {top}"
    )


@pytest.mark.parametrize("relative", ORACLE_FILES)
def test_no_test_oracle_lives_in_the_package(relative: str) -> None:
    path = PACKAGE_ROOT / relative
    assert not path.exists(), f"{PACKAGE}/{relative} is a test oracle: it belongs in tests/"


def test_only_the_command_line_tunes_the_process() -> None:
    problems = tuning_violations(PACKAGE_ROOT)
    assert not problems, (
        "library modules that tune the process (only cli/ and tuning.py may):\n"
        + "\n".join(problems)
    )


# --- the checks themselves, on a made-up package with known faults ---------------------

_FAKE_PACKAGE = {
    "__init__.py": "from fake.errors import E\nfrom fake import report\n",
    "__main__.py": "from fake.cli import main\n",
    "errors.py": "import importlib\nimportlib.import_module('fake.tuning')\n",
    "tuning.py": "import ctypes\nctypes.CDLL(None).mallopt(1, 2)\n",
    "model/__init__.py": "",
    "model/a.py": (
        "from __future__ import annotations\n"
        "from typing import TYPE_CHECKING\n"
        "from fake.engine import t\n"
        "if TYPE_CHECKING:\n"
        "    from fake import cli\n"
        "else:\n"
        "    from . import b\n"
        "def later() -> None:\n"
        "    from ..report import r\n"
        "A = 1\n"
    ),
    "model/b.py": "import ctypes\nM = getattr(ctypes.CDLL(None), 'mallopt')\n",
    "model/c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from fake.model import d\n",
    "model/d.py": "from fake.model import c\nfrom fake.model import b as _b\n",
    "engine/__init__.py": "",
    "engine/t.py": "from fake.model import a\nimport fake.errors\n",
    "report/__init__.py": "",
    "report/r.py": "from fake import Shoe\nfrom fake.blackjack.hands import H\n",
    "blackjack/__init__.py": "",
    "blackjack/hands.py": "from fake.pricing import odds\n",
    "analysis/__init__.py": "from fake.tuning import for_batches\n",
    "cli/__init__.py": "from fake import tuning\nfrom fake.report.r import x\n",
    "extra.py": "",
}


def _fake(tmp_path: Path) -> Path:
    root = tmp_path / "fake"
    for relative, text in _FAKE_PACKAGE.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def _pairs(problems: Iterable[str]) -> set[str]:
    return {problem.split("  (")[0] for problem in problems}


def test_the_checks_find_known_faults(tmp_path: Path) -> None:
    root = _fake(tmp_path)
    imports = all_imports(root, "fake")
    assert _pairs(layer_violations(imports, "fake")) == {
        "fake -> fake.report",  # the façade's __init__ loads report
        "fake.errors -> fake.tuning",  # importlib.import_module with a literal
        "fake.model.a -> fake.engine.t",  # a submodule named in ``from pkg import``
        "fake.model.a -> fake.cli",  # under TYPE_CHECKING
        "fake.model.a -> fake.report.r",  # relative, inside a function
        "fake.report.r -> fake",  # the façade
        "fake.blackjack.hands -> fake.pricing",
        "fake.analysis -> fake.tuning",
    }
    assert import_cycles(imports, "fake") == [
        ["fake.engine.t", "fake.model.a"],
        ["fake.model.c", "fake.model.d"],  # c's side is under TYPE_CHECKING: a circle still
    ]
    graph = import_graph(imports, "fake")
    assert a_loop(["fake.engine.t", "fake.model.a"], graph) == [
        "fake.engine.t",
        "fake.model.a",
        "fake.engine.t",
    ]
    assert sorted(_pairs(tuning_violations(root, "fake"))) == [
        "fake.analysis -> fake.tuning",
        "fake.errors -> fake.tuning",
        "fake.model.b: uses mallopt",
    ]
    assert [name for name in package_modules(root, "fake") if layer_of(name, "fake") == "?"] == [
        "fake.extra"
    ]


def test_relative_imports_resolve(tmp_path: Path) -> None:
    root = _fake(tmp_path)
    known = frozenset(package_modules(root, "fake"))
    found = {(i.imported, i.scope) for i in imports_of("fake.model.a", root / "model/a.py", known)}
    assert ("fake.model.b", "module") in found  # ``from . import b`` in the else of TYPE_CHECKING
    assert ("fake.report.r", "function") in found

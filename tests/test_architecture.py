"""The packages' rules of import, checked by reading the source (ast), never by importing it.

Every import statement of every module under engine/ and treeviz/ counts, at module level, inside
functions or under ``if TYPE_CHECKING``; a package ``__init__``'s lazy map of names to module paths
(strings) is not an import. The rules: no import cycles between project modules; no ``from x import
_private`` from another project module; nothing outside treeviz/cli imports treeviz.cli; nothing in
engine imports treeviz; package ``__init__`` modules import no project module (their public names are
lazy, so that importing one sub-module, as ``sm-bot`` does, never pays for the others); and each
sub-package imports only the sub-packages below it (:data:`MAY_IMPORT`).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "treeviz")

# engine.sides holds the players' and results' plain values that engine.game re-exports (the rules import it
# instead, so that sm-bot's start-up does not pay for the Game protocol's typing): wherever engine.game may go.
MAY_IMPORT: dict[str, frozenset[str]] = {
    "engine.games": frozenset({"engine.game", "engine.sides", "engine.errors"}),
    "engine.search": frozenset({"engine.game", "engine.sides", "engine.errors", "engine.games"}),
    "engine.evaluation": frozenset({"engine.game", "engine.sides", "engine.errors", "engine.games", "engine.search"}),
    "engine.bot": frozenset({"engine.game", "engine.sides", "engine.errors", "engine.games", "engine.search",
                             "engine.evaluation"}),
    "engine.arena": frozenset({"engine"}),
    # A game's adapter pictures its positions with the drawing's primitives (colours, label markup, the cells of
    # SVG pictures), which import nothing of treeviz, and names its default style by the styles' type
    # (treeviz.draw.styles, which imports nothing of treeviz either); everything that builds or draws trees asks the
    # adapters and names no game.
    "treeviz.games": frozenset({"engine", "treeviz.draw.labels", "treeviz.draw.styles", "treeviz.draw.themes",
                                "treeviz.draw.svg_pictures"}),
    # treeviz.graph_dicts: networkx's node and edge dicts, typed (the stubs leave them out), for the big loops.
    "treeviz.trees": frozenset({"engine", "treeviz.files", "treeviz.games", "treeviz.graph_dicts"}),
    "treeviz.draw": frozenset({"engine", "treeviz.files", "treeviz.games", "treeviz.graph_dicts"}),
    "treeviz.pages": frozenset({"engine", "treeviz.files", "treeviz.draw", "treeviz.games", "treeviz.graph_dicts"}),
    "treeviz.play": frozenset({"engine", "treeviz.files", "treeviz.draw", "treeviz.games"}),
    # Exercises show a search to a student: the whole tree (trees' records) in the drawing's words; the quiz is an
    # exercise in the interactive page, its key put in the page's frame (treeviz.pages, which knows no exercise).
    "treeviz.exercises": frozenset({"engine", "treeviz.files", "treeviz.games", "treeviz.trees", "treeviz.draw",
                                    "treeviz.pages"}),
}
"""Sub-package -> what its modules may import besides each other (a name covers its sub-modules). A new
dependency between sub-packages is a design decision: change this table with it, saying why."""


def project_modules(root: Path) -> dict[str, Path]:
    """Dotted module name -> source file, for every module of the project's packages under ``root``."""
    modules = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = path
    return modules


def imports_of(module: str, path: Path, modules: dict[str, Path]) -> Iterator[tuple[str, list[str], int]]:
    """``(imported module, names taken from it, line)`` for each project module an import statement names.

    ``from pkg import name`` imports the module ``pkg.name`` when there is one, else takes ``name`` from ``pkg``.
    """
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in modules:
                    yield alias.name, [], node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's package, one level up per extra dot
                anchor = module.split(".") if is_package else module.split(".")[:-1]
                anchor = anchor[:len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            if base.split(".")[0] not in PACKAGES:
                continue
            taken = []
            for alias in node.names:
                if f"{base}.{alias.name}" in modules:
                    yield f"{base}.{alias.name}", [], node.lineno
                else:
                    taken.append(alias.name)
            if taken and base in modules:
                yield base, taken, node.lineno


def import_graph(root: Path) -> dict[str, dict[str, list[tuple[list[str], int]]]]:
    """Module -> imported project module -> ``(names taken, line)`` of each statement."""
    modules = project_modules(root)
    graph: dict[str, dict[str, list[tuple[list[str], int]]]] = {m: {} for m in modules}
    for module, path in modules.items():
        for target, names, line in imports_of(module, path, modules):
            if target != module:
                graph[module].setdefault(target, []).append((names, line))
    return graph


def cycles(graph: dict[str, dict[str, list[tuple[list[str], int]]]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def _within(module: str, name: str) -> bool:
    return module == name or module.startswith(name + ".")


def violations(root: Path) -> dict[str, list[str]]:
    """Every broken rule of the project under ``root``, by rule, each as a readable line."""
    graph = import_graph(root)
    packages = {m for m, path in project_modules(root).items() if path.name == "__init__.py"}
    found: dict[str, list[str]] = {"cycles": [" <-> ".join(c) for c in cycles(graph)], "private names": [],
                                   "library imports the CLI": [], "engine imports treeviz": [],
                                   "package __init__ imports": [], "sub-package layers": []}
    for module, targets in sorted(graph.items()):
        layer = next((p for p in MAY_IMPORT if _within(module, p)), None)
        for target, statements in sorted(targets.items()):
            for names, line in statements:
                where = f"{module}:{line} imports {target}"
                private = [n for n in names if n.startswith("_") and not n.startswith("__")]
                if private:
                    found["private names"].append(f"{where} ({', '.join(private)})")
                if _within(target, "treeviz.cli") and not _within(module, "treeviz.cli"):
                    found["library imports the CLI"].append(where)
                if _within(module, "engine") and _within(target, "treeviz"):
                    found["engine imports treeviz"].append(where)
                if module in packages:
                    found["package __init__ imports"].append(where)
                if (layer is not None and not _within(target, layer)
                        and not any(_within(target, allowed) for allowed in MAY_IMPORT[layer])):
                    found["sub-package layers"].append(f"{where}, outside what {layer} may import")
    return found


@pytest.fixture(scope="module")
def found() -> dict[str, list[str]]:
    return violations(ROOT)


@pytest.mark.parametrize("rule", ["cycles", "private names", "library imports the CLI", "engine imports treeviz",
                                  "package __init__ imports", "sub-package layers"])
def test_the_rule_holds(found: dict[str, list[str]], rule: str) -> None:
    assert found[rule] == [], f"{rule}:\n" + "\n".join(found[rule])


def test_the_checker_sees_what_it_checks(tmp_path: Path) -> None:
    """A small project breaking each rule once: every rule reports it (the checker is not blind)."""
    files = {
        "engine/__init__.py": "from engine.games.a import A\n",
        "engine/games/__init__.py": "",
        "engine/games/a.py": "A = 1\n_B = 2\n\n\ndef f():\n    from engine.games import b\n    return b\n",
        "engine/games/b.py": "from engine.games.a import _B\nfrom engine.search import s\nimport treeviz.tree\n",
        "engine/search/__init__.py": "",
        "engine/search/s.py": "",
        "treeviz/__init__.py": "",
        "treeviz/tree.py": "from treeviz.cli.common import fail\n",
        "treeviz/cli/__init__.py": "",
        "treeviz/cli/common.py": "def fail():\n    pass\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    seen = violations(tmp_path)
    assert seen["cycles"] == ["engine.games.a <-> engine.games.b"]
    assert seen["private names"] == ["engine.games.b:1 imports engine.games.a (_B)"]
    assert seen["library imports the CLI"] == ["treeviz.tree:1 imports treeviz.cli.common"]
    assert seen["engine imports treeviz"] == ["engine.games.b:3 imports treeviz.tree"]
    assert seen["package __init__ imports"] == ["engine:1 imports engine.games.a"]
    assert seen["sub-package layers"] == [
        "engine.games.b:2 imports engine.search.s, outside what engine.games may import",
        "engine.games.b:3 imports treeviz.tree, outside what engine.games may import"]

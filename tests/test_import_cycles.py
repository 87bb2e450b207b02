"""No import cycle anywhere in ``otv66/``: every module's imports, read from its source with ``ast``.

What counts as module B importing module A (an edge B -> A):

- every ``import otv66.x`` and ``from otv66.x import y`` in B, wherever it stands: at the top,
  inside a function or a class, and behind ``if TYPE_CHECKING:`` (a cycle hidden there is
  still two modules that each need the other to be read, and a lazy import inside a function
  only moves the cycle to run time); relative imports are resolved against B's package;
- ``from otv66.pkg import name`` is an edge to the module ``otv66.pkg.name`` when that is a
  module, else to ``otv66.pkg``;
- *not* counted: the parent packages that Python runs first for a dotted import
  (``otv66/__init__.py`` for ``otv66.cards``). Every module would otherwise "import" the
  package ``otv66``, whose ``__init__`` re-exports the main names, and every module would
  sit in one cycle that says nothing.
"""

from __future__ import annotations

import ast
from pathlib import Path

import otv66

PACKAGE = Path(otv66.__file__).resolve().parent


def module_files(root: Path = PACKAGE) -> dict[str, Path]:
    """Every module of the package under ``root``, by dotted name (a package by its ``__init__.py``)."""
    modules = {}
    for path in sorted(root.rglob("*.py")):
        parts = (root.name, *path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


def imports_of(source: str, name: str, is_package: bool, known: set[str]) -> set[str]:
    """The modules of ``known`` that the module ``name`` (with this ``source``) imports, anywhere in it."""
    package = name if is_package else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        found.update(target for target in targets if target in known and target != name)
    return found


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Module name -> the package's modules it imports."""
    files = module_files(root)
    known = set(files)
    return {
        name: imports_of(path.read_text(encoding="utf-8"), name, path.name == "__init__.py", known)
        for name, path in files.items()
    }


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as ``[a, b, ..., a]``, or ``None`` if the graph has none (depth-first search)."""
    state: dict[str, str] = {}
    path: list[str] = []

    def visit(name: str) -> list[str] | None:
        state[name] = "open"
        path.append(name)
        for target in sorted(graph.get(name, ())):
            if state.get(target) == "open":
                return [*path[path.index(target) :], target]
            if target not in state:
                cycle = visit(target)
                if cycle:
                    return cycle
        path.pop()
        state[name] = "done"
        return None

    for name in sorted(graph):
        if name not in state:
            cycle = visit(name)
            if cycle:
                return cycle
    return None


def test_no_module_of_otv66_imports_itself_through_others() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_graph_is_read_from_the_real_modules() -> None:
    graph = import_graph()
    assert {"otv66.deal", "otv66.kernel", "otv66.model", "otv66.ai.search"} <= set(graph)
    assert {"otv66.kernel", "otv66.model"} <= graph["otv66.deal"]
    assert graph["otv66.kernel"] == {"otv66.cards"}, "the kernel imports only the card encoding"


def test_imports_inside_functions_and_behind_type_checking_count() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from pkg.b import B\n"
        "def f():\n    import pkg.c\n"
        "from . import d\nfrom .e import x\n"
    )
    known = {"pkg", "pkg.a", "pkg.b", "pkg.c", "pkg.d", "pkg.e"}
    assert imports_of(source, "pkg.a", False, known) == {"pkg.b", "pkg.c", "pkg.d", "pkg.e"}


def test_a_cycle_is_found_and_named() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None

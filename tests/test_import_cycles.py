"""No import cycles among rulespec's modules, counting lazy and TYPE_CHECKING imports (issue 12).

A lazy import inside a function that dodges a cycle at import time is still a
cycle of design, so every `import` statement anywhere in a module counts. The
one known exception is spec/model.py reaching up into the interpreter (its
lazy helpers and its TYPE_CHECKING import of Game): the redesign that removes
it is still open, so those edges alone are left out here.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PENDING = ("rulespec.spec.model", "rulespec.interpreter")
"""(module, package): edges from the module into the package are the open redesign."""


def import_graph(package: Path) -> dict[str, set[str]]:
    """Module name -> the package's modules it imports (anywhere in its body)."""
    files: dict[str, Path] = {}
    for f in package.rglob("*.py"):
        parts = list(f.relative_to(package.parent).with_suffix("").parts)
        files[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = f
    graph: dict[str, set[str]] = {m: set() for m in files}
    for m, f in files.items():
        pkg = m if f.name == "__init__.py" else m.rpartition(".")[0]
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                targets = [base] + [f"{base}.{a.name}" for a in node.names]
            for t in targets:
                while t and t not in files:
                    t = t.rpartition(".")[0]
                if t and t != m and not (files[t].name == "__init__.py" and m.startswith(t + ".")):
                    graph[m].add(t)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of two or more modules that reach each other, sorted."""
    reach: dict[str, set[str]] = {}
    for start in graph:
        seen: set[str] = set()
        todo = list(graph[start])
        while todo:
            m = todo.pop()
            if m not in seen:
                seen.add(m)
                todo.extend(graph[m])
        reach[start] = seen
    groups = {frozenset({m} | {o for o in reach[m] if m in reach[o]}) for m in graph}
    return sorted(sorted(g) for g in groups if len(g) > 1)


def test_no_import_cycles_but_the_pending_model_link() -> None:
    graph = import_graph(ROOT / "rulespec")
    source, package = PENDING
    graph[source] = {t for t in graph[source] if not t.startswith(package + ".")}
    assert cycles(graph) == []


def test_the_cycle_finder_sees_lazy_imports(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg.b import f\n")
    (pkg / "b.py").write_text("def f() -> None:\n    from pkg import a\n")
    (pkg / "c.py").write_text("from . import a\n")
    assert cycles(import_graph(pkg)) == [["pkg.a", "pkg.b"]]

"""No import cycles among rulespec's modules, counting lazy and TYPE_CHECKING imports (issue 12).

A lazy import inside a function that dodges a cycle at import time is still a
cycle of design, so every `import` statement anywhere in a module counts. The
model is plain data: the conveniences that need the engine (`new_game`,
`deadwood`, ...) live in the facade `rulespec/playable.py`, above both.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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


def test_no_import_cycles() -> None:
    assert cycles(import_graph(ROOT / "rulespec")) == []


def test_the_model_imports_nothing_above_it() -> None:
    """The model (the frozen Variant, the name catalog) reads only core and the standard library."""
    graph = import_graph(ROOT / "rulespec")
    model = {m for m in graph if m.startswith("rulespec.model")}
    assert model, "no model modules found"
    for module in model:
        above = {m for m in graph[module] if not m.startswith(("rulespec.core", "rulespec.model"))}
        assert not above, f"{module} imports {sorted(above)}"


def test_core_imports_nothing_of_the_package_above_it() -> None:
    graph = import_graph(ROOT / "rulespec")
    for module in (m for m in graph if m.startswith("rulespec.core")):
        assert all(m.startswith("rulespec.core") for m in graph[module]), module


def test_the_cycle_finder_sees_lazy_imports(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg.b import f\n")
    (pkg / "b.py").write_text("def f() -> None:\n    from pkg import a\n")
    (pkg / "c.py").write_text("from . import a\n")
    assert cycles(import_graph(pkg)) == [["pkg.a", "pkg.b"]]

"""ARCHITECTURE.md stays current: it names every module, and every module says where it sits."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted(p for p in (ROOT / "rulespec").rglob("*.py") if p.name != "__init__.py")


def test_every_module_is_in_the_module_table() -> None:
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    missing = [str(p.relative_to(ROOT)) for p in MODULES if f"`{p.relative_to(ROOT)}`" not in text]
    assert not missing, f"add these to ARCHITECTURE.md's module table: {missing}"


def test_every_module_has_a_docstring() -> None:
    bare = [
        str(p.relative_to(ROOT)) for p in MODULES if not ast.get_docstring(ast.parse(p.read_text()))
    ]
    assert not bare, bare

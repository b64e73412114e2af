"""Where things stand in rule files: source info and the locator every checking stage uses.

A front end yields a document and one `SourceInfo` (file name, its lines, its
source map). After `extends` resolution a document's values come from
several files, so the stages after parsing (schema, semantic checks) place
problems through a `Locator`, which maps each JSON path of the resolved
document to the file, line and column it came from (falling back to the
nearest enclosing path that has a position).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rulespec.core.errors import Problem

SourceMap = dict[str, tuple[int, int]]
MAX_PROBLEMS = 50
"""Problems shown for one file; the rest are counted in a last "… and K more" problem."""


@dataclass
class SourceInfo:
    """One parsed rule file: its name (as shown in messages), its text lines, its source map."""

    file: str
    lines: list[str] = field(default_factory=list)
    sourcemap: SourceMap = field(default_factory=dict)


def line_column(text: str, offset: int) -> tuple[int, int]:
    """The 1-based line and column of a character offset in a text (clamped to the text)."""
    offset = max(0, min(offset, len(text)))
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, column


def source_line(lines: list[str], line: int | None) -> str | None:
    """The text of a 1-based line for the caret display (None when absent or huge)."""
    if line is None or not 0 < line <= len(lines) or len(lines[line - 1]) > 240:
        return None
    return lines[line - 1]


def parent_path(path: str) -> str | None:
    """'a.b.c' -> 'a.b'; 'a' -> ''; '' -> None."""
    if not path:
        return None
    head, _, _ = path.rpartition(".")
    return head


def join_path(path: str, key: str | int) -> str:
    return f"{path}.{key}" if path else str(key)


class Locator:
    """JSON path of a (resolved) document -> (SourceInfo, line, column)."""

    def __init__(self, primary: SourceInfo) -> None:
        self.primary = primary
        self.positions: dict[str, tuple[SourceInfo, int, int]] = {}
        self.via = ""  # "file:line:col: extends base" when the primary file extends a base
        self.add(primary)

    def add(self, info: SourceInfo, prefix: str = "", replace: bool = True) -> None:
        """Record the positions of `info` under `prefix`; `replace`: win over earlier ones."""
        for path, (line, column) in info.sourcemap.items():
            full = join_path(prefix, path) if prefix and path else (prefix or path)
            if replace or full not in self.positions:
                self.positions[full] = (info, line, column)

    def drop_under(self, path: str) -> None:
        """Forget every position at or below `path` (its value was replaced)."""
        stem = path + "."
        for key in [k for k in self.positions if k == path or k.startswith(stem)]:
            del self.positions[key]
        self.positions.pop(path + "#key", None)

    def locate(self, path: str, key: bool = False) -> tuple[SourceInfo, int | None, int | None]:
        if key and path + "#key" in self.positions:
            return self.positions[path + "#key"]
        current: str | None = path
        while current is not None:
            if current in self.positions:
                return self.positions[current]
            current = parent_path(current)
        return self.primary, None, None

    def problem(self, path: str, message: str, *, key: bool = False, offset: int = 0) -> Problem:
        """A Problem at `path` (its key with key=True), `offset` characters into the value."""
        info, line, column = self.locate(path, key)
        if column is not None:
            column += offset
        return Problem(message, info.file, line, column, path, source_line(info.lines, line))


def attribute(problems: list[Problem], file: str, via: str) -> list[Problem]:
    """Problems placed in a base file name the checked `file` first, through `via`."""
    if not via:
        return problems
    return [replace(p, via=via) if p.file != file else p for p in problems]


def capped(problems: list[Problem], limit: int = MAX_PROBLEMS) -> list[Problem]:
    """At most `limit` problems (errors first kept in order), then one "… and K more" line."""
    if len(problems) <= limit:
        return problems
    ordered = sorted(problems, key=lambda p: not p.is_error)
    kept, dropped = ordered[:limit], ordered[limit:]
    kept.sort(key=lambda p: (p.file, p.line or 0, p.column or 0))
    last = kept[-1]
    more = len(problems) - limit
    note = f"… and {more} more problem{'s' if more != 1 else ''} (the first {limit} are shown)"
    severity = "error" if any(p.is_error for p in dropped) else "warning"
    return [*kept, Problem(note, last.file, last.line, None, "", None, severity, last.via)]

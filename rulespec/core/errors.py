"""Every error rulespec raises for bad input: one root class, located where it can be.

Rule-file problems are collected (all of a file at once, like check-jsonschema)
as `Problem` records inside one `RuleFileError`; move and position problems are
split by kind like python-chess (`InvalidMove` for garbled text, `IllegalMove`
for a well-formed move the rules forbid).
"""

from __future__ import annotations

from dataclasses import dataclass, replace


class RulespecError(Exception):
    """Root of every error rulespec raises on purpose; the CLI shows these without a traceback."""


@dataclass(frozen=True)
class Problem:
    """One located problem in a rule file."""

    message: str  # one line, in the user's terms
    file: str = "<string>"
    line: int | None = None  # 1-based
    column: int | None = None  # 1-based
    path: str = ""  # JSON path in the document, e.g. "deal.cards.2"
    source_line: str | None = None  # the text of that line, for the caret display
    severity: str = "error"  # "error" makes the file invalid; "warning" is reported only
    via: str = ""  # for a problem in a base: where the checked file extends it ("f:1:9: extends b")

    @property
    def is_error(self) -> bool:
        return self.severity != "warning"

    def location(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return where

    def render(self) -> str:
        """[via: ]file:line:col: path: message, then the source line with a caret under the column.

        A problem found in a base file names the checked file first (`via`), so
        each line says which of several checked files it belongs to.
        """
        head = f"{self.via}: " if self.via else ""
        head += f"{self.location()}: "
        if not self.is_error:
            head += "warning: "
        if self.path:
            head += f"{self.path}: "
        text = head + self.message
        if self.source_line is not None and self.column is not None:
            text += "\n    " + self.source_line.rstrip("\n")
            text += "\n    " + " " * (self.column - 1) + "^"
        return text

    def as_json(self) -> dict[str, object]:
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "path": self.path,
            "message": self.message,
            "severity": self.severity,
            **({"via": self.via} if self.via else {}),
        }


def warning(problem: Problem) -> Problem:
    """The same problem as a warning: reported, but the file stays valid."""
    return replace(problem, severity="warning")


class RuleFileError(RulespecError):
    """A rule file (or a chain of them through `extends`) is invalid: every problem found.

    `problems` holds the errors and, beside them, any warnings of the same file.
    """

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(p.render() for p in self.problems))


class InvalidMove(RulespecError, ValueError):
    """Move text that does not parse as any move (garbled input)."""


class IllegalMove(RulespecError):
    """A well-formed move that the rules forbid in this position; the message names the rule."""


class PositionError(RulespecError):
    """A position (saved game) that is malformed or impossible for the variant."""


class AmbiguousMove(IllegalMove):
    """Move text that fits more than one legal move (a bare wild that could stand for several
    cards): `candidates` holds their canonical texts, and the message names them."""

    def __init__(self, text: str, candidates: list[str]) -> None:
        self.text = text
        self.candidates = tuple(candidates)
        options = " or ".join(repr(c) for c in self.candidates[:6])
        more = f" (and {len(self.candidates) - 6} more)" if len(self.candidates) > 6 else ""
        super().__init__(f"{text!r}: name the wild card — it could be {options}{more}")

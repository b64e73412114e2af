"""DSL text -> rule document + source map (pipeline stage: parse, the `.rules` front end).

The cached LALR parser (rulespec.grammar.parser) turns the text into a lark
tree; `DocBuilder` (rulespec.grammar.items) walks it and assembles the plain
document of docs/document.md, refusing a key set twice. Syntax errors are
collected: after one, the broken statement is blanked out and the text parsed
again, so one run reports up to `MAX_ERRORS` problems, each located with a
message in the user's terms. Lark exceptions never leave this module.
"""

from __future__ import annotations

import re
from typing import Any

from rulespec.core.errors import Problem, RuleFileError
from rulespec.grammar.expr import MAX_DEPTH
from rulespec.grammar.located import capped, line_column, source_line
from rulespec.grammar.parser import describe_error, get_parser

MAX_ERRORS = 10
MAX_TEXT = 1_000_000
_RECOVERY_TOKENS = 12_000
"""Tokens all the recovery parses of one file may read together (see `_parse_collecting`)."""
_TOKEN_ESTIMATE = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|\w+|[^\s\w]')

STATEMENT_WORDS = frozenset(
    [
        "title",
        "description",
        "source",
        "players",
        "deck",
        "dealer",
        "deal",
        "ace",
        "values",
        "melds",
        "pattern",
        "wild",
        "draw",
        "play",
        "discard",
        "going",
        "knock",
        "stock",
        "scoring",
        "score",
        "match",
        "buy",
        "schedule",
        "replace",
    ]
)
_PAREN_SCAN = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|[()]')
_FIRST_WORD = re.compile(r"\s*([A-Za-z_]+|\})")


def parse_rules(
    text: str, file: str = "<string>"
) -> tuple[dict[str, Any], dict[str, tuple[int, int]]]:
    """Parse a `.rules` text into (document, source map); RuleFileError with every problem found."""
    from rulespec.grammar.items import DocBuilder

    if not isinstance(text, str):
        raise RuleFileError([Problem("a rule file must be text", file)])
    if len(text) > MAX_TEXT:
        raise RuleFileError([Problem(f"the file is too large (over {MAX_TEXT} characters)", file)])
    if text.startswith("\ufeff"):
        text = " " + text[1:]  # a byte order mark: keep the columns of line 1
    lines = text.split("\n")
    problems: list[Problem] = []
    broken: set[str] = set()
    tree, recovered = _parse_collecting(text, file, lines, problems, broken)
    if tree is None:
        error = RuleFileError(problems)
        if recovered is not None and _too_deep(text) is None:
            builder = DocBuilder(text, file)
            builder.build(recovered)
            if not builder.problems:
                # what the rest of the file says, for the later stages to check too
                error.partial = (builder.doc, builder.sourcemap, frozenset(broken))  # type: ignore[attr-defined]
        raise error
    deep = _too_deep(text)
    if deep is not None:
        line, column = deep
        message = f"expression is nested deeper than {MAX_DEPTH} levels"
        raise RuleFileError([_problem(file, lines, message, line, column)])
    builder = DocBuilder(text, file)
    builder.build(tree)
    problems.extend(builder.problems)
    if problems:
        problems.sort(key=lambda p: (p.line or 0, p.column or 0))
        raise RuleFileError(capped(problems))
    return builder.doc, builder.sourcemap


def _estimate_tokens(text: str) -> int:
    """About how many tokens the parser will read (comments counted as one: an upper bound)."""
    return sum(1 for _ in _TOKEN_ESTIMATE.finditer(text))


def _too_deep(text: str) -> tuple[int, int] | None:
    """Where parentheses first nest deeper than MAX_DEPTH (strings and comments skipped)."""
    level = 0
    for match in _PAREN_SCAN.finditer(text):
        char = match.group(0)
        if char == "(":
            level += 1
            if level > MAX_DEPTH:
                return line_column(text, match.start())
        elif char == ")":
            level = max(0, level - 1)
    return None


def _problem(file: str, lines: list[str], message: str, line: int, column: int) -> Problem:
    return Problem(message, file, line, column, source_line=source_line(lines, line))


# the document section each statement keyword writes ("" when it cannot be told)
_SECTION = {"wild": "melds", "pattern": "melds", "going": "going_out", "score": "scoring"}


def _section_of(line: str) -> str:
    words = re.findall(r"[A-Za-z_]+", line.split("#", 1)[0])
    if words and words[0] == "replace":
        words = words[1:]
    if not words or words[0] not in STATEMENT_WORDS:
        return ""
    return str(_SECTION.get(words[0], words[0]))


def _parse_collecting(
    text: str, file: str, lines: list[str], problems: list[Problem], broken: set[str]
) -> tuple[Any, Any]:
    """Parse; on a syntax error note it, blank the broken statement and try again.

    Returns (the tree when the text had no error, the tree of what was left
    after blanking the broken statements); `broken` gets their sections.
    """
    from lark.exceptions import UnexpectedInput

    parser = get_parser()
    work = text
    first_tree = None
    # each attempt parses the whole text again: bound the tokens read in all attempts
    attempts = max(1, min(MAX_ERRORS, _RECOVERY_TOKENS // max(1, _estimate_tokens(text))))
    for _ in range(attempts):
        try:
            tree = parser.parse(work, start="start")
        except UnexpectedInput as exc:
            message, line, column, _pos = describe_error(exc, work)
            if getattr(exc, "too_many", False):
                problems.append(_problem(file, lines, message, line, column))
                return None, None
            message, line, column = _absorbed(work, message, line, column)
            problems.append(_problem(file, lines, message, line, column))
            blanked = _blank_statement(work, line, column)
            if blanked is None or blanked == work:
                return None, None
            old_lines = work.split("\n")
            new_lines = blanked.split("\n")
            pairs = enumerate(zip(old_lines, new_lines, strict=True))
            first = next(i for i, (a, b) in pairs if a != b)
            broken.add(_section_of(old_lines[first]))
            work = blanked
            continue
        except RecursionError:  # pragma: no cover - lark is iterative; defensive
            problems.append(_problem(file, lines, "the file is nested too deeply", 1, 1))
            return None, None
        if not problems:
            first_tree = tree
        return first_tree, tree
    last = problems[-1]
    note = f"too many syntax errors: the first {len(problems)} are shown"
    problems.append(_problem(file, lines, note, last.line or 1, last.column or 1))
    return first_tree, None


_OPERATOR_END = re.compile(r"(==|!=|<=|>=|//|[-+*%<>?:(=]|\band|\bor|\bnot)\s*$")


def _absorbed(text: str, message: str, line: int, column: int) -> tuple[str, int, int]:
    """An expression left open at a line's end swallows the next statement's keyword as a name.

    Then the error shows up after that keyword; point at the keyword instead.
    """
    lines = text.split("\n")
    if not 0 < line <= len(lines):
        return message, line, column
    current = lines[line - 1]
    match = _FIRST_WORD.match(current)
    indent = len(current) - len(current.lstrip())
    if not match or match.group(1) not in STATEMENT_WORDS or column - 1 <= indent:
        return message, line, column
    for prev in range(line - 2, -1, -1):
        stripped = re.sub(r"#.*$", "", lines[prev]).rstrip()
        if stripped:
            end = _OPERATOR_END.search(stripped)
            if end:
                op = end.group(1)
                word = match.group(1)
                return f"expected an expression after '{op}', found '{word}'", line, indent + 1
            break
    return message, line, column


def _starts_statement(lines: list[str], index: int) -> bool:
    match = _FIRST_WORD.match(lines[index])
    if not match or match.group(1) not in STATEMENT_WORDS | {"}"}:
        return False
    return not _continues(lines, index)


def _continues(lines: list[str], index: int) -> bool:
    """Whether line `index` continues a statement (the previous text line ends with a comma)."""
    for prev in range(index - 1, -1, -1):
        stripped = re.sub(r"#.*$", "", lines[prev]).rstrip()
        if stripped:
            return stripped.endswith(",")
    return False


def _blank_statement(text: str, error_line: int, column: int) -> str | None:
    """The text with the statement around `error_line` replaced by spaces (None: cannot recover)."""
    lines = text.split("\n")
    index = min(error_line, len(lines)) - 1
    start = index
    line = lines[index]
    at_line_start = column - 1 <= len(line) - len(line.lstrip())
    if at_line_start and _starts_statement(lines, index):
        # the statement before this one ended too early: blank that one
        start = end = index
        start -= 1
        while start >= 0 and not _starts_statement(lines, start):
            start -= 1
        if start < 0 or lines[start].lstrip().startswith(("variant", "}")):
            return None
        for i in range(start, end):
            lines[i] = re.sub(r"[^\s]", " ", lines[i])
        return "\n".join(lines)
    while start >= 0 and not (start == index and at_line_start and not _continues(lines, start)):
        if _starts_statement(lines, start):
            break
        if lines[start].lstrip().startswith("variant"):
            return None
        start -= 1
    if start < 0:
        return None
    if lines[start].lstrip().startswith("}"):
        return None
    end = index + 1
    while end < len(lines) and not _starts_statement(lines, end):
        end += 1
    if end >= len(lines):
        return None
    for i in range(start, end):
        lines[i] = re.sub(r"[^\s]", " ", lines[i])
    return "\n".join(lines)

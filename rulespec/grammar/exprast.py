"""Expression trees: the AST, parsing (Lark rule `expr`), canonical printing (stage: compile).

An expression is parsed by the one cached grammar (rulespec/grammar/rules.lark)
into a tree of frozen dataclasses (`Expr`) and printed back canonically
(`unparse`, `normalise`): single spaces around binary operators, minimal
parentheses. It is the one expression parser: checking and compiling
(rulespec.grammar.exprcheck), the English (rulespec.explain.expr) and the
name lookup (`names`) all walk its tree. The public face is
rulespec.grammar.expr. Errors are `ExprError(message, offset)`, offset the
0-based column within the expression text.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from rulespec.core.errors import RulespecError
from rulespec.model.names import ROLE_NAMES, SEAT_FUNCTIONS, SUITS, SUMS

MAX_DEPTH = 32
MAX_LITERAL = 1_000_000
"""The largest number a rule file may write (DSL, YAML or expression), either sign."""
MAX_RESULT = 1_000_000_000
"""Integer arithmetic saturates here: every `+ - *` result is held within ±MAX_RESULT.

Literals are at most MAX_LITERAL and the names of every context are card
counts, card values and scores, so real results stay far below it; the bound
keeps a hostile file's products from growing without end at run time.
"""
SUIT_VALUES = SUITS  # how a suit is represented in the environment (scoring reads this)

Env = Mapping[str, Any]
Compiled = Callable[[Env], Any]


class ExprError(RulespecError):
    """A bad expression: message in the user's terms, offset = 0-based column in the expression."""

    def __init__(self, message: str, offset: int = 0, path: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.path = path


# --- the AST ------------------------------------------------------------------


class Expr:
    """Base of the expression nodes (frozen dataclasses; `offset` is not compared)."""

    offset: int


@dataclass(frozen=True)
class Int(Expr):
    value: int
    offset: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Bool(Expr):
    value: bool
    offset: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Name(Expr):
    name: str
    offset: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Unary(Expr):
    op: str  # "-" | "not"
    operand: Expr
    offset: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Binary(Expr):
    op: str  # or and == != < <= > >= + - * // %
    left: Expr
    right: Expr
    offset: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Cond(Expr):
    test: Expr
    then: Expr
    orelse: Expr
    offset: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Call(Expr):
    func: str  # min | max | abs
    args: tuple[Expr, ...]
    offset: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Over(Expr):
    """A seat function: `sum(losers, EXPR)` — EXPR once per seat of the group, bare facts
    (`penalty`, `cards`...) reading that seat's; then summed, or the least / greatest."""

    func: str  # sum | min | max
    seats: str  # losers | others
    body: Expr
    offset: int = field(default=0, compare=False)


_BINARY_RULES = {
    "or_": "or",
    "and_": "and",
    "eq": "==",
    "ne": "!=",
    "lt": "<",
    "le": "<=",
    "gt": ">",
    "ge": ">=",
    "add": "+",
    "sub": "-",
    "mul": "*",
    "floordiv": "//",
    "mod": "%",
}
# precedence levels, loosest first (unparse and explain_expr parenthesise by them)
LEVEL_COND, LEVEL_NOT, LEVEL_NEG = 1, 4, 8
LEVEL = {"or": 2, "and": 3, "==": 5, "!=": 5, "<": 5, "<=": 5, ">": 5, ">=": 5}
LEVEL.update({"+": 6, "-": 6, "*": 7, "//": 7, "%": 7})
COMPARISONS: frozenset[str] = frozenset({"==", "!=", "<", "<=", ">", ">="})
ARITHMETIC: frozenset[str] = frozenset({"+", "-", "*", "//", "%"})
FUNCTIONS = ("min", "max", "abs")


def tree_depth(tree: Any) -> int:
    """Depth of a lark tree, computed without recursion (guards the recursive converters)."""
    from lark import Tree

    best = 0
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        best = max(best, depth)
        if isinstance(node, Tree):
            stack.extend((child, depth + 1) for child in node.children if isinstance(child, Tree))
    return best


def check_parentheses(text: str, base: int = 0) -> None:
    """Refuse parentheses nested deeper than MAX_DEPTH (they leave no node in the tree)."""
    level = 0
    for i, char in enumerate(text):
        if char == "(":
            level += 1
            if level > MAX_DEPTH:
                raise ExprError(f"expression is nested deeper than {MAX_DEPTH} levels", base + i)
        elif char == ")":
            level -= 1


def from_tree(tree: Any, base: int = 0) -> Expr:
    """A lark tree of the `expr` rule -> Expr; offsets relative to char position `base`."""
    if tree_depth(tree) > 2 * MAX_DEPTH:
        raise ExprError(f"expression is nested deeper than {MAX_DEPTH} levels", 0)
    expr = _convert(tree, base)
    if depth(expr) > MAX_DEPTH:
        raise ExprError(f"expression is nested deeper than {MAX_DEPTH} levels", 0)
    return expr


def _convert(tree: Any, base: int) -> Expr:
    kind = tree.data
    meta = tree.meta
    at = (getattr(meta, "start_pos", base) or base) - base if not meta.empty else 0
    kids = tree.children
    if kind == "number":
        return Int(literal_int(str(kids[0]), at), at)
    if kind == "true":
        return Bool(True, at)
    if kind == "false":
        return Bool(False, at)
    if kind == "name":
        return Name(str(kids[0]), at)
    if kind == "role":
        return _role(str(kids[0]), kids[1], at, base)
    if kind == "neg":
        operand = _convert(kids[0], base)
        if isinstance(operand, Int) and operand.value >= 0:
            return Int(-operand.value, at)
        return Unary("-", operand, at)
    if kind == "not_":
        return Unary("not", _convert(kids[0], base), at)
    if kind == "cond":
        test, then, orelse = (_convert(k, base) for k in kids)
        return Cond(test, then, orelse, at)
    if kind == "call":
        func = str(kids[0])
        group = kids[1]
        if func in SEAT_FUNCTIONS and group.data == "name" and str(group.children[0]) in SUMS:
            return _over(func, str(group.children[0]), kids[2:], at, base)
        if func == "sum":
            raise ExprError(_SUM_USE, kids[0].start_pos - base)
        if func not in FUNCTIONS:
            raise ExprError(_unknown_function(func), kids[0].start_pos - base)
        return Call(func, tuple(_convert(k, base) for k in kids[1:]), at)
    if kind in _BINARY_RULES:
        left, right = (_convert(k, base) for k in kids)
        return Binary(_BINARY_RULES[kind], left, right, at)
    raise ExprError(f"unexpected expression form {kind!r}", at)  # pragma: no cover


_SUM_USE = "sum takes a group of seats and an expression: sum(losers, penalty) or sum(others, ...)"


def _over(func: str, seats: str, rest: list[Any], at: int, base: int) -> Expr:
    """`sum|min|max(losers|others, EXPR)`: exactly one expression after the group."""
    if len(rest) != 1:
        raise ExprError(
            f"{func}({seats}, ...) takes one expression after '{seats}', got {len(rest)}", at
        )
    body = _convert(rest[0], base)
    inner = [n for n in _over_nodes(body)]
    if inner:
        raise ExprError(f"{inner[0].func}({inner[0].seats}, ...) cannot be nested", inner[0].offset)
    return Over(func, seats, body, at)


def _over_nodes(expr: Expr) -> Iterator[Over]:
    if isinstance(expr, Over):
        yield expr
    for part in children(expr):
        yield from _over_nodes(part)


def _role(seat: str, role: Any, at: int, base: int) -> Expr:
    """`me is winner`: one of the declared role names (model.names.ROLE_NAMES)."""
    text = f"{seat} is {role}"
    if text not in ROLE_NAMES:
        import difflib

        close = difflib.get_close_matches(text, ROLE_NAMES, n=1, cutoff=0.8)
        listed = " or ".join(f"'{r}'" for r in ROLE_NAMES)
        hint = f"did you mean '{close[0]}'?" if close else f"{listed} exist"
        raise ExprError(f"unknown seat role '{text}'; {hint}", at)
    return Name(text, at)


def literal_int(digits: str, offset: int = 0) -> int:
    """A number token's value; ExprError beyond MAX_LITERAL (checked before `int()` reads it)."""
    if len(digits) > len(str(MAX_LITERAL)) or int(digits) > MAX_LITERAL:
        shown = digits if len(digits) <= 12 else f"{digits[:6]}…({len(digits)} digits)"
        raise ExprError(f"number {shown} is too large (at most {MAX_LITERAL:,})", offset)
    return int(digits)


def _unknown_function(func: str) -> str:
    import difflib

    close = difflib.get_close_matches(func, FUNCTIONS, n=1)
    hint = f"; did you mean '{close[0]}'?" if close else " (min, max and abs exist)"
    return f"unknown function '{func}'{hint}"


def children(expr: Expr) -> tuple[Expr, ...]:
    """The direct sub-expressions of a node, in source order."""
    if isinstance(expr, Unary):
        return (expr.operand,)
    if isinstance(expr, Binary):
        return (expr.left, expr.right)
    if isinstance(expr, Cond):
        return (expr.test, expr.then, expr.orelse)
    if isinstance(expr, Call):
        return expr.args
    if isinstance(expr, Over):
        return (expr.body,)
    return ()


def depth(expr: Expr) -> int:
    """Nesting depth of an expression tree (a leaf is 1)."""
    parts = children(expr)
    return 1 + max(depth(p) for p in parts) if parts else 1


def names(expr: Expr) -> Iterator[Name]:
    """Every name an expression reads, in source order (the walk behind name checks).

    Inside a seat function (`sum(losers, penalty)`) the bare facts are the seat's;
    they are yielded too (a name check that knows the context tells them apart).
    """
    if isinstance(expr, Name):
        yield expr
    for part in children(expr):
        yield from names(part)


def names_in(source: object) -> list[Name]:
    """The names an expression position reads, in source order.

    None for a plain int/bool, nor for text that does not parse: its parse
    error is reported where the expression is checked.
    """
    if not isinstance(source, str):
        return []
    try:
        return list(names(parse_expression(source)))
    except (ExprError, RecursionError):
        return []


@functools.lru_cache(maxsize=2048)
def parse_expression(text: str) -> Expr:
    """Expression text -> Expr (raises ExprError with the offset of the problem)."""
    from lark.exceptions import LarkError, UnexpectedInput

    from rulespec.grammar.parser import describe_error, get_parser

    if not isinstance(text, str):
        raise ExprError(f"an expression must be text, got {type(text).__name__}", 0)
    if not text.strip():
        raise ExprError("empty expression", 0)
    check_parentheses(text)
    try:
        tree = get_parser().parse(text, start="expr")
    except UnexpectedInput as exc:
        message, _line, _column, pos = describe_error(exc, text, expression=True)
        message = message.replace("the end of the file", "the end of the expression")
        raise ExprError(message, pos) from None
    except LarkError as exc:  # pragma: no cover - defensive
        raise ExprError(str(exc).splitlines()[0], 0) from None
    return from_tree(tree, 0)


# --- printing -----------------------------------------------------------------


def _level(expr: Expr) -> int:
    if isinstance(expr, Cond):
        return LEVEL_COND
    if isinstance(expr, Binary):
        return LEVEL[expr.op]
    if isinstance(expr, Unary):
        return LEVEL_NOT if expr.op == "not" else LEVEL_NEG
    if isinstance(expr, Int) and expr.value < 0:
        return LEVEL_NEG
    return 9


def _wrap(expr: Expr, need: int) -> str:
    text = unparse(expr)
    return f"({text})" if _level(expr) < need else text


def unparse(expr: Expr) -> str:
    """Canonical text: single spaces around binary operators, minimal parentheses."""
    if isinstance(expr, Int):
        return str(expr.value)
    if isinstance(expr, Bool):
        return "true" if expr.value else "false"
    if isinstance(expr, Name):
        return expr.name
    if isinstance(expr, Unary):
        if expr.op == "not":
            return "not " + _wrap(expr.operand, 4)
        return "-" + _wrap(expr.operand, 8)
    if isinstance(expr, Binary):
        level = LEVEL[expr.op]
        if expr.op in COMPARISONS:
            left, right = _wrap(expr.left, level + 1), _wrap(expr.right, level + 1)
        else:
            left, right = _wrap(expr.left, level), _wrap(expr.right, level + 1)
        return f"{left} {expr.op} {right}"
    if isinstance(expr, Cond):
        return f"{_wrap(expr.test, 2)} ? {unparse(expr.then)} : {unparse(expr.orelse)}"
    if isinstance(expr, Call):
        return f"{expr.func}({', '.join(unparse(a) for a in expr.args)})"
    if isinstance(expr, Over):
        return f"{expr.func}({expr.seats}, {unparse(expr.body)})"
    raise TypeError(f"not an expression node: {expr!r}")


def normalise(text: str) -> str:
    """The canonical source text stored in documents (raises ExprError if it does not parse)."""
    return unparse(parse_expression(text))


def literal_value(expr: Expr) -> int | bool | None:
    """The plain int/bool an expression is, when it is just a literal; else None."""
    if isinstance(expr, (Int, Bool)):
        return expr.value
    return None

"""Expression type checking and compilation to closures (pipeline stage: compile).

`check_expression` gives an `Expr` its type against a context's names
(rulespec.model.names); `compile_expression` parses, checks and turns an
expression into a tree of closures reading the flat environment. Integer
`//` and `%` by zero give 0; `+ - *` saturate at ±MAX_RESULT (exprast).
Re-exported by rulespec.grammar.expr.
"""

from __future__ import annotations

import difflib
import operator
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from rulespec.grammar.exprast import (
    ARITHMETIC,
    COMPARISONS,
    MAX_RESULT,
    Binary,
    Bool,
    Call,
    Compiled,
    Cond,
    Env,
    Expr,
    ExprError,
    Int,
    Name,
    Over,
    Unary,
    parse_expression,
)
from rulespec.model import names as N

_ARTICLE = {"int": "an int", "bool": "a bool", "suit": "a suit", "place": "a place"}
_ARTICLE.update(reason="a reason", way="a way out", seats="a group of seats")


def _a(kind: str) -> str:
    return _ARTICLE.get(kind, kind)


class _Scope:
    """The names one check may read: the context's, then the constants."""

    def __init__(self, context: str, upcard: bool, reason: str | None) -> None:
        try:
            self.names = N.names_for(context, upcard=upcard, reason=reason)
        except KeyError:
            raise ExprError(f"unknown expression context '{context}'", 0) from None
        self.context = context
        self.upcard = upcard
        self.reason = reason
        self.seat_of: str | None = None  # inside sum(losers, ...): the group

    def over(self, seats: str) -> _Scope:
        """The scope of a seat function's body: these names and the bare seat facts."""
        inner = _Scope(self.context, self.upcard, self.reason)
        inner.names = {**self.names, **N.SEAT_FACTS}
        inner.seat_of = seats
        return inner

    def lookup(self, node: Name) -> str:
        name = node.name
        if name in self.names:
            return self.names[name]
        if name in N.CONSTANTS:
            return N.CONSTANTS[name][0]
        raise ExprError(self._unknown(name), node.offset)

    def _unknown(self, name: str) -> str:
        if name in N.SEAT_FACTS and self.context == "score":
            return (
                f"'{name}' alone is one seat's fact: read it inside sum(losers, ...), "
                f"min(...) or max(...), or write 'me.{name}'"
            )
        if name in N.SEAT_FACTS and "losers" not in self.names:
            return f"'{name}' is a seat's fact of score expressions, not of a {self.context} one"
        if name in N.ROLE_NAMES:
            return f"'{name}' exists only in score expressions, not in a {self.context} one"
        if name in N.UPCARD and self.context in {"turn", "knock", "score"}:
            return f"'{name}' exists only when the variant deals an upcard"
        seat = name.partition(".")[0]
        known = name in N.names_for("score", reason=None)
        if seat in N.REASON_SEATS and self.reason is not None and self.context == "score" and known:
            return f"'{name}' does not exist when a hand ends by {self.reason}"
        choices = list(self.names) + list(N.CONSTANTS)
        close = difflib.get_close_matches(name, choices, n=1, cutoff=0.6)
        where = f"in a {self.context} expression"
        if close:
            return f"unknown name '{name}' {where}; did you mean '{close[0]}'?"
        return f"unknown name '{name}' {where}"


def check_expression(
    expr: Expr,
    context: str,
    expected: str | None = None,
    *,
    upcard: bool = True,
    reason: str | None = None,
) -> str:
    """The type of `expr` in `context` (int, bool, suit, place, reason); ExprError if ill-typed.

    With `expected`, the expression must have that type.
    """
    kind = _type(expr, _Scope(context, upcard, reason))
    if expected is not None and kind != expected:
        raise ExprError(f"this expression gives {_a(kind)}, but {_a(expected)} is needed here", 0)
    return kind


def _need(kind: str, want: str, what: str, node: Expr) -> None:
    if kind != want:
        raise ExprError(f"{what} needs {_a(want)}, got {_a(kind)}", node.offset)


def _type(expr: Expr, scope: _Scope) -> str:
    if isinstance(expr, Int):
        return "int"
    if isinstance(expr, Bool):
        return "bool"
    if isinstance(expr, Name):
        return scope.lookup(expr)
    if isinstance(expr, Unary):
        kind = _type(expr.operand, scope)
        if expr.op == "not":
            _need(kind, "bool", "'not'", expr.operand)
            return "bool"
        _need(kind, "int", "unary '-'", expr.operand)
        return "int"
    if isinstance(expr, Binary):
        left, right = _type(expr.left, scope), _type(expr.right, scope)
        if expr.op in ("and", "or"):
            _need(left, "bool", f"'{expr.op}'", expr.left)
            _need(right, "bool", f"'{expr.op}'", expr.right)
            return "bool"
        if expr.op in ("==", "!="):
            if left != right:
                raise ExprError(
                    f"'{expr.op}' compares values of one type, got {_a(left)} and {_a(right)}",
                    expr.offset,
                )
            return "bool"
        what = f"'{expr.op}'"
        _need(left, "int", what, expr.left)
        _need(right, "int", what, expr.right)
        return "bool" if expr.op in COMPARISONS else "int"
    if isinstance(expr, Cond):
        _need(_type(expr.test, scope), "bool", "the condition before '?'", expr.test)
        then, orelse = _type(expr.then, scope), _type(expr.orelse, scope)
        if then != orelse:
            raise ExprError(
                f"both branches of '? :' must have one type, got {_a(then)} and {_a(orelse)}",
                expr.orelse.offset,
            )
        return then
    if isinstance(expr, Call):
        if expr.func == "abs" and len(expr.args) != 1:
            raise ExprError(f"abs takes one number, got {len(expr.args)}", expr.offset)
        for arg in expr.args:
            _need(_type(arg, scope), "int", f"{expr.func}()", arg)
        return "int"
    if isinstance(expr, Over):
        what = f"{expr.func}({expr.seats}, ...)"
        if expr.seats not in scope.names:
            raise ExprError(
                f"{what} exists only in score expressions, not in a {scope.context} one",
                expr.offset,
            )
        _need(_type(expr.body, scope.over(expr.seats)), "int", what, expr.body)
        return "int"
    raise ExprError(f"not an expression: {expr!r}", 0)  # pragma: no cover


# --- compilation ----------------------------------------------------------------


def _floordiv(a: int, b: int) -> int:
    return a // b if b else 0


def _mod(a: int, b: int) -> int:
    return a % b if b else 0


_OPS: dict[str, Callable[[Any, Any], Any]] = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "//": _floordiv,
    "%": _mod,
}
assert set(_OPS) == COMPARISONS | ARITHMETIC
_SATURATING = frozenset({"+", "-", "*"})


def _held(value: int) -> int:
    """An arithmetic result held within ±MAX_RESULT (saturating; see exprast.MAX_RESULT)."""
    return MAX_RESULT if value > MAX_RESULT else -MAX_RESULT if value < -MAX_RESULT else value


_FUNCS: dict[str, Callable[..., int]] = {"min": min, "max": max, "abs": abs}


class _Constant:
    """A compiled constant (recognisable, so constant subtrees fold at compile time)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __call__(self, env: Env) -> Any:
        return self.value

    def __repr__(self) -> str:
        return f"<constant {self.value!r}>"


def _compile(expr: Expr, scope: _Scope) -> Compiled:
    if isinstance(expr, (Int, Bool)):
        return _Constant(expr.value)
    if isinstance(expr, Name):
        name = expr.name
        if name not in scope.names and name in N.CONSTANTS:
            return _Constant(N.CONSTANTS[name][1])

        def read(env: Env) -> Any:
            return env[name]

        return read
    parts: list[Compiled]
    fn: Compiled
    if isinstance(expr, Unary):
        inner = _compile(expr.operand, scope)
        parts = [inner]
        if expr.op == "not":

            def fn(env: Env) -> Any:
                return not inner(env)
        else:

            def fn(env: Env) -> Any:
                return _held(-inner(env))
    elif isinstance(expr, Binary) and expr.op in ("and", "or"):
        left, right = _compile(expr.left, scope), _compile(expr.right, scope)
        parts = [left, right]
        if expr.op == "and":

            def fn(env: Env) -> Any:
                return left(env) and right(env)
        else:

            def fn(env: Env) -> Any:
                return left(env) or right(env)
    elif isinstance(expr, Binary):
        op = _OPS[expr.op]
        left, right = _compile(expr.left, scope), _compile(expr.right, scope)
        parts = [left, right]

        if expr.op in _SATURATING:

            def fn(env: Env) -> Any:
                return _held(op(left(env), right(env)))
        else:

            def fn(env: Env) -> Any:
                return op(left(env), right(env))
    elif isinstance(expr, Cond):
        test, then, orelse = (_compile(e, scope) for e in (expr.test, expr.then, expr.orelse))
        parts = [test, then, orelse]

        def fn(env: Env) -> Any:
            return then(env) if test(env) else orelse(env)
    elif isinstance(expr, Call):
        func = _FUNCS[expr.func]
        args = [_compile(a, scope) for a in expr.args]
        parts = args
        if len(args) == 1:
            only = args[0]

            def fn(env: Env) -> Any:
                return func(only(env)) if expr.func == "abs" else only(env)
        else:

            def fn(env: Env) -> Any:
                return func([a(env) for a in args])
    elif isinstance(expr, Over):
        return _compile_over(expr, scope)
    else:  # pragma: no cover
        raise ExprError(f"not an expression: {expr!r}", 0)
    if all(isinstance(p, _Constant) for p in parts):
        return _Constant(fn({}))
    return fn


class _Layered(Mapping[str, Any]):
    """One seat's facts over the outer environment (neither is copied: both may be lazy)."""

    def __init__(self, seat: Env, outer: Env) -> None:
        self._seat, self._outer = seat, outer

    def __getitem__(self, key: str) -> Any:
        return self._seat[key] if key in self._seat else self._outer[key]

    def __iter__(self) -> Iterator[str]:
        yield from self._seat
        yield from (k for k in self._outer if k not in self._seat)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def _compile_over(expr: Over, scope: _Scope) -> Compiled:
    """`sum|min|max(group, EXPR)`: EXPR per seat of `env[group]` (a tuple of per-seat
    fact mappings), the seat's facts read before the outer names. Never folded: the
    group is known only when the hand is scored. An empty group gives 0."""
    body = _compile(expr.body, scope.over(expr.seats))
    group, func = expr.seats, expr.func

    def fn(env: Env) -> Any:
        values = [body(_Layered(seat, env)) for seat in env[group]]
        if func == "sum":
            return _held(sum(values))
        if not values:
            return 0
        return min(values) if func == "min" else max(values)

    return fn


def compile_expression(
    source: str | int | bool,
    context: str,
    expected: str,
    path: str = "",
    *,
    upcard: bool = True,
    reason: str | None = None,
) -> Compiled:
    """Parse, type check and compile one expression to a closure `f(env) -> value`.

    `source` is the document's value: an int or bool literal compiles to a
    constant; text is parsed. `expected` is the type the position needs;
    `path` (the JSON path) is attached to errors. `upcard` / `reason` narrow
    the names as in `names.names_for` (by default every name of the context).
    """
    try:
        scope = _Scope(context, upcard, reason)
        if isinstance(source, (bool, int)):
            kind = "bool" if isinstance(source, bool) else "int"
            if kind != expected:
                raise ExprError(f"this is {_a(kind)}, but {_a(expected)} is needed here", 0)
            return _Constant(source)
        if not isinstance(source, str):
            raise ExprError(f"an expression must be text or a number, got {source!r}", 0)
        expr = parse_expression(source)
        check_expression(expr, context, expected, upcard=upcard, reason=reason)
        return _compile(expr, scope)
    except ExprError as exc:
        if path and not exc.path:
            exc.path = path
        raise
